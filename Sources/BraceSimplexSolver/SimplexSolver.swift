// The solver's API (what the BraceSimplex plugin calls): a thin class over `Tableau`;
// every entry point validates before mutating. Single-threaded: the host calls it from
// one thread at a time.

package final class SimplexSolver {
  // Single-threaded by contract and never re-entered, so the per-call dynamic
  // exclusivity check (measured at ~20% of an edit re-solve) is dropped.
  @exclusivity(unchecked) var tableau = Tableau()

  package init() {}

  deinit { tableau.deallocate() }

  /// Forgets every variable and constraint: the solver answers exactly as a new one would
  /// (the same handles, pivots and values), on the storage it has grown (see
  /// `Tableau.reset`). `storageBytes` is how much that is.
  package func reset() { tableau.reset() }

  package var storageBytes: Int { tableau.storageBytes }

  // MARK: Variables

  /// A new variable (value 0 until constrained). Returns an invalid handle (id 0)
  /// only if 16,777,215 variables are live.
  package func makeVariable() -> SolverVariable { tableau.makeVariable() }

  /// The caller promises no constraint or edit uses `v` any more; its slot is reused.
  /// If one still does, this does nothing (the variable stays valid).
  package func releaseVariable(_ v: SolverVariable) { tableau.releaseVariable(v) }

  /// The solved value; 0 for a variable no constraint determines or an unknown handle.
  /// Inside a batch it reflects the work done so far (final after `endBatch`).
  package func value(of v: SolverVariable) -> Double {
    guard let s = tableau.variableSlot(v) else { return 0 }
    return tableau.value(slot: s)
  }

  package func isValid(_ v: SolverVariable) -> Bool { tableau.variableSlot(v) != nil }

  /// Storage slot of a handle (what the plugin hands the host as an id).
  package static func slot(of v: SolverVariable) -> Int { HandleCodec.slot(v.id) }
  package static func slot(of c: SolverConstraint) -> Int { HandleCodec.slot(c.id) }

  // MARK: By storage slot
  //
  // A host that names variables and constraints by their slots (the plugin: the ids it
  // hands out are slots) calls these instead of keeping a table of handles. A slot names
  // whatever occupies it now; one not in use is `unknownVariable`/`unknownConstraint`
  // (or 0, false, nil), as a stale handle would be.

  /// The live variable in storage slot `slot`, or nil.
  package func variable(slot v: Int) -> SolverVariable? {
    guard let v = tableau.liveVariable(v) else { return nil }
    return SolverVariable(id: HandleCodec.encode(slot: v, generation: tableau.vars[v].generation))
  }

  /// The live constraint in storage slot `slot` (edits excluded), or nil.
  package func constraint(slot c: Int) -> SolverConstraint? {
    guard let c = tableau.liveConstraint(c) else { return nil }
    return tableau.handle(c)
  }

  package func value(ofSlot v: Int) -> Double {
    guard let v = tableau.liveVariable(v) else { return 0 }
    return tableau.value(slot: v)
  }

  package func suggestValue(slot v: Int, _ value: Double) throws(SolverError) {
    try tableau.suggestValue(slot: liveVariable(v), value)
  }

  package func setConstant(slot c: Int, _ constant: Double) throws(SolverError) {
    try tableau.setConstant(slot: liveConstraint(c), constant)
  }

  package func setWeight(slot c: Int, _ weight: Double) throws(SolverError) {
    try tableau.setWeight(slot: liveConstraint(c), weight)
  }

  package func isAmbiguous(slot v: Int) -> Bool {
    guard let v = tableau.liveVariable(v) else { return false }
    tableau.flush()
    return tableau.isAmbiguous(slot: v)
  }

  /// `takeChangedVariables` as slots.
  package func takeChangedSlots() -> [UInt32] { tableau.takeChangedSlots() }

  /// True when the constraints do not determine `v`: some lexicographically optimal
  /// solution (every priority level at its optimum) gives it a different value.
  /// A variable no constraint mentions is ambiguous; an unknown handle is not.
  /// Exact, degenerate vertices included (see Ambiguity.swift); inside a batch the
  /// pending work is settled first, as `endBatch` would.
  package func isAmbiguous(_ v: SolverVariable) -> Bool {
    guard let s = tableau.variableSlot(v) else { return false }
    return isAmbiguous(slot: s)
  }

  // MARK: Constraints

  /// Adds `sum(terms) + constant REL 0` at `priority` (1...1000, 1000 = required; every
  /// distinct Double is its own strictly ordered level). A required constraint that
  /// contradicts earlier required ones is refused with `.unsatisfiable`, listing them.
  package func addConstraint(
    _ terms: [SolverTerm], constant: Double, relation: SolverRelation, priority: Double
  ) throws(SolverError) -> SolverConstraint {
    let c = try tableau.addConstraint(terms, constant: constant, relation: relation, priority: priority, isEdit: false)
    return tableau.handle(c)
  }

  /// The same over a buffer of terms the caller keeps, weighing `weight` from the start
  /// (`setWeight`'s rule: finite and > 0, else `.badWeight` and nothing added): one
  /// optimization where add then setWeight made two. (Checked here, not in the tableau's
  /// add: there the check cost every addition about 17 instructions.)
  package func addConstraint(
    _ terms: UnsafeBufferPointer<SolverTerm>, constant: Double, relation: SolverRelation, priority: Double,
    weight: Double
  ) throws(SolverError) -> SolverConstraint {
    guard weight.isFinite, weight > 0 else { throw .badWeight }
    let c = try tableau.addConstraint(
      terms, constant: constant, relation: relation, priority: priority, weight: weight, isEdit: false)
    return tableau.handle(c)
  }

  /// `addConstraint` over terms that name their variables by storage slot (each
  /// `variable.id` a slot, as the plugin's ids; `.unknownVariable` for one not live,
  /// checked first), with `weight` if not nil (`setWeight`'s rule), returning the
  /// constraint's slot. For a host that keeps slots, not handles: the plugin passes the
  /// host's terms in place (`SolverTerm` has the layout of `brace_solver_term`), where it
  /// copied them into handles that the add decoded again (callgrind, kiwi add workload at
  /// N = 10: about 30 instructions an addition).
  package func addConstraint(
    slots terms: UnsafeBufferPointer<SolverTerm>, constant: Double, relation: SolverRelation, priority: Double,
    weight: Double?
  ) throws(SolverError) -> Int {
    for t in terms where tableau.liveVariable(Int(t.variable.id)) == nil { throw .unknownVariable }
    if let weight {
      guard weight.isFinite, weight > 0 else { throw .badWeight }
      return try tableau.addConstraint(
        terms, constant: constant, relation: relation, priority: priority, weight: weight, isEdit: false, bySlot: true)
    }
    return try tableau.addConstraint(
      terms, constant: constant, relation: relation, priority: priority, isEdit: false, bySlot: true)
  }

  package func removeConstraint(_ c: SolverConstraint) throws(SolverError) {
    try tableau.removeConstraint(slot: liveConstraint(c))
  }

  package func contains(_ c: SolverConstraint) -> Bool { tableau.constraintSlot(c) != nil }

  /// Changes the constant in place (a marker shift plus a dual re-solve, no rebuild).
  /// A required constraint whose new constant contradicts other required constraints
  /// keeps its old constant and `.unsatisfiable` lists them.
  package func setConstant(_ c: SolverConstraint, _ constant: Double) throws(SolverError) {
    try tableau.setConstant(slot: liveConstraint(c), constant)
  }

  /// Optional -> optional only (1...<1000); `.badPriority` otherwise.
  package func setPriority(_ c: SolverConstraint, _ priority: Double) throws(SolverError) {
    try tableau.setPriority(slot: liveConstraint(c), priority)
  }

  /// Weight of an optional constraint's errors within its level (finite, > 0; default
  /// 1): its level minimizes sum(weight * |error|). Kept but without effect while the
  /// constraint is required. `.badWeight` otherwise, nothing changed.
  package func setWeight(_ c: SolverConstraint, _ weight: Double) throws(SolverError) {
    try tableau.setWeight(slot: liveConstraint(c), weight)
  }

  package func weight(of c: SolverConstraint) -> Double? {
    tableau.constraintSlot(c).map { tableau.weight(slot: $0) }
  }

  /// The weight of `v`'s edit, as `setWeight`; `.unknownEditVariable` without one.
  package func setEditWeight(_ v: SolverVariable, _ weight: Double) throws(SolverError) {
    guard let s = tableau.variableSlot(v) else { throw .unknownVariable }
    let c = tableau.vars[s].edit
    guard c >= 0 else { throw .unknownEditVariable }
    try tableau.setWeight(slot: c, weight)
  }

  package func constant(of c: SolverConstraint) -> Double? {
    tableau.constraintSlot(c).map { tableau.cons[$0].constant }
  }

  package func priority(of c: SolverConstraint) -> Double? {
    tableau.constraintSlot(c).map { tableau.priority(slot: $0) }
  }

  // MARK: Edit variables

  /// An optional `v == value` at `priority` (< 1000) that starts at v's current value.
  package func addEditVariable(_ v: SolverVariable, priority: Double) throws(SolverError) {
    try tableau.addEditVariable(v, priority: priority)
  }

  package func removeEditVariable(_ v: SolverVariable) throws(SolverError) {
    try tableau.removeEditVariable(v)
  }

  package func hasEditVariable(_ v: SolverVariable) -> Bool {
    tableau.variableSlot(v).map { tableau.vars[$0].edit >= 0 } ?? false
  }

  package func suggestValue(_ v: SolverVariable, _ value: Double) throws(SolverError) {
    try tableau.suggestValue(v, value)
  }

  // MARK: Batching and change tracking

  /// Until the matching `endBatch`, constant changes and suggestions queue infeasible
  /// rows for one dual re-solve (a structural change settles them first). Structural
  /// changes re-optimize at once, as outside a batch, so a batch never costs more than
  /// the same calls one by one. Required constant changes and required additions are
  /// checked immediately.
  package func beginBatch() { tableau.batchDepth += 1 }

  package func endBatch() {
    guard tableau.batchDepth > 0 else { return }
    tableau.batchDepth -= 1
    if tableau.batchDepth == 0 { tableau.flush() }
  }

  /// Variables whose value changed since the previous call (bitwise comparison).
  package func takeChangedVariables() -> [SolverVariable] { tableau.takeChangedVariables() }

  // MARK: Resolving
  //
  // What an entry point that changes something does first: a handle or slot that names
  // nothing live is an error, never another variable or constraint.

  /// The slot of constraint handle `c`, or `.unknownConstraint`.
  @inline(__always)
  func liveConstraint(_ c: SolverConstraint) throws(SolverError) -> Int {
    guard let s = tableau.constraintSlot(c) else { throw .unknownConstraint }
    return s
  }

  /// Slot `c` if a constraint (not an edit) lives there, or `.unknownConstraint`.
  @inline(__always)
  func liveConstraint(_ c: Int) throws(SolverError) -> Int {
    guard let c = tableau.liveConstraint(c) else { throw .unknownConstraint }
    return c
  }

  /// Slot `v` if a variable lives there, or `.unknownVariable`.
  @inline(__always)
  func liveVariable(_ v: Int) throws(SolverError) -> Int {
    guard let v = tableau.liveVariable(v) else { throw .unknownVariable }
    return v
  }
}
