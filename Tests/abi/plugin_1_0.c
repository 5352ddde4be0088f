/*
 * plugin_1_0.c — a plugin of plugin ABI 1.0, compiled against the frozen 1.0 header
 * (Tests/abi/brace_plugin_1_0.h), as one built before 1.1 existed was: its descriptor
 * is the 1.0 struct (sizeof is the 1.0 size), it states minor version 0 and it uses only
 * the 1.0 host table. Tests/abi/plugin_layout.c loads it into the current host.
 *
 * The strategy "row_abi_1_0" puts a container's visible subviews side by side inside its
 * layout margins, top-aligned, each at the size the host measures for it, `gap` points
 * apart (a CONTAINER property); its measure hook answers the size of that row.
 *
 *   cc -std=c11 -Wall -Wextra -Werror -pedantic -shared -fPIC -fvisibility=hidden \
 *      -I<include>/brace -o libbrace_row_abi_1_0.so Tests/abi/plugin_1_0.c
 */
#include "brace_plugin_1_0.h"

#include <stdlib.h>

#include "../plugins/strategy_state.h"

#if BRACE_PLUGIN_ABI_MAJOR != 1 || BRACE_PLUGIN_ABI_MINOR != 0
#error "plugin_1_0.c must be compiled against the frozen 1.0 header"
#endif

static const brace_property_desc properties[] = {
    {"gap", BRACE_VALUE_DOUBLE, BRACE_SCOPE_CONTAINER, {BRACE_VALUE_DOUBLE, 0, 0.0}, 0, 1000, NULL, 0,
     "space between neighbouring subviews"},
};

static const brace_host_api *host;

/* Lays out (when `place`) or only measures the row; answers its size with the margins. */
static brace_size row(brace_context *ctx, strategy_state *s, brace_node node, int place) {
  brace_insets m = {0, 0, 0, 0};
  brace_value gap = {BRACE_VALUE_DOUBLE, 0, 0.0};
  size_t count = 0;
  host->get_layout_margins(ctx, node, &m);
  host->get_property(ctx, s->self, node, 0, &gap);
  host->get_subview_count(ctx, node, &count);
  double x = m.left, height = 0;
  int placed = 0;
  for (size_t k = 0; k < count; k++) {
    brace_node child = 0;
    bool hidden = false;
    brace_size size = {0, 0};
    if (host->get_subview(ctx, node, k, &child) != BRACE_OK) continue;
    if (host->get_hidden(ctx, child, &hidden) == BRACE_OK && hidden) continue;
    host->measure(ctx, child, (brace_size){BRACE_PROPOSAL_UNBOUNDED, BRACE_PROPOSAL_UNBOUNDED}, &size);
    if (placed++) x += gap.number;
    if (place) host->set_frame(ctx, child, (brace_rect){x, m.top, size.width, size.height});
    x += size.width;
    if (size.height > height) height = size.height;
  }
  return (brace_size){x + m.right, m.top + height + m.bottom};
}

static void arrange(brace_context *ctx, void *state, brace_node node, void *node_data) {
  (void)node_data;
  row(ctx, state, node, 1);
}

static brace_status measure(brace_context *ctx, void *state, brace_node node, void *node_data, brace_size proposal,
                            brace_size *out) {
  (void)node_data;
  (void)proposal;
  *out = row(ctx, state, node, 0);
  return BRACE_OK;
}

static const brace_strategy_desc descriptor = {
    .struct_size = sizeof(brace_strategy_desc), /* the 1.0 size */
    .abi_major = BRACE_PLUGIN_ABI_MAJOR,
    .abi_minor = BRACE_PLUGIN_ABI_MINOR,
    .name = "row_abi_1_0",
    .role = BRACE_ROLE_CONTAINER,
    .properties = properties,
    .property_count = 1,
    .property_desc_size = sizeof(brace_property_desc),
    .context_create = create,
    .context_destroy = destroy,
    .measure = measure,
    .arrange = arrange,
};

BRACE_PLUGIN_DEFINE_ENTRY(h) {
  if (h->abi_major != BRACE_PLUGIN_ABI_MAJOR || h->struct_size < sizeof(brace_host_api)) return NULL;
  host = h;
  return &descriptor;
}
