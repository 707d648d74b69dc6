// String literals: escapes (octal, hex, \0 embedded), concatenation, sizeof vs strlen,
// char arrays initialized from literals, wide-ish char values, indexing literals.
#include <stdio.h>
#include <string.h>

__attribute__((noinline)) static unsigned hash(const char *s, size_t n) {
    unsigned h = 2166136261u;
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

int main(void) {
    const char *esc = "tab\there\nnl \"q\" \\ \x41\102\x7e \a\b\f\v\r|";
    printf("len %zu hash %08x\n", strlen(esc), hash(esc, strlen(esc)));
    for (size_t i = 0; i < strlen(esc); i++) printf("%02x", (unsigned char)esc[i]);
    printf("\n");
    static const char emb[] = "ab\0cd\0";
    printf("emb sizeof %zu strlen %zu hash %08x tail '%s'\n", sizeof emb, strlen(emb),
           hash(emb, sizeof emb), emb + 3);
    const char *cat = "con" "cat" "enated" " literal";
    printf("%s %zu\n", cat, strlen(cat));
    char arr[] = "mutable";
    arr[0] = 'M';
    arr[3] ^= 0x20;
    printf("%s %zu\n", arr, sizeof arr);
    char fixed[10] = "abc";
    int zeros = 0;
    for (int i = 0; i < 10; i++) zeros += fixed[i] == 0;
    printf("fixed zeros %d\n", zeros);
    printf("index %c %c %d\n", "literal"[2], *(cat + 1), "\377"[0]);
    signed char sc = (signed char)"\200"[0];
    unsigned char uc = (unsigned char)"\200"[0];
    printf("high %d %u\n", sc, uc);
    const char *multi = "line1\n"
                        "line2\n"
                        "line3";
    puts(multi);
    const char *same1 = "dup", *same2 = "dup";
    printf("strcmp %d\n", strcmp(same1, same2));
    printf("%s\n", "percent %% is not special here");
    printf("utf8 %s %zu\n", "h\xc3\xa9llo", strlen("h\xc3\xa9llo"));
    return 0;
}
