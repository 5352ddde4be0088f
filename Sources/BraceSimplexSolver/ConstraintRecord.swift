// Constraint records: what each constraint slot holds, and the slots' life (allocation,
// handle lookup, discarding).

/// 32 bytes. The terms live in a pool block (Pool.swift): `termCount` coefficients, then
/// as many variable slots (12 bytes a term). The marker's coefficient in the stored row
/// is +1 or -1 (a new symbol's only entry, maybe flipped), so one bit holds it, as one
/// holds the flip; the level shares a word with the generation, the term count with the
/// relation and the flags (slots and counts are below 2^24: handles have 24-bit slots).
struct ConstraintRecord {
  var constant = 0.0
  var terms = ConstraintRecord.noTerms
  @Int32Backed var marker = -1
  @Int32Backed var other = -1
  /// level + 1 (bits 0-23; 0 for a required constraint) | generation (bits 24-31).
  var levelAndGeneration: UInt32 = 1 << 24
  /// term count (bits 0-23) | relation (24-25) | live, edit, flip, negative marker (26-29).
  var countAndFlags: UInt32 = UInt32(SolverRelation.equal.rawValue) << 24

  /// Stands for the block of a constraint without terms (never read).
  static var noTerms: UnsafeMutableRawPointer {
    @inline(__always) get { UnsafeMutableRawPointer(bitPattern: 8)! }
  }
  static let low24: UInt32 = (1 << 24) - 1
  static let liveFlag: UInt32 = 1 << 26, editFlag: UInt32 = 1 << 27, flipFlag: UInt32 = 1 << 28
  static let negativeMarkerFlag: UInt32 = 1 << 29

  /// The pool class of a block of `count` terms (12 bytes each).
  @inline(__always)
  static func termClass(count: Int) -> Int { Pool.classFor(words: (12 * count + 7) >> 3) }

  /// The terms' coefficients (unflipped) and variable slots.
  var coefficients: UnsafeMutablePointer<Double> {
    @inline(__always) get { terms.assumingMemoryBound(to: Double.self) }
  }
  var variables: UnsafeMutablePointer<Int32> {
    @inline(__always) get { (terms + 8 * termCount).assumingMemoryBound(to: Int32.self) }
  }

  /// Objective level slot, -1 for required constraints.
  var level: Int {
    @inline(__always) get { Int(levelAndGeneration & ConstraintRecord.low24) - 1 }
    @inline(__always) set {
      levelAndGeneration = (levelAndGeneration & ~ConstraintRecord.low24) | (UInt32(truncatingIfNeeded: newValue + 1) & ConstraintRecord.low24)
    }
  }
  var generation: UInt8 {
    @inline(__always) get { UInt8(truncatingIfNeeded: levelAndGeneration >> 24) }
    @inline(__always) set { levelAndGeneration = (levelAndGeneration & ConstraintRecord.low24) | UInt32(newValue) << 24 }
  }
  var termCount: Int {
    @inline(__always) get { Int(countAndFlags & ConstraintRecord.low24) }
    @inline(__always) set {
      countAndFlags = (countAndFlags & ~ConstraintRecord.low24) | (UInt32(truncatingIfNeeded: newValue) & ConstraintRecord.low24)
    }
  }
  var relation: SolverRelation {
    @inline(__always) get { SolverRelation(rawValue: UInt8(truncatingIfNeeded: (countAndFlags >> 24) & 3)) ?? .equal }
    @inline(__always) set { countAndFlags = (countAndFlags & ~(3 << 24)) | UInt32(newValue.rawValue) << 24 }
  }

  /// `countAndFlags` of a live constraint: `termCount`, `relation`, live, `isEdit`; the
  /// flip and the marker's sign positive.
  @inline(__always)
  static func flags(termCount n: Int, relation: SolverRelation, isEdit: Bool) -> UInt32 {
    (UInt32(truncatingIfNeeded: n) & low24) | UInt32(relation.rawValue) << 24 | liveFlag | (isEdit ? editFlag : 0)
  }

  @inline(__always)
  mutating func setFlag(_ f: UInt32, _ on: Bool) { countAndFlags = on ? countAndFlags | f : countAndFlags & ~f }

  var live: Bool {
    @inline(__always) get { countAndFlags & ConstraintRecord.liveFlag != 0 }
    @inline(__always) set { setFlag(ConstraintRecord.liveFlag, newValue) }
  }
  var isEdit: Bool {
    @inline(__always) get { countAndFlags & ConstraintRecord.editFlag != 0 }
    @inline(__always) set { setFlag(ConstraintRecord.editFlag, newValue) }
  }
  /// +1 or -1: the original row is `flip * (sum(terms) + constant + markers)`.
  var flip: Double {
    @inline(__always) get { countAndFlags & ConstraintRecord.flipFlag != 0 ? -1 : 1 }
    @inline(__always) set { setFlag(ConstraintRecord.flipFlag, newValue < 0) }
  }
  /// Coefficient of the marker in the stored (flipped) original row: what a
  /// constant change is divided by to become a marker shift.
  var markerCoeff: Double {
    @inline(__always) get { countAndFlags & ConstraintRecord.negativeMarkerFlag != 0 ? -1 : 1 }
    @inline(__always) set { setFlag(ConstraintRecord.negativeMarkerFlag, newValue < 0) }
  }
}

extension Tableau {
  @inline(__always)
  func constraintSlot(_ h: SolverConstraint) -> Int? {
    let c = HandleCodec.slot(h.id)
    guard h.id >= 0, c < cons.count, cons[c].live, !cons[c].isEdit,
          cons[c].generation == HandleCodec.generation(h.id) else { return nil }
    return c
  }

  /// Inlined: called on `SimplexSolver.tableau`, a call copied the whole Tableau struct
  /// first (a 64-instruction memcpy per addition and per removal's lookup).
  @inline(__always)
  func handle(_ c: Int) -> SolverConstraint {
    SolverConstraint(id: HandleCodec.encode(slot: c, generation: cons[c].generation))
  }

  /// The slot of a live constraint (edits excluded), or nil.
  @inline(__always)
  func liveConstraint(_ c: Int) -> Int? { c >= 0 && c < cons.count && cons[c].live && !cons[c].isEdit ? c : nil }

  mutating func allocConstraint() -> Int? {
    if let f = freeCons.popLast() {
      let c = Int(f)
      cons[c].generation = HandleCodec.bump(cons[c].generation)
      return c
    }
    if cons.count >= HandleCodec.maxSlots { return nil }
    cons.append(ConstraintRecord())
    return cons.count - 1
  }

  /// Priority of constraint slot `c` (1000 for a required one).
  func priority(slot c: Int) -> Double {
    let k = cons[c].level
    return k < 0 ? 1000 : levels[k].priority
  }

  /// Forgets constraint `c`: frees its symbols (scrubbing any leftovers), its level
  /// use and its variable references, and retires the handle.
  mutating func discardConstraint(_ c: Int) {
    if cons[c].marker >= 0 { freeSymbol(cons[c].marker) }
    if cons[c].other >= 0 { freeSymbol(cons[c].other) }
    if cons[c].level >= 0 { releaseLevel(cons[c].level) }
    if c < errorWeights.count { errorWeights[c] = 1 }
    let block = cons[c].terms
    let used = cons[c].variables
    let n = cons[c].termCount
    cons[c].terms = ConstraintRecord.noTerms
    cons[c].termCount = 0
    for i in 0..<n { releaseVariableReference(Int(used[i])) }
    if n > 0 { pool.free(block, class: ConstraintRecord.termClass(count: n)) }
    cons[c].live = false
    cons[c].marker = -1
    cons[c].other = -1
    cons[c].level = -1
    freeCons.append(Int32(c))
    liveConstraints -= 1
  }
}
