import CBrace

/// The node settings the C ABI changes (node.h, constraint.h's baselines), each with the
/// update-cycle triggers UIKit gives it. The ABI validates the arguments and calls these.
extension Context {
  func setAlignmentInsets(_ n: Int32, _ insets: brace_insets) {
    nodes.alignmentInsets[Int(n)] = insets
    markConstraints(n)
    refreshConstraints(touching: n)
    requeueSolvedFrame(n)
    let p = nodes.parent[Int(n)]
    if p >= 0 { markLayout(p) }
    subviewChanged(n)
  }

  func setHidden(_ n: Int32, _ hidden: Bool) {
    guard setFlag(n, .hidden, hidden) else { return }
    if !hidden { markDisplay(n, nil) }
    // In UIKit only UIStackView reacts to isHidden: a superview whose strategy says its
    // arrangement depends on it is flagged; any other keeps its layout.
    let p = nodes.parent[Int(n)]
    if p >= 0, let s = strategyOf(p), s.dependsOnHidden {
      markLayout(p)
      markConstraints(p)
    }
  }

  /// `direction` is 0 (inherit), 1 (LTR) or 2 (RTL).
  func setDirection(_ n: Int32, _ direction: UInt8) {
    guard nodes.direction[Int(n)] != direction else { return }
    nodes.direction[Int(n)] = direction
    directionChanged(n)
  }

  /// `k` indexes `priorities`: hugging H, hugging V, compression H, compression V.
  func setContentPriority(_ n: Int32, _ k: Int, _ p: Float) {
    guard nodes.priorities[Int(n)][k] != p else { return }
    nodes.priorities[Int(n)][k] = p
    markConstraints(n)
    subviewChanged(n)
  }

  func setAutoresizingMask(_ n: Int32, _ mask: UInt8) {
    guard nodes.autoresizingMask[Int(n)] != mask else { return }
    nodes.autoresizingMask[Int(n)] = mask
    if nodes.flags[Int(n)].contains(.translatesMask) { markConstraints(n) }
  }

  func setTranslatesMask(_ n: Int32, _ on: Bool) {
    if setFlag(n, .translatesMask, on) { markConstraints(n) }
  }

  func setAutoresizesSubviews(_ n: Int32, _ on: Bool) {
    setFlag(n, .autoresizesSubviews, on)
  }

  func setUserData(_ n: Int32, _ data: UnsafeMutableRawPointer?) {
    nodes.userData[Int(n)] = data
  }

  /// `first` is from the top (-1: none), `last` from the bottom.
  func setBaselines(_ n: Int32, first: Double, last: Double) {
    nodes.baselines[n] = (first, last)
    refreshConstraints(touching: n)
    subviewChanged(n)
  }

  /// Sets or clears one of a node's flags; true when it changed.
  @discardableResult
  private func setFlag(_ n: Int32, _ flag: NodeFlags, _ on: Bool) -> Bool {
    guard nodes.flags[Int(n)].contains(flag) != on else { return false }
    if on { nodes.flags[Int(n)].insert(flag) } else { nodes.flags[Int(n)].remove(flag) }
    return true
  }
}
