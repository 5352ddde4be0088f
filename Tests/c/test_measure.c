/*
 * test_measure.c — measuring content for a proposed size (brace_node_callbacks.measure,
 * docs/measuring.md): a label that wraps gets its height for the width it is given in
 * one turn, in a constraint layout and in a stack (both of its paths), with the number
 * of measure calls bounded; the fitting size with a required width is height-for-width;
 * a plugin in the simple pattern (Tests/c/plugins/column.c: measure and arrange only)
 * nested in a stack and pinned in a constraint layout gets the right frames; answers
 * that are not sizes are refused with a diagnostic; an older callbacks struct never has
 * its missing member read.
 *
 * The fake text: a label of N characters, each 1 wide and 1 high. For a proposed width W
 * it puts per = floor(W) characters on a line (at least 1; all N when W is unbounded):
 * width min(N, per), height ceil(N / per). Every frame below is worked out from that.
 */
#include "check.h"

#include <dlfcn.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>

static brace_context *ctx;

typedef struct label {
  int chars;
  int calls;
} label;

static brace_size measure_text(brace_context *c, brace_node node, brace_size proposed, void *user) {
  (void)c;
  (void)node;
  label *l = user;
  l->calls++;
  if (l->chars == 0) return (brace_size){0, 0};
  int per = proposed.width == BRACE_PROPOSAL_UNBOUNDED ? l->chars : (int)floor(proposed.width);
  if (per < 1) per = 1;
  int lines = (l->chars + per - 1) / per;
  return (brace_size){l->chars < per ? l->chars : per, lines};
}

static void make_label(brace_node *out, label *l, brace_node parent, bool translates) {
  OK(brace_node_create(ctx, out));
  if (parent) OK(brace_node_add_subview(ctx, parent, *out));
  OK(brace_node_set_translates_autoresizing_mask(ctx, *out, translates));
  brace_node_callbacks cb = {0};
  cb.struct_size = sizeof cb;
  cb.user_data = l;
  cb.measure = measure_text;
  OK(brace_node_set_callbacks(ctx, *out, &cb));
}

static brace_node leaf(brace_node parent, double w, double h) {
  brace_node n;
  OK(brace_node_create(ctx, &n));
  OK(brace_node_add_subview(ctx, parent, n));
  if (w >= 0 || h >= 0) OK(brace_node_set_intrinsic_content_size(ctx, n, (brace_size){w, h}));
  return n;
}

static brace_node root(double w, double h) {
  brace_node n;
  OK(brace_node_create(ctx, &n));
  OK(brace_node_set_frame(ctx, n, (brace_rect){0, 0, w, h}));
  return n;
}

static void pin(brace_node a, brace_attribute aa, brace_node b, brace_attribute ba, double constant) {
  brace_constraint c;
  OK(brace_constraint_create(ctx, a, aa, BRACE_RELATION_EQUAL, b, ba, b ? 1 : 0, constant, &c));
  OK(brace_constraint_activate(ctx, c));
}

/* Pins `n`'s leading, trailing and top to `r`'s, inset by `side` and `top`. */
static void pin_top_band(brace_node n, brace_node r, double side, double top) {
  pin(n, BRACE_ATTR_LEADING, r, BRACE_ATTR_LEADING, side);
  pin(n, BRACE_ATTR_TRAILING, r, BRACE_ATTR_TRAILING, -side);
  pin(n, BRACE_ATTR_TOP, r, BRACE_ATTR_TOP, top);
}

/* CHECK_FRAME (check.h) with a name that says which state it is. */
#define FRAME(what, n, x, y, w, h) check_frame_is((n), (x), (y), (w), (h), (what), __FILE__, __LINE__)

/* One turn, after which nothing is pending: the measured heights settled inside it. */
static void one_turn(void);

/* The label's text changes to `chars` characters: the program says so, then one turn. */
static void retext(brace_node n, label *l, int chars) {
  l->chars = chars;
  OK(brace_node_invalidate_intrinsic_content_size(ctx, n));
  one_turn();
}

static void one_turn(void) {
  OK(brace_context_run_update_cycle(ctx));
  uint32_t pending = 1;
  OK(brace_context_get_pending(ctx, &pending));
  CHECK_EQ(pending, 0);
}

static int diagnostics;
static char last_diagnostic[2048];
static brace_node last_diagnostic_node;
static void on_diagnostic(brace_context *c, const brace_diagnostic *d, void *user) {
  (void)c;
  (void)user;
  diagnostics++;
  snprintf(last_diagnostic, sizeof last_diagnostic, "%s", d->message);
  last_diagnostic_node = d->node_count > 0 ? d->nodes[0] : 0;
}

/* ------------------------------------------------------------------ constraint layout */

static void test_label_in_constraint_layout(void) {
  g_section = "constraint layout";
  brace_node r = root(40, 100), a, b;
  label la = {100, 0}, lb = {10, 0};
  make_label(&a, &la, r, false);
  make_label(&b, &lb, r, false);
  pin_top_band(a, r, 5, 2);
  pin(b, BRACE_ATTR_LEADING, a, BRACE_ATTR_LEADING, 0);
  pin(b, BRACE_ATTR_TRAILING, a, BRACE_ATTR_TRAILING, 0);
  pin(b, BRACE_ATTR_TOP, a, BRACE_ATTR_BOTTOM, 1);
  one_turn();
  /* a: 40 - 5 - 5 = 30 wide; 100 characters, 30 a line: ceil(100 / 30) = 4 lines. */
  FRAME("a at 30", a, 5, 2, 30, 4);
  /* b: as wide as a, 10 characters in one line, 1 below a: y = 2 + 4 + 1 = 7. */
  FRAME("b at 30", b, 5, 7, 30, 1);
  /* a was measured with no limit (its intrinsic width, 100) and at its solved width 30. */
  CHECK_EQ(la.calls, 2);
  CHECK_EQ(lb.calls, 2);
  bool ambiguous = true;
  OK(brace_node_has_ambiguous_layout(ctx, a, &ambiguous));
  CHECK(!ambiguous);

  /* A turn that changes nothing measures nothing. */
  OK(brace_node_set_needs_layout(ctx, r));
  one_turn();
  CHECK_EQ(la.calls, 2);

  /* Wider: 60 - 10 = 50 a line: ceil(100 / 50) = 2 lines; b at 2 + 2 + 1 = 5. */
  OK(brace_node_set_frame(ctx, r, (brace_rect){0, 0, 60, 100}));
  one_turn();
  FRAME("a at 50", a, 5, 2, 50, 2);
  FRAME("b at 50", b, 5, 5, 50, 1);
  CHECK_EQ(la.calls, 3); /* one new width */
  /* Back to 40: both widths are cached. */
  OK(brace_node_set_frame(ctx, r, (brace_rect){0, 0, 40, 100}));
  one_turn();
  FRAME("a at 30 again", a, 5, 2, 30, 4);
  CHECK_EQ(la.calls, 3);

  /* New text: 20 characters at 30 a line is one line; b at 2 + 1 + 1 = 4. The cache
     went with the invalidation: measured again with no limit and at 30. */
  retext(a, &la, 20);
  FRAME("a, new text", a, 5, 2, 30, 1);
  FRAME("b under the new text", b, 5, 4, 30, 1);
  CHECK_EQ(la.calls, 5);

  /* The intrinsic size comes first: a fixed height of 3 is not measured. */
  OK(brace_node_set_intrinsic_content_size(ctx, a, (brace_size){BRACE_NO_INTRINSIC_METRIC, 3}));
  one_turn();
  FRAME("a with an intrinsic height", a, 5, 2, 30, 3);
  OK(brace_node_destroy(ctx, r));
}

/* ------------------------------------------------------------------ stacks */

static void stack_of_labels(bool generate) {
  g_section = generate ? "stack, generated constraints" : "stack, direct";
  brace_node s = root(20, 50), a, b;
  OK(brace_node_set_layout_strategy(ctx, s, "stack"));
  OK(brace_node_set_property_enum(ctx, s, "axis", "vertical"));
  OK(brace_node_set_property_double(ctx, s, "spacing", 1));
  OK(brace_node_set_property_bool(ctx, s, "generate_constraints", generate));
  label la = {50, 0}, lb = {7, 0};
  make_label(&a, &la, s, true);
  make_label(&b, &lb, s, true);
  brace_node spacer = leaf(s, -1, -1);
  one_turn();
  /* Filled across: 20 wide. a: ceil(50 / 20) = 3 lines; b: 7 characters, 1 line, at
     3 + 1 = 4; the spacer (no size: it stretches first) from 4 + 1 + 1 = 6 to 50. */
  FRAME("a", a, 0, 0, 20, 3);
  FRAME("b", b, 0, 4, 20, 1);
  FRAME("spacer", spacer, 0, 6, 20, 44);
  /* Direct: measured for the offered width 20 only. Generated: the engine measures a
     with no limit first (its intrinsic width) and then at its solved width 20. */
  CHECK_EQ(la.calls, generate ? 2 : 1);
  int before = la.calls;
  OK(brace_node_set_needs_layout(ctx, s));
  one_turn();
  CHECK_EQ(la.calls, before);

  /* Hidden, b gives its place and its gap: the spacer starts at 3 + 1 = 4. */
  OK(brace_node_set_hidden(ctx, b, true));
  one_turn();
  FRAME("a, b hidden", a, 0, 0, 20, 3);
  FRAME("spacer, b hidden", spacer, 0, 4, 20, 46);
  OK(brace_node_set_hidden(ctx, b, false));
  one_turn();
  FRAME("spacer, b shown", spacer, 0, 6, 20, 44);

  /* Narrower: 10 a line, a has ceil(50 / 10) = 5 lines, b 1 at 6, spacer from 8. */
  OK(brace_node_set_frame(ctx, s, (brace_rect){0, 0, 10, 50}));
  one_turn();
  FRAME("a at 10", a, 0, 0, 10, 5);
  FRAME("b at 10", b, 0, 6, 10, 1);
  FRAME("spacer at 10", spacer, 0, 8, 10, 42);

  /* New text in a: 25 characters, ceil(25 / 10) = 3 lines; b at 4, spacer from 6. */
  retext(a, &la, 25);
  FRAME("a, new text", a, 0, 0, 10, 3);
  FRAME("b, new text", b, 0, 4, 10, 1);
  OK(brace_node_destroy(ctx, s));
}

static void test_label_in_stack(void) {
  stack_of_labels(false);
  stack_of_labels(true);
}

/* ------------------------------------------------------------------ fitting size */

static void test_fitting_size(void) {
  g_section = "fitting size";
  brace_node a;
  label la = {100, 0};
  make_label(&a, &la, 0, true);
  brace_size s = {-1, -1};
  /* Height for a required width of 25: ceil(100 / 25) = 4 lines. */
  OK(brace_node_system_layout_size_fitting(ctx, a, (brace_size){25, 0}, BRACE_PRIORITY_REQUIRED,
                                           BRACE_PRIORITY_FITTING_SIZE_LEVEL, &s));
  CHECK(s.width == 25 && s.height == 4);
  /* Compressed, nothing required: one line of 100. */
  OK(brace_node_system_layout_size_fitting(ctx, a, (brace_size){0, 0}, BRACE_PRIORITY_FITTING_SIZE_LEVEL,
                                           BRACE_PRIORITY_FITTING_SIZE_LEVEL, &s));
  CHECK(s.width == 100 && s.height == 1);

  /* A cell holding the label 2 inside each edge: for 29 wide the label is 25 wide, 4
     lines high, and the cell 4 + 2 + 2 = 8 high. */
  brace_node cell, b;
  label lb = {100, 0};
  OK(brace_node_create(ctx, &cell));
  make_label(&b, &lb, cell, false);
  pin(b, BRACE_ATTR_LEADING, cell, BRACE_ATTR_LEADING, 2);
  pin(b, BRACE_ATTR_TRAILING, cell, BRACE_ATTR_TRAILING, -2);
  pin(b, BRACE_ATTR_TOP, cell, BRACE_ATTR_TOP, 2);
  pin(b, BRACE_ATTR_BOTTOM, cell, BRACE_ATTR_BOTTOM, -2);
  OK(brace_node_system_layout_size_fitting(ctx, cell, (brace_size){29, 0}, BRACE_PRIORITY_REQUIRED,
                                           BRACE_PRIORITY_FITTING_SIZE_LEVEL, &s));
  CHECK(s.width == 29 && s.height == 8);
  /* 54 wide: 50 a line, 2 lines, 6 high. */
  OK(brace_node_system_layout_size_fitting(ctx, cell, (brace_size){54, 0}, BRACE_PRIORITY_REQUIRED,
                                           BRACE_PRIORITY_FITTING_SIZE_LEVEL, &s));
  CHECK(s.width == 54 && s.height == 6);
  OK(brace_node_destroy(ctx, a));
  OK(brace_node_destroy(ctx, cell));
}

/* ------------------------------------------------------------------ a simple plugin */

/* column_set_footer of the loaded column plugin (its file is loaded once per process, so
   dlopen finds the same copy the context uses). */
typedef brace_status (*set_footer_fn)(brace_context *, brace_node, double);
static set_footer_fn column_set_footer(void) {
  size_t count = 0;
  OK(brace_context_get_strategy_count(ctx, &count));
  for (size_t k = 0; k < count; k++) {
    brace_strategy_info info = {sizeof info, NULL, 0, NULL, 0, 0, 0};
    OK(brace_context_get_strategy(ctx, k, &info));
    if (strcmp(info.name, "column") != 0) continue;
    void *lib = dlopen(info.path, RTLD_NOW | RTLD_NOLOAD);
    CHECK(lib != NULL);
    if (!lib) return NULL;
    set_footer_fn f;
    *(void **)&f = dlsym(lib, "column_set_footer");
    dlclose(lib);
    CHECK(f != NULL);
    return f;
  }
  CHECK(!"column is not registered");
  return NULL;
}

/* column: children one under the other, each as wide as the column and as tall as it
   measures for that width (Tests/c/plugins/column.c). */
static void test_column_in_stack(void) {
  g_section = "column plugin in a stack";
  brace_node s = root(30, 100);
  OK(brace_node_set_layout_strategy(ctx, s, "stack"));
  OK(brace_node_set_property_enum(ctx, s, "axis", "vertical"));
  brace_node header = leaf(s, 10, 2), col, x;
  OK(brace_node_create(ctx, &col));
  OK(brace_node_add_subview(ctx, s, col));
  OK(brace_node_set_layout_strategy(ctx, col, "column"));
  label lx = {45, 0};
  make_label(&x, &lx, col, true);
  brace_node y = leaf(col, 5, 3);
  brace_node spacer = leaf(s, -1, -1);
  one_turn();
  /* The column is offered 30: x is ceil(45 / 30) = 2 high, y 3: the column 5 high. */
  FRAME("header", header, 0, 0, 30, 2);
  FRAME("column", col, 0, 2, 30, 5);
  FRAME("x", x, 0, 0, 30, 2);
  FRAME("y", y, 0, 2, 30, 3);
  FRAME("spacer", spacer, 0, 7, 30, 93);

  /* Hiding y shrinks the column to 2 (no call from the plugin, none from the test). */
  OK(brace_node_set_hidden(ctx, y, true));
  one_turn();
  FRAME("column, y hidden", col, 0, 2, 30, 2);
  FRAME("spacer, y hidden", spacer, 0, 4, 30, 96);
  OK(brace_node_set_hidden(ctx, y, false));
  one_turn();
  FRAME("column, y shown", col, 0, 2, 30, 5);
  FRAME("y shown", y, 0, 2, 30, 3);
  FRAME("spacer, y shown", spacer, 0, 7, 30, 93);

  /* x's text grows to 75: ceil(75 / 30) = 3 lines, the column 6. */
  retext(x, &lx, 75);
  FRAME("column, longer x", col, 0, 2, 30, 6);
  FRAME("y under the longer x", y, 0, 3, 30, 3);
  FRAME("spacer, longer x", spacer, 0, 8, 30, 92);

  /* A footer of 3 that only the strategy knows (host->invalidate_intrinsic_content_size):
     the column 6 + 3 = 9 high, the spacer from 2 + 9 = 11. */
  set_footer_fn set_footer = column_set_footer();
  if (set_footer) {
    OK(set_footer(ctx, col, 3));
    one_turn();
    FRAME("column with a footer", col, 0, 2, 30, 9);
    FRAME("spacer under the footer", spacer, 0, 11, 30, 89);
    OK(set_footer(ctx, col, 0));
    one_turn();
    FRAME("column without a footer", col, 0, 2, 30, 6);
  }

  /* A new item in the column (1 high) reaches the stack around it: 6 + 1 = 7 high, the
     spacer from 2 + 7 = 9; removed, back to 6 and 8. */
  brace_node z = leaf(col, 5, 1);
  one_turn();
  FRAME("column with z", col, 0, 2, 30, 7);
  FRAME("z", z, 0, 6, 30, 1);
  FRAME("spacer, z added", spacer, 0, 9, 30, 91);
  OK(brace_node_destroy(ctx, z));
  one_turn();
  FRAME("column, z removed", col, 0, 2, 30, 6);
  FRAME("spacer, z removed", spacer, 0, 8, 30, 92);
  OK(brace_node_destroy(ctx, s));
}

static void test_column_pinned(void) {
  g_section = "column plugin pinned";
  brace_node r = root(40, 100), col, x;
  OK(brace_node_create(ctx, &col));
  OK(brace_node_add_subview(ctx, r, col));
  OK(brace_node_set_translates_autoresizing_mask(ctx, col, false));
  OK(brace_node_set_layout_strategy(ctx, col, "column"));
  label lx = {64, 0};
  make_label(&x, &lx, col, true);
  brace_node y = leaf(col, 5, 3);
  pin_top_band(col, r, 4, 1);
  one_turn();
  /* 40 - 8 = 32 wide: x is ceil(64 / 32) = 2 high, y 3: the column 5 high. */
  FRAME("column at 32", col, 4, 1, 32, 5);
  FRAME("x at 32", x, 0, 0, 32, 2);
  FRAME("y at 32", y, 0, 2, 32, 3);
  bool ambiguous = true;
  OK(brace_node_has_ambiguous_layout(ctx, col, &ambiguous));
  CHECK(!ambiguous);

  /* 20 - 8 = 12 wide: x is ceil(64 / 12) = 6 high, the column 9, in one turn. */
  OK(brace_node_set_frame(ctx, r, (brace_rect){0, 0, 20, 100}));
  one_turn();
  FRAME("column at 12", col, 4, 1, 12, 9);
  FRAME("x at 12", x, 0, 0, 12, 6);
  FRAME("y at 12", y, 0, 6, 12, 3);

  /* Hidden y takes no place: the column is 6 high. */
  OK(brace_node_set_hidden(ctx, y, true));
  one_turn();
  FRAME("column, y hidden", col, 4, 1, 12, 6);
  OK(brace_node_set_hidden(ctx, y, false));
  one_turn();
  FRAME("column, y shown", col, 4, 1, 12, 9);

  /* What only the strategy knows: a footer of 2 below the subviews, announced with
     host->invalidate_intrinsic_content_size. 9 + 2 = 11 high, in one turn. */
  set_footer_fn set_footer = column_set_footer();
  if (set_footer) {
    OK(set_footer(ctx, col, 2));
    one_turn();
    FRAME("column with a footer", col, 4, 1, 12, 11);
    OK(set_footer(ctx, col, 0));
    one_turn();
    FRAME("column without a footer", col, 4, 1, 12, 9);
  }
  OK(brace_node_destroy(ctx, r));
}

/* A leaf without an intrinsic size or a measure callback measures 0, not the frame its
   container gave it: the column shrinks back when its other child does. */
static void test_unsized_leaf_measures_zero(void) {
  g_section = "unsized leaf";
  brace_node col = root(30, 100);
  OK(brace_node_set_layout_strategy(ctx, col, "column"));
  brace_node empty = leaf(col, -1, -1), y = leaf(col, 5, 3);
  one_turn();
  FRAME("empty leaf", empty, 0, 0, 30, 0);
  FRAME("y", y, 0, 0, 30, 3);
  brace_size s = {-1, -1};
  OK(brace_node_system_layout_size_fitting(ctx, col, (brace_size){30, 0}, BRACE_PRIORITY_REQUIRED,
                                           BRACE_PRIORITY_FITTING_SIZE_LEVEL, &s));
  CHECK(s.width == 30 && s.height == 3);
  OK(brace_node_destroy(ctx, col));
}

/* ------------------------------------------------------------------ the two-pass pattern */

/* Before the measure callback: the intrinsic size wraps at a width kept by the label,
   which its own layout_subviews sets from its bounds and invalidates; the turn repeats
   its passes until nothing is flagged, so it settles within the turn too. */
typedef struct wrapped {
  int chars;
  double wrap; /* 0: not laid out yet, one line */
} wrapped;

static brace_size wrapped_intrinsic(brace_context *c, brace_node node, void *user) {
  (void)c;
  (void)node;
  wrapped *w = user;
  int per = w->wrap >= 1 ? (int)floor(w->wrap) : w->chars;
  return (brace_size){BRACE_NO_INTRINSIC_METRIC, (w->chars + per - 1) / per};
}

static void wrapped_layout(brace_context *c, brace_node node, void *user) {
  wrapped *w = user;
  brace_rect b;
  OK_IN(c, brace_node_get_bounds(c, node, &b));
  if (b.width != w->wrap) {
    w->wrap = b.width;
    OK_IN(c, brace_node_invalidate_intrinsic_content_size(c, node));
  }
  OK_IN(c, brace_node_super_layout_subviews(c, node));
}

static void test_two_pass_pattern(void) {
  g_section = "two-pass pattern";
  brace_node r = root(40, 100), n;
  OK(brace_node_create(ctx, &n));
  OK(brace_node_add_subview(ctx, r, n));
  OK(brace_node_set_translates_autoresizing_mask(ctx, n, false));
  wrapped w = {100, 0};
  brace_node_callbacks cb = {0};
  cb.struct_size = sizeof cb;
  cb.user_data = &w;
  cb.intrinsic_content_size = wrapped_intrinsic;
  cb.layout_subviews = wrapped_layout;
  OK(brace_node_set_callbacks(ctx, n, &cb));
  pin_top_band(n, r, 5, 2);
  one_turn();
  /* 30 wide, ceil(100 / 30) = 4 lines, as with the measure callback. */
  FRAME("two-pass at 30", n, 5, 2, 30, 4);
  OK(brace_node_set_frame(ctx, r, (brace_rect){0, 0, 60, 100}));
  one_turn();
  FRAME("two-pass at 50", n, 5, 2, 50, 2);
  OK(brace_node_destroy(ctx, r));
}

/* ------------------------------------------------------------------ bad answers */

typedef struct bad {
  brace_size answer;
  int calls;
} bad;

static brace_size measure_bad(brace_context *c, brace_node node, brace_size proposed, void *user) {
  (void)c;
  (void)node;
  (void)proposed;
  bad *b = user;
  b->calls++;
  return b->answer;
}

static void test_bad_answers(void) {
  g_section = "bad answers";
  struct {
    brace_size answer;
    const char *needle;
    double height; /* what the layout gives: the valid component, or 0 from nothing */
  } cases[] = {
      {{NAN, 5}, "a width of nan", 5},
      {{10, -3}, "a height of -3", 0},
      {{INFINITY, 2}, "a width of inf", 2},
      {{4, NAN}, "a height of nan", 0},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    brace_node r = root(40, 100), n;
    OK(brace_node_create(ctx, &n));
    OK(brace_node_add_subview(ctx, r, n));
    OK(brace_node_set_identifier(ctx, n, "bad"));
    OK(brace_node_set_translates_autoresizing_mask(ctx, n, false));
    bad b = {cases[k].answer, 0};
    brace_node_callbacks cb = {0};
    cb.struct_size = sizeof cb;
    cb.user_data = &b;
    cb.measure = measure_bad;
    OK(brace_node_set_callbacks(ctx, n, &cb));
    /* Its width is pinned; its height comes from measure or from nothing (0: the
       compression of a view held by nothing is the solver's least change). */
    pin(n, BRACE_ATTR_LEADING, r, BRACE_ATTR_LEADING, 0);
    pin(n, BRACE_ATTR_WIDTH, 0, BRACE_ATTR_NONE, 10);
    pin(n, BRACE_ATTR_TOP, r, BRACE_ATTR_TOP, 0);
    diagnostics = 0;
    last_diagnostic[0] = '\0';
    OK(brace_context_run_update_cycle(ctx));
    CHECK(diagnostics >= 1);
    CHECK(strstr(last_diagnostic, "measure callback of \"bad\"") != NULL);
    CHECK(strstr(last_diagnostic, cases[k].needle) != NULL);
    CHECK(strstr(last_diagnostic, "finite and >= 0") != NULL);
    CHECK(last_diagnostic_node == n);
    brace_rect f;
    OK(brace_node_get_frame(ctx, n, &f));
    CHECK(f.width == 10);
    if (cases[k].height > 0) CHECK(f.height == cases[k].height);
    /* Refused answers are cached too: another turn reports nothing more. */
    int seen = diagnostics;
    OK(brace_node_set_needs_layout(ctx, r));
    OK(brace_context_run_update_cycle(ctx));
    CHECK_EQ(diagnostics, seen);
    OK(brace_node_destroy(ctx, r));
  }

  /* A huge answer is a size: taken as it is, never a trap. */
  brace_node n;
  OK(brace_node_create(ctx, &n));
  bad huge = {{1e300, 1e300}, 0};
  brace_node_callbacks cb = {0};
  cb.struct_size = sizeof cb;
  cb.user_data = &huge;
  cb.measure = measure_bad;
  OK(brace_node_set_callbacks(ctx, n, &cb));
  brace_size s;
  OK(brace_node_system_layout_size_fitting(ctx, n, (brace_size){0, 0}, BRACE_PRIORITY_FITTING_SIZE_LEVEL,
                                           BRACE_PRIORITY_FITTING_SIZE_LEVEL, &s));
  CHECK(s.width == 1e300 && s.height == 1e300);
  OK(brace_node_destroy(ctx, n));
}

/* A caller built with an older header passes a shorter struct: what lies past its
   struct_size is never read, so a measure member there is never called. */
static void test_older_struct(void) {
  g_section = "older callbacks struct";
  brace_node r = root(40, 100), n;
  OK(brace_node_create(ctx, &n));
  OK(brace_node_add_subview(ctx, r, n));
  OK(brace_node_set_translates_autoresizing_mask(ctx, n, false));
  bad never = {{7, 7}, 0};
  brace_node_callbacks cb = {0};
  cb.user_data = &never;
  cb.measure = measure_bad;
  cb.struct_size = (uint32_t)offsetof(brace_node_callbacks, measure);
  OK(brace_node_set_callbacks(ctx, n, &cb));
  pin_top_band(n, r, 0, 0);
  OK(brace_context_run_update_cycle(ctx));
  CHECK_EQ(never.calls, 0);
  OK(brace_node_destroy(ctx, r));
}

int main(void) {
  ctx = check_new_context("test_measure");
  if (!ctx) return 1;
  OK(brace_context_set_diagnostic_callback(ctx, on_diagnostic, NULL));
  OK(brace_context_load_strategy(ctx, "column"));
  test_label_in_constraint_layout();
  test_label_in_stack();
  test_fitting_size();
  test_column_in_stack();
  test_column_pinned();
  test_unsized_leaf_measures_zero();
  test_two_pass_pattern();
  test_bad_answers();
  test_older_struct();
  OK(brace_context_destroy(ctx));
  return check_summary("test_measure");
}
