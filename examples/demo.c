/*
 * demo.c — Brace from C: a small screen laid out by the update cycle.
 *
 *   make demo
 *
 * or by hand, against an installed Brace:
 *
 *   cc -std=c11 -Wall -Wextra -pedantic demo.c $(pkg-config --cflags --libs brace) -o demo
 *
 * The scene is a phone window (375 x 667 points) with a header bar, a sidebar and a
 * content area:
 *   - the window's layout_subviews callback places the header, the sidebar and the
 *     content area from its bounds, as a UIView subclass overriding layoutSubviews would;
 *   - the sidebar's layout_subviews stacks its menu items inside its layout margins;
 *   - the content area has no callback: its default strategy ("frame", autoresizing)
 *     resizes its children by their autoresizing masks when it changes size;
 *   - the first card holds a form laid out with constraints (Auto Layout): labels and
 *     fields in two rows, inside the card's layout margins, fields aligned on the
 *     labels' baselines, labels hugging their text so the fields take the rest;
 *   - the second card holds tags arranged by "flow", the example plugin in
 *     examples/plugins/flow.c, loaded by name from BRACE_PLUGIN_PATH (make demo sets it);
 *   - every node has a draw callback that records what it was asked to draw.
 * A trace callback prints every event of the update cycle. The demo runs a turn, prints
 * the tree of frames, rotates the window to landscape (667 x 375), runs a turn again,
 * and finally dirties one rectangle of one node to show that a turn costs what changed.
 *
 * A second screen is built from stacks ("stack", UIStackView; docs/stack.md): a column
 * holding a toolbar row (back button, a title that stretches, two action buttons) and a
 * settings column of rows (a label and a switch each), then a spacer. It prints the
 * frames, rotates, hides a row and shows it again, printing only the frames that changed
 * and which nodes were laid out.
 *
 * Last, UIKit's recipe for animating a constraint change (brace/animation.h): the form's
 * gap constant changes inside an animation transaction, and the demo prints the frames a
 * renderer would draw at several times of the host's clock, then the completion.
 */
#include <brace/brace.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What the demo keeps per node, in the node's user data. */
typedef struct view {
  const char *name;
  int draws;
  brace_rect last_dirty;
} view;

static brace_context *ctx;

/* Stop with Brace's own message when a call fails. */
#define TRY(call)                                                              \
  do {                                                                         \
    brace_status s_ = (call);                                                  \
    if (s_ != BRACE_OK) {                                                      \
      fprintf(stderr, "%s:%d: %s failed: %s: %s\n", __FILE__, __LINE__, #call, \
              brace_status_name(s_), brace_last_error(ctx));                   \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

static const char *name_of(brace_node node) {
  void *ud = NULL;
  if (node == BRACE_NODE_NONE) return "-";
  if (brace_node_get_user_data(ctx, node, &ud) != BRACE_OK || ud == NULL) return "?";
  return ((view *)ud)->name;
}

static void print_rect(brace_rect r) {
  printf("(%g, %g, %g x %g)", r.x, r.y, r.width, r.height);
}

/* ------------------------------------------------------------------ callbacks */

/* The window: a header bar across the top, a sidebar on the leading side, the content
   area in the rest. Landscape gets a shorter header and a wider sidebar. */
static void window_layout_subviews(brace_context *c, brace_node window, void *user_data) {
  brace_node parts[3]; /* header, sidebar, content: the window's subviews, in order */
  size_t count = 0;
  brace_rect b;
  (void)user_data;
  TRY(brace_node_get_subviews(c, window, parts, 3, &count));
  if (count < 3) return;
  TRY(brace_node_get_bounds(c, window, &b));
  int landscape = b.width > b.height;
  double header_h = landscape ? 32 : 64;
  double sidebar_w = landscape ? 180 : 96;
  TRY(brace_node_set_frame(c, parts[0], (brace_rect){0, 0, b.width, header_h}));
  TRY(brace_node_set_frame(c, parts[1], (brace_rect){0, header_h, sidebar_w, b.height - header_h}));
  TRY(brace_node_set_frame(c, parts[2],
                           (brace_rect){sidebar_w, header_h, b.width - sidebar_w, b.height - header_h}));
}

/* The sidebar: its items stacked from the top, inside its layout margins, 36 points
   tall with 4 points between them. */
static void sidebar_layout_subviews(brace_context *c, brace_node sidebar, void *user_data) {
  brace_rect b;
  brace_insets m;
  brace_node items[8];
  size_t count = 0;
  (void)user_data;
  TRY(brace_node_get_bounds(c, sidebar, &b));
  TRY(brace_node_get_layout_margins(c, sidebar, &m));
  TRY(brace_node_get_subviews(c, sidebar, items, 8, &count));
  for (size_t i = 0; i < count && i < 8; i++) {
    double w = b.width - m.left - m.right;
    TRY(brace_node_set_frame(c, items[i], (brace_rect){m.left, m.top + (double)i * 40, w > 0 ? w : 0, 36}));
  }
}

static void record_draw(brace_context *c, brace_node node, brace_rect dirty, void *user_data) {
  view *v = user_data;
  (void)c;
  (void)node;
  v->draws++;
  v->last_dirty = dirty;
}

/* ------------------------------------------------------------------ trace */

static const char *phase_name(brace_phase p) {
  switch (p) {
  case BRACE_PHASE_CONSTRAINTS: return "constraints";
  case BRACE_PHASE_LAYOUT: return "layout";
  case BRACE_PHASE_DISPLAY: return "display";
  }
  return "?";
}

static void print_trace(brace_context *c, const brace_trace_event *e, void *user_data) {
  brace_rect f;
  (void)user_data;
  switch (e->kind) {
  case BRACE_TRACE_PHASE_BEGIN:
    printf("  [%s pass]\n", phase_name(e->phase));
    return;
  case BRACE_TRACE_PHASE_END:
    return;
  case BRACE_TRACE_UPDATE_CONSTRAINTS:
    printf("    update constraints  %s\n", name_of(e->node));
    return;
  case BRACE_TRACE_WILL_LAYOUT:
    return; /* will/did frame each layout; print the layout itself */
  case BRACE_TRACE_LAYOUT:
    printf("    layout subviews     %-12s frame ", name_of(e->node));
    if (brace_node_get_frame(c, e->node, &f) == BRACE_OK) print_rect(f);
    printf("\n");
    return;
  case BRACE_TRACE_DID_LAYOUT:
    return;
  case BRACE_TRACE_DRAW:
    printf("    draw                %-12s dirty ", name_of(e->node));
    print_rect(e->rect);
    printf("\n");
    return;
  }
  printf("    (event %d)\n", (int)e->kind);
}

/* ------------------------------------------------------------------ the tree */

static void print_tree(brace_node node, int depth) {
  brace_rect f;
  brace_node kids[16];
  size_t count = 0;
  view *v = NULL;
  bool ambiguous = false;
  TRY(brace_node_get_frame(ctx, node, &f));
  TRY(brace_node_get_user_data(ctx, node, (void **)&v));
  TRY(brace_node_has_ambiguous_layout(ctx, node, &ambiguous));
  printf("  %*s%-*s ", depth * 2, "", 18 - depth * 2 > 0 ? 18 - depth * 2 : 1, v ? v->name : "?");
  print_rect(f);
  if (v) printf("  drawn %dx", v->draws);
  if (ambiguous) printf("  AMBIGUOUS");
  printf("\n");
  TRY(brace_node_get_subviews(ctx, node, kids, 16, &count));
  for (size_t i = 0; i < count && i < 16; i++) print_tree(kids[i], depth + 1);
}

/* Every view records its draws; `layout_subviews` may be NULL (the default layout). */
static void set_callbacks(brace_node n, view *v,
                          void (*layout_subviews)(brace_context *, brace_node, void *)) {
  brace_node_callbacks cb;
  memset(&cb, 0, sizeof cb);
  cb.struct_size = sizeof cb;
  cb.user_data = v;
  cb.layout_subviews = layout_subviews;
  cb.draw = record_draw;
  TRY(brace_node_set_callbacks(ctx, n, &cb));
}

static brace_node make_view(view *v, brace_node parent) {
  brace_node n;
  TRY(brace_node_create(ctx, &n));
  TRY(brace_node_set_user_data(ctx, n, v));
  set_callbacks(n, v, NULL);
  if (parent != BRACE_NODE_NONE) TRY(brace_node_add_subview(ctx, parent, n));
  return n;
}

/* The form in card 1: two rows of label + field, laid out with constraints. */
static void build_form(brace_node card, const brace_node *labels, const brace_node *fields) {
  brace_constraint c[12];
  size_t k = 0;
  for (int row = 0; row < 2; row++) {
    brace_node l = labels[row], f = fields[row];
    TRY(brace_node_set_translates_autoresizing_mask(ctx, l, false));
    TRY(brace_node_set_translates_autoresizing_mask(ctx, f, false));
    /* A label: its text's size, baseline 13 points down; it hugs its text (251) so
       that the field, hugging at the default 250, takes the width that is left. */
    TRY(brace_node_set_content_hugging_priority(ctx, l, BRACE_AXIS_HORIZONTAL, 251));
    TRY(brace_node_set_baseline_offsets(ctx, l, 13, 4));
    TRY(brace_node_set_baseline_offsets(ctx, f, 20, 10));
    TRY(brace_constraint_create(ctx, l, BRACE_ATTR_LEADING, BRACE_RELATION_EQUAL, card,
                                BRACE_ATTR_LEADING_MARGIN, 1, 0, &c[k++]));
    TRY(brace_constraint_create(ctx, f, BRACE_ATTR_LEADING, BRACE_RELATION_EQUAL, l,
                                BRACE_ATTR_TRAILING, 1, 8, &c[k++]));
    TRY(brace_constraint_create(ctx, f, BRACE_ATTR_TRAILING, BRACE_RELATION_EQUAL, card,
                                BRACE_ATTR_TRAILING_MARGIN, 1, 0, &c[k++]));
    TRY(brace_constraint_create(ctx, f, BRACE_ATTR_FIRST_BASELINE, BRACE_RELATION_EQUAL, l,
                                BRACE_ATTR_FIRST_BASELINE, 1, 0, &c[k++]));
  }
  TRY(brace_constraint_create(ctx, fields[0], BRACE_ATTR_TOP, BRACE_RELATION_EQUAL, card,
                              BRACE_ATTR_TOP_MARGIN, 1, 0, &c[k++]));
  TRY(brace_constraint_create(ctx, fields[1], BRACE_ATTR_TOP, BRACE_RELATION_EQUAL, fields[0],
                              BRACE_ATTR_BOTTOM, 1, 8, &c[k++]));
  /* Both labels as wide as the wider one: equal widths, each at least its text. */
  TRY(brace_constraint_create(ctx, labels[1], BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, labels[0],
                              BRACE_ATTR_WIDTH, 1, 0, &c[k++]));
  TRY(brace_constraint_set_identifier(ctx, c[1], "name-gap"));
  TRY(brace_constraints_activate(ctx, c, k));
}

static void print_description(brace_node node) {
  size_t length = 0;
  TRY(brace_node_copy_description(ctx, node, NULL, 0, &length));
  char *text = malloc(length + 1);
  if (!text) return;
  TRY(brace_node_copy_description(ctx, node, text, length + 1, &length));
  printf("%s", text);
  free(text);
}

static void run_turn(const char *title) {
  uint32_t pending = 0;
  TRY(brace_context_get_pending(ctx, &pending));
  printf("\n== %s: run the update cycle (pending:%s%s%s)\n", title,
         pending & BRACE_PHASE_CONSTRAINTS ? " constraints" : "",
         pending & BRACE_PHASE_LAYOUT ? " layout" : "", pending & BRACE_PHASE_DISPLAY ? " display" : "");
  TRY(brace_context_run_update_cycle(ctx));
}

/* ------------------------------------------------------------------ a screen of stacks */

/* Frames before a turn, to print only what changed. */
typedef struct snapshot {
  brace_node node;
  brace_rect frame;
} snapshot;

static size_t take_snapshot(brace_node node, snapshot *out, size_t at, size_t capacity) {
  brace_node kids[16];
  size_t count = 0;
  if (at >= capacity) return at;
  out[at].node = node;
  TRY(brace_node_get_frame(ctx, node, &out[at].frame));
  at++;
  TRY(brace_node_get_subviews(ctx, node, kids, 16, &count));
  for (size_t i = 0; i < count && i < 16; i++) at = take_snapshot(kids[i], out, at, capacity);
  return at;
}

static void print_changes(const snapshot *before, size_t count) {
  int changed = 0;
  for (size_t i = 0; i < count; i++) {
    brace_rect f;
    const brace_rect *o = &before[i].frame;
    TRY(brace_node_get_frame(ctx, before[i].node, &f));
    if (f.x == o->x && f.y == o->y && f.width == o->width && f.height == o->height) continue;
    printf("    %-16s ", name_of(before[i].node));
    print_rect(*o);
    printf(" -> ");
    print_rect(f);
    printf("\n");
    changed++;
  }
  if (!changed) printf("    (no frame changed)\n");
}

/* A quieter trace for this screen: the names of the nodes laid out, wrapped at about 90
   columns. */
static char laid_out[1024];
static size_t laid_out_line;
static void collect_layouts(brace_context *c, const brace_trace_event *e, void *user_data) {
  const char *name = name_of(e->node);
  size_t used = strlen(laid_out);
  (void)c;
  (void)user_data;
  if (e->kind != BRACE_TRACE_LAYOUT) return;
  if (used && used - laid_out_line + strlen(name) > 76) {
    snprintf(laid_out + used, sizeof laid_out - used, ",\n            ");
    used = strlen(laid_out);
    laid_out_line = used;
  } else if (used) {
    snprintf(laid_out + used, sizeof laid_out - used, ", ");
    used = strlen(laid_out);
  }
  snprintf(laid_out + used, sizeof laid_out - used, "%s", name);
}

static void stack_turn(const char *title, brace_node root, int print_all) {
  snapshot before[64];
  size_t count = take_snapshot(root, before, 0, 64);
  laid_out[0] = '\0';
  laid_out_line = 0;
  printf("\n== %s\n", title);
  TRY(brace_context_run_update_cycle(ctx));
  printf("  laid out: %s\n", laid_out[0] ? laid_out : "nothing");
  if (print_all) {
    printf("\n  frames:\n");
    print_tree(root, 0);
  } else {
    printf("  changed:\n");
    print_changes(before, count);
  }
}

static brace_node make_stack(view *v, brace_node parent, const char *axis, const char *alignment,
                             double spacing) {
  brace_node n = make_view(v, parent);
  TRY(brace_node_set_layout_strategy(ctx, n, "stack"));
  TRY(brace_node_set_property_enum(ctx, n, "axis", axis));
  TRY(brace_node_set_property_enum(ctx, n, "alignment", alignment));
  TRY(brace_node_set_property_double(ctx, n, "spacing", spacing));
  return n;
}

static brace_node make_item(view *v, brace_node parent, double width, double height) {
  brace_node n = make_view(v, parent);
  TRY(brace_node_set_intrinsic_content_size(ctx, n, (brace_size){width, height}));
  return n;
}

static void stack_screen(void) {
  enum { SCREEN, TOOLBAR, BACK, TITLE, SHARE, MORE, SETTINGS, SPACER, ROWS = 8, NROWS = 4,
         COUNT = ROWS + 3 * NROWS };
  static view views[COUNT] = {
      {"screen", 0, {0, 0, 0, 0}},   {"toolbar", 0, {0, 0, 0, 0}}, {"back", 0, {0, 0, 0, 0}},
      {"title", 0, {0, 0, 0, 0}},    {"share", 0, {0, 0, 0, 0}},   {"more", 0, {0, 0, 0, 0}},
      {"settings", 0, {0, 0, 0, 0}}, {"spacer", 0, {0, 0, 0, 0}},
      {"wi-fi row", 0, {0, 0, 0, 0}},     {"wi-fi", 0, {0, 0, 0, 0}},     {"wi-fi switch", 0, {0, 0, 0, 0}},
      {"bluetooth row", 0, {0, 0, 0, 0}}, {"bluetooth", 0, {0, 0, 0, 0}}, {"bt switch", 0, {0, 0, 0, 0}},
      {"airplane row", 0, {0, 0, 0, 0}},  {"airplane", 0, {0, 0, 0, 0}},  {"air switch", 0, {0, 0, 0, 0}},
      {"dark row", 0, {0, 0, 0, 0}},      {"dark mode", 0, {0, 0, 0, 0}}, {"dark switch", 0, {0, 0, 0, 0}}};
  static const double label_widths[NROWS] = {40, 72, 96, 78};
  brace_node n[COUNT];

  printf("\n\n######## A screen of stacks (the \"stack\" strategy, UIStackView)\n");
  TRY(brace_context_set_trace_callback(ctx, collect_layouts, NULL));

  /* The screen: a column of the toolbar, the settings and a spacer that takes the rest
     (no intrinsic size and no subviews: it hugs at priority 0, so it absorbs the room). */
  n[SCREEN] = make_stack(&views[SCREEN], BRACE_NODE_NONE, "vertical", "fill", 0);

  /* The toolbar: a row, centered across, 8 apart, inside margins of 6 and 12 points; the
     title hugs at 1 so it stretches and the buttons keep their sizes. */
  n[TOOLBAR] = make_stack(&views[TOOLBAR], n[SCREEN], "horizontal", "center", 8);
  TRY(brace_node_set_property_bool(ctx, n[TOOLBAR], "layout_margins_relative", true));
  TRY(brace_node_set_layout_margins(ctx, n[TOOLBAR], (brace_insets){6, 12, 6, 12}));
  n[BACK] = make_item(&views[BACK], n[TOOLBAR], 44, 32);
  n[TITLE] = make_item(&views[TITLE], n[TOOLBAR], 120, 22);
  TRY(brace_node_set_content_hugging_priority(ctx, n[TITLE], BRACE_AXIS_HORIZONTAL, 1));
  n[SHARE] = make_item(&views[SHARE], n[TOOLBAR], 32, 32);
  n[MORE] = make_item(&views[MORE], n[TOOLBAR], 32, 32);

  /* The settings: a column of rows, 8 apart, inside 16-point margins. Each row is a label
     and a switch (51 x 31, hugging 750 like UISwitch), centered across: "fill" rows let
     the label take the room, "equal_spacing" rows keep it and push the switch away. */
  n[SETTINGS] = make_stack(&views[SETTINGS], n[SCREEN], "vertical", "fill", 8);
  TRY(brace_node_set_property_bool(ctx, n[SETTINGS], "layout_margins_relative", true));
  TRY(brace_node_set_layout_margins(ctx, n[SETTINGS], (brace_insets){16, 16, 16, 16}));
  for (int r = 0; r < NROWS; r++) {
    int row = ROWS + 3 * r;
    n[row] = make_stack(&views[row], n[SETTINGS], "horizontal", "center", 8);
    if (r % 2) TRY(brace_node_set_property_enum(ctx, n[row], "distribution", "equal_spacing"));
    n[row + 1] = make_item(&views[row + 1], n[row], label_widths[r], 21);
    n[row + 2] = make_item(&views[row + 2], n[row], 51, 31);
    TRY(brace_node_set_content_hugging_priority(ctx, n[row + 2], BRACE_AXIS_HORIZONTAL, 750));
  }
  n[SPACER] = make_view(&views[SPACER], n[SCREEN]);

  TRY(brace_node_set_frame(ctx, n[SCREEN], (brace_rect){0, 0, 375, 667}));
  stack_turn("portrait 375 x 667", n[SCREEN], 1);

  TRY(brace_node_set_frame(ctx, n[SCREEN], (brace_rect){0, 0, 667, 375}));
  stack_turn("rotated to landscape 667 x 375", n[SCREEN], 0);

  TRY(brace_node_set_hidden(ctx, n[ROWS + 3], true));
  stack_turn("the bluetooth row hidden: it collapses with the gap after it", n[SCREEN], 0);

  TRY(brace_node_set_hidden(ctx, n[ROWS + 3], false));
  stack_turn("the bluetooth row shown again", n[SCREEN], 0);

  TRY(brace_node_set_frame(ctx, n[SCREEN], (brace_rect){0, 0, 375, 667}));
  stack_turn("back to portrait", n[SCREEN], 0);

  TRY(brace_context_set_trace_callback(ctx, NULL, NULL));
  TRY(brace_node_destroy(ctx, n[SCREEN]));
}

/* ------------------------------------------------------------------ an animated change */

/* The host's clock: seconds, advanced by the demo's "display link" below. */
static double now;

static void animation_done(brace_context *c, bool finished, void *user_data) {
  (void)c;
  printf("  completion at t = %.2f s: finished = %s (%s)\n", now, finished ? "true" : "false",
         (const char *)user_data);
}

/* UIKit's three steps: layoutIfNeeded, the change inside the animation block, and
   layoutIfNeeded again inside it. Then a display link at 20 frames per second samples the
   presentation frames and ticks the clock. */
static void animate_gap(brace_node window, brace_constraint gap) {
  brace_presented_frame shown[8];
  size_t count = 0, remaining = 0;
  printf("\n\n######## An animated constraint change (brace/animation.h)\n");
  printf("\n== the name field's gap 24 -> 8, ease-in-out over 0.3 s from t = 0\n");
  TRY(brace_node_layout_if_needed(ctx, window));
  brace_animation_params a = BRACE_ANIMATION_PARAMS_INIT;
  a.duration = 0.3;
  a.completion = animation_done;
  a.user_data = "the gap";
  TRY(brace_context_begin_animation(ctx, &a, now));
  TRY(brace_constraint_set_constant(ctx, gap, 8));
  TRY(brace_node_layout_if_needed(ctx, window));
  TRY(brace_context_commit_animation(ctx));
  TRY(brace_context_sample_animations(ctx, now, shown, 8, &count));
  for (size_t i = 0; i < count && i < 8; i++) {
    brace_rect model;
    TRY(brace_node_get_frame(ctx, shown[i].node, &model));
    printf("  %s: model frame ", name_of(shown[i].node));
    print_rect(model);
    printf(" at once\n");
  }
  for (int frame = 0; frame <= 6; frame++) {
    now = frame / 20.0;
    TRY(brace_context_sample_animations(ctx, now, shown, 8, &count));
    printf("  t = %.2f s:", now);
    if (count == 0) printf(" nothing animating: every view at its model frame");
    for (size_t i = 0; i < count && i < 8; i++) {
      printf(" %s ", name_of(shown[i].node));
      print_rect(shown[i].frame);
    }
    printf("\n");
    TRY(brace_context_tick(ctx, now, &remaining));
  }
  printf("  %zu view%s still animating\n", remaining, remaining == 1 ? "" : "s");
}

int main(void) {
  enum {
    WINDOW, HEADER, SIDEBAR, CONTENT, ITEM1, ITEM2, ITEM3, TITLE, CARD1, CARD2, BUTTON,
    NAME_LABEL, NAME_FIELD, MAIL_LABEL, MAIL_FIELD, TAG1, TAG2, TAG3, TAG4, TAG5, COUNT
  };
  static view views[COUNT] = {
      {"window", 0, {0, 0, 0, 0}},  {"header", 0, {0, 0, 0, 0}}, {"sidebar", 0, {0, 0, 0, 0}},
      {"content", 0, {0, 0, 0, 0}}, {"inbox", 0, {0, 0, 0, 0}},  {"sent", 0, {0, 0, 0, 0}},
      {"archive", 0, {0, 0, 0, 0}}, {"title", 0, {0, 0, 0, 0}},  {"card 1", 0, {0, 0, 0, 0}},
      {"card 2", 0, {0, 0, 0, 0}},  {"button", 0, {0, 0, 0, 0}}, {"name:", 0, {0, 0, 0, 0}},
      {"name field", 0, {0, 0, 0, 0}}, {"email:", 0, {0, 0, 0, 0}}, {"email field", 0, {0, 0, 0, 0}},
      {"#swift", 0, {0, 0, 0, 0}},  {"#layout", 0, {0, 0, 0, 0}}, {"#c", 0, {0, 0, 0, 0}},
      {"#plugins", 0, {0, 0, 0, 0}}, {"#linux", 0, {0, 0, 0, 0}}};
  brace_node n[COUNT];

  printf("Brace %s (header %d.%d.%d)\n", brace_version_string(), BRACE_VERSION_MAJOR,
         BRACE_VERSION_MINOR, BRACE_VERSION_PATCH);
  if ((brace_version() >> 16) != BRACE_VERSION_MAJOR) {
    fprintf(stderr, "libbrace %s does not match this header\n", brace_version_string());
    return 1;
  }

  {
    brace_context_options options;
    brace_context_options_init(&options);
    options.scale = 2.0; /* a 2x screen */
    TRY(brace_context_create(&options, &ctx));
  }
  TRY(brace_context_set_trace_callback(ctx, print_trace, NULL));

  /* The tree. */
  n[WINDOW] = make_view(&views[WINDOW], BRACE_NODE_NONE);
  n[HEADER] = make_view(&views[HEADER], n[WINDOW]);
  n[SIDEBAR] = make_view(&views[SIDEBAR], n[WINDOW]);
  n[CONTENT] = make_view(&views[CONTENT], n[WINDOW]);
  n[ITEM1] = make_view(&views[ITEM1], n[SIDEBAR]);
  n[ITEM2] = make_view(&views[ITEM2], n[SIDEBAR]);
  n[ITEM3] = make_view(&views[ITEM3], n[SIDEBAR]);
  n[TITLE] = make_view(&views[TITLE], n[CONTENT]);
  n[CARD1] = make_view(&views[CARD1], n[CONTENT]);
  n[CARD2] = make_view(&views[CARD2], n[CONTENT]);
  n[BUTTON] = make_view(&views[BUTTON], n[CONTENT]);
  for (int i = NAME_LABEL; i <= MAIL_FIELD; i++) n[i] = make_view(&views[i], n[CARD1]);
  for (int i = TAG1; i <= TAG5; i++) n[i] = make_view(&views[i], n[CARD2]);

  /* Card 1: the form. Intrinsic sizes stand for the text's size. */
  TRY(brace_node_set_intrinsic_content_size(ctx, n[NAME_LABEL], (brace_size){44, 17}));
  TRY(brace_node_set_intrinsic_content_size(ctx, n[MAIL_LABEL], (brace_size){40, 17}));
  TRY(brace_node_set_intrinsic_content_size(ctx, n[NAME_FIELD], (brace_size){120, 30}));
  TRY(brace_node_set_intrinsic_content_size(ctx, n[MAIL_FIELD], (brace_size){120, 30}));
  {
    brace_node labels[2] = {n[NAME_LABEL], n[MAIL_LABEL]}, fields[2] = {n[NAME_FIELD], n[MAIL_FIELD]};
    build_form(n[CARD1], labels, fields);
  }

  /* Card 2: tags in a wrapping flow (the example plugin), 6 points apart. */
  TRY(brace_node_set_layout_strategy(ctx, n[CARD2], "flow"));
  TRY(brace_node_set_property_double(ctx, n[CARD2], "spacing", 6));
  TRY(brace_node_set_property_double(ctx, n[CARD2], "line_spacing", 6));
  TRY(brace_node_set_property_double(ctx, n[CARD2], "padding", 12));
  {
    static const double widths[] = {58, 66, 30, 74, 54};
    for (int i = TAG1; i <= TAG5; i++)
      TRY(brace_node_set_intrinsic_content_size(ctx, n[i], (brace_size){widths[i - TAG1], 24}));
  }

  /* The window and the sidebar lay out their subviews themselves. */
  set_callbacks(n[WINDOW], &views[WINDOW], window_layout_subviews);
  set_callbacks(n[SIDEBAR], &views[SIDEBAR], sidebar_layout_subviews);
  TRY(brace_node_set_layout_margins(ctx, n[SIDEBAR], (brace_insets){8, 8, 8, 8}));

  /* The content area's children: initial frames for its portrait size (279 x 603), and
     autoresizing masks that the default "frame" strategy applies when it changes size,
     at once, as UIKit's setFrame: does: the title and the cards stretch with the width,
     the cards share the extra height, the button stays at the bottom. The content area
     gets its portrait frame first, as a storyboard would give it: resized later, from
     zero, the masks would stretch its children from a zero size. */
  TRY(brace_node_set_frame(ctx, n[CONTENT], (brace_rect){96, 64, 279, 603}));
  TRY(brace_node_set_frame(ctx, n[TITLE], (brace_rect){16, 16, 247, 32}));
  TRY(brace_node_set_autoresizing_mask(ctx, n[TITLE], BRACE_AUTORESIZE_FLEXIBLE_WIDTH));
  TRY(brace_node_set_frame(ctx, n[CARD1], (brace_rect){16, 64, 247, 220}));
  TRY(brace_node_set_autoresizing_mask(ctx, n[CARD1],
                                       BRACE_AUTORESIZE_FLEXIBLE_WIDTH | BRACE_AUTORESIZE_FLEXIBLE_HEIGHT |
                                           BRACE_AUTORESIZE_FLEXIBLE_BOTTOM_MARGIN));
  TRY(brace_node_set_frame(ctx, n[CARD2], (brace_rect){16, 300, 247, 220}));
  TRY(brace_node_set_autoresizing_mask(ctx, n[CARD2],
                                       BRACE_AUTORESIZE_FLEXIBLE_WIDTH | BRACE_AUTORESIZE_FLEXIBLE_HEIGHT |
                                           BRACE_AUTORESIZE_FLEXIBLE_TOP_MARGIN));
  TRY(brace_node_set_frame(ctx, n[BUTTON], (brace_rect){16, 539, 247, 48}));
  TRY(brace_node_set_autoresizing_mask(ctx, n[BUTTON],
                                       BRACE_AUTORESIZE_FLEXIBLE_WIDTH | BRACE_AUTORESIZE_FLEXIBLE_TOP_MARGIN));

  /* Portrait. */
  TRY(brace_node_set_frame(ctx, n[WINDOW], (brace_rect){0, 0, 375, 667}));
  run_turn("portrait 375 x 667");
  printf("\n  frames:\n");
  print_tree(n[WINDOW], 0);
  printf("\n  card 1 as the constraint engine sees it:\n");
  print_description(n[CARD1]);

  /* Rotate. */
  TRY(brace_node_set_frame(ctx, n[WINDOW], (brace_rect){0, 0, 667, 375}));
  run_turn("rotated to landscape 667 x 375");
  printf("\n  frames:\n");
  print_tree(n[WINDOW], 0);

  /* A constraint's constant changes: only the views whose frames change are laid out. */
  brace_constraint name_gap = 0;
  {
    brace_constraint list[16];
    size_t count = 0;
    TRY(brace_node_get_constraints(ctx, n[NAME_FIELD], list, 16, &count));
    for (size_t i = 0; i < count && i < 16; i++) {
      const char *id = NULL;
      TRY(brace_constraint_get_identifier(ctx, list[i], &id));
      if (id && strcmp(id, "name-gap") == 0) {
        name_gap = list[i];
        TRY(brace_constraint_set_constant(ctx, name_gap, 24));
      }
    }
  }
  run_turn("the name field's gap constant changed from 8 to 24");
  printf("\n  frames:\n");
  print_tree(n[CARD1], 2);

  /* One small change: only that node is drawn, with only that rectangle. */
  TRY(brace_node_set_needs_display_in_rect(ctx, n[CARD2], (brace_rect){10, 10, 40, 20}));
  run_turn("card 2 needs display in (10, 10, 40 x 20)");
  printf("  card 2 drew %dx, last dirty rect ", views[CARD2].draws);
  print_rect(views[CARD2].last_dirty);
  printf("\n");

  /* Nothing changed: a turn does nothing. */
  run_turn("nothing changed");

  stack_screen();

  animate_gap(n[WINDOW], name_gap);

  TRY(brace_context_destroy(ctx));
  printf("\ndone.\n");
  return 0;
}
