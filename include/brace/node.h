/*
 * brace/node.h — nodes (views): their lifetime, the view tree and their properties.
 * Included by brace/brace.h; include that instead.
 *
 * Every function here takes the context first and follows the context's thread rule:
 * a call from a second thread while another is inside the context returns BRACE_E_BUSY.
 * Every function validates its node handles: 0 or a non-node handle is
 * BRACE_E_INVALID_HANDLE, a destroyed node BRACE_E_STALE_HANDLE, another context's
 * node BRACE_E_FOREIGN_HANDLE. On any failure nothing changes.
 */
#ifndef BRACE_NODE_H
#define BRACE_NODE_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- lifetime */

/*
 * brace_node_create — make a new root node (no superview, no subviews) with UIKit's
 * defaults: a zero frame, visible, zero alignment-rect insets, layout margins of 8 on
 * each side, layout direction INHERIT, no intrinsic size, hugging 250 and compression
 * resistance 750 on both axes, autoresizing mask NONE, autoresizes_subviews true,
 * translates_autoresizing_mask true, the "frame" strategy once plugins are loaded.
 * The new node needs layout and display. `out` receives the handle.
 * BRACE_E_NO_MEMORY when the context's handle space (2^24 - 1 live nodes) is exhausted.
 */
brace_status brace_node_create(brace_context *ctx, brace_node *out);

/*
 * brace_node_destroy — destroy a node AND ITS WHOLE SUBTREE. The node is first removed
 * from its superview (which is flagged for layout); then it and every descendant are
 * freed, depth first. Every handle in the subtree answers BRACE_E_STALE_HANDLE from
 * then on, even after the slots are reused. User data is not freed (Brace never owns
 * it). To keep some subviews, move them elsewhere before destroying.
 * From a callback: destroying a node that is being laid out, updated or drawn right
 * now, or one of its ancestors, is BRACE_E_REENTRANCY.
 */
brace_status brace_node_destroy(brace_context *ctx, brace_node node);

/*
 * brace_node_is_alive — true when `node` names a live node of `ctx`. Never fails; sets
 * no error (false for NULL ctx). Thread: the context's rule (false when busy).
 */
bool brace_node_is_alive(brace_context *ctx, brace_node node);

/* ---------------------------------------------------------------- the view tree */

/*
 * brace_node_add_subview — append `child` to `parent`'s subviews, on top of the others
 * (UIView.addSubview). A child that already has a superview is moved: removed from it
 * first (a child already under `parent` moves to the end). Adding a node under itself
 * or under one of its descendants is BRACE_E_CYCLE. Flags `parent` and `child` for
 * layout and the old superview, if any, too.
 */
brace_status brace_node_add_subview(brace_context *ctx, brace_node parent, brace_node child);

/*
 * brace_node_create_subviews — make `count` new nodes in one call (0.10): each as
 * brace_node_create makes one, with `intrinsic_size` as its intrinsic content size
 * (BRACE_NO_INTRINSIC_METRIC on an axis: none; both: none at all), appended in order
 * as the last subviews of `parent` (0: no superview, they stay roots). out[0..count-1]
 * receives their handles, in that order. The nodes end exactly as count calls of
 * brace_node_create, brace_node_add_subview and brace_node_set_intrinsic_content_size
 * leave them; the call does it with the node storage reserved once and `parent` and its
 * ancestors flagged once, so it is the cheap way to build (a row of leaves, a list).
 * count 0 creates nothing (out may then be NULL).
 * Errors, each changing nothing (no node is made, `parent` keeps its subviews):
 * BRACE_E_INVALID_ARGUMENT for out NULL with count > 0, an intrinsic size that is
 * neither finite and >= 0 nor -1 on an axis, or a layout guide as `parent`;
 * `parent`'s handle errors (as above); BRACE_E_NO_MEMORY when the handle space cannot
 * take `count` more nodes; BRACE_E_PLUGIN when the default strategy refuses to attach
 * to one of them, and BRACE_E_REENTRANCY when its attach hook destroys `parent` meanwhile
 * (either way the nodes made before are destroyed again). The nodes are made one after
 * the other, each attached and appended before the next, so a hook sees a consistent
 * tree. Ownership: the handles are the context's, as brace_node_create's. Thread: the
 * context's rule.
 */
brace_status brace_node_create_subviews(brace_context *ctx, brace_node parent, size_t count,
                                        brace_size intrinsic_size, brace_node *out);

/*
 * brace_node_insert_subview — insert `child` at `index` of `parent`'s subviews,
 * 0...count (count appends). Index is counted before the child is detached from its
 * old place. BRACE_E_INDEX_OUT_OF_RANGE past count. Otherwise as add_subview.
 */
brace_status brace_node_insert_subview(brace_context *ctx, brace_node parent, brace_node child,
                                       size_t index);

/*
 * brace_node_remove_from_superview — detach `node` from its superview; it becomes a
 * root with its subtree intact. Flags the old superview for layout. A node without a
 * superview is left alone (BRACE_OK).
 */
brace_status brace_node_remove_from_superview(brace_context *ctx, brace_node node);

/* brace_node_get_superview — the superview, or BRACE_NODE_NONE for a root. */
brace_status brace_node_get_superview(brace_context *ctx, brace_node node, brace_node *out);

/* brace_node_get_subview_count — how many subviews `node` has. */
brace_status brace_node_get_subview_count(brace_context *ctx, brace_node node, size_t *out);

/* brace_node_get_subview — the subview at `index` (0 is the bottom-most);
   BRACE_E_INDEX_OUT_OF_RANGE when index >= count. */
brace_status brace_node_get_subview(brace_context *ctx, brace_node node, size_t index,
                                    brace_node *out);

/*
 * brace_node_get_subviews — copy up to `capacity` subview handles into `buffer`, in
 * order, and set `*count` to the total number of subviews (which may exceed
 * capacity). `buffer` may be NULL when capacity is 0, to ask for the count.
 */
brace_status brace_node_get_subviews(brace_context *ctx, brace_node node, brace_node *buffer,
                                     size_t capacity, size_t *count);

/* brace_node_get_index — `node`'s index among its superview's subviews;
   BRACE_E_INVALID_STATE for a root. */
brace_status brace_node_get_index(brace_context *ctx, brace_node node, size_t *out);

/* ---------------------------------------------------------------- geometry */

/*
 * Frame, bounds and center are kept consistent as in UIKit without transforms:
 * frame.size == bounds.size and center == frame's middle point. Setting the frame sets
 * the center and the bounds size; setting the bounds keeps the center and changes the
 * frame's size around it (the bounds origin is the node's own scroll offset); setting
 * the center moves the frame.
 * Values must be finite and sizes non-negative (BRACE_E_INVALID_ARGUMENT).
 * A size change flags the node and its superview for layout (not a superview that is
 * laying out its subviews right now: it made the change); a pure move flags nothing.
 */
brace_status brace_node_set_frame(brace_context *ctx, brace_node node, brace_rect frame);
brace_status brace_node_get_frame(brace_context *ctx, brace_node node, brace_rect *out);
brace_status brace_node_set_bounds(brace_context *ctx, brace_node node, brace_rect bounds);
brace_status brace_node_get_bounds(brace_context *ctx, brace_node node, brace_rect *out);
brace_status brace_node_set_center(brace_context *ctx, brace_node node, brace_point center);
brace_status brace_node_get_center(brace_context *ctx, brace_node node, brace_point *out);

/*
 * Alignment-rect insets: the alignment rectangle (what constraints act on) is the frame
 * inset by them; the frame is recovered by outsetting. Default zero. Insets must be
 * finite. A change flags the node's superview for layout.
 */
brace_status brace_node_set_alignment_rect_insets(brace_context *ctx, brace_node node,
                                                  brace_insets insets);
brace_status brace_node_get_alignment_rect_insets(brace_context *ctx, brace_node node,
                                                  brace_insets *out);
/* brace_node_get_alignment_rect — the frame inset by the alignment-rect insets. */
brace_status brace_node_get_alignment_rect(brace_context *ctx, brace_node node, brace_rect *out);
/* brace_node_frame_for_alignment_rect — the frame whose alignment rect is `rect`, for
   this node's insets (outset). Does not change the node. */
brace_status brace_node_frame_for_alignment_rect(brace_context *ctx, brace_node node,
                                                 brace_rect rect, brace_rect *out);

/* brace_node_set_hidden / get_hidden — a hidden node and its subtree are not drawn.
   Showing a node again flags it for display. Hiding or showing flags the superview for its
   constraints pass and layout only when the superview's strategy arranges by it
   (BRACE_STRATEGY_DEPENDS_ON_HIDDEN: "stack" does, "frame" does not, as in UIKit only
   UIStackView reacts to isHidden); since 0.8 that superview's fitting size is then
   invalidated too, which tells the container around it (see
   brace_node_invalidate_intrinsic_content_size). */
brace_status brace_node_set_hidden(brace_context *ctx, brace_node node, bool hidden);
brace_status brace_node_get_hidden(brace_context *ctx, brace_node node, bool *out);

/* ---------------------------------------------------------------- direction and margins */

/*
 * brace_node_set_layout_direction — the node's own direction: INHERIT (default) takes
 * the superview's effective direction; a root's INHERIT takes the context's default.
 * A change flags the node's subtree for layout.
 */
brace_status brace_node_set_layout_direction(brace_context *ctx, brace_node node,
                                             brace_layout_direction direction);
/* brace_node_get_layout_direction — the value set (possibly INHERIT). */
brace_status brace_node_get_layout_direction(brace_context *ctx, brace_node node,
                                             brace_layout_direction *out);
/* brace_node_get_effective_layout_direction — LTR or RTL, after inheritance. */
brace_status brace_node_get_effective_layout_direction(brace_context *ctx, brace_node node,
                                                       brace_layout_direction *out);

/*
 * Layout margins. Default 8 on each side. They are stored the way they were last set:
 * physical (left/right) with brace_node_set_layout_margins, or directional
 * (leading/trailing) with brace_node_set_directional_layout_margins. Reading either
 * form resolves through the node's effective layout direction, so directional margins
 * follow a direction change. Values must be finite. A change flags the node for layout.
 */
brace_status brace_node_set_layout_margins(brace_context *ctx, brace_node node, brace_insets margins);
brace_status brace_node_get_layout_margins(brace_context *ctx, brace_node node, brace_insets *out);
brace_status brace_node_set_directional_layout_margins(brace_context *ctx, brace_node node,
                                                       brace_directional_insets margins);
brace_status brace_node_get_directional_layout_margins(brace_context *ctx, brace_node node,
                                                       brace_directional_insets *out);

/* ---------------------------------------------------------------- content size */

/*
 * brace_node_set_intrinsic_content_size — the node's natural size; a component of
 * BRACE_NO_INTRINSIC_METRIC (-1) means "none on that axis". Other values must be finite
 * and >= 0. Setting it invalidates the intrinsic size (see below) when it changed.
 * An intrinsic_content_size callback, when installed, takes precedence over it.
 */
brace_status brace_node_set_intrinsic_content_size(brace_context *ctx, brace_node node,
                                                   brace_size size);
/* brace_node_get_intrinsic_content_size — what the layout uses: the callback's answer
   when one is installed (a non-finite or negative answer other than -1 is treated as -1),
   else the stored value. */
brace_status brace_node_get_intrinsic_content_size(brace_context *ctx, brace_node node,
                                                   brace_size *out);
/* brace_node_invalidate_intrinsic_content_size — the content changed (its fitting
   size): drops the node's cached measure answers (brace/cycle.h) and flags the node for
   the constraints pass so its size constraints are regenerated, and its superview for
   layout and, when the superview's strategy keeps what it knows of its subviews, for its
   constraints pass. Since 0.8 it also goes up: a superview whose strategy measures its
   subviews (any strategy with a measure hook but "frame": a stack, a flow) has its own
   fitting size invalidated the same way, and so on up to the first that does not.
   Hiding or showing a subview of a BRACE_STRATEGY_DEPENDS_ON_HIDDEN container
   invalidates the container's fitting size so. Plugins call it as
   host->invalidate_intrinsic_content_size (plugin ABI 1.3). */
brace_status brace_node_invalidate_intrinsic_content_size(brace_context *ctx, brace_node node);

/* Content hugging (resists growing past the intrinsic size; default 250) and
   compression resistance (resists shrinking below it; default 750), per axis, 1...1000.
   A change flags the node for the constraints pass. */
brace_status brace_node_set_content_hugging_priority(brace_context *ctx, brace_node node,
                                                     brace_axis axis, brace_priority priority);
brace_status brace_node_get_content_hugging_priority(brace_context *ctx, brace_node node,
                                                     brace_axis axis, brace_priority *out);
brace_status brace_node_set_compression_resistance_priority(brace_context *ctx, brace_node node,
                                                            brace_axis axis,
                                                            brace_priority priority);
brace_status brace_node_get_compression_resistance_priority(brace_context *ctx, brace_node node,
                                                            brace_axis axis,
                                                            brace_priority *out);

/* ---------------------------------------------------------------- autoresizing */

/* The autoresizing mask, an OR of BRACE_AUTORESIZE_* bits (no others). Default NONE.
   Applied by the "frame" strategy when the superview's size changes. */
brace_status brace_node_set_autoresizing_mask(brace_context *ctx, brace_node node, uint32_t mask);
brace_status brace_node_get_autoresizing_mask(brace_context *ctx, brace_node node, uint32_t *out);
/* Whether a size change of this node resizes its subviews by their masks. Default true. */
brace_status brace_node_set_autoresizes_subviews(brace_context *ctx, brace_node node, bool on);
brace_status brace_node_get_autoresizes_subviews(brace_context *ctx, brace_node node, bool *out);
/* translatesAutoresizingMaskIntoConstraints: default true. When a translating node takes
   part in constraint layout, its frame and mask become constraints. A change flags the
   node for the constraints pass. */
brace_status brace_node_set_translates_autoresizing_mask(brace_context *ctx, brace_node node,
                                                         bool on);
brace_status brace_node_get_translates_autoresizing_mask(brace_context *ctx, brace_node node,
                                                         bool *out);

/* ---------------------------------------------------------------- user data */

/* An opaque pointer for the caller; Brace never reads or frees it. Default NULL. */
brace_status brace_node_set_user_data(brace_context *ctx, brace_node node, void *user_data);
brace_status brace_node_get_user_data(brace_context *ctx, brace_node node, void **out);

/* ---------------------------------------------------------------- identifier (since 0.4) */

/*
 * brace_node_set_identifier — a name for debugging, as UIKit's accessibilityIdentifier
 * is used by the view debugger: tree dumps (brace_node_copy_description), diagnostics
 * and error messages name the node by it ("email" (node 7:1)) instead of by its handle
 * alone. Any UTF-8 text of at most 1024 bytes; copied. Longer text, or bytes that are
 * not well-formed UTF-8, are BRACE_E_INVALID_ARGUMENT (the message gives the offset of
 * the first bad byte) and change nothing. NULL or "" clears it. Names need not be
 * unique. Default: none. Constraint identifiers follow the same rule.
 * brace_node_get_identifier — the node's identifier, or NULL when it has none. The
 * string belongs to the node: it stays valid until the identifier changes or the node
 * is destroyed.
 */
brace_status brace_node_set_identifier(brace_context *ctx, brace_node node, const char *identifier);
brace_status brace_node_get_identifier(brace_context *ctx, brace_node node, const char **out);

#ifdef __cplusplus
}
#endif

#endif /* BRACE_NODE_H */
