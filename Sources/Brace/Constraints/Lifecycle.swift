import CBrace
import CBraceLibc

/// Constraints from creation to destruction: the creation rules, activation (installing
/// rows in the solver), changes, broken constraints and their reports.
extension Context {
  // MARK: Handles

  func handle(ofConstraint c: Int32) -> brace_constraint {
    Handle.make(.constraint, tag: tag, generation: bridge.constraints[Int(c)].generation, slot: c)
  }

  func constraint(_ h: brace_constraint) throws(BraceError) -> Int32 {
    let slot = Handle.slot(h)
    if Handle.kind(h) == HandleKind.constraint.rawValue, Handle.tag(h) == tag, Int(slot) < bridge.constraints.count,
      bridge.constraints[Int(slot)].generation == Handle.generation(h), bridge.constraints[Int(slot)].live
    {
      return slot
    }
    let name = Handle.describe(h, as: .constraint)
    if h == 0 { throw BraceError(BRACE_E_INVALID_HANDLE, "constraint is the null handle 0") }
    if Handle.kind(h) != HandleKind.constraint.rawValue { throw BraceError(BRACE_E_INVALID_HANDLE, "0x\(String(h, radix: 16)) is not a constraint handle") }
    if Handle.tag(h) != tag { throw BraceError(BRACE_E_FOREIGN_HANDLE, "\(name) belongs to another context") }
    if Int(slot) >= bridge.constraints.count || Handle.generation(h) > bridge.constraints[Int(slot)].generation {
      throw BraceError(BRACE_E_INVALID_HANDLE, "\(name) was never created in this context")
    }
    throw BraceError(BRACE_E_STALE_HANDLE, "\(name) is stale: it was destroyed")
  }

  func handle(ofVariable v: Int32) -> brace_variable {
    Handle.make(.variable, tag: tag, generation: bridge.variables[Int(v)].generation, slot: v)
  }

  func variable(_ h: brace_variable) throws(BraceError) -> Int32 {
    let slot = Handle.slot(h)
    if Handle.kind(h) == HandleKind.variable.rawValue, Handle.tag(h) == tag, Int(slot) < bridge.variables.count,
      bridge.variables[Int(slot)].generation == Handle.generation(h), bridge.variables[Int(slot)].live
    {
      return slot
    }
    let name = Handle.describe(h, as: .variable)
    if Handle.tag(h) != tag && h != 0 { throw BraceError(BRACE_E_FOREIGN_HANDLE, "\(name) belongs to another context") }
    if Int(slot) < bridge.variables.count && Handle.generation(h) <= bridge.variables[Int(slot)].generation && Handle.generation(h) > 0 {
      throw BraceError(BRACE_E_STALE_HANDLE, "\(name) is stale: it was destroyed")
    }
    throw BraceError(BRACE_E_INVALID_HANDLE, "\(name) is not a live variable of this context")
  }

  func allocateConstraint(_ r: ConstraintRecord) throws(BraceError) -> Int32 {
    guard !bridge.freeConstraints.isEmpty || bridge.constraints.count <= Int(Handle.maxSlot) else {
      throw BraceError(BRACE_E_NO_MEMORY, "the context's constraint handle space is exhausted")
    }
    var r = r
    r.live = true
    for t in r.terms where t.isVariable { bridge.variables[Int(t.slot)].uses += 1 }
    if let slot = bridge.freeConstraints.popLast() {
      r.generation = bridge.constraints[Int(slot)].generation + 1
      bridge.constraints[Int(slot)] = r
      return slot
    }
    r.generation = 1
    if bridge.constraints.count == bridge.constraints.capacity { bridge.constraints.reserveCapacity(grownRecordCapacity(bridge.constraints.count)) }
    bridge.constraints.append(r)
    return Int32(bridge.constraints.count - 1)
  }

  // MARK: Creation rules

  /// Resolves a term's item: a node or guide with an attribute, or a variable without.
  func term(_ item: UInt64, _ a: brace_attribute, _ coefficient: Double, _ what: @autoclosure () -> String) throws(BraceError) -> ConstraintTerm {
    try Check.coefficient(coefficient, "the coefficient of \(what())")
    if Handle.kind(item) == HandleKind.variable.rawValue {
      let v = try variable(item)
      guard a == BRACE_ATTR_NONE else { throw .invalidArgument("\(what()) is a variable, so its attribute must be BRACE_ATTR_NONE, got \(a.name)") }
      return ConstraintTerm(item: item, slot: v, isVariable: true, attribute: a, coefficient: coefficient)
    }
    let n = try node(item, what())
    guard a.isKnown else { throw .invalidArgument("\(what()) has an unknown attribute \(a.rawValue) (rule: attributes are BRACE_ATTR_LEFT...BRACE_ATTR_CENTER_Y_WITHIN_MARGINS)") }
    return ConstraintTerm(item: item, slot: n, isVariable: false, attribute: a, coefficient: coefficient)
  }

  func createLayoutConstraint(
    _ item1: brace_node, _ attr1: brace_attribute, _ relation: brace_relation,
    _ item2: brace_node, _ attr2: brace_attribute, _ multiplier: Double, _ constant: Double
  ) throws(BraceError) -> Int32 {
    guard relation.isKnown else { throw .invalidArgument("relation must be BRACE_RELATION_LESS_EQUAL (-1), _EQUAL (0) or _GREATER_EQUAL (1), got \(relation.rawValue)") }
    guard attr1 != BRACE_ATTR_NONE else { throw .invalidArgument("attr1 is BRACE_ATTR_NONE (rule: the first item needs an attribute)") }
    try Check.coefficient(multiplier, "the multiplier")
    try Check.constant(constant, "the constant")
    guard Handle.kind(item1) == HandleKind.node.rawValue || item1 == 0 else { throw .invalidArgument("item1 must be a view or a layout guide") }
    let t1 = try term(item1, attr1, 1, "item1")
    var terms = [t1]
    if item2 == 0 {
      guard attr2 == BRACE_ATTR_NONE else { throw .invalidArgument("item2 is 0 but attr2 is \(attr2.name) (rule: a constant constraint has no second attribute)") }
      guard attr1.kind == .size else {
        throw .invalidArgument("a location attribute (\(attr1.name)) cannot be set equal to a constant (rule: a location needs a second item)")
      }
    } else {
      guard Handle.kind(item2) == HandleKind.node.rawValue else { throw .invalidArgument("item2 must be a view or a layout guide") }
      guard attr2 != BRACE_ATTR_NONE else { throw .invalidArgument("item2 is given but attr2 is BRACE_ATTR_NONE (rule: the second item needs an attribute)") }
      let t2 = try term(item2, attr2, -multiplier, "item2")
      try Context.checkPair(attr1, attr2)
      if attr1.kind == .location && multiplier == 0 {
        throw .invalidArgument("a multiplier of 0 sets the location attribute \(attr1.name) equal to a constant (rule: a location cannot equal a constant)")
      }
      terms.append(t2)
    }
    var r = ConstraintRecord()
    r.terms = terms
    r.relation = relation
    r.constant = constant
    r.layoutForm = true
    return try allocateConstraint(r)
  }

  static func checkPair(_ a: brace_attribute, _ b: brace_attribute) throws(BraceError) {
    if a.kind != b.kind {
      throw .invalidArgument("a size attribute cannot be paired with a location attribute (\(a.name) with \(b.name)) (rule: size with size, location with location)")
    }
    if a.kind == .location && a.axis != b.axis {
      throw .invalidArgument("an \(a.axis == .horizontal ? "x" : "y")-axis location cannot be paired with a\(b.axis == .horizontal ? "n x" : " y")-axis location (\(a.name) with \(b.name)) (rule: locations on the same axis)")
    }
    if (a.family == .directional && b.family == .physical) || (a.family == .physical && b.family == .directional) {
      throw .invalidArgument("leading/trailing cannot be mixed with left/right (\(a.name) with \(b.name)) (rule: one horizontal family per constraint)")
    }
  }

  func createLinearConstraint(_ raw: UnsafeBufferPointer<brace_term>, _ relation: brace_relation, _ constant: Double, owner: ConstraintOwner = .user) throws(BraceError) -> Int32 {
    guard relation.isKnown else { throw .invalidArgument("relation must be BRACE_RELATION_LESS_EQUAL (-1), _EQUAL (0) or _GREATER_EQUAL (1), got \(relation.rawValue)") }
    guard raw.count >= 1, raw.count <= 64 else { throw .invalidArgument("a linear constraint has 1 to 64 terms, got \(raw.count)") }
    try Check.constant(constant, "the constant")
    var terms: [ConstraintTerm] = []
    terms.reserveCapacity(raw.count)
    var directional = false, physical = false
    for (k, t) in raw.enumerated() {
      let term = try term(t.item, t.attribute, t.coefficient, "terms[\(k)]")
      switch term.attribute.family {
      case .directional: directional = true
      case .physical: physical = true
      default: break
      }
      terms.append(term)
    }
    guard terms.contains(where: { $0.coefficient != 0 }) else { throw .invalidArgument("every coefficient is 0 (rule: a constraint must relate something)") }
    if directional && physical {
      throw .invalidArgument("leading/trailing cannot be mixed with left/right in one constraint (rule: one horizontal family per constraint)")
    }
    var r = ConstraintRecord()
    r.terms = terms
    r.relation = relation
    r.constant = constant
    r.owner = owner
    return try allocateConstraint(r)
  }

  /// brace_constraint_add_on_variables: create, prioritize and activate a constraint over
  /// free variables; one the solver cannot enforce is destroyed again and refused.
  func addOnVariables(_ raw: UnsafeBufferPointer<brace_term>, _ relation: brace_relation, _ constant: Double,
                      _ priority: Float) throws(BraceError) -> Int32 {
    try Check.priority(priority, "priority")
    let k = try createLinearConstraint(raw, relation, constant)
    bridge.constraints[Int(k)].priority = priority
    bridge.refusedConflicts = []
    defer { bridge.refusedConflicts = nil }
    do throws(BraceError) {
      try activate([k])
    } catch {
      destroyConstraint(k)
      throw error
    }
    guard bridge.constraints[Int(k)].broken else { return k }
    let conflicting = bridge.refusedConflicts ?? []
    let what = describeConstraint(k)
    let list = conflicting.map { "\"\(describeConstraint($0))\"" }.joined(separator: ", ")
    destroyConstraint(k)
    throw BraceError(BRACE_E_UNSATISFIABLE, conflicting.isEmpty
      ? "Unable to satisfy constraint \(what): the solver cannot enforce it; nothing was added"
      : "Unable to simultaneously satisfy constraints: \(what) conflicts with the required constraints (\(list)); nothing was added")
  }

  // MARK: Activation

  /// Activates constraints as one solver batch. Every check runs before anything changes.
  func activate(_ list: [Int32]) throws(BraceError) {
    for c in list where !bridge.constraints[Int(c)].active {
      for t in bridge.constraints[Int(c)].terms {
        if t.isVariable {
          guard bridge.variables[Int(t.slot)].live else { throw .invalidState("\(describeConstraint(c)) uses a destroyed variable") }
        } else {
          _ = try node(t.item, "an item of \(describeConstraint(c))")
        }
      }
      _ = try container(of: bridge.constraints[Int(c)].terms)
    }
    let (s, i) = try ensureSolver()
    // A diagnostics callback may destroy or create constraints during the batch: only
    // the constraints named, as they were named, are activated.
    let named = list.map { ($0, bridge.constraints[Int($0)].generation) }
    var activated: [Int32] = []
    bridge.pluginFault = nil
    let outer = bridge.activating
    bridge.activating = true
    s.desc.begin_batch!(i)
    for (c, gen) in named where Int(c) < bridge.constraints.count && bridge.constraints[Int(c)].live
      && bridge.constraints[Int(c)].generation == gen && !bridge.constraints[Int(c)].active
    {
      bridge.constraints[Int(c)].active = true
      activated.append(c)
      install(c)
    }
    settleEntrants()
    s.desc.end_batch!(i)
    bridge.activating = outer
    if let fault = bridge.pluginFault {
      // The solver plugin misbehaved: nothing of this batch stays.
      bridge.pluginFault = nil
      deactivate(activated)
      throw fault
    }
  }

  func deactivate(_ list: [Int32]) {
    guard let s = bridge.solver, let i = bridge.solverInstance else {
      for c in list { bridge.constraints[Int(c)].active = false }
      return
    }
    s.desc.begin_batch!(i)
    for c in list where bridge.constraints[Int(c)].active {
      uninstall(c)
      bridge.constraints[Int(c)].active = false
      bridge.constraints[Int(c)].broken = false
      bridge.broken.removeAll { $0 == c }
    }
    retryBroken()
    s.desc.end_batch!(i)
  }

  /// Puts an active constraint's row in the solver. A required row that conflicts is
  /// kept out, marked broken and reported; the solver is then as it was.
  func install(_ c: Int32) {
    guard let s = bridge.solver, let i = bridge.solverInstance else { return }
    var r = bridge.constraints[Int(c)]
    guard r.row == nil else { return }
    guard r.terms.allSatisfy({ $0.isVariable ? bridge.variables[Int($0.slot)].live : nodes.isLive($0.slot) && nodes.generation[Int($0.slot)] == Handle.generation($0.item) }),
      let holder = try? container(of: r.terms)
    else {
      // Its items are gone or no longer share a tree: kept broken until that changes.
      bridge.constraints[Int(c)].broken = true
      if !bridge.broken.contains(c) { bridge.broken.append(c) }
      return
    }
    let own: Int32? = { if case .engine(let n) = r.owner { return n } else { return nil } }()
    let touched = touchedNodes(r.terms, container: holder)
    var retained: [Int32] = []
    do throws(BraceError) {
      for n in touched where n != own {
        try retainNode(n)
        retained.append(n)
      }
      if let own { _ = try engineVars(own) }
    } catch {
      for n in retained { releaseNode(n) }
      notePluginFault(error)
      return
    }
    let row: LinearExpression
    do throws(BraceError) {
      row = try buildRow(r, container: holder, varsOf: { n throws(BraceError) in try engineVars(n) },
                         variable: { v in bridge.variables[Int(v)].solverVariable })
    } catch {
      for n in touched where n != own { releaseNode(n) }
      notePluginFault(error)
      return
    }
    // Rows built from huge frames, insets or margins (a translated frame at 1e300) are
    // beyond the solver's tolerances: kept out, broken, and said so.
    guard abs(row.constant) <= Check.maxConstant * 4,
      row.terms.allSatisfy({ abs($0.coefficient) <= Check.maxCoefficient * 4 })
    else {
      for n in touched where n != own { releaseNode(n) }
      bridge.constraints[Int(c)].broken = true
      bridge.constraints[Int(c)].container = holder
      if !bridge.broken.contains(c) { bridge.broken.append(c) }
      emitDiagnostic(BRACE_DIAGNOSTIC_UNSATISFIABLE, "\(describeConstraint(c)) is not enforced: with the geometry of its items its numbers are beyond the solver's range (constants within ±1e9, multipliers within ±1e6)", nodes: [])
      return
    }
    var id: UInt32 = 0
    var conflictCount = 0
    var rows: Set<UInt32> = []
    let status = row.terms.withUnsafeBufferPointer { terms in
      // The conflict list is scratch space on the stack: most additions never use it.
      withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { buf in
        let status = s.desc.add!(i, terms.baseAddress, terms.count, r.relation, row.constant, Double(r.priority), &id,
                                 buf.baseAddress, buf.count, &conflictCount)
        if status == BRACE_E_UNSATISFIABLE {
          for k in 0..<min(max(conflictCount, 0), buf.count) { rows.insert(buf[k]) }
        }
        return status
      }
    }
    bridge.dirty = true
    if status == BRACE_OK {
      r.row = id
      r.rowOffset = row.constant + r.constant
      r.container = holder
      r.touched = touched
      r.broken = false
      bridge.constraints[Int(c)] = r
      bridge.broken.removeAll { $0 == c }
      for n in touched { bridge.nodeConstraints[n, default: []].append(c) }
      noteMembership(of: c, touched)
      return
    }
    for n in touched where n != own { releaseNode(n) }
    bridge.constraints[Int(c)].broken = true
    bridge.constraints[Int(c)].container = holder
    if !bridge.broken.contains(c) { bridge.broken.append(c) }
    if status == BRACE_E_UNSATISFIABLE {
      // A muted reinstall (a retry) reports nothing: the report is not built either.
      if diagnostics.muted > 0 && bridge.refusedConflicts == nil { return }
      let others = bridge.constraints.indices.filter { k in bridge.constraints[k].live && bridge.constraints[k].row.map { rows.contains($0) } == true }
      reportUnsatisfiable(broken: c, conflicting: others.map { Int32($0) })
    } else {
      emitDiagnostic(BRACE_DIAGNOSTIC_PLUGIN, "the solver refused \(describeConstraint(c)) with \(statusName(status)); it is kept active but not enforced", nodes: [])
    }
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

  /// Takes an active constraint's row out of the solver.
  func uninstall(_ c: Int32) {
    let r = bridge.constraints[Int(c)]
    guard let row = r.row else { return }
    if let s = bridge.solver, let i = bridge.solverInstance { _ = s.desc.remove!(i, row) }
    bridge.dirty = true
    bridge.constraints[Int(c)].row = nil
    let own: Int32? = { if case .engine(let n) = r.owner { return n } else { return nil } }()
    for n in r.touched {
      bridge.nodeConstraints[n]?.removeAll { $0 == c }
      if bridge.nodeConstraints[n]?.isEmpty == true { bridge.nodeConstraints[n] = nil }
    }
    noteMembership(of: c, r.touched)
    for n in r.touched where n != own { releaseNode(n) }
    bridge.constraints[Int(c)].touched = []
  }

  /// A constraint came into or left the solver: the containers that arrange the nodes it
  /// touches, or the nodes themselves, may have to change how they arrange (a stack goes
  /// from arranging directly to generating constraints). Not for the constraints a
  /// strategy makes for its own container, nor those the engine makes for a node itself.
  private func noteMembership(of c: Int32, _ touched: [Int32]) {
    let r = bridge.constraints[Int(c)]
    if case .engine = r.owner { return }
    for n in touched where nodes.isLive(n) {
      if r.ownerNode != n { strategyChildrenChanged(n) }
      let p = nodes.parent[Int(n)]
      if p >= 0, r.ownerNode != p { strategyChildrenChanged(p) }
    }
  }

  /// Broken constraints may fit once others are gone or changed.
  /// Inside the constraints pass the retry waits for the pass's end (`beginDeferringRetries`):
  /// every node's regenerated constraints change constants, and retrying every broken
  /// constraint after each one cost O(changes × broken) (a fuzzer input of a few hundred
  /// stacks took 72 s).
  func retryBroken() {
    guard !bridge.broken.isEmpty else { return }
    if bridge.retryDeferral > 0 {
      bridge.retryPending = true
      return
    }
    let pending = bridge.broken
    bridge.broken = []
    for c in pending where bridge.constraints[Int(c)].live && bridge.constraints[Int(c)].active {
      bridge.constraints[Int(c)].broken = false
      installQuietly(c)
    }
  }

  /// Holds retries of broken constraints until the matching `endDeferringRetries`, then
  /// runs one if any was asked for.
  func beginDeferringRetries() { bridge.retryDeferral += 1 }

  func endDeferringRetries() {
    bridge.retryDeferral -= 1
    guard bridge.retryDeferral == 0 && bridge.retryPending else { return }
    bridge.retryPending = false
    // One solver batch, as deactivate and rebuildRows retry.
    if let s = bridge.solver, let i = bridge.solverInstance {
      s.desc.begin_batch!(i)
      retryBroken()
      s.desc.end_batch!(i)
    } else {
      retryBroken()
    }
  }

  /// Reinstalls without reporting again a conflict that was already reported.
  private func installQuietly(_ c: Int32) {
    // Muted, not unhooked: with no callback a diagnostic goes to stderr (printDiagnostic).
    diagnostics.muted += 1
    defer { diagnostics.muted -= 1 }
    install(c)
  }

  /// Destroys constraints named by slot, skipping any that a re-entrant path destroyed
  /// (and whose slot another constraint may have taken) meanwhile.
  func destroyConstraints(_ list: [Int32]) {
    let named = list.map { ($0, Int($0) < bridge.constraints.count ? bridge.constraints[Int($0)].generation : 0) }
    for (c, gen) in named where Int(c) < bridge.constraints.count && bridge.constraints[Int(c)].generation == gen {
      destroyConstraint(c)
    }
  }

  func destroyConstraint(_ c: Int32) {
    guard Int(c) < bridge.constraints.count, bridge.constraints[Int(c)].live else { return }
    let generation = bridge.constraints[Int(c)].generation
    if bridge.constraints[Int(c)].active { deactivate([c]) }
    // Deactivation can re-enter (retrying broken constraints releases nodes, which
    // destroys their generated constraints): this one may be gone already.
    guard bridge.constraints[Int(c)].live, bridge.constraints[Int(c)].generation == generation else { return }
    if case .engine(let n) = bridge.constraints[Int(c)].owner { bridge.engineNodes[n]?.generated.removeAll { $0 == c } }
    let holder = bridge.constraints[Int(c)].ownerNode
    if holder >= 0 {
      bridge.strategyConstraints[holder]?.removeAll { $0 == c }
      if bridge.strategyConstraints[holder]?.isEmpty == true { bridge.strategyConstraints[holder] = nil }
    }
    bridge.broken.removeAll { $0 == c }
    free(bridge.constraints[Int(c)].identifier)
    for t in bridge.constraints[Int(c)].terms where t.isVariable { bridge.variables[Int(t.slot)].uses -= 1 }
    let g = bridge.constraints[Int(c)].generation
    bridge.constraints[Int(c)] = ConstraintRecord()
    bridge.constraints[Int(c)].generation = g
    if g < Handle.maxGeneration { bridge.freeConstraints.append(c) }
  }

  // MARK: Changes

  func setConstant(_ c: Int32, _ value: Double) throws(BraceError) {
    try Check.constant(value, "the constant")
    let old = bridge.constraints[Int(c)].constant
    guard old != value else { return }
    bridge.constraints[Int(c)].constant = value
    guard bridge.constraints[Int(c)].active else { return }
    if let row = bridge.constraints[Int(c)].row, let s = bridge.solver, let i = bridge.solverInstance {
      // The row holds sum(terms) - constant: a constant change shifts it by the difference.
      let status = s.desc.set_constant!(i, row, bridge.constraints[Int(c)].rowOffset - value)
      bridge.dirty = true
      if status != BRACE_OK {
        // A required equality moved into conflict: the solver refused; reinstall reports it.
        uninstall(c)
        install(c)
      } else if !bridge.broken.isEmpty {
        retryBroken()
      }
    } else if bridge.constraints[Int(c)].broken {
      bridge.broken.removeAll { $0 == c }
      bridge.constraints[Int(c)].broken = false
      install(c)
    }
  }

  func setPriority(_ c: Int32, _ p: Float) throws(BraceError) {
    try Check.priority(p, "priority")
    let old = bridge.constraints[Int(c)].priority
    guard old != p else { return }
    if bridge.constraints[Int(c)].active && (old == 1000) != (p == 1000) {
      throw .invalidState("cannot switch the active \(describeConstraint(c)) between required and optional (UIKit's rule); deactivate it first")
    }
    bridge.constraints[Int(c)].priority = p
    if let row = bridge.constraints[Int(c)].row, let s = bridge.solver, let i = bridge.solverInstance {
      _ = s.desc.set_priority!(i, row, Double(p))
      bridge.dirty = true
    }
  }

  /// Rebuilds the rows of constraints whose coefficients or constants come from a node's
  /// geometry (insets, margins, direction, baselines, its place in the tree).
  func refreshConstraints(touching n: Int32) {
    guard let list = bridge.nodeConstraints[n] else { return }
    rebuildRows(list)
  }

  /// Rebuilds rows together: all out first, then all in, so no new row meets a partner's
  /// stale one and reports a conflict that is not there.
  func rebuildRows(_ list: [Int32]) {
    guard let s = bridge.solver, let i = bridge.solverInstance else { return }
    let installed = list.filter { bridge.constraints[Int($0)].live && bridge.constraints[Int($0)].row != nil }
    guard !installed.isEmpty else { return }
    s.desc.begin_batch!(i)
    for c in installed { uninstall(c) }
    for c in installed where bridge.constraints[Int(c)].live && bridge.constraints[Int(c)].active { install(c) }
    retryBroken()
    s.desc.end_batch!(i)
  }

  // MARK: Reports

  func describeItem(_ t: ConstraintTerm) -> String {
    if t.isVariable { return Handle.describe(t.item, as: .variable) }
    return "\(describe(t.slot))\(nodes.flags[Int(t.slot)].contains(.guide) ? " (guide)" : "").\(t.attribute.name)"
  }

  func number(_ v: Double) -> String {
    if v == v.rounded() && abs(v) < 1e15 { return String(Int64(v)) }
    return String(v)
  }

  /// "<constraint 4:1 'id' node 2:1.leading == node 1:1.leading + 20 @1000>"
  func describeConstraint(_ c: Int32) -> String {
    let r = bridge.constraints[Int(c)]
    var text = "<\(Handle.describe(handle(ofConstraint: c), as: .constraint)) "
    if let id = r.identifier { text += "'\(String(cString: id))' " }
    if r.layoutForm, let first = r.terms.first {
      text += "\(describeItem(first)) \(r.relation.symbol) "
      if r.terms.count > 1 {
        let m = -r.terms[1].coefficient
        text += (m == 1 ? "" : "\(number(m)) * ") + describeItem(r.terms[1])
        if r.constant != 0 { text += r.constant > 0 ? " + \(number(r.constant))" : " - \(number(-r.constant))" }
      } else {
        text += number(r.constant)
      }
    } else {
      text += r.terms.enumerated().map { k, t in
        let sign = t.coefficient < 0 ? (k == 0 ? "-" : " - ") : (k == 0 ? "" : " + ")
        let m = abs(t.coefficient)
        return sign + (m == 1 ? "" : "\(number(m)) * ") + describeItem(t)
      }.joined()
      text += " \(r.relation.symbol) \(number(r.constant))"
    }
    text += " @\(number(Double(r.priority)))>"
    return text
  }

  func reportUnsatisfiable(broken c: Int32, conflicting: [Int32]) {
    if bridge.refusedConflicts != nil {
      bridge.refusedConflicts = conflicting
      return
    }
    var lines = [
      "Unable to simultaneously satisfy constraints.",
      "\tProbably at least one of the constraints in the following list is one you don't want.",
      "(",
    ]
    for k in conflicting + [c] { lines.append("    \"\(describeConstraint(k))\"") }
    lines.append(")")
    lines.append("")
    lines.append("Will attempt to recover by breaking constraint")
    lines.append(describeConstraint(c))
    lines.append("")
    lines.append("The broken constraint stays active but is not enforced (brace_constraint_is_broken); it is the one being activated, the others were there first.")
    var involved: [Int32] = []
    for k in conflicting + [c] {
      for t in bridge.constraints[Int(k)].terms where !t.isVariable && !involved.contains(t.slot) && nodes.isLive(t.slot) {
        involved.append(t.slot)
      }
    }
    emitDiagnostic(BRACE_DIAGNOSTIC_UNSATISFIABLE, lines.joined(separator: "\n"), nodes: involved)
  }
}
