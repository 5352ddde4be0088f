/*
 * fuzz_api.c — a libFuzzer harness for the Brace C ABI (issue 10: "no input crashes it").
 *
 * The input is a little program: a sequence of C ABI calls on a context. Each op byte picks
 * a call (its low 6 bits) and two variant bits (0x40: pass NULL for the out or optional
 * pointer where the call takes one; 0x80: an alternative form of the call). The bytes that
 * follow pick the arguments: handles from pools of nodes, layout guides, constraints and
 * variables made earlier (or 0, a raw 64-bit value, a handle of the wrong kind, a handle
 * with a flipped bit, the node whose callback is running), numbers from a table of
 * interesting values (0, -0, tiny, huge, 1e9 limits, DBL_MAX, inf, NaN) or raw bits, names
 * from lists of known and unknown strategies, properties and enum values. When the input
 * runs out, every byte read is 0.
 *
 * The changed-frames list (brace/cycle.h): read with every option and buffer size after
 * any sequence of calls, and checked against itself and the nodes' own answers.
 *
 * Animation (brace/animation.h): transactions begun with valid and invalid parameters at
 * times forward, backward or anything, commits, without-animation regions, ticks, samples
 * into small buffers, presentation frames and cancels. Each context's clock is tracked, so
 * that a tick past the end of every animation must leave none (unless a completion began
 * one), and every sample is checked against the nodes' own answers.
 *
 * Node callbacks (update_constraints, will/did_layout_subviews, layout_subviews, draw,
 * intrinsic_content_size, measure: its answers are any picked size, NaN, negative, huge or
 * infinite ones included, which the engine must refuse with a diagnostic), the trace callback and transactions' completions run a
 * sub-program — a slice of the same input — with the same interpreter, so they call back
 * into the engine: set frames, destroy nodes (their own, an ancestor's), run a turn, call
 * "super", begin and commit transactions, tick, destroy the context. The engine must
 * answer all of it with a status.
 *
 * What counts as a finding: a crash, a hang (libFuzzer's -timeout), a sanitizer report, a
 * leak, or one of the harness's aborts below, each of which is a broken contract of the
 * headers: a status outside the declared ones, brace_last_error returning NULL, a context
 * that cannot be created with the default options, a context destroyed from inside its own
 * callback, a description buffer left without its NUL, a sample or presentation frame that
 * disagrees with the nodes' own answers, something animating after a tick past every end,
 * a changed-frames list that disagrees with itself or lists a dead or unchanged node.
 * A non-OK status is not a finding.
 *
 * The harness owns no heap memory: its state is static and reset for every input, and
 * every context it made is destroyed before it returns (pools keep stale handles of
 * destroyed contexts on purpose: they are passed to the next context).
 *
 * Plugins: the "flow" example plugin is found on BRACE_PLUGIN_PATH (make plugins builds it
 * into the PLUGIN_DIR that mk/fuzz.mk puts there); the built-in strategies next to the
 * installed libbrace.so. FUZZ_LIBDIR (the installed lib folder) is given by mk/fuzz.mk.
 */
#include <brace/brace.h>

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef FUZZ_LIBDIR
#define FUZZ_LIBDIR "/nonexistent"
#endif

#define NODES 16      /* node and layout-guide pool */
#define CONS 16       /* constraint pool */
#define VARS 8        /* variable pool */
#define PROGS 8       /* callback programs */
#define MAX_CALLS 4000 /* API calls per input: bounds the time one input takes */
#define MAX_DEPTH 8   /* nested callback programs */
#define MAX_PROG 48   /* bytes in one callback program */

/* ------------------------------------------------------------------ reading the input */

typedef struct cursor {
  const uint8_t *p;
  size_t n;
} cursor;

static uint8_t u8(cursor *c) {
  if (c->n == 0) return 0;
  c->n--;
  return *c->p++;
}

static uint32_t u32(cursor *c) {
  uint32_t v = 0;
  for (int i = 0; i < 4; i++) v = (v << 8) | u8(c);
  return v;
}

static uint64_t u64(cursor *c) {
  uint64_t v = 0;
  for (int i = 0; i < 8; i++) v = (v << 8) | u8(c);
  return v;
}

/* ------------------------------------------------------------------ the ops

   Each op's arguments are read by its case in step(), in order. The seed generator
   (gen_corpus.py) reads this list for the op numbers. */
#define OPS(X) \
  X(NODE_CREATE) X(NODE_DESTROY) X(IS_ALIVE) X(ADD_SUBVIEW) X(INSERT_SUBVIEW) \
  X(REMOVE_FROM_SUPERVIEW) X(TREE_QUERY) X(CYCLE) X(SET_FRAME) X(SET_BOUNDS) X(SET_CENTER) \
  X(GEOMETRY_GET) X(ALIGNMENT_INSETS) X(HIDDEN) X(DIRECTION) X(MARGINS) X(INTRINSIC) \
  X(INVALIDATE_INTRINSIC) X(PRIORITIES) X(MASK) X(TRANSLATES) X(USER_DATA) X(BASELINES) \
  X(FLAGS) X(SET_CALLBACKS) X(SUPER) X(UPDATE_IF_NEEDED) X(LAYOUT_IF_NEEDED) X(RUN_CYCLE) \
  X(RUN_PHASE) X(PENDING) X(TRACE_DIAG) X(SET_STRATEGY) X(GET_STRATEGY) X(SET_PROPERTY) \
  X(GET_PROPERTY) X(PLUGINS) X(CON_CREATE) X(CON_LINEAR) X(ADD_ON_VARIABLES) \
  X(CON_ACTIVATE) X(CON_BATCH) X(CON_CHANGE) X(CON_DESTROY) X(CON_QUERY) X(VAR) \
  X(VAR_VALUES) X(GUIDE) X(EDIT) X(FITTING) X(AMBIGUOUS) X(DESCRIPTION) X(DESTROY_CONTEXT) \
  X(SWITCH_CONTEXT) X(CONTEXT_QUERY) X(SCENE) X(VISUAL_FORMAT) X(CON_TERMS) \
  X(ANIM_BEGIN) X(ANIM_COMMIT) X(ANIM_TICK) X(ANIM_SAMPLE) X(ANIM_QUERY) X(MEASURE) \
  X(RESET_CONTEXT)
#define OP_ENUM(name) OP_##name,
#define OP_NAME(name) #name,
enum { OPS(OP_ENUM) OP_COUNT };
static const char *const op_names[] = {OPS(OP_NAME) "none"};

/* ------------------------------------------------------------------ state */

typedef struct prog {
  const uint8_t *p; /* a slice of the current input */
  size_t n;
  brace_size intrinsic; /* what the intrinsic_content_size callback answers */
  brace_size measured;  /* what the measure callback answers, whatever it is proposed */
} prog;

static struct {
  brace_context *ctx[2]; /* ctx[cur] is the current one; the other may be NULL */
  int cur;
  int busy[2]; /* callbacks of ctx[i] on the stack */
  brace_node nodes[NODES];
  brace_constraint cons[CONS];
  brace_variable vars[VARS];
  unsigned next_node, next_con, next_var;
  prog progs[PROGS];
  brace_node cb_node; /* the node whose callback runs now, or 0 */
  /* Strings the headers say live as long as their context (strategy names and paths,
     property declarations), kept per context and read again later: a string freed early
     is a use after free. */
  const char *kept[2][32];
  unsigned nkept[2];
  unsigned calls;
  int depth;
  char plugin_dir[512];
  /* Per context, the animation clock as the harness knows it: the latest time the engine
     accepted (0 before any), and the latest end of an animation begun, so that a tick
     past it must leave nothing animating. */
  double clock[2], max_end[2];
} S;

static void die(const char *what) {
  fprintf(stderr, "fuzz_api: contract broken: %s\n", what);
  abort();
}

static brace_context *C(void) { return S.ctx[S.cur]; }

/* Feedback for libFuzzer beyond the harness's own edges (libbrace is not instrumented):
   one counter per (op, status) pair and per (callback kind, nesting depth), in libFuzzer's
   extra-counters section. An input that makes a call succeed, or fail in a new way, or a
   callback run deeper, is kept. */
#define STATUSES (BRACE_E_DUPLICATE + 1)
__attribute__((used, section("__libfuzzer_extra_counters"))) static uint8_t g_feature[64 * STATUSES + 16 * (MAX_DEPTH + 1)];
static int g_op = 63; /* the op running now (63: none) */
static int g_verbose; /* FUZZ_VERBOSE=1: print every call and its status */

static void feature(size_t i) {
  if (i < sizeof g_feature && g_feature[i] < 255) g_feature[i]++;
}

/* Every call goes through here: counts it, checks the status is a declared one and that a
   failure left a readable message. */
static brace_status st(brace_status s) {
  S.calls++;
  if ((unsigned)s > BRACE_E_DUPLICATE) die("a status outside the declared ones");
  feature((size_t)g_op * STATUSES + (size_t)s);
  if (g_verbose)
    fprintf(stderr, "%*s%s -> %s\n", 2 * S.depth, "", g_op < OP_COUNT ? op_names[g_op] : "none",
            brace_status_name(s));
  if (s != BRACE_OK) {
    const char *m = brace_last_error(C());
    if (!m) die("brace_last_error returned NULL");
    (void)strlen(m);
  }
  return s;
}

static void keep_string(const char *str) {
  if (!str) return;
  (void)strlen(str);
  if (S.nkept[S.cur] < 32) S.kept[S.cur][S.nkept[S.cur]++] = str;
}

static void check_kept(int i) {
  for (unsigned k = 0; k < S.nkept[i]; k++) (void)strlen(S.kept[i][k]);
}

/* ------------------------------------------------------------------ picking arguments */

static brace_node pick_node(cursor *c) {
  uint8_t b = u8(c);
  if (b < 0xE0) return S.nodes[b % NODES];
  switch (b) {
  case 0xE0: return 0;
  case 0xE1: return u64(c);
  case 0xE2: return S.cons[u8(c) % CONS];
  case 0xE3: return S.vars[u8(c) % VARS];
  case 0xE4: return S.cb_node;
  case 0xE5: { /* a pool node with one bit flipped: slot byte, then bit byte */
    brace_node h = S.nodes[u8(c) % NODES];
    return h ^ ((uint64_t)1 << (u8(c) % 64));
  }
  case 0xE6: return UINT64_MAX;
  case 0xE7: { /* the superview of the node whose callback runs */
    brace_node sup = 0;
    if (S.cb_node) st(brace_node_get_superview(C(), S.cb_node, &sup));
    return sup;
  }
  default: return S.nodes[b % NODES];
  }
}

static brace_constraint pick_con(cursor *c) {
  uint8_t b = u8(c);
  if (b < 0xF0) return S.cons[b % CONS];
  switch (b) {
  case 0xF0: return 0;
  case 0xF1: return u64(c);
  case 0xF2: return S.nodes[u8(c) % NODES];
  case 0xF3: return S.vars[u8(c) % VARS];
  case 0xF4: {
    brace_constraint h = S.cons[u8(c) % CONS];
    return h ^ ((uint64_t)1 << (u8(c) % 64));
  }
  default: return S.cons[b % CONS];
  }
}

static brace_variable pick_var(cursor *c) {
  uint8_t b = u8(c);
  if (b < 0xF0) return S.vars[b % VARS];
  switch (b) {
  case 0xF0: return 0;
  case 0xF1: return u64(c);
  case 0xF2: return S.nodes[u8(c) % NODES];
  case 0xF3: return S.cons[u8(c) % CONS];
  default: return S.vars[b % VARS];
  }
}

/* A constraint item: a node/guide or (odd byte) a free variable. */
static uint64_t pick_item(cursor *c) {
  uint8_t b = u8(c);
  if (b & 1) return b < 0xF0 ? S.vars[(b >> 1) % VARS] : pick_var(c);
  return b < 0xE0 ? S.nodes[(b >> 1) % NODES] : pick_node(c);
}

static const double doubles[32] = {
    0.0,     1.0,      -1.0,      0.5,     2.0,        8.0,       10.0,     20.0,
    50.0,    100.0,    320.0,     1000.0,  -0.0,       1e-7,      1e-6,     1e6,
    1e6 + 1, 1e9,      -1e9,      1.000001e9, 1e15,    1e300,     -1e300,   DBL_MAX,
    -DBL_MAX, INFINITY, -INFINITY, NAN,    DBL_MIN,    5e-324,    1.0 / 3.0, -8.0};

static double pick_double(cursor *c) {
  uint8_t b = u8(c);
  if (b < 32) return doubles[b];
  if (b < 0xF0) return (double)(b - 32) * 0.5; /* 0 ... 103.5: ordinary geometry */
  uint64_t bits = u64(c);
  double d;
  memcpy(&d, &bits, sizeof d);
  return d;
}

static const float priorities[20] = {1000.0f, 750.0f, 250.0f, 1.0f,     2.0f,    49.0f,   50.0f,
                                     251.0f,  500.0f, 749.0f, 999.0f,   999.999f, 0.0f, 1001.0f,
                                     NAN,     INFINITY, -1.0f, 0.5f,    1000.0001f, 999.5f};

static brace_priority pick_priority(cursor *c) {
  uint8_t b = u8(c);
  if (b < 0xF0) return priorities[b % 20];
  uint32_t bits = u32(c);
  float f;
  memcpy(&f, &bits, sizeof f);
  return f;
}

static brace_attribute pick_attr(cursor *c) { return (brace_attribute)((int)(u8(c) % 24) - 1); }
static brace_relation pick_rel(cursor *c) {
  uint8_t b = u8(c);
  return (brace_relation)(b < 0xF0 ? (int)(b % 3) - 1 : (int)(b % 5) - 2);
}

static size_t pick_index(cursor *c) {
  uint8_t b = u8(c);
  if (b == 0xFF) return SIZE_MAX;
  if (b == 0xFE) return (size_t)u32(c);
  return b % 20;
}

static brace_rect pick_rect(cursor *c) {
  brace_rect r;
  r.x = pick_double(c);
  r.y = pick_double(c);
  r.width = pick_double(c);
  r.height = pick_double(c);
  return r;
}

static brace_size pick_size(cursor *c) {
  brace_size s;
  s.width = pick_double(c);
  s.height = pick_double(c);
  return s;
}

/* A string: one of `known` or (past them) raw bytes of the input, NUL-terminated in buf. */
static const char *pick_name(cursor *c, const char *const *known, size_t count, char *buf,
                             size_t cap) {
  uint8_t b = u8(c);
  if (b < 0xF0) return known[b % count];
  size_t len = u8(c) % (cap - 1);
  for (size_t i = 0; i < len; i++) buf[i] = (char)u8(c);
  buf[len] = '\0';
  return b == 0xFF ? NULL : buf;
}

static const char *const strategy_names[] = {"frame", "stack", "simplex", "flow",
                                             "autoresizing", "", "nope", "Stack",
                                             "stack ", "libbrace_stack"};
static const char *const property_names[] = {
    "axis", "distribution", "alignment", "spacing", "layout_margins_relative",
    "baseline_relative", "generate_constraints", "spacing_after", "line_spacing", "padding",
    "break_before", "", "nope", "Spacing"};
static const char *const enum_names[] = {
    "horizontal", "vertical", "fill", "fill_equally", "fill_proportionally", "equal_spacing",
    "equal_centering", "leading", "first_baseline", "center", "trailing", "last_baseline",
    "", "bogus"};
static const char *const identifiers[] = {"a", "width", "UISV-spacing", "", "\xc3\xa9t\xc3\xa9"};
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* ------------------------------------------------------------------ contexts */

static void on_diagnostic(brace_context *ctx, const brace_diagnostic *d, void *user_data);
static void on_trace(brace_context *ctx, const brace_trace_event *e, void *user_data);

/* Options from the input; falls back to the defaults when the engine refuses them. */
static brace_context *make_context(cursor *c) {
  struct {
    brace_context_options o;
    unsigned char pad[64];
  } opt;
  brace_context *ctx = NULL;
  uint8_t mode = u8(c);
  if (mode & 1) {
    memset(&opt, 0, sizeof opt);
    brace_context_options_init(&opt.o);
    if (mode & 2) opt.o.scale = pick_double(c);
    if (mode & 4) opt.o.layout_direction = (brace_layout_direction)(u8(c) % 4);
    if (mode & 8) {
      static const uint32_t thresholds[] = {0, 1, 50, 100, 200, 100000};
      opt.o.feedback_loop_threshold = thresholds[u8(c) % COUNT(thresholds)];
    }
    if (mode & 16) {
      const char *paths[] = {NULL, S.plugin_dir, "", "/nonexistent:", ":::", FUZZ_LIBDIR,
                             FUZZ_LIBDIR "/brace"};
      opt.o.plugin_path = paths[u8(c) % COUNT(paths)];
    }
    if (mode & 32) opt.o.struct_size = (mode & 64) ? 4 : (uint32_t)sizeof opt;
    brace_status s = brace_context_create(&opt.o, &ctx);
    S.calls++;
    if ((unsigned)s > BRACE_E_DUPLICATE) die("brace_context_create: undeclared status");
    if (s != BRACE_OK) {
      const char *m = brace_last_error(NULL);
      if (!m) die("brace_last_error(NULL) returned NULL");
      ctx = NULL;
    }
  }
  if (!ctx) {
    brace_status s = brace_context_create(NULL, &ctx);
    S.calls++;
    if (s != BRACE_OK || !ctx) {
      fprintf(stderr, "brace_context_create: %s (%s)\n", brace_status_name(s),
              brace_last_error(NULL));
      die("cannot create a context with the default options (is BRACE_PLUGIN_PATH right?)");
    }
  }
  if (!(mode & 128)) brace_context_set_diagnostic_callback(ctx, on_diagnostic, NULL);
  return ctx;
}

static int ctx_index(brace_context *ctx) {
  if (ctx && ctx == S.ctx[0]) return 0;
  if (ctx && ctx == S.ctx[1]) return 1;
  die("a callback received a context the harness does not know");
  return 0;
}

/* Destroys ctx[i]; a success replaces it by a new context (slot 0) or leaves it empty
   (slot 1), keeping the pools' handles, which are now stale. */
static void destroy_context(cursor *c, int i) {
  if (!S.ctx[i]) return;
  check_kept(i);
  brace_status s = st(brace_context_destroy(S.ctx[i]));
  if (s != BRACE_OK) {
    if (S.busy[i] == 0) die("brace_context_destroy failed outside every callback");
    return;
  }
  if (S.busy[i] > 0) die("brace_context_destroy succeeded from inside the context's callback");
  S.ctx[i] = NULL;
  S.nkept[i] = 0;
  S.clock[i] = S.max_end[i] = 0;
  if (i == 0 || S.cur == i) S.ctx[i] = make_context(c);
}

/* Resets ctx[i] (brace_context_reset): refused from inside its callbacks, else the
   pools' handles are now foreign, and the strings the context gave stay readable (it
   lives on). */
static void reset_context(int i) {
  if (!S.ctx[i]) return;
  brace_status s = st(brace_context_reset(S.ctx[i]));
  if (s != BRACE_OK) {
    if (S.busy[i] == 0) die("brace_context_reset failed outside every callback");
    return;
  }
  if (S.busy[i] > 0) die("brace_context_reset succeeded from inside the context's callback");
  check_kept(i);
  S.clock[i] = S.max_end[i] = 0;
}

/* ------------------------------------------------------------------ callbacks */

static void run(cursor *c);

/* Makes `p` the next bytes of the input, as many as one byte says (at most MAX_PROG, at
   most what is left), and moves past them: they run when a callback runs `p`, not here. */
static void take_prog(cursor *c, prog *p) {
  size_t len = u8(c) % (MAX_PROG + 1);
  if (len > c->n) len = c->n;
  p->p = c->p;
  p->n = len;
  c->p += len;
  c->n -= len;
}

/* Runs callback program `p` for `node` of `ctx`. */
static void run_prog(brace_context *ctx, brace_node node, const prog *p) {
  if (!p || S.depth >= MAX_DEPTH || S.calls >= MAX_CALLS || p->n == 0) return;
  int i = ctx_index(ctx);
  int saved_cur = S.cur;
  brace_node saved_node = S.cb_node;
  S.cur = i;
  S.cb_node = node;
  S.busy[i]++;
  S.depth++;
  cursor sub = {p->p, p->n};
  run(&sub);
  S.depth--;
  S.busy[i]--;
  S.cb_node = saved_node;
  /* A program may have switched to, or destroyed, the other context: go back to the one
     that was current, unless it is gone. */
  S.cur = S.ctx[saved_cur] ? saved_cur : 0;
}

static void callback_feature(int kind) {
  feature(64 * STATUSES + (size_t)kind * (MAX_DEPTH + 1) + (size_t)S.depth);
}

static void cb_update_constraints(brace_context *ctx, brace_node node, void *user_data) {
  callback_feature(0);
  run_prog(ctx, node, user_data);
}
static void cb_will_layout(brace_context *ctx, brace_node node, void *user_data) {
  callback_feature(1);
  run_prog(ctx, node, user_data);
}
static void cb_layout(brace_context *ctx, brace_node node, void *user_data) {
  callback_feature(2);
  run_prog(ctx, node, user_data);
}
static void cb_did_layout(brace_context *ctx, brace_node node, void *user_data) {
  callback_feature(3);
  run_prog(ctx, node, user_data);
}
static void cb_draw(brace_context *ctx, brace_node node, brace_rect dirty, void *user_data) {
  (void)dirty;
  callback_feature(4);
  run_prog(ctx, node, user_data);
}
static brace_size cb_intrinsic(brace_context *ctx, brace_node node, void *user_data) {
  const prog *p = user_data;
  brace_size none = {BRACE_NO_INTRINSIC_METRIC, BRACE_NO_INTRINSIC_METRIC};
  callback_feature(5);
  if (!p) return none;
  run_prog(ctx, node, p);
  return p->intrinsic;
}

/* The measure callback (0.8): the proposal must be a size or BRACE_PROPOSAL_UNBOUNDED on
   each axis, whatever the answers were; the answer is the program's picked size. */
static brace_size cb_measure(brace_context *ctx, brace_node node, brace_size proposed, void *user_data) {
  const prog *p = user_data;
  callback_feature(14);
  for (int k = 0; k < 2; k++) {
    double v = k ? proposed.height : proposed.width;
    if (!(v == BRACE_PROPOSAL_UNBOUNDED || (isfinite(v) && v >= 0))) die("measure was proposed a size that is not one");
  }
  if (!p) return (brace_size){0, 0};
  run_prog(ctx, node, p);
  return p->measured;
}

/* Diagnostics may read the context but should not change it: read the report and ask
   about the nodes it names. */
static void on_diagnostic(brace_context *ctx, const brace_diagnostic *d, void *user_data) {
  (void)user_data;
  if (!d || !d->message) die("a diagnostic without a message");
  callback_feature(6 + (d->kind & 3));
  (void)strlen(d->message);
  if (d->node_count > 0 && !d->nodes) die("a diagnostic with nodes but no node array");
  int i = ctx_index(ctx);
  S.busy[i]++;
  for (size_t k = 0; k < d->node_count && k < 64; k++) {
    brace_rect r;
    (void)brace_node_is_alive(ctx, d->nodes[k]);
    (void)brace_node_get_frame(ctx, d->nodes[k], &r);
  }
  volatile brace_node sink = 0;
  for (size_t k = 64; k < d->node_count; k++) sink ^= d->nodes[k]; /* every element readable */
  /* 0.6: the constraints concerned, each a constraint handle of this context. */
  if (d->constraint_count > 0 && !d->constraints) die("a diagnostic with constraints but no constraint array");
  for (size_t k = 0; k < d->constraint_count; k++) {
    brace_handle_info info = {sizeof info, BRACE_HANDLE_KIND_INVALID, 0, 0};
    if (brace_handle_get_info(d->constraints[k], &info) != BRACE_OK || info.kind != BRACE_HANDLE_KIND_CONSTRAINT)
      die("a diagnostic listed something that is not a constraint handle");
    if (k < 64) {
      bool broken;
      (void)brace_constraint_is_broken(ctx, d->constraints[k], &broken);
    }
  }
  (void)sink;
  S.busy[i]--;
}

/* The trace callback reads the event's node and, when installed with a program, runs it
   (calls from here are allowed). */
static void on_trace(brace_context *ctx, const brace_trace_event *e, void *user_data) {
  if (!e) die("a NULL trace event");
  callback_feature(10 + (e->kind == BRACE_TRACE_DRAW));
  int i = ctx_index(ctx);
  if (e->node) {
    brace_rect r;
    S.busy[i]++;
    (void)brace_node_get_frame(ctx, e->node, &r);
    S.busy[i]--;
  }
  if (user_data) run_prog(ctx, e->node, user_data);
}

/* A transaction's completion runs its program (begin and commit again, tick: refused,
   destroy the context: refused). */
static void on_complete(brace_context *ctx, bool finished, void *user_data) {
  callback_feature(12 + finished);
  run_prog(ctx, 0, user_data);
}

/* ------------------------------------------------------------------ animation */

/* A time for the current context: forward from its clock by a display frame or more,
   backwards, or any double (NaN, infinities, huge, raw bits). */
static double pick_time(cursor *c) {
  static const double forward[8] = {0, 1.0 / 60, 0.05, 0.1, 0.25, 0.5, 1, 10};
  static const double backward[4] = {1e-9, 1.0 / 60, 1, 100};
  uint8_t b = u8(c);
  if (b < 0xC0) return S.clock[S.cur] + forward[b % 8];
  if (b < 0xE0) return S.clock[S.cur] - backward[b % 4];
  return pick_double(c);
}

/* Transaction parameters from the input, valid or not. The flags byte: bits 0-2 the curve
   (6 and 7 unknown), 0x08 a duration from the doubles (else a short one), 0x10 a delay
   from them (else none), 0x20 raw option bits (else known ones), 0x40 a short struct_size,
   0x80 a completion running a program read from the input. */
static void pick_params(cursor *c, brace_animation_params *p) {
  static const double durations[8] = {0, 1.0 / 60, 0.1, 0.25, 0.3, 1, 2, 0};
  const brace_animation_params init = BRACE_ANIMATION_PARAMS_INIT;
  uint8_t f = u8(c);
  *p = init;
  p->curve = (brace_animation_curve)(f & 7);
  p->duration = (f & 0x08) ? pick_double(c) : durations[u8(c) % 8];
  p->delay = (f & 0x10) ? pick_double(c) : 0;
  p->options = (f & 0x20) ? u32(c) : (uint32_t)(u8(c) & 0x0F);
  if (f & 0x40) p->struct_size = u8(c) % (uint32_t)sizeof *p;
  if (p->curve == BRACE_CURVE_CUBIC_BEZIER)
    for (int k = 0; k < 4; k++) {
      uint8_t b = u8(c);
      /* x in [0, 1], y in [-2, 2] (overshooting), or any double */
      p->control_points[k] = b == 0xFF ? pick_double(c) : (k % 2 == 0) ? b / 254.0 : (b - 127) / 63.5;
    }
  if (p->curve == BRACE_CURVE_SPRING) {
    uint8_t b = u8(c);
    p->damping_ratio = b == 0xFF ? pick_double(c) : (b % 21) / 20.0; /* 0 is refused */
    p->initial_velocity = pick_double(c);
  }
  if (f & 0x80) {
    prog *q = &S.progs[u8(c) % PROGS];
    take_prog(c, q); /* it runs when the transaction completes */
    p->completion = on_complete;
    p->user_data = q;
  }
}

/* What a successful sample must hold: a second sample at t agrees on the count; every
   node listed is animating, listed once, at its presentation frame (so the count is at
   most the animating nodes); the first min(capacity, count) entries are among them. */
static void check_sample(brace_context *ctx, double t, const brace_presented_frame *got, size_t cap,
                         size_t count) {
  static brace_presented_frame all[64];
  size_t n = 0;
  S.calls++;
  if (brace_context_sample_animations(ctx, t, all, 64, &n) != BRACE_OK) die("a sample that succeeded failed again");
  if (n != count) die("two samples at the same time disagree on the count");
  for (size_t i = 0; i < n && i < 64; i++) {
    bool on = false;
    brace_rect r;
    S.calls += 2;
    if (brace_node_is_animating(ctx, all[i].node, &on) != BRACE_OK || !on) die("sampled a node that is not animating");
    if (brace_node_get_presentation_frame(ctx, all[i].node, t, &r) != BRACE_OK || memcmp(&r, &all[i].frame, sizeof r))
      die("a sampled frame differs from the node's presentation frame");
    for (size_t j = 0; j < i; j++)
      if (all[j].node == all[i].node) die("a node sampled twice");
  }
  for (size_t i = 0; got && i < cap && i < count && n <= 64; i++) {
    size_t j = 0;
    while (j < n && (all[j].node != got[i].node || memcmp(&all[j].frame, &got[i].frame, sizeof got[i].frame))) j++;
    if (j == n) die("a sample into a small buffer listed what a large one does not");
  }
}

/* A tick at the latest end of every animation begun (or the clock, if later) with nothing
   open: every animation has ended, so none is left, unless a completion began one that
   ends later. */
static void tick_past_everything(brace_context *ctx, int nul) {
  const int i = S.cur;
  double t = S.clock[i] > S.max_end[i] ? S.clock[i] : S.max_end[i];
  size_t remaining = 12345;
  if (!isfinite(t)) return;
  double saved = S.clock[i];
  S.clock[i] = t; /* completions begin from the tick's time */
  if (st(brace_context_tick(ctx, t, nul ? NULL : &remaining)) != BRACE_OK) {
    S.clock[i] = saved;
    return;
  }
  if (S.ctx[i] != ctx || S.max_end[i] > t) return;
  size_t count = 12345;
  S.calls++;
  if (brace_context_sample_animations(ctx, t, NULL, 0, &count) != BRACE_OK || count != 0)
    die("something is animating after a tick past the end of every animation");
  if (!nul && remaining != 0) die("a tick past the end of every animation left some remaining");
}

static void op_animation(cursor *c, int op, int nul, int alt) {
  brace_context *ctx = C();
  const int i = S.cur;
  switch (op) {
  case OP_ANIM_BEGIN: {
    struct {
      brace_animation_params p;
      unsigned char pad[16]; /* alt: a caller compiled against a longer struct */
    } a;
    memset(&a, 0, sizeof a);
    pick_params(c, &a.p);
    if (alt && a.p.struct_size == sizeof a.p) a.p.struct_size = (uint32_t)sizeof a;
    double t = pick_time(c);
    if (st(brace_context_begin_animation(ctx, nul ? NULL : &a.p, t)) == BRACE_OK) {
      double end = (t + a.p.delay) + a.p.duration; /* as the engine adds them */
      S.clock[i] = t;
      if (!(end <= S.max_end[i])) S.max_end[i] = end;
    }
    break;
  }
  case OP_ANIM_COMMIT:
    if (alt) st(brace_context_begin_without_animation(nul ? NULL : ctx));
    else st(brace_context_commit_animation(nul ? NULL : ctx));
    break;
  case OP_ANIM_TICK: {
    if (alt) {
      tick_past_everything(ctx, nul);
      break;
    }
    double t = pick_time(c), saved = S.clock[i];
    size_t remaining = 0;
    S.clock[i] = t; /* completions begin from the tick's time */
    if (st(brace_context_tick(ctx, t, nul ? NULL : &remaining)) != BRACE_OK) S.clock[i] = saved;
    break;
  }
  case OP_ANIM_SAMPLE: {
    brace_presented_frame buf[8];
    double t = pick_time(c);
    size_t cap = u8(c) % 9, count = 0;
    if (st(brace_context_sample_animations(ctx, t, alt ? NULL : buf, cap, nul ? NULL : &count)) == BRACE_OK)
      check_sample(ctx, t, alt ? NULL : buf, cap, count);
    break;
  }
  default: { /* OP_ANIM_QUERY */
    brace_node n = pick_node(c);
    uint8_t b = u8(c);
    switch (b % 4) {
    case 0: {
      brace_rect shown, model;
      bool on = true;
      double t = pick_time(c);
      if (st(brace_node_get_presentation_frame(ctx, n, t, nul ? NULL : &shown)) != BRACE_OK) break;
      S.calls += 2;
      /* A node that is not animating answers its model frame. */
      if (brace_node_is_animating(ctx, n, &on) == BRACE_OK && !on && brace_node_get_frame(ctx, n, &model) == BRACE_OK &&
          memcmp(&shown, &model, sizeof model))
        die("a node that is not animating is shown away from its model frame");
      break;
    }
    case 1: {
      bool on = false;
      st(brace_node_is_animating(ctx, n, nul ? NULL : &on));
      break;
    }
    case 2: {
      uint32_t d = 0;
      st(brace_context_get_animation_depth(alt ? NULL : ctx, nul ? NULL : &d));
      break;
    }
    default: st(brace_node_cancel_animations(ctx, n, alt)); break;
    }
    break;
  }
  }
}

/* What a successful read of the changed-frames list must hold: a second read into a large
   buffer agrees on the count; each node listed once, alive, with old != new; the entries
   of a small buffer are among them; BRACE_CHANGED_FRAMES_IN_ROOT lists the same nodes in
   the same order with the same sizes (only origins move). */
static void check_changes(brace_context *ctx, uint32_t options, const brace_frame_change *got, size_t cap,
                          size_t count) {
  static brace_frame_change all[64], root[64];
  size_t n = 0, m = 0;
  S.calls += 2;
  if (brace_context_get_changed_frames(ctx, 0, all, 64, &n) != BRACE_OK) die("a changed-frames read failed again");
  if (n != count) die("two changed-frames reads disagree on the count");
  if (brace_context_get_changed_frames(ctx, BRACE_CHANGED_FRAMES_IN_ROOT, root, 64, &m) != BRACE_OK || m != n)
    die("the changed frames in root coordinates are not as many");
  for (size_t i = 0; i < n && i < 64; i++) {
    brace_rect r;
    S.calls++;
    if (brace_node_get_frame(ctx, all[i].node, &r) != BRACE_OK) die("a changed frame of a node that is not alive");
    if (!memcmp(&all[i].old_frame, &all[i].new_frame, sizeof r)) die("a changed frame that did not change");
    for (size_t j = 0; j < i; j++)
      if (all[j].node == all[i].node) die("a node listed twice as changed");
    if (root[i].node != all[i].node || memcmp(&root[i].old_frame.width, &all[i].old_frame.width, 2 * sizeof(double)) ||
        memcmp(&root[i].new_frame.width, &all[i].new_frame.width, 2 * sizeof(double)))
      die("root coordinates changed a listed node or a size");
  }
  const brace_frame_change *same = options ? root : all;
  for (size_t i = 0; got && i < cap && i < count && n <= 64; i++) {
    size_t j = 0;
    while (j < n && memcmp(&same[j], &got[i], sizeof got[i])) j++;
    if (j == n) die("a changed-frames read into a small buffer listed what a large one does not");
  }
}

static void op_changed_frames(cursor *c, int nul) {
  brace_context *ctx = C();
  brace_frame_change buf[8];
  uint8_t b = u8(c);
  /* Options: none, in root, or an unknown bit (refused). */
  static const uint32_t options[] = {0, BRACE_CHANGED_FRAMES_IN_ROOT, 2, 0x80000001u};
  size_t cap = (b >> 2) % 9, count = 0;
  if (st(brace_context_get_changed_frames(ctx, options[b % 4], (b & 0x80) ? NULL : buf, cap, nul ? NULL : &count)) ==
      BRACE_OK)
    check_changes(ctx, options[b % 4], (b & 0x80) ? NULL : buf, cap, count);
}

/* ------------------------------------------------------------------ the ops */



static void keep_node(brace_node n) { S.nodes[S.next_node++ % NODES] = n; }
/* Visual formats: well-formed ones of every grammar element, malformed ones, and, with
   the alt bit, one spelled from the input in the language's own alphabet (so the parser
   sees near misses: unbalanced brackets, dangling connections, stray priorities). */
static const char *const formats[] = {
    "H:|-[a]-[b(==a)]-|", "V:|-(20)-[a(>=44@750)]-8-[b]-(>=0)-|", "H:[a(a)]", "H:|[a][b][c]|",
    "H:|-m-[a(<=w,>=10)]-(m@250)-|", "V:[a]-[b(==c@500)]-[c]", "H:[a(>=50,<=200@750)]",
    "H:|-[a]-20-[b]-|", "[a]-[b]", "H:|-[a(>=50]-|", "H:[a]-[", "V:|-(-5)-[a]", "H:[a(==b*2)]",
    "H:|~[a]", "H:[z]", "", "H:", "H:|-[a(100@1001)]-|", "V:[a(nan)]", "H:[a]-(1e400)-[b]"};
static const char vfl_alphabet[] = "HV:|-[]()@<=>,0123456789.abcmw ~*";

static const char *pick_format(cursor *c, int alt, char *buf, size_t cap) {
  if (!alt) return formats[u8(c) % (sizeof formats / sizeof formats[0])];
  size_t n = u8(c) % (cap - 1);
  for (size_t i = 0; i < n; i++) buf[i] = vfl_alphabet[u8(c) % (sizeof vfl_alphabet - 1)];
  buf[n] = '\0';
  return buf;
}

static void keep_con(brace_constraint k) { S.cons[S.next_con++ % CONS] = k; }
static void keep_var(brace_variable v) { S.vars[S.next_var++ % VARS] = v; }

/* A small constrained scene in one op: a root and 1-4 children pinned to it, so that
   inputs reach constraint layout with few bytes. */
static void op_scene(cursor *c, uint8_t flags) {
  brace_context *ctx = C();
  brace_node root = 0;
  if (st(brace_node_create(ctx, &root)) != BRACE_OK) return;
  keep_node(root);
  brace_rect frame = {0, 0, 0, 0};
  frame.width = pick_double(c);
  frame.height = pick_double(c);
  st(brace_node_set_frame(ctx, root, frame));
  if (flags & 0x80) st(brace_node_set_layout_strategy(ctx, root, (flags & 0x40) ? "flow" : "stack"));
  int kids = 1 + u8(c) % 4;
  brace_node prev = 0;
  for (int i = 0; i < kids; i++) {
    brace_node k = 0;
    if (st(brace_node_create(ctx, &k)) != BRACE_OK) return;
    keep_node(k);
    st(brace_node_add_subview(ctx, root, k));
    st(brace_node_set_translates_autoresizing_mask(ctx, k, false));
    st(brace_node_set_intrinsic_content_size(ctx, k, pick_size(c)));
    brace_constraint made[4] = {0, 0, 0, 0};
    st(brace_constraint_create(ctx, k, BRACE_ATTR_LEADING, BRACE_RELATION_EQUAL, root,
                               BRACE_ATTR_LEADING_MARGIN, 1.0, pick_double(c), &made[0]));
    st(brace_constraint_create(ctx, k, BRACE_ATTR_TOP, BRACE_RELATION_EQUAL,
                               prev ? prev : root, prev ? BRACE_ATTR_BOTTOM : BRACE_ATTR_TOP, 1.0,
                               pick_double(c), &made[1]));
    brace_relation rel = pick_rel(c);
    st(brace_constraint_create(ctx, k, BRACE_ATTR_WIDTH, rel, root, BRACE_ATTR_WIDTH,
                               pick_double(c), 0.0, &made[2]));
    st(brace_constraint_create(ctx, k, BRACE_ATTR_HEIGHT, BRACE_RELATION_GREATER_EQUAL, 0,
                               BRACE_ATTR_NONE, 1.0, pick_double(c), &made[3]));
    size_t n = 0;
    brace_constraint list[4];
    for (int j = 0; j < 4; j++)
      if (made[j]) {
        keep_con(made[j]);
        list[n++] = made[j];
      }
    st(brace_constraints_activate(ctx, list, n));
    prev = k;
  }
}

static void step(cursor *c) {
  brace_context *ctx = C();
  uint8_t opb = u8(c);
  const int nul = (opb & 0x40) != 0; /* pass NULL for the out/optional pointer */
  const int alt = (opb & 0x80) != 0; /* the alternative form */
  int op = (opb & 0x3F) % OP_COUNT;
  int saved_op = g_op;
  char sbuf[40];
  g_op = op;
  switch (op) {
  case OP_NODE_CREATE: {
    if (alt) {
      /* brace_node_create_subviews (0.10): a parent (0: roots), a count (0...19, or
         SIZE_MAX or a u32 read raw: one the handle space refuses; other large ones fold
         to the buffer), an intrinsic size. */
      brace_node parent = pick_node(c), out[20];
      size_t count = pick_index(c);
      if (count >= 20 && count < ((size_t)1 << 25)) count %= 20;
      brace_size size = pick_size(c);
      memset(out, 0, sizeof out);
      if (st(brace_node_create_subviews(ctx, parent, count, size, nul ? NULL : out)) == BRACE_OK) {
        for (size_t k = 0; k < count; k++) {
          if (!out[k]) die("brace_node_create_subviews answered OK with node 0");
          keep_node(out[k]);
        }
      } else {
        for (size_t k = 0; k < 20; k++)
          if (out[k]) die("brace_node_create_subviews failed but wrote a handle");
      }
      break;
    }
    brace_node n = 0;
    if (st(brace_node_create(ctx, nul ? NULL : &n)) == BRACE_OK) {
      if (!n) die("brace_node_create answered OK with node 0");
      keep_node(n);
    }
    break;
  }
  case OP_NODE_DESTROY: st(brace_node_destroy(ctx, pick_node(c))); break;
  case OP_IS_ALIVE: {
    /* brace_handle_get_info (0.6) answers for any 64-bit value, live, stale or foreign. */
    brace_node n = pick_node(c);
    S.calls++;
    (void)brace_node_is_alive(alt ? NULL : ctx, n);
    brace_handle_info info = {nul ? 4 : sizeof info, BRACE_HANDLE_KIND_INVALID, 0, 0};
    brace_status s = brace_handle_get_info(n, &info);
    if (s == BRACE_OK && (info.kind == BRACE_HANDLE_KIND_INVALID || n == 0)) die("brace_handle_get_info accepted a non-handle");
    break;
  }
  case OP_ADD_SUBVIEW: {
    brace_node p = pick_node(c), k = pick_node(c);
    st(brace_node_add_subview(ctx, p, k));
    break;
  }
  case OP_INSERT_SUBVIEW: {
    brace_node p = pick_node(c), k = pick_node(c);
    st(brace_node_insert_subview(ctx, p, k, pick_index(c)));
    break;
  }
  case OP_REMOVE_FROM_SUPERVIEW: st(brace_node_remove_from_superview(ctx, pick_node(c))); break;
  case OP_TREE_QUERY: {
    brace_node n = pick_node(c), out = 0, buf[NODES * 2];
    size_t count = 0;
    switch (u8(c) % 5) {
    case 0: st(brace_node_get_superview(ctx, n, nul ? NULL : &out)); break;
    case 1: st(brace_node_get_subview_count(ctx, n, nul ? NULL : &count)); break;
    case 2: st(brace_node_get_subview(ctx, n, pick_index(c), nul ? NULL : &out)); break;
    case 3: {
      size_t cap = u8(c) % (COUNT(buf) + 1);
      if (st(brace_node_get_subviews(ctx, n, (nul && cap == 0) || alt ? NULL : buf, cap,
                                     &count)) == BRACE_OK && !alt) {
        for (size_t k = 0; k < count && k < cap; k++)
          if (!brace_node_is_alive(ctx, buf[k])) die("get_subviews listed a dead node");
      }
      break;
    }
    default: st(brace_node_get_index(ctx, n, nul ? NULL : &count)); break;
    }
    break;
  }
  case OP_CYCLE: {
    /* Put a node under itself or under one of its descendants. */
    brace_node top = pick_node(c), d = top;
    int depth = u8(c) % 4;
    for (int k = 0; k < depth; k++) {
      brace_node sub = 0;
      if (st(brace_node_get_subview(ctx, d, u8(c) % 3, &sub)) != BRACE_OK) break;
      d = sub;
    }
    if (alt) st(brace_node_insert_subview(ctx, d, top, pick_index(c)));
    else st(brace_node_add_subview(ctx, d, top));
    break;
  }
  case OP_SET_FRAME: {
    brace_node n = pick_node(c);
    st(brace_node_set_frame(ctx, n, pick_rect(c)));
    break;
  }
  case OP_SET_BOUNDS: {
    brace_node n = pick_node(c);
    st(brace_node_set_bounds(ctx, n, pick_rect(c)));
    break;
  }
  case OP_SET_CENTER: {
    brace_node n = pick_node(c);
    brace_point p;
    p.x = pick_double(c);
    p.y = pick_double(c);
    st(brace_node_set_center(ctx, n, p));
    break;
  }
  case OP_GEOMETRY_GET: {
    brace_node n = pick_node(c);
    brace_rect r;
    brace_point p;
    brace_insets in;
    switch (u8(c) % 6) {
    case 0: st(brace_node_get_frame(ctx, n, nul ? NULL : &r)); break;
    case 1: st(brace_node_get_bounds(ctx, n, nul ? NULL : &r)); break;
    case 2: st(brace_node_get_center(ctx, n, nul ? NULL : &p)); break;
    case 3: st(brace_node_get_alignment_rect(ctx, n, nul ? NULL : &r)); break;
    case 4: st(brace_node_get_alignment_rect_insets(ctx, n, nul ? NULL : &in)); break;
    default: st(brace_node_frame_for_alignment_rect(ctx, n, pick_rect(c), nul ? NULL : &r)); break;
    }
    break;
  }
  case OP_ALIGNMENT_INSETS: {
    brace_node n = pick_node(c);
    brace_insets in;
    in.top = pick_double(c);
    in.left = pick_double(c);
    in.bottom = pick_double(c);
    in.right = pick_double(c);
    st(brace_node_set_alignment_rect_insets(ctx, n, in));
    break;
  }
  case OP_HIDDEN: {
    brace_node n = pick_node(c);
    bool h = false;
    if (alt) st(brace_node_get_hidden(ctx, n, nul ? NULL : &h));
    else st(brace_node_set_hidden(ctx, n, (u8(c) & 1) != 0));
    break;
  }
  case OP_DIRECTION: {
    brace_node n = pick_node(c);
    brace_layout_direction d;
    if (alt) {
      st(brace_node_get_layout_direction(ctx, n, nul ? NULL : &d));
      st(brace_node_get_effective_layout_direction(ctx, n, nul ? NULL : &d));
    } else {
      st(brace_node_set_layout_direction(ctx, n, (brace_layout_direction)((int)(u8(c) % 5) - 1)));
    }
    break;
  }
  case OP_MARGINS: {
    brace_node n = pick_node(c);
    double a = pick_double(c), b = pick_double(c), d = pick_double(c), e = pick_double(c);
    if (alt) {
      brace_directional_insets m = {a, b, d, e}, out;
      st(brace_node_set_directional_layout_margins(ctx, n, m));
      st(brace_node_get_directional_layout_margins(ctx, n, nul ? NULL : &out));
    } else {
      brace_insets m = {a, b, d, e}, out;
      st(brace_node_set_layout_margins(ctx, n, m));
      st(brace_node_get_layout_margins(ctx, n, nul ? NULL : &out));
    }
    break;
  }
  case OP_INTRINSIC: {
    brace_node n = pick_node(c);
    brace_size s;
    if (alt) st(brace_node_get_intrinsic_content_size(ctx, n, nul ? NULL : &s));
    else st(brace_node_set_intrinsic_content_size(ctx, n, pick_size(c)));
    break;
  }
  case OP_INVALIDATE_INTRINSIC: st(brace_node_invalidate_intrinsic_content_size(ctx, pick_node(c))); break;
  case OP_PRIORITIES: {
    brace_node n = pick_node(c);
    uint8_t b = u8(c);
    brace_axis axis = (brace_axis)(b < 0xF0 ? (int)(b & 1) : (int)(b % 5) - 2);
    brace_priority p = 0;
    switch ((b >> 1) & 3) {
    case 0: st(brace_node_set_content_hugging_priority(ctx, n, axis, pick_priority(c))); break;
    case 1: st(brace_node_set_compression_resistance_priority(ctx, n, axis, pick_priority(c))); break;
    case 2: st(brace_node_get_content_hugging_priority(ctx, n, axis, nul ? NULL : &p)); break;
    default: st(brace_node_get_compression_resistance_priority(ctx, n, axis, nul ? NULL : &p)); break;
    }
    break;
  }
  case OP_MASK: {
    brace_node n = pick_node(c);
    uint8_t b = u8(c);
    uint32_t m = 0;
    bool on = false;
    if (alt) {
      st(brace_node_get_autoresizing_mask(ctx, n, nul ? NULL : &m));
      st(brace_node_get_autoresizes_subviews(ctx, n, nul ? NULL : &on));
    } else if (b & 0x80) {
      st(brace_node_set_autoresizes_subviews(ctx, n, (b & 1) != 0));
    } else {
      st(brace_node_set_autoresizing_mask(ctx, n, b == 0x7F ? u32(c) : (uint32_t)(b & 0x3F) | ((b & 0x40) ? 64u : 0u)));
    }
    break;
  }
  case OP_TRANSLATES: {
    brace_node n = pick_node(c);
    bool on = false;
    if (alt) st(brace_node_get_translates_autoresizing_mask(ctx, n, nul ? NULL : &on));
    else st(brace_node_set_translates_autoresizing_mask(ctx, n, (u8(c) & 1) != 0));
    break;
  }
  case OP_USER_DATA: {
    brace_node n = pick_node(c);
    void *p = NULL;
    if (alt) st(brace_node_get_user_data(ctx, n, nul ? NULL : &p));
    else st(brace_node_set_user_data(ctx, n, nul ? NULL : (void *)&S));
    break;
  }
  case OP_BASELINES: {
    brace_node n = pick_node(c);
    double first = pick_double(c);
    st(brace_node_set_baseline_offsets(ctx, n, first, pick_double(c)));
    break;
  }
  case OP_FLAGS: {
    brace_node n = pick_node(c);
    bool b = false;
    brace_rect r;
    switch (u8(c) % 7) {
    case 0: st(brace_node_set_needs_update_constraints(ctx, n)); break;
    case 1: st(brace_node_set_needs_layout(ctx, n)); break;
    case 2: st(brace_node_set_needs_display(ctx, n)); break;
    case 3: st(brace_node_set_needs_display_in_rect(ctx, n, pick_rect(c))); break;
    case 4: st(brace_node_get_needs_update_constraints(ctx, n, nul ? NULL : &b)); break;
    case 5: st(brace_node_get_needs_layout(ctx, n, nul ? NULL : &b)); break;
    default: st(brace_node_get_needs_display(ctx, n, nul ? NULL : &b, alt ? NULL : &r)); break;
    }
    break;
  }
  case OP_SET_CALLBACKS: {
    brace_node n = pick_node(c);
    uint8_t slot = u8(c) % PROGS;
    uint8_t members = u8(c);
    prog *p = &S.progs[slot];
    take_prog(c, p);
    p->intrinsic = pick_size(c);
    if (nul) {
      st(brace_node_set_callbacks(ctx, n, NULL));
      break;
    }
    struct {
      brace_node_callbacks cb;
      unsigned char pad[64];
    } cbs;
    memset(&cbs, 0, sizeof cbs);
    cbs.cb.struct_size = (uint32_t)sizeof cbs.cb;
    if (alt) cbs.cb.struct_size = (members & 1) ? 8u : (uint32_t)sizeof cbs;
    cbs.cb.user_data = p;
    if (members & 0x02) cbs.cb.update_constraints = cb_update_constraints;
    if (members & 0x04) cbs.cb.will_layout_subviews = cb_will_layout;
    if (members & 0x08) cbs.cb.layout_subviews = cb_layout;
    if (members & 0x10) cbs.cb.did_layout_subviews = cb_did_layout;
    if (members & 0x20) cbs.cb.draw = cb_draw;
    if (members & 0x40) cbs.cb.intrinsic_content_size = cb_intrinsic;
    if (members & 0x80) cbs.cb.user_data = NULL; /* the callbacks then do nothing */
    st(brace_node_set_callbacks(ctx, n, &cbs.cb));
    break;
  }
  case OP_MEASURE: { /* a measure callback (and with alt a layout_subviews one too) */
    brace_node n = pick_node(c);
    prog *p = &S.progs[u8(c) % PROGS];
    take_prog(c, p);
    p->measured = pick_size(c);
    brace_node_callbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.struct_size = (uint32_t)sizeof cb;
    cb.user_data = nul ? NULL : p;
    cb.measure = cb_measure;
    if (alt) cb.layout_subviews = cb_layout;
    st(brace_node_set_callbacks(ctx, n, &cb));
    break;
  }
  case OP_SUPER: {
    brace_node n = alt ? S.cb_node : pick_node(c);
    brace_size s;
    switch (u8(c) % 3) {
    case 0: st(brace_node_super_update_constraints(ctx, n)); break;
    case 1: st(brace_node_super_layout_subviews(ctx, n)); break;
    default: st(brace_node_super_intrinsic_content_size(ctx, n, nul ? NULL : &s)); break;
    }
    break;
  }
  case OP_UPDATE_IF_NEEDED: st(brace_node_update_constraints_if_needed(ctx, pick_node(c))); break;
  case OP_LAYOUT_IF_NEEDED: st(brace_node_layout_if_needed(ctx, pick_node(c))); break;
  case OP_RUN_CYCLE: st(brace_context_run_update_cycle(alt ? NULL : ctx)); break;
  case OP_RUN_PHASE: {
    uint8_t b = u8(c);
    static const int phases[] = {1, 2, 4, 0, 3, 8, -1};
    st(brace_context_run_phase(ctx, (brace_phase)phases[b % COUNT(phases)]));
    break;
  }
  case OP_PENDING: {
    if (alt) {
      op_changed_frames(c, nul);
      break;
    }
    uint32_t pending = 0;
    st(brace_context_get_pending(ctx, nul ? NULL : &pending));
    break;
  }
  case OP_TRACE_DIAG: {
    uint8_t b = u8(c);
    if (b & 1)
      st(brace_context_set_diagnostic_callback(ctx, nul ? NULL : on_diagnostic, NULL));
    else
      st(brace_context_set_trace_callback(ctx, nul ? NULL : on_trace,
                                          alt ? &S.progs[(b >> 1) % PROGS] : NULL));
    break;
  }
  case OP_SET_STRATEGY: {
    brace_node n = pick_node(c);
    st(brace_node_set_layout_strategy(
        ctx, n, nul ? NULL : pick_name(c, strategy_names, COUNT(strategy_names), sbuf, sizeof sbuf)));
    break;
  }
  case OP_GET_STRATEGY: {
    const char *name = NULL;
    if (st(brace_node_get_layout_strategy(ctx, pick_node(c), nul ? NULL : &name)) == BRACE_OK)
      keep_string(name);
    break;
  }
  case OP_SET_PROPERTY: {
    brace_node n = pick_node(c);
    const char *name = pick_name(c, property_names, COUNT(property_names), sbuf, sizeof sbuf);
    uint8_t kind = u8(c);
    switch (kind % 6) {
    case 0: st(brace_node_set_property_bool(ctx, n, name, (kind & 0x10) != 0)); break;
    case 1: {
      uint8_t b = u8(c);
      st(brace_node_set_property_int(ctx, n, name, b == 0xFF ? (int64_t)u64(c) : (int64_t)b - 8));
      break;
    }
    case 2: st(brace_node_set_property_double(ctx, n, name, pick_double(c))); break;
    case 3: {
      char ebuf[40];
      st(brace_node_set_property_enum(ctx, n, name, pick_name(c, enum_names, COUNT(enum_names), ebuf, sizeof ebuf)));
      break;
    }
    default: {
      brace_value v;
      memset(&v, 0, sizeof v);
      v.type = (brace_value_type)(u8(c) % 6);
      uint8_t b = u8(c);
      v.integer = b == 0xFF ? (int64_t)u64(c) : (int64_t)(b % 8) - 1;
      v.number = pick_double(c);
      st(brace_node_set_property(ctx, n, name, nul ? NULL : &v));
      break;
    }
    }
    break;
  }
  case OP_GET_PROPERTY: {
    brace_node n = pick_node(c);
    brace_value v;
    st(brace_node_get_property(ctx, n, pick_name(c, property_names, COUNT(property_names), sbuf, sizeof sbuf),
                               nul ? NULL : &v));
    break;
  }
  case OP_PLUGINS: {
    uint8_t b = u8(c);
    switch (b % 5) {
    case 0: {
      char path[600];
      /* The built-in plugins where an install puts them (lib/brace/, or beside libbrace in
         older installs: the missing ones answer BRACE_E_PLUGIN), libbrace itself (no entry
         symbol), files that are not plugins. */
      static const char *const files[] = {
          "libbrace_flow.so", FUZZ_LIBDIR "/brace/libbrace_stack.so",
          FUZZ_LIBDIR "/brace/libbrace_simplex.so", FUZZ_LIBDIR "/brace/libbrace_autoresizing.so",
          FUZZ_LIBDIR "/libbrace.so", "/nonexistent/libbrace_x.so", "", "/", "/dev/null",
          FUZZ_LIBDIR "/libbrace_stack.so", FUZZ_LIBDIR "/libbrace_simplex.so", FUZZ_LIBDIR};
      size_t k = u8(c) % COUNT(files);
      if (k == 0) snprintf(path, sizeof path, "%s/%s", S.plugin_dir, files[0]);
      else snprintf(path, sizeof path, "%s", files[k]);
      st(brace_context_load_plugin(ctx, nul ? NULL : path));
      break;
    }
    case 1:
      st(brace_context_load_strategy(
          ctx, nul ? NULL : pick_name(c, strategy_names, COUNT(strategy_names), sbuf, sizeof sbuf)));
      break;
    case 2: {
      size_t count = 0;
      st(brace_context_get_strategy_count(ctx, nul ? NULL : &count));
      break;
    }
    case 3: {
      struct {
        brace_strategy_info info;
        unsigned char pad[64];
      } si;
      memset(&si, 0, sizeof si);
      si.info.struct_size = alt ? 4u : (uint32_t)sizeof si;
      if (st(brace_context_get_strategy(ctx, pick_index(c), nul ? NULL : &si.info)) == BRACE_OK) {
        if (!si.info.name || !si.info.path) die("brace_context_get_strategy: NULL strings");
        keep_string(si.info.name);
        keep_string(si.info.path);
      }
      break;
    }
    default: {
      const brace_property_desc *d = NULL;
      const char *strategy = pick_name(c, strategy_names, COUNT(strategy_names), sbuf, sizeof sbuf);
      if (st(brace_context_get_property(ctx, strategy, pick_index(c), nul ? NULL : &d)) == BRACE_OK) {
        if (!d || !d->name) die("brace_context_get_property: no declaration");
        keep_string(d->name);
        keep_string(d->doc);
        for (uint32_t k = 0; k < d->enum_count; k++) keep_string(d->enum_names[k]);
      }
      break;
    }
    }
    break;
  }
  case OP_CON_CREATE: {
    brace_node a = pick_node(c);
    brace_attribute aa = pick_attr(c);
    brace_relation rel = pick_rel(c);
    const int constant_form = u8(c) & 1; /* odd: no item2 (its attribute only with alt) */
    brace_node b = constant_form ? 0 : pick_node(c);
    brace_attribute ba = (!constant_form || alt) ? pick_attr(c) : BRACE_ATTR_NONE;
    double m = pick_double(c);
    double k = pick_double(c);
    brace_constraint out = 0;
    if (st(brace_constraint_create(ctx, a, aa, rel, b, ba, m, k, nul ? NULL : &out)) == BRACE_OK)
      keep_con(out);
    break;
  }
  case OP_CON_LINEAR: {
    brace_term terms[66];
    uint8_t b = u8(c);
    size_t count = b < 0xF0 ? b % 7 : (b & 1 ? 64 : 65);
    for (size_t i = 0; i < count; i++) {
      if (i < 6) {
        terms[i].item = pick_item(c);
        terms[i].attribute = pick_attr(c);
        terms[i].coefficient = pick_double(c);
      } else { /* long lists: cheap terms */
        terms[i].item = (i & 1) ? S.vars[i % VARS] : S.nodes[i % NODES];
        terms[i].attribute = (i & 1) ? BRACE_ATTR_NONE : BRACE_ATTR_WIDTH;
        terms[i].coefficient = 1.0;
      }
    }
    brace_relation rel = pick_rel(c);
    double k = pick_double(c);
    brace_constraint out = 0;
    if (st(brace_constraint_create_linear(ctx, (alt && count == 0) ? NULL : terms, count, rel, k,
                                          nul ? NULL : &out)) == BRACE_OK)
      keep_con(out);
    break;
  }
  case OP_ADD_ON_VARIABLES: {
    brace_variable vs[66];
    double co[66];
    uint8_t b = u8(c);
    size_t count = b < 0xF0 ? b % 6 : (b & 1 ? 64 : 65);
    /* b / 6 odd: brace_constraint_add_on_variables_weighted (0.11), its weight read last. */
    const int weighted = b < 0xF0 && ((b / 6) & 1);
    for (size_t i = 0; i < count; i++) {
      if (i < 5) {
        vs[i] = pick_var(c);
        co[i] = pick_double(c);
      } else {
        vs[i] = S.vars[i % VARS];
        co[i] = 1.0;
      }
    }
    brace_relation rel = pick_rel(c);
    double k = pick_double(c);
    brace_priority p = pick_priority(c);
    brace_constraint out = 0;
    if (weighted) {
      double w = pick_double(c);
      if (st(brace_constraint_add_on_variables_weighted(ctx, (alt && count == 0) ? NULL : vs,
                                                        (alt && count == 0) ? NULL : co, count, rel, k, p, w,
                                                        nul ? NULL : &out)) == BRACE_OK) {
        double got = 0;
        if (brace_constraint_get_weight(ctx, out, &got) != BRACE_OK || got != w)
          die("brace_constraint_add_on_variables_weighted answered OK but the weight is not the one given");
        keep_con(out);
      } else if (out) {
        die("brace_constraint_add_on_variables_weighted failed but wrote a handle");
      }
      break;
    }
    if (st(brace_constraint_add_on_variables(ctx, (alt && count == 0) ? NULL : vs,
                                             (alt && count == 0) ? NULL : co, count, rel, k, p,
                                             nul ? NULL : &out)) == BRACE_OK)
      keep_con(out);
    break;
  }
  case OP_CON_ACTIVATE: {
    brace_constraint k = pick_con(c);
    if (alt) st(brace_constraint_deactivate(ctx, k));
    else st(brace_constraint_activate(ctx, k));
    break;
  }
  case OP_CON_BATCH: {
    brace_constraint list[12];
    size_t count = u8(c) % 13;
    for (size_t i = 0; i < count; i++) list[i] = pick_con(c);
    const brace_constraint *arg = nul ? NULL : list;
    if (alt) st(brace_constraints_deactivate(ctx, arg, count));
    else st(brace_constraints_activate(ctx, arg, count));
    break;
  }
  case OP_CON_CHANGE: {
    brace_constraint k = pick_con(c);
    switch (u8(c) % 6) {
    case 0: st(brace_constraint_set_constant(ctx, k, pick_double(c))); break;
    case 1: /* weights (0.9) ride on the priority variant: same op, its alt */
      if (alt) st(brace_constraint_set_weight(ctx, k, pick_double(c)));
      else st(brace_constraint_set_priority(ctx, k, pick_priority(c)));
      break;
    case 2: {
      const char *id = nul ? NULL : pick_name(c, identifiers, COUNT(identifiers), sbuf, sizeof sbuf);
      st(brace_constraint_set_identifier(ctx, k, id));
      break;
    }
    case 3: {
      const char *id = NULL;
      if (st(brace_constraint_get_identifier(ctx, k, nul ? NULL : &id)) == BRACE_OK && id)
        (void)strlen(id);
      break;
    }
    case 4: {
      double d = 0;
      st(brace_constraint_get_constant(ctx, k, nul ? NULL : &d));
      break;
    }
    default: {
      brace_priority p = 0;
      double w = 0;
      if (alt) st(brace_constraint_get_weight(ctx, k, nul ? NULL : &w));
      else st(brace_constraint_get_priority(ctx, k, nul ? NULL : &p));
      break;
    }
    }
    break;
  }
  case OP_CON_DESTROY: st(brace_constraint_destroy(ctx, pick_con(c))); break;
  case OP_CON_QUERY: {
    bool b = false;
    brace_constraint buf[32];
    size_t count = 0;
    switch (u8(c) % 4) {
    case 0: st(brace_constraint_is_active(ctx, pick_con(c), nul ? NULL : &b)); break;
    case 1: st(brace_constraint_is_broken(ctx, pick_con(c), nul ? NULL : &b)); break;
    case 2: {
      brace_node n = pick_node(c);
      size_t cap = u8(c) % 33;
      st(brace_node_get_constraints(ctx, n, alt ? NULL : buf, cap, nul ? NULL : &count));
      break;
    }
    default: {
      size_t cap = u8(c) % 33;
      st(brace_context_get_broken_constraints(ctx, alt ? NULL : buf, cap, nul ? NULL : &count));
      break;
    }
    }
    break;
  }
  case OP_VISUAL_FORMAT: {
    char text[48];
    const char *format = pick_format(c, alt, text, sizeof text);
    static const char *const view_names[3] = {"a", "b", "c"};
    static const char *const metric_names[2] = {"m", "w"};
    brace_node views[3] = {pick_node(c), pick_node(c), pick_node(c)};
    size_t view_count = u8(c) % 4;
    double metrics[2] = {pick_double(c), pick_double(c)};
    size_t metric_count = u8(c) % 3;
    brace_format_options options = 0; /* raw bits, or alignments and a direction */
    if (u8(c) % 8 == 0) {
      options = u32(c);
    } else {
      options = u8(c) & 0x3F;
      options |= (uint32_t)(u8(c) % 3) << 16;
    }
    brace_constraint made[24];
    size_t cap = u8(c) % 25, count = 0;
    if (st(brace_constraints_create_with_visual_format(ctx, format, options, view_names, views, view_count,
                                                       metric_names, metrics, metric_count, made, cap,
                                                       nul ? NULL : &count)) == BRACE_OK)
      for (size_t k = 0; k < count && k < cap; k++) keep_con(made[k]);
    break;
  }
  case OP_CON_TERMS: {
    brace_term terms[64];
    size_t count = 0;
    brace_relation rel = BRACE_RELATION_EQUAL;
    double constant = 0;
    size_t cap = u8(c) % 65;
    brace_constraint k = pick_con(c);
    const uint8_t optional = u8(c); /* bit 0: no relation out, bit 1: no constant out */
    st(brace_constraint_get_terms(ctx, k, alt ? NULL : terms, cap, nul ? NULL : &count,
                                  optional & 1 ? NULL : &rel, optional & 2 ? NULL : &constant));
    break;
  }
  case OP_VAR: {
    brace_variable v = 0;
    double d = 0;
    switch (u8(c) % 3) {
    case 0:
      if (st(brace_variable_create(ctx, nul ? NULL : &v)) == BRACE_OK) keep_var(v);
      break;
    case 1: st(brace_variable_destroy(ctx, pick_var(c))); break;
    default: st(brace_variable_get_value(ctx, pick_var(c), nul ? NULL : &d)); break;
    }
    break;
  }
  case OP_VAR_VALUES: {
    brace_variable vs[VARS];
    double out[VARS];
    size_t count = u8(c) % (VARS + 1);
    for (size_t i = 0; i < count; i++) vs[i] = pick_var(c);
    st(brace_variables_get_values(ctx, (alt && count == 0) ? NULL : vs, count,
                                  (nul && count == 0) || (alt && nul) ? NULL : out));
    break;
  }
  case OP_GUIDE: {
    brace_node owner = pick_node(c), g = 0;
    bool is = false;
    if (alt) st(brace_node_is_layout_guide(ctx, owner, nul ? NULL : &is));
    else if (st(brace_layout_guide_create(ctx, owner, nul ? NULL : &g)) == BRACE_OK) keep_node(g);
    break;
  }
  case OP_EDIT: {
    uint64_t item = pick_item(c);
    brace_attribute a = (u8(c) & 1) ? pick_attr(c) : BRACE_ATTR_NONE;
    switch (u8(c) % 3) {
    case 0: st(brace_context_add_edit(ctx, item, a, pick_priority(c))); break;
    case 1:
      if (alt) st(brace_context_set_edit_weight(ctx, item, a, pick_double(c)));
      else st(brace_context_suggest_value(ctx, item, a, pick_double(c)));
      break;
    default: st(brace_context_remove_edit(ctx, item, a)); break;
    }
    break;
  }
  case OP_FITTING: {
    brace_node n = pick_node(c);
    brace_size target = pick_size(c), out;
    if (u8(c) & 1) target.width = BRACE_LAYOUT_FITTING_EXPANDED;
    brace_priority h = pick_priority(c), v = pick_priority(c);
    st(brace_node_system_layout_size_fitting(ctx, n, target, h, v, nul ? NULL : &out));
    break;
  }
  case OP_AMBIGUOUS: {
    bool b = false;
    st(brace_node_has_ambiguous_layout(ctx, pick_node(c), nul ? NULL : &b));
    break;
  }
  case OP_DESCRIPTION: {
    char buf[512];
    static const size_t caps[] = {0, 1, 2, 16, 100, sizeof buf};
    brace_node n = pick_node(c);
    size_t cap = caps[u8(c) % COUNT(caps)];
    size_t len = 0;
    memset(buf, 'x', sizeof buf);
    brace_status s = st(brace_node_copy_description(ctx, n, (alt && cap == 0) ? NULL : buf, cap,
                                                    nul ? NULL : &len));
    if (s == BRACE_OK && cap > 0) {
      if (!memchr(buf, 0, cap)) die("brace_node_copy_description left the buffer without NUL");
      if (len < cap && strlen(buf) != len) die("brace_node_copy_description: length differs");
    }
    break;
  }
  case OP_DESTROY_CONTEXT: destroy_context(c, alt ? 1 - S.cur : S.cur); break;
  case OP_RESET_CONTEXT: reset_context(alt ? 1 - S.cur : S.cur); break;
  case OP_SWITCH_CONTEXT: {
    int other = 1 - S.cur;
    if (!S.ctx[other]) {
      S.ctx[other] = make_context(c);
      S.clock[other] = S.max_end[other] = 0;
    }
    S.cur = other;
    break;
  }
  case OP_CONTEXT_QUERY: {
    uint8_t b = u8(c);
    switch (b % 4) {
    case 0: {
      struct {
        brace_context_options o;
        unsigned char pad[64];
      } o;
      memset(&o, 0, sizeof o);
      o.o.struct_size = alt ? 4u : (b & 0x10) ? (uint32_t)sizeof o : (uint32_t)sizeof o.o;
      if (st(brace_context_get_options(ctx, nul ? NULL : &o.o)) == BRACE_OK && o.o.plugin_path)
        (void)strlen(o.o.plugin_path);
      break;
    }
    case 1: (void)strlen(brace_last_error(alt ? NULL : ctx)); break;
    case 2: (void)strlen(brace_status_name((brace_status)((int)u8(c) - 2))); break;
    default:
      (void)strlen(brace_version_string());
      (void)brace_version();
      check_kept(S.cur);
      break;
    }
    break;
  }
  case OP_SCENE: op_scene(c, opb); break;
  case OP_ANIM_BEGIN:
  case OP_ANIM_COMMIT:
  case OP_ANIM_TICK:
  case OP_ANIM_SAMPLE:
  case OP_ANIM_QUERY: op_animation(c, op, nul, alt); break;
  default: break;
  }
  g_op = saved_op;
}

static void run(cursor *c) {
  while (c->n > 0 && S.calls < MAX_CALLS) step(c);
}

/* ------------------------------------------------------------------ libFuzzer */

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  g_verbose = getenv("FUZZ_VERBOSE") && getenv("FUZZ_VERBOSE")[0] == '1';
  const char *env = getenv("BRACE_PLUGIN_PATH");
  /* The first directory of BRACE_PLUGIN_PATH holds libbrace_flow.so (make plugins). */
  size_t n = 0;
  if (env)
    while (env[n] && env[n] != ':' && n + 1 < sizeof S.plugin_dir) n++;
  memcpy(S.plugin_dir, env ? env : "", n);
  S.plugin_dir[n] = '\0';
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char plugin_dir[sizeof S.plugin_dir];
  memcpy(plugin_dir, S.plugin_dir, sizeof plugin_dir);
  memset(&S, 0, sizeof S);
  memcpy(S.plugin_dir, plugin_dir, sizeof plugin_dir);

  cursor c = {data, size};
  S.ctx[0] = make_context(&c);
  run(&c);
  for (int i = 0; i < 2; i++) {
    if (S.ctx[i]) check_kept(i);
    if (S.ctx[i] && brace_context_destroy(S.ctx[i]) != BRACE_OK)
      die("brace_context_destroy failed at the end of an input");
    S.ctx[i] = NULL;
  }
  return 0;
}
