import CBrace

/// What the context keeps about constraint layout (Constraints/): the constraint and
/// variable records, the nodes in the engine, the solver instance and the bookkeeping
/// between them (pending solved frames, broken constraints, guides, edits).
/// Empty dictionaries and sets here and in the context's other parts start as `.init()`,
/// not as the literal `[:]`, which Embedded Swift builds through
/// Dictionary(dictionaryLiteral:) (~20 instructions per field on every context creation).
struct ConstraintBridge {
  var constraints: [ConstraintRecord] = []
  var freeConstraints: [ConstraintID] = []
  var variables: [VariableRecord] = []
  var freeVariables: [VariableID] = []
  /// Nodes in the engine, by slot.
  var engineNodes: [NodeID: NodeEngineState] = .init()
  /// Constraints whose terms or chains use a node, by node slot.
  var nodeConstraints: [NodeID: [ConstraintID]] = .init()
  /// For each solver variable id: node slot << 2 | component (x, y, w, h), or -1 (free).
  var variableOwner: [Int64] = []
  /// The solver strategy and the context's instance of it, once constraints are used.
  var solver: LoadedStrategy? = nil
  var solverInstance: UnsafeMutableRawPointer? = nil
  /// The solver's descriptor, set with `solverInstance` and borrowed from `solver` (which
  /// keeps it alive): read on the hot paths without retaining `solver` for each call.
  var solverDesc: UnsafePointer<brace_strategy_desc>? = nil
  /// The solver changed since frames were last taken from it.
  var dirty = false
  /// Solved frames waiting for their superview's layout pass, by superview slot.
  var pendingFrames: [NodeID: [NodeID: brace_rect]] = .init()
  /// Broken constraints, retried when constraints are removed or changed.
  var broken: [ConstraintID] = []
  /// Set by brace_constraint_add_on_variables while it activates: an unsatisfiable
  /// constraint's conflicting set is kept here instead of being reported, and the
  /// constraint is refused instead of kept broken.
  var refusedConflicts: [ConstraintID]? = nil
  /// The first BRACE_E_PLUGIN met while installing constraints (Activation.install).
  var pluginFault: BraceError? = nil
  var activating = false
  /// Constraints strategies added for the nodes they manage, by node slot.
  var strategyConstraints: [NodeID: [ConstraintID]] = .init()
  /// Nodes that entered the engine and still need their generated constraints; those
  /// that translate a frame no one set wait for the end of a batch of activations
  /// (Context.settleEntrants).
  var entrants: [NodeID] = []
  var translatingEntrants: [NodeID] = []
  /// Layout guides, by owner slot.
  var guides: [NodeID: [NodeID]] = .init()
  /// Edits: solver variable -> the node it belongs to (.none for free variables).
  var edits: [UInt32: NodeID] = .init()
  /// Above 0 during a constraints pass: retries of broken constraints wait for its end
  /// (`retryPending` says one was asked for; Broken.swift, retryBroken).
  var retryDeferral = 0
  var retryPending = false
  /// Nodes whose generated height comes from their measure, with the width it was
  /// measured at (BRACE_PROPOSAL_UNBOUNDED before the first solve): re-measured when
  /// the solved width differs (Measure.swift, settleMeasuredHeights).
  var measuredWidth: [NodeID: Double] = .init()
  var settlingMeasures = false
  /// When each constraint slot was last activated (a counter, not a time): of the
  /// constraints a translated frame conflicts with, the one activated last breaks.
  var activationOrder: [UInt32] = []
  var activationClock: UInt32 = 0
  /// The clock when the outermost batch of activations began: a translated frame stamped
  /// after it entered with that batch (Activation.install).
  var batchStart: UInt32 = 0
  /// What the change that is installing constraints is, for the report of a conflict.
  var cause: ConflictCause? = nil
  /// Nodes whose solved size is below zero and already reported, with their generation:
  /// reported again only after a size of zero or more.
  var negativeReported: [NodeID: UInt32] = .init()
  /// Constraints broken so that a translated frame holds, with the node of that frame,
  /// which they keep in the engine until they hold again or are deactivated.
  var holds: [ConstraintID: NodeID] = .init()
  /// The terms' storage of the last row `install` handed to the solver, empty, for the
  /// next row `buildRow` makes (an allocation and a free fewer per constraint added).
  var rowTermsScratch: [brace_solver_term] = []
}

/// The change that made a required constraint conflict, as the report says it.
enum ConflictCause {
  /// brace_constraint(s)_activate or a strategy's add_constraint.
  case activation
  /// brace_constraint_set_constant or a strategy's set_constraint_constant.
  case constantChange
  /// A frame set on a node that translates its autoresizing mask (a resize).
  case frameSet(NodeID)
  /// A node's generated constraints were made again (it entered constraint layout, its
  /// intrinsic size, mask or translation changed).
  case generated(NodeID)
  /// The geometry the rows are built from changed (insets, margins, direction, a move).
  case geometry
}
