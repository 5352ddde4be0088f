/*
 * pin.c — a test strategy, "pin", that arranges with constraints instead of frames, as
 * UIStackView does: in its update_constraints hook it pins every subview's edges to the
 * container's layout margins, inset by its "inset" property, with constraints it owns
 * (host->add_constraint). A changed inset is the cheap path (set_constraint_constant);
 * changed subviews rebuild the set. The host removes the constraints on detach.
 *
 * Built with -DPIN_ABI_1_0 it is a plugin of the first plugin ABI, 1.0: it states minor
 * version 0, has the 1.0 descriptor's size (everything before the 1.1 baseline hook)
 * and asks the host for no more than the 1.0 host table, as a plugin compiled against
 * the 1.0 header does.
 *
 * Built with -DPIN_ABI_1_1 it is a plugin of plugin ABI 1.1: minor version 1, the 1.1
 * descriptor's size (everything before the 1.2 size_changed hook), the 1.1 host table.
 * Its static descriptor still holds a size_changed hook past that size, standing for
 * whatever bytes follow a real 1.1 descriptor: the host must never call it (it reports
 * "size_changed on a 1.1 descriptor" if it does).
 *
 * Built with -DPIN_SIZE_HOOK it has a 1.2 size_changed hook that reports each call
 * ("size_changed OW x OH -> W x H", with the node) and then reads each subview's
 * intrinsic size through the host, which runs the subview's intrinsic_content_size
 * callback: a test's callback calls back into the API from inside the hook.
 */
#include <brace/brace_plugin.h>

#include <stdio.h>
#include <stdlib.h>

#include "strategy_state.h"

static const brace_property_desc properties[] = {
    {"inset", BRACE_VALUE_DOUBLE, BRACE_SCOPE_CONTAINER, {BRACE_VALUE_DOUBLE, 0, 0.0}, 0, 1000, NULL, 0,
     "extra inset inside the layout margins"},
};

static const brace_host_api *host;

typedef struct pinned {
  brace_constraint *constraints; /* 4 per subview: leading, trailing, top, bottom */
  size_t count;
  brace_node *subviews;
  size_t subview_count;
  double inset;
} pinned;

static brace_status attach(brace_context *ctx, void *state, brace_node node, void **node_data) {
  (void)ctx;
  (void)state;
  (void)node;
  *node_data = calloc(1, sizeof(pinned));
  return *node_data ? BRACE_OK : BRACE_E_NO_MEMORY;
}

static void forget(pinned *p) {
  free(p->constraints);
  free(p->subviews);
  p->constraints = NULL;
  p->subviews = NULL;
  p->count = p->subview_count = 0;
}

static void detach(brace_context *ctx, void *state, brace_node node, void *node_data) {
  (void)ctx;
  (void)state;
  (void)node;
  forget(node_data);
  free(node_data);
}

static int same_subviews(brace_context *ctx, brace_node node, const pinned *p, size_t count) {
  if (count != p->subview_count) return 0;
  for (size_t k = 0; k < count; k++) {
    brace_node child;
    if (host->get_subview(ctx, node, k, &child) != BRACE_OK || child != p->subviews[k]) return 0;
  }
  return 1;
}

static void update_constraints(brace_context *ctx, void *state, brace_node node, void *node_data) {
  strategy_state *s = state;
  pinned *p = node_data;
  brace_value v;
  double inset = host->get_property(ctx, s->self, node, 0, &v) == BRACE_OK ? v.number : 0;
  size_t count = 0;
  host->get_subview_count(ctx, node, &count);
  static const brace_attribute edges[4][2] = {
      {BRACE_ATTR_LEADING, BRACE_ATTR_LEADING_MARGIN}, {BRACE_ATTR_TRAILING, BRACE_ATTR_TRAILING_MARGIN},
      {BRACE_ATTR_TOP, BRACE_ATTR_TOP_MARGIN}, {BRACE_ATTR_BOTTOM, BRACE_ATTR_BOTTOM_MARGIN}};
  static const double sign[4] = {1, -1, 1, -1};
  static const char *const names[4] = {"pin-leading", "pin-trailing", "pin-top", "pin-bottom"};
  if (same_subviews(ctx, node, p, count)) {
    if (inset != p->inset) {
      for (size_t k = 0; k < p->count; k++)
        host->set_constraint_constant(ctx, s->self, p->constraints[k], sign[k % 4] * inset);
      p->inset = inset;
    }
    return;
  }
  for (size_t k = 0; k < p->count; k++) host->remove_constraint(ctx, s->self, p->constraints[k]);
  forget(p);
  if (count == 0) return;
  p->constraints = calloc(4 * count, sizeof *p->constraints);
  p->subviews = calloc(count, sizeof *p->subviews);
  if (!p->constraints || !p->subviews) {
    forget(p);
    return;
  }
  for (size_t k = 0; k < count; k++) {
    brace_node child;
    host->get_subview(ctx, node, k, &child);
    p->subviews[k] = child;
    host->set_translates_autoresizing_mask(ctx, child, false);
    for (int e = 0; e < 4; e++) {
      brace_term terms[2] = {{child, edges[e][0], 1}, {node, edges[e][1], -1}};
      brace_constraint c = 0;
      if (host->add_constraint(ctx, s->self, node, terms, 2, BRACE_RELATION_EQUAL, sign[e] * inset, 1000, names[e], &c) == BRACE_OK)
        p->constraints[p->count++] = c;
    }
  }
  p->subview_count = count;
  p->inset = inset;
}

#if defined(PIN_ABI_1_1) || defined(PIN_SIZE_HOOK)
static void size_changed(brace_context *ctx, void *state, brace_node node, void *node_data, brace_size old_size) {
  strategy_state *s = state;
  (void)node_data;
#ifdef PIN_ABI_1_1
  (void)old_size;
  host->report(ctx, s->self, "size_changed on a 1.1 descriptor", &node, 1);
#else
  brace_rect b = {0, 0, 0, 0};
  host->get_bounds(ctx, node, &b);
  char text[128];
  snprintf(text, sizeof text, "size_changed %g x %g -> %g x %g", old_size.width, old_size.height, b.width, b.height);
  host->report(ctx, s->self, text, &node, 1);
  size_t count = 0;
  host->get_subview_count(ctx, node, &count);
  for (size_t k = 0; k < count; k++) {
    brace_node child;
    brace_size size;
    if (host->get_subview(ctx, node, k, &child) == BRACE_OK) host->get_intrinsic_content_size(ctx, child, &size);
  }
#endif
}
#endif

#ifdef PIN_ABI_1_0
#include <stddef.h>
#define PIN_DESC_SIZE offsetof(brace_strategy_desc, baseline)
#define PIN_HOST_SIZE offsetof(brace_host_api, get_baseline)
#define PIN_MINOR 0
#elif defined(PIN_ABI_1_1)
#include <stddef.h>
#define PIN_DESC_SIZE offsetof(brace_strategy_desc, size_changed)
#define PIN_HOST_SIZE (offsetof(brace_host_api, get_subviews) + sizeof(void (*)(void)))
#define PIN_MINOR 1
#else
#define PIN_DESC_SIZE sizeof(brace_strategy_desc)
#define PIN_HOST_SIZE sizeof(brace_host_api)
#define PIN_MINOR BRACE_PLUGIN_ABI_MINOR
#endif

static const brace_strategy_desc descriptor = {
    .struct_size = PIN_DESC_SIZE,
    .abi_major = BRACE_PLUGIN_ABI_MAJOR,
    .abi_minor = PIN_MINOR,
    .name = "pin",
    .role = BRACE_ROLE_CONTAINER,
    .properties = properties,
    .property_count = 1,
    .property_desc_size = sizeof(brace_property_desc),
    .context_create = create,
    .context_destroy = destroy,
    .attach = attach,
    .detach = detach,
    .update_constraints = update_constraints,
#if defined(PIN_ABI_1_1) || defined(PIN_SIZE_HOOK)
    .size_changed = size_changed,
#endif
};

BRACE_PLUGIN_DEFINE_ENTRY(h) {
  if (h->abi_major != BRACE_PLUGIN_ABI_MAJOR || h->struct_size < PIN_HOST_SIZE) return NULL;
  host = h;
  return &descriptor;
}
