/*
 * plugin_layout.c — the plugin ABI (brace/brace_plugin.h) does not drift.
 *
 * The host table (brace_host_api) and the strategy descriptor (brace_strategy_desc) are
 * size-prefixed and append-only within a major version: a plugin built against minor
 * version 1.N hands the host a descriptor of 1.N's size and reads only 1.N's part of the
 * host table, so every member of every released minor version must stay where it was,
 * with its size and its type. This file pins, per minor version, each struct's size and
 * every member's offset, size and type, in the tables below (the member tables are
 * X-macros: one row per member, in declaration order, tagged with the minor version that
 * added it). What fails, and where:
 *
 *   - a member moved, resized or inserted before another (its or a later member's
 *     offset or size differs): _Static_assert, naming the member and its version;
 *   - a member's type changed, e.g. a hook's parameters (a positional initializer with a
 *     value of exactly each pinned type: -Werror turns the incompatible pointer type
 *     into an error), or a member inserted anywhere, even into padding or at the end
 *     (the values shift onto the wrong members, or -Wextra's missing-field-initializers);
 *   - a struct's size at the header's own minor version (_Static_assert);
 *   - a version that reuses its predecessor's tail padding, a gap between members that
 *     is more than padding, a pinned size that is not where the version's last member
 *     ends (checked at run time, with a message).
 *
 * Built like the C tests (mk/abi.mk, `make test-plugin-abi`):
 *
 *   cc -std=c11 -Wall -Wextra -Werror -pedantic $(pkg-config --cflags brace) \
 *      -o plugin_layout Tests/abi/plugin_layout.c $(pkg-config --libs brace)
 *   ./plugin_layout [PLUGIN_1_0.so]
 *
 * With an argument it also loads that file (Tests/abi/plugin_1_0.c built against the
 * frozen 1.0 header Tests/abi/brace_plugin_1_0.h) into the CURRENT host with
 * brace_context_load_plugin and lays out a container with it.
 *
 * Compiled with -DPLUGIN_LAYOUT_FROZEN_1_0 (and -I<include>/brace; -fsyntax-only is
 * enough) it checks the frozen 1.0 header instead: it must have exactly the members the
 * tables give 1.0, at the pinned offsets, with the pinned 1.0 sizes. So the 1.0 rows
 * are what a 1.0 plugin was really compiled with, not a reconstruction.
 *
 * The numbers are those of LP64 Linux targets (x86_64, aarch64).
 *
 * ADDING A MINOR VERSION (1.7, ...): everything to edit is in this file, in the section
 * "THE TABLES" below, marked "ADD 1.7 HERE":
 *   1. append one row per new member at the END of the member table of each struct that
 *      grew (HOST_API_FIELDS, STRATEGY_DESC_FIELDS, ...), with the new minor number, the
 *      offset and size the compiler gives it, and its exact type as the value;
 *   2. append a row per struct to STRUCT_SIZES for the new minor (every struct, grown or
 *      not; a struct that did not exist yet is left out);
 *   3. set PINNED_MINOR to the new minor.
 * Never change an existing row: a row that no longer matches is the drift this test is
 * for. A new size-prefixed struct gets a member table of its own, a check in main() and
 * a line in pin_member_types() (see brace_subview_info, added in 1.1).
 */
#ifdef PLUGIN_LAYOUT_FROZEN_1_0
#include "brace_plugin_1_0.h"
#if BRACE_PLUGIN_ABI_MAJOR != 1 || BRACE_PLUGIN_ABI_MINOR != 0
#error "brace_plugin_1_0.h is not the 1.0 header"
#endif
#else
#include <brace/brace_plugin.h>
#endif

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

_Static_assert(sizeof(void *) == 8 && sizeof(size_t) == 8 && sizeof(double) == 8,
               "the plugin ABI layouts are pinned for LP64 targets");
_Static_assert(BRACE_PLUGIN_ABI_MAJOR == 1, "these tables describe plugin ABI 1.x; a new major version starts new tables");

/* ============================================================================ THE TABLES */

/* The newest minor version the tables describe. ADD 1.7 HERE (3.): set to 7. */
#define PINNED_MINOR 6

#if BRACE_PLUGIN_ABI_MINOR > PINNED_MINOR
#error "brace_plugin.h declares a plugin ABI minor version that Tests/abi/plugin_layout.c does not pin yet: add its rows (see ADDING A MINOR VERSION at the top of the file)"
#endif

/* Member rows: F(T, minor that added it, member, offset, size, a value of exactly its
   type). Declaration order; append only. */

#define ARRAY2(type) {(type)0, (type)0}

#define HOST_API_FIELDS(F, T)                                                                          \
  /* --- 1.0 --- */                                                                                    \
  F(T, 0, struct_size, 0, 4, (uint32_t)0)                                                              \
  F(T, 0, abi_major, 4, 2, (uint16_t)0)                                                                \
  F(T, 0, abi_minor, 6, 2, (uint16_t)0)                                                                \
  F(T, 0, last_error, 8, 8, (const char *(*)(const brace_context *))0)                                 \
  F(T, 0, get_scale, 16, 8, (double (*)(brace_context *))0)                                            \
  F(T, 0, get_frame, 24, 8, (brace_status(*)(brace_context *, brace_node, brace_rect *))0)             \
  F(T, 0, set_frame, 32, 8, (brace_status(*)(brace_context *, brace_node, brace_rect))0)               \
  F(T, 0, get_bounds, 40, 8, (brace_status(*)(brace_context *, brace_node, brace_rect *))0)            \
  F(T, 0, get_alignment_rect_insets, 48, 8, (brace_status(*)(brace_context *, brace_node, brace_insets *))0) \
  F(T, 0, get_layout_margins, 56, 8, (brace_status(*)(brace_context *, brace_node, brace_insets *))0)  \
  F(T, 0, get_effective_layout_direction, 64, 8,                                                       \
    (brace_status(*)(brace_context *, brace_node, brace_layout_direction *))0)                         \
  F(T, 0, get_hidden, 72, 8, (brace_status(*)(brace_context *, brace_node, bool *))0)                  \
  F(T, 0, get_intrinsic_content_size, 80, 8, (brace_status(*)(brace_context *, brace_node, brace_size *))0) \
  F(T, 0, get_content_hugging_priority, 88, 8,                                                         \
    (brace_status(*)(brace_context *, brace_node, brace_axis, brace_priority *))0)                     \
  F(T, 0, get_compression_resistance_priority, 96, 8,                                                  \
    (brace_status(*)(brace_context *, brace_node, brace_axis, brace_priority *))0)                     \
  F(T, 0, get_autoresizing_mask, 104, 8, (brace_status(*)(brace_context *, brace_node, uint32_t *))0)  \
  F(T, 0, get_autoresizes_subviews, 112, 8, (brace_status(*)(brace_context *, brace_node, bool *))0)   \
  F(T, 0, get_superview, 120, 8, (brace_status(*)(brace_context *, brace_node, brace_node *))0)        \
  F(T, 0, get_subview_count, 128, 8, (brace_status(*)(brace_context *, brace_node, size_t *))0)        \
  F(T, 0, get_subview, 136, 8, (brace_status(*)(brace_context *, brace_node, size_t, brace_node *))0)  \
  F(T, 0, measure, 144, 8, (brace_status(*)(brace_context *, brace_node, brace_size, brace_size *))0)  \
  F(T, 0, get_property, 152, 8,                                                                        \
    (brace_status(*)(brace_context *, brace_strategy_id, brace_node, uint32_t, brace_value *))0)       \
  F(T, 0, report, 160, 8, (void (*)(brace_context *, brace_strategy_id, const char *, const brace_node *, size_t))0) \
  F(T, 0, add_constraint, 168, 8,                                                                      \
    (brace_status(*)(brace_context *, brace_strategy_id, brace_node, const brace_term *, size_t,       \
                     brace_relation, double, brace_priority, const char *, brace_constraint *))0)      \
  F(T, 0, remove_constraint, 176, 8, (brace_status(*)(brace_context *, brace_strategy_id, brace_constraint))0) \
  F(T, 0, set_constraint_constant, 184, 8,                                                             \
    (brace_status(*)(brace_context *, brace_strategy_id, brace_constraint, double))0)                  \
  F(T, 0, is_constraint_driven, 192, 8, (brace_status(*)(brace_context *, brace_node, bool *))0)       \
  F(T, 0, set_translates_autoresizing_mask, 200, 8, (brace_status(*)(brace_context *, brace_node, bool))0) \
  /* --- 1.1 --- */                                                                                    \
  F(T, 1, get_baseline, 208, 8, (brace_status(*)(brace_context *, brace_node, brace_size, bool, double *))0) \
  F(T, 1, set_needs_layout, 216, 8, (brace_status(*)(brace_context *, brace_node))0)                   \
  F(T, 1, set_needs_update_constraints, 224, 8, (brace_status(*)(brace_context *, brace_node))0)       \
  F(T, 1, is_constrained_externally, 232, 8,                                                           \
    (brace_status(*)(brace_context *, brace_strategy_id, brace_node, brace_node, bool *))0)            \
  F(T, 1, get_subviews, 240, 8,                                                                        \
    (brace_status(*)(brace_context *, brace_strategy_id, brace_node, uint32_t, brace_subview_info *,   \
                     size_t, size_t, size_t *))0)                                                      \
  /* --- 1.3 --- */                                                                                    \
  F(T, 3, invalidate_intrinsic_content_size, 248, 8, (brace_status(*)(brace_context *, brace_node))0) \
  F(T, 3, get_standard_spacing, 256, 8, (double (*)(brace_context *))0)                                \
  /* --- 1.5 --- */                                                                                    \
  F(T, 5, set_frames, 264, 8,                                                                          \
    (brace_status(*)(brace_context *, brace_node, const brace_node *, const brace_rect *, size_t))0)   \
  /* --- ADD 1.7 HERE (1.) if it grows: F(T, 7, member, 272, 8, (type)0) --- */

#define STRATEGY_DESC_FIELDS(F, T)                                                                     \
  /* --- 1.0 --- */                                                                                    \
  F(T, 0, struct_size, 0, 4, (uint32_t)0)                                                              \
  F(T, 0, abi_major, 4, 2, (uint16_t)0)                                                                \
  F(T, 0, abi_minor, 6, 2, (uint16_t)0)                                                                \
  F(T, 0, name, 8, 8, (const char *)0)                                                                 \
  F(T, 0, role, 16, 4, (brace_strategy_role)0)                                                         \
  F(T, 0, properties, 24, 8, (const brace_property_desc *)0)                                           \
  F(T, 0, property_count, 32, 4, (uint32_t)0)                                                          \
  F(T, 0, property_desc_size, 36, 4, (uint32_t)0)                                                      \
  F(T, 0, context_create, 40, 8, (brace_status(*)(brace_context *, brace_strategy_id, void **))0)      \
  F(T, 0, context_destroy, 48, 8, (void (*)(brace_context *, void *))0)                                \
  F(T, 0, attach, 56, 8, (brace_status(*)(brace_context *, void *, brace_node, void **))0)             \
  F(T, 0, detach, 64, 8, (void (*)(brace_context *, void *, brace_node, void *))0)                     \
  F(T, 0, update_constraints, 72, 8, (void (*)(brace_context *, void *, brace_node, void *))0)         \
  F(T, 0, measure, 80, 8, (brace_status(*)(brace_context *, void *, brace_node, void *, brace_size, brace_size *))0) \
  F(T, 0, arrange, 88, 8, (void (*)(brace_context *, void *, brace_node, void *))0)                    \
  F(T, 0, solver_create, 96, 8, (brace_status(*)(brace_context *, void *, void **))0)                  \
  F(T, 0, solver_destroy, 104, 8, (void (*)(brace_context *, void *, void *))0)                        \
  F(T, 0, new_variable, 112, 8, (brace_status(*)(void *, uint32_t *))0)                                \
  F(T, 0, release_variable, 120, 8, (void (*)(void *, uint32_t))0)                                     \
  F(T, 0, add, 128, 8,                                                                                 \
    (brace_status(*)(void *, const brace_solver_term *, size_t, brace_relation, double, double,        \
                     uint32_t *, uint32_t *, size_t, size_t *))0)                                      \
  F(T, 0, remove, 136, 8, (brace_status(*)(void *, uint32_t))0)                                        \
  F(T, 0, set_constant, 144, 8, (brace_status(*)(void *, uint32_t, double))0)                          \
  F(T, 0, set_priority, 152, 8, (brace_status(*)(void *, uint32_t, double))0)                          \
  F(T, 0, add_edit, 160, 8, (brace_status(*)(void *, uint32_t, double))0)                              \
  F(T, 0, remove_edit, 168, 8, (brace_status(*)(void *, uint32_t))0)                                   \
  F(T, 0, suggest, 176, 8, (brace_status(*)(void *, uint32_t, double))0)                               \
  F(T, 0, begin_batch, 184, 8, (void (*)(void *))0)                                                    \
  F(T, 0, end_batch, 192, 8, (void (*)(void *))0)                                                      \
  F(T, 0, value, 200, 8, (double (*)(void *, uint32_t))0)                                              \
  F(T, 0, take_changed, 208, 8, (size_t(*)(void *, uint32_t *, size_t))0)                              \
  F(T, 0, is_ambiguous, 216, 8, (bool (*)(void *, uint32_t))0)                                         \
  /* --- 1.1 --- */                                                                                    \
  F(T, 1, baseline, 224, 8,                                                                            \
    (brace_status(*)(brace_context *, void *, brace_node, void *, brace_size, bool, double *))0)       \
  F(T, 1, flags, 232, 4, (uint32_t)0)                                                                  \
  /* --- 1.2 --- */                                                                                    \
  F(T, 2, size_changed, 240, 8, (void (*)(brace_context *, void *, brace_node, void *, brace_size))0)   \
  /* --- 1.4 --- */                                                                                    \
  F(T, 4, set_weight, 248, 8, (brace_status(*)(void *, uint32_t, double))0)                            \
  F(T, 4, set_edit_weight, 256, 8, (brace_status(*)(void *, uint32_t, double))0)                       \
  /* --- 1.6 --- */                                                                                    \
  F(T, 6, add_weighted, 264, 8,                                                                        \
    (brace_status(*)(void *, const brace_solver_term *, size_t, brace_relation, double, double, double, \
                     uint32_t *, uint32_t *, size_t, size_t *))0)                                      \
  /* --- ADD 1.7 HERE (1.): F(T, 7, member, 272, 8, (type)0) --- */

/* Fixed (not size-prefixed): never changes within the major version. */
#define SOLVER_TERM_FIELDS(F, T)                                                                       \
  /* --- 1.0 --- */                                                                                    \
  F(T, 0, variable, 0, 4, (uint32_t)0)                                                                 \
  F(T, 0, coefficient, 8, 8, (double)0)

/* Sized by get_subviews' info_size: grows at its end like the others. */
#define SUBVIEW_INFO_FIELDS(F, T)                                                                      \
  /* --- 1.1 --- */                                                                                    \
  F(T, 1, node, 0, 8, (brace_node)0)                                                                   \
  F(T, 1, intrinsic_content_size, 8, 16, (brace_size){0})                                              \
  F(T, 1, content_hugging, 24, 8, ARRAY2(brace_priority))                                              \
  F(T, 1, compression_resistance, 32, 8, ARRAY2(brace_priority))                                       \
  F(T, 1, alignment_rect_insets, 40, 32, (brace_insets){0})                                            \
  F(T, 1, subview_count, 72, 8, (size_t)0)                                                             \
  F(T, 1, hidden, 80, 1, (bool)0)                                                                      \
  F(T, 1, constrained_externally, 81, 1, (bool)0)                                                      \
  F(T, 1, property, 88, 24, (brace_value){0})                                                          \
  /* --- 1.3 --- */                                                                                    \
  F(T, 3, measures, 112, 1, (bool)0)                                                                   \
  /* --- 1.5 --- */                                                                                    \
  F(T, 5, flags, 120, 8, (uint64_t)0)                                                                  \
  /* --- ADD 1.7 HERE (1.) if it grows --- */

/* Struct sizes per minor version: S(struct, minor, sizeof at that version), for every
   struct at every minor version it exists in (the size a plugin of that version puts in
   struct_size or info_size, or finds in the host's struct_size). */
#define STRUCT_SIZES(S)                     \
  S(brace_host_api, 0, 208)                 \
  S(brace_strategy_desc, 0, 224)            \
  S(brace_solver_term, 0, 16)               \
  S(brace_host_api, 1, 248)                 \
  S(brace_strategy_desc, 1, 240)            \
  S(brace_solver_term, 1, 16)               \
  S(brace_subview_info, 1, 112)             \
  S(brace_host_api, 2, 248)                 \
  S(brace_strategy_desc, 2, 248)            \
  S(brace_solver_term, 2, 16)               \
  S(brace_subview_info, 2, 112)             \
  S(brace_host_api, 3, 264)                 \
  S(brace_strategy_desc, 3, 248)            \
  S(brace_solver_term, 3, 16)               \
  S(brace_subview_info, 3, 120)             \
  S(brace_host_api, 4, 264)                 \
  S(brace_strategy_desc, 4, 264)            \
  S(brace_solver_term, 4, 16)               \
  S(brace_subview_info, 4, 120)             \
  S(brace_host_api, 5, 272)                 \
  S(brace_strategy_desc, 5, 264)            \
  S(brace_solver_term, 5, 16)               \
  S(brace_subview_info, 5, 128)             \
  S(brace_host_api, 6, 272)                 \
  S(brace_strategy_desc, 6, 272)            \
  S(brace_solver_term, 6, 16)               \
  S(brace_subview_info, 6, 128)             \
  /* --- ADD 1.7 HERE (2.): a row per struct for minor 7 --- */

/* ======================================================================== THE CHECKS */

/* KEEP_N(x...) is x when the header being checked has minor version >= N, else nothing:
   rows of versions newer than the header are skipped (only when checking the frozen
   1.0 header; the current header may not be older than PINNED_MINOR's rows). */
#define KEEP_0(...) __VA_ARGS__
#if BRACE_PLUGIN_ABI_MINOR >= 1
#define KEEP_1(...) __VA_ARGS__
#else
#define KEEP_1(...)
#endif
#if BRACE_PLUGIN_ABI_MINOR >= 2
#define KEEP_2(...) __VA_ARGS__
#else
#define KEEP_2(...)
#endif
#if BRACE_PLUGIN_ABI_MINOR >= 3
#define KEEP_3(...) __VA_ARGS__
#else
#define KEEP_3(...)
#endif
#if BRACE_PLUGIN_ABI_MINOR >= 4
#define KEEP_4(...) __VA_ARGS__
#else
#define KEEP_4(...)
#endif
#if BRACE_PLUGIN_ABI_MINOR >= 5
#define KEEP_5(...) __VA_ARGS__
#else
#define KEEP_5(...)
#endif
#if BRACE_PLUGIN_ABI_MINOR >= 6
#define KEEP_6(...) __VA_ARGS__
#else
#define KEEP_6(...)
#endif
#if PINNED_MINOR > 6
#error "add KEEP_7... above"
#endif

#define MEMBER_SIZE(T, m) sizeof(((T *)0)->m)

/* 1. Offsets and sizes, at compile time. */
#define STATIC_ROW(T, N, m, off, size, value)                                                             \
  KEEP_##N(_Static_assert(offsetof(T, m) == (off), #T "." #m " (plugin ABI 1." #N ") moved: pinned at offset " #off); \
           _Static_assert(MEMBER_SIZE(T, m) == (size), #T "." #m " (plugin ABI 1." #N ") resized: pinned at " #size " bytes");)
HOST_API_FIELDS(STATIC_ROW, brace_host_api)
STRATEGY_DESC_FIELDS(STATIC_ROW, brace_strategy_desc)
SOLVER_TERM_FIELDS(STATIC_ROW, brace_solver_term)
#if BRACE_PLUGIN_ABI_MINOR >= 1
SUBVIEW_INFO_FIELDS(STATIC_ROW, brace_subview_info)
#endif

/* 2. Each struct's size at the header's own minor version. */
#define STATIC_SIZE(T, N, size)                                                                             \
  KEEP_##N(_Static_assert((N) != BRACE_PLUGIN_ABI_MINOR || sizeof(T) == (size),                            \
                          "sizeof(" #T ") at plugin ABI 1." #N " is pinned at " #size " bytes: a member was " \
                          "added, removed or resized (new members need a new minor version and new rows)");)
STRUCT_SIZES(STATIC_SIZE)

/* 3. Member types and the absence of unlisted members: a positional initializer with a
   value of exactly each member's pinned type, in order. A member of another type
   (e.g. a hook with other parameters) is an incompatible-pointer or conversion error
   under -Werror; a member inserted anywhere shifts the values onto the wrong members or
   leaves the last member without a value (-Wmissing-field-initializers, in -Wextra);
   a removed one leaves an excess value. */
#define INIT_VALUE(T, N, m, off, size, value) KEEP_##N(value, )
void pin_member_types(void);
void pin_member_types(void) {
  brace_host_api host = {HOST_API_FIELDS(INIT_VALUE, brace_host_api)};
  brace_strategy_desc desc = {STRATEGY_DESC_FIELDS(INIT_VALUE, brace_strategy_desc)};
  brace_solver_term term = {SOLVER_TERM_FIELDS(INIT_VALUE, brace_solver_term)};
  (void)host;
  (void)desc;
  (void)term;
#if BRACE_PLUGIN_ABI_MINOR >= 1
  brace_subview_info info = {SUBVIEW_INFO_FIELDS(INIT_VALUE, brace_subview_info)};
  (void)info;
#endif
}

#ifndef PLUGIN_LAYOUT_FROZEN_1_0

/* 4. At run time: what follows from the rows, with a message per violation. */

typedef struct row {
  int minor;
  const char *member;
  size_t offset, size;
} row;

typedef struct version_size {
  const char *type;
  int minor;
  size_t size;
} version_size;

#define RUN_ROW(T, N, m, off, size, value) {N, #m, off, size},
static const row host_rows[] = {HOST_API_FIELDS(RUN_ROW, brace_host_api)};
static const row desc_rows[] = {STRATEGY_DESC_FIELDS(RUN_ROW, brace_strategy_desc)};
static const row term_rows[] = {SOLVER_TERM_FIELDS(RUN_ROW, brace_solver_term)};
static const row info_rows[] = {SUBVIEW_INFO_FIELDS(RUN_ROW, brace_subview_info)};
#define RUN_SIZE(T, N, size) {#T, N, size},
static const version_size sizes[] = {STRUCT_SIZES(RUN_SIZE)};

static int failures;

#define FAIL(...)                         \
  do {                                    \
    failures++;                           \
    fprintf(stderr, "FAIL: " __VA_ARGS__); \
    fputc('\n', stderr);                  \
  } while (0)

static const version_size *size_at(const char *type, int minor) {
  for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
    if (sizes[k].minor == minor && strcmp(sizes[k].type, type) == 0) return &sizes[k];
  return NULL;
}

static size_t round_up(size_t n, size_t align) { return (n + align - 1) / align * align; }

/* `rows` (count of them) describe `type` of alignment `align` and current size `size`. */
static void check_struct(const char *type, const row *rows, size_t count, size_t align, size_t size) {
  int first_minor = rows[0].minor;
  for (size_t k = 0; k < count; k++) {
    if (k > 0 && rows[k].minor < rows[k - 1].minor)
      FAIL("%s.%s: a 1.%d member after a 1.%d one: members are appended in version order", type, rows[k].member,
           rows[k].minor, rows[k - 1].minor);
    if (k > 0) {
      size_t end = rows[k - 1].offset + rows[k - 1].size;
      if (rows[k].offset < end)
        FAIL("%s.%s at %zu overlaps %s (ends at %zu)", type, rows[k].member, rows[k].offset, rows[k - 1].member, end);
      else if (rows[k].offset - end >= align)
        FAIL("%s: a gap of %zu bytes before %s is more than padding: an unlisted member?", type,
             rows[k].offset - end, rows[k].member);
    }
  }
  for (int minor = first_minor; minor <= PINNED_MINOR; minor++) {
    const version_size *vs = size_at(type, minor);
    if (!vs) {
      FAIL("%s has no pinned size for plugin ABI 1.%d (STRUCT_SIZES)", type, minor);
      continue;
    }
    /* The size at 1.N: where 1.N's last member ends, rounded up to the alignment. */
    size_t end = 0;
    for (size_t k = 0; k < count && rows[k].minor <= minor; k++) end = rows[k].offset + rows[k].size;
    if (vs->size != round_up(end, align))
      FAIL("%s at plugin ABI 1.%d: pinned size %zu, but its last 1.%d member ends at %zu (%zu with padding)", type,
           minor, vs->size, minor, end, round_up(end, align));
    /* A later version's first member starts at or after this version's size: a plugin of
       this version never hands over (or is told of) bytes that belong to a newer member. */
    for (size_t k = 0; k < count; k++)
      if (rows[k].minor > minor) {
        if (rows[k].offset < vs->size)
          FAIL("%s.%s (1.%d) at offset %zu lies inside the 1.%d struct (%zu bytes): reused tail padding", type,
               rows[k].member, rows[k].minor, rows[k].offset, minor, vs->size);
        break;
      }
    if (minor == BRACE_PLUGIN_ABI_MINOR && vs->size != size)
      FAIL("sizeof(%s) is %zu, pinned %zu at plugin ABI 1.%d", type, size, vs->size, minor);
    printf("  %-20s 1.%d: %3zu bytes\n", type, minor, vs->size);
  }
}

#define CHECK_STRUCT(T, rows) check_struct(#T, rows, sizeof rows / sizeof rows[0], _Alignof(T), sizeof(T))

/* ---------------------------------------------------------------- the 1.0 plugin */

static brace_context *ctx;

#define CHECK(cond)                                                                                   \
  do {                                                                                                \
    if (!(cond)) FAIL("%s:%d: %s (last error: %s)", __FILE__, __LINE__, #cond, brace_last_error(ctx)); \
  } while (0)
#define OK(call) CHECK((call) == BRACE_OK)

static int frame_is(brace_node n, double x, double y, double w, double h) {
  brace_rect r = {-1, -1, -1, -1};
  if (brace_node_get_frame(ctx, n, &r) != BRACE_OK) return 0;
  if (r.x == x && r.y == y && r.width == w && r.height == h) return 1;
  fprintf(stderr, "  frame is {%g, %g, %g, %g}, expected {%g, %g, %g, %g}\n", r.x, r.y, r.width, r.height, x, y, w, h);
  return 0;
}

/* Tests/abi/plugin_1_0.c: the strategy "row_abi_1_0" puts the subviews side by side,
   top-aligned, each at its measured size, `gap` points apart (a CONTAINER property),
   inside the container's layout margins; its measure hook answers the row's size. */
static void test_plugin_1_0(const char *path) {
  OK(brace_context_create(NULL, &ctx));
  if (!ctx) return;
  OK(brace_context_load_plugin(ctx, path));

  /* The host registered it as a 1.0 plugin. */
  size_t count = 0;
  int found = 0;
  OK(brace_context_get_strategy_count(ctx, &count));
  for (size_t k = 0; k < count; k++) {
    brace_strategy_info info;
    memset(&info, 0, sizeof info);
    info.struct_size = sizeof info;
    OK(brace_context_get_strategy(ctx, k, &info));
    if (info.name && strcmp(info.name, "row_abi_1_0") == 0) {
      found = 1;
      CHECK(info.abi_major == 1 && info.abi_minor == 0);
      CHECK(info.role == BRACE_ROLE_CONTAINER);
      CHECK(info.property_count == 1);
    }
  }
  CHECK(found);

  brace_node box, kids[3];
  OK(brace_node_create(ctx, &box));
  OK(brace_node_set_frame(ctx, box, (brace_rect){0, 0, 300, 100}));
  OK(brace_node_set_layout_margins(ctx, box, (brace_insets){4, 8, 4, 8}));
  OK(brace_node_set_layout_strategy(ctx, box, "row_abi_1_0"));
  static const brace_size sizes_[3] = {{40, 20}, {60, 30}, {10, 10}};
  for (int i = 0; i < 3; i++) {
    OK(brace_node_create(ctx, &kids[i]));
    OK(brace_node_set_intrinsic_content_size(ctx, kids[i], sizes_[i]));
    OK(brace_node_add_subview(ctx, box, kids[i]));
  }
  OK(brace_node_set_property_double(ctx, box, "gap", 5));
  OK(brace_context_run_update_cycle(ctx));
  CHECK(frame_is(kids[0], 8, 4, 40, 20));
  CHECK(frame_is(kids[1], 53, 4, 60, 30));
  CHECK(frame_is(kids[2], 118, 4, 10, 10));

  /* A property change re-arranges. */
  OK(brace_node_set_property_double(ctx, box, "gap", 0));
  OK(brace_context_run_update_cycle(ctx));
  CHECK(frame_is(kids[2], 108, 4, 10, 10));

  /* The host asks its measure hook (through the 1.0 descriptor): 8 + 40 + 60 + 10 + 8
     wide, 4 + 30 + 4 high. */
  brace_size fitting = {0, 0};
  OK(brace_node_system_layout_size_fitting(ctx, box, (brace_size){0, 0}, 1, 1, &fitting));
  CHECK(fitting.width == 126 && fitting.height == 38);

  /* A 1.0 descriptor has no `flags`: the 1.0 rule holds, hiding a subview flags its
     container for layout. */
  bool needs = false;
  OK(brace_node_get_needs_layout(ctx, box, &needs));
  CHECK(!needs);
  OK(brace_node_set_hidden(ctx, kids[1], true));
  OK(brace_node_get_needs_layout(ctx, box, &needs));
  CHECK(needs);

  OK(brace_node_destroy(ctx, box));
  OK(brace_context_destroy(ctx));
  ctx = NULL;
}

int main(int argc, char **argv) {
  if (argc > 2) {
    fprintf(stderr, "usage: %s [PLUGIN_1_0.so]\n", argv[0]);
    return 2;
  }
  printf("plugin ABI %d.%d (pinned up to 1.%d)\n", BRACE_PLUGIN_ABI_MAJOR, BRACE_PLUGIN_ABI_MINOR, PINNED_MINOR);
  CHECK_STRUCT(brace_host_api, host_rows);
  CHECK_STRUCT(brace_strategy_desc, desc_rows);
  CHECK_STRUCT(brace_solver_term, term_rows);
  CHECK_STRUCT(brace_subview_info, info_rows);
  if (argc == 2) {
    test_plugin_1_0(argv[1]);
    printf("1.0 plugin %s: loaded and laid out by the %d.%d host\n", argv[1], BRACE_PLUGIN_ABI_MAJOR,
           BRACE_PLUGIN_ABI_MINOR);
  }
  if (failures) {
    fprintf(stderr, "plugin_layout: %d failure(s)\n", failures);
    return 1;
  }
  printf("plugin_layout: ok\n");
  return 0;
}

#endif /* !PLUGIN_LAYOUT_FROZEN_1_0 */
