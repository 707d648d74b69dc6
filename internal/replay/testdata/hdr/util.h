static int get(const int *p) {
  return *p; /* EXPECT hdrptr */
}
