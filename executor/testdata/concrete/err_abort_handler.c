// expect: abort line 14
// A SIGABRT handler that returns does not save the process: abort()
// kills it after the handler ran.
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

static void on_abrt(int sig) { printf("handler %d\n", sig); }

int main(void) {
    signal(SIGABRT, on_abrt);
    printf("aborting\n");
    fflush(stdout);
    abort(); // <- killed here
    printf("not reached\n");
    return 0;
}
