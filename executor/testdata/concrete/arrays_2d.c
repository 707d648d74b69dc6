// 2D and 3D arrays: row-major layout, matrix multiply (int and double), transpose,
// passing as pointer-to-array and VLA parameters, pointer arithmetic over rows.
#include <stdio.h>

#define N 6

__attribute__((noinline)) static void matmul(int n, const double a[n][n], const double b[n][n], double c[n][n]) {
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double s = 0;
            for (int k = 0; k < n; k++) s += a[i][k] * b[k][j];
            c[i][j] = s;
        }
}

__attribute__((noinline)) static void transpose(int m[N][N]) {
    for (int i = 0; i < N; i++)
        for (int j = i + 1; j < N; j++) { int t = m[i][j]; m[i][j] = m[j][i]; m[j][i] = t; }
}

__attribute__((noinline)) static long trace3(int (*cube)[3][3], int n) {
    long s = 0;
    for (int i = 0; i < n; i++) s += cube[i][i % 3][(i + 1) % 3] * (long)(i + 1);
    return s;
}

int main(void) {
    double a[N][N], b[N][N], c[N][N];
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            a[i][j] = 1.0 / (i + j + 1);
            b[i][j] = (i == j) ? 2.0 : 0.1 * (i - j);
        }
    matmul(N, (const double (*)[N])a, (const double (*)[N])b, c);
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++) printf("%a ", c[i][j]);
        printf("\n");
    }
    int m[N][N];
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) m[i][j] = i * 10 + j;
    transpose(m);
    int *flat = &m[0][0];
    long fs = 0;
    for (int i = 0; i < N * N; i++) fs = fs * 3 + flat[i];
    printf("transpose %d %d %ld\n", m[1][4], m[5][0], fs);
    int cube[4][3][3];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 3; k++) cube[i][j][k] = i * 9 + j * 3 + k;
    printf("cube %ld size %zu %zu\n", trace3(cube, 4), sizeof cube, sizeof cube[1]);
    /* row pointers */
    int (*row)[N] = m;
    row += 2;
    printf("row %d %d\n", (*row)[3], row[1][2]);
    char grid[3][5] = {"abcd", "efgh", "ijkl"};
    for (int i = 0; i < 3; i++) printf("grid %s %c\n", grid[i], grid[2 - i][i]);
    /* VLA */
    volatile int n = 5;
    int vla[n][n + 1];
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= n; j++) vla[i][j] = (i + 1) * (j + 2);
    long vs = 0;
    for (int i = 0; i < n; i++) vs += vla[i][n - i];
    printf("vla %ld %zu\n", vs, sizeof vla);
    return 0;
}
