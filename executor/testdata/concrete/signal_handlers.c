// Signal handlers the program sends itself: signal() and sigaction()
// (SA_SIGINFO, SA_RESETHAND), handlers that return and one that
// longjmps out; setjmp/longjmp/sigsetjmp across frames; atexit and
// on_exit handlers run in reverse order at exit.
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile int hits;
static jmp_buf env;
static sigjmp_buf senv;

static void count(int sig) { hits += sig; }

static void info(int sig, siginfo_t *si, void *uc) {
    (void)uc;
    printf("info sig=%d signo=%d\n", sig, si->si_signo);
    hits++;
}

static void escape(int sig) { siglongjmp(senv, sig); }
static void abrt(int sig) { siglongjmp(senv, 100 + sig); }

__attribute__((noinline)) static int deep(int n) {
    if (n == 0)
        longjmp(env, 7);
    return deep(n - 1) + 1;
}

__attribute__((noinline)) static int zero_jump(void) {
    longjmp(env, 0); // setjmp then returns 1
}

static void bye1(void) { printf("bye1 hits=%d\n", hits); }
static void bye2(void) { printf("bye2\n"); }
static void bye3(int status, void *arg) { printf("on_exit status=%d arg=%s\n", status, (char *)arg); }

int main(void) {
    void (*old)(int) = signal(SIGUSR1, count);
    printf("old is default: %d\n", old == SIG_DFL);
    raise(SIGUSR1);
    raise(SIGUSR1);
    printf("hits=%d\n", hits);
    old = signal(SIGUSR1, SIG_IGN);
    printf("old is count: %d\n", old == count);
    raise(SIGUSR1);
    printf("hits=%d\n", hits);

    struct sigaction sa, prev;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = info;
    sa.sa_flags = SA_SIGINFO | SA_RESETHAND;
    sigemptyset(&sa.sa_mask);
    printf("sigaction=%d\n", sigaction(SIGUSR2, &sa, &prev));
    printf("prev default: %d\n", prev.sa_handler == SIG_DFL);
    kill(getpid(), SIGUSR2);
    sigaction(SIGUSR2, NULL, &prev);
    printf("reset to default: %d\n", prev.sa_handler == SIG_DFL);
    printf("bad signal: %d\n", signal(0, count) == SIG_ERR);

    int r = setjmp(env);
    printf("setjmp returned %d\n", r);
    if (r == 0)
        printf("deep=%d\n", deep(5));
    else if (r == 7)
        zero_jump();

    volatile int loops = 0;
    for (int i = 0; i < 3; i++) {
        if (setjmp(env) == 0)
            deep(2);
        loops++;
    }
    printf("loops=%d\n", loops);

    signal(SIGTERM, escape);
    int s = sigsetjmp(senv, 1);
    printf("sigsetjmp returned %d\n", s);
    if (s == 0) {
        raise(SIGTERM);
        printf("not reached\n");
    }

    signal(SIGABRT, abrt);
    if ((s = sigsetjmp(senv, 1)) == 0)
        abort();
    printf("escaped abort with %d\n", s);

    atexit(bye2);
    on_exit(bye3, "arg");
    atexit(bye1);
    printf("returning\n");
    return 3;
}
