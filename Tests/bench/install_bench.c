/*
 * install_bench.c — what a program linking the INSTALLED libbrace pays (make bench):
 *
 *   first use   in a fresh process: the first brace_context_create (which loads the
 *               "frame" plugin) plus loading every other built-in plugin ("stack",
 *               "simplex"); the median of 21 processes, each a fork + exec of this
 *               program. Then the same in a process that has done it once (warm).
 *               Next to it, the floor: dlopen of the same three plugin files (found
 *               beside the loaded libbrace, as the loader finds them) with no Brace call,
 *               also in fresh processes: what loading separate libraries costs here.
 *               And a later context: brace_context_create + brace_context_destroy,
 *               2,000 in a row, the best of 5 rounds (what brace.kiwi's Solver() pays).
 *   memory      heap bytes in use (glibc mallinfo2) per view, for 100,000 views under
 *               one root, and per constraint, for the chain workload of
 *               Tests/bench/kiwi_memory.cpp (x[0] >= 0, x[i+1] >= x[i] + 10 required,
 *               x[i] == 12 i weak; 2 constraints per variable) through
 *               brace_constraint_add_on_variables, and for views in a row laid out with
 *               4 constraints each. The baseline is a context whose solver is loaded.
 *
 * Built with the system compiler against the installed header and library (pkg-config),
 * as a user's program is:  install_bench [--constraints N] [--views N]
 */
#define BENCH_NAME "install_bench"
#include "bench.h"

#include <dirent.h>
#include <dlfcn.h>
#include <string.h>

/* The monotonic clock, in µs. */
static double now_us(void) { return now_ns() / 1e3; }

/* One first use: context + every built-in plugin, in µs. */
static double first_use(void) {
  double t0 = now_us();
  brace_context *ctx = NULL;
  must(NULL, brace_context_create(NULL, &ctx), "brace_context_create");
  must(ctx, brace_context_load_strategy(ctx, "stack"), "load stack");
  must(ctx, brace_context_load_strategy(ctx, "simplex"), "load simplex");
  double t = now_us() - t0;
  brace_context_destroy(ctx);
  return t;
}

/* The floor: dlopen of every built-in plugin file in lib/brace/ beside the loaded
   libbrace, with the loader's flags and no Brace call, in µs (-1 when one fails). */
static double dlopen_floor(void) {
  Dl_info info;
  if (!dladdr((void *)brace_version, &info) || !info.dli_fname) return -1;
  char dir[4096];
  snprintf(dir, sizeof dir, "%s", info.dli_fname);
  char *slash = strrchr(dir, '/');
  if (!slash) return -1;
  *slash = '\0';
  /* Every built-in plugin the install holds: the files of lib/brace/, opened before the
     clock starts so only the loads are timed. */
  char base[4200];
  snprintf(base, sizeof base, "%s/brace", dir);
  DIR *d = opendir(base);
  if (!d) return -1;
  char paths[16][4400];
  int count = 0;
  struct dirent *e;
  while ((e = readdir(d)) && count < 16) {
    size_t n = strlen(e->d_name);
    if (n > 3 && strcmp(e->d_name + n - 3, ".so") == 0) snprintf(paths[count++], sizeof paths[0], "%s/%s", base, e->d_name);
  }
  closedir(d);
  if (count == 0) return -1;
  double t0 = now_us();
  for (int i = 0; i < count; i++)
    if (!dlopen(paths[i], RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE)) return -1;
  return now_us() - t0;
}

/* Median, min and max of `runs` fresh processes running this program with `flag`. */
static void fresh_runs(const char *self, const char *flag, double *out, int runs) {
  for (int i = 0; i < runs; i++) {
    char buf[64];
    run_child(self, flag, buf, sizeof buf);
    out[i] = atof(buf);
  }
  qsort(out, (size_t)runs, sizeof out[0], cmp);
}

static void bench_first_use(const char *self) {
  enum { RUNS = 21 };
  double cold[RUNS], bare[RUNS];
  fresh_runs(self, "--first-use-child", cold, RUNS);
  fresh_runs(self, "--dlopen-child", bare, RUNS);
  first_use();
  double warm[RUNS];
  for (int i = 0; i < RUNS; i++) warm[i] = first_use();
  qsort(warm, RUNS, sizeof warm[0], cmp);
  printf("first use: context + frame, stack, simplex loaded: %.1f µs in a fresh process "
         "(median of %d; min %.1f, max %.1f), %.1f µs once loaded\n",
         cold[RUNS / 2], RUNS, cold[0], cold[RUNS - 1], warm[RUNS / 2]);
  if (bare[0] >= 0)
    printf("floor: dlopen of the three plugin files alone, no Brace call: %.1f µs in a fresh process "
           "(median of %d; min %.1f, max %.1f)\n", bare[RUNS / 2], RUNS, bare[0], bare[RUNS - 1]);
  else
    printf("floor: the plugin files were not found in lib/brace/ beside libbrace\n");
  enum { CONTEXTS = 2000, ROUNDS = 5 };
  double best = 0;
  for (int r = 0; r < ROUNDS; r++) {
    double t0 = now_us();
    for (int i = 0; i < CONTEXTS; i++) {
      brace_context *ctx = NULL;
      must(NULL, brace_context_create(NULL, &ctx), "brace_context_create");
      brace_context_destroy(ctx);
    }
    double per = (now_us() - t0) / CONTEXTS;
    if (r == 0 || per < best) best = per;
  }
  printf("a later context: brace_context_create + brace_context_destroy %.2f µs "
         "(%d in a row, best of %d rounds)\n", best, CONTEXTS, ROUNDS);
}

static brace_context *context_with_solver(void) {
  brace_context *ctx = NULL;
  must(NULL, brace_context_create(NULL, &ctx), "brace_context_create");
  brace_variable v;
  must(ctx, brace_variable_create(ctx, &v), "brace_variable_create");
  must(ctx, brace_variable_destroy(ctx, v), "brace_variable_destroy");
  return ctx;
}

static void bench_memory(int n_constraints, int n_views) {
  /* views */
  size_t before = heap_in_use();
  brace_context *ctx = context_with_solver();
  size_t base = heap_in_use();
  brace_node root;
  must(ctx, brace_node_create(ctx, &root), "brace_node_create");
  for (int i = 0; i < n_views; i++) {
    brace_node n;
    must(ctx, brace_node_create(ctx, &n), "brace_node_create");
    must(ctx, brace_node_add_subview(ctx, root, n), "brace_node_add_subview");
  }
  double per_view = (double)(heap_in_use() - base) / n_views;
  brace_context_destroy(ctx);
  printf("memory: a context with its solver loaded: %.1f KB\n", (double)(base - before) / 1024);
  printf("memory: %.0f bytes per view (%d views under one root)\n", per_view, n_views);

  /* the chain of free variables (the kiwi workload) */
  ctx = context_with_solver();
  base = heap_in_use();
  int m = n_constraints / 2;
  brace_variable *x = malloc(sizeof *x * (size_t)m);
  for (int i = 0; i < m; i++) must(ctx, brace_variable_create(ctx, &x[i]), "brace_variable_create");
  const double one[1] = {1}, link[2] = {1, -1};
  brace_constraint c;
  int added = 0;
  must(ctx, brace_constraint_add_on_variables(ctx, &x[0], one, 1, BRACE_RELATION_GREATER_EQUAL, 0, 1000, &c), "add");
  added++;
  for (int i = 0; i < m; i++) {
    must(ctx, brace_constraint_add_on_variables(ctx, &x[i], one, 1, BRACE_RELATION_EQUAL, 12.0 * i, 250, &c), "add");
    added++;
    if (i + 1 < m) {
      brace_variable pair[2] = {x[i + 1], x[i]};
      must(ctx, brace_constraint_add_on_variables(ctx, pair, link, 2, BRACE_RELATION_GREATER_EQUAL, 10, 1000, &c), "add");
      added++;
    }
  }
  double per_constraint = (double)(heap_in_use() - base) / added;
  double last;
  must(ctx, brace_variable_get_value(ctx, x[m - 1], &last), "value");
  printf("memory: %.0f bytes per constraint (free-variable chain: %d constraints over %d variables, "
         "variables included; x[last] = %g)\n", per_constraint, added, m, last);
  free(x);
  brace_context_destroy(ctx);

  /* views in a row, 4 constraints each */
  ctx = context_with_solver();
  base = heap_in_use();
  must(ctx, brace_node_create(ctx, &root), "brace_node_create");
  must(ctx, brace_node_set_frame(ctx, root, (brace_rect){0, 0, 1e6, 100}), "set_frame");
  int rows = n_constraints / 4;
  brace_node prev = 0;
  for (int i = 0; i < rows; i++) {
    brace_node n;
    must(ctx, brace_node_create(ctx, &n), "brace_node_create");
    must(ctx, brace_node_add_subview(ctx, root, n), "add_subview");
    must(ctx, brace_node_set_translates_autoresizing_mask(ctx, n, false), "translates");
    brace_constraint k[4];
    must(ctx, brace_constraint_create(ctx, n, BRACE_ATTR_LEADING, BRACE_RELATION_EQUAL, prev ? prev : root,
                                      prev ? BRACE_ATTR_TRAILING : BRACE_ATTR_LEADING, 1, 8, &k[0]), "create");
    must(ctx, brace_constraint_create(ctx, n, BRACE_ATTR_TOP, BRACE_RELATION_EQUAL, root, BRACE_ATTR_TOP, 1, 10, &k[1]), "create");
    must(ctx, brace_constraint_create(ctx, n, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 1, 40, &k[2]), "create");
    must(ctx, brace_constraint_create(ctx, n, BRACE_ATTR_HEIGHT, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 1, 20, &k[3]), "create");
    must(ctx, brace_constraints_activate(ctx, k, 4), "activate");
    prev = n;
  }
  must(ctx, brace_context_run_update_cycle(ctx), "cycle");
  double per_row = (double)(heap_in_use() - base) / rows;
  printf("memory: %.0f bytes per view in a row with its 4 constraints, laid out (%d views): "
         "%.0f bytes per constraint with the view's share\n", per_row, rows, per_row / 4);
  brace_context_destroy(ctx);
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "--first-use-child") == 0) {
    printf("%.3f\n", first_use());
    return 0;
  }
  if (argc > 1 && strcmp(argv[1], "--dlopen-child") == 0) {
    printf("%.3f\n", dlopen_floor());
    return 0;
  }
  int constraints = 21428, views = 100000;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (strcmp(argv[i], "--constraints") == 0) constraints = atoi(argv[i + 1]);
    else if (strcmp(argv[i], "--views") == 0) views = atoi(argv[i + 1]);
  }
  printf("Brace %s, installed library (Embedded Swift build)\n", brace_version_string());
  bench_first_use(argv[0]);
  bench_memory(constraints, views);
  return 0;
}
