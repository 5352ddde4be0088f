/*
 * test_threads.c — Brace's thread rule, seen from C with pthreads.
 *
 *  (a) Contexts are independent: two threads each build, lay out and tear down their
 *      own context at the same time, many rounds, and each sees exactly its own tree.
 *  (b) One context is used by one thread at a time: while thread A is inside the
 *      context (blocked in a layout_subviews callback), thread B's calls answer
 *      BRACE_E_BUSY, change nothing, and leave B (not A) a message; A then carries on
 *      and the context works normally, for B too once A has left.
 *  (c) A context destroyed on one thread leaves its node storage for the next context
 *      (docs/design.md, Memory); one made on another thread starts every node from the
 *      defaults all the same, none showing a value the destroyed one's nodes had.
 *  (d) A context destroyed with constraints leaves its record arrays and its strategies'
 *      list, emptied, for the next context (docs/design.md, Memory): two threads make,
 *      solve and destroy contexts of chains of different lengths, with and without
 *      "stack", at the same time, and every context starts with none of another's
 *      strategies, constraints or identifiers, registers its own in order, and solves
 *      exactly.
 *
 * Built with -std=c11 -Wall -Wextra -Werror -pedantic -pthread and run under valgrind.
 */
#include "check.h"

#include <pthread.h>
#include <stdlib.h>

/* ================================================================== (a) independent contexts */

/* Each worker owns one context. Its root lays its children out in a row of `width`
   points from a layout_subviews callback, the children count their own layouts, and
   every node carries a user-data tag of its worker: a node of another worker showing
   up, or a frame computed from another worker's width, means interference. */
typedef struct worker {
  int id;
  double width;
  int rounds;
  int layouts;  /* layout_subviews calls on this worker's nodes */
  int foreign;  /* callbacks that saw a node of another worker */
} worker;

enum { KIDS = 40, GRANDKIDS = 5 };

static void row_layout(brace_context *ctx, brace_node node, void *ud) {
  worker *w = ud;
  void *tag = NULL;
  brace_rect b;
  size_t count = 0;
  brace_node kids[KIDS];
  w->layouts++;
  if (brace_node_get_user_data(ctx, node, &tag) != BRACE_OK || tag != w) w->foreign++;
  if (brace_node_get_bounds(ctx, node, &b) != BRACE_OK) return;
  if (brace_node_get_subviews(ctx, node, kids, KIDS, &count) != BRACE_OK) return;
  for (size_t i = 0; i < count && i < KIDS; i++) {
    double cw = b.width / (double)count;
    brace_node_set_frame(ctx, kids[i], R((double)i * cw, 0, cw, b.height));
  }
}

static void column_layout(brace_context *ctx, brace_node node, void *ud) {
  worker *w = ud;
  void *tag = NULL;
  brace_rect b;
  size_t count = 0;
  brace_node kids[GRANDKIDS];
  w->layouts++;
  if (brace_node_get_user_data(ctx, node, &tag) != BRACE_OK || tag != w) w->foreign++;
  if (brace_node_get_bounds(ctx, node, &b) != BRACE_OK) return;
  if (brace_node_get_subviews(ctx, node, kids, GRANDKIDS, &count) != BRACE_OK) return;
  for (size_t i = 0; i < count && i < GRANDKIDS; i++) {
    double h = b.height / (double)count;
    brace_node_set_frame(ctx, kids[i], R(0, (double)i * h, b.width, h));
  }
}

static void *worker_main(void *arg) {
  worker *w = arg;
  for (int round = 0; round < w->rounds; round++) {
    brace_context *ctx = NULL;
    brace_node root = 0, kids[KIDS], grand[KIDS][GRANDKIDS];
    brace_node_callbacks cb;
    uint32_t pending = 99;
    OK_IN(NULL, brace_context_create(NULL, &ctx));
    if (!ctx) return NULL;

    OK_IN(ctx, brace_node_create(ctx, &root));
    OK_IN(ctx, brace_node_set_user_data(ctx, root, w));
    OK_IN(ctx, brace_node_set_frame(ctx, root, R(0, 0, w->width, 100)));
    memset(&cb, 0, sizeof cb);
    cb.struct_size = sizeof cb;
    cb.user_data = w;
    cb.layout_subviews = row_layout;
    OK_IN(ctx, brace_node_set_callbacks(ctx, root, &cb));
    cb.layout_subviews = column_layout;
    for (int i = 0; i < KIDS; i++) {
      OK_IN(ctx, brace_node_create(ctx, &kids[i]));
      OK_IN(ctx, brace_node_set_user_data(ctx, kids[i], w));
      OK_IN(ctx, brace_node_set_callbacks(ctx, kids[i], &cb));
      OK_IN(ctx, brace_node_add_subview(ctx, root, kids[i]));
      for (int j = 0; j < GRANDKIDS; j++) {
        OK_IN(ctx, brace_node_create(ctx, &grand[i][j]));
        OK_IN(ctx, brace_node_set_user_data(ctx, grand[i][j], w));
        OK_IN(ctx, brace_node_add_subview(ctx, kids[i], grand[i][j]));
      }
    }
    OK_IN(ctx, brace_context_run_update_cycle(ctx));
    OK_IN(ctx, brace_context_get_pending(ctx, &pending));
    CHECK_IN(ctx, pending == 0);

    /* every frame follows this worker's width */
    {
      double cw = w->width / KIDS;
      int bad = 0;
      for (int i = 0; i < KIDS; i++) {
        brace_rect f;
        OK_IN(ctx, brace_node_get_frame(ctx, kids[i], &f));
        if (f.x != i * cw || f.width != cw || f.height != 100) bad++;
        for (int j = 0; j < GRANDKIDS; j++) {
          OK_IN(ctx, brace_node_get_frame(ctx, grand[i][j], &f));
          if (f.y != j * 20.0 || f.width != cw || f.height != 20) bad++;
        }
      }
      CHECK_IN(ctx, bad == 0);
    }

    /* resize and relayout, then tear down half of the tree, then everything */
    OK_IN(ctx, brace_node_set_frame(ctx, root, R(0, 0, w->width * 2, 100)));
    OK_IN(ctx, brace_context_run_update_cycle(ctx));
    {
      brace_rect f;
      OK_IN(ctx, brace_node_get_frame(ctx, kids[KIDS - 1], &f));
      CHECK_IN(ctx, f.width == w->width * 2 / KIDS);
    }
    for (int i = 0; i < KIDS; i += 2) OK_IN(ctx, brace_node_destroy(ctx, kids[i]));
    OK_IN(ctx, brace_context_run_update_cycle(ctx));
    {
      size_t count = 0;
      OK_IN(ctx, brace_node_get_subview_count(ctx, root, &count));
      CHECK_IN(ctx, count == KIDS / 2);
    }
    OK_IN(ctx, brace_context_destroy(ctx));
  }
  return NULL;
}

static void test_independent_contexts(void) {
  pthread_t t[2];
  worker w[2];
  memset(w, 0, sizeof w);
  w[0].id = 0;
  w[0].width = 400;
  w[1].id = 1;
  w[1].width = 1000;
  for (int i = 0; i < 2; i++) {
    w[i].rounds = 25;
    CHECK_IN(NULL, pthread_create(&t[i], NULL, worker_main, &w[i]) == 0);
  }
  for (int i = 0; i < 2; i++) CHECK_IN(NULL, pthread_join(t[i], NULL) == 0);
  for (int i = 0; i < 2; i++) {
    CHECK_IN(NULL, w[i].foreign == 0);
    /* per round: the root and its 40 columns (first turn), again after the resize, then
       the root and the 20 columns left, resized, after half were destroyed */
    CHECK_IN(NULL, w[i].layouts == w[i].rounds * ((KIDS + 1) * 2 + 1 + KIDS / 2));
  }
  printf("test_threads (a): two threads, %d rounds each, %d and %d layouts, no interference\n",
         w[0].rounds, w[0].layouts, w[1].layouts);
}

/* ================================================================== (b) busy context */

typedef struct busy_case {
  brace_context *ctx;
  brace_node root, child;
  pthread_mutex_t lock;
  pthread_cond_t cond;
  int a_inside;    /* A is inside layout_subviews */
  int b_done;      /* B has made its calls */
  int layouts;
  brace_status a_after_b; /* a call A makes from the callback after B's attempts */
  char a_error_before[256];
  char a_error_after[256];
} busy_case;

typedef struct b_results {
  brace_status set_needs_layout, set_frame, create, run_cycle, destroy_ctx, destroy_node;
  bool alive;
  char message[512];
} b_results;

static void blocking_layout(brace_context *ctx, brace_node node, void *ud) {
  busy_case *bc = ud;
  (void)node;
  bc->layouts++;
  if (bc->layouts > 1) return;
  /* Leave a message of A's own to prove that B's failures do not overwrite it. */
  brace_node_get_frame(ctx, node, NULL);
  snprintf(bc->a_error_before, sizeof bc->a_error_before, "%s", brace_last_error(ctx));
  pthread_mutex_lock(&bc->lock);
  bc->a_inside = 1;
  pthread_cond_broadcast(&bc->cond);
  while (!bc->b_done) pthread_cond_wait(&bc->cond, &bc->lock);
  pthread_mutex_unlock(&bc->lock);
  /* A still owns the context and it still works, from the callback. */
  bc->a_after_b = brace_node_set_frame(ctx, bc->child, R(1, 2, 30, 40));
  snprintf(bc->a_error_after, sizeof bc->a_error_after, "%s", brace_last_error(ctx));
}

typedef struct b_args {
  busy_case *bc;
  b_results *res;
} b_args;

static void *thread_b(void *arg) {
  b_args *a = arg;
  busy_case *bc = a->bc;
  b_results *res = a->res;
  brace_node fresh = BRACE_NODE_NONE;

  pthread_mutex_lock(&bc->lock);
  while (!bc->a_inside) pthread_cond_wait(&bc->cond, &bc->lock);
  pthread_mutex_unlock(&bc->lock);

  /* A is blocked inside the context now. Everything B tries is refused. */
  res->set_needs_layout = brace_node_set_needs_layout(bc->ctx, bc->child);
  snprintf(res->message, sizeof res->message, "%s", brace_last_error(bc->ctx));
  res->set_frame = brace_node_set_frame(bc->ctx, bc->child, R(0, 0, 999, 999));
  res->create = brace_node_create(bc->ctx, &fresh);
  res->run_cycle = brace_context_run_update_cycle(bc->ctx);
  res->destroy_node = brace_node_destroy(bc->ctx, bc->child);
  res->destroy_ctx = brace_context_destroy(bc->ctx);
  res->alive = brace_node_is_alive(bc->ctx, bc->child);
  CHECK_IN(bc->ctx, fresh == BRACE_NODE_NONE);

  pthread_mutex_lock(&bc->lock);
  bc->b_done = 1;
  pthread_cond_broadcast(&bc->cond);
  pthread_mutex_unlock(&bc->lock);
  return NULL;
}

/* After A has left, B may use the context (one thread at a time, any thread). */
static void *thread_b_later(void *arg) {
  busy_case *bc = arg;
  brace_rect f;
  OK_IN(bc->ctx, brace_node_set_frame(bc->ctx, bc->child, R(5, 5, 10, 10)));
  OK_IN(bc->ctx, brace_node_set_needs_layout(bc->ctx, bc->root));
  OK_IN(bc->ctx, brace_context_run_update_cycle(bc->ctx));
  OK_IN(bc->ctx, brace_node_get_frame(bc->ctx, bc->child, &f));
  CHECK_IN(bc->ctx, f.width == 10);
  return NULL;
}

static int contains(const char *hay, const char *needle) { return strstr(hay, needle) != NULL; }

static void test_busy_context(void) {
  busy_case bc;
  b_results res;
  b_args args;
  pthread_t b;
  brace_node_callbacks cb;
  brace_rect f;
  brace_status s;
  uint32_t pending = 99;

  memset(&bc, 0, sizeof bc);
  memset(&res, 0, sizeof res);
  pthread_mutex_init(&bc.lock, NULL);
  pthread_cond_init(&bc.cond, NULL);
  OK_IN(NULL, brace_context_create(NULL, &bc.ctx));
  if (!bc.ctx) return;
  OK_IN(bc.ctx, brace_node_create(bc.ctx, &bc.root));
  OK_IN(bc.ctx, brace_node_create(bc.ctx, &bc.child));
  OK_IN(bc.ctx, brace_node_add_subview(bc.ctx, bc.root, bc.child));
  OK_IN(bc.ctx, brace_node_set_frame(bc.ctx, bc.root, R(0, 0, 100, 100)));
  OK_IN(bc.ctx, brace_node_set_frame(bc.ctx, bc.child, R(0, 0, 50, 50)));
  memset(&cb, 0, sizeof cb);
  cb.struct_size = sizeof cb;
  cb.user_data = &bc;
  cb.layout_subviews = blocking_layout;
  OK_IN(bc.ctx, brace_node_set_callbacks(bc.ctx, bc.root, &cb));

  args.bc = &bc;
  args.res = &res;
  CHECK_IN(NULL, pthread_create(&b, NULL, thread_b, &args) == 0);
  /* Thread A (this one) enters the context; the root's layout_subviews blocks until B
     has made its calls. */
  s = brace_context_run_update_cycle(bc.ctx);
  CHECK_IN(bc.ctx, pthread_join(b, NULL) == 0);
  CHECK_IN(bc.ctx, s == BRACE_OK);

  /* B was refused, every time, with BRACE_E_BUSY and a message of its own */
  CHECK_IN(bc.ctx, res.set_needs_layout == BRACE_E_BUSY);
  CHECK_IN(bc.ctx, res.set_frame == BRACE_E_BUSY);
  CHECK_IN(bc.ctx, res.create == BRACE_E_BUSY);
  CHECK_IN(bc.ctx, res.run_cycle == BRACE_E_BUSY);
  CHECK_IN(bc.ctx, res.destroy_node == BRACE_E_BUSY);
  CHECK_IN(bc.ctx, res.destroy_ctx == BRACE_E_BUSY);
  CHECK_IN(bc.ctx, !res.alive); /* is_alive answers false while busy */
  CHECK_IN(bc.ctx, contains(res.message, "brace_node_set_needs_layout"));
  CHECK_IN(bc.ctx, contains(res.message, "busy"));
  if (!contains(res.message, "busy")) fprintf(stderr, "    B's message: \"%s\"\n", res.message);

  /* A carried on inside its callback; B's failures did not touch A's message */
  CHECK_IN(bc.ctx, bc.a_after_b == BRACE_OK);
  CHECK_IN(bc.ctx, bc.a_error_before[0] != '\0');
  CHECK_IN(bc.ctx, strcmp(bc.a_error_before, bc.a_error_after) == 0);
  CHECK_IN(bc.ctx, strcmp(brace_last_error(bc.ctx), bc.a_error_before) == 0);
  CHECK_IN(bc.ctx, !contains(brace_last_error(bc.ctx), "busy"));

  /* nothing B asked for happened: the child keeps A's frame, nothing is pending */
  OK_IN(bc.ctx, brace_node_get_frame(bc.ctx, bc.child, &f));
  CHECK_IN(bc.ctx, f.x == 1 && f.y == 2 && f.width == 30 && f.height == 40);
  CHECK_IN(bc.ctx, brace_node_is_alive(bc.ctx, bc.child));
  OK_IN(bc.ctx, brace_context_get_pending(bc.ctx, &pending));
  CHECK_IN(bc.ctx, pending == 0);

  /* the context still works for A */
  {
    int before = bc.layouts;
    OK_IN(bc.ctx, brace_node_set_needs_layout(bc.ctx, bc.root));
    OK_IN(bc.ctx, brace_context_run_update_cycle(bc.ctx));
    CHECK_IN(bc.ctx, bc.layouts == before + 1);

    /* and, A having left, for another thread too */
    before = bc.layouts;
    CHECK_IN(bc.ctx, pthread_create(&b, NULL, thread_b_later, &bc) == 0);
    CHECK_IN(bc.ctx, pthread_join(b, NULL) == 0);
    CHECK_IN(bc.ctx, bc.layouts == before + 1);
  }

  OK_IN(bc.ctx, brace_context_destroy(bc.ctx));
  pthread_cond_destroy(&bc.cond);
  pthread_mutex_destroy(&bc.lock);
  printf("test_threads (b): a second thread got BRACE_E_BUSY while the first was inside; "
         "the context kept working\n");
}

/* ================================================================== (c) reused storage */

/* Enough nodes that every column block (3,000 x 1 to 32 bytes) is kept for reuse. */
enum { REUSED = 3000 };

static int g_marker;

/* Thread A: a context whose nodes all carry values other than the defaults, destroyed. */
static void *dirty_context(void *arg) {
  (void)arg;
  brace_context *ctx = NULL;
  brace_node root = 0;
  static brace_node kids[REUSED];
  OK_IN(NULL, brace_context_create(NULL, &ctx));
  OK_IN(ctx, brace_node_create(ctx, &root));
  OK_IN(ctx, brace_node_create_subviews(ctx, root, REUSED, (brace_size){20, 30}, kids));
  brace_insets one = {1, 1, 1, 1};
  for (int i = 0; i < REUSED; i++) {
    OK_IN(ctx, brace_node_set_frame(ctx, kids[i], R(1, 2, 3, 4)));
    OK_IN(ctx, brace_node_set_user_data(ctx, kids[i], &g_marker));
    OK_IN(ctx, brace_node_set_hidden(ctx, kids[i], true));
    OK_IN(ctx, brace_node_set_layout_margins(ctx, kids[i], one));
    OK_IN(ctx, brace_node_set_alignment_rect_insets(ctx, kids[i], one));
    OK_IN(ctx, brace_node_set_content_hugging_priority(ctx, kids[i], BRACE_AXIS_HORIZONTAL, 1));
    OK_IN(ctx, brace_node_set_compression_resistance_priority(ctx, kids[i], BRACE_AXIS_VERTICAL, 1));
    OK_IN(ctx, brace_node_set_autoresizing_mask(ctx, kids[i], 63));
    OK_IN(ctx, brace_node_set_layout_direction(ctx, kids[i], BRACE_DIRECTION_RTL));
    OK_IN(ctx, brace_node_set_translates_autoresizing_mask(ctx, kids[i], false));
  }
  OK_IN(ctx, brace_context_run_update_cycle(ctx));
  OK_IN(NULL, brace_context_destroy(ctx));
  return NULL;
}

/* Every value a node starts with (node.h: frame zero, no user data, shown, margins 8 by
   default, no insets, no intrinsic size (-1, -1) unless given, hugging 250,
   compression resistance 750, no mask, INHERIT, translating, no subviews); 1 if all. */
static int has_defaults(brace_context *ctx, brace_node n, brace_size intrinsic) {
  brace_rect f;
  void *ud = &g_marker;
  bool hidden = true, translates = false;
  brace_insets m, a;
  brace_size is;
  brace_priority hug, resist;
  uint32_t mask = 1;
  brace_layout_direction dir = BRACE_DIRECTION_RTL;
  size_t kids = 1;
  if (brace_node_get_frame(ctx, n, &f) || brace_node_get_user_data(ctx, n, &ud) ||
      brace_node_get_hidden(ctx, n, &hidden) || brace_node_get_layout_margins(ctx, n, &m) ||
      brace_node_get_alignment_rect_insets(ctx, n, &a) ||
      brace_node_get_intrinsic_content_size(ctx, n, &is) ||
      brace_node_get_content_hugging_priority(ctx, n, BRACE_AXIS_HORIZONTAL, &hug) ||
      brace_node_get_compression_resistance_priority(ctx, n, BRACE_AXIS_VERTICAL, &resist) ||
      brace_node_get_autoresizing_mask(ctx, n, &mask) || brace_node_get_layout_direction(ctx, n, &dir) ||
      brace_node_get_translates_autoresizing_mask(ctx, n, &translates) ||
      brace_node_get_subview_count(ctx, n, &kids))
    return 0;
  return rect_eq(f, R(0, 0, 0, 0)) && ud == NULL && !hidden && m.top == 8 && m.left == 8 &&
         m.bottom == 8 && m.right == 8 && a.top == 0 && a.left == 0 && a.bottom == 0 && a.right == 0 &&
         is.width == intrinsic.width && is.height == intrinsic.height && hug == 250 && resist == 750 &&
         mask == 0 && dir == BRACE_DIRECTION_INHERIT && translates && kids == 0;
}

/* Thread B: a new context, built in bulk and one by one, checked node by node. */
static void *clean_context(void *arg) {
  int *wrong = arg;
  brace_context *ctx = NULL;
  brace_node root = 0, single = 0;
  static brace_node kids[REUSED];
  OK_IN(NULL, brace_context_create(NULL, &ctx));
  OK_IN(ctx, brace_node_create(ctx, &root));
  OK_IN(ctx, brace_node_create_subviews(ctx, root, REUSED, (brace_size){-1, -1}, kids));
  for (int i = 0; i < REUSED; i++) *wrong += !has_defaults(ctx, kids[i], (brace_size){-1, -1});
  for (int i = 0; i < REUSED; i++) {
    OK_IN(ctx, brace_node_create(ctx, &single));
    *wrong += !has_defaults(ctx, single, (brace_size){-1, -1});
  }
  OK_IN(NULL, brace_context_destroy(ctx));
  return NULL;
}

static void test_reused_storage(void) {
  pthread_t a, b;
  int wrong = 0;
  CHECK_IN(NULL, pthread_create(&a, NULL, dirty_context, NULL) == 0);
  CHECK_IN(NULL, pthread_join(a, NULL) == 0);
  CHECK_IN(NULL, pthread_create(&b, NULL, clean_context, &wrong) == 0);
  CHECK_IN(NULL, pthread_join(b, NULL) == 0);
  CHECK_EQ(wrong, 0);
  printf("test_threads (c): %d nodes made after a context of %d was destroyed on another thread "
         "all start from the defaults\n", 2 * REUSED, REUSED + 1);
}

/* ================================================================== (d) kept record arrays */

/* A chain x0 == base (required), x[i+1] == x[i] + 10 (required) and a weak pull
   x[m-1] == 0 (priority 500, weight 0.001) that the required ones override, so
   x[i] = base + 10 i exactly. Every constraint gets an identifier, which the context's
   destruction frees (valgrind counts the blocks). */
typedef struct chains {
  int id;
  int rounds;
  int wrong; /* a value, a strategy count or an identifier not as it should be */
} chains;

enum { LONGEST = 300 };

static void *chain_worker(void *arg) {
  chains *w = arg;
  static brace_variable xs[2][LONGEST];
  brace_variable *x = xs[w->id];
  for (int round = 0; round < w->rounds; round++) {
    /* 2 to 300 variables (thread 0: 2, 117, 232, 48, ...): a context bigger than the
       last grows the arrays it was given, a smaller one leaves them part used. */
    int m = 2 + (round * 115 + w->id * 50) % (LONGEST - 1);
    double base = 100.0 * w->id + round;
    double one = 1, k[2] = {1, -1};
    brace_context *ctx = NULL;
    brace_constraint h = 0;
    size_t strategies = 0;
    const char *name = "unset";
    /* Every other context registers "stack" before the solver: the strategies' list,
       kept from another context, holds this context's strategies alone, in order. */
    const char *order[3] = {"frame", "simplex", NULL};
    if (round % 2) {
      order[1] = "stack";
      order[2] = "simplex";
    }
    OK_IN(NULL, brace_context_create(NULL, &ctx));
    if (!ctx) return NULL;
    /* "frame" only, until the first variable loads the solver */
    OK_IN(ctx, brace_context_get_strategy_count(ctx, &strategies));
    w->wrong += strategies != 1;
    if (round % 2) OK_IN(ctx, brace_context_load_strategy(ctx, "stack"));
    for (int i = 0; i < m; i++) OK_IN(ctx, brace_variable_create(ctx, &x[i]));
    OK_IN(ctx, brace_context_get_strategy_count(ctx, &strategies));
    w->wrong += strategies != (size_t)(round % 2 ? 3 : 2);
    for (size_t i = 0; i < strategies && i < 3; i++) {
      brace_strategy_info info;
      info.struct_size = sizeof info;
      OK_IN(ctx, brace_context_get_strategy(ctx, i, &info));
      w->wrong += order[i] == NULL || strcmp(info.name, order[i]) != 0;
    }
    OK_IN(ctx, brace_constraint_add_on_variables(ctx, &x[0], &one, 1, BRACE_RELATION_EQUAL, base, 1000, &h));
    /* a new constraint has no identifier, whatever the last context's records had */
    OK_IN(ctx, brace_constraint_get_identifier(ctx, h, &name));
    w->wrong += name != NULL;
    OK_IN(ctx, brace_constraint_set_identifier(ctx, h, "first"));
    for (int i = 0; i + 1 < m; i++) {
      brace_variable p[2] = {x[i + 1], x[i]};
      OK_IN(ctx, brace_constraint_add_on_variables(ctx, p, k, 2, BRACE_RELATION_EQUAL, 10, 1000, &h));
      OK_IN(ctx, brace_constraint_set_identifier(ctx, h, "step"));
    }
    OK_IN(ctx, brace_constraint_add_on_variables(ctx, &x[m - 1], &one, 1, BRACE_RELATION_EQUAL, 0, 500, &h));
    OK_IN(ctx, brace_constraint_set_weight(ctx, h, 0.001));
    for (int i = 0; i < m; i++) {
      double v = -1;
      OK_IN(ctx, brace_variable_get_value(ctx, x[i], &v));
      w->wrong += v != base + 10.0 * i;
    }
    OK_IN(NULL, brace_context_destroy(ctx));
  }
  return NULL;
}

static void test_kept_records(void) {
  pthread_t t[2];
  chains w[2];
  memset(w, 0, sizeof w);
  for (int i = 0; i < 2; i++) {
    w[i].id = i;
    w[i].rounds = 12;
    CHECK_IN(NULL, pthread_create(&t[i], NULL, chain_worker, &w[i]) == 0);
  }
  for (int i = 0; i < 2; i++) CHECK_IN(NULL, pthread_join(t[i], NULL) == 0);
  CHECK_EQ(w[0].wrong, 0);
  CHECK_EQ(w[1].wrong, 0);
  printf("test_threads (d): two threads, %d contexts of constraints each, each started empty "
         "and solved exactly\n", w[0].rounds);
}

int main(void) {
  check_watchdog("test_threads: WATCHDOG: a thread did not finish (deadlock or hang)\n", 300);
  if (!check_can_create_context("test_threads")) return 2;
  test_independent_contexts();
  test_busy_context();
  test_reused_storage();
  test_kept_records();
  return check_summary("test_threads");
}
