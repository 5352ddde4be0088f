/*
 * flow.c — a wrapping flow layout as a Brace plugin, written in plain C.
 *
 * This is the template for writing your own layout strategy. It shows everything a
 * container strategy does:
 *   - one exported entry function (BRACE_PLUGIN_DEFINE_ENTRY) returning a static
 *     descriptor that states the plugin ABI it was built for;
 *   - declared properties, on the container ("spacing", "line_spacing", "alignment",
 *     "padding") and on each child ("break_before"), which the host validates;
 *   - an arrange hook that measures children through the host and sets their frames;
 *   - a measure hook (fitting size) so that a flow can sit inside other layouts;
 *   - right-to-left support and pixel rounding.
 * It calls the host only through the brace_host_api table, so it links neither
 * libbrace nor anything else:
 *
 *   cc -std=c11 -O2 -shared -fPIC -fvisibility=hidden -I include \
 *      -o libbrace_flow.so examples/plugins/flow.c -lm
 *
 * The strategy is named "flow"; put libbrace_flow.so on BRACE_PLUGIN_PATH and call
 * brace_node_set_layout_strategy(ctx, node, "flow"), or load it by path with
 * brace_context_load_plugin.
 *
 * Layout: the visible subviews are placed left to right (right to left in RTL) at their
 * measured size, inside the container's bounds inset by `padding`, wrapping to a new line
 * when the next one would not fit or when it has `break_before`. Each is measured with
 * host->measure for the line's width: its intrinsic size, or what its measure callback
 * answers for that width (text wraps at it), or 0 for a leaf with neither — never the
 * frame the flow set last time, which would keep rows from ever shrinking again (the
 * host's rule since plugin ABI 1.3; docs/measuring.md). Without an update_constraints
 * hook, a flow pinned in constraint layout is sized by this measure (its height for its
 * solved width), and hiding an item (DEPENDS_ON_HIDDEN) re-measures it in a stack. Lines are `line_spacing`
 * apart; items in a line are `spacing` apart and aligned in the line by `alignment`
 * (leading, center or trailing).
 */
#include <brace/brace_plugin.h>

#include <math.h>
#include <stdlib.h>

/* Property indices: the order of the declarations below. */
enum { P_SPACING, P_LINE_SPACING, P_ALIGNMENT, P_PADDING, P_BREAK_BEFORE, P_COUNT };

static const char *const alignment_names[] = {"leading", "center", "trailing"};

static const brace_property_desc properties[P_COUNT] = {
    {"spacing", BRACE_VALUE_DOUBLE, BRACE_SCOPE_CONTAINER, {BRACE_VALUE_DOUBLE, 0, 8.0}, 0, 10000, NULL, 0,
     "gap between items in a line"},
    {"line_spacing", BRACE_VALUE_DOUBLE, BRACE_SCOPE_CONTAINER, {BRACE_VALUE_DOUBLE, 0, 8.0}, 0, 10000, NULL, 0,
     "gap between lines"},
    {"alignment", BRACE_VALUE_ENUM, BRACE_SCOPE_CONTAINER, {BRACE_VALUE_ENUM, 0, 0}, 0, 0, alignment_names, 3,
     "where a line's items sit when it has room left"},
    {"padding", BRACE_VALUE_DOUBLE, BRACE_SCOPE_CONTAINER, {BRACE_VALUE_DOUBLE, 0, 0.0}, 0, 10000, NULL, 0,
     "inset of the content from every edge of the bounds"},
    {"break_before", BRACE_VALUE_BOOL, BRACE_SCOPE_CHILD, {BRACE_VALUE_BOOL, 0, 0}, 0, 1, NULL, 0,
     "start a new line before this item"},
};

/* The host table, the same for every context. The host runs entry functions under a
   process-wide lock, before any hook, so a plain static is safe here. */
static const brace_host_api *host;

/* Per-context state: the id the host gave the strategy in that context, which
   get_property wants back. Never a global: contexts run on different threads. */
typedef struct flow_state {
  brace_strategy_id self;
} flow_state;

static brace_status flow_context_create(brace_context *ctx, brace_strategy_id self, void **state) {
  (void)ctx;
  flow_state *s = malloc(sizeof *s);
  if (!s) return BRACE_E_NO_MEMORY;
  s->self = self;
  *state = s;
  return BRACE_OK;
}

static void flow_context_destroy(brace_context *ctx, void *state) {
  (void)ctx;
  free(state);
}

static double number(brace_context *ctx, const flow_state *s, brace_node node, uint32_t index) {
  brace_value v;
  if (host->get_property(ctx, s->self, node, index, &v) != BRACE_OK) return 0;
  return v.type == BRACE_VALUE_DOUBLE ? v.number : (double)v.integer;
}

static double round_px(double v, double scale) { return round(v * scale) / scale; }

/* Child `index` of `node` and the size it wants for `proposal`; false for a hidden child,
   which takes no place, and for an index no child holds any more (a measure callback
   reached from here may remove subviews). A child that fails to measure counts as 0 x 0. */
static bool visible_item(brace_context *ctx, brace_node node, size_t index, brace_size proposal,
                         brace_node *child, brace_size *size) {
  bool hidden = false;
  if (host->get_subview(ctx, node, index, child) != BRACE_OK) return false;
  host->get_hidden(ctx, *child, &hidden);
  if (hidden) return false;
  if (host->measure(ctx, *child, proposal, size) != BRACE_OK) *size = (brace_size){0, 0};
  return true;
}

/*
 * Runs the flow over `node`'s children for a content width. With `place` set it also
 * writes the frames, offset by `origin_x`/`origin_y` within a container of `bounds_width`.
 * Returns the size used (widest line, total height).
 */
static brace_size flow(brace_context *ctx, const flow_state *s, brace_node node, double width,
                       double origin_x, double origin_y, double bounds_width, int place) {
  double spacing = number(ctx, s, node, P_SPACING);
  double line_spacing = number(ctx, s, node, P_LINE_SPACING);
  int alignment = (int)number(ctx, s, node, P_ALIGNMENT);
  double scale = host->get_scale(ctx);
  brace_layout_direction direction = BRACE_DIRECTION_LTR;
  host->get_effective_layout_direction(ctx, node, &direction);

  size_t count = 0;
  host->get_subview_count(ctx, node, &count);
  /* Children are offered the line's width (no limit when the flow itself has none). */
  brace_size proposal = {isinf(width) ? BRACE_PROPOSAL_UNBOUNDED : width, BRACE_PROPOSAL_UNBOUNDED};
  brace_size used = {0, 0};
  double y = 0;
  size_t line_start = 0;
  while (line_start < count) {
    /* Gather one line: [line_start, line_end). */
    double line_width = 0, line_height = 0;
    size_t line_end = line_start;
    for (; line_end < count; line_end++) {
      brace_node child;
      brace_size size;
      if (!visible_item(ctx, node, line_end, proposal, &child, &size)) continue;
      double breaks = number(ctx, s, child, P_BREAK_BEFORE);
      double next = line_width > 0 ? line_width + spacing + size.width : size.width;
      if (line_end > line_start && line_width > 0 && (next > width || breaks != 0)) break;
      line_width = next;
      if (size.height > line_height) line_height = size.height;
    }
    if (line_end == line_start) line_end++; /* an item wider than the line gets a line */

    if (place) {
      double room = width - line_width;
      double x = alignment == 1 ? room / 2 : alignment == 2 ? room : 0;
      if (x < 0) x = 0;
      for (size_t k = line_start; k < line_end; k++) {
        brace_node child;
        brace_size size;
        if (!visible_item(ctx, node, k, proposal, &child, &size)) continue;
        double left = origin_x + x;
        if (direction == BRACE_DIRECTION_RTL) left = bounds_width - left - size.width;
        double x0 = round_px(left, scale), y0 = round_px(origin_y + y, scale);
        brace_rect frame = {x0, y0, round_px(left + size.width, scale) - x0,
                            round_px(origin_y + y + size.height, scale) - y0};
        host->set_frame(ctx, child, frame);
        x += size.width + spacing;
      }
    }
    if (line_width > used.width) used.width = line_width;
    y += line_height + line_spacing;
    line_start = line_end;
  }
  used.height = y > 0 ? y - line_spacing : 0;
  return used;
}

static void flow_arrange(brace_context *ctx, void *state, brace_node node, void *node_data) {
  (void)node_data;
  const flow_state *s = state;
  brace_rect bounds;
  if (host->get_bounds(ctx, node, &bounds) != BRACE_OK) return;
  double padding = number(ctx, s, node, P_PADDING);
  double width = bounds.width - 2 * padding;
  flow(ctx, s, node, width < 0 ? 0 : width, padding, padding, bounds.width, 1);
}

static brace_status flow_measure(brace_context *ctx, void *state, brace_node node, void *node_data,
                                 brace_size proposal, brace_size *out) {
  (void)node_data;
  const flow_state *s = state;
  double padding = number(ctx, s, node, P_PADDING);
  double width = proposal.width == BRACE_PROPOSAL_UNBOUNDED ? INFINITY : proposal.width - 2 * padding;
  brace_size used = flow(ctx, s, node, width < 0 ? 0 : width, 0, 0, 0, 0);
  out->width = used.width + 2 * padding;
  out->height = used.height + 2 * padding;
  return BRACE_OK;
}

static const brace_strategy_desc descriptor = {
    .struct_size = sizeof(brace_strategy_desc),
    .abi_major = BRACE_PLUGIN_ABI_MAJOR,
    .abi_minor = BRACE_PLUGIN_ABI_MINOR,
    .name = "flow",
    .role = BRACE_ROLE_CONTAINER,
    .properties = properties,
    .property_count = P_COUNT,
    .property_desc_size = sizeof(brace_property_desc),
    .context_create = flow_context_create,
    .context_destroy = flow_context_destroy,
    .measure = flow_measure,
    .arrange = flow_arrange,
    /* Hidden items take no place, so hiding or showing one must relayout the flow. */
    .flags = BRACE_STRATEGY_DEPENDS_ON_HIDDEN,
};

BRACE_PLUGIN_DEFINE_ENTRY(h) {
  /* Refuse a host of another major version, or one whose table is too short. */
  if (h->abi_major != BRACE_PLUGIN_ABI_MAJOR || h->struct_size < sizeof(brace_host_api)) return NULL;
  host = h;
  return &descriptor;
}
