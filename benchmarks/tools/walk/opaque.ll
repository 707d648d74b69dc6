; What clang 15 and later emit: opaque pointers.
define i32 @main(i32 %argc, ptr %argv) {
  %p = alloca i32
  store i32 %argc, ptr %p
  %v = load i32, ptr %p
  ret i32 %v
}
