// string.h basics: strlen strcmp strncmp strcpy strncpy (padding and no-terminator cases)
// strcat strncat memcmp, comparison signs (only the sign is printed), with embedded high bytes.
#include <stdio.h>
#include <string.h>

static int sgn(int v) { return (v > 0) - (v < 0); }

int main(void) {
    const char *strs[] = {"", "a", "abc", "abd", "ab", "abcdef", "ABC", "\xff", "zebra", "abc\x80"};
    int n = 10;
    for (int i = 0; i < n; i++) printf("strlen(%d) = %zu\n", i, strlen(strs[i]));
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) printf("%2d", sgn(strcmp(strs[i], strs[j])));
        printf(" | ");
        for (int j = 0; j < n; j++) printf("%2d", sgn(strncmp(strs[i], strs[j], 2)));
        printf("\n");
    }
    char buf[32];
    strcpy(buf, "hello");
    strcat(buf, ", ");
    strcat(buf, "world");
    printf("'%s' %zu\n", buf, strlen(buf));
    strncat(buf, "!!!???", 3);
    printf("'%s'\n", buf);
    char pad[10];
    memset(pad, 'X', sizeof pad);
    strncpy(pad, "abc", sizeof pad);
    for (int i = 0; i < 10; i++) printf("%02x", (unsigned char)pad[i]);
    printf("\n");
    char nt[4];
    strncpy(nt, "abcdefg", 4); /* no terminator */
    printf("%c%c%c%c\n", nt[0], nt[1], nt[2], nt[3]);
    char *ret = strcpy(buf, "x");
    printf("ret same %d '%s'\n", ret == buf, buf);
    /* memcmp sign with high bytes (unsigned comparison) */
    unsigned char a[] = {1, 2, 0x80, 4}, b[] = {1, 2, 0x7f, 4};
    printf("memcmp %d %d %d %d\n", sgn(memcmp(a, b, 4)), sgn(memcmp(b, a, 4)), sgn(memcmp(a, b, 2)), memcmp(a, a, 0));
    /* building a string with repeated strcat and strncat */
    char acc[128] = "";
    for (int i = 0; i < 8; i++) {
        strncat(acc, "0123456789", (size_t)i + 1);
        strcat(acc, "|");
    }
    printf("%s %zu\n", acc, strlen(acc));
    /* strcmp used for sorting (bubble sort of words) */
    const char *words[] = {"pear", "apple", "fig", "banana", "apples", "Apple", "cherry"};
    for (int i = 0; i < 7; i++)
        for (int j = 0; j + 1 < 7 - i; j++)
            if (strcmp(words[j], words[j + 1]) > 0) { const char *t = words[j]; words[j] = words[j + 1]; words[j + 1] = t; }
    for (int i = 0; i < 7; i++) printf("%s ", words[i]);
    printf("\n");
    return 0;
}
