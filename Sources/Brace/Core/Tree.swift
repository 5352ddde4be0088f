import CBrace
import CBraceLibc

/// The view tree: creating, attaching, detaching and destroying nodes.
extension Context {
  func createNode() throws(BraceError) -> Int32 {
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

  /// Inserts `child` under `parent` at `index` (nil appends). The index counts the
  /// subviews before the child is detached from its old place.
  func insert(_ child: Int32, into parent: Int32, at index: Int?) throws(BraceError) {
    if nodes.flags[Int(child)].contains(.guide) || nodes.flags[Int(parent)].contains(.guide) {
      throw .invalidArgument("layout guides are not views: \(describe(nodes.flags[Int(child)].contains(.guide) ? child : parent)) cannot take part in the subview tree")
    }
    let count = nodes.children[Int(parent)].count
    if let index, index < 0 || index > count {
      throw BraceError(BRACE_E_INDEX_OUT_OF_RANGE, "index \(UInt(bitPattern: index)) is out of range: \(describe(parent)) has \(count) subviews (0...\(count) allowed)")
    }
    // A childless node cannot be an ancestor of the parent: skip the walk (building a
    // deep chain stays linear).
    var a = nodes.children[Int(child)].isEmpty && parent != child ? -1 : parent
    while a >= 0 {
      if a == child {
        throw BraceError(BRACE_E_CYCLE, parent == child
          ? "cannot add \(describe(child)) as a subview of itself"
          : "cannot add \(describe(child)) under \(describe(parent)): \(describe(parent)) is its descendant, which would make the tree cyclic")
      }
      a = nodes.parent[Int(a)]
    }
    var target = index ?? count
    let old = nodes.parent[Int(child)]
    if old >= 0 {
      if old != parent { engineWillDetach(child) }
      let k = detach(child)
      if old == parent, let k, k < target || index == nil { target -= 1 }
      if old != parent {
        markLayout(old)
        strategyChildrenChanged(old)
      }
    }
    let at = min(target, nodes.children[Int(parent)].count)
    nodes.children[Int(parent)].insert(child, at: at)
    renumber(parent, from: at)
    nodes.parent[Int(child)] = parent
    // The moved subtree carries its flags: make the new ancestors see them.
    let f = nodes.flags[Int(child)]
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
  private func renumber(_ p: Int32, from k: Int) {
    let kids = nodes.children[Int(p)]
    var j = k
    while j < kids.count {
      nodes.indexInParent[Int(kids[j])] = Int32(j)
      j += 1
    }
  }

  /// Unlinks `child` from its superview; returns its former index.
  @discardableResult
  private func detach(_ child: Int32) -> Int? {
    let p = nodes.parent[Int(child)]
    guard p >= 0 else { return nil }
    let k = Int(nodes.indexInParent[Int(child)])
    guard k >= 0, k < nodes.children[Int(p)].count, nodes.children[Int(p)][k] == child else { return nil }
    nodes.children[Int(p)].remove(at: k)
    renumber(p, from: k)
    nodes.parent[Int(child)] = -1
    nodes.indexInParent[Int(child)] = -1
    // Its entries in the old superview's dirty lists are stale now; a new superview
    // lists it afresh.
    nodes.flags[Int(child)].remove(.listedAny)
    if !nodes.flags[Int(child)].isDisjoint(with: .anyDirty) {
      for pass in [PassFlags.constraints, .layout, .display] { clearStaleSubtreeBits(from: p, pass) }
    }
    return k
  }

  /// brace_node_remove_from_superview: a guide has an owner, not a superview.
  func userRemoveFromSuperview(_ node: Int32) throws(BraceError) {
    if nodes.flags[Int(node)].contains(.guide) {
      throw .invalidArgument("\(describe(node)) is a layout guide: it has an owner, not a superview (destroy it to remove it)")
    }
    removeFromSuperview(node)
  }

  /// The node's index among its superview's subviews.
  func indexInSuperview(_ node: Int32) throws(BraceError) -> Int {
    guard nodes.parent[Int(node)] >= 0, !nodes.flags[Int(node)].contains(.guide) else {
      throw .invalidState("\(describe(node)) has no superview")
    }
    return Int(nodes.indexInParent[Int(node)])
  }

  /// The superview's handle, 0 for none.
  func superview(_ node: Int32) -> brace_node {
    let p = nodes.parent[Int(node)]
    return p < 0 ? 0 : handle(ofNode: p)
  }

  func removeFromSuperview(_ node: Int32) {
    let p = nodes.parent[Int(node)]
    guard p >= 0 else { return }
    engineWillDetach(node)
    detach(node)
    markLayout(p)
    strategyChildrenChanged(p)
    subviewChanged(p)
    if !nodes.flags[Int(node)].isDisjoint(with: .anyDirty) { addDirtyRoot(node) }
  }

  /// Destroys `node` and its subtree. Refused while the node or a descendant is being
  /// processed by a pass, since the pass holds it.
  func destroy(_ node: Int32) throws(BraceError) {
    for a in cycle.activeNodes {
      var x = a
      while x >= 0 {
        if x == node {
          throw .reentrancy(a == node
            ? "cannot destroy \(describe(node)) while it is being processed by the update cycle (destroy it after the pass)"
            : "cannot destroy \(describe(node)): its descendant \(describe(a)) is being processed by the update cycle")
        }
        x = nodes.parent[Int(x)]
      }
    }
    if nodes.flags[Int(node)].contains(.guide) {
      removeGuide(node)
      nodes.parent[Int(node)] = -1
    } else {
      removeFromSuperview(node)
    }
    // From here on the subtree's handles are refused: the hooks that run below (plugin
    // detach, diagnostics) cannot move, reuse or destroy these nodes again.
    let order = subtreeNodes(node)
    let generations = order.map { nodes.generation[Int($0)] }
    for n in order { nodes.flags[Int(n)].insert(.dismantling) }
    for n in order.reversed() { engineWillDestroy(n) }
    for (n, gen) in zip(order, generations).reversed() where nodes.generation[Int(n)] == gen && nodes.isLive(n) {
      detachStrategy(n)
      releaseCallbacks(n)
      forgetProperties(n)
      nodes.baselines[n] = nil
      if let id = nodes.identifiers.removeValue(forKey: n) { free(id) }
      forgetInEngine(n)
      nodes.release(n)
    }
  }
}
