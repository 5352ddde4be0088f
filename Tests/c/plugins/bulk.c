/*
 * bulk.c — a container strategy for tests/test_set_frames.c: its arrange places every
 * subview with ONE host->set_frames call (plugin ABI 1.5), in a row of square cells, and
 * can spoil one entry of the call on demand, so the test can check what the host does
 * with a good call (frames, hooks inside the call, changed-frames list, animation) and
 * with a bad one (nothing changes). It reports through host->report:
 *   "arrange begin", then "set_frames STATUS: LAST_ERROR" (the error empty on success);
 *   its size_changed hook: "size_changed OLD_WxOLD_H" (so the test sees it run inside
 *   the call, between the two reports of the superview's arrange).
 * Its properties (CONTAINER):
 *   "cell" (double, default 10): subview k gets {k * cell, 0, cell, cell};
 *   "bad" (int, default -1: none): the entry to spoil;
 *   "bad_kind" (int): 0 its frame NaN, 1 its width negative, 2 its node the container
 *     (no subview of itself), 3 its node the null handle, 4 `nodes` NULL, 5 `frames`
 *     NULL (4 and 5 with the count kept).
 * At most 16 subviews are placed. State: Tests/plugins/strategy_state.h.
 */
#include <brace/brace.h>
#include <brace/brace_plugin.h>

#include <math.h>
#include <stdio.h>

#include "../../plugins/strategy_state.h"

enum { P_CELL, P_BAD, P_BAD_KIND, P_COUNT };
enum { MAX_PLACED = 16 };

static const brace_property_desc properties[P_COUNT] = {
    {"cell", BRACE_VALUE_DOUBLE, BRACE_SCOPE_CONTAINER, {BRACE_VALUE_DOUBLE, 0, 10}, 0, 1000, NULL, 0,
     "the side of each subview's square cell"},
    {"bad", BRACE_VALUE_INT, BRACE_SCOPE_CONTAINER, {BRACE_VALUE_INT, -1, 0}, -1, MAX_PLACED - 1, NULL, 0,
     "the entry of the set_frames call to spoil (-1: none)"},
    {"bad_kind", BRACE_VALUE_INT, BRACE_SCOPE_CONTAINER, {BRACE_VALUE_INT, 0, 0}, 0, 5, NULL, 0,
     "how the entry is spoiled"},
};

static const brace_host_api *host;

static brace_value property(brace_context *ctx, const strategy_state *s, brace_node node, uint32_t index) {
  brace_value v = {BRACE_VALUE_INT, 0, 0};
  host->get_property(ctx, s->self, node, index, &v);
  return v;
}

static void arrange(brace_context *ctx, void *state, brace_node node, void *data) {
  (void)data;
  const strategy_state *s = state;
  brace_node nodes[MAX_PLACED];
  brace_rect frames[MAX_PLACED];
  size_t count = 0;
  host->get_subview_count(ctx, node, &count);
  if (count > MAX_PLACED) count = MAX_PLACED;
  double cell = property(ctx, s, node, P_CELL).number;
  for (size_t k = 0; k < count; k++) {
    host->get_subview(ctx, node, k, &nodes[k]);
    frames[k] = (brace_rect){(double)k * cell, 0, cell, cell};
  }
  int64_t bad = property(ctx, s, node, P_BAD).integer;
  int64_t kind = property(ctx, s, node, P_BAD_KIND).integer;
  const brace_node *node_list = nodes;
  const brace_rect *frame_list = frames;
  if (bad >= 0 && (size_t)bad < count) {
    switch (kind) {
      case 0: frames[bad].x = NAN; break;
      case 1: frames[bad].width = -1; break;
      case 2: nodes[bad] = node; break;
      case 3: nodes[bad] = 0; break;
      case 4: node_list = NULL; break;
      default: frame_list = NULL; break;
    }
  }
  host->report(ctx, s->self, "arrange begin", &node, 1);
  brace_status status = host->set_frames(ctx, node, node_list, frame_list, count);
  char text[600];
  snprintf(text, sizeof text, "set_frames %s: %s", brace_status_name(status),
           status == BRACE_OK ? "" : host->last_error(ctx));
  host->report(ctx, s->self, text, &node, 1);
}

static void size_changed(brace_context *ctx, void *state, brace_node node, void *data, brace_size old) {
  (void)data;
  const strategy_state *s = state;
  char text[64];
  snprintf(text, sizeof text, "size_changed %gx%g", old.width, old.height);
  host->report(ctx, s->self, text, &node, 1);
}

static const brace_strategy_desc descriptor = {
    .struct_size = sizeof(brace_strategy_desc),
    .abi_major = BRACE_PLUGIN_ABI_MAJOR,
    .abi_minor = BRACE_PLUGIN_ABI_MINOR,
    .name = "bulk",
    .role = BRACE_ROLE_CONTAINER,
    .properties = properties,
    .property_count = P_COUNT,
    .property_desc_size = sizeof(brace_property_desc),
    .context_create = create,
    .context_destroy = destroy,
    .arrange = arrange,
    .size_changed = size_changed,
};

BRACE_PLUGIN_DEFINE_ENTRY(h) {
  /* 1.5: set_frames. */
  if (h->abi_major != BRACE_PLUGIN_ABI_MAJOR || h->abi_minor < 5 || h->struct_size < sizeof(brace_host_api)) return NULL;
  host = h;
  return &descriptor;
}
