import CBrace

/// Fitting sizes, ambiguity and the tree dump.
extension Context {
  /// systemLayoutSizeFitting, solved in a temporary solver instance that holds the
  /// constraints of the node's subtree and the two target constraints.
  func fittingSize(_ n: NodeID, _ target: brace_size, _ hp: Float, _ vp: Float) throws(BraceError) -> brace_size {
    let (s, _) = try ensureSolver()
    if cycle.passDepth == 0 && !isNested { try updateConstraintsIfNeeded(n) }
    // A container whose strategy arranges its subviews itself (a stack on its direct
    // path, a flow) answers with its measure: a required target component is the
    // proposal on that axis, an optional one leaves that axis unbounded. ("frame", the
    // default, keeps Auto Layout's answer: its measure describes frames, not content.)
    if nodes.strategy[n.index] != plugins.defaultStrategy, let k = strategyOf(n), k.desc.measure != nil, !subtreeHasConstraints(n) {
      let m = try measure(n, brace_size(width: hp >= 1000 ? target.width : BRACE_PROPOSAL_UNBOUNDED,
                                        height: vp >= 1000 ? target.height : BRACE_PROPOSAL_UNBOUNDED))
      // A required component is the answer on its axis, as the engine would give it.
      return brace_size(width: hp >= 1000 ? target.width : m.width, height: vp >= 1000 ? target.height : m.height)
    }
    var temp: UnsafeMutableRawPointer? = nil
    guard s.desc.solver_create!(opaque, s.state, &temp) == BRACE_OK, let t = temp else {
      throw BraceError(BRACE_E_PLUGIN, "the solver could not create a temporary instance")
    }
    defer { s.desc.solver_destroy?(opaque, s.state, t) }
    var map: [NodeID: (UInt32, UInt32, UInt32, UInt32)] = [:]
    var freeMap: [VariableID: UInt32] = [:]
    func fresh() throws(BraceError) -> UInt32 {
      var v: UInt32 = 0
      guard s.desc.new_variable!(t, &v) == BRACE_OK else { throw BraceError(BRACE_E_NO_MEMORY, "the solver could not make a variable") }
      return v
    }
    let varsOf: (NodeID) throws(BraceError) -> (UInt32, UInt32, UInt32, UInt32) = { node throws(BraceError) in
      if let v = map[node] { return v }
      let v = (try fresh(), try fresh(), try fresh(), try fresh())
      map[node] = v
      return v
    }
    let variableOf: (VariableID) throws(BraceError) -> UInt32 = { k throws(BraceError) in
      if let v = freeMap[k] { return v }
      let v = try fresh()
      freeMap[k] = v
      return v
    }
    @discardableResult
    func add(_ row: LinearExpression, _ relation: brace_relation, _ priority: Double) -> UInt32 {
      var id: UInt32 = 0
      var count = 0
      _ = row.terms.withUnsafeBufferPointer { terms in
        s.desc.add!(t, terms.baseAddress, terms.count, relation, row.constant, priority, &id, nil, 0, &count)
      }
      return id
    }
    // The measured heights of the subviews, to measure again at the widths solved here.
    var measuredRows: [(node: NodeID, id: UInt32, record: ConstraintRecord)] = []
    s.desc.begin_batch!(t)
    // The subtree's constraints: every item inside it, but not the node's own generated
    // ones (its translated frame would pin the answer; its intrinsic size comes below).
    for r in bridge.constraints where r.live && r.active && r.row != nil
      && r.terms.allSatisfy({ $0.isVariable || isInSubtree($0.node, of: n) })
    {
      if case .engine(let owner) = r.owner, owner == n { continue }
      let id = add(try buildRow(r, container: r.container, varsOf: varsOf, variable: variableOf), r.relation, Double(r.priority))
      if case .engine(let owner) = r.owner, bridge.measuredWidth[owner] != nil, r.terms.count == 1,
        r.terms[0].attribute == BRACE_ATTR_HEIGHT
      {
        measuredRows.append((owner, id, r))
      }
    }
    // Its own size: measured, the height for a required width (height-for-width).
    for spec in intrinsicSpecs(n, heightFor: hp >= 1000 ? target.width : BRACE_PROPOSAL_UNBOUNDED) {
      var r = ConstraintRecord()
      r.terms = spec.terms
      r.constant = spec.constant
      add(try buildRow(r, container: nodes.parent[n.index], varsOf: varsOf, variable: variableOf), spec.relation, Double(spec.priority))
    }
    let v = try varsOf(n)
    var w = LinearExpression(), h = LinearExpression()
    w.add(v.2, 1)
    w.constant = -target.width
    h.add(v.3, 1)
    h.constant = -target.height
    add(w, BRACE_RELATION_EQUAL, Double(hp))
    add(h, BRACE_RELATION_EQUAL, Double(vp))
    s.desc.end_batch!(t)
    // Height-for-width inside: each measured subview's height for the width solved here,
    // solved again, in at most 4 rounds (as the context's engine does in a turn).
    for _ in 0..<4 where !measuredRows.isEmpty {
      var changed = false
      var heights: [NodeID: Double] = [:]
      for k in measuredRows.indices {
        let e = measuredRows[k]
        guard nodes.isLive(e.node) else { continue }
        let h: Double
        if let known = heights[e.node] {
          h = known
        } else {
          let w = s.desc.value!(t, try varsOf(e.node).2)
          guard w.isFinite else { continue }
          h = (try? measure(e.node, brace_size(width: max(0, w), height: BRACE_PROPOSAL_UNBOUNDED)))?.height ?? -1
          heights[e.node] = h
        }
        guard h >= 0, h != e.record.constant else { continue }
        measuredRows[k].record.constant = h
        let row = try buildRow(measuredRows[k].record, container: e.record.container, varsOf: varsOf, variable: variableOf)
        _ = s.desc.set_constant!(t, e.id, row.constant)
        changed = true
      }
      if !changed { break }
    }
    let width = s.desc.value!(t, v.2), height = s.desc.value!(t, v.3)
    guard width.isFinite, height.isFinite else {
      throw .invalidState("the fitting size is not finite (\(width) x \(height)): the constraints of the subtree do not bound it")
    }
    return brace_size(width: max(0, width), height: max(0, height))
  }

  /// Whether an active constraint lies wholly inside `n`'s subtree (other than those the
  /// engine makes for `n` itself).
  func subtreeHasConstraints(_ n: NodeID) -> Bool {
    bridge.constraints.contains { r in
      guard r.live && r.active && r.row != nil else { return false }
      if case .engine(let owner) = r.owner, owner == n { return false }
      return r.terms.allSatisfy { $0.isVariable || isInSubtree($0.node, of: n) }
    }
  }

  /// The attributes of `n` that the constraints leave free ("x", "y", "width", "height").
  func ambiguousAttributes(_ n: NodeID) -> [String] {
    guard let st = bridge.engineNodes[n], let s = bridge.solver, let i = bridge.solverInstance else { return [] }
    var out: [String] = []
    for (v, name) in [(st.vars.0, "minX"), (st.vars.1, "minY"), (st.vars.2, "Width"), (st.vars.3, "Height")] where s.desc.is_ambiguous!(i, v) {
      out.append(name)
    }
    return out
  }

  /// A dump of the subtree in the spirit of UIKit's _autolayoutTrace.
  func treeDescription(_ root: NodeID) -> String {
    var lines: [String] = []
    var stack: [(NodeID, Int)] = [(root, 0)]
    func fmt(_ v: Double) -> String { number(v) }
    while let (n, depth) = stack.popLast() {
      let f = nodes.frame[n.index]
      let flags = nodes.flags[n.index]
      var line = String(repeating: "|   ", count: depth)
      line += bridge.engineNodes[n] != nil ? "*" : "•"
      line += "<\(describe(n))\(flags.contains(.guide) ? " guide" : "")> frame = (\(fmt(f.x)) \(fmt(f.y)); \(fmt(f.width)) \(fmt(f.height)))"
      if flags.contains(.hidden) { line += " hidden" }
      let k = nodes.strategy[n.index]
      if k >= 0 && !nodes.children[n.index].isEmpty { line += " [\(plugins.strategies[Int(k)].name)]" }
      if bridge.engineNodes[n] != nil && flags.contains(.translatesMask) { line += " translatesAutoresizingMask" }
      let amb = ambiguousAttributes(n)
      if !amb.isEmpty { line += " - AMBIGUOUS LAYOUT for \(describe(n)).\(amb.joined(separator: ", "))" }
      lines.append(line)
      let kids = nodes.children[n.index] + (bridge.guides[n] ?? [])
      for c in kids.reversed() { stack.append((c, depth + 1)) }
    }
    lines.append("")
    lines.append("Legend: * - is laid out with constraints, • - is laid out with its superview's strategy")
    return lines.joined(separator: "\n") + "\n"
  }
}

extension Context {
  /// The active constraints whose terms name `n`, installed or broken.
  func activeConstraints(on n: NodeID) -> [ConstraintID] {
    // Installed constraints are indexed by the nodes they touch; broken ones are not.
    var candidates = bridge.nodeConstraints[n] ?? []
    candidates += bridge.broken
    var found: [ConstraintID] = []
    var seen = Set<ConstraintID>()
    for k in candidates where seen.insert(k).inserted {
      let r = bridge.constraints[k.index]
      if r.live && r.active && r.terms.contains(where: { !$0.isVariable && $0.node == n }) { found.append(k) }
    }
    return found
  }

  /// The broken constraints that are still live and active.
  func activeBrokenConstraints() -> [ConstraintID] {
    bridge.broken.filter { bridge.constraints[$0.index].live && bridge.constraints[$0.index].active }
  }
}
