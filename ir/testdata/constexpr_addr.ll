; Integer arithmetic on addresses inside constant expressions, in the forms
; LLVM's optimiser leaves them (mawk 1.3.4's scan.c:1015, built with -flto:
; `sub i64 %p, zext (i32 ptrtoint (@string_buff to i32) to i64)`).
; TestConstExprAddr evaluates each function's returned constant with
; globals placed above 4 GiB, so a 32-bit truncation shows.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@buf = global [8192 x i8] zeroinitializer
@a = global i32 0
@b = global i32 0

define i64 @zext_trunc() {
  ret i64 zext (i32 ptrtoint ([8192 x i8]* @buf to i32) to i64)
}

define i64 @sext_trunc() {
  ret i64 sext (i32 ptrtoint ([8192 x i8]* @buf to i32) to i64)
}

define i64 @mawk_len(i64 %p) {
  %n = sub i64 %p, zext (i32 ptrtoint ([8192 x i8]* @buf to i32) to i64)
  ret i64 %n
}

define i64 @masked() {
  ret i64 and (i64 ptrtoint (i32* @a to i64), i64 4095)
}

define i64 @distance() {
  ret i64 sub (i64 ptrtoint (i32* @b to i64), i64 ptrtoint (i32* @a to i64))
}

define i1 @ordered() {
  ret i1 icmp ult (i32* @a, i32* @b)
}

define i32 @pick() {
  ret i32 select (i1 icmp eq (i32* @a, i32* @b), i32 1, i32 2)
}

define i64 @plain() {
  ret i64 add (i64 ptrtoint (i32* @a to i64), i64 8)
}

define i8* @roundtrip() {
  ret i8* getelementptr (i8, i8* inttoptr (i64 and (i64 ptrtoint (i32* @b to i64), i64 -16) to i8*), i64 4)
}
