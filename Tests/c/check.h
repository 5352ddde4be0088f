/*
 * check.h — what every C test of Brace (Tests/c/test_*.c) checks with: CHECK, CHECK_EQ,
 * OK and ERR, which count each check and print file:line, the section and a context's
 * last error when one fails; a watchdog that turns a hang into a failure; stderr capture;
 * a file copy; and the summary line with the counts.
 *
 * Include it first, as "check.h" (it sits next to the tests, so no -I is needed): it
 * asks for POSIX before any system header. The counters are atomic because
 * test_threads checks from several threads at once.
 */
#ifndef BRACE_TEST_CHECK_H
#define BRACE_TEST_CHECK_H

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <brace/brace.h>

#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static atomic_int g_checks;
static atomic_int g_failures;
/* The context whose last error a failing check prints (NULL: the context-less one). */
static brace_context *g_ctx;
/* Printed with each failure, to say which part of the test it was in. */
static const char *g_section = "";

/* Counts a failure and prints it with `ctx`'s last error (of the calling thread). */
static inline void fail_in(brace_context *ctx, const char *file, int line, const char *what) {
  g_failures++;
  fprintf(stderr, "%s:%d: FAIL %s%s%s%s\n    last error: \"%s\"\n", file, line, g_section[0] ? "[" : "", g_section,
          g_section[0] ? "] " : "", what, brace_last_error(ctx));
}

static inline void fail_at(const char *file, int line, const char *what) { fail_in(g_ctx, file, line, what); }

/* A condition that must hold; CHECK_IN names the context whose last error to print
   (in a thread, the one it works on). */
#define CHECK_IN(ctx, cond)                                 \
  do {                                                      \
    g_checks++;                                             \
    if (!(cond)) fail_in((ctx), __FILE__, __LINE__, #cond); \
  } while (0)
#define CHECK(cond) CHECK_IN(g_ctx, cond)

/* Two integers that must be equal; prints both when they are not. */
#define CHECK_EQ(a, b)                                                               \
  do {                                                                               \
    long long a_ = (long long)(a), b_ = (long long)(b);                              \
    g_checks++;                                                                      \
    if (a_ != b_) {                                                                  \
      char m_[512];                                                                  \
      snprintf(m_, sizeof m_, "%s == %s (got %lld, expected %lld)", #a, #b, a_, b_); \
      fail_at(__FILE__, __LINE__, m_);                                               \
    }                                                                                \
  } while (0)

/* A call that must succeed. */
#define OK_IN(ctx, call)                                                       \
  do {                                                                         \
    brace_status s_ = (call);                                                  \
    g_checks++;                                                                \
    if (s_ != BRACE_OK) {                                                      \
      char m_[512];                                                            \
      snprintf(m_, sizeof m_, "%s returned %s", #call, brace_status_name(s_)); \
      fail_in((ctx), __FILE__, __LINE__, m_);                                  \
    }                                                                          \
  } while (0)
#define OK(call) OK_IN(g_ctx, call)

/* Whether `hay` contains `needle`, ignoring ASCII case. */
static inline int contains_ci(const char *hay, const char *needle) {
  size_t n = strlen(needle);
  if (n == 0) return 1;
  for (; *hay; hay++) {
    size_t i = 0;
    while (i < n && hay[i] && ((hay[i] | 0x20) == (needle[i] | 0x20))) i++;
    if (i == n) return 1;
  }
  return 0;
}

/* A call that must fail with `want`, leaving a last error on `ctx` that names the
   function called and contains `needle` (case-insensitive). */
#define ERR(ctx, want, needle, call) expect_error((ctx), (want), (needle), (call), #call, __FILE__, __LINE__)

static inline void expect_error(brace_context *ctx, brace_status want, const char *needle, brace_status got,
                                const char *call, const char *file, int line) {
  char m[1024];
  char fn[128];
  size_t k = 0;
  g_checks++;
  /* The function's name is the call text up to its '('. */
  while (call[k] && call[k] != '(' && k + 1 < sizeof fn) {
    fn[k] = call[k];
    k++;
  }
  fn[k] = '\0';
  if (got != want) {
    snprintf(m, sizeof m, "%s returned %s, expected %s", call, brace_status_name(got), brace_status_name(want));
    fail_in(ctx, file, line, m);
    return;
  }
  const char *msg = brace_last_error(ctx);
  if (!msg || !contains_ci(msg, fn) || !contains_ci(msg, needle)) {
    snprintf(m, sizeof m, "%s: the last error should name \"%s\" and contain \"%s\"", call, fn, needle);
    fail_in(ctx, file, line, m);
  }
}

static inline brace_rect R(double x, double y, double w, double h) {
  brace_rect r;
  r.x = x;
  r.y = y;
  r.width = w;
  r.height = h;
  return r;
}

static inline int rect_eq(brace_rect a, brace_rect b) {
  return a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height;
}

/* A new node of `ctx` with `frame`, added under `parent` unless it is 0. */
static inline brace_node check_node(brace_context *ctx, brace_node parent, brace_rect frame) {
  brace_node n = 0;
  OK_IN(ctx, brace_node_create(ctx, &n));
  if (parent) OK_IN(ctx, brace_node_add_subview(ctx, parent, n));
  OK_IN(ctx, brace_node_set_frame(ctx, n, frame));
  return n;
}

/* The frame of `n` in g_ctx must be exactly (x, y, w, h); a failure prints both, `name`
   (CHECK_FRAME: the node's expression) and the read's status. */
#define CHECK_FRAME(n, x, y, w, h) check_frame_is((n), (x), (y), (w), (h), #n, __FILE__, __LINE__)

static inline void check_frame_is(brace_node n, double x, double y, double w, double h, const char *name,
                                  const char *file, int line) {
  brace_rect r = {-1, -1, -1, -1};
  brace_status s = brace_node_get_frame(g_ctx, n, &r);
  g_checks++;
  if (s != BRACE_OK || r.x != x || r.y != y || r.width != w || r.height != h) {
    char m[512];
    snprintf(m, sizeof m, "frame of %s is {%g, %g, %g, %g}, expected {%g, %g, %g, %g} (%s)", name, r.x, r.y,
             r.width, r.height, x, y, w, h, brace_status_name(s));
    fail_at(file, line, m);
  }
}

/* ------------------------------------------------------------------ watchdog */

static const char *g_watchdog_message = "WATCHDOG: a call did not return (hang)\n";

static inline void check_on_alarm(int sig) {
  (void)sig;
  if (write(2, g_watchdog_message, strlen(g_watchdog_message)) < 0) _exit(3);
  _exit(3);
}

/* From now on SIGALRM (alarm(seconds) here, or a test's own alarm) prints `message`
   and ends the program with status 3. */
static inline void check_watchdog(const char *message, unsigned seconds) {
  g_watchdog_message = message;
  signal(SIGALRM, check_on_alarm);
  alarm(seconds);
}

/* ------------------------------------------------------------------ running */

/* A context with the default options, also made g_ctx; NULL after saying why not and
   counting a failure, so that a part of a test that gives up on NULL fails the test. */
static inline brace_context *check_new_context(const char *test) {
  brace_context *ctx = NULL;
  brace_status s = brace_context_create(NULL, &ctx);
  g_checks++;
  if (s != BRACE_OK) {
    g_failures++;
    fprintf(stderr, "%s: FATAL: brace_context_create(NULL, &ctx) returned %s: %s\n", test, brace_status_name(s),
            brace_last_error(NULL));
    return NULL;
  }
  g_ctx = ctx;
  return ctx;
}

/* Without a context nothing else can be tested: 0 after saying so once, else 1. */
static inline int check_can_create_context(const char *test) {
  brace_context *probe = check_new_context(test);
  if (!probe) return 0;
  brace_context_destroy(probe);
  g_ctx = NULL;
  return 1;
}

/* Prints "<test>: N checks, M failed"; the program's exit status. */
static inline int check_summary(const char *test) {
  int failures = g_failures;
  printf("%s: %d checks, %d failed\n", test, (int)g_checks, failures);
  return failures == 0 ? 0 : 1;
}

/* Copies the file `from` to `to`; 1 when it did. */
static inline int check_copy_file(const char *from, const char *to) {
  FILE *in = fopen(from, "rb"), *out = in ? fopen(to, "wb") : NULL;
  char buf[65536];
  size_t n;
  int ok = in && out;
  while (ok && (n = fread(buf, 1, sizeof buf, in)) > 0) ok = fwrite(buf, 1, n, out) == n;
  if (in) fclose(in);
  if (out && fclose(out) != 0) ok = 0;
  return ok;
}

/* ------------------------------------------------------------------ stderr capture */

/* stderr into a temporary file until end_capture, which puts it back and rewinds the
   file for reading (the caller closes it). NULL when stderr cannot be captured. */
static inline FILE *begin_capture(int *saved) {
  fflush(stderr);
  *saved = dup(2);
  FILE *capture = tmpfile();
  if (*saved < 0 || !capture) {
    CHECK(!"cannot capture stderr");
    if (capture) fclose(capture);
    if (*saved >= 0) close(*saved);
    return NULL;
  }
  dup2(fileno(capture), 2);
  return capture;
}

static inline void end_capture(FILE *capture, int saved) {
  fflush(stderr);
  dup2(saved, 2);
  close(saved);
  rewind(capture);
}

#endif
