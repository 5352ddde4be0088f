import CBrace

/// Who made a constraint. Users create and destroy their own; the engine generates the
/// intrinsic-size and autoresizing constraints of a node; a strategy owns those it adds.
enum ConstraintOwner: Equatable {
  case user
  case engine(node: NodeID)
  case strategy(Int32)
}

/// One term as stored: a node (or guide) attribute, or a free variable. 20 bytes: the
/// slot and the kind are read from the handle, which holds both, and the 64-bit fields
/// are kept as 32-bit halves so that the term is 4-byte aligned (an array of one term
/// is then 52 bytes with its header, of two 72: 64 and 80 from the allocator, not 64
/// and 96).
struct ConstraintTerm {
  private var itemLow: UInt32
  private var itemHigh: UInt32
  private var coefficientLow: UInt32
  private var coefficientHigh: UInt32
  var attribute: brace_attribute

  init(item: UInt64, slot: Int32, isVariable: Bool, attribute: brace_attribute, coefficient: Double) {
    assert(Handle.slot(item) == slot && (Handle.kind(item) == HandleKind.variable.rawValue) == isVariable)
    itemLow = UInt32(truncatingIfNeeded: item)
    itemHigh = UInt32(truncatingIfNeeded: item >> 32)
    coefficientLow = UInt32(truncatingIfNeeded: coefficient.bitPattern)
    coefficientHigh = UInt32(truncatingIfNeeded: coefficient.bitPattern >> 32)
    self.attribute = attribute
  }

  var item: UInt64 { @inline(__always) get { UInt64(itemHigh) << 32 | UInt64(itemLow) } }
  var coefficient: Double {
    @inline(__always) get { Double(bitPattern: UInt64(coefficientHigh) << 32 | UInt64(coefficientLow)) }
    set {
      coefficientLow = UInt32(truncatingIfNeeded: newValue.bitPattern)
      coefficientHigh = UInt32(truncatingIfNeeded: newValue.bitPattern >> 32)
    }
  }
  /// The node of a term on a node or guide (not `isVariable`).
  var node: NodeID { @inline(__always) get { NodeID(Handle.slot(item)) } }
  /// The variable of a term on a free variable (`isVariable`).
  var variable: VariableID { @inline(__always) get { VariableID(Handle.slot(item)) } }
  var isVariable: Bool { @inline(__always) get { itemHigh >> 30 == UInt32(HandleKind.variable.rawValue) } }
}

/// A constraint: the linear relation sum(terms) REL constant, plus what Auto Layout
/// keeps about it. 112 bytes (one per constraint slot, live or free): the generation,
/// relation, flags and owner's kind share one word (`bits`); the accessors below keep
/// the fields' types.
/// A record a handle can name: a slot is reused with a new generation once freed.
protocol HandleRecord {
  var generation: UInt32 { get }
  var live: Bool { get }
}

struct ConstraintRecord: HandleRecord {
  var constant: Double = 0
  /// The row's constant is rowOffset - constant: rowOffset comes from the attributes
  /// (insets, margins, baselines), so a constant change is one solver call.
  var rowOffset: Double = 0
  var identifier: UnsafeMutablePointer<CChar>? = nil
  /// The terms, unless the record keeps them itself (`inlineCount` > 0).
  private var storedTerms: [ConstraintTerm] = []
  /// The one or two terms of a constraint on free variables, kept in the record (32
  /// bytes) rather than in a heap array each (allocating and freeing it was ~500
  /// instructions of the core's ~1,500 per addConstraint of brace.kiwi). A variable's
  /// term is its handle and coefficient: its attribute is BRACE_ATTR_NONE.
  private var inlineItems: (UInt64, UInt64) = (0, 0)
  private var inlineCoefficients: (Double, Double) = (0, 0)
  /// Nodes whose variables the row uses (items and the ancestors on their chains).
  var touched: [NodeID] = []
  var priority: Float = 1000
  /// Its errors' weight within its priority level (brace_constraint_set_weight).
  var weight: Double = 1
  /// For a strategy's constraint: the node it was added for (its strategyConstraints key).
  var ownerNode: NodeID = .none
  /// The nearest common ancestor of the items while active (.none: only variables).
  var container: NodeID = .none
  /// The solver row while installed (`row`).
  var rowId: UInt32 = 0
  /// The node of `.engine(node:)` or the strategy of `.strategy(_:)` (`owner`).
  var ownerId: Int32 = 0
  /// generation (bits 0-11) | relation + 1 (12-13) | live | layoutForm | active | broken |
  /// has a row (14-18) | owner's kind (19-20) | only free variables (21) | terms kept
  /// in the record (22-23).
  var bits: UInt32 = UInt32(BRACE_RELATION_EQUAL.rawValue + 1) << 12

  private static let liveBit: UInt32 = 1 << 14, layoutFormBit: UInt32 = 1 << 15, activeBit: UInt32 = 1 << 16
  private static let brokenBit: UInt32 = 1 << 17, rowBit: UInt32 = 1 << 18, onlyVariablesBit: UInt32 = 1 << 21

  init() {}

  /// sum(terms): an array made on each read for terms kept in the record (hot paths read
  /// `termCount` and `term(_:)`).
  var terms: [ConstraintTerm] {
    get {
      switch inlineCount {
      case 0: return storedTerms
      case 1: return [term(0)]
      default: return [term(0), term(1)]
      }
    }
    set {
      storedTerms = newValue
      inlineCount = 0
    }
  }

  var termCount: Int { @inline(__always) get { inlineCount == 0 ? storedTerms.count : inlineCount } }

  @inline(__always)
  func term(_ k: Int) -> ConstraintTerm {
    guard inlineCount > 0 else { return storedTerms[k] }
    let item = k == 0 ? inlineItems.0 : inlineItems.1
    return ConstraintTerm(
      item: item, slot: Handle.slot(item), isVariable: true, attribute: BRACE_ATTR_NONE,
      coefficient: k == 0 ? inlineCoefficients.0 : inlineCoefficients.1)
  }

  /// A live record of one or two terms on free variables (checked handles), kept in the
  /// record itself, built whole: set field by field, its empty arrays were released and
  /// stored again, and the record copied once more on its way into its slot.
  init(
    variables items: UnsafePointer<UInt64>, _ coefficients: UnsafePointer<Double>, _ count: Int,
    _ relation: brace_relation, _ constant: Double, priority: Float, weight: Double, generation: UInt32
  ) {
    assert(count == 1 || count == 2)
    self.constant = constant
    inlineItems = (items[0], count > 1 ? items[1] : 0)
    inlineCoefficients = (coefficients[0], count > 1 ? coefficients[1] : 0)
    self.priority = priority
    self.weight = weight
    bits = (generation & Handle.maxGeneration) | (UInt32(truncatingIfNeeded: relation.rawValue + 1) & 3) << 12
      | Self.liveBit | Self.onlyVariablesBit | UInt32(count) << 22
  }

  private var inlineCount: Int {
    @inline(__always) get { Int((bits >> 22) & 3) }
    set { bits = (bits & ~(3 << 22)) | UInt32(truncatingIfNeeded: newValue & 3) << 22 }
  }

  @inline(__always)
  private mutating func setBit(_ bit: UInt32, _ on: Bool) { bits = on ? bits | bit : bits & ~bit }

  var generation: UInt32 {
    @inline(__always) get { bits & Handle.maxGeneration }
    set {
      assert(newValue <= Handle.maxGeneration)
      bits = (bits & ~Handle.maxGeneration) | (newValue & Handle.maxGeneration)
    }
  }
  var relation: brace_relation {
    @inline(__always) get { brace_relation(rawValue: Int32((bits >> 12) & 3) - 1) }
    set {
      assert(newValue.rawValue >= -1 && newValue.rawValue <= 1)
      bits = (bits & ~(3 << 12)) | (UInt32(truncatingIfNeeded: newValue.rawValue + 1) & 3) << 12
    }
  }
  var live: Bool { @inline(__always) get { bits & Self.liveBit != 0 } set { setBit(Self.liveBit, newValue) } }
  /// Made by brace_constraint_create (item1.attr1 REL m * item2.attr2 + c): described
  /// in that form.
  var layoutForm: Bool { @inline(__always) get { bits & Self.layoutFormBit != 0 } set { setBit(Self.layoutFormBit, newValue) } }
  var active: Bool { @inline(__always) get { bits & Self.activeBit != 0 } set { setBit(Self.activeBit, newValue) } }
  /// Every term is a free variable: installed without a container or nodes (install).
  var onlyVariables: Bool { @inline(__always) get { bits & Self.onlyVariablesBit != 0 } set { setBit(Self.onlyVariablesBit, newValue) } }
  /// Active, but refused by the solver as conflicting with other required constraints.
  var broken: Bool { @inline(__always) get { bits & Self.brokenBit != 0 } set { setBit(Self.brokenBit, newValue) } }
  /// The solver row while installed.
  var row: UInt32? {
    @inline(__always) get { bits & ConstraintRecord.rowBit != 0 ? rowId : nil }
    set {
      rowId = newValue ?? 0
      setBit(ConstraintRecord.rowBit, newValue != nil)
    }
  }
  var owner: ConstraintOwner {
    @inline(__always) get {
      switch (bits >> 19) & 3 {
      case 1: .engine(node: NodeID(ownerId))
      case 2: .strategy(ownerId)
      default: .user
      }
    }
    set {
      let kind: UInt32
      switch newValue {
      case .user: kind = 0; ownerId = 0
      case .engine(let n): kind = 1; ownerId = n.raw
      case .strategy(let s): kind = 2; ownerId = s
      }
      bits = (bits & ~(3 << 19)) | kind << 19
    }
  }
}

/// Free variables created through the API. 12 bytes (`live` is the generation's top bit).
struct VariableRecord: HandleRecord {
  private var generationAndLive: UInt32 = 0
  var solverVariable: UInt32 = 0
  private var uses32: Int32 = 0

  private static let liveBit: UInt32 = 1 << 31

  var generation: UInt32 {
    @inline(__always) get { generationAndLive & ~VariableRecord.liveBit }
    set { generationAndLive = (generationAndLive & VariableRecord.liveBit) | (newValue & ~VariableRecord.liveBit) }
  }
  var live: Bool {
    @inline(__always) get { generationAndLive & VariableRecord.liveBit != 0 }
    set { generationAndLive = newValue ? generationAndLive | VariableRecord.liveBit : generationAndLive & ~VariableRecord.liveBit }
  }
  var uses: Int {
    @inline(__always) get { Int(uses32) }
    set { uses32 = Int32(truncatingIfNeeded: newValue) }
  }
}

/// The next capacity of one of the context's record arrays that holds `n`: 1.25 times
/// (the unused end averages about 12% where doubling leaves about 44%), doubling from 16
/// up to 64 (a fresh context's first records: one allocation, not three as from 4).
@inline(__always)
func grownRecordCapacity(_ n: Int) -> Int { n < 64 ? max(16, 2 * n) : n + n / 4 }

/// A node's part in constraint layout.
struct NodeEngineState {
  /// Solver variables of the alignment rect: x, y (in the superview's bounds), width, height.
  var vars: (UInt32, UInt32, UInt32, UInt32)
  /// Installed rows that use this node's variables, not counting the node's own
  /// generated constraints. The node is in the engine while this is > 0.
  var references = 0
  /// The node's generated constraints (intrinsic size, autoresizing translation).
  var generated: [ConstraintID] = []
  /// What the generated constraints were made from, to regenerate only on change.
  var generatedKey: [Double] = []
}
