/*
 * test_changes.c — the changed-frames list (brace_context_get_changed_frames, cycle.h
 * CHANGED FRAMES) against the installed library: what a turn lists with old and new
 * frames worked out by hand; an empty list after a turn that changed nothing; a node
 * that changes and comes back; created and destroyed nodes; the period (what the host
 * changes between turns, layout_if_needed, run_phase, a draw callback reading the list
 * and one moving a view); root coordinates; bad arguments; and a property test: over
 * 300 seeds of random trees (frames, autoresizing, a stack, constraints) and random
 * edits, the list after each turn equals a diff of every live node's frame with a
 * snapshot taken after the previous turn.
 */
#include "check.h"

#include <stdlib.h>

static brace_context *ctx;

#define MAXC 256
static brace_frame_change got[MAXC];
static size_t got_count;

/* Reads the list into `got`. */
static void list(uint32_t options) {
  got_count = (size_t)-1;
  OK(brace_context_get_changed_frames(ctx, options, got, MAXC, &got_count));
}

/* The entry of `n` in `got`, or NULL. */
static const brace_frame_change *entry(brace_node n) {
  for (size_t i = 0; i < got_count && i < MAXC; i++)
    if (got[i].node == n) return &got[i];
  return NULL;
}

static void check_entry(brace_node n, brace_rect old_frame, brace_rect new_frame, int line) {
  const brace_frame_change *e = entry(n);
  g_checks++;
  if (!e || !rect_eq(e->old_frame, old_frame) || !rect_eq(e->new_frame, new_frame)) {
    char m[256];
    if (!e)
      snprintf(m, sizeof m, "node %llx is not listed", (unsigned long long)n);
    else
      snprintf(m, sizeof m, "node %llx: got (%g %g %g %g) -> (%g %g %g %g)", (unsigned long long)n, e->old_frame.x,
               e->old_frame.y, e->old_frame.width, e->old_frame.height, e->new_frame.x, e->new_frame.y,
               e->new_frame.width, e->new_frame.height);
    fail_at(__FILE__, line, m);
  }
}
#define ENTRY(n, o, w) check_entry((n), (o), (w), __LINE__)

/* A 100 x 100 root with two 10 x 10 subviews at the origin, after a turn. */
static brace_node two_boxes(brace_node *a, brace_node *b) {
  brace_node root = check_node(ctx, 0, R(0, 0, 100, 100));
  *a = check_node(ctx, root, R(0, 0, 10, 10));
  *b = check_node(ctx, root, R(0, 0, 10, 10));
  OK(brace_context_run_update_cycle(ctx));
  return root;
}

/* ------------------------------------------------------------------ by hand */

static void test_basics(void) {
  g_section = "basics";
  list(0);
  CHECK_EQ(got_count, 0); /* before the first turn */

  brace_node root = check_node(ctx, 0, R(0, 0, 100, 100));
  brace_node a = check_node(ctx, root, R(10, 10, 20, 20));
  brace_node b = check_node(ctx, root, R(40, 10, 20, 20));
  brace_node c = check_node(ctx, root, R(70, 10, 20, 20));
  OK(brace_context_run_update_cycle(ctx));
  /* Created in this period: each counts as having had the zero rectangle. */
  list(0);
  CHECK_EQ(got_count, 4);
  ENTRY(root, R(0, 0, 0, 0), R(0, 0, 100, 100));
  ENTRY(a, R(0, 0, 0, 0), R(10, 10, 20, 20));

  /* Nothing changed: an empty list. */
  OK(brace_context_run_update_cycle(ctx));
  list(0);
  CHECK_EQ(got_count, 0);

  /* a moves twice (listed once, from its first frame to its last), b moves and comes
     back (not listed), c's center moves by (5, -5): (70, 10) -> (75, 5). */
  OK(brace_node_set_frame(ctx, a, R(11, 10, 20, 20)));
  OK(brace_node_set_frame(ctx, a, R(12, 10, 25, 20)));
  OK(brace_node_set_frame(ctx, b, R(0, 0, 1, 1)));
  OK(brace_node_set_frame(ctx, b, R(40, 10, 20, 20)));
  OK(brace_node_set_center(ctx, c, (brace_point){85, 15}));
  OK(brace_context_run_update_cycle(ctx));
  list(0);
  CHECK_EQ(got_count, 2);
  ENTRY(a, R(10, 10, 20, 20), R(12, 10, 25, 20));
  ENTRY(c, R(70, 10, 20, 20), R(75, 5, 20, 20));
  CHECK(entry(b) == NULL);

  /* Reading changes nothing: the same list again, and with a small buffer the count
     is the total while one entry is written. */
  list(0);
  CHECK_EQ(got_count, 2);
  size_t n = 0;
  brace_frame_change one[2];
  memset(one, 0, sizeof one);
  OK(brace_context_get_changed_frames(ctx, 0, NULL, 0, &n));
  CHECK_EQ(n, 2);
  OK(brace_context_get_changed_frames(ctx, 0, one, 1, &n));
  CHECK_EQ(n, 2);
  CHECK(one[0].node == a || one[0].node == c);
  CHECK_EQ(one[1].node, 0);

  /* The autoresizing of the "frame" strategy: a flexible-width child of a root that
     grows from 100 to 150 wide grows by 50: (10, 10, 20 x 20) -> (10, 10, 70 x 20). */
  OK(brace_node_set_autoresizing_mask(ctx, b, BRACE_AUTORESIZE_FLEXIBLE_WIDTH));
  OK(brace_node_set_frame(ctx, root, R(0, 0, 150, 100)));
  OK(brace_context_run_update_cycle(ctx));
  list(0);
  CHECK_EQ(got_count, 2);
  ENTRY(root, R(0, 0, 100, 100), R(0, 0, 150, 100));
  ENTRY(b, R(40, 10, 20, 20), R(40, 10, 70, 20));
  OK(brace_node_destroy(ctx, root));
}

static void test_destroyed(void) {
  g_section = "destroyed nodes";
  brace_node a, b, root = two_boxes(&a, &b);

  /* Changed, then destroyed before the turn: not listed. A new node may take a's slot:
     it is another node, listed from the zero rectangle. */
  OK(brace_node_set_frame(ctx, a, R(5, 5, 10, 10)));
  OK(brace_node_set_frame(ctx, b, R(5, 5, 10, 10)));
  OK(brace_node_destroy(ctx, a));
  brace_node d = check_node(ctx, root, R(1, 2, 3, 4));
  OK(brace_context_run_update_cycle(ctx));
  list(0);
  CHECK_EQ(got_count, 2);
  CHECK(entry(a) == NULL);
  ENTRY(b, R(0, 0, 10, 10), R(5, 5, 10, 10));
  ENTRY(d, R(0, 0, 0, 0), R(1, 2, 3, 4));

  /* Listed, then destroyed before the list is read: it drops out of the answer. */
  OK(brace_node_destroy(ctx, b));
  list(0);
  CHECK_EQ(got_count, 1);
  ENTRY(d, R(0, 0, 0, 0), R(1, 2, 3, 4));

  /* Created, framed and destroyed many times without a turn: the list stays bounded
     (valgrind sees no growth problem) and holds none of them. */
  for (int i = 0; i < 1000; i++) {
    brace_node t = check_node(ctx, root, R(i, 0, 1, 1));
    OK(brace_node_destroy(ctx, t));
  }
  OK(brace_context_run_update_cycle(ctx));
  list(0);
  CHECK_EQ(got_count, 0);
  OK(brace_node_destroy(ctx, root));
}

/* A draw callback that reads the list (it is complete in the display pass) and moves a
   view (a change for the next turn's list). */
static size_t g_seen_in_draw;
static brace_node g_move_in_draw;

static void draw_reads(brace_context *c, brace_node node, brace_rect dirty, void *user_data) {
  (void)node;
  (void)dirty;
  (void)user_data;
  OK_IN(c, brace_context_get_changed_frames(c, 0, NULL, 0, &g_seen_in_draw));
  if (g_move_in_draw) OK_IN(c, brace_node_set_frame(c, g_move_in_draw, R(50, 50, 10, 10)));
}

static void test_period(void) {
  g_section = "the period";
  brace_node a, b, root = two_boxes(&a, &b);

  /* layout_if_needed and run_phase(LAYOUT) do not publish: the last turn's list stays. */
  OK(brace_node_set_frame(ctx, a, R(1, 0, 10, 10)));
  OK(brace_node_layout_if_needed(ctx, root));
  OK(brace_context_run_phase(ctx, BRACE_PHASE_CONSTRAINTS));
  OK(brace_context_run_phase(ctx, BRACE_PHASE_LAYOUT));
  list(0);
  CHECK_EQ(got_count, 3); /* the first turn's: root, a, b created */
  /* run_phase(DISPLAY) publishes. */
  OK(brace_context_run_phase(ctx, BRACE_PHASE_DISPLAY));
  list(0);
  CHECK_EQ(got_count, 1);
  ENTRY(a, R(0, 0, 10, 10), R(1, 0, 10, 10));

  /* A draw callback sees the complete list (b moved before the turn); what it moves
     (a, to (50, 50)) is in the next turn's list. */
  brace_node_callbacks cb;
  memset(&cb, 0, sizeof cb);
  cb.struct_size = sizeof cb;
  cb.draw = draw_reads;
  OK(brace_node_set_callbacks(ctx, root, &cb));
  OK(brace_node_set_needs_display(ctx, root));
  OK(brace_node_set_frame(ctx, b, R(2, 0, 10, 10)));
  g_seen_in_draw = 99;
  g_move_in_draw = a;
  OK(brace_context_run_update_cycle(ctx));
  CHECK_EQ(g_seen_in_draw, 1);
  list(0);
  CHECK_EQ(got_count, 1);
  ENTRY(b, R(0, 0, 10, 10), R(2, 0, 10, 10));
  g_move_in_draw = 0;
  OK(brace_context_run_update_cycle(ctx));
  list(0);
  CHECK_EQ(got_count, 1);
  ENTRY(a, R(1, 0, 10, 10), R(50, 50, 10, 10));
  OK(brace_node_set_callbacks(ctx, root, NULL));

  /* Inside an animation transaction the model frame changes at once and is listed. */
  brace_animation_params p = BRACE_ANIMATION_PARAMS_INIT;
  p.duration = 1;
  OK(brace_context_begin_animation(ctx, &p, 0));
  OK(brace_node_set_frame(ctx, b, R(30, 0, 10, 10)));
  OK(brace_context_commit_animation(ctx));
  OK(brace_context_run_update_cycle(ctx));
  list(0);
  CHECK_EQ(got_count, 1);
  ENTRY(b, R(2, 0, 10, 10), R(30, 0, 10, 10));
  OK(brace_context_tick(ctx, 2, NULL));
  OK(brace_node_destroy(ctx, root));
}

static void test_root_coordinates(void) {
  g_section = "root coordinates";
  /* root at (100, 50); p at (10, 10) in it, scrolled by (0, 5); q at (1, 2) in p;
     s at (3, 3) in q. */
  brace_node root = check_node(ctx, 0, R(100, 50, 400, 400));
  brace_node p = check_node(ctx, root, R(10, 10, 200, 200));
  OK(brace_node_set_bounds(ctx, p, R(0, 5, 200, 200)));
  brace_node q = check_node(ctx, p, R(1, 2, 50, 50));
  brace_node s = check_node(ctx, q, R(3, 3, 5, 5));
  OK(brace_context_run_update_cycle(ctx));
  /* p moves to (20, 10) and s to (4, 3); q does not move in p. */
  OK(brace_node_set_frame(ctx, p, R(20, 10, 200, 200)));
  OK(brace_node_set_frame(ctx, s, R(4, 3, 5, 5)));
  OK(brace_context_run_update_cycle(ctx));
  list(BRACE_CHANGED_FRAMES_IN_ROOT);
  CHECK_EQ(got_count, 2);
  /* p: its frame plus root's origin (root's bounds origin 0):
     old (10 + 100, 10 + 50) = (110, 60), new (20 + 100, 10 + 50) = (120, 60). */
  ENTRY(p, R(110, 60, 200, 200), R(120, 60, 200, 200));
  /* s: + q (1, 2) + p's origin minus its bounds origin (0, 5) + root (100, 50).
     old: p was at (10, 10): x 3 + 1 + 10 + 100 = 114, y 3 + 2 + 10 - 5 + 50 = 60;
     new: p at (20, 10), s at (4, 3): x 4 + 1 + 20 + 100 = 125, y 60. */
  ENTRY(s, R(114, 60, 5, 5), R(125, 60, 5, 5));
  /* Without the option, the superview's coordinates. */
  list(0);
  ENTRY(s, R(3, 3, 5, 5), R(4, 3, 5, 5));
  OK(brace_node_destroy(ctx, root));
}

static void test_errors(void) {
  g_section = "bad arguments";
  brace_frame_change buf[1];
  size_t n = 7;
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "count", brace_context_get_changed_frames(ctx, 0, buf, 1, NULL));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "buffer is NULL", brace_context_get_changed_frames(ctx, 0, NULL, 1, &n));
  CHECK_EQ(n, 7);
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "unknown bits 0x2", brace_context_get_changed_frames(ctx, 2, buf, 1, &n));
  CHECK_EQ(n, 7);
  ERR(NULL, BRACE_E_INVALID_ARGUMENT, "context is NULL", brace_context_get_changed_frames(NULL, 0, buf, 1, &n));
}

/* ------------------------------------------------------------------ property test */

#define MAXN 48

static unsigned long long g_rng;
static unsigned rnd(unsigned n) {
  g_rng = g_rng * 6364136223846793005ull + 1442695040888963407ull;
  return (unsigned)((g_rng >> 33) % n);
}

/* Every node the test made (live or not) and its frame after the last turn. */
static brace_node nodes[MAXN];
static brace_rect snap[MAXN];
static int node_count;
static brace_constraint cons[8];
static int con_count;
static brace_node stack_node, roots[2];

static int alive(brace_node n) {
  brace_rect r;
  return brace_node_get_frame(ctx, n, &r) == BRACE_OK;
}

static brace_rect rnd_rect(void) { return R(rnd(200), rnd(200), rnd(120), rnd(120)); }

static brace_node add_node(brace_node parent) {
  if (node_count == MAXN) return 0;
  brace_node n = check_node(ctx, parent, rnd(4) == 0 ? R(0, 0, 0, 0) : rnd_rect());
  snap[node_count] = R(0, 0, 0, 0); /* created in this period */
  nodes[node_count++] = n;
  return n;
}

static brace_node live_node(void) {
  for (int tries = 0; tries < 8; tries++) {
    brace_node n = nodes[rnd((unsigned)node_count)];
    if (alive(n)) return n;
  }
  return 0;
}

/* A root with autoresizing children, a stack of items and a constrained pair. */
static void build_scene(void) {
  node_count = con_count = 0;
  roots[0] = add_node(0);
  OK(brace_node_set_frame(ctx, roots[0], R(0, 0, 300, 300)));
  roots[1] = add_node(0);
  for (int i = 0; i < 4; i++) {
    brace_node n = add_node(roots[0]);
    OK(brace_node_set_autoresizing_mask(ctx, n, rnd(64)));
  }
  stack_node = add_node(roots[0]);
  OK(brace_node_set_layout_strategy(ctx, stack_node, "stack"));
  OK(brace_node_set_property_enum(ctx, stack_node, "axis", rnd(2) ? "vertical" : "horizontal"));
  for (int i = 0; i < 4; i++) {
    brace_node n = add_node(stack_node);
    OK(brace_node_set_intrinsic_content_size(ctx, n, (brace_size){5 + rnd(30), 5 + rnd(30)}));
  }
  /* Two constrained boxes, each left, top, width and height == a constant. */
  for (int i = 0; i < 2; i++) {
    brace_node n = add_node(roots[0]);
    OK(brace_node_set_translates_autoresizing_mask(ctx, n, false));
    static const brace_attribute left[] = {BRACE_ATTR_LEFT, BRACE_ATTR_TOP};
    for (int k = 0; k < 4; k++) {
      brace_constraint c;
      if (k < 2)
        OK(brace_constraint_create(ctx, n, left[k], BRACE_RELATION_EQUAL, roots[0], left[k], 1, rnd(50), &c));
      else
        OK(brace_constraint_create(ctx, n, k == 2 ? BRACE_ATTR_WIDTH : BRACE_ATTR_HEIGHT, BRACE_RELATION_EQUAL, 0,
                                   BRACE_ATTR_NONE, 1, rnd(50), &c));
      OK(brace_constraint_activate(ctx, c));
      cons[con_count++] = c;
    }
  }
}

static void edit(double *now) {
  brace_node n = live_node();
  if (!n) return;
  switch (rnd(14)) {
  case 0: OK(brace_node_set_frame(ctx, n, rnd_rect())); break;
  case 1: OK(brace_node_set_center(ctx, n, (brace_point){rnd(200), rnd(200)})); break;
  case 2: OK(brace_node_set_bounds(ctx, n, R(rnd(3), rnd(3), rnd(100), rnd(100)))); break;
  case 3: { /* a constant: fails only when the box holding it was destroyed */
    brace_constraint c = cons[rnd((unsigned)con_count)];
    double v;
    if (brace_constraint_get_constant(ctx, c, &v) == BRACE_OK) OK(brace_constraint_set_constant(ctx, c, rnd(50)));
    break;
  }
  case 4: OK(brace_node_set_hidden(ctx, n, rnd(2) != 0)); break;
  case 5:
    if (alive(stack_node)) OK(brace_node_set_property_double(ctx, stack_node, "spacing", rnd(10)));
    break;
  case 6:
    if (alive(roots[0])) OK(brace_node_set_frame(ctx, roots[0], R(0, 0, 100 + rnd(300), 100 + rnd(300))));
    break;
  case 7:
    if (n != roots[0] && n != roots[1]) OK(brace_node_destroy(ctx, n));
    break;
  case 8: add_node(rnd(3) == 0 && alive(stack_node) ? stack_node : n); break;
  case 9: OK(brace_node_layout_if_needed(ctx, n)); break;
  case 10: { /* moved under another node: its frame stays (not a frame change) */
    brace_node p = live_node();
    brace_node up = p;
    while (up && up != n) {
      brace_node s = 0;
      OK(brace_node_get_superview(ctx, up, &s));
      up = s;
    }
    if (p && up != n) OK(brace_node_add_subview(ctx, p, n));
    break;
  }
  case 11: OK(brace_node_remove_from_superview(ctx, n)); break;
  case 12: { /* an animated constraint change laid out inside the transaction */
    brace_animation_params a = BRACE_ANIMATION_PARAMS_INIT;
    a.duration = 0.5;
    brace_constraint c = cons[rnd((unsigned)con_count)];
    double v;
    OK(brace_context_begin_animation(ctx, &a, *now));
    if (brace_constraint_get_constant(ctx, c, &v) == BRACE_OK) OK(brace_constraint_set_constant(ctx, c, rnd(50)));
    OK(brace_node_layout_if_needed(ctx, n));
    OK(brace_context_commit_animation(ctx));
    *now += 0.25;
    OK(brace_context_tick(ctx, *now, NULL));
    break;
  }
  default: OK(brace_node_set_intrinsic_content_size(ctx, n, (brace_size){rnd(40), rnd(40)})); break;
  }
}

/* The frame of `n` moved into its root's frame's coordinates, each ancestor at the
   origin `old` gives it (the snapshot) or its current one. */
static brace_rect to_root(brace_node n, brace_rect r, int old) {
  brace_node a = 0;
  OK(brace_node_get_superview(ctx, n, &a));
  while (a) {
    brace_rect f, b;
    OK(brace_node_get_frame(ctx, a, &f));
    OK(brace_node_get_bounds(ctx, a, &b));
    if (old) {
      for (int i = 0; i < node_count; i++)
        if (nodes[i] == a) f = snap[i];
    }
    r.x += f.x - b.x;
    r.y += f.y - b.y;
    brace_node up = 0;
    OK(brace_node_get_superview(ctx, a, &up));
    a = up;
  }
  return r;
}

/* The list equals the diff of every live node with the snapshot; then the snapshot
   moves on. Returns the number of mismatches. */
static int compare_with_snapshot(void) {
  int bad = 0;
  size_t live = 0;
  list(0);
  static brace_frame_change in_root[MAXC];
  size_t root_count = 0;
  OK(brace_context_get_changed_frames(ctx, BRACE_CHANGED_FRAMES_IN_ROOT, in_root, MAXC, &root_count));
  bad += root_count != got_count;
  for (int i = 0; i < node_count; i++) {
    brace_rect now;
    if (brace_node_get_frame(ctx, nodes[i], &now) != BRACE_OK) {
      bad += entry(nodes[i]) != NULL;
      continue;
    }
    const brace_frame_change *e = entry(nodes[i]);
    if (rect_eq(now, snap[i])) {
      bad += e != NULL;
    } else {
      live++;
      bad += !e || !rect_eq(e->old_frame, snap[i]) || !rect_eq(e->new_frame, now);
      if (e) {
        const brace_frame_change *r = &in_root[e - got];
        brace_rect wo = to_root(nodes[i], snap[i], 1), wn = to_root(nodes[i], now, 0);
        bad += r->node != e->node || !rect_eq(r->old_frame, wo) || !rect_eq(r->new_frame, wn);
      }
    }
  }
  bad += got_count != live;
  for (int i = 0; i < node_count; i++) brace_node_get_frame(ctx, nodes[i], &snap[i]);
  return bad;
}

static void ignore_diagnostic(brace_context *c, const brace_diagnostic *d, void *user_data) {
  (void)c;
  (void)d;
  (void)user_data;
}

static void test_property(void) {
  g_section = "property: the list equals a full-tree diff";
  int failed_seeds = 0, turns = 0, listed = 0;
  for (unsigned seed = 1; seed <= 300; seed++) {
    g_rng = seed;
    brace_context *c = check_new_context("test_changes");
    if (!c) return;
    ctx = c;
    OK(brace_context_set_diagnostic_callback(ctx, ignore_diagnostic, NULL));
    build_scene();
    double now = 0;
    int bad = 0;
    OK(brace_context_run_update_cycle(ctx));
    bad += compare_with_snapshot();
    for (int turn = 0; turn < 12; turn++) {
      unsigned edits = rnd(6); /* 0: a turn that changed nothing lists nothing */
      for (unsigned k = 0; k < edits; k++) edit(&now);
      OK(brace_context_run_update_cycle(ctx));
      bad += compare_with_snapshot();
      listed += (int)got_count;
      turns++;
    }
    /* Nothing changed since the last turn: an empty list. */
    OK(brace_context_run_update_cycle(ctx));
    list(0);
    bad += got_count != 0;
    if (bad) {
      failed_seeds++;
      fprintf(stderr, "property: seed %u: %d mismatches\n", seed, bad);
    }
    brace_context_destroy(ctx);
  }
  CHECK_EQ(failed_seeds, 0);
  CHECK(turns == 300 * 12);
  CHECK(listed > 1000); /* the edits do move nodes */
}

int main(void) {
  check_watchdog("test_changes: WATCHDOG: a call did not return (hang)\n", 600);
  if (!check_can_create_context("test_changes")) return 1;
  ctx = check_new_context("test_changes");
  if (!ctx) return 1;
  test_basics();
  test_destroyed();
  test_period();
  test_root_coordinates();
  test_errors();
  brace_context_destroy(ctx);
  test_property();
  return check_summary("test_changes");
}
