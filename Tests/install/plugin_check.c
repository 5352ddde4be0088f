/*
 * plugin_check.c — loads a plugin built outside the tree the way its documentation says
 * (the scripts of Tests/install build it) and checks that it lays out: `plugin_check FILE NAME`
 * registers FILE with brace_context_load_plugin in one context, then, in a second one,
 * finds strategy NAME by name on BRACE_PLUGIN_PATH (FILE's directory, which the caller
 * puts there). NAME is "column" (docs/plugins.md's Swift example) or "flow"
 * (examples/plugins/flow.c as README.md builds it).
 */
#include "../c/check.h"

#include <stdlib.h>

static brace_context *ctx;

static int same(brace_node n, double x, double y, double w, double h) {
  brace_rect r = {0, 0, 0, 0};
  OK(brace_node_get_frame(ctx, n, &r));
  return r.x == x && r.y == y && r.width == w && r.height == h;
}

/* A 100 x 200 container of strategy `name` holding three subviews of intrinsic sizes
   40x20, 60x30 and 30x10, with its "spacing" property at 5. */
static void lay_out(const char *name, brace_node kids[3]) {
  static const brace_size sizes[3] = {{40, 20}, {60, 30}, {30, 10}};
  brace_node box;
  OK(brace_node_create(ctx, &box));
  OK(brace_node_set_frame(ctx, box, (brace_rect){0, 0, 100, 200}));
  OK(brace_node_set_layout_strategy(ctx, box, name));
  for (int i = 0; i < 3; i++) {
    OK(brace_node_create(ctx, &kids[i]));
    OK(brace_node_set_intrinsic_content_size(ctx, kids[i], sizes[i]));
    OK(brace_node_add_subview(ctx, box, kids[i]));
  }
  OK(brace_node_set_property_double(ctx, box, "spacing", 5));
  OK(brace_context_run_update_cycle(ctx));
}

static void check_layout(const char *name) {
  brace_node kids[3];
  lay_out(name, kids);
  if (strcmp(name, "column") == 0) {
    /* Top to bottom at their intrinsic sizes, 5 apart: y = 0, 0 + 20 + 5, 25 + 30 + 5. */
    CHECK(same(kids[0], 0, 0, 40, 20));
    CHECK(same(kids[1], 0, 25, 60, 30));
    CHECK(same(kids[2], 0, 60, 30, 10));
  } else {
    /* flow: 40 + 5 + 60 = 105 > 100 wraps before the second; line_spacing 8 (default):
       line 2 at 20 + 8 = 28 holds 60 + 5 + 30 = 95 <= 100. */
    CHECK(same(kids[0], 0, 0, 40, 20));
    CHECK(same(kids[1], 0, 28, 60, 30));
    CHECK(same(kids[2], 65, 28, 30, 10));
  }
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: plugin_check FILE NAME\n");
    return 2;
  }
  const char *file = argv[1], *name = argv[2];

  g_section = "by path";
  ctx = check_new_context("plugin_check");
  if (!ctx) return 1;
  OK(brace_context_load_plugin(ctx, file));
  check_layout(name);
  OK(brace_context_destroy(ctx));

  g_section = "by name on BRACE_PLUGIN_PATH";
  ctx = check_new_context("plugin_check");
  if (!ctx) return 1;
  check_layout(name); /* brace_node_set_layout_strategy loads it by name */
  brace_strategy_info info = {0};
  info.struct_size = sizeof info;
  size_t count = 0;
  OK(brace_context_get_strategy_count(ctx, &count));
  int found = 0;
  for (size_t i = 0; i < count; i++) {
    OK(brace_context_get_strategy(ctx, i, &info));
    if (strcmp(info.name, name) == 0) found = 1;
  }
  CHECK(found);
  OK(brace_context_destroy(ctx));
  return check_summary("plugin_check");
}
