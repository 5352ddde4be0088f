import CBrace

/// The update cycle's dirty flags: a node's needs-flags, the "a descendant needs it" bits
/// above it, and the dirty roots (Passes.swift walks them; UpdateCycle.swift runs them).
///
/// Invariant: when a node carries a needs-flag, every ancestor carries the matching
/// subtree bit and its root is in `dirtyRoots`. Subtree bits may be stale-true (a pass
/// clears them), never stale-false. So a pass walks only dirty paths.
extension Context {
  @inline(__always)
  func markLayout(_ n: NodeID) { mark(n, .layout) }

  @inline(__always)
  func markConstraints(_ n: NodeID) { mark(n, .constraints) }

  func markDisplay(_ n: NodeID, _ rect: brace_rect?) {
    let i = n.index
    if let rect {
      if !nodes.flags[i].contains(.displayWholeBounds) {
        nodes.dirtyRect[i] = nodes.flags[i].contains(.needsDisplay) ? nodes.dirtyRect[i].union(rect) : rect
      }
    } else {
      nodes.flags[i].insert(.displayWholeBounds)
    }
    mark(n, .display)
  }

  @inline(__always)
  func mark(_ n: NodeID, _ pass: PassFlags) {
    let i = n.index
    // Guides are never laid out, drawn or updated by a pass.
    if nodes.flags[i].contains(pass.own) || nodes.flags[i].contains(.guide) { return }
    nodes.flags[i].insert(pass.own)
    propagate(from: n, pass)
  }

  /// Sets `subtree` on the ancestors of `n` up to the first that has it; a walk that
  /// reaches the root puts the root in the dirty list.
  func propagate(from n: NodeID, _ pass: PassFlags) {
    var x = n
    var p = nodes.parent[x.index]
    while p != .none {
      // Each flagged node is listed once in its superview's dirty list for the pass.
      if !nodes.flags[x.index].contains(pass.listed) {
        nodes.flags[x.index].insert(pass.listed)
        nodes.listDirty(x, in: p, pass.index)
      }
      if nodes.flags[p.index].contains(pass.subtree) { return }
      nodes.flags[p.index].insert(pass.subtree)
      x = p
      p = nodes.parent[p.index]
    }
    addDirtyRoot(x)
  }

  /// Recomputes the subtree bit of `pass` from `start` upwards after work below it was
  /// done or left, stopping where the bit is still justified: pending queries stay exact.
  func clearStaleSubtreeBits(from start: NodeID, _ pass: PassFlags) {
    var x = start
    while x != .none, nodes.flags[x.index].contains(pass.subtree) {
      if nodes.children[x.index].contains(where: { !nodes.flags[$0.index].isDisjoint(with: pass.either) }) { return }
      nodes.flags[x.index].remove(pass.subtree)
      if nodes.flags[x.index].contains(pass.own) { return }
      x = nodes.parent[x.index]
    }
  }

  func addDirtyRoot(_ r: NodeID) {
    if nodes.flags[r.index].contains(.inDirtyRoots) { return }
    nodes.flags[r.index].insert(.inDirtyRoots)
    cycle.dirtyRoots.append(r)
  }

  /// Drops clean, destroyed and no-longer-root entries from the dirty-roots list.
  func compactDirtyRoots() {
    var kept: [NodeID] = []
    for r in cycle.dirtyRoots where nodes.isLive(r) {
      nodes.flags[r.index].remove(.inDirtyRoots)
    }
    for r in cycle.dirtyRoots where nodes.isLive(r) && nodes.parent[r.index] == .none
      && !nodes.flags[r.index].isDisjoint(with: .anyDirty) && !nodes.flags[r.index].contains(.inDirtyRoots)
    {
      nodes.flags[r.index].insert(.inDirtyRoots)
      kept.append(r)
    }
    cycle.dirtyRoots = kept
  }

  var pendingPhases: UInt32 {
    var bits: UInt32 = bridge.dirty ? BRACE_PHASE_LAYOUT.rawValue : 0
    for r in cycle.dirtyRoots where nodes.isLive(r) && nodes.parent[r.index] == .none {
      let f = nodes.flags[r.index]
      if !f.isDisjoint(with: PassFlags.constraints.either) { bits |= BRACE_PHASE_CONSTRAINTS.rawValue }
      if !f.isDisjoint(with: PassFlags.layout.either) { bits |= BRACE_PHASE_LAYOUT.rawValue }
      if !f.isDisjoint(with: PassFlags.display.either) { bits |= BRACE_PHASE_DISPLAY.rawValue }
    }
    return bits
  }
}
