import CBrace
import CBraceLibc

/// The view tree: creating, attaching, detaching and destroying nodes.
extension Context {
  func createNode() throws(BraceError) -> NodeID {
    guard let slot = nodes.allocate() else {
      throw BraceError(BRACE_E_NO_MEMORY, "the context's handle space is exhausted (\(Handle.maxSlot) slots)")
    }
    do {
      try attachDefaultStrategy(slot)
    } catch {
      nodes.release(slot)
      throw error
    }
    markLayout(slot)
    markDisplay(slot, nil)
    return slot
  }

  /// brace_node_create_subviews: `count` new nodes, each with `intrinsic` as its
  /// intrinsic content size, appended in order to `parent`'s subviews (nil: roots); their
  /// handles go to `out`. They end as that many brace_node_create, add_subview and
  /// set_intrinsic_content_size calls leave them, but the storage is reserved once and
  /// the superview and its ancestors hear of the change once, not once per node. All or
  /// nothing: a strategy refusing to attach destroys the nodes made before it again.
  func createSubviews(_ count: Int, under parent: NodeID?, intrinsic: brace_size, into out: UnsafeMutablePointer<brace_node>) throws(BraceError) {
    if let parent, nodes.flags[parent.index].contains(.guide) {
      throw .invalidArgument("layout guides are not views: \(describe(parent)) cannot take part in the subview tree")
    }
    guard count <= nodes.freeSlots.count + max(0, Int(Handle.maxSlot) + 1 - nodes.capacity) else {
      throw BraceError(BRACE_E_NO_MEMORY, "the context's handle space cannot take \(count) more nodes (\(Handle.maxSlot) slots)")
    }
    guard count > 0 else { return }
    if let parent, nodes.flags[parent.index].contains(.strategyDeferred) {
      // Its first subviews: a strategy waiting for them attaches now (see insert).
      let gen = nodes.generation[parent.index]
      try ensureAttached(parent)
      guard nodes.isLive(parent), nodes.generation[parent.index] == gen else {
        throw .reentrancy("the superview was destroyed by its strategy's attach hook while brace_node_create_subviews made its subviews")
      }
    }
    nodes.reserve(count)
    // New nodes are placed by the next layout: each records its first frame change.
    changes.pending.reserve(changes.pending.count + count)
    let parentGeneration = parent.map { nodes.generation[$0.index] }
    var adopter: (strategy: Int32, adopts: Bool) = (-2, false)
    let sized = intrinsic.width != -1 || intrinsic.height != -1
    if let parent { nodes.children[parent.index].reserveCapacity(nodes.children[parent.index].count + count) }
    // When no hook runs while the nodes are made (the default strategy attaches with a
    // first subview), nobody can look at the flags before the call returns: each node
    // takes its flags in the loop, and the superview's dirty lists and the ancestors'
    // bits are written once after it (what one mark per node and pass would leave).
    var newNodes: [NodeID] = []
    let bulk = parent != nil && plugins.defaultStrategy.map { plugins.strategies[Int($0)].attachesWithSubviews } ?? true
    if bulk { newNodes.reserveCapacity(count) }
    var constrained = sized
    // The slots the free list cannot give are appended at once, each column filled in
    // one pass; the last `fresh` nodes are made of them, one by one below.
    let fresh = max(0, count - nodes.freeSlots.count)
    var firstFresh = 0
    if fresh > 0 {
      guard let first = nodes.appendSlots(fresh) else {
        throw BraceError(BRACE_E_NO_MEMORY, "the context's handle space cannot take \(count) more nodes (\(Handle.maxSlot) slots)")
      }
      firstFresh = first - (count - fresh)
    }
    // The nodes made so far go again (destroyed as a program would) when node `made`
    // cannot be, and the appended slots after it, never made, become free slots.
    func undo(_ made: Int) {
      for k in (0..<made).reversed() {
        if let m = liveNode(out[k]) { try? destroy(m) }
      }
      for k in max(made + 1, count - fresh)..<count { nodes.freeSlots.append(NodeID(index: firstFresh + k)) }
    }
    // Each node is made, attached and linked before the next: the default strategy's
    // attach hook (a program may ship its own "frame") meets a consistent tree, even one
    // that reaches back into it.
    for k in 0..<count {
      let n: NodeID
      if k >= count - fresh {
        n = NodeID(index: firstFresh + k)
        nodes.revive(n)
      } else if let reused = nodes.allocate() {
        n = reused
      } else {
        undo(k)
        throw BraceError(BRACE_E_NO_MEMORY, "the context's handle space is exhausted (\(Handle.maxSlot) slots)")
      }
      do {
        try attachDefaultStrategy(n)
      } catch {
        nodes.release(n)
        undo(k)
        throw error
      }
      if let parent {
        guard nodes.isLive(parent), nodes.generation[parent.index] == parentGeneration,
          !nodes.flags[parent.index].contains(.dismantling)
        else {
          detachStrategy(n)
          nodes.release(n)
          undo(k)
          throw .reentrancy("the superview was destroyed while brace_node_create_subviews made its subviews (by a strategy's attach hook)")
        }
        nodes.indexInParent[n.index] = Int32(nodes.children[parent.index].count)
        nodes.children[parent.index].append(n)
        nodes.parent[n.index] = parent
        // (The superview's strategy is looked up again only when a hook changed it.)
        if nodes.strategy[parent.index] != adopter.strategy {
          let ps = nodes.strategy[parent.index]
          adopter = (ps, ps >= 0 && plugins.strategies[Int(ps)].adoptsSubviews)
        }
        if adopter.adopts {
          if bulk {
            nodes.flags[n.index].remove(.translatesMask)
            constrained = true
          } else {
            setTranslatesMask(n, false)
          }
        }
      }
      if sized { nodes.intrinsicSize[n.index] = intrinsic }
      if bulk {
        nodes.flags[n.index].insert(constrained
          ? [.needsLayout, .listedLayout, .needsDisplay, .displayWholeBounds, .listedDisplay, .needsUpdateConstraints, .listedConstraints]
          : [.needsLayout, .listedLayout, .needsDisplay, .displayWholeBounds, .listedDisplay])
        newNodes.append(n)
      } else {
        if sized { markConstraints(n) }
        markLayout(n)
        markDisplay(n, nil)
      }
      out[k] = handle(ofNode: n)
    }
    guard let parent else { return }
    if bulk {
      for pass in constrained ? [PassFlags.constraints, .layout, .display] : [.layout, .display] {
        nodes.listDirty(newNodes, in: parent, pass.index)
        if !nodes.flags[parent.index].contains(pass.subtree) {
          nodes.flags[parent.index].insert(pass.subtree)
          propagate(from: parent, pass)
        }
      }
    }
    markLayout(parent)
    strategyChildrenChanged(parent)
    subviewChanged(parent)
  }

  /// Inserts `child` under `parent` at `index` (nil appends). The index counts the
  /// subviews before the child is detached from its old place.
  func insert(_ child: NodeID, into parent: NodeID, at index: Int?) throws(BraceError) {
    if nodes.flags[child.index].contains(.guide) || nodes.flags[parent.index].contains(.guide) {
      throw .invalidArgument("layout guides are not views: \(describe(nodes.flags[child.index].contains(.guide) ? child : parent)) cannot take part in the subview tree")
    }
    func check() throws(BraceError) {
      let count = nodes.children[parent.index].count
      if let index, index < 0 || index > count {
        throw BraceError(BRACE_E_INDEX_OUT_OF_RANGE, "index \(UInt(bitPattern: index)) is out of range: \(describe(parent)) has \(count) subviews (0...\(count) allowed)")
      }
      // A childless node cannot be an ancestor of the parent: skip the walk (building a
      // deep chain stays linear).
      var a = nodes.children[child.index].isEmpty && parent != child ? .none : parent
      while a != .none {
        if a == child {
          throw BraceError(BRACE_E_CYCLE, parent == child
            ? "cannot add \(describe(child)) as a subview of itself"
            : "cannot add \(describe(child)) under \(describe(parent)): \(describe(parent)) is its descendant, which would make the tree cyclic")
        }
        a = nodes.parent[a.index]
      }
    }
    try check()
    // A strategy that waits for the first subview (BRACE_STRATEGY_ATTACH_WITH_SUBVIEWS)
    // attaches once the call is known to be no misuse (a refused one attaches nothing); a
    // refusal leaves everything as it was, and the checks run again on whatever its hook did.
    if nodes.flags[parent.index].contains(.strategyDeferred) {
      let gens = (nodes.generation[child.index], nodes.generation[parent.index])
      try ensureAttached(parent)
      guard nodes.isLive(child), nodes.isLive(parent), gens == (nodes.generation[child.index], nodes.generation[parent.index]) else {
        throw .reentrancy("a node was destroyed by the strategy's attach hook while \(describe(parent)) took its first subview")
      }
      try check()
    }
    let count = nodes.children[parent.index].count
    var target = index ?? count
    let old = nodes.parent[child.index]
    // Moved to another superview, its animations (in the old one's coordinates) end.
    if old != parent { cancelAnimations(child, subtree: true) }
    if old != .none {
      if old != parent {
        engineWillDetach(child)
        dropChildProperties(child, leaving: old)
      }
      let k = detach(child)
      if old == parent, let k, k < target || index == nil { target -= 1 }
      if old != parent {
        markLayout(old)
        strategyChildrenChanged(old)
      }
    }
    let at = min(target, nodes.children[parent.index].count)
    nodes.children[parent.index].insert(child, at: at)
    renumber(parent, from: at)
    nodes.parent[child.index] = parent
    // A container that constrains its subviews adopts them now, as addArrangedSubview
    // does: the caller's constraints on the child never meet its translated frame.
    let k = nodes.strategy[parent.index]
    if k >= 0, plugins.strategies[Int(k)].adoptsSubviews { setTranslatesMask(child, false) }
    // The moved subtree carries its flags: make the new ancestors see them.
    let f = nodes.flags[child.index]
    for pass in [PassFlags.constraints, .layout, .display] where !f.isDisjoint(with: pass.either) {
      propagate(from: child, pass)
    }
    markLayout(parent)
    markLayout(child)
    strategyChildrenChanged(parent)
    // What `parent` measures as (its subviews' extent, a container's fitting size) may
    // have changed for the strategy of its own superview.
    subviewChanged(parent)
  }

  /// Keeps indexInParent right for the subviews of `p` from position `k` on.
  private func renumber(_ p: NodeID, from k: Int) {
    let kids = nodes.children[p.index]
    var j = k
    while j < kids.count {
      nodes.indexInParent[kids[j].index] = Int32(j)
      j += 1
    }
  }

  /// Unlinks `child` from its superview; returns its former index.
  @discardableResult
  private func detach(_ child: NodeID) -> Int? {
    let p = nodes.parent[child.index]
    guard p != .none else { return nil }
    let k = Int(nodes.indexInParent[child.index])
    guard k >= 0, k < nodes.children[p.index].count, nodes.children[p.index][k] == child else { return nil }
    nodes.children[p.index].remove(at: k)
    renumber(p, from: k)
    nodes.parent[child.index] = .none
    nodes.indexInParent[child.index] = -1
    // Its entries in the old superview's dirty lists are stale now; a new superview
    // lists it afresh.
    nodes.flags[child.index].remove(.listedAny)
    if !nodes.flags[child.index].isDisjoint(with: .anyDirty) {
      for pass in [PassFlags.constraints, .layout, .display] { clearStaleSubtreeBits(from: p, pass) }
    }
    return k
  }

  /// brace_node_remove_from_superview: a guide has an owner, not a superview.
  func userRemoveFromSuperview(_ node: NodeID) throws(BraceError) {
    if nodes.flags[node.index].contains(.guide) {
      throw .invalidArgument("\(describe(node)) is a layout guide: it has an owner, not a superview (destroy it to remove it)")
    }
    // It leaves the tree that is drawn: its subtree's animations end (not finished).
    cancelAnimations(node, subtree: true)
    removeFromSuperview(node)
  }

  /// The node's index among its superview's subviews.
  func indexInSuperview(_ node: NodeID) throws(BraceError) -> Int {
    guard nodes.parent[node.index] != .none, !nodes.flags[node.index].contains(.guide) else {
      throw .invalidState("\(describe(node)) has no superview")
    }
    return Int(nodes.indexInParent[node.index])
  }

  /// The superview's handle, 0 for none.
  func superview(_ node: NodeID) -> brace_node {
    let p = nodes.parent[node.index]
    return p == .none ? 0 : handle(ofNode: p)
  }

  func removeFromSuperview(_ node: NodeID) {
    let p = nodes.parent[node.index]
    guard p != .none else { return }
    engineWillDetach(node)
    dropChildProperties(node, leaving: p)
    detach(node)
    markLayout(p)
    strategyChildrenChanged(p)
    subviewChanged(p)
    if !nodes.flags[node.index].isDisjoint(with: .anyDirty) { addDirtyRoot(node) }
  }

  /// Destroys `node` and its subtree. Refused while the node or a descendant is being
  /// processed by a pass, since the pass holds it.
  func destroy(_ node: NodeID) throws(BraceError) {
    for a in cycle.activeNodes {
      var x = a
      while x != .none {
        if x == node {
          throw .reentrancy(a == node
            ? "cannot destroy \(describe(node)) while it is being processed by the update cycle (destroy it after the pass)"
            : "cannot destroy \(describe(node)): its descendant \(describe(a)) is being processed by the update cycle")
        }
        x = nodes.parent[x.index]
      }
    }
    if nodes.flags[node.index].contains(.guide) {
      removeGuide(node)
      nodes.parent[node.index] = .none
    } else {
      removeFromSuperview(node)
    }
    // From here on the subtree's handles are refused: the hooks that run below (plugin
    // detach, diagnostics) cannot move, reuse or destroy these nodes again.
    let order = subtreeNodes(node)
    let generations = order.map { nodes.generation[$0.index] }
    for n in order { nodes.flags[n.index].insert(.dismantling) }
    if !animation.isEmpty { for n in order { animation.removeAll(of: n, stopped: true) } }
    if !animation.fresh.isEmpty { for n in order { animation.fresh.remove(n) } }
    for n in order.reversed() { engineWillDestroy(n) }
    for (n, gen) in zip(order, generations).reversed() where nodes.generation[n.index] == gen && nodes.isLive(n) {
      detachStrategy(n)
      releaseCallbacks(n)
      forgetProperties(n)
      nodes.baselines[n] = nil
      forgetMeasures(n)
      if let id = nodes.identifiers.removeValue(forKey: n) { free(id) }
      forgetInEngine(n)
      nodes.release(n)
    }
  }
}
