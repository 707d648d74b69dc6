; Element-wise integer and floating-point arithmetic, compares, selects
; (vector and scalar condition), conversions and fneg/freeze.
@fmt = private constant [24 x i8] c"%08x %08x %08x %08x %d\0A\00"
@fmtd = private constant [17 x i8] c"%016llx %016llx\0A\00"

declare i32 @printf(i8*, ...)

define void @show(<4 x i32> %v, i32 %k) {
  %a = extractelement <4 x i32> %v, i32 0
  %b = extractelement <4 x i32> %v, i32 1
  %c = extractelement <4 x i32> %v, i32 2
  %d = extractelement <4 x i32> %v, i32 3
  %f = getelementptr [24 x i8], [24 x i8]* @fmt, i64 0, i64 0
  call i32 (i8*, ...) @printf(i8* %f, i32 %a, i32 %b, i32 %c, i32 %d, i32 %k)
  ret void
}

define void @showd(<2 x double> %v) {
  %i = bitcast <2 x double> %v to <2 x i64>
  %a = extractelement <2 x i64> %i, i32 0
  %b = extractelement <2 x i64> %i, i32 1
  %f = getelementptr [17 x i8], [17 x i8]* @fmtd, i64 0, i64 0
  call i32 (i8*, ...) @printf(i8* %f, i64 %a, i64 %b)
  ret void
}

define i32 @main() {
  %x = add <4 x i32> <i32 1, i32 -7, i32 2147483647, i32 100>, <i32 5, i32 9, i32 1, i32 -3>
  call void @show(<4 x i32> %x, i32 1)
  %m = mul <4 x i32> %x, <i32 3, i32 -1, i32 2, i32 7>
  %s = sub <4 x i32> %m, %x
  %q = sdiv <4 x i32> %s, <i32 2, i32 3, i32 -5, i32 7>
  %u = udiv <4 x i32> %s, <i32 2, i32 3, i32 5, i32 7>
  %r = srem <4 x i32> %q, <i32 3, i32 4, i32 5, i32 6>
  %ur = urem <4 x i32> %u, <i32 3, i32 4, i32 5, i32 6>
  call void @show(<4 x i32> %q, i32 2)
  call void @show(<4 x i32> %u, i32 3)
  call void @show(<4 x i32> %r, i32 4)
  call void @show(<4 x i32> %ur, i32 5)
  %sh = shl <4 x i32> %x, <i32 1, i32 2, i32 3, i32 4>
  %lr = lshr <4 x i32> %x, <i32 1, i32 2, i32 3, i32 4>
  %ar = ashr <4 x i32> %x, <i32 1, i32 2, i32 3, i32 4>
  %an = and <4 x i32> %sh, %lr
  %o = or <4 x i32> %an, %ar
  %xo = xor <4 x i32> %o, <i32 -1, i32 0, i32 255, i32 65535>
  call void @show(<4 x i32> %xo, i32 6)
  %cmp = icmp slt <4 x i32> %x, %xo
  %sel = select <4 x i1> %cmp, <4 x i32> %x, <4 x i32> %xo
  call void @show(<4 x i32> %sel, i32 7)
  %z = zext <4 x i1> %cmp to <4 x i32>
  %sx = sext <4 x i1> %cmp to <4 x i32>
  call void @show(<4 x i32> %z, i32 8)
  call void @show(<4 x i32> %sx, i32 9)
  %fx = sitofp <4 x i32> %x to <4 x float>
  %fy = uitofp <4 x i32> %x to <4 x float>
  %fa = fadd <4 x float> %fx, %fy
  %fm = fmul <4 x float> %fa, <float 0x3FB99999A0000000, float 3.0, float -1.5, float 0.25>
  %fd = fdiv <4 x float> %fm, <float 3.0, float 7.0, float 0.0, float -0.0>
  %fs = fsub <4 x float> %fd, %fx
  %fr = frem <4 x float> %fx, <float 3.0, float 7.0, float 1.0e10, float -2.5>
  %fn = fneg <4 x float> %fs
  %fz = freeze <4 x float> %fn
  %bi = bitcast <4 x float> %fz to <4 x i32>
  call void @show(<4 x i32> %bi, i32 10)
  %bri = bitcast <4 x float> %fr to <4 x i32>
  call void @show(<4 x i32> %bri, i32 11)
  %fc = fcmp olt <4 x float> %fs, %fr
  %fc2 = fcmp uno <4 x float> %fd, %fd
  %fco = or <4 x i1> %fc, %fc2
  %zc = zext <4 x i1> %fco to <4 x i32>
  call void @show(<4 x i32> %zc, i32 12)
  %ti = fptosi <4 x float> %fm to <4 x i32>
  call void @show(<4 x i32> %ti, i32 13)
  %ext = fpext <2 x float> <float 1.5, float 0x3FB99999A0000000> to <2 x double>
  call void @showd(<2 x double> %ext)
  %tr = fptrunc <2 x double> <double 0x3FB999999999999A, double 1.0e300> to <2 x float>
  %trd = fpext <2 x float> %tr to <2 x double>
  call void @showd(<2 x double> %trd)
  %tt = trunc <4 x i32> %x to <4 x i16>
  %te = sext <4 x i16> %tt to <4 x i32>
  call void @show(<4 x i32> %te, i32 14)
  %c0 = extractelement <4 x i1> %cmp, i32 1
  %ss = select i1 %c0, <4 x i32> %x, <4 x i32> %te
  call void @show(<4 x i32> %ss, i32 15)
  %uu = fptoui <4 x float> <float 1.0, float 2.5, float 4.0e9, float 7.0> to <4 x i32>
  call void @show(<4 x i32> %uu, i32 16)
  ret i32 0
}
