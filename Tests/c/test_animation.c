/*
 * test_animation.c — animated layout changes (brace/animation.h) from C, against the
 * installed library: UIKit's three-step recipe with every named curve and a custom
 * Bézier, delays, springs, nested transactions and perform-without-animation,
 * interruption (additive and from the current state), completions (order, flags,
 * chaining, re-entrancy), cancelling, destroying and removing animating nodes, new views,
 * a stack hiding a view, a feedback loop, frames set by the caller, by autoresizing and
 * by a plugin, bad input that changes nothing, and a leak loop (valgrind runs this too).
 *
 * Time is a fake clock: every value is a time the test gives. Expected frames are worked
 * out by hand from the header's formulas; the comments show the arithmetic. Bézier
 * values: x(s) = 3(1-s)^2 s x1 + 3(1-s) s^2 x2 + s^3 is solved for s with 40-digit
 * bisection (mpmath: `lo, hi = 0, 1; repeat: m = (lo + hi) / 2; lo or hi = m by x(m) < u`),
 * then y(s) = 3(1-s)^2 s y1 + 3(1-s) s^2 y2 + s^3. For the named curves y1 = 0 and
 * y2 = 1, so y(s) = 3s^2 - 2s^3. Presentation frames are compared within 1e-9.
 */
#include "check.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

static brace_context *ctx;

#define TOL 1e-9

/* ------------------------------------------------------------------ helpers */

static brace_animation_params params(double duration, brace_animation_curve curve) {
  brace_animation_params p = BRACE_ANIMATION_PARAMS_INIT;
  p.duration = duration;
  p.curve = curve;
  return p;
}

/* Completions, in the order they ran. */
typedef struct done {
  int id;
  bool finished;
} done;
static done g_done[512];
static int g_ndone;
/* The time of the tick running now (what a completion that begins a transaction uses). */
static double g_now;

static void on_complete(brace_context *c, bool finished, void *user_data) {
  (void)c;
  if (g_ndone < (int)(sizeof g_done / sizeof g_done[0])) g_done[g_ndone].id = (int)(intptr_t)user_data;
  if (g_ndone < (int)(sizeof g_done / sizeof g_done[0])) g_done[g_ndone].finished = finished;
  g_ndone++;
}

static brace_animation_params with_completion(brace_animation_params p, int id) {
  p.completion = on_complete;
  p.user_data = (void *)(intptr_t)id;
  return p;
}

static void begin(brace_animation_params p, double now) { OK(brace_context_begin_animation(ctx, &p, now)); }
static void commit(void) { OK(brace_context_commit_animation(ctx)); }

static size_t tick(double now) {
  size_t remaining = 12345;
  g_now = now;
  OK(brace_context_tick(ctx, now, &remaining));
  return remaining;
}

static uint32_t depth(void) {
  uint32_t d = 99;
  OK(brace_context_get_animation_depth(ctx, &d));
  return d;
}

static bool animating(brace_node n) {
  bool b = false;
  OK(brace_node_is_animating(ctx, n, &b));
  return b;
}

static brace_rect model(brace_node n) {
  brace_rect r = {-1, -1, -1, -1};
  OK(brace_node_get_frame(ctx, n, &r));
  return r;
}

static brace_rect shown(brace_node n, double t) {
  brace_rect r = {-1, -1, -1, -1};
  OK(brace_node_get_presentation_frame(ctx, n, t, &r));
  return r;
}

static size_t sample_count(double t) {
  size_t count = 12345;
  OK(brace_context_sample_animations(ctx, t, NULL, 0, &count));
  return count;
}

/* Whether the bulk sampler lists `n` at t, and with which frame. */
static int sampled(brace_node n, double t, brace_rect *out) {
  brace_presented_frame buf[64];
  size_t count = 0;
  OK(brace_context_sample_animations(ctx, t, buf, 64, &count));
  for (size_t i = 0; i < count && i < 64; i++)
    if (buf[i].node == n) {
      *out = buf[i].frame;
      return 1;
    }
  return 0;
}

static int near(brace_rect a, brace_rect b, double tol) {
  return fabs(a.x - b.x) <= tol && fabs(a.y - b.y) <= tol && fabs(a.width - b.width) <= tol &&
         fabs(a.height - b.height) <= tol;
}

static void report(int line, const char *what, double t, brace_rect want, brace_rect got) {
  g_failures++;
  fprintf(stderr, "%s:%d: FAIL [%s] %s at t=%.17g: expected (%.17g, %.17g, %.17g x %.17g),", __FILE__, line,
          g_section, what, t, want.x, want.y, want.width, want.height);
  fprintf(stderr, " got (%.17g, %.17g, %.17g x %.17g)\n", got.x, got.y, got.width, got.height);
}

/* The presentation frame at t is `want` (within tol), and the bulk sampler agrees with it
   exactly when it lists the node. */
static void shown_at(int line, brace_node n, double t, brace_rect want, double tol) {
  brace_rect got = shown(n, t), s;
  g_checks++;
  if (!near(got, want, tol)) report(line, "presentation frame", t, want, got);
  if (sampled(n, t, &s)) {
    g_checks++;
    if (!rect_eq(s, got)) report(line, "sampled frame == presentation frame", t, got, s);
  }
}
#define SHOWN(n, t, x, y, w, h) shown_at(__LINE__, (n), (t), R((x), (y), (w), (h)), TOL)

static void model_is(int line, brace_node n, brace_rect want) {
  brace_rect got = model(n);
  g_checks++;
  if (!rect_eq(got, want)) report(line, "model frame", 0, want, got);
}
#define MODEL(n, x, y, w, h) model_is(__LINE__, (n), R((x), (y), (w), (h)))

/* ------------------------------------------------------------------ the recipe */

/* A root (0, 0, 400 x 300) and a view held by constraints: left == root.left + 10,
   top == root.top + 20, 100 x 50. Laid out: the view is at (10, 20, 100 x 50). */
typedef struct recipe {
  brace_node root, view;
  brace_constraint left;
} recipe;

static recipe make_recipe(void) {
  recipe r;
  brace_constraint c[4];
  r.root = check_node(ctx, 0, R(0, 0, 400, 300));
  OK(brace_node_create(ctx, &r.view));
  OK(brace_node_add_subview(ctx, r.root, r.view));
  OK(brace_node_set_translates_autoresizing_mask(ctx, r.view, false));
  OK(brace_constraint_create(ctx, r.view, BRACE_ATTR_LEFT, BRACE_RELATION_EQUAL, r.root, BRACE_ATTR_LEFT, 1, 10,
                             &c[0]));
  OK(brace_constraint_create(ctx, r.view, BRACE_ATTR_TOP, BRACE_RELATION_EQUAL, r.root, BRACE_ATTR_TOP, 1, 20,
                             &c[1]));
  OK(brace_constraint_create(ctx, r.view, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 1, 100,
                             &c[2]));
  OK(brace_constraint_create(ctx, r.view, BRACE_ATTR_HEIGHT, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 1, 50,
                             &c[3]));
  OK(brace_constraints_activate(ctx, c, 4));
  r.left = c[0];
  return r;
}

/* Step 1, layout_if_needed; step 2, the constant 10 -> 110 inside a transaction begun at
   `now`; step 3, layout_if_needed inside it; commit. The view moves 100 to the right. */
static void run_recipe(recipe r, brace_animation_params p, double now) {
  OK(brace_node_layout_if_needed(ctx, r.root));
  MODEL(r.view, 10, 20, 100, 50);
  begin(p, now);
  OK(brace_constraint_set_constant(ctx, r.left, 110));
  OK(brace_node_layout_if_needed(ctx, r.root));
  commit();
  /* The model frame changed at once. */
  MODEL(r.view, 110, 20, 100, 50);
}

/* One curve: begun at t = 10, 2 s long, so t = 10, 10.5, 11, 12 are u = 0, 1/4, 1/2, 1.
   x = 10 + 100 * y(u): `quarter` and `half` are 100 * y at u = 1/4 and 1/2. */
static void recipe_curve(const char *name, brace_animation_params p, double quarter, double half) {
  g_section = name;
  ctx = check_new_context("test_animation");
  if (!ctx) return;
  recipe r = make_recipe();
  run_recipe(r, with_completion(p, 1), 10);
  CHECK(animating(r.view));
  CHECK(!animating(r.root)); /* the root's frame did not change */
  CHECK_EQ(sample_count(10.5), 1);
  SHOWN(r.view, 10, 10, 20, 100, 50);
  SHOWN(r.view, 10.5, 10 + quarter, 20, 100, 50);
  SHOWN(r.view, 11, 10 + half, 20, 100, 50);
  SHOWN(r.view, 12, 110, 20, 100, 50);
  CHECK(rect_eq(shown(r.view, 12), R(110, 20, 100, 50))); /* exactly the model at the end */
  CHECK(rect_eq(shown(r.view, 13), R(110, 20, 100, 50)));
  CHECK(rect_eq(shown(r.view, 5), R(10, 20, 100, 50))); /* before the start: the old frame */
  CHECK_EQ(sample_count(12), 0);                        /* nothing runs past its end */
  g_ndone = 0;
  CHECK_EQ(tick(11), 1);
  CHECK_EQ(g_ndone, 0);
  CHECK_EQ(tick(12), 0);
  CHECK_EQ(g_ndone, 1);
  CHECK(g_done[0].id == 1 && g_done[0].finished);
  CHECK(!animating(r.view));
  OK(brace_context_destroy(ctx));
}

static void test_recipe_curves(void) {
  brace_animation_params p;

  /* linear (0, 0, 1, 1): y = u. */
  recipe_curve("recipe: linear", params(2, BRACE_CURVE_LINEAR), 25, 50);

  /* ease-in-out (0.42, 0, 0.58, 1): x(s) = 1.26 s(1-s)^2 + 1.74 s^2(1-s) + s^3.
     u = 1/2: by symmetry s = 1/2 (x = 0.1575 + 0.2175 + 0.125 = 0.5), y = 3/4 - 2/8 = 1/2.
     u = 1/4: s = 0.22506516037484377066 (x(s) = 0.25), y = 3s^2 - 2s^3 = 0.12916193104731981. */
  recipe_curve("recipe: ease-in-out", params(2, BRACE_CURVE_EASE_IN_OUT), 12.916193104731981, 50);

  /* ease-in (0.42, 0, 1, 1): x(s) = 1.26 s(1-s)^2 + 3 s^2(1-s) + s^3.
     u = 1/4: s = 0.18878699412647638628, y = 0.093464650718824859.
     u = 1/2: s = 0.37425343553525773644, y = 0.31535681257253930. */
  recipe_curve("recipe: ease-in", params(2, BRACE_CURVE_EASE_IN), 9.3464650718824859, 31.535681257253930);

  /* ease-out (0, 0, 0.58, 1): x(s) = 1.74 s^2(1-s) + s^3.
     u = 1/4: s = 0.41802424854612748107, y = 0.37813813082510980.
     u = 1/2: s = 0.62574656446474226356, y = 0.68464318742746070. */
  recipe_curve("recipe: ease-out", params(2, BRACE_CURVE_EASE_OUT), 37.813813082510980, 68.464318742746070);

  /* The default parameters are ease-in-out (UIKit's default): the same values. */
  p = params(2, BRACE_CURVE_EASE_IN_OUT);
  {
    brace_animation_params d = BRACE_ANIMATION_PARAMS_INIT;
    CHECK(d.curve == BRACE_CURVE_EASE_IN_OUT && d.duration == 0.25 && d.delay == 0 && d.options == 0);
    CHECK(d.struct_size == sizeof d && d.completion == NULL);
    d.duration = 2;
    recipe_curve("recipe: default params", d, 12.916193104731981, 50);
  }

  /* A custom cubic Bézier, CSS's `ease` (0.25, 0.1, 0.25, 1):
     x(s) = 0.75 s(1-s)^2 + 0.75 s^2(1-s) + s^3, y(s) = 0.3 s(1-s)^2 + 3 s^2(1-s) + s^3.
     u = 1/4: s = 0.40945856318612393305, y = 0.40851059135539587.
     u = 1/2: s = 0.69957243870638562466, y = 0.80240338758485699. */
  p = params(2, BRACE_CURVE_CUBIC_BEZIER);
  p.control_points[0] = 0.25;
  p.control_points[1] = 0.1;
  p.control_points[2] = 0.25;
  p.control_points[3] = 1;
  recipe_curve("recipe: cubic Bézier (0.25, 0.1, 0.25, 1)", p, 40.851059135539587, 80.240338758485699);

  /* Control points overshooting in y (x1, x2 in [0, 1], y beyond): (0, 2, 1, -1) is
     x(s) = 3 s^2(1-s) + s^3 = 3s^2 - 2s^3, y(s) = 6 s(1-s)^2 - 3 s^2(1-s) + s^3.
     u = 1/2: s = 1/2 (x = 3/4 - 1/4), y = 6/8 - 3/8 + 1/8 = 1/2.
     u = 1/4: with s = 1/2 + w, 3s^2 - 2s^3 = 1/2 + 3w/2 - 2w^3 = 1/4, so
     w^3 - (3/4)w = 1/8; w = cos θ turns it into cos 3θ = 1/2, and the root in [-1/2, 1/2]
     is θ = 100°: s = 1/2 + cos 100° = 1/2 - sin 10° = 0.32635182233306965115,
     y(s) = 0.70811093399841790689. */
  p = params(2, BRACE_CURVE_CUBIC_BEZIER);
  p.control_points[0] = 0;
  p.control_points[1] = 2;
  p.control_points[2] = 1;
  p.control_points[3] = -1;
  recipe_curve("recipe: cubic Bézier (0, 2, 1, -1)", p, 70.811093399841791, 50);
}

/* A delay: shown at the old frame until the start, then the curve. */
static void test_delay(void) {
  g_section = "delay";
  ctx = check_new_context("test_animation");
  if (!ctx) return;
  recipe r = make_recipe();
  brace_animation_params p = params(2, BRACE_CURVE_LINEAR);
  p.delay = 1;
  run_recipe(r, p, 10); /* runs from 11 to 13 */
  SHOWN(r.view, 10, 10, 20, 100, 50);
  SHOWN(r.view, 10.5, 10, 20, 100, 50);
  SHOWN(r.view, 11, 10, 20, 100, 50);
  CHECK_EQ(sample_count(10.5), 1); /* waiting to start counts as animating */
  SHOWN(r.view, 12, 60, 20, 100, 50); /* u = 1/2: 10 + 50 */
  SHOWN(r.view, 13, 110, 20, 100, 50);
  CHECK_EQ(tick(12.5), 1);
  CHECK_EQ(tick(13), 0);
  OK(brace_context_destroy(ctx));
}

/* ------------------------------------------------------------------ springs */

/* A node moved 0 -> 100 along x by a spring of duration 1 begun at t = 0: shown at
   x = 100 p(t). Stiffness: the smallest ω whose envelope at the duration is 1e-3.
     ζ = 1, v0 = 0: p = 1 - e^(-ωt)(1 + ωt); (1 + ω)e^(-ω) = 1e-3 gives
       ω = 9.23341347645158573 (findroot), p(1/4) = 0.67106751928576507,
       p(1/2) = 0.94447718356192672.
     ζ < 1, v0 = 0: the envelope is e^(-ζω)/sqrt(1 - ζ²) = 1e-3, ζω = ln(1000/sqrt(1 - ζ²));
       the first peak, at t = π/ω_d (ω_d = ω sqrt(1 - ζ²)), is 1 + e^(-ζπ/sqrt(1 - ζ²)).
       ζ = 0.5:  ω = 14.103192630416055, t_peak = 0.25721826422797848, peak 1.1630335348215805,
                 p(1/4) = 1.1621600960186401.
       ζ = 0.25: ω = 27.760098158203691, t_peak = 0.11688081656944846, peak 1.4443442250884888,
                 p(1/4) = 0.82088391192381389.
   The stiffness is solved to 1e-12 relative, so these compare within 1e-8. */
static brace_node spring_node(double zeta, double v0, int id) {
  brace_node n = check_node(ctx, 0, R(0, 0, 10, 10));
  brace_animation_params p = with_completion(params(1, BRACE_CURVE_SPRING), id);
  p.damping_ratio = zeta;
  p.initial_velocity = v0;
  begin(p, 0);
  OK(brace_node_set_frame(ctx, n, R(100, 0, 10, 10)));
  commit();
  return n;
}

/* The largest x shown at 1/1024-s steps over the duration, and whether x never decreased. */
static double spring_max(brace_node n, int *monotone) {
  double max = -1e300, prev = -1e300;
  *monotone = 1;
  for (int k = 0; k <= 1024; k++) {
    double x = shown(n, k / 1024.0).x;
    if (x > max) max = x;
    if (x < prev - 1e-12) *monotone = 0;
    prev = x;
  }
  return max;
}

static void test_springs(void) {
  int monotone = 0;
  g_section = "springs";
  ctx = check_new_context("test_animation");
  if (!ctx) return;
  brace_node crit = spring_node(1, 0, 1), half = spring_node(0.5, 0, 2), quarter = spring_node(0.25, 0, 3);

  shown_at(__LINE__, crit, 0.25, R(67.106751928576507, 0, 10, 10), 1e-8);
  shown_at(__LINE__, crit, 0.5, R(94.447718356192672, 0, 10, 10), 1e-8);
  shown_at(__LINE__, half, 0.25, R(116.21600960186401, 0, 10, 10), 1e-8);
  shown_at(__LINE__, half, 0.25721826422797848, R(116.30335348215805, 0, 10, 10), 1e-8);
  shown_at(__LINE__, quarter, 0.25, R(82.088391192381389, 0, 10, 10), 1e-8);
  shown_at(__LINE__, quarter, 0.11688081656944846, R(144.43442250884888, 0, 10, 10), 1e-8);

  /* Damping 1 never overshoots and never goes back; less damping overshoots more. */
  double m1 = spring_max(crit, &monotone);
  CHECK(monotone);
  CHECK(m1 <= 100);
  double m2 = spring_max(half, &monotone);
  CHECK(!monotone);
  CHECK(m2 > 116.29 && m2 <= 116.30335348215805 + 1e-8);
  double m3 = spring_max(quarter, &monotone);
  CHECK(m3 > 144.43 && m3 <= 144.43442250884888 + 1e-8);
  CHECK(m3 > m2 && m2 > m1);

  /* Within 0.1% of the distance (0.1) just before the duration, exactly the model frame
     at it and after. ζ = 1 is exactly 0.1 away at t = 1 by construction. */
  brace_node all[3] = {crit, half, quarter};
  for (int i = 0; i < 3; i++) {
    CHECK(fabs(shown(all[i], 1 - 1e-9).x - 100) <= 0.1 + 1e-6);
    CHECK(rect_eq(shown(all[i], 1), R(100, 0, 10, 10)));
    CHECK(rect_eq(shown(all[i], 7), R(100, 0, 10, 10)));
  }
  CHECK(fabs(shown(crit, 1 - 1e-9).x - 100) >= 0.1 - 1e-6);

  /* The initial velocity is the slope at 0, in distances per second: p'(0) = v0.
     v0 = 4 over 100 points is 400 points/s; v0 = 0 is flat; v0 = -2 starts backwards.
     The slope over h = 1e-7 s is within p''(0) h / 2 (about 1e-3 points/s) of it. */
  brace_node fast = spring_node(0.5, 4, 4), still = spring_node(0.5, 0, 5), back = spring_node(1, -2, 6);
  const double h = 1e-7;
  CHECK(fabs((shown(fast, h).x - shown(fast, 0).x) / h - 400) < 0.01);
  CHECK(fabs((shown(still, h).x - shown(still, 0).x) / h) < 0.01);
  CHECK(fabs((shown(back, h).x - shown(back, 0).x) / h + 200) < 0.01);
  CHECK(shown(back, 0.01).x < 0);
  CHECK(rect_eq(shown(fast, 1), R(100, 0, 10, 10)));

  g_ndone = 0;
  CHECK_EQ(tick(1), 0);
  CHECK_EQ(g_ndone, 6);
  for (int i = 0; i < g_ndone && i < 6; i++) CHECK(g_done[i].id == i + 1 && g_done[i].finished);
  OK(brace_context_destroy(ctx));
}

/* ------------------------------------------------------------------ nesting */

static void test_nesting(void) {
  g_section = "nested transactions";
  ctx = check_new_context("test_animation");
  if (!ctx) return;
  brace_node a = check_node(ctx, 0, R(0, 0, 10, 10)), b = check_node(ctx, 0, R(0, 0, 10, 10)), c = check_node(ctx, 0, R(0, 0, 10, 10));
  brace_node d = check_node(ctx, 0, R(0, 0, 10, 10)), e = check_node(ctx, 0, R(0, 0, 10, 10)), f = check_node(ctx, 0, R(0, 0, 10, 10));

  /* Outer: 1 s linear; inner: 4 s linear. a before the inner one, b inside it, c after. */
  begin(params(1, BRACE_CURVE_LINEAR), 0);
  OK(brace_node_set_frame(ctx, a, R(100, 0, 10, 10)));
  begin(params(4, BRACE_CURVE_LINEAR), 0);
  CHECK_EQ(depth(), 2);
  OK(brace_node_set_frame(ctx, b, R(100, 0, 10, 10)));
  commit();
  OK(brace_node_set_frame(ctx, c, R(100, 0, 10, 10)));
  commit();
  CHECK_EQ(depth(), 0);
  SHOWN(a, 0.5, 50, 0, 10, 10);   /* 100 * 0.5 / 1 */
  SHOWN(b, 0.5, 12.5, 0, 10, 10); /* 100 * 0.5 / 4 */
  SHOWN(c, 0.5, 50, 0, 10, 10);

  /* INHERIT_DURATION: the inner ease-in takes the outer's 1 s (and its start):
     at t = 1.5 (u = 1/2), 100 * 0.31535681257253930 (ease-in, see the recipe). */
  begin(params(1, BRACE_CURVE_LINEAR), 1);
  brace_animation_params in = params(4, BRACE_CURVE_EASE_IN);
  in.options = BRACE_ANIMATION_INHERIT_DURATION;
  begin(in, 1);
  OK(brace_node_set_frame(ctx, d, R(100, 0, 10, 10)));
  commit();
  commit();
  SHOWN(d, 1.5, 31.535681257253930, 0, 10, 10);
  SHOWN(d, 2, 100, 0, 10, 10);

  /* INHERIT_CURVE: the inner 2 s takes the outer's ease-out: at t = 3 (u = 1/2),
     100 * 0.68464318742746070. */
  begin(params(1, BRACE_CURVE_EASE_OUT), 2);
  in = params(2, BRACE_CURVE_LINEAR);
  in.options = BRACE_ANIMATION_INHERIT_CURVE;
  begin(in, 2);
  OK(brace_node_set_frame(ctx, e, R(100, 0, 10, 10)));
  commit();
  commit();
  SHOWN(e, 3, 68.464318742746070, 0, 10, 10);
  SHOWN(e, 4, 100, 0, 10, 10);

  /* A spring inherited with another duration is tuned to it: outer ζ = 1 over 1 s,
     inner 2 s: at t = 4 + 1 (u = 1/2) it is where the 1-s spring is at 1/2,
     100 * 0.94447718356192672 (see the springs). */
  brace_animation_params sp = params(1, BRACE_CURVE_SPRING);
  sp.damping_ratio = 1;
  begin(sp, 4);
  in = params(2, BRACE_CURVE_LINEAR);
  in.options = BRACE_ANIMATION_INHERIT_CURVE;
  begin(in, 4);
  OK(brace_node_set_frame(ctx, f, R(100, 0, 10, 10)));
  commit();
  commit();
  shown_at(__LINE__, f, 5, R(94.447718356192672, 0, 10, 10), 1e-8);
  shown_at(__LINE__, f, 6, R(100, 0, 10, 10), 0);
  CHECK_EQ(tick(6), 0);

  /* Perform without animation inside a transaction: a change there takes effect at
     once; after the region closes, changes animate again. */
  g_section = "perform without animation";
  begin(params(1, BRACE_CURVE_LINEAR), 10);
  OK(brace_context_begin_without_animation(ctx));
  CHECK_EQ(depth(), 2);
  OK(brace_node_set_frame(ctx, a, R(300, 0, 10, 10)));
  CHECK(!animating(a));
  SHOWN(a, 10, 300, 0, 10, 10);
  /* A transaction inside the region animates again. */
  begin(params(1, BRACE_CURVE_LINEAR), 10);
  OK(brace_node_set_frame(ctx, c, R(200, 0, 10, 10)));
  commit();
  CHECK(animating(c));
  commit();
  CHECK_EQ(depth(), 1);
  OK(brace_node_set_frame(ctx, b, R(200, 0, 10, 10)));
  CHECK(animating(b));
  commit();
  CHECK_EQ(depth(), 0);
  SHOWN(a, 10.5, 300, 0, 10, 10);
  SHOWN(b, 10.5, 150, 0, 10, 10); /* 100 -> 200 */
  SHOWN(c, 10.5, 150, 0, 10, 10);

  /* A node still animating, changed without animation, keeps its animation, which now
     ends at the new model frame: b's runs 10 -> 11 with a delta of -100; set to 400 at
     10.5, it is shown at 400 - 100 (1 - u). */
  OK(brace_context_begin_without_animation(ctx));
  OK(brace_node_set_frame(ctx, b, R(400, 0, 10, 10)));
  commit();
  CHECK(animating(b));
  SHOWN(b, 10.75, 375, 0, 10, 10);
  SHOWN(b, 11, 400, 0, 10, 10);
  /* Without a transaction a change is not animated either. */
  OK(brace_node_set_frame(ctx, d, R(0, 0, 10, 10)));
  CHECK(!animating(d));
  CHECK_EQ(tick(11), 0);
  OK(brace_context_destroy(ctx));
}

/* ------------------------------------------------------------------ interruption */

/* The view of the recipe animated 10 -> 110 (ease-in-out, 2 s from t = 0), interrupted
   at t = 0.5 by a constant of 210 in a transaction of `options` (ease-in-out, 2 s). */
static void interrupt(uint32_t options) {
  ctx = check_new_context("test_animation");
  if (!ctx) return;
  recipe r = make_recipe();
  g_ndone = 0;
  run_recipe(r, with_completion(params(2, BRACE_CURVE_EASE_IN_OUT), 1), 0);
  /* u = 1/4: 10 + 12.916193104731981 */
  brace_rect before = shown(r.view, 0.5), slightly = shown(r.view, 0.5 - 1e-6);
  shown_at(__LINE__, r.view, 0.5, R(22.916193104731981, 20, 100, 50), TOL);
  brace_animation_params p = with_completion(params(2, BRACE_CURVE_EASE_IN_OUT), 2);
  p.options = options;
  begin(p, 0.5);
  OK(brace_constraint_set_constant(ctx, r.left, 210));
  OK(brace_node_layout_if_needed(ctx, r.root));
  commit();
  MODEL(r.view, 210, 20, 100, 50);
  /* Continuous at the change: the same frame just before and just after it, and no jump
     across it (a slope of at most about 100 points/s over 1e-6 s on each side). */
  shown_at(__LINE__, r.view, 0.5, before, TOL);
  CHECK(fabs(shown(r.view, 0.5 + 1e-6).x - before.x) < 1e-3);
  CHECK(fabs(slightly.x - before.x) < 1e-3);
  if (options & BRACE_ANIMATION_BEGIN_FROM_CURRENT_STATE) {
    /* From 22.916193104731981 to 210 over 0.5 ... 2.5: at t = 1.5 (u = 1/2),
       22.916193104731981 + 187.083806895268019 / 2 = 116.45809655236599. */
    SHOWN(r.view, 1.5, 116.45809655236599, 20, 100, 50);
    SHOWN(r.view, 2, 210 - 187.083806895268019 * (1 - 0.87083806895268019), 20, 100, 50);
    /* The interrupted transaction completes at the next tick, not finished. */
    CHECK_EQ(tick(0.5), 1);
    CHECK_EQ(g_ndone, 1);
    CHECK(g_done[0].id == 1 && !g_done[0].finished);
    CHECK_EQ(tick(2.5), 0);
    CHECK_EQ(g_ndone, 2);
    CHECK(g_done[1].id == 2 && g_done[1].finished);
  } else {
    /* Additive: the first animation runs on to t = 2, the second adds -100 (1 - y(u2)).
       At t = 1.5: first u = 3/4, y = 0.87083806895268019 (the mirror of 1/4), second
       u = 1/2, y = 1/2: 210 - 100 (1 - 0.87083806895268019) - 100 (1 - 1/2) =
       147.083806895268019. At t = 2: the first has ended; the second at u = 3/4:
       210 - 100 * 0.12916193104731981. */
    SHOWN(r.view, 1.5, 147.083806895268019, 20, 100, 50);
    SHOWN(r.view, 2, 197.083806895268019, 20, 100, 50);
    CHECK_EQ(tick(1.9), 1);
    CHECK_EQ(g_ndone, 0);
    /* Both finish, each at its own end. */
    CHECK_EQ(tick(2), 1);
    CHECK_EQ(g_ndone, 1);
    CHECK(g_done[0].id == 1 && g_done[0].finished);
    CHECK_EQ(tick(2.5), 0);
    CHECK_EQ(g_ndone, 2);
    CHECK(g_done[1].id == 2 && g_done[1].finished);
  }
  SHOWN(r.view, 2.5, 210, 20, 100, 50);
  OK(brace_context_destroy(ctx));
}

static void test_interruption(void) {
  g_section = "interruption: additive";
  interrupt(0);
  g_section = "interruption: begin from current state";
  interrupt(BRACE_ANIMATION_BEGIN_FROM_CURRENT_STATE);

  /* A second change in the same transaction is one animation from the first frame; one
     back to where the node was shown ends it. */
  g_section = "two changes in one transaction";
  ctx = check_new_context("test_animation");
  if (!ctx) return;
  brace_node n = check_node(ctx, 0, R(0, 0, 10, 10));
  begin(params(1, BRACE_CURVE_LINEAR), 0);
  OK(brace_node_set_frame(ctx, n, R(50, 0, 10, 10)));
  OK(brace_node_set_frame(ctx, n, R(100, 0, 20, 10)));
  commit();
  SHOWN(n, 0, 0, 0, 10, 10);
  SHOWN(n, 0.5, 50, 0, 15, 10);
  CHECK_EQ(sample_count(0.5), 1);
  CHECK_EQ(tick(1), 0);
  begin(params(1, BRACE_CURVE_LINEAR), 2);
  OK(brace_node_set_frame(ctx, n, R(30, 0, 20, 10)));
  OK(brace_node_set_frame(ctx, n, R(100, 0, 20, 10)));
  commit();
  CHECK(!animating(n));
  CHECK_EQ(sample_count(2.5), 0);
  CHECK_EQ(tick(3), 0);
  OK(brace_context_destroy(ctx));
}

/* ------------------------------------------------------------------ completions */

static brace_node g_chain_node;
static int g_chain_status = -1;
static int g_tick_status = -1;

/* Chains a second animation from the tick's time, then asks to tick (refused). */
static void chain(brace_context *c, bool finished, void *user_data) {
  on_complete(c, finished, user_data);
  brace_animation_params p = with_completion(params(1, BRACE_CURVE_LINEAR), 99);
  g_chain_status = brace_context_begin_animation(c, &p, g_now);
  if (g_chain_status != BRACE_OK) return;
  g_chain_status = brace_node_set_frame(c, g_chain_node, R(0, 0, 10, 10));
  if (g_chain_status == BRACE_OK) g_chain_status = brace_context_commit_animation(c);
  g_tick_status = brace_context_tick(c, g_now, NULL);
  CHECK(g_tick_status == BRACE_E_REENTRANCY);
  CHECK(contains_ci(brace_last_error(c), "brace_context_tick") && contains_ci(brace_last_error(c), "completion"));
}

static void test_completions(void) {
  g_section = "completion order";
  ctx = check_new_context("test_animation");
  if (!ctx) return;
  brace_node n[5];
  for (int i = 0; i < 5; i++) n[i] = check_node(ctx, 0, R(0, 0, 10, 10));
  /* Ends: 1 at 2, 2 at 1, 3 at 1, 4 at 0.5 + 0.5 = 1 (a tie, begun after 2 and 3),
     5 recorded nothing (complete at the next tick; its end is its commit, 0). */
  double durations[4] = {2, 1, 1, 0.5};
  for (int i = 0; i < 4; i++) {
    brace_animation_params p = with_completion(params(durations[i], BRACE_CURVE_LINEAR), i + 1);
    if (i == 3) p.delay = 0.5;
    begin(p, 0);
    OK(brace_node_set_frame(ctx, n[i], R(100, 0, 10, 10)));
    commit();
  }
  begin(with_completion(params(1, BRACE_CURVE_LINEAR), 5), 0);
  commit();
  g_ndone = 0;
  CHECK_EQ(tick(10), 0);
  CHECK_EQ(g_ndone, 5);
  static const int order[5] = {5, 2, 3, 4, 1};
  for (int i = 0; i < 5 && i < g_ndone; i++) {
    CHECK_EQ(g_done[i].id, order[i]);
    CHECK(g_done[i].finished);
  }

  /* Ending one at a time: a tick at exactly an end time completes it. */
  g_ndone = 0;
  for (int i = 0; i < 3; i++) {
    begin(with_completion(params(1.0 + i, BRACE_CURVE_EASE_OUT), 10 + i), 20);
    OK(brace_node_set_frame(ctx, n[i], R(0, 0, 10, 10)));
    commit();
  }
  /* A transaction that animated nothing (a frame set to itself) completes at the next
     tick, finished. */
  begin(with_completion(params(5, BRACE_CURVE_LINEAR), 13), 20);
  OK(brace_node_set_frame(ctx, n[4], R(0, 0, 10, 10)));
  commit();
  CHECK_EQ(tick(20), 3);
  CHECK_EQ(g_ndone, 1);
  CHECK(g_done[0].id == 13 && g_done[0].finished);
  CHECK_EQ(tick(21), 2);
  CHECK(g_ndone == 2 && g_done[1].id == 10);
  CHECK_EQ(tick(21.5), 2);
  CHECK_EQ(g_ndone, 2);
  CHECK_EQ(tick(22), 1);
  CHECK(g_ndone == 3 && g_done[2].id == 11);
  CHECK_EQ(tick(30), 0);
  CHECK(g_ndone == 4 && g_done[3].id == 12 && g_done[3].finished);

  /* A duration of 0 (and no delay) records nothing: the change takes effect at once and
     the completion runs at the next tick. */
  begin(with_completion(params(0, BRACE_CURVE_LINEAR), 14), 30);
  OK(brace_node_set_frame(ctx, n[0], R(7, 0, 10, 10)));
  commit();
  CHECK(!animating(n[0]));
  SHOWN(n[0], 30, 7, 0, 10, 10);
  CHECK_EQ(tick(30), 0);
  CHECK(g_ndone == 5 && g_done[4].id == 14 && g_done[4].finished);

  /* Chaining: a completion begins and commits a new transaction; ticking from it is
     refused. */
  g_section = "chaining";
  g_ndone = 0;
  g_chain_node = n[1];
  brace_animation_params p = params(1, BRACE_CURVE_LINEAR);
  p.completion = chain;
  p.user_data = (void *)(intptr_t)20;
  begin(p, 40);
  OK(brace_node_set_frame(ctx, n[1], R(100, 0, 10, 10)));
  commit();
  CHECK_EQ(tick(41), 1); /* the chained animation runs 41 -> 42 */
  CHECK_EQ(g_chain_status, BRACE_OK);
  CHECK_EQ(g_tick_status, BRACE_E_REENTRANCY);
  CHECK(g_ndone == 1 && g_done[0].id == 20 && g_done[0].finished);
  CHECK(animating(n[1]));
  CHECK_EQ(depth(), 0);
  SHOWN(n[1], 41.5, 50, 0, 10, 10);
  CHECK_EQ(tick(42), 0);
  CHECK(g_ndone == 2 && g_done[1].id == 99 && g_done[1].finished);

  /* Completions still pending when the context is destroyed are dropped. */
  begin(with_completion(params(1, BRACE_CURVE_LINEAR), 30), 50);
  OK(brace_node_set_frame(ctx, n[2], R(300, 0, 10, 10)));
  commit();
  begin(with_completion(params(1, BRACE_CURVE_LINEAR), 31), 50);
  OK(brace_node_set_frame(ctx, n[3], R(300, 0, 10, 10)));
  OK(brace_context_destroy(ctx)); /* with a transaction still open, too */
  CHECK_EQ(g_ndone, 2);
}

/* ------------------------------------------------------------------ cancel, destroy, remove */

/* One linear 1-s transaction begun at `now`, completing with `id`, giving nodes frames. */
static void animate_frames(int id, double now, size_t count, const brace_node *nodes, const brace_rect *frames) {
  begin(with_completion(params(1, BRACE_CURVE_LINEAR), id), now);
  for (size_t i = 0; i < count; i++) OK(brace_node_set_frame(ctx, nodes[i], frames[i]));
  commit();
}

static void test_cancel_destroy(void) {
  g_section = "cancel";
  ctx = check_new_context("test_animation");
  if (!ctx) return;
  brace_node p = check_node(ctx, 0, R(0, 0, 100, 100)), a = check_node(ctx, p, R(0, 0, 10, 10)), b = check_node(ctx, p, R(0, 0, 10, 10));
  brace_node other = check_node(ctx, 0, R(0, 0, 10, 10));
  g_ndone = 0;
  animate_frames(1, 0, 3, (brace_node[]){p, a, b},
                 (brace_rect[]){R(0, 0, 200, 200), R(50, 0, 10, 10), R(0, 50, 10, 10)});
  animate_frames(2, 0, 1, &other, (brace_rect[]){R(100, 0, 10, 10)});
  CHECK_EQ(sample_count(0.5), 4);
  /* One node: its model frame at once, the others go on. */
  OK(brace_node_cancel_animations(ctx, a, false));
  CHECK(!animating(a));
  SHOWN(a, 0.5, 50, 0, 10, 10);
  SHOWN(b, 0.5, 0, 25, 10, 10);
  CHECK_EQ(sample_count(0.5), 3);
  /* A subtree: p and b. */
  OK(brace_node_cancel_animations(ctx, p, true));
  CHECK(!animating(p) && !animating(b));
  SHOWN(p, 0.5, 0, 0, 200, 200);
  SHOWN(b, 0.5, 0, 50, 10, 10);
  CHECK_EQ(sample_count(0.5), 1);
  /* A node that is not animating: nothing to do. */
  OK(brace_node_cancel_animations(ctx, a, true));
  /* Transaction 1 completes at the next tick, not finished; 2 runs on. */
  CHECK_EQ(tick(0.25), 1);
  CHECK(g_ndone == 1 && g_done[0].id == 1 && !g_done[0].finished);
  CHECK_EQ(tick(1), 0);
  CHECK(g_ndone == 2 && g_done[1].id == 2 && g_done[1].finished);

  g_section = "destroy and remove";
  brace_node c = check_node(ctx, p, R(0, 0, 10, 10)), d = check_node(ctx, p, R(0, 0, 10, 10));
  brace_node e = check_node(ctx, c, R(0, 0, 5, 5));
  g_ndone = 0;
  animate_frames(3, 2, 3, (brace_node[]){c, e, d},
                 (brace_rect[]){R(100, 0, 10, 10), R(1, 1, 5, 5), R(100, 0, 10, 10)});
  animate_frames(4, 2, 1, &other, (brace_rect[]){R(0, 0, 10, 10)});
  CHECK_EQ(sample_count(2.5), 4);
  /* Destroying c (and e below it) ends their animations: the sampler lists d and other. */
  OK(brace_node_destroy(ctx, c));
  CHECK_EQ(sample_count(2.5), 2);
  brace_rect r;
  CHECK(!sampled(c, 2.5, &r) && !sampled(e, 2.5, &r));
  /* A node made now (perhaps in c's slot) is not animating. */
  brace_node fresh = check_node(ctx, 0, R(0, 0, 1, 1));
  CHECK(!animating(fresh));
  SHOWN(fresh, 2.5, 0, 0, 1, 1);
  /* Removed from its superview: its animation ends too. */
  OK(brace_node_remove_from_superview(ctx, d));
  CHECK(!animating(d));
  SHOWN(d, 2.5, 100, 0, 10, 10);
  CHECK_EQ(sample_count(2.5), 1);
  CHECK_EQ(tick(2.5), 1);
  CHECK(g_ndone == 1 && g_done[0].id == 3 && !g_done[0].finished);
  CHECK_EQ(tick(3), 0);
  CHECK(g_ndone == 2 && g_done[1].id == 4 && g_done[1].finished);
  /* Added back, it does not animate again. */
  OK(brace_node_add_subview(ctx, p, d));
  CHECK(!animating(d));

  /* Moved within its superview (reordered), a node keeps its animation; moved to another
     superview, whose coordinates it did not animate in, it stops: not finished. */
  {
    brace_node q = check_node(ctx, 0, R(0, 0, 50, 50)), g = check_node(ctx, p, R(0, 0, 10, 10));
    g_ndone = 0;
    animate_frames(6, 3, 1, &g, (brace_rect[]){R(40, 0, 10, 10)});
    OK(brace_node_insert_subview(ctx, p, g, 0));
    CHECK(animating(g));
    SHOWN(g, 3.5, 20, 0, 10, 10); /* halfway, linear: 0 + (40 - 0) / 2 */
    OK(brace_node_add_subview(ctx, q, g));
    CHECK(!animating(g));
    SHOWN(g, 3.5, 40, 0, 10, 10);
    CHECK_EQ(tick(3), 0);
    CHECK(g_ndone == 1 && g_done[0].id == 6 && !g_done[0].finished);
    OK(brace_node_destroy(ctx, q));
  }

  /* Destroyed while its transaction is still open: the transaction commits and completes
     at the next tick, not finished. */
  brace_node f = check_node(ctx, 0, R(0, 0, 10, 10));
  g_ndone = 0;
  begin(with_completion(params(1, BRACE_CURVE_LINEAR), 5), 3);
  OK(brace_node_set_frame(ctx, f, R(10, 0, 10, 10)));
  OK(brace_node_destroy(ctx, f));
  commit();
  CHECK_EQ(tick(3), 0);
  CHECK(g_ndone == 1 && g_done[0].id == 5 && !g_done[0].finished);
  OK(brace_context_destroy(ctx));
}

/* ------------------------------------------------------------------ new views */

static void test_new_views(void) {
  g_section = "new views";
  ctx = check_new_context("test_animation");
  if (!ctx) return;
  brace_node root = check_node(ctx, 0, R(0, 0, 300, 100)), old = check_node(ctx, root, R(0, 0, 100, 100));
  brace_node a = 0, b = 0;
  /* a's first frame, inside a transaction: it appears in place, as its sibling moves;
     a second change in the same transaction does not animate it either. */
  begin(params(1, BRACE_CURVE_LINEAR), 0);
  OK(brace_node_create(ctx, &a));
  OK(brace_node_add_subview(ctx, root, a));
  OK(brace_node_set_frame(ctx, a, R(0, 0, 50, 100)));
  OK(brace_node_set_frame(ctx, a, R(0, 0, 60, 100)));
  OK(brace_node_set_frame(ctx, old, R(60, 0, 100, 100)));
  commit();
  CHECK(!animating(a));
  SHOWN(a, 0, 0, 0, 60, 100);
  SHOWN(old, 0.5, 30, 0, 100, 100);
  /* In a later transaction it animates like any other. */
  begin(params(1, BRACE_CURVE_LINEAR), 1);
  OK(brace_node_set_frame(ctx, a, R(0, 0, 80, 100)));
  commit();
  SHOWN(a, 1.5, 0, 0, 70, 100);
  CHECK_EQ(tick(2), 0);

  /* ANIMATE_NEW_VIEWS: UIKit's growth from a zero rectangle at the origin. */
  brace_animation_params p = params(1, BRACE_CURVE_LINEAR);
  p.options = BRACE_ANIMATION_ANIMATE_NEW_VIEWS;
  begin(p, 3);
  OK(brace_node_create(ctx, &b));
  OK(brace_node_add_subview(ctx, root, b));
  OK(brace_node_set_frame(ctx, b, R(200, 20, 100, 60)));
  commit();
  CHECK(animating(b));
  SHOWN(b, 3, 0, 0, 0, 0);
  SHOWN(b, 3.5, 100, 10, 50, 30);
  SHOWN(b, 4, 200, 20, 100, 60);
  CHECK_EQ(tick(4), 0);

  /* Laid out for the first time by a layout pass (a stack) inside a transaction. */
  g_section = "new views: laid out by a stack";
  brace_node stack = check_node(ctx, 0, R(0, 0, 200, 40)), x = 0, y = 0, z = 0;
  OK(brace_node_set_layout_strategy(ctx, stack, "stack"));
  OK(brace_node_set_property_double(ctx, stack, "spacing", 10));
  OK(brace_node_set_property_enum(ctx, stack, "alignment", "leading"));
  OK(brace_node_create(ctx, &x));
  OK(brace_node_set_intrinsic_content_size(ctx, x, (brace_size){40, 40}));
  OK(brace_node_add_subview(ctx, stack, x));
  OK(brace_node_create(ctx, &z));
  OK(brace_node_set_intrinsic_content_size(ctx, z, (brace_size){50, 40}));
  OK(brace_node_set_content_hugging_priority(ctx, z, BRACE_AXIS_HORIZONTAL, 1));
  OK(brace_node_add_subview(ctx, stack, z));
  OK(brace_node_layout_if_needed(ctx, stack));
  /* fill: 40 + 10 + 50 = 100, the extra 100 to z (hugging 1): x (0, 0, 40), z (50, 0, 150). */
  MODEL(x, 0, 0, 40, 40);
  MODEL(z, 50, 0, 150, 40);
  begin(params(1, BRACE_CURVE_LINEAR), 5);
  OK(brace_node_create(ctx, &y));
  OK(brace_node_set_intrinsic_content_size(ctx, y, (brace_size){30, 40}));
  OK(brace_node_insert_subview(ctx, stack, y, 1));
  OK(brace_node_layout_if_needed(ctx, stack));
  commit();
  /* x 40, y 30, z 50 + 60 (40 + 30 + 50 + 2 * 10 = 140, extra 60): y at (50, 0, 30) in
     place; z to (90, 0, 110) from (50, 0, 150). */
  MODEL(y, 50, 0, 30, 40);
  MODEL(z, 90, 0, 110, 40);
  CHECK(!animating(y) && !animating(x) && animating(z));
  SHOWN(y, 5, 50, 0, 30, 40);
  SHOWN(z, 5, 50, 0, 150, 40);
  SHOWN(z, 5.5, 70, 0, 130, 40);
  CHECK_EQ(tick(6), 0);
  OK(brace_context_destroy(ctx));
}

/* ------------------------------------------------------------------ a stack hiding a view */

static void test_stack_hiding(void) {
  g_section = "stack: hiding an arranged view";
  ctx = check_new_context("test_animation");
  if (!ctx) return;
  /* A row 300 x 40, spacing 10, alignment fill: a 30, b 60, c 90 and a spacer with no
     size (hugging 2: it takes the room). 30 + 60 + 90 + 0 + 3 * 10 = 210, extra 90:
     a (0, 30), b (40, 60), c (110, 90), spacer (210, 90). */
  brace_node stack = check_node(ctx, 0, R(0, 0, 300, 40)), v[4];
  OK(brace_node_set_layout_strategy(ctx, stack, "stack"));
  OK(brace_node_set_property_double(ctx, stack, "spacing", 10));
  const double w[3] = {30, 60, 90};
  for (int i = 0; i < 4; i++) {
    OK(brace_node_create(ctx, &v[i]));
    if (i < 3) OK(brace_node_set_intrinsic_content_size(ctx, v[i], (brace_size){w[i], 40}));
    OK(brace_node_add_subview(ctx, stack, v[i]));
  }
  OK(brace_node_layout_if_needed(ctx, stack));
  MODEL(v[0], 0, 0, 30, 40);
  MODEL(v[1], 40, 0, 60, 40);
  MODEL(v[2], 110, 0, 90, 40);
  MODEL(v[3], 210, 0, 90, 40);

  /* Hidden inside a transaction: 30 + 90 + 0 + 2 * 10 = 140, extra 160: c (40, 90),
     spacer (140, 160); b gets length 0 at a's trailing edge, (30, 0). c closes the gap
     of 60 + 10: at u = 1/2 (linear) c is at 75, the spacer at (175, 125). */
  begin(with_completion(params(1, BRACE_CURVE_LINEAR), 1), 0);
  OK(brace_node_set_hidden(ctx, v[1], true));
  OK(brace_node_layout_if_needed(ctx, stack));
  commit();
  MODEL(v[2], 40, 0, 90, 40);
  MODEL(v[3], 140, 0, 160, 40);
  MODEL(v[1], 30, 0, 0, 40);
  CHECK(!animating(v[0]));
  SHOWN(v[0], 0.5, 0, 0, 30, 40);
  SHOWN(v[2], 0, 110, 0, 90, 40);
  SHOWN(v[2], 0.5, 75, 0, 90, 40);
  SHOWN(v[3], 0.5, 175, 0, 125, 40);
  SHOWN(v[1], 0.5, 35, 0, 30, 40);
  SHOWN(v[2], 1, 40, 0, 90, 40);
  CHECK_EQ(sample_count(0.5), 3);
  g_ndone = 0;
  CHECK_EQ(tick(1), 0);
  CHECK(g_ndone == 1 && g_done[0].finished);

  /* Shown again (ease-in-out): the gap opens, back to the first frames; at u = 1/2,
     halfway (y = 1/2): c at 75 again. */
  begin(params(1, BRACE_CURVE_EASE_IN_OUT), 2);
  OK(brace_node_set_hidden(ctx, v[1], false));
  OK(brace_node_layout_if_needed(ctx, stack));
  commit();
  MODEL(v[2], 110, 0, 90, 40);
  SHOWN(v[2], 2, 40, 0, 90, 40);
  SHOWN(v[2], 2.5, 75, 0, 90, 40);
  SHOWN(v[3], 2.5, 175, 0, 125, 40);
  /* u = 1/4: 40 + 70 * 0.12916193104731981 */
  SHOWN(v[2], 2.25, 40 + 70 * 0.12916193104731981, 0, 90, 40);
  SHOWN(v[2], 3, 110, 0, 90, 40);
  CHECK_EQ(tick(3), 0);
  OK(brace_context_destroy(ctx));
}

/* ------------------------------------------------------------------ a feedback loop */

static int g_loops;

/* Moves its first subview 1 point right and flags itself again: a layout feedback loop. */
static void looping_layout(brace_context *c, brace_node node, void *user_data) {
  brace_node kid = 0;
  brace_rect f;
  (void)user_data;
  g_loops++;
  if (brace_node_get_subview(c, node, 0, &kid) != BRACE_OK) return;
  if (brace_node_get_frame(c, kid, &f) != BRACE_OK) return;
  f.x += 1;
  (void)brace_node_set_frame(c, kid, f);
  (void)brace_node_set_needs_layout(c, node);
}

static void test_feedback_loop(void) {
  brace_context_options o;
  g_section = "feedback loop inside a transaction";
  brace_context_options_init(&o);
  o.feedback_loop_threshold = 50;
  o.quiet_diagnostics = true;
  ctx = NULL;
  OK_IN(NULL, brace_context_create(&o, &ctx));
  if (!ctx) return;
  g_ctx = ctx;
  brace_node p = check_node(ctx, 0, R(0, 0, 200, 100)), kid = check_node(ctx, p, R(0, 0, 10, 10));
  OK(brace_node_layout_if_needed(ctx, p));
  brace_node_callbacks cb;
  memset(&cb, 0, sizeof cb);
  cb.struct_size = sizeof cb;
  cb.layout_subviews = looping_layout;
  OK(brace_node_set_callbacks(ctx, p, &cb));
  OK(brace_node_set_needs_layout(ctx, p));
  g_ndone = 0;
  g_loops = 0;
  begin(with_completion(params(1, BRACE_CURVE_LINEAR), 1), 0);
  check_watchdog("test_animation: HANG in a feedback loop inside a transaction\n", 60);
  ERR(ctx, BRACE_E_FEEDBACK_LOOP, "feedback loop", brace_node_layout_if_needed(ctx, p));
  alarm(0);
  CHECK(g_loops >= 50 && g_loops <= 51);
  CHECK_EQ(depth(), 1);
  commit();
  CHECK_EQ(depth(), 0);
  OK(brace_node_set_callbacks(ctx, p, NULL));
  /* g_loops moves of 1 point: one animation from 0 to g_loops (one per node and
     transaction, so at u = 0 it is at its first frame and at u = 1/2 halfway). */
  double n = (double)g_loops;
  MODEL(kid, n, 0, 10, 10);
  CHECK(!animating(p));
  CHECK_EQ(sample_count(0.5), 1);
  SHOWN(kid, 0, 0, 0, 10, 10);
  SHOWN(kid, 0.5, n / 2, 0, 10, 10);
  CHECK_EQ(tick(1), 0);
  CHECK(g_ndone == 1 && g_done[0].finished);
  OK(brace_context_destroy(ctx));
}

/* ------------------------------------------------------------------ who sets the frame */

static void test_frame_sources(void) {
  g_section = "frames set by the caller";
  ctx = check_new_context("test_animation");
  if (!ctx) return;
  brace_node a = check_node(ctx, 0, R(0, 0, 100, 100)), b = check_node(ctx, 0, R(0, 0, 100, 100));
  begin(params(1, BRACE_CURVE_LINEAR), 0);
  /* bounds 50 x 50 keep the center (50, 50): frame (25, 25, 50, 50). */
  OK(brace_node_set_bounds(ctx, a, R(0, 0, 50, 50)));
  /* center (100, 60): frame (50, 10, 100, 100). */
  OK(brace_node_set_center(ctx, b, (brace_point){100, 60}));
  commit();
  MODEL(a, 25, 25, 50, 50);
  MODEL(b, 50, 10, 100, 100);
  SHOWN(a, 0.5, 12.5, 12.5, 75, 75);
  SHOWN(b, 0.5, 25, 5, 100, 100);
  CHECK_EQ(tick(1), 0);

  /* The "frame" strategy (autoresizing): a flexible child follows its superview's new
     size at once, and animates: (10, 10, 180 x 80) in 200 x 100 -> 300 x 200 gives
     (10, 10, 280 x 180); at u = 1/2, (10, 10, 230 x 130). */
  g_section = "frames set by autoresizing";
  brace_node sup = check_node(ctx, 0, R(0, 0, 200, 100)), kid = check_node(ctx, sup, R(10, 10, 180, 80));
  OK(brace_node_set_autoresizing_mask(ctx, kid, BRACE_AUTORESIZE_FLEXIBLE_WIDTH | BRACE_AUTORESIZE_FLEXIBLE_HEIGHT));
  OK(brace_node_layout_if_needed(ctx, sup));
  begin(params(1, BRACE_CURVE_LINEAR), 2);
  OK(brace_node_set_frame(ctx, sup, R(0, 0, 300, 200)));
  OK(brace_node_layout_if_needed(ctx, sup));
  commit();
  MODEL(kid, 10, 10, 280, 180);
  SHOWN(kid, 2.5, 10, 10, 230, 130);
  SHOWN(sup, 2.5, 0, 0, 250, 150);
  CHECK_EQ(tick(3), 0);

  /* A plugin's host->set_frame: the "flow" example plugin (BRACE_PLUGIN_PATH), spacing
     8, line spacing 8, no padding. Items 50, 60, 70 x 20 in a 200-wide flow: one line,
     x = 0, 58, 126 (50 + 8 + 60 + 8 + 70 = 196 <= 200). 150 wide: 196 > 150, the third
     wraps to (0, 28). At u = 1/2: (63, 14). */
  g_section = "frames set by a plugin";
  brace_node flow = check_node(ctx, 0, R(0, 0, 200, 100)), item[3];
  OK(brace_node_set_layout_strategy(ctx, flow, "flow"));
  const double iw[3] = {50, 60, 70};
  for (int i = 0; i < 3; i++) {
    OK(brace_node_create(ctx, &item[i]));
    OK(brace_node_set_intrinsic_content_size(ctx, item[i], (brace_size){iw[i], 20}));
    OK(brace_node_add_subview(ctx, flow, item[i]));
  }
  OK(brace_node_layout_if_needed(ctx, flow));
  MODEL(item[2], 126, 0, 70, 20);
  begin(params(1, BRACE_CURVE_LINEAR), 4);
  OK(brace_node_set_frame(ctx, flow, R(0, 0, 150, 100)));
  OK(brace_node_layout_if_needed(ctx, flow));
  commit();
  MODEL(item[2], 0, 28, 70, 20);
  CHECK(!animating(item[0]) && !animating(item[1]));
  SHOWN(item[2], 4, 126, 0, 70, 20);
  SHOWN(item[2], 4.5, 63, 14, 70, 20);
  CHECK_EQ(sample_count(4.5), 2); /* the flow and its third item */
  CHECK_EQ(tick(5), 0);

  /* The layout runs later, outside the transaction: not animated (changes are recorded,
     not layouts). */
  g_section = "layout after the commit";
  begin(params(1, BRACE_CURVE_LINEAR), 6);
  OK(brace_node_set_property_double(ctx, flow, "spacing", 0));
  commit();
  OK(brace_node_layout_if_needed(ctx, flow));
  MODEL(item[1], 50, 0, 60, 20);
  CHECK(!animating(item[1]));
  OK(brace_context_destroy(ctx));
}

/* ------------------------------------------------------------------ bad input */

/* What a refused call must leave as it was. */
typedef struct state {
  uint32_t depth;
  size_t sampled;
  brace_rect model, shown;
} state;

static brace_node g_probe;

static state snapshot(void) {
  state s;
  s.depth = depth();
  s.sampled = sample_count(1.25);
  s.model = model(g_probe);
  s.shown = shown(g_probe, 1.25);
  return s;
}

static void unchanged(int line, state before) {
  state now = snapshot();
  g_checks++;
  if (now.depth != before.depth || now.sampled != before.sampled || !rect_eq(now.model, before.model) ||
      !rect_eq(now.shown, before.shown)) {
    g_failures++;
    fprintf(stderr, "%s:%d: FAIL [%s] a refused call changed the state: depth %u -> %u, animating %zu -> %zu\n",
            __FILE__, line, g_section, (unsigned)before.depth, (unsigned)now.depth, before.sampled, now.sampled);
  }
}
#define UNCHANGED(s) unchanged(__LINE__, (s))

/* A begin at t = 1 with `p`, refused with a message containing `needle`. */
#define BAD_BEGIN(p, needle)                                                                    \
  do {                                                                                          \
    state s_ = snapshot();                                                                      \
    ERR(ctx, BRACE_E_INVALID_ARGUMENT, needle, brace_context_begin_animation(ctx, &(p), 1.0)); \
    UNCHANGED(s_);                                                                              \
  } while (0)

static void test_bad_input(void) {
  g_section = "bad input";
  ctx = check_new_context("test_animation");
  if (!ctx) return;
  g_probe = check_node(ctx, 0, R(0, 0, 10, 10));
  begin(params(1, BRACE_CURVE_LINEAR), 1);
  OK(brace_node_set_frame(ctx, g_probe, R(100, 0, 10, 10)));
  commit();
  /* The probe animates from 1 to 2: at 1.25 it is at 25. */
  SHOWN(g_probe, 1.25, 25, 0, 10, 10);

  state s = snapshot();
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "params", brace_context_begin_animation(ctx, NULL, 1));
  UNCHANGED(s);

  brace_animation_params p = params(1, BRACE_CURVE_LINEAR);
  p.struct_size = 8;
  BAD_BEGIN(p, "struct_size");
  p.struct_size = 0;
  BAD_BEGIN(p, "struct_size");
  p.struct_size = sizeof p - 1;
  BAD_BEGIN(p, "struct_size");

  const double bad_times[4] = {NAN, -1, INFINITY, -INFINITY};
  for (int i = 0; i < 4; i++) {
    p = params(bad_times[i], BRACE_CURVE_LINEAR);
    BAD_BEGIN(p, "duration");
    p = params(1, BRACE_CURVE_LINEAR);
    p.delay = bad_times[i];
    BAD_BEGIN(p, "delay");
  }
  p = params(-1e-300, BRACE_CURVE_LINEAR);
  BAD_BEGIN(p, "duration");

  const double bad_damping[6] = {0, -0.0, -0.5, 1.0000001, NAN, INFINITY};
  for (int i = 0; i < 6; i++) {
    p = params(1, BRACE_CURVE_SPRING);
    p.damping_ratio = bad_damping[i];
    BAD_BEGIN(p, "damping_ratio");
  }
  const double bad_velocity[3] = {NAN, INFINITY, -INFINITY};
  for (int i = 0; i < 3; i++) {
    p = params(1, BRACE_CURVE_SPRING);
    p.initial_velocity = bad_velocity[i];
    BAD_BEGIN(p, "initial_velocity");
  }

  /* x1 and x2 in [0, 1]; all four finite. */
  const double bad_points[6][4] = {{-0.01, 0, 0.5, 1}, {0.5, 0, 1.01, 1}, {NAN, 0, 0.5, 1},
                                   {0.5, INFINITY, 0.5, 1}, {0.5, 0, 0.5, NAN}, {2, 0, -1, 1}};
  for (int i = 0; i < 6; i++) {
    p = params(1, BRACE_CURVE_CUBIC_BEZIER);
    memcpy(p.control_points, bad_points[i], sizeof p.control_points);
    BAD_BEGIN(p, "control_points");
  }
  p = params(1, (brace_animation_curve)6);
  BAD_BEGIN(p, "curve");
  p = params(1, (brace_animation_curve)-1);
  BAD_BEGIN(p, "curve");
  p = params(1, BRACE_CURVE_LINEAR);
  p.options = 1u << 4;
  BAD_BEGIN(p, "options");
  p.options = BRACE_ANIMATION_BEGIN_FROM_CURRENT_STATE | 0x80000000u;
  BAD_BEGIN(p, "options");

  /* Times: not finite, or earlier than the latest (1). A refused time moves nothing:
     a begin at 100 refused for its params leaves the clock at 1. */
  p = params(1, BRACE_CURVE_LINEAR);
  const double bad_now[3] = {NAN, INFINITY, -INFINITY};
  for (int i = 0; i < 3; i++) {
    s = snapshot();
    ERR(ctx, BRACE_E_INVALID_ARGUMENT, "now", brace_context_begin_animation(ctx, &p, bad_now[i]));
    UNCHANGED(s);
    ERR(ctx, BRACE_E_INVALID_ARGUMENT, "now", brace_context_tick(ctx, bad_now[i], NULL));
    UNCHANGED(s);
  }
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "backwards", brace_context_begin_animation(ctx, &p, 0.5));
  UNCHANGED(s);
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "backwards", brace_context_tick(ctx, 0.999, NULL));
  UNCHANGED(s);
  brace_animation_params neg = params(-1, BRACE_CURVE_LINEAR);
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "duration", brace_context_begin_animation(ctx, &neg, 100));
  UNCHANGED(s);

  /* Commit with nothing open; tick with a transaction open (refused at 100, which
     leaves the clock at 1 too). */
  ERR(ctx, BRACE_E_INVALID_STATE, "no animation transaction is open", brace_context_commit_animation(ctx));
  UNCHANGED(s);
  begin(params(1, BRACE_CURVE_LINEAR), 1);
  s = snapshot();
  ERR(ctx, BRACE_E_INVALID_STATE, "commit", brace_context_tick(ctx, 100, NULL));
  UNCHANGED(s);
  OK(brace_context_begin_without_animation(ctx));
  ERR(ctx, BRACE_E_INVALID_STATE, "commit", brace_context_tick(ctx, 100, NULL));
  commit();
  commit();
  s = snapshot();
  CHECK_EQ(s.depth, 0);

  /* The queries. */
  brace_rect r;
  brace_presented_frame buf[2];
  size_t count = 0;
  bool b = false;
  uint32_t d = 0;
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "finite", brace_node_get_presentation_frame(ctx, g_probe, NAN, &r));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "finite", brace_node_get_presentation_frame(ctx, g_probe, INFINITY, &r));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "NULL", brace_node_get_presentation_frame(ctx, g_probe, 1, NULL));
  CHECK(brace_node_get_presentation_frame(ctx, 0, 1, &r) != BRACE_OK);
  CHECK(brace_node_get_presentation_frame(ctx, g_probe ^ 1, 1, &r) != BRACE_OK);
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "finite", brace_context_sample_animations(ctx, NAN, buf, 2, &count));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "count", brace_context_sample_animations(ctx, 1, buf, 2, NULL));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "buffer", brace_context_sample_animations(ctx, 1, NULL, 2, &count));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "NULL", brace_node_is_animating(ctx, g_probe, NULL));
  CHECK(brace_node_is_animating(ctx, 0, &b) != BRACE_OK);
  CHECK(brace_node_cancel_animations(ctx, 0, true) != BRACE_OK);
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "NULL", brace_context_get_animation_depth(ctx, NULL));
  UNCHANGED(s);
  /* No context. */
  CHECK(brace_context_begin_animation(NULL, &p, 1) != BRACE_OK);
  CHECK(brace_context_begin_without_animation(NULL) != BRACE_OK);
  CHECK(brace_context_commit_animation(NULL) != BRACE_OK);
  CHECK(brace_context_tick(NULL, 1, NULL) != BRACE_OK);
  CHECK(brace_context_get_animation_depth(NULL, &d) != BRACE_OK);
  CHECK(brace_context_sample_animations(NULL, 1, buf, 2, &count) != BRACE_OK);

  /* Frames at the ends of the doubles: from -DBL_MAX to DBL_MAX the difference
     overflows to -inf, which no in-between frame can show: the change is not animated
     (the node jumps), so no presentation frame is ever infinite or NaN. A second change
     in the same transaction that overflows the recorded difference drops it too. */
  {
    brace_node huge = check_node(ctx, 0, R(-DBL_MAX, 0, 1, 1));
    begin(params(1, BRACE_CURVE_LINEAR), 1);
    OK(brace_node_set_frame(ctx, huge, R(DBL_MAX, 0, 1, 1)));
    commit();
    bool moving = true;
    OK(brace_node_is_animating(ctx, huge, &moving));
    CHECK(!moving);
    CHECK(rect_eq(shown(huge, 1.5), R(DBL_MAX, 0, 1, 1)));
    OK(brace_node_set_frame(ctx, huge, R(0, 0, 1, 1)));
    begin(params(1, BRACE_CURVE_LINEAR), 1);
    /* 0 - DBL_MAX/2: finite, recorded. */
    OK(brace_node_set_frame(ctx, huge, R(DBL_MAX / 2, 0, 1, 1)));
    OK(brace_node_is_animating(ctx, huge, &moving));
    CHECK(moving);
    /* Plus DBL_MAX/2 - (-DBL_MAX) = 1.5 DBL_MAX: the sum overflows to +inf. */
    OK(brace_node_set_frame(ctx, huge, R(-DBL_MAX, 0, 1, 1)));
    commit();
    OK(brace_node_is_animating(ctx, huge, &moving));
    CHECK(!moving);
    CHECK(rect_eq(shown(huge, 1.5), R(-DBL_MAX, 0, 1, 1)));
    s = snapshot();
  }

  /* A capacity smaller than the count: the count is all, the buffer holds capacity. */
  count = 0;
  OK(brace_context_sample_animations(ctx, 1.25, buf, 0, &count));
  CHECK_EQ(count, 1);

  /* Times equal to the latest are fine; the clock is still at 1, not 100. */
  begin(params(1, BRACE_CURVE_LINEAR), 1);
  commit();
  CHECK_EQ(tick(1.5), 1);
  CHECK_EQ(tick(2), 0);
  OK(brace_context_destroy(ctx));
}

/* ------------------------------------------------------------------ leak loop */

static void test_leak_loop(void) {
  g_section = "leak loop";
  ctx = check_new_context("test_animation");
  if (!ctx) return;
  brace_node root = check_node(ctx, 0, R(0, 0, 400, 400)), n[8];
  for (int i = 0; i < 8; i++) n[i] = check_node(ctx, root, R(0, 0, 10, 10));
  g_ndone = 0;
  double t = 0;
  for (int round = 0; round < 3; round++) {
    for (int k = 0; k < 100; k++) {
      brace_animation_params p = with_completion(params(0.35, (brace_animation_curve)(k % 6)), k);
      p.damping_ratio = 0.5;
      p.control_points[0] = 0.3;
      p.options = (k % 3 == 0) ? BRACE_ANIMATION_BEGIN_FROM_CURRENT_STATE : 0;
      begin(p, t);
      if (k % 5 == 0) {
        /* nested, one of them without animation */
        begin(params(0.2, BRACE_CURVE_EASE_IN), t);
        OK(brace_context_begin_without_animation(ctx));
        commit();
        commit();
      }
      for (int i = 0; i < 8; i++) OK(brace_node_set_frame(ctx, n[i], R((k + i) % 17 * 10.0, i * 10.0, 10, 10)));
      commit();
      if (k % 7 == 0) OK(brace_node_cancel_animations(ctx, n[k % 8], false));
      t += 0.1;
      (void)tick(t);
      size_t count = sample_count(t);
      CHECK(count <= 8);
    }
    t += 10;
    CHECK_EQ(tick(t), 0);
    CHECK_EQ(sample_count(t), 0);
    CHECK_EQ(sample_count(t - 10), 0); /* nothing is kept: not even at an earlier time */
    for (int i = 0; i < 8; i++) CHECK(!animating(n[i]));
    CHECK_EQ(g_ndone, 100 * (round + 1));
  }
  OK(brace_context_destroy(ctx));
}

int main(void) {
  if (!check_can_create_context("test_animation")) return 1;
  check_watchdog("test_animation: WATCHDOG: a call did not return (hang)\n", 600);
  test_recipe_curves();
  test_delay();
  test_springs();
  test_nesting();
  test_interruption();
  test_completions();
  test_cancel_destroy();
  test_new_views();
  test_stack_hiding();
  test_feedback_loop();
  test_frame_sources();
  test_bad_input();
  test_leak_loop();
  g_ctx = NULL;
  return check_summary("test_animation");
}
