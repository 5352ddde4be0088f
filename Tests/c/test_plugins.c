/*
 * test_plugins.c — plugins and constraint layout from C, against the installed library:
 * the example "flow" plugin (built by `make plugins` with the system compiler) loaded by
 * name from BRACE_PLUGIN_PATH and laying out real children; its properties; a failed
 * load that changes nothing; a small constraint layout with a conflict; and autoresizing
 * applied inside brace_node_set_frame (the installed "frame" strategy's size_changed hook).
 */
#include "check.h"

#include <stdlib.h>

/* The context of every test (also g_ctx, whose last error a failing check prints). */
static brace_context *ctx;

static int same(brace_rect a, double x, double y, double w, double h) {
  return a.x == x && a.y == y && a.width == w && a.height == h;
}

static brace_rect frame(brace_node n) {
  brace_rect r = {0, 0, 0, 0};
  OK(brace_node_get_frame(ctx, n, &r));
  return r;
}

static int diagnostics;
static char last_diagnostic[4096];
static void on_diagnostic(brace_context *c, const brace_diagnostic *d, void *user) {
  (void)c;
  (void)user;
  diagnostics++;
  snprintf(last_diagnostic, sizeof last_diagnostic, "%s", d->message);
}

static void test_flow_by_name(void) {
  brace_node box, kids[4];
  OK(brace_node_create(ctx, &box));
  OK(brace_node_set_frame(ctx, box, (brace_rect){0, 0, 100, 200}));
  OK(brace_node_set_layout_strategy(ctx, box, "flow")); /* loaded from BRACE_PLUGIN_PATH */
  const char *name = NULL;
  OK(brace_node_get_layout_strategy(ctx, box, &name));
  CHECK(name && strcmp(name, "flow") == 0);
  for (int i = 0; i < 4; i++) {
    OK(brace_node_create(ctx, &kids[i]));
    OK(brace_node_set_intrinsic_content_size(ctx, kids[i], (brace_size){40, 20}));
    OK(brace_node_add_subview(ctx, box, kids[i]));
  }
  OK(brace_node_set_property_double(ctx, box, "spacing", 10));
  OK(brace_node_set_property_double(ctx, box, "line_spacing", 5));
  OK(brace_node_set_property_bool(ctx, kids[3], "break_before", true));
  OK(brace_context_run_update_cycle(ctx));
  CHECK(same(frame(kids[0]), 0, 0, 40, 20));
  CHECK(same(frame(kids[1]), 50, 0, 40, 20));
  CHECK(same(frame(kids[2]), 0, 25, 40, 20)); /* 50 + 40 + 10 + 40 > 100: wraps */
  CHECK(same(frame(kids[3]), 0, 50, 40, 20)); /* break_before */

  /* Validation against the declaration. */
  CHECK(brace_node_set_property_double(ctx, box, "spacing", -1) == BRACE_E_INVALID_ARGUMENT);
  CHECK(brace_node_set_property_int(ctx, box, "spacing", 3) == BRACE_E_TYPE_MISMATCH);
  CHECK(brace_node_set_property_double(ctx, box, "nope", 3) == BRACE_E_NOT_FOUND);
  CHECK(brace_node_set_property_enum(ctx, box, "alignment", "center") == BRACE_OK);
  brace_value v;
  OK(brace_node_get_property(ctx, box, "spacing", &v));
  CHECK(v.type == BRACE_VALUE_DOUBLE && v.number == 10);
  OK(brace_node_destroy(ctx, box));
}

static void test_failed_load_changes_nothing(void) {
  size_t before = 0, after = 0;
  OK(brace_context_get_strategy_count(ctx, &before));
  CHECK(brace_context_load_plugin(ctx, "/nonexistent/libbrace_x.so") == BRACE_E_PLUGIN);
  CHECK(strstr(brace_last_error(ctx), "/nonexistent/libbrace_x.so") != NULL);
  CHECK(brace_context_load_strategy(ctx, "no_such_strategy") == BRACE_E_NOT_FOUND);
  OK(brace_context_get_strategy_count(ctx, &after));
  CHECK(before == after);
}

static void test_constraints(void) {
  brace_node window, label, field;
  OK(brace_node_create(ctx, &window));
  OK(brace_node_create(ctx, &label));
  OK(brace_node_create(ctx, &field));
  OK(brace_node_set_frame(ctx, window, (brace_rect){0, 0, 320, 480}));
  OK(brace_node_add_subview(ctx, window, label));
  OK(brace_node_add_subview(ctx, window, field));
  OK(brace_node_set_translates_autoresizing_mask(ctx, label, false));
  OK(brace_node_set_translates_autoresizing_mask(ctx, field, false));
  OK(brace_node_set_intrinsic_content_size(ctx, label, (brace_size){60, 20}));
  OK(brace_node_set_intrinsic_content_size(ctx, field, (brace_size){100, 30}));
  OK(brace_node_set_content_hugging_priority(ctx, label, BRACE_AXIS_HORIZONTAL, 251));
  brace_constraint c[5];
  OK(brace_constraint_create(ctx, label, BRACE_ATTR_LEADING, BRACE_RELATION_EQUAL, window, BRACE_ATTR_LEADING_MARGIN, 1, 0, &c[0]));
  OK(brace_constraint_create(ctx, field, BRACE_ATTR_LEADING, BRACE_RELATION_EQUAL, label, BRACE_ATTR_TRAILING, 1, 8, &c[1]));
  OK(brace_constraint_create(ctx, field, BRACE_ATTR_TRAILING, BRACE_RELATION_EQUAL, window, BRACE_ATTR_TRAILING_MARGIN, 1, 0, &c[2]));
  OK(brace_constraint_create(ctx, label, BRACE_ATTR_TOP, BRACE_RELATION_EQUAL, window, BRACE_ATTR_TOP_MARGIN, 1, 0, &c[3]));
  OK(brace_constraint_create(ctx, field, BRACE_ATTR_CENTER_Y, BRACE_RELATION_EQUAL, label, BRACE_ATTR_CENTER_Y, 1, 0, &c[4]));
  OK(brace_constraint_set_identifier(ctx, c[1], "label-field-gap"));
  {
    const char *own = NULL; /* its own string passed back: copied before the old is freed */
    OK(brace_constraint_get_identifier(ctx, c[1], &own));
    OK(brace_constraint_set_identifier(ctx, c[1], own));
    OK(brace_constraint_get_identifier(ctx, c[1], &own));
    CHECK(own != NULL && strcmp(own, "label-field-gap") == 0);
  }
  OK(brace_constraints_activate(ctx, c, 5));
  OK(brace_context_run_update_cycle(ctx));
  CHECK(same(frame(label), 8, 8, 60, 20));
  CHECK(same(frame(field), 76, 3, 236, 30));

  /* The cheap path: a constant change. */
  OK(brace_constraint_set_constant(ctx, c[1], 20));
  OK(brace_context_run_update_cycle(ctx));
  CHECK(same(frame(field), 88, 3, 224, 30));

  /* A conflicting required constraint is broken, reported, and changes nothing. */
  brace_constraint bad;
  OK(brace_constraint_create(ctx, label, BRACE_ATTR_LEADING, BRACE_RELATION_EQUAL, window, BRACE_ATTR_LEADING, 1, 50, &bad));
  OK(brace_constraint_set_identifier(ctx, bad, "too-far"));
  OK(brace_constraint_set_identifier(ctx, c[0], "label-leading"));
  diagnostics = 0;
  OK(brace_constraint_activate(ctx, bad));
  bool broken = false;
  OK(brace_constraint_is_broken(ctx, bad, &broken));
  CHECK(broken);
  CHECK(diagnostics == 1);
  CHECK(strstr(last_diagnostic, "Unable to simultaneously satisfy constraints") != NULL);
  CHECK(strstr(last_diagnostic, "label-leading") != NULL);
  CHECK(strstr(last_diagnostic, "too-far") != NULL);
  OK(brace_context_run_update_cycle(ctx));
  CHECK(same(frame(field), 88, 3, 224, 30));

  /* Right to left: leading is the right edge. */
  OK(brace_constraint_deactivate(ctx, bad));
  OK(brace_node_set_layout_direction(ctx, window, BRACE_DIRECTION_RTL));
  OK(brace_context_run_update_cycle(ctx));
  CHECK(same(frame(label), 252, 8, 60, 20));
  CHECK(same(frame(field), 8, 3, 224, 30));

  bool ambiguous = true;
  OK(brace_node_has_ambiguous_layout(ctx, field, &ambiguous));
  CHECK(!ambiguous);
  OK(brace_constraint_destroy(ctx, bad));
  OK(brace_node_destroy(ctx, window));
}

static brace_node child_of(brace_node parent, brace_rect r, uint32_t mask) {
  brace_node n = 0;
  OK(brace_node_create(ctx, &n));
  OK(brace_node_set_frame(ctx, n, r));
  OK(brace_node_set_autoresizing_mask(ctx, n, mask));
  if (parent) OK(brace_node_add_subview(ctx, parent, n));
  return n;
}

/* UIKit resizes subviews inside setFrame:, and so does the frame strategy (plugin ABI
   1.2's size_changed hook): frame-based code reads the new frames right after resizing a
   container, before any turn, and the turn moves nothing again. */
static void test_autoresizing_at_once(void) {
  brace_node root = child_of(0, (brace_rect){0, 0, 320, 200}, 0);
  brace_node panel = child_of(root, (brace_rect){0, 0, 320, 100}, BRACE_AUTORESIZE_FLEXIBLE_WIDTH);
  brace_node label = child_of(panel, (brace_rect){10, 10, 300, 20}, BRACE_AUTORESIZE_FLEXIBLE_WIDTH);
  brace_node badge = child_of(panel, (brace_rect){290, 10, 20, 20}, BRACE_AUTORESIZE_FLEXIBLE_LEFT_MARGIN);
  brace_node half = child_of(panel, (brace_rect){160, 40, 80, 40},
                             BRACE_AUTORESIZE_FLEXIBLE_LEFT_MARGIN | BRACE_AUTORESIZE_FLEXIBLE_WIDTH);

  /* No turn has run yet: one call resizes the whole subtree. */
  OK(brace_node_set_frame(ctx, root, (brace_rect){0, 0, 400, 200}));
  CHECK(same(frame(panel), 0, 0, 400, 100));
  CHECK(same(frame(label), 10, 10, 380, 20));
  CHECK(same(frame(badge), 370, 10, 20, 20));
  /* L+W: 160 + 80 * 160 / 240 = 213.33, right edge 320: edges 213 and 320. */
  CHECK(same(frame(half), 213, 40, 107, 40));
  uint32_t pending = 0;
  OK(brace_context_get_pending(ctx, &pending));
  CHECK((pending & BRACE_PHASE_LAYOUT) != 0); /* the layout pass still runs, and moves nothing */
  OK(brace_context_run_update_cycle(ctx));
  CHECK(same(frame(panel), 0, 0, 400, 100));
  CHECK(same(frame(label), 10, 10, 380, 20));
  CHECK(same(frame(badge), 370, 10, 20, 20));
  CHECK(same(frame(half), 213, 40, 107, 40));

  /* Through the bounds too. */
  OK(brace_node_set_bounds(ctx, panel, (brace_rect){0, 0, 320, 100}));
  CHECK(same(frame(label), 10, 10, 300, 20));
  CHECK(same(frame(half), 160, 40, 80, 40));

  /* Two resizes before a turn, each from the size before it (W+R, x 20, w 100 in 300):
     300 -> 400: F = 100 + 180, w = 100 + 100 * 100 / 280 = 135.71 -> right edge 156;
     400 -> 350: from the exact width, w = 135.71 * 330 / 380 = 117.86 -> right edge 138. */
  brace_node box = child_of(0, (brace_rect){0, 0, 300, 100}, 0);
  brace_node item = child_of(box, (brace_rect){20, 0, 100, 40},
                             BRACE_AUTORESIZE_FLEXIBLE_WIDTH | BRACE_AUTORESIZE_FLEXIBLE_RIGHT_MARGIN);
  OK(brace_node_set_frame(ctx, box, (brace_rect){0, 0, 400, 100}));
  CHECK(same(frame(item), 20, 0, 136, 40));
  OK(brace_node_set_frame(ctx, box, (brace_rect){0, 0, 350, 100}));
  CHECK(same(frame(item), 20, 0, 118, 40));
  OK(brace_context_run_update_cycle(ctx));
  CHECK(same(frame(item), 20, 0, 118, 40));

  OK(brace_node_destroy(ctx, box));
  OK(brace_node_destroy(ctx, root));
}

int main(void) {
  ctx = check_new_context("test_plugins");
  if (!ctx) return 1;
  OK(brace_context_set_diagnostic_callback(ctx, on_diagnostic, NULL));
  test_flow_by_name();
  test_failed_load_changes_nothing();
  test_constraints();
  test_autoresizing_at_once();
  OK(brace_context_destroy(ctx));
  return check_summary("test_plugins");
}
