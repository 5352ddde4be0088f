import CBrace

/// The context's solver instance (a solver strategy) and its variables, and the nodes in
/// the engine (four variables each, held while constraints use them).
extension Context {
  // MARK: The solver

  /// Loads the solver strategy ("simplex" by default) and creates the context's instance.
  func ensureSolver() throws(BraceError) -> (LoadedStrategy, UnsafeMutableRawPointer) {
    if let s = bridge.solver, let i = bridge.solverInstance { return (s, i) }
    let k: Int32
    if let existing = plugins.strategies.firstIndex(where: { $0.desc.role == BRACE_ROLE_SOLVER }) {
      k = Int32(existing)
    } else {
      k = try loadStrategy(named: "simplex")
    }
    let s = plugins.strategies[Int(k)]
    // The solver hooks are all in the 1.0 descriptor (which ends before the baseline hook).
    guard s.desc.role == BRACE_ROLE_SOLVER,
      Int(s.desc.struct_size) >= MemoryLayout<brace_strategy_desc>.offset(of: \brace_strategy_desc.baseline)!,
      s.desc.solver_create != nil, s.desc.new_variable != nil, s.desc.add != nil, s.desc.remove != nil,
      s.desc.set_constant != nil, s.desc.set_priority != nil, s.desc.add_edit != nil, s.desc.remove_edit != nil,
      s.desc.suggest != nil, s.desc.begin_batch != nil, s.desc.end_batch != nil, s.desc.value != nil,
      s.desc.take_changed != nil, s.desc.is_ambiguous != nil, s.desc.release_variable != nil
    else {
      throw BraceError(BRACE_E_PLUGIN, "strategy \"\(s.name)\" (\(s.path)) is not a complete constraint solver")
    }
    var instance: UnsafeMutableRawPointer? = nil
    let status = s.desc.solver_create!(opaque, s.state, &instance)
    guard status == BRACE_OK, let instance else {
      throw BraceError(BRACE_E_PLUGIN, "solver \"\(s.name)\" could not create an instance (\(statusName(status)))")
    }
    bridge.solver = s
    bridge.solverDesc = s.descPointer
    bridge.solverInstance = instance
    return (s, instance)
  }

  /// The solver's instance, loaded first if need be: its calls are then read from
  /// `bridge.solverDesc`, no LoadedStrategy retained and released per call.
  @inline(__always)
  func solverInstance() throws(BraceError) -> UnsafeMutableRawPointer {
    if let i = bridge.solverInstance { return i }
    return try ensureSolver().1
  }

  /// How far past the ids in use a solver's new variable id may be (brace_plugin.h:
  /// ids are small integers). The host indexes a table by id, so an id it did not check
  /// could make it allocate without bound.
  static let variableIdSlack = 4096

  /// A new variable of the context's solver, recorded with its owner: a node's variable
  /// (node << 2 | x/y/w/h), or -2 for a free variable (-1 marks an unused id).
  func newSolverVariable(owner: Int64) throws(BraceError) -> UInt32 {
    let i = try solverInstance()
    var v: UInt32 = 0
    let status = bridge.solverDesc!.pointee.new_variable!(i, &v)
    guard status == BRACE_OK else { throw BraceError(BRACE_E_NO_MEMORY, "the solver could not make a variable (\(statusName(status)))") }
    let inUse = bridge.variableOwner.count
    guard Int(v) < inUse + Context.variableIdSlack, v <= UInt32(Handle.maxSlot) else {
      throw BraceError(BRACE_E_PLUGIN, "\(solverLabel) answered new_variable with id \(v), far past the \(inUse) ids it has given so far; a solver's variable ids must be small integers (brace_plugin.h)")
    }
    guard Int(v) >= inUse || bridge.variableOwner[Int(v)] == -1 else {
      throw BraceError(BRACE_E_PLUGIN, "\(solverLabel) answered new_variable with id \(v), which is still in use")
    }
    guard Int(v) >= inUse else {
      bridge.variableOwner[Int(v)] = owner
      return v
    }
    // A new id is appended with its owner (ids skipped over are marked unused).
    if Int(v) >= bridge.variableOwner.capacity { bridge.variableOwner.reserveCapacity(max(Int(v) + 1, grownRecordCapacity(inUse))) }
    if Int(v) > inUse { bridge.variableOwner.append(contentsOf: repeatElement(-1, count: Int(v) - inUse)) }
    bridge.variableOwner.append(owner)
    return v
  }

  /// The values of `handles`, written to `out` only once every handle is checked and
  /// every value read (a bad one leaves `out` as it was). One pass over the flat records
  /// with the solver's value function and instance fetched once: per variable, the
  /// handle's checks and the solver's answer, nothing else (it was ~200 instructions a
  /// variable through `variable(_:)` and `checkedSolverValue`, an array retained and a
  /// solver record copied on every read; kiwi's updateVariables reads every variable).
  func readValues(_ handles: UnsafeBufferPointer<brace_variable>, into out: UnsafeMutablePointer<Double>) throws(BraceError) {
    let read = bridge.solver?.desc.value
    let instance = bridge.solverInstance
    let tag = self.tag
    let kind = HandleKind.variable.rawValue
    try withUnsafeTemporaryAllocation(of: Double.self, capacity: handles.count) { values throws(BraceError) in
      var bad = -1
      bridge.variables.withUnsafeBufferPointer { records in
        for k in 0..<handles.count {
          let h = handles[k]
          let slot = Int(Handle.slot(h))
          guard Handle.kind(h) == kind, Handle.tag(h) == tag, slot < records.count,
            records[slot].generation == Handle.generation(h), records[slot].live
          else { bad = k; return }
          let x = read.map { $0(instance, records[slot].solverVariable) } ?? 0
          guard x.isFinite else { bad = k; return }
          values[k] = x
        }
      }
      if bad >= 0 {
        // The slow path names the problem: the handle's, or the solver's answer.
        do throws(BraceError) {
          _ = try checkedSolverValue(bridge.variables[try variable(handles[bad]).index].solverVariable)
        } catch {
          throw BraceError(error.status, "variables[\(bad)]: \(error.message)")
        }
        // A solver whose second answer was a number after all: `values` has a hole from
        // `bad` on, and `out` stays as it was all the same.
        throw BraceError(BRACE_E_PLUGIN, "variables[\(bad)]: the solver answered a value that is not a number")
      }
      // One block copy (update(from:) copied element by element through a call).
      UnsafeMutableRawPointer(out).copyMemory(from: values.baseAddress!, byteCount: handles.count * MemoryLayout<Double>.stride)
    }
  }

  /// How messages name the loaded solver: solver "NAME" (PATH).
  private var solverLabel: String { bridge.solver.map { "solver \"\($0.name)\" (\($0.path))" } ?? "the solver" }

  /// A solved value; a solver that answers a value that is not a number is reported.
  func checkedSolverValue(_ v: UInt32) throws(BraceError) -> Double {
    let x = solverValue(v)
    guard x.isFinite else {
      throw BraceError(BRACE_E_PLUGIN, "\(solverLabel) answered \(x) as the value of variable id \(v)")
    }
    return x
  }

  func releaseSolverVariable(_ v: UInt32) {
    guard let s = bridge.solver, let i = bridge.solverInstance else { return }
    if Int(v) < bridge.variableOwner.count { bridge.variableOwner[Int(v)] = -1 }
    s.desc.release_variable!(i, v)
  }

  func solverValue(_ v: UInt32) -> Double {
    guard let s = bridge.solver, let i = bridge.solverInstance else { return 0 }
    return s.desc.value!(i, v)
  }

  // MARK: Nodes in the engine

  /// The node's variables, made on first use.
  func engineVars(_ n: NodeID) throws(BraceError) -> (UInt32, UInt32, UInt32, UInt32) {
    if let st = bridge.engineNodes[n] { return st.vars }
    let base = Int64(n.raw) << 2
    var made: [UInt32] = []
    do throws(BraceError) {
      for k in 0..<4 { made.append(try newSolverVariable(owner: base | Int64(k))) }
    } catch {
      for v in made { releaseSolverVariable(v) }
      throw error
    }
    let (x, y, w, h) = (made[0], made[1], made[2], made[3])
    bridge.engineNodes[n] = NodeEngineState(vars: (x, y, w, h))
    // Its generated constraints (intrinsic size or autoresizing) join in the same solver
    // batch as what brought it in (see settleEntrants), and are kept up to date by the
    // constraints pass.
    if isTranslating(n) && !nodes.flags[n.index].contains(.frameGiven) {
      bridge.translatingEntrants.append(n)
    } else {
      bridge.entrants.append(n)
    }
    markConstraints(n)
    return (x, y, w, h)
  }

  /// Generates the constraints of nodes that just entered the engine, inside the
  /// caller's solver batch: adding a view's size constraints together with the
  /// constraints that position it keeps the tableau sparse (adding them a pass later,
  /// after long chains of positions, makes every row dense).
  ///
  /// With `translated` false, the nodes that translate a frame no one set keep waiting:
  /// within a batch of activations their 'h=' / 'v=' constraints go in at its end, where
  /// they break as any other constraint that comes last. A frame the caller set goes in
  /// at once; the batch's constraints that conflict with it break for it when they come
  /// (Activation.install), as they would when it came last (makeRoom).
  func settleEntrants(translated: Bool = true) {
    while let n = bridge.entrants.popLast() {
      if nodes.isLive(n) && isInEngine(n) { regenerate(n) }
    }
    guard translated else { return }
    while let n = bridge.translatingEntrants.popLast() {
      if nodes.isLive(n) && isInEngine(n) { regenerate(n) }
    }
  }

  func retainNode(_ n: NodeID) throws(BraceError) {
    _ = try engineVars(n)
    bridge.engineNodes[n]?.references += 1
  }

  /// Drops a reference; a node no one references leaves the engine with its generated
  /// constraints and variables.
  func releaseNode(_ n: NodeID) {
    guard var st = bridge.engineNodes[n] else { return }
    st.references -= 1
    bridge.engineNodes[n] = st
    guard st.references <= 0, bridge.edits.values.contains(n) == false else { return }
    destroyConstraints(st.generated)
    guard let after = bridge.engineNodes[n], after.references <= 0 else { return }
    bridge.engineNodes[n] = nil
    if !bridge.negativeReported.isEmpty { bridge.negativeReported[n] = nil }
    releaseSolverVariable(after.vars.0)
    releaseSolverVariable(after.vars.1)
    releaseSolverVariable(after.vars.2)
    releaseSolverVariable(after.vars.3)
  }

  func isInEngine(_ n: NodeID) -> Bool { (bridge.engineNodes[n]?.references ?? 0) > 0 }

  /// Whether the node's generated constraints are its translated frame ('h=' / 'v=').
  func isTranslating(_ n: NodeID) -> Bool {
    nodes.flags[n.index].contains(.translatesMask) && !nodes.flags[n.index].contains(.guide)
  }
}
