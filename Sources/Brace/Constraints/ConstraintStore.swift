import CBrace

/// Who made a constraint. Users create and destroy their own; the engine generates the
/// intrinsic-size and autoresizing constraints of a node; a strategy owns those it adds.
enum ConstraintOwner: Equatable {
  case user
  case engine(node: Int32)
  case strategy(Int32)
}

/// One term as stored: a node (or guide) attribute, or a free variable.
struct ConstraintTerm {
  var item: UInt64
  var slot: Int32
  var isVariable: Bool
  var attribute: brace_attribute
  var coefficient: Double
}

/// A constraint: the linear relation sum(terms) REL constant, plus what Auto Layout
/// keeps about it.
struct ConstraintRecord {
  var generation: UInt32 = 0
  var live = false
  var terms: [ConstraintTerm] = []
  var relation: brace_relation = BRACE_RELATION_EQUAL
  var constant: Double = 0
  var priority: Float = 1000
  var identifier: UnsafeMutablePointer<CChar>? = nil
  /// Made by brace_constraint_create (item1.attr1 REL m * item2.attr2 + c): described
  /// in that form.
  var layoutForm = false
  var owner: ConstraintOwner = .user
  /// For a strategy's constraint: the node it was added for (its strategyConstraints key).
  var ownerNode: Int32 = -1
  var active = false
  /// Active, but refused by the solver as conflicting with other required constraints.
  var broken = false
  /// The nearest common ancestor of the items while active (-1: only variables).
  var container: Int32 = -1
  /// The solver row while installed.
  var row: UInt32? = nil
  /// The row's constant is rowOffset - constant: rowOffset comes from the attributes
  /// (insets, margins, baselines), so a constant change is one solver call.
  var rowOffset: Double = 0
  /// Nodes whose variables the row uses (items and the ancestors on their chains).
  var touched: [Int32] = []
}

/// Free variables created through the API.
struct VariableRecord {
  var generation: UInt32 = 0
  var live = false
  var solverVariable: UInt32 = 0
  var uses = 0
}

/// A node's part in constraint layout.
struct NodeEngineState {
  /// Solver variables of the alignment rect: x, y (in the superview's bounds), width, height.
  var vars: (UInt32, UInt32, UInt32, UInt32)
  /// Installed rows that use this node's variables, not counting the node's own
  /// generated constraints. The node is in the engine while this is > 0.
  var references = 0
  /// The node's generated constraints (intrinsic size, autoresizing translation).
  var generated: [Int32] = []
  /// What the generated constraints were made from, to regenerate only on change.
  var generatedKey: [Double] = []
}
