/*
 * test_core.c — the core C ABI of Brace, exercised the way a C user calls it.
 *
 * Built against the INSTALLED header and library (pkg-config brace) with
 *   -std=c11 -Wall -Wextra -Werror -pedantic
 * and run both normally and under valgrind (no errors, nothing definitely lost).
 * Every check prints file:line and the context's last error when it fails; the program
 * exits non-zero when any check failed. A watchdog (alarm) turns a hang into a failure.
 */
#include "check.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>

/* ------------------------------------------------------------------ helpers */

static int insets_eq(brace_insets a, double t, double l, double b, double r) {
  return a.top == t && a.left == l && a.bottom == b && a.right == r;
}
static int dinsets_eq(brace_directional_insets a, double t, double l, double b, double r) {
  return a.top == t && a.leading == l && a.bottom == b && a.trailing == r;
}

static brace_node make_node(brace_context *ctx) {
  brace_node n = BRACE_NODE_NONE;
  OK(brace_node_create(ctx, &n));
  CHECK(n != BRACE_NODE_NONE);
  return n;
}

static brace_node_callbacks callbacks_init(void *user_data) {
  brace_node_callbacks cb;
  memset(&cb, 0, sizeof cb);
  cb.struct_size = (uint32_t)sizeof cb;
  cb.user_data = user_data;
  return cb;
}

/* Clears every flag in ctx by running a turn. */
static void settle(brace_context *ctx) {
  uint32_t pending = 99;
  OK(brace_context_run_update_cycle(ctx));
  OK(brace_context_get_pending(ctx, &pending));
  CHECK(pending == 0);
}

/* ------------------------------------------------------------------ trace recording */

#define MAX_EVENTS 4096
typedef struct recorded_event {
  brace_trace_kind kind;
  brace_phase phase;
  brace_node node;
  brace_rect rect;
} recorded_event;

typedef struct trace_log {
  recorded_event ev[MAX_EVENTS];
  size_t count;
  size_t dropped;
} trace_log;

static void on_trace(brace_context *ctx, const brace_trace_event *e, void *user_data) {
  trace_log *log = user_data;
  (void)ctx;
  if (e->struct_size < sizeof *e) return;
  if (log->count == MAX_EVENTS) {
    log->dropped++;
    return;
  }
  log->ev[log->count].kind = e->kind;
  log->ev[log->count].phase = e->phase;
  log->ev[log->count].node = e->node;
  log->ev[log->count].rect = e->rect;
  log->count++;
}

/* How many events of `kind` name `node` (node 0: any node). */
static size_t count_events(const trace_log *log, brace_trace_kind kind, brace_node node) {
  size_t n = 0;
  for (size_t i = 0; i < log->count; i++)
    if (log->ev[i].kind == kind && (node == 0 || log->ev[i].node == node)) n++;
  return n;
}

/* Index of the first event of `kind` for `node`, or (size_t)-1. */
static size_t find_event(const trace_log *log, brace_trace_kind kind, brace_node node) {
  for (size_t i = 0; i < log->count; i++)
    if (log->ev[i].kind == kind && log->ev[i].node == node) return i;
  return (size_t)-1;
}

/* ------------------------------------------------------------------ diagnostics recording */

typedef struct diag_log {
  int count;
  brace_diagnostic_kind kind;
  char message[2048];
  brace_node nodes[16];
  size_t node_count;
} diag_log;

static void on_diagnostic(brace_context *ctx, const brace_diagnostic *d, void *user_data) {
  diag_log *log = user_data;
  (void)ctx;
  log->count++;
  log->kind = d->kind;
  snprintf(log->message, sizeof log->message, "%s", d->message ? d->message : "(null)");
  log->node_count = d->node_count;
  for (size_t i = 0; i < d->node_count && i < 16; i++) log->nodes[i] = d->nodes[i];
}

static int diag_names(const diag_log *log, brace_node n) {
  for (size_t i = 0; i < log->node_count && i < 16; i++)
    if (log->nodes[i] == n) return 1;
  return 0;
}

/* ================================================================== tests */

static void test_version_and_status_names(void) {
  g_section = "version";
  g_ctx = NULL;
  CHECK(brace_version() == BRACE_VERSION_NUMBER);
  CHECK((brace_version() >> 16) == BRACE_VERSION_MAJOR);
  {
    char want[32];
    snprintf(want, sizeof want, "%d.%d.%d", BRACE_VERSION_MAJOR, BRACE_VERSION_MINOR,
             BRACE_VERSION_PATCH);
    CHECK(brace_version_string() != NULL && strcmp(brace_version_string(), want) == 0);
  }

  static const char *const names[] = {
      "BRACE_OK",                  "BRACE_E_INVALID_ARGUMENT", "BRACE_E_INVALID_HANDLE",
      "BRACE_E_STALE_HANDLE",      "BRACE_E_FOREIGN_HANDLE",   "BRACE_E_INDEX_OUT_OF_RANGE",
      "BRACE_E_CYCLE",             "BRACE_E_BUSY",             "BRACE_E_REENTRANCY",
      "BRACE_E_FEEDBACK_LOOP",     "BRACE_E_NOT_FOUND",        "BRACE_E_TYPE_MISMATCH",
      "BRACE_E_INVALID_STATE",     "BRACE_E_PLUGIN",           "BRACE_E_UNSATISFIABLE",
      "BRACE_E_NO_MEMORY",         "BRACE_E_DUPLICATE"};
  for (int s = 0; s < (int)(sizeof names / sizeof names[0]); s++) {
    const char *got = brace_status_name((brace_status)s);
    CHECK(got != NULL && strcmp(got, names[s]) == 0);
  }
  CHECK(strcmp(brace_status_name(BRACE_E_STALE_HANDLE), "BRACE_E_STALE_HANDLE") == 0);
  CHECK(strcmp(brace_status_name((brace_status)17), "BRACE_E_UNKNOWN") == 0);
  CHECK(strcmp(brace_status_name((brace_status)-1), "BRACE_E_UNKNOWN") == 0);
  CHECK(strcmp(brace_status_name((brace_status)100000), "BRACE_E_UNKNOWN") == 0);
}

static void test_context_options(void) {
  brace_context_options o, got;
  brace_context *ctx = NULL;
  g_section = "context options";
  g_ctx = NULL;

  brace_context_options_init(NULL); /* does nothing, must not crash */
  memset(&o, 0xAB, sizeof o);
  brace_context_options_init(&o);
  CHECK(o.struct_size == sizeof o);
  CHECK(o.scale == 1.0);
  CHECK(o.layout_direction == BRACE_DIRECTION_LTR);

  /* Defaults with NULL options. */
  OK(brace_context_create(NULL, &ctx));
  CHECK(ctx != NULL);
  g_ctx = ctx;
  memset(&got, 0, sizeof got);
  got.struct_size = sizeof got;
  OK(brace_context_get_options(ctx, &got));
  CHECK(got.scale == 1.0 && got.layout_direction == BRACE_DIRECTION_LTR);
  CHECK(got.feedback_loop_threshold == 100);
  CHECK(strcmp(brace_last_error(ctx), "") == 0);
  OK(brace_context_destroy(ctx));
  g_ctx = NULL;

  /* Scale, RTL and threshold clamping. */
  {
    static const uint32_t asked[] = {0, 1, 49, 50, 51, 100, 9999, 10000, 10001, 4000000000u};
    static const uint32_t want[] = {100, 50, 50, 50, 51, 100, 9999, 10000, 10000, 10000};
    for (size_t i = 0; i < sizeof asked / sizeof asked[0]; i++) {
      brace_context_options_init(&o);
      o.scale = 3.0;
      o.layout_direction = BRACE_DIRECTION_RTL;
      o.feedback_loop_threshold = asked[i];
      ctx = NULL;
      OK(brace_context_create(&o, &ctx));
      if (!ctx) continue;
      memset(&got, 0, sizeof got);
      got.struct_size = sizeof got;
      OK(brace_context_get_options(ctx, &got));
      CHECK(got.scale == 3.0);
      CHECK(got.layout_direction == BRACE_DIRECTION_RTL);
      CHECK(got.feedback_loop_threshold == want[i]);
      if (got.feedback_loop_threshold != want[i])
        fprintf(stderr, "    threshold %u -> %u, expected %u\n", asked[i],
                got.feedback_loop_threshold, want[i]);
      OK(brace_context_destroy(ctx));
    }
  }

  /* Errors of brace_context_create, read with brace_last_error(NULL). */
  ctx = (brace_context *)&o; /* a sentinel: must stay untouched on failure */
  ERR(NULL, BRACE_E_INVALID_ARGUMENT, "out", brace_context_create(NULL, NULL));
  brace_context_options_init(&o);
  o.struct_size = 0;
  ERR(NULL, BRACE_E_INVALID_ARGUMENT, "struct_size", brace_context_create(&o, &ctx));
  o.struct_size = 4;
  ERR(NULL, BRACE_E_INVALID_ARGUMENT, "struct_size", brace_context_create(&o, &ctx));
  {
    const double bad_scales[] = {0.0, -1.0, NAN, INFINITY, -INFINITY};
    for (size_t i = 0; i < sizeof bad_scales / sizeof bad_scales[0]; i++) {
      brace_context_options_init(&o);
      o.scale = bad_scales[i];
      ERR(NULL, BRACE_E_INVALID_ARGUMENT, "scale", brace_context_create(&o, &ctx));
    }
  }
  brace_context_options_init(&o);
  o.layout_direction = BRACE_DIRECTION_INHERIT;
  ERR(NULL, BRACE_E_INVALID_ARGUMENT, "direction", brace_context_create(&o, &ctx));
  brace_context_options_init(&o);
  o.layout_direction = (brace_layout_direction)7;
  ERR(NULL, BRACE_E_INVALID_ARGUMENT, "direction", brace_context_create(&o, &ctx));
  CHECK(ctx == (brace_context *)&o);

  /* A caller compiled against a later minor version passes a bigger struct: accepted. */
  {
    struct {
      brace_context_options base;
      double future_field;
    } bigger;
    memset(&bigger, 0, sizeof bigger);
    brace_context_options_init(&bigger.base);
    bigger.base.struct_size = sizeof bigger;
    bigger.base.scale = 2.0;
    ctx = NULL;
    OK(brace_context_create(&bigger.base, &ctx));
    if (ctx) OK(brace_context_destroy(ctx));
  }

  /* get_options errors. */
  OK(brace_context_create(NULL, &ctx));
  g_ctx = ctx;
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "out", brace_context_get_options(ctx, NULL));
  memset(&got, 0, sizeof got);
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "struct_size", brace_context_get_options(ctx, &got));
  ERR(NULL, BRACE_E_INVALID_ARGUMENT, "NULL", brace_context_get_options(NULL, &got));
  OK(brace_context_destroy(ctx));
  g_ctx = NULL;

  /* Destroying NULL is accepted. */
  OK(brace_context_destroy(NULL));
}

static void test_tree(void) {
  brace_context *ctx = NULL;
  brace_node root, a, b, c, d, out;
  size_t count = 0, idx = 0;
  brace_node buf[8];
  g_section = "tree";
  OK(brace_context_create(NULL, &ctx));
  g_ctx = ctx;

  root = make_node(ctx);
  a = make_node(ctx);
  b = make_node(ctx);
  c = make_node(ctx);
  d = make_node(ctx);
  CHECK(root != a && a != b && b != c && c != d);
  CHECK(brace_node_is_alive(ctx, root));
  CHECK(!brace_node_is_alive(ctx, BRACE_NODE_NONE));
  CHECK(!brace_node_is_alive(NULL, root));

  OK(brace_node_get_superview(ctx, a, &out));
  CHECK(out == BRACE_NODE_NONE);
  OK(brace_node_get_subview_count(ctx, root, &count));
  CHECK(count == 0);

  /* add: a, b, c in order */
  OK(brace_node_add_subview(ctx, root, a));
  OK(brace_node_add_subview(ctx, root, b));
  OK(brace_node_add_subview(ctx, root, c));
  OK(brace_node_get_subview_count(ctx, root, &count));
  CHECK(count == 3);
  OK(brace_node_get_superview(ctx, b, &out));
  CHECK(out == root);
  OK(brace_node_get_subview(ctx, root, 0, &out));
  CHECK(out == a);
  OK(brace_node_get_subview(ctx, root, 2, &out));
  CHECK(out == c);
  OK(brace_node_get_index(ctx, c, &idx));
  CHECK(idx == 2);

  /* the subviews buffer: count only, partial copy, full copy */
  count = 99;
  OK(brace_node_get_subviews(ctx, root, NULL, 0, &count));
  CHECK(count == 3);
  memset(buf, 0, sizeof buf);
  OK(brace_node_get_subviews(ctx, root, buf, 2, &count));
  CHECK(count == 3 && buf[0] == a && buf[1] == b && buf[2] == 0);
  OK(brace_node_get_subviews(ctx, root, buf, 8, &count));
  CHECK(count == 3 && buf[0] == a && buf[1] == b && buf[2] == c && buf[3] == 0);
  /* "my buffer is big enough": SIZE_MAX capacity copies count handles, no more */
  memset(buf, 0, sizeof buf);
  OK(brace_node_get_subviews(ctx, root, buf, (size_t)-1, &count));
  CHECK(count == 3 && buf[0] == a && buf[2] == c && buf[3] == 0);

  /* add of a child already there moves it to the end: [b, c, a] */
  OK(brace_node_add_subview(ctx, root, a));
  OK(brace_node_get_subviews(ctx, root, buf, 8, &count));
  CHECK(count == 3 && buf[0] == b && buf[1] == c && buf[2] == a);

  /* insert at 0 (moving within the parent): [a, b, c] */
  OK(brace_node_insert_subview(ctx, root, a, 0));
  OK(brace_node_get_subviews(ctx, root, buf, 8, &count));
  CHECK(count == 3 && buf[0] == a && buf[1] == b && buf[2] == c);

  /* the index is counted before the child is detached: a at 2 goes before c: [b, a, c] */
  OK(brace_node_insert_subview(ctx, root, a, 2));
  OK(brace_node_get_subviews(ctx, root, buf, 8, &count));
  CHECK(count == 3 && buf[0] == b && buf[1] == a && buf[2] == c);
  /* index == count appends: [b, c, a] */
  OK(brace_node_insert_subview(ctx, root, a, 3));
  OK(brace_node_get_subviews(ctx, root, buf, 8, &count));
  CHECK(count == 3 && buf[0] == b && buf[1] == c && buf[2] == a);

  /* insert a new child in the middle: [b, d, c, a] */
  OK(brace_node_insert_subview(ctx, root, d, 1));
  OK(brace_node_get_subviews(ctx, root, buf, 8, &count));
  CHECK(count == 4 && buf[0] == b && buf[1] == d && buf[2] == c && buf[3] == a);
  OK(brace_node_get_index(ctx, d, &idx));
  CHECK(idx == 1);

  /* move d under c (reparent): root [b, c, a], c [d] */
  settle(ctx);
  OK(brace_node_add_subview(ctx, c, d));
  OK(brace_node_get_superview(ctx, d, &out));
  CHECK(out == c);
  OK(brace_node_get_subview_count(ctx, root, &count));
  CHECK(count == 3);
  OK(brace_node_get_index(ctx, d, &idx));
  CHECK(idx == 0);
  {
    bool needs = false;
    OK(brace_node_get_needs_layout(ctx, root, &needs)); /* the old superview */
    CHECK(needs);
    OK(brace_node_get_needs_layout(ctx, c, &needs)); /* the new one */
    CHECK(needs);
    OK(brace_node_get_needs_layout(ctx, d, &needs)); /* the child */
    CHECK(needs);
  }

  /* cycles are refused and change nothing */
  ERR(ctx, BRACE_E_CYCLE, "itself", brace_node_add_subview(ctx, a, a));
  ERR(ctx, BRACE_E_CYCLE, "cycl", brace_node_add_subview(ctx, d, root));
  ERR(ctx, BRACE_E_CYCLE, "cycl", brace_node_insert_subview(ctx, d, c, 0));
  ERR(ctx, BRACE_E_CYCLE, "cycl", brace_node_add_subview(ctx, c, root));
  OK(brace_node_get_superview(ctx, root, &out));
  CHECK(out == BRACE_NODE_NONE);
  OK(brace_node_get_superview(ctx, c, &out));
  CHECK(out == root);

  /* out-of-range indices */
  ERR(ctx, BRACE_E_INDEX_OUT_OF_RANGE, "range", brace_node_insert_subview(ctx, root, d, 4));
  ERR(ctx, BRACE_E_INDEX_OUT_OF_RANGE, "range", brace_node_insert_subview(ctx, root, d, (size_t)-1));
  OK(brace_node_get_superview(ctx, d, &out));
  CHECK(out == c); /* unchanged */
  ERR(ctx, BRACE_E_INDEX_OUT_OF_RANGE, "range", brace_node_get_subview(ctx, root, 3, &out));
  ERR(ctx, BRACE_E_INDEX_OUT_OF_RANGE, "range", brace_node_get_subview(ctx, root, (size_t)-1, &out));
  ERR(ctx, BRACE_E_INVALID_STATE, "superview", brace_node_get_index(ctx, root, &idx));

  /* NULL out pointers */
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "NULL", brace_node_get_superview(ctx, a, NULL));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "NULL", brace_node_get_subview_count(ctx, a, NULL));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "NULL", brace_node_get_subview(ctx, root, 0, NULL));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "NULL", brace_node_get_subviews(ctx, root, buf, 8, NULL));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "buffer", brace_node_get_subviews(ctx, root, NULL, 2, &count));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "NULL", brace_node_get_index(ctx, a, NULL));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "NULL", brace_node_create(ctx, NULL));

  /* remove_from_superview: a becomes a root; removing a root again is fine */
  OK(brace_node_remove_from_superview(ctx, a));
  OK(brace_node_get_superview(ctx, a, &out));
  CHECK(out == BRACE_NODE_NONE);
  OK(brace_node_remove_from_superview(ctx, a));
  OK(brace_node_get_subview_count(ctx, root, &count));
  CHECK(count == 2);

  /* destroy removes the whole subtree: c and d go, root is flagged for layout */
  settle(ctx);
  OK(brace_node_destroy(ctx, c));
  CHECK(!brace_node_is_alive(ctx, c));
  CHECK(!brace_node_is_alive(ctx, d));
  OK(brace_node_get_subview_count(ctx, root, &count));
  CHECK(count == 1);
  {
    bool needs = false;
    OK(brace_node_get_needs_layout(ctx, root, &needs));
    CHECK(needs);
  }
  ERR(ctx, BRACE_E_STALE_HANDLE, "stale", brace_node_get_superview(ctx, d, &out));
  ERR(ctx, BRACE_E_STALE_HANDLE, "stale", brace_node_destroy(ctx, c));

  /* a node and subtree survive being a separate root; the context frees them */
  OK(brace_node_add_subview(ctx, a, make_node(ctx)));
  OK(brace_context_destroy(ctx));
  g_ctx = NULL;
}

/* Regression (issue 10): a handle kept after its context was destroyed stays foreign to
   the contexts created after it. With the old 12-bit context tag the 4,095th later
   context got the tag back and accepted the handle as its own node. */
static void test_handle_outlives_context(void) {
  g_section = "handle outlives its context";
  brace_context *first = NULL;
  OK(brace_context_create(NULL, &first));
  g_ctx = first;
  brace_node old = make_node(first);
  brace_context_destroy(first);
  int accepted = 0;
  for (int i = 0; i < 5000; i++) {
    brace_context *c = NULL;
    if (brace_context_create(NULL, &c) != BRACE_OK) {
      CHECK(!"brace_context_create failed");
      break;
    }
    g_ctx = c;
    brace_node n = make_node(c); /* slot 0, generation 1: what `old` names */
    (void)n;
    brace_rect r;
    if (brace_node_get_frame(c, old, &r) != BRACE_E_FOREIGN_HANDLE || brace_node_is_alive(c, old)) accepted++;
    brace_context_destroy(c);
  }
  g_ctx = NULL;
  CHECK_EQ(accepted, 0);
}

static void test_handles(void) {
  brace_context *ctx = NULL, *other = NULL;
  brace_node n, reused, foreign, out;
  brace_rect r;
  g_section = "handles";
  OK(brace_context_create(NULL, &ctx));
  OK(brace_context_create(NULL, &other));
  g_ctx = ctx;

  n = make_node(ctx);

  /* NULL context */
  ERR(NULL, BRACE_E_INVALID_ARGUMENT, "context", brace_node_create(NULL, &out));
  ERR(NULL, BRACE_E_INVALID_ARGUMENT, "context", brace_node_get_frame(NULL, n, &r));
  ERR(NULL, BRACE_E_INVALID_ARGUMENT, "context", brace_node_set_needs_layout(NULL, n));
  ERR(NULL, BRACE_E_INVALID_ARGUMENT, "context", brace_context_run_update_cycle(NULL));
  ERR(NULL, BRACE_E_INVALID_ARGUMENT, "context", brace_context_set_trace_callback(NULL, NULL, NULL));

  /* handle 0 and nonsense handles */
  ERR(ctx, BRACE_E_INVALID_HANDLE, "null handle", brace_node_get_frame(ctx, BRACE_NODE_NONE, &r));
  ERR(ctx, BRACE_E_INVALID_HANDLE, "node", brace_node_destroy(ctx, BRACE_NODE_NONE));
  ERR(ctx, BRACE_E_INVALID_HANDLE, "parent", brace_node_add_subview(ctx, BRACE_NODE_NONE, n));
  ERR(ctx, BRACE_E_INVALID_HANDLE, "child", brace_node_add_subview(ctx, n, BRACE_NODE_NONE));
  ERR(ctx, BRACE_E_INVALID_HANDLE, "not a node", brace_node_get_frame(ctx, 0x1234u, &r));
  ERR(ctx, BRACE_E_INVALID_HANDLE, "node", brace_node_get_frame(ctx, ~(brace_node)0, &r));
  CHECK(!brace_node_is_alive(ctx, 0x1234u));

  /* stale after destroy, and still stale after the slot is reused */
  OK(brace_node_destroy(ctx, n));
  ERR(ctx, BRACE_E_STALE_HANDLE, "stale", brace_node_get_frame(ctx, n, &r));
  ERR(ctx, BRACE_E_STALE_HANDLE, "stale", brace_node_set_frame(ctx, n, R(0, 0, 1, 1)));
  ERR(ctx, BRACE_E_STALE_HANDLE, "stale", brace_node_set_needs_layout(ctx, n));
  ERR(ctx, BRACE_E_STALE_HANDLE, "stale", brace_node_set_user_data(ctx, n, &r));
  reused = make_node(ctx);
  CHECK(reused != n);
  ERR(ctx, BRACE_E_STALE_HANDLE, "stale", brace_node_get_frame(ctx, n, &r));
  ERR(ctx, BRACE_E_STALE_HANDLE, "stale", brace_node_destroy(ctx, n));
  CHECK(!brace_node_is_alive(ctx, n));
  CHECK(brace_node_is_alive(ctx, reused));
  /* the failed calls through the stale handle did not touch the new occupant */
  OK(brace_node_get_frame(ctx, reused, &r));
  CHECK(rect_eq(r, R(0, 0, 0, 0)));
  {
    void *ud = &r;
    OK(brace_node_get_user_data(ctx, reused, &ud));
    CHECK(ud == NULL);
  }

  /* a handle of another context */
  g_ctx = other;
  OK(brace_node_create(other, &foreign));
  g_ctx = ctx;
  ERR(ctx, BRACE_E_FOREIGN_HANDLE, "another context", brace_node_get_frame(ctx, foreign, &r));
  ERR(ctx, BRACE_E_FOREIGN_HANDLE, "another context", brace_node_add_subview(ctx, reused, foreign));
  ERR(ctx, BRACE_E_FOREIGN_HANDLE, "another context", brace_node_destroy(ctx, foreign));
  CHECK(!brace_node_is_alive(ctx, foreign));
  CHECK(brace_node_is_alive(other, foreign));

  /* last errors are per context */
  CHECK(contains_ci(brace_last_error(ctx), "another context"));
  CHECK(strcmp(brace_last_error(other), "") == 0);

  OK(brace_context_destroy(other));
  OK(brace_context_destroy(ctx));
  g_ctx = NULL;
}

static void test_geometry(void) {
  brace_context *ctx = NULL;
  brace_node parent, n;
  brace_rect r;
  brace_point p;
  brace_insets ins;
  bool needs = false, hidden = true;
  g_section = "geometry";
  OK(brace_context_create(NULL, &ctx));
  g_ctx = ctx;
  parent = make_node(ctx);
  n = make_node(ctx);
  OK(brace_node_add_subview(ctx, parent, n));

  /* defaults */
  OK(brace_node_get_frame(ctx, n, &r));
  CHECK(rect_eq(r, R(0, 0, 0, 0)));
  OK(brace_node_get_hidden(ctx, n, &hidden));
  CHECK(!hidden);

  /* frame -> bounds and center */
  OK(brace_node_set_frame(ctx, n, R(10, 20, 100, 50)));
  OK(brace_node_get_frame(ctx, n, &r));
  CHECK(rect_eq(r, R(10, 20, 100, 50)));
  OK(brace_node_get_bounds(ctx, n, &r));
  CHECK(rect_eq(r, R(0, 0, 100, 50)));
  OK(brace_node_get_center(ctx, n, &p));
  CHECK(p.x == 60 && p.y == 45);

  /* bounds keep the center; the origin is the scroll offset */
  OK(brace_node_set_bounds(ctx, n, R(5, 7, 200, 100)));
  OK(brace_node_get_bounds(ctx, n, &r));
  CHECK(rect_eq(r, R(5, 7, 200, 100)));
  OK(brace_node_get_center(ctx, n, &p));
  CHECK(p.x == 60 && p.y == 45);
  OK(brace_node_get_frame(ctx, n, &r));
  CHECK(rect_eq(r, R(-40, -5, 200, 100)));

  /* center moves the frame, keeps the size and the bounds */
  OK(brace_node_set_center(ctx, n, (brace_point){0, 0}));
  OK(brace_node_get_frame(ctx, n, &r));
  CHECK(rect_eq(r, R(-100, -50, 200, 100)));
  OK(brace_node_get_bounds(ctx, n, &r));
  CHECK(rect_eq(r, R(5, 7, 200, 100)));

  /* a pure move flags nothing; a size change flags the node and its superview */
  settle(ctx);
  OK(brace_node_set_center(ctx, n, (brace_point){50, 50}));
  OK(brace_node_set_frame(ctx, n, R(1, 2, 200, 100)));
  OK(brace_node_get_needs_layout(ctx, n, &needs));
  CHECK(!needs);
  OK(brace_node_get_needs_layout(ctx, parent, &needs));
  CHECK(!needs);
  OK(brace_node_set_frame(ctx, n, R(1, 2, 201, 100)));
  OK(brace_node_get_needs_layout(ctx, n, &needs));
  CHECK(needs);
  OK(brace_node_get_needs_layout(ctx, parent, &needs));
  CHECK(needs);
  settle(ctx);

  /* invalid geometry is refused and changes nothing */
  OK(brace_node_set_frame(ctx, n, R(10, 20, 100, 50)));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "finite", brace_node_set_frame(ctx, n, R(NAN, 0, 1, 1)));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "frame.y", brace_node_set_frame(ctx, n, R(0, INFINITY, 1, 1)));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "frame.width", brace_node_set_frame(ctx, n, R(0, 0, -INFINITY, 1)));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "negative", brace_node_set_frame(ctx, n, R(0, 0, -1, 1)));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "negative", brace_node_set_frame(ctx, n, R(0, 0, 1, -0.5)));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "finite", brace_node_set_bounds(ctx, n, R(0, 0, NAN, 1)));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "negative", brace_node_set_bounds(ctx, n, R(0, 0, 3, -3)));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "center.x", brace_node_set_center(ctx, n, (brace_point){NAN, 0}));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "center.y", brace_node_set_center(ctx, n, (brace_point){0, -INFINITY}));
  OK(brace_node_get_frame(ctx, n, &r));
  CHECK(rect_eq(r, R(10, 20, 100, 50)));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "NULL", brace_node_get_frame(ctx, n, NULL));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "NULL", brace_node_get_bounds(ctx, n, NULL));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "NULL", brace_node_get_center(ctx, n, NULL));

  /* alignment rect */
  OK(brace_node_get_alignment_rect_insets(ctx, n, &ins));
  CHECK(insets_eq(ins, 0, 0, 0, 0));
  OK(brace_node_get_alignment_rect(ctx, n, &r));
  CHECK(rect_eq(r, R(10, 20, 100, 50)));
  settle(ctx);
  OK(brace_node_set_alignment_rect_insets(ctx, n, (brace_insets){1, 2, 3, 4}));
  OK(brace_node_get_needs_layout(ctx, parent, &needs));
  CHECK(needs);
  OK(brace_node_get_alignment_rect_insets(ctx, n, &ins));
  CHECK(insets_eq(ins, 1, 2, 3, 4));
  OK(brace_node_get_alignment_rect(ctx, n, &r));
  CHECK(rect_eq(r, R(12, 21, 94, 46)));
  OK(brace_node_frame_for_alignment_rect(ctx, n, R(12, 21, 94, 46), &r));
  CHECK(rect_eq(r, R(10, 20, 100, 50)));
  OK(brace_node_frame_for_alignment_rect(ctx, n, R(0, 0, 10, 10), &r));
  CHECK(rect_eq(r, R(-2, -1, 16, 14)));
  OK(brace_node_get_frame(ctx, n, &r)); /* frame_for_alignment_rect changed nothing */
  CHECK(rect_eq(r, R(10, 20, 100, 50)));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "finite",
      brace_node_set_alignment_rect_insets(ctx, n, (brace_insets){0, NAN, 0, 0}));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "finite",
      brace_node_frame_for_alignment_rect(ctx, n, R(INFINITY, 0, 1, 1), &r));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "NULL",
      brace_node_frame_for_alignment_rect(ctx, n, R(0, 0, 1, 1), NULL));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "NULL", brace_node_get_alignment_rect(ctx, n, NULL));
  OK(brace_node_get_alignment_rect_insets(ctx, n, &ins));
  CHECK(insets_eq(ins, 1, 2, 3, 4));

  /* hidden: a "frame" superview does not arrange by it (only strategies declaring
     BRACE_STRATEGY_DEPENDS_ON_HIDDEN are flagged, as only UIStackView reacts in UIKit);
     showing flags display */
  settle(ctx);
  OK(brace_node_set_hidden(ctx, n, true));
  OK(brace_node_get_hidden(ctx, n, &hidden));
  CHECK(hidden);
  OK(brace_node_get_needs_layout(ctx, parent, &needs));
  CHECK(!needs);
  settle(ctx);
  OK(brace_node_set_hidden(ctx, n, false));
  OK(brace_node_get_needs_display(ctx, n, &needs, NULL));
  CHECK(needs);
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "NULL", brace_node_get_hidden(ctx, n, NULL));

  OK(brace_context_destroy(ctx));
  g_ctx = NULL;
}

static void test_direction_and_margins(void) {
  brace_context *ctx = NULL, *rtl = NULL;
  brace_context_options o;
  brace_node root, child, grandchild, r2;
  brace_layout_direction d;
  brace_insets m;
  brace_directional_insets dm;
  bool needs = false;
  g_section = "direction and margins";
  OK(brace_context_create(NULL, &ctx));
  g_ctx = ctx;
  root = make_node(ctx);
  child = make_node(ctx);
  grandchild = make_node(ctx);
  OK(brace_node_add_subview(ctx, root, child));
  OK(brace_node_add_subview(ctx, child, grandchild));

  /* directions: INHERIT by default, effective from the context */
  OK(brace_node_get_layout_direction(ctx, grandchild, &d));
  CHECK(d == BRACE_DIRECTION_INHERIT);
  OK(brace_node_get_effective_layout_direction(ctx, grandchild, &d));
  CHECK(d == BRACE_DIRECTION_LTR);
  OK(brace_node_set_layout_direction(ctx, child, BRACE_DIRECTION_RTL));
  OK(brace_node_get_effective_layout_direction(ctx, grandchild, &d));
  CHECK(d == BRACE_DIRECTION_RTL);
  OK(brace_node_get_effective_layout_direction(ctx, root, &d));
  CHECK(d == BRACE_DIRECTION_LTR);
  OK(brace_node_set_layout_direction(ctx, grandchild, BRACE_DIRECTION_LTR));
  OK(brace_node_get_effective_layout_direction(ctx, grandchild, &d));
  CHECK(d == BRACE_DIRECTION_LTR);
  OK(brace_node_set_layout_direction(ctx, grandchild, BRACE_DIRECTION_INHERIT));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "direction",
      brace_node_set_layout_direction(ctx, child, (brace_layout_direction)3));
  OK(brace_node_get_layout_direction(ctx, child, &d));
  CHECK(d == BRACE_DIRECTION_RTL);
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "NULL", brace_node_get_layout_direction(ctx, child, NULL));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "NULL", brace_node_get_effective_layout_direction(ctx, child, NULL));

  /* a direction change flags the node for layout */
  settle(ctx);
  OK(brace_node_set_layout_direction(ctx, child, BRACE_DIRECTION_LTR));
  OK(brace_node_get_needs_layout(ctx, child, &needs));
  CHECK(needs);
  OK(brace_node_set_layout_direction(ctx, child, BRACE_DIRECTION_RTL));

  /* a root's INHERIT follows the context's default */
  brace_context_options_init(&o);
  o.layout_direction = BRACE_DIRECTION_RTL;
  OK(brace_context_create(&o, &rtl));
  g_ctx = rtl;
  r2 = make_node(rtl);
  OK(brace_node_get_effective_layout_direction(rtl, r2, &d));
  CHECK(d == BRACE_DIRECTION_RTL);
  OK(brace_node_get_directional_layout_margins(rtl, r2, &dm));
  CHECK(dinsets_eq(dm, 8, 8, 8, 8));
  OK(brace_node_set_layout_margins(rtl, r2, (brace_insets){1, 2, 3, 4}));
  OK(brace_node_get_directional_layout_margins(rtl, r2, &dm));
  CHECK(dinsets_eq(dm, 1, 4, 3, 2)); /* leading is the right edge in RTL */
  OK(brace_context_destroy(rtl));
  g_ctx = ctx;

  /* margins: default 8 on each side */
  OK(brace_node_get_layout_margins(ctx, grandchild, &m));
  CHECK(insets_eq(m, 8, 8, 8, 8));

  /* physical margins on an LTR node and on an RTL node */
  OK(brace_node_set_layout_margins(ctx, root, (brace_insets){1, 2, 3, 4}));
  OK(brace_node_get_layout_margins(ctx, root, &m));
  CHECK(insets_eq(m, 1, 2, 3, 4));
  OK(brace_node_get_directional_layout_margins(ctx, root, &dm));
  CHECK(dinsets_eq(dm, 1, 2, 3, 4));
  OK(brace_node_set_layout_margins(ctx, grandchild, (brace_insets){1, 2, 3, 4})); /* RTL */
  OK(brace_node_get_layout_margins(ctx, grandchild, &m));
  CHECK(insets_eq(m, 1, 2, 3, 4));
  OK(brace_node_get_directional_layout_margins(ctx, grandchild, &dm));
  CHECK(dinsets_eq(dm, 1, 4, 3, 2));

  /* directional margins resolve through the effective direction, and follow a change */
  OK(brace_node_set_directional_layout_margins(ctx, grandchild, (brace_directional_insets){5, 10, 6, 20}));
  OK(brace_node_get_directional_layout_margins(ctx, grandchild, &dm));
  CHECK(dinsets_eq(dm, 5, 10, 6, 20));
  OK(brace_node_get_layout_margins(ctx, grandchild, &m));
  CHECK(insets_eq(m, 5, 20, 6, 10)); /* RTL: leading -> right */
  OK(brace_node_set_layout_direction(ctx, child, BRACE_DIRECTION_LTR));
  OK(brace_node_get_layout_margins(ctx, grandchild, &m));
  CHECK(insets_eq(m, 5, 10, 6, 20)); /* LTR now: leading -> left */
  OK(brace_node_get_directional_layout_margins(ctx, grandchild, &dm));
  CHECK(dinsets_eq(dm, 5, 10, 6, 20));

  /* a margin change flags the node for layout */
  settle(ctx);
  OK(brace_node_set_layout_margins(ctx, grandchild, (brace_insets){0, 0, 0, 0}));
  OK(brace_node_get_needs_layout(ctx, grandchild, &needs));
  CHECK(needs);

  /* non-finite margins are refused, naming the edge */
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "margins.right",
      brace_node_set_layout_margins(ctx, root, (brace_insets){0, 0, 0, INFINITY}));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "margins.leading",
      brace_node_set_directional_layout_margins(ctx, root, (brace_directional_insets){0, NAN, 0, 0}));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "NULL", brace_node_get_layout_margins(ctx, root, NULL));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "NULL", brace_node_get_directional_layout_margins(ctx, root, NULL));
  OK(brace_node_get_layout_margins(ctx, root, &m));
  CHECK(insets_eq(m, 1, 2, 3, 4));

  OK(brace_context_destroy(ctx));
  g_ctx = NULL;
}

static brace_size intrinsic_answer;
static int intrinsic_calls;
static brace_status intrinsic_super_status;
static brace_size intrinsic_super_value;

static brace_size intrinsic_cb(brace_context *ctx, brace_node node, void *user_data) {
  (void)user_data;
  intrinsic_calls++;
  intrinsic_super_status = brace_node_super_intrinsic_content_size(ctx, node, &intrinsic_super_value);
  return intrinsic_answer;
}

static void test_content_size_priorities_masks_user_data(void) {
  brace_context *ctx = NULL;
  brace_node parent, n;
  brace_size s;
  brace_priority p;
  uint32_t mask = 99;
  bool on = false, needs = false;
  void *ud = NULL;
  int tag = 42;
  brace_node_callbacks cb;
  g_section = "content size, priorities, masks, user data";
  OK(brace_context_create(NULL, &ctx));
  g_ctx = ctx;
  parent = make_node(ctx);
  n = make_node(ctx);
  OK(brace_node_add_subview(ctx, parent, n));

  /* intrinsic size */
  OK(brace_node_get_intrinsic_content_size(ctx, n, &s));
  CHECK(s.width == BRACE_NO_INTRINSIC_METRIC && s.height == BRACE_NO_INTRINSIC_METRIC);
  settle(ctx);
  OK(brace_node_set_intrinsic_content_size(ctx, n, (brace_size){120, BRACE_NO_INTRINSIC_METRIC}));
  OK(brace_node_get_intrinsic_content_size(ctx, n, &s));
  CHECK(s.width == 120 && s.height == BRACE_NO_INTRINSIC_METRIC);
  OK(brace_node_get_needs_update_constraints(ctx, n, &needs));
  CHECK(needs);
  settle(ctx);
  OK(brace_node_set_intrinsic_content_size(ctx, n, (brace_size){120, BRACE_NO_INTRINSIC_METRIC}));
  OK(brace_node_get_needs_update_constraints(ctx, n, &needs));
  CHECK(!needs); /* unchanged: nothing to invalidate */
  OK(brace_node_invalidate_intrinsic_content_size(ctx, n));
  OK(brace_node_get_needs_update_constraints(ctx, n, &needs));
  CHECK(needs);
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "size.width",
      brace_node_set_intrinsic_content_size(ctx, n, (brace_size){-2, 0}));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "size.height",
      brace_node_set_intrinsic_content_size(ctx, n, (brace_size){0, NAN}));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "size.width",
      brace_node_set_intrinsic_content_size(ctx, n, (brace_size){INFINITY, 0}));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "NULL", brace_node_get_intrinsic_content_size(ctx, n, NULL));
  OK(brace_node_get_intrinsic_content_size(ctx, n, &s));
  CHECK(s.width == 120 && s.height == BRACE_NO_INTRINSIC_METRIC);

  /* the callback takes precedence; its non-finite or negative answers read as -1;
     super gives the stored value, and only from inside the callback */
  cb = callbacks_init(NULL);
  cb.intrinsic_content_size = intrinsic_cb;
  OK(brace_node_set_callbacks(ctx, n, &cb));
  intrinsic_answer = (brace_size){NAN, 30};
  intrinsic_calls = 0;
  OK(brace_node_get_intrinsic_content_size(ctx, n, &s));
  CHECK(intrinsic_calls == 1);
  CHECK(s.width == BRACE_NO_INTRINSIC_METRIC && s.height == 30);
  CHECK(intrinsic_super_status == BRACE_OK);
  CHECK(intrinsic_super_value.width == 120 && intrinsic_super_value.height == BRACE_NO_INTRINSIC_METRIC);
  intrinsic_answer = (brace_size){-5, INFINITY};
  OK(brace_node_get_intrinsic_content_size(ctx, n, &s));
  CHECK(s.width == BRACE_NO_INTRINSIC_METRIC && s.height == BRACE_NO_INTRINSIC_METRIC);
  intrinsic_answer = (brace_size){44, 0};
  OK(brace_node_get_intrinsic_content_size(ctx, n, &s));
  CHECK(s.width == 44 && s.height == 0);
  ERR(ctx, BRACE_E_REENTRANCY, "intrinsic_content_size",
      brace_node_super_intrinsic_content_size(ctx, n, &s));
  OK(brace_node_set_callbacks(ctx, n, NULL));
  OK(brace_node_get_intrinsic_content_size(ctx, n, &s));
  CHECK(s.width == 120);

  /* priorities */
  OK(brace_node_get_content_hugging_priority(ctx, n, BRACE_AXIS_HORIZONTAL, &p));
  CHECK(p == 250.0f);
  OK(brace_node_get_content_hugging_priority(ctx, n, BRACE_AXIS_VERTICAL, &p));
  CHECK(p == 250.0f);
  OK(brace_node_get_compression_resistance_priority(ctx, n, BRACE_AXIS_HORIZONTAL, &p));
  CHECK(p == 750.0f);
  OK(brace_node_get_compression_resistance_priority(ctx, n, BRACE_AXIS_VERTICAL, &p));
  CHECK(p == 750.0f);
  settle(ctx);
  OK(brace_node_set_content_hugging_priority(ctx, n, BRACE_AXIS_VERTICAL, BRACE_PRIORITY_REQUIRED));
  OK(brace_node_get_needs_update_constraints(ctx, n, &needs));
  CHECK(needs);
  OK(brace_node_set_compression_resistance_priority(ctx, n, BRACE_AXIS_HORIZONTAL, 1.0f));
  OK(brace_node_get_content_hugging_priority(ctx, n, BRACE_AXIS_VERTICAL, &p));
  CHECK(p == 1000.0f);
  OK(brace_node_get_content_hugging_priority(ctx, n, BRACE_AXIS_HORIZONTAL, &p));
  CHECK(p == 250.0f);
  OK(brace_node_get_compression_resistance_priority(ctx, n, BRACE_AXIS_HORIZONTAL, &p));
  CHECK(p == 1.0f);
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "priority",
      brace_node_set_content_hugging_priority(ctx, n, BRACE_AXIS_HORIZONTAL, 0.0f));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "priority",
      brace_node_set_content_hugging_priority(ctx, n, BRACE_AXIS_HORIZONTAL, 1000.5f));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "priority",
      brace_node_set_compression_resistance_priority(ctx, n, BRACE_AXIS_VERTICAL, (float)NAN));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "axis",
      brace_node_set_content_hugging_priority(ctx, n, (brace_axis)2, 500.0f));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "axis",
      brace_node_get_compression_resistance_priority(ctx, n, (brace_axis)-1, &p));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "NULL",
      brace_node_get_content_hugging_priority(ctx, n, BRACE_AXIS_HORIZONTAL, NULL));
  OK(brace_node_get_content_hugging_priority(ctx, n, BRACE_AXIS_HORIZONTAL, &p));
  CHECK(p == 250.0f);

  /* autoresizing */
  OK(brace_node_get_autoresizing_mask(ctx, n, &mask));
  CHECK(mask == BRACE_AUTORESIZE_NONE);
  OK(brace_node_set_autoresizing_mask(ctx, n, BRACE_AUTORESIZE_FLEXIBLE_WIDTH | BRACE_AUTORESIZE_FLEXIBLE_BOTTOM_MARGIN));
  OK(brace_node_get_autoresizing_mask(ctx, n, &mask));
  CHECK(mask == (BRACE_AUTORESIZE_FLEXIBLE_WIDTH | BRACE_AUTORESIZE_FLEXIBLE_BOTTOM_MARGIN));
  OK(brace_node_set_autoresizing_mask(ctx, n, BRACE_AUTORESIZE_ALL));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "mask", brace_node_set_autoresizing_mask(ctx, n, 64u));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "mask", brace_node_set_autoresizing_mask(ctx, n, 0xFFFFFFFFu));
  OK(brace_node_get_autoresizing_mask(ctx, n, &mask));
  CHECK(mask == BRACE_AUTORESIZE_ALL);
  OK(brace_node_get_autoresizes_subviews(ctx, n, &on));
  CHECK(on);
  OK(brace_node_set_autoresizes_subviews(ctx, n, false));
  OK(brace_node_get_autoresizes_subviews(ctx, n, &on));
  CHECK(!on);
  OK(brace_node_get_translates_autoresizing_mask(ctx, n, &on));
  CHECK(on);
  settle(ctx);
  OK(brace_node_set_translates_autoresizing_mask(ctx, n, false));
  OK(brace_node_get_translates_autoresizing_mask(ctx, n, &on));
  CHECK(!on);
  OK(brace_node_get_needs_update_constraints(ctx, n, &needs));
  CHECK(needs);
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "NULL", brace_node_get_autoresizing_mask(ctx, n, NULL));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "NULL", brace_node_get_autoresizes_subviews(ctx, n, NULL));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "NULL", brace_node_get_translates_autoresizing_mask(ctx, n, NULL));

  /* user data: kept, never read or freed */
  OK(brace_node_get_user_data(ctx, n, &ud));
  CHECK(ud == NULL);
  OK(brace_node_set_user_data(ctx, n, &tag));
  OK(brace_node_get_user_data(ctx, n, &ud));
  CHECK(ud == &tag && *(int *)ud == 42);
  OK(brace_node_set_user_data(ctx, n, NULL));
  OK(brace_node_get_user_data(ctx, n, &ud));
  CHECK(ud == NULL);
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "NULL", brace_node_get_user_data(ctx, n, NULL));
  {
    /* user data survives until destroy; Brace does not free it (valgrind: no invalid free) */
    char *owned = malloc(16);
    CHECK(owned != NULL);
    OK(brace_node_set_user_data(ctx, n, owned));
    OK(brace_node_destroy(ctx, parent));
    free(owned);
  }

  OK(brace_context_destroy(ctx));
  g_ctx = NULL;
}

/* ------------------------------------------------------------------ callbacks */

/* The scene of the callback tests: a window that lays its three children out from its
   bounds (three equal columns) and flags them for display. */
typedef struct scene {
  brace_context *ctx;
  brace_node window, kids[3], grandchild;
  int will_layout, layout, did_layout, update_constraints;
  int draws[8];
  brace_rect last_dirty[8];
  /* What re-entrant calls answered from inside callbacks. */
  brace_status destroy_self, destroy_ancestor, destroy_context, nested_cycle, nested_phase;
  brace_status super_layout, set_frame_status, destroy_other, create_other, layout_if_needed;
  brace_status super_layout_other;
  int try_forbidden;
} scene;

static int scene_index(const scene *sc, brace_node n) {
  if (n == sc->window) return 0;
  for (int i = 0; i < 3; i++)
    if (n == sc->kids[i]) return 1 + i;
  if (n == sc->grandchild) return 4;
  return 7;
}

static void window_will_layout(brace_context *ctx, brace_node node, void *ud) {
  scene *sc = ud;
  (void)ctx;
  (void)node;
  sc->will_layout++;
}

static void window_did_layout(brace_context *ctx, brace_node node, void *ud) {
  scene *sc = ud;
  (void)ctx;
  (void)node;
  sc->did_layout++;
}

static void window_layout(brace_context *ctx, brace_node node, void *ud) {
  scene *sc = ud;
  brace_rect b;
  sc->layout++;
  sc->super_layout = brace_node_super_layout_subviews(ctx, node);
  if (brace_node_get_bounds(ctx, node, &b) != BRACE_OK) return;
  for (int i = 0; i < 3; i++) {
    double w = b.width / 3;
    sc->set_frame_status = brace_node_set_frame(ctx, sc->kids[i], R(i * w, 0, w, b.height));
    brace_node_set_needs_display(ctx, sc->kids[i]);
  }
  if (sc->try_forbidden) {
    brace_node tmp = BRACE_NODE_NONE;
    sc->destroy_self = brace_node_destroy(ctx, node);
    sc->destroy_context = brace_context_destroy(ctx);
    sc->nested_cycle = brace_context_run_update_cycle(ctx);
    sc->nested_phase = brace_context_run_phase(ctx, BRACE_PHASE_LAYOUT);
    sc->super_layout_other = brace_node_super_layout_subviews(ctx, sc->kids[0]);
    /* Creating and destroying an unrelated node is fine. */
    sc->create_other = brace_node_create(ctx, &tmp);
    sc->destroy_other = brace_node_destroy(ctx, tmp);
    /* A synchronous layout of a subtree from inside a callback. */
    brace_node_set_needs_layout(ctx, sc->grandchild);
    sc->layout_if_needed = brace_node_layout_if_needed(ctx, sc->kids[0]);
  }
}

static void kid_layout(brace_context *ctx, brace_node node, void *ud) {
  scene *sc = ud;
  brace_rect b;
  sc->layout++;
  if (sc->try_forbidden && node == sc->kids[0])
    sc->destroy_ancestor = brace_node_destroy(ctx, sc->window);
  if (node == sc->kids[0] && brace_node_get_bounds(ctx, node, &b) == BRACE_OK)
    brace_node_set_frame(ctx, sc->grandchild, R(4, 4, b.width - 8, 20));
}

static void scene_update_constraints(brace_context *ctx, brace_node node, void *ud) {
  scene *sc = ud;
  (void)ctx;
  (void)node;
  sc->update_constraints++;
}

static void scene_draw(brace_context *ctx, brace_node node, brace_rect dirty, void *ud) {
  scene *sc = ud;
  int i = scene_index(sc, node);
  (void)ctx;
  sc->draws[i]++;
  sc->last_dirty[i] = dirty;
}

static void scene_build(scene *sc) {
  brace_node_callbacks cb;
  memset(sc, 0, sizeof *sc);
  OK(brace_context_create(NULL, &sc->ctx));
  g_ctx = sc->ctx;
  sc->window = make_node(sc->ctx);
  OK(brace_node_set_frame(sc->ctx, sc->window, R(0, 0, 300, 600)));
  for (int i = 0; i < 3; i++) {
    sc->kids[i] = make_node(sc->ctx);
    OK(brace_node_add_subview(sc->ctx, sc->window, sc->kids[i]));
  }
  sc->grandchild = make_node(sc->ctx);
  OK(brace_node_add_subview(sc->ctx, sc->kids[0], sc->grandchild));

  cb = callbacks_init(sc);
  cb.will_layout_subviews = window_will_layout;
  cb.layout_subviews = window_layout;
  cb.did_layout_subviews = window_did_layout;
  cb.update_constraints = scene_update_constraints;
  cb.draw = scene_draw;
  OK(brace_node_set_callbacks(sc->ctx, sc->window, &cb));
  cb = callbacks_init(sc);
  cb.layout_subviews = kid_layout;
  cb.update_constraints = scene_update_constraints;
  cb.draw = scene_draw;
  for (int i = 0; i < 3; i++) OK(brace_node_set_callbacks(sc->ctx, sc->kids[i], &cb));
  cb.layout_subviews = NULL;
  OK(brace_node_set_callbacks(sc->ctx, sc->grandchild, &cb));
}

static void test_update_cycle(void) {
  scene sc;
  trace_log *log = calloc(1, sizeof *log);
  uint32_t pending = 0;
  brace_rect r;
  bool needs = false;
  brace_node_callbacks small;
  g_section = "update cycle";
  scene_build(&sc);
  if (!log) return;

  /* new nodes need layout and display */
  OK(brace_context_get_pending(sc.ctx, &pending));
  CHECK(pending == (BRACE_PHASE_LAYOUT | BRACE_PHASE_DISPLAY));
  OK(brace_node_get_needs_layout(sc.ctx, sc.kids[1], &needs));
  CHECK(needs);
  OK(brace_node_get_needs_display(sc.ctx, sc.kids[1], &needs, &r));
  CHECK(needs);

  OK(brace_context_set_trace_callback(sc.ctx, on_trace, log));

  /* one turn: the window lays its children out from its bounds (re-entrant set_frame
     and set_needs_display), the children are laid out later in the same pass, then
     everything is drawn, top-down. */
  OK(brace_context_run_update_cycle(sc.ctx));
  OK(brace_context_get_pending(sc.ctx, &pending));
  CHECK(pending == 0);
  /* The window's layout_subviews resizes its subviews: that flags each subview, laid
     out later in the same pass, but not the window itself, which caused the change while
     laying out (as in UIKit). So every node is laid out exactly once in this turn. */
  CHECK_EQ(sc.will_layout, 1);
  CHECK_EQ(sc.did_layout, 1);
  CHECK_EQ(count_events(log, BRACE_TRACE_WILL_LAYOUT, sc.window), 1);
  CHECK_EQ(count_events(log, BRACE_TRACE_LAYOUT, sc.window), 1);
  CHECK_EQ(count_events(log, BRACE_TRACE_DID_LAYOUT, sc.window), 1);
  for (int i = 0; i < 3; i++) {
    CHECK_EQ(count_events(log, BRACE_TRACE_WILL_LAYOUT, sc.kids[i]), 1);
    CHECK_EQ(count_events(log, BRACE_TRACE_LAYOUT, sc.kids[i]), 1);
    CHECK_EQ(count_events(log, BRACE_TRACE_DID_LAYOUT, sc.kids[i]), 1);
  }
  CHECK_EQ(count_events(log, BRACE_TRACE_LAYOUT, sc.grandchild), 1);
  CHECK_EQ(sc.layout, 4); /* the window's and its three children's callbacks */
  CHECK(sc.super_layout == BRACE_OK);
  CHECK(sc.set_frame_status == BRACE_OK);
  for (int i = 0; i < 3; i++) {
    OK(brace_node_get_frame(sc.ctx, sc.kids[i], &r));
    CHECK(rect_eq(r, R(i * 100.0, 0, 100, 600)));
  }
  OK(brace_node_get_frame(sc.ctx, sc.grandchild, &r));
  CHECK(rect_eq(r, R(4, 4, 92, 20)));
  for (int i = 0; i < 5; i++) CHECK(sc.draws[i] == 1);
  CHECK(rect_eq(sc.last_dirty[0], R(0, 0, 300, 600)));
  CHECK(rect_eq(sc.last_dirty[1], R(0, 0, 100, 600)));
  CHECK(rect_eq(sc.last_dirty[4], R(0, 0, 92, 20)));
  CHECK(sc.update_constraints == 0); /* nobody asked */

  /* the trace: phases in order, the window's will/layout/did in order before its
     children's layouts, each draw after every layout, parents drawn before children */
  CHECK(log->dropped == 0);
  {
    size_t begin_c = (size_t)-1, begin_l = (size_t)-1, begin_d = (size_t)-1, end_d = (size_t)-1;
    for (size_t i = 0; i < log->count; i++) {
      if (log->ev[i].kind == BRACE_TRACE_PHASE_BEGIN) {
        CHECK(log->ev[i].node == 0);
        if (log->ev[i].phase == BRACE_PHASE_CONSTRAINTS && begin_c == (size_t)-1) begin_c = i;
        if (log->ev[i].phase == BRACE_PHASE_LAYOUT && begin_l == (size_t)-1) begin_l = i;
        if (log->ev[i].phase == BRACE_PHASE_DISPLAY && begin_d == (size_t)-1) begin_d = i;
      }
      if (log->ev[i].kind == BRACE_TRACE_PHASE_END && log->ev[i].phase == BRACE_PHASE_DISPLAY) end_d = i;
    }
    CHECK(begin_l != (size_t)-1 && begin_d != (size_t)-1 && end_d != (size_t)-1);
    CHECK(begin_c == (size_t)-1 || begin_c < begin_l);
    CHECK(begin_l < begin_d && begin_d < end_d);
    size_t w_will = find_event(log, BRACE_TRACE_WILL_LAYOUT, sc.window);
    size_t w_lay = find_event(log, BRACE_TRACE_LAYOUT, sc.window);
    size_t w_did = find_event(log, BRACE_TRACE_DID_LAYOUT, sc.window);
    CHECK(w_will < w_lay && w_lay < w_did);
    CHECK(begin_l < w_will && w_did < begin_d);
    for (int i = 0; i < 3; i++) {
      size_t k = find_event(log, BRACE_TRACE_LAYOUT, sc.kids[i]);
      CHECK(k != (size_t)-1 && w_lay < k && k < begin_d);
      CHECK(k != (size_t)-1 && log->ev[k].phase == BRACE_PHASE_LAYOUT);
    }
    CHECK(find_event(log, BRACE_TRACE_LAYOUT, sc.kids[0]) <
          find_event(log, BRACE_TRACE_LAYOUT, sc.grandchild));
    size_t dw = find_event(log, BRACE_TRACE_DRAW, sc.window);
    CHECK(dw != (size_t)-1 && dw > begin_d && dw < end_d);
    CHECK(dw != (size_t)-1 && log->ev[dw].phase == BRACE_PHASE_DISPLAY);
    CHECK(dw != (size_t)-1 && rect_eq(log->ev[dw].rect, R(0, 0, 300, 600)));
    for (int i = 0; i < 3; i++) CHECK(dw < find_event(log, BRACE_TRACE_DRAW, sc.kids[i]));
    CHECK(find_event(log, BRACE_TRACE_DRAW, sc.kids[0]) < find_event(log, BRACE_TRACE_DRAW, sc.grandchild));
    CHECK(count_events(log, BRACE_TRACE_DRAW, 0) == 5);
  }

  /* nothing flagged: a turn does no node work */
  log->count = 0;
  OK(brace_context_run_update_cycle(sc.ctx));
  CHECK(count_events(log, BRACE_TRACE_LAYOUT, 0) == 0);
  CHECK(count_events(log, BRACE_TRACE_DRAW, 0) == 0);
  CHECK(count_events(log, BRACE_TRACE_UPDATE_CONSTRAINTS, 0) == 0);

  /* a deep flag costs only its own node: the grandchild is laid out, nothing else */
  log->count = 0;
  sc.layout = 0;
  OK(brace_node_set_needs_layout(sc.ctx, sc.grandchild));
  OK(brace_node_set_needs_layout(sc.ctx, sc.grandchild)); /* twice: still one layout */
  OK(brace_context_get_pending(sc.ctx, &pending));
  CHECK(pending == BRACE_PHASE_LAYOUT);
  OK(brace_context_run_update_cycle(sc.ctx));
  CHECK(count_events(log, BRACE_TRACE_LAYOUT, 0) == 1);
  CHECK(count_events(log, BRACE_TRACE_LAYOUT, sc.grandchild) == 1);
  CHECK(sc.layout == 0); /* the grandchild has no layout_subviews callback */

  /* the constraints pass runs bottom-up: the grandchild, then kids[0], then the window */
  log->count = 0;
  sc.update_constraints = 0;
  OK(brace_node_set_needs_update_constraints(sc.ctx, sc.window));
  OK(brace_node_set_needs_update_constraints(sc.ctx, sc.grandchild));
  OK(brace_node_set_needs_update_constraints(sc.ctx, sc.kids[0]));
  OK(brace_node_get_needs_update_constraints(sc.ctx, sc.kids[0], &needs));
  CHECK(needs);
  OK(brace_context_get_pending(sc.ctx, &pending));
  CHECK(pending == BRACE_PHASE_CONSTRAINTS);
  OK(brace_context_run_update_cycle(sc.ctx));
  CHECK(sc.update_constraints == 3);
  {
    size_t g = find_event(log, BRACE_TRACE_UPDATE_CONSTRAINTS, sc.grandchild);
    size_t k = find_event(log, BRACE_TRACE_UPDATE_CONSTRAINTS, sc.kids[0]);
    size_t w = find_event(log, BRACE_TRACE_UPDATE_CONSTRAINTS, sc.window);
    CHECK(g != (size_t)-1 && k != (size_t)-1 && w != (size_t)-1);
    CHECK(g < k && k < w);
    if (g != (size_t)-1) CHECK(log->ev[g].phase == BRACE_PHASE_CONSTRAINTS);
  }
  OK(brace_node_get_needs_update_constraints(sc.ctx, sc.kids[0], &needs));
  CHECK(!needs);

  /* dirty rectangles are united until the draw */
  log->count = 0;
  memset(sc.draws, 0, sizeof sc.draws);
  OK(brace_node_set_needs_display_in_rect(sc.ctx, sc.kids[1], R(10, 10, 10, 10)));
  OK(brace_node_set_needs_display_in_rect(sc.ctx, sc.kids[1], R(50, 30, 10, 20)));
  OK(brace_node_get_needs_display(sc.ctx, sc.kids[1], &needs, &r));
  CHECK(needs && rect_eq(r, R(10, 10, 50, 40)));
  OK(brace_node_get_needs_display(sc.ctx, sc.kids[1], NULL, NULL));
  OK(brace_context_run_update_cycle(sc.ctx));
  CHECK(sc.draws[2] == 1 && rect_eq(sc.last_dirty[2], R(10, 10, 50, 40)));
  CHECK(sc.draws[0] == 0 && sc.draws[1] == 0 && sc.draws[3] == 0);
  OK(brace_node_get_needs_display(sc.ctx, sc.kids[1], &needs, &r));
  CHECK(!needs && rect_eq(r, R(0, 0, 0, 0)));
  ERR(sc.ctx, BRACE_E_INVALID_ARGUMENT, "finite",
      brace_node_set_needs_display_in_rect(sc.ctx, sc.kids[1], R(0, 0, NAN, 1)));
  ERR(sc.ctx, BRACE_E_INVALID_ARGUMENT, "negative",
      brace_node_set_needs_display_in_rect(sc.ctx, sc.kids[1], R(0, 0, -1, 1)));
  OK(brace_node_get_needs_display(sc.ctx, sc.kids[1], &needs, NULL));
  CHECK(!needs);

  /* a hidden node and its subtree are not drawn */
  memset(sc.draws, 0, sizeof sc.draws);
  OK(brace_node_set_hidden(sc.ctx, sc.kids[0], true));
  OK(brace_node_set_needs_display(sc.ctx, sc.kids[0]));
  OK(brace_node_set_needs_display(sc.ctx, sc.grandchild));
  OK(brace_context_run_update_cycle(sc.ctx));
  CHECK(sc.draws[1] == 0 && sc.draws[4] == 0);
  OK(brace_node_set_hidden(sc.ctx, sc.kids[0], false));
  OK(brace_context_run_update_cycle(sc.ctx));
  CHECK(sc.draws[1] == 1);

  /* run_phase steps the turn by hand */
  OK(brace_node_set_needs_update_constraints(sc.ctx, sc.kids[2]));
  OK(brace_node_set_needs_layout(sc.ctx, sc.kids[2]));
  OK(brace_node_set_needs_display(sc.ctx, sc.kids[2]));
  OK(brace_context_get_pending(sc.ctx, &pending));
  CHECK(pending == (BRACE_PHASE_CONSTRAINTS | BRACE_PHASE_LAYOUT | BRACE_PHASE_DISPLAY));
  OK(brace_context_run_phase(sc.ctx, BRACE_PHASE_CONSTRAINTS));
  OK(brace_context_get_pending(sc.ctx, &pending));
  CHECK(pending == (BRACE_PHASE_LAYOUT | BRACE_PHASE_DISPLAY));
  OK(brace_context_run_phase(sc.ctx, BRACE_PHASE_DISPLAY));
  OK(brace_context_get_pending(sc.ctx, &pending));
  CHECK(pending == BRACE_PHASE_LAYOUT);
  OK(brace_context_run_phase(sc.ctx, BRACE_PHASE_LAYOUT));
  OK(brace_context_get_pending(sc.ctx, &pending));
  CHECK(pending == 0);
  ERR(sc.ctx, BRACE_E_INVALID_ARGUMENT, "phase",
      brace_context_run_phase(sc.ctx, (brace_phase)(BRACE_PHASE_LAYOUT | BRACE_PHASE_DISPLAY)));
  ERR(sc.ctx, BRACE_E_INVALID_ARGUMENT, "phase", brace_context_run_phase(sc.ctx, (brace_phase)0));
  ERR(sc.ctx, BRACE_E_INVALID_ARGUMENT, "phase", brace_context_run_phase(sc.ctx, (brace_phase)8));
  ERR(sc.ctx, BRACE_E_INVALID_ARGUMENT, "NULL", brace_context_get_pending(sc.ctx, NULL));

  /* layout_if_needed starts at the topmost flagged ancestor-or-self, runs the pending
     constraints of that subtree first, and leaves the rest of the context alone */
  log->count = 0;
  OK(brace_node_set_needs_layout(sc.ctx, sc.kids[0]));
  OK(brace_node_set_needs_layout(sc.ctx, sc.kids[2]));
  OK(brace_node_set_needs_update_constraints(sc.ctx, sc.grandchild));
  OK(brace_node_set_needs_layout(sc.ctx, sc.grandchild));
  OK(brace_node_set_needs_display(sc.ctx, sc.grandchild));
  OK(brace_node_layout_if_needed(sc.ctx, sc.grandchild));
  CHECK(count_events(log, BRACE_TRACE_LAYOUT, sc.kids[0]) == 1);
  CHECK(count_events(log, BRACE_TRACE_LAYOUT, sc.grandchild) == 1);
  CHECK(count_events(log, BRACE_TRACE_LAYOUT, sc.kids[2]) == 0);
  CHECK(count_events(log, BRACE_TRACE_LAYOUT, sc.window) == 0);
  CHECK(count_events(log, BRACE_TRACE_UPDATE_CONSTRAINTS, sc.grandchild) == 1);
  CHECK(find_event(log, BRACE_TRACE_UPDATE_CONSTRAINTS, sc.grandchild) <
        find_event(log, BRACE_TRACE_LAYOUT, sc.kids[0]));
  CHECK(count_events(log, BRACE_TRACE_DRAW, 0) == 0);
  OK(brace_node_get_needs_layout(sc.ctx, sc.kids[2], &needs));
  CHECK(needs);
  OK(brace_context_get_pending(sc.ctx, &pending));
  CHECK_EQ(pending, BRACE_PHASE_LAYOUT | BRACE_PHASE_DISPLAY);
  /* nothing flagged on the way: does nothing */
  log->count = 0;
  OK(brace_node_layout_if_needed(sc.ctx, sc.grandchild));
  CHECK(count_events(log, BRACE_TRACE_LAYOUT, 0) == 0);
  /* a clean node whose descendant is flagged lays that descendant out */
  OK(brace_node_set_needs_layout(sc.ctx, sc.grandchild));
  OK(brace_node_layout_if_needed(sc.ctx, sc.window));
  CHECK(count_events(log, BRACE_TRACE_LAYOUT, sc.grandchild) == 1);
  CHECK(count_events(log, BRACE_TRACE_LAYOUT, sc.window) == 0);

  /* update_constraints_if_needed on a subtree */
  log->count = 0;
  OK(brace_node_set_needs_update_constraints(sc.ctx, sc.grandchild));
  OK(brace_node_set_needs_update_constraints(sc.ctx, sc.kids[1]));
  OK(brace_node_update_constraints_if_needed(sc.ctx, sc.kids[0]));
  CHECK(count_events(log, BRACE_TRACE_UPDATE_CONSTRAINTS, sc.grandchild) == 1);
  CHECK(count_events(log, BRACE_TRACE_UPDATE_CONSTRAINTS, sc.kids[1]) == 0);
  OK(brace_node_get_needs_update_constraints(sc.ctx, sc.kids[1], &needs));
  CHECK(needs);
  OK(brace_node_update_constraints_if_needed(sc.ctx, sc.kids[1]));
  OK(brace_node_get_needs_update_constraints(sc.ctx, sc.kids[1], &needs));
  CHECK(!needs);
  settle(sc.ctx);

  /* once a subtree pass has done the only work there was, nothing is pending: the next
     turn would do nothing, and get_pending must say so */
  OK(brace_node_set_needs_update_constraints(sc.ctx, sc.grandchild));
  OK(brace_node_update_constraints_if_needed(sc.ctx, sc.grandchild));
  OK(brace_context_get_pending(sc.ctx, &pending));
  CHECK_EQ(pending, 0);
  OK(brace_node_set_needs_layout(sc.ctx, sc.grandchild));
  OK(brace_node_layout_if_needed(sc.ctx, sc.grandchild));
  OK(brace_context_get_pending(sc.ctx, &pending));
  CHECK_EQ(pending, 0);
  settle(sc.ctx);

  /* super outside the callback, and callbacks struct_size checks */
  ERR(sc.ctx, BRACE_E_REENTRANCY, "layout_subviews", brace_node_super_layout_subviews(sc.ctx, sc.window));
  ERR(sc.ctx, BRACE_E_REENTRANCY, "update_constraints", brace_node_super_update_constraints(sc.ctx, sc.window));
  memset(&small, 0, sizeof small);
  small.struct_size = 4;
  ERR(sc.ctx, BRACE_E_INVALID_ARGUMENT, "struct_size", brace_node_set_callbacks(sc.ctx, sc.window, &small));

  /* removing the trace callback stops the trace */
  OK(brace_context_set_trace_callback(sc.ctx, NULL, NULL));
  log->count = 0;
  OK(brace_node_set_needs_layout(sc.ctx, sc.window));
  OK(brace_context_run_update_cycle(sc.ctx));
  CHECK(log->count == 0);

  OK(brace_context_destroy(sc.ctx));
  free(log);
  g_ctx = NULL;
}

static void test_reentrancy(void) {
  scene sc;
  brace_rect r;
  g_section = "re-entrancy";
  scene_build(&sc);
  sc.try_forbidden = 1;
  sc.destroy_self = sc.destroy_ancestor = sc.destroy_context = BRACE_OK;
  sc.nested_cycle = sc.nested_phase = sc.super_layout_other = BRACE_OK;

  OK(brace_context_run_update_cycle(sc.ctx));
  CHECK(sc.destroy_self == BRACE_E_REENTRANCY);
  CHECK(sc.destroy_ancestor == BRACE_E_REENTRANCY);
  CHECK(sc.destroy_context == BRACE_E_REENTRANCY);
  CHECK(sc.nested_cycle == BRACE_E_REENTRANCY);
  CHECK(sc.nested_phase == BRACE_E_REENTRANCY);
  CHECK(sc.super_layout_other == BRACE_E_REENTRANCY);
  CHECK(sc.create_other == BRACE_OK);
  CHECK(sc.destroy_other == BRACE_OK);
  CHECK(sc.layout_if_needed == BRACE_OK);
  /* the last error of the context, set inside the callback, names the problem */
  CHECK(contains_ci(brace_last_error(sc.ctx), "brace_node_"));
  /* everything survived the refused calls and the pass completed */
  CHECK(brace_node_is_alive(sc.ctx, sc.window));
  for (int i = 0; i < 3; i++) {
    CHECK(brace_node_is_alive(sc.ctx, sc.kids[i]));
    OK(brace_node_get_frame(sc.ctx, sc.kids[i], &r));
    CHECK(rect_eq(r, R(i * 100.0, 0, 100, 600)));
  }
  OK(brace_node_get_frame(sc.ctx, sc.grandchild, &r));
  CHECK(rect_eq(r, R(4, 4, 92, 20)));
  {
    uint32_t pending = 9;
    OK(brace_context_get_pending(sc.ctx, &pending));
    CHECK(pending == 0);
  }

  /* outside the callbacks, the same calls work */
  sc.try_forbidden = 0;
  OK(brace_node_destroy(sc.ctx, sc.kids[0]));
  CHECK(!brace_node_is_alive(sc.ctx, sc.grandchild));
  OK(brace_context_run_update_cycle(sc.ctx));
  OK(brace_context_destroy(sc.ctx));
  g_ctx = NULL;
}

/* A callback destroying a sibling that the running pass has already queued, then
   creating a node that reuses the slot: the pass must skip the stale entry. */
typedef struct sibling_case {
  brace_node victim, created;
  brace_status destroy_status, create_status;
  int victim_layouts;
} sibling_case;

static void destroy_sibling_layout(brace_context *ctx, brace_node node, void *ud) {
  sibling_case *sc = ud;
  (void)node;
  if (sc->victim == BRACE_NODE_NONE) return;
  sc->destroy_status = brace_node_destroy(ctx, sc->victim);
  sc->create_status = brace_node_create(ctx, &sc->created);
}

static void victim_layout(brace_context *ctx, brace_node node, void *ud) {
  sibling_case *sc = ud;
  (void)ctx;
  (void)node;
  sc->victim_layouts++;
}

static void test_destroy_during_pass(void) {
  brace_context *ctx = NULL;
  brace_node root, first, second;
  sibling_case sc;
  brace_node_callbacks cb;
  g_section = "destroy during a pass";
  memset(&sc, 0, sizeof sc);
  OK(brace_context_create(NULL, &ctx));
  g_ctx = ctx;
  root = make_node(ctx);
  first = make_node(ctx);
  second = make_node(ctx);
  OK(brace_node_add_subview(ctx, root, first));
  OK(brace_node_add_subview(ctx, root, second));
  cb = callbacks_init(&sc);
  cb.layout_subviews = destroy_sibling_layout;
  OK(brace_node_set_callbacks(ctx, first, &cb));
  cb.layout_subviews = victim_layout;
  OK(brace_node_set_callbacks(ctx, second, &cb));
  sc.victim = second;
  OK(brace_context_run_update_cycle(ctx));
  CHECK(sc.destroy_status == BRACE_OK);
  CHECK(sc.create_status == BRACE_OK);
  CHECK(sc.victim_layouts == 0);
  CHECK(!brace_node_is_alive(ctx, second));
  CHECK(brace_node_is_alive(ctx, sc.created));
  sc.victim = BRACE_NODE_NONE;
  settle(ctx);
  OK(brace_context_destroy(ctx));
  g_ctx = NULL;
}

/* ------------------------------------------------------------------ feedback loops */

typedef struct loop_case {
  brace_node self, partner;
  int layouts, updates, draws;
  int max_draws;
} loop_case;

static void self_flagging_layout(brace_context *ctx, brace_node node, void *ud) {
  loop_case *lc = ud;
  lc->layouts++;
  if (lc->layouts > 100000) return; /* a guard: the engine must stop long before */
  brace_node_set_needs_layout(ctx, lc->partner ? lc->partner : node);
}

static void partner_layout(brace_context *ctx, brace_node node, void *ud) {
  loop_case *lc = ud;
  (void)node;
  lc->layouts++;
  if (lc->layouts > 100000) return;
  brace_node_set_needs_layout(ctx, lc->self);
}

static void self_flagging_update(brace_context *ctx, brace_node node, void *ud) {
  loop_case *lc = ud;
  lc->updates++;
  if (lc->updates > 100000) return;
  brace_node_set_needs_update_constraints(ctx, node);
}

static void self_flagging_draw(brace_context *ctx, brace_node node, brace_rect dirty, void *ud) {
  loop_case *lc = ud;
  (void)dirty;
  lc->draws++;
  if (lc->draws > lc->max_draws) return; /* a guard so that a failing engine still ends */
  brace_node_set_needs_display(ctx, node);
}

static void test_feedback_loops(void) {
  brace_context *ctx = NULL;
  brace_context_options o;
  brace_node root, n, m;
  loop_case lc;
  diag_log *diag = calloc(1, sizeof *diag);
  brace_node_callbacks cb;
  brace_status s;
  uint32_t pending = 0;
  char hname[64];
  g_section = "feedback loops";
  if (!diag) return;

  brace_context_options_init(&o);
  o.feedback_loop_threshold = 50;
  OK(brace_context_create(&o, &ctx));
  g_ctx = ctx;
  OK(brace_context_set_diagnostic_callback(ctx, on_diagnostic, diag));
  root = make_node(ctx);
  n = make_node(ctx);
  m = make_node(ctx);
  OK(brace_node_add_subview(ctx, root, n));
  OK(brace_node_add_subview(ctx, root, m));
  settle(ctx);

  /* set_needs_layout inside its own layout_subviews */
  memset(&lc, 0, sizeof lc);
  lc.self = n;
  cb = callbacks_init(&lc);
  cb.layout_subviews = self_flagging_layout;
  OK(brace_node_set_callbacks(ctx, n, &cb));
  OK(brace_node_set_needs_layout(ctx, n));
  alarm(20);
  s = brace_context_run_update_cycle(ctx);
  alarm(0);
  CHECK(s == BRACE_E_FEEDBACK_LOOP);
  CHECK(contains_ci(brace_last_error(ctx), "feedback loop"));
  CHECK(lc.layouts >= 50 && lc.layouts <= 51);
  if (lc.layouts < 50 || lc.layouts > 51) fprintf(stderr, "    layouts: %d\n", lc.layouts);
  CHECK(diag->count == 1);
  CHECK(diag->kind == BRACE_DIAGNOSTIC_FEEDBACK_LOOP);
  CHECK(diag_names(diag, n));
  CHECK(!diag_names(diag, root) && !diag_names(diag, m));
  CHECK(contains_ci(diag->message, "feedback loop"));
  CHECK(contains_ci(diag->message, "50"));
  /* the flags of the looping node were cleared: nothing pending, no hang next turn */
  OK(brace_context_get_pending(ctx, &pending));
  CHECK((pending & BRACE_PHASE_LAYOUT) == 0);
  (void)hname;

  /* the context still works: remove the bad callback and run again */
  OK(brace_node_set_callbacks(ctx, n, NULL));
  OK(brace_node_set_needs_layout(ctx, n));
  diag->count = 0;
  OK(brace_context_run_update_cycle(ctx));
  CHECK(diag->count == 0);

  /* two nodes flagging each other */
  memset(&lc, 0, sizeof lc);
  lc.self = n;
  lc.partner = m;
  cb = callbacks_init(&lc);
  cb.layout_subviews = self_flagging_layout; /* n flags m */
  OK(brace_node_set_callbacks(ctx, n, &cb));
  cb.layout_subviews = partner_layout; /* m flags n */
  OK(brace_node_set_callbacks(ctx, m, &cb));
  OK(brace_node_set_needs_layout(ctx, n));
  alarm(20);
  s = brace_context_run_update_cycle(ctx);
  alarm(0);
  CHECK(s == BRACE_E_FEEDBACK_LOOP);
  CHECK(lc.layouts <= 2 * 51);
  CHECK(diag->count == 1 && diag->kind == BRACE_DIAGNOSTIC_FEEDBACK_LOOP);
  CHECK(diag_names(diag, n) || diag_names(diag, m));
  OK(brace_node_set_callbacks(ctx, n, NULL));
  OK(brace_node_set_callbacks(ctx, m, NULL));
  settle(ctx);

  /* the same for the constraints pass */
  memset(&lc, 0, sizeof lc);
  diag->count = 0;
  cb = callbacks_init(&lc);
  cb.update_constraints = self_flagging_update;
  OK(brace_node_set_callbacks(ctx, m, &cb));
  OK(brace_node_set_needs_update_constraints(ctx, m));
  alarm(20);
  s = brace_context_run_update_cycle(ctx);
  alarm(0);
  CHECK(s == BRACE_E_FEEDBACK_LOOP);
  CHECK(lc.updates >= 50 && lc.updates <= 51);
  CHECK(diag->count == 1 && diag->kind == BRACE_DIAGNOSTIC_FEEDBACK_LOOP && diag_names(diag, m));
  OK(brace_node_set_callbacks(ctx, m, NULL));
  settle(ctx);

  /* a draw callback that flags its own node for display: the turn must end. Either the
     new flag waits for the next turn (as setNeedsDisplay during drawRect: does in UIKit)
     or the loop is caught; never an endless display pass. */
  memset(&lc, 0, sizeof lc);
  lc.max_draws = 1000;
  diag->count = 0;
  cb = callbacks_init(&lc);
  cb.draw = self_flagging_draw;
  OK(brace_node_set_callbacks(ctx, m, &cb));
  OK(brace_node_set_needs_display(ctx, m));
  alarm(20);
  s = brace_context_run_update_cycle(ctx);
  alarm(0);
  CHECK(s == BRACE_OK || s == BRACE_E_FEEDBACK_LOOP);
  if (s == BRACE_OK) {
    CHECK(lc.draws == 1);
    OK(brace_context_get_pending(ctx, &pending));
    CHECK(pending == BRACE_PHASE_DISPLAY);
  } else {
    CHECK(lc.draws <= 51);
    CHECK(diag->count == 1 && diag_names(diag, m));
  }
  if (lc.draws > 51) fprintf(stderr, "    draw callback ran %d times in one turn\n", lc.draws);
  lc.max_draws = 0;
  OK(brace_node_set_callbacks(ctx, m, NULL));
  settle(ctx);

  /* without a diagnostics callback the status still tells */
  OK(brace_context_set_diagnostic_callback(ctx, NULL, NULL));
  memset(&lc, 0, sizeof lc);
  cb = callbacks_init(&lc);
  cb.layout_subviews = self_flagging_layout;
  lc.self = n;
  OK(brace_node_set_callbacks(ctx, n, &cb));
  OK(brace_node_set_needs_layout(ctx, n));
  diag->count = 0;
  alarm(20);
  s = brace_context_run_update_cycle(ctx);
  alarm(0);
  CHECK(s == BRACE_E_FEEDBACK_LOOP);
  CHECK(diag->count == 0);
  /* layout_if_needed catches it too */
  OK(brace_node_set_needs_layout(ctx, n));
  memset(&lc, 0, sizeof lc);
  lc.self = n;
  alarm(20);
  s = brace_node_layout_if_needed(ctx, n);
  alarm(0);
  CHECK(s == BRACE_E_FEEDBACK_LOOP);
  CHECK(contains_ci(brace_last_error(ctx), "brace_node_layout_if_needed"));
  OK(brace_node_set_callbacks(ctx, n, NULL));
  settle(ctx);

  OK(brace_context_destroy(ctx));
  free(diag);
  g_ctx = NULL;
}

/* ------------------------------------------------------------------ scale: a big tree */

static void test_big_tree(void) {
  brace_context *ctx = NULL;
  brace_node root, prev, n = BRACE_NODE_NONE;
  trace_log *log = calloc(1, sizeof *log);
  g_section = "big tree";
  if (!log) return;
  OK(brace_context_create(NULL, &ctx));
  g_ctx = ctx;
  /* a 2000-deep chain: no recursion limits, flags propagate, destroy frees it all */
  root = make_node(ctx);
  prev = root;
  for (int i = 0; i < 2000; i++) {
    if (brace_node_create(ctx, &n) != BRACE_OK) break;
    if (brace_node_add_subview(ctx, prev, n) != BRACE_OK) break;
    prev = n;
  }
  settle(ctx);
  OK(brace_context_set_trace_callback(ctx, on_trace, log));
  OK(brace_node_set_needs_layout(ctx, n));
  OK(brace_context_run_update_cycle(ctx));
  CHECK(count_events(log, BRACE_TRACE_LAYOUT, 0) == 1);
  CHECK(count_events(log, BRACE_TRACE_LAYOUT, n) == 1);
  OK(brace_node_destroy(ctx, root));
  CHECK(!brace_node_is_alive(ctx, n));
  OK(brace_context_destroy(ctx));
  free(log);
  g_ctx = NULL;
}

/* ------------------------------------------------------------------ free variables in bulk */

/* brace_constraint_add_on_variables (0.3) and brace_variables_get_values (0.2): what a
   kiwisolver-style binding calls, one constraint or many values per call. */
static void test_variables_in_bulk(void) {
  g_section = "variables in bulk";
  brace_context *ctx = NULL;
  OK(brace_context_create(NULL, &ctx));
  g_ctx = ctx;
  brace_variable v[3];
  for (int i = 0; i < 3; i++) OK(brace_variable_create(ctx, &v[i]));
  const double ones[3] = {1, 1, 1};
  brace_constraint sum = 0, pin = 0, weak = 0, bad = 0;
  OK(brace_constraint_add_on_variables(ctx, v, ones, 2, BRACE_RELATION_EQUAL, 10, BRACE_PRIORITY_REQUIRED, &sum));
  OK(brace_constraint_add_on_variables(ctx, &v[0], ones, 1, BRACE_RELATION_EQUAL, 3, BRACE_PRIORITY_REQUIRED, &pin));
  OK(brace_constraint_add_on_variables(ctx, &v[2], ones, 1, BRACE_RELATION_GREATER_EQUAL, 5, 250, &weak));
  bool active = false;
  OK(brace_constraint_is_active(ctx, weak, &active));
  CHECK(active);
  double out[3] = {-1, -1, -1};
  OK(brace_variables_get_values(ctx, v, 3, out));
  CHECK(out[0] == 3 && out[1] == 7 && out[2] == 5);

  /* A required conflict: refused, nothing created, the solver as it was. */
  ERR(ctx, BRACE_E_UNSATISFIABLE, "nothing was added",
      brace_constraint_add_on_variables(ctx, &v[1], ones, 1, BRACE_RELATION_EQUAL, 8, BRACE_PRIORITY_REQUIRED, &bad));
  CHECK_EQ(bad, 0);
  size_t broken = 99;
  OK(brace_context_get_broken_constraints(ctx, NULL, 0, &broken));
  CHECK_EQ(broken, 0);
  OK(brace_variables_get_values(ctx, v, 3, out));
  CHECK(out[0] == 3 && out[1] == 7 && out[2] == 5);

  /* Bad input. */
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "1 to 64",
      brace_constraint_add_on_variables(ctx, v, ones, 0, BRACE_RELATION_EQUAL, 0, 1000, &bad));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "coefficients is NULL",
      brace_constraint_add_on_variables(ctx, v, NULL, 1, BRACE_RELATION_EQUAL, 0, 1000, &bad));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "priority",
      brace_constraint_add_on_variables(ctx, v, ones, 1, BRACE_RELATION_EQUAL, 0, 1001, &bad));
  const double not_finite[1] = {NAN};
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "finite",
      brace_constraint_add_on_variables(ctx, v, not_finite, 1, BRACE_RELATION_EQUAL, 0, 1000, &bad));
  brace_node node = 0;
  OK(brace_node_create(ctx, &node));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "not a variable",
      brace_constraint_add_on_variables(ctx, &node, ones, 1, BRACE_RELATION_EQUAL, 0, 1000, &bad));
  OK(brace_constraint_destroy(ctx, weak));
  OK(brace_variable_destroy(ctx, v[2]));
  ERR(ctx, BRACE_E_STALE_HANDLE, "variables[2]", brace_variables_get_values(ctx, v, 3, out));
  ERR(ctx, BRACE_E_STALE_HANDLE, "stale",
      brace_constraint_add_on_variables(ctx, &v[2], ones, 1, BRACE_RELATION_EQUAL, 0, 1000, &bad));
  CHECK_EQ(bad, 0);
  (void)pin;
  (void)sum;
  brace_context_destroy(ctx);
  g_ctx = NULL;
}

/* ------------------------------------------------------------------ diagnostics on stderr */

/* Runs `conflict` on a fresh context created with `options` while stderr goes to a
   temporary file, and returns how many times the unsatisfiable report was printed. */
static int printed_reports(const brace_context_options *options, int conflicts) {
  int saved = -1;
  FILE *capture = begin_capture(&saved);
  if (!capture) return -1;
  brace_context *ctx = NULL;
  OK(brace_context_create(options, &ctx));
  g_ctx = ctx;
  brace_node root = make_node(ctx), view = make_node(ctx);
  OK(brace_node_add_subview(ctx, root, view));
  OK(brace_node_set_translates_autoresizing_mask(ctx, view, false));
  /* width == 10 and width == 20, both required: activating the second breaks it and
     reports it; the same report again on the next round (the same constraints, so the
     same text) is not printed again. */
  brace_constraint c[2];
  OK(brace_constraint_create(ctx, view, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 1, 10, &c[0]));
  OK(brace_constraint_create(ctx, view, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 1, 20, &c[1]));
  for (int i = 0; i < conflicts; i++) {
    OK(brace_constraint_activate(ctx, c[0]));
    OK(brace_constraint_activate(ctx, c[1]));
    OK(brace_constraint_deactivate(ctx, c[1]));
    OK(brace_constraint_deactivate(ctx, c[0]));
  }
  brace_context_destroy(ctx);
  g_ctx = NULL;
  end_capture(capture, saved);
  char line[1024];
  int count = 0, other = 0;
  while (fgets(line, sizeof line, capture)) {
    if (strstr(line, "[Brace] Unable to simultaneously satisfy constraints.")) count++;
    else if (strncmp(line, "[Brace]", 7) == 0) other++;
  }
  fclose(capture);
  CHECK_EQ(other, 0);
  return count;
}

/* Without a diagnostics callback a diagnostic is printed to stderr once (issue 10:
   UIKit's console report), unless quiet_diagnostics; an options struct of the first
   size (before the field existed) gets the default. */
static void test_diagnostics_on_stderr(void) {
  g_section = "diagnostics on stderr";
  CHECK_EQ(printed_reports(NULL, 1), 1);
  brace_context_options o;
  brace_context_options_init(&o);
  CHECK(!o.quiet_diagnostics);
  CHECK_EQ(printed_reports(&o, 3), 1);
  o.quiet_diagnostics = true;
  CHECK_EQ(printed_reports(&o, 2), 0);
  brace_context_options old;
  brace_context_options_init(&old);
  old.quiet_diagnostics = true; /* beyond the old size: not read */
  old.struct_size = (uint32_t)offsetof(brace_context_options, quiet_diagnostics);
  CHECK_EQ(printed_reports(&old, 1), 1);
}

static int g_reports_to_callback;

static void count_reports(brace_context *ctx, const brace_diagnostic *d, void *user_data) {
  (void)ctx;
  (void)user_data;
  if (d->kind == BRACE_DIAGNOSTIC_UNSATISFIABLE) g_reports_to_callback++;
}

/* With a callback, nothing goes to stderr, even when a later change makes the engine
   retry a broken constraint (which it does without reporting the conflict again: it was
   reported once, to the callback). Regression: the retry unhooked the callback, and a
   context without one prints, so the report reached stderr behind the callback's back. */
static void test_callback_keeps_stderr_quiet(void) {
  g_section = "diagnostics with a callback";
  int saved = -1;
  FILE *capture = begin_capture(&saved);
  if (!capture) return;
  brace_context *ctx = NULL;
  OK(brace_context_create(NULL, &ctx));
  g_ctx = ctx;
  g_reports_to_callback = 0;
  OK(brace_context_set_diagnostic_callback(ctx, count_reports, NULL));
  brace_node root = make_node(ctx), a = make_node(ctx), b = make_node(ctx);
  OK(brace_node_add_subview(ctx, root, a));
  OK(brace_node_add_subview(ctx, root, b));
  OK(brace_node_set_translates_autoresizing_mask(ctx, a, false));
  OK(brace_node_set_translates_autoresizing_mask(ctx, b, false));
  brace_constraint w[3];
  OK(brace_constraint_create(ctx, b, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 1, 100, &w[0]));
  OK(brace_constraint_create(ctx, b, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 1, 200, &w[1]));
  OK(brace_constraints_activate(ctx, w, 2)); /* the second is broken: one report */
  OK(brace_context_run_update_cycle(ctx));
  OK(brace_constraint_create(ctx, a, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 1, 10, &w[2]));
  OK(brace_constraint_activate(ctx, w[2]));
  OK(brace_constraint_deactivate(ctx, w[2])); /* retries the broken one, quietly */
  OK(brace_context_run_update_cycle(ctx));
  bool broken = false;
  OK(brace_constraint_is_broken(ctx, w[1], &broken));
  CHECK(broken);
  brace_context_destroy(ctx);
  g_ctx = NULL;
  end_capture(capture, saved);
  char line[1024];
  int printed = 0;
  while (fgets(line, sizeof line, capture))
    if (strstr(line, "[Brace]")) { printed++; printf("stderr: %s", line); }
  fclose(capture);
  CHECK_EQ(printed, 0);
  CHECK_EQ(g_reports_to_callback, 1);
}

/* A broken constraint is retried when a change might let it fit; changes made by the
   constraints pass (here the root's autoresizing constraints, regenerated from its new
   frame) retry it once, at the end of the pass (fuzzer finding: retrying after each
   regenerated constant was O(changes x broken), 72 s for one input of a few hundred
   stacks; Tests/fuzz/corpus/regress-timeout-retry-broken-per-constant). */
static void test_broken_constraint_retried_after_the_constraints_pass(void) {
  g_section = "retry after the pass";
  brace_context *ctx = NULL;
  brace_context_options o;
  brace_context_options_init(&o);
  o.quiet_diagnostics = true;
  OK(brace_context_create(&o, &ctx));
  g_ctx = ctx;
  brace_node root = make_node(ctx), a = make_node(ctx);
  OK(brace_node_set_frame(ctx, root, (brace_rect){0, 0, 200, 100}));
  OK(brace_node_add_subview(ctx, root, a));
  OK(brace_node_set_translates_autoresizing_mask(ctx, a, false));
  brace_constraint c[4];
  OK(brace_constraint_create(ctx, a, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, root, BRACE_ATTR_WIDTH, 1, 0, &c[0]));
  OK(brace_constraint_create(ctx, a, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 1, 300, &c[1]));
  OK(brace_constraint_create(ctx, a, BRACE_ATTR_LEFT, BRACE_RELATION_EQUAL, root, BRACE_ATTR_LEFT, 1, 0, &c[2]));
  OK(brace_constraint_create(ctx, a, BRACE_ATTR_TOP, BRACE_RELATION_EQUAL, root, BRACE_ATTR_TOP, 1, 0, &c[3]));
  /* The root's own (generated, h=---) width constraint comes with the first cycle in
     constraint layout, so that the later a.width == 300 is the one that breaks. */
  brace_constraint first[3] = {c[0], c[2], c[3]};
  OK(brace_constraints_activate(ctx, first, 3));
  OK(brace_context_run_update_cycle(ctx));
  OK(brace_constraint_activate(ctx, c[1]));
  OK(brace_context_run_update_cycle(ctx));
  bool broken = false;
  OK(brace_constraint_is_broken(ctx, c[1], &broken));
  CHECK(broken); /* 300 against the root's 200 */
  brace_rect r;
  OK(brace_node_get_frame(ctx, a, &r));
  CHECK(r.width == 200);
  OK(brace_node_set_frame(ctx, root, (brace_rect){0, 0, 300, 100}));
  OK(brace_context_run_update_cycle(ctx));
  OK(brace_constraint_is_broken(ctx, c[1], &broken));
  CHECK(!broken); /* the root's regenerated width made room: retried, installed */
  size_t count = 99;
  OK(brace_context_get_broken_constraints(ctx, NULL, 0, &count));
  CHECK_EQ(count, 0);
  OK(brace_node_get_frame(ctx, a, &r));
  CHECK(r.width == 300);
  /* And back: the root at 250 breaks one of them again, the later one. */
  OK(brace_node_set_frame(ctx, root, (brace_rect){0, 0, 250, 100}));
  OK(brace_context_run_update_cycle(ctx));
  OK(brace_context_get_broken_constraints(ctx, NULL, 0, &count));
  CHECK_EQ(count, 1);
  brace_context_destroy(ctx);
  g_ctx = NULL;
}

/* ------------------------------------------------------------------ identifiers */

/* brace_node_set_identifier / _get (0.4): copied, cleared, freed with the node, used in
   dumps and messages. */
static void test_identifiers(void) {
  g_section = "identifiers";
  brace_context *ctx = NULL;
  OK(brace_context_create(NULL, &ctx));
  g_ctx = ctx;
  brace_node root = make_node(ctx), field = make_node(ctx);
  OK(brace_node_add_subview(ctx, root, field));
  const char *got = "unset";
  OK(brace_node_get_identifier(ctx, field, &got));
  CHECK(got == NULL);
  char name[16];
  strcpy(name, "email");
  OK(brace_node_set_identifier(ctx, field, name));
  strcpy(name, "XXXXX"); /* the node keeps its own copy */
  OK(brace_node_get_identifier(ctx, field, &got));
  CHECK(got != NULL && strcmp(got, "email") == 0);
  OK(brace_node_set_identifier(ctx, root, "form"));
  ERR(ctx, BRACE_E_CYCLE, "\"form\"", brace_node_add_subview(ctx, field, root));
  size_t length = 0;
  OK(brace_node_copy_description(ctx, root, NULL, 0, &length));
  char *text = malloc(length + 1);
  OK(brace_node_copy_description(ctx, root, text, length + 1, &length));
  CHECK(strstr(text, "\"email\"") != NULL);
  free(text);
  OK(brace_node_get_identifier(ctx, field, &got));
  OK(brace_node_set_identifier(ctx, field, got)); /* its own string back: copied before freed */
  OK(brace_node_get_identifier(ctx, field, &got));
  CHECK(got != NULL && strcmp(got, "email") == 0);
  OK(brace_node_set_identifier(ctx, field, "renamed")); /* the old copy is freed */
  OK(brace_node_set_identifier(ctx, root, NULL));
  OK(brace_node_get_identifier(ctx, root, &got));
  CHECK(got == NULL);
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "NULL", brace_node_get_identifier(ctx, field, NULL));
  OK(brace_node_destroy(ctx, field)); /* frees "renamed" (valgrind) */
  ERR(ctx, BRACE_E_STALE_HANDLE, "stale", brace_node_get_identifier(ctx, field, &got));
  OK(brace_node_set_identifier(ctx, root, "kept until the context goes"));
  brace_context_destroy(ctx);
  g_ctx = NULL;
}

int main(void) {
  /* The whole program, under valgrind too. */
  check_watchdog("test_core: WATCHDOG: a call did not return (hang)\n", 300);
  if (!check_can_create_context("test_core")) return 2;

  test_version_and_status_names();
  test_context_options();
  test_tree();
  test_handles();
  test_handle_outlives_context();
  test_geometry();
  test_direction_and_margins();
  test_content_size_priorities_masks_user_data();
  test_update_cycle();
  test_reentrancy();
  test_destroy_during_pass();
  test_feedback_loops();
  test_big_tree();
  test_variables_in_bulk();
  test_diagnostics_on_stderr();
  test_callback_keeps_stderr_quiet();
  test_broken_constraint_retried_after_the_constraints_pass();
  test_identifiers();

  return check_summary("test_core");
}
