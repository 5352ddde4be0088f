/*
 * test_add_weighted.c — brace_constraint_add_on_variables_weighted (0.11): a constraint
 * created with its weight, the solver weighing the row before it optimizes (plugin ABI
 * 1.6's add_weighted). The weight decides where it should; the results are those of
 * brace_constraint_add_on_variables + brace_constraint_set_weight (kiwi's workload bit
 * for bit, random systems at the same optimum); an inactive constraint weighted and then
 * activated goes the same way; every error changes nothing; solvers of plugin ABI 1.5
 * (add + set_weight) and 1.3 (no weights) through Tests/c/plugins/simplex_abi1?.c.
 */
#include "check.h"

#include <math.h>
#include <stdint.h>

static brace_context *ctx;

static double value(brace_variable v) {
  double d = NAN;
  OK(brace_variable_get_value(ctx, v, &d));
  return d;
}

static brace_variable variable(void) {
  brace_variable v = 0;
  OK(brace_variable_create(ctx, &v));
  return v;
}

static brace_constraint weighted(brace_variable *vs, const double *cs, size_t n, brace_relation rel, double k,
                                 float p, double w) {
  brace_constraint c = 0;
  OK(brace_constraint_add_on_variables_weighted(ctx, vs, cs, n, rel, k, p, w, &c));
  CHECK(c != 0);
  return c;
}

static double weight_of(brace_constraint c) {
  double w = 0;
  OK(brace_constraint_get_weight(ctx, c, &w));
  return w;
}

/*
 * Two optional equalities at one priority: x == 0 at weight 3 and x == 10 at weight 1.
 * For x in 0...10 the level costs 3x + (10 - x) = 10 + 2x (outside, more): least at
 * x = 0. Swapped, x + 3(10 - x) = 30 - 2x: least at x = 10. With a required x <= 4
 * added (at weight 7, kept without effect), x stays in 0...4: 10 + 2x is still least
 * at 0, and 30 - 2x is least at the bound, 4.
 */
static void test_the_weight_decides(void) {
  g_section = "the weight decides";
  const double one[1] = {1};
  for (int swap = 0; swap < 2; swap++) {
    brace_variable x = variable();
    brace_constraint a = weighted(&x, one, 1, BRACE_RELATION_EQUAL, 0, 500, swap ? 1 : 3);
    brace_constraint b = weighted(&x, one, 1, BRACE_RELATION_EQUAL, 10, 500, swap ? 3 : 1);
    CHECK(value(x) == (swap ? 10.0 : 0.0));
    CHECK(weight_of(a) == (swap ? 1.0 : 3.0));
    CHECK(weight_of(b) == (swap ? 3.0 : 1.0));
    brace_constraint cap = weighted(&x, one, 1, BRACE_RELATION_LESS_EQUAL, 4, BRACE_PRIORITY_REQUIRED, 7);
    CHECK(value(x) == (swap ? 4.0 : 0.0));
    /* A required constraint keeps its weight without effect, as set_weight's. */
    CHECK(weight_of(cap) == 7);
    OK(brace_constraint_destroy(ctx, cap));
    OK(brace_constraint_destroy(ctx, a));
    OK(brace_constraint_destroy(ctx, b));
    OK(brace_variable_destroy(ctx, x));
  }
  /* kiwisolver's weak strength as brace.kiwi maps it (1 / 1000): x == 5 at weight 1e-3
     against x == 8 at weight 1e-3 * 2 at priority 500: 8 (the heavier one). */
  brace_variable y = variable();
  brace_constraint p = weighted(&y, one, 1, BRACE_RELATION_EQUAL, 5, 500, 1e-3);
  brace_constraint q = weighted(&y, one, 1, BRACE_RELATION_EQUAL, 8, 500, 2e-3);
  CHECK(value(y) == 8);
  OK(brace_constraint_destroy(ctx, p));
  OK(brace_constraint_destroy(ctx, q));
  OK(brace_variable_destroy(ctx, y));
}

/* ---------------------------------------------------------------- the same results */

/* kiwi_bench's addConstraint workload (docs/python-kiwi.md): required x0 >= 0; for each
   i, x[i] == 12 i at 500 weighing 1e-3 and required x[i+1] >= x[i] + 10; weak x[m-1] ==
   12 (m-1). `one_step`: with the weight given at creation; else add + set_weight. The
   solution is x[i] = 12 i (every constraint holds: 12 (i+1) >= 12 i + 10). */
static void kiwi_chain(brace_context *c, size_t m, int one_step, brace_variable *x) {
  const double pos[1] = {1}, diff[2] = {1, -1};
  brace_constraint k = 0;
  for (size_t i = 0; i < m; i++) OK_IN(c, brace_variable_create(c, &x[i]));
  OK_IN(c, brace_constraint_add_on_variables(c, &x[0], pos, 1, BRACE_RELATION_GREATER_EQUAL, 0, 1000, &k));
  for (size_t i = 0; i < m; i++) {
    if (one_step) {
      OK_IN(c, brace_constraint_add_on_variables_weighted(c, &x[i], pos, 1, BRACE_RELATION_EQUAL, 12.0 * (double)i,
                                                          500, 1e-3, &k));
    } else {
      OK_IN(c, brace_constraint_add_on_variables(c, &x[i], pos, 1, BRACE_RELATION_EQUAL, 12.0 * (double)i, 500, &k));
      OK_IN(c, brace_constraint_set_weight(c, k, 1e-3));
    }
    if (i + 1 < m) {
      brace_variable pair[2];
      pair[0] = x[i + 1];
      pair[1] = x[i];
      OK_IN(c, brace_constraint_add_on_variables(c, pair, diff, 2, BRACE_RELATION_GREATER_EQUAL, 10, 1000, &k));
    }
  }
}

static int same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

static void test_kiwi_chain_bit_for_bit(void) {
  g_section = "kiwi's workload, bit for bit";
  static brace_variable x1[500], x2[500];
  static double v1[500], v2[500];
  const size_t sizes[] = {5, 50, 500};
  for (size_t s = 0; s < 3; s++) {
    size_t m = sizes[s];
    brace_context *a = NULL, *b = NULL;
    OK(brace_context_create(NULL, &a));
    OK(brace_context_create(NULL, &b));
    if (!a || !b) return;
    kiwi_chain(a, m, 1, x1);
    kiwi_chain(b, m, 0, x2);
    OK_IN(a, brace_variables_get_values(a, x1, m, v1));
    OK_IN(b, brace_variables_get_values(b, x2, m, v2));
    for (size_t i = 0; i < m; i++) {
      CHECK(v1[i] == 12.0 * (double)i);
      if (!same_bits(v1[i], v2[i])) {
        fprintf(stderr, "    m = %zu, x[%zu]: %a (weighted add) against %a (add + set_weight)\n", m, i, v1[i], v2[i]);
        CHECK(same_bits(v1[i], v2[i]));
      }
    }
    brace_context_destroy(a);
    brace_context_destroy(b);
  }
}

/* A small seeded generator (SplitMix64), so the systems are the same on every run. */
static uint64_t g_seed = 0x5EEDADD0u;
static uint64_t next_random(void) {
  uint64_t z = (g_seed += 0x9E3779B97F4A7C15u);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
  return z ^ (z >> 31);
}
static int pick(int n) { return (int)(next_random() % (uint64_t)n); }

typedef struct row {
  int v[2];
  double coef[2];
  size_t n;
  brace_relation rel;
  double constant;
  float priority;
  double weight;
} row;

/* How far `x` is from `r`, times its weight (the level's cost of it). */
static double weighted_error(const row *r, const double *x) {
  double s = -r->constant;
  for (size_t k = 0; k < r->n; k++) s += r->coef[k] * x[r->v[k]];
  double e = r->rel == BRACE_RELATION_EQUAL ? fabs(s) : r->rel == BRACE_RELATION_LESS_EQUAL ? fmax(0, s) : fmax(0, -s);
  return r->weight * e;
}

/*
 * Random systems over 2 to 4 variables (coefficients from -2...2 and halves, constants
 * -20...20, priorities 1000 / 750 / 500 / 250, weights from 1e-3 to 1e3), each built in
 * two contexts: with the weighted call and with add + set_weight. Every call answers the
 * same status; after each system the values agree bit for bit, or else (where two pivot
 * orders round differently, or where several solutions are optimal and each path keeps
 * another) both are optimal alike: every level's weighted error sum is the same.
 */
static void test_random_systems(void) {
  g_section = "random systems";
  static const float priorities[] = {1000, 750, 500, 250};
  static const double weights[] = {1e-3, 0.25, 0.5, 1, 2, 3, 7, 1e3};
  static const double coefs[] = {-2, -1, -0.5, 0.5, 1, 2};
  static const brace_relation relations[] = {BRACE_RELATION_EQUAL, BRACE_RELATION_LESS_EQUAL,
                                             BRACE_RELATION_GREATER_EQUAL};
  int identical = 0, systems = 300, refused = 0;
  for (int sys = 0; sys < systems; sys++) {
    brace_context *a = NULL, *b = NULL;
    OK(brace_context_create(NULL, &a));
    OK(brace_context_create(NULL, &b));
    if (!a || !b) return;
    int nv = 2 + pick(3);
    brace_variable xa[4], xb[4];
    for (int i = 0; i < nv; i++) {
      OK_IN(a, brace_variable_create(a, &xa[i]));
      OK_IN(b, brace_variable_create(b, &xb[i]));
    }
    row rows[10];
    size_t kept = 0;
    int count = 2 + pick(8);
    for (int k = 0; k < count; k++) {
      row r;
      r.n = 1 + (size_t)pick(2);
      r.v[0] = pick(nv);
      r.v[1] = (r.v[0] + 1 + pick(nv - 1)) % nv;
      r.coef[0] = coefs[pick(6)];
      r.coef[1] = coefs[pick(6)];
      r.rel = relations[pick(3)];
      r.constant = (double)(pick(41) - 20);
      r.priority = priorities[pick(4)];
      r.weight = weights[pick(8)];
      brace_variable va[2] = {xa[r.v[0]], xa[r.v[1]]}, vb[2] = {xb[r.v[0]], xb[r.v[1]]};
      brace_constraint ca = 0, cb = 0;
      brace_status sa = brace_constraint_add_on_variables_weighted(a, va, r.coef, r.n, r.rel, r.constant, r.priority,
                                                                   r.weight, &ca);
      brace_status sb = brace_constraint_add_on_variables(b, vb, r.coef, r.n, r.rel, r.constant, r.priority, &cb);
      if (sb == BRACE_OK) sb = brace_constraint_set_weight(b, cb, r.weight);
      CHECK_EQ(sa, sb);
      if (sa == BRACE_OK) {
        rows[kept++] = r;
      } else {
        CHECK_EQ(sa, BRACE_E_UNSATISFIABLE);
        CHECK(ca == 0);
        refused++;
      }
    }
    double va[4], vb[4];
    OK_IN(a, brace_variables_get_values(a, xa, (size_t)nv, va));
    OK_IN(b, brace_variables_get_values(b, xb, (size_t)nv, vb));
    int same = 1;
    for (int i = 0; i < nv; i++) same = same && same_bits(va[i], vb[i]);
    if (same) {
      identical++;
    } else {
      for (size_t p = 0; p < 4; p++) {
        double ea = 0, eb = 0;
        for (size_t k = 0; k < kept; k++) {
          if (rows[k].priority != priorities[p]) continue;
          ea += weighted_error(&rows[k], va);
          eb += weighted_error(&rows[k], vb);
        }
        if (fabs(ea - eb) > 1e-9 * fmax(1, fabs(eb))) {
          fprintf(stderr, "    system %d, priority %g: %a against %a\n", sys, (double)priorities[p], ea, eb);
          CHECK(fabs(ea - eb) <= 1e-9 * fmax(1, fabs(eb)));
        }
      }
    }
    brace_context_destroy(a);
    brace_context_destroy(b);
  }
  CHECK(refused > 5); /* the generator does reach the unsatisfiable path (14 of these) */
  printf("test_add_weighted: %d of %d random systems bit for bit, the rest at the same optimum\n", identical, systems);
}

/* An inactive constraint given its weight, then activated: its row goes in weighted
   (the core's install path), as the weighted call puts it: the same bits. */
static void test_activation_path(void) {
  g_section = "activation with a weight set before";
  const double one[1] = {1};
  brace_variable x = variable(), y = variable();
  brace_constraint a = weighted(&x, one, 1, BRACE_RELATION_EQUAL, 0, 500, 3);
  weighted(&x, one, 1, BRACE_RELATION_EQUAL, 10, 500, 1);
  brace_term t = {y, BRACE_ATTR_NONE, 1};
  brace_constraint c = 0, d = 0;
  OK(brace_constraint_create_linear(ctx, &t, 1, BRACE_RELATION_EQUAL, 0, &c));
  OK(brace_constraint_set_priority(ctx, c, 500));
  OK(brace_constraint_set_weight(ctx, c, 3));
  OK(brace_constraint_activate(ctx, c));
  OK(brace_constraint_create_linear(ctx, &t, 1, BRACE_RELATION_EQUAL, 10, &d));
  OK(brace_constraint_set_priority(ctx, d, 500));
  OK(brace_constraint_activate(ctx, d));
  /* y as x: 0 (10 + 2y, see "the weight decides"). */
  CHECK(value(y) == 0);
  CHECK(same_bits(value(x), value(y)));
  /* Deactivated, weighed 1/3, activated: y/3 + (10 - y) = 10 - 2y/3 -> 10. */
  OK(brace_constraint_deactivate(ctx, c));
  OK(brace_constraint_set_weight(ctx, c, 1.0 / 3.0));
  OK(brace_constraint_activate(ctx, c));
  CHECK(value(y) == 10);
  CHECK(weight_of(a) == 3);
}

/* ---------------------------------------------------------------- errors */

/* The call is refused with `want`; *out stays 0 and no constraint was made on `v` (a
   variable that a constraint uses cannot be destroyed, so that is checked by the caller
   destroying it at the end). */
#define REFUSED(want, needle, vs, cs, n, rel, k, p, w, outp)                                                \
  do {                                                                                                      \
    brace_constraint out_ = 0;                                                                              \
    ERR(ctx, (want), (needle), brace_constraint_add_on_variables_weighted(ctx, (vs), (cs), (n), (rel), (k), \
                                                                          (p), (w), (outp) ? &out_ : NULL)); \
    CHECK(out_ == 0);                                                                                       \
  } while (0)

static void test_errors(void) {
  g_section = "errors";
  const double one[1] = {1};
  brace_variable v = variable();
  brace_constraint keep = weighted(&v, one, 1, BRACE_RELATION_EQUAL, 7, 500, 2);
  /* set_weight's rule: finite, 1e-3...1e6. */
  const double bad[] = {NAN, INFINITY, -INFINITY, 0, -1, 1e-4, 9.99e-4, 1.5e6, 1e6 * 1.0000001};
  brace_variable w = variable();
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
    REFUSED(BRACE_E_INVALID_ARGUMENT, "1e-3...1e6", &w, one, 1, BRACE_RELATION_EQUAL, 3, 500, bad[k], 1);
    REFUSED(BRACE_E_INVALID_ARGUMENT, "1e-3...1e6", &w, one, 1, BRACE_RELATION_EQUAL, 3, 1000, bad[k], 1);
  }
  /* The ends of the range are weights. */
  OK(brace_constraint_destroy(ctx, weighted(&w, one, 1, BRACE_RELATION_EQUAL, 3, 500, 1e-3)));
  OK(brace_constraint_destroy(ctx, weighted(&w, one, 1, BRACE_RELATION_EQUAL, 3, 500, 1e6)));
  /* add_on_variables' rules, with their messages. */
  const double nan1[1] = {NAN}, big[1] = {2e6};
  REFUSED(BRACE_E_INVALID_ARGUMENT, "out", &w, one, 1, BRACE_RELATION_EQUAL, 3, 500, 2, 0);
  REFUSED(BRACE_E_INVALID_ARGUMENT, "1 to 64 terms", &w, one, 0, BRACE_RELATION_EQUAL, 3, 500, 2, 1);
  REFUSED(BRACE_E_INVALID_ARGUMENT, "1 to 64 terms", &w, one, 65, BRACE_RELATION_EQUAL, 3, 500, 2, 1);
  REFUSED(BRACE_E_INVALID_ARGUMENT, "variables is NULL", NULL, one, 1, BRACE_RELATION_EQUAL, 3, 500, 2, 1);
  REFUSED(BRACE_E_INVALID_ARGUMENT, "coefficients is NULL", &w, NULL, 1, BRACE_RELATION_EQUAL, 3, 500, 2, 1);
  REFUSED(BRACE_E_INVALID_ARGUMENT, "priority", &w, one, 1, BRACE_RELATION_EQUAL, 3, 0, 2, 1);
  REFUSED(BRACE_E_INVALID_ARGUMENT, "priority", &w, one, 1, BRACE_RELATION_EQUAL, 3, 1001, 2, 1);
  REFUSED(BRACE_E_INVALID_ARGUMENT, "priority", &w, one, 1, BRACE_RELATION_EQUAL, 3, NAN, 2, 1);
  REFUSED(BRACE_E_INVALID_ARGUMENT, "constant", &w, one, 1, BRACE_RELATION_EQUAL, NAN, 500, 2, 1);
  REFUSED(BRACE_E_INVALID_ARGUMENT, "constant", &w, one, 1, BRACE_RELATION_EQUAL, 2e9, 500, 2, 1);
  REFUSED(BRACE_E_INVALID_ARGUMENT, "coefficient", &w, nan1, 1, BRACE_RELATION_EQUAL, 3, 500, 2, 1);
  REFUSED(BRACE_E_INVALID_ARGUMENT, "coefficient", &w, big, 1, BRACE_RELATION_EQUAL, 3, 500, 2, 1);
  REFUSED(BRACE_E_INVALID_ARGUMENT, "relation", &w, one, 1, (brace_relation)99, 3, 500, 2, 1);
  brace_variable node_handle = 0;
  {
    brace_node n = 0;
    OK(brace_node_create(ctx, &n));
    node_handle = n;
    REFUSED(BRACE_E_INVALID_ARGUMENT, "not a variable handle", &node_handle, one, 1, BRACE_RELATION_EQUAL, 3, 500, 2, 1);
    OK(brace_node_destroy(ctx, n));
  }
  /* A stale variable, then an unsatisfiable required one: nothing made either. */
  brace_variable gone = variable();
  OK(brace_variable_destroy(ctx, gone));
  REFUSED(BRACE_E_STALE_HANDLE, "", &gone, one, 1, BRACE_RELATION_EQUAL, 3, 500, 2, 1);
  brace_constraint pin = weighted(&w, one, 1, BRACE_RELATION_EQUAL, 1, BRACE_PRIORITY_REQUIRED, 1);
  REFUSED(BRACE_E_UNSATISFIABLE, "conflicts", &w, one, 1, BRACE_RELATION_EQUAL, 2, BRACE_PRIORITY_REQUIRED, 5, 1);
  CHECK(value(w) == 1);
  OK(brace_constraint_destroy(ctx, pin));
  /* A NULL context. */
  brace_constraint out = 0;
  CHECK_EQ(brace_constraint_add_on_variables_weighted(NULL, &w, one, 1, BRACE_RELATION_EQUAL, 3, 500, 2, &out),
           BRACE_E_INVALID_ARGUMENT);
  CHECK(out == 0);
  /* Nothing above made a constraint on w: it can be destroyed. v's one is untouched. */
  OK(brace_variable_destroy(ctx, w));
  CHECK(value(v) == 7);
  CHECK(weight_of(keep) == 2);
}

/* ---------------------------------------------------------------- older solvers */

static brace_context *context_with_solver(const char *name) {
  brace_context *c = NULL;
  OK(brace_context_create(NULL, &c));
  if (!c) return NULL;
  /* Loaded before anything needs a solver: the context's solver is this one. */
  OK_IN(c, brace_context_load_strategy(c, name));
  return c;
}

/* A 1.5 solver has weights but no add_weighted: the host adds, then sets the weight,
   to the same results ("the weight decides" and kiwi's workload bit for bit). */
static void test_abi15_solver(void) {
  g_section = "a plugin ABI 1.5 solver";
  brace_context *c = context_with_solver("simplex_abi15"), *ref = NULL;
  OK(brace_context_create(NULL, &ref));
  if (!c || !ref) return;
  size_t n = 0;
  int found = 0;
  OK_IN(c, brace_context_get_strategy_count(c, &n));
  for (size_t i = 0; i < n; i++) {
    brace_strategy_info info;
    memset(&info, 0, sizeof info);
    info.struct_size = sizeof info;
    OK_IN(c, brace_context_get_strategy(c, i, &info));
    if (strcmp(info.name, "simplex_abi15") == 0) found = info.abi_minor == 5;
  }
  CHECK(found);
  const double one[1] = {1};
  brace_variable x = 0;
  brace_constraint k = 0, heavy = 0;
  OK_IN(c, brace_variable_create(c, &x));
  OK_IN(c, brace_constraint_add_on_variables_weighted(c, &x, one, 1, BRACE_RELATION_EQUAL, 0, 500, 1, &k));
  OK_IN(c, brace_constraint_add_on_variables_weighted(c, &x, one, 1, BRACE_RELATION_EQUAL, 10, 500, 3, &heavy));
  double got = NAN, w = 0;
  OK_IN(c, brace_variable_get_value(c, x, &got));
  CHECK(got == 10); /* 30 - 2x, least at 10 */
  OK_IN(c, brace_constraint_get_weight(c, heavy, &w));
  CHECK(w == 3);
  static brace_variable x1[50], x2[50];
  double v1[50], v2[50];
  kiwi_chain(c, 50, 1, x1);
  kiwi_chain(ref, 50, 1, x2);
  OK_IN(c, brace_variables_get_values(c, x1, 50, v1));
  OK_IN(ref, brace_variables_get_values(ref, x2, 50, v2));
  for (size_t i = 0; i < 50; i++) CHECK(same_bits(v1[i], v2[i]) && v1[i] == 12.0 * (double)i);
  brace_context_destroy(c);
  brace_context_destroy(ref);
}

/* A 1.3 solver has no weights: a weight other than 1 is refused as set_weight refuses
   it (BRACE_E_PLUGIN, "no weights"), nothing made; weight 1 is an add. */
static void test_abi13_solver(void) {
  g_section = "a plugin ABI 1.3 solver";
  brace_context *c = context_with_solver("simplex_abi13");
  if (!c) return;
  const double one[1] = {1};
  brace_variable x = 0;
  brace_constraint k = 0;
  OK_IN(c, brace_variable_create(c, &x));
  ERR(c, BRACE_E_PLUGIN, "no weights",
      brace_constraint_add_on_variables_weighted(c, &x, one, 1, BRACE_RELATION_EQUAL, 4, 500, 2, &k));
  CHECK(k == 0);
  ERR(c, BRACE_E_PLUGIN, "no weights",
      brace_constraint_add_on_variables_weighted(c, &x, one, 1, BRACE_RELATION_EQUAL, 4, 1000, 2, &k));
  CHECK(k == 0);
  /* Still refused for a bad weight first, as set_weight checks the number first. */
  ERR(c, BRACE_E_INVALID_ARGUMENT, "1e-3...1e6",
      brace_constraint_add_on_variables_weighted(c, &x, one, 1, BRACE_RELATION_EQUAL, 4, 500, 0, &k));
  OK_IN(c, brace_constraint_add_on_variables_weighted(c, &x, one, 1, BRACE_RELATION_EQUAL, 4, 500, 1, &k));
  double got = NAN;
  OK_IN(c, brace_variable_get_value(c, x, &got));
  CHECK(got == 4);
  OK_IN(c, brace_constraint_destroy(c, k));
  OK_IN(c, brace_variable_destroy(c, x));
  brace_context_destroy(c);
}

int main(void) {
  check_watchdog("test_add_weighted: WATCHDOG: a call did not return (hang)\n", 600);
  if (!check_can_create_context("test_add_weighted")) return 1;
  ctx = check_new_context("test_add_weighted");
  if (!ctx) return 1;
  test_the_weight_decides();
  test_kiwi_chain_bit_for_bit();
  test_activation_path();
  test_errors();
  g_ctx = ctx;
  test_random_systems();
  test_abi15_solver();
  test_abi13_solver();
  brace_context_destroy(ctx);
  return check_summary("test_add_weighted");
}
