/*
 * animation_bench.c — what animated layout changes cost a program linking the INSTALLED
 * libbrace (make bench), through brace/animation.h as a C program calls it:
 *
 *   sample      every animating view of a 10,000-view layout at one time, with the bulk
 *               brace_context_sample_animations (ns per view; goal <= 100), and the same
 *               views asked one by one with brace_node_get_presentation_frame.
 *   in / out    a layout change inside a transaction (begin, change, layout_if_needed,
 *               commit) against the same change outside one (change, layout_if_needed);
 *               goal: inside <= 1.2x outside. The tick that ends the animations and runs
 *               the completion is timed on its own. Changes:
 *                 constraints  10,000 views in constraint layout below a header; the
 *                              header's height constant changes: every view moves
 *                 stack        a vertical `stack` of 10,000 arranged views; the 10th is
 *                              hidden or shown: the 9,990 below it close or open the gap
 *                 interrupt    the constraint change made again halfway through its
 *                              animation: additive (the default) and
 *                              BRACE_ANIMATION_BEGIN_FROM_CURRENT_STATE
 *               Outside and inside alternate which goes first, so each does as many
 *               changes one way as the other.
 *   memory      heap bytes in use (glibc mallinfo2, as install_bench measures) per
 *               animating view while 10,000 animate, and what is left after a tick ends
 *               them all (goal: back to the baseline).
 *   tick        K transactions of one view each (K = 1, 100, 10,000): a tick halfway
 *               (nothing ends), the tick that ends them all and runs K completions, and
 *               sampling them halfway.
 *   first use   begin, one recorded frame change, commit, sample and tick: the first time
 *               in a fresh process (median of 21 processes, fork + exec of this program)
 *               and in a process that has done it once (warm).
 *
 * Every figure is a median of repeated runs, timed with clock_gettime: CLOCK_MONOTONIC for
 * the short ones, the thread's CPU clock for sampling and changes of 10,000 views (cpu_ns).
 * The host's clock here is a counter the program advances: animations last 0.3 s of it.
 *
 *   animation_bench [--views N] [--reps N]
 */
#define BENCH_NAME "animation_bench"
#include "bench.h"

#include <string.h>

static const double kDuration = 0.3;

/* The clocks (bench.h). Short figures (first use, ticks): now_ns, the monotonic clock, as
   the other benchmarks time. Figures of a millisecond or more (a change of 10,000 views,
   sampling them): cpu_ns, the thread's CPU time. The machine's cores are shared with
   other work, and a change timed by the wall clock while it waits for a core doubles
   (2 ms or 7 ms for the same change, at random). The library starts no thread and does
   no I/O, so on a quiet machine this is the wall time; reading this clock is a system
   call (~0.4 µs), too slow for the short figures. */

static double median(double *xs, int n) {
  qsort(xs, (size_t)n, sizeof xs[0], cmp);
  return n % 2 ? xs[n / 2] : (xs[n / 2 - 1] + xs[n / 2]) / 2;
}

static int completions, finished_completions;
static void on_complete(brace_context *ctx, bool finished, void *user_data) {
  (void)ctx, (void)user_data;
  completions++;
  finished_completions += finished;
}

static void begin(brace_context *ctx, double t, uint32_t options) {
  brace_animation_params a = BRACE_ANIMATION_PARAMS_INIT;
  a.duration = kDuration;
  a.options = options;
  a.completion = on_complete;
  must(ctx, brace_context_begin_animation(ctx, &a, t), "brace_context_begin_animation");
}

static void commit(brace_context *ctx) { must(ctx, brace_context_commit_animation(ctx), "brace_context_commit_animation"); }

static size_t tick(brace_context *ctx, double t) {
  size_t remaining = 0;
  must(ctx, brace_context_tick(ctx, t, &remaining), "brace_context_tick");
  return remaining;
}

static brace_node node_under(brace_context *ctx, brace_node parent) {
  brace_node n;
  must(ctx, brace_node_create(ctx, &n), "brace_node_create");
  if (parent) must(ctx, brace_node_add_subview(ctx, parent, n), "brace_node_add_subview");
  return n;
}

/* ------------------------------------------------------------------ the scenes */

/* A change made to a scene: one way, then back. */
typedef struct scene {
  brace_context *ctx;
  brace_node root;
  brace_node *views;
  int count;
  brace_constraint header_height; /* constraints */
  brace_node hidden;              /* stack */
  bool flipped;
  const char *what;
} scene;

static void flip(scene *s) {
  s->flipped = !s->flipped;
  if (s->header_height)
    must(s->ctx, brace_constraint_set_constant(s->ctx, s->header_height, s->flipped ? 80 : 40), "set_constant");
  else
    must(s->ctx, brace_node_set_hidden(s->ctx, s->hidden, s->flipped), "brace_node_set_hidden");
  must(s->ctx, brace_node_layout_if_needed(s->ctx, s->root), "brace_node_layout_if_needed");
}

/* A header 40 tall at the top; below it a grid of `count` 24x24 views, 100 to a row,
   32 apart: view i is at (32 (i % 100), header.bottom + 32 (i / 100)). Changing the
   header's height moves every view. */
static scene constraint_scene(int count) {
  scene s = {0};
  s.what = "constraints: a header's height 40 <-> 80, every view below moves";
  must(NULL, brace_context_create(NULL, &s.ctx), "brace_context_create");
  brace_context *ctx = s.ctx;
  s.count = count;
  s.views = malloc(sizeof *s.views * (size_t)count);
  s.root = node_under(ctx, 0);
  must(ctx, brace_node_set_frame(ctx, s.root, (brace_rect){0, 0, 3200, 80 + 32.0 * (count / 100 + 1)}), "set_frame");
  brace_node header = node_under(ctx, s.root);
  must(ctx, brace_node_set_translates_autoresizing_mask(ctx, header, false), "translates");
  brace_constraint k[4 * 1024];
  int nk = 0;
  must(ctx, brace_constraint_create(ctx, header, BRACE_ATTR_TOP, BRACE_RELATION_EQUAL, s.root, BRACE_ATTR_TOP, 1, 0, &k[nk++]), "create");
  must(ctx, brace_constraint_create(ctx, header, BRACE_ATTR_LEADING, BRACE_RELATION_EQUAL, s.root, BRACE_ATTR_LEADING, 1, 0, &k[nk++]), "create");
  must(ctx, brace_constraint_create(ctx, header, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 1, 3200, &k[nk++]), "create");
  must(ctx, brace_constraint_create(ctx, header, BRACE_ATTR_HEIGHT, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 1, 40, &s.header_height), "create");
  k[nk++] = s.header_height;
  for (int i = 0; i < count; i++) {
    brace_node v = s.views[i] = node_under(ctx, s.root);
    must(ctx, brace_node_set_translates_autoresizing_mask(ctx, v, false), "translates");
    must(ctx, brace_constraint_create(ctx, v, BRACE_ATTR_LEADING, BRACE_RELATION_EQUAL, s.root, BRACE_ATTR_LEADING, 1, 32.0 * (i % 100), &k[nk++]), "create");
    must(ctx, brace_constraint_create(ctx, v, BRACE_ATTR_TOP, BRACE_RELATION_EQUAL, header, BRACE_ATTR_BOTTOM, 1, 32.0 * (i / 100), &k[nk++]), "create");
    must(ctx, brace_constraint_create(ctx, v, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 1, 24, &k[nk++]), "create");
    must(ctx, brace_constraint_create(ctx, v, BRACE_ATTR_HEIGHT, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 1, 24, &k[nk++]), "create");
    if (nk > 4 * 1024 - 4) {
      must(ctx, brace_constraints_activate(ctx, k, (size_t)nk), "activate");
      nk = 0;
    }
  }
  must(ctx, brace_constraints_activate(ctx, k, (size_t)nk), "activate");
  must(ctx, brace_node_layout_if_needed(ctx, s.root), "brace_node_layout_if_needed");
  return s;
}

/* A vertical stack (fill, alignment fill) of `count` arranged views 44 tall, 320 wide,
   spacing 1; the 10th is hidden and shown. */
static scene stack_scene(int count) {
  scene s = {0};
  s.what = "stack: the 10th of the arranged views hidden <-> shown, the views below move";
  must(NULL, brace_context_create(NULL, &s.ctx), "brace_context_create");
  brace_context *ctx = s.ctx;
  must(ctx, brace_context_load_strategy(ctx, "stack"), "load stack");
  s.count = count;
  s.views = malloc(sizeof *s.views * (size_t)count);
  s.root = node_under(ctx, 0);
  must(ctx, brace_node_set_layout_strategy(ctx, s.root, "stack"), "set_layout_strategy");
  must(ctx, brace_node_set_property_enum(ctx, s.root, "axis", "vertical"), "axis");
  must(ctx, brace_node_set_property_enum(ctx, s.root, "alignment", "fill"), "alignment");
  must(ctx, brace_node_set_property_double(ctx, s.root, "spacing", 1), "spacing");
  must(ctx, brace_node_set_frame(ctx, s.root, (brace_rect){0, 0, 320, 45.0 * count}), "set_frame");
  for (int i = 0; i < count; i++) {
    s.views[i] = node_under(ctx, s.root);
    must(ctx, brace_node_set_intrinsic_content_size(ctx, s.views[i], (brace_size){320, 44}), "intrinsic size");
  }
  s.hidden = s.views[9];
  must(ctx, brace_node_layout_if_needed(ctx, s.root), "brace_node_layout_if_needed");
  return s;
}

static void free_scene(scene *s) {
  must(s->ctx, brace_context_destroy(s->ctx), "brace_context_destroy");
  free(s->views);
}

/* ------------------------------------------------------------------ in / out */

typedef struct in_out {
  double out, in, tick, interrupted;
  size_t animating;
} in_out;

/* The scene's change outside a transaction and inside one (then the tick at its end),
   `reps` times each. With `interrupt`, the inside change is made again halfway through
   its animation, with `options`, and that second change is what is timed. */
static in_out measure_in_out(scene *s, int reps, bool interrupt, uint32_t options, double *clock) {
  double *out = malloc(sizeof(double) * (size_t)reps), *in = malloc(sizeof(double) * (size_t)reps);
  double *ticks = malloc(sizeof(double) * (size_t)reps);
  in_out r = {0};
  /* The first rounds warm the caches and grow what the context keeps: not timed. */
  enum { WARMUP = 3 };
  for (int i = -WARMUP; i < reps; i++) {
    for (int k = 0; k < 2; k++) {
      if ((i + k) % 2 == 0) {
        double t0 = cpu_ns();
        flip(s);
        if (i >= 0) out[i] = cpu_ns() - t0;
        continue;
      }
      double t = *clock;
      if (interrupt) {
        begin(s->ctx, t, 0);
        flip(s);
        commit(s->ctx);
        t += kDuration / 2;
      }
      double t0 = cpu_ns();
      begin(s->ctx, t, options);
      flip(s);
      commit(s->ctx);
      if (i >= 0) in[i] = cpu_ns() - t0;
      size_t n = 0;
      must(s->ctx, brace_context_sample_animations(s->ctx, t, NULL, 0, &n), "sample (count)");
      r.animating = n;
      t0 = cpu_ns();
      size_t left = tick(s->ctx, t + kDuration);
      if (i >= 0) ticks[i] = cpu_ns() - t0;
      if (left != 0) {
        fprintf(stderr, "animation_bench: %zu views still animating after the end\n", left);
        exit(1);
      }
      *clock = t + 1;
    }
  }
  r.out = median(out, reps);
  r.in = median(in, reps);
  r.tick = median(ticks, reps);
  free(out), free(in), free(ticks);
  return r;
}

static void print_in_out(const char *what, in_out r) {
  printf("  %-34s %9.1f %9.1f  x%.2f %9.1f %10zu %8.1f\n", what, r.out / 1e3, r.in / 1e3, r.in / r.out,
         r.tick / 1e3, r.animating, (r.in - r.out) / (double)(r.animating ? r.animating : 1));
}

/* ------------------------------------------------------------------ sampling */

/* The scene animating (its change inside a transaction), sampled halfway: ns per view,
   bulk and one by one. `layers` changes, each halfway through the previous one, give each
   view that many animations. */
static void bench_sample(scene *s, int reps, int layers, double *clock) {
  double t = *clock;
  for (int l = 0; l < layers; l++) {
    begin(s->ctx, t, 0);
    flip(s);
    commit(s->ctx);
    if (l + 1 < layers) t += kDuration / 2;
  }
  double at = t + kDuration / 2;
  brace_presented_frame *buf = malloc(sizeof *buf * (size_t)s->count);
  double *bulk = malloc(sizeof(double) * (size_t)reps), *one = malloc(sizeof(double) * (size_t)reps);
  size_t n = 0;
  for (int i = 0; i < reps; i++) {
    double t0 = cpu_ns();
    must(s->ctx, brace_context_sample_animations(s->ctx, at, buf, (size_t)s->count, &n), "brace_context_sample_animations");
    bulk[i] = cpu_ns() - t0;
    brace_rect r;
    t0 = cpu_ns();
    for (int v = 0; v < s->count; v++)
      must(s->ctx, brace_node_get_presentation_frame(s->ctx, s->views[v], at, &r), "brace_node_get_presentation_frame");
    one[i] = cpu_ns() - t0;
  }
  double b = median(bulk, reps), o = median(one, reps);
  printf("  %d animation%s per view: %zu views animating; bulk %.0f µs = %.1f ns per view "
         "(goal <= 100); one by one %.0f µs = %.1f ns per view\n",
         layers, layers > 1 ? "s" : "", n, b / 1e3, b / (double)n, o / 1e3, o / (double)s->count);
  tick(s->ctx, t + kDuration);
  *clock = t + 1;
  free(buf), free(bulk), free(one);
}

/* ------------------------------------------------------------------ memory */

/* One round: the change inside a transaction, then the tick that ends it. Heap bytes
   held while the views animate and left after the tick, against before. */
static void memory_round(scene *s, double *clock, long *during, long *left, size_t *animating) {
  double t = *clock;
  long before = heap_in_use();
  begin(s->ctx, t, 0);
  flip(s);
  commit(s->ctx);
  *during = heap_in_use() - before;
  must(s->ctx, brace_context_sample_animations(s->ctx, t, NULL, 0, animating), "sample (count)");
  tick(s->ctx, t + kDuration);
  *left = heap_in_use() - before;
  *clock = t + 1;
}

static void bench_memory(scene *s, double *clock) {
  /* The change made twice first, outside a transaction: what the layout keeps is there
     before the baseline is read. */
  flip(s);
  flip(s);
  long before = heap_in_use();
  flip(s);
  long control = heap_in_use() - before;
  long during, left, during2, left2;
  size_t n;
  memory_round(s, clock, &during, &left, &n);
  memory_round(s, clock, &during2, &left2, &n);
  printf("  %zu views animating: %.1f bytes per animating view (%ld bytes); left after the tick that "
         "ends them: %+ld bytes, then %+ld in a second round (goal: 0); the change outside a "
         "transaction: %+ld\n",
         n, (double)during / (double)n, during, left, left2, control);
}

/* ------------------------------------------------------------------ many transactions */

static void bench_transactions(int k, int reps, double *clock) {
  brace_context *ctx;
  must(NULL, brace_context_create(NULL, &ctx), "brace_context_create");
  brace_node root = node_under(ctx, 0);
  brace_node *views = malloc(sizeof *views * (size_t)k);
  for (int i = 0; i < k; i++) {
    views[i] = node_under(ctx, root);
    must(ctx, brace_node_set_frame(ctx, views[i], (brace_rect){0, 24.0 * i, 100, 20}), "set_frame");
  }
  brace_presented_frame *buf = malloc(sizeof *buf * (size_t)k);
  double *mid = malloc(sizeof(double) * (size_t)reps), *end = malloc(sizeof(double) * (size_t)reps);
  double *sample = malloc(sizeof(double) * (size_t)reps);
  for (int r = 0; r < reps; r++) {
    double t = *clock;
    /* One transaction per view, each begun a little later than the one before. */
    for (int i = 0; i < k; i++) {
      begin(ctx, t + 1e-6 * i, 0);
      must(ctx, brace_node_set_frame(ctx, views[i], (brace_rect){r % 2 ? 0 : 50, 24.0 * i, 100, 20}), "set_frame");
      commit(ctx);
    }
    t += 1e-6 * k;
    size_t n = 0;
    double t0 = now_ns();
    must(ctx, brace_context_sample_animations(ctx, t + kDuration / 2, buf, (size_t)k, &n), "sample");
    sample[r] = now_ns() - t0;
    t0 = now_ns();
    tick(ctx, t + kDuration / 2);
    mid[r] = now_ns() - t0;
    completions = 0;
    t0 = now_ns();
    size_t left = tick(ctx, t + kDuration);
    end[r] = now_ns() - t0;
    if (left != 0 || completions != k) {
      fprintf(stderr, "animation_bench: %d transactions: %zu left, %d completions\n", k, left, completions);
      exit(1);
    }
    *clock = t + 1;
  }
  double m = median(mid, reps), e = median(end, reps), sm = median(sample, reps);
  printf("  %6d transaction%s of one view: tick halfway %8.2f µs (%.1f ns per transaction); tick that "
         "ends them %8.2f µs (%.1f ns per completion); sample halfway %.1f ns per view\n",
         k, k == 1 ? " " : "s", m / 1e3, m / k, e / 1e3, e / k, sm / k);
  must(ctx, brace_context_destroy(ctx), "brace_context_destroy");
  free(views), free(buf), free(mid), free(end), free(sample);
}

/* ------------------------------------------------------------------ first use */

enum { STEPS = 5 };
static const char *step_names[STEPS] = {"begin", "record", "commit", "sample", "tick"};

/* Begin, one recorded frame change, commit, sample, tick on a fresh context with a laid
   out view: ns per step. */
static void first_use(double *ns) {
  brace_context *ctx;
  must(NULL, brace_context_create(NULL, &ctx), "brace_context_create");
  brace_node root = node_under(ctx, 0), v = node_under(ctx, root);
  must(ctx, brace_node_set_frame(ctx, root, (brace_rect){0, 0, 320, 480}), "set_frame");
  must(ctx, brace_node_set_frame(ctx, v, (brace_rect){0, 0, 100, 40}), "set_frame");
  brace_animation_params a = BRACE_ANIMATION_PARAMS_INIT;
  a.duration = kDuration;
  brace_presented_frame f;
  size_t n;
  double t[STEPS + 1];
  t[0] = now_ns();
  must(ctx, brace_context_begin_animation(ctx, &a, 1.0), "begin");
  t[1] = now_ns();
  must(ctx, brace_node_set_frame(ctx, v, (brace_rect){0, 100, 100, 40}), "set_frame");
  t[2] = now_ns();
  must(ctx, brace_context_commit_animation(ctx), "commit");
  t[3] = now_ns();
  must(ctx, brace_context_sample_animations(ctx, 1.1, &f, 1, &n), "sample");
  t[4] = now_ns();
  must(ctx, brace_context_tick(ctx, 1.0 + kDuration, &n), "tick");
  t[5] = now_ns();
  for (int i = 0; i < STEPS; i++) ns[i] = t[i + 1] - t[i];
  must(ctx, brace_context_destroy(ctx), "brace_context_destroy");
}

static void bench_first_use(const char *self) {
  enum { RUNS = 21 };
  double cold[STEPS][RUNS], warm[STEPS][RUNS];
  for (int r = 0; r < RUNS; r++) {
    char buf[256];
    run_child(self, "--first-use-child", buf, sizeof buf);
    char *p = buf;
    for (int i = 0; i < STEPS; i++) cold[i][r] = strtod(p, &p);
  }
  double ns[STEPS];
  first_use(ns);
  for (int r = 0; r < RUNS; r++) {
    first_use(ns);
    for (int i = 0; i < STEPS; i++) warm[i][r] = ns[i];
  }
  printf("  %-8s %18s %12s\n", "call", "fresh process", "warm");
  for (int i = 0; i < STEPS; i++)
    printf("  %-8s %15.2f µs %9.2f µs\n", step_names[i], median(cold[i], RUNS) / 1e3, median(warm[i], RUNS) / 1e3);
  printf("  (median of %d fresh processes, each with a context and a laid out view before the "
         "first call; warm: the same on a new context in this process)\n", RUNS);
}

/* ------------------------------------------------------------------ main */

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "--first-use-child") == 0) {
    double ns[STEPS];
    first_use(ns);
    for (int i = 0; i < STEPS; i++) printf("%.0f ", ns[i]);
    printf("\n");
    return 0;
  }
  int views = 10000, reps = 21;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (strcmp(argv[i], "--views") == 0) views = atoi(argv[i + 1]);
    else if (strcmp(argv[i], "--reps") == 0) reps = atoi(argv[i + 1]);
  }
  printf("animation_bench — Brace %s, installed library, C ABI; medians of %d runs; "
         "animations of %.1f s on the program's clock\n", brace_version_string(), reps, kDuration);
  double clock = 1;

  scene c = constraint_scene(views);
  scene st = stack_scene(views);
  /* First, while nothing has animated in either context yet. */
  printf("\nmemory (heap bytes in use, mallinfo2):\n");
  bench_memory(&c, &clock);
  bench_memory(&st, &clock);

  printf("\nsampling every animating view at one time (%d views):\n", views);
  bench_sample(&c, reps, 1, &clock);
  bench_sample(&c, reps, 2, &clock);

  printf("\na change inside a transaction against outside one (µs; ns per view: what the "
         "transaction adds per animating view):\n");
  printf("    %s\n    %s\n", c.what, st.what);
  printf("  %-34s %9s %9s %6s %9s %10s %8s\n", "change", "outside", "inside", "ratio", "tick", "animating", "ns/view");
  print_in_out("constraints (goal <= x1.2)", measure_in_out(&c, reps, false, 0, &clock));
  print_in_out("stack (goal <= x1.2)", measure_in_out(&st, reps, false, 0, &clock));
  print_in_out("constraints, interrupted, additive", measure_in_out(&c, reps, true, 0, &clock));
  print_in_out("  ... begin from current state", measure_in_out(&c, reps, true, BRACE_ANIMATION_BEGIN_FROM_CURRENT_STATE, &clock));
  printf("  (inside: begin + change + layout_if_needed + commit; outside: change + layout_if_needed; "
         "tick: the one at the end, removing the animations and running the completion)\n");

  free_scene(&c);
  free_scene(&st);

  printf("\nticks with many transactions:\n");
  bench_transactions(1, reps, &clock);
  bench_transactions(100, reps, &clock);
  bench_transactions(views, reps, &clock);

  printf("\nfirst use in a process against warm (one view, one transaction):\n");
  bench_first_use(argv[0]);
  return 0;
}
