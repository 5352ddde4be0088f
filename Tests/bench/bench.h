/*
 * bench.h — what the C and C++ benchmarks of Tests/bench (install_bench, chain_bench,
 * animation_bench, kiwi_build) share: the clocks they time with, the heap in use, a Brace
 * call that must succeed, the comparison their figures are sorted with, and a run of the
 * program itself in a fresh process (for first-use figures).
 *
 * Include it first, as "bench.h" (it sits next to them, so no -I is needed), after
 * defining BENCH_NAME, the program's name that must() prints.
 */
#ifndef BRACE_BENCH_H
#define BRACE_BENCH_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include <brace/brace.h>

#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef BENCH_NAME
#error "define BENCH_NAME (the program's name) before including bench.h"
#endif

/* The monotonic clock, in ns. */
static inline double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* The calling thread's CPU time, in ns (a system call of about 0.4 µs here: for figures
   of a millisecond or more). */
static inline double cpu_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* Heap bytes in use (glibc mallinfo2): the small blocks and the mmapped ones. */
static inline long heap_in_use(void) {
  struct mallinfo2 m = mallinfo2();
  return (long)(m.uordblks + m.hblkhd);
}

/* `s` must be BRACE_OK: else the program says what failed, with ctx's last error, and
   exits with status 1. */
static inline void must(brace_context *ctx, brace_status s, const char *what) {
  if (s != BRACE_OK) {
    fprintf(stderr, BENCH_NAME ": %s failed: %s: %s\n", what, brace_status_name(s), brace_last_error(ctx));
    exit(1);
  }
}

/* qsort's comparison of doubles, ascending. */
static inline int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Runs this program (`self`, argv[0]) again with the one argument `flag`, in a fresh
   process, and puts what it printed into `buf` (NUL-terminated, at most size - 1 bytes);
   exits with status 1 when the child fails or prints nothing. */
static inline void run_child(const char *self, const char *flag, char *buf, size_t size) {
  int fd[2];
  if (pipe(fd) != 0) exit(1);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(fd[1], 1);
    execl(self, self, flag, (char *)NULL);
    _exit(127);
  }
  close(fd[1]);
  size_t got = 0;
  ssize_t n;
  while (got + 1 < size && (n = read(fd[0], buf + got, size - 1 - got)) > 0) got += (size_t)n;
  buf[got] = '\0';
  close(fd[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (got == 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    fprintf(stderr, BENCH_NAME ": the %s child failed\n", flag);
    exit(1);
  }
}

#endif
