import CBrace

/// The bridge between constraints and the solver plugin: nodes' variables, rows built
/// from attributes, installing and removing rows, broken constraints, and solved frames.
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
    bridge.solverInstance = instance
    return (s, instance)
  }

  /// How far past the ids in use a solver's new variable id may be (brace_plugin.h:
  /// ids are small integers). The host indexes a table by id, so an id it did not check
  /// could make it allocate without bound.
  static let variableIdSlack = 4096

  /// A new variable of the context's solver, recorded with its owner: a node's variable
  /// (node << 2 | x/y/w/h), or -2 for a free variable (-1 marks an unused id).
  func newSolverVariable(owner: Int64) throws(BraceError) -> UInt32 {
    let (s, i) = try ensureSolver()
    var v: UInt32 = 0
    let status = s.desc.new_variable!(i, &v)
    guard status == BRACE_OK else { throw BraceError(BRACE_E_NO_MEMORY, "the solver could not make a variable (\(statusName(status)))") }
    let inUse = bridge.variableOwner.count
    guard Int(v) < inUse + Context.variableIdSlack, v <= UInt32(Handle.maxSlot) else {
      throw BraceError(BRACE_E_PLUGIN, "solver \"\(s.name)\" (\(s.path)) answered new_variable with id \(v), far past the \(inUse) ids it has given so far; a solver's variable ids must be small integers (brace_plugin.h)")
    }
    guard Int(v) >= inUse || bridge.variableOwner[Int(v)] == -1 else {
      throw BraceError(BRACE_E_PLUGIN, "solver \"\(s.name)\" (\(s.path)) answered new_variable with id \(v), which is still in use")
    }
    if Int(v) >= inUse {
      if Int(v) >= bridge.variableOwner.capacity { bridge.variableOwner.reserveCapacity(max(Int(v) + 1, grownRecordCapacity(inUse))) }
      bridge.variableOwner.append(contentsOf: repeatElement(-1, count: Int(v) - inUse + 1))
    }
    bridge.variableOwner[Int(v)] = owner
    return v
  }

  /// A solved value; a solver that answers a value that is not a number is reported.
  func checkedSolverValue(_ v: UInt32) throws(BraceError) -> Double {
    let x = solverValue(v)
    guard x.isFinite else {
      let name = bridge.solver.map { "solver \"\($0.name)\" (\($0.path))" } ?? "the solver"
      throw BraceError(BRACE_E_PLUGIN, "\(name) answered \(x) as the value of variable id \(v)")
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
  func engineVars(_ n: Int32) throws(BraceError) -> (UInt32, UInt32, UInt32, UInt32) {
    if let st = bridge.engineNodes[n] { return st.vars }
    let base = Int64(n) << 2
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
    bridge.entrants.append(n)
    markConstraints(n)
    return (x, y, w, h)
  }

  /// Generates the constraints of nodes that just entered the engine, inside the
  /// caller's solver batch: adding a view's size constraints together with the
  /// constraints that position it keeps the tableau sparse (adding them a pass later,
  /// after long chains of positions, makes every row dense).
  func settleEntrants() {
    while let n = bridge.entrants.popLast() {
      if nodes.isLive(n) && isInEngine(n) { regenerate(n) }
    }
  }

  func retainNode(_ n: Int32) throws(BraceError) {
    _ = try engineVars(n)
    bridge.engineNodes[n]?.references += 1
  }

  /// Drops a reference; a node no one references leaves the engine with its generated
  /// constraints and variables.
  func releaseNode(_ n: Int32) {
    guard var st = bridge.engineNodes[n] else { return }
    st.references -= 1
    bridge.engineNodes[n] = st
    guard st.references <= 0, bridge.edits.values.contains(n) == false else { return }
    destroyConstraints(st.generated)
    guard let after = bridge.engineNodes[n], after.references <= 0 else { return }
    bridge.engineNodes[n] = nil
    releaseSolverVariable(after.vars.0)
    releaseSolverVariable(after.vars.1)
    releaseSolverVariable(after.vars.2)
    releaseSolverVariable(after.vars.3)
  }

  func isInEngine(_ n: Int32) -> Bool { (bridge.engineNodes[n]?.references ?? 0) > 0 }

  // MARK: Coordinates

  /// The view that holds a constraint: the nearest common ancestor of its node items;
  /// a constraint on one node only is held by that node's superview (-1: the root space).
  func container(of terms: [ConstraintTerm]) throws(BraceError) -> Int32 {
    var items: [Int32] = []
    for t in terms where !t.isVariable && !items.contains(t.slot) { items.append(t.slot) }
    guard let first = items.first else { return -1 }
    if items.count == 1 { return nodes.parent[Int(first)] }
    var path: [Int32] = []
    var x = first
    while x >= 0 {
      path.append(x)
      x = nodes.parent[Int(x)]
    }
    // The common ancestor of all is the highest of the points where each item's
    // ancestry meets the first item's.
    var best = 0
    for other in items.dropFirst() {
      var y = other
      var found = -1
      while y >= 0 {
        if let k = path.firstIndex(of: y) {
          found = k
          break
        }
        y = nodes.parent[Int(y)]
      }
      guard found >= 0 else {
        throw .invalidState("the items \(describe(first)) and \(describe(other)) have no common ancestor (rule: the items of a constraint must be in the same view tree)")
      }
      best = max(best, found)
    }
    return path[best]
  }

  /// Nodes on the chain from `n` up to (not including) `container`.
  func chain(_ n: Int32, to container: Int32) -> [Int32] {
    var out: [Int32] = []
    var x = n
    while x >= 0 && x != container {
      out.append(x)
      x = nodes.parent[Int(x)]
    }
    return out
  }

  /// The expression of `n.attribute` in `container`'s coordinates. `mirror` flips the
  /// x-axis (a right-to-left container with leading/trailing in the constraint).
  /// `varsOf` maps a node to its variables (the context's, or a temporary solver's).
  func attributeExpression(
    _ n: Int32, _ a: brace_attribute, container: Int32, mirror: Bool,
    varsOf: (Int32) throws(BraceError) -> (UInt32, UInt32, UInt32, UInt32)
  ) throws(BraceError) -> LinearExpression {
    var ox = LinearExpression(), oy = LinearExpression()
    if n == container {
      let i = nodes.alignmentInsets[Int(n)]
      ox.constant = i.left
      oy.constant = i.top
    } else {
      let v = try varsOf(n)
      ox.add(v.0, 1)
      oy.add(v.1, 1)
      var x = nodes.parent[Int(n)]
      while x >= 0 && x != container {
        let av = try varsOf(x)
        let i = nodes.alignmentInsets[Int(x)]
        ox.add(av.0, 1)
        ox.constant -= i.left
        oy.add(av.1, 1)
        oy.constant -= i.top
        x = nodes.parent[Int(x)]
      }
    }
    let v = try varsOf(n)
    var w = LinearExpression(), h = LinearExpression()
    w.add(v.2, 1)
    h.add(v.3, 1)
    let m = layoutMargins(n)
    func sum(_ a: LinearExpression, _ b: LinearExpression, _ k: Double = 1, plus c: Double = 0) -> LinearExpression {
      var e = a
      e.add(b, times: k)
      e.constant += c
      return e
    }
    var e: LinearExpression
    var horizontalLocation = true
    switch a {
    case BRACE_ATTR_LEFT: e = ox
    case BRACE_ATTR_RIGHT: e = sum(ox, w)
    case BRACE_ATTR_CENTER_X: e = sum(ox, w, 0.5)
    case BRACE_ATTR_LEADING: e = mirror ? sum(ox, w) : ox
    case BRACE_ATTR_TRAILING: e = mirror ? ox : sum(ox, w)
    case BRACE_ATTR_LEFT_MARGIN: e = sum(ox, LinearExpression(), plus: m.left)
    case BRACE_ATTR_RIGHT_MARGIN: e = sum(ox, w, plus: -m.right)
    case BRACE_ATTR_LEADING_MARGIN: e = mirror ? sum(ox, w, plus: -m.right) : sum(ox, LinearExpression(), plus: m.left)
    case BRACE_ATTR_TRAILING_MARGIN: e = mirror ? sum(ox, LinearExpression(), plus: m.left) : sum(ox, w, plus: -m.right)
    case BRACE_ATTR_CENTER_X_WITHIN_MARGINS: e = sum(ox, w, 0.5, plus: (m.left - m.right) / 2)
    case BRACE_ATTR_WIDTH:
      e = w
      horizontalLocation = false
    default:
      horizontalLocation = false
      switch a {
      case BRACE_ATTR_TOP: e = oy
      case BRACE_ATTR_BOTTOM: e = sum(oy, h)
      case BRACE_ATTR_CENTER_Y: e = sum(oy, h, 0.5)
      case BRACE_ATTR_HEIGHT: e = h
      case BRACE_ATTR_TOP_MARGIN: e = sum(oy, LinearExpression(), plus: m.top)
      case BRACE_ATTR_BOTTOM_MARGIN: e = sum(oy, h, plus: -m.bottom)
      case BRACE_ATTR_CENTER_Y_WITHIN_MARGINS: e = sum(oy, h, 0.5, plus: (m.top - m.bottom) / 2)
      case BRACE_ATTR_FIRST_BASELINE:
        let b = nodes.baselines[n]?.first ?? -1
        e = b >= 0 ? sum(oy, LinearExpression(), plus: b) : sum(oy, h)
      case BRACE_ATTR_LAST_BASELINE: e = sum(oy, h, plus: -(nodes.baselines[n]?.last ?? 0))
      default:
        throw .invalidArgument("unknown attribute \(a.rawValue)")
      }
    }
    // In a mirrored axis every x location is measured from the right: x' = -x.
    if mirror && horizontalLocation {
      var flipped = LinearExpression()
      flipped.add(e, times: -1)
      e = flipped
    }
    return e
  }

  /// The row of a constraint: sum(terms) - constant, in its container's coordinates.
  func buildRow(
    _ c: ConstraintRecord, container: Int32,
    varsOf: (Int32) throws(BraceError) -> (UInt32, UInt32, UInt32, UInt32),
    variable: (Int32) throws(BraceError) -> UInt32
  ) throws(BraceError) -> LinearExpression {
    let rtl = container >= 0 ? isRTL(container) : options.layout_direction == BRACE_DIRECTION_RTL
    let mirror = rtl && c.terms.contains { $0.attribute.family == .directional }
    var row = LinearExpression()
    for t in c.terms {
      if t.isVariable {
        row.add(try variable(t.slot), t.coefficient)
      } else {
        row.add(try attributeExpression(t.slot, t.attribute, container: container, mirror: mirror, varsOf: varsOf), times: t.coefficient)
      }
    }
    row.constant -= c.constant
    return row
  }

  /// The nodes whose variables a row over `terms` held by `container` uses.
  func touchedNodes(_ terms: [ConstraintTerm], container: Int32) -> [Int32] {
    var out: [Int32] = []
    for t in terms where !t.isVariable {
      // The container's own attributes use its width and height.
      if t.slot == container {
        if !out.contains(t.slot) { out.append(t.slot) }
        continue
      }
      for x in chain(t.slot, to: container) where !out.contains(x) { out.append(x) }
    }
    return out
  }
}
