/*
 * strategy_state.h — the strategy state of the test plugins (pin.c, probe.c and
 * Tests/abi/plugin_1_0.c): create allocates it, zeroed, holding the id the host gave
 * the strategy (what the plugin passes back to host->get_property, report and
 * add_constraint); destroy frees it. `attached` counts the nodes the strategy is
 * attached to, for a plugin that reports it (probe).
 *
 * Include it after the plugin header the plugin is built against (the current one or
 * the frozen 1.0 one): it uses only what 1.0 already had.
 */
#ifndef BRACE_TEST_STRATEGY_STATE_H
#define BRACE_TEST_STRATEGY_STATE_H

#include <stdlib.h>

typedef struct strategy_state {
  brace_strategy_id self;
  int attached;
} strategy_state;

static brace_status create(brace_context *ctx, brace_strategy_id self, void **state) {
  (void)ctx;
  strategy_state *s = calloc(1, sizeof *s);
  if (!s) return BRACE_E_NO_MEMORY;
  s->self = self;
  *state = s;
  return BRACE_OK;
}

static void destroy(brace_context *ctx, void *state) {
  (void)ctx;
  free(state);
}

#endif
