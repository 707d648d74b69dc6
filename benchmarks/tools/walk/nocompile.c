int main(void) {
  return undeclared_variable + 1;
}
