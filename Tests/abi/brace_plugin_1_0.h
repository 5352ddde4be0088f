/*
 * brace_plugin_1_0.h — FROZEN COPY of brace/brace_plugin.h as it was at plugin ABI 1.0
 * (`git show b4a21b5:include/brace/brace_plugin.h`, the last revision before 2f2d0b1
 * introduced 1.1). Do not edit anything below this comment: it stands for the header a
 * 1.0 plugin was compiled with, and Tests/abi/plugin_layout.c checks it has exactly the
 * pinned 1.0 layout while the current host must keep loading plugins built against it.
 *
 * It includes "brace.h" and "constraint.h" like the original, so compile with
 * -I<include>/brace (the libbrace types it uses are covered by the libbrace ABI baseline,
 * Tests/abi/libbrace.abi). Its include guard is the original one: never include it
 * together with brace/brace_plugin.h.
 */
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
#define BRACE_PLUGIN_ABI_MINOR 0

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
typedef struct brace_strategy_desc brace_strategy_desc;

/* The entry function's type. It may run more than once (once per context that loads the
   plugin); it returns the same static descriptor, or NULL to refuse the host. The host
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
 * runs the hook. set_frame is the way an arrange hook positions subviews.
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
   * measure — the size `node` wants for a proposed size (its fitting size): its
   * strategy's measure hook answers, or, without one, its intrinsic size where it has
   * one and its current frame size elsewhere. A component of `proposal` may be
   * BRACE_PROPOSAL_UNBOUNDED (no limit on that axis).
   */
  brace_status (*measure)(brace_context *ctx, brace_node node, brace_size proposal, brace_size *out);

  /*
   * get_property — the value of the calling strategy's property `property_index` (an
   * index into its descriptor's `properties`) on `node`: for a CONTAINER property the node
   * using the strategy, for a CHILD property one of its subviews. The default when never
   * set. BRACE_E_INDEX_OUT_OF_RANGE for a bad index.
   */
  brace_status (*get_property)(brace_context *ctx, brace_strategy_id self, brace_node node,
                               uint32_t property_index, brace_value *out);

  /*
   * report — send a diagnostic to the context's diagnostics callback, as kind
   * BRACE_DIAGNOSTIC_PLUGIN; the host prefixes the message with the strategy's name.
   * `nodes` may be NULL when node_count is 0.
   */
  void (*report)(brace_context *ctx, brace_strategy_id self, const char *message,
                 const brace_node *nodes, size_t node_count);

  /*
   * Constraints owned by the calling strategy, as UIStackView generates its own. A
   * container strategy adds them from its update_constraints hook (the constraints pass)
   * for the nodes it manages. add_constraint creates AND activates the linear constraint
   * sum(terms) REL constant (see brace/constraint.h for terms and the creation rules) with
   * `priority` and an optional `identifier` (copied; may be NULL), owned by the strategy:
   * users can read it and see it in diagnostics but not destroy it. remove_constraint
   * deactivates and frees one the strategy owns; set_constraint_constant is the cheap
   * change. Another owner's constraint is BRACE_E_INVALID_STATE. When a node the
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
};

/* One term of a solver row: coefficient * variable, variables being the solver's own ids. */
typedef struct brace_solver_term {
  uint32_t variable;
  double coefficient;
} brace_solver_term;

/* "No limit" for a component of a measure proposal. */
#define BRACE_PROPOSAL_UNBOUNDED (-1.0)

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
     by brace_node_set_layout_strategy); set *node_data for per-node state. May be NULL.
     A failure refuses the switch. detach: the node stops using it or is destroyed; free
     node_data. Must not fail. May be NULL. */
  brace_status (*attach)(brace_context *ctx, void *state, brace_node node, void **node_data);
  void (*detach)(brace_context *ctx, void *state, brace_node node, void *node_data);

  /* The constraints pass reached `node` (bottom-up). May be NULL. */
  void (*update_constraints)(brace_context *ctx, void *state, brace_node node, void *node_data);

  /* The size `node` wants for `proposal` (components may be BRACE_PROPOSAL_UNBOUNDED).
     Must not change the tree. May be NULL (the host's fallback then answers). */
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
  /* Changes between begin_batch and end_batch are optimized once, at end_batch. */
  void (*begin_batch)(void *instance);
  void (*end_batch)(void *instance);
  double (*value)(void *instance, uint32_t variable);
  /* Writes up to `capacity` variables whose value changed since the last call and returns
     how many it wrote; the rest stay for the next call. */
  size_t (*take_changed)(void *instance, uint32_t *buffer, size_t capacity);
  /* Whether the variable could move without changing how well any row is satisfied. */
  bool (*is_ambiguous)(void *instance, uint32_t variable);
};

#ifdef __cplusplus
}
#endif

#endif /* BRACE_PLUGIN_H */
