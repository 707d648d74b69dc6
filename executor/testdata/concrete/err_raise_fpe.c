// expect: signal line 11
// raise(SIGFPE) with the default disposition kills the process (as GMP's
// invalid-operation path does); a handler installed earlier and reset to
// SIG_DFL no longer runs.
#include <signal.h>
#include <stdio.h>

static void on_fpe(int sig) { printf("handler %d\n", sig); }

__attribute__((noinline)) static void fail(void) {
    raise(SIGFPE); // <- killed here
}

int main(void) {
    signal(SIGFPE, on_fpe);
    raise(SIGFPE);
    signal(SIGFPE, SIG_DFL);
    fflush(stdout);
    fail();
    printf("not reached\n");
    return 0;
}
