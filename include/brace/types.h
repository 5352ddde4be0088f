/*
 * brace/types.h — versions, status codes, handles and geometry shared by every part of
 * the Brace C interface. Included by brace/brace.h; include that instead.
 */
#ifndef BRACE_TYPES_H
#define BRACE_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- versions */

/* The version of this header. A library with the same major version and a minor
   version at least this one implements every function declared here. */
#define BRACE_VERSION_MAJOR 0
#define BRACE_VERSION_MINOR 12
#define BRACE_VERSION_PATCH 0
/* The three numbers packed as brace_version() answers them: 0x00MMmmpp. */
#define BRACE_VERSION_NUMBER \
  ((BRACE_VERSION_MAJOR << 16) | (BRACE_VERSION_MINOR << 8) | BRACE_VERSION_PATCH)

/*
 * brace_version — the version of the loaded library, packed as BRACE_VERSION_NUMBER.
 * Compare (brace_version() >> 16) with BRACE_VERSION_MAJOR to check compatibility.
 * Never fails; any thread.
 */
uint32_t brace_version(void);

/*
 * brace_version_string — the same version as text, "MAJOR.MINOR.PATCH". The string is
 * static. Never fails; any thread.
 */
const char *brace_version_string(void);

/* ---------------------------------------------------------------- status codes */

/* Every fallible function returns one of these. The values are fixed; new ones may
   be added at the end. The type is int-sized. */
typedef enum brace_status {
  BRACE_OK = 0,
  /* An argument is out of its domain: NULL where a pointer is required, NaN or
     infinity where a finite number is required, a negative size, an unknown enum
     value, a priority outside 1...1000. */
  BRACE_E_INVALID_ARGUMENT = 1,
  /* 0, a handle of the wrong kind, or a handle that never named anything. */
  BRACE_E_INVALID_HANDLE = 2,
  /* The handle named something that has been destroyed. */
  BRACE_E_STALE_HANDLE = 3,
  /* The handle belongs to another context. */
  BRACE_E_FOREIGN_HANDLE = 4,
  /* An index is past the end of a list. */
  BRACE_E_INDEX_OUT_OF_RANGE = 5,
  /* The change would make the view tree cyclic (a node under itself or under one of
     its descendants). */
  BRACE_E_CYCLE = 6,
  /* Another thread is inside this context. */
  BRACE_E_BUSY = 7,
  /* The call is not allowed from where it was made: from inside a callback that it
     would break (destroying the node being laid out, running a nested update cycle),
     or a "call super" function outside the node's own callback. */
  BRACE_E_REENTRANCY = 8,
  /* A layout or constraints feedback loop was detected and broken; the diagnostics
     callback named the nodes caught in it. */
  BRACE_E_FEEDBACK_LOOP = 9,
  /* A name (strategy, property, attribute) is not known. */
  BRACE_E_NOT_FOUND = 10,
  /* A value has the wrong type for what it is assigned to. */
  BRACE_E_TYPE_MISMATCH = 11,
  /* The operation is not valid in the object's current state. */
  BRACE_E_INVALID_STATE = 12,
  /* A plugin could not be loaded or failed. */
  BRACE_E_PLUGIN = 13,
  /* A required constraint cannot be satisfied together with the others. */
  BRACE_E_UNSATISFIABLE = 14,
  /* Memory or a fixed capacity (handle space) ran out. */
  BRACE_E_NO_MEMORY = 15,
  /* Something already exists under that name. */
  BRACE_E_DUPLICATE = 16
} brace_status;

/*
 * brace_status_name — the constant's name for a status ("BRACE_E_STALE_HANDLE"), or
 * "BRACE_E_UNKNOWN" for a value this library does not know. Static string; any thread.
 */
const char *brace_status_name(brace_status status);

/* ---------------------------------------------------------------- contexts and handles */

/* A context: one window or scene. Opaque; made by brace_context_create. */
typedef struct brace_context brace_context;

/* A node (view) handle. 0 is invalid. */
typedef uint64_t brace_node;
#define BRACE_NODE_NONE ((brace_node)0)

/* A constraint handle (brace/constraint.h). 0 is invalid. */
typedef uint64_t brace_constraint;

/*
 * brace_last_error — the message of the most recent failed call that the calling thread
 * made on `ctx` (or with a NULL context, for ctx == NULL, as brace_context_create's
 * failures are). "" when there was none. The message names the function, the
 * handle or argument at fault and what was expected. Successful calls do not clear
 * it: read it right after a call returned a status other than BRACE_OK.
 * The string stays valid until the next failing call on `ctx` from this thread, or
 * until `ctx` is destroyed. Any thread (each thread sees its own messages).
 */
const char *brace_last_error(const brace_context *ctx);

/* ---------------------------------------------------------------- reading a handle (since 0.6) */

/* What kind of object a handle names. */
typedef enum brace_handle_kind {
  BRACE_HANDLE_KIND_INVALID = 0, /* not a handle Brace makes (0 is never one) */
  BRACE_HANDLE_KIND_NODE = 1,
  BRACE_HANDLE_KIND_CONSTRAINT = 2,
  BRACE_HANDLE_KIND_VARIABLE = 3
} brace_handle_kind;

/* What brace_handle_get_info answers. */
typedef struct brace_handle_info {
  uint32_t struct_size;   /* set by the caller: sizeof(brace_handle_info) */
  brace_handle_kind kind;
  uint32_t index;         /* the handle's slot in its context: "7" in "node 7:1" */
  uint32_t generation;    /* how many times the slot was used: "1" in "node 7:1" */
} brace_handle_info;

/*
 * brace_handle_get_info — what a handle says of itself, without a context: its kind,
 * index and generation, the "7:1" in "node 7:1" that messages, diagnostics and dumps
 * print. Handles stay opaque: a binding names a handle as messages do, or orders the
 * handles of one context stably (by index, then generation), through this call and never
 * by decoding bits, whose layout is not part of the ABI. It does not say whether the
 * handle is alive, nor which context it belongs to (brace_node_is_alive asks a context).
 * Returns BRACE_E_INVALID_HANDLE for 0 and for a value that no Brace handle can be
 * (kind BRACE_HANDLE_KIND_INVALID is then written), BRACE_E_INVALID_ARGUMENT for a NULL
 * `out` or a struct_size below sizeof(brace_handle_info); the message is read with
 * brace_last_error(NULL). Any thread.
 */
brace_status brace_handle_get_info(uint64_t handle, brace_handle_info *out);

/* ---------------------------------------------------------------- geometry */

/* Points, sizes and rectangles in points (logical pixels), y growing downwards as in
   UIKit. Geometry handed to Brace must be finite; sizes must not be negative. */
typedef struct brace_point { double x, y; } brace_point;
typedef struct brace_size { double width, height; } brace_size;
typedef struct brace_rect { double x, y, width, height; } brace_rect;
/* Edge insets in physical directions (UIEdgeInsets). */
typedef struct brace_insets { double top, left, bottom, right; } brace_insets;
/* Edge insets whose horizontal edges follow the layout direction
   (NSDirectionalEdgeInsets): leading is left in left-to-right layouts. */
typedef struct brace_directional_insets { double top, leading, bottom, trailing; } brace_directional_insets;

/* An axis, for priorities and intrinsic sizes. */
typedef enum brace_axis {
  BRACE_AXIS_HORIZONTAL = 0,
  BRACE_AXIS_VERTICAL = 1
} brace_axis;

/* A layout direction. INHERIT (a node's default) takes its superview's effective
   direction, and a root node's is the context's default. */
typedef enum brace_layout_direction {
  BRACE_DIRECTION_INHERIT = 0,
  BRACE_DIRECTION_LTR = 1,
  BRACE_DIRECTION_RTL = 2
} brace_layout_direction;

/* Layout priorities (UILayoutPriority): 1...1000, higher wins. */
typedef float brace_priority;
#define BRACE_PRIORITY_REQUIRED 1000.0f
#define BRACE_PRIORITY_DEFAULT_HIGH 750.0f
#define BRACE_PRIORITY_DRAG_THAT_CAN_RESIZE_SCENE 510.0f
#define BRACE_PRIORITY_SCENE_SIZE_STAY_PUT 500.0f
#define BRACE_PRIORITY_DRAG_THAT_CANNOT_RESIZE_SCENE 490.0f
#define BRACE_PRIORITY_DEFAULT_LOW 250.0f
#define BRACE_PRIORITY_FITTING_SIZE_LEVEL 50.0f

/* "No intrinsic metric" on an axis (UIViewNoIntrinsicMetric). */
#define BRACE_NO_INTRINSIC_METRIC (-1.0)

/* "No limit" for a component of a proposed size: what a measure callback
   (brace/cycle.h) or a strategy's measure hook (brace_plugin.h) is offered on an axis
   that nothing bounds. Since 0.8 defined here (it was brace_plugin.h's; same value). */
#define BRACE_PROPOSAL_UNBOUNDED (-1.0)

/* Autoresizing mask bits (UIViewAutoresizing). */
#define BRACE_AUTORESIZE_NONE 0u
#define BRACE_AUTORESIZE_FLEXIBLE_LEFT_MARGIN 1u
#define BRACE_AUTORESIZE_FLEXIBLE_WIDTH 2u
#define BRACE_AUTORESIZE_FLEXIBLE_RIGHT_MARGIN 4u
#define BRACE_AUTORESIZE_FLEXIBLE_TOP_MARGIN 8u
#define BRACE_AUTORESIZE_FLEXIBLE_HEIGHT 16u
#define BRACE_AUTORESIZE_FLEXIBLE_BOTTOM_MARGIN 32u
#define BRACE_AUTORESIZE_ALL 63u

#ifdef __cplusplus
}
#endif

#endif /* BRACE_TYPES_H */
