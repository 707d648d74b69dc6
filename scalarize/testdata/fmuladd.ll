; llvm.fmuladd follows the function's target features: fused with +fma,
; a multiply and an add (two roundings) without.
@fmt = private constant [6 x i8] c"%08x\0A\00"
@in = global [3 x float] [float 0x3FF19999A0000000, float 0x3FF19999A0000000, float 0xBFF35C2900000000]

declare i32 @printf(i8*, ...)
declare float @llvm.fmuladd.f32(float, float, float)
declare <2 x float> @llvm.fmuladd.v2f32(<2 x float>, <2 x float>, <2 x float>)

define void @p(float %v) {
  %i = bitcast float %v to i32
  %f = getelementptr [6 x i8], [6 x i8]* @fmt, i64 0, i64 0
  call i32 (i8*, ...) @printf(i8* %f, i32 %i)
  ret void
}

define float @fused(float %a, float %b, float %c) #0 {
  %r = call float @llvm.fmuladd.f32(float %a, float %b, float %c)
  %va = insertelement <2 x float> <float 3.0, float 3.0>, float %a, i32 0
  %vb = insertelement <2 x float> <float 0x3FD5555560000000, float 0x3FD5555560000000>, float %b, i32 0
  %vc = insertelement <2 x float> <float -1.0, float -1.0>, float %c, i32 0
  %v = call <2 x float> @llvm.fmuladd.v2f32(<2 x float> %va, <2 x float> %vb, <2 x float> %vc)
  %v1 = extractelement <2 x float> %v, i32 1
  call void @p(float %v1)
  ret float %r
}

define float @separate(float %a, float %b, float %c) #1 {
  %r = call float @llvm.fmuladd.f32(float %a, float %b, float %c)
  %va = insertelement <2 x float> <float 3.0, float 3.0>, float %a, i32 0
  %vb = insertelement <2 x float> <float 0x3FD5555560000000, float 0x3FD5555560000000>, float %b, i32 0
  %vc = insertelement <2 x float> <float -1.0, float -1.0>, float %c, i32 0
  %v = call <2 x float> @llvm.fmuladd.v2f32(<2 x float> %va, <2 x float> %vb, <2 x float> %vc)
  %v1 = extractelement <2 x float> %v, i32 1
  call void @p(float %v1)
  ret float %r
}

define i32 @main() {
  %pa = getelementptr [3 x float], [3 x float]* @in, i64 0, i64 0
  %pb = getelementptr [3 x float], [3 x float]* @in, i64 0, i64 1
  %pc = getelementptr [3 x float], [3 x float]* @in, i64 0, i64 2
  %a = load volatile float, float* %pa
  %b = load volatile float, float* %pb
  %c = load volatile float, float* %pc
  %f = call float @fused(float %a, float %b, float %c)
  call void @p(float %f)
  %s = call float @separate(float %a, float %b, float %c)
  call void @p(float %s)
  ret i32 0
}

attributes #0 = { "target-cpu"="x86-64" "target-features"="+fma,+avx,+avx2,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" }
attributes #1 = { "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" }
