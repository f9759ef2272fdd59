/*
 * spawn_timer: runs one command and reports its wall time and peak memory, for run.py.
 *
 *   spawn_timer OUT ERR PROGRAM [ARG...]
 *     prints "<wall nanoseconds> <max RSS KiB> <exit status> <user+system CPU microseconds>"
 *
 * Why not from Python directly: ru_maxrss of a child includes the RSS of the process it was
 * forked or vforked from until exec (Linux folds the old mm's high-water mark in at exec), so a
 * child of a 14 MiB Python reports at least 14 MiB. This launcher is about 1 MiB.
 * Build: cc -O2 -o spawn_timer spawn_timer.c
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>

extern char **environ;

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: spawn_timer OUT ERR PROGRAM [ARG...]\n");
    return 64;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_addopen(&actions, 2, argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0600);
  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  pid_t pid;
  if (posix_spawn(&pid, argv[3], &actions, NULL, argv + 3, environ) != 0) {
    perror(argv[3]);
    return 127;
  }
  int status;
  struct rusage usage;
  if (wait4(pid, &status, 0, &usage) < 0) {
    perror("wait4");
    return 127;
  }
  clock_gettime(CLOCK_MONOTONIC, &end);
  long long ns = (long long)(end.tv_sec - start.tv_sec) * 1000000000LL + (end.tv_nsec - start.tv_nsec);
  int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  long long cpu = (long long)(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000000LL +
                  usage.ru_utime.tv_usec + usage.ru_stime.tv_usec;
  printf("%lld %ld %d %lld\n", ns, usage.ru_maxrss, code, cpu);
  return 0;
}
