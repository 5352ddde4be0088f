/*
 * reenter.c — a container strategy for tests/test_reentrancy.c whose size_changed hook
 * (plugin ABI 1.2) calls back into the context, the paths that once made
 * brace_node_set_frame never return. The container property "mode" picks the call:
 *   "none"        nothing;
 *   "layout"      brace_node_layout_if_needed on the node itself;
 *   "constraints" brace_node_update_constraints_if_needed on the node itself;
 *   "measure"     host->measure on the first subview (a well-behaved hook: the program's
 *                 intrinsic_content_size callback is what calls back).
 * The public functions are reached through libbrace itself (this plugin links it), as a
 * plugin that shares the program's library may. Each hook call counts in "calls" and
 * keeps the status of the call it made in "status" (properties of the node). Its state is
 * the test plugins' (Tests/plugins/strategy_state.h).
 */
#include <brace/brace.h>
#include <brace/brace_plugin.h>

#include "../../plugins/strategy_state.h"

enum { P_MODE, P_CALLS, P_STATUS, P_COUNT };
enum { MODE_NONE, MODE_LAYOUT, MODE_CONSTRAINTS, MODE_MEASURE };

static const char *const mode_names[] = {"none", "layout", "constraints", "measure"};

static const brace_property_desc properties[P_COUNT] = {
    {"mode", BRACE_VALUE_ENUM, BRACE_SCOPE_CONTAINER, {BRACE_VALUE_ENUM, 0, 0}, 0, 0, mode_names, 4,
     "what the size_changed hook calls"},
    {"calls", BRACE_VALUE_INT, BRACE_SCOPE_CONTAINER, {BRACE_VALUE_INT, 0, 0}, 0, 1000000, NULL, 0,
     "how many times the hook ran (written by the hook)"},
    {"status", BRACE_VALUE_INT, BRACE_SCOPE_CONTAINER, {BRACE_VALUE_INT, 0, 0}, -1000, 1000, NULL, 0,
     "the status of the hook's last call back (written by the hook)"},
};

static const brace_host_api *host;

static void size_changed(brace_context *ctx, void *state, brace_node node, void *node_data, brace_size old) {
  (void)node_data;
  (void)old;
  const strategy_state *s = state;
  brace_value mode, calls;
  if (host->get_property(ctx, s->self, node, P_MODE, &mode) != BRACE_OK) return;
  if (host->get_property(ctx, s->self, node, P_CALLS, &calls) != BRACE_OK) return;
  brace_status status = BRACE_OK;
  switch (mode.integer) {
  case MODE_LAYOUT: status = brace_node_layout_if_needed(ctx, node); break;
  case MODE_CONSTRAINTS: status = brace_node_update_constraints_if_needed(ctx, node); break;
  case MODE_MEASURE: {
    brace_node first;
    brace_size size;
    status = host->get_subview(ctx, node, 0, &first);
    if (status == BRACE_OK) status = host->measure(ctx, first, (brace_size){100, 100}, &size);
    break;
  }
  default: break;
  }
  brace_node_set_property_int(ctx, node, "calls", calls.integer + 1);
  brace_node_set_property_int(ctx, node, "status", (int64_t)status);
}

static const brace_strategy_desc descriptor = {
    .struct_size = sizeof(brace_strategy_desc),
    .abi_major = BRACE_PLUGIN_ABI_MAJOR,
    .abi_minor = BRACE_PLUGIN_ABI_MINOR,
    .name = "reenter",
    .role = BRACE_ROLE_CONTAINER,
    .properties = properties,
    .property_count = P_COUNT,
    .property_desc_size = sizeof(brace_property_desc),
    .context_create = create,
    .context_destroy = destroy,
    .size_changed = size_changed,
};

BRACE_PLUGIN_DEFINE_ENTRY(h) {
  if (h->abi_major != BRACE_PLUGIN_ABI_MAJOR || h->struct_size < sizeof(brace_host_api)) return NULL;
  host = h;
  return &descriptor;
}
