/*
 * census.c — a container strategy for tests/test_context_reset.c that counts its hooks:
 * context_create and context_destroy in the process (static counters), and attach and
 * detach in its per-context state. Each attach and detach reports
 * "attach|detach attached=A creates=C destroys=D" through host->report, so the test reads
 * from its diagnostics callback whether a hook ran, and which. arrange does nothing.
 */
#include <brace/brace.h>
#include <brace/brace_plugin.h>

#include <stdio.h>
#include <stdlib.h>

typedef struct census_state {
  brace_strategy_id self;
  int attached;
} census_state;

static const brace_host_api *host;
static int creates, destroys;

static void say(brace_context *ctx, census_state *s, brace_node node, const char *what) {
  char text[96];
  snprintf(text, sizeof text, "%s attached=%d creates=%d destroys=%d", what, s->attached, creates, destroys);
  host->report(ctx, s->self, text, &node, 1);
}

static brace_status create(brace_context *ctx, brace_strategy_id self, void **state) {
  (void)ctx;
  census_state *s = calloc(1, sizeof *s);
  if (!s) return BRACE_E_NO_MEMORY;
  s->self = self;
  *state = s;
  creates++;
  return BRACE_OK;
}

static void destroy(brace_context *ctx, void *state) {
  (void)ctx;
  free(state);
  destroys++;
}

static brace_status attach(brace_context *ctx, void *state, brace_node node, void **node_data) {
  census_state *s = state;
  *node_data = NULL;
  s->attached++;
  say(ctx, s, node, "attach");
  return BRACE_OK;
}

static void detach(brace_context *ctx, void *state, brace_node node, void *node_data) {
  (void)node_data;
  census_state *s = state;
  s->attached--;
  say(ctx, s, node, "detach");
}

static void arrange(brace_context *ctx, void *state, brace_node node, void *data) {
  (void)ctx;
  (void)state;
  (void)node;
  (void)data;
}

static const brace_strategy_desc descriptor = {
    .struct_size = sizeof(brace_strategy_desc),
    .abi_major = BRACE_PLUGIN_ABI_MAJOR,
    .abi_minor = BRACE_PLUGIN_ABI_MINOR,
    .name = "census",
    .role = BRACE_ROLE_CONTAINER,
    .context_create = create,
    .context_destroy = destroy,
    .attach = attach,
    .detach = detach,
    .arrange = arrange,
};

BRACE_PLUGIN_DEFINE_ENTRY(h) {
  if (h->abi_major != BRACE_PLUGIN_ABI_MAJOR || h->struct_size < sizeof(brace_host_api)) return NULL;
  host = h;
  return &descriptor;
}
