// stack_bench.c — Clay's side of the nested-stack benchmark (Tests/bench/stack-bench.sh);
// Yoga's side is Tests/bench/yoga/stack_bench.cpp, Brace's Sources/brace-stack-bench, same
// scene, same output. Clay (github.com/nicbarker/clay) is a single C header that no package
// registry ships: stack-bench.sh builds this file with -O2 against the header named by
// CLAY_H, passed as -DCLAY_H_PATH='"path/clay.h"'; the header is never copied here.
//
//   cc -std=c11 -O2 -DCLAY_H_PATH='"clay.h"' -o clay_stack_bench stack_bench.c -lm
//   ./clay_stack_bench [--quick] [--reps-build N] [--reps-op N]
//
// Clay is immediate mode: every frame declares the whole tree into its arena (allocated
// once, at Clay_Initialize) and lays it out; there is no retained tree to change. So each
// figure is whole frames: build_first_us is one frame (declaration + layout) with a warm
// arena, and resize, hide/show (two frames) and a spacing change are whole frames too.
//
// The scene: a left-to-right root of 10 top-to-bottom columns, each of 10 left-to-right
// rows of 100 leaves fixed at 20x20, a child gap of 2 in rows and columns.
//   spaced: Clay has no space-between: a growing spacer element (GROW, 0 wide at least)
//           between each two columns takes an equal share of the room left, the root's
//           child gap 0; columns and rows fit their content (leaves keep 20x20).
//   fill:   columns GROW with a root child gap of 2 (all columns fit the same content,
//           so growing makes them equal); rows GROW across their column; the last leaf
//           of each row GROW from 20, so it takes the row's extra width.
// Only the 13 check elements have an explicit id (13 hashes a frame); the others get
// Clay's automatic ids.
//
// Figures, each a median of repeated runs (CLOCK_MONOTONIC), in µs:
//   first_use_us    Clay_Initialize (arena malloc'd) + the first frame in the process
//   build_first_us  one frame: Clay_BeginLayout, the declaration, Clay_EndLayout
//   resize_us       one frame at the other root width
//   hide_show_us    one frame without the deep leaf, then one with it (the pair)
//   spacing_us      one frame with the deep row's gap changed 2 <-> 4
// Each printed as `clay MODE NAME VALUE`; check frames as `clay MODE check STATE NODE x y w h`
// (relative to the parent element, as the others print them).

#define _POSIX_C_SOURCE 199309L
#define CLAY_IMPLEMENTATION
#include CLAY_H_PATH

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { COLS = 10, ROWS = 10, LEAVES = 100 };
static const float LEAF = 20, HEIGHT = 218;
static const uint16_t GAP = 2, GAP_CHANGED = 4;
// The deep row (column 5, row 5) and the leaf hidden in it.
enum { DEEP_COL = 5, DEEP_ROW = 5, DEEP_LEAF = 50 };

typedef enum { SPACED, FILL } Mode;
static const char *mode_name(Mode m) { return m == SPACED ? "spaced" : "fill"; }

// The same widths as the others: spaced gaps (W - 21980) / 9 = 40 then 41; fill columns
// (W - 18) / 10 = 2418 then 2419.
static float width0(Mode m) { return m == SPACED ? 22340 : 24198; }
static float width1(Mode m) { return m == SPACED ? 22349 : 24208; }

// What a frame declares: the mode, the root width, whether the deep leaf is shown, the
// deep row's gap.
typedef struct {
  Mode mode;
  float width;
  bool deep_shown;
  uint16_t deep_gap;
} Frame;

static bool is_check_leaf(int c, int r, int l) {
  if (c == 0 && r == 0) return l == 0 || l == LEAVES - 1;
  if (c == DEEP_COL && r == DEEP_ROW) return l == DEEP_LEAF - 1 || l == DEEP_LEAF + 1 || l == LEAVES - 1;
  return c == COLS - 1 && r == ROWS - 1 && l == LEAVES - 1;
}

static bool is_check_row(int c, int r) {
  return (c == 0 && r == 0) || (c == DEEP_COL && r == DEEP_ROW) || (c == COLS - 1 && r == ROWS - 1);
}

static bool is_check_col(int c) { return c == 0 || c == DEEP_COL || c == COLS - 1; }

static void open_element(bool named, Clay_ElementId id) {
  if (named) Clay__OpenElementWithId(id);
  else Clay__OpenElement();
}

static void declare(const Frame *f) {
  const bool fill = f->mode == FILL;
  Clay__OpenElementWithId(CLAY_ID("root"));
  Clay__ConfigureOpenElement((Clay_ElementDeclaration){
      .layout = {.sizing = {CLAY_SIZING_FIXED(f->width), CLAY_SIZING_FIXED(HEIGHT)},
                 .childGap = fill ? GAP : 0,
                 .layoutDirection = CLAY_LEFT_TO_RIGHT}});
  for (int c = 0; c < COLS; c++) {
    if (!fill && c > 0) {
      Clay__OpenElement();
      Clay__ConfigureOpenElement((Clay_ElementDeclaration){
          .layout = {.sizing = {CLAY_SIZING_GROW(0), CLAY_SIZING_FIXED(0)}}});
      Clay__CloseElement();
    }
    open_element(is_check_col(c), CLAY_IDI("c", c));
    Clay__ConfigureOpenElement((Clay_ElementDeclaration){
        .layout = {.sizing = {fill ? CLAY_SIZING_GROW(0) : CLAY_SIZING_FIT(0), CLAY_SIZING_GROW(0)},
                   .childGap = GAP,
                   .layoutDirection = CLAY_TOP_TO_BOTTOM}});
    for (int r = 0; r < ROWS; r++) {
      const bool deep = c == DEEP_COL && r == DEEP_ROW;
      open_element(is_check_row(c, r), CLAY_IDI("r", c * ROWS + r));
      Clay__ConfigureOpenElement((Clay_ElementDeclaration){
          .layout = {.sizing = {fill ? CLAY_SIZING_GROW(0) : CLAY_SIZING_FIT(0), CLAY_SIZING_FIT(0)},
                     .childGap = deep ? f->deep_gap : GAP,
                     .layoutDirection = CLAY_LEFT_TO_RIGHT}});
      for (int l = 0; l < LEAVES; l++) {
        if (deep && l == DEEP_LEAF && !f->deep_shown) continue;
        open_element(is_check_leaf(c, r, l), CLAY_IDI("l", (c * ROWS + r) * LEAVES + l));
        const bool grows = fill && l == LEAVES - 1;
        Clay__ConfigureOpenElement((Clay_ElementDeclaration){
            .layout = {.sizing = {grows ? CLAY_SIZING_GROW(LEAF) : CLAY_SIZING_FIXED(LEAF), CLAY_SIZING_FIXED(LEAF)}}});
        Clay__CloseElement();
      }
      Clay__CloseElement();
    }
    Clay__CloseElement();
  }
  Clay__CloseElement();
}

static void frame(const Frame *f) {
  Clay_SetLayoutDimensions((Clay_Dimensions){f->width, HEIGHT});
  Clay_BeginLayout();
  declare(f);
  (void)Clay_EndLayout(0);
}

static void on_error(Clay_ErrorData e) {
  fprintf(stderr, "clay stack_bench: Clay error %d: %.*s\n", (int)e.errorType, (int)e.errorText.length, e.errorText.chars);
  exit(1);
}

static void *arena_memory;

static void init(void) {
  // 10,111 elements and 9 spacers: above Clay's default of 8,192.
  Clay_SetMaxElementCount(16384);
  uint32_t size = Clay_MinMemorySize();
  arena_memory = malloc(size);
  if (!arena_memory) {
    fprintf(stderr, "clay stack_bench: cannot allocate Clay's arena (%u bytes)\n", size);
    exit(1);
  }
  Clay_Initialize(Clay_CreateArenaWithCapacityAndMemory(size, arena_memory), (Clay_Dimensions){width0(SPACED), HEIGHT},
                  (Clay_ErrorHandler){on_error, NULL});
}

static double now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median(double *v, int n) {
  qsort(v, (size_t)n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void figure(Mode m, const char *what, double us) { printf("clay %s %s %.1f\n", mode_name(m), what, us); }

// A coordinate as the others print it: 3 decimals at most, trailing zeros dropped.
static void coord(char *buf, size_t size, double x) {
  double v = round(x * 1000) / 1000;
  if (v == 0) v = 0;  // no "-0"
  snprintf(buf, size, "%.3f", v);
  char *end = buf + strlen(buf) - 1;
  while (*end == '0') *end-- = 0;
  if (*end == '.') *end = 0;
}

static Clay_BoundingBox box(Clay_ElementId id) {
  Clay_ElementData d = Clay_GetElementData(id);
  if (!d.found) {
    fprintf(stderr, "clay stack_bench: a check element was not found\n");
    exit(1);
  }
  return d.boundingBox;
}

// The frame of `id` relative to its parent's (Clay's boxes are relative to the root).
static void check(Mode m, const char *state, const char *node, Clay_ElementId id, Clay_ElementId parent, bool has_parent) {
  Clay_BoundingBox b = box(id);
  double px = 0, py = 0;
  if (has_parent) {
    Clay_BoundingBox p = box(parent);
    px = p.x;
    py = p.y;
  }
  char x[32], y[32], w[32], h[32];
  coord(x, sizeof x, b.x - px);
  coord(y, sizeof y, b.y - py);
  coord(w, sizeof w, b.width);
  coord(h, sizeof h, b.height);
  printf("clay %s check %s %s %s %s %s %s\n", mode_name(m), state, node, x, y, w, h);
}

static void check_leaf(Mode m, const char *state, const char *node, int c, int r, int l) {
  check(m, state, node, CLAY_IDI("l", (c * ROWS + r) * LEAVES + l), CLAY_IDI("r", c * ROWS + r), true);
}

// The check frames, the same nodes as the others (the hidden leaf itself is left out).
static void frames(Mode m, const char *state) {
  Clay_ElementId root = CLAY_ID("root");
  check(m, state, "root", root, root, false);
  check(m, state, "c0", CLAY_IDI("c", 0), root, true);
  check(m, state, "c5", CLAY_IDI("c", DEEP_COL), root, true);
  check(m, state, "c9", CLAY_IDI("c", COLS - 1), root, true);
  check(m, state, "c0.r0", CLAY_IDI("r", 0), CLAY_IDI("c", 0), true);
  check(m, state, "c5.r5", CLAY_IDI("r", DEEP_COL * ROWS + DEEP_ROW), CLAY_IDI("c", DEEP_COL), true);
  check(m, state, "c9.r9", CLAY_IDI("r", COLS * ROWS - 1), CLAY_IDI("c", COLS - 1), true);
  check_leaf(m, state, "c0.r0.l0", 0, 0, 0);
  check_leaf(m, state, "c0.r0.l99", 0, 0, LEAVES - 1);
  check_leaf(m, state, "c5.r5.l49", DEEP_COL, DEEP_ROW, DEEP_LEAF - 1);
  check_leaf(m, state, "c5.r5.l51", DEEP_COL, DEEP_ROW, DEEP_LEAF + 1);
  check_leaf(m, state, "c5.r5.l99", DEEP_COL, DEEP_ROW, LEAVES - 1);
  check_leaf(m, state, "c9.r9.l99", COLS - 1, ROWS - 1, LEAVES - 1);
}

// Untimed: the check frames in the same four states as the others.
static void checks(Mode m) {
  Frame f = {m, width0(m), true, GAP};
  frame(&f);
  frames(m, "first");
  f.width = width1(m);
  frame(&f);
  frames(m, "resize");
  f.width = width0(m);
  f.deep_shown = false;
  frame(&f);
  frames(m, "hidden");
  f.deep_shown = true;
  f.deep_gap = GAP_CHANGED;
  frame(&f);
  frames(m, "spacing");
}

// The median of `reps` timings of `frames_per_rep` frames, after `warm` untimed reps;
// rep k declares frames[(k * frames_per_rep + j) % count].
static double time_frames(const Frame *fs, int count, int frames_per_rep, int warm, int reps) {
  double *t = malloc(sizeof *t * (size_t)reps);
  if (!t) exit(1);
  for (int k = 0; k < warm + reps; k++) {
    double t0 = now_us();
    for (int j = 0; j < frames_per_rep; j++) frame(&fs[(k * frames_per_rep + j) % count]);
    double dt = now_us() - t0;
    if (k >= warm) t[k - warm] = dt;
  }
  double med = median(t, reps);
  free(t);
  return med;
}

static void measure(Mode m, int reps_build, int reps_op, bool first_in_process) {
  Frame base = {m, width0(m), true, GAP};
  if (first_in_process) {
    double t0 = now_us();
    init();
    frame(&base);
    figure(m, "first_use_us", now_us() - t0);
  }
  figure(m, "build_first_us", time_frames(&base, 1, 1, 1, reps_build));
  Frame resize[2] = {{m, width1(m), true, GAP}, base};
  figure(m, "resize_us", time_frames(resize, 2, 1, 5, reps_op));
  Frame hide_show[2] = {{m, width0(m), false, GAP}, base};
  figure(m, "hide_show_us", time_frames(hide_show, 2, 2, 5, reps_op));
  Frame spacing[2] = {{m, width0(m), true, GAP_CHANGED}, base};
  figure(m, "spacing_us", time_frames(spacing, 2, 1, 5, reps_op));
}

static int int_arg(int argc, char **argv, const char *flag, int fallback) {
  for (int i = 1; i + 1 < argc; i++)
    if (strcmp(argv[i], flag) == 0) {
      int v = atoi(argv[i + 1]);
      return v < 1 ? 1 : v;
    }
  return fallback;
}

int main(int argc, char **argv) {
  bool quick = false;
  for (int i = 1; i < argc; i++)
    if (strcmp(argv[i], "--quick") == 0) quick = true;
  int reps_build = int_arg(argc, argv, "--reps-build", quick ? 5 : 21);
  int reps_op = int_arg(argc, argv, "--reps-op", quick ? 21 : 201);
  printf("# clay (header 0.14, immediate mode: every figure is whole frames), %d leaves, %d elements + 9 spacers "
         "(spaced); medians of %d frames, %d ops; µs\n",
         COLS * ROWS * LEAVES, 1 + COLS + COLS * ROWS + COLS * ROWS * LEAVES, reps_build, reps_op);
  bool first = true;
  for (Mode m = SPACED; m <= FILL; m++) {
    measure(m, reps_build, reps_op, first);
    first = false;
    checks(m);
    fflush(stdout);
  }
  free(arena_memory);
  return 0;
}
