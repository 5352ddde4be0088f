/*
 * test_reentrancy.c — every re-entrant path into a pass either runs, is refused with a
 * status, or counts towards the feedback-loop guard: it never hangs. Regressions for a
 * hang of 0.5: a strategy's size_changed hook (plugin ABI 1.2) marks its node busy while
 * it runs, and a pass started from inside it kept meeting the busy, flagged node and
 * repeated for ever (brace_node_set_frame never returned): the direct call, the
 * constraints form and a callback reached through host->measure each hung the 0.5
 * library (checked one by one). Each path runs under an alarm, so a hang fails the test
 * instead of the job. The "reenter" plugin
 * (Tests/c/plugins/reenter.c) is loaded from BRACE_PLUGIN_PATH.
 */
#include "check.h"


static brace_context *ctx;

/* A path that does not return within its time is a hang: the watchdog says which and
   ends the test. Generous: valgrind runs this too. */
#define PATH_SECONDS 60
#define HANG(path) "test_reentrancy: HANG in " path "\n"

static void begin(const char *message) { check_watchdog(message, PATH_SECONDS); }

static void end(void) { alarm(0); }

static int64_t int_property(brace_node n, const char *name) {
  brace_value v = {BRACE_VALUE_INT, -1, 0};
  OK(brace_node_get_property(ctx, n, name, &v));
  return v.integer;
}

static uint32_t pending(void) {
  uint32_t bits = 0xFFFFFFFF;
  OK(brace_context_get_pending(ctx, &bits));
  return bits;
}

/* A root holding a container of `strategy` (the "reenter" plugin's `mode`, unless NULL)
   with one subview, laid out once. */
static void make_tree(const char *strategy, const char *mode, brace_node *root, brace_node *box, brace_node *leaf) {
  OK(brace_node_create(ctx, root));
  OK(brace_node_create(ctx, box));
  OK(brace_node_create(ctx, leaf));
  OK(brace_node_set_frame(ctx, *root, (brace_rect){0, 0, 400, 300}));
  OK(brace_node_add_subview(ctx, *root, *box));
  OK(brace_node_add_subview(ctx, *box, *leaf));
  OK(brace_node_set_layout_strategy(ctx, *box, strategy));
  if (mode) OK(brace_node_set_property_enum(ctx, *box, "mode", mode));
  OK(brace_context_run_update_cycle(ctx));
}

/* Resizes the "reenter" container (its hook runs once, and its call back succeeds). */
static void resize_box(brace_node box, const char *hang) {
  begin(hang);
  OK(brace_node_set_frame(ctx, box, (brace_rect){10, 10, 200, 100}));
  end();
  CHECK(int_property(box, "calls") == 1);
  CHECK(int_property(box, "status") == BRACE_OK);
}

/* A turn takes what the busy node left flagged, and leaves nothing pending. */
static void settle(const char *hang) {
  begin(hang);
  OK(brace_context_run_update_cycle(ctx));
  end();
  CHECK(pending() == 0);
}

/* The hook calls brace_node_layout_if_needed on its own node, which its size change
   has just flagged: the node is busy, so the call lays out nothing and returns; the
   node keeps its flag and the next turn lays it out. */
static void test_layout_if_needed_from_size_changed(void) {
  brace_node root, box, leaf;
  make_tree("reenter", "layout", &root, &box, &leaf);
  resize_box(box, HANG("layout_if_needed on the node from its size_changed hook"));
  CHECK(pending() & BRACE_PHASE_LAYOUT);
  settle(HANG("the turn after layout_if_needed from a size_changed hook"));
  /* Also with a layout pass running around it: the root's layout resizes the box. */
  OK(brace_node_set_needs_layout(ctx, root));
  begin(HANG("layout_if_needed from size_changed inside brace_node_layout_if_needed"));
  OK(brace_node_set_frame(ctx, box, (brace_rect){10, 10, 220, 100}));
  OK(brace_node_layout_if_needed(ctx, root));
  end();
  CHECK(pending() == 0);
  OK(brace_node_destroy(ctx, root));
}

/* The same with brace_node_update_constraints_if_needed, the node flagged for its
   constraints pass first. */
static void test_update_constraints_if_needed_from_size_changed(void) {
  brace_node root, box, leaf;
  make_tree("reenter", "constraints", &root, &box, &leaf);
  OK(brace_node_set_needs_update_constraints(ctx, box));
  resize_box(box, HANG("update_constraints_if_needed on the node from its size_changed hook"));
  CHECK(pending() & BRACE_PHASE_CONSTRAINTS);
  settle(HANG("the turn after update_constraints_if_needed from a size_changed hook"));
  OK(brace_node_destroy(ctx, root));
}

/* A well-behaved hook that only measures a subview; the program's intrinsic size
   callback, reached through the measure, lays the whole tree out. */
static brace_node callback_root;
static brace_status callback_status;
static int callback_calls;
static brace_size intrinsic_lays_out_root(brace_context *c, brace_node node, void *user) {
  (void)node;
  (void)user;
  callback_calls++;
  callback_status = brace_node_layout_if_needed(c, callback_root);
  if (callback_status == BRACE_OK) callback_status = brace_node_update_constraints_if_needed(c, callback_root);
  return (brace_size){40, 20};
}

/* `leaf`'s intrinsic size callback lays out `root` (and runs its constraints pass). */
static void lay_out_root_when_measured(brace_node root, brace_node leaf) {
  callback_root = root;
  callback_calls = 0;
  brace_node_callbacks cb;
  memset(&cb, 0, sizeof cb);
  cb.struct_size = sizeof cb;
  cb.intrinsic_content_size = intrinsic_lays_out_root;
  OK(brace_node_set_callbacks(ctx, leaf, &cb));
  /* What a container measured of it before is stale now. */
  OK(brace_node_invalidate_intrinsic_content_size(ctx, leaf));
}

static void test_layout_if_needed_from_a_callback_reached_by_measure(void) {
  brace_node root, box, leaf;
  make_tree("reenter", "measure", &root, &box, &leaf);
  lay_out_root_when_measured(root, leaf);
  OK(brace_node_set_needs_update_constraints(ctx, root));
  resize_box(box, HANG("a callback reached through host->measure from size_changed lays out the root"));
  CHECK(callback_calls >= 1);
  CHECK(callback_status == BRACE_OK);
  settle(HANG("the turn after a callback reached through measure"));
  OK(brace_node_set_callbacks(ctx, leaf, NULL));
  OK(brace_node_destroy(ctx, root));
}

/* The fitting size of a stack measures its arranged views outside any pass, the stack
   busy and flagged; an intrinsic size callback lays out the root. Not one of the 0.5
   hangs (it returned then too): it pins down that this path keeps returning, with the
   fitting size right. */
static void test_layout_if_needed_from_a_callback_reached_by_fitting_size(void) {
  brace_node root, stack, leaf;
  make_tree("stack", NULL, &root, &stack, &leaf);
  lay_out_root_when_measured(root, leaf);
  OK(brace_node_set_needs_layout(ctx, stack));
  brace_size fit = {0, 0};
  begin(HANG("a callback reached through a stack's fitting size lays out the root"));
  OK(brace_node_system_layout_size_fitting(ctx, stack, (brace_size){0, 0}, BRACE_PRIORITY_FITTING_SIZE_LEVEL,
                                           BRACE_PRIORITY_FITTING_SIZE_LEVEL, &fit));
  end();
  CHECK(callback_calls >= 1);
  CHECK(callback_status == BRACE_OK);
  CHECK(fit.width == 40 && fit.height == 20);
  settle(HANG("the turn after a callback reached through a fitting size"));
  OK(brace_node_set_callbacks(ctx, leaf, NULL));
  OK(brace_node_destroy(ctx, root));
}

int main(void) {
  ctx = check_new_context("test_reentrancy");
  if (!ctx) return 1;
  test_layout_if_needed_from_size_changed();
  test_update_constraints_if_needed_from_size_changed();
  test_layout_if_needed_from_a_callback_reached_by_measure();
  test_layout_if_needed_from_a_callback_reached_by_fitting_size();
  OK(brace_context_destroy(ctx));
  return check_summary("test_reentrancy");
}
