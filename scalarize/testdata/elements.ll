; insertelement / extractelement with constant and variable indices,
; shufflevector (two inputs, splat, undef lanes left unprinted).
@fmt = private constant [6 x i8] c"%08x\0A\00"
@idx = global i32 2

declare i32 @printf(i8*, ...)

define void @p(i32 %v) {
  %f = getelementptr [6 x i8], [6 x i8]* @fmt, i64 0, i64 0
  call i32 (i8*, ...) @printf(i8* %f, i32 %v)
  ret void
}

define void @p4(<4 x i32> %v) {
  %a = extractelement <4 x i32> %v, i32 0
  call void @p(i32 %a)
  %b = extractelement <4 x i32> %v, i64 1
  call void @p(i32 %b)
  %c = extractelement <4 x i32> %v, i8 2
  call void @p(i32 %c)
  %d = extractelement <4 x i32> %v, i32 3
  call void @p(i32 %d)
  ret void
}

define i32 @main() {
  %k = load volatile i32, i32* @idx
  %v0 = insertelement <4 x i32> undef, i32 10, i32 0
  %v1 = insertelement <4 x i32> %v0, i32 11, i32 1
  %v2 = insertelement <4 x i32> %v1, i32 12, i32 2
  %v3 = insertelement <4 x i32> %v2, i32 13, i32 3
  call void @p4(<4 x i32> %v3)
  %v4 = insertelement <4 x i32> %v3, i32 99, i32 %k
  call void @p4(<4 x i32> %v4)
  %e = extractelement <4 x i32> %v4, i32 %k
  call void @p(i32 %e)
  %k1 = add i32 %k, 1
  %e1 = extractelement <4 x i32> %v4, i32 %k1
  call void @p(i32 %e1)
  %w = shufflevector <4 x i32> %v4, <4 x i32> <i32 20, i32 21, i32 22, i32 23>, <4 x i32> <i32 7, i32 0, i32 5, i32 2>
  call void @p4(<4 x i32> %w)
  %sp = shufflevector <4 x i32> %w, <4 x i32> undef, <8 x i32> zeroinitializer
  %s7 = extractelement <8 x i32> %sp, i32 7
  call void @p(i32 %s7)
  %hu = shufflevector <4 x i32> %w, <4 x i32> undef, <4 x i32> <i32 3, i32 undef, i32 1, i32 undef>
  %h0 = extractelement <4 x i32> %hu, i32 0
  %h2 = extractelement <4 x i32> %hu, i32 2
  call void @p(i32 %h0)
  call void @p(i32 %h2)
  %narrow = shufflevector <4 x i32> %w, <4 x i32> %v3, <2 x i32> <i32 6, i32 1>
  %n0 = extractelement <2 x i32> %narrow, i32 0
  %n1 = extractelement <2 x i32> %narrow, i32 1
  call void @p(i32 %n0)
  call void @p(i32 %n1)
  %fv = insertelement <2 x float> <float 1.5, float 2.5>, float 0x3FB99999A0000000, i32 %k1
  %fe = extractelement <2 x float> %fv, i32 0
  %fb = bitcast float %fe to i32
  call void @p(i32 %fb)
  ret i32 0
}
