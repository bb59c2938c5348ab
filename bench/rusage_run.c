/* Runs a command and writes its CPU time and peak RSS (from wait4) to the file argv[1]:
 * "user_seconds sys_seconds maxrss_kib exit_code". bench/side_by_side.py builds it with the
 * C compiler because Linux carries a process's peak RSS across exec: a child forked from
 * Python would report at least Python's own ~16 MiB. Forked from this small program, the
 * floor is about 1 MiB, the same for both sides of a comparison. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: rusage_run OUT CMD [ARGS...]\n");
        return 2;
    }
    pid_t pid = fork();
    if (pid < 0) { perror("fork"); return 2; }
    if (pid == 0) {
        execvp(argv[2], argv + 2);
        perror("execvp");
        _exit(127);
    }
    int status;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) < 0) { perror("wait4"); return 2; }
    FILE *f = fopen(argv[1], "w");
    if (!f) { perror(argv[1]); return 2; }
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    fprintf(f, "%ld.%06ld %ld.%06ld %ld %d\n", (long)ru.ru_utime.tv_sec, (long)ru.ru_utime.tv_usec,
            (long)ru.ru_stime.tv_sec, (long)ru.ru_stime.tv_usec, ru.ru_maxrss, code);
    fclose(f);
    return 0;
}
