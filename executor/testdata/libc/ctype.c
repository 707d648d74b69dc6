// ctype.h through glibc's macros (table lookups via __ctype_b_loc and
// friends) and through the real functions, for every valid argument.
#include <ctype.h>
#include <stdio.h>

int main(void) {
  unsigned long h1 = 0, h2 = 0;
  for (int c = -128; c < 256; c++) {
    int m[] = {isalnum(c), isalpha(c), isblank(c), iscntrl(c), isdigit(c), isgraph(c), islower(c),
               isprint(c), ispunct(c), isspace(c), isupper(c), isxdigit(c), tolower(c), toupper(c)};
    int f[] = {(isalnum)(c), (isalpha)(c), (isblank)(c), (iscntrl)(c), (isdigit)(c), (isgraph)(c), (islower)(c),
               (isprint)(c), (ispunct)(c), (isspace)(c), (isupper)(c), (isxdigit)(c), (tolower)(c), (toupper)(c)};
    for (int i = 0; i < 14; i++) {
      h1 = h1 * 31 + (unsigned)m[i];
      h2 = h2 * 31 + (unsigned)f[i];
    }
    if (c >= 0 && c < 128 && c % 8 == 0) {
      printf("%4d:", c);
      for (int i = 0; i < 14; i++)
        printf(" %d/%d", m[i], f[i]);
      printf(" ascii %d %d\n", isascii(c), toascii(c + 128));
    }
  }
  printf("hash %lx %lx\n", h1, h2);
  printf("EOF: %d %d %d\n", isalpha(EOF), tolower(EOF), toupper(EOF));
  return 0;
}
