/*
 * test_context_reset.c — brace_context_reset (since 0.12) empties a context and keeps its
 * settings. What is checked:
 *   - a scene (a stack, constraints from the visual format, a layout guide, identifiers,
 *     a free variable with an edit, a node property, a strategy with per-context state,
 *     an open animation transaction) built in a reset context lays out bit for bit as in
 *     a new context with the same options, with the same changed-frames list;
 *   - every handle made before the reset is refused (BRACE_E_FOREIGN_HANDLE), and the
 *     contents are gone: no animation transaction, nothing pending, no changed frames;
 *   - kept: the options, the diagnostics callback, the loaded strategies with their
 *     state (the "census" plugin counts its hooks: detach runs for its node, and neither
 *     context_destroy nor context_create);
 *   - completions pending at the reset are dropped, never called; the animation clock
 *     starts again;
 *   - refusals that change nothing: NULL, from a callback of the context
 *     (BRACE_E_REENTRANCY), from a second thread while the first is inside
 *     (BRACE_E_BUSY);
 *   - kiwi-style random systems solved in one context reset between them give the
 *     statuses and values, bit for bit, of a new context each.
 * The "census" plugin (Tests/c/plugins/census.c) is loaded from BRACE_PLUGIN_PATH.
 */
#include "check.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

/* ------------------------------------------------------------------ diagnostics */

static char last_report[160];
static int unsatisfiable_reports;

static void on_diagnostic(brace_context *ctx, const brace_diagnostic *d, void *user_data) {
  (void)ctx;
  (void)user_data;
  if (d->kind == BRACE_DIAGNOSTIC_PLUGIN) snprintf(last_report, sizeof last_report, "%s", d->message);
  if (d->kind == BRACE_DIAGNOSTIC_UNSATISFIABLE) unsatisfiable_reports++;
}

/* ------------------------------------------------------------------ the scene */

enum { NODES = 7 };

typedef struct scene {
  brace_node node[NODES]; /* root, box (stack), a, b, guide, census, label */
  brace_constraint width;  /* box's width == 200 */
  brace_variable v;
  brace_constraint on_v;
} scene;

static brace_context *new_context(void) {
  brace_context_options o;
  brace_context_options_init(&o);
  o.scale = 2;
  o.standard_spacing = 5;
  o.default_layout_margin = 12;
  brace_context *c = NULL;
  OK_IN(NULL, brace_context_create(&o, &c));
  if (c) OK_IN(c, brace_context_set_diagnostic_callback(c, on_diagnostic, NULL));
  return c;
}

static void build(brace_context *c, scene *s) {
  brace_node *n = s->node;
  for (int i = 0; i < NODES; i++) n[i] = 0;
  OK_IN(c, brace_node_create(c, &n[0]));
  OK_IN(c, brace_node_set_identifier(c, n[0], "root"));
  OK_IN(c, brace_node_set_frame(c, n[0], R(0, 0, 400, 300)));
  for (int i = 1; i < 4; i++) OK_IN(c, brace_node_create(c, &n[i]));
  OK_IN(c, brace_node_add_subview(c, n[0], n[1]));
  OK_IN(c, brace_node_set_identifier(c, n[1], "box"));
  OK_IN(c, brace_node_set_translates_autoresizing_mask(c, n[1], false));
  OK_IN(c, brace_node_set_layout_strategy(c, n[1], "stack"));
  OK_IN(c, brace_node_set_property_enum(c, n[1], "axis", "vertical"));
  OK_IN(c, brace_node_set_property_double(c, n[1], "spacing", 6));
  OK_IN(c, brace_node_add_subview(c, n[1], n[2]));
  OK_IN(c, brace_node_add_subview(c, n[1], n[3]));
  OK_IN(c, brace_node_set_intrinsic_content_size(c, n[2], (brace_size){100, 20}));
  OK_IN(c, brace_node_set_intrinsic_content_size(c, n[3], (brace_size){80, 30}));
  const char *names[] = {"box"};
  brace_constraint made[8];
  size_t count = 0;
  OK_IN(c, brace_constraints_create_with_visual_format(c, "H:|-[box]", 0, names, &n[1], 1, NULL, NULL, 0, made, 8,
                                                       &count));
  OK_IN(c, brace_constraints_activate(c, made, count));
  OK_IN(c, brace_constraints_create_with_visual_format(c, "V:|-[box]", 0, names, &n[1], 1, NULL, NULL, 0, made, 8,
                                                       &count));
  OK_IN(c, brace_constraints_activate(c, made, count));
  OK_IN(c, brace_constraint_create(c, n[1], BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 1, 200,
                                   &s->width));
  OK_IN(c, brace_constraint_set_identifier(c, s->width, "box-width"));
  OK_IN(c, brace_constraint_activate(c, s->width));
  /* A guide 50 wide, 20 right of the box's trailing edge, level with its top. */
  OK_IN(c, brace_layout_guide_create(c, n[0], &n[4]));
  brace_constraint g[4];
  OK_IN(c, brace_constraint_create(c, n[4], BRACE_ATTR_LEADING, BRACE_RELATION_EQUAL, n[1], BRACE_ATTR_TRAILING, 1,
                                   20, &g[0]));
  OK_IN(c, brace_constraint_create(c, n[4], BRACE_ATTR_TOP, BRACE_RELATION_EQUAL, n[1], BRACE_ATTR_TOP, 1, 0, &g[1]));
  OK_IN(c, brace_constraint_create(c, n[4], BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 1, 50, &g[2]));
  OK_IN(c, brace_constraint_create(c, n[4], BRACE_ATTR_HEIGHT, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 1, 10, &g[3]));
  OK_IN(c, brace_constraints_activate(c, g, 4));
  /* The census container, placed by its frame. */
  OK_IN(c, brace_node_create(c, &n[5]));
  OK_IN(c, brace_node_add_subview(c, n[0], n[5]));
  OK_IN(c, brace_node_set_frame(c, n[5], R(10, 250, 100, 40)));
  OK_IN(c, brace_node_set_layout_strategy(c, n[5], "census"));
  /* A label pinned to the guide's bottom, its width dragged by an edit. */
  OK_IN(c, brace_node_create(c, &n[6]));
  OK_IN(c, brace_node_add_subview(c, n[0], n[6]));
  OK_IN(c, brace_node_set_identifier(c, n[6], "label"));
  OK_IN(c, brace_node_set_translates_autoresizing_mask(c, n[6], false));
  OK_IN(c, brace_node_set_intrinsic_content_size(c, n[6], (brace_size){40, 12}));
  OK_IN(c, brace_constraint_create(c, n[6], BRACE_ATTR_TOP, BRACE_RELATION_EQUAL, n[4], BRACE_ATTR_BOTTOM, 1, 4, &g[0]));
  OK_IN(c, brace_constraint_create(c, n[6], BRACE_ATTR_LEFT, BRACE_RELATION_EQUAL, n[4], BRACE_ATTR_LEFT, 1, 0, &g[1]));
  OK_IN(c, brace_constraints_activate(c, g, 2));
  OK_IN(c, brace_context_add_edit(c, n[6], BRACE_ATTR_WIDTH, 900));
  OK_IN(c, brace_context_suggest_value(c, n[6], BRACE_ATTR_WIDTH, 66));
  /* A free variable: v >= 3 and, weakly, v == 0. */
  OK_IN(c, brace_variable_create(c, &s->v));
  double one = 1;
  OK_IN(c, brace_constraint_add_on_variables(c, &s->v, &one, 1, BRACE_RELATION_GREATER_EQUAL, 3, 1000, &s->on_v));
  brace_constraint weak;
  OK_IN(c, brace_constraint_add_on_variables_weighted(c, &s->v, &one, 1, BRACE_RELATION_EQUAL, 0, 250, 2, &weak));
  OK_IN(c, brace_context_run_update_cycle(c));
}

/* The frames, the variable's value and the changed-frames list must be bit for bit
   those of `b`'s scene. */
static void same_layout(brace_context *a, const scene *sa, brace_context *b, const scene *sb) {
  for (int i = 0; i < NODES; i++) {
    brace_rect ra = {-1, -1, -1, -1}, rb = {-2, -2, -2, -2};
    OK_IN(a, brace_node_get_frame(a, sa->node[i], &ra));
    OK_IN(b, brace_node_get_frame(b, sb->node[i], &rb));
    CHECK(memcmp(&ra, &rb, sizeof ra) == 0);
  }
  double va = -1, vb = -2;
  OK_IN(a, brace_variable_get_value(a, sa->v, &va));
  OK_IN(b, brace_variable_get_value(b, sb->v, &vb));
  CHECK(memcmp(&va, &vb, sizeof va) == 0);
  CHECK(va == 3);
  size_t ca = 0, cb = 0;
  OK_IN(a, brace_context_get_changed_frames(a, 0, NULL, 0, &ca));
  OK_IN(b, brace_context_get_changed_frames(b, 0, NULL, 0, &cb));
  CHECK_EQ(ca, cb);
}

/* The handles of a scene made before a reset: all refused, as another context's. */
static void all_refused(brace_context *c, const scene *s) {
  brace_rect r;
  for (int i = 0; i < NODES; i++) {
    ERR(c, BRACE_E_FOREIGN_HANDLE, "another context", brace_node_get_frame(c, s->node[i], &r));
    CHECK(!brace_node_is_alive(c, s->node[i]));
  }
  ERR(c, BRACE_E_FOREIGN_HANDLE, "another context", brace_constraint_set_constant(c, s->width, 10));
  ERR(c, BRACE_E_FOREIGN_HANDLE, "another context", brace_constraint_destroy(c, s->on_v));
  double v;
  ERR(c, BRACE_E_FOREIGN_HANDLE, "another context", brace_variable_get_value(c, s->v, &v));
  ERR(c, BRACE_E_FOREIGN_HANDLE, "another context", brace_variable_destroy(c, s->v));
}

static void test_scene(void) {
  g_section = "scene";
  brace_context *r = new_context(), *fresh = new_context();
  if (!r || !fresh) return;
  g_ctx = r;
  size_t strategies = 0;
  scene before, again, reference;
  build(r, &before);
  CHECK(strstr(last_report, "attach attached=1 ") != NULL);
  OK(brace_context_get_strategy_count(r, &strategies));
  int creates = 0, destroys = 0;
  CHECK_EQ(sscanf(strstr(last_report, "creates="), "creates=%d destroys=%d", &creates, &destroys), 2);
  /* Left behind: an open transaction with an animated change in it, a changed width. */
  brace_animation_params p = BRACE_ANIMATION_PARAMS_INIT;
  p.duration = 0.5;
  OK(brace_context_begin_animation(r, &p, 0));
  OK(brace_constraint_set_constant(r, before.width, 260));
  OK(brace_node_layout_if_needed(r, before.node[0]));
  uint32_t depth = 9;
  OK(brace_context_get_animation_depth(r, &depth));
  CHECK_EQ(depth, 1);

  last_report[0] = 0;
  OK(brace_context_reset(r));
  /* The census node was detached (its count back to 0); no context hook ran. */
  char want[96];
  snprintf(want, sizeof want, "detach attached=0 creates=%d destroys=%d", creates, destroys);
  CHECK(strstr(last_report, want) != NULL);
  all_refused(r, &before);
  OK(brace_context_get_animation_depth(r, &depth));
  CHECK_EQ(depth, 0);
  ERR(r, BRACE_E_INVALID_STATE, "", brace_context_commit_animation(r));
  uint32_t pending = 9;
  OK(brace_context_get_pending(r, &pending));
  CHECK_EQ(pending, 0);
  size_t changed = 9;
  OK(brace_context_get_changed_frames(r, 0, NULL, 0, &changed));
  CHECK_EQ(changed, 0);
  size_t after = 0;
  OK(brace_context_get_strategy_count(r, &after));
  CHECK_EQ(after, strategies);
  brace_context_options o = {.struct_size = sizeof o};
  OK(brace_context_get_options(r, &o));
  CHECK(o.scale == 2 && o.standard_spacing == 5 && o.default_layout_margin == 12);

  /* Built again: the layout of a new context, and the census plugin's state is the
     one it had (one node attached, no new context_create). */
  build(r, &again);
  snprintf(want, sizeof want, "attach attached=1 creates=%d destroys=%d", creates, destroys);
  CHECK(strstr(last_report, want) != NULL);
  build(fresh, &reference);
  same_layout(r, &again, fresh, &reference);
  /* The box 200 wide at the margins (12, 12); a above b, 6 apart. */
  g_ctx = r;
  CHECK_FRAME(again.node[1], 12, 12, 200, 56);
  CHECK_FRAME(again.node[4], 232, 12, 50, 10);
  CHECK_FRAME(again.node[6], 232, 26, 66, 12);
  /* The diagnostics callback is still the test's. */
  unsatisfiable_reports = 0;
  brace_constraint clash;
  OK(brace_constraint_create(r, again.node[1], BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 1, 90,
                             &clash));
  OK(brace_constraint_activate(r, clash));
  CHECK_EQ(unsatisfiable_reports, 1);

  OK_IN(fresh, brace_context_destroy(fresh));
  OK_IN(r, brace_context_destroy(r));
  g_ctx = NULL;
}

/* ------------------------------------------------------------------ refusals */

static brace_status from_callback = BRACE_OK;

static void reset_from_layout(brace_context *ctx, brace_node node, void *user_data) {
  (void)node;
  (void)user_data;
  from_callback = brace_context_reset(ctx);
}

static atomic_int inside, let_go;

static void nap(void) {
  struct timespec t = {0, 1000000};
  nanosleep(&t, NULL);
}

static void wait_in_layout(brace_context *ctx, brace_node node, void *user_data) {
  (void)ctx;
  (void)node;
  (void)user_data;
  inside = 1;
  while (!let_go) nap();
}

static void *run_cycle(void *ctx) {
  brace_status s = brace_context_run_update_cycle(ctx);
  return (void *)(intptr_t)s;
}

static void test_refusals(void) {
  g_section = "refusals";
  ERR(NULL, BRACE_E_INVALID_ARGUMENT, "NULL", brace_context_reset(NULL));
  brace_context *c = NULL;
  OK_IN(NULL, brace_context_create(NULL, &c));
  if (!c) return;
  g_ctx = c;
  brace_node root;
  OK(brace_node_create(c, &root));
  OK(brace_node_set_frame(c, root, R(0, 0, 100, 100)));
  brace_node_callbacks cb = {.struct_size = sizeof cb, .layout_subviews = reset_from_layout};
  OK(brace_node_set_callbacks(c, root, &cb));
  OK(brace_node_set_needs_layout(c, root));
  OK(brace_context_run_update_cycle(c));
  CHECK_EQ(from_callback, BRACE_E_REENTRANCY);
  CHECK(contains_ci(brace_last_error(c), "brace_context_reset: cannot reset the context from inside one of its callbacks"));
  CHECK(brace_node_is_alive(c, root));
  brace_rect frame;
  OK(brace_node_get_frame(c, root, &frame));
  CHECK(rect_eq(frame, R(0, 0, 100, 100)));

  /* A second thread inside the context (in a layout callback): BRACE_E_BUSY. */
  cb.layout_subviews = wait_in_layout;
  OK(brace_node_set_callbacks(c, root, &cb));
  OK(brace_node_set_needs_layout(c, root));
  pthread_t t;
  CHECK(pthread_create(&t, NULL, run_cycle, c) == 0);
  while (!inside) nap();
  ERR(c, BRACE_E_BUSY, "another thread", brace_context_reset(c));
  let_go = 1;
  void *status = NULL;
  pthread_join(t, &status);
  CHECK_EQ((intptr_t)status, BRACE_OK);
  CHECK(brace_node_is_alive(c, root));
  OK(brace_context_destroy(c));
  g_ctx = NULL;
}

/* ------------------------------------------------------------------ completions */

static int completions;
static void count_completion(brace_context *ctx, bool finished, void *user_data) {
  (void)ctx;
  (void)finished;
  (void)user_data;
  completions++;
}

/* Completions pending at the reset (a running animation's, a transaction's due at the
   next tick) are dropped without being called, as at brace_context_destroy: a node
   destroyed alone would have had its transaction complete with finished = false. */
static void test_completions(void) {
  g_section = "completions";
  brace_context *c = NULL;
  OK_IN(NULL, brace_context_create(NULL, &c));
  if (!c) return;
  g_ctx = c;
  brace_node n;
  OK(brace_node_create(c, &n));
  OK(brace_node_set_frame(c, n, R(0, 0, 10, 10)));
  brace_animation_params p = BRACE_ANIMATION_PARAMS_INIT;
  p.duration = 1;
  p.completion = count_completion;
  OK(brace_context_begin_animation(c, &p, 5));
  OK(brace_node_set_frame(c, n, R(0, 0, 50, 10)));
  OK(brace_context_commit_animation(c));
  p.duration = 0; /* records nothing: due at the next tick */
  OK(brace_context_begin_animation(c, &p, 5));
  OK(brace_context_commit_animation(c));
  ERR(c, BRACE_E_INVALID_ARGUMENT, "earlier", brace_context_tick(c, 1, NULL));
  OK(brace_context_reset(c));
  /* The clock starts again, as a new context's: 1 is earlier than the 5 given before. */
  OK(brace_context_tick(c, 1, NULL));
  size_t remaining = 9;
  OK(brace_context_tick(c, 10, &remaining));
  CHECK_EQ(remaining, 0);
  CHECK_EQ(completions, 0);
  OK(brace_context_destroy(c));
  g_ctx = NULL;
}

/* ------------------------------------------------------------------ kiwi-style systems */

enum { VARS = 6, ADDS = 14, SYSTEMS = 300 };

static uint64_t seed = 0x2545F4914F6CDD1Du;
static double uniform(void) { /* xorshift64*, in [0, 1) */
  seed ^= seed >> 12;
  seed ^= seed << 25;
  seed ^= seed >> 27;
  return (double)((seed * 2685821657736338717u) >> 11) / 9007199254740992.0;
}

typedef struct outcome {
  brace_status status[ADDS + 2];
  double value[VARS];
} outcome;

/* One random system on `c` (empty), replayed from `s`; what it gave in `out`. */
static void solve(brace_context *c, uint64_t s, outcome *out) {
  seed = s;
  brace_variable v[VARS];
  for (int i = 0; i < VARS; i++) OK_IN(c, brace_variable_create(c, &v[i]));
  for (int k = 0; k < ADDS; k++) {
    int n = 1 + (int)(uniform() * 3);
    brace_variable vs[3];
    double m[3];
    for (int i = 0; i < n; i++) {
      vs[i] = v[(int)(uniform() * VARS)];
      m[i] = (uniform() < 0.5 ? -1 : 1) * (0.5 + 4 * uniform());
    }
    brace_relation rel = (brace_relation)((int)(uniform() * 3) - 1); /* -1, 0 or 1 */
    double constant = -50 + 100 * uniform();
    brace_constraint h;
    if (uniform() < 0.4)
      out->status[k] = brace_constraint_add_on_variables(c, vs, m, (size_t)n, rel, constant, 1000, &h);
    else
      out->status[k] = brace_constraint_add_on_variables_weighted(c, vs, m, (size_t)n, rel, constant, 500,
                                                                  0.01 + 10 * uniform(), &h);
  }
  out->status[ADDS] = brace_context_add_edit(c, v[0], BRACE_ATTR_NONE, 750);
  out->status[ADDS + 1] = brace_context_suggest_value(c, v[0], BRACE_ATTR_NONE, -20 + 40 * uniform());
  OK_IN(c, brace_variables_get_values(c, v, VARS, out->value));
}

static void test_systems(void) {
  g_section = "kiwi systems";
  brace_context_options o;
  brace_context_options_init(&o);
  o.quiet_diagnostics = true; /* refused required rows are expected */
  brace_context *reused = NULL;
  OK_IN(NULL, brace_context_create(&o, &reused));
  if (!reused) return;
  int differ = 0, refused = 0, invalid = 0;
  for (int k = 0; k < SYSTEMS; k++) {
    uint64_t s = 0x9E3779B97F4A7C15u * (uint64_t)(k + 1);
    brace_context *fresh = NULL;
    OK_IN(NULL, brace_context_create(&o, &fresh));
    if (!fresh) return;
    outcome a, b;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    solve(reused, s, &a);
    solve(fresh, s, &b);
    if (memcmp(&a, &b, sizeof a) != 0) differ++;
    for (int i = 0; i < ADDS; i++) {
      refused += a.status[i] == BRACE_E_UNSATISFIABLE;
      invalid += a.status[i] == BRACE_E_INVALID_ARGUMENT;
    }
    OK_IN(fresh, brace_context_destroy(fresh));
    OK_IN(reused, brace_context_reset(reused));
  }
  CHECK_EQ(differ, 0);
  /* The systems do meet refusals, which a reset must leave no trace of either (112 of the
     4,200 adds with this generator); every add is a valid call, with each relation. */
  CHECK(refused >= 10);
  CHECK_EQ(invalid, 0);
  OK_IN(reused, brace_context_destroy(reused));
}

int main(void) {
  check_watchdog("WATCHDOG: test_context_reset hung\n", 120);
  if (!check_can_create_context("test_context_reset")) return check_summary("test_context_reset");
  test_scene();
  test_refusals();
  test_completions();
  test_systems();
  return check_summary("test_context_reset");
}
