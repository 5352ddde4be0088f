/*
 * test_plugin_host.c — what the host does with a plugin's failures, reports and property
 * values, and the statuses brace/strategy.h and brace_plugin.h document, each one met:
 *   - a strategy's measure hook that fails (or answers a negative size) inside a stack is
 *     reported as a BRACE_DIAGNOSTIC_PLUGIN naming the strategy, the node and the status;
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

int main(void) {
  ctx = check_new_context("test_plugin_host");
  if (!ctx) return 1;
  OK(brace_context_set_diagnostic_callback(ctx, on_diagnostic, NULL));
  test_failing_measure_in_stack();
  OK(brace_context_destroy(ctx));
  return check_summary("test_plugin_host");
}
