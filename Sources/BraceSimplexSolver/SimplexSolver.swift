// The API the engine integrates against. A thin class over `Engine` (one
// exclusivity check per call); every entry point validates before mutating.
// Single-threaded: the host calls it from one thread at a time.

package final class SimplexSolver {
  // Single-threaded by contract and never re-entered, so the per-call dynamic
  // exclusivity check (measured at ~20% of an edit re-solve) is dropped.
  @exclusivity(unchecked) var engine = Engine()

  package init() {}

  deinit { engine.deallocate() }

  // MARK: Variables

  /// A new variable (value 0 until constrained). Returns an invalid handle (id 0)
  /// only if 16,777,215 variables are live.
  package func makeVariable() -> SolverVariable { engine.makeVariable() }

  /// The caller promises no constraint or edit uses `v` any more; its slot is reused.
  /// If one still does, this does nothing (the variable stays valid).
  package func releaseVariable(_ v: SolverVariable) { engine.releaseVariable(v) }

  /// The solved value; 0 for a variable no constraint determines or an unknown handle.
  /// Inside a batch it reflects the work done so far (final after `endBatch`).
  package func value(of v: SolverVariable) -> Double {
    guard let s = engine.variableSlot(v) else { return 0 }
    return engine.value(slot: s)
  }

  package func isValid(_ v: SolverVariable) -> Bool { engine.variableSlot(v) != nil }

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
    guard let v = engine.liveVariable(v) else { return nil }
    return SolverVariable(id: HandleCodec.encode(slot: v, generation: engine.vars[v].generation))
  }

  /// The live constraint in storage slot `slot` (edits excluded), or nil.
  package func constraint(slot c: Int) -> SolverConstraint? {
    guard let c = engine.liveConstraint(c) else { return nil }
    return engine.handle(c)
  }

  package func value(ofSlot v: Int) -> Double {
    guard let v = engine.liveVariable(v) else { return 0 }
    return engine.value(slot: v)
  }

  package func suggestValue(slot v: Int, _ value: Double) throws(SolverError) {
    guard let v = engine.liveVariable(v) else { throw .unknownVariable }
    try engine.suggestValue(slot: v, value)
  }

  package func setConstant(slot c: Int, _ constant: Double) throws(SolverError) {
    guard let c = engine.liveConstraint(c) else { throw .unknownConstraint }
    try engine.setConstant(slot: c, constant)
  }

  package func isAmbiguous(slot v: Int) -> Bool {
    guard let v = engine.liveVariable(v) else { return false }
    engine.flush()
    return engine.isAmbiguous(slot: v)
  }

  /// `takeChangedVariables` as slots.
  package func takeChangedSlots() -> [UInt32] { engine.takeChangedSlots() }

  /// True when the constraints do not determine `v`: some lexicographically optimal
  /// solution (every priority level at its optimum) gives it a different value.
  /// A variable no constraint mentions is ambiguous; an unknown handle is not.
  /// Exact, degenerate vertices included (see Ambiguity.swift); inside a batch the
  /// pending work is settled first, as `endBatch` would.
  package func isAmbiguous(_ v: SolverVariable) -> Bool {
    guard let s = engine.variableSlot(v) else { return false }
    engine.flush()
    return engine.isAmbiguous(slot: s)
  }

  // MARK: Constraints

  /// Adds `sum(terms) + constant REL 0` at `priority` (1...1000, 1000 = required; every
  /// distinct Double is its own strictly ordered level). A required constraint that
  /// contradicts earlier required ones is refused with `.unsatisfiable`, listing them.
  package func addConstraint(
    _ terms: [SolverTerm], constant: Double, relation: SolverRelation, priority: Double
  ) throws(SolverError) -> SolverConstraint {
    let c = try engine.addConstraint(terms, constant: constant, relation: relation, priority: priority, isEdit: false)
    return engine.handle(c)
  }

  package func removeConstraint(_ c: SolverConstraint) throws(SolverError) {
    guard let s = engine.constraintSlot(c) else { throw .unknownConstraint }
    engine.removeConstraint(slot: s)
  }

  package func contains(_ c: SolverConstraint) -> Bool { engine.constraintSlot(c) != nil }

  /// Changes the constant in place (a marker shift plus a dual re-solve, no rebuild).
  /// A required constraint whose new constant contradicts other required constraints
  /// keeps its old constant and `.unsatisfiable` lists them.
  package func setConstant(_ c: SolverConstraint, _ constant: Double) throws(SolverError) {
    guard let s = engine.constraintSlot(c) else { throw .unknownConstraint }
    try engine.setConstant(slot: s, constant)
  }

  /// Optional -> optional only (1...<1000); `.badPriority` otherwise.
  package func setPriority(_ c: SolverConstraint, _ priority: Double) throws(SolverError) {
    guard let s = engine.constraintSlot(c) else { throw .unknownConstraint }
    try engine.setPriority(slot: s, priority)
  }

  package func constant(of c: SolverConstraint) -> Double? {
    engine.constraintSlot(c).map { engine.cons[$0].constant }
  }

  package func priority(of c: SolverConstraint) -> Double? {
    engine.constraintSlot(c).map { engine.priority(slot: $0) }
  }

  // MARK: Edit variables

  /// An optional `v == value` at `priority` (< 1000) that starts at v's current value.
  package func addEditVariable(_ v: SolverVariable, priority: Double) throws(SolverError) {
    try engine.addEditVariable(v, priority: priority)
  }

  package func removeEditVariable(_ v: SolverVariable) throws(SolverError) {
    try engine.removeEditVariable(v)
  }

  package func hasEditVariable(_ v: SolverVariable) -> Bool {
    engine.variableSlot(v).map { engine.vars[$0].edit >= 0 } ?? false
  }

  package func suggestValue(_ v: SolverVariable, _ value: Double) throws(SolverError) {
    try engine.suggestValue(v, value)
  }

  // MARK: Batching and change tracking

  /// Until the matching `endBatch`, constant changes and suggestions queue infeasible
  /// rows for one dual re-solve (a structural change settles them first). Structural
  /// changes re-optimize at once, as outside a batch, so a batch never costs more than
  /// the same calls one by one. Required constant changes and required additions are
  /// checked immediately.
  package func beginBatch() { engine.batchDepth += 1 }

  package func endBatch() {
    guard engine.batchDepth > 0 else { return }
    engine.batchDepth -= 1
    if engine.batchDepth == 0 { engine.flush() }
  }

  /// Variables whose value changed since the previous call (bitwise comparison).
  package func takeChangedVariables() -> [SolverVariable] { engine.takeChangedVariables() }
}
