/*
 * brace/animation.h — animated layout changes (since 0.7): animation transactions,
 * presentation frames, timing curves and springs, on the host's clock.
 * Included by brace/brace.h; include that instead.
 *
 * THE RECIPE
 *
 *   UIKit's idiom for animating a constraint change, in Brace:
 *
 *     brace_node_layout_if_needed(ctx, root);            // apply what is pending
 *     brace_animation_params a = BRACE_ANIMATION_PARAMS_INIT;
 *     a.duration = 0.3;
 *     brace_context_begin_animation(ctx, &a, now);      // UIView.animate(...) {
 *     brace_constraint_set_constant(ctx, c, 120);
 *     brace_node_layout_if_needed(ctx, root);            //   layoutIfNeeded()
 *     brace_context_commit_animation(ctx);               // }
 *     ... once per display frame:
 *     brace_context_sample_animations(ctx, now, buf, cap, &count);   // draw these
 *     brace_context_tick(ctx, now, &remaining);          // runs completions
 *
 * MODEL AND PRESENTATION
 *
 *   A node has two frames, as a view has a model layer and a presentation layer. The
 *   model frame (brace_node_get_frame) is what the caller and the layout set: it changes
 *   at once, and everything the engine computes (constraints, stacks, hit areas) uses
 *   it. The presentation frame is what is on screen at a time t: while a node animates,
 *   it moves from where the node was shown to its model frame over the animation's
 *   duration. Both are in the superview's coordinates; a subview of an animating node
 *   keeps its own frame and moves with its superview, as sublayers do.
 *
 *   While a transaction is open, every change of a node's model frame is recorded as an
 *   animation of that node: frames set by the caller (set_frame, set_bounds,
 *   set_center), by the layout pass (constraints, stacks, autoresizing, a plugin's
 *   host->set_frame, a layout_subviews callback). Changes made outside a transaction,
 *   or inside a brace_context_begin_without_animation region, are not animated (a node
 *   still animating keeps its animations, which now end at the new model frame).
 *   A change too large for a finite difference (frames near +-DBL_MAX) is not animated.
 *   Changes are recorded, not layouts: call brace_node_layout_if_needed inside the
 *   transaction, as UIKit's recipe says, or the layout runs later, unanimated.
 *
 * THE HOST'S CLOCK
 *
 *   Brace starts no thread and no timer. Times are seconds on any monotonic clock the
 *   host chooses (CLOCK_MONOTONIC, a frame counter divided by the refresh rate, a
 *   test's fake clock). The host gives the time when it begins a transaction (the
 *   animation starts then, plus its delay) and when it ticks; a tick or a begin earlier
 *   than the latest time given is refused (BRACE_E_INVALID_ARGUMENT). Sampling may ask
 *   about any time.
 *
 * INTERRUPTION
 *
 *   A node animated again while it is still animating never jumps. By default the new
 *   animation is additive, as UIKit's frame animations have been since iOS 8: it
 *   animates from the node's previous model frame to its new one, and the running
 *   animations go on to their end, each adding its share; the presentation frame is
 *   continuous at the change, and every animation completes with finished = true.
 *   BRACE_ANIMATION_BEGIN_FROM_CURRENT_STATE instead stops the node's running
 *   animations (their transactions complete with finished = false) and animates from
 *   the presentation frame at the transaction's time to the new model frame.
 *
 * COMPLETIONS
 *
 *   A transaction's completion runs once, after the transaction is committed and all
 *   the animations it recorded have ended, from brace_context_tick, on the host's thread,
 *   in the order the transactions ended (their end times; ties in the order they were
 *   begun). `finished` is true when every one of its animations ran to its end; false
 *   when one was stopped first (BRACE_ANIMATION_BEGIN_FROM_CURRENT_STATE, a cancel,
 *   the node removed from its superview, moved to another superview, or destroyed;
 *   moving it within its superview keeps them). A transaction that recorded no
 *   animation completes at the next tick with finished = true. A completion may begin
 *   and commit new transactions (chaining animations) and call anything but
 *   brace_context_tick. Completions still pending when the context is destroyed or reset
 *   (brace_context_reset) are dropped without being called.
 *
 * NEW VIEWS
 *
 *   A node's first frame (its frame has never been set since it was created) is not
 *   animated, even inside a transaction: a view added and laid out inside an animation
 *   appears at its place, and its siblings move around it. UIKit instead grows it from a
 *   zero rectangle at the origin, which is rarely wanted; the option
 *   BRACE_ANIMATION_ANIMATE_NEW_VIEWS asks for that.
 *
 * THREADS AND ERRORS
 *
 *   As every call: one thread inside a context at a time, a status and a message on
 *   failure, and nothing changed when a call fails.
 */
#ifndef BRACE_ANIMATION_H
#define BRACE_ANIMATION_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Timing curves. The first four have UIViewAnimationCurve's values and Core Animation's
   control points: ease-in-out (0.42, 0, 0.58, 1), ease-in (0.42, 0, 1, 1), ease-out
   (0, 0, 0.58, 1), linear (0, 0, 1, 1). */
typedef enum brace_animation_curve {
  BRACE_CURVE_EASE_IN_OUT = 0, /* UIKit's default for animate */
  BRACE_CURVE_EASE_IN = 1,
  BRACE_CURVE_EASE_OUT = 2,
  BRACE_CURVE_LINEAR = 3,
  /* A cubic Bézier from (0, 0) to (1, 1) through control_points {x1, y1, x2, y2};
     x1 and x2 in [0, 1], y1 and y2 any finite value (beyond [0, 1] overshoots). */
  BRACE_CURVE_CUBIC_BEZIER = 4,
  /* A damped spring (usingSpringWithDamping:initialSpringVelocity:): damping_ratio in
     (0, 1] (1: no overshoot; smaller: more oscillation), initial_velocity in distances
     per second (1: the whole distance in one second), settling within the duration: it
     is within 0.1% of the distance from the end at `duration` and lands exactly. */
  BRACE_CURVE_SPRING = 5
} brace_animation_curve;

/* Options, OR-ed. */
typedef enum brace_animation_option {
  /* Stop a node's running animations and start from its presentation frame, instead of
     adding to them (see INTERRUPTION). */
  BRACE_ANIMATION_BEGIN_FROM_CURRENT_STATE = 1 << 0,
  /* Take the duration (and delay) of the enclosing transaction instead of this one's
     (UIKit's default for nested blocks; Brace's default is the inner one's). */
  BRACE_ANIMATION_INHERIT_DURATION = 1 << 1,
  /* Take the timing curve (and spring) of the enclosing transaction instead. */
  BRACE_ANIMATION_INHERIT_CURVE = 1 << 2,
  /* Animate a node's first frame too, from a zero rectangle (see NEW VIEWS). */
  BRACE_ANIMATION_ANIMATE_NEW_VIEWS = 1 << 3
} brace_animation_option;

/* A transaction's completion: `finished` as described under COMPLETIONS. */
typedef void (*brace_animation_completion_fn)(brace_context *ctx, bool finished, void *user_data);

/* The parameters of a transaction (UIView.animate(withDuration:delay:options:
   animations:completion:) and its spring form). Start from BRACE_ANIMATION_PARAMS_INIT. */
typedef struct brace_animation_params {
  /* sizeof(brace_animation_params) as the caller compiled it. */
  uint32_t struct_size;
  /* An OR of brace_animation_option. */
  uint32_t options;
  /* Seconds, finite and >= 0. A duration of 0 (and no delay) records nothing: the
     changes take effect at once and the completion runs at the next tick. */
  double duration;
  /* Seconds before the animation starts, finite and >= 0. Meanwhile the nodes are
     shown where they were. */
  double delay;
  brace_animation_curve curve;
  /* BRACE_CURVE_CUBIC_BEZIER: {x1, y1, x2, y2}. Ignored otherwise. */
  double control_points[4];
  /* BRACE_CURVE_SPRING: the damping ratio, in (0, 1]. Ignored otherwise. */
  double damping_ratio;
  /* BRACE_CURVE_SPRING: the initial velocity, finite, relative to the distance. */
  double initial_velocity;
  /* May be NULL. Brace does not own user_data. */
  brace_animation_completion_fn completion;
  void *user_data;
} brace_animation_params;

#define BRACE_ANIMATION_PARAMS_INIT                                                   \
  {                                                                                   \
    sizeof(brace_animation_params), 0, 0.25, 0.0, BRACE_CURVE_EASE_IN_OUT,            \
        {0.42, 0.0, 0.58, 1.0}, 1.0, 0.0, NULL, NULL                                  \
  }

/* ---------------------------------------------------------------- transactions */

/*
 * brace_context_begin_animation — open a transaction at time `now` with `params` (a
 * copy is kept). Transactions nest: the changes made inside the innermost open one
 * take its parameters, unless its options inherit the enclosing one's.
 * BRACE_E_INVALID_ARGUMENT for a NULL or too-small params, NaN, infinite or negative
 * duration or delay, an unknown curve or option bit, control points out of range,
 * a damping ratio outside (0, 1], a non-finite velocity, or `now` not finite or
 * earlier than the latest time the context was given.
 */
brace_status brace_context_begin_animation(brace_context *ctx, const brace_animation_params *params,
                                           double now);

/*
 * brace_context_begin_without_animation — open a region in which changes are not
 * animated (UIView.performWithoutAnimation), even inside a transaction. Closed by
 * brace_context_commit_animation.
 */
brace_status brace_context_begin_without_animation(brace_context *ctx);

/*
 * brace_context_commit_animation — close the innermost open transaction or
 * without-animation region. Its animations run on; its completion is due when they
 * have ended. BRACE_E_INVALID_STATE when nothing is open.
 */
brace_status brace_context_commit_animation(brace_context *ctx);

/* brace_context_get_animation_depth — how many transactions and regions are open. */
brace_status brace_context_get_animation_depth(brace_context *ctx, uint32_t *out);

/* ---------------------------------------------------------------- the clock */

/*
 * brace_context_tick — the host's clock reached `now`: animations that have ended are
 * removed (their nodes show their model frames) and the completions that became due
 * run, in order (see COMPLETIONS). `*remaining`, when not NULL, receives the number of
 * nodes still animating after `now`: 0 means the host can stop its display link.
 * BRACE_E_INVALID_ARGUMENT when `now` is not finite or is earlier than the latest time
 * given; BRACE_E_INVALID_STATE while a transaction is open (commit it first);
 * BRACE_E_REENTRANCY from inside a completion or another callback of the context.
 */
brace_status brace_context_tick(brace_context *ctx, double now, size_t *remaining);

/* ---------------------------------------------------------------- presentation */

/*
 * brace_node_get_presentation_frame — `node`'s frame as shown at time `t`: its model
 * frame when it is not animating. `t` must be finite.
 */
brace_status brace_node_get_presentation_frame(brace_context *ctx, brace_node node, double t,
                                               brace_rect *out);

/* One animating node and its presentation frame, in its superview's coordinates. */
typedef struct brace_presented_frame {
  brace_node node;
  brace_rect frame;
} brace_presented_frame;

/*
 * brace_context_sample_animations — every node animating at time `t` (one of its
 * animations ends after t) with its presentation frame: what a renderer calls once per
 * display frame. Fills up to `capacity` entries of `buffer` and sets `*count` to how
 * many there are (which may exceed capacity; `buffer` may be NULL when capacity is 0).
 * The order is unspecified. O(animating nodes).
 */
brace_status brace_context_sample_animations(brace_context *ctx, double t,
                                             brace_presented_frame *buffer, size_t capacity,
                                             size_t *count);

/* brace_node_is_animating — whether `node` has animations that have not been removed by
   a tick (a tick after their end removes them). */
brace_status brace_node_is_animating(brace_context *ctx, brace_node node, bool *out);

/*
 * brace_node_cancel_animations — stop `node`'s animations, and with `subtree` those of
 * every node below it: they show their model frames at once, and their transactions
 * complete with finished = false at the next tick.
 */
brace_status brace_node_cancel_animations(brace_context *ctx, brace_node node, bool subtree);

#ifdef __cplusplus
}
#endif

#endif /* BRACE_ANIMATION_H */
