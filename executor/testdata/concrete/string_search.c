// string.h searching: strchr strrchr (incl. searching for '\0') strstr (empty needle,
// overlapping matches) memchr strspn strcspn strpbrk strdup/strndup; positions printed as
// offsets, never as addresses.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long off(const char *base, const char *p) { return p ? (long)(p - base) : -1; }

int main(void) {
    const char *s = "the quick brown fox jumps over the lazy dog";
    const char cs[] = "aeiouxyzt. q";
    for (int i = 0; cs[i]; i++) printf("chr '%c' first %ld last %ld\n", cs[i], off(s, strchr(s, cs[i])), off(s, strrchr(s, cs[i])));
    printf("nul %ld %ld\n", off(s, strchr(s, '\0')), off(s, strrchr(s, '\0')));
    const char *needles[] = {"the", "fox", "dog", "", "cat", "o", "lazy dog", "he q", "the lazy dog!"};
    for (int i = 0; i < 9; i++) printf("strstr '%s' %ld\n", needles[i], off(s, strstr(s, needles[i])));
    const char *ov = "aaaab";
    printf("overlap %ld %ld\n", off(ov, strstr(ov, "aab")), off(ov, strstr(ov, "aaaaa")));
    /* count occurrences with strstr loop */
    int count = 0;
    for (const char *p = s; (p = strstr(p, "o")) != NULL; p++) count++;
    printf("o count %d\n", count);
    unsigned char bytes[] = {1, 2, 3, 0, 5, 0xff, 7};
    printf("memchr %ld %ld %ld %ld\n", off((char *)bytes, memchr(bytes, 0, 7)), off((char *)bytes, memchr(bytes, 0xff, 7)),
           off((char *)bytes, memchr(bytes, 0x1ff, 7)), off((char *)bytes, memchr(bytes, 9, 7)));
    printf("spn %zu %zu %zu %zu\n", strspn(s, "the "), strspn(s, "xyz"), strspn("123abc", "0123456789"), strspn("", "a"));
    printf("cspn %zu %zu %zu\n", strcspn(s, "qz"), strcspn(s, ""), strcspn("abc", "xyz"));
    printf("pbrk %ld %ld\n", off(s, strpbrk(s, "xyz")), off(s, strpbrk(s, "!?")));
    /* tokenize manually with strspn/strcspn */
    const char *text = "  alpha,beta;;gamma  delta,";
    const char *delim = " ,;";
    const char *p = text;
    while (*(p += strspn(p, delim))) {
        size_t len = strcspn(p, delim);
        printf("tok '%.*s' at %ld\n", (int)len, p, off(text, p));
        p += len;
    }
    char *d = strdup(s);
    d[4] = 'Q';
    printf("dup '%s' orig unchanged %d\n", d, s[4] == 'q');
    char *nd = strndup(s + 4, 5);
    printf("ndup '%s' %zu\n", nd, strlen(nd));
    free(d);
    free(nd);
    return 0;
}
