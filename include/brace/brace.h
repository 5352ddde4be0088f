/*
 * Brace — a layout engine with Auto Layout's model and UIKit's update cycle.
 *
 * This is the public C interface of libbrace.so. It is the product: every other way of
 * using Brace (the Python bindings, the demos, layout plugins) goes through it.
 *
 * THE MODEL
 *
 *   A context (brace_context) is one window or scene. It owns a tree of nodes (views),
 *   the layout strategies loaded into it, and the per-turn state of the update cycle.
 *   Contexts are independent of each other.
 *
 *   Nodes, and later constraints and variables, are named by 64-bit handles: a slot
 *   index, a generation and the tag of the owning context packed into an integer.
 *   0 is never a valid handle. A handle whose node was destroyed answers
 *   BRACE_E_STALE_HANDLE for ever, even after its slot is reused; a handle of another
 *   context answers BRACE_E_FOREIGN_HANDLE. Handles are plain values: copy them freely.
 *
 *   The update cycle works as UIKit's does at the end of a run-loop turn. Setting a
 *   flag (brace_node_set_needs_layout and friends) only marks the node; the work runs
 *   when the host calls brace_context_run_update_cycle (the end of a turn), one of the
 *   phases (brace_context_run_phase), or a synchronous form on a subtree
 *   (brace_node_layout_if_needed, brace_node_update_constraints_if_needed). A turn runs
 *   the constraints pass bottom-up, then the layout pass top-down, then the display
 *   pass. Every node keeps "a descendant is dirty" bits, so a turn visits only dirty
 *   paths: its cost follows what changed, not the size of the tree.
 *
 * ERRORS
 *
 *   Every function that can fail returns a brace_status. BRACE_OK is 0. On failure
 *   nothing has changed, and brace_last_error() gives a message that names the
 *   problem: which function, which handle, which argument, what was expected.
 *   No input can crash the process: stale, freed or foreign handles, NULL pointers,
 *   out-of-range indices, NaN or infinite geometry and cycles in the tree are all
 *   answered with a status.
 *
 * THREADS
 *
 *   Different contexts may be used from different threads at the same time. One
 *   context is used by one thread at a time, like UIKit's main thread. A call that
 *   enters a context while another thread is inside it returns BRACE_E_BUSY and
 *   changes nothing. Callbacks run on the thread that called into the context, and may
 *   call back into it (see "Re-entrancy" in brace/cycle.h).
 *
 * OWNERSHIP
 *
 *   The context owns everything it hands out. Strings returned by Brace stay valid
 *   until the next failing call on the same context from the same thread, or until the
 *   context is destroyed, unless a function says otherwise. Brace never frees a pointer
 *   it was given (user data, callback user data, option strings).
 *
 * VERSIONING
 *
 *   BRACE_VERSION_MAJOR/MINOR/PATCH state the version of this header; brace_version()
 *   answers the version of the library at run time. Within a major version the ABI
 *   only grows: functions are added, structures that carry a struct_size field gain
 *   fields at their end, enumerations gain values. Nothing released is altered.
 */
#ifndef BRACE_BRACE_H
#define BRACE_BRACE_H

#include "types.h"
#include "context.h"
#include "node.h"
#include "cycle.h"
#include "strategy.h"
#include "constraint.h"
#include "animation.h"

#endif /* BRACE_BRACE_H */
