/*
 * probe.c — a test strategy, "probe", that exercises the host table and reports what
 * happens to it through host->report, so tests can watch attach/detach/arrange/measure.
 * Properties of every type: on the container "flag" (bool), "count" (int 0...10),
 * "gap" (double -50...50), "mode" (enum a/b/c); on each child "weight" (int 1...100).
 * arrange stacks the visible children vertically, each at its measured size, `gap` apart,
 * each indented by its weight; measure answers the stack's size.
 */
#include <brace/brace_plugin.h>

#include <stdio.h>
#include <stdlib.h>

#include "strategy_state.h"

enum { P_FLAG, P_COUNT, P_GAP, P_MODE, P_WEIGHT, P_N };
static const char *const modes[] = {"a", "b", "c"};
static const brace_property_desc properties[P_N] = {
    {"flag", BRACE_VALUE_BOOL, BRACE_SCOPE_CONTAINER, {BRACE_VALUE_BOOL, 1, 0}, 0, 1, NULL, 0, "a bool"},
    {"count", BRACE_VALUE_INT, BRACE_SCOPE_CONTAINER, {BRACE_VALUE_INT, 3, 0}, 0, 10, NULL, 0, "an int"},
    {"gap", BRACE_VALUE_DOUBLE, BRACE_SCOPE_CONTAINER, {BRACE_VALUE_DOUBLE, 0, 4.0}, -50, 50, NULL, 0, "a double"},
    {"mode", BRACE_VALUE_ENUM, BRACE_SCOPE_CONTAINER, {BRACE_VALUE_ENUM, 1, 0}, 0, 0, modes, 3, "an enum"},
    {"weight", BRACE_VALUE_INT, BRACE_SCOPE_CHILD, {BRACE_VALUE_INT, 1, 0}, 1, 100, NULL, 0, "per child"},
};

static const brace_host_api *host;

static void say(brace_context *ctx, strategy_state *s, brace_node node, const char *what) {
  char text[96];
  snprintf(text, sizeof text, "%s attached=%d", what, s->attached);
  host->report(ctx, s->self, text, &node, 1);
}

static brace_status attach(brace_context *ctx, void *state, brace_node node, void **node_data) {
  strategy_state *s = state;
  int *data = malloc(sizeof *data);
  if (!data) return BRACE_E_NO_MEMORY;
  *data = 7;
  *node_data = data;
  s->attached++;
  say(ctx, s, node, "attach");
  return BRACE_OK;
}

static void detach(brace_context *ctx, void *state, brace_node node, void *node_data) {
  strategy_state *s = state;
  s->attached--;
  say(ctx, s, node, *(int *)node_data == 7 ? "detach" : "detach-corrupt");
  free(node_data);
}

static double value(brace_context *ctx, strategy_state *s, brace_node node, uint32_t k) {
  brace_value v;
  if (host->get_property(ctx, s->self, node, k, &v) != BRACE_OK) return -1;
  return v.type == BRACE_VALUE_DOUBLE ? v.number : (double)v.integer;
}

static brace_size stack(brace_context *ctx, strategy_state *s, brace_node node, int place) {
  size_t n = 0;
  host->get_subview_count(ctx, node, &n);
  double gap = value(ctx, s, node, P_GAP), y = 0, w = 0;
  for (size_t k = 0; k < n; k++) {
    brace_node child;
    bool hidden;
    brace_size size;
    host->get_subview(ctx, node, k, &child);
    host->get_hidden(ctx, child, &hidden);
    if (hidden) continue;
    host->measure(ctx, child, (brace_size){BRACE_PROPOSAL_UNBOUNDED, BRACE_PROPOSAL_UNBOUNDED}, &size);
    double indent = value(ctx, s, child, P_WEIGHT);
    if (place) host->set_frame(ctx, child, (brace_rect){indent, y, size.width, size.height});
    if (indent + size.width > w) w = indent + size.width;
    y += size.height + gap;
  }
  return (brace_size){w, y > 0 ? y - gap : 0};
}

static void arrange(brace_context *ctx, void *state, brace_node node, void *node_data) {
  (void)node_data;
  stack(ctx, state, node, 1);
  say(ctx, state, node, "arrange");
}

static brace_status measure(brace_context *ctx, void *state, brace_node node, void *node_data,
                            brace_size proposal, brace_size *out) {
  (void)node_data;
  (void)proposal;
  *out = stack(ctx, state, node, 0);
  return BRACE_OK;
}

static const brace_strategy_desc descriptor = {
    .struct_size = sizeof(brace_strategy_desc),
    .abi_major = BRACE_PLUGIN_ABI_MAJOR,
    .abi_minor = BRACE_PLUGIN_ABI_MINOR,
    .name = "probe",
    .role = BRACE_ROLE_CONTAINER,
    .properties = properties,
    .property_count = P_N,
    .property_desc_size = sizeof(brace_property_desc),
    .context_create = create,
    .context_destroy = destroy,
    .attach = attach,
    .detach = detach,
    .measure = measure,
    .arrange = arrange,
};

BRACE_PLUGIN_DEFINE_ENTRY(h) {
  if (h->abi_major != BRACE_PLUGIN_ABI_MAJOR) return NULL;
  host = h;
  return &descriptor;
}
