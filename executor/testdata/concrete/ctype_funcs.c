// ctype.h classification and case mapping over all 0..127 plus EOF: isdigit isalpha isalnum
// isspace isupper islower ispunct isxdigit isprint iscntrl toupper tolower (C locale).
#include <ctype.h>
#include <stdio.h>

int main(void) {
    for (int c = 0; c < 128; c++) {
        unsigned m = 0;
        m |= (isdigit(c) != 0) << 0; m |= (isalpha(c) != 0) << 1; m |= (isalnum(c) != 0) << 2;
        m |= (isspace(c) != 0) << 3; m |= (isupper(c) != 0) << 4; m |= (islower(c) != 0) << 5;
        m |= (ispunct(c) != 0) << 6; m |= (isxdigit(c) != 0) << 7; m |= (isprint(c) != 0) << 8;
        m |= (iscntrl(c) != 0) << 9; m |= (isgraph(c) != 0) << 10; m |= (isblank(c) != 0) << 11;
        printf("%3d %03x %3d %3d\n", c, m, toupper(c), tolower(c));
    }
    printf("EOF %d %d %d %d\n", isdigit(EOF) != 0, isalpha(EOF) != 0, toupper(EOF), tolower(EOF));
    for (int c = 128; c < 256; c += 17) printf("high %d %d %d %d\n", c, isalpha(c) != 0, toupper(c), isprint(c) != 0);
    /* transform a string */
    char s[] = "Hello, World! 123 abc_XYZ\t\n";
    int digits = 0, spaces = 0;
    for (char *p = s; *p; p++) {
        unsigned char uc = (unsigned char)*p;
        digits += isdigit(uc) != 0;
        spaces += isspace(uc) != 0;
        *p = (char)(isupper(uc) ? tolower(uc) : toupper(uc));
    }
    printf("'%s' digits %d spaces %d\n", s, digits, spaces);
    /* parse a number with isdigit */
    const char *num = "  -00123456xyz";
    const char *p = num;
    while (isspace((unsigned char)*p)) p++;
    int neg = *p == '-';
    if (*p == '-' || *p == '+') p++;
    long v = 0;
    while (isdigit((unsigned char)*p)) v = v * 10 + (*p++ - '0');
    printf("parsed %ld rest '%s'\n", neg ? -v : v, p);
    return 0;
}
