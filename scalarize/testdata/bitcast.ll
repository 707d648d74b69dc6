; Bitcasts between vectors and scalars and between vectors of different
; lane widths: little-endian, byte-exact.
@fmt = private constant [8 x i8] c"%016lx\0A\00"
@src = global <4 x i32> <i32 u0x3F800000, i32 u0xC0490FDB, i32 u0x12345678, i32 u0x9ABCDEF0>

declare i32 @printf(i8*, ...)

define void @p(i64 %v) {
  %f = getelementptr [8 x i8], [8 x i8]* @fmt, i64 0, i64 0
  call i32 (i8*, ...) @printf(i8* %f, i64 %v)
  ret void
}

define i32 @main() {
  %s = alloca <4 x i32>
  store <4 x i32> <i32 1065353216, i32 -1068953637, i32 305419896, i32 -1698898192>, <4 x i32>* %s
  %v = load volatile <4 x i32>, <4 x i32>* %s
  %q = bitcast <4 x i32> %v to <2 x i64>
  %q0 = extractelement <2 x i64> %q, i32 0
  %q1 = extractelement <2 x i64> %q, i32 1
  call void @p(i64 %q0)
  call void @p(i64 %q1)
  %b = bitcast <4 x i32> %v to <16 x i8>
  %b5 = extractelement <16 x i8> %b, i32 5
  %b14 = extractelement <16 x i8> %b, i32 14
  %b5x = zext i8 %b5 to i64
  %b14x = zext i8 %b14 to i64
  call void @p(i64 %b5x)
  call void @p(i64 %b14x)
  %h = bitcast <16 x i8> %b to <8 x i16>
  %hs = shufflevector <8 x i16> %h, <8 x i16> undef, <4 x i32> <i32 1, i32 2, i32 5, i32 6>
  %hl = bitcast <4 x i16> %hs to i64
  call void @p(i64 %hl)
  %f = bitcast <4 x i32> %v to <4 x float>
  %f2 = shufflevector <4 x float> %f, <4 x float> undef, <2 x i32> <i32 1, i32 0>
  %fi = bitcast <2 x float> %f2 to i64
  call void @p(i64 %fi)
  %fd = bitcast <2 x float> %f2 to double
  %fdi = bitcast double %fd to i64
  call void @p(i64 %fdi)
  %back = bitcast i64 %fi to <2 x float>
  %bf = extractelement <2 x float> %back, i32 1
  %bfd = fpext float %bf to double
  %bfi = bitcast double %bfd to i64
  call void @p(i64 %bfi)
  %d = bitcast <4 x i32> %v to <2 x double>
  %dd = fmul <2 x double> %d, <double 3.0, double 0.5>
  %di = bitcast <2 x double> %dd to <4 x i32>
  %dq = bitcast <4 x i32> %di to <2 x i64>
  %dq1 = extractelement <2 x i64> %dq, i32 1
  call void @p(i64 %dq1)
  %m = icmp slt <4 x i32> %v, zeroinitializer
  %mb = bitcast <4 x i1> %m to i4
  %mx = zext i4 %mb to i64
  call void @p(i64 %mx)
  %m8 = shufflevector <4 x i1> %m, <4 x i1> <i1 true, i1 false, i1 true, i1 true>, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %m8b = bitcast <8 x i1> %m8 to i8
  %m8x = zext i8 %m8b to i64
  call void @p(i64 %m8x)
  %ib = bitcast i16 -12345 to <16 x i1>
  %ib3 = extractelement <16 x i1> %ib, i32 3
  %ib15 = extractelement <16 x i1> %ib, i32 15
  %i3 = zext i1 %ib3 to i64
  %i15 = zext i1 %ib15 to i64
  call void @p(i64 %i3)
  call void @p(i64 %i15)
  ret i32 0
}
