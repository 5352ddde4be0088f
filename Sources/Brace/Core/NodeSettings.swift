import CBrace

/// The node settings the C ABI changes (node.h, constraint.h's baselines), each with the
/// update-cycle triggers UIKit gives it. The ABI validates the arguments and calls these.
extension Context {
  func setAlignmentInsets(_ n: NodeID, _ insets: brace_insets) {
    nodes.alignmentInsets[n.index] = insets
    markConstraints(n)
    refreshConstraints(touching: n)
    requeueSolvedFrame(n)
    let p = nodes.parent[n.index]
    if p != .none { markLayout(p) }
    subviewChanged(n)
  }

  func setHidden(_ n: NodeID, _ hidden: Bool) {
    guard setFlag(n, .hidden, hidden) else { return }
    if !hidden { markDisplay(n, nil) }
    // In UIKit only UIStackView reacts to isHidden: a superview whose strategy says its
    // arrangement depends on it is flagged; any other keeps its layout.
    let p = nodes.parent[n.index]
    if p != .none, let s = strategyOf(p), s.dependsOnHidden {
      markLayout(p)
      // Its fitting size depends on which subviews show: the container around it, or
      // the constraint layout holding it by its measure, must measure it again.
      invalidateFittingSize(p)
    }
  }

  /// `direction` is 0 (inherit), 1 (LTR) or 2 (RTL).
  func setDirection(_ n: NodeID, _ direction: UInt8) {
    guard nodes.direction[n.index] != direction else { return }
    nodes.direction[n.index] = direction
    directionChanged(n)
  }

  /// `k` indexes `priorities`: hugging H, hugging V, compression H, compression V.
  func setContentPriority(_ n: NodeID, _ k: Int, _ p: Float) {
    guard nodes.priorities[n.index][k] != p else { return }
    nodes.priorities[n.index][k] = p
    markConstraints(n)
    subviewChanged(n)
  }

  func setAutoresizingMask(_ n: NodeID, _ mask: UInt8) {
    guard nodes.autoresizingMask[n.index] != mask else { return }
    nodes.autoresizingMask[n.index] = mask
    if nodes.flags[n.index].contains(.translatesMask) { markConstraints(n) }
  }

  func setTranslatesMask(_ n: NodeID, _ on: Bool) {
    if setFlag(n, .translatesMask, on) { markConstraints(n) }
  }

  func setAutoresizesSubviews(_ n: NodeID, _ on: Bool) {
    setFlag(n, .autoresizesSubviews, on)
  }

  func setUserData(_ n: NodeID, _ data: UnsafeMutableRawPointer?) {
    nodes.userData[n.index] = data
  }

  /// `first` is from the top (-1: none), `last` from the bottom.
  func setBaselines(_ n: NodeID, first: Double, last: Double) {
    nodes.baselines[n] = (first, last)
    refreshConstraints(touching: n)
    subviewChanged(n)
  }

  /// Sets or clears one of a node's flags; true when it changed.
  @discardableResult
  private func setFlag(_ n: NodeID, _ flag: NodeFlags, _ on: Bool) -> Bool {
    guard nodes.flags[n.index].contains(flag) != on else { return false }
    if on { nodes.flags[n.index].insert(flag) } else { nodes.flags[n.index].remove(flag) }
    return true
  }
}
