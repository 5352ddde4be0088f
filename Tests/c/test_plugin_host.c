/*
 * test_plugin_host.c — what the host does with a plugin's failures, reports and property
 * values, and the statuses brace/strategy.h and brace_plugin.h document, each one met:
 *   - a strategy's measure hook that fails (or answers a negative size) inside a stack is
 *     reported as a BRACE_DIAGNOSTIC_PLUGIN naming the strategy, the node and the status;
 *   - host->report delivers every call, printed to stderr each time without a callback,
 *     where the engine's own diagnostics are printed once per context;
 *   - property values belong to the strategy and the node's place under it: dropped when
 *     the node switches strategy or leaves its superview, kept otherwise;
 *   - every status of the strategy functions and of the host table's plugin-only members.
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
  i = find_diagnostic("\"hostcheck\" measured", "-5 x -5", "not a valid size");
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

static void test_strategy_statuses(void) {
  g_section = "statuses of brace/strategy.h";
  size_t before = 0, after = 0;
  OK(brace_context_get_strategy_count(ctx, &before));

  /* brace_context_load_plugin */
  CHECK(brace_context_load_plugin(ctx, NULL) == BRACE_E_INVALID_ARGUMENT);
  CHECK(brace_context_load_plugin(ctx, "/nonexistent/libbrace_x.so") == BRACE_E_PLUGIN);
  const char *dir = getenv("BRACE_PLUGIN_PATH");
  char path[4096], copy[4096];
  snprintf(path, sizeof path, "%s/libbrace_hostcheck.so", dir ? dir : ".");
  OK(brace_context_load_plugin(ctx, path)); /* registered already: nothing to do */
  /* The same strategy from another file: a duplicate name. */
  snprintf(copy, sizeof copy, "/tmp/brace-test-plugin-host-%ld.so", (long)getpid());
  CHECK(check_copy_file(path, copy));
  CHECK(brace_context_load_plugin(ctx, copy) == BRACE_E_DUPLICATE);
  CHECK(strstr(brace_last_error(ctx), "hostcheck") != NULL);
  remove(copy);

  /* brace_context_load_strategy */
  CHECK(brace_context_load_strategy(ctx, NULL) == BRACE_E_INVALID_ARGUMENT);
  CHECK(brace_context_load_strategy(ctx, "Not-A-Name") == BRACE_E_INVALID_ARGUMENT);
  CHECK(brace_context_load_strategy(ctx, "no_such_strategy") == BRACE_E_NOT_FOUND);
  OK(brace_context_load_strategy(ctx, "stack"));
  OK(brace_context_load_strategy(ctx, "simplex"));

  /* brace_context_get_strategy / get_strategy_count */
  size_t count = 0;
  OK(brace_context_get_strategy_count(ctx, &count));
  CHECK(brace_context_get_strategy_count(ctx, NULL) == BRACE_E_INVALID_ARGUMENT);
  brace_strategy_info info = {0};
  info.struct_size = sizeof info;
  CHECK(brace_context_get_strategy(ctx, count, &info) == BRACE_E_INDEX_OUT_OF_RANGE);
  info.struct_size = 4;
  CHECK(brace_context_get_strategy(ctx, 0, &info) == BRACE_E_INVALID_ARGUMENT);
  CHECK(brace_context_get_strategy(ctx, 0, NULL) == BRACE_E_INVALID_ARGUMENT);

  /* brace_context_get_property */
  const brace_property_desc *desc = NULL;
  OK(brace_context_get_property(ctx, "hostcheck", 4, &desc));
  CHECK(desc && strcmp(desc->name, "tag") == 0);
  CHECK(brace_context_get_property(ctx, "hostcheck", 5, &desc) == BRACE_E_INDEX_OUT_OF_RANGE);
  CHECK(brace_context_get_property(ctx, "no_such_strategy", 0, &desc) == BRACE_E_NOT_FOUND);
  CHECK(brace_context_get_property(ctx, NULL, 0, &desc) == BRACE_E_INVALID_ARGUMENT);

  /* brace_node_set_layout_strategy */
  brace_node box = node_with(NULL), kid = node_with(NULL);
  OK(brace_node_add_subview(ctx, box, kid));
  CHECK(brace_node_set_layout_strategy(ctx, box, "simplex") == BRACE_E_INVALID_ARGUMENT);
  CHECK(brace_node_set_layout_strategy(ctx, box, "no_such_strategy") == BRACE_E_NOT_FOUND);
  CHECK(brace_node_set_layout_strategy(ctx, box, "Not-A-Name") == BRACE_E_INVALID_ARGUMENT);
  CHECK(brace_node_set_layout_strategy(ctx, box, NULL) == BRACE_E_INVALID_ARGUMENT);
  CHECK(brace_node_set_layout_strategy(ctx, 0, "stack") == BRACE_E_INVALID_HANDLE);
  const char *name = NULL;
  OK(brace_node_get_layout_strategy(ctx, box, &name));
  CHECK(name && strcmp(name, "frame") == 0); /* every refusal left it as it was */
  OK(brace_node_set_layout_strategy(ctx, box, "hostcheck"));

  /* brace_node_set_property and its typed forms; brace_node_get_property */
  CHECK(brace_node_set_property_int(ctx, box, "nope", 1) == BRACE_E_NOT_FOUND);
  CHECK(brace_node_set_property_double(ctx, box, "measure_status", 1) == BRACE_E_TYPE_MISMATCH);
  CHECK(brace_node_set_property_int(ctx, box, "measure_status", 101) == BRACE_E_INVALID_ARGUMENT);
  CHECK(brace_node_set_property_double(ctx, box, "measure_size", 1.0 / 0.0) == BRACE_E_INVALID_ARGUMENT);
  CHECK(brace_node_set_property(ctx, box, "measure_size", NULL) == BRACE_E_INVALID_ARGUMENT);
  /* A value whose type is no brace_value_type: an unknown enum value (types.h). */
  brace_value odd = {(brace_value_type)99, 0, 1};
  CHECK(brace_node_set_property(ctx, box, "measure_size", &odd) == BRACE_E_INVALID_ARGUMENT);
  brace_value bad_bool = {BRACE_VALUE_BOOL, 2, 0};
  CHECK(brace_node_set_property(ctx, box, "audit", &bad_bool) == BRACE_E_INVALID_ARGUMENT);
  /* A CHILD property on the container itself is not found: it lives on the subviews. */
  CHECK(brace_node_set_property_int(ctx, box, "tag", 1) == BRACE_E_NOT_FOUND);
  brace_value v;
  CHECK(brace_node_get_property(ctx, box, "nope", &v) == BRACE_E_NOT_FOUND);
  CHECK(brace_node_get_property(ctx, box, "audit", NULL) == BRACE_E_INVALID_ARGUMENT);
  /* brace_node_set_property_enum: an unknown value name is an invalid argument (the
     property exists), a property of another type a type mismatch. */
  brace_node stack = node_with("stack");
  CHECK(brace_node_set_property_enum(ctx, stack, "axis", "diagonal") == BRACE_E_INVALID_ARGUMENT);
  CHECK(strstr(brace_last_error(ctx), "horizontal, vertical") != NULL);
  CHECK(brace_node_set_property_enum(ctx, stack, "spacing", "wide") == BRACE_E_TYPE_MISMATCH);
  CHECK(brace_node_set_property_enum(ctx, stack, "nope", "x") == BRACE_E_NOT_FOUND);
  CHECK(brace_node_set_property_enum(ctx, stack, "axis", NULL) == BRACE_E_INVALID_ARGUMENT);
  brace_value enum_value = {BRACE_VALUE_ENUM, 2, 0}; /* axis has 2 values */
  CHECK(brace_node_set_property(ctx, stack, "axis", &enum_value) == BRACE_E_INVALID_ARGUMENT);
  CHECK(double_property(box, "measure_size") == 10); /* no refusal changed anything */

  OK(brace_context_get_strategy_count(ctx, &after));
  CHECK_EQ(after, count);
  CHECK(after >= before);
  OK(brace_node_destroy(ctx, box));
  OK(brace_node_destroy(ctx, stack));
}

/* What "hostcheck"'s audit reported for call `call` on `node` is `status`. */
static void check_audit(const char *call, const char *status) {
  char want[160];
  snprintf(want, sizeof want, "[hostcheck] %s=%s", call, status);
  int found = find_diagnostic(want, NULL, NULL);
  if (found < 0) fprintf(stderr, "    missing report: %s\n", want);
  CHECK(found >= 0);
}

static void test_host_statuses(void) {
  g_section = "statuses of the host table";
  brace_node box = node_with("hostcheck"), failing = node_with("hostcheck");
  OK(brace_node_set_frame(ctx, box, (brace_rect){0, 0, 100, 100}));
  OK(brace_node_add_subview(ctx, box, failing));
  OK(brace_node_set_property_int(ctx, failing, "measure_status", BRACE_E_INVALID_STATE));
  OK(brace_node_set_property_bool(ctx, box, "audit", true));
  diagnostic_count = 0;
  OK(brace_context_run_update_cycle(ctx));
  check_audit("get_property.index", "BRACE_E_INDEX_OUT_OF_RANGE");
  check_audit("get_property.self", "BRACE_E_INVALID_ARGUMENT");
  check_audit("measure.proposal", "BRACE_E_INVALID_ARGUMENT");
  check_audit("measure.subview", "BRACE_E_PLUGIN");
  check_audit("get_subviews.container_property", "BRACE_E_INVALID_ARGUMENT");
  check_audit("get_subviews.index", "BRACE_E_INDEX_OUT_OF_RANGE");
  check_audit("get_subviews.info_size", "BRACE_E_INVALID_ARGUMENT");
  check_audit("get_subviews.info_size_1_2", "BRACE_OK");
  check_audit("get_subviews.out", "BRACE_E_INVALID_ARGUMENT");
  check_audit("add_constraint.count", "BRACE_E_INVALID_ARGUMENT");
  check_audit("add_constraint.self", "BRACE_E_INVALID_ARGUMENT");
  check_audit("remove_constraint.owner", "BRACE_E_INVALID_STATE");
  check_audit("set_constraint_constant.owner", "BRACE_E_INVALID_STATE");
  check_audit("get_baseline.size", "BRACE_E_INVALID_ARGUMENT");
  check_audit("get_frame.handle", "BRACE_E_INVALID_HANDLE");
  /* The failing measure the audit asked for was reported too, naming the subview. */
  int i = find_diagnostic("\"hostcheck\" failed to measure", "BRACE_E_INVALID_STATE", "100 x 100");
  CHECK(i >= 0);
  if (i >= 0) CHECK(first_node[i] == failing);
  OK(brace_node_destroy(ctx, box));
}

int main(void) {
  ctx = check_new_context("test_plugin_host");
  if (!ctx) return 1;
  OK(brace_context_set_diagnostic_callback(ctx, on_diagnostic, NULL));
  test_failing_measure_in_stack();
  test_report_every_message();
  test_properties_belong_to_the_strategy();
  test_strategy_statuses();
  test_host_statuses();
  OK(brace_context_destroy(ctx));
  return check_summary("test_plugin_host");
}
