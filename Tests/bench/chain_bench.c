/*
 * chain_bench.c — a long vertical chain of views through the INSTALLED libbrace
 * (make bench):  chain_bench [--sizes 100,300,1000,3000] [--reps K]
 *
 * A root 80 x 1,000,000 on the "frame" strategy and n views under it, each with
 * leading and trailing == the root's, top == the previous view's bottom + 1 (the first:
 * the root's top) and an intrinsic height of 10 (no intrinsic width): 3 n constraints,
 * created first, then activated
 *   batch:       in one brace_constraints_activate;
 *   one by one:  with one brace_constraint_activate each;
 * then the first brace_context_run_update_cycle, which sets the frames. Each view's
 * frame is checked (y = 11 i, 80 x 10). ms, median of --reps runs (default 3; 1 for
 * n > 1,000), a new context each.
 */
#define BENCH_NAME "chain_bench"
#include "bench.h"

#include <string.h>

/* One run: the activation and the first cycle, in ms. */
static void run(int n, int batch, double *activate, double *cycle) {
  brace_context *ctx = NULL;
  must(NULL, brace_context_create(NULL, &ctx), "brace_context_create");
  brace_node root;
  must(ctx, brace_node_create(ctx, &root), "brace_node_create");
  must(ctx, brace_node_set_frame(ctx, root, (brace_rect){0, 0, 80, 1e6}), "set_frame");
  must(ctx, brace_node_set_layout_strategy(ctx, root, "frame"), "set_layout_strategy");
  brace_node *views = malloc(sizeof *views * (size_t)n);
  brace_constraint *cs = malloc(sizeof *cs * 3 * (size_t)n);
  int k = 0;
  for (int i = 0; i < n; i++) {
    brace_node v;
    must(ctx, brace_node_create(ctx, &v), "brace_node_create");
    must(ctx, brace_node_add_subview(ctx, root, v), "add_subview");
    must(ctx, brace_node_set_translates_autoresizing_mask(ctx, v, false), "translates");
    must(ctx, brace_node_set_intrinsic_content_size(ctx, v, (brace_size){-1, 10}), "intrinsic");
    must(ctx, brace_constraint_create(ctx, v, BRACE_ATTR_LEADING, BRACE_RELATION_EQUAL, root, BRACE_ATTR_LEADING, 1, 0, &cs[k++]), "create");
    must(ctx, brace_constraint_create(ctx, v, BRACE_ATTR_TRAILING, BRACE_RELATION_EQUAL, root, BRACE_ATTR_TRAILING, 1, 0, &cs[k++]), "create");
    if (i > 0)
      must(ctx, brace_constraint_create(ctx, v, BRACE_ATTR_TOP, BRACE_RELATION_EQUAL, views[i - 1], BRACE_ATTR_BOTTOM, 1, 1, &cs[k++]), "create");
    else
      must(ctx, brace_constraint_create(ctx, v, BRACE_ATTR_TOP, BRACE_RELATION_EQUAL, root, BRACE_ATTR_TOP, 1, 0, &cs[k++]), "create");
    views[i] = v;
  }
  double t0 = now_ns();
  if (batch) {
    must(ctx, brace_constraints_activate(ctx, cs, (size_t)k), "brace_constraints_activate");
  } else {
    for (int i = 0; i < k; i++) must(ctx, brace_constraint_activate(ctx, cs[i]), "brace_constraint_activate");
  }
  double t1 = now_ns();
  must(ctx, brace_context_run_update_cycle(ctx), "brace_context_run_update_cycle");
  double t2 = now_ns();
  for (int i = 0; i < n; i++) {
    brace_rect r;
    must(ctx, brace_node_get_frame(ctx, views[i], &r), "get_frame");
    if (r.x != 0 || r.y != 11.0 * i || r.width != 80 || r.height != 10) {
      fprintf(stderr, "chain_bench: view %d is at {%g %g %g %g}, expected {0 %g 80 10}\n", i, r.x, r.y, r.width, r.height, 11.0 * i);
      exit(1);
    }
  }
  brace_context_destroy(ctx);
  free(views);
  free(cs);
  *activate = (t1 - t0) / 1e6;
  *cycle = (t2 - t1) / 1e6;
}

int main(int argc, char **argv) {
  int sizes[16] = {100, 300, 1000, 3000}, count = 4, reps = 0;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (strcmp(argv[i], "--sizes") == 0) {
      count = 0;
      for (char *p = argv[i + 1]; *p && count < 16;) {
        sizes[count++] = (int)strtol(p, &p, 10);
        if (*p == ',') p++;
      }
    } else if (strcmp(argv[i], "--reps") == 0) {
      reps = atoi(argv[i + 1]);
    }
  }
  printf("A vertical chain of n views (leading/trailing to the root, top == previous.bottom + 1, intrinsic height 10),\n"
         "Brace %s installed: ms, median of the runs; batch and one by one take turns\n", brace_version_string());
  printf("| n | constraints | runs | activate, one batch | first cycle | activate, one by one | first cycle | µs per constraint, batch |\n");
  printf("|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  for (int s = 0; s < count; s++) {
    int n = sizes[s];
    if (n < 1) continue;
    int runs = reps > 0 ? reps : n > 1000 ? 1 : 3;
    double ba[64], bc[64], oa[64], oc[64];
    if (runs > 64) runs = 64;
    for (int r = 0; r < runs; r++) {
      run(n, 1, &ba[r], &bc[r]);
      run(n, 0, &oa[r], &oc[r]);
    }
    qsort(ba, (size_t)runs, sizeof ba[0], cmp);
    qsort(bc, (size_t)runs, sizeof bc[0], cmp);
    qsort(oa, (size_t)runs, sizeof oa[0], cmp);
    qsort(oc, (size_t)runs, sizeof oc[0], cmp);
    printf("| %d | %d | %d | %.2f | %.2f | %.2f | %.2f | %.2f |\n", n, 3 * n, runs, ba[runs / 2], bc[runs / 2],
           oa[runs / 2], oc[runs / 2], ba[runs / 2] * 1e3 / (3 * n));
  }
  return 0;
}
