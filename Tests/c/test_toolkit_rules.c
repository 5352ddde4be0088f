/*
 * test_toolkit_rules.c — the rules a toolkit author leans on (issue 18), since 0.8:
 * the window's size wins (a frame set on a translating root is never the constraint
 * broken, from either history), the conflict report says what happened (an activation,
 * a constant change, a resize), a size solved below zero is reported once, a stack's
 * arranged view can be constrained at once without a report, and the context's standard
 * spacing and default margins reach the visual format language, stacks and new nodes.
 * Every expected frame is worked out by hand in the comments.
 */
#include "check.h"

#include <math.h>
#include <stddef.h>

static brace_context *ctx;

/* Every diagnostic of the context, kept until reset. */
#define MAX_DIAGS 16
static struct {
  brace_diagnostic_kind kind;
  char message[4096];
  brace_node node;
  brace_constraint constraints[8];
  size_t constraint_count;
} diags[MAX_DIAGS];
static int ndiags;

static void on_diagnostic(brace_context *c, const brace_diagnostic *d, void *user) {
  (void)c;
  (void)user;
  if (ndiags >= MAX_DIAGS) return;
  diags[ndiags].kind = d->kind;
  snprintf(diags[ndiags].message, sizeof diags[ndiags].message, "%s", d->message);
  diags[ndiags].node = d->node_count > 0 ? d->nodes[0] : 0;
  diags[ndiags].constraint_count = d->constraint_count;
  for (size_t k = 0; k < d->constraint_count && k < 8; k++) diags[ndiags].constraints[k] = d->constraints[k];
  ndiags++;
}

static brace_node node_in(brace_node parent) {
  brace_node n = 0;
  OK(brace_node_create(ctx, &n));
  if (parent) OK(brace_node_add_subview(ctx, parent, n));
  return n;
}

/* A subview set up for constraints (translation off). */
static brace_node constrained_in(brace_node parent) {
  brace_node n = node_in(parent);
  OK(brace_node_set_translates_autoresizing_mask(ctx, n, false));
  return n;
}

/* The only report since ndiags was reset breaks `broken` and says `says`. */
static void check_only_report(brace_constraint broken, const char *says) {
  CHECK_EQ(ndiags, 1);
  CHECK(ndiags >= 1 && diags[0].constraints[0] == broken);
  CHECK(ndiags >= 1 && strstr(diags[0].message, says) != NULL);
}

static brace_constraint make(brace_node a, brace_attribute aa, brace_relation r, brace_node b, brace_attribute ba,
                             double constant) {
  brace_constraint c = 0;
  OK(brace_constraint_create(ctx, a, aa, r, b, ba, b ? 1 : 0, constant, &c));
  return c;
}

static brace_rect frame_of(brace_node n) {
  brace_rect f = R(-1, -1, -1, -1);
  OK(brace_node_get_frame(ctx, n, &f));
  return f;
}

static int is_broken(brace_constraint c) {
  bool b = false;
  OK(brace_constraint_is_broken(ctx, c, &b));
  return b;
}

/* ------------------------------------------------------------ the window's size wins */

/* A root `width` wide and 10 high holding a sidebar of width 30 and a main view of at
   least 30 (pulled toward its minimum at priority 1), side by side, edge to edge. The
   constraints are activated in this order; [4] (main.trailing == root.trailing) is the
   last of those the root's width can conflict with. */
typedef struct scene {
  brace_node root, side, main;
  brace_constraint c[11];
} scene;

static scene make_scene(double width) {
  scene s;
  s.root = node_in(0);
  s.side = constrained_in(s.root);
  s.main = constrained_in(s.root);
  OK(brace_node_set_frame(ctx, s.root, R(0, 0, width, 10)));
  s.c[0] = make(s.side, BRACE_ATTR_LEADING, BRACE_RELATION_EQUAL, s.root, BRACE_ATTR_LEADING, 0);
  s.c[1] = make(s.side, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 30);
  s.c[2] = make(s.main, BRACE_ATTR_LEADING, BRACE_RELATION_EQUAL, s.side, BRACE_ATTR_TRAILING, 0);
  s.c[3] = make(s.main, BRACE_ATTR_WIDTH, BRACE_RELATION_GREATER_EQUAL, 0, BRACE_ATTR_NONE, 30);
  s.c[4] = make(s.main, BRACE_ATTR_TRAILING, BRACE_RELATION_EQUAL, s.root, BRACE_ATTR_TRAILING, 0);
  s.c[5] = make(s.side, BRACE_ATTR_TOP, BRACE_RELATION_EQUAL, s.root, BRACE_ATTR_TOP, 0);
  s.c[6] = make(s.side, BRACE_ATTR_BOTTOM, BRACE_RELATION_EQUAL, s.root, BRACE_ATTR_BOTTOM, 0);
  s.c[7] = make(s.main, BRACE_ATTR_TOP, BRACE_RELATION_EQUAL, s.root, BRACE_ATTR_TOP, 0);
  s.c[8] = make(s.main, BRACE_ATTR_BOTTOM, BRACE_RELATION_EQUAL, s.root, BRACE_ATTR_BOTTOM, 0);
  s.c[9] = make(s.main, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 0);
  OK(brace_constraint_set_priority(ctx, s.c[9], 1));
  s.c[10] = 0;
  OK(brace_constraints_activate(ctx, s.c, 10));
  return s;
}

/* The frames when the root is 40 wide: the root keeps 40 (the caller's), and of the
   constraints its width conflicts with (c[0]...c[4]: 30 + at least 30 must fit in 40) the
   one activated last, main.trailing == root.trailing (c[4]), breaks. The sidebar is at
   0 with width 30; main starts at its trailing edge, 30, and with nothing holding its
   trailing edge any more, the priority-1 pull leaves it at its minimum, 30: it runs
   past the root's edge (30 + 30 = 60 > 40), which the report says. */
static void check_forty(const scene *s) {
  CHECK_FRAME(s->root, 0, 0, 40, 10);
  CHECK_FRAME(s->side, 0, 0, 30, 10);
  CHECK_FRAME(s->main, 30, 0, 30, 10);
  CHECK(is_broken(s->c[4]));
  for (int k = 0; k < 4; k++) CHECK(!is_broken(s->c[k]));
  brace_constraint broken[4];
  size_t count = 99;
  OK(brace_context_get_broken_constraints(ctx, broken, 4, &count));
  CHECK_EQ(count, 1);
  CHECK(count >= 1 && broken[0] == s->c[4]);
}

/* The single report of the break, with the broken constraint first. */
static void check_report(const scene *s, const char *cause) {
  CHECK_EQ(ndiags, 1);
  if (ndiags < 1) return;
  CHECK_EQ(diags[0].kind, BRACE_DIAGNOSTIC_UNSATISFIABLE);
  CHECK(diags[0].constraint_count >= 2 && diags[0].constraints[0] == s->c[4]);
  CHECK(strstr(diags[0].message, "Will attempt to recover by breaking constraint") != NULL);
  CHECK(strstr(diags[0].message, "'h=---'") != NULL);
  CHECK(strstr(diags[0].message, "translates its autoresizing mask") != NULL);
  CHECK(strstr(diags[0].message, cause) != NULL);
  CHECK(strstr(diags[0].message, "the one being activated") == NULL);
}

static void test_root_wins_set_first(void) {
  g_section = "root wins: 40 from the start";
  ndiags = 0;
  /* The root's frame is set before the constraints inside it are activated; the root
     enters constraint layout with them, its translated width (== 40) after them. */
  scene s = make_scene(40);
  check_report(&s, "entered constraint layout with the constraints being activated");
  OK(brace_context_run_update_cycle(ctx));
  check_forty(&s);
  OK(brace_node_destroy(ctx, s.root));
}

static void test_root_wins_resized(void) {
  g_section = "root wins: 100 then 40";
  ndiags = 0;
  scene s = make_scene(100);
  OK(brace_context_run_update_cycle(ctx));
  CHECK_EQ(ndiags, 0);
  /* At 100 everything holds: sidebar 0...30, main 30...100 (width 70 >= 30). */
  CHECK_FRAME(s.root, 0, 0, 100, 10);
  CHECK_FRAME(s.side, 0, 0, 30, 10);
  CHECK_FRAME(s.main, 30, 0, 70, 10);
  /* The resize: the same frames as when the root was 40 from the start. */
  OK(brace_node_set_frame(ctx, s.root, R(0, 0, 40, 10)));
  check_report(&s, "its frame was just set (a resize)");
  OK(brace_context_run_update_cycle(ctx));
  check_forty(&s);
  /* Back to 100: the broken constraint holds again and is enforced. */
  OK(brace_node_set_frame(ctx, s.root, R(0, 0, 100, 10)));
  OK(brace_context_run_update_cycle(ctx));
  CHECK(!is_broken(s.c[4]));
  CHECK_FRAME(s.root, 0, 0, 100, 10);
  CHECK_FRAME(s.main, 30, 0, 70, 10);
  CHECK_EQ(ndiags, 1);
  OK(brace_node_destroy(ctx, s.root));
}

/* A constraint on the root itself is inside nothing: it is the one that breaks, however
   it came, and the root leaves constraint layout with 40 kept. */
static void test_root_wins_over_its_own_constraint(void) {
  g_section = "root wins over a constraint on the root";
  ndiags = 0;
  brace_node root = node_in(0);
  brace_node a = constrained_in(root);
  OK(brace_node_set_frame(ctx, root, R(0, 0, 40, 10)));
  brace_constraint wide = make(root, BRACE_ATTR_WIDTH, BRACE_RELATION_GREATER_EQUAL, 0, BRACE_ATTR_NONE, 60);
  brace_constraint pin = make(a, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, root, BRACE_ATTR_WIDTH, 0);
  brace_constraint both[] = {wide, pin};
  OK(brace_constraints_activate(ctx, both, 2));
  OK(brace_context_run_update_cycle(ctx));
  CHECK(is_broken(wide));
  CHECK(!is_broken(pin));
  CHECK_FRAME(root, 0, 0, 40, 10);
  CHECK_EQ(frame_of(a).width, 40);
  check_only_report(wide, "wins over the constraints inside it");
  OK(brace_node_destroy(ctx, root));
}

/* The root enters with the first constraint of the batch and its frame goes in at once;
   the constraint that conflicts with it comes later in the same batch. The outcome and
   the report are those of the frame coming last: the constraint activated last among
   those it conflicts with breaks, for the frame, and it holds again once it can. */
static void test_root_wins_later_in_the_batch(void) {
  g_section = "root wins: the conflict comes later in the batch";
  ndiags = 0;
  brace_node root = node_in(0);
  brace_node side = constrained_in(root);
  OK(brace_node_set_frame(ctx, root, R(0, 0, 40, 10)));
  brace_constraint all[5] = {
    make(side, BRACE_ATTR_LEADING, BRACE_RELATION_EQUAL, root, BRACE_ATTR_LEADING, 0),
    make(side, BRACE_ATTR_TOP, BRACE_RELATION_EQUAL, root, BRACE_ATTR_TOP, 0),
    make(side, BRACE_ATTR_HEIGHT, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 10),
    make(side, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 50),
    make(side, BRACE_ATTR_TRAILING, BRACE_RELATION_EQUAL, root, BRACE_ATTR_TRAILING, 0),
  };
  OK(brace_constraints_activate(ctx, all, 5));
  OK(brace_context_run_update_cycle(ctx));
  /* Leading 0 and width 50 put side's trailing edge at 0 + 50 = 50, not the root's 40
     (the caller's width): the trailing constraint, activated last, breaks. */
  CHECK(is_broken(all[4]));
  for (int k = 0; k < 4; k++) CHECK(!is_broken(all[k]));
  CHECK_FRAME(root, 0, 0, 40, 10);
  CHECK_FRAME(side, 0, 0, 50, 10);
  check_only_report(all[4], "entered constraint layout with the constraints being activated");
  CHECK(ndiags >= 1 && strstr(diags[0].message, "'h=---'") != NULL);
  CHECK(ndiags >= 1 && strstr(diags[0].message, "the one being activated") == NULL);
  /* Without the leading constraint side's leading edge is free: trailing == 40 and
     width 50 put it at 40 - 50 = -10, and the broken constraint holds again. */
  ndiags = 0;
  OK(brace_constraint_deactivate(ctx, all[0]));
  OK(brace_context_run_update_cycle(ctx));
  CHECK(!is_broken(all[4]));
  CHECK_FRAME(root, 0, 0, 40, 10);
  CHECK_FRAME(side, -10, 0, 50, 10);
  CHECK_EQ(ndiags, 0);
  OK(brace_node_destroy(ctx, root));
}

/* A view whose frame was never set, left translating by mistake: nothing to defend. Its
   translated width (== 0) is the one that breaks, and the caller's width of 10 holds. */
static void test_unset_frame_does_not_win(void) {
  g_section = "a frame never set does not win";
  ndiags = 0;
  brace_node root = node_in(0);
  brace_node a = node_in(root);
  brace_constraint w = make(a, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 10);
  OK(brace_constraint_activate(ctx, w));
  OK(brace_context_run_update_cycle(ctx));
  CHECK(!is_broken(w));
  CHECK_EQ(frame_of(a).width, 10);
  CHECK_EQ(ndiags, 1);
  CHECK(ndiags >= 1 && diags[0].constraint_count == 2 && diags[0].constraints[1] == w);
  CHECK(ndiags >= 1 && strstr(diags[0].message, "'h=---'") != NULL);
  /* What is new is the generated constraint, not the caller's activated one. */
  CHECK(ndiags >= 1 && strstr(diags[0].message, "it was just generated for") != NULL);
  OK(brace_node_destroy(ctx, root));
}

/* ------------------------------------------------------------ what the report says */

static void test_report_causes(void) {
  g_section = "report: activation and constant change";
  brace_node root = node_in(0);
  brace_node a = constrained_in(root);
  brace_constraint ten = make(a, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 10);
  brace_constraint most = make(a, BRACE_ATTR_WIDTH, BRACE_RELATION_LESS_EQUAL, 0, BRACE_ATTR_NONE, 20);
  OK(brace_constraint_activate(ctx, ten));
  OK(brace_constraint_activate(ctx, most));
  ndiags = 0;
  /* a.width == 10 and a.width <= 20 hold; a.width == 30 activated next cannot. */
  brace_constraint thirty = make(a, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 30);
  OK(brace_constraint_activate(ctx, thirty));
  check_only_report(thirty, "it is the one being activated");
  OK(brace_constraint_deactivate(ctx, thirty));
  /* A constant change: a.width <= 20 becomes a.width <= 5, below the 10 required. */
  ndiags = 0;
  OK(brace_constraint_set_constant(ctx, most, 5));
  CHECK(is_broken(most));
  check_only_report(most, "its constant was just changed");
  CHECK(ndiags >= 1 && strstr(diags[0].message, "being activated") == NULL);
  OK(brace_node_destroy(ctx, root));
  /* A resize: test_root_wins_resized checks "its frame was just set (a resize)". */
}

/* ------------------------------------------------------------ sizes below zero */

static void test_negative_size(void) {
  g_section = "negative size";
  brace_node root = node_in(0);
  brace_node a = constrained_in(root);
  OK(brace_node_set_frame(ctx, root, R(0, 0, 10, 10)));
  const char *names[] = {"a"};
  brace_constraint h[4], v[4];
  size_t nh = 0, nv = 0;
  /* Margins of 8 on each side in a root 10 wide: a.width = 10 - 8 - 8 = -6. */
  OK(brace_constraints_create_with_visual_format(ctx, "H:|-[a]-|", 0, names, &a, 1, NULL, NULL, 0, h, 4, &nh));
  OK(brace_constraints_create_with_visual_format(ctx, "V:|[a]|", 0, names, &a, 1, NULL, NULL, 0, v, 4, &nv));
  CHECK_EQ(nh, 2);
  ndiags = 0;
  OK(brace_constraints_activate(ctx, h, nh));
  OK(brace_constraints_activate(ctx, v, nv));
  OK(brace_context_run_update_cycle(ctx));
  CHECK_EQ(ndiags, 1);
  if (ndiags >= 1) {
    CHECK_EQ(diags[0].kind, BRACE_DIAGNOSTIC_NEGATIVE_SIZE);
    CHECK(diags[0].node == a);
    /* The two horizontal constraints, not the vertical ones. */
    CHECK_EQ(diags[0].constraint_count, 2);
    CHECK(diags[0].constraint_count == 2 &&
          ((diags[0].constraints[0] == h[0] && diags[0].constraints[1] == h[1]) ||
           (diags[0].constraints[0] == h[1] && diags[0].constraints[1] == h[0])));
    CHECK(strstr(diags[0].message, "a width of -6") != NULL);
  }
  /* Laid out with zero: x at the leading margin, 8; height the root's, 10. */
  CHECK_FRAME(a, 8, 0, 0, 10);
  /* Still below zero at 12 wide (12 - 16 = -4): not reported again. */
  OK(brace_node_set_frame(ctx, root, R(0, 0, 12, 10)));
  OK(brace_context_run_update_cycle(ctx));
  CHECK_EQ(ndiags, 1);
  /* 20 wide: 4, fine; then 10 again: a new episode, reported again. */
  OK(brace_node_set_frame(ctx, root, R(0, 0, 20, 10)));
  OK(brace_context_run_update_cycle(ctx));
  CHECK_FRAME(a, 8, 0, 4, 10);
  CHECK_EQ(ndiags, 1);
  OK(brace_node_set_frame(ctx, root, R(0, 0, 10, 10)));
  OK(brace_context_run_update_cycle(ctx));
  CHECK_EQ(ndiags, 2);
  CHECK(ndiags >= 2 && diags[1].kind == BRACE_DIAGNOSTIC_NEGATIVE_SIZE);
  OK(brace_node_destroy(ctx, root));
}

/* ------------------------------------------------------------ stacks adopt at once */

static void test_stack_adopts(void) {
  g_section = "stack adopts its views at once";
  ndiags = 0;
  brace_node stack = node_in(0);
  OK(brace_node_set_layout_strategy(ctx, stack, "stack"));
  OK(brace_node_set_frame(ctx, stack, R(0, 0, 200, 20)));
  brace_node a = node_in(stack);
  brace_node b = node_in(stack);
  bool translates = true;
  OK(brace_node_get_translates_autoresizing_mask(ctx, a, &translates));
  CHECK(!translates);
  /* Constrained right away, before any turn. */
  brace_constraint w = make(a, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 50);
  OK(brace_constraint_activate(ctx, w));
  OK(brace_context_run_update_cycle(ctx));
  CHECK_EQ(ndiags, 0);
  CHECK(!is_broken(w));
  /* Fill along 200 with no spacing: a takes its 50, b the rest, 150, from 50; both
     fill the height, 20. */
  CHECK_FRAME(a, 0, 0, 50, 20);
  CHECK_FRAME(b, 50, 0, 150, 20);
  /* A node switched to the stack adopts the subviews it already has. */
  brace_node row = node_in(0);
  brace_node c = node_in(row);
  OK(brace_node_get_translates_autoresizing_mask(ctx, c, &translates));
  CHECK(translates);
  OK(brace_node_set_layout_strategy(ctx, row, "stack"));
  OK(brace_node_get_translates_autoresizing_mask(ctx, c, &translates));
  CHECK(!translates);
  CHECK_EQ(ndiags, 0);
  OK(brace_node_destroy(ctx, stack));
  OK(brace_node_destroy(ctx, row));
}

/* ------------------------------------------------------------ spacing and margins */

static void test_spacing_option(void) {
  g_section = "standard spacing and default margins";
  brace_context_options o;
  brace_context_options_init(&o);
  CHECK(o.standard_spacing == 8 && o.default_layout_margin == 8);
  brace_context *bad = NULL;
  o.standard_spacing = -1;
  ERR(NULL, BRACE_E_INVALID_ARGUMENT, "standard_spacing", brace_context_create(&o, &bad));
  o.standard_spacing = 1;
  o.default_layout_margin = NAN;
  ERR(NULL, BRACE_E_INVALID_ARGUMENT, "default_layout_margin", brace_context_create(&o, &bad));
  CHECK(bad == NULL);
  /* A caller of 0.7 knows no spacing fields: the defaults, 8. */
  brace_context_options old;
  brace_context_options_init(&old);
  old.struct_size = (uint32_t)offsetof(brace_context_options, standard_spacing);
  OK(brace_context_create(&old, &bad));
  brace_context_options got;
  brace_context_options_init(&got);
  got.standard_spacing = 0;
  OK(brace_context_get_options(bad, &got));
  CHECK(got.standard_spacing == 8 && got.default_layout_margin == 8);
  OK(brace_context_destroy(bad));

  /* A terminal grid: spacing 1, no margins. */
  o.standard_spacing = 1;
  o.default_layout_margin = 0;
  brace_context *grid = NULL;
  OK(brace_context_create(&o, &grid));
  brace_context *saved = ctx;
  ctx = g_ctx = grid;
  OK(brace_context_get_options(grid, &got));
  CHECK(got.standard_spacing == 1 && got.default_layout_margin == 0);

  brace_node root = node_in(0);
  brace_insets m;
  OK(brace_node_get_layout_margins(ctx, root, &m));
  CHECK(m.top == 0 && m.left == 0 && m.bottom == 0 && m.right == 0);

  /* VFL: |-[a]-[b(==a)]-| in 41 columns: margins 0, one gap of 1, a = b = (41 - 1) / 2 =
     20: a at 0, b at 20 + 1 = 21. */
  OK(brace_node_set_frame(ctx, root, R(0, 0, 41, 3)));
  brace_node a = constrained_in(root), b = constrained_in(root);
  const char *names[] = {"a", "b"};
  brace_node views[] = {a, b};
  brace_constraint made[8];
  size_t n = 0;
  OK(brace_constraints_create_with_visual_format(ctx, "H:|-[a]-[b(==a)]-|", BRACE_FORMAT_ALIGN_ALL_TOP, names, views, 2,
                                                 NULL, NULL, 0, made, 8, &n));
  OK(brace_constraints_activate(ctx, made, n));
  OK(brace_constraints_create_with_visual_format(ctx, "V:|[a]|", 0, names, views, 2, NULL, NULL, 0, made, 8, &n));
  OK(brace_constraints_activate(ctx, made, n));
  OK(brace_constraints_create_with_visual_format(ctx, "V:|[b]|", 0, names + 1, views + 1, 1, NULL, NULL, 0, made, 8, &n));
  OK(brace_constraints_activate(ctx, made, n));
  OK(brace_context_run_update_cycle(ctx));
  CHECK_FRAME(a, 0, 0, 20, 3);
  CHECK_FRAME(b, 21, 0, 20, 3);

  /* A stack with the system spacing: 41 wide, fill_equally, two views: (41 - 1) / 2 = 20
     each, the second at 21. */
  brace_node stack = node_in(0);
  OK(brace_node_set_layout_strategy(ctx, stack, "stack"));
  OK(brace_node_set_property_enum(ctx, stack, "distribution", "fill_equally"));
  OK(brace_node_set_property_double(ctx, stack, "spacing", BRACE_STACK_SPACING_USE_SYSTEM));
  OK(brace_node_set_frame(ctx, stack, R(0, 0, 41, 3)));
  brace_node s1 = node_in(stack), s2 = node_in(stack);
  OK(brace_context_run_update_cycle(ctx));
  CHECK_FRAME(s1, 0, 0, 20, 3);
  CHECK_FRAME(s2, 21, 0, 20, 3);

  OK(brace_context_destroy(grid));
  ctx = g_ctx = saved;
}

/* ------------------------------------------------------------ the extra pixel */

/* Equal widths that cannot be equal on whole cells: 57 columns for two equal views is
   28.5 each. Frames are rounded by their EDGES, half away from zero: the shared edge at
   28.5 goes to 29, so the first (leftmost) view is 29 wide and the second 57 - 29 = 28.
   The same in a constraint layout and in a stack. */
static void test_extra_pixel(void) {
  g_section = "the extra pixel";
  brace_node root = node_in(0);
  OK(brace_node_set_frame(ctx, root, R(0, 0, 57, 3)));
  brace_node a = constrained_in(root), b = constrained_in(root);
  const char *names[] = {"a", "b"};
  brace_node views[] = {a, b};
  brace_constraint made[8];
  size_t n = 0;
  OK(brace_constraints_create_with_visual_format(ctx, "H:|[a][b(==a)]|", BRACE_FORMAT_ALIGN_ALL_TOP | BRACE_FORMAT_ALIGN_ALL_BOTTOM,
                                                 names, views, 2, NULL, NULL, 0, made, 8, &n));
  OK(brace_constraints_activate(ctx, made, n));
  OK(brace_constraints_create_with_visual_format(ctx, "V:|[a]|", 0, names, views, 2, NULL, NULL, 0, made, 8, &n));
  OK(brace_constraints_activate(ctx, made, n));
  OK(brace_context_run_update_cycle(ctx));
  CHECK_FRAME(a, 0, 0, 29, 3);
  CHECK_FRAME(b, 29, 0, 28, 3);
  OK(brace_node_destroy(ctx, root));

  brace_node stack = node_in(0);
  OK(brace_node_set_layout_strategy(ctx, stack, "stack"));
  OK(brace_node_set_property_enum(ctx, stack, "distribution", "fill_equally"));
  OK(brace_node_set_frame(ctx, stack, R(0, 0, 57, 3)));
  brace_node s1 = node_in(stack), s2 = node_in(stack);
  OK(brace_context_run_update_cycle(ctx));
  CHECK_FRAME(s1, 0, 0, 29, 3);
  CHECK_FRAME(s2, 29, 0, 28, 3);
  OK(brace_node_destroy(ctx, stack));
}

int main(void) {
  check_watchdog("test_toolkit_rules: WATCHDOG: a call did not return (hang)\n", 120);
  ctx = check_new_context("test_toolkit_rules");
  if (!ctx) return 1;
  OK(brace_context_set_diagnostic_callback(ctx, on_diagnostic, NULL));
  test_root_wins_set_first();
  test_root_wins_resized();
  test_root_wins_over_its_own_constraint();
  test_root_wins_later_in_the_batch();
  test_unset_frame_does_not_win();
  test_report_causes();
  test_negative_size();
  test_stack_adopts();
  test_spacing_option();
  test_extra_pixel();
  OK(brace_context_destroy(ctx));
  return check_summary("test_toolkit_rules");
}
