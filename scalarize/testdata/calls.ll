; Functions of the program taking and returning vectors and aggregates
; holding vectors (expanded into lanes on both sides), a vector phi in a
; loop, and vector intrinsics computed per lane.
@fmt = private constant [6 x i8] c"%08x\0A\00"

declare i32 @printf(i8*, ...)
declare <4 x float> @llvm.fabs.v4f32(<4 x float>)
declare <4 x float> @llvm.sqrt.v4f32(<4 x float>)
declare <4 x float> @llvm.fma.v4f32(<4 x float>, <4 x float>, <4 x float>)
declare <4 x float> @llvm.minnum.v4f32(<4 x float>, <4 x float>)
declare <4 x float> @llvm.maxnum.v4f32(<4 x float>, <4 x float>)
declare <4 x float> @llvm.floor.v4f32(<4 x float>)
declare <4 x float> @llvm.ceil.v4f32(<4 x float>)
declare <4 x float> @llvm.trunc.v4f32(<4 x float>)
declare <4 x float> @llvm.rint.v4f32(<4 x float>)
declare <4 x float> @llvm.nearbyint.v4f32(<4 x float>)
declare <4 x float> @llvm.round.v4f32(<4 x float>)
declare <4 x float> @llvm.copysign.v4f32(<4 x float>, <4 x float>)
declare <2 x double> @llvm.powi.v2f64.i32(<2 x double>, i32)
declare <4 x i32> @llvm.smax.v4i32(<4 x i32>, <4 x i32>)
declare <4 x i32> @llvm.umin.v4i32(<4 x i32>, <4 x i32>)
declare <4 x i32> @llvm.abs.v4i32(<4 x i32>, i1)
declare <4 x i32> @llvm.ctpop.v4i32(<4 x i32>)

define void @p(i32 %v) {
  %f = getelementptr [6 x i8], [6 x i8]* @fmt, i64 0, i64 0
  call i32 (i8*, ...) @printf(i8* %f, i32 %v)
  ret void
}

define void @pf(<4 x float> %v) {
  %i = bitcast <4 x float> %v to <4 x i32>
  call void @pi(<4 x i32> %i)
  ret void
}

define void @pi(<4 x i32> %v) {
  %a = extractelement <4 x i32> %v, i32 0
  call void @p(i32 %a)
  %b = extractelement <4 x i32> %v, i32 1
  call void @p(i32 %b)
  %c = extractelement <4 x i32> %v, i32 2
  call void @p(i32 %c)
  %d = extractelement <4 x i32> %v, i32 3
  call void @p(i32 %d)
  ret void
}

define <2 x float> @cmul(<2 x float> %a, <2 x float> %b) {
  %ar = extractelement <2 x float> %a, i32 0
  %ai = extractelement <2 x float> %a, i32 1
  %br = extractelement <2 x float> %b, i32 0
  %bi = extractelement <2 x float> %b, i32 1
  %rr1 = fmul float %ar, %br
  %rr2 = fmul float %ai, %bi
  %rr = fsub float %rr1, %rr2
  %ri1 = fmul float %ar, %bi
  %ri2 = fmul float %ai, %br
  %ri = fadd float %ri1, %ri2
  %r0 = insertelement <2 x float> undef, float %rr, i32 0
  %r1 = insertelement <2 x float> %r0, float %ri, i32 1
  ret <2 x float> %r1
}

define { <2 x float>, float } @vec3(<2 x float> %xy, float %z, i32 %k) {
  %s = fmul <2 x float> %xy, <float 3.0, float 0.5>
  %kf = sitofp i32 %k to float
  %zz = fadd float %z, %kf
  %r0 = insertvalue { <2 x float>, float } undef, <2 x float> %s, 0
  %r1 = insertvalue { <2 x float>, float } %r0, float %zz, 1
  ret { <2 x float>, float } %r1
}

define i32 @main() {
entry:
  %x = fsub <4 x float> <float -2.5, float 0x3FD3333340000000, float 7.75, float -0.0>, <float 0x3FB99999A0000000, float 0x3FB99999A0000000, float 0x3FB99999A0000000, float 0x3FB99999A0000000>
  %a = call <4 x float> @llvm.fabs.v4f32(<4 x float> %x)
  call void @pf(<4 x float> %a)
  %s = call <4 x float> @llvm.sqrt.v4f32(<4 x float> %a)
  call void @pf(<4 x float> %s)
  %f = call <4 x float> @llvm.fma.v4f32(<4 x float> %x, <4 x float> %s, <4 x float> <float 1.0, float 0x3E45798EE0000000, float -3.0, float 0.0>)
  call void @pf(<4 x float> %f)
  %mn = call <4 x float> @llvm.minnum.v4f32(<4 x float> %x, <4 x float> %f)
  %mx = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %x, <4 x float> %f)
  call void @pf(<4 x float> %mn)
  call void @pf(<4 x float> %mx)
  %r1 = call <4 x float> @llvm.floor.v4f32(<4 x float> %x)
  %r2 = call <4 x float> @llvm.ceil.v4f32(<4 x float> %x)
  %r3 = call <4 x float> @llvm.trunc.v4f32(<4 x float> %x)
  %r4 = call <4 x float> @llvm.rint.v4f32(<4 x float> %x)
  %r5 = call <4 x float> @llvm.nearbyint.v4f32(<4 x float> %x)
  %r6 = call <4 x float> @llvm.round.v4f32(<4 x float> %x)
  %r7 = call <4 x float> @llvm.copysign.v4f32(<4 x float> %r1, <4 x float> %x)
  call void @pf(<4 x float> %r1)
  call void @pf(<4 x float> %r2)
  call void @pf(<4 x float> %r3)
  call void @pf(<4 x float> %r4)
  call void @pf(<4 x float> %r5)
  call void @pf(<4 x float> %r6)
  call void @pf(<4 x float> %r7)
  %pw = call <2 x double> @llvm.powi.v2f64.i32(<2 x double> <double 1.1, double -3.0>, i32 5)
  %pwi = bitcast <2 x double> %pw to <4 x i32>
  call void @pi(<4 x i32> %pwi)
  %iv = fptosi <4 x float> %x to <4 x i32>
  %m1 = call <4 x i32> @llvm.smax.v4i32(<4 x i32> %iv, <4 x i32> <i32 0, i32 1, i32 2, i32 3>)
  %m2 = call <4 x i32> @llvm.umin.v4i32(<4 x i32> %iv, <4 x i32> <i32 0, i32 1, i32 2, i32 3>)
  %m3 = call <4 x i32> @llvm.abs.v4i32(<4 x i32> %iv, i1 false)
  %m4 = call <4 x i32> @llvm.ctpop.v4i32(<4 x i32> %iv)
  call void @pi(<4 x i32> %m1)
  call void @pi(<4 x i32> %m2)
  call void @pi(<4 x i32> %m3)
  call void @pi(<4 x i32> %m4)
  %c = call <2 x float> @cmul(<2 x float> <float 0x3FE3333340000000, float 0x3FE99999A0000000>, <2 x float> <float 1.5, float -2.0>)
  %v3 = call { <2 x float>, float } @vec3(<2 x float> %c, float 0x3FB99999A0000000, i32 7)
  %v3a = extractvalue { <2 x float>, float } %v3, 0
  %v3b = extractvalue { <2 x float>, float } %v3, 1
  %w = shufflevector <2 x float> %v3a, <2 x float> %c, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %w3 = insertelement <4 x float> %w, float %v3b, i32 3
  call void @pf(<4 x float> %w3)
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi <4 x float> [ %x, %entry ], [ %acc1, %loop ]
  %acc1 = call <4 x float> @llvm.fma.v4f32(<4 x float> %acc, <4 x float> <float 0x3FF19999A0000000, float 0x3FECCCCCC0000000, float 0xBFE6666660000000, float 1.0>, <4 x float> %s)
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, 10
  br i1 %more, label %loop, label %done
done:
  call void @pf(<4 x float> %acc1)
  ret i32 0
}
