import CBrace

/// Free variables, layout guides and edit variables.
extension Context {
  /// brace_variable_create: a new free variable's handle. The record is written once, in
  /// its slot (appended whole, not a blank appended and then overwritten), and the handle
  /// made from the generation it was given.
  func createVariable() throws(BraceError) -> brace_variable {
    // The solver variable first: if it fails, no slot was taken.
    let sv = try newSolverVariable(owner: -2)
    var r = VariableRecord()
    r.live = true
    r.solverVariable = sv
    let slot: Int32
    if let free = bridge.freeVariables.popLast() {
      r.generation = bridge.variables[free.index].generation + 1
      bridge.variables[free.index] = r
      slot = free.raw
    } else {
      guard bridge.variables.count <= Int(Handle.maxSlot) else {
        releaseSolverVariable(sv)
        throw BraceError(BRACE_E_NO_MEMORY, "the context's variable handle space is exhausted")
      }
      r.generation = 1
      slot = Int32(bridge.variables.count)
      if bridge.variables.count == bridge.variables.capacity { bridge.variables.reserveCapacity(grownRecordCapacity(bridge.variables.count)) }
      bridge.variables.append(r)
    }
    return Handle.make(.variable, tag: tag, generation: r.generation, slot: slot)
  }

  func destroyVariable(_ v: VariableID) throws(BraceError) {
    if bridge.variables[v.index].uses > 0 {
      // Only the error path scans, to count the users (`uses` counts terms: x + x is
      // two) and to name one.
      let users = bridge.constraints.indices.filter { k in
        bridge.constraints[k].live && bridge.constraints[k].terms.contains { $0.isVariable && $0.variable == v }
      }
      let example = users.first.map { ", for example \(describeConstraint(ConstraintID(index: $0)))" } ?? ""
      throw .invalidState("\(Handle.describe(handle(ofVariable: v), as: .variable)) is used by \(users.count) constraint(s)\(example); destroy them first")
    }
    let sv = bridge.variables[v.index].solverVariable
    if bridge.edits[sv] != nil {
      if let s = bridge.solver, let i = bridge.solverInstance { _ = s.desc.remove_edit!(i, sv) }
      bridge.edits[sv] = nil
    }
    releaseSolverVariable(sv)
    let g = bridge.variables[v.index].generation
    bridge.variables[v.index] = VariableRecord()
    bridge.variables[v.index].generation = g
    if g < Handle.maxGeneration { bridge.freeVariables.append(v) }
  }

  func createGuide(owner: NodeID) throws(BraceError) -> NodeID {
    if nodes.flags[owner.index].contains(.guide) { throw .invalidArgument("a layout guide cannot own a layout guide") }
    let g = try createNode()
    detachStrategy(g)
    nodes.flags[g.index].insert(.guide)
    nodes.flags[g.index].remove([.needsLayout, .needsDisplay, .displayWholeBounds, .translatesMask])
    nodes.parent[g.index] = owner
    bridge.guides[owner, default: []].append(g)
    return g
  }

  /// A guide being destroyed leaves its owner's list.
  func removeGuide(_ g: NodeID) {
    let owner = nodes.parent[g.index]
    bridge.guides[owner]?.removeAll { $0 == g }
    if bridge.guides[owner]?.isEmpty == true { bridge.guides[owner] = nil }
  }

  /// The solver variable an edit acts on.
  func editVariable(_ item: UInt64, _ a: brace_attribute) throws(BraceError) -> (UInt32, NodeID) {
    if Handle.kind(item) == HandleKind.variable.rawValue {
      let v = try variable(item)
      guard a == BRACE_ATTR_NONE else { throw .invalidArgument("a variable's edit takes BRACE_ATTR_NONE, got \(a.name)") }
      return (bridge.variables[v.index].solverVariable, .none)
    }
    let n = try node(item, "item")
    let vars = try engineVars(n)
    switch a {
    case BRACE_ATTR_LEFT: return (vars.0, n)
    case BRACE_ATTR_TOP: return (vars.1, n)
    case BRACE_ATTR_WIDTH: return (vars.2, n)
    case BRACE_ATTR_HEIGHT: return (vars.3, n)
    default:
      throw .invalidArgument("an edit needs an attribute that is one solver variable: width, height, left or top (relative to the superview); got \(a.name)")
    }
  }

  func addEdit(_ item: UInt64, _ a: brace_attribute, _ p: Float) throws(BraceError) {
    guard p.isFinite, p >= 1, p < 1000 else { throw .invalidArgument("an edit's priority must be in 1...999 (never required), got \(p)") }
    let (s, i) = try ensureSolver()
    let (v, n) = try editVariable(item, a)
    guard bridge.edits[v] == nil else { throw BraceError(BRACE_E_DUPLICATE, "that item and attribute already has an edit") }
    let status = s.desc.add_edit!(i, v, Double(p))
    guard status == BRACE_OK else { throw BraceError(status, "the solver refused the edit (\(statusName(status)))") }
    bridge.edits[v] = n
    if n != .none {
      try retainNode(n)
      settleEntrants()
    }
  }

  func setEditWeight(_ item: UInt64, _ a: brace_attribute, _ w: Double) throws(BraceError) {
    try Check.weight(w, "weight")
    let (v, _) = try editVariable(item, a)
    guard bridge.edits[v] != nil, let s = bridge.solver, let i = bridge.solverInstance else {
      throw .invalidState("there is no edit on that item and attribute; call brace_context_add_edit first")
    }
    guard let f = weightHooks()?.edit else {
      throw BraceError(BRACE_E_PLUGIN, "solver \"\(s.name)\" has no weights (plugin ABI 1.4's set_edit_weight)")
    }
    let status = f(i, v, w)
    guard status == BRACE_OK else { throw BraceError(status, "the solver refused the weight (\(statusName(status)))") }
    bridge.dirty = true
  }

  func suggest(_ item: UInt64, _ a: brace_attribute, _ value: Double) throws(BraceError) {
    try Check.constant(value, "value")
    let (v, _) = try editVariable(item, a)
    guard bridge.edits[v] != nil, let s = bridge.solver, let i = bridge.solverInstance else {
      throw .invalidState("there is no edit on that item and attribute; call brace_context_add_edit first")
    }
    let status = s.desc.suggest!(i, v, value)
    guard status == BRACE_OK else { throw BraceError(status, "the solver refused the suggestion (\(statusName(status)))") }
    bridge.dirty = true
  }

  func removeEdit(_ item: UInt64, _ a: brace_attribute) throws(BraceError) {
    let (v, n) = try editVariable(item, a)
    guard bridge.edits[v] != nil, let s = bridge.solver, let i = bridge.solverInstance else {
      throw .invalidState("there is no edit on that item and attribute")
    }
    _ = s.desc.remove_edit!(i, v)
    bridge.edits[v] = nil
    bridge.dirty = true
    if n != .none { releaseNode(n) }
  }
}
