/*
 * test_weights.c — brace_constraint_set_weight / _get_weight and
 * brace_context_set_edit_weight (0.9): weights within one priority level, where they
 * and strict levels disagree, changed on active constraints and edits, and bad input.
 */
#include "check.h"

#include <math.h>

static brace_context *ctx;

static double value(brace_variable v) {
  double d = NAN;
  OK(brace_variable_get_value(ctx, v, &d));
  return d;
}

static brace_constraint add(brace_variable *vs, const double *cs, size_t n, brace_relation rel, double k, float p) {
  brace_constraint c = 0;
  OK(brace_constraint_add_on_variables(ctx, vs, cs, n, rel, k, p, &c));
  return c;
}

#define NEAR(a, b) CHECK(fabs((a) - (b)) < 1e-9)

/*
 * The grid cell: x is a thumbnail's width. One constraint at weight 1.25 (cells
 * aligned) wants x == 96; three at weight 1 (size hints) want 64: x == 64, x <= 64, and
 * x == y with y required at 64. Every one is off by 32 in the other solution, so:
 *   x = 64 costs 1.25 * 32 = 40, x = 96 costs 3 * 32 = 96  -> 64 (kiwisolver: 40,000 vs 96,000)
 * while one strict level higher the single constraint wins: x = 96.
 */
static void test_weights_against_levels(void) {
  g_section = "weights against strict levels";
  brace_variable x = 0, y = 0;
  OK(brace_variable_create(ctx, &x));
  OK(brace_variable_create(ctx, &y));
  const double one[2] = {1, -1};
  brace_variable xy[2];
  xy[0] = x;
  xy[1] = y;
  add(&y, one, 1, BRACE_RELATION_EQUAL, 64, BRACE_PRIORITY_REQUIRED);
  brace_constraint b1 = add(&x, one, 1, BRACE_RELATION_EQUAL, 64, 500);
  add(&x, one, 1, BRACE_RELATION_LESS_EQUAL, 64, 500);
  add(xy, one, 2, BRACE_RELATION_EQUAL, 0, 500);
  /* Made inactive with its weight, then activated: the weight goes in with it. */
  brace_constraint a = 0;
  brace_term t = {x, BRACE_ATTR_NONE, 1};
  OK(brace_constraint_create_linear(ctx, &t, 1, BRACE_RELATION_EQUAL, 96, &a));
  OK(brace_constraint_set_priority(ctx, a, 500));
  double w = 0;
  OK(brace_constraint_get_weight(ctx, a, &w));
  CHECK(w == 1);
  OK(brace_constraint_set_weight(ctx, a, 1.25));
  OK(brace_constraint_activate(ctx, a));
  OK(brace_constraint_get_weight(ctx, a, &w));
  CHECK(w == 1.25);
  NEAR(value(x), 64);

  /* Strict: at 501 the one constraint outranks any number of 500s. */
  OK(brace_constraint_set_priority(ctx, a, 501));
  NEAR(value(x), 96);
  OK(brace_constraint_set_priority(ctx, a, 500));
  NEAR(value(x), 64);

  /* Weight changes on the active constraint: 3.5 * 32 = 112 > 96 -> 96; 2.5 * 32 = 80 < 96 -> 64. */
  OK(brace_constraint_set_weight(ctx, a, 3.5));
  NEAR(value(x), 96);
  OK(brace_constraint_set_weight(ctx, a, 2.5));
  NEAR(value(x), 64);
  /* Lighter hints: (0.25 + 1 + 1) * 32 = 72 < 80 -> 96. */
  OK(brace_constraint_set_weight(ctx, b1, 0.25));
  NEAR(value(x), 96);
  /* Deactivated and activated again, the weights stay: still 96. */
  OK(brace_constraint_deactivate(ctx, a));
  NEAR(value(x), 64);
  OK(brace_constraint_activate(ctx, a));
  NEAR(value(x), 96);
  /* a moved to 80: between 64 and 80 it costs 2.5 per point, the hints (0.25 + 1 + 1)
     = 2.25 per point -> 80; at weight 2 (< 2.25) -> 64. */
  OK(brace_constraint_set_constant(ctx, a, 80));
  NEAR(value(x), 80);
  OK(brace_constraint_set_weight(ctx, a, 2));
  NEAR(value(x), 64);
  OK(brace_constraint_destroy(ctx, a));
  NEAR(value(x), 64);
}

/* A required constraint keeps its weight without effect; edits have weights too. */
static void test_required_and_edits(void) {
  g_section = "required constraints and edits";
  brace_variable z = 0;
  OK(brace_variable_create(ctx, &z));
  const double one[1] = {1};
  brace_constraint pin = add(&z, one, 1, BRACE_RELATION_GREATER_EQUAL, 0, BRACE_PRIORITY_REQUIRED);
  OK(brace_constraint_set_weight(ctx, pin, 5));
  double w = 0;
  OK(brace_constraint_get_weight(ctx, pin, &w));
  CHECK(w == 5);
  /* z == 10 at weight 2 against an edit at weight 1, both at 500: 2 * 10 > 1 * 10 -> 10. */
  brace_constraint ten = add(&z, one, 1, BRACE_RELATION_EQUAL, 10, 500);
  OK(brace_constraint_set_weight(ctx, ten, 2));
  OK(brace_context_add_edit(ctx, z, BRACE_ATTR_NONE, 500));
  OK(brace_context_suggest_value(ctx, z, BRACE_ATTR_NONE, 20));
  NEAR(value(z), 10);
  /* The edit at weight 3: 3 * 10 > 2 * 10 -> 20. */
  OK(brace_context_set_edit_weight(ctx, z, BRACE_ATTR_NONE, 3));
  NEAR(value(z), 20);
  OK(brace_context_suggest_value(ctx, z, BRACE_ATTR_NONE, 30));
  NEAR(value(z), 30);
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "weight", brace_context_set_edit_weight(ctx, z, BRACE_ATTR_NONE, 0));
  NEAR(value(z), 30);
  OK(brace_context_remove_edit(ctx, z, BRACE_ATTR_NONE));
  NEAR(value(z), 10);
  ERR(ctx, BRACE_E_INVALID_STATE, "no edit", brace_context_set_edit_weight(ctx, z, BRACE_ATTR_NONE, 2));
  /* A new edit starts at weight 1: 1 * 10 < 2 * 10 -> 10. */
  OK(brace_context_add_edit(ctx, z, BRACE_ATTR_NONE, 500));
  OK(brace_context_suggest_value(ctx, z, BRACE_ATTR_NONE, 20));
  NEAR(value(z), 10);
  OK(brace_context_remove_edit(ctx, z, BRACE_ATTR_NONE));
}

/* Refused: not finite, <= 0, outside 1e-3...1e6; nothing changes. */
static void test_bad_input(void) {
  g_section = "bad weights";
  brace_variable v = 0;
  OK(brace_variable_create(ctx, &v));
  const double one[1] = {1};
  brace_constraint c = add(&v, one, 1, BRACE_RELATION_EQUAL, 7, 250);
  OK(brace_constraint_set_weight(ctx, c, 4));
  const double bad[] = {NAN, INFINITY, -INFINITY, 0, -1, 1e-4, 1.5e6};
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
    ERR(ctx, BRACE_E_INVALID_ARGUMENT, "1e-3...1e6", brace_constraint_set_weight(ctx, c, bad[k]));
    double w = 0;
    OK(brace_constraint_get_weight(ctx, c, &w));
    CHECK(w == 4);
  }
  OK(brace_constraint_set_weight(ctx, c, 1e-3));
  OK(brace_constraint_set_weight(ctx, c, 1e6));
  NEAR(value(v), 7);
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "out", brace_constraint_get_weight(ctx, c, NULL));
  OK(brace_constraint_destroy(ctx, c));
  ERR(ctx, BRACE_E_STALE_HANDLE, "", brace_constraint_set_weight(ctx, c, 2));
  ERR(ctx, BRACE_E_INVALID_HANDLE, "", brace_constraint_set_weight(ctx, 0, 2));
  double w = 0;
  ERR(ctx, BRACE_E_STALE_HANDLE, "", brace_constraint_get_weight(ctx, c, &w));
}

int main(void) {
  check_watchdog("test_weights: WATCHDOG: a call did not return (hang)\n", 600);
  if (!check_can_create_context("test_weights")) return 1;
  ctx = check_new_context("test_weights");
  if (!ctx) return 1;
  test_weights_against_levels();
  test_required_and_edits();
  test_bad_input();
  brace_context_destroy(ctx);
  return check_summary("test_weights");
}
