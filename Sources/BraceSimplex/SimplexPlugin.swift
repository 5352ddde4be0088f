import BracePluginKit
import BraceSimplexSolver
import CBrace
import Synchronization

// The "simplex" strategy: Brace's default constraint solver, as a plugin. It adapts the
// incremental simplex of BraceSimplexSolver to the solver hooks of brace_plugin.h. The
// ids the host sees are the solver's storage slots (small, dense, reused after release);
// the solver turns a live slot back into its full handle (slot + generation).

/// One linear system: the context's own, or a temporary one for fitting sizes. The
/// host's ids are the solver's storage slots; the solver's own records turn them back
/// into handles (no table of handles here).
final class Instance {
  let solver = SimplexSolver()
  /// Changed variables the solver reported; those from `handedOut` on are not yet
  /// handed to the host.
  var changed: [UInt32] = []
  var handedOut = 0

  /// Back to the state of a new instance, keeping the storage (`SimplexSolver.reset`).
  func reset() {
    solver.reset()
    changed.removeAll(keepingCapacity: true)
    handedOut = 0
  }

  func slot(_ v: SolverVariable) -> UInt32 { UInt32(SimplexSolver.slot(of: v)) }
  func slot(_ c: SolverConstraint) -> UInt32 { UInt32(SimplexSolver.slot(of: c)) }

  func variable(_ k: UInt32) -> SolverVariable? { solver.variable(slot: Int(k)) }

  func row(_ k: UInt32) -> SolverConstraint? { solver.constraint(slot: Int(k)) }
}

private func instance(_ raw: UnsafeMutableRawPointer?) -> Instance? {
  raw.map { Unmanaged<Instance>.fromOpaque($0).takeUnretainedValue() }
}

/// Runs `body` on the instance borrowed, not retained and released around the call (the
/// host holds it until solver_destroy, which no solver call makes): for an addition, a
/// removal, a weight, a new variable, a suggestion and the batch around every change
/// (callgrind: 20 to 30 instructions each, and an atomic increment and decrement). Not
/// through `on`: its closures were then no longer inlined (+40 a removal).
@inline(__always)
private func borrowing<R>(_ raw: UnsafeMutableRawPointer?, else none: R, _ body: (Instance) -> R) -> R {
  guard let raw else { return none }
  return Unmanaged<Instance>.fromOpaque(raw)._withUnsafeGuaranteedRef(body)
}

private func status(_ e: SolverError) -> brace_status {
  switch e {
  case .unsatisfiable: BRACE_E_UNSATISFIABLE
  case .unknownConstraint, .unknownVariable, .unknownEditVariable: BRACE_E_INVALID_HANDLE
  case .duplicateEditVariable: BRACE_E_DUPLICATE
  case .badPriority, .badWeight, .nonFinite: BRACE_E_INVALID_ARGUMENT
  case .capacityExceeded: BRACE_E_NO_MEMORY
  }
}

/// Runs a solver call and turns its error into a status.
private func attempt(_ body: () throws(SolverError) -> Void) -> brace_status {
  do {
    try body()
    return BRACE_OK
  } catch {
    return status(error)
  }
}

/// The instance of the last solver destroyed, reset, for the next solver_create to take
/// (its address; 0 for none). A new context's solver then starts on storage that has
/// grown already: no allocation for the tableau's buffers, no regrowth, and no page
/// faults on memory the allocator gave back to the system at the destroy (kiwi add
/// workload at N = 1,000: the kernel's page faults were a third of the plugin's time).
/// One slot for the process, swapped atomically (contexts may live on different threads);
/// an instance above `spareLimit` bytes of storage is freed instead, so that what stays
/// allocated after the last context is gone is bounded. Plugins are never unloaded, so
/// the instance stays reachable.
private let spare = Atomic<UInt>(0)
private let spareLimit = 1 << 20

private func solverCreate(_ ctx: OpaquePointer?, _ state: UnsafeMutableRawPointer?, _ out: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> brace_status {
  guard let out else { return BRACE_E_INVALID_ARGUMENT }
  let kept = spare.exchange(0, ordering: .acquiring)
  out.pointee = kept != 0 ? UnsafeMutableRawPointer(bitPattern: kept) : Unmanaged.passRetained(Instance()).toOpaque()
  return BRACE_OK
}

private func solverDestroy(_ ctx: OpaquePointer?, _ state: UnsafeMutableRawPointer?, _ raw: UnsafeMutableRawPointer?) {
  guard let raw else { return }
  let s = Unmanaged<Instance>.fromOpaque(raw)
  guard s._withUnsafeGuaranteedRef({ $0.solver.storageBytes }) <= spareLimit else {
    s.release()
    return
  }
  s._withUnsafeGuaranteedRef { $0.reset() }
  let old = spare.exchange(UInt(bitPattern: Int(bitPattern: raw)), ordering: .acquiringAndReleasing)
  if old != 0 { Unmanaged<Instance>.fromOpaque(UnsafeMutableRawPointer(bitPattern: old)!).release() }
}

private func newVariable(_ raw: UnsafeMutableRawPointer?, _ out: UnsafeMutablePointer<UInt32>?) -> brace_status {
  borrowing(raw, else: BRACE_E_INVALID_ARGUMENT) { s in
    guard let out else { return BRACE_E_INVALID_ARGUMENT }
    let v = s.solver.makeVariable()
    guard s.solver.isValid(v) else { return BRACE_E_NO_MEMORY }
    out.pointee = s.slot(v)
    return BRACE_OK
  }
}

private func releaseVariable(_ raw: UnsafeMutableRawPointer?, _ k: UInt32) {
  guard let s = instance(raw), let v = s.variable(k) else { return }
  s.solver.releaseVariable(v)
}

private func relation(_ r: brace_relation) -> SolverRelation? {
  switch r {
  case BRACE_RELATION_LESS_EQUAL: .lessOrEqual
  case BRACE_RELATION_EQUAL: .equal
  case BRACE_RELATION_GREATER_EQUAL: .greaterOrEqual
  default: nil
  }
}

private func add(
  _ raw: UnsafeMutableRawPointer?, _ terms: UnsafePointer<brace_solver_term>?, _ count: Int, _ rel: brace_relation,
  _ constant: Double, _ priority: Double, _ out: UnsafeMutablePointer<UInt32>?, _ conflicts: UnsafeMutablePointer<UInt32>?,
  _ capacity: Int, _ conflictCount: UnsafeMutablePointer<Int>?
) -> brace_status {
  borrowing(raw, else: BRACE_E_INVALID_ARGUMENT) { s in
    add(s, terms, count, rel, constant, priority, nil, out, conflicts, capacity, conflictCount)
  }
}

/// add_weighted (plugin ABI 1.6): the row's weight in the objective before the solver
/// optimizes, where add then set_weight optimized twice.
private func addWeighted(
  _ raw: UnsafeMutableRawPointer?, _ terms: UnsafePointer<brace_solver_term>?, _ count: Int, _ rel: brace_relation,
  _ constant: Double, _ priority: Double, _ weight: Double, _ out: UnsafeMutablePointer<UInt32>?,
  _ conflicts: UnsafeMutablePointer<UInt32>?, _ capacity: Int, _ conflictCount: UnsafeMutablePointer<Int>?
) -> brace_status {
  borrowing(raw, else: BRACE_E_INVALID_ARGUMENT) { s in
    add(s, terms, count, rel, constant, priority, weight, out, conflicts, capacity, conflictCount)
  }
}

/// Both adds; `weight` nil for add (the solver's unweighted add, which checks no weight).
/// The solver reads the host's terms in place, their ids being its variable slots: a
/// `SolverTerm` is laid out as a `brace_solver_term` (a 32-bit id, then the coefficient
/// at offset 8; SimplexHookTests checks it).
@inline(__always)
private func add(
  _ s: Instance, _ terms: UnsafePointer<brace_solver_term>?, _ count: Int, _ rel: brace_relation,
  _ constant: Double, _ priority: Double, _ weight: Double?, _ out: UnsafeMutablePointer<UInt32>?,
  _ conflicts: UnsafeMutablePointer<UInt32>?, _ capacity: Int, _ conflictCount: UnsafeMutablePointer<Int>?
) -> brace_status {
  guard let out, let r = relation(rel), count >= 0, count == 0 || terms != nil else {
    return BRACE_E_INVALID_ARGUMENT
  }
  do {
    let c = try solverTerms(terms, count) { (held) throws(SolverError) in
      try s.solver.addConstraint(slots: held, constant: constant, relation: r, priority: priority, weight: weight)
    }
    conflictCount?.pointee = 0
    out.pointee = UInt32(truncatingIfNeeded: c)
    return BRACE_OK
  } catch {
    switch error {
    case .unsatisfiable(let others):
      let ids = others.map { s.slot($0) }
      // conflict_capacity is a size_t: one past Int.max (SIZE_MAX, say) arrives
      // negative here, and a negative bound would trap the range.
      if let conflicts {
        for k in 0..<Int(min(UInt(ids.count), UInt(bitPattern: capacity))) { conflicts[k] = ids[k] }
      }
      conflictCount?.pointee = ids.count
    case .unknownVariable:
      break  // refused before the add, as the host's ids were checked before
    default:
      conflictCount?.pointee = 0
    }
    return status(error)
  }
}

/// The host's `count` terms as the solver's (the same layout), for `body`.
@inline(__always)
private func solverTerms<R>(
  _ terms: UnsafePointer<brace_solver_term>?, _ count: Int,
  _ body: (UnsafeBufferPointer<SolverTerm>) throws(SolverError) -> R
) throws(SolverError) -> R {
  guard let terms, count > 0 else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
  return try terms.withMemoryRebound(to: SolverTerm.self, capacity: count) { (p) throws(SolverError) in
    try body(UnsafeBufferPointer(start: p, count: count))
  }
}

/// Runs a solver call on the live constraint or variable `k`, which `find` looks up.
private func on<Item>(
  _ raw: UnsafeMutableRawPointer?, _ k: UInt32, _ find: (Instance, UInt32) -> Item?,
  _ body: (SimplexSolver, Item) throws(SolverError) -> Void
) -> brace_status {
  guard let s = instance(raw) else { return BRACE_E_INVALID_ARGUMENT }
  guard let item = find(s, k) else { return BRACE_E_INVALID_HANDLE }
  return attempt { () throws(SolverError) in try body(s.solver, item) }
}

private func remove(_ raw: UnsafeMutableRawPointer?, _ k: UInt32) -> brace_status {
  borrowing(raw, else: BRACE_E_INVALID_ARGUMENT) { s in
    guard let c = s.row(k) else { return BRACE_E_INVALID_HANDLE }
    return attempt { () throws(SolverError) in try s.solver.removeConstraint(c) }
  }
}

private func setConstant(_ raw: UnsafeMutableRawPointer?, _ k: UInt32, _ constant: Double) -> brace_status {
  guard let s = instance(raw) else { return BRACE_E_INVALID_ARGUMENT }
  return attempt { () throws(SolverError) in try s.solver.setConstant(slot: Int(k), constant) }
}

private func setPriority(_ raw: UnsafeMutableRawPointer?, _ k: UInt32, _ priority: Double) -> brace_status {
  on(raw, k, { $0.row($1) }) { (solver, c) throws(SolverError) in try solver.setPriority(c, priority) }
}

private func setWeight(_ raw: UnsafeMutableRawPointer?, _ k: UInt32, _ weight: Double) -> brace_status {
  borrowing(raw, else: BRACE_E_INVALID_ARGUMENT) { s in
    attempt { () throws(SolverError) in try s.solver.setWeight(slot: Int(k), weight) }
  }
}

private func setEditWeight(_ raw: UnsafeMutableRawPointer?, _ k: UInt32, _ weight: Double) -> brace_status {
  on(raw, k, { $0.variable($1) }) { (solver, v) throws(SolverError) in try solver.setEditWeight(v, weight) }
}

private func addEdit(_ raw: UnsafeMutableRawPointer?, _ k: UInt32, _ priority: Double) -> brace_status {
  on(raw, k, { $0.variable($1) }) { (solver, v) throws(SolverError) in try solver.addEditVariable(v, priority: priority) }
}

private func removeEdit(_ raw: UnsafeMutableRawPointer?, _ k: UInt32) -> brace_status {
  on(raw, k, { $0.variable($1) }) { (solver, v) throws(SolverError) in try solver.removeEditVariable(v) }
}

private func suggest(_ raw: UnsafeMutableRawPointer?, _ k: UInt32, _ value: Double) -> brace_status {
  borrowing(raw, else: BRACE_E_INVALID_ARGUMENT) { s in
    attempt { () throws(SolverError) in try s.solver.suggestValue(slot: Int(k), value) }
  }
}

private func beginBatch(_ raw: UnsafeMutableRawPointer?) { borrowing(raw, else: ()) { $0.solver.beginBatch() } }
private func endBatch(_ raw: UnsafeMutableRawPointer?) { borrowing(raw, else: ()) { $0.solver.endBatch() } }

/// Read for every variable of a bulk read (brace_variables_get_values): the instance is
/// borrowed, not retained and released around each answer (callgrind, 500,000 answers:
/// 64 instructions an answer in the plugin before, 30 after).
private func value(_ raw: UnsafeMutableRawPointer?, _ k: UInt32) -> Double {
  guard let raw else { return 0 }
  return Unmanaged<Instance>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.solver.value(ofSlot: Int(k)) }
}

private func takeChanged(_ raw: UnsafeMutableRawPointer?, _ buffer: UnsafeMutablePointer<UInt32>?, _ capacity: Int) -> Int {
  guard let s = instance(raw), let buffer, capacity > 0 else { return 0 }
  // A cursor, not removeFirst: a small host buffer drains a long list in linear time.
  if s.handedOut == s.changed.count {
    s.changed = s.solver.takeChangedSlots()
    s.handedOut = 0
  }
  let n = min(capacity, s.changed.count - s.handedOut)
  for k in 0..<n { buffer[k] = s.changed[s.handedOut + k] }
  s.handedOut += n
  return n
}

private func isAmbiguous(_ raw: UnsafeMutableRawPointer?, _ k: UInt32) -> Bool {
  guard let s = instance(raw) else { return false }
  return s.solver.isAmbiguous(slot: Int(k))
}

nonisolated(unsafe) private let descriptor = solverDescriptor(
  "simplex", create: solverCreate, destroy: solverDestroy, newVariable: newVariable, releaseVariable: releaseVariable,
  add: add, remove: remove, setConstant: setConstant, setPriority: setPriority, addEdit: addEdit, removeEdit: removeEdit,
  suggest: suggest, beginBatch: beginBatch, endBatch: endBatch, value: value, takeChanged: takeChanged,
  isAmbiguous: isAmbiguous, setWeight: setWeight, setEditWeight: setEditWeight, addWeighted: addWeighted)

@c(brace_plugin_entry)
public func braceSimplexEntry(_ h: UnsafePointer<brace_host_api>?) -> UnsafePointer<brace_strategy_desc>? {
  acceptHost(h) ? descriptor : nil
}
