/*
 * test_set_frames.c — host->set_frames (plugin ABI 1.5), through the strategy "bulk"
 * (Tests/c/plugins/bulk.c, on BRACE_PLUGIN_PATH), whose arrange places all its subviews
 * in one call, each in a square cell of the row: the frames it sets, a subview's
 * size_changed hook running inside the call, the changed-frames list, animation, an
 * empty call; and every bad entry brace_plugin.h names (a NaN or negative frame, a node
 * that is no subview, the null handle, NULL arrays) failing the whole call with the
 * documented status and message while nothing changes.
 */
#include "check.h"

static brace_context *ctx;

/* The plugin's reports, in order. */
enum { MAX_REPORTS = 64 };
static int report_count;
static char reports[MAX_REPORTS][600];
static brace_node report_node[MAX_REPORTS];

static void on_diagnostic(brace_context *c, const brace_diagnostic *d, void *user) {
  (void)c;
  (void)user;
  if (d->kind != BRACE_DIAGNOSTIC_PLUGIN || report_count >= MAX_REPORTS) return;
  snprintf(reports[report_count], sizeof reports[0], "%s", d->message);
  report_node[report_count] = d->node_count > 0 ? d->nodes[0] : 0;
  report_count++;
}

/* The index of the first report from `from` on that contains `text` and names `node`,
   or -1. */
static int find_report(int from, const char *text, brace_node node) {
  for (int i = from; i < report_count; i++)
    if (strstr(reports[i], text) && report_node[i] == node) return i;
  return -1;
}

static int count_reports(const char *text) {
  int n = 0;
  for (int i = 0; i < report_count; i++)
    if (strstr(reports[i], text)) n++;
  return n;
}

static brace_node node_with(brace_node parent, const char *strategy) {
  brace_node n = 0;
  OK(brace_node_create(ctx, &n));
  if (parent) OK(brace_node_add_subview(ctx, parent, n));
  if (strategy) OK(brace_node_set_layout_strategy(ctx, n, strategy));
  return n;
}

static size_t changed_count(void) {
  size_t count = (size_t)-1;
  OK(brace_context_get_changed_frames(ctx, 0, NULL, 0, &count));
  return count;
}

static brace_node root, a, b, c, d;

static void test_good_call(void) {
  g_section = "one call places every subview";
  root = node_with(0, "bulk");
  a = node_with(root, NULL);
  b = node_with(root, NULL);
  c = node_with(root, "bulk");
  d = node_with(c, NULL);
  OK(brace_node_set_frame(ctx, root, R(0, 0, 100, 100)));
  OK(brace_node_set_frame(ctx, c, R(0, 0, 5, 5)));
  report_count = 0;
  OK(brace_context_run_update_cycle(ctx));
  /* Cells of 10: subview k at x = 10k. c, 5 x 5 before, is 10 x 10: its own arrange
     puts d in its first cell. */
  CHECK_FRAME(a, 0, 0, 10, 10);
  CHECK_FRAME(b, 10, 0, 10, 10);
  CHECK_FRAME(c, 20, 0, 10, 10);
  CHECK_FRAME(d, 0, 0, 10, 10);
  /* c's size_changed hook ran inside root's set_frames call: between root's two reports. */
  int begin = find_report(0, "arrange begin", root);
  int hook = find_report(begin < 0 ? 0 : begin, "size_changed 5x5", c);
  int end = find_report(hook < 0 ? 0 : hook, "set_frames BRACE_OK", root);
  CHECK(begin >= 0 && hook > begin && end > hook);
  CHECK(find_report(0, "set_frames BRACE_OK", c) >= 0);
  /* The changed-frames list: root (set by hand), a, b, c (its first old frame kept:
     0 x 0 before the hand-set 5 x 5) and d, each once. */
  brace_frame_change got[8];
  size_t count = 0;
  OK(brace_context_get_changed_frames(ctx, 0, got, 8, &count));
  CHECK_EQ(count, 5);
  for (size_t k = 0; k < count && k < 8; k++) {
    if (got[k].node == c) {
      CHECK(rect_eq(got[k].old_frame, R(0, 0, 0, 0)));
      CHECK(rect_eq(got[k].new_frame, R(20, 0, 10, 10)));
    }
    if (got[k].node == b) CHECK(rect_eq(got[k].new_frame, R(10, 0, 10, 10)));
  }
}

/* One spoiled entry (index 1, b's) with cells of 20 asked for: the call fails as
   documented and nothing moves. */
static void check_bad(int kind, brace_status want, const char *message) {
  OK(brace_node_set_property_double(ctx, root, "cell", 20));
  OK(brace_node_set_property_int(ctx, root, "bad", 1));
  OK(brace_node_set_property_int(ctx, root, "bad_kind", kind));
  report_count = 0;
  OK(brace_context_run_update_cycle(ctx));
  char want_text[160];
  snprintf(want_text, sizeof want_text, "set_frames %s: ", brace_status_name(want));
  int i = find_report(0, want_text, root);
  CHECK(i >= 0);
  if (i >= 0 && !strstr(reports[i], message)) {
    char m[800];
    snprintf(m, sizeof m, "kind %d: \"%s\" does not name \"%s\"", kind, reports[i], message);
    fail_at(__FILE__, __LINE__, m);
  }
  CHECK_FRAME(a, 0, 0, 10, 10);
  CHECK_FRAME(b, 10, 0, 10, 10);
  CHECK_FRAME(c, 20, 0, 10, 10);
  CHECK_EQ(count_reports("size_changed"), 0);
  CHECK_EQ(changed_count(), 0);
}

static void test_bad_entries(void) {
  g_section = "a bad entry changes nothing";
  check_bad(0, BRACE_E_INVALID_ARGUMENT, "frames[1]: frame.x must be finite");
  check_bad(1, BRACE_E_INVALID_ARGUMENT, "frames[1]: frame has a negative size");
  check_bad(2, BRACE_E_INVALID_ARGUMENT, "nodes[1] (");
  check_bad(2, BRACE_E_INVALID_ARGUMENT, "is not a subview of the container");
  check_bad(3, BRACE_E_INVALID_HANDLE, "nodes[1] is the null handle");
  check_bad(4, BRACE_E_INVALID_ARGUMENT, "nodes is NULL");
  check_bad(5, BRACE_E_INVALID_ARGUMENT, "frames is NULL");

  g_section = "the same call, unspoiled";
  OK(brace_node_set_property_int(ctx, root, "bad", -1));
  report_count = 0;
  OK(brace_context_run_update_cycle(ctx));
  /* Cells of 20: x = 20k; c grows from 10 x 10. d keeps c's own cell, 10 (its
     default). */
  CHECK_FRAME(a, 0, 0, 20, 20);
  CHECK_FRAME(b, 20, 0, 20, 20);
  CHECK_FRAME(c, 40, 0, 20, 20);
  CHECK_FRAME(d, 0, 0, 10, 10);
  CHECK(find_report(0, "size_changed 10x10", c) >= 0);
  /* a, b and c moved. */
  CHECK_EQ(changed_count(), 3);
}

static void test_animated_and_empty(void) {
  g_section = "inside an animation transaction";
  brace_animation_params params = BRACE_ANIMATION_PARAMS_INIT;
  params.duration = 1;
  OK(brace_context_begin_animation(ctx, &params, 0));
  OK(brace_node_set_property_double(ctx, root, "cell", 30));
  OK(brace_node_layout_if_needed(ctx, root));
  OK(brace_context_commit_animation(ctx));
  /* The model frame at once (x = 30k), the change animated. */
  CHECK_FRAME(b, 30, 0, 30, 30);
  bool animating = false;
  OK(brace_node_is_animating(ctx, b, &animating));
  CHECK(animating);

  g_section = "no subviews: an empty call";
  brace_node empty = node_with(0, "bulk");
  OK(brace_node_set_frame(ctx, empty, R(0, 0, 10, 10)));
  report_count = 0;
  OK(brace_context_run_update_cycle(ctx));
  CHECK(find_report(0, "set_frames BRACE_OK", empty) >= 0);
}

int main(void) {
  ctx = check_new_context("test_set_frames");
  if (!ctx) return 1;
  g_ctx = ctx;
  OK(brace_context_set_diagnostic_callback(ctx, on_diagnostic, NULL));
  test_good_call();
  test_bad_entries();
  test_animated_and_empty();
  OK(brace_context_destroy(ctx));
  return check_summary("test_set_frames");
}
