/*
 * column.c — a container strategy in the simple pattern: measure and arrange, nothing
 * else (no update_constraints, no size constraints of its own, no invalidation calls),
 * as a toolkit author writes one from brace_plugin.h. test_measure.c nests it in a stack
 * and pins it in a constraint layout: the host must size it from its measure there.
 *
 * Layout: the visible subviews one under the other, each as wide as the container, as
 * tall as it measures for that width, then `footer` points of room below them. Measure:
 * the widest subview for no limit (or the proposed width), and the sum of the heights at
 * that width plus the footer. Hidden subviews take no place (DEPENDS_ON_HIDDEN).
 *
 * The footer is what only the strategy knows (the host does not see it): the test sets it
 * through column_set_footer (found with dlsym), which calls
 * host->invalidate_intrinsic_content_size, the one call a strategy makes when its fitting
 * size changed for a reason of its own. One footer for the process: the test uses one
 * context on one thread.
 */
#include <brace/brace_plugin.h>

#include <stdlib.h>

static const brace_host_api *host;
static double footer;

BRACE_PLUGIN_EXPORT brace_status column_set_footer(brace_context *ctx, brace_node node, double height) {
  footer = height;
  return host->invalidate_intrinsic_content_size(ctx, node);
}

/* Lays the visible subviews of `node` out for `width` (BRACE_PROPOSAL_UNBOUNDED: each at
   its own width); places them when `place`. Answers the size used. */
static brace_size column(brace_context *ctx, brace_node node, double width, int place) {
  size_t count = 0;
  host->get_subview_count(ctx, node, &count);
  brace_size used = {0, 0};
  for (size_t k = 0; k < count; k++) {
    brace_node child = 0;
    bool hidden = false;
    if (host->get_subview(ctx, node, k, &child) != BRACE_OK) continue;
    host->get_hidden(ctx, child, &hidden);
    if (hidden) continue;
    brace_size size = {0, 0};
    if (host->measure(ctx, child, (brace_size){width, BRACE_PROPOSAL_UNBOUNDED}, &size) != BRACE_OK) size = (brace_size){0, 0};
    double w = width == BRACE_PROPOSAL_UNBOUNDED ? size.width : width;
    if (place) host->set_frame(ctx, child, (brace_rect){0, used.height, w, size.height});
    if (w > used.width) used.width = w;
    used.height += size.height;
  }
  used.height += footer;
  return used;
}

static brace_status column_measure(brace_context *ctx, void *state, brace_node node, void *node_data,
                                   brace_size proposal, brace_size *out) {
  (void)state;
  (void)node_data;
  *out = column(ctx, node, proposal.width, 0);
  return BRACE_OK;
}

static void column_arrange(brace_context *ctx, void *state, brace_node node, void *node_data) {
  (void)state;
  (void)node_data;
  brace_rect bounds;
  if (host->get_bounds(ctx, node, &bounds) == BRACE_OK) column(ctx, node, bounds.width, 1);
}

static const brace_strategy_desc descriptor = {
    .struct_size = sizeof(brace_strategy_desc),
    .abi_major = BRACE_PLUGIN_ABI_MAJOR,
    .abi_minor = BRACE_PLUGIN_ABI_MINOR,
    .name = "column",
    .role = BRACE_ROLE_CONTAINER,
    .measure = column_measure,
    .arrange = column_arrange,
    .flags = BRACE_STRATEGY_DEPENDS_ON_HIDDEN,
};

BRACE_PLUGIN_DEFINE_ENTRY(h) {
  /* 1.3: invalidate_intrinsic_content_size. */
  if (h->abi_major != BRACE_PLUGIN_ABI_MAJOR || h->abi_minor < 3) return NULL;
  host = h;
  return &descriptor;
}
