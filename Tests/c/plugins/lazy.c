/*
 * lazy.c — a container strategy with BRACE_STRATEGY_ATTACH_WITH_SUBVIEWS (plugin ABI 1.5),
 * for Tests/c/test_lazy_attach.c: it counts every hook the host calls, per hook, and
 * checks that every per-node hook gets the node data its attach made. It arranges its
 * subviews in a row of 10 x 10 squares and measures as their extent.
 *
 * The counters are read (and the attach refusal armed) through lazy_counters, found with
 * dlsym: one set for the process, as the test uses one context on one thread.
 */
#include <brace/brace_plugin.h>

#include <stdlib.h>

typedef struct lazy_counters {
  int attach, detach, arrange, size_changed, measure, update_constraints, baseline;
  int bad_data;      /* a per-node hook met node data its attach did not make */
  int refuse_attach; /* set by the test: the next attach fails */
} lazy_counters;

static const brace_host_api *host;
static lazy_counters counters;

BRACE_PLUGIN_EXPORT lazy_counters *lazy_get_counters(void) { return &counters; }

/* Node data: a cell holding the node it was made for. */
static void check_data(brace_node node, void *node_data) {
  if (!node_data || *(brace_node *)node_data != node) counters.bad_data++;
}

static brace_status lazy_attach(brace_context *ctx, void *state, brace_node node, void **node_data) {
  (void)ctx;
  (void)state;
  counters.attach++;
  if (counters.refuse_attach) {
    counters.refuse_attach = 0;
    return BRACE_E_INVALID_STATE;
  }
  brace_node *cell = malloc(sizeof *cell);
  if (!cell) return BRACE_E_NO_MEMORY;
  *cell = node;
  *node_data = cell;
  return BRACE_OK;
}

static void lazy_detach(brace_context *ctx, void *state, brace_node node, void *node_data) {
  (void)ctx;
  (void)state;
  counters.detach++;
  check_data(node, node_data);
  free(node_data);
}

static void lazy_arrange(brace_context *ctx, void *state, brace_node node, void *node_data) {
  (void)state;
  counters.arrange++;
  check_data(node, node_data);
  size_t count = 0;
  host->get_subview_count(ctx, node, &count);
  for (size_t k = 0; k < count; k++) {
    brace_node child = 0;
    if (host->get_subview(ctx, node, k, &child) == BRACE_OK)
      host->set_frame(ctx, child, (brace_rect){10.0 * (double)k, 0, 10, 10});
  }
}

static void lazy_size_changed(brace_context *ctx, void *state, brace_node node, void *node_data, brace_size old) {
  (void)ctx;
  (void)state;
  (void)old;
  counters.size_changed++;
  check_data(node, node_data);
}

static brace_status lazy_measure(brace_context *ctx, void *state, brace_node node, void *node_data,
                                 brace_size proposal, brace_size *out) {
  (void)state;
  (void)proposal;
  counters.measure++;
  check_data(node, node_data);
  size_t count = 0;
  host->get_subview_count(ctx, node, &count);
  *out = (brace_size){10.0 * (double)count, count ? 10.0 : 0.0};
  return BRACE_OK;
}

static const brace_strategy_desc descriptor = {
  .struct_size = sizeof(brace_strategy_desc),
  .abi_major = BRACE_PLUGIN_ABI_MAJOR,
  .abi_minor = BRACE_PLUGIN_ABI_MINOR,
  .name = "lazy",
  .role = BRACE_ROLE_CONTAINER,
  .attach = lazy_attach,
  .detach = lazy_detach,
  .measure = lazy_measure,
  .arrange = lazy_arrange,
  .flags = BRACE_STRATEGY_ATTACH_WITH_SUBVIEWS,
  .size_changed = lazy_size_changed,
};

BRACE_PLUGIN_DEFINE_ENTRY(h) {
  host = h;
  return &descriptor;
}
