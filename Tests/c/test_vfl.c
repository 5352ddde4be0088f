/*
 * test_vfl.c — brace_constraints_create_with_visual_format (since 0.4): UIKit's visual
 * format language from C, against the installed header and library.
 *
 * Built with -std=c11 -Wall -Wextra -Werror -pedantic and run both normally and under
 * valgrind. Every grammar element and option is checked by the frames it gives after the
 * returned constraints are activated and a turn runs (the arithmetic is in the comments);
 * malformed formats by their status, their message (three lines: the message, the
 * format, a caret under the offending character) and by nothing being created.
 *
 * The scene of most tests: a root "window" 400 x 300 at the origin (translating its
 * frame, so it stays put), layout margins top 12, left 10, bottom 24, right 30 (so a
 * margin is never mistaken for the standard spacing of 8), and constraint-driven
 * subviews a, b and c.
 */
#include "check.h"

#include <math.h>
#include <stdlib.h>

/* ------------------------------------------------------------------ scenes */

/* The names and values a call is given. */
typedef struct scope {
  const char *view_names[8];
  brace_node views[8];
  size_t view_count;
  const char *metric_names[8];
  double metrics[8];
  size_t metric_count;
} scope;

static int g_unsatisfiable;

static void on_diagnostic(brace_context *ctx, const brace_diagnostic *d, void *user_data) {
  (void)ctx;
  (void)user_data;
  if (d->kind == BRACE_DIAGNOSTIC_UNSATISFIABLE) {
    g_unsatisfiable++;
    fprintf(stderr, "unexpected diagnostic: %s\n", d->message);
  }
}

static void add_view(scope *s, const char *name, brace_node n) {
  s->view_names[s->view_count] = name;
  s->views[s->view_count] = n;
  s->view_count++;
}

static void add_metric(scope *s, const char *name, double value) {
  s->metric_names[s->metric_count] = name;
  s->metrics[s->metric_count] = value;
  s->metric_count++;
}

static brace_node view_named(const scope *s, const char *name) {
  for (size_t k = 0; k < s->view_count; k++)
    if (strcmp(s->view_names[k], name) == 0) return s->views[k];
  return 0;
}

/* A context in `direction` with the window and a, b, c; g_ctx is set to it. */
static brace_context *open_scene(brace_layout_direction direction, brace_node *window, scope *s) {
  brace_context_options o;
  brace_context *ctx = NULL;
  brace_context_options_init(&o);
  o.layout_direction = direction;
  OK(brace_context_create(&o, &ctx));
  g_ctx = ctx;
  OK(brace_context_set_diagnostic_callback(ctx, on_diagnostic, NULL));
  g_unsatisfiable = 0;
  OK(brace_node_create(ctx, window));
  OK(brace_node_set_frame(ctx, *window, (brace_rect){0, 0, 400, 300}));
  OK(brace_node_set_layout_margins(ctx, *window, (brace_insets){12, 10, 24, 30}));
  memset(s, 0, sizeof *s);
  static const char *const names[3] = {"a", "b", "c"};
  for (int k = 0; k < 3; k++) {
    brace_node n = 0;
    OK(brace_node_create(ctx, &n));
    OK(brace_node_add_subview(ctx, *window, n));
    OK(brace_node_set_translates_autoresizing_mask(ctx, n, false));
    add_view(s, names[k], n);
  }
  return ctx;
}

static void close_scene(brace_context *ctx) {
  CHECK_EQ(g_unsatisfiable, 0);
  OK(brace_context_destroy(ctx));
  g_ctx = NULL;
}

/* Makes the format's constraints (expecting `expect` of them, all inactive) and
   activates them. */
#define APPLY(ctx, s, format, options, expect) apply((ctx), (s), (format), (options), (expect), __FILE__, __LINE__)

static void apply(brace_context *ctx, const scope *s, const char *format, brace_format_options options,
                  size_t expect, const char *file, int line) {
  brace_constraint made[32];
  size_t count = 0;
  char m[512];
  brace_status st = brace_constraints_create_with_visual_format(
      ctx, format, options, s->view_names, s->views, s->view_count, s->metric_names, s->metrics,
      s->metric_count, made, 32, &count);
  g_checks++;
  if (st != BRACE_OK) {
    snprintf(m, sizeof m, "\"%s\" returned %s", format, brace_status_name(st));
    fail_at(file, line, m);
    return;
  }
  g_checks++;
  if (count != expect) {
    snprintf(m, sizeof m, "\"%s\" made %zu constraints, expected %zu", format, count, expect);
    fail_at(file, line, m);
  }
  for (size_t k = 0; k < count; k++) {
    bool active = true;
    OK(brace_constraint_is_active(ctx, made[k], &active));
    CHECK(!active);
  }
  OK(brace_constraints_activate(ctx, made, count));
}

/* The next constraint handle. Two probes around a call that must create nothing are
   consecutive (the slot one further, the same generation: docs/architecture.md,
   "Handles") only if nothing was created in between, not even created and destroyed
   again (its slot would then be reused at a new generation). Valid in a context whose
   constraints were never destroyed. */
static brace_constraint probe(brace_context *ctx, brace_node n) {
  brace_constraint c = 0;
  OK(brace_constraint_create(ctx, n, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 1, 1, &c));
  return c;
}

/* The format must be refused with `want`; the last error must be three lines: the
   function's name and `needle`, then `shown` (the format, with control characters as
   spaces; NULL: the format itself), then `column` spaces and a caret. Nothing may be
   created, and neither the buffer nor *count written. */
#define REFUSED(ctx, s, format, options, want, needle, column) \
  refused((ctx), (s), (format), NULL, (options), (want), (needle), (column), __FILE__, __LINE__)
#define REFUSED_SHOWN(ctx, s, format, shown, want, needle, column) \
  refused((ctx), (s), (format), (shown), 0, (want), (needle), (column), __FILE__, __LINE__)

static void refused(brace_context *ctx, const scope *s, const char *format, const char *shown,
                    brace_format_options options, brace_status want, const char *needle, int column,
                    const char *file, int line) {
  brace_constraint buffer[8];
  size_t count = 12345;
  char m[1024];
  for (int k = 0; k < 8; k++) buffer[k] = 77;
  brace_constraint before = probe(ctx, s->views[0]);
  brace_status st = brace_constraints_create_with_visual_format(
      ctx, format, options, s->view_names, s->views, s->view_count, s->metric_names, s->metrics,
      s->metric_count, buffer, 8, &count);
  brace_constraint after = probe(ctx, s->views[0]);
  g_checks++;
  if (after != before + 1) {
    snprintf(m, sizeof m, "\"%s\": something was created", format);
    fail_at(file, line, m);
  }
  g_checks++;
  if (count != 12345 || buffer[0] != 77) {
    snprintf(m, sizeof m, "\"%s\": *count or the buffer was written on failure", format);
    fail_at(file, line, m);
  }
  g_checks++;
  if (st != want) {
    snprintf(m, sizeof m, "\"%s\" returned %s, expected %s", format, brace_status_name(st), brace_status_name(want));
    fail_at(file, line, m);
    return;
  }
  const char *msg = brace_last_error(ctx);
  const char *nl1 = strchr(msg, '\n');
  const char *nl2 = nl1 ? strchr(nl1 + 1, '\n') : NULL;
  g_checks++;
  if (!nl1 || !nl2 || strchr(nl2 + 1, '\n')) {
    snprintf(m, sizeof m, "\"%s\": the message is not three lines", format);
    fail_at(file, line, m);
    return;
  }
  g_checks++;
  if (strncmp(msg, "brace_constraints_create_with_visual_format: ", 45) != 0 || !contains_ci(msg, needle)) {
    snprintf(m, sizeof m, "\"%s\": the message should start with the function's name and contain \"%s\"", format,
             needle);
    fail_at(file, line, m);
  }
  const char *want_shown = shown ? shown : format;
  g_checks++;
  if ((size_t)(nl2 - nl1 - 1) != strlen(want_shown) || strncmp(nl1 + 1, want_shown, strlen(want_shown)) != 0) {
    snprintf(m, sizeof m, "\"%s\": the second line should be the format \"%s\"", format, want_shown);
    fail_at(file, line, m);
  }
  const char *caret = nl2 + 1;
  int spaces = 0;
  while (caret[spaces] == ' ') spaces++;
  g_checks++;
  if (spaces != column || caret[spaces] != '^' || caret[spaces + 1] != '\0') {
    snprintf(m, sizeof m, "\"%s\": the caret line \"%s\" should put '^' at column %d", format, caret, column);
    fail_at(file, line, m);
  }
}

/* ================================================================== tests */

/* '-' is 8 between views and the superview's margins at '|'; (==b) an equal size;
   H: and V: lines. */
static void test_standard_spacing_and_margins(void) {
  brace_node w, a, b;
  scope s;
  g_section = "standard spacing and margins";
  brace_context *ctx = open_scene(BRACE_DIRECTION_LTR, &w, &s);
  a = view_named(&s, "a");
  b = view_named(&s, "b");
  /* a.leading == w.leadingMargin (10); b.leading == a.trailing + 8; b.width == a.width;
     w.trailingMargin (400 - 30 = 370) == b.trailing: 10 + x + 8 + x = 370, so x = 176. */
  APPLY(ctx, &s, "H:|-[a]-[b(==a)]-|", 0, 4);
  /* a.top == w.topMargin (12), height 40, bottom 52; b.top == a.bottom + 8 = 60;
     w.bottomMargin (300 - 24 = 276) == b.bottom: height 216. */
  APPLY(ctx, &s, "V:|-[a(40)]-[b]-|", 0, 4);
  OK(brace_context_run_update_cycle(ctx));
  CHECK_FRAME(a, 10, 12, 176, 40);
  CHECK_FRAME(b, 194, 60, 176, 216);
  /* The margins are live: a change moves the views in the next turn. Left 20, right 20:
     20 + x + 8 + x = 380, x = 176 again, a starts at 20, b at 204. */
  OK(brace_node_set_layout_margins(ctx, w, (brace_insets){12, 20, 24, 20}));
  OK(brace_context_run_update_cycle(ctx));
  CHECK_FRAME(a, 20, 12, 176, 40);
  CHECK_FRAME(b, 204, 60, 176, 216);
  close_scene(ctx);
}

/* Explicit and metric spacing, predicates with priorities (numbers and metrics),
   several predicates in a connection, flush views, relations in both places. */
static void test_explicit_metric_predicates_flush(void) {
  brace_node w, a, b, c;
  scope s;
  g_section = "explicit and metric spacing, predicates, flush";
  brace_context *ctx = open_scene(BRACE_DIRECTION_LTR, &w, &s);
  a = view_named(&s, "a");
  b = view_named(&s, "b");
  c = view_named(&s, "c");
  add_metric(&s, "pad", 20);
  add_metric(&s, "gap", 15);
  add_metric(&s, "wide", 100);
  add_metric(&s, "low", 250);
  /* a: leading 20 (pad), width 100 (wide): x 20..120. b: leading 120 + 15 = 135,
     width >= 50 and <= 200 @750. c: flush after b (c.leading == b.trailing), width 30.
     w.trailing >= c.trailing + 20 (so c ends by 380), and == c.trailing + 20 @250 (low).
     Reaching 380 needs b = 380 - 30 - 135 = 215 > 200, which breaks the @750 predicate;
     @750 beats @250, so b is 200 wide and c ends at 365: c.x = 335.
     1 + 1 + 1 + 2 + 1 + 1 + 2 = 9 constraints. */
  APPLY(ctx, &s, "H:|-pad-[a(wide)]-gap-[b(>=50,<=200@750)][c(30)]-(>=pad,==pad@low)-|", 0, 9);
  /* a: top 8, height 30 (bottom 38); b: top 38 + 0, height == a's (30), bottom 68;
     c: top 68 + 10 = 78, height >= 10; w.bottom (300) == c.bottom + 40: c ends at 260,
     height 182. 7 constraints. */
  APPLY(ctx, &s, "V:|-8-[a(30)]-0-[b(==a)]-10-[c(>=10)]-(==40)-|", 0, 7);
  OK(brace_context_run_update_cycle(ctx));
  CHECK_FRAME(a, 20, 8, 100, 30);
  CHECK_FRAME(b, 135, 38, 200, 30);
  CHECK_FRAME(c, 335, 78, 30, 182);
  close_scene(ctx);
}

/* '|' flush to the superview (its edges, not its margins), no orientation (H:), and
   whitespace between tokens; a name that is both a metric and a view is the metric in a
   predicate. */
static void test_flush_superview_whitespace_and_names(void) {
  brace_node w, a, b, c;
  scope s;
  g_section = "flush to the superview, whitespace, names";
  brace_context *ctx = open_scene(BRACE_DIRECTION_LTR, &w, &s);
  a = view_named(&s, "a");
  b = view_named(&s, "b");
  c = view_named(&s, "c");
  /* a fills the window: edges 0 and 400, 0 and 300. */
  APPLY(ctx, &s, "|[a]|", 0, 2);
  APPLY(ctx, &s, "V:|[a]|", 0, 2);
  /* b: leading 20, 50 <= width <= 60 @750, trailing 30 from the edge: the width must be
     350, which the optional <= 60 gives up. */
  APPLY(ctx, &s, " H : | - 20 - [ b ( >= 50 , <= 60 @ 750 ) ] - ( == 30 ) - | ", 0, 4);
  APPLY(ctx, &s, "V:|[b(10)]", 0, 2);
  /* "b" is a metric as well as a view: [c(b)] is c.width == 70, the metric. */
  add_metric(&s, "b", 70);
  APPLY(ctx, &s, "H:|[c(b)]", 0, 2);
  APPLY(ctx, &s, "V:[c(==b)]|", 0, 2);
  OK(brace_context_run_update_cycle(ctx));
  CHECK_FRAME(a, 0, 0, 400, 300);
  CHECK_FRAME(b, 20, 0, 350, 10);
  CHECK_FRAME(c, 0, 230, 70, 70);
  close_scene(ctx);
}

/* [a(==b)] and its relatives: a predicate naming another view, with a relation and a
   priority, next to a required one. */
static void test_view_references(void) {
  brace_node w, a, b, c;
  scope s;
  g_section = "predicates naming views";
  brace_context *ctx = open_scene(BRACE_DIRECTION_LTR, &w, &s);
  a = view_named(&s, "a");
  b = view_named(&s, "b");
  c = view_named(&s, "c");
  add_metric(&s, "half", 500);
  /* a: 0..100. b.width >= a.width @500 (half) loses to b.width == 40 (required): b is
     40 wide at 100..140. c.width == a.width: 100, at 140..240. 7 constraints. */
  APPLY(ctx, &s, "H:|-0-[a(100)]-0-[b(>=a@half,==40)]-0-[c(==a)]", 0, 7);
  /* Heights: a 10, b and c equal to a's. */
  APPLY(ctx, &s, "V:|[a(10)]", 0, 2);
  APPLY(ctx, &s, "V:|[b(==a)]", 0, 2);
  APPLY(ctx, &s, "V:|[c(<=a,>=a)]", 0, 3);
  OK(brace_context_run_update_cycle(ctx));
  CHECK_FRAME(a, 0, 0, 100, 10);
  CHECK_FRAME(b, 100, 0, 40, 10);
  CHECK_FRAME(c, 140, 0, 100, 10);
  close_scene(ctx);
}

/* The direction options on "H:|-[a(50)]-[b]-|" (margins left 10, right 30):
   left to right, a is 10..60 and b 68..370 (302 wide); right to left, a's right edge is
   the right margin (370) so a is 320..370, b's right edge 8 before a (312) and its left
   edge the left margin (10): b is 10..312. */
static void direction_case(brace_layout_direction context_direction, brace_format_options option, int mirrored) {
  brace_node w, a, b;
  scope s;
  brace_context *ctx = open_scene(context_direction, &w, &s);
  a = view_named(&s, "a");
  b = view_named(&s, "b");
  APPLY(ctx, &s, "H:|-[a(50)]-[b]-|", option, 4);
  /* A V: line ignores the direction. */
  APPLY(ctx, &s, "V:|[a(10)]", option, 2);
  APPLY(ctx, &s, "V:|[b(10)]", option, 2);
  OK(brace_context_run_update_cycle(ctx));
  if (mirrored) {
    CHECK_FRAME(a, 320, 0, 50, 10);
    CHECK_FRAME(b, 10, 0, 302, 10);
  } else {
    CHECK_FRAME(a, 10, 0, 50, 10);
    CHECK_FRAME(b, 68, 0, 302, 10);
  }
  close_scene(ctx);
}

static void test_directions(void) {
  g_section = "direction options";
  /* Leading to trailing (the default) follows the context's direction. */
  direction_case(BRACE_DIRECTION_LTR, BRACE_FORMAT_DIRECTION_LEADING_TO_TRAILING, 0);
  direction_case(BRACE_DIRECTION_RTL, BRACE_FORMAT_DIRECTION_LEADING_TO_TRAILING, 1);
  /* Left to right and right to left ignore it. */
  direction_case(BRACE_DIRECTION_RTL, BRACE_FORMAT_DIRECTION_LEFT_TO_RIGHT, 0);
  direction_case(BRACE_DIRECTION_LTR, BRACE_FORMAT_DIRECTION_LEFT_TO_RIGHT, 0);
  direction_case(BRACE_DIRECTION_LTR, BRACE_FORMAT_DIRECTION_RIGHT_TO_LEFT, 1);
  direction_case(BRACE_DIRECTION_RTL, BRACE_FORMAT_DIRECTION_RIGHT_TO_LEFT, 1);

  /* Explicit spacing right to left: "H:|-10-[a(50)]-20-[b(60)]": a's right edge at
     400 - 10 = 390 (a is 340..390), b's right edge 20 before a's left (320): 260..320. */
  brace_node w, a, b;
  scope s;
  brace_context *ctx = open_scene(BRACE_DIRECTION_LTR, &w, &s);
  a = view_named(&s, "a");
  b = view_named(&s, "b");
  APPLY(ctx, &s, "H:|-10-[a(50)]-20-[b(60)]", BRACE_FORMAT_DIRECTION_RIGHT_TO_LEFT, 4);
  APPLY(ctx, &s, "V:|[a(10)]", 0, 2);
  APPLY(ctx, &s, "V:|[b(10)]", 0, 2);
  OK(brace_context_run_update_cycle(ctx));
  CHECK_FRAME(a, 340, 0, 50, 10);
  CHECK_FRAME(b, 260, 0, 60, 10);
  close_scene(ctx);
}

/* Alignment on an H: line "H:|-10-[a(50)]-[b(60)]" (a at x 10, b at 10 + 50 + 8 = 68):
   a is fixed at y 20, height 100 (first baseline 30 below its top: y 50; last baseline
   10 above its bottom: y 110); b is 40 high (baselines 12 from its top, 6 from its
   bottom). b.y for each option: TOP 20; BOTTOM 120 - 40 = 80; CENTER_Y 70 - 20 = 50;
   FIRST_BASELINE 50 - 12 = 38; LAST_BASELINE 110 + 6 - 40 = 76. */
static void h_alignment_case(brace_format_options option, double y) {
  brace_node w, a, b;
  scope s;
  brace_context *ctx = open_scene(BRACE_DIRECTION_LTR, &w, &s);
  a = view_named(&s, "a");
  b = view_named(&s, "b");
  OK(brace_node_set_baseline_offsets(ctx, a, 30, 10));
  OK(brace_node_set_baseline_offsets(ctx, b, 12, 6));
  /* 4 constraints of the line and 1 alignment (b on a). */
  APPLY(ctx, &s, "H:|-10-[a(50)]-[b(60)]", option, 5);
  APPLY(ctx, &s, "V:|-20-[a(100)]", 0, 2);
  APPLY(ctx, &s, "V:[b(40)]", 0, 1);
  OK(brace_context_run_update_cycle(ctx));
  CHECK_FRAME(b, 68, y, 60, 40);
  close_scene(ctx);
}

/* Alignment on a V: line "V:|-10-[a(50)]-[b(60)]" (b at y 68): a is 100 wide at 20 from
   the leading edge, b 40 wide. Left to right, a is 20..120: b.x is LEFT and LEADING 20,
   RIGHT and TRAILING 120 - 40 = 80, CENTER_X 70 - 20 = 50. Right to left, a is
   280..380 (leading is the right edge): LEADING and RIGHT 380 - 40 = 340, TRAILING and
   LEFT 280, CENTER_X 330 - 20 = 310. */
static void v_alignment_case(brace_layout_direction direction, brace_format_options option, double x) {
  brace_node w, b;
  scope s;
  brace_context *ctx = open_scene(direction, &w, &s);
  b = view_named(&s, "b");
  APPLY(ctx, &s, "V:|-10-[a(50)]-[b(60)]", option, 5);
  APPLY(ctx, &s, "H:|-20-[a(100)]", 0, 2);
  APPLY(ctx, &s, "H:[b(40)]", 0, 1);
  OK(brace_context_run_update_cycle(ctx));
  CHECK_FRAME(b, x, 68, 40, 60);
  close_scene(ctx);
}

static void test_alignments(void) {
  g_section = "alignment options";
  h_alignment_case(BRACE_FORMAT_ALIGN_ALL_TOP, 20);
  h_alignment_case(BRACE_FORMAT_ALIGN_ALL_BOTTOM, 80);
  h_alignment_case(BRACE_FORMAT_ALIGN_ALL_CENTER_Y, 50);
  h_alignment_case(BRACE_FORMAT_ALIGN_ALL_FIRST_BASELINE, 38);
  h_alignment_case(BRACE_FORMAT_ALIGN_ALL_LAST_BASELINE, 76);
  v_alignment_case(BRACE_DIRECTION_LTR, BRACE_FORMAT_ALIGN_ALL_LEFT, 20);
  v_alignment_case(BRACE_DIRECTION_LTR, BRACE_FORMAT_ALIGN_ALL_RIGHT, 80);
  v_alignment_case(BRACE_DIRECTION_LTR, BRACE_FORMAT_ALIGN_ALL_LEADING, 20);
  v_alignment_case(BRACE_DIRECTION_LTR, BRACE_FORMAT_ALIGN_ALL_TRAILING, 80);
  v_alignment_case(BRACE_DIRECTION_LTR, BRACE_FORMAT_ALIGN_ALL_CENTER_X, 50);
  v_alignment_case(BRACE_DIRECTION_RTL, BRACE_FORMAT_ALIGN_ALL_LEADING, 340);
  v_alignment_case(BRACE_DIRECTION_RTL, BRACE_FORMAT_ALIGN_ALL_TRAILING, 280);
  v_alignment_case(BRACE_DIRECTION_RTL, BRACE_FORMAT_ALIGN_ALL_LEFT, 280);
  v_alignment_case(BRACE_DIRECTION_RTL, BRACE_FORMAT_ALIGN_ALL_RIGHT, 340);
  v_alignment_case(BRACE_DIRECTION_RTL, BRACE_FORMAT_ALIGN_ALL_CENTER_X, 310);

  /* Two alignments at once, three views: "H:|-10-[a(50)]-[b(60)]-[c(70)]" with TOP and
     BOTTOM aligns b and c on a (y 20, height 100): 6 + 2 x 2 = 10 constraints. c is at
     x 68 + 60 + 8 = 136. */
  brace_node w, c;
  scope s;
  brace_context *ctx = open_scene(BRACE_DIRECTION_LTR, &w, &s);
  c = view_named(&s, "c");
  APPLY(ctx, &s, "H:|-10-[a(50)]-[b(60)]-[c(70)]", BRACE_FORMAT_ALIGN_ALL_TOP | BRACE_FORMAT_ALIGN_ALL_BOTTOM, 10);
  APPLY(ctx, &s, "V:|-20-[a(100)]", 0, 2);
  OK(brace_context_run_update_cycle(ctx));
  CHECK_FRAME(c, 136, 20, 70, 100);
  close_scene(ctx);
}

/* The output: capacity 0 asks, too small creates nothing, the caller owns the rest. */
static void test_output(void) {
  brace_node w, a;
  scope s;
  brace_constraint buffer[4];
  size_t count = 0;
  g_section = "output buffer and ownership";
  brace_context *ctx = open_scene(BRACE_DIRECTION_LTR, &w, &s);
  a = view_named(&s, "a");
  const char *line = "H:|-[a]-[b]-|";

  /* Capacity 0: the number (3), nothing created; the buffer may be NULL. */
  brace_constraint before = probe(ctx, a);
  OK(brace_constraints_create_with_visual_format(ctx, line, 0, s.view_names, s.views, s.view_count, NULL, NULL, 0,
                                                 NULL, 0, &count));
  CHECK_EQ(count, 3);
  CHECK(probe(ctx, a) == before + 1);

  /* Too small: BRACE_E_NO_MEMORY, *count the number needed, nothing created, the buffer
     untouched. */
  buffer[0] = buffer[1] = 77;
  count = 0;
  before = probe(ctx, a);
  ERR(ctx, BRACE_E_NO_MEMORY, "nothing was created",
      brace_constraints_create_with_visual_format(ctx, line, 0, s.view_names, s.views, s.view_count, NULL, NULL, 0,
                                                  buffer, 2, &count));
  CHECK_EQ(count, 3);
  CHECK(buffer[0] == 77 && buffer[1] == 77);
  CHECK(probe(ctx, a) == before + 1);

  /* Exactly enough: three distinct constraints, inactive. */
  OK(brace_constraints_create_with_visual_format(ctx, line, 0, s.view_names, s.views, s.view_count, NULL, NULL, 0,
                                                 buffer, 3, &count));
  CHECK_EQ(count, 3);
  CHECK(buffer[0] != 0 && buffer[0] != buffer[1] && buffer[1] != buffer[2] && buffer[0] != buffer[2]);
  /* The caller owns them: activate, check they are listed on a, destroy. */
  size_t listed = 99;
  OK(brace_node_get_constraints(ctx, a, NULL, 0, &listed));
  CHECK_EQ(listed, 0);
  OK(brace_constraints_activate(ctx, buffer, 3));
  OK(brace_node_get_constraints(ctx, a, NULL, 0, &listed));
  CHECK_EQ(listed, 2); /* |-a and a-b (a's generated constraints: none, no intrinsic size) */
  for (int k = 0; k < 3; k++) OK(brace_constraint_destroy(ctx, buffer[k]));
  OK(brace_node_get_constraints(ctx, a, NULL, 0, &listed));
  CHECK_EQ(listed, 0);

  /* A view alone makes none: BRACE_OK with *count 0, with or without a buffer. */
  count = 99;
  OK(brace_constraints_create_with_visual_format(ctx, "[a]", 0, s.view_names, s.views, s.view_count, NULL, NULL, 0,
                                                 buffer, 4, &count));
  CHECK_EQ(count, 0);
  count = 99;
  OK(brace_constraints_create_with_visual_format(ctx, "V:[a]", BRACE_FORMAT_ALIGN_ALL_LEFT, s.view_names, s.views,
                                                 s.view_count, NULL, NULL, 0, NULL, 0, &count));
  CHECK_EQ(count, 0);

  /* Constraints left inactive are freed with the context (valgrind: nothing lost). */
  OK(brace_constraints_create_with_visual_format(ctx, "H:[a(>=10)]", 0, s.view_names, s.views, s.view_count, NULL,
                                                 NULL, 0, buffer, 4, &count));
  CHECK_EQ(count, 1);
  close_scene(ctx);
}

/* Malformed formats: the status, the message, the caret's column, nothing created. */
static void test_malformed(void) {
  brace_node w, orphan = 0;
  scope s;
  g_section = "malformed formats";
  brace_context *ctx = open_scene(BRACE_DIRECTION_LTR, &w, &s);
  add_metric(&s, "pad", 20);
  const brace_status inv = BRACE_E_INVALID_ARGUMENT;

  /* Columns count from 0. */
  REFUSED(ctx, &s, "H:|-[a(>=50]-|", 0, inv, "Expected ')' to close the view's predicates before ']'", 11);
  REFUSED(ctx, &s, "H|-[a]-|", 0, inv, "Expected ':' after 'H' to specify horizontal arrangement", 1);
  REFUSED(ctx, &s, "V|[a]", 0, inv, "Expected ':' after 'V' to specify vertical arrangement", 1);
  REFUSED(ctx, &s, "x:[a]", 0, inv, "Expected 'H:' or 'V:', a view ('[name]') or '|'", 0);
  REFUSED(ctx, &s, "", 0, inv, "Expected a view: the format is empty", 0);
  REFUSED(ctx, &s, "H:-[a]", 0, inv, "Expected a view or '|' before a connection", 2);
  REFUSED(ctx, &s, "|-|", 0, inv, "Expected a view between the superview's edges", 2);
  REFUSED(ctx, &s, "V:|", 0, inv, "Expected a view after '|', found the end of the format", 3);
  REFUSED(ctx, &s, "V:|-20-", 0, inv, "Expected a view after the superview's connection, found the end", 7);
  REFUSED(ctx, &s, "H:[a]-20-", 0, inv, "Expected a view or '|' after the connection, found the end", 9);
  REFUSED(ctx, &s, "H:[]", 0, inv, "Expected a view name after '['", 3);
  REFUSED(ctx, &s, "H:|-[a]-[b", 0, inv, "Expected ']' after the view's name, found the end of the format", 10);
  REFUSED(ctx, &s, "H:[a 50]", 0, inv, "Expected '(' before the view's predicates: [a(50)]", 5);
  REFUSED(ctx, &s, "H:[a(50)x]", 0, inv, "Expected ']' after the view's predicates, found 'x'", 8);
  REFUSED(ctx, &s, "H:[a(=50)]", 0, inv, "Unknown relation: a relation is '==', '<=' or '>='", 5);
  REFUSED(ctx, &s, "H:[a(<50)]", 0, inv, "Unknown relation", 5);
  REFUSED(ctx, &s, "H:[a(50,)]", 0, inv, "Expected a number, a metric name or a view name, found ')'", 8);
  REFUSED(ctx, &s, "H:[a(50 60)]", 0, inv, "Expected ',' or ')' after a predicate, found '6'", 8);
  REFUSED(ctx, &s, "H:[a(>=50@)]", 0, inv, "Expected a priority (a number or a metric name) after '@'", 10);
  REFUSED(ctx, &s, "H:[a(50@1001)]", 0, inv, "The priority 1001 is outside 1...1000", 8);
  REFUSED(ctx, &s, "H:[a(50@0)]", 0, inv, "The priority 0 is outside 1...1000", 8);
  /* Just under 1000, but 1000 as a Float (a priority's type): refused, not made required. */
  REFUSED(ctx, &s, "H:[a(50@999.99999)]", 0, inv, "rounds to 1000 (required)", 8);
  REFUSED(ctx, &s, "H:[a(50@pad)]-(==10@b)-[b]", 0, inv, "'b' is a view: a priority is a number or a metric name", 20);
  REFUSED(ctx, &s, "H:[a(1e12)]", 0, inv, "The constant 1000000000000 is outside the solver's range", 5);
  REFUSED(ctx, &s, "H:[a(==a)]", 0, inv, "A view's size cannot be related to itself ('a')", 7);
  /* The grammar before the meaning: the caret is under the first character that is not
     the language, not under the name before it. */
  REFUSED(ctx, &s, "H:[a(a.width)]", 0, inv, "Expected ',' or ')' after a predicate, found '.'", 6);
  REFUSED(ctx, &s, "H:[a(>=b.width)]", 0, inv, "Expected ',' or ')' after a predicate, found '.'", 8);
  /* A view placed twice in a line would be spaced from itself: refused at its second
     place (0.5 accepted it and made a required constraint that could never hold). */
  REFUSED(ctx, &s, "H:[a]-[a]", 0, inv, "View 'a' appears twice in the line", 7);
  REFUSED(ctx, &s, "H:|[a][b]-[a]|", 0, inv, "View 'a' appears twice in the line", 11);
  REFUSED(ctx, &s, "V:[a(20)]-[b]-[c]-[b(10)]", 0, inv, "View 'b' appears twice in the line", 19);
  REFUSED(ctx, &s, "H:[a]-[a].x", 0, inv, "Expected '-', '[' or '|' after a view, or the end of the format; found '.'", 9);
  REFUSED(ctx, &s, "H:[a]->=20-[b]", 0, inv, "A spacing with a relation is written in parentheses: -(>=20)-", 6);
  REFUSED(ctx, &s, "H:[a]-@750-[b]", 0, inv, "A spacing with a priority is written in parentheses", 6);
  REFUSED(ctx, &s, "H:[a]-20[b]", 0, inv, "Expected '-' after the spacing, found '['", 8);
  REFUSED(ctx, &s, "H:[a]-(20-[b]", 0, inv, "Expected ')' to close the spacing's predicates before '-'", 9);
  REFUSED(ctx, &s, "H:[a]-(b)-[b]", 0, inv, "'b' is a view: a spacing is a number or a metric name", 7);
  REFUSED(ctx, &s, "H:[a]-x-[b]", 0, BRACE_E_NOT_FOUND, "Unknown metric 'x': it is not among the metric names given", 6);
  REFUSED(ctx, &s, "H:[a(>=nope)]", 0, BRACE_E_NOT_FOUND, "Unknown name 'nope'", 7);
  REFUSED(ctx, &s, "H:[a]-[zz]", 0, BRACE_E_NOT_FOUND, "Unknown view 'zz': it is not among the view names given", 7);
  REFUSED(ctx, &s, "H:[a][b]x", 0, inv, "Expected '-', '[' or '|' after a view, or the end of the format; found 'x'", 8);
  REFUSED(ctx, &s, "H:[a]-[b]-", 0, inv, "Expected a spacing, a view or '|' after '-', found the end of the format", 10);
  REFUSED(ctx, &s, "H:|-[a]-|-[b]", 0, inv, "Expected the end of the format after the superview's '|', found '-'", 9);
  /* Alignment along the orientation, as UIKit raises: the caret is on the orientation
     (column 0 when the format starts with the line itself). */
  REFUSED(ctx, &s, "H:[a]-[b]", BRACE_FORMAT_ALIGN_ALL_LEFT, inv,
          "Options mask requires the views to be aligned on left (BRACE_FORMAT_ALIGN_ALL_LEFT)", 0);
  REFUSED(ctx, &s, "[a]-[b]", BRACE_FORMAT_ALIGN_ALL_CENTER_X, inv, "not allowed for a layout that is also horizontal", 0);
  REFUSED(ctx, &s, "  V:[a]-[b]", BRACE_FORMAT_ALIGN_ALL_LAST_BASELINE, inv,
          "aligned on lastBaseline (BRACE_FORMAT_ALIGN_ALL_LAST_BASELINE), a vertical position", 2);
  /* Control characters are shown as spaces; non-ASCII characters count as one column. */
  REFUSED_SHOWN(ctx, &s, "H:[a]\n-[zz]", "H:[a] -[zz]", BRACE_E_NOT_FOUND, "Unknown view 'zz'", 8);
  REFUSED_SHOWN(ctx, &s, "H:[\xc3\xa9t\xc3\xa9]", NULL, inv, "Expected a view name after '['", 3);
  REFUSED_SHOWN(ctx, &s, "H:[a]-\xc3\xa9-[b]", NULL, inv, "found a character that is not part of the language", 6);

  /* '|' next to a view without a superview: BRACE_E_INVALID_STATE naming the view, the
     caret on that '|'. */
  OK(brace_node_create(ctx, &orphan));
  add_view(&s, "orphan", orphan);
  REFUSED(ctx, &s, "H:[a]-[b]  [orphan]-|", 0, BRACE_E_INVALID_STATE, "the view 'orphan' (node", 20);
  REFUSED(ctx, &s, "V:|[orphan]", 0, BRACE_E_INVALID_STATE, "Unable to interpret '|'", 2);
  /* Without '|' an orphan is fine (nothing needs its superview). */
  size_t count = 0;
  OK(brace_constraints_create_with_visual_format(ctx, "[orphan(10)]", 0, s.view_names, s.views, s.view_count, NULL,
                                                 NULL, 0, NULL, 0, &count));
  CHECK_EQ(count, 1);
  close_scene(ctx);
}

/* Arguments that are wrong before the format is read. Nothing is created. */
static void test_arguments(void) {
  brace_node w;
  scope s;
  brace_constraint buffer[8];
  size_t count = 0;
  g_section = "arguments";
  brace_context *ctx = open_scene(BRACE_DIRECTION_LTR, &w, &s);
  brace_node a = view_named(&s, "a");
  brace_constraint before = probe(ctx, a);

  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "format is NULL",
      brace_constraints_create_with_visual_format(ctx, NULL, 0, s.view_names, s.views, s.view_count, NULL, NULL, 0,
                                                  buffer, 8, &count));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "count is NULL",
      brace_constraints_create_with_visual_format(ctx, "[a]", 0, s.view_names, s.views, s.view_count, NULL, NULL, 0,
                                                  buffer, 8, NULL));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "buffer is NULL but capacity is 8",
      brace_constraints_create_with_visual_format(ctx, "[a]", 0, s.view_names, s.views, s.view_count, NULL, NULL, 0,
                                                  NULL, 8, &count));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "not BRACE_FORMAT_* options",
      brace_constraints_create_with_visual_format(ctx, "[a]", 1u << 7, s.view_names, s.views, s.view_count, NULL,
                                                  NULL, 0, buffer, 8, &count));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "not BRACE_FORMAT_* options",
      brace_constraints_create_with_visual_format(ctx, "[a]", 1u << 20, s.view_names, s.views, s.view_count, NULL,
                                                  NULL, 0, buffer, 8, &count));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "two directions",
      brace_constraints_create_with_visual_format(ctx, "[a]", BRACE_FORMAT_DIRECTION_MASK, s.view_names, s.views,
                                                  s.view_count, NULL, NULL, 0, buffer, 8, &count));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "view_names is NULL",
      brace_constraints_create_with_visual_format(ctx, "[a]", 0, NULL, s.views, s.view_count, NULL, NULL, 0, buffer,
                                                  8, &count));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "views is NULL",
      brace_constraints_create_with_visual_format(ctx, "[a]", 0, s.view_names, NULL, s.view_count, NULL, NULL, 0,
                                                  buffer, 8, &count));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "metrics is NULL",
      brace_constraints_create_with_visual_format(ctx, "[a]", 0, s.view_names, s.views, s.view_count, s.view_names,
                                                  NULL, 1, buffer, 8, &count));
  /* Names: the form, NULL entries, duplicates. */
  const char *bad_names[3] = {"a", "1b", "c"};
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "view_names[1] \"1b\" is not a name",
      brace_constraints_create_with_visual_format(ctx, "[a]", 0, bad_names, s.views, 3, NULL, NULL, 0, buffer, 8,
                                                  &count));
  const char *null_name[2] = {"a", NULL};
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "view_names[1] is NULL",
      brace_constraints_create_with_visual_format(ctx, "[a]", 0, null_name, s.views, 2, NULL, NULL, 0, buffer, 8,
                                                  &count));
  const char *dup_names[3] = {"a", "b", "a"};
  ERR(ctx, BRACE_E_DUPLICATE, "view_names[2] \"a\" repeats view_names[0]",
      brace_constraints_create_with_visual_format(ctx, "[a]", 0, dup_names, s.views, 3, NULL, NULL, 0, buffer, 8,
                                                  &count));
  const char *metric_names[2] = {"m", "m"};
  const double metric_values[2] = {1, 2};
  ERR(ctx, BRACE_E_DUPLICATE, "metric_names[1] \"m\" repeats metric_names[0]",
      brace_constraints_create_with_visual_format(ctx, "[a]", 0, s.view_names, s.views, s.view_count, metric_names,
                                                  metric_values, 2, buffer, 8, &count));
  const double not_finite[1] = {NAN};
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "metrics[0] (\"m\") must be finite",
      brace_constraints_create_with_visual_format(ctx, "[a]", 0, s.view_names, s.views, s.view_count, metric_names,
                                                  not_finite, 1, buffer, 8, &count));
  /* Views: every handle must be a live node of the context, used or not. */
  brace_node gone = 0;
  OK(brace_node_create(ctx, &gone));
  OK(brace_node_destroy(ctx, gone));
  brace_node views[2] = {a, gone};
  const char *names[2] = {"a", "gone"};
  ERR(ctx, BRACE_E_STALE_HANDLE, "views[1] (\"gone\")",
      brace_constraints_create_with_visual_format(ctx, "[a]", 0, names, views, 2, NULL, NULL, 0, buffer, 8, &count));
  views[1] = 0;
  ERR(ctx, BRACE_E_INVALID_HANDLE, "views[1]",
      brace_constraints_create_with_visual_format(ctx, "[a]", 0, names, views, 2, NULL, NULL, 0, buffer, 8, &count));
  brace_context *other = NULL;
  brace_node foreign = 0;
  OK(brace_context_create(NULL, &other));
  OK(brace_node_create(other, &foreign));
  views[1] = foreign;
  ERR(ctx, BRACE_E_FOREIGN_HANDLE, "another context",
      brace_constraints_create_with_visual_format(ctx, "[a]", 0, names, views, 2, NULL, NULL, 0, buffer, 8, &count));
  OK(brace_context_destroy(other));
  /* A NULL context. */
  ERR(NULL, BRACE_E_INVALID_ARGUMENT, "context is NULL",
      brace_constraints_create_with_visual_format(NULL, "[a]", 0, s.view_names, s.views, s.view_count, NULL, NULL, 0,
                                                  buffer, 8, &count));
  /* Nothing was created by any of them. */
  CHECK(probe(ctx, a) == before + 1);
  close_scene(ctx);
}

/* The example of brace/constraint.h, as written there, with label and field given
   intrinsic sizes 60 x 20 and 100 x 30 (margins left 10, right 30). label starts at the
   left margin, field ends at the right one (370); in between 10 + label + gap + field =
   370 with gap >= 20. Both views hug their intrinsic widths (@250) and nothing pulls
   the gap, so label is 60 wide (10..70), field 100 (270..370) and the gap 200. With
   ALIGN_ALL_CENTER_Y field's center is label's. */
static void test_header_example(void) {
  brace_node w, label, field;
  scope s;
  g_section = "the header's example";
  brace_context *ctx = open_scene(BRACE_DIRECTION_LTR, &w, &s);
  label = view_named(&s, "a");
  field = view_named(&s, "b");
  OK(brace_node_set_intrinsic_content_size(ctx, label, (brace_size){60, 20}));
  OK(brace_node_set_intrinsic_content_size(ctx, field, (brace_size){100, 30}));

  const char *names[] = {"label", "field"};
  brace_node views[] = {label, field};
  const char *metric_names[] = {"pad"};
  double metrics[] = {20};
  brace_constraint made[16];
  size_t n = 0;
  if (brace_constraints_create_with_visual_format(ctx, "H:|-[label]-(>=pad)-[field(>=100@750)]-|",
                                                  BRACE_FORMAT_ALIGN_ALL_CENTER_Y, names, views, 2,
                                                  metric_names, metrics, 1, made, 16, &n) == BRACE_OK)
    OK(brace_constraints_activate(ctx, made, n));
  else
    CHECK(!"the header's example failed");
  CHECK_EQ(n, 5);
  /* label's top at the top margin (12): field's center 12 + 10 = 22, so its y is 7. */
  APPLY(ctx, &s, "V:|-[a]", 0, 1);
  OK(brace_context_run_update_cycle(ctx));
  CHECK_FRAME(label, 10, 12, 60, 20);
  CHECK_FRAME(field, 270, 7, 100, 30);
  close_scene(ctx);
}

/* brace_constraint_get_terms (since 0.5): what each constraint says, read back in the
   linear form, for the format's constraints, one made by brace_constraint_create and
   one made linear; then its argument checks. */
static void test_reading_terms_back(void) {
  g_section = "terms";
  brace_node window = 0;
  scope s;
  brace_context *ctx = open_scene(BRACE_DIRECTION_LTR, &window, &s);
  brace_node a = view_named(&s, "a"), b = view_named(&s, "b");
  brace_constraint made[8];
  size_t count = 0;
  /* |-[a] : a.leading == window.leading_margin (a.leading - window.leading_margin == 0);
     [a]-20-[b] : b.leading == a.trailing + 20 (b.leading - a.trailing == 20);
     (==a) : b.width == a.width (b.width - a.width == 0); [b]-| : the trailing margin. */
  OK(brace_constraints_create_with_visual_format(ctx, "H:|-[a]-20-[b(==a)]-|", 0, s.view_names, s.views,
                                                 s.view_count, NULL, NULL, 0, made, 8, &count));
  CHECK_EQ(count, 4);
  int seen_spacing = 0, seen_equal_width = 0;
  for (size_t k = 0; k < count && k < 8; k++) {
    brace_term t[4];
    size_t n = 0;
    brace_relation rel = BRACE_RELATION_LESS_EQUAL;
    double constant = -1;
    OK(brace_constraint_get_terms(ctx, made[k], t, 4, &n, &rel, &constant));
    CHECK_EQ(n, 2);
    CHECK(rel == BRACE_RELATION_EQUAL);
    if (n == 2 && t[0].item == b && t[0].attribute == BRACE_ATTR_LEADING) {
      seen_spacing++;
      CHECK(t[0].coefficient == 1 && t[1].item == a && t[1].attribute == BRACE_ATTR_TRAILING &&
            t[1].coefficient == -1 && constant == 20);
    }
    if (n == 2 && t[0].item == b && t[0].attribute == BRACE_ATTR_WIDTH) {
      seen_equal_width++;
      CHECK(t[1].item == a && t[1].attribute == BRACE_ATTR_WIDTH && t[1].coefficient == -1 && constant == 0);
    }
  }
  CHECK_EQ(seen_spacing, 1);
  CHECK_EQ(seen_equal_width, 1);

  /* brace_constraint_create: a.height <= 0.5 * b.height + 3, priority irrelevant. */
  brace_constraint c = 0;
  OK(brace_constraint_create(ctx, a, BRACE_ATTR_HEIGHT, BRACE_RELATION_LESS_EQUAL, b, BRACE_ATTR_HEIGHT, 0.5, 3, &c));
  brace_term t[3] = {{0, BRACE_ATTR_NONE, 0}, {0, BRACE_ATTR_NONE, 0}, {0, BRACE_ATTR_NONE, 0}};
  size_t n = 0;
  brace_relation rel = BRACE_RELATION_EQUAL;
  double constant = 0;
  OK(brace_constraint_get_terms(ctx, c, t, 3, &n, &rel, &constant));
  CHECK_EQ(n, 2);
  CHECK(t[0].item == a && t[0].attribute == BRACE_ATTR_HEIGHT && t[0].coefficient == 1);
  CHECK(t[1].item == b && t[1].attribute == BRACE_ATTR_HEIGHT && t[1].coefficient == -0.5);
  CHECK(rel == BRACE_RELATION_LESS_EQUAL && constant == 3);
  /* A constant constraint has one term. The count alone (capacity 0, NULL buffer), and
     relation and constant may be NULL. */
  OK(brace_constraint_create(ctx, a, BRACE_ATTR_WIDTH, BRACE_RELATION_GREATER_EQUAL, 0, BRACE_ATTR_NONE, 1, 44, &c));
  OK(brace_constraint_get_terms(ctx, c, NULL, 0, &n, NULL, NULL));
  CHECK_EQ(n, 1);
  /* A capacity below the count copies what fits and still reports the total. */
  brace_variable v = 0;
  OK(brace_variable_create(ctx, &v));
  brace_term lin[3] = {{a, BRACE_ATTR_WIDTH, 2}, {b, BRACE_ATTR_WIDTH, 1}, {v, BRACE_ATTR_NONE, -1}};
  OK(brace_constraint_create_linear(ctx, lin, 3, BRACE_RELATION_GREATER_EQUAL, 7, &c));
  t[1].item = 99;
  OK(brace_constraint_get_terms(ctx, c, t, 1, &n, &rel, &constant));
  CHECK_EQ(n, 3);
  CHECK(t[0].item == a && t[0].coefficient == 2 && t[1].item == 99);
  OK(brace_constraint_get_terms(ctx, c, t, 3, &n, &rel, &constant));
  CHECK(t[2].item == v && t[2].attribute == BRACE_ATTR_NONE && t[2].coefficient == -1);
  CHECK(rel == BRACE_RELATION_GREATER_EQUAL && constant == 7);
  /* Misuse: a NULL count, a NULL buffer with a capacity, a stale handle. */
  g_checks++;
  if (brace_constraint_get_terms(ctx, c, t, 3, NULL, NULL, NULL) != BRACE_E_INVALID_ARGUMENT ||
      !strstr(brace_last_error(ctx), "brace_constraint_get_terms") || !strstr(brace_last_error(ctx), "count is NULL"))
    fail_at(__FILE__, __LINE__, "a NULL count is refused by name");
  g_checks++;
  if (brace_constraint_get_terms(ctx, c, NULL, 2, &n, NULL, NULL) != BRACE_E_INVALID_ARGUMENT ||
      !strstr(brace_last_error(ctx), "buffer is NULL"))
    fail_at(__FILE__, __LINE__, "a NULL buffer with a capacity is refused");
  OK(brace_constraint_destroy(ctx, c));
  n = 12345;
  g_checks++;
  if (brace_constraint_get_terms(ctx, c, t, 3, &n, NULL, NULL) != BRACE_E_STALE_HANDLE || n != 12345)
    fail_at(__FILE__, __LINE__, "a destroyed constraint is stale, nothing written");
  close_scene(ctx);
}

/* brace_node_get_layout_guides (since 0.5): a view's guides in the order made, none
   after they are destroyed, and the buffer rules of the other listing calls. */
static void test_listing_layout_guides(void) {
  g_section = "layout guides";
  brace_node window = 0;
  scope s;
  brace_context *ctx = open_scene(BRACE_DIRECTION_LTR, &window, &s);
  brace_node a = view_named(&s, "a");
  brace_node g[3], got[4] = {0, 0, 0, 0};
  size_t count = 99;
  OK(brace_node_get_layout_guides(ctx, window, got, 4, &count));
  CHECK_EQ(count, 0);
  for (int k = 0; k < 3; k++) OK(brace_layout_guide_create(ctx, window, &g[k]));
  OK(brace_node_get_layout_guides(ctx, window, got, 4, &count));
  CHECK_EQ(count, 3);
  CHECK(got[0] == g[0] && got[1] == g[1] && got[2] == g[2] && got[3] == 0);
  OK(brace_node_get_layout_guides(ctx, a, got, 4, &count));
  CHECK_EQ(count, 0); /* another view's guides are not a's */
  OK(brace_node_destroy(ctx, g[1]));
  got[1] = 77;
  OK(brace_node_get_layout_guides(ctx, window, got, 1, &count));
  CHECK_EQ(count, 2); /* the total, though one fits */
  CHECK(got[0] == g[0] && got[1] == 77);
  OK(brace_node_get_layout_guides(ctx, window, NULL, 0, &count));
  CHECK_EQ(count, 2);
  g_checks++;
  if (brace_node_get_layout_guides(ctx, window, NULL, 2, &count) != BRACE_E_INVALID_ARGUMENT ||
      !strstr(brace_last_error(ctx), "brace_node_get_layout_guides"))
    fail_at(__FILE__, __LINE__, "a NULL buffer with a capacity is refused by name");
  g_checks++;
  if (brace_node_get_layout_guides(ctx, g[1], got, 4, &count) != BRACE_E_STALE_HANDLE)
    fail_at(__FILE__, __LINE__, "a destroyed guide is stale");
  close_scene(ctx);
}

int main(void) {
  check_watchdog("test_vfl: WATCHDOG: a call did not return (hang)\n", 300);
  if (!check_can_create_context("test_vfl")) return 2;

  test_standard_spacing_and_margins();
  test_explicit_metric_predicates_flush();
  test_flush_superview_whitespace_and_names();
  test_view_references();
  test_directions();
  test_alignments();
  test_output();
  test_malformed();
  test_arguments();
  test_header_example();
  test_reading_terms_back();
  test_listing_layout_guides();

  return check_summary("test_vfl");
}
