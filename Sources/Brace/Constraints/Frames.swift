import BracePluginKit
import CBrace

/// From solved variables to frames: the superview of each node whose solved frame
/// changed is flagged for layout, and its default layout_subviews applies the frames.
extension Context {
  /// Reads the variables the solver changed and queues the frames that change.
  func applyEngineChanges() {
    // Measured heights follow the solved widths before any frame is read.
    if bridge.dirty { settleMeasuredHeights() }
    guard bridge.dirty, let s = bridge.solver, let i = bridge.solverInstance else { return }
    bridge.dirty = false
    var changed: [NodeID] = []
    var seen = Set<NodeID>()
    var buffer = [UInt32](repeating: 0, count: 256)
    // A solver cannot change more variables than it has: more rounds than that, or a
    // count past the buffer, is a broken plugin, reported instead of looped on.
    var rounds = bridge.variableOwner.count / buffer.count + 2
    while true {
      let n = buffer.withUnsafeMutableBufferPointer { s.desc.take_changed!(i, $0.baseAddress, $0.count) }
      rounds -= 1
      guard n <= buffer.count, rounds >= 0 else {
        emitDiagnostic(BRACE_DIAGNOSTIC_PLUGIN, "solver \"\(s.name)\" (\(s.path)) answered take_changed with \(n) variables for a buffer of \(buffer.count), more than it has; its changes were not all applied", nodes: [])
        break
      }
      for v in buffer.prefix(n) where Int(v) < bridge.variableOwner.count {
        let owner = bridge.variableOwner[Int(v)]
        guard owner >= 0 else { continue }
        let node = NodeID(Int32(owner >> 2))
        if seen.insert(node).inserted { changed.append(node) }
      }
      if n < buffer.count { break }
    }
    // A root's frame is applied at once, and its strategy's size_changed hook may reach
    // callbacks that destroy nodes: a slot reused meanwhile is not the node that changed.
    let generations = changed.map { nodes.generation[$0.index] }
    for (n, gen) in zip(changed, generations) where nodes.generation[n.index] == gen && nodes.isLive(n) {
      requeueSolvedFrame(n)
    }
  }

  /// The frame from the solved alignment rect: outset by the insets, edges rounded to
  /// the pixel grid of the context's scale.
  func solvedFrame(_ n: NodeID) -> brace_rect {
    guard let v = bridge.engineNodes[n]?.vars else { return nodes.frame[n.index] }
    let a = brace_rect(x: solverValue(v.0), y: solverValue(v.1), width: solverValue(v.2), height: solverValue(v.3))
    guard a.x.isFinite, a.y.isFinite, a.width.isFinite, a.height.isFinite else {
      let name = bridge.solver.map { "solver \"\($0.name)\" (\($0.path))" } ?? "the solver"
      emitDiagnostic(BRACE_DIAGNOSTIC_PLUGIN, "\(name) answered a frame of \(a.x), \(a.y), \(a.width) x \(a.height) for \(describe(n)); it keeps its frame", nodes: [n])
      return nodes.frame[n.index]
    }
    if a.width < 0 || a.height < 0 || !bridge.negativeReported.isEmpty { noteNegativeSize(n, width: a.width, height: a.height) }
    return roundedToPixelGrid(frame(forAlignmentRect: a, of: n), scale: options.scale)
  }

  /// Queues a node's frame from its solved values when it differs from the current one:
  /// under its superview, for that superview's layout pass (flagged), or at once for a
  /// root. Also used when the same alignment rect gives another frame (insets changed).
  func requeueSolvedFrame(_ n: NodeID) {
    guard bridge.engineNodes[n] != nil else { return }
    let f = solvedFrame(n)
    guard !(f == nodes.frame[n.index]) else { return }
    let p = nodes.parent[n.index]
    if p == .none {
      applyFrame(n, f)
    } else {
      bridge.pendingFrames[p, default: [:]][n] = f
      markLayout(p)
    }
  }

  /// Sets a frame the engine computed: the size-change triggers apply, but a translating
  /// node's constraints are not regenerated from it (they produced it).
  func applyFrame(_ n: NodeID, _ f: brace_rect) {
    guard f.x.isFinite, f.y.isFinite, f.width.isFinite, f.height.isFinite else { return }
    setFrame(n, f)
  }

  /// Applies the solved frames queued for the subviews (and guides) of `p`. Each frame's
  /// size change runs that subview's size_changed hook, which may reach callbacks that
  /// destroy or move the others: each is checked when its turn comes.
  func applyPendingFrames(_ p: NodeID) {
    guard !bridge.pendingFrames.isEmpty, let queued = bridge.pendingFrames.removeValue(forKey: p) else { return }
    let entries = queued.map { (n: $0.key, gen: nodes.generation[$0.key.index], frame: $0.value) }
    for e in entries where nodes.generation[e.n.index] == e.gen && nodes.isLive(e.n) && nodes.parent[e.n.index] == p {
      applyFrame(e.n, e.frame)
    }
  }

  /// A solved size below zero is laid out as zero; it is reported once, naming the
  /// constraints on that axis of the node (those that pushed it there), and again only
  /// after the node has had a size of zero or more. Less than half a pixel below zero is
  /// rounding, not reported.
  private func noteNegativeSize(_ n: NodeID, width: Double, height: Double) {
    let limit = -0.5 / options.scale
    let negative = (width < limit ? 1 : 0) | (height < limit ? 2 : 0)
    guard negative != 0 else {
      if !bridge.negativeReported.isEmpty { bridge.negativeReported[n] = nil }
      return
    }
    let gen = nodes.generation[n.index]
    guard bridge.negativeReported[n] != gen else { return }
    bridge.negativeReported[n] = gen
    var involved: [ConstraintID] = []
    var parts: [String] = []
    for (bit, axis, name, value) in [(1, AttributeAxis.horizontal, "width", width), (2, .vertical, "height", height)] where negative & bit != 0 {
      parts.append("a \(name) of \(number(value))")
      for c in bridge.nodeConstraints[n] ?? [] where !involved.contains(c)
        && bridge.constraints[c.index].terms.contains(where: { !$0.isVariable && $0.node == n && $0.attribute.axis == axis })
      {
        involved.append(c)
      }
      for c in bridge.engineNodes[n]?.generated ?? [] where !involved.contains(c) && bridge.constraints[c.index].row != nil
        && bridge.constraints[c.index].terms.contains(where: { $0.attribute.axis == axis })
      {
        involved.append(c)
      }
    }
    var lines = ["The constraints give \(describe(n)) \(parts.joined(separator: " and ")), below zero; it is laid out with zero instead. The constraints on it along that axis:", "("]
    for c in involved { lines.append("    \"\(describeConstraint(c))\"") }
    lines.append(")")
    lines.append("Reported once until its size is zero or more again. Usually spacings or margins wider than the superview (UIKit's default margins and standard spacing are 8 each: see brace_context_options.standard_spacing and default_layout_margin).")
    emitDiagnostic(BRACE_DIAGNOSTIC_NEGATIVE_SIZE, lines.joined(separator: "\n"), nodes: [n], constraints: involved)
  }
}
