// expect: signal line 14
// kill(getpid(), SIGUSR1) with no handler kills the process; SIG_IGN'd
// signals and those ignored by default (SIGCHLD) do not.
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

int main(void) {
    signal(SIGUSR2, SIG_IGN);
    kill(getpid(), SIGUSR2);
    raise(SIGCHLD);
    printf("still alive\n");
    fflush(stdout);
    kill(getpid(), SIGUSR1); // <- killed here
    printf("not reached\n");
    return 0;
}
