/*
 * hostcheck.c — a container strategy for tests/test_plugin_host.c: a measure hook that
 * fails or answers a bad size on demand, an arrange hook that calls the host table with
 * wrong arguments and reports each status, and a CHILD property, so the test can check
 * what the host does with a plugin's failures, its reports and its property values.
 * Its properties:
 *   "measure_status" (CONTAINER int): the status its measure hook returns (0: BRACE_OK);
 *   "measure_size" (CONTAINER double): the width and height it answers when it succeeds;
 *   "audit" (CONTAINER bool): arrange calls the host with wrong arguments and reports
 *     "NAME=STATUS" for each call (host->report, one report per call);
 *   "log" (CONTAINER bool): arrange reports "arranged" at every call;
 *   "tag" (CHILD int): read by nobody, a value to keep or lose.
 * It links libbrace for brace_status_name and for a user's constraint to refuse. Its
 * state is the test plugins' (Tests/plugins/strategy_state.h).
 */
#include <brace/brace.h>
#include <brace/brace_plugin.h>

#include <stdio.h>

#include "../../plugins/strategy_state.h"

enum { P_MEASURE_STATUS, P_MEASURE_SIZE, P_AUDIT, P_LOG, P_TAG, P_COUNT };

static const brace_property_desc properties[P_COUNT] = {
    {"measure_status", BRACE_VALUE_INT, BRACE_SCOPE_CONTAINER, {BRACE_VALUE_INT, 0, 0}, 0, 100, NULL, 0,
     "the status the measure hook returns"},
    {"measure_size", BRACE_VALUE_DOUBLE, BRACE_SCOPE_CONTAINER, {BRACE_VALUE_DOUBLE, 0, 10}, -1000, 1000, NULL, 0,
     "the width and height the measure hook answers"},
    {"audit", BRACE_VALUE_BOOL, BRACE_SCOPE_CONTAINER, {BRACE_VALUE_BOOL, 0, 0}, 0, 1, NULL, 0,
     "arrange calls the host with wrong arguments and reports the statuses"},
    {"log", BRACE_VALUE_BOOL, BRACE_SCOPE_CONTAINER, {BRACE_VALUE_BOOL, 0, 0}, 0, 1, NULL, 0,
     "arrange reports \"arranged\" at every call"},
    {"tag", BRACE_VALUE_INT, BRACE_SCOPE_CHILD, {BRACE_VALUE_INT, 0, 0}, 0, 1000, NULL, 0, "a value of the child"},
};

static const brace_host_api *host;

static brace_value property(brace_context *ctx, const strategy_state *s, brace_node node, uint32_t index) {
  brace_value v = {BRACE_VALUE_INT, 0, 0};
  host->get_property(ctx, s->self, node, index, &v);
  return v;
}

static brace_status measure(brace_context *ctx, void *state, brace_node node, void *data, brace_size proposal,
                            brace_size *out) {
  (void)data;
  (void)proposal;
  const strategy_state *s = state;
  brace_value status = property(ctx, s, node, P_MEASURE_STATUS);
  if (status.integer != 0) return (brace_status)status.integer;
  double size = property(ctx, s, node, P_MEASURE_SIZE).number;
  *out = (brace_size){size, size};
  return BRACE_OK;
}

static void report(brace_context *ctx, const strategy_state *s, brace_node node, const char *call,
                   brace_status status) {
  char text[128];
  snprintf(text, sizeof text, "%s=%s", call, brace_status_name(status));
  host->report(ctx, s->self, text, &node, 1);
}

/* Each call is wrong in one way its documentation names. The node's first subview, when
   it has one, is measured with a valid proposal: its own strategy decides. */
static void audit(brace_context *ctx, const strategy_state *s, brace_node node) {
  brace_value v;
  brace_size size;
  brace_subview_info info[1];
  size_t count = 0;
  double baseline = 0;
  brace_rect frame;
  brace_node first = 0;
  report(ctx, s, node, "get_property.index", host->get_property(ctx, s->self, node, P_COUNT, &v));
  report(ctx, s, node, "get_property.self", host->get_property(ctx, 999, node, 0, &v));
  report(ctx, s, node, "measure.proposal", host->measure(ctx, node, (brace_size){-2, 10}, &size));
  if (host->get_subview(ctx, node, 0, &first) == BRACE_OK)
    report(ctx, s, node, "measure.subview", host->measure(ctx, first, (brace_size){100, 100}, &size));
  report(ctx, s, node, "get_subviews.container_property",
         host->get_subviews(ctx, s->self, node, P_AUDIT, info, sizeof info[0], 1, &count));
  report(ctx, s, node, "get_subviews.index",
         host->get_subviews(ctx, s->self, node, P_COUNT, info, sizeof info[0], 1, &count));
  report(ctx, s, node, "get_subviews.info_size", host->get_subviews(ctx, s->self, node, UINT32_MAX, info, 8, 1, &count));
  /* A plugin built against 1.0 to 1.2 passes the entry's size before 1.3's `measures`. */
  report(ctx, s, node, "get_subviews.info_size_1_2",
         host->get_subviews(ctx, s->self, node, UINT32_MAX, info, offsetof(brace_subview_info, measures), 1, &count));
  report(ctx, s, node, "get_subviews.out",
         host->get_subviews(ctx, s->self, node, UINT32_MAX, NULL, sizeof info[0], 1, &count));
  brace_term term = {node, BRACE_ATTR_WIDTH, 1};
  brace_constraint c = 0;
  report(ctx, s, node, "add_constraint.count",
         host->add_constraint(ctx, s->self, node, &term, 0, BRACE_RELATION_EQUAL, 10, 1000, NULL, &c));
  report(ctx, s, node, "add_constraint.self",
         host->add_constraint(ctx, 999, node, &term, 1, BRACE_RELATION_EQUAL, 10, 1000, NULL, &c));
  brace_constraint user = 0;
  if (brace_constraint_create(ctx, node, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 0, 10, &user) ==
      BRACE_OK) {
    report(ctx, s, node, "remove_constraint.owner", host->remove_constraint(ctx, s->self, user));
    report(ctx, s, node, "set_constraint_constant.owner", host->set_constraint_constant(ctx, s->self, user, 5));
    brace_constraint_destroy(ctx, user);
  }
  report(ctx, s, node, "get_baseline.size", host->get_baseline(ctx, node, (brace_size){-1, 10}, false, &baseline));
  report(ctx, s, node, "get_frame.handle", host->get_frame(ctx, 0, &frame));
}

static void arrange(brace_context *ctx, void *state, brace_node node, void *data) {
  (void)data;
  const strategy_state *s = state;
  if (property(ctx, s, node, P_AUDIT).integer) audit(ctx, s, node);
  if (property(ctx, s, node, P_LOG).integer) host->report(ctx, s->self, "arranged", &node, 1);
}

static const brace_strategy_desc descriptor = {
    .struct_size = sizeof(brace_strategy_desc),
    .abi_major = BRACE_PLUGIN_ABI_MAJOR,
    .abi_minor = BRACE_PLUGIN_ABI_MINOR,
    .name = "hostcheck",
    .role = BRACE_ROLE_CONTAINER,
    .properties = properties,
    .property_count = P_COUNT,
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
