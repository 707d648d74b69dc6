define i32 @main(ptr %p) {
  %v = load i32, ptr %p
  ret i32 %v
}
