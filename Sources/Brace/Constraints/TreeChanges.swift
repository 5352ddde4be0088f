import CBrace
import CBraceLibc

/// What tree changes do to constraint layout, as in UIKit: a view leaving its superview
/// takes out the constraints that tie its subtree to views outside it; a destroyed view
/// takes out every constraint that uses it.
extension Context {
  /// All nodes of a subtree, guides included.
  func subtreeNodes(_ root: NodeID) -> [NodeID] {
    var out: [NodeID] = []
    var seen = Set<NodeID>()
    var stack: [NodeID] = [root]
    while let n = stack.popLast() {
      guard seen.insert(n).inserted else { continue }
      out.append(n)
      stack.append(contentsOf: nodes.children[n.index])
      if let g = bridge.guides[n] { stack.append(contentsOf: g) }
    }
    return out
  }

  func isInSubtree(_ n: NodeID, of root: NodeID) -> Bool {
    var x = n
    while x != .none {
      if x == root { return true }
      x = nodes.parent[x.index]
    }
    return false
  }

  /// `root` is about to leave its superview: deactivate the constraints between its
  /// subtree and the rest (their rows would span trees that no longer meet).
  func engineWillDetach(_ root: NodeID) {
    guard bridge.solver != nil, !bridge.nodeConstraints.isEmpty else { return }
    // Constraints with an item outside the subtree go; those wholly inside stay (their
    // rows do not depend on where the subtree hangs, but for a root's own generated ones,
    // remade below).
    var affected: [ConstraintID] = []
    var seen = Set<ConstraintID>()
    let members = subtreeNodes(root)
    let broken = bridge.broken.filter { c in
      bridge.constraints[c.index].terms.contains { t in !t.isVariable && members.contains(t.node) }
    }
    for n in members {
      for c in (bridge.nodeConstraints[n] ?? []) + broken where seen.insert(c).inserted {
        let r = bridge.constraints[c.index]
        let outside = r.terms.contains { !$0.isVariable && !isInSubtree($0.node, of: root) }
        let rootsOwn: Bool = { if case .engine(let o) = r.owner { return o == root } else { return false } }()
        if outside || rootsOwn { affected.append(c) }
      }
    }
    let user = affected.filter { bridge.constraints[$0.index].owner == .user }
    let generatedOrOwned = affected.filter { bridge.constraints[$0.index].owner != .user }.map { ($0, bridge.constraints[$0.index].generation) }
    deactivate(user)
    // Generated constraints are remade for the new place in the next constraints pass
    // (unless deactivating the others already freed them).
    for (c, gen) in generatedOrOwned where bridge.constraints[c.index].live && bridge.constraints[c.index].generation == gen {
      uninstall(c)
      bridge.constraints[c.index].active = false
      bridge.constraints[c.index].broken = false
      bridge.broken.removeAll { $0 == c }
    }
    // A constraint broken so that the root's translated frame held (Activation.makeRoom)
    // may hold now that the frame is out.
    if !generatedOrOwned.isEmpty && !bridge.broken.isEmpty, let s = bridge.solver, let i = bridge.solverInstance {
      s.desc.begin_batch!(i)
      retryBroken()
      s.desc.end_batch!(i)
    }
    if isInEngine(root) { markConstraints(root) }
  }

  /// `n`'s slot is freed: what the engine kept by its slot goes (its guides were
  /// destroyed with it).
  func forgetInEngine(_ n: NodeID) {
    bridge.guides[n] = nil
    bridge.pendingFrames[n] = nil
  }

  /// `n` is being destroyed: every constraint that uses it goes, its edits too.
  func engineWillDestroy(_ n: NodeID) {
    guard bridge.solver != nil else { return }
    // Installed constraints are indexed by node; broken ones are not installed.
    let broken = bridge.broken.filter { c in bridge.constraints[c.index].terms.contains { !$0.isVariable && $0.node == n } }
    if let list = Optional((bridge.nodeConstraints[n] ?? []) + broken), !list.isEmpty {
      // Slots with their generations: deactivation may re-enter and free or reuse slots.
      let named = list.map { ($0, bridge.constraints[$0.index].generation) }
      let user = list.filter { bridge.constraints[$0.index].owner == .user }
      deactivate(user)
      for (c, gen) in named where bridge.constraints[c.index].live && bridge.constraints[c.index].generation == gen
        && bridge.constraints[c.index].owner != .user
      {
        if case .engine(let owner) = bridge.constraints[c.index].owner, owner != n {
          // Another node's generated constraint used this one (its superview): remake later.
          uninstall(c)
          bridge.constraints[c.index].active = false
          bridge.constraints[c.index].broken = false
          bridge.broken.removeAll { $0 == c }
          markConstraints(owner)
        } else {
          destroyConstraint(c)
        }
      }
    }
    // Inactive user constraints that name the node stay; activating them again fails.
    for (v, owner) in bridge.edits where owner == n {
      if let s = bridge.solver, let i = bridge.solverInstance { _ = s.desc.remove_edit!(i, v) }
      bridge.edits[v] = nil
      releaseNode(n)
    }
    if let st = bridge.engineNodes[n] {
      destroyConstraints(st.generated)
      if let left = bridge.engineNodes[n] {
        bridge.engineNodes[n] = nil
        releaseSolverVariable(left.vars.0)
        releaseSolverVariable(left.vars.1)
        releaseSolverVariable(left.vars.2)
        releaseSolverVariable(left.vars.3)
      }
    }
    for k in Array(bridge.pendingFrames.keys) where bridge.pendingFrames[k]?[n] != nil { bridge.pendingFrames[k]?[n] = nil }
    bridge.pendingFrames[n] = nil
  }

  /// A layout direction changed: rows that use leading/trailing are mirrored or not.
  func refreshDirectionalConstraints() {
    guard bridge.solver != nil else { return }
    // Leading/trailing rows are mirrored or not; margin attributes of nodes with
    // directional margins swap their left and right insets.
    let affected = bridge.constraints.indices.filter { c in
      bridge.constraints[c].live && bridge.constraints[c].row != nil && bridge.constraints[c].terms.contains { t in
        t.attribute.family == .directional
          || (!t.isVariable && nodes.flags[t.node.index].contains(.marginsDirectional)
            && [BRACE_ATTR_LEFT_MARGIN, BRACE_ATTR_RIGHT_MARGIN, BRACE_ATTR_CENTER_X_WITHIN_MARGINS].contains(t.attribute))
      }
    }
    rebuildRows(affected.map { ConstraintID(index: $0) })
  }

  /// Frees the solver instance (before the strategies' per-context state). The constraint
  /// records are emptied with their storage kept, for the next context (KeptParts).
  func teardownEngine() {
    if let s = bridge.solver, let i = bridge.solverInstance { s.desc.solver_destroy?(opaque, s.state, i) }
    bridge.solverInstance = nil
    bridge.solver = nil
    bridge.solverDesc = nil
    for c in bridge.constraints.indices { free(bridge.constraints[c].identifier) }
    KeptParts.empty(&bridge.constraints)
    bridge.engineNodes = .init()
    bridge.strategyConstraints = .init()
    bridge.nodeConstraints = .init()
  }
}
