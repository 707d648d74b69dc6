; llvm.round on a target with SSE4.1 is trunc(x + copysign(pred(0.5), x))
; in the current rounding mode (round(0.5) is 0 under FE_DOWNWARD);
; without SSE4.1 it is libm's round.
@fmt = private constant [6 x i8] c"%08x\0A\00"
@in = global [3 x float] [float 0.5, float -0.5, float 2.5]

declare i32 @printf(i8*, ...)
declare i32 @fesetround(i32)
declare float @llvm.round.f32(float)
declare <2 x double> @llvm.round.v2f64(<2 x double>)

define void @p(float %v) {
  %i = bitcast float %v to i32
  %f = getelementptr [6 x i8], [6 x i8]* @fmt, i64 0, i64 0
  call i32 (i8*, ...) @printf(i8* %f, i32 %i)
  ret void
}

define void @inline(float %x) #0 {
  %r = call float @llvm.round.f32(float %x)
  call void @p(float %r)
  %d = fpext float %x to double
  %v0 = insertelement <2 x double> <double 1.5, double 1.5>, double %d, i32 1
  %v = call <2 x double> @llvm.round.v2f64(<2 x double> %v0)
  %v1 = extractelement <2 x double> %v, i32 1
  %v1f = fptrunc double %v1 to float
  call void @p(float %v1f)
  ret void
}

define void @libm(float %x) #1 {
  %r = call float @llvm.round.f32(float %x)
  call void @p(float %r)
  ret void
}

define i32 @main() {
  %pa = getelementptr [3 x float], [3 x float]* @in, i64 0, i64 0
  %pb = getelementptr [3 x float], [3 x float]* @in, i64 0, i64 1
  %pc = getelementptr [3 x float], [3 x float]* @in, i64 0, i64 2
  %a = load volatile float, float* %pa
  %b = load volatile float, float* %pb
  %c = load volatile float, float* %pc
  call i32 @fesetround(i32 1024)
  call void @inline(float %a)
  call void @inline(float %b)
  call void @inline(float %c)
  call void @libm(float %a)
  call void @libm(float %b)
  call i32 @fesetround(i32 0)
  call void @inline(float %a)
  call void @libm(float %a)
  ret i32 0
}

attributes #0 = { "target-cpu"="x86-64" "target-features"="+sse4.1,+cx8,+fxsr,+mmx,+sse,+sse2,+sse3,+ssse3,+x87" }
attributes #1 = { "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" }
