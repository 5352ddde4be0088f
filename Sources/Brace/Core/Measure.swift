import CBrace

/// Measuring (docs/measuring.md): a node's measure callback (sizeThatFits), its
/// strategy's measure hook, the per-node cache of the callback's answers, and how
/// constraint layout takes a measured size as the intrinsic size (height for the solved
/// width, re-measured within the turn).
extension Context {
  /// Answers kept per node: a turn asks few proposals of a node (no limit, the solved
  /// width, a container's offer); a ring of 8 holds them.
  static let measureCacheCapacity = 8

  func hasMeasureCallback(_ n: NodeID) -> Bool { callbacks(of: n)?.measure != nil }

  /// A strategy that measures the node's subviews: one with a measure hook other than
  /// "frame", whose hook only describes frames.
  func measuresSubviews(_ n: NodeID) -> Bool {
    let k = nodes.strategy[n.index]
    return k >= 0 && k != plugins.defaultStrategy && plugins.strategies[Int(k)].desc.measure != nil
  }

  /// Whether constraint layout takes `n`'s size from its measure on the axes without an
  /// intrinsic size: it has a measure callback, or a measuring strategy that generates no
  /// constraints (one that does, the stack, sizes its node through them).
  func measuresInEngine(_ n: NodeID) -> Bool {
    if hasMeasureCallback(n) { return true }
    return measuresSubviews(n) && plugins.strategies[Int(nodes.strategy[n.index])].desc.update_constraints == nil
  }

  /// The measure callback's answer for `proposal` (cached), -1 on an axis it answered
  /// badly; nil without a callback or from inside its own.
  func callbackMeasure(_ n: NodeID, _ proposal: brace_size) -> brace_size? {
    guard let cb = callbacks(of: n), let f = cb.measure, !nodes.flags[n.index].contains(.inMeasureCallback) else { return nil }
    if let hit = nodes.measureCache[n]?.last(where: { $0.proposal.width == proposal.width && $0.proposal.height == proposal.height }) {
      return hit.size
    }
    let gen = nodes.generation[n.index]
    nodes.flags[n.index].insert(.inMeasureCallback)
    // Busy while it measures: a callback cannot destroy it (or an ancestor) meanwhile.
    enterActive(n)
    let s = f(opaque, handle(ofNode: n), proposal, cb.user_data)
    leaveActive(n)
    guard nodes.isLive(n), nodes.generation[n.index] == gen else { return nil }
    nodes.flags[n.index].remove(.inMeasureCallback)
    func checked(_ v: Double, _ axis: String) -> Double {
      if v.isFinite && v >= 0 { return v }
      emitDiagnostic(
        BRACE_DIAGNOSTIC_PLUGIN,
        "the measure callback of \(describe(n)) answered a \(axis) of \(number(v)) for a proposed \(proposalText(proposal)); a size must be finite and >= 0, so \(describe(n)) has no measured \(axis)",
        nodes: [n])
      return -1
    }
    let answer = brace_size(width: checked(s.width, "width"), height: checked(s.height, "height"))
    var list = nodes.measureCache[n] ?? []
    if list.count >= Context.measureCacheCapacity { list.removeFirst() }
    list.append((proposal, answer))
    nodes.measureCache[n] = list
    return answer
  }

  func proposalText(_ p: brace_size) -> String {
    func one(_ v: Double) -> String { v == BRACE_PROPOSAL_UNBOUNDED ? "unbounded" : number(v) }
    return "\(one(p.width)) x \(one(p.height))"
  }

  /// The size `n` wants for `proposal`, per axis: its intrinsic size, else its measure
  /// callback, else its strategy's measure hook; a leaf of the "frame" strategy wants 0
  /// (not its frame, which its container set); a container without a hook, its frame.
  func measure(_ n: NodeID, _ proposal: brace_size) throws(BraceError) -> brace_size {
    var out = intrinsicSize(n)
    if out.width < 0 || out.height < 0, let c = callbackMeasure(n, proposal) {
      if out.width < 0 { out.width = c.width }
      if out.height < 0 { out.height = c.height }
    }
    if out.width >= 0 && out.height >= 0 { return out }
    let rest = try strategyMeasure(n, proposal)
    return brace_size(width: out.width >= 0 ? out.width : rest.width, height: out.height >= 0 ? out.height : rest.height)
  }

  private func strategyMeasure(_ n: NodeID, _ proposal: brace_size) throws(BraceError) -> brace_size {
    let k = nodes.strategy[n.index]
    if nodes.children[n.index].isEmpty && (k < 0 || k == plugins.defaultStrategy) { return brace_size(width: 0, height: 0) }
    guard k >= 0, let f = plugins.strategies[Int(k)].desc.measure else {
      let f = nodes.frame[n.index]
      return brace_size(width: f.width, height: f.height)
    }
    let s = plugins.strategies[Int(k)]
    try ensureAttached(n)
    var out = brace_size()
    // Busy while its strategy measures it: a callback reached from the hook cannot
    // destroy it or change its strategy under the hook's node data.
    enterActive(n)
    let status = f(opaque, s.state, handle(ofNode: n), nodes.strategyData[n.index], proposal, &out)
    leaveActive(n)
    // Also a diagnostic: a container that falls back to 0 on failure would be silent.
    guard status == BRACE_OK else {
      let why = "strategy \"\(s.name)\" failed to measure \(describe(n)) for a proposed \(proposalText(proposal)) (\(statusName(status)))"
      emitDiagnostic(BRACE_DIAGNOSTIC_PLUGIN, why, nodes: [n])
      throw BraceError(BRACE_E_PLUGIN, why)
    }
    guard out.width.isFinite, out.height.isFinite, out.width >= 0, out.height >= 0 else {
      let why = "strategy \"\(s.name)\" measured \(describe(n)) as \(number(out.width)) x \(number(out.height)) for a proposed \(proposalText(proposal)), which is not a valid size (finite, >= 0)"
      emitDiagnostic(BRACE_DIAGNOSTIC_PLUGIN, why, nodes: [n])
      throw BraceError(BRACE_E_PLUGIN, why)
    }
    return out
  }

  /// The intrinsic size constraint layout holds `n` by: its intrinsic size, and on an
  /// axis without one its measure when it measures (measuresInEngine): the width for no
  /// limit, the height for `width` (nil: the width the engine last solved for it, kept
  /// in measuredWidth, or no limit before the first solve).
  func engineIntrinsicSize(_ n: NodeID, heightFor width: Double? = nil) -> brace_size {
    var size = intrinsicSize(n)
    guard size.width < 0 || size.height < 0, nodes.isLive(n), measuresInEngine(n) else {
      // (Every leaf's size constraints come here: no hashing while nothing measures.)
      if width == nil && !bridge.measuredWidth.isEmpty { bridge.measuredWidth[n] = nil }
      return size
    }
    let free = brace_size(width: BRACE_PROPOSAL_UNBOUNDED, height: BRACE_PROPOSAL_UNBOUNDED)
    var unbounded: brace_size? = nil
    if size.width < 0 {
      unbounded = try? measure(n, free)
      size.width = unbounded?.width ?? -1
    }
    if size.height < 0 {
      let w = width ?? bridge.measuredWidth[n] ?? BRACE_PROPOSAL_UNBOUNDED
      if width == nil { bridge.measuredWidth[n] = w }
      // No width yet (before the first solve, or a fitting size without a required
      // width): the proposal the width was just measured with, so its answer, not a
      // second call of the strategy's hook (a strategy's answers are not cached).
      let same = w == BRACE_PROPOSAL_UNBOUNDED ? unbounded : nil
      size.height = (same ?? (try? measure(n, brace_size(width: w, height: BRACE_PROPOSAL_UNBOUNDED))))?.height ?? -1
    } else if width == nil {
      bridge.measuredWidth[n] = nil
    }
    return size
  }

  /// Measured heights for the width the engine gave: each node whose height came from
  /// its measure at another width than its solved one is measured again at that width
  /// and its size constraints regenerated, which solves again; bounded at 4 rounds (a
  /// height can move widths only through unusual constraints). Runs before solved
  /// frames are read, so a turn lays out a wrapping label once, at its final height.
  /// A round's changes share one solver batch: every width is read from the same solve,
  /// and 1,000 paragraphs re-measured after a resize cost one re-solve, not 1,000.
  func settleMeasuredHeights() {
    guard !bridge.measuredWidth.isEmpty, !bridge.settlingMeasures, let s = bridge.solver, let i = bridge.solverInstance else { return }
    bridge.settlingMeasures = true
    defer { bridge.settlingMeasures = false }
    for _ in 0..<4 {
      var changed = false
      s.desc.begin_batch!(i)
      defer { s.desc.end_batch!(i) }
      for (n, w) in bridge.measuredWidth {
        guard nodes.isLive(n), isInEngine(n), let v = bridge.engineNodes[n]?.vars else {
          bridge.measuredWidth[n] = nil
          continue
        }
        let solved = solverValue(v.2)
        guard solved.isFinite, solved >= 0, solved != w else { continue }
        bridge.measuredWidth[n] = solved
        regenerate(n)
        changed = true
      }
      if !changed { break }
    }
  }

  /// `n`'s fitting size changed (its content, a subview's size, a hidden subview of a
  /// DEPENDS_ON_HIDDEN container): its measure answers go, its size constraints are
  /// regenerated, its superview is laid out and refreshes what it knows of it; a
  /// measuring superview's fitting size changed in turn (strategyChildrenChanged calls
  /// this for it, and so on up to the first container that does not measure).
  func invalidateFittingSize(_ n: NodeID) {
    // Most contexts cache no answers: no hashing on the way up a build's every insert.
    if !nodes.measureCache.isEmpty { nodes.measureCache[n] = nil }
    markConstraints(n)
    let p = nodes.parent[n.index]
    guard p != .none else { return }
    markLayout(p)
    subviewChanged(n)
  }

  /// `n`'s slot is freed (every destroyed node): no hashing into tables that are empty.
  func forgetMeasures(_ n: NodeID) {
    if !nodes.measureCache.isEmpty { nodes.measureCache[n] = nil }
    if !bridge.measuredWidth.isEmpty { bridge.measuredWidth[n] = nil }
  }
}
