; Vector loads and stores: <3 x float> (store size 12 of alloc size 16,
; the padding untouched), unaligned <4 x i16>, bit-packed <8 x i1> and
; <4 x i1>, a <2 x double> through a struct, and the ABI aggregate
; { <2 x float>, float }.
@fmt = private constant [6 x i8] c"%08x\0A\00"
@buf = global [8 x i32] [i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8]
@bytes = global [16 x i8] c"\01\02\03\04\05\06\07\08\09\0A\0B\0C\0D\0E\0F\10"

declare i32 @printf(i8*, ...)

define void @p(i32 %v) {
  %f = getelementptr [6 x i8], [6 x i8]* @fmt, i64 0, i64 0
  call i32 (i8*, ...) @printf(i8* %f, i32 %v)
  ret void
}

define void @dump() {
  %i = alloca i32
  store i32 0, i32* %i
  br label %loop
loop:
  %k = load i32, i32* %i
  %pk = getelementptr [8 x i32], [8 x i32]* @buf, i32 0, i32 %k
  %v = load i32, i32* %pk
  call void @p(i32 %v)
  %k1 = add i32 %k, 1
  store i32 %k1, i32* %i
  %c = icmp slt i32 %k1, 8
  br i1 %c, label %loop, label %done
done:
  ret void
}

define i32 @main() {
  %base = bitcast [8 x i32]* @buf to <3 x float>*
  %v3 = load <3 x float>, <3 x float>* %base, align 4
  %m = fmul <3 x float> %v3, <float 2.0, float 2.0, float 2.0>
  %p1 = getelementptr <3 x float>, <3 x float>* %base, i64 1
  store <3 x float> %m, <3 x float>* %p1, align 4
  call void @dump()
  %bp = getelementptr [16 x i8], [16 x i8]* @bytes, i64 0, i64 1
  %sp = bitcast i8* %bp to <4 x i16>*
  %s = load <4 x i16>, <4 x i16>* %sp, align 1
  %sx = zext <4 x i16> %s to <4 x i32>
  %s0 = extractelement <4 x i32> %sx, i32 0
  %s3 = extractelement <4 x i32> %sx, i32 3
  call void @p(i32 %s0)
  call void @p(i32 %s3)
  %cmp = icmp ugt <8 x i32> <i32 1, i32 9, i32 3, i32 9, i32 9, i32 0, i32 9, i32 9>, <i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5>
  %bb = getelementptr [16 x i8], [16 x i8]* @bytes, i64 0, i64 4
  %bm = bitcast i8* %bb to <8 x i1>*
  store <8 x i1> %cmp, <8 x i1>* %bm
  %b4 = load i8, i8* %bb
  %b4x = zext i8 %b4 to i32
  call void @p(i32 %b4x)
  %bm4 = bitcast i8* %bb to <4 x i1>*
  %l4 = load <4 x i1>, <4 x i1>* %bm4
  %l4x = zext <4 x i1> %l4 to <4 x i32>
  %l41 = extractelement <4 x i32> %l4x, i32 1
  %l42 = extractelement <4 x i32> %l4x, i32 2
  call void @p(i32 %l41)
  call void @p(i32 %l42)
  %agg = alloca { <2 x float>, float }, align 8
  %a0 = getelementptr { <2 x float>, float }, { <2 x float>, float }* %agg, i32 0, i32 0
  store <2 x float> <float 1.0, float 2.0>, <2 x float>* %a0
  %a1 = getelementptr { <2 x float>, float }, { <2 x float>, float }* %agg, i32 0, i32 1
  store float 3.0, float* %a1
  %ld = load { <2 x float>, float }, { <2 x float>, float }* %agg
  %x = extractvalue { <2 x float>, float } %ld, 0
  %y = extractvalue { <2 x float>, float } %ld, 1
  %xs = fadd <2 x float> %x, <float 0.5, float 0.25>
  %xy = insertvalue { <2 x float>, float } %ld, <2 x float> %xs, 0
  %dst = bitcast [8 x i32]* @buf to { <2 x float>, float }*
  store { <2 x float>, float } %xy, { <2 x float>, float }* %dst
  %yi = bitcast float %y to i32
  call void @p(i32 %yi)
  call void @dump()
  ret i32 0
}
