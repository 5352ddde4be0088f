/*
 * brace_plugin.h — the plugin ABI: how a shared library adds a layout strategy to Brace.
 *
 * A plugin is a shared library that exports ONE symbol, the entry function, named by
 * BRACE_PLUGIN_ENTRY_FUNCTION and defined with BRACE_PLUGIN_DEFINE_ENTRY. The host calls
 * it with its function table (brace_host_api); the plugin answers with a static strategy
 * descriptor (brace_strategy_desc). The plugin reaches the host only through that table,
 * so a C plugin links neither libbrace nor the Swift runtime: build it with
 *
 *     cc -std=c11 -shared -fPIC -fvisibility=hidden -o libbrace_NAME.so NAME.c -I<include>
 *
 * VERSIONS
 *
 *   The descriptor states the plugin ABI it was built for (BRACE_PLUGIN_ABI_MAJOR and
 *   _MINOR of the header it included). The host loads it only when the MAJOR versions are
 *   equal and the plugin's MINOR version is not greater than the host's: a plugin may use
 *   everything of its minor version, and a newer host still offers all of it. Within a
 *   major version the host table and the descriptor only grow at their end; each starts
 *   with its size, so both sides can tell which members the other knows. A plugin that
 *   needs a newer host checks host->abi_minor (or host->struct_size) in its entry and
 *   returns NULL to refuse.
 *
 *   1.0: the first version. 1.1 appends to the host table get_baseline, set_needs_layout,
 *   set_needs_update_constraints, is_constrained_externally and get_subviews; to the
 *   descriptor the baseline hook and `flags`. A 1.0 plugin loads and works unchanged with a 1.1 host
 *   (the host reads only the struct_size bytes a plugin's descriptor has; a descriptor
 *   without `flags` keeps the 1.0 rule that hiding a subview flags its container).
 *
 *   1.2 appends to the descriptor the size_changed hook (UIKit's resizeSubviewsWithOldSize:,
 *   which runs inside setFrame:): a strategy learns of a change of its node's size inside
 *   the call that made it, so the `frame` strategy applies autoresizing masks at once
 *   instead of in the next layout pass. The host table does not change. A 1.0 or 1.1
 *   plugin loads and works unchanged with a 1.2 host: its struct_size does not cover the
 *   hook, so the host never calls it and the plugin sees size changes in arrange, as before.
 *
 *   1.3 appends to the host table invalidate_intrinsic_content_size (a strategy says its
 *   node's fitting size changed) and get_standard_spacing (the context's standard spacing,
 *   brace_context_options.standard_spacing), to brace_subview_info `measures`, and adds
 *   the BRACE_STRATEGY_ADOPTS_SUBVIEWS flag. The descriptor does not change. What changed
 *   for every plugin, whatever version it was built for: a container whose strategy has
 *   a measure hook and no update_constraints hook takes part in constraint layout with
 *   its measure as its intrinsic size (see the measure hook); host->measure asks a node's
 *   measure callback (brace/cycle.h); a leaf without an intrinsic size measures 0 on that
 *   axis instead of its frame. A 1.0 to 1.2 plugin loads and works unchanged; its host
 *   table reads stop before the new members.
 *
 *   1.4 appends to the descriptor the solver hooks set_weight and set_edit_weight
 *   (weights within a priority level, brace_constraint_set_weight). The host table does
 *   not change. A solver built against 1.0 to 1.3 loads and works unchanged: the host
 *   reads no weight hook from it and refuses a weight other than 1 on its constraints.
 *
 *   1.5 appends to the host table set_frames (a container's subviews' frames in one call)
 *   and to brace_subview_info `flags` (BRACE_SUBVIEW_* bits: whether the subview
 *   translates its autoresizing mask), which made sizeof grow (120 to 128 bytes on LP64),
 *   and adds the BRACE_STRATEGY_ATTACH_WITH_SUBVIEWS flag: a strategy with nothing to do
 *   for a leaf is attached to a node only once the node has subviews (the `frame`
 *   strategy sets it, so a leaf costs no attach, arrange or size_changed hook). A plugin
 *   that reads `flags` checks host->abi_minor >= 5 first (an older host leaves them as
 *   the plugin set them). A 1.0 to 1.4 plugin loads and works unchanged.
 *
 *   1.6 appends to the descriptor the solver hook add_weighted: a row added with its
 *   weight (brace_constraint_add_on_variables_weighted, and the activation of a
 *   constraint whose weight was set while it was inactive), so the solver optimizes once
 *   where add then set_weight optimized twice. The host table does not change. A 1.4 or
 *   1.5 solver loads and works unchanged: the host calls its add, then its set_weight;
 *   a solver built against 1.0 to 1.3 still has no weights. A 1.0 to 1.5 plugin loads
 *   and works unchanged.
 *
 * LIFETIME AND THREADS
 *
 *   A plugin file is loaded once per process (RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) and
 *   never unloaded, so its static data lives as long as the process. Its strategy is
 *   registered in each context that loads it: context_create runs then, context_destroy
 *   when the context is destroyed. Every hook runs on the thread inside that context,
 *   synchronously, and may call the host table with that context only. Different
 *   contexts may call the same plugin from different threads at once: keep mutable state
 *   in the per-context state or the per-node data, not in globals.
 *
 * OWNERSHIP
 *
 *   The descriptor, its strings and property declarations belong to the plugin and must
 *   live as long as the process (static data). The per-context state and per-node data are
 *   the plugin's: it allocates them in context_create/attach and frees them in
 *   context_destroy/detach. The host never frees a pointer the plugin gave it.
 */
#ifndef BRACE_PLUGIN_H
#define BRACE_PLUGIN_H

#include "brace.h"
#include "constraint.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BRACE_PLUGIN_ABI_MAJOR 1
#define BRACE_PLUGIN_ABI_MINOR 6

/* The entry symbol's name, as a token and as a string for dlsym. */
#define BRACE_PLUGIN_ENTRY_FUNCTION brace_plugin_entry
#define BRACE_PLUGIN_ENTRY_NAME "brace_plugin_entry"

#if defined(__GNUC__) || defined(__clang__)
#define BRACE_PLUGIN_EXPORT __attribute__((visibility("default")))
#else
#define BRACE_PLUGIN_EXPORT
#endif

/* The id the host gives a registered strategy in one context; the plugin passes it back
   where the host table asks for `self`. */
typedef uint32_t brace_strategy_id;

typedef struct brace_host_api brace_host_api;

/*
 * What a container strategy reads of one subview in one call (host->get_subviews, 1.1).
 * Members may be appended in later minor versions: the plugin passes the size it was
 * compiled with and the host fills only the members that size covers.
 */
typedef struct brace_subview_info {
  brace_node node;
  brace_size intrinsic_content_size; /* BRACE_NO_INTRINSIC_METRIC (-1) on an axis without */
  brace_priority content_hugging[2]; /* [BRACE_AXIS_HORIZONTAL], [BRACE_AXIS_VERTICAL] */
  brace_priority compression_resistance[2];
  brace_insets alignment_rect_insets;
  size_t subview_count;              /* the subview's own subviews */
  bool hidden;
  bool constrained_externally;       /* is_constrained_externally(self, container, node) */
  brace_value property;              /* the CHILD property asked for (its default if unset) */
  /* --- 1.3 --- */
  /* The subview's size depends on the size offered, and the engine sizes it from its
     measure in constraint layout: it has a measure callback (brace/cycle.h), or its
     strategy measures and generates no constraints (see the measure hook). Measure it
     with host->measure for the room you offer; in constraint layout its own size
     constraints hold it already (a strategy generating constraints adds none for it). */
  bool measures;
  /* --- 1.5 (filled only by a host with abi_minor >= 5) --- */
  /* BRACE_SUBVIEW_* bits of what else the subview is. Eight bytes, so that it starts past
     the 1.3 entry (a plugin built against 1.3 or 1.4 passes 120 as info_size, which
     covers the padding after `measures`: the host must not write there). */
  uint64_t flags;
} brace_subview_info;

/* brace_subview_info.flags (1.5): the subview translates its autoresizing mask
   (brace_node_get_translates_autoresizing_mask). A strategy that turns translation off
   for what it arranges, as the stack does, calls host->set_translates_autoresizing_mask
   only for the subviews that have this bit. */
#define BRACE_SUBVIEW_TRANSLATES_AUTORESIZING_MASK 1u
typedef struct brace_strategy_desc brace_strategy_desc;

/* The entry function's type. It may run more than once; it returns the same static
   descriptor, or NULL to refuse the host. The host calls it when a context first loads
   the file in this process and keeps the checked descriptor for the next contexts
   (again each time for a file opened by a relative path, or after a refusal). The host
   calls entry functions under a process-wide lock and before any of the plugin's hooks,
   so an entry may keep the host table in a static variable. */
typedef const brace_strategy_desc *(*brace_plugin_entry_fn)(const brace_host_api *host);

/* Defines the entry function: `BRACE_PLUGIN_DEFINE_ENTRY(host) { return &desc; }` */
#ifdef __cplusplus
#define BRACE_PLUGIN_DEFINE_ENTRY(host_param) \
  extern "C" BRACE_PLUGIN_EXPORT const brace_strategy_desc *BRACE_PLUGIN_ENTRY_FUNCTION(const brace_host_api *host_param)
#else
#define BRACE_PLUGIN_DEFINE_ENTRY(host_param) \
  BRACE_PLUGIN_EXPORT const brace_strategy_desc *BRACE_PLUGIN_ENTRY_FUNCTION(const brace_host_api *host_param)
#endif

/*
 * The host function table. Every function takes the context a hook was called with and
 * follows the public function of the same name in brace/node.h (same validation, same
 * errors, same automatic triggers). They may be called from any hook, on the thread that
 * runs the hook. set_frame is the way an arrange (or size_changed, 1.2) hook positions
 * subviews (set_frames, 1.5, many in one call); a size change it makes runs that
 * subview's size_changed hook before it returns.
 */
struct brace_host_api {
  uint32_t struct_size;  /* sizeof(brace_host_api) of the host */
  uint16_t abi_major;    /* BRACE_PLUGIN_ABI_MAJOR of the host */
  uint16_t abi_minor;    /* BRACE_PLUGIN_ABI_MINOR of the host */

  /* --- 1.0 --- */
  const char *(*last_error)(const brace_context *ctx);
  /* The context's points-per-pixel scale: round computed frames to multiples of 1/scale. */
  double (*get_scale)(brace_context *ctx);

  /* Geometry (brace/node.h). */
  brace_status (*get_frame)(brace_context *ctx, brace_node node, brace_rect *out);
  brace_status (*set_frame)(brace_context *ctx, brace_node node, brace_rect frame);
  brace_status (*get_bounds)(brace_context *ctx, brace_node node, brace_rect *out);
  brace_status (*get_alignment_rect_insets)(brace_context *ctx, brace_node node, brace_insets *out);
  brace_status (*get_layout_margins)(brace_context *ctx, brace_node node, brace_insets *out);
  brace_status (*get_effective_layout_direction)(brace_context *ctx, brace_node node,
                                                 brace_layout_direction *out);
  brace_status (*get_hidden)(brace_context *ctx, brace_node node, bool *out);
  brace_status (*get_intrinsic_content_size)(brace_context *ctx, brace_node node, brace_size *out);
  brace_status (*get_content_hugging_priority)(brace_context *ctx, brace_node node, brace_axis axis,
                                               brace_priority *out);
  brace_status (*get_compression_resistance_priority)(brace_context *ctx, brace_node node,
                                                      brace_axis axis, brace_priority *out);
  brace_status (*get_autoresizing_mask)(brace_context *ctx, brace_node node, uint32_t *out);
  brace_status (*get_autoresizes_subviews)(brace_context *ctx, brace_node node, bool *out);

  /* The tree. */
  brace_status (*get_superview)(brace_context *ctx, brace_node node, brace_node *out);
  brace_status (*get_subview_count)(brace_context *ctx, brace_node node, size_t *out);
  brace_status (*get_subview)(brace_context *ctx, brace_node node, size_t index, brace_node *out);

  /*
   * measure — the size `node` wants for a proposed size (its fitting size). A component
   * of `proposal` may be BRACE_PROPOSAL_UNBOUNDED (no limit on that axis). Per axis, the
   * first that answers: its intrinsic size where it has one on that axis; its measure
   * callback (brace/cycle.h, given `proposal` as is); its strategy's measure hook; a leaf
   * (no subviews) without any of these wants 0 on that axis (since 1.3: not its frame,
   * which is what its container made of it last time, so a row that measures its items
   * can shrink again); a container whose strategy has no measure hook, its frame size.
   * The "frame" strategy's hook answers the extent of the subviews' frames. A measure
   * callback's answers are cached until the node's fitting size is invalidated (a
   * strategy's are not: a strategy may keep its own). A strategy's failure or an
   * invalid answer (NaN, infinite, negative) is BRACE_E_PLUGIN and also reported to the
   * diagnostics callback (BRACE_DIAGNOSTIC_PLUGIN, naming the strategy, `node`, the
   * proposal and the hook's status), so a container that falls back to 0 (a stack goes
   * on with 0 x 0) is not silent. BRACE_E_INVALID_ARGUMENT for a component of
   * `proposal` that is otherwise negative or not finite.
   */
  brace_status (*measure)(brace_context *ctx, brace_node node, brace_size proposal, brace_size *out);

  /*
   * get_property — the value of the calling strategy's property `property_index` (an
   * index into its descriptor's `properties`) on `node`: for a CONTAINER property the node
   * using the strategy, for a CHILD property one of its subviews. The default when never
   * set. BRACE_E_INDEX_OUT_OF_RANGE for a bad index, BRACE_E_INVALID_ARGUMENT for a
   * `self` that is no strategy of this context. A value belongs to the strategy: it is
   * dropped when the node stops using it or leaves its superview (brace/strategy.h,
   * PROPERTIES), so a strategy that meets a node again reads the defaults.
   */
  brace_status (*get_property)(brace_context *ctx, brace_strategy_id self, brace_node node,
                               uint32_t property_index, brace_value *out);

  /*
   * report — send a diagnostic to the context's diagnostics callback, as kind
   * BRACE_DIAGNOSTIC_PLUGIN; the host prefixes the message with the strategy's name
   * ("[NAME] message"). `nodes` may be NULL when node_count is 0; nodes that are not live
   * are left out. Every call is delivered: without a callback it is printed to stderr
   * at every call, not once per context as the engine's own diagnostics are (those recur
   * at every turn while their problem lasts; a plugin decides itself how often it
   * reports), so report serves as a plugin's debug log. A warning meant to be seen once
   * keeps a flag in its node data. Dropped, as every diagnostic, by the context option
   * quiet_diagnostics when there is no callback. Returns nothing: it cannot fail.
   */
  void (*report)(brace_context *ctx, brace_strategy_id self, const char *message,
                 const brace_node *nodes, size_t node_count);

  /*
   * Constraints owned by the calling strategy, as UIStackView generates its own. A
   * container strategy adds them from its update_constraints hook (the constraints pass)
   * for the nodes it manages. add_constraint creates AND activates the linear constraint
   * sum(terms) REL constant (see brace/constraint.h for terms and the creation rules) with
   * `priority` and an optional `identifier` (copied; may be NULL; UTF-8 of at most 1024
   * bytes, as brace_constraint_set_identifier), owned by the strategy:
   * users can read it and see it in diagnostics but not destroy it. remove_constraint
   * deactivates and frees one the strategy owns; set_constraint_constant is the cheap
   * change. Another owner's constraint is BRACE_E_INVALID_STATE. add_constraint answers
   * BRACE_E_INVALID_ARGUMENT for a `self` that is no strategy of this context, NULL
   * terms or out, a count outside 1...64, a priority outside 1...1000, and what
   * brace_constraint_create_linear refuses. When a node the
   * strategy manages stops using it (detach) or is destroyed, the host removes the
   * strategy's constraints on that node for it.
   */
  brace_status (*add_constraint)(brace_context *ctx, brace_strategy_id self, brace_node owner,
                                 const brace_term *terms, size_t count, brace_relation relation,
                                 double constant, brace_priority priority, const char *identifier,
                                 brace_constraint *out);
  brace_status (*remove_constraint)(brace_context *ctx, brace_strategy_id self, brace_constraint constraint);
  brace_status (*set_constraint_constant)(brace_context *ctx, brace_strategy_id self,
                                          brace_constraint constraint, double constant);

  /* Whether `node`'s frame comes from constraint layout (it takes part in constraints):
     a container strategy leaves such subviews where the engine puts them. */
  brace_status (*is_constraint_driven)(brace_context *ctx, brace_node node, bool *out);
  /* brace_node_set_translates_autoresizing_mask: a strategy that positions subviews with
     constraints turns their translation off, as UIStackView does for arranged views. */
  brace_status (*set_translates_autoresizing_mask)(brace_context *ctx, brace_node node, bool on);

  /* --- 1.1 (check host->abi_minor >= 1 before calling these) --- */

  /*
   * get_baseline — where `node`'s first baseline is (last == false: the distance down
   * from the top of its alignment rect) or its last baseline (last == true: the distance
   * up from its bottom) when its alignment rect has size `size`. Its strategy's baseline
   * hook answers when it has one (a stack answers its first or last arranged view's);
   * otherwise its offsets from brace_node_set_baseline_offsets, an unset first baseline
   * being its bottom (size.height) and an unset last one its bottom (0).
   * BRACE_E_INVALID_ARGUMENT for a size component that is negative or not finite;
   * BRACE_E_PLUGIN when the baseline hook fails or answers a value that is not finite.
   */
  brace_status (*get_baseline)(brace_context *ctx, brace_node node, brace_size size, bool last, double *out);
  /* brace_node_set_needs_layout and brace_node_set_needs_update_constraints: a strategy
     whose node's fitting size changed flags the superview that measures it. */
  brace_status (*set_needs_layout)(brace_context *ctx, brace_node node);
  brace_status (*set_needs_update_constraints)(brace_context *ctx, brace_node node);
  /*
   * is_constrained_externally — whether `node` takes part in constraint layout through
   * any active constraint other than those the calling strategy owns for `container`
   * and those the engine generates for `node` itself (its intrinsic size or translated
   * frame): a user's constraint on it or through it, another strategy's, or one held by
   * `node` for its own subviews. When `node` is `container` itself, the constraints the
   * calling strategy owns for the container's superview (a stack placed by the stack
   * around it) do not count either: they place the container, not what it arranges. A container strategy that can arrange its subviews
   * directly uses it to decide whether the engine must see its constraints. When the
   * answer may have changed for a subview of a container or for the container itself,
   * the host flags the container for its constraints pass.
   */
  brace_status (*is_constrained_externally)(brace_context *ctx, brace_strategy_id self, brace_node container,
                                            brace_node node, bool *out);
  /*
   * get_subviews — what `container`'s subviews offer its arrangement, in order, in one
   * call: writes min(count, capacity) entries of `info_size` bytes each
   * (sizeof(brace_subview_info) as the plugin compiled it, at most 4096) and the number
   * of subviews into *count. `property_index` names one of the calling strategy's CHILD
   * properties to read into each entry's `property` (BRACE_E_INVALID_ARGUMENT for a
   * CONTAINER one, BRACE_E_INDEX_OUT_OF_RANGE past the declared ones), or UINT32_MAX for
   * none. `out` may be NULL when capacity is 0 (to ask for the count); NULL with a
   * capacity, an info_size outside that range or a `self` that is no strategy of this
   * context is BRACE_E_INVALID_ARGUMENT. A subview's
   * intrinsic_content_size callback runs as for brace_node_get_intrinsic_content_size;
   * an entry whose subview that callback destroyed or moved has node 0.
   */
  brace_status (*get_subviews)(brace_context *ctx, brace_strategy_id self, brace_node container,
                               uint32_t property_index, brace_subview_info *out, size_t info_size,
                               size_t capacity, size_t *count);

  /* --- 1.3 (check host->abi_minor >= 3 before calling these) --- */

  /*
   * invalidate_intrinsic_content_size — brace_node_invalidate_intrinsic_content_size:
   * `node`'s fitting size changed (what the strategy measures depends on something the
   * host does not see, a property the strategy reads elsewhere, say). One call does all:
   * the node's cached measure answers are dropped, its size constraints are regenerated
   * in the next constraints pass, its superview is laid out (and updated when its
   * strategy keeps what it knows of its subviews), and a measuring superview's fitting
   * size is invalidated in turn. Not needed for what the host sees itself: a subview
   * hidden or shown under a DEPENDS_ON_HIDDEN strategy, a subview's own invalidation,
   * a property of the strategy set through brace_node_set_property (which flags the
   * container for layout).
   */
  brace_status (*invalidate_intrinsic_content_size)(brace_context *ctx, brace_node node);

  /* The context's standard spacing between siblings (brace_context_options.
     standard_spacing, default 8): what a strategy uses for a "system" gap, as the stack
     does for BRACE_STACK_SPACING_USE_SYSTEM. */
  double (*get_standard_spacing)(brace_context *ctx);

  /* --- 1.5 (check host->abi_minor >= 5 before calling it) --- */

  /*
   * set_frames — sets the frames of `count` subviews of `container` in one call: nodes[k]
   * gets frames[k], in order, exactly as `count` calls of set_frame (brace_node_set_frame)
   * would, with the checks made once for the call. The way an arrange (or size_changed)
   * hook places many subviews: each call of set_frame enters the context, resolves the
   * node and checks the frame; this call does the per-subview work in one loop.
   *
   * Validation, all before anything changes: `container` is a live node of the context
   * (its handle errors, as brace/node.h's); with count > 0, `nodes` and `frames` are not
   * NULL (BRACE_E_INVALID_ARGUMENT; both may be NULL when count is 0, which does
   * nothing); every nodes[k] is a live node (its handle errors, the message naming
   * nodes[k]) whose superview is `container` (BRACE_E_INVALID_ARGUMENT otherwise); every
   * frames[k] is finite with a width and height >= 0 whose edges stay finite, as
   * set_frame requires (BRACE_E_INVALID_ARGUMENT, naming frames[k] and set_frame's
   * complaint). All or nothing: one bad entry fails the call and no frame changes, no
   * hook runs, nothing is recorded.
   *
   * Then each entry in order, as set_frame: the frame is stored; a change is recorded in
   * the changed-frames list (brace/cycle.h, its first old frame kept) and, inside an
   * animation transaction, animated (brace/animation.h); a size change flags the subview
   * for layout and runs its strategy's size_changed hook (1.2) before the next entry is
   * set; a translating subview in constraint layout has its translated constraints
   * regenerated from the frame; a frame changed outside the container's own layout (not
   * from its arrange or size_changed hook) flags the container as a frame set by hand
   * does. A node may appear more than once (its last frame wins, each set in turn). A
   * subview that a size_changed hook, or a callback it reached, destroyed or moved out of
   * `container` before its entry is skipped (the call still answers BRACE_OK), where
   * set_frame would have set the moved one's frame or failed on the destroyed one.
   *
   * Ownership: the arrays are the caller's, read during the call only. Thread: from a
   * hook, on the thread running it, as every host function.
   */
  brace_status (*set_frames)(brace_context *ctx, brace_node container, const brace_node *nodes,
                             const brace_rect *frames, size_t count);
};

/* Flags of a container strategy (brace_strategy_desc.flags, 1.1). */

/* Its arrangement depends on which subviews are hidden (UIStackView's collapsing): hiding
   or showing a subview flags the container for its constraints pass and for layout. In
   UIKit no other container reacts to isHidden, and without this flag Brace's do not. */
#define BRACE_STRATEGY_DEPENDS_ON_HIDDEN 1u
/* Since 1.3: the container positions its subviews with constraints, so it adopts them at
   once (UIStackView's addArrangedSubview): the host turns a subview's
   translates_autoresizing_mask off as soon as it is added to (or inserted or moved into)
   a node that uses the strategy, and the subviews a node has when it switches to the
   strategy. A caller's constraint on a subview then never meets translated constraints
   (no spurious "Unable to simultaneously satisfy constraints"). Removing the subview
   leaves translation off, as in UIKit. A 1.2 host ignores the flag (the strategy still
   turns translation off itself, later). */
#define BRACE_STRATEGY_ADOPTS_SUBVIEWS 2u
/* Since 1.5: the strategy keeps nothing and does nothing for a node that has never had a
   subview (the default "frame" is such a strategy: it positions subviews, and most nodes
   are leaves). The host then attaches it lazily: a node that starts using the strategy
   without subviews is not attached (no attach hook, node_data NULL, no allocation) until
   it first gets a subview (brace_node_add_subview, insert, brace_node_create_subviews),
   or until the host needs one of its other hooks for the node (update_constraints,
   measure, baseline), whichever comes first; until then the host calls neither arrange
   nor size_changed for the node, and destroying the node or switching it to another
   strategy calls no detach. brace_node_get_layout_strategy names the strategy all along.
   Once attached, the node stays attached (also after its last subview goes). A 1.4 host
   ignores the flag and attaches at once, so the strategy must also work that way. */
#define BRACE_STRATEGY_ATTACH_WITH_SUBVIEWS 4u

/* One term of a solver row: coefficient * variable, variables being the solver's own ids. */
typedef struct brace_solver_term {
  uint32_t variable;
  double coefficient;
} brace_solver_term;

/* "No limit" for a component of a measure proposal: BRACE_PROPOSAL_UNBOUNDED (-1),
   defined in brace/types.h. */

/*
 * The strategy descriptor a plugin's entry returns. Members after `role` may be NULL/0
 * where noted. Hooks receive the context, the per-context `state` from context_create and,
 * for per-node hooks, the node and the `node_data` from attach.
 */
struct brace_strategy_desc {
  /* sizeof(brace_strategy_desc) as the plugin compiled it. */
  uint32_t struct_size;
  uint16_t abi_major;    /* BRACE_PLUGIN_ABI_MAJOR */
  uint16_t abi_minor;    /* BRACE_PLUGIN_ABI_MINOR */
  /* The strategy's name, [a-z0-9_]+, at most 63 characters, unique in a context. */
  const char *name;
  brace_strategy_role role;

  /* Declared properties: an array of property_count declarations, each
     property_desc_size bytes (sizeof(brace_property_desc) as the plugin compiled it). */
  const brace_property_desc *properties;
  uint32_t property_count;
  uint32_t property_desc_size;

  /* Per context. context_create may be NULL (state is then NULL); it returns BRACE_OK or
     a failure that aborts the registration (context_destroy is then not called). */
  brace_status (*context_create)(brace_context *ctx, brace_strategy_id self, void **state);
  void (*context_destroy)(brace_context *ctx, void *state);

  /* --- container strategies --- */

  /* attach: `node` starts using this strategy (at creation for the default "frame", or
     by brace_node_set_layout_strategy; with BRACE_STRATEGY_ATTACH_WITH_SUBVIEWS, only
     once the node has a subview or a hook other than arrange and size_changed is needed);
     set *node_data for per-node state. May be NULL. A failure refuses the switch (or the
     first subview). detach: the node stops using it or is destroyed; free node_data.
     Must not fail. May be NULL. */
  brace_status (*attach)(brace_context *ctx, void *state, brace_node node, void **node_data);
  void (*detach)(brace_context *ctx, void *state, brace_node node, void *node_data);

  /* The constraints pass reached `node` (bottom-up). May be NULL. */
  void (*update_constraints)(brace_context *ctx, void *state, brace_node node, void *node_data);

  /*
   * The size `node` wants for `proposal` (components may be BRACE_PROPOSAL_UNBOUNDED):
   * its fitting size, measured from its subviews (host->measure each, offering the room
   * you would give it). Must not change the tree. May be NULL (the host's fallback then
   * answers, see host->measure). Answers must be finite and >= 0; anything else is
   * reported as a diagnostic and taken as 0.
   *
   * In constraint layout (the node pinned by constraints, translates off), a strategy
   * with a measure hook and no update_constraints hook needs no code for its size: the
   * host holds the node by hugging and compression resistance at its measure, as it
   * does a leaf with an intrinsic size: the width at measure({UNBOUNDED, UNBOUNDED}),
   * the height at measure({solved width, UNBOUNDED}) (re-measured within the turn when
   * the solved width changes). A strategy that has an update_constraints hook speaks to
   * the engine itself (the stack's generated constraints size it) and gets none.
   *
   * The host measures the node again (and tells the container around it, whose fitting
   * size changed too when it measures) when its fitting size is invalidated: by a subview
   * added, removed or hidden/shown (DEPENDS_ON_HIDDEN), by a subview's own fitting size,
   * priorities or margins changing, by a property of the strategy changing, or by
   * host->invalidate_intrinsic_content_size.
   */
  brace_status (*measure)(brace_context *ctx, void *state, brace_node node, void *node_data,
                          brace_size proposal, brace_size *out);

  /* The layout pass reached `node`: position its subviews with host->set_frame. May be
     NULL (subviews keep their frames). */
  void (*arrange)(brace_context *ctx, void *state, brace_node node, void *node_data);

  /* --- constraint solvers (role BRACE_ROLE_SOLVER; NULL for containers) ---
   *
   * A solver keeps instances: independent linear systems (the context's own, plus short-
   * lived ones for fitting sizes). The host maps attributes to variables and constraints to
   * rows; the solver only sees  sum(coefficient * variable) + constant  REL  0  at a
   * priority in 1...1000, 1000 being required. Every function below must be present.
   * Priorities must be strict (never trade a higher one for any number of lower ones).
   * Statuses: BRACE_E_INVALID_HANDLE for an unknown id, BRACE_E_INVALID_ARGUMENT for a bad
   * number, BRACE_E_UNSATISFIABLE for a required row that conflicts with the others (the
   * instance must then be exactly as before the call), BRACE_E_DUPLICATE for a second edit
   * on a variable. Calls come from the thread inside the context; an instance is used by
   * one context only.
   */
  brace_status (*solver_create)(brace_context *ctx, void *state, void **instance);
  void (*solver_destroy)(brace_context *ctx, void *state, void *instance);
  /* Variables: ids are small integers the solver may reuse after release. */
  brace_status (*new_variable)(void *instance, uint32_t *out);
  void (*release_variable)(void *instance, uint32_t variable);
  /* Adds a row; on BRACE_E_UNSATISFIABLE, writes up to conflict_capacity ids of the
     required rows that conflict with it into `conflicts` and their number into
     *conflict_count (either may be NULL/0). */
  brace_status (*add)(void *instance, const brace_solver_term *terms, size_t count, brace_relation relation,
                      double constant, double priority, uint32_t *out_id, uint32_t *conflicts,
                      size_t conflict_capacity, size_t *conflict_count);
  brace_status (*remove)(void *instance, uint32_t id);
  brace_status (*set_constant)(void *instance, uint32_t id, double constant);
  brace_status (*set_priority)(void *instance, uint32_t id, double priority);
  brace_status (*add_edit)(void *instance, uint32_t variable, double priority);
  brace_status (*remove_edit)(void *instance, uint32_t variable);
  brace_status (*suggest)(void *instance, uint32_t variable, double value);
  /* Changes between begin_batch and end_batch may share work, settled by end_batch (the
     built-in solver shares one dual re-solve among constant changes and suggestions); a
     batch should never cost more than the same changes one by one. */
  void (*begin_batch)(void *instance);
  void (*end_batch)(void *instance);
  double (*value)(void *instance, uint32_t variable);
  /* Writes up to `capacity` variables whose value changed since the last call and returns
     how many it wrote; the rest stay for the next call. */
  size_t (*take_changed)(void *instance, uint32_t *buffer, size_t capacity);
  /* Whether the variable could move without changing how well any row is satisfied. */
  bool (*is_ambiguous)(void *instance, uint32_t variable);

  /* --- 1.1 --- */

  /*
   * baseline — where `node`'s first baseline (last == false, down from the top) or last
   * baseline (last == true, up from the bottom) is when `node`'s alignment rect has size
   * `size`, for containers whose baseline is a subview's (UIKit's
   * viewForFirstBaselineLayout). Must not change the tree. May be NULL (the node's own
   * offsets answer; see host->get_baseline).
   */
  brace_status (*baseline)(brace_context *ctx, void *state, brace_node node, void *node_data, brace_size size,
                           bool last, double *out);
  /* BRACE_STRATEGY_* flags. */
  uint32_t flags;

  /* --- 1.2 --- */

  /*
   * size_changed — `node`'s size changed; `old_size` is its size just before the change
   * (host->get_bounds gives the new one). UIKit's resizeSubviewsWithOldSize:, which
   * setFrame: and setBounds: call, so that frame-based code reads the subviews' new frames
   * as soon as it has resized their container.
   *
   * When: synchronously, inside the call that changed the size and before it returns,
   * whoever made the change: brace_node_set_frame or brace_node_set_bounds (a program's,
   * a callback's, or a strategy's host->set_frame, e.g. the superview's arrange or this
   * very hook one level up), or a frame the constraint engine solved for `node`. Only
   * when the width or height changed (a pure move calls nothing), for every node using
   * the strategy, with or without subviews; never for layout guides or a node being
   * destroyed. Nested calls are normal: the subviews' own hooks run inside this hook's
   * host->set_frame calls. A change of `node`'s size made while its hook runs (by the
   * hook, or by anything the hook calls) does not call the hook again: it reaches arrange.
   *
   * Thread: the thread inside the context, as every hook; possibly from inside another
   * hook or a user callback (a layout_subviews callback or the superview's arrange that
   * resized `node`), or outside any pass (a program's brace_node_set_frame).
   *
   * May: read anything through the host table, and position `node`'s subviews with
   * host->set_frame, as arrange does (this is where the `frame` strategy applies the
   * autoresizing masks). As during arrange, `node` is busy: a callback reached from the
   * hook cannot destroy it or an ancestor, nor change its strategy (BRACE_E_REENTRANCY),
   * and a subview's size change the hook makes does not flag `node` for layout again.
   *
   * Must not: fail (it returns nothing: skip what cannot be done); assume a layout pass
   * is running (a turn or phase started from inside it is refused, as from any callback);
   * assume the subviews are those of the last arrange (they may have been added, moved or
   * destroyed since, even by callbacks this hook reaches: re-read them, and expect a
   * host call on one of them to fail). The size change still flags `node` (and its
   * superview) for layout as without the hook, so arrange runs in the next layout pass: a
   * strategy that did the work here keeps, in node_data, the size it applied, and makes
   * that arrange a no-op for the same size (and does the work there for a size it never
   * saw, e.g. the first one after attach).
   *
   * May be NULL (the strategy sees size changes only in arrange). The host calls it only
   * when the descriptor's struct_size covers it (plugins built against 1.2 or later).
   */
  void (*size_changed)(brace_context *ctx, void *state, brace_node node, void *node_data, brace_size old_size);

  /* --- 1.4 --- */

  /*
   * Weights (solvers; NULL for containers, and a solver may leave them NULL: the host
   * then refuses weights other than 1). set_weight: row `id`'s errors count `weight`
   * times in its priority level's objective (each level minimizes the sum of
   * weight * |error| of its rows; levels stay strict). set_edit_weight: the same for the
   * edit on `variable`. `weight` is finite and > 0 (BRACE_E_INVALID_ARGUMENT otherwise,
   * nothing changed); a new row or edit weighs 1; a required row keeps its weight
   * without effect. Changing a weight re-optimizes (inside a batch too).
   */
  brace_status (*set_weight)(void *instance, uint32_t id, double weight);
  brace_status (*set_edit_weight)(void *instance, uint32_t variable, double weight);

  /* --- 1.6 --- */

  /*
   * add_weighted — add, with the new row weighing `weight` in its level from the start:
   * the instance ends as add followed by set_weight(weight) on the new row would leave
   * it (the same optimum; where several solutions are optimal, either may be the one
   * kept), with one optimization instead of two. The same arguments, statuses and
   * conflicts as add; `weight` as set_weight's (finite and > 0, else
   * BRACE_E_INVALID_ARGUMENT and nothing added). A required row keeps its weight without
   * effect. May be NULL. The host calls it only for an optional row whose weight is not
   * 1, only when the descriptor's struct_size covers it and set_weight is present; else
   * it calls add, then set_weight.
   */
  brace_status (*add_weighted)(void *instance, const brace_solver_term *terms, size_t count, brace_relation relation,
                               double constant, double priority, double weight, uint32_t *out_id,
                               uint32_t *conflicts, size_t conflict_capacity, size_t *conflict_count);
};

#ifdef __cplusplus
}
#endif

#endif /* BRACE_PLUGIN_H */
