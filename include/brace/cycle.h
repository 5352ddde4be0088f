/*
 * brace/cycle.h — the update cycle: dirty flags, callbacks (the "overrides"), the
 * synchronous *_if_needed forms, running a turn or one phase, and the trace.
 * Included by brace/brace.h; include that instead.
 *
 * THE TURN
 *
 *   brace_context_run_update_cycle runs what UIKit runs at the end of a run-loop turn:
 *   1. the constraints pass, bottom-up (subviews before their superview): for each node
 *      flagged with brace_node_set_needs_update_constraints, its update_constraints
 *      callback, or the default behavior (its strategy's constraints hook);
 *   2. the layout pass, top-down (a superview before its subviews): for each node
 *      flagged with brace_node_set_needs_layout, will_layout_subviews, then
 *      layout_subviews (default: the strategy arranges the subviews), then
 *      did_layout_subviews. Frames that change size flag their nodes, which are laid
 *      out later in the same pass;
 *   3. the display pass, top-down: draw(rect) once for each flagged visible node with
 *      the union of the rectangles flagged since its last draw. It runs once per turn:
 *      what a draw callback flags waits for the next turn. Hidden nodes are not drawn
 *      and their display flags are dropped.
 *   The constraints and layout passes repeat until nothing they handle is flagged, since
 *   callbacks may flag more (bounded by the feedback-loop threshold). A size change
 *   flags the node and its superview, unless the superview is the one laying it out.
 *   Flags only mark nodes; many calls in one turn cost one pass. Nodes keep "a
 *   descendant is flagged" bits and the list of their flagged subviews, so a pass
 *   visits only dirty paths, whatever the fan-out.
 *
 * RE-ENTRANCY
 *
 *   Callbacks may call back into the context: read geometry, set frames, flag nodes,
 *   create, move and destroy other nodes, run brace_node_layout_if_needed on a subtree.
 *   What would break the running pass is refused with BRACE_E_REENTRANCY: destroying a
 *   node that is being processed (or an ancestor of one), running a whole turn or phase
 *   from inside a callback, destroying the context.
 *
 * FEEDBACK LOOPS
 *
 *   A node that keeps flagging itself (brace_node_set_needs_layout inside its own
 *   layout_subviews, for example) is laid out again in the same pass. Each node's
 *   layouts (and constraint updates) are counted within a turn; when one passes the
 *   context's feedback_loop_threshold, the pass stops, the flags of the nodes caught in
 *   the loop are cleared, the diagnostics callback receives
 *   BRACE_DIAGNOSTIC_FEEDBACK_LOOP naming them, and the call returns
 *   BRACE_E_FEEDBACK_LOOP. It never hangs.
 */
#ifndef BRACE_CYCLE_H
#define BRACE_CYCLE_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The phases of a turn; also bits of brace_context_get_pending's answer. */
typedef enum brace_phase {
  BRACE_PHASE_CONSTRAINTS = 1,
  BRACE_PHASE_LAYOUT = 2,
  BRACE_PHASE_DISPLAY = 4
} brace_phase;

/* ---------------------------------------------------------------- flags */

/* Flag `node` for the constraints pass (setNeedsUpdateConstraints). */
brace_status brace_node_set_needs_update_constraints(brace_context *ctx, brace_node node);
/* Flag `node` for the layout pass (setNeedsLayout). */
brace_status brace_node_set_needs_layout(brace_context *ctx, brace_node node);
/* Flag all of `node`'s bounds for display (setNeedsDisplay). */
brace_status brace_node_set_needs_display(brace_context *ctx, brace_node node);
/* Flag a rectangle of `node`'s bounds for display (setNeedsDisplayInRect); it is
   united with what was flagged before. `rect` must be finite with sizes >= 0. */
brace_status brace_node_set_needs_display_in_rect(brace_context *ctx, brace_node node, brace_rect rect);

/* Read the flags. */
brace_status brace_node_get_needs_update_constraints(brace_context *ctx, brace_node node, bool *out);
brace_status brace_node_get_needs_layout(brace_context *ctx, brace_node node, bool *out);
/* `needs` says whether display is flagged; `rect`, when not NULL, receives the union of
   the flagged rectangles (a zero rect when not flagged). Either pointer may be NULL. */
brace_status brace_node_get_needs_display(brace_context *ctx, brace_node node, bool *needs,
                                          brace_rect *rect);

/* ---------------------------------------------------------------- callbacks */

/* The callbacks of a node, its "overrides". Every member may be NULL (the default
   behavior then runs). Each receives the `user_data` of the struct untouched. */
typedef struct brace_node_callbacks {
  /* sizeof(brace_node_callbacks) as the caller compiled it. */
  uint32_t struct_size;
  void *user_data;
  /* updateConstraints: the constraints pass reached this flagged node. Call
     brace_node_super_update_constraints for the default behavior. */
  void (*update_constraints)(brace_context *ctx, brace_node node, void *user_data);
  /* viewWillLayoutSubviews, before layout_subviews. */
  void (*will_layout_subviews)(brace_context *ctx, brace_node node, void *user_data);
  /* layoutSubviews: position the subviews. Call brace_node_super_layout_subviews for
     the default behavior (the node's strategy arranges them). */
  void (*layout_subviews)(brace_context *ctx, brace_node node, void *user_data);
  /* viewDidLayoutSubviews, after layout_subviews. */
  void (*did_layout_subviews)(brace_context *ctx, brace_node node, void *user_data);
  /* draw(rect): `dirty` is the union of the rectangles flagged since the last draw,
     in the node's bounds coordinates. */
  void (*draw)(brace_context *ctx, brace_node node, brace_rect dirty, void *user_data);
  /* intrinsicContentSize: answer the natural size, -1 on an axis for none. Call
     brace_node_super_intrinsic_content_size for the stored value. */
  brace_size (*intrinsic_content_size)(brace_context *ctx, brace_node node, void *user_data);

  /* --- since 0.8 (a struct_size that does not cover it means NULL) --- */

  /*
   * measure — sizeThatFits(_:), Yoga's measure function: the size the node's content
   * wants when it is offered `proposed` (the size of its alignment rectangle, as the
   * intrinsic size is). A component of `proposed` is BRACE_PROPOSAL_UNBOUNDED (-1) when
   * nothing limits that axis. Text that wraps answers, for a proposed width, the width
   * of its longest line and the height of its lines; with no limit, one line.
   *
   * How the layout uses it (docs/measuring.md). The intrinsic size comes first: on an
   * axis where the node has one (brace_node_set_intrinsic_content_size or the
   * intrinsic_content_size callback; brace_node_get_intrinsic_content_size answers it,
   * never measure), measure is not asked for that axis. On an axis without one:
   *   - constraint layout (translates_autoresizing_mask off) holds the node by
   *     hugging and compression resistance as for an intrinsic size, that size being
   *     measure({UNBOUNDED, UNBOUNDED}).width for the width and
   *     measure({w, UNBOUNDED}).height for the height, w being the width the layout
   *     gives it: UIKit's preferredMaxLayoutWidth, set by the engine itself. Within one
   *     turn the engine solves, measures again at the solved width, updates the height
   *     and solves again (at most 4 rounds), so a label that wraps gets its height for
   *     its width in one turn;
   *   - the "stack" strategy measures it for the room it offers (a vertical stack that
   *     fills proposes its width), and a plugin's host->measure passes `proposed` on;
   *   - brace_node_system_layout_size_fitting with a required width gives its height
   *     for that width.
   * Answers are cached per node and proposal; brace_node_invalidate_intrinsic_content_size
   * (the content changed) and brace_node_set_callbacks drop them. So a turn calls measure
   * a bounded number of times per node (twice for a label in constraint layout whose
   * width is new: no limit, then its solved width), and a turn that changed nothing
   * calls it not at all.
   *
   * Answers must be finite and >= 0. A component that is NaN, infinite or negative is
   * refused: the context's diagnostics callback receives BRACE_DIAGNOSTIC_PLUGIN naming
   * the node and the value, and the node has no size on that axis from measure (as
   * without the callback). Must not change the tree; it may read anything. A measure of
   * the same node reached from inside its own measure (through the host) answers
   * without the callback.
   */
  brace_size (*measure)(brace_context *ctx, brace_node node, brace_size proposed, void *user_data);
} brace_node_callbacks;

/*
 * brace_node_set_callbacks — install a copy of `callbacks` on `node`, replacing any
 * before; NULL removes them all. struct_size must be at least the size of the first
 * version of the struct (up to `intrinsic_content_size`); only struct_size bytes are
 * read, so members the caller's struct lacks (an older header's) are NULL. Brace does
 * not own user_data. The node's cached measure answers are dropped; installing or
 * removing a measure callback also invalidates its intrinsic size (as
 * brace_node_invalidate_intrinsic_content_size).
 */
brace_status brace_node_set_callbacks(brace_context *ctx, brace_node node,
                                      const brace_node_callbacks *callbacks);

/*
 * "Call super": run the default behavior from inside the node's own override.
 * Each is BRACE_E_REENTRANCY unless the matching callback of `node` is running now.
 *   brace_node_super_update_constraints — the strategy's constraints hook.
 *   brace_node_super_layout_subviews — the strategy arranges the subviews.
 *   brace_node_super_intrinsic_content_size — the stored intrinsic size.
 */
brace_status brace_node_super_update_constraints(brace_context *ctx, brace_node node);
brace_status brace_node_super_layout_subviews(brace_context *ctx, brace_node node);
brace_status brace_node_super_intrinsic_content_size(brace_context *ctx, brace_node node,
                                                     brace_size *out);

/* ---------------------------------------------------------------- running now */

/*
 * brace_node_update_constraints_if_needed — run the constraints pass now on `node`'s
 * subtree, bottom-up, for the flagged nodes only. Does nothing when nothing there is
 * flagged. A busy node is skipped, as by brace_node_layout_if_needed.
 * BRACE_E_FEEDBACK_LOOP as described above.
 */
brace_status brace_node_update_constraints_if_needed(brace_context *ctx, brace_node node);

/*
 * brace_node_layout_if_needed — lay out now (layoutIfNeeded). Starts from the topmost
 * ancestor-or-self of `node` that is flagged for layout and lays out that subtree, after
 * running any pending constraints pass for that subtree first. Does nothing when
 * nothing is flagged on the way up or below. A busy node is skipped and keeps its flag:
 * one whose own layout or constraints update is running now (the running pass takes
 * it), or whose strategy's size_changed or measure hook is running (a hook calling this
 * on its own node, or a callback the hook reached calling it on an ancestor); without a
 * pass around it, the next turn lays it out. So a call from any hook or callback
 * returns: it never waits for the busy node.
 */
brace_status brace_node_layout_if_needed(brace_context *ctx, brace_node node);

/*
 * brace_context_run_update_cycle — the end of a run-loop turn: the constraints, layout
 * and display passes over every flagged tree of the context, in that order. Returns
 * BRACE_OK, BRACE_E_FEEDBACK_LOOP (the turn was completed after breaking the loop), or
 * BRACE_E_REENTRANCY when called from one of the context's callbacks.
 */
brace_status brace_context_run_update_cycle(brace_context *ctx);

/*
 * brace_context_run_phase — run one pass of the turn over the whole context: stepping
 * the cycle by hand. `phase` is exactly one brace_phase value. Same returns as
 * brace_context_run_update_cycle.
 */
brace_status brace_context_run_phase(brace_context *ctx, brace_phase phase);

/*
 * brace_context_get_pending — which passes have work waiting: an OR of brace_phase bits
 * in `*out`, 0 when the next turn would do nothing. Costs O(number of root nodes with
 * flagged subtrees).
 */
brace_status brace_context_get_pending(brace_context *ctx, uint32_t *out);

/* ---------------------------------------------------------------- the trace */

/* What a trace event reports. New kinds may be added. */
typedef enum brace_trace_kind {
  BRACE_TRACE_PHASE_BEGIN = 1,        /* a pass starts; node is 0 */
  BRACE_TRACE_PHASE_END = 2,          /* a pass ends; node is 0 */
  BRACE_TRACE_UPDATE_CONSTRAINTS = 3, /* a node's constraints are updated */
  BRACE_TRACE_WILL_LAYOUT = 4,        /* before a node's layout_subviews */
  BRACE_TRACE_LAYOUT = 5,             /* a node's subviews are laid out */
  BRACE_TRACE_DID_LAYOUT = 6,         /* after a node's layout_subviews */
  BRACE_TRACE_DRAW = 7                /* a node is drawn; rect is the dirty rect */
} brace_trace_kind;

/* One event, valid only during the callback. */
typedef struct brace_trace_event {
  uint32_t struct_size;
  brace_trace_kind kind;
  brace_phase phase;
  brace_node node;
  /* The dirty rectangle of a draw; zero otherwise. */
  brace_rect rect;
} brace_trace_event;

/* Receives trace events, synchronously on the thread inside the context. It should only
   record: calls back into the context from here are allowed but not traced. */
typedef void (*brace_trace_fn)(brace_context *ctx, const brace_trace_event *event, void *user_data);

/*
 * brace_context_set_trace_callback — install (or with fn == NULL remove) the trace
 * callback, which reports every pass event: phase begin/end and each node's update,
 * layout and draw, in the order they run.
 */
brace_status brace_context_set_trace_callback(brace_context *ctx, brace_trace_fn fn, void *user_data);

/* ---------------------------------------------------------------- what changed */

/*
 * CHANGED FRAMES (since 0.8): what a renderer repaints
 *
 *   Moving or resizing a view does not flag it for display (as in UIKit), so the
 *   display pass alone does not tell a renderer what moved. The changed-frames list
 *   does: the nodes whose frame changed in the last turn, each with its frame before
 *   and after, without diffing the tree. docs/repaint.md walks through its use.
 *
 *   The period. A turn publishes the list when its display pass starts: the list holds
 *   what changed between the start of the previous turn's display pass and the start of
 *   this one's: the frames a draw callback changed in the previous turn's display pass,
 *   those the host changed between turns (set_frame, set_bounds, set_center, a
 *   brace_node_layout_if_needed), then those this turn's constraints and layout passes
 *   changed. The published list stays readable, unchanged, until the next turn
 *   publishes another. So the list is complete when the display pass runs: a draw
 *   callback may read it. A frame changed during the display pass (a draw callback
 *   moving a view) or after the turn belongs to the next turn's list.
 *   brace_context_run_update_cycle and brace_context_run_phase(BRACE_PHASE_DISPLAY)
 *   publish; run_phase(CONSTRAINTS or LAYOUT), brace_node_layout_if_needed and
 *   brace_node_update_constraints_if_needed do not (their changes wait for the next
 *   display pass). A turn that changed nothing publishes an empty list.
 *
 *   What is listed. A node is listed when its frame at the publication differs from its
 *   frame at the previous one: a node moved and moved back in between is not listed,
 *   and a node is listed once however often it changed. A node created in the
 *   period counts as having had the zero rectangle (its frame before any is set). A
 *   destroyed node drops out (destroyed in the period, or after the publication): the
 *   host destroys nodes, its own callbacks or plugins included, and damages what they
 *   covered itself. Tree changes are not frame changes: adding, removing, moving a node
 *   to another superview, hiding it, or scrolling its superview (a bounds-origin
 *   change) change what is on screen without changing the node's frame; the host makes
 *   them and repaints for them. Layout guides are not listed. The order is unspecified.
 *
 *   Coordinates. Frames are in the superview's coordinates, as brace_node_get_frame's.
 *   A node that moves carries its subtree: its subviews, whose own frames did not
 *   change, are not listed. For damage in screen coordinates, pass
 *   BRACE_CHANGED_FRAMES_IN_ROOT: both frames are moved into the coordinates of the
 *   root's frame (the window's position on the screen): the new frame through the
 *   ancestors' frames as they are now, the old frame through the ancestors' old frames
 *   for the ancestors listed too (the others have not moved), both through the
 *   bounds origins as they are now (a root's own entry is left as it is). When a node's
 *   subviews stay inside its bounds (a renderer that clips to bounds), its old and new
 *   rectangles cover its whole subtree: damaging both repaints the subtree in both
 *   places.
 *
 *   Animation (brace/animation.h). Model frames change at once, inside a transaction
 *   too, and are listed as any change: the list says where nodes are going. What is on
 *   screen while they animate is their presentation frame, from
 *   brace_context_sample_animations once per display frame: a renderer repaints the
 *   nodes it returns (the union of their presentation frames at the previous and the
 *   current display frame) until brace_context_tick reports none animating.
 *
 *   Cost. Recording is O(1) per frame change (the first change of a node in a period
 *   keeps its old frame, the others do nothing); publishing is O(changed nodes) per
 *   turn; the call is O(changed nodes), or O(changed nodes x depth) with
 *   BRACE_CHANGED_FRAMES_IN_ROOT. Nothing depends on the size of the tree.
 */

/* One node whose frame changed: its frames at the previous and the last publication. */
typedef struct brace_frame_change {
  brace_node node;
  brace_rect old_frame;
  brace_rect new_frame;
} brace_frame_change;

/* Options of brace_context_get_changed_frames, OR-ed. */
typedef enum brace_changed_frames_option {
  /* Both frames in the coordinates of the root's frame instead of the superview's. */
  BRACE_CHANGED_FRAMES_IN_ROOT = 1 << 0
} brace_changed_frames_option;

/*
 * brace_context_get_changed_frames (since 0.8) — the nodes whose frame changed in the last
 * (see CHANGED FRAMES), with their old and new frames. Fills up to `capacity` entries of
 * `buffer` and sets `*count` to how many there are (which may exceed capacity; `buffer`
 * may be NULL when capacity is 0, to ask for the count). `options` is an OR of
 * brace_changed_frames_option (BRACE_E_INVALID_ARGUMENT for an unknown bit). Reading
 * changes nothing: the list stays until the next turn publishes; call it from a draw
 * callback or after brace_context_run_update_cycle. Before the first turn, empty.
 */
brace_status brace_context_get_changed_frames(brace_context *ctx, uint32_t options,
                                              brace_frame_change *buffer, size_t capacity,
                                              size_t *count);

#ifdef __cplusplus
}
#endif

#endif /* BRACE_CYCLE_H */
