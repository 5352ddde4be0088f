/*
 * test_stack.c — the "stack" strategy (libbrace_stack.so, UIStackView) from C, against
 * the installed library: loaded by name from next to libbrace.so; its properties as
 * brace_context_get_property lists them; every distribution on both axes, the
 * alignments, hidden views, custom spacing with both sentinels, layout margins,
 * right-to-left and a nested stack, each scene laid out on the direct path and again
 * with generate_constraints on (same frames); a generated constraint's identifier; views
 * made in one call (brace_node_create_subviews); and bad input that changes nothing.
 * Expected frames are worked out by hand from docs/stack.md; the comments show the
 * arithmetic.
 */
#include "check.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>

/* The context of every test (also g_ctx, whose last error a failing check prints). */
static brace_context *ctx;

/* A call that must fail with `status`, leaving a message. */
#define FAILS(call, status)                                                              \
  do {                                                                                   \
    CHECK((call) == (status));                                                           \
    CHECK(brace_last_error(ctx) != NULL && brace_last_error(ctx)[0] != '\0');            \
  } while (0)

static brace_rect frame(brace_node n) {
  brace_rect r = {0, 0, 0, 0};
  OK(brace_node_get_frame(ctx, n, &r));
  return r;
}

/* Compares a frame, printing both on a mismatch. */
static void check_frame(const char *what, int index, brace_node n, brace_rect want) {
  brace_rect got = frame(n);
  g_checks++;
  if (!rect_eq(got, want)) {
    g_failures++;
    fprintf(stderr, "%s: view %d: expected (%g, %g, %g x %g), got (%g, %g, %g x %g)\n", what, index,
            want.x, want.y, want.width, want.height, got.x, got.y, got.width, got.height);
  }
}

static int count_identifier(brace_node node, const char *identifier) {
  brace_constraint list[64];
  size_t count = 0;
  int found = 0;
  OK(brace_node_get_constraints(ctx, node, list, 64, &count));
  for (size_t i = 0; i < count && i < 64; i++) {
    const char *id = NULL;
    OK(brace_constraint_get_identifier(ctx, list[i], &id));
    if (id && strcmp(id, identifier) == 0) found++;
  }
  return found;
}

/* ------------------------------------------------------------------ loading and properties */

static void test_load_and_properties(void) {
  OK(brace_context_load_strategy(ctx, "stack")); /* built in: next to libbrace.so */
  size_t count = 0, index = (size_t)-1;
  OK(brace_context_get_strategy_count(ctx, &count));
  brace_strategy_info info;
  for (size_t i = 0; i < count; i++) {
    memset(&info, 0, sizeof info);
    info.struct_size = sizeof info;
    OK(brace_context_get_strategy(ctx, i, &info));
    if (info.name && strcmp(info.name, "stack") == 0) {
      index = i;
      break;
    }
  }
  CHECK(index != (size_t)-1);
  if (index == (size_t)-1) return;
  CHECK(info.role == BRACE_ROLE_CONTAINER);
  CHECK(info.path != NULL && strstr(info.path, "/libbrace_stack.so") != NULL);
  CHECK(info.property_count == 8);

  static const char *const axes[] = {"horizontal", "vertical"};
  static const char *const distributions[] = {"fill", "fill_equally", "fill_proportionally",
                                              "equal_spacing", "equal_centering"};
  static const char *const alignments[] = {"fill", "leading", "first_baseline",
                                           "center", "trailing", "last_baseline"};
  static const struct {
    const char *name;
    brace_value_type type;
    brace_property_scope scope;
    double default_number;
    const char *const *enums;
    uint32_t enum_count;
  } expected[] = {
      {"axis", BRACE_VALUE_ENUM, BRACE_SCOPE_CONTAINER, 0, axes, 2},
      {"distribution", BRACE_VALUE_ENUM, BRACE_SCOPE_CONTAINER, 0, distributions, 5},
      {"alignment", BRACE_VALUE_ENUM, BRACE_SCOPE_CONTAINER, 0, alignments, 6},
      {"spacing", BRACE_VALUE_DOUBLE, BRACE_SCOPE_CONTAINER, 0, NULL, 0},
      {"layout_margins_relative", BRACE_VALUE_BOOL, BRACE_SCOPE_CONTAINER, 0, NULL, 0},
      {"baseline_relative", BRACE_VALUE_BOOL, BRACE_SCOPE_CONTAINER, 0, NULL, 0},
      {"generate_constraints", BRACE_VALUE_BOOL, BRACE_SCOPE_CONTAINER, 0, NULL, 0},
      {"spacing_after", BRACE_VALUE_DOUBLE, BRACE_SCOPE_CHILD, BRACE_STACK_SPACING_USE_DEFAULT, NULL, 0},
  };
  const size_t n_expected = sizeof expected / sizeof expected[0];
  int seen[8] = {0};
  for (size_t p = 0; p < info.property_count; p++) {
    const brace_property_desc *d = NULL;
    OK(brace_context_get_property(ctx, "stack", p, &d));
    if (!d) continue;
    size_t k = 0;
    while (k < n_expected && strcmp(expected[k].name, d->name) != 0) k++;
    CHECK(k < n_expected); /* no property the contract does not list */
    if (k == n_expected) {
      fprintf(stderr, "unexpected property %s\n", d->name);
      continue;
    }
    seen[k]++;
    CHECK(d->type == expected[k].type);
    CHECK(d->scope == expected[k].scope);
    CHECK(d->default_value.type == expected[k].type);
    if (d->type == BRACE_VALUE_DOUBLE) {
      CHECK(d->default_value.number == expected[k].default_number);
      CHECK(!signbit(d->default_value.number)); /* +0.0, not the system sentinel */
    } else {
      CHECK(d->default_value.integer == 0); /* the first enum name; false */
    }
    CHECK(d->enum_count == expected[k].enum_count);
    for (uint32_t e = 0; e < d->enum_count && e < expected[k].enum_count; e++)
      CHECK(d->enum_names && d->enum_names[e] && strcmp(d->enum_names[e], expected[k].enums[e]) == 0);
  }
  for (size_t k = 0; k < n_expected; k++) CHECK(seen[k] == 1);
  CHECK(brace_context_get_property(ctx, "stack", info.property_count, &(const brace_property_desc *){NULL}) !=
        BRACE_OK);
  FAILS(brace_context_get_property(ctx, "no_such_strategy", 0, &(const brace_property_desc *){NULL}),
        BRACE_E_NOT_FOUND);
  CHECK(BRACE_STACK_SPACING_USE_DEFAULT == DBL_MAX);
  CHECK(BRACE_STACK_SPACING_USE_SYSTEM == 0.0 && signbit(BRACE_STACK_SPACING_USE_SYSTEM));
}

/* ------------------------------------------------------------------ scenes */

/* One arranged view: its intrinsic size, priorities along the stack's axis (0: the
   default), spacing_after (0: leave unset; use SP(x) for a value, including +0.0),
   baselines (unset when both 0), hidden, alignment-rect insets. */
typedef struct vspec {
  double w, h;
  float hug, comp;
  int set_after;
  double after;
  double first, last;
  int hidden;
  double inset; /* alignment-rect insets, the same on each side */
} vspec;

typedef struct scene {
  const char *name;
  const char *axis, *distribution, *alignment;
  double spacing;
  double width, height;
  int n;
  vspec v[4];
  brace_rect want[4];
  brace_layout_direction direction;
  int margins_relative;
  brace_insets margins;
} scene;

#define SP(x) .set_after = 1, .after = (x)

/* Row views: widths 30, 60, 90 along the axis; heights 30, 50, 20. */
#define ROW_A {.w = 30, .h = 30}
#define ROW_B {.w = 60, .h = 50}
#define ROW_C {.w = 90, .h = 20}
/* Column views: heights 30, 60, 90 along the axis; widths 30, 50, 20. */
#define COL_A {.w = 30, .h = 30}
#define COL_B {.w = 50, .h = 60}
#define COL_C {.w = 20, .h = 90}

static const scene scenes[] = {
    /* ---- fill */
    {"fill, exact: 30 + 10 + 60 + 10 + 90 = 200", "horizontal", "fill", "fill", 10, 200, 60, 3,
     {ROW_A, ROW_B, ROW_C}, {{0, 0, 30, 60}, {40, 0, 60, 60}, {110, 0, 90, 60}}, 0, 0, {0, 0, 0, 0}},
    {"fill, underflow 30: hugging tie -> the last view grows 90 -> 120", "horizontal", "fill", "fill", 10, 230,
     60, 3, {ROW_A, ROW_B, ROW_C}, {{0, 0, 30, 60}, {40, 0, 60, 60}, {110, 0, 120, 60}}, 0, 0, {0, 0, 0, 0}},
    {"fill, underflow 30: the lowest hugging (view 0, 100) grows 30 -> 60", "horizontal", "fill", "fill", 10,
     230, 60, 3, {{.w = 30, .h = 30, .hug = 100}, {.w = 60, .h = 50, .hug = 200}, ROW_C},
     {{0, 0, 60, 60}, {70, 0, 60, 60}, {140, 0, 90, 60}}, 0, 0, {0, 0, 0, 0}},
    {"fill, overflow 20: the lowest resistance (view 1, 700) shrinks 60 -> 40", "horizontal", "fill", "fill",
     10, 180, 60, 3, {ROW_A, {.w = 60, .h = 50, .comp = 700}, ROW_C},
     {{0, 0, 30, 60}, {40, 0, 40, 60}, {90, 0, 90, 60}}, 0, 0, {0, 0, 0, 0}},
    {"fill, overflow 20: resistance tie -> the last view shrinks 90 -> 70", "horizontal", "fill", "fill", 10,
     180, 60, 3, {ROW_A, ROW_B, ROW_C}, {{0, 0, 30, 60}, {40, 0, 60, 60}, {110, 0, 70, 60}}, 0, 0, {0, 0, 0, 0}},
    {"fill, overflow 120: the last view would be -30 wide: clamped to 0 at x 110", "horizontal", "fill", "fill",
     10, 80, 60, 3, {ROW_A, ROW_B, ROW_C}, {{0, 0, 30, 60}, {40, 0, 60, 60}, {110, 0, 0, 60}}, 0, 0, {0, 0, 0, 0}},
    {"fill, negative spacing -10 overlaps: 180 - 20 = 160", "horizontal", "fill", "fill", -10, 160, 60, 3,
     {ROW_A, ROW_B, ROW_C}, {{0, 0, 30, 60}, {20, 0, 60, 60}, {70, 0, 90, 60}}, 0, 0, {0, 0, 0, 0}},
    {"fill, vertical, overflow 30: resistance tie -> the last view 90 -> 60", "vertical", "fill", "fill", 10, 60,
     170, 3, {COL_A, COL_B, COL_C}, {{0, 0, 60, 30}, {0, 40, 60, 60}, {0, 110, 60, 60}}, 0, 0, {0, 0, 0, 0}},
    {"fill, vertical, underflow 30: the lowest hugging (view 0, 1) grows 30 -> 60", "vertical", "fill", "fill",
     10, 60, 230, 3, {{.w = 30, .h = 30, .hug = 1}, COL_B, COL_C},
     {{0, 0, 60, 60}, {0, 70, 60, 60}, {0, 140, 60, 90}}, 0, 0, {0, 0, 0, 0}},
    {"fill, vertical, overflow 30: the lowest resistance (view 0, 300) 30 -> 0", "vertical", "fill", "fill", 10,
     60, 170, 3, {{.w = 30, .h = 30, .comp = 300}, COL_B, COL_C},
     {{0, 0, 60, 0}, {0, 10, 60, 60}, {0, 80, 60, 90}}, 0, 0, {0, 0, 0, 0}},

    /* ---- fill_equally: (C - G) / n, priorities and lengths ignored */
    {"fill_equally: (200 - 20) / 3 = 60", "horizontal", "fill_equally", "fill", 10, 200, 60, 3,
     {{.w = 30, .h = 30, .hug = 1}, {.w = 60, .h = 50, .comp = 1000}, ROW_C},
     {{0, 0, 60, 60}, {70, 0, 60, 60}, {140, 0, 60, 60}}, 0, 0, {0, 0, 0, 0}},
    {"fill_equally, vertical: (170 - 20) / 3 = 50", "vertical", "fill_equally", "fill", 10, 60, 170, 3,
     {COL_A, COL_B, COL_C}, {{0, 0, 60, 50}, {0, 60, 60, 50}, {0, 120, 60, 50}}, 0, 0, {0, 0, 0, 0}},
    {"fill_equally, vertical, two views: (100 - 20) / 2 = 40", "vertical", "fill_equally", "fill", 20, 60, 100,
     2, {COL_A, COL_C}, {{0, 0, 60, 40}, {0, 60, 60, 40}}, 0, 0, {0, 0, 0, 0}},

    /* ---- fill_proportionally: (C - G) * L_i / sum L */
    {"fill_proportionally: 360 * (30, 60, 90) / 180 = 60, 120, 180", "horizontal", "fill_proportionally", "fill",
     10, 380, 60, 3, {ROW_A, ROW_B, ROW_C}, {{0, 0, 60, 60}, {70, 0, 120, 60}, {200, 0, 180, 60}}, 0, 0,
     {0, 0, 0, 0}},
    {"fill_proportionally, vertical: 90 * (30, 60, 90) / 180 = 15, 30, 45", "vertical", "fill_proportionally",
     "fill", 20, 60, 130, 3, {COL_A, COL_B, COL_C}, {{0, 0, 60, 15}, {0, 35, 60, 30}, {0, 85, 60, 45}}, 0, 0,
     {0, 0, 0, 0}},
    {"fill_proportionally, no content lengths: as fill_equally, (200 - 20) / 3", "horizontal",
     "fill_proportionally", "fill", 10, 200, 60, 3,
     {{.w = -1, .h = -1}, {.w = -1, .h = -1}, {.w = -1, .h = -1}},
     {{0, 0, 60, 60}, {70, 0, 60, 60}, {140, 0, 60, 60}}, 0, 0, {0, 0, 0, 0}},

    /* ---- equal_spacing */
    {"equal_spacing: g = (240 - 180) / 2 = 30", "horizontal", "equal_spacing", "fill", 10, 240, 60, 3,
     {ROW_A, ROW_B, ROW_C}, {{0, 0, 30, 60}, {60, 0, 60, 60}, {150, 0, 90, 60}}, 0, 0, {0, 0, 0, 0}},
    {"equal_spacing: g = 5 < 10: gaps 10, 10 short: lowest resistance (view 1, 500) 60 -> 50", "horizontal",
     "equal_spacing", "fill", 10, 190, 60, 3, {ROW_A, {.w = 60, .h = 50, .comp = 500}, ROW_C},
     {{0, 0, 30, 60}, {40, 0, 50, 60}, {100, 0, 90, 60}}, 0, 0, {0, 0, 0, 0}},
    {"equal_spacing: g = 5 < 10: gaps 10, 10 short: resistance tie -> last 90 -> 80", "horizontal",
     "equal_spacing", "fill", 10, 190, 60, 3, {ROW_A, ROW_B, ROW_C},
     {{0, 0, 30, 60}, {40, 0, 60, 60}, {110, 0, 80, 60}}, 0, 0, {0, 0, 0, 0}},
    {"equal_spacing: g = 15 < s_max 20 (view 0's spacing_after): gaps 20, last 90 -> 80", "horizontal",
     "equal_spacing", "fill", 10, 210, 60, 3, {{.w = 30, .h = 30, SP(20)}, ROW_B, ROW_C},
     {{0, 0, 30, 60}, {50, 0, 60, 60}, {130, 0, 80, 60}}, 0, 0, {0, 0, 0, 0}},
    {"equal_spacing, vertical: g = (280 - 180) / 2 = 50", "vertical", "equal_spacing", "fill", 10, 60, 280, 3,
     {COL_A, COL_B, COL_C}, {{0, 0, 60, 30}, {0, 80, 60, 60}, {0, 190, 60, 90}}, 0, 0, {0, 0, 0, 0}},
    {"equal_spacing, one visible view fills the canvas", "horizontal", "equal_spacing", "fill", 10, 100, 60, 1,
     {ROW_A}, {{0, 0, 100, 60}}, 0, 0, {0, 0, 0, 0}},

    /* ---- equal_centering: d = (C - L0/2 - L2/2) / 2 */
    {"equal_centering: d = (300 - 15 - 45) / 2 = 120: centers 15, 135, 255", "horizontal", "equal_centering",
     "fill", 10, 300, 60, 3, {ROW_A, ROW_B, ROW_C}, {{0, 0, 30, 60}, {105, 0, 60, 60}, {210, 0, 90, 60}}, 0, 0,
     {0, 0, 0, 0}},
    {"equal_centering: d = 80 leaves gap 5 < 10: d_i = max(t, m_i), m = 55, 85, t = 75", "horizontal",
     "equal_centering", "fill", 10, 220, 60, 3, {ROW_A, ROW_B, ROW_C},
     {{0, 0, 30, 60}, {60, 0, 60, 60}, {130, 0, 90, 60}}, 0, 0, {0, 0, 0, 0}},
    {"equal_centering: m_0 + m_1 = 140 > 130: gaps 10, 10 short: last 90 -> 80", "horizontal",
     "equal_centering", "fill", 10, 190, 60, 3, {ROW_A, ROW_B, ROW_C},
     {{0, 0, 30, 60}, {40, 0, 60, 60}, {110, 0, 80, 60}}, 0, 0, {0, 0, 0, 0}},
    {"equal_centering, vertical: d = 120: centers 15, 135, 255", "vertical", "equal_centering", "fill", 10, 60,
     300, 3, {COL_A, COL_B, COL_C}, {{0, 0, 60, 30}, {0, 105, 60, 60}, {0, 210, 60, 90}}, 0, 0, {0, 0, 0, 0}},

    /* ---- alignment across the axis (fill distribution, exact length 200) */
    {"alignment leading: own heights at the top", "horizontal", "fill", "leading", 10, 200, 60, 3,
     {ROW_A, ROW_B, ROW_C}, {{0, 0, 30, 30}, {40, 0, 60, 50}, {110, 0, 90, 20}}, 0, 0, {0, 0, 0, 0}},
    {"alignment leading, canvas 40 high: min(50, 40)", "horizontal", "fill", "leading", 10, 200, 40, 3,
     {ROW_A, ROW_B, ROW_C}, {{0, 0, 30, 30}, {40, 0, 60, 40}, {110, 0, 90, 20}}, 0, 0, {0, 0, 0, 0}},
    {"alignment center: y = (60 - h) / 2", "horizontal", "fill", "center", 10, 200, 60, 3, {ROW_A, ROW_B, ROW_C},
     {{0, 15, 30, 30}, {40, 5, 60, 50}, {110, 20, 90, 20}}, 0, 0, {0, 0, 0, 0}},
    {"alignment trailing: y = 60 - h", "horizontal", "fill", "trailing", 10, 200, 60, 3, {ROW_A, ROW_B, ROW_C},
     {{0, 30, 30, 30}, {40, 10, 60, 50}, {110, 40, 90, 20}}, 0, 0, {0, 0, 0, 0}},
    {"alignment first_baseline: baselines 10, 40, unset (20): view 1 on top, baseline at 40", "horizontal",
     "fill", "first_baseline", 10, 200, 60, 3,
     {{.w = 30, .h = 30, .first = 10}, {.w = 60, .h = 50, .first = 40}, ROW_C},
     {{0, 30, 30, 30}, {40, 0, 60, 50}, {110, 20, 90, 20}}, 0, 0, {0, 0, 0, 0}},
    {"alignment last_baseline: last 5, 20, unset (0): view 1 on top, baseline at 30", "horizontal", "fill",
     "last_baseline", 10, 200, 60, 3,
     {{.w = 30, .h = 30, .first = -1, .last = 5}, {.w = 60, .h = 50, .first = -1, .last = 20}, ROW_C},
     {{0, 5, 30, 30}, {40, 0, 60, 50}, {110, 10, 90, 20}}, 0, 0, {0, 0, 0, 0}},
    {"alignment center, vertical: x = (60 - w) / 2", "vertical", "fill", "center", 10, 60, 200, 3,
     {COL_A, COL_B, COL_C}, {{15, 0, 30, 30}, {5, 40, 50, 60}, {20, 110, 20, 90}}, 0, 0, {0, 0, 0, 0}},
    {"alignment first_baseline in a vertical stack behaves as leading", "vertical", "fill", "first_baseline",
     10, 60, 200, 3, {{.w = 30, .h = 30, .first = 10}, COL_B, COL_C},
     {{0, 0, 30, 30}, {0, 40, 50, 60}, {0, 110, 20, 90}}, 0, 0, {0, 0, 0, 0}},

    /* ---- spacing_after and its sentinels */
    {"spacing_after USE_SYSTEM (8) after view 0, USE_DEFAULT (the stack's 10) after view 1", "horizontal",
     "fill", "fill", 10, 198, 60, 3,
     {{.w = 30, .h = 30, SP(BRACE_STACK_SPACING_USE_SYSTEM)},
      {.w = 60, .h = 50, SP(BRACE_STACK_SPACING_USE_DEFAULT)}, ROW_C},
     {{0, 0, 30, 60}, {38, 0, 60, 60}, {108, 0, 90, 60}}, 0, 0, {0, 0, 0, 0}},
    {"spacing_after +0.0 is a length 0, not the system spacing", "horizontal", "fill", "fill", 10, 190, 60, 3,
     {{.w = 30, .h = 30, SP(0.0)}, ROW_B, ROW_C}, {{0, 0, 30, 60}, {30, 0, 60, 60}, {100, 0, 90, 60}}, 0, 0,
     {0, 0, 0, 0}},
    {"spacing USE_SYSTEM on the stack: gaps of 8", "horizontal", "fill", "fill", BRACE_STACK_SPACING_USE_SYSTEM,
     196, 60, 3, {ROW_A, ROW_B, ROW_C}, {{0, 0, 30, 60}, {38, 0, 60, 60}, {106, 0, 90, 60}}, 0, 0, {0, 0, 0, 0}},
    {"spacing_after 20 after view 0, USE_SYSTEM after view 1, stack spacing USE_SYSTEM", "vertical", "fill",
     "fill", BRACE_STACK_SPACING_USE_SYSTEM, 60, 208, 3,
     {{.w = 30, .h = 30, SP(20)}, {.w = 50, .h = 60, SP(BRACE_STACK_SPACING_USE_SYSTEM)}, COL_C},
     {{0, 0, 60, 30}, {0, 50, 60, 60}, {0, 118, 60, 90}}, 0, 0, {0, 0, 0, 0}},

    /* ---- hidden views collapse with the gap after them */
    {"hidden view 1: gap after view 0 (20) stays; extra 70 -> last; view 1 at 30, length 0", "horizontal",
     "fill", "fill", 10, 210, 60, 3, {{.w = 30, .h = 30, SP(20)}, {.w = 60, .h = 50, .hidden = 1}, ROW_C},
     {{0, 0, 30, 60}, {30, 0, 0, 60}, {50, 0, 160, 60}}, 0, 0, {0, 0, 0, 0}},
    {"hidden view 0: its gap (20) goes with it; view 0 at the canvas's leading edge", "horizontal", "fill",
     "fill", 10, 210, 60, 3, {{.w = 30, .h = 30, SP(20), .hidden = 1}, ROW_B, ROW_C},
     {{0, 0, 0, 60}, {0, 0, 60, 60}, {70, 0, 140, 60}}, 0, 0, {0, 0, 0, 0}},
    {"hidden in fill_equally: (200 - 10) / 2 = 95", "horizontal", "fill_equally", "fill", 10, 200, 60, 3,
     {ROW_A, {.w = 60, .h = 50, .hidden = 1}, ROW_C}, {{0, 0, 95, 60}, {95, 0, 0, 60}, {105, 0, 95, 60}}, 0, 0,
     {0, 0, 0, 0}},
    {"hidden view 1 in equal_centering: two views, d = 300 - 15 - 45 = 240", "horizontal", "equal_centering",
     "fill", 10, 300, 60, 3, {ROW_A, {.w = 60, .h = 50, .hidden = 1}, ROW_C},
     {{0, 0, 30, 60}, {30, 0, 0, 60}, {210, 0, 90, 60}}, 0, 0, {0, 0, 0, 0}},
    {"hidden last view in equal_spacing: g = 240 - 90 = 150; view 2 at view 1's trailing edge", "horizontal",
     "equal_spacing", "fill", 10, 240, 60, 3, {ROW_A, ROW_B, {.w = 90, .h = 20, .hidden = 1}},
     {{0, 0, 30, 60}, {180, 0, 60, 60}, {240, 0, 0, 60}}, 0, 0, {0, 0, 0, 0}},
    {"hidden view 1 under center alignment: length 0, centered across at its own height", "horizontal", "fill",
     "center", 10, 200, 60, 3, {ROW_A, {.w = 60, .h = 50, .hidden = 1}, ROW_C},
     {{0, 15, 30, 30}, {30, 5, 0, 50}, {40, 20, 160, 20}}, 0, 0, {0, 0, 0, 0}},

    /* ---- alignment-rect insets: the stack arranges alignment rects; frames are outset */
    {"insets 4 on view 0: alignment rect (0, 0, 30 x 60), frame (-4, -4, 38 x 68)", "horizontal", "fill", "fill",
     10, 200, 60, 3, {{.w = 30, .h = 30, .inset = 4}, ROW_B, ROW_C},
     {{-4, -4, 38, 68}, {40, 0, 60, 60}, {110, 0, 90, 60}}, 0, 0, {0, 0, 0, 0}},
    {"insets 5 on view 1, center alignment: alignment rect (40, 5, 60 x 50)", "horizontal", "fill", "center", 10,
     200, 60, 3, {ROW_A, {.w = 60, .h = 50, .inset = 5}, ROW_C},
     {{0, 15, 30, 30}, {35, 0, 70, 60}, {110, 20, 90, 20}}, 0, 0, {0, 0, 0, 0}},

    /* ---- layout margins: canvas (20, 10, 200 x 60) inside (0, 0, 220 x 80) */
    {"layout_margins_relative: canvas inset by margins top 10, left 20, bottom 10, right 0", "horizontal",
     "fill", "fill", 10, 220, 80, 3, {ROW_A, ROW_B, ROW_C}, {{20, 10, 30, 60}, {60, 10, 60, 60}, {130, 10, 90, 60}},
     0, 1, {10, 20, 10, 0}},
    {"layout_margins_relative off: the margins are ignored, extra 20 -> last", "horizontal", "fill", "fill", 10,
     220, 80, 3, {ROW_A, ROW_B, ROW_C}, {{0, 0, 30, 80}, {40, 0, 60, 80}, {110, 0, 110, 80}}, 0, 0,
     {10, 20, 10, 0}},

    /* ---- right to left: leading is the right edge */
    {"RTL horizontal: runs from the right", "horizontal", "fill", "fill", 10, 200, 60, 3, {ROW_A, ROW_B, ROW_C},
     {{170, 0, 30, 60}, {100, 0, 60, 60}, {0, 0, 90, 60}}, BRACE_DIRECTION_RTL, 0, {0, 0, 0, 0}},
    {"RTL horizontal, underflow 30 -> last (leftmost) view 120", "horizontal", "fill", "center", 10, 230, 60, 3,
     {ROW_A, ROW_B, ROW_C}, {{200, 15, 30, 30}, {130, 5, 60, 50}, {0, 20, 120, 20}}, BRACE_DIRECTION_RTL, 0,
     {0, 0, 0, 0}},
    {"RTL equal_spacing: the LTR frames mirrored, x' = 240 - x - w", "horizontal", "equal_spacing", "fill", 10,
     240, 60, 3, {ROW_A, ROW_B, ROW_C}, {{210, 0, 30, 60}, {120, 0, 60, 60}, {0, 0, 90, 60}},
     BRACE_DIRECTION_RTL, 0, {0, 0, 0, 0}},
    {"RTL vertical, alignment leading: views on the right, x = 60 - w", "vertical", "fill", "leading", 10, 60,
     200, 3, {COL_A, COL_B, COL_C}, {{30, 0, 30, 30}, {10, 40, 50, 60}, {40, 110, 20, 90}}, BRACE_DIRECTION_RTL,
     0, {0, 0, 0, 0}},
    {"RTL inside margins (left 30): canvas x 30...230, the first view at its right edge", "horizontal", "fill",
     "fill", 10, 230, 60, 3, {ROW_A, ROW_B, ROW_C}, {{200, 0, 30, 60}, {130, 0, 60, 60}, {30, 0, 90, 60}},
     BRACE_DIRECTION_RTL, 1, {0, 30, 0, 0}},
};

/* Builds a scene inside a window: the stack at (0, 0) with the scene's size. */
static brace_node build(const scene *s, int generate, brace_node *stack, brace_node *v) {
  brace_node window;
  OK(brace_node_create(ctx, &window));
  OK(brace_node_set_frame(ctx, window, R(0, 0, 1000, 1000)));
  OK(brace_node_create(ctx, stack));
  OK(brace_node_add_subview(ctx, window, *stack));
  OK(brace_node_set_frame(ctx, *stack, R(0, 0, s->width, s->height)));
  OK(brace_node_set_layout_strategy(ctx, *stack, "stack"));
  OK(brace_node_set_property_enum(ctx, *stack, "axis", s->axis));
  OK(brace_node_set_property_enum(ctx, *stack, "distribution", s->distribution));
  OK(brace_node_set_property_enum(ctx, *stack, "alignment", s->alignment));
  OK(brace_node_set_property_double(ctx, *stack, "spacing", s->spacing));
  OK(brace_node_set_property_bool(ctx, *stack, "layout_margins_relative", s->margins_relative != 0));
  OK(brace_node_set_property_bool(ctx, *stack, "generate_constraints", generate != 0));
  OK(brace_node_set_layout_margins(ctx, *stack, s->margins));
  if (s->direction) OK(brace_node_set_layout_direction(ctx, *stack, s->direction));
  brace_axis axis = strcmp(s->axis, "vertical") == 0 ? BRACE_AXIS_VERTICAL : BRACE_AXIS_HORIZONTAL;
  for (int i = 0; i < s->n; i++) {
    const vspec *p = &s->v[i];
    OK(brace_node_create(ctx, &v[i]));
    OK(brace_node_add_subview(ctx, *stack, v[i]));
    OK(brace_node_set_intrinsic_content_size(ctx, v[i], (brace_size){p->w, p->h}));
    if (p->hug > 0) OK(brace_node_set_content_hugging_priority(ctx, v[i], axis, p->hug));
    if (p->comp > 0) OK(brace_node_set_compression_resistance_priority(ctx, v[i], axis, p->comp));
    if (p->set_after) OK(brace_node_set_property_double(ctx, v[i], "spacing_after", p->after));
    if (p->first != 0 || p->last != 0) OK(brace_node_set_baseline_offsets(ctx, v[i], p->first, p->last));
    if (p->hidden) OK(brace_node_set_hidden(ctx, v[i], true));
    if (p->inset != 0)
      OK(brace_node_set_alignment_rect_insets(ctx, v[i], (brace_insets){p->inset, p->inset, p->inset, p->inset}));
  }
  OK(brace_context_run_update_cycle(ctx));
  return window;
}

static void test_scenes(void) {
  char what[256];
  for (size_t k = 0; k < sizeof scenes / sizeof scenes[0]; k++) {
    const scene *s = &scenes[k];
    for (int generate = 0; generate < 2; generate++) {
      brace_node stack, v[4];
      brace_node window = build(s, generate, &stack, v);
      snprintf(what, sizeof what, "%s [%s]", s->name, generate ? "generated constraints" : "direct");
      for (int i = 0; i < s->n; i++) check_frame(what, i, v[i], s->want[i]);
      check_frame(what, -1, stack, R(0, 0, s->width, s->height)); /* the stack itself stays put */
      OK(brace_node_destroy(ctx, window));
    }
  }
}

/* ------------------------------------------------------------------ hiding and showing */

static void test_hide_and_show(void) {
  /* spacing 10, view 0 with spacing_after 20: 30 + 20 + 60 + 10 + 90 = 210. */
  for (int generate = 0; generate < 2; generate++) {
    const char *what = generate ? "hide/show [generated constraints]" : "hide/show [direct]";
    brace_node window, stack, v[3];
    scene s = {"", "horizontal", "fill", "fill", 10, 210, 60, 3,
               {{.w = 30, .h = 30, SP(20)}, ROW_B, ROW_C}, {{0, 0, 0, 0}}, 0, 0, {0, 0, 0, 0}};
    window = build(&s, generate, &stack, v);
    check_frame(what, 0, v[0], R(0, 0, 30, 60));
    check_frame(what, 1, v[1], R(50, 0, 60, 60));
    check_frame(what, 2, v[2], R(120, 0, 90, 60));

    /* Hide view 1: it collapses with the gap after it (10); view 0's 20 stays:
       30 + 20 + 90 = 140, extra 70 -> the last view, 160. */
    OK(brace_node_set_hidden(ctx, v[1], true));
    bool needs = false;
    OK(brace_node_get_needs_layout(ctx, stack, &needs));
    CHECK(needs);
    OK(brace_context_run_update_cycle(ctx));
    check_frame(what, 0, v[0], R(0, 0, 30, 60));
    check_frame(what, 1, v[1], R(30, 0, 0, 60));
    check_frame(what, 2, v[2], R(50, 0, 160, 60));

    /* Show it again: back where it was. */
    OK(brace_node_set_hidden(ctx, v[1], false));
    OK(brace_context_run_update_cycle(ctx));
    check_frame(what, 0, v[0], R(0, 0, 30, 60));
    check_frame(what, 1, v[1], R(50, 0, 60, 60));
    check_frame(what, 2, v[2], R(120, 0, 90, 60));

    /* Hide view 0: its 20 goes with it; 60 + 10 + 90 = 160, extra 50 -> last, 140. */
    OK(brace_node_set_hidden(ctx, v[0], true));
    OK(brace_context_run_update_cycle(ctx));
    check_frame(what, 0, v[0], R(0, 0, 0, 60));
    check_frame(what, 1, v[1], R(0, 0, 60, 60));
    check_frame(what, 2, v[2], R(70, 0, 140, 60));
    OK(brace_node_set_hidden(ctx, v[0], false));
    OK(brace_context_run_update_cycle(ctx));
    check_frame(what, 0, v[0], R(0, 0, 30, 60));
    check_frame(what, 1, v[1], R(50, 0, 60, 60));

    /* A spacing change: 30 + 20 + 60 + 4 + 90 = 204, extra 6 -> last. */
    OK(brace_node_set_property_double(ctx, stack, "spacing", 4));
    OK(brace_context_run_update_cycle(ctx));
    check_frame(what, 2, v[2], R(114, 0, 96, 60));

    /* The stack resized: only its size changed; extra 26 -> last. */
    OK(brace_node_set_frame(ctx, stack, R(0, 0, 230, 60)));
    OK(brace_context_run_update_cycle(ctx));
    check_frame(what, 1, v[1], R(50, 0, 60, 60));
    check_frame(what, 2, v[2], R(114, 0, 116, 60));

    /* The stack turned its arranged views' translates_autoresizing_mask off. */
    bool translates = true;
    OK(brace_node_get_translates_autoresizing_mask(ctx, v[0], &translates));
    CHECK(!translates);
    const char *name = NULL;
    OK(brace_node_get_layout_strategy(ctx, stack, &name));
    CHECK(name && strcmp(name, "stack") == 0);
    OK(brace_node_destroy(ctx, window));
  }
}

/* ------------------------------------------------------------------ a nested stack */

static void test_nested(void) {
  /* outer: vertical, spacing 10, fill, 200 x 100. Arranged: inner (a horizontal stack of
     a 40 x 20 and b 50 x 30, spacing 5, alignment center; no intrinsic size, so it is
     measured: 95 x 30, and hugs at its own 250) and c (100 x 40, vertical hugging 251).
     Along the outer axis: 30 + 10 + 40 = 80, extra 20 -> the lowest hugging, inner: 50.
     inner (0, 0, 200 x 50), c (0, 60, 200 x 40).
     Inside inner: 40 + 5 + 50 = 95 of 200, extra 105 -> b (tie, last): 155;
     center: a at y (50 - 20) / 2 = 15, b at (50 - 30) / 2 = 10. */
  for (int generate = 0; generate < 2; generate++) {
    const char *what = generate ? "nested [generated constraints]" : "nested [direct]";
    brace_node window, outer, inner, a, b, c;
    OK(brace_node_create(ctx, &window));
    OK(brace_node_set_frame(ctx, window, R(0, 0, 400, 400)));
    OK(brace_node_create(ctx, &outer));
    OK(brace_node_add_subview(ctx, window, outer));
    OK(brace_node_set_frame(ctx, outer, R(10, 20, 200, 100)));
    OK(brace_node_set_layout_strategy(ctx, outer, "stack"));
    OK(brace_node_set_property_enum(ctx, outer, "axis", "vertical"));
    OK(brace_node_set_property_double(ctx, outer, "spacing", 10));
    OK(brace_node_create(ctx, &inner));
    OK(brace_node_add_subview(ctx, outer, inner));
    OK(brace_node_set_layout_strategy(ctx, inner, "stack"));
    OK(brace_node_set_property_double(ctx, inner, "spacing", 5));
    OK(brace_node_set_property_enum(ctx, inner, "alignment", "center"));
    OK(brace_node_create(ctx, &a));
    OK(brace_node_create(ctx, &b));
    OK(brace_node_add_subview(ctx, inner, a));
    OK(brace_node_add_subview(ctx, inner, b));
    OK(brace_node_set_intrinsic_content_size(ctx, a, (brace_size){40, 20}));
    OK(brace_node_set_intrinsic_content_size(ctx, b, (brace_size){50, 30}));
    OK(brace_node_create(ctx, &c));
    OK(brace_node_add_subview(ctx, outer, c));
    OK(brace_node_set_intrinsic_content_size(ctx, c, (brace_size){100, 40}));
    OK(brace_node_set_content_hugging_priority(ctx, c, BRACE_AXIS_VERTICAL, 251));
    if (generate) {
      OK(brace_node_set_property_bool(ctx, outer, "generate_constraints", true));
      OK(brace_node_set_property_bool(ctx, inner, "generate_constraints", true));
    }
    OK(brace_context_run_update_cycle(ctx));
    check_frame(what, 0, inner, R(0, 0, 200, 50));
    check_frame(what, 1, c, R(0, 60, 200, 40));
    check_frame(what, 2, a, R(0, 15, 40, 20));
    check_frame(what, 3, b, R(45, 10, 155, 30));

    /* The inner stack's content grows (b 50 x 30 -> 50 x 44): it measures 44 high, the
       outer stack relays out: 44 + 10 + 40 = 94, extra 6 -> inner, 50 again; b at y 3. */
    OK(brace_node_set_intrinsic_content_size(ctx, b, (brace_size){50, 44}));
    OK(brace_context_run_update_cycle(ctx));
    check_frame(what, 0, inner, R(0, 0, 200, 50));
    check_frame(what, 3, b, R(45, 3, 155, 44));
    /* Hiding c: the inner stack takes the whole column. */
    OK(brace_node_set_hidden(ctx, c, true));
    OK(brace_context_run_update_cycle(ctx));
    check_frame(what, 0, inner, R(0, 0, 200, 100));
    check_frame(what, 3, b, R(45, 28, 155, 44));
    OK(brace_node_destroy(ctx, window));
  }
}

/* A nested stack's fitting size along its axis, seen through the outer stack that
   measures it (outer: horizontal, alignment leading, the inner stack then a spacer that
   takes the rest). Inner: 30 x 30, 60 x 50, 90 x 20, spacing 10; across: max h = 50.
   fill_equally: n * max L + G = 3 * 90 + 20 = 290.
   equal_centering: the smallest d with every gap >= 10: m = 55, 85, so d = 85 and the
   length is 15 + 2 * 85 + 45 = 230 (centers 15, 100, 185).
   equal_spacing: sum L + G = 200. */
static void test_nested_measure(void) {
  static const struct {
    const char *distribution;
    brace_rect inner, want[3];
  } cases[] = {
      {"fill_equally", {0, 0, 290, 50}, {{0, 0, 90, 50}, {100, 0, 90, 50}, {200, 0, 90, 50}}},
      {"equal_centering", {0, 0, 230, 50}, {{0, 0, 30, 50}, {70, 0, 60, 50}, {140, 0, 90, 50}}},
      {"equal_spacing", {0, 0, 200, 50}, {{0, 0, 30, 50}, {40, 0, 60, 50}, {110, 0, 90, 50}}},
  };
  static const double sizes[3][2] = {{30, 30}, {60, 50}, {90, 20}};
  char what[128];
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    for (int generate = 0; generate < 2; generate++) {
      brace_node window, outer, inner, spacer, v[3];
      snprintf(what, sizeof what, "nested measure, %s [%s]", cases[k].distribution,
               generate ? "generated constraints" : "direct");
      OK(brace_node_create(ctx, &window));
      OK(brace_node_set_frame(ctx, window, R(0, 0, 500, 500)));
      OK(brace_node_create(ctx, &outer));
      OK(brace_node_add_subview(ctx, window, outer));
      OK(brace_node_set_frame(ctx, outer, R(0, 0, 400, 100)));
      OK(brace_node_set_layout_strategy(ctx, outer, "stack"));
      OK(brace_node_set_property_enum(ctx, outer, "alignment", "leading"));
      OK(brace_node_set_property_bool(ctx, outer, "generate_constraints", generate != 0));
      OK(brace_node_create(ctx, &inner));
      OK(brace_node_add_subview(ctx, outer, inner));
      OK(brace_node_set_layout_strategy(ctx, inner, "stack"));
      OK(brace_node_set_property_enum(ctx, inner, "distribution", cases[k].distribution));
      OK(brace_node_set_property_double(ctx, inner, "spacing", 10));
      OK(brace_node_set_property_bool(ctx, inner, "generate_constraints", generate != 0));
      for (int i = 0; i < 3; i++) {
        OK(brace_node_create(ctx, &v[i]));
        OK(brace_node_add_subview(ctx, inner, v[i]));
        OK(brace_node_set_intrinsic_content_size(ctx, v[i], (brace_size){sizes[i][0], sizes[i][1]}));
      }
      OK(brace_node_create(ctx, &spacer)); /* no size, priority 0: absorbs the room */
      OK(brace_node_add_subview(ctx, outer, spacer));
      OK(brace_context_run_update_cycle(ctx));
      check_frame(what, -1, inner, cases[k].inner);
      for (int i = 0; i < 3; i++) check_frame(what, i, v[i], cases[k].want[i]);
      brace_rect f = frame(spacer); /* along the axis; across: test_unsized_view_across */
      CHECK(f.x == cases[k].inner.width && f.width == 400 - cases[k].inner.width);
      OK(brace_node_destroy(ctx, window));
    }
  }
}

/* A view with no intrinsic size and no subviews has content size 0 and priority 0 on
   both axes: under a non-fill alignment it gets min(0, W) = 0 across, placed as the
   alignment says. Row 200 x 100: v0 50 x 40, then the unsized view, which absorbs the
   150 left along the axis. first_baseline: v0's unset baseline is its bottom, 40; the
   unsized view's is its bottom too, so its top is at 40. */
static void test_unsized_view_across(void) {
  static const struct {
    const char *alignment;
    brace_rect v0, unsized;
  } cases[] = {
      {"leading", {0, 0, 50, 40}, {50, 0, 150, 0}},
      {"center", {0, 30, 50, 40}, {50, 50, 150, 0}},
      {"trailing", {0, 60, 50, 40}, {50, 100, 150, 0}},
      {"first_baseline", {0, 0, 50, 40}, {50, 40, 150, 0}},
  };
  char what[128];
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    for (int generate = 0; generate < 2; generate++) {
      brace_node window, stack, v0, unsized;
      snprintf(what, sizeof what, "unsized view across, alignment %s [%s]", cases[k].alignment,
               generate ? "generated constraints" : "direct");
      OK(brace_node_create(ctx, &window));
      OK(brace_node_set_frame(ctx, window, R(0, 0, 500, 500)));
      OK(brace_node_create(ctx, &stack));
      OK(brace_node_add_subview(ctx, window, stack));
      OK(brace_node_set_frame(ctx, stack, R(0, 0, 200, 100)));
      OK(brace_node_set_layout_strategy(ctx, stack, "stack"));
      OK(brace_node_set_property_enum(ctx, stack, "alignment", cases[k].alignment));
      OK(brace_node_set_property_bool(ctx, stack, "generate_constraints", generate != 0));
      OK(brace_node_create(ctx, &v0));
      OK(brace_node_add_subview(ctx, stack, v0));
      OK(brace_node_set_intrinsic_content_size(ctx, v0, (brace_size){50, 40}));
      OK(brace_node_create(ctx, &unsized));
      OK(brace_node_add_subview(ctx, stack, unsized));
      OK(brace_context_run_update_cycle(ctx));
      check_frame(what, 0, v0, cases[k].v0);
      check_frame(what, 1, unsized, cases[k].unsized);
      OK(brace_node_destroy(ctx, window));
    }
  }
}

/* ------------------------------------------------------------------ generated constraints */

static void test_generated_identifiers(void) {
  const scene *s = &scenes[0]; /* fill, spacing 10, exact */
  brace_node window, stack, v[4];

  /* The direct path generates nothing. */
  window = build(s, 0, &stack, v);
  CHECK(count_identifier(v[1], "UISV-spacing") == 0);
  OK(brace_node_destroy(ctx, window));

  /* generate_constraints on: UIKit's identifiers, visible through the constraint API. */
  window = build(s, 1, &stack, v);
  CHECK(count_identifier(v[1], "UISV-spacing") == 2);            /* before and after view 1 */
  CHECK(count_identifier(v[0], "UISV-canvas-connection") >= 1); /* the first view's leading edge */
  for (int i = 0; i < 3; i++) check_frame("generated identifiers", i, v[i], s->want[i]);

  /* Turned off again: back to the direct path, the generated constraints are gone. */
  OK(brace_node_set_property_bool(ctx, stack, "generate_constraints", false));
  OK(brace_context_run_update_cycle(ctx));
  CHECK(count_identifier(v[1], "UISV-spacing") == 0);
  for (int i = 0; i < 3; i++) check_frame("generated off", i, v[i], s->want[i]);
  OK(brace_node_destroy(ctx, window));
}

/* ------------------------------------------------------------------ bulk creation */

/* brace_node_create_subviews: three 20 x 20 views made under a stack in one call end as
   three create + add_subview + set_intrinsic_content_size calls leave them; roots without
   a parent; count 0; bad input that makes nothing. */
static void test_create_subviews(void) {
  brace_node row, kids[4] = {0, 0, 0, 0}, got[4] = {0, 0, 0, 0};
  OK(brace_node_create(ctx, &row));
  OK(brace_node_set_frame(ctx, row, R(0, 0, 100, 20)));
  OK(brace_node_set_layout_strategy(ctx, row, "stack"));
  OK(brace_node_set_property_double(ctx, row, "spacing", 2));
  OK(brace_node_create_subviews(ctx, row, 3, (brace_size){20, 20}, kids));
  size_t count = 0;
  OK(brace_node_get_subviews(ctx, row, got, 4, &count));
  CHECK_EQ(count, 3);
  for (int k = 0; k < 3; k++) {
    brace_node parent = 0;
    brace_size size = {0, 0};
    bool translates = true;
    CHECK(kids[k] != BRACE_NODE_NONE && got[k] == kids[k]);
    OK(brace_node_get_superview(ctx, kids[k], &parent));
    CHECK(parent == row);
    OK(brace_node_get_intrinsic_content_size(ctx, kids[k], &size));
    CHECK(size.width == 20 && size.height == 20);
    /* The stack adopts its subviews as add_subview gives them to it. */
    OK(brace_node_get_translates_autoresizing_mask(ctx, kids[k], &translates));
    CHECK(!translates);
  }
  CHECK(kids[0] != kids[1] && kids[1] != kids[2] && kids[0] != kids[2]);
  /* One more the usual way lands after them: 4 views, 4 * 20 + 3 * 2 = 86 of 100, fill:
     the extra 14 to the last (hugging ties go to the last): 20, 20, 20, 34 wide at x 0,
     22, 44, 66. */
  OK(brace_node_create(ctx, &kids[3]));
  OK(brace_node_add_subview(ctx, row, kids[3]));
  OK(brace_node_set_intrinsic_content_size(ctx, kids[3], (brace_size){20, 20}));
  OK(brace_context_run_update_cycle(ctx));
  check_frame("create_subviews", 0, kids[0], R(0, 0, 20, 20));
  check_frame("create_subviews", 1, kids[1], R(22, 0, 20, 20));
  check_frame("create_subviews", 2, kids[2], R(44, 0, 20, 20));
  check_frame("create_subviews", 3, kids[3], R(66, 0, 34, 20));

  /* Made under a stack that is laid out already: the row relays out. 5 views: 100 + 8 =
     108 of 100, 8 too many: compression resistance ties (750) shrink the last, 20 - 8 =
     12: x 0, 22, 44, 66, 88 (12 wide). */
  brace_node more = 0;
  OK(brace_node_create_subviews(ctx, row, 1, (brace_size){20, 20}, &more));
  OK(brace_context_run_update_cycle(ctx));
  check_frame("create_subviews, later", 3, kids[3], R(66, 0, 20, 20));
  check_frame("create_subviews, later", 4, more, R(88, 0, 12, 20));

  /* Roots (parent 0) with no intrinsic size. */
  brace_node roots[2] = {0, 0};
  OK(brace_node_create_subviews(ctx, 0, 2, (brace_size){BRACE_NO_INTRINSIC_METRIC, BRACE_NO_INTRINSIC_METRIC}, roots));
  for (int k = 0; k < 2; k++) {
    brace_node parent = 1;
    brace_size size = {0, 0};
    OK(brace_node_get_superview(ctx, roots[k], &parent));
    CHECK(parent == BRACE_NODE_NONE);
    OK(brace_node_get_intrinsic_content_size(ctx, roots[k], &size));
    CHECK(size.width == BRACE_NO_INTRINSIC_METRIC && size.height == BRACE_NO_INTRINSIC_METRIC);
  }
  /* count 0 makes nothing, out may be NULL. */
  OK(brace_node_create_subviews(ctx, row, 0, (brace_size){20, 20}, NULL));

  /* Bad input: an error naming the problem, and the row keeps its 5 subviews. */
  brace_node out[2] = {0, 0}, guide = 0, gone = 0;
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "out is NULL", brace_node_create_subviews(ctx, row, 2, (brace_size){20, 20}, NULL));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "intrinsic_size.width", brace_node_create_subviews(ctx, row, 2, (brace_size){-2, 20}, out));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "intrinsic_size.height", brace_node_create_subviews(ctx, row, 2, (brace_size){20, NAN}, out));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "count", brace_node_create_subviews(ctx, row, SIZE_MAX, (brace_size){20, 20}, out));
  ERR(ctx, BRACE_E_NO_MEMORY, "handle space", brace_node_create_subviews(ctx, row, (size_t)1 << 25, (brace_size){20, 20}, out));
  OK(brace_layout_guide_create(ctx, row, &guide));
  ERR(ctx, BRACE_E_INVALID_ARGUMENT, "layout guide", brace_node_create_subviews(ctx, guide, 2, (brace_size){20, 20}, out));
  OK(brace_node_create(ctx, &gone));
  OK(brace_node_destroy(ctx, gone));
  ERR(ctx, BRACE_E_STALE_HANDLE, "parent", brace_node_create_subviews(ctx, gone, 2, (brace_size){20, 20}, out));
  CHECK(out[0] == 0 && out[1] == 0);
  OK(brace_node_get_subview_count(ctx, row, &count));
  CHECK_EQ(count, 5);
  OK(brace_node_destroy(ctx, row));
  OK(brace_node_destroy(ctx, roots[0]));
  OK(brace_node_destroy(ctx, roots[1]));
}

/* ------------------------------------------------------------------ bad input */

static void test_bad_input(void) {
  brace_node window, stack, v[4];
  window = build(&scenes[0], 0, &stack, v);
  brace_value value;

  /* Wrong types. */
  FAILS(brace_node_set_property_int(ctx, stack, "spacing", 3), BRACE_E_TYPE_MISMATCH);
  FAILS(brace_node_set_property_double(ctx, stack, "axis", 1), BRACE_E_TYPE_MISMATCH);
  FAILS(brace_node_set_property_bool(ctx, stack, "distribution", true), BRACE_E_TYPE_MISMATCH);
  FAILS(brace_node_set_property_double(ctx, stack, "generate_constraints", 1), BRACE_E_TYPE_MISMATCH);
  FAILS(brace_node_set_property_int(ctx, v[0], "spacing_after", 4), BRACE_E_TYPE_MISMATCH);

  /* Enum values out of range, unknown enum names. */
  brace_value bad = {BRACE_VALUE_ENUM, 6, 0};
  FAILS(brace_node_set_property(ctx, stack, "alignment", &bad), BRACE_E_INVALID_ARGUMENT);
  bad.integer = -1;
  FAILS(brace_node_set_property(ctx, stack, "alignment", &bad), BRACE_E_INVALID_ARGUMENT);
  bad.integer = 2;
  FAILS(brace_node_set_property(ctx, stack, "axis", &bad), BRACE_E_INVALID_ARGUMENT);
  CHECK(brace_node_set_property_enum(ctx, stack, "alignment", "middle") != BRACE_OK);
  CHECK(brace_last_error(ctx)[0] != '\0');
  CHECK(brace_node_set_property_enum(ctx, stack, "alignment", NULL) != BRACE_OK);

  /* Not finite. */
  FAILS(brace_node_set_property_double(ctx, stack, "spacing", NAN), BRACE_E_INVALID_ARGUMENT);
  FAILS(brace_node_set_property_double(ctx, stack, "spacing", INFINITY), BRACE_E_INVALID_ARGUMENT);
  FAILS(brace_node_set_property_double(ctx, v[0], "spacing_after", -INFINITY), BRACE_E_INVALID_ARGUMENT);

  /* Unknown names; a CHILD property on the container (the window is a "frame"). */
  FAILS(brace_node_set_property_double(ctx, stack, "spacingg", 3), BRACE_E_NOT_FOUND);
  FAILS(brace_node_set_property_double(ctx, stack, "spacing_after", 3), BRACE_E_NOT_FOUND);
  FAILS(brace_node_set_property_double(ctx, v[0], "no_such_property", 3), BRACE_E_NOT_FOUND);
  FAILS(brace_node_get_property(ctx, stack, "nope", &value), BRACE_E_NOT_FOUND);
  /* A stack property on a view that is neither a stack nor arranged by one. */
  FAILS(brace_node_set_property_double(ctx, window, "spacing", 3), BRACE_E_NOT_FOUND);

  /* Nothing changed. */
  OK(brace_node_get_property(ctx, stack, "spacing", &value));
  CHECK(value.type == BRACE_VALUE_DOUBLE && value.number == 10);
  OK(brace_node_get_property(ctx, stack, "axis", &value));
  CHECK(value.type == BRACE_VALUE_ENUM && value.integer == 0);
  OK(brace_node_get_property(ctx, stack, "alignment", &value));
  CHECK(value.type == BRACE_VALUE_ENUM && value.integer == 0);
  OK(brace_node_get_property(ctx, stack, "distribution", &value));
  CHECK(value.type == BRACE_VALUE_ENUM && value.integer == 0);
  OK(brace_node_get_property(ctx, stack, "generate_constraints", &value));
  CHECK(value.type == BRACE_VALUE_BOOL && value.integer == 0);
  OK(brace_node_get_property(ctx, v[0], "spacing_after", &value));
  CHECK(value.type == BRACE_VALUE_DOUBLE && value.number == BRACE_STACK_SPACING_USE_DEFAULT);
  OK(brace_context_run_update_cycle(ctx));
  for (int i = 0; i < 3; i++) check_frame("after bad input", i, v[i], scenes[0].want[i]);

  /* The sentinels read back as set: -0.0 keeps its sign. */
  OK(brace_node_set_property_double(ctx, v[0], "spacing_after", BRACE_STACK_SPACING_USE_SYSTEM));
  OK(brace_node_get_property(ctx, v[0], "spacing_after", &value));
  CHECK(value.number == 0 && signbit(value.number));
  OK(brace_node_set_property_double(ctx, v[0], "spacing_after", BRACE_STACK_SPACING_USE_DEFAULT));
  OK(brace_node_get_property(ctx, v[0], "spacing_after", &value));
  CHECK(value.number == DBL_MAX);
  OK(brace_node_set_property_enum(ctx, stack, "alignment", "last_baseline"));
  OK(brace_node_get_property(ctx, stack, "alignment", &value));
  CHECK(value.type == BRACE_VALUE_ENUM && value.integer == 5);
  OK(brace_node_destroy(ctx, window));
}

int main(void) {
  ctx = check_new_context("test_stack");
  if (!ctx) return 1;
  test_load_and_properties();
  test_scenes();
  test_hide_and_show();
  test_nested();
  test_nested_measure();
  test_unsized_view_across();
  test_generated_identifiers();
  test_create_subviews();
  test_bad_input();
  OK(brace_context_destroy(ctx));
  return check_summary("test_stack");
}
