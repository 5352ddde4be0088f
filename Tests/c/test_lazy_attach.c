/*
 * test_lazy_attach.c — BRACE_STRATEGY_ATTACH_WITH_SUBVIEWS (plugin ABI 1.5): a strategy
 * that has nothing to do for a leaf is attached to a node only with its first subview,
 * or when the host needs its measure. Until then no hook runs for the node (no attach,
 * arrange, size_changed or detach), and the node still names the strategy. Uses the
 * counting plugin Tests/c/plugins/lazy.c; the expected counts follow from the rules in
 * brace_plugin.h, each stated beside its check.
 */
#include "check.h"

#include <dlfcn.h>
#include <string.h>

typedef struct lazy_counters {
  int attach, detach, arrange, size_changed, measure, update_constraints, baseline;
  int bad_data;
  int refuse_attach;
} lazy_counters;

static brace_context *ctx;
static lazy_counters *counts;

/* The loaded plugin's counters (its file is loaded once per process, so dlopen finds the
   copy the context uses). */
static lazy_counters *find_counters(void) {
  size_t count = 0;
  OK(brace_context_get_strategy_count(ctx, &count));
  for (size_t k = 0; k < count; k++) {
    brace_strategy_info info = {sizeof info, NULL, 0, NULL, 0, 0, 0};
    OK(brace_context_get_strategy(ctx, k, &info));
    if (strcmp(info.name, "lazy") != 0) continue;
    void *lib = dlopen(info.path, RTLD_NOW | RTLD_NOLOAD);
    CHECK(lib != NULL);
    if (!lib) return NULL;
    lazy_counters *(*get)(void);
    *(void **)&get = dlsym(lib, "lazy_get_counters");
    dlclose(lib);
    CHECK(get != NULL);
    return get ? get() : NULL;
  }
  CHECK(!"lazy is not registered");
  return NULL;
}

static brace_node lazy_leaf(void) {
  brace_node n = 0;
  OK(brace_node_create(ctx, &n));
  OK(brace_node_set_layout_strategy(ctx, n, "lazy"));
  return n;
}

static void cycle(void) { OK(brace_context_run_update_cycle(ctx)); }

/* A leaf using the strategy: nothing runs for it, whatever happens to its frame. */
static void test_leaf_runs_nothing(void) {
  lazy_counters before = *counts;
  brace_node n = lazy_leaf();
  const char *name = NULL;
  OK(brace_node_get_layout_strategy(ctx, n, &name));
  CHECK(name && strcmp(name, "lazy") == 0);
  OK(brace_node_set_frame(ctx, n, R(0, 0, 50, 50)));
  cycle();
  OK(brace_node_set_frame(ctx, n, R(0, 0, 70, 40)));
  cycle();
  CHECK_EQ(counts->attach, before.attach);
  CHECK_EQ(counts->arrange, before.arrange);
  CHECK_EQ(counts->size_changed, before.size_changed);
  // Destroyed without ever attaching: no detach either.
  OK(brace_node_destroy(ctx, n));
  CHECK_EQ(counts->detach, before.detach);
}

/* The first subview attaches it; from then on its hooks run, also after the last
   subview has gone, and destroying it detaches it once. */
static void test_first_subview_attaches(void) {
  lazy_counters before = *counts;
  brace_node n = lazy_leaf();
  OK(brace_node_set_frame(ctx, n, R(0, 0, 50, 50)));
  brace_node a = 0, b = 0;
  OK(brace_node_create(ctx, &a));
  OK(brace_node_create(ctx, &b));
  OK(brace_node_add_subview(ctx, n, a));
  CHECK_EQ(counts->attach, before.attach + 1);
  OK(brace_node_add_subview(ctx, n, b));
  CHECK_EQ(counts->attach, before.attach + 1);
  cycle();
  CHECK(counts->arrange > before.arrange);
  // The row of 10 x 10 squares (lazy.c's arrange): a at x 0, b at x 10.
  CHECK_FRAME(a, 0, 0, 10, 10);
  CHECK_FRAME(b, 10, 0, 10, 10);
  int sized = counts->size_changed;
  OK(brace_node_set_frame(ctx, n, R(0, 0, 60, 50)));
  CHECK_EQ(counts->size_changed, sized + 1);
  OK(brace_node_remove_from_superview(ctx, a));
  OK(brace_node_remove_from_superview(ctx, b));
  int arranged = counts->arrange;
  OK(brace_node_set_frame(ctx, n, R(0, 0, 80, 50)));
  CHECK_EQ(counts->size_changed, sized + 2);
  cycle();
  CHECK_EQ(counts->arrange, arranged + 1);
  CHECK_EQ(counts->detach, before.detach);
  OK(brace_node_destroy(ctx, n));
  CHECK_EQ(counts->detach, before.detach + 1);
  CHECK_EQ(counts->attach, before.attach + 1);
  OK(brace_node_destroy(ctx, a));
  OK(brace_node_destroy(ctx, b));
}

/* brace_node_create_subviews under a waiting node attaches it once, first. */
static void test_create_subviews_attaches(void) {
  lazy_counters before = *counts;
  brace_node n = lazy_leaf();
  OK(brace_node_set_frame(ctx, n, R(0, 0, 50, 50)));
  brace_node kids[3] = {0, 0, 0};
  OK(brace_node_create_subviews(ctx, n, 3, (brace_size){-1, -1}, kids));
  CHECK_EQ(counts->attach, before.attach + 1);
  cycle();
  CHECK_FRAME(kids[0], 0, 0, 10, 10);
  CHECK_FRAME(kids[2], 20, 0, 10, 10);
  OK(brace_node_destroy(ctx, n));
  CHECK_EQ(counts->detach, before.detach + 1);
}

/* An attach refused at the first subview: the add fails with the plugin named, nothing
   moved, and the next add attaches. */
static void test_refused_attach_changes_nothing(void) {
  lazy_counters before = *counts;
  brace_node n = lazy_leaf();
  brace_node c = 0;
  OK(brace_node_create(ctx, &c));
  counts->refuse_attach = 1;
  ERR(ctx, BRACE_E_PLUGIN, "lazy", brace_node_add_subview(ctx, n, c));
  brace_node parent = 1;
  size_t kids = 9;
  OK(brace_node_get_superview(ctx, c, &parent));
  CHECK_EQ(parent, (brace_node)0);
  OK(brace_node_get_subview_count(ctx, n, &kids));
  CHECK_EQ(kids, (size_t)0);
  counts->refuse_attach = 1;
  brace_node made[2] = {0, 0};
  ERR(ctx, BRACE_E_PLUGIN, "lazy", brace_node_create_subviews(ctx, n, 2, (brace_size){-1, -1}, made));
  OK(brace_node_get_subview_count(ctx, n, &kids));
  CHECK_EQ(kids, (size_t)0);
  CHECK_EQ(counts->attach, before.attach + 2);
  OK(brace_node_add_subview(ctx, n, c));
  CHECK_EQ(counts->attach, before.attach + 3);
  // (Its subview goes with it.)
  OK(brace_node_destroy(ctx, n));
  CHECK_EQ(counts->detach, before.detach + 1);
}

/* A first subview refused as a misuse (a cycle, an index past the end) changes nothing:
   the waiting strategy is not attached for it, and a later add attaches once. */
static void test_misuse_attaches_nothing(void) {
  lazy_counters before = *counts;
  brace_node root = 0, n = lazy_leaf(), c = 0;
  OK(brace_node_create(ctx, &root));
  OK(brace_node_create(ctx, &c));
  OK(brace_node_add_subview(ctx, root, n));
  // n is its own superview, or root under its own subview n: both cycles.
  ERR(ctx, BRACE_E_CYCLE, "itself", brace_node_add_subview(ctx, n, n));
  ERR(ctx, BRACE_E_CYCLE, "cyclic", brace_node_add_subview(ctx, n, root));
  // n has no subviews: index 1 is past 0...0.
  ERR(ctx, BRACE_E_INDEX_OUT_OF_RANGE, "out of range", brace_node_insert_subview(ctx, n, c, 1));
  CHECK_EQ(counts->attach, before.attach);
  OK(brace_node_insert_subview(ctx, n, c, 0));
  CHECK_EQ(counts->attach, before.attach + 1);
  OK(brace_node_destroy(ctx, root));
  CHECK_EQ(counts->detach, before.detach + 1);
}

typedef struct lazyuc_counters {
  int attach, detach, update_constraints;
  int bad_data;
} lazyuc_counters;

static void trace_nothing(brace_context *c, const brace_trace_event *e, void *user_data) {
  (void)c;
  (void)e;
  (void)user_data;
}

/* A waiting strategy with an update_constraints hook (Tests/c/plugins/lazyuc.c), needed
   for a leaf flagged for it: the host attaches it first and runs the hook once, with or
   without a trace callback (tracing changes nothing). */
static void test_update_constraints_attaches(void) {
  OK(brace_context_load_strategy(ctx, "lazyuc"));
  size_t count = 0;
  OK(brace_context_get_strategy_count(ctx, &count));
  brace_strategy_info info = {sizeof info, NULL, 0, NULL, 0, 0, 0};
  OK(brace_context_get_strategy(ctx, count - 1, &info));
  void *lib = dlopen(info.path, RTLD_NOW | RTLD_NOLOAD);
  CHECK(lib != NULL);
  if (!lib) return;
  lazyuc_counters *(*get)(void);
  *(void **)&get = dlsym(lib, "lazyuc_get_counters");
  dlclose(lib);
  CHECK(get != NULL);
  if (!get) return;
  lazyuc_counters *uc = get();
  for (int traced = 0; traced < 2; traced++) {
    OK(brace_context_set_trace_callback(ctx, traced ? trace_nothing : NULL, NULL));
    lazyuc_counters before = *uc;
    brace_node n = 0;
    OK(brace_node_create(ctx, &n));
    OK(brace_node_set_layout_strategy(ctx, n, "lazyuc"));
    OK(brace_node_set_needs_update_constraints(ctx, n));
    cycle();
    CHECK_EQ(uc->attach, before.attach + 1);
    CHECK_EQ(uc->update_constraints, before.update_constraints + 1);
    OK(brace_node_destroy(ctx, n));
    CHECK_EQ(uc->detach, before.detach + 1);
  }
  OK(brace_context_set_trace_callback(ctx, NULL, NULL));
  CHECK_EQ(uc->bad_data, 0);
}

/* Its measure is needed for a leaf: the host attaches it first, so the hook gets its
   node data; a switch to another strategy then detaches it. A node that switches away
   while still waiting hears nothing. */
static void test_measure_attaches(void) {
  lazy_counters before = *counts;
  brace_node n = lazy_leaf();
  brace_size out = {-1, -1};
  OK(brace_node_system_layout_size_fitting(ctx, n, (brace_size){0, 0}, 250, 250, &out));
  CHECK_EQ(counts->attach, before.attach + 1);
  CHECK_EQ(counts->measure, before.measure + 1);
  // lazy.c measures 10 per subview: none here.
  CHECK_EQ(out.width, 0.0);
  CHECK_EQ(out.height, 0.0);
  OK(brace_node_set_layout_strategy(ctx, n, "frame"));
  CHECK_EQ(counts->detach, before.detach + 1);
  brace_node w = lazy_leaf();
  OK(brace_node_set_layout_strategy(ctx, w, "frame"));
  CHECK_EQ(counts->detach, before.detach + 1);
  CHECK_EQ(counts->attach, before.attach + 1);
  OK(brace_node_destroy(ctx, n));
  OK(brace_node_destroy(ctx, w));
}

/* The default "frame" sets the flag: a leaf that gets subviews later still autoresizes
   them at once when it is resized (UIKit's rule), from the size it had when they came. */
static void test_frame_leaf_becomes_container(void) {
  brace_node n = 0, c = 0;
  OK(brace_node_create(ctx, &n));
  OK(brace_node_set_frame(ctx, n, R(0, 0, 100, 100)));
  cycle();
  OK(brace_node_create(ctx, &c));
  OK(brace_node_add_subview(ctx, n, c));
  OK(brace_node_set_frame(ctx, c, R(10, 10, 80, 80)));
  OK(brace_node_set_autoresizing_mask(ctx, c, BRACE_AUTORESIZE_FLEXIBLE_WIDTH));
  // 100 -> 150 wide: the flexible width takes the 50 points: 80 + 50.
  OK(brace_node_set_frame(ctx, n, R(0, 0, 150, 100)));
  CHECK_FRAME(c, 10, 10, 130, 80);
  OK(brace_node_destroy(ctx, n));
}

int main(void) {
  ctx = check_new_context("test_lazy_attach");
  if (!ctx) return 1;
  OK(brace_context_load_strategy(ctx, "lazy"));
  counts = find_counters();
  if (!counts) return check_summary("test_lazy_attach");
  test_leaf_runs_nothing();
  test_first_subview_attaches();
  test_create_subviews_attaches();
  test_refused_attach_changes_nothing();
  test_misuse_attaches_nothing();
  test_update_constraints_attaches();
  test_measure_attaches();
  test_frame_leaf_becomes_container();
  CHECK_EQ(counts->bad_data, 0);
  OK(brace_context_destroy(ctx));
  return check_summary("test_lazy_attach");
}
