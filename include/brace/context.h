/*
 * brace/context.h — creating and destroying contexts, their options, and the
 * diagnostics they report. Included by brace/brace.h; include that instead.
 */
#ifndef BRACE_CONTEXT_H
#define BRACE_CONTEXT_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The options of a context. Initialize with brace_context_options_init, then change
   the fields you care about: the struct grows at its end in later minor versions, and
   struct_size tells the library which fields the caller knows. */
typedef struct brace_context_options {
  /* sizeof(brace_context_options) as the caller compiled it. */
  uint32_t struct_size;
  /* Points per pixel of the screen (UIScreen.scale), > 0 and finite. Layout
     strategies round the frames they compute to multiples of 1/scale. Default 1. */
  double scale;
  /* The layout direction of root nodes that do not set their own: BRACE_DIRECTION_LTR
     (default) or BRACE_DIRECTION_RTL. */
  brace_layout_direction layout_direction;
  /* How many times one node may be laid out (or have its constraints updated) in one
     turn before the turn is declared a feedback loop. Clamped to 50...10000, like
     UIKit's UIViewLayoutFeedbackLoopDebuggingThreshold; 0 selects the default, 100. */
  uint32_t feedback_loop_threshold;
  /* Directories (colon-separated) searched for plugins loaded by name, before those of
     the BRACE_PLUGIN_PATH environment variable and the library's own directory. Copied
     at creation, as BRACE_PLUGIN_PATH is read then (strategy.h); NULL (default) for
     none. */
  const char *plugin_path;
  /* --- since 0.3 --- */
  /* false (default): a context with no diagnostics callback prints each diagnostic's
     message to stderr, once (UIKit's console reports: "Unable to simultaneously satisfy
     constraints..."; a plugin's host->report at every call). true: such diagnostics
     are dropped. */
  bool quiet_diagnostics;
  /* --- since 0.8 --- */
  /* The standard spacing between sibling views, in points: the visual format
     language's '-' between two views ("[a]-[b]") and a stack's system spacing
     (BRACE_STACK_SPACING_USE_SYSTEM). Finite and >= 0. Default 8 (UIKit's). A grid of
     character cells (a terminal, at scale 1) wants 1 or 0. */
  double standard_spacing;
  /* The layout margins every new node starts with, on all four edges (UIKit's default
     layoutMargins), in points: the visual format language's '-' next to '|' ("|-[a]")
     uses the superview's margins, so it follows this too. Finite and >= 0. Default 8.
     Nodes made before a change keep theirs; brace_node_set_layout_margins changes one. */
  double default_layout_margin;
} brace_context_options;

/*
 * brace_context_options_init — fill `options` with the defaults and set struct_size.
 * Does nothing when `options` is NULL. Any thread.
 */
void brace_context_options_init(brace_context_options *options);

/*
 * brace_context_create — make a new, empty context.
 *   options: NULL for the defaults, or options filled by brace_context_options_init.
 *            A struct_size smaller than the first version's struct, a non-positive or
 *            non-finite scale, an unknown direction, or a standard_spacing or
 *            default_layout_margin that is negative or not finite is
 *            BRACE_E_INVALID_ARGUMENT. Fields past the caller's struct_size take their
 *            defaults.
 *   out:     receives the context; must not be NULL. Untouched on failure.
 * The caller owns the context and frees it with brace_context_destroy. Errors are read
 * with brace_last_error(NULL). Any thread; the context is free for any thread to use.
 */
brace_status brace_context_create(const brace_context_options *options, brace_context **out);

/*
 * brace_context_destroy — free a context and everything in it: nodes, callbacks'
 * registrations, strategies' per-context state (each loaded strategy's destroy hook
 * runs). Every handle of the context becomes meaningless; the pointer must not be used
 * again. NULL is accepted and ignored (BRACE_OK). The node storage's larger blocks are
 * kept for the next context made in the process (up to 16 MB in all, for as long as the
 * process runs; docs/design.md, Memory), so it starts on memory already touched.
 * Fails, changing nothing, with BRACE_E_BUSY when another thread is inside the context
 * and with BRACE_E_REENTRANCY when called from one of the context's callbacks.
 */
brace_status brace_context_destroy(brace_context *ctx);

/*
 * brace_context_reset — since 0.12: empty the context, keeping its settings; for a
 * program that makes many short-lived layouts (a binding that reuses the context of a
 * freed solver, kiwisolver's Solver.reset()).
 *   Gone, as if each had been destroyed: every node (each strategy's detach hook runs
 *   for the nodes it managed), constraint, free variable, edit, layout guide, node
 *   property, open animation transaction and running animation, the changed-frames list,
 *   the pending update cycle, and the solver's instance (its solver_destroy hook runs; the
 *   next constraint makes a new one). Animation completions still pending are dropped
 *   without being called, as at brace_context_destroy (not run with finished = false,
 *   as a node destroyed alone would have them). The animation clock starts again, as a
 *   new context's: a time earlier than the latest one given before the reset is taken.
 *   Kept: the options, the diagnostics and trace callbacks, every loaded strategy with its
 *   per-context state (no context_destroy or context_create hook runs), the default
 *   strategy.
 *   Every handle made before the reset stops working: the context takes a new tag, so
 *   an old handle is refused as it would be in another context (BRACE_E_FOREIGN_HANDLE).
 *   The record arrays keep their storage, up to 1 MB in all (a larger peak is freed), so
 *   a context filled again as before allocates little.
 * Costs what destroying the contents costs; cheaper than brace_context_destroy and
 * brace_context_create by the creation of the context and the loading of its strategies.
 * Fails, changing nothing, with BRACE_E_INVALID_ARGUMENT for NULL, BRACE_E_BUSY when
 * another thread is inside the context, BRACE_E_REENTRANCY when called from one of the
 * context's callbacks (a hook or a callback run by a pass), and BRACE_E_NO_MEMORY when
 * the process holds the most live contexts (no new tag is free).
 */
brace_status brace_context_reset(brace_context *ctx);

/*
 * brace_context_get_options — copy the context's options (with the threshold after
 * clamping) into `out`, whose struct_size says how much the caller can take.
 * Thread: the context's rule (BRACE_E_BUSY from a second thread).
 */
brace_status brace_context_get_options(brace_context *ctx, brace_context_options *out);

/* ---------------------------------------------------------------- diagnostics */

/* What a diagnostic is about. New kinds may be added. */
typedef enum brace_diagnostic_kind {
  /* A node was laid out (or had its constraints updated) more often in one turn than
     the feedback-loop threshold allows; the pass was stopped. */
  BRACE_DIAGNOSTIC_FEEDBACK_LOOP = 1,
  /* Required constraints cannot all hold; one was broken. */
  BRACE_DIAGNOSTIC_UNSATISFIABLE = 2,
  /* The constraints do not determine a node's frame. */
  BRACE_DIAGNOSTIC_AMBIGUOUS = 3,
  /* A plugin failed or reported a problem. */
  BRACE_DIAGNOSTIC_PLUGIN = 4,
  /* Since 0.8: the constraints solved a node's width or height below zero (by more than
     half a pixel); the node is laid out with zero. The diagnostic names the node and the
     constraints on it along that axis (the ones that pushed it there, e.g. the two
     margins of "H:|-[a]-|" in a superview narrower than both margins together). Reported
     once per node, and again only after its size has been zero or more. */
  BRACE_DIAGNOSTIC_NEGATIVE_SIZE = 5
} brace_diagnostic_kind;

/* One diagnostic, valid only during the callback that receives it. */
typedef struct brace_diagnostic {
  uint32_t struct_size;
  brace_diagnostic_kind kind;
  /* A readable report in the spirit of UIKit's console messages. UTF-8, never NULL. */
  const char *message;
  /* The nodes concerned (for a feedback loop: the nodes caught in it). */
  const brace_node *nodes;
  size_t node_count;
  /* Since 0.6 (read them only when struct_size reaches them): the constraints concerned.
     For BRACE_DIAGNOSTIC_UNSATISFIABLE the broken constraint first, then those it
     conflicts with (the constraints the message lists, where the broken one comes
     last, as in UIKit's report); for a constraint the solver refused
     (BRACE_DIAGNOSTIC_PLUGIN) that constraint. NULL and 0 when there are none. */
  const brace_constraint *constraints;
  size_t constraint_count;
} brace_diagnostic;

/* Receives diagnostics. Runs on the thread inside the context, synchronously, while the
   context is in the middle of the work that found the problem: it may read from the
   context but should not change it. */
typedef void (*brace_diagnostic_fn)(brace_context *ctx, const brace_diagnostic *diagnostic,
                                    void *user_data);

/*
 * brace_context_set_diagnostic_callback — install (or with fn == NULL remove) the
 * diagnostics callback. Without one, each diagnostic is printed to stderr as
 * "[Brace] <message>", once per context (a message already printed by this context is not
 * printed again; a plugin's host->report is printed at every call, brace_plugin.h),
 * unless the context was created with options.quiet_diagnostics; the
 * status codes tell the caller either way. `user_data` is passed back untouched; Brace
 * does not own it. Thread: the context's rule.
 */
brace_status brace_context_set_diagnostic_callback(brace_context *ctx, brace_diagnostic_fn fn,
                                                   void *user_data);

#ifdef __cplusplus
}
#endif

#endif /* BRACE_CONTEXT_H */
