/*
 * brace/constraint.h — constraint layout: Auto Layout's constraints, free variables,
 * layout guides, edit variables, fitting sizes and ambiguity.
 * Included by brace/brace.h; include that instead.
 *
 * THE MODEL
 *
 *   A constraint is a linear relation that the context's constraint solver (the
 *   "simplex" strategy, libbrace_simplex.so) keeps, at a priority:
 *
 *       item1.attr1  REL  multiplier * item2.attr2 + constant          (the usual form)
 *       c1 * x1.a1 + c2 * x2.a2 + ...  REL  constant                    (the linear form)
 *
 *   Items are nodes (views), layout guides (nodes that take part in layout but are never
 *   drawn, owned by a view) and free variables (brace_variable, not tied to a view).
 *   Constraints act on alignment rectangles (the frame inset by the alignment-rect
 *   insets), expressed in the coordinates of the nearest common ancestor of their items,
 *   the view that "holds" them. Leading and trailing follow that view's effective layout
 *   direction: in right-to-left layouts leading is the right edge, and a constraint that
 *   uses leading/trailing is mirrored (its x-axis runs right to left).
 *
 *   Priorities are strict: a higher priority is never traded for any number of
 *   lower-priority violations. Required (1000) constraints hold whenever they can. When
 *   a required constraint cannot hold together with the other required ones, the one
 *   being activated (or whose constant just changed, or whose items' geometry just
 *   changed) is broken: it stays active but unenforced, the diagnostics callback
 *   receives BRACE_DIAGNOSTIC_UNSATISFIABLE with the conflicting set in the spirit of
 *   UIKit's "Unable to simultaneously satisfy constraints" (its last line says which of
 *   these changes it was), and brace_constraint_is_broken answers true. The solver is
 *   then exactly as it would be without that constraint. A broken constraint is retried
 *   when constraints are removed or changed.
 *
 *   WEIGHTS (since 0.9) compare constraints of the SAME priority. Each priority level
 *   minimizes the sum of weight * |error| over its optional constraints (and edits);
 *   the weight is 1 unless brace_constraint_set_weight says otherwise, so by default a
 *   level minimizes the total error, as UIKit does. Levels stay strict whatever the
 *   weights: one error at 751 outweighs any weighted errors at 750. Within a level, one
 *   constraint of weight 1.25 gives way before three of weight 1: 32 points of error
 *   on it cost 32 * 1.25 = 40 against 3 * 32 = 96 on the three (kiwisolver's strengths,
 *   strength * |error| in one objective, are weights within one level). A required
 *   constraint keeps its weight without effect until it is made optional.
 *   A constraint can also be given its weight as it is created
 *   (brace_constraint_add_on_variables_weighted, since 0.11).
 *
 *   THE WINDOW'S SIZE WINS (since 0.8). A frame the caller sets on a view that
 *   translates its autoresizing mask (a root, a window; set with brace_node_set_frame,
 *   _set_bounds or _set_center, or by a strategy's host->set_frame) is authoritative: its
 *   translated constraints ("h=...", "v=...") are never the ones broken, whichever order the
 *   changes come in (the frame set before or after the constraints inside it, a resize
 *   from 100 to 40 or a start at 40). When one of them conflicts, the engine breaks, of
 *   the conflicting constraints that are not translated frames, the one ACTIVATED LAST,
 *   and again until the translated frame holds: the same constraint UIKit's rule breaks
 *   had the frame been there first. The report names it as the broken one and says
 *   which view's frame won and why (a resize, the view entering constraint layout, ...).
 *   Only when nothing but other such frames is in the way does the translated
 *   constraint itself break. A view whose frame was never set (translation left on by
 *   mistake on a view meant for constraints) has nothing to defend: its translated
 *   constraints break as any other. A broken constraint comes back when the frame
 *   allows it again (a resize back to a larger size).
 *
 *   Activation, deactivation and changes reach the solver at once (incrementally: a
 *   constant change never rebuilds anything). Frames follow in the next layout pass:
 *   the superview of each view whose solved frame changed is flagged for layout, and its
 *   default layout_subviews (brace_node_super_layout_subviews) applies the solved frames.
 *   A root node's solved frame is applied directly.
 *
 *   Views with translates_autoresizing_mask (the default) that take part in constraints
 *   get their frame and autoresizing mask translated into required constraints (tagged
 *   "h=..." and "v=..." as in UIKit); views without it get their intrinsic content size
 *   as two constraints per axis: size <= intrinsic at the hugging priority and
 *   size >= intrinsic at the compression-resistance priority. Both are regenerated in the
 *   constraints pass when what they come from changes.
 *
 * NUMBERS
 *
 *   The solver's tolerances are sized for layout numbers, so the API keeps to them:
 *   multipliers and coefficients are 0 or within 1e-6...1e6 in magnitude, constants and
 *   suggested values within ±1e9 (BRACE_E_INVALID_ARGUMENT beyond). A row that the
 *   items' own geometry pushes beyond that (a translated frame at 1e300) is not enforced:
 *   it is kept broken and reported like a conflict.
 *
 * Every function here follows the context's thread rule. Invalid constraints are refused
 * with BRACE_E_INVALID_ARGUMENT and a message that names the rule they break.
 */
#ifndef BRACE_CONSTRAINT_H
#define BRACE_CONSTRAINT_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* brace_constraint, a constraint handle (0 is invalid), is in types.h. */
/* A free variable handle; 0 is invalid. */
typedef uint64_t brace_variable;

/* Layout attributes, numbered as NSLayoutAttribute. */
typedef enum brace_attribute {
  BRACE_ATTR_NONE = 0, /* no attribute: a constant constraint's item2, or a variable's term */
  BRACE_ATTR_LEFT = 1,
  BRACE_ATTR_RIGHT = 2,
  BRACE_ATTR_TOP = 3,
  BRACE_ATTR_BOTTOM = 4,
  BRACE_ATTR_LEADING = 5,
  BRACE_ATTR_TRAILING = 6,
  BRACE_ATTR_WIDTH = 7,
  BRACE_ATTR_HEIGHT = 8,
  BRACE_ATTR_CENTER_X = 9,
  BRACE_ATTR_CENTER_Y = 10,
  BRACE_ATTR_LAST_BASELINE = 11,
  BRACE_ATTR_FIRST_BASELINE = 12,
  BRACE_ATTR_LEFT_MARGIN = 13,
  BRACE_ATTR_RIGHT_MARGIN = 14,
  BRACE_ATTR_TOP_MARGIN = 15,
  BRACE_ATTR_BOTTOM_MARGIN = 16,
  BRACE_ATTR_LEADING_MARGIN = 17,
  BRACE_ATTR_TRAILING_MARGIN = 18,
  BRACE_ATTR_CENTER_X_WITHIN_MARGINS = 19,
  BRACE_ATTR_CENTER_Y_WITHIN_MARGINS = 20
} brace_attribute;

/* Relations, numbered as NSLayoutRelation. */
typedef enum brace_relation {
  BRACE_RELATION_LESS_EQUAL = -1,
  BRACE_RELATION_EQUAL = 0,
  BRACE_RELATION_GREATER_EQUAL = 1
} brace_relation;

/* One term of a linear constraint: coefficient * item.attribute. `item` is a node or
   layout guide with an attribute, or a brace_variable with BRACE_ATTR_NONE. */
typedef struct brace_term {
  uint64_t item;
  brace_attribute attribute;
  double coefficient;
} brace_term;

/*
 * Options of brace_constraints_create_with_visual_format (since 0.4), numbered as
 * NSLayoutFormatOptions: a bit set, OR the values together. At most one direction;
 * any number of alignments, each across the line's orientation.
 *
 * ALIGN_ALL_x: every view of the line gets view.x == first_view.x (the first view in
 * the format). An H: line aligns on a vertical position (TOP, BOTTOM, CENTER_Y,
 * LAST_BASELINE, FIRST_BASELINE), a V: line on a horizontal one (LEFT, RIGHT, LEADING,
 * TRAILING, CENTER_X); the other way round is refused, as UIKit raises.
 *
 * DIRECTION_x: which attributes an H: line uses. LEADING_TO_TRAILING (0, the default):
 * leading and trailing, so the line follows the layout direction of the view holding
 * each constraint. LEFT_TO_RIGHT: left and right, whatever the layout direction.
 * RIGHT_TO_LEFT: right and left, the line running from the right edge ([a]-8-[b] is
 * a.left == b.right + 8). V: lines ignore the direction.
 */
typedef uint32_t brace_format_options;
#define BRACE_FORMAT_ALIGN_ALL_LEFT (1u << 1)
#define BRACE_FORMAT_ALIGN_ALL_RIGHT (1u << 2)
#define BRACE_FORMAT_ALIGN_ALL_TOP (1u << 3)
#define BRACE_FORMAT_ALIGN_ALL_BOTTOM (1u << 4)
#define BRACE_FORMAT_ALIGN_ALL_LEADING (1u << 5)
#define BRACE_FORMAT_ALIGN_ALL_TRAILING (1u << 6)
#define BRACE_FORMAT_ALIGN_ALL_CENTER_X (1u << 9)
#define BRACE_FORMAT_ALIGN_ALL_CENTER_Y (1u << 10)
#define BRACE_FORMAT_ALIGN_ALL_LAST_BASELINE (1u << 11)
#define BRACE_FORMAT_ALIGN_ALL_FIRST_BASELINE (1u << 12)
#define BRACE_FORMAT_ALIGNMENT_MASK 0xFFFFu
#define BRACE_FORMAT_DIRECTION_LEADING_TO_TRAILING (0u << 16)
#define BRACE_FORMAT_DIRECTION_LEFT_TO_RIGHT (1u << 16)
#define BRACE_FORMAT_DIRECTION_RIGHT_TO_LEFT (2u << 16)
#define BRACE_FORMAT_DIRECTION_MASK (3u << 16)

/* ---------------------------------------------------------------- creating */

/*
 * brace_constraint_create — a constraint item1.attr1 REL multiplier * item2.attr2 +
 * constant, inactive, required (priority 1000), with no identifier. item2 is 0 with
 * attr2 BRACE_ATTR_NONE for a constant constraint. Refused (BRACE_E_INVALID_ARGUMENT,
 * naming the rule) when: attr1 is NONE or unknown; a size attribute is paired with a
 * location; an x-axis location is paired with a y-axis one; leading/trailing is mixed
 * with left/right; a location is set equal to a constant (no item2, or multiplier 0);
 * the multiplier or constant is not finite or outside the ranges above; item2 is 0 but
 * attr2 is not NONE (or the reverse). Items must be live nodes or guides of `ctx` (handle errors as in node.h).
 */
brace_status brace_constraint_create(brace_context *ctx, brace_node item1, brace_attribute attr1,
                                     brace_relation relation, brace_node item2, brace_attribute attr2,
                                     double multiplier, double constant, brace_constraint *out);

/*
 * brace_constraint_create_linear — a constraint sum(terms) REL constant, inactive and
 * required. 1 to 64 terms; coefficients finite and not all zero; node terms need a
 * non-NONE attribute, variable terms BRACE_ATTR_NONE; terms of one constraint may not mix
 * leading/trailing with left/right. Example: a.width + b.width == 0.5 * c.width is
 * {a,WIDTH,1} {b,WIDTH,1} {c,WIDTH,-0.5} EQUAL 0.
 */
brace_status brace_constraint_create_linear(brace_context *ctx, const brace_term *terms, size_t count,
                                            brace_relation relation, double constant,
                                            brace_constraint *out);

/* brace_constraint_destroy — deactivate (if active) and free a constraint; its handle
   goes stale. Constraints generated by the engine or a strategy cannot be destroyed
   (BRACE_E_INVALID_STATE). */
brace_status brace_constraint_destroy(brace_context *ctx, brace_constraint constraint);

/* ---------------------------------------------------------------- activating */

/*
 * brace_constraint_activate / _deactivate — install the constraint in the solver (on
 * the nearest common ancestor of its items) or take it out. Activating an active
 * constraint, or deactivating an inactive one, does nothing. Activation is refused
 * (BRACE_E_INVALID_STATE, nothing changes) when the items have no common ancestor.
 * An unsatisfiable required constraint is activated broken (see above): BRACE_OK.
 */
brace_status brace_constraint_activate(brace_context *ctx, brace_constraint constraint);
brace_status brace_constraint_deactivate(brace_context *ctx, brace_constraint constraint);
/* Batch forms: all or nothing for the checks, then one solver batch (never slower than
   the same constraints one by one). */
brace_status brace_constraints_activate(brace_context *ctx, const brace_constraint *constraints, size_t count);
brace_status brace_constraints_deactivate(brace_context *ctx, const brace_constraint *constraints, size_t count);
brace_status brace_constraint_is_active(brace_context *ctx, brace_constraint constraint, bool *out);
/* brace_constraint_is_broken — true when the constraint is active but unenforced
   because it conflicted with other required constraints. */
brace_status brace_constraint_is_broken(brace_context *ctx, brace_constraint constraint, bool *out);

/* ---------------------------------------------------------------- changing */

/* brace_constraint_set_constant — the cheap path: one marker edit in the solver, no
   rebuild. Finite values only. */
brace_status brace_constraint_set_constant(brace_context *ctx, brace_constraint constraint, double constant);
brace_status brace_constraint_get_constant(brace_context *ctx, brace_constraint constraint, double *out);
/* brace_constraint_set_priority — 1...1000. Switching an ACTIVE constraint between
   required (1000) and optional is refused (BRACE_E_INVALID_STATE), as in UIKit. */
brace_status brace_constraint_set_priority(brace_context *ctx, brace_constraint constraint, brace_priority priority);
brace_status brace_constraint_get_priority(brace_context *ctx, brace_constraint constraint, brace_priority *out);
/* brace_constraint_set_identifier — a name shown in diagnostics and dumps, copied: UTF-8
   text of at most 1024 bytes, as brace_node_set_identifier (BRACE_E_INVALID_ARGUMENT for
   longer text or bytes that are not UTF-8, and nothing changes); NULL or "" clears. get:
   the string lives until the identifier changes or the constraint is destroyed; NULL
   when none. */
brace_status brace_constraint_set_identifier(brace_context *ctx, brace_constraint constraint, const char *identifier);
brace_status brace_constraint_get_identifier(brace_context *ctx, brace_constraint constraint, const char **out);

/*
 * brace_constraint_get_terms (since 0.5) — what a constraint says, in the form of
 * brace_constraint_create_linear: sum(coefficient * item.attribute) REL constant. A
 * constraint made by brace_constraint_create (item1.attr1 REL m * item2.attr2 + c) reads
 * {item1, attr1, 1}, then {item2, attr2, -m} when it has a second item, and constant c;
 * one from brace_constraint_create_linear reads back as it was given. Every live
 * constraint answers, active or not, the engine's and strategies' generated ones too.
 * Terms are copied as subviews are (brace_node_get_subviews): up to `capacity` into
 * `buffer`, `*count` set to the total (1 to 64). `relation` and `constant` may be NULL.
 * Items are the handles the constraint was made with; a variable term has
 * BRACE_ATTR_NONE. For drawing a constraint (Xcode's constraint display) or saving it.
 */
brace_status brace_constraint_get_terms(brace_context *ctx, brace_constraint constraint, brace_term *buffer,
                                        size_t capacity, size_t *count, brace_relation *relation,
                                        double *constant);

/*
 * brace_node_get_constraints — the active constraints whose terms refer to `node`
 * (including generated ones), copied as brace_node_get_subviews copies subviews:
 * up to `capacity` into `buffer`, `*count` set to the total.
 */
brace_status brace_node_get_constraints(brace_context *ctx, brace_node node, brace_constraint *buffer,
                                        size_t capacity, size_t *count);

/* brace_context_get_broken_constraints — the constraints broken now, copied the same way. */
brace_status brace_context_get_broken_constraints(brace_context *ctx, brace_constraint *buffer,
                                                  size_t capacity, size_t *count);

/* ---------------------------------------------------------------- variables and guides */

/* brace_variable_create — a free variable for linear constraints, initially unconstrained. */
brace_status brace_variable_create(brace_context *ctx, brace_variable *out);
/* brace_variable_destroy — refused (BRACE_E_INVALID_STATE) while a constraint uses it. */
brace_status brace_variable_destroy(brace_context *ctx, brace_variable variable);
/* brace_variable_get_value — the solved value. */
brace_status brace_variable_get_value(brace_context *ctx, brace_variable variable, double *out);
/*
 * brace_variables_get_values — the solved values of `count` variables in one call
 * (since 0.2): out[k] is the value of variables[k]. Every handle is checked first: on a
 * stale, foreign or invalid one nothing is written and the message names its index.
 * `variables` and `out` may be NULL when count is 0. Reading many values this way costs
 * a few nanoseconds each instead of one call each (a binding's updateVariables).
 */
brace_status brace_variables_get_values(brace_context *ctx, const brace_variable *variables, size_t count,
                                        double *out);

/*
 * brace_constraint_add_on_variables — since 0.3: a linear constraint over free variables,
 * sum(coefficients[k] * variables[k]) REL constant, created at `priority` and activated,
 * in one call: brace_constraint_create_linear (every term a variable with
 * BRACE_ATTR_NONE), brace_constraint_set_priority and brace_constraint_activate, for
 * bindings and programs that add many constraints (a kiwisolver-style solver).
 * 1 to 64 variables; the numbers follow the rules above; priority 1...1000.
 * Unlike brace_constraint_activate, a constraint that the solver cannot enforce (a
 * required one that conflicts with the other required constraints) is not kept:
 * BRACE_E_UNSATISFIABLE, nothing is created, no diagnostic is sent, and the message
 * lists the constraints it conflicts with. On success `*out` is the new constraint,
 * owned by the caller as any other (brace_constraint_destroy frees it).
 */
brace_status brace_constraint_add_on_variables(brace_context *ctx, const brace_variable *variables,
                                               const double *coefficients, size_t count,
                                               brace_relation relation, double constant,
                                               brace_priority priority, brace_constraint *out);

/*
 * brace_constraint_add_on_variables_weighted — since 0.11: brace_constraint_add_on_variables
 * with the constraint's weight (see WEIGHTS above) given at creation: the constraint
 * and the optimum of brace_constraint_add_on_variables followed by
 * brace_constraint_set_weight, but the solver weighs the new row before it optimizes,
 * once instead of twice (for a kiwisolver-style binding, where every optional constraint
 * has a strength). Where several solutions are equally good, the one kept may differ.
 * The same rules, errors and ownership as brace_constraint_add_on_variables, plus
 * brace_constraint_set_weight's rule for `weight`: a finite number in 1e-3...1e6
 * (anything else is BRACE_E_INVALID_ARGUMENT), and BRACE_E_PLUGIN for a weight other
 * than 1 when the solver plugin has no weights (plugin ABI before 1.4). On any error
 * nothing is created and `*out` is not written. A required constraint keeps its weight
 * without effect, as with brace_constraint_set_weight; brace_constraint_get_weight
 * answers it. Follows the context's thread rule.
 */
brace_status brace_constraint_add_on_variables_weighted(brace_context *ctx, const brace_variable *variables,
                                                        const double *coefficients, size_t count,
                                                        brace_relation relation, double constant,
                                                        brace_priority priority, double weight,
                                                        brace_constraint *out);

/*
 * brace_layout_guide_create — a layout guide owned by `owner`: a node that constraints
 * can use like a view, whose frame is in the owner's coordinates and is solved like a
 * subview's, but which is never drawn, laid out or listed among the subviews.
 * brace_node_destroy on the guide removes it; destroying the owner destroys its guides.
 */
brace_status brace_layout_guide_create(brace_context *ctx, brace_node owner, brace_node *out);
/* brace_node_is_layout_guide — whether `node` is a layout guide. */
brace_status brace_node_is_layout_guide(brace_context *ctx, brace_node node, bool *out);
/* brace_node_get_layout_guides (since 0.5) — the layout guides `node` owns (UIKit's
   layoutGuides), in the order they were made, copied as brace_node_get_subviews copies
   subviews: up to `capacity` into `buffer`, `*count` set to the total. */
brace_status brace_node_get_layout_guides(brace_context *ctx, brace_node node, brace_node *buffer,
                                          size_t capacity, size_t *count);

/*
 * brace_node_set_baseline_offsets — where the node's text baselines are, for the
 * FIRST_BASELINE and LAST_BASELINE attributes: `first` is measured down from the top of
 * the alignment rect (-1: none, the first baseline is then the bottom, as for a view
 * without text), `last` up from its bottom (>= 0). Defaults: -1 and 0.
 */
brace_status brace_node_set_baseline_offsets(brace_context *ctx, brace_node node, double first, double last);

/* ---------------------------------------------------------------- edits */

/*
 * Edit variables, for interactive resizing and dragging. The item's attribute must map
 * to one solver variable: WIDTH or HEIGHT of a node, its LEFT or TOP (relative to its
 * superview), or a free variable with BRACE_ATTR_NONE. Priority 1...999 (an edit is never
 * required). suggest: the next solve honors the value as strongly as the priority allows.
 * Note: a node with translates_autoresizing_mask has its frame pinned by required
 * constraints; turn translation off for a root that edits resize.
 */
brace_status brace_context_add_edit(brace_context *ctx, uint64_t item, brace_attribute attribute, brace_priority priority);
brace_status brace_context_suggest_value(brace_context *ctx, uint64_t item, brace_attribute attribute, double value);
brace_status brace_context_remove_edit(brace_context *ctx, uint64_t item, brace_attribute attribute);

/* ---------------------------------------------------------------- fitting and ambiguity */

/*
 * brace_node_system_layout_size_fitting — systemLayoutSizeFitting: the size of `node`'s
 * alignment rectangle that best satisfies the constraints of its subtree (those whose
 * items are all the node or its descendants — a constraint on the node alone counts, as
 * UIKit installs it on the node — with the intrinsic sizes, but not the node's own
 * translated autoresizing frame) together with
 * width == target.width @ h_priority and height == target.height @ v_priority. Solved in
 * a temporary solver: the context's own is untouched. Use a 0 target for the compressed
 * size, a very large one (BRACE_LAYOUT_FITTING_EXPANDED) for the expanded size, and a
 * required width with BRACE_PRIORITY_FITTING_SIZE_LEVEL height for height-for-width.
 * A node whose container strategy arranges its subviews itself (a stack that needs no
 * constraints, a flow layout: any strategy but "frame" with a measure hook, while no
 * constraint lies inside its subtree) answers with that strategy's measure instead,
 * proposing target.width / target.height where h_priority / v_priority is required and
 * no limit elsewhere: a stack's fitting size comes from its arranged views. A required
 * component is the answer on its axis, as with constraints.
 */
#define BRACE_LAYOUT_FITTING_EXPANDED 1.0e7
brace_status brace_node_system_layout_size_fitting(brace_context *ctx, brace_node node, brace_size target,
                                                   brace_priority h_priority, brace_priority v_priority,
                                                   brace_size *out);

/* brace_node_has_ambiguous_layout — true when the active constraints do not determine the
   node's frame (some attribute could move without changing how well any constraint is
   satisfied). Nodes outside constraint layout are never ambiguous. */
brace_status brace_node_has_ambiguous_layout(brace_context *ctx, brace_node node, bool *out);

/*
 * brace_node_copy_description — a readable dump of `node`'s subtree in the spirit of
 * UIKit's _autolayoutTrace: one line per node, indented, with its frame, and
 * "AMBIGUOUS LAYOUT for x, width..." on nodes whose layout is ambiguous. Writes at most
 * `capacity` bytes including the terminating NUL (truncating) and sets `*length` to the
 * full length without the NUL, so a first call with capacity 0 asks for the size.
 */
brace_status brace_node_copy_description(brace_context *ctx, brace_node node, char *buffer,
                                         size_t capacity, size_t *length);

/* ---------------------------------------------------------------- visual format */

/*
 * brace_constraints_create_with_visual_format — since 0.4: the constraints described by
 * a line of UIKit's visual format language, as
 * NSLayoutConstraint.constraints(withVisualFormat:options:metrics:views:) makes them.
 * They are created INACTIVE, required unless the format gives a priority, without
 * identifiers: activate them (brace_constraints_activate) as UIKit's caller does.
 *
 * GRAMMAR (UIKit's; whitespace between tokens is ignored)
 *
 *   format      (H: | V:)? ('|' connection)? view (connection view)* (connection '|')?
 *   view        '[' name ']'  or  '[' name '(' predicate (',' predicate)* ')' ']'
 *   connection  nothing (flush: the views touch)
 *               '-'                    standard spacing
 *               '-' number '-'  or  '-' metric '-'
 *               '-(' predicate (',' predicate)* ')-'
 *   predicate   relation? (number | metric | view) ('@' (number | metric))?
 *   relation    == <= >=   (default ==)
 *   name        [A-Za-z_][A-Za-z0-9_]*   a key of view_names or metric_names
 *   number      a decimal number as strtod reads it in the C locale ("20", "-5", "0.5",
 *               "1e2"; no hexadecimal, inf or nan), unsigned in '-20-' and after '@',
 *               within ±1e9
 *
 *   H: (the default) lays the line out along x, V: along y. '|' is the superview of the
 *   view next to it. A connection between two elements P and N (in the order written)
 *   makes N's leading edge REL P's trailing edge + spacing, where a '|' before the
 *   views stands for the superview's leading edge and one after them for its trailing
 *   edge: [a]-20-[b] is b.leading == a.trailing + 20, |-20-[a] is
 *   a.leading == superview.leading + 20, [a]-20-| is superview.trailing == a.trailing
 *   + 20. The standard spacing '-' is 8 between views; between a view and '|' it is the
 *   superview's layout margin: |-[a] is a.leading == superview.leadingMargin and
 *   [a]-| is superview.trailingMargin == a.trailing (UIKit since iOS 8). Flush views
 *   ([a][b], |[a]) get a spacing of 0 to the edge itself. A view's predicates constrain
 *   its width (H:) or height (V:): [a(>=50,<=200@750)], [a(==b)] (a.width == b.width).
 *   A name in a view's predicate is looked up among the metrics first, then the views;
 *   a spacing's predicates may not name a view. Priorities are 1...1000, default 1000.
 *   Example: "H:|-[label]-(>=pad)-[field(>=100@750)]-|".
 *
 * OUTPUT
 *
 *   The constraints are listed in the order their text appears (each connection's,
 *   then each view's predicates), the alignment constraints last; an H:|-[a]-[b]-| line
 *   gives 3. `capacity` 0 asks for the number: `*count` is set to it and nothing is
 *   created (everything is still checked). Otherwise, when all fit, they are created,
 *   their handles written to buffer[0...*count - 1], and `*count` set. When capacity is
 *   smaller than the number, NOTHING is created, `*count` is set to the number needed,
 *   and the call returns BRACE_E_NO_MEMORY: call again with a larger buffer. The
 *   caller owns the handles: brace_constraint_destroy frees each (destroying the
 *   context frees them all). A format with one view and no predicate makes none.
 *
 * INPUTS
 *
 *   `format`: a NUL-terminated UTF-8 string. `options`: BRACE_FORMAT_* bits (above).
 *   `view_names[k]` names `views[k]`, for k < view_count; `metric_names[k]` names
 *   `metrics[k]`, for k < metric_count. The arrays may be NULL when their count is 0.
 *   Every name must be of the form above and appear once in its array; every view must
 *   be a live node or layout guide of `ctx` (all of them are checked, used or not);
 *   every metric must be finite. The strings are read during the call only.
 *
 * ERRORS (nothing is created on any of them, and `*count` is left alone but for
 * BRACE_E_NO_MEMORY)
 *
 *   BRACE_E_INVALID_ARGUMENT  a syntax error, a constant or priority out of range, an
 *                             alignment along the orientation (H: with ALIGN_ALL_LEFT),
 *                             a view related to itself ([a(==a)]), a view placed twice
 *                             in one line ([a]-[a], [a]-[b]-[a]: since 0.6; it would be
 *                             spaced from itself, which no layout satisfies),
 *                             unknown option bits or two directions, a NULL pointer, a
 *                             malformed name in view_names/metric_names, a metric
 *                             that is not finite;
 *   BRACE_E_NOT_FOUND         a view or metric name of the format that is not given;
 *   BRACE_E_INVALID_STATE     '|' next to a view that has no superview;
 *   BRACE_E_DUPLICATE         a name given twice in view_names or metric_names;
 *   handle errors (node.h)    a view handle that is not a live node of `ctx`;
 *   BRACE_E_NO_MEMORY         capacity too small (see OUTPUT).
 *
 *   A problem found in the format (syntax, a name, a number out of range, an alignment
 *   along the orientation, '|' without a superview) is reported by brace_last_error on
 *   three lines: the message, the format, and a caret under the offending character
 *   (counted in characters, control characters shown as spaces). Syntax comes first: in
 *   "[a(a.width)]" the caret is under the '.', the first character that is not the
 *   language, not under the name before it:
 *
 *     brace_constraints_create_with_visual_format: Expected ')' to close the view's predicates before ']'
 *     H:|-[a(>=50]-|
 *                ^
 *
 * EXAMPLE
 *
 *   const char *names[] = {"label", "field"};
 *   brace_node views[] = {label, field};
 *   const char *metric_names[] = {"pad"};
 *   double metrics[] = {20};
 *   brace_constraint made[16];
 *   size_t n = 0;
 *   if (brace_constraints_create_with_visual_format(ctx, "H:|-[label]-(>=pad)-[field(>=100@750)]-|",
 *                                                   BRACE_FORMAT_ALIGN_ALL_CENTER_Y, names, views, 2,
 *                                                   metric_names, metrics, 1, made, 16, &n) == BRACE_OK)
 *     brace_constraints_activate(ctx, made, n);   (5 constraints: 4 + 1 alignment)
 *   else
 *     fprintf(stderr, "%s\n", brace_last_error(ctx));
 *
 * Follows the context's thread rule.
 */
brace_status brace_constraints_create_with_visual_format(brace_context *ctx, const char *format,
                                                         brace_format_options options,
                                                         const char *const *view_names, const brace_node *views,
                                                         size_t view_count, const char *const *metric_names,
                                                         const double *metrics, size_t metric_count,
                                                         brace_constraint *buffer, size_t capacity, size_t *count);

/* ---------------------------------------------------------------- weights (since 0.9) */

/*
 * brace_constraint_set_weight — how much the constraint's error counts among the
 * constraints of its priority (see WEIGHTS above): a finite number in 1e-3...1e6
 * (default 1; the range keeps every weighted cost well clear of the solver's absolute
 * 1e-8 zero threshold). Anything else is BRACE_E_INVALID_ARGUMENT and nothing changes.
 * Active, inactive, required or optional: the weight is kept and applies whenever the
 * constraint is an active optional one. Changing the weight of an active optional
 * constraint re-optimizes from the current solution (no rebuild; as cheap as
 * brace_constraint_set_priority). A solver plugin without weights (plugin ABI before
 * 1.4) refuses weights other than 1 with BRACE_E_PLUGIN.
 */
brace_status brace_constraint_set_weight(brace_context *ctx, brace_constraint constraint, double weight);
brace_status brace_constraint_get_weight(brace_context *ctx, brace_constraint constraint, double *out);
/* brace_context_set_edit_weight — the weight of the edit on item.attribute among the
   constraints and edits of its priority, as brace_constraint_set_weight (an edit starts
   at 1). BRACE_E_INVALID_STATE without an edit there (brace_context_add_edit first). */
brace_status brace_context_set_edit_weight(brace_context *ctx, uint64_t item, brace_attribute attribute, double weight);

#ifdef __cplusplus
}
#endif

#endif /* BRACE_CONSTRAINT_H */
