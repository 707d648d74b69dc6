; llvm.masked.load/store/gather/scatter: disabled lanes neither read nor
; write memory (the last lanes point past the buffer) and take the
; pass-through value; getelementptr with vector indices.
@fmt = private constant [6 x i8] c"%08x\0A\00"
@buf = global [6 x float] [float 1.0, float 2.0, float 3.0, float 4.0, float 5.0, float 6.0]
@mask = global [4 x i32] [i32 1, i32 0, i32 1, i32 0]

declare i32 @printf(i8*, ...)
declare <8 x float> @llvm.masked.load.v8f32.p0v8f32(<8 x float>*, i32, <8 x i1>, <8 x float>)
declare void @llvm.masked.store.v8f32.p0v8f32(<8 x float>, <8 x float>*, i32, <8 x i1>)
declare <4 x float> @llvm.masked.gather.v4f32.v4p0f32(<4 x float*>, i32, <4 x i1>, <4 x float>)
declare void @llvm.masked.scatter.v4f32.v4p0f32(<4 x float>, <4 x float*>, i32, <4 x i1>)

define void @p(float %v) {
  %i = bitcast float %v to i32
  %f = getelementptr [6 x i8], [6 x i8]* @fmt, i64 0, i64 0
  call i32 (i8*, ...) @printf(i8* %f, i32 %i)
  ret void
}

define void @dump() {
  %b = bitcast [6 x float]* @buf to <6 x float>*
  %v = load <6 x float>, <6 x float>* %b, align 4
  %a0 = extractelement <6 x float> %v, i32 0
  %a1 = extractelement <6 x float> %v, i32 1
  %a2 = extractelement <6 x float> %v, i32 2
  %a3 = extractelement <6 x float> %v, i32 3
  %a4 = extractelement <6 x float> %v, i32 4
  %a5 = extractelement <6 x float> %v, i32 5
  call void @p(float %a0)
  call void @p(float %a1)
  call void @p(float %a2)
  call void @p(float %a3)
  call void @p(float %a4)
  call void @p(float %a5)
  ret void
}

define i32 @main() {
  %mp = bitcast [4 x i32]* @mask to <4 x i32>*
  %mv = load volatile <4 x i32>, <4 x i32>* %mp, align 4
  %m4 = icmp ne <4 x i32> %mv, zeroinitializer
  %m8 = shufflevector <4 x i1> %m4, <4 x i1> zeroinitializer, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %bp = bitcast [6 x float]* @buf to <8 x float>*
  %l = call <8 x float> @llvm.masked.load.v8f32.p0v8f32(<8 x float>* %bp, i32 4, <8 x i1> %m8, <8 x float> <float -1.0, float -2.0, float -3.0, float -4.0, float -5.0, float -6.0, float -7.0, float -8.0>)
  %l0 = extractelement <8 x float> %l, i32 0
  %l1 = extractelement <8 x float> %l, i32 1
  %l2 = extractelement <8 x float> %l, i32 2
  %l7 = extractelement <8 x float> %l, i32 7
  call void @p(float %l0)
  call void @p(float %l1)
  call void @p(float %l2)
  call void @p(float %l7)
  %l10 = fmul <8 x float> %l, <float 10.0, float 10.0, float 10.0, float 10.0, float 10.0, float 10.0, float 10.0, float 10.0>
  call void @llvm.masked.store.v8f32.p0v8f32(<8 x float> %l10, <8 x float>* %bp, i32 4, <8 x i1> %m8)
  call void @dump()
  %base = getelementptr [6 x float], [6 x float]* @buf, i64 0, i64 0
  %ptrs = getelementptr float, float* %base, <4 x i64> <i64 5, i64 100, i64 1, i64 3>
  %g = call <4 x float> @llvm.masked.gather.v4f32.v4p0f32(<4 x float*> %ptrs, i32 4, <4 x i1> <i1 true, i1 false, i1 true, i1 true>, <4 x float> <float 9.0, float 9.5, float 9.0, float 9.0>)
  %g0 = extractelement <4 x float> %g, i32 0
  %g1 = extractelement <4 x float> %g, i32 1
  %g2 = extractelement <4 x float> %g, i32 2
  %g3 = extractelement <4 x float> %g, i32 3
  call void @p(float %g0)
  call void @p(float %g1)
  call void @p(float %g2)
  call void @p(float %g3)
  %sptrs = getelementptr [6 x float], [6 x float]* @buf, <4 x i64> zeroinitializer, <4 x i64> <i64 0, i64 2, i64 4, i64 200>
  call void @llvm.masked.scatter.v4f32.v4p0f32(<4 x float> %g, <4 x float*> %sptrs, i32 4, <4 x i1> %m4)
  call void @dump()
  ret i32 0
}
