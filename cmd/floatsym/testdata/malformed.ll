define i32 @main( {
