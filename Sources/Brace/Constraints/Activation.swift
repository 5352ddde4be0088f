import CBrace
import CBraceLibc

/// Activation: installing constraints' rows in the solver and taking them out,
/// destroying constraints, and changes to an active constraint.
extension Context {
  /// Activates constraints as one solver batch. Every check runs before anything changes.
  func activate(_ list: [ConstraintID]) throws(BraceError) {
    if let error = list.withUnsafeBufferPointer({ activate($0) }) { throw error }
  }

  /// Activates one constraint: the batch of one, without an array.
  func activate(_ c: ConstraintID) throws(BraceError) {
    var one = c
    if let error = withUnsafePointer(to: &one, { activate(UnsafeBufferPointer(start: $0, count: 1)) }) { throw error }
  }

  /// The batch itself; answers the error instead of throwing it. What it keeps while it
  /// runs (the generation each constraint was named with, whether it activated it) is
  /// scratch space on the stack: activating one constraint allocates nothing here.
  private func activate(_ list: UnsafeBufferPointer<ConstraintID>) -> BraceError? {
    let i: UnsafeMutableRawPointer
    do throws(BraceError) {
      for c in list where !bridge.constraints[c.index].active {
        for k in 0..<bridge.constraints[c.index].termCount {
          let t = bridge.constraints[c.index].term(k)
          if t.isVariable {
            guard bridge.variables[t.variable.index].live else { throw .invalidState("\(describeConstraint(c)) uses a destroyed variable") }
          } else {
            _ = try node(t.item, "an item of \(describeConstraint(c))")
          }
        }
        // (Free variables only: no container to find.)
        if !bridge.constraints[c.index].onlyVariables { _ = try container(of: bridge.constraints[c.index].terms) }
      }
      i = try solverInstance()
    } catch {
      return error
    }
    return activateChecked(list, on: i)
  }

  /// The batch on the loaded solver `i`, for constraints whose items were checked; answers
  /// the error instead of throwing it. (brace_constraint_add_on_variables' batch of one is
  /// activateOnFreeVariables.)
  @inline(__always)
  func activateChecked(_ list: UnsafeBufferPointer<ConstraintID>, on i: UnsafeMutableRawPointer) -> BraceError? {
    let desc = bridge.solverDesc!
    return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: list.count) { named -> BraceError? in
      // A diagnostics callback may destroy or create constraints during the batch: only
      // the constraints named, as they were named (their generation, the low 32 bits),
      // are activated; bit 32 records that this batch activated it.
      let activatedBit: UInt64 = 1 << 32
      for k in list.indices { named[k] = UInt64(bridge.constraints[list[k].index].generation) }
      bridge.pluginFault = nil
      let outer = bridge.activating
      if !outer { bridge.batchStart = bridge.activationClock }
      bridge.activating = true
      let outerCause = enterCause(.activation)
      desc.pointee.begin_batch!(i)
      for k in list.indices {
        let c = list[k]
        guard c.index < bridge.constraints.count, bridge.constraints[c.index].live,
          UInt64(bridge.constraints[c.index].generation) == named[k], !bridge.constraints[c.index].active
        else { continue }
        bridge.constraints[c.index].active = true
        stampActivation(c)
        named[k] |= activatedBit
        install(c)
        // The nodes this constraint brought into the engine get their generated
        // constraints now, before the next constraint: left for the end of the batch, a
        // long chain of positions is built first and every row of it grows dense as the
        // sizes arrive (cubic in the chain). Frames no one set wait for the end.
        settleEntrants(translated: false)
      }
      settleEntrants()
      desc.pointee.end_batch!(i)
      bridge.cause = outerCause
      bridge.activating = outer
      guard let fault = bridge.pluginFault else { return nil }
      // The solver plugin misbehaved: nothing of this batch stays.
      bridge.pluginFault = nil
      deactivate(list.indices.filter { named[$0] & activatedBit != 0 }.map { list[$0] })
      return fault
    }
  }

  func deactivate(_ list: [ConstraintID]) {
    list.withUnsafeBufferPointer { deactivate($0) }
  }

  /// Deactivates one constraint: the batch of one, without an array.
  func deactivate(_ c: ConstraintID) {
    var one = c
    withUnsafePointer(to: &one) { deactivate(UnsafeBufferPointer(start: $0, count: 1)) }
  }

  private func deactivate(_ list: UnsafeBufferPointer<ConstraintID>) {
    guard let s = bridge.solver, let i = bridge.solverInstance else {
      for c in list { bridge.constraints[c.index].active = false }
      return
    }
    s.desc.begin_batch!(i)
    for c in list where bridge.constraints[c.index].active {
      uninstall(c)
      bridge.constraints[c.index].active = false
      bridge.constraints[c.index].broken = false
      forgetBroken(c)
      releaseHold(c)
    }
    retryBroken()
    s.desc.end_batch!(i)
  }

  /// Puts an active constraint's row in the solver. A required row that conflicts is
  /// kept out, marked broken and reported; the solver is then as it was.
  func install(_ c: ConstraintID) {
    guard let i = bridge.solverInstance else { return }
    guard bridge.constraints[c.index].row == nil else { return }
    let holder: NodeID, own: NodeID?, touched: [NodeID]
    var row: LinearExpression
    if bridge.constraints[c.index].onlyVariables {
      // Free variables only: no container, no nodes to enter (half the core's cost of
      // adding such a constraint went to finding that out).
      guard let r = variableRow(c) else {
        keepBroken(c, container: nil)
        return
      }
      holder = .none
      own = nil
      touched = []
      row = r
    } else {
      // The fields are read one by one, not as a copy of the record (its arrays retained).
      let terms = bridge.constraints[c.index].terms
      guard itemsAreLive(terms), let h = try? container(of: terms) else {
        // Its items are gone or no longer share a tree: kept broken until that changes.
        keepBroken(c, container: nil)
        return
      }
      holder = h
      own = { if case .engine(let n) = bridge.constraints[c.index].owner { return n } else { return nil } }()
      touched = touchedNodes(terms, container: holder)
      guard let r = retainAndBuildRow(c, terms, container: holder, touched: touched, own: own) else { return }
      row = r
    }
    defer { recycleRowTerms(&row) }
    // Rows built from huge frames, insets or margins (a translated frame at 1e300) are
    // beyond the solver's tolerances: kept out, broken, and said so.
    guard abs(row.constant) <= Check.maxConstant * 4,
      row.terms.allSatisfy({ abs($0.coefficient) <= Check.maxCoefficient * 4 })
    else {
      for n in touched where n != own { releaseNode(n) }
      keepBroken(c, container: holder)
      emitDiagnostic(BRACE_DIAGNOSTIC_UNSATISFIABLE, "\(describeConstraint(c)) is not enforced: with the geometry of its items its numbers are beyond the solver's range (constants within ±1e9, multipliers within ±1e6)", nodes: [], constraints: [c])
      return
    }
    var (status, id, conflictRows) = addRow(row, of: c, i)
    bridge.dirty = true
    var victims: [(ConstraintID, [ConstraintID])] = []
    if status == BRACE_E_UNSATISFIABLE && bridge.refusedConflicts == nil && isGivenFrame(c) {
      (status, id, victims) = makeRoom(for: c, row, i, conflictRows, own: own)
    }
    if status == BRACE_OK {
      // Field by field: storing `r` back released and retained the record's arrays
      // (`touched` is empty while a constraint has no row).
      bridge.constraints[c.index].row = id
      bridge.constraints[c.index].rowOffset = row.constant + bridge.constraints[c.index].constant
      bridge.constraints[c.index].container = holder
      if !touched.isEmpty { bridge.constraints[c.index].touched = touched }
      bridge.constraints[c.index].broken = false
      forgetBroken(c)
      if !touched.isEmpty {
        for n in touched { bridge.nodeConstraints[n, default: []].append(c) }
        noteMembership(of: c, touched)
      }
      if !(diagnosticsMuted && bridge.refusedConflicts == nil) {
        for (v, others) in victims where bridge.constraints[v.index].live {
          reportUnsatisfiable(broken: v, conflicting: others, winner: c)
        }
      }
      releaseHold(c)
      return
    }
    var frame: ConstraintID? = nil
    if status == BRACE_E_UNSATISFIABLE && bridge.activating && bridge.refusedConflicts == nil {
      // A frame the caller set that entered with this batch (settleEntrants installs it
      // when its node enters) wins over the batch's constraints whatever their order:
      // this one, activated last among those it conflicts with, breaks for it, held as
      // makeRoom holds, and is reported so.
      frame = conflicting(conflictRows).first { isGivenFrame($0) && activationStamp($0) > bridge.batchStart }
      if let frame, case .engine(let n) = bridge.constraints[frame.index].owner, bridge.holds[c] == nil {
        bridge.engineNodes[n]?.references += 1
        bridge.holds[c] = n
      }
    }
    for n in touched where n != own { releaseNode(n) }
    keepBroken(c, container: holder)
    if status == BRACE_E_UNSATISFIABLE {
      // A muted reinstall (a retry) reports nothing: the report is not built either.
      if diagnosticsMuted && bridge.refusedConflicts == nil { return }
      let others = conflicting(conflictRows)
      if let frame {
        reportUnsatisfiable(broken: c, conflicting: others.filter { $0 != frame } + [frame], winner: frame)
      } else {
        reportUnsatisfiable(broken: c, conflicting: others)
      }
    } else {
      reportRefusedRow(c, status)
    }
  }

  /// The solver answered neither BRACE_OK nor BRACE_E_UNSATISFIABLE for `c`'s row.
  private func reportRefusedRow(_ c: ConstraintID, _ status: brace_status) {
    emitDiagnostic(BRACE_DIAGNOSTIC_PLUGIN, "the solver refused \(describeConstraint(c)) with \(statusName(status)); it is kept active but not enforced", nodes: [], constraints: [c])
  }

  /// brace_constraint_add_on_variables' batch of one (Creation.swift, addOnFreeVariables):
  /// activateChecked and install for the constraint it just made on live free variables,
  /// with no batch under way and no node waiting to enter the engine, without what they
  /// keep for nodes and for a batch a callback re-enters (the generations named, the
  /// nodes touched, the row in an array, a conflict set). The row the solver takes goes to
  /// its add alone, without begin_batch/end_batch, `activating` and the conflict cause
  /// around it: nothing else runs in that batch, a solver's add finishes its own work
  /// (brace_plugin.h: a batch only shares work among changes; the built-in solver's add
  /// outside a batch optimizes and refines as its end_batch would), and nothing reads the
  /// flags before the solver answers. A refused row is handled inside a batch with the
  /// flags set, as activateChecked does (refusedOnFreeVariables). True when its row holds.
  /// False when it is broken: `refusedConflicts` then lists the constraints it conflicts
  /// with, and from the solver's refusal on everything ran as with the general path's
  /// `refusedConflicts` set (addOnVariables). A plugin fault is thrown with the
  /// activation undone.
  func activateOnFreeVariables(
    _ c: ConstraintID, _ row: UnsafeBufferPointer<brace_solver_term>, on i: UnsafeMutableRawPointer
  ) throws(BraceError) -> Bool {
    // (Stored only when set: storing nil released the error's message each time.)
    if bridge.pluginFault != nil { bridge.pluginFault = nil }
    bridge.batchStart = bridge.activationClock
    bridge.constraints[c.index].active = true
    stampActivation(c)
    // install's range check: only summed terms can fail it; install then says so.
    for t in row where abs(t.coefficient) > Check.maxCoefficient * 4 {
      return try inBatchOfOne(c, i) {
        bridge.refusedConflicts = []
        install(c)
        return true
      }
    }
    let constant: Double = 0 - bridge.constraints[c.index].constant
    var refusal = BRACE_OK
    var conflictRows: Set<UInt32>? = nil  // (an empty set was released on every add)
    let held = addRow(row, constant, of: c, i) { status, id, conflicts in
      bridge.dirty = true
      guard status == BRACE_OK else {
        refusal = status
        if status == BRACE_E_UNSATISFIABLE { conflictRows = rowSet(conflicts) }
        return false
      }
      bridge.constraints[c.index].row = id
      bridge.constraints[c.index].rowOffset = constant + bridge.constraints[c.index].constant
      forgetBroken(c)
      releaseHold(c)
      return true
    }
    if held { return true }
    return try refusedOnFreeVariables(c, refusal, conflictRows ?? [], i)
  }

  /// The solver refused the row of activateOnFreeVariables' constraint: kept broken, and
  /// reported or its conflicts listed, inside a batch with the activation's flags, as
  /// install does for activateChecked.
  @inline(never)
  private func refusedOnFreeVariables(
    _ c: ConstraintID, _ status: brace_status, _ conflictRows: Set<UInt32>, _ i: UnsafeMutableRawPointer
  ) throws(BraceError) -> Bool {
    try inBatchOfOne(c, i) {
      bridge.refusedConflicts = []
      keepBroken(c, container: NodeID.none)
      if status == BRACE_E_UNSATISFIABLE {
        bridge.refusedConflicts = conflicting(conflictRows)
      } else {
        reportRefusedRow(c, status)
      }
      return true
    }
  }

  /// activateChecked's batch around `install` (answering whether the row was refused),
  /// for activateOnFreeVariables' constraint `c`: its answer.
  private func inBatchOfOne(_ c: ConstraintID, _ i: UnsafeMutableRawPointer, _ install: () -> Bool) throws(BraceError) -> Bool {
    let desc = bridge.solverDesc!
    bridge.activating = true
    let outerCause = enterCause(.activation)
    desc.pointee.begin_batch!(i)
    let refused = install()
    // Nodes enter only through a diagnostics callback of a refusal.
    if !bridge.entrants.isEmpty || !bridge.translatingEntrants.isEmpty { settleEntrants() }
    desc.pointee.end_batch!(i)
    bridge.cause = outerCause
    bridge.activating = false
    if let fault = bridge.pluginFault {
      bridge.pluginFault = nil
      if bridge.refusedConflicts == nil { bridge.refusedConflicts = [] }
      deactivate(c)
      throw fault
    }
    guard refused else { return true }
    // (A callback may have changed it since.)
    if bridge.constraints[c.index].broken { return false }
    bridge.refusedConflicts = nil
    return true
  }

  /// A translated frame ('h=' / 'v=') conflicts with required constraints: the frame the
  /// caller set wins. Of the conflicting constraints that are not translated frames, the
  /// one activated last is taken out and kept broken, until the translated row fits (as
  /// if the frame had been there before them, whatever the order of the changes). When
  /// only translated frames are left in the way, the constraints taken out go back and
  /// the translated row is the one refused. Answers the status of the last attempt, the
  /// row id, and each constraint broken with those it conflicted with.
  private func makeRoom(
    for c: ConstraintID, _ row: LinearExpression, _ i: UnsafeMutableRawPointer,
    _ firstConflicts: Set<UInt32>, own: NodeID?
  ) -> (brace_status, UInt32, [(ConstraintID, [ConstraintID])]) {
    var conflictRows = firstConflicts
    var victims: [(ConstraintID, [ConstraintID])] = []
    while true {
      let conflicting = conflicting(conflictRows)
      let inside = conflicting.filter { !isGivenFrame($0) }
      guard let v = inside.max(by: { activationStamp($0) < activationStamp($1) }) else { break }
      let holder = bridge.constraints[v.index].container
      // A constraint broken for the frame holds the node in the engine until it holds
      // again or goes: were it the last row on the node, the node would leave with its
      // translated frame, and the broken constraint, retried, would hold without it.
      if let own, bridge.holds[v] == nil {
        bridge.engineNodes[own]?.references += 1
        bridge.holds[v] = own
      }
      uninstall(v)
      keepBroken(v, container: holder)
      victims.append((v, conflicting.filter { $0 != v } + [c]))
      let (status, id, rows) = addRow(row, of: c, i)
      if status != BRACE_E_UNSATISFIABLE { return (status, id, victims) }
      conflictRows = rows
    }
    // Nothing but translated frames in the way: the others go back as they were.
    for (v, _) in victims.reversed() where bridge.constraints[v.index].live && bridge.constraints[v.index].active {
      bridge.broken.removeAll { $0 == v }
      bridge.constraints[v.index].broken = false
      withDiagnosticsMuted { install(v) }
    }
    return (BRACE_E_UNSATISFIABLE, 0, [])
  }

  /// The live constraints whose rows are `rows` (a conflict the solver reported).
  private func conflicting(_ rows: Set<UInt32>) -> [ConstraintID] {
    bridge.constraints.indices.filter { k in
      bridge.constraints[k].live && bridge.constraints[k].row.map { rows.contains($0) } == true
    }.map { ConstraintID(index: $0) }
  }

  /// A constraint broken for a translated frame holds again or is deactivated: it lets
  /// go of that frame's node.
  func releaseHold(_ c: ConstraintID) {
    guard !bridge.holds.isEmpty, let n = bridge.holds.removeValue(forKey: c) else { return }
    releaseNode(n)
  }

  /// A constraint generated from the frame the caller set on a translating node (UIKit's
  /// 'h=' / 'v='). A frame never set (a view made and constrained with translation left
  /// on by mistake) is no one's decision: its translated constraints break as any other.
  func isGivenFrame(_ c: ConstraintID) -> Bool {
    let r = bridge.constraints[c.index]
    guard case .engine(let n) = r.owner, nodes.flags[n.index].contains(.frameGiven), let id = r.identifier else { return false }
    return (id[0] == 0x68 || id[0] == 0x76) && id[1] == 0x3D  // "h=" or "v="
  }

  /// Records that `c` was just activated (see makeRoom).
  func stampActivation(_ c: ConstraintID) {
    bridge.activationClock &+= 1
    let n = bridge.activationOrder.count
    if c.index < n {
      bridge.activationOrder[c.index] = bridge.activationClock
      return
    }
    // A new slot's stamp is appended (not a 0 appended, then stamped). Grown as the
    // constraint records are, not by the one slot needed each time.
    if c.index >= bridge.activationOrder.capacity { bridge.activationOrder.reserveCapacity(max(c.index + 1, grownRecordCapacity(n))) }
    if c.index > n { bridge.activationOrder.append(contentsOf: repeatElement(0, count: c.index - n)) }
    bridge.activationOrder.append(bridge.activationClock)
  }

  private func activationStamp(_ c: ConstraintID) -> UInt32 {
    c.index < bridge.activationOrder.count ? bridge.activationOrder[c.index] : 0
  }

  /// Sets the cause of the conflicts the change may meet, unless an outer change set
  /// one; answers the cause to put back when the change is done.
  func enterCause(_ cause: ConflictCause) -> ConflictCause? {
    let outer = bridge.cause
    if outer == nil { bridge.cause = cause }
    return outer
  }

  /// Whether every item of the terms is still the node or variable it named.
  @inline(__always)
  private func itemsAreLive(_ terms: [ConstraintTerm]) -> Bool {
    terms.allSatisfy { $0.isVariable ? bridge.variables[$0.variable.index].live : nodes.isLive($0.node) && nodes.generation[$0.node.index] == Handle.generation($0.item) }
  }

  /// An active constraint left out of the solver: listed to be retried.
  private func keepBroken(_ c: ConstraintID, container holder: NodeID?) {
    bridge.constraints[c.index].broken = true
    if let holder { bridge.constraints[c.index].container = holder }
    if !bridge.broken.contains(c) { bridge.broken.append(c) }
  }

  /// Enters the nodes the row touches into the engine (all but the constraint's own node,
  /// whose generated constraint it is) and builds the row over their variables. On a
  /// plugin fault nothing stays retained and nil is answered.
  @inline(__always)
  private func retainAndBuildRow(
    _ c: ConstraintID, _ terms: [ConstraintTerm], container holder: NodeID, touched: [NodeID], own: NodeID?
  ) -> LinearExpression? {
    var retained: [NodeID] = []
    do throws(BraceError) {
      for n in touched where n != own {
        try retainNode(n)
        retained.append(n)
      }
      if let own { _ = try engineVars(own) }
    } catch {
      for n in retained { releaseNode(n) }
      notePluginFault(error)
      return nil
    }
    do throws(BraceError) {
      return try buildRow(terms, bridge.constraints[c.index].constant, container: holder, varsOf: { n throws(BraceError) in try engineVars(n) },
                          variable: { v in bridge.variables[v.index].solverVariable })
    } catch {
      for n in touched where n != own { releaseNode(n) }
      notePluginFault(error)
      return nil
    }
  }

  /// The row of a constraint on free variables (buildRow's, term for term), or nil when
  /// one of them was destroyed.
  @inline(__always)
  private func variableRow(_ c: ConstraintID) -> LinearExpression? {
    let n = bridge.constraints[c.index].termCount
    for k in 0..<n where !bridge.variables[bridge.constraints[c.index].term(k).variable.index].live { return nil }
    var row = LinearExpression()
    swap(&row.terms, &bridge.rowTermsScratch)
    row.terms.reserveCapacity(n)
    for k in 0..<n {
      let t = bridge.constraints[c.index].term(k)
      row.add(bridge.variables[t.variable.index].solverVariable, t.coefficient)
    }
    row.constant -= bridge.constraints[c.index].constant
    return row
  }

  /// Keeps the storage of a row handed to the solver, emptied, for the next one.
  @inline(__always)
  private func recycleRowTerms(_ row: inout LinearExpression) {
    var terms: [brace_solver_term] = []
    swap(&terms, &row.terms)
    // (removeAll(keepingCapacity:) goes through replaceSubrange: 50 instructions for the
    // row's few terms.)
    while !terms.isEmpty { terms.removeLast() }
    bridge.rowTermsScratch = terms
  }

  /// Hands the row to the solver: its status, the row id, and on BRACE_E_UNSATISFIABLE the
  /// ids of the required rows it conflicts with.
  @inline(__always)
  private func addRow(_ row: LinearExpression, of c: ConstraintID, _ i: UnsafeMutableRawPointer)
    -> (brace_status, UInt32, Set<UInt32>)
  {
    row.terms.withUnsafeBufferPointer { terms in
      addRow(terms, row.constant, of: c, i) { status, id, conflicts in
        (status, id, status == BRACE_E_UNSATISFIABLE ? rowSet(conflicts) : [])
      }
    }
  }

  /// addRow for a row's terms and constant: `then` gets the status, the row id and the
  /// conflicting rows (on BRACE_E_UNSATISFIABLE; scratch space on the stack, most
  /// additions never use it).
  @inline(__always)
  private func addRow<R>(
    _ terms: UnsafeBufferPointer<brace_solver_term>, _ constant: Double, of c: ConstraintID, _ i: UnsafeMutableRawPointer,
    _ then: (brace_status, UInt32, UnsafeBufferPointer<UInt32>) -> R
  ) -> R {
    let relation = bridge.constraints[c.index].relation, priority = bridge.constraints[c.index].priority
    let weight = bridge.constraints[c.index].weight
    return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { buf in
      var id: UInt32 = 0
      var conflictCount = 0
      let status: brace_status
      // A solver with add_weighted (1.6) takes an optional row with its weight and
      // optimizes once (out of line: the unweighted add stays as it was).
      if weight != 1 && priority < 1000, let addWeighted = addWeightedHook() {
        status = addWeightedRow(terms, constant, relation, priority, weight, addWeighted, i, &id, buf, &conflictCount)
      } else {
        status = bridge.solverDesc!.pointee.add!(i, terms.baseAddress, terms.count, relation, constant, Double(priority), &id,
                                                 buf.baseAddress, buf.count, &conflictCount)
        // setWeight only stores weights other than 1 when the solver has the hooks: a 1.4
        // or 1.5 solver adds the row at weight 1 and re-optimizes at set_weight.
        if status == BRACE_OK && weight != 1 && priority < 1000, let f = weightHooks()?.constraint {
          _ = f(i, id, weight)
        }
      }
      let conflicts = status == BRACE_E_UNSATISFIABLE ? min(max(conflictCount, 0), buf.count) : 0
      return then(status, id, UnsafeBufferPointer(start: buf.baseAddress, count: conflicts))
    }
  }

  /// addRow through add_weighted.
  @inline(never)
  private func addWeightedRow(
    _ terms: UnsafeBufferPointer<brace_solver_term>, _ constant: Double, _ relation: brace_relation, _ priority: Float,
    _ weight: Double, _ addWeighted: SolverAddWeighted, _ i: UnsafeMutableRawPointer, _ id: inout UInt32,
    _ conflicts: UnsafeMutableBufferPointer<UInt32>, _ conflictCount: inout Int
  ) -> brace_status {
    addWeighted(i, terms.baseAddress, terms.count, relation, constant, Double(priority), weight, &id, conflicts.baseAddress,
                conflicts.count, &conflictCount)
  }

  /// The conflicting rows the solver listed, as a set.
  private func rowSet(_ conflicts: UnsafeBufferPointer<UInt32>) -> Set<UInt32> {
    var rows: Set<UInt32> = []
    for r in conflicts { rows.insert(r) }
    return rows
  }

  /// A solver plugin handed back something the host refused while a constraint was being
  /// installed: inside activate() it is kept for activate to undo the batch and throw;
  /// elsewhere (a constraints pass regenerating constraints) it is reported.
  private func notePluginFault(_ error: BraceError) {
    guard error.status == BRACE_E_PLUGIN else { return }
    if bridge.activating {
      if bridge.pluginFault == nil { bridge.pluginFault = error }
    } else {
      emitDiagnostic(BRACE_DIAGNOSTIC_PLUGIN, error.message, nodes: [])
    }
  }

  /// Takes an active constraint's row out of the solver. (The fields it needs are read
  /// one by one: a copy of the whole record retained and released its arrays, 15% of a
  /// destroy on free variables.)
  func uninstall(_ c: ConstraintID) {
    guard let row = bridge.constraints[c.index].row else { return }
    let touched = bridge.constraints[c.index].touched
    let own: NodeID? = { if case .engine(let n) = bridge.constraints[c.index].owner { return n } else { return nil } }()
    if let s = bridge.solver, let i = bridge.solverInstance { _ = s.desc.remove!(i, row) }
    bridge.dirty = true
    bridge.constraints[c.index].row = nil
    guard !touched.isEmpty else { return }
    for n in touched {
      bridge.nodeConstraints[n]?.removeAll { $0 == c }
      if bridge.nodeConstraints[n]?.isEmpty == true { bridge.nodeConstraints[n] = nil }
    }
    noteMembership(of: c, touched)
    for n in touched where n != own { releaseNode(n) }
    bridge.constraints[c.index].touched = []
  }

  /// Takes `c` off the list of broken constraints (most often empty: not even looked at).
  @inline(__always)
  func forgetBroken(_ c: ConstraintID) {
    if !bridge.broken.isEmpty { bridge.broken.removeAll { $0 == c } }
  }

  /// A constraint came into or left the solver: the containers that arrange the nodes it
  /// touches, or the nodes themselves, may have to change how they arrange (a stack goes
  /// from arranging directly to generating constraints). Not for the constraints a
  /// strategy makes for its own container, nor those the engine makes for a node itself.
  private func noteMembership(of c: ConstraintID, _ touched: [NodeID]) {
    guard !touched.isEmpty else { return }  // (a constraint on free variables only)
    let r = bridge.constraints[c.index]
    if case .engine = r.owner { return }
    for n in touched where nodes.isLive(n) {
      if r.ownerNode != n { strategyChildrenChanged(n) }
      let p = nodes.parent[n.index]
      if p != .none, r.ownerNode != p { strategyChildrenChanged(p) }
    }
  }

  /// Destroys constraints named by slot, skipping any that a re-entrant path destroyed
  /// (and whose slot another constraint may have taken) meanwhile.
  func destroyConstraints(_ list: [ConstraintID]) {
    let named = list.map { ($0, $0.index < bridge.constraints.count ? bridge.constraints[$0.index].generation : 0) }
    for (c, gen) in named where c.index < bridge.constraints.count && bridge.constraints[c.index].generation == gen {
      destroyConstraint(c)
    }
  }

  /// host->add_constraint: a constraint the strategy makes for node `o`, active at once
  /// (or destroyed again when it cannot be).
  func addStrategyConstraint(
    _ terms: UnsafeBufferPointer<brace_term>, _ relation: brace_relation, _ constant: Double, _ priority: Float,
    _ identifier: UnsafePointer<CChar>?, strategy: Int32, for o: NodeID
  ) throws(BraceError) -> ConstraintID {
    // The identifier is checked (and copied) before anything is made.
    let name = try Identifier.copy(identifier)
    let k: ConstraintID
    do throws(BraceError) {
      k = try createLinearConstraint(terms, relation, constant, owner: .strategy(strategy))
    } catch {
      free(name)
      throw error
    }
    bridge.constraints[k.index].priority = priority
    bridge.constraints[k.index].identifier = name
    bridge.constraints[k.index].ownerNode = o
    bridge.strategyConstraints[o, default: []].append(k)
    do throws(BraceError) {
      try activate(k)
    } catch {
      bridge.strategyConstraints[o]?.removeAll { $0 == k }
      destroyConstraint(k)
      throw error
    }
    return k
  }

  /// The node's strategy is detached or replaced: the constraints it made go with it.
  func destroyStrategyConstraints(of n: NodeID) {
    if let owned = bridge.strategyConstraints.removeValue(forKey: n) { destroyConstraints(owned) }
  }

  /// brace_constraint_destroy: only the program's own constraints.
  func userDestroyConstraint(_ c: ConstraintID) throws(BraceError) {
    guard bridge.constraints[c.index].owner == .user else {
      throw .invalidState("\(describeConstraint(c)) was generated by the engine or a strategy; it cannot be destroyed by hand")
    }
    destroyConstraint(c)
  }

  func destroyConstraint(_ c: ConstraintID) {
    guard c.index < bridge.constraints.count, bridge.constraints[c.index].live else { return }
    let generation = bridge.constraints[c.index].generation
    if bridge.constraints[c.index].active { deactivate(c) }
    // Deactivation can re-enter (retrying broken constraints releases nodes, which
    // destroys their generated constraints): this one may be gone already.
    guard bridge.constraints[c.index].live, bridge.constraints[c.index].generation == generation else { return }
    if case .engine(let n) = bridge.constraints[c.index].owner { bridge.engineNodes[n]?.generated.removeAll { $0 == c } }
    let holder = bridge.constraints[c.index].ownerNode
    if holder != .none {
      bridge.strategyConstraints[holder]?.removeAll { $0 == c }
      if bridge.strategyConstraints[holder]?.isEmpty == true { bridge.strategyConstraints[holder] = nil }
    }
    forgetBroken(c)
    free(bridge.constraints[c.index].identifier)
    for k in 0..<bridge.constraints[c.index].termCount {
      let t = bridge.constraints[c.index].term(k)
      if t.isVariable { bridge.variables[t.variable.index].uses -= 1 }
    }
    let g = bridge.constraints[c.index].generation
    bridge.constraints[c.index] = ConstraintRecord()
    bridge.constraints[c.index].generation = g
    if g < Handle.maxGeneration { bridge.freeConstraints.append(c) }
  }

  // MARK: Changes

  func setConstant(_ c: ConstraintID, _ value: Double) throws(BraceError) {
    try Check.constant(value, "the constant")
    let old = bridge.constraints[c.index].constant
    guard old != value else { return }
    let outerCause = enterCause(.constantChange)
    defer { bridge.cause = outerCause }
    bridge.constraints[c.index].constant = value
    guard bridge.constraints[c.index].active else { return }
    if let row = bridge.constraints[c.index].row, let s = bridge.solver, let i = bridge.solverInstance {
      // The row holds sum(terms) - constant: a constant change shifts it by the difference.
      let status = s.desc.set_constant!(i, row, bridge.constraints[c.index].rowOffset - value)
      bridge.dirty = true
      if status != BRACE_OK {
        // A required equality moved into conflict: the solver refused; reinstall reports it.
        uninstall(c)
        install(c)
      } else if !bridge.broken.isEmpty {
        retryBroken()
      }
    } else if bridge.constraints[c.index].broken {
      bridge.broken.removeAll { $0 == c }
      bridge.constraints[c.index].broken = false
      install(c)
    }
  }

  func setPriority(_ c: ConstraintID, _ p: Float) throws(BraceError) {
    try Check.priority(p, "priority")
    let old = bridge.constraints[c.index].priority
    guard old != p else { return }
    if bridge.constraints[c.index].active && (old == 1000) != (p == 1000) {
      throw .invalidState("cannot switch the active \(describeConstraint(c)) between required and optional (UIKit's rule); deactivate it first")
    }
    bridge.constraints[c.index].priority = p
    if let row = bridge.constraints[c.index].row, let s = bridge.solver, let i = bridge.solverInstance {
      _ = s.desc.set_priority!(i, row, Double(p))
      bridge.dirty = true
    }
  }

  func setWeight(_ c: ConstraintID, _ w: Double) throws(BraceError) {
    try Check.weight(w, "weight")
    guard bridge.constraints[c.index].weight != w else { return }
    let i = try solverInstance()
    guard let f = weightHooks()?.constraint else { throw noWeights() }
    if let row = bridge.constraints[c.index].row, bridge.constraints[c.index].priority < 1000 {
      let status = f(i, row, w)
      guard status == BRACE_OK else { throw BraceError(BRACE_E_PLUGIN, "the solver refused weight \(w) (\(statusName(status)))") }
      bridge.dirty = true
    }
    bridge.constraints[c.index].weight = w
  }

  /// setWeight's checks for a constraint about to be made with weight `w`
  /// (brace_constraint_add_on_variables_weighted), before anything is made: a weight in
  /// range on a loaded solver with weights passes inline.
  @inline(__always)
  func checkNewWeight(_ w: Double) throws(BraceError) {
    if w == 1 || (Check.isWeight(w) && bridge.solverInstance != nil && weightHooks() != nil) { return }
    try refuseNewWeight(w)
  }

  /// checkNewWeight's other cases: the message for a weight out of range, the solver
  /// loaded (a weight given before anything loaded it), the refusal of a solver without
  /// weights.
  @inline(never)
  private func refuseNewWeight(_ w: Double) throws(BraceError) {
    try Check.weight(w, "weight")
    _ = try solverInstance()
    guard weightHooks() != nil else { throw noWeights() }
  }

  /// A weight other than 1 for a solver without the weight hooks.
  @inline(never)
  private func noWeights() -> BraceError {
    BraceError(BRACE_E_PLUGIN, "solver \"\(bridge.solver?.name ?? "")\" has no weights (plugin ABI 1.4's set_weight); only weight 1 is possible")
  }

  /// The loaded solver's weight hooks (plugin ABI 1.4), when its descriptor has them.
  func weightHooks() -> (constraint: SolverSetNumber, edit: SolverSetNumber)? {
    guard let d = bridge.solverDesc, Int(d.pointee.struct_size) >= weightHooksEnd, let c = d.pointee.set_weight,
      let e = d.pointee.set_edit_weight
    else { return nil }
    return (c, e)
  }

  /// The loaded solver's add_weighted (plugin ABI 1.6), when its descriptor has it and
  /// set_weight.
  func addWeightedHook() -> SolverAddWeighted? {
    guard let d = bridge.solverDesc, Int(d.pointee.struct_size) >= addWeightedEnd, d.pointee.set_weight != nil
    else { return nil }
    return d.pointee.add_weighted
  }

  /// Rebuilds the rows of constraints whose coefficients or constants come from a node's
  /// geometry (insets, margins, direction, baselines, its place in the tree).
  func refreshConstraints(touching n: NodeID) {
    guard let list = bridge.nodeConstraints[n] else { return }
    rebuildRows(list)
  }

  /// Rebuilds rows together: all out first, then all in, so no new row meets a partner's
  /// stale one and reports a conflict that is not there.
  func rebuildRows(_ list: [ConstraintID]) {
    guard let s = bridge.solver, let i = bridge.solverInstance else { return }
    let installed = list.filter { bridge.constraints[$0.index].live && bridge.constraints[$0.index].row != nil }
    guard !installed.isEmpty else { return }
    let outerCause = enterCause(.geometry)
    defer { bridge.cause = outerCause }
    s.desc.begin_batch!(i)
    for c in installed { uninstall(c) }
    for c in installed where bridge.constraints[c.index].live && bridge.constraints[c.index].active { install(c) }
    retryBroken()
    s.desc.end_batch!(i)
  }
}

typealias SolverSetNumber = @convention(c) (UnsafeMutableRawPointer?, UInt32, Double) -> brace_status

typealias SolverAddWeighted = @convention(c) (
  UnsafeMutableRawPointer?, UnsafePointer<brace_solver_term>?, Int, brace_relation, Double, Double, Double,
  UnsafeMutablePointer<UInt32>?, UnsafeMutablePointer<UInt32>?, Int, UnsafeMutablePointer<Int>?
) -> brace_status

/// Where the 1.4 weight hooks end in a descriptor: a solver's struct_size must reach it.
private let weightHooksEnd =
  MemoryLayout<brace_strategy_desc>.offset(of: \brace_strategy_desc.set_edit_weight)! + MemoryLayout<UnsafeRawPointer?>.size

/// Where the 1.6 add_weighted hook ends in a descriptor.
private let addWeightedEnd =
  MemoryLayout<brace_strategy_desc>.offset(of: \brace_strategy_desc.add_weighted)! + MemoryLayout<UnsafeRawPointer?>.size
