/*
 * test_plugin_host.c — what the host does with a plugin's failures, reports and property
 * values, and the statuses brace/strategy.h and brace_plugin.h document, each one met:
 *   - a strategy's measure hook that fails (or answers a negative size) inside a stack is
 *     reported as a BRACE_DIAGNOSTIC_PLUGIN naming the strategy, the node and the status;
 *   - host->report delivers every call, printed to stderr each time without a callback,
 *     where the engine's own diagnostics are printed once per context;
 *   - property values belong to the strategy and the node's place under it: dropped when
 *     the node switches strategy or leaves its superview, kept otherwise;
 * The strategy "hostcheck" is Tests/c/plugins/hostcheck.c (on BRACE_PLUGIN_PATH).
 */

#include "check.h"

#include <stdlib.h>

static brace_context *ctx;

/* The diagnostics of the test's context, kept in order. */
enum { MAX_DIAGNOSTICS = 64 };
static int diagnostic_count;
static brace_diagnostic_kind kinds[MAX_DIAGNOSTICS];
static char messages[MAX_DIAGNOSTICS][512];
static brace_node first_node[MAX_DIAGNOSTICS];

static void on_diagnostic(brace_context *c, const brace_diagnostic *d, void *user) {
  (void)c;
  (void)user;
  if (diagnostic_count >= MAX_DIAGNOSTICS) return;
  kinds[diagnostic_count] = d->kind;
  snprintf(messages[diagnostic_count], sizeof messages[0], "%s", d->message);
  first_node[diagnostic_count] = d->node_count > 0 ? d->nodes[0] : 0;
  diagnostic_count++;
}

/* The index of the first diagnostic containing every one of up to three texts, or -1. */
static int find_diagnostic(const char *a, const char *b, const char *c) {
  for (int i = 0; i < diagnostic_count; i++) {
    if (strstr(messages[i], a) && (!b || strstr(messages[i], b)) && (!c || strstr(messages[i], c))) return i;
  }
  return -1;
}

static brace_node node_with(const char *strategy) {
  brace_node n = 0;
  OK(brace_node_create(ctx, &n));
  if (strategy) OK(brace_node_set_layout_strategy(ctx, n, strategy));
  return n;
}

static double width_of(brace_node n) {
  brace_rect r = {0, 0, 0, 0};
  OK(brace_node_get_frame(ctx, n, &r));
  return r.width;
}

static int64_t int_property(brace_node n, const char *name) {
  brace_value v = {BRACE_VALUE_INT, -1, 0};
  OK(brace_node_get_property(ctx, n, name, &v));
  return v.integer;
}

static double double_property(brace_node n, const char *name) {
  brace_value v = {BRACE_VALUE_DOUBLE, 0, -1};
  OK(brace_node_get_property(ctx, n, name, &v));
  return v.number;
}

/* A horizontal stack 300 x 40 arranging a "hostcheck" node (given a subview, so that the
   stack measures it) next to a leaf of intrinsic width 50. */
static void test_failing_measure_in_stack(void) {
  g_section = "failing measure in a stack";
  brace_node stack = node_with("stack"), grid = node_with("hostcheck"), cell = node_with(NULL), leaf = node_with(NULL);
  OK(brace_node_set_frame(ctx, stack, (brace_rect){0, 0, 300, 40}));
  OK(brace_node_add_subview(ctx, grid, cell));
  OK(brace_node_add_subview(ctx, stack, grid));
  OK(brace_node_add_subview(ctx, stack, leaf));
  OK(brace_node_set_intrinsic_content_size(ctx, leaf, (brace_size){50, 20}));
  OK(brace_node_set_property_enum(ctx, stack, "distribution", "fill"));
  OK(brace_node_set_property_int(ctx, grid, "measure_status", BRACE_E_INVALID_STATE));

  diagnostic_count = 0;
  OK(brace_context_run_update_cycle(ctx));
  int i = find_diagnostic("\"hostcheck\" failed to measure", "BRACE_E_INVALID_STATE", NULL);
  CHECK(i >= 0);
  if (i >= 0) {
    CHECK_EQ(kinds[i], BRACE_DIAGNOSTIC_PLUGIN);
    CHECK(first_node[i] == grid);
  }
  /* The stack goes on with 0 for the view it could not measure: the leaf takes the rest
     of the fill, 300 - 0 (no spacing by default). */
  CHECK(width_of(grid) == 0);

  /* A size that is not a size is reported the same way. */
  OK(brace_node_set_property_int(ctx, grid, "measure_status", 0));
  OK(brace_node_set_property_double(ctx, grid, "measure_size", -5));
  /* (What the grid answers changed: the stack measures it again.) */
  OK(brace_node_invalidate_intrinsic_content_size(ctx, grid));
  diagnostic_count = 0;
  OK(brace_context_run_update_cycle(ctx));
  i = find_diagnostic("\"hostcheck\" measured", "-5.0 x -5.0", "not a valid size");
  CHECK(i >= 0);
  if (i >= 0) CHECK(first_node[i] == grid);

  /* A measure that succeeds reports nothing, and the stack uses it: the grid's fitting
     width 30 (hostcheck answers measure_size on both axes). */
  OK(brace_node_set_property_double(ctx, grid, "measure_size", 30));
  OK(brace_node_invalidate_intrinsic_content_size(ctx, grid));
  diagnostic_count = 0;
  OK(brace_context_run_update_cycle(ctx));
  CHECK(find_diagnostic("hostcheck", NULL, NULL) < 0);
  CHECK(width_of(grid) == 30);
  OK(brace_node_destroy(ctx, stack));
}

/* Lines of `text` that contain `needle`. */
static int count_lines(const char *text, const char *needle) {
  int n = 0;
  for (const char *p = strstr(text, needle); p; p = strstr(p + 1, needle)) n++;
  return n;
}

/* Without a diagnostics callback: a plugin's reports are printed at every call, the
   engine's own diagnostics once per context. */
static void test_report_every_message(void) {
  g_section = "report prints every message";
  brace_context *quiet = check_new_context("test_plugin_host");
  if (!quiet) return;
  brace_context *saved_ctx = ctx;
  ctx = quiet;
  brace_node box = node_with("hostcheck"), stack = node_with("stack"), failing = node_with("hostcheck"),
             cell = node_with(NULL);
  OK(brace_node_set_frame(ctx, box, (brace_rect){0, 0, 100, 100}));
  OK(brace_node_set_property_bool(ctx, box, "log", true));
  /* The stack measures `failing` at every layout of the stack. */
  OK(brace_node_set_frame(ctx, stack, (brace_rect){0, 0, 100, 100}));
  OK(brace_node_add_subview(ctx, failing, cell));
  OK(brace_node_add_subview(ctx, stack, failing));
  OK(brace_node_set_property_int(ctx, failing, "measure_status", BRACE_E_NO_MEMORY));

  int saved;
  FILE *capture = begin_capture(&saved);
  CHECK(capture != NULL);
  if (!capture) return;
  for (int turn = 0; turn < 3; turn++) {
    OK(brace_node_set_needs_layout(ctx, box));
    OK(brace_node_set_needs_layout(ctx, stack));
    OK(brace_context_run_update_cycle(ctx));
  }
  end_capture(capture, saved);
  static char text[16384];
  size_t got = fread(text, 1, sizeof text - 1, capture);
  text[got] = 0;
  fclose(capture);
  /* Three turns, three "arranged" lines; the engine's report of the failing measure,
     the same message each turn, once. */
  CHECK_EQ(count_lines(text, "[Brace] [hostcheck] arranged"), 3);
  CHECK_EQ(count_lines(text, "failed to measure"), 1);
  ctx = saved_ctx;
  OK(brace_context_destroy(quiet));
  g_ctx = ctx;
}

static void test_properties_belong_to_the_strategy(void) {
  g_section = "property values and strategy switches";
  /* CONTAINER values go when the node leaves the strategy: 42 set, "frame", back to
     hostcheck: the default 10. */
  brace_node box = node_with("hostcheck"), other = node_with("hostcheck"), kid = node_with(NULL), kid2 = node_with(NULL);
  OK(brace_node_set_property_double(ctx, box, "measure_size", 42));
  OK(brace_node_add_subview(ctx, box, kid));
  OK(brace_node_add_subview(ctx, box, kid2));
  OK(brace_node_set_property_int(ctx, kid, "tag", 7));
  OK(brace_node_set_layout_strategy(ctx, box, "frame"));
  CHECK(brace_node_get_property(ctx, kid, "tag", &(brace_value){0, 0, 0}) == BRACE_E_NOT_FOUND);
  OK(brace_node_set_layout_strategy(ctx, box, "hostcheck"));
  CHECK(double_property(box, "measure_size") == 10);
  /* ... and so do the subviews' CHILD values. */
  CHECK_EQ(int_property(kid, "tag"), 0);

  /* A reorder under the same superview keeps a CHILD value. */
  OK(brace_node_set_property_int(ctx, kid, "tag", 7));
  OK(brace_node_insert_subview(ctx, box, kid, 2));
  CHECK_EQ(int_property(kid, "tag"), 7);
  /* Leaving the superview drops it, whether removed ... */
  OK(brace_node_remove_from_superview(ctx, kid));
  OK(brace_node_add_subview(ctx, box, kid));
  CHECK_EQ(int_property(kid, "tag"), 0);
  /* ... or moved under another container of the same strategy. */
  OK(brace_node_set_property_int(ctx, kid, "tag", 9));
  OK(brace_node_add_subview(ctx, other, kid));
  CHECK_EQ(int_property(kid, "tag"), 0);

  /* A node that is both (a stack arranged by a stack) keeps its CONTAINER values when it
     moves and loses its CHILD ones: spacing 3 stays, spacing_after 9 goes back to its
     default, "use the stack's spacing". */
  brace_node outer = node_with("stack"), outer2 = node_with("stack"), inner = node_with("stack");
  OK(brace_node_add_subview(ctx, outer, inner));
  OK(brace_node_set_property_double(ctx, inner, "spacing", 3));
  OK(brace_node_set_property_double(ctx, inner, "spacing_after", 9));
  OK(brace_node_add_subview(ctx, outer2, inner));
  CHECK(double_property(inner, "spacing") == 3);
  CHECK(double_property(inner, "spacing_after") == BRACE_STACK_SPACING_USE_DEFAULT);

  OK(brace_node_destroy(ctx, box));
  OK(brace_node_destroy(ctx, other));
  OK(brace_node_destroy(ctx, outer));
  OK(brace_node_destroy(ctx, outer2));
}

int main(void) {
  ctx = check_new_context("test_plugin_host");
  if (!ctx) return 1;
  OK(brace_context_set_diagnostic_callback(ctx, on_diagnostic, NULL));
  test_failing_measure_in_stack();
  test_report_every_message();
  test_properties_belong_to_the_strategy();
  OK(brace_context_destroy(ctx));
  return check_summary("test_plugin_host");
}
