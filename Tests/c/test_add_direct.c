/*
 * test_add_direct.c — brace_constraint_add_on_variables on free variables takes a path
 * of its own (the row handed to the solver's add alone, outside a batch), and must give
 * what brace_constraint_create_linear + brace_constraint_set_priority +
 * brace_constraint_activate give: after every add, the same status (a refused required
 * row: BRACE_E_UNSATISFIABLE, where activate keeps it broken, and this test destroys
 * it) and bit for bit the same values. Random systems whose coefficients mix 0.001 and
 * 1,000 (the pivots of such an add can leave a restricted row negative, which only a
 * batch's end settled: the direct path once skipped that, and its values broke a
 * required row), from a fixed generator so that a failure replays.
 */
#include "check.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

enum { VARS = 10, ADDS = 20, MAX_TERMS = 4, SYSTEMS = 800 };

static brace_context *direct, *general;
static brace_variable dv[VARS], gv[VARS];

static brace_context *new_context(brace_variable *vars) {
  brace_context_options o;
  brace_context_options_init(&o);
  o.quiet_diagnostics = true; /* refused and broken required rows are expected */
  brace_context *c = NULL;
  OK_IN(c, brace_context_create(&o, &c));
  for (int i = 0; i < VARS; i++) OK_IN(c, brace_variable_create(c, &vars[i]));
  return c;
}

static uint64_t seed = 0x9E3779B97F4A7C15u;
static double uniform(void) { /* xorshift64*, in [0, 1) */
  seed ^= seed >> 12;
  seed ^= seed << 25;
  seed ^= seed >> 27;
  return (double)((seed * 2685821657736338717u) >> 11) / 9007199254740992.0;
}

/* A coefficient of either size: 0.001...1 or 1...1,000, either sign. */
static double coefficient(void) {
  double m = uniform() < 0.5 ? 0.001 + uniform() : 1 + 999 * uniform();
  return uniform() < 0.5 ? -m : m;
}

/* One add on both contexts; returns 1 when they differ afterwards. */
static int add_both(const int *which, const double *m, size_t n, brace_relation rel, double k, float p) {
  brace_variable vs[MAX_TERMS];
  brace_term ts[MAX_TERMS];
  for (size_t i = 0; i < n; i++) {
    vs[i] = dv[which[i]];
    ts[i] = (brace_term){.item = gv[which[i]], .attribute = BRACE_ATTR_NONE, .coefficient = m[i]};
  }
  brace_constraint a = 0, b = 0;
  brace_status sa = brace_constraint_add_on_variables(direct, vs, m, n, rel, k, p, &a);
  OK_IN(general, brace_constraint_create_linear(general, ts, n, rel, k, &b));
  OK_IN(general, brace_constraint_set_priority(general, b, p));
  OK_IN(general, brace_constraint_activate(general, b));
  bool broken = false;
  OK_IN(general, brace_constraint_is_broken(general, b, &broken));
  if (broken) OK_IN(general, brace_constraint_destroy(general, b));
  int differ = sa != (broken ? BRACE_E_UNSATISFIABLE : BRACE_OK);
  double x[VARS], y[VARS];
  OK_IN(direct, brace_variables_get_values(direct, dv, VARS, x));
  OK_IN(general, brace_variables_get_values(general, gv, VARS, y));
  return differ || memcmp(x, y, sizeof x) != 0;
}

/* The system a review found: its last add left a required row at -74 on the direct path. */
static void test_the_system_found(void) {
  g_section = "the system found";
  direct = new_context(dv);
  general = new_context(gv);
  static const struct {
    int v[MAX_TERMS];
    double m[MAX_TERMS];
    int n, rel;
    double k;
    float p;
  } adds[] = {
      {{4, 6, 5}, {542.368, 0.589, -649.047}, 3, 1, -47.5914, 750},
      {{9}, {-0.108}, 1, 1, 85.99170000000001, 750},
      {{2, 6}, {0.313, -0.517}, 2, 1, 54.07189999999999, 1000},
      {{0}, {320.03700000000003}, 1, -1, 25.7956, 750},
      {{2, 7, 9, 4}, {-0.422, -309.07, 0.372, 0.786}, 4, 0, 11.072600000000001, 750},
      {{0}, {-702.885}, 1, 1, 33.250800000000005, 1},
      {{7, 5, 5, 4}, {808.567, -0.647, -684.9390000000001, 0.102}, 4, 1, 97.5893, 750},
      {{7, 8, 4}, {-0.063, 0.047, -0.789}, 3, 1, -27.269900000000003, 1000},
      {{9, 1}, {95.712, 588.23}, 2, 0, -6.712400000000001, 1000},
      {{5, 7, 9}, {239.28, -201.394, -0.396}, 3, 1, -58.8216, 500},
      {{6, 0, 2, 6}, {-0.371, -0.146, -741.768, 0.512}, 4, 0, -52.7274, 1},
      {{9, 6}, {139.58, 0.773}, 2, -1, 95.82929999999999, 1000},
      {{9}, {0.172}, 1, -1, -51.8781, 1000},
      {{1, 5, 5}, {-704.8789999999999, 0.478, -0.186}, 3, 1, 83.8955, 1000},
      {{5, 4}, {0.143, -0.176}, 2, 0, 52.732, 500},
      {{3}, {-0.183}, 1, 0, -36.3347, 500},
      {{6, 7}, {-0.89, 64.805}, 2, 1, 34.3337, 250},
      {{9, 2}, {0.174, 614.152}, 2, -1, -93.8268, 1000},
      {{5}, {0.292}, 1, -1, 82.05980000000001, 750},
      {{8, 9, 9, 7}, {131.604, 202.39100000000002, -0.74, -0.772}, 4, -1, -1.8051000000000001, 500},
      {{2, 1, 0}, {798.5970000000001, 0.212, 0.777}, 3, 1, 53.4988, 1000},
  };
  int differ = 0;
  for (size_t i = 0; i < sizeof adds / sizeof adds[0]; i++)
    differ += add_both(adds[i].v, adds[i].m, (size_t)adds[i].n, (brace_relation)adds[i].rel, adds[i].k, adds[i].p);
  CHECK_EQ(differ, 0);
  brace_context_destroy(direct);
  brace_context_destroy(general);
}

static void test_random_systems(void) {
  g_section = "random systems";
  static const float priorities[] = {BRACE_PRIORITY_REQUIRED, BRACE_PRIORITY_REQUIRED, 750, 500, 250, 1};
  int systems_differ = 0;
  for (int s = 0; s < SYSTEMS; s++) {
    direct = new_context(dv);
    general = new_context(gv);
    int differ = 0;
    for (int a = 0; a < ADDS; a++) {
      int which[MAX_TERMS];
      double m[MAX_TERMS];
      size_t n = 1 + (size_t)(uniform() * MAX_TERMS);
      brace_relation rel = (brace_relation)((int)(uniform() * 3) - 1);
      double k = 200 * uniform() - 100;
      for (size_t i = 0; i < n; i++) {
        which[i] = (int)(uniform() * VARS);
        m[i] = coefficient();
      }
      differ += add_both(which, m, n, rel, k, priorities[(int)(uniform() * 6)]);
    }
    systems_differ += differ != 0;
    brace_context_destroy(direct);
    brace_context_destroy(general);
  }
  CHECK_EQ(systems_differ, 0);
}

int main(void) {
  check_watchdog("test_add_direct: WATCHDOG: a call did not return (hang)\n", 600);
  if (!check_can_create_context("test_add_direct")) return 1;
  test_the_system_found();
  test_random_systems();
  return check_summary("test_add_direct");
}
