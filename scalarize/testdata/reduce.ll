; llvm.vector.reduce.*: ordered and reassociating fadd/fmul (LLVM's x86
; back end expands the latter as a halving tree), integer and min/max
; reductions.
@fmt = private constant [8 x i8] c"%016lx\0A\00"
@data = global [8 x float] [float 0x3FB99999A0000000, float 1.0e8, float -1.0e8, float 3.25, float 0x3F1A36E2E0000000, float -7.5, float 1.0, float 0x3E7AD7F2A0000000]

declare i32 @printf(i8*, ...)
declare float @llvm.vector.reduce.fadd.v8f32(float, <8 x float>)
declare float @llvm.vector.reduce.fmul.v8f32(float, <8 x float>)
declare double @llvm.vector.reduce.fadd.v4f64(double, <4 x double>)
declare i32 @llvm.vector.reduce.add.v8i32(<8 x i32>)
declare i32 @llvm.vector.reduce.mul.v8i32(<8 x i32>)
declare i32 @llvm.vector.reduce.and.v8i32(<8 x i32>)
declare i32 @llvm.vector.reduce.or.v8i32(<8 x i32>)
declare i32 @llvm.vector.reduce.xor.v8i32(<8 x i32>)
declare i32 @llvm.vector.reduce.smin.v8i32(<8 x i32>)
declare i32 @llvm.vector.reduce.smax.v8i32(<8 x i32>)
declare i32 @llvm.vector.reduce.umin.v8i32(<8 x i32>)
declare i32 @llvm.vector.reduce.umax.v8i32(<8 x i32>)
declare float @llvm.vector.reduce.fmin.v8f32(<8 x float>)
declare float @llvm.vector.reduce.fmax.v8f32(<8 x float>)

define void @p(i64 %v) {
  %f = getelementptr [8 x i8], [8 x i8]* @fmt, i64 0, i64 0
  call i32 (i8*, ...) @printf(i8* %f, i64 %v)
  ret void
}

define void @pf(float %v) {
  %i = bitcast float %v to i32
  %x = zext i32 %i to i64
  call void @p(i64 %x)
  ret void
}

define void @pi(i32 %v) {
  %x = zext i32 %v to i64
  call void @p(i64 %x)
  ret void
}

define i32 @main() {
  %dp = bitcast [8 x float]* @data to <8 x float>*
  %v = load volatile <8 x float>, <8 x float>* %dp, align 4
  %s1 = call float @llvm.vector.reduce.fadd.v8f32(float -0.0, <8 x float> %v)
  call void @pf(float %s1)
  %s2 = call reassoc float @llvm.vector.reduce.fadd.v8f32(float 0.5, <8 x float> %v)
  call void @pf(float %s2)
  %s3 = call fast float @llvm.vector.reduce.fadd.v8f32(float -0.0, <8 x float> %v)
  call void @pf(float %s3)
  %p1 = call float @llvm.vector.reduce.fmul.v8f32(float 1.0, <8 x float> %v)
  call void @pf(float %p1)
  %p2 = call reassoc float @llvm.vector.reduce.fmul.v8f32(float 3.0, <8 x float> %v)
  call void @pf(float %p2)
  %d = fpext <8 x float> %v to <8 x double>
  %d4 = shufflevector <8 x double> %d, <8 x double> undef, <4 x i32> <i32 7, i32 1, i32 2, i32 4>
  %ds = call reassoc double @llvm.vector.reduce.fadd.v4f64(double 0.0, <4 x double> %d4)
  %dsi = bitcast double %ds to i64
  call void @p(i64 %dsi)
  %iv = fptosi <8 x float> %v to <8 x i32>
  %i1 = call i32 @llvm.vector.reduce.add.v8i32(<8 x i32> %iv)
  %i2 = call i32 @llvm.vector.reduce.mul.v8i32(<8 x i32> %iv)
  %i3 = call i32 @llvm.vector.reduce.and.v8i32(<8 x i32> %iv)
  %i4 = call i32 @llvm.vector.reduce.or.v8i32(<8 x i32> %iv)
  %i5 = call i32 @llvm.vector.reduce.xor.v8i32(<8 x i32> %iv)
  %i6 = call i32 @llvm.vector.reduce.smin.v8i32(<8 x i32> %iv)
  %i7 = call i32 @llvm.vector.reduce.smax.v8i32(<8 x i32> %iv)
  %i8 = call i32 @llvm.vector.reduce.umin.v8i32(<8 x i32> %iv)
  %i9 = call i32 @llvm.vector.reduce.umax.v8i32(<8 x i32> %iv)
  call void @pi(i32 %i1)
  call void @pi(i32 %i2)
  call void @pi(i32 %i3)
  call void @pi(i32 %i4)
  call void @pi(i32 %i5)
  call void @pi(i32 %i6)
  call void @pi(i32 %i7)
  call void @pi(i32 %i8)
  call void @pi(i32 %i9)
  %f1 = call nnan float @llvm.vector.reduce.fmin.v8f32(<8 x float> %v)
  %f2 = call nnan float @llvm.vector.reduce.fmax.v8f32(<8 x float> %v)
  %f3 = call float @llvm.vector.reduce.fmin.v8f32(<8 x float> %v)
  call void @pf(float %f1)
  call void @pf(float %f2)
  call void @pf(float %f3)
  ret i32 0
}
