/*
 * lazyuc.c — a container strategy with BRACE_STRATEGY_ATTACH_WITH_SUBVIEWS (plugin ABI
 * 1.5) and an update_constraints hook, for Tests/c/test_lazy_attach.c: brace_plugin.h
 * says the host attaches a waiting node before that hook runs for it. It counts attach,
 * detach and update_constraints (read through lazyuc_get_counters, found with dlsym).
 */
#include <brace/brace_plugin.h>

#include <stdlib.h>

typedef struct lazyuc_counters {
  int attach, detach, update_constraints;
  int bad_data; /* update_constraints met node data its attach did not make */
} lazyuc_counters;

static lazyuc_counters counters;

BRACE_PLUGIN_EXPORT lazyuc_counters *lazyuc_get_counters(void) { return &counters; }

static brace_status lazyuc_attach(brace_context *ctx, void *state, brace_node node, void **node_data) {
  (void)ctx;
  (void)state;
  counters.attach++;
  brace_node *cell = malloc(sizeof *cell);
  if (!cell) return BRACE_E_NO_MEMORY;
  *cell = node;
  *node_data = cell;
  return BRACE_OK;
}

static void lazyuc_detach(brace_context *ctx, void *state, brace_node node, void *node_data) {
  (void)ctx;
  (void)state;
  (void)node;
  counters.detach++;
  free(node_data);
}

static void lazyuc_update_constraints(brace_context *ctx, void *state, brace_node node, void *node_data) {
  (void)ctx;
  (void)state;
  counters.update_constraints++;
  if (!node_data || *(brace_node *)node_data != node) counters.bad_data++;
}

static const brace_strategy_desc descriptor = {
  .struct_size = sizeof(brace_strategy_desc),
  .abi_major = BRACE_PLUGIN_ABI_MAJOR,
  .abi_minor = BRACE_PLUGIN_ABI_MINOR,
  .name = "lazyuc",
  .role = BRACE_ROLE_CONTAINER,
  .attach = lazyuc_attach,
  .detach = lazyuc_detach,
  .update_constraints = lazyuc_update_constraints,
  .flags = BRACE_STRATEGY_ATTACH_WITH_SUBVIEWS,
};

BRACE_PLUGIN_DEFINE_ENTRY(h) {
  (void)h;
  return &descriptor;
}
