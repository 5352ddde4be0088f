/*
 * brace/strategy.h — layout strategies: loading plugins, listing what they offer,
 * choosing a node's strategy and setting its properties.
 * Included by brace/brace.h; include that instead. Writing a plugin: brace_plugin.h.
 *
 * A strategy arranges the subviews of the nodes that use it (a container strategy,
 * such as "frame", the default, or "stack"), or solves constraints (the constraint
 * solver). Strategies live in shared libraries, loaded once per process with
 * RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE and never unloaded, and registered per context.
 *
 * WHERE PLUGINS ARE FOUND
 *
 *   A strategy NAME lives in a file libbrace_NAME.so (the built-in "frame" strategy in
 *   libbrace_autoresizing.so). Loading by name searches, in order, the directories of the
 *   context's plugin_path option, each directory of the BRACE_PLUGIN_PATH environment
 *   variable (colon-separated; read with getenv once, by brace_context_create, and used
 *   by every search of that context, as the plugin_path option is copied then: a change
 *   of the environment reaches the contexts created after it; do not change it from
 *   another thread during brace_context_create), then the directory brace/ beside
 *   libbrace.so (where `make install` puts the built-in strategies: $(PREFIX)/lib/brace),
 *   then the directory holding libbrace.so itself (a build tree or a Python package
 *   keeps them there). brace_context_create registers the "frame" strategy found so; the "frame"
 *   strategy is required, so a context cannot be created without it.
 *
 *   A file found is remembered for the process, per list of directories searched: a
 *   plugin loaded once is never unloaded, and a search costs a stat per directory on
 *   every context's load of every plugin. So a file of the same name added later to an
 *   earlier directory of the same list is not seen until the process restarts; a
 *   different list (another plugin_path option, BRACE_PLUGIN_PATH changed) searches
 *   again, and a search that found nothing is not remembered. A relative directory names
 *   a directory under the working directory of the search: a file found on a list with
 *   one (up to the file's directory) is remembered for that working directory, and a
 *   later load from another one searches again.
 *
 * PROPERTIES
 *
 *   Each strategy declares typed properties with a default and a valid range. A
 *   CONTAINER property lives on a node that uses the strategy (a stack's "spacing"); a
 *   CHILD property lives on each subview of such a node (a flow layout's "break_before").
 *   Setting one validates it against the declaration and flags the container for layout
 *   (and for the constraints pass when its strategy generates constraints).
 *
 *   Values belong to the strategy that declares them and to the node's place under it.
 *   A node's CONTAINER values of a strategy are dropped when the node switches to another
 *   strategy; a subview's CHILD values are dropped when it leaves its superview (removed,
 *   or moved under another) or the superview switches strategy. Coming back starts from
 *   the defaults, as the strategy's per-node data starts afresh at attach: no value set
 *   for a strategy the node no longer uses waits, unseen, to come back. Moving a subview
 *   within its superview, and moving a container with its own CONTAINER values, keeps them.
 *   (UIKit has no such properties; a new UIStackView starts from its defaults too.)
 *
 * THE "frame" STRATEGY (libbrace_autoresizing.so)
 *
 *   Every node starts with it. Subviews keep the frames they are given. When the
 *   container's size changed since its last layout (the first layout only records the
 *   size) and its autoresizes_subviews is on, each subview that is not in constraint
 *   layout is resized by its autoresizing mask, per axis: the near margin, the size and
 *   the far margin are the parts; the flexible ones grow by delta * part / F, F being the
 *   sum of the flexible parts' old values, or by delta / count when F is 0; the far
 *   margin takes the rest. Rounding: the strategy keeps each subview's exact frame and
 *   writes it with its EDGES rounded to the nearest multiple of 1/scale (half away from
 *   zero), so resizes never accumulate drift and views sharing an edge keep sharing it; a
 *   subview moved by hand continues from its new frame. Its measure is the intrinsic size
 *   on an axis that has one, else the extent of the subviews' frames (from the origin to
 *   the farthest edge), or 0 without subviews (since 0.8; it was the node's own size,
 *   which is what its container made of it, so a container that measures its leaves
 *   never let them shrink again).
 *
 * THE "stack" STRATEGY (libbrace_stack.so)
 *
 *   UIKit's UIStackView: the node's subviews, in order, are its arranged views, laid out in
 *   a row or a column; the strategy turns their translates_autoresizing_mask off as soon
 *   as they are added (since 0.8, as UIKit's addArrangedSubview: a caller may constrain
 *   an arranged view right away, without a conflict with its translated frame). Its
 *   properties (CONTAINER unless said): "axis" (enum horizontal, vertical), "distribution"
 *   (enum fill, fill_equally, fill_proportionally, equal_spacing, equal_centering),
 *   "alignment" (enum fill, leading, first_baseline, center, trailing, last_baseline;
 *   leading is UIKit's top, trailing its bottom), "spacing" (double, may be negative, or
 *   BRACE_STACK_SPACING_USE_SYSTEM), "layout_margins_relative" and "baseline_relative"
 *   (bool; baseline_relative applies to vertical stacks only), "generate_constraints" (bool:
 *   always arrange through generated constraints), and the CHILD property "spacing_after"
 *   (double: the gap after that arranged view, UIKit's setCustomSpacing(_:after:), or one
 *   of the sentinels below). Hidden arranged views collapse with the gap after them. A
 *   stack has no intrinsic size; it measures its arranged views. Its generated
 *   constraints carry UIKit's identifiers (UISV-spacing, UISV-canvas-connection, ...). The
 *   rules, with every distribution and alignment, are in docs/stack.md.
 *
 * Every function here follows the context's thread rule (BRACE_E_BUSY from a second
 * thread). On failure nothing changes and brace_last_error() says why, naming the file,
 * the strategy or the property.
 */
#ifndef BRACE_STRATEGY_H
#define BRACE_STRATEGY_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The "stack" strategy's spacing sentinels (UIKit's UIStackView.spacingUseDefault and
   spacingUseSystem): "use the stack's spacing" for spacing_after (its default), and "use
   the system spacing" (the context's brace_context_options.standard_spacing, 8 points by
   default) for spacing or spacing_after. USE_SYSTEM is negative
   zero: +0.0 is a spacing of 0. */
#define BRACE_STACK_SPACING_USE_DEFAULT 1.7976931348623157e308
#define BRACE_STACK_SPACING_USE_SYSTEM (-0.0)

/* What a strategy does. */
typedef enum brace_strategy_role {
  BRACE_ROLE_CONTAINER = 1, /* arranges the subviews of the nodes that use it */
  BRACE_ROLE_SOLVER = 2     /* solves the constraint system of the context */
} brace_strategy_role;

/* The type of a property value. */
typedef enum brace_value_type {
  BRACE_VALUE_BOOL = 1,   /* `integer` is 0 or 1 */
  BRACE_VALUE_INT = 2,    /* `integer` */
  BRACE_VALUE_DOUBLE = 3, /* `number`, finite */
  BRACE_VALUE_ENUM = 4    /* `integer` is the index of one of the declared names */
} brace_value_type;

/* Where a property lives. */
typedef enum brace_property_scope {
  BRACE_SCOPE_CONTAINER = 1, /* on the node using the strategy */
  BRACE_SCOPE_CHILD = 2      /* on each subview of such a node */
} brace_property_scope;

/* A typed value. Only the member named by `type` is meaningful. */
typedef struct brace_value {
  brace_value_type type;
  int64_t integer;
  double number;
} brace_value;

/* A property declaration, as a plugin declares it and as brace_context_get_property
   answers it. Strings are owned by the plugin and live as long as the process. */
typedef struct brace_property_desc {
  const char *name;              /* [a-z0-9_]+, unique within the strategy */
  brace_value_type type;
  brace_property_scope scope;
  brace_value default_value;     /* of `type`, within the range */
  double minimum, maximum;       /* inclusive range of INT and DOUBLE values */
  const char *const *enum_names; /* ENUM: the names of the values 0...enum_count-1 */
  uint32_t enum_count;
  const char *doc;               /* one line for humans; may be NULL */
} brace_property_desc;

/* What brace_context_get_strategy answers about a registered strategy. */
typedef struct brace_strategy_info {
  uint32_t struct_size;    /* set by the caller: sizeof(brace_strategy_info) */
  const char *name;
  brace_strategy_role role;
  const char *path;        /* the file it was loaded from */
  uint32_t abi_major;      /* the plugin ABI the plugin was built for */
  uint32_t abi_minor;
  size_t property_count;
} brace_strategy_info;

/*
 * brace_context_load_plugin — load the plugin file at `path` and register its strategy
 * in `ctx`. Loading a file already registered in this context is BRACE_OK and does
 * nothing. Failures (BRACE_E_PLUGIN unless said otherwise), each naming the file and the
 * reason: the file is missing; it is not a shared library (dlopen's message); it has no
 * entry symbol; its entry refused (returned NULL); its descriptor is smaller than the
 * first version's; its major ABI version differs from the host's or its minor version is
 * newer; its descriptor or a property declaration is malformed; a strategy of the same
 * name is registered already (BRACE_E_DUPLICATE); its per-context create hook failed.
 * BRACE_E_INVALID_ARGUMENT for a NULL path; BRACE_E_REENTRANCY from a context_create
 * hook of a plugin being registered. In every case the context is unchanged.
 */
brace_status brace_context_load_plugin(brace_context *ctx, const char *path);

/*
 * brace_context_load_strategy — make sure the strategy `name` is registered, loading
 * libbrace_NAME.so from the search path (see above) when it is not. BRACE_E_NOT_FOUND
 * when no directory holds that file (the message lists the directories searched);
 * BRACE_E_INVALID_ARGUMENT for a name that is not [a-z0-9_]+ of at most 63 characters;
 * the failures of brace_context_load_plugin for the file found.
 */
brace_status brace_context_load_strategy(brace_context *ctx, const char *name);

/* brace_context_get_strategy_count — how many strategies `ctx` has registered. */
brace_status brace_context_get_strategy_count(brace_context *ctx, size_t *out);

/*
 * brace_context_get_strategy — describe the strategy at `index` (0...count-1, in the
 * order they were registered). `out->struct_size` must be set by the caller. The strings
 * live as long as the context. BRACE_E_INDEX_OUT_OF_RANGE past the count;
 * BRACE_E_INVALID_ARGUMENT for a struct_size smaller than sizeof(brace_strategy_info).
 */
brace_status brace_context_get_strategy(brace_context *ctx, size_t index, brace_strategy_info *out);

/*
 * brace_context_get_property — the declaration of property `index` of the strategy
 * `strategy` (0...property_count-1). `*out` points into the context's copy, valid as long
 * as the context. BRACE_E_NOT_FOUND for an unknown strategy, BRACE_E_INDEX_OUT_OF_RANGE
 * for an index past its properties.
 */
brace_status brace_context_get_property(brace_context *ctx, const char *strategy, size_t index,
                                        const brace_property_desc **out);

/*
 * brace_node_set_layout_strategy — make the container strategy `name` arrange `node`'s
 * subviews (loading it by name first if needed). The old strategy is detached (its
 * per-node state freed), the property values of the old strategy dropped (the node's
 * CONTAINER ones, its subviews' CHILD ones; see PROPERTIES), and the node flagged for
 * layout and for the constraints pass. Setting the strategy the node has does nothing.
 * Failures leave the node with its strategy: BRACE_E_NOT_FOUND and
 * BRACE_E_INVALID_ARGUMENT as brace_context_load_strategy; a solver is not a container
 * strategy: BRACE_E_INVALID_ARGUMENT (a solver this call loaded stays registered, as
 * brace_context_load_strategy would leave it); BRACE_E_PLUGIN when the new strategy's
 * attach hook fails; BRACE_E_REENTRANCY while the update cycle or a hook of its strategy
 * is processing the node.
 */
brace_status brace_node_set_layout_strategy(brace_context *ctx, brace_node node, const char *name);

/* brace_node_get_layout_strategy — the name of `node`'s strategy; the string lives as
   long as the context. */
brace_status brace_node_get_layout_strategy(brace_context *ctx, brace_node node, const char **out);

/*
 * brace_node_set_property — set the property `name`: first looked up among the
 * CONTAINER properties of `node`'s own strategy, then among the CHILD properties of its
 * superview's strategy. BRACE_E_NOT_FOUND for an unknown name (the message lists the
 * known ones), BRACE_E_TYPE_MISMATCH when value->type differs from the declaration,
 * BRACE_E_INVALID_ARGUMENT when the value is out of range or not finite (a bool other
 * than 0 or 1, an enum index past its names) or value->type is no brace_value_type (an
 * unknown enum value, types.h), or `value` is NULL. Flags the container for layout.
 */
brace_status brace_node_set_property(brace_context *ctx, brace_node node, const char *name,
                                     const brace_value *value);

/* brace_node_get_property — the value of `name` (looked up as above), or its default
   when it was never set. */
brace_status brace_node_get_property(brace_context *ctx, brace_node node, const char *name,
                                     brace_value *out);

/* Typed shortcuts for brace_node_set_property, with its statuses. The _enum form takes
   the value's name: BRACE_E_INVALID_ARGUMENT when it names none of the property's values
   (the message lists them; the property exists, so this is no BRACE_E_NOT_FOUND, which
   is for names of properties and strategies), BRACE_E_TYPE_MISMATCH when the property
   is not an enum. */
brace_status brace_node_set_property_bool(brace_context *ctx, brace_node node, const char *name, bool value);
brace_status brace_node_set_property_int(brace_context *ctx, brace_node node, const char *name, int64_t value);
brace_status brace_node_set_property_double(brace_context *ctx, brace_node node, const char *name, double value);
brace_status brace_node_set_property_enum(brace_context *ctx, brace_node node, const char *name, const char *value);

#ifdef __cplusplus
}
#endif

#endif /* BRACE_STRATEGY_H */
