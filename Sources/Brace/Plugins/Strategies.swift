import CBrace
import CBraceLibc

/// Strategies as nodes use them: attaching, detaching, and the default behaviors of the
/// update cycle (a node's constraints pass and layout run its strategy's hooks).
extension Context {
  func strategy(named name: String) -> Int32? {
    plugins.strategies.firstIndex { $0.name == name }.map { Int32($0) }
  }

  /// Every new node uses "frame", the default container strategy.
  func attachDefaultStrategy(_ n: NodeID) throws(BraceError) {
    guard let k = plugins.defaultStrategy else { return }
    try attach(n, k)
  }

  /// `n` starts using strategy `k`. A strategy that has nothing to do for a leaf
  /// (BRACE_STRATEGY_ATTACH_WITH_SUBVIEWS, the default "frame") waits for the node's first
  /// subview: most nodes are leaves, and a leaf then costs no hook and no allocation.
  func attach(_ n: NodeID, _ k: Int32) throws(BraceError) {
    if nodes.children[n.index].isEmpty && plugins.strategies[Int(k)].attachesWithSubviews {
      nodes.strategy[n.index] = k
      nodes.strategyData[n.index] = nil
      nodes.flags[n.index].insert(.strategyDeferred)
      return
    }
    try attachNow(n, k)
  }

  /// Attaches `n` to the strategy it waits for (see attach): before its first subview
  /// arrives, and before a hook other than arrange and size_changed runs for it. On a
  /// refusal the node keeps waiting.
  @inline(__always)
  func ensureAttached(_ n: NodeID) throws(BraceError) {
    guard nodes.flags[n.index].contains(.strategyDeferred) else { return }
    nodes.flags[n.index].remove(.strategyDeferred)
    do {
      try attachNow(n, nodes.strategy[n.index])
    } catch {
      if nodes.isLive(n) { nodes.flags[n.index].insert(.strategyDeferred) }
      throw error
    }
  }

  private func attachNow(_ n: NodeID, _ k: Int32) throws(BraceError) {
    let s = plugins.strategies[Int(k)]
    var data: UnsafeMutableRawPointer? = nil
    if let f = s.desc.attach {
      enterActive(n)
      let status = f(opaque, s.state, handle(ofNode: n), &data)
      leaveActive(n)
      guard status == BRACE_OK else {
        throw BraceError(BRACE_E_PLUGIN, "strategy \"\(s.name)\" refused to attach to \(describe(n)) (\(statusName(status)))")
      }
    }
    nodes.strategy[n.index] = k
    nodes.strategyData[n.index] = data
  }

  func detachStrategy(_ n: NodeID) {
    let k = nodes.strategy[n.index]
    guard k >= 0 else { return }
    // Never attached: no hook ran for it, so it owns nothing.
    if nodes.flags[n.index].contains(.strategyDeferred) {
      nodes.flags[n.index].remove(.strategyDeferred)
      nodes.strategy[n.index] = -1
      return
    }
    destroyStrategyConstraints(of: n)
    let s = plugins.strategies[Int(k)]
    let data = nodes.strategyData[n.index]
    nodes.strategy[n.index] = -1
    nodes.strategyData[n.index] = nil
    s.desc.detach?(opaque, s.state, handle(ofNode: n), data)
  }

  func setStrategy(_ n: NodeID, _ name: String) throws(BraceError) {
    let k = try loadStrategy(named: name)
    let s = plugins.strategies[Int(k)]
    guard s.isContainer else {
      throw .invalidArgument("strategy \"\(name)\" is a constraint solver, not a container strategy")
    }
    guard nodes.strategy[n.index] != k else { return }
    if cycle.activeNodes.contains(n) {
      throw .reentrancy("cannot change the strategy of \(describe(n)) while it is being processed by the update cycle")
    }
    let old = nodes.strategy[n.index]
    let oldData = nodes.strategyData[n.index]
    let oldDeferred = nodes.flags[n.index].contains(.strategyDeferred)
    // Attach the new one first: if it refuses, the node keeps the old one untouched.
    nodes.strategy[n.index] = -1
    nodes.flags[n.index].remove(.strategyDeferred)
    do {
      try attach(n, k)
    } catch {
      nodes.strategy[n.index] = old
      nodes.strategyData[n.index] = oldData
      if oldDeferred { nodes.flags[n.index].insert(.strategyDeferred) }
      throw error
    }
    destroyStrategyConstraints(of: n)
    // (One that never attached has no detach to hear.)
    if old >= 0 && !oldDeferred {
      let o = plugins.strategies[Int(old)]
      enterActive(n)
      o.desc.detach?(opaque, o.state, handle(ofNode: n), oldData)
      leaveActive(n)
    }
    // After detach, which may still read them.
    dropProperties(containerOf: n, strategy: old)
    if plugins.strategies[Int(k)].adoptsSubviews {
      for child in nodes.children[n.index] { setTranslatesMask(child, false) }
    }
    markLayout(n)
    invalidateFittingSize(n)
  }

  /// The name of the strategy arranging `n`'s subviews, owned by the strategy.
  func strategyName(_ n: NodeID) throws(BraceError) -> UnsafePointer<CChar> {
    guard let s = strategyOf(n) else { throw .invalidState("\(describe(n)) has no strategy") }
    return UnsafePointer(s.nameC)
  }

  func strategyOf(_ n: NodeID) -> LoadedStrategy? {
    let k = nodes.strategy[n.index]
    return k >= 0 ? plugins.strategies[Int(k)] : nil
  }

  /// What a subview offers its superview's arrangement changed (its intrinsic size,
  /// priorities, baselines, margins, strategy, or its part in constraint layout): a
  /// strategy that keeps what it knows of its subviews (update_constraints) refreshes it
  /// in the next constraints pass.
  func subviewChanged(_ n: NodeID) {
    let p = nodes.parent[n.index]
    if p != .none { strategyChildrenChanged(p) }
  }

  /// The subviews of a container changed: a strategy that generates constraints for them
  /// (update_constraints) regenerates in the next constraints pass, and a strategy that
  /// measures them has a new fitting size, which goes up (Measure.swift).
  func strategyChildrenChanged(_ n: NodeID) {
    let k = nodes.strategy[n.index]
    if k >= 0, plugins.strategies[Int(k)].desc.update_constraints != nil { markConstraints(n) }
    if measuresSubviews(n) { invalidateFittingSize(n) }
  }

  /// The default layout_subviews: the solved frames of constraint-driven subviews are
  /// applied, then the node's strategy arranges its subviews.
  func defaultLayoutSubviews(_ n: NodeID) {
    applyPendingFrames(n)
    guard !nodes.flags[n.index].contains(.strategyDeferred), let s = strategyOf(n) else { return }
    s.desc.arrange?(opaque, s.state, handle(ofNode: n), nodes.strategyData[n.index])
  }

  /// `n`'s size changed from `old`: its strategy's size_changed hook (plugin ABI 1.2) runs
  /// now, inside the call that changed it, as UIKit's setFrame: runs
  /// resizeSubviewsWithOldSize:. Nothing for a strategy without the hook (a NULL one, or a
  /// 1.0/1.1 descriptor whose struct_size does not reach it), for layout guides (never laid
  /// out), for nodes being destroyed, and for a change made while the node's own hook runs
  /// (no recursion: the layout pass's arrange sees that one). The node is busy during the
  /// hook, as during arrange: a callback reached from it cannot destroy it or an ancestor
  /// or change its strategy under the hook's node data.
  func strategySizeChanged(_ n: NodeID, from old: brace_size) {
    // The flags first: a leaf (no strategy attached) answers before the strategy object
    // is looked up and retained, at every frame a layout sets.
    guard nodes.flags[n.index].isDisjoint(with: [.inSizeChangedHook, .guide, .dismantling, .strategyDeferred]),
      let s = strategyOf(n), let f = s.desc.size_changed, Int(s.desc.struct_size) >= sizeChangedHookEnd
    else { return }
    let gen = nodes.generation[n.index]
    nodes.flags[n.index].insert(.inSizeChangedHook)
    enterActive(n)
    f(opaque, s.state, handle(ofNode: n), nodes.strategyData[n.index], old)
    leaveActive(n)
    if nodes.generation[n.index] == gen && nodes.isLive(n) { nodes.flags[n.index].remove(.inSizeChangedHook) }
  }

  /// The default update_constraints: the node's generated constraints are brought up to
  /// date, then its strategy's constraints hook runs.
  func defaultUpdateConstraints(_ n: NodeID) {
    // Nothing generated for any node yet: no engine lookups (two per node per pass).
    if !bridge.engineNodes.isEmpty { regenerate(n) }
    guard let s = strategyOf(n), let f = s.desc.update_constraints else { return }
    do {
      try ensureAttached(n)
    } catch {
      emitDiagnostic(BRACE_DIAGNOSTIC_PLUGIN, error.message, nodes: [n])
      return
    }
    f(opaque, s.state, handle(ofNode: n), nodes.strategyData[n.index])
  }

  /// Where `n`'s first baseline (down from the top) or last baseline (up from the
  /// bottom) is when its alignment rect has `size`: its strategy's baseline hook, or its
  /// own offsets (unset: the bottom).
  func baseline(_ n: NodeID, _ size: brace_size, last: Bool) throws(BraceError) -> Double {
    if let s = strategyOf(n), let f = s.desc.baseline {
      try ensureAttached(n)
      var out = 0.0
      enterActive(n)
      let status = f(opaque, s.state, handle(ofNode: n), nodes.strategyData[n.index], size, last, &out)
      leaveActive(n)
      guard status == BRACE_OK else {
        throw BraceError(BRACE_E_PLUGIN, "strategy \"\(s.name)\" failed to give the baseline of \(describe(n)) (\(statusName(status)))")
      }
      guard out.isFinite else {
        throw BraceError(BRACE_E_PLUGIN, "strategy \"\(s.name)\" gave \(describe(n)) a baseline of \(out)")
      }
      return out
    }
    let b = nodes.baselines[n]
    if last { return b?.last ?? 0 }
    let first = b?.first ?? -1
    return first >= 0 ? first : size.height
  }

  /// Whether `n` takes part in constraint layout through constraints other than those
  /// `strategy` owns for `container` and those the engine makes for `n` itself.
  /// For the container itself, the constraints the same strategy owns for the
  /// container's superview (a stack placed by the stack around it) do not count either:
  /// they place the container, they do not reach what it arranges.
  func isConstrainedExternally(_ n: NodeID, strategy: brace_strategy_id, container: NodeID) -> Bool {
    // Asked per subview of every container a strategy refreshes: no hashing in a
    // context without constraints.
    if bridge.nodeConstraints.isEmpty { return false }
    let own = ConstraintOwner.strategy(Int32(bitPattern: strategy))
    let above = n == container ? nodes.parent[n.index] : .none
    for x in bridge.nodeConstraints[n] ?? [] {
      let r = bridge.constraints[x.index]
      if case .engine(let m) = r.owner, m == n { continue }
      if r.owner == own && (r.ownerNode == container || (above != .none && r.ownerNode == above)) { continue }
      return true
    }
    return false
  }

  /// Frees every node's strategy data and every strategy's per-context state, and leaves
  /// the record arrays, emptied, for the next context (KeptParts).
  func teardown() {
    dismantleContents()
    for s in plugins.strategies.reversed() {
      s.desc.context_destroy?(opaque, s.state)
      s.state = nil
    }
    let parts = keptParts ?? KeptParts()
    keptParts = nil
    exchangeParts(with: parts)
    KeptParts.give(parts)
    freeIdentifiers()
  }

  /// brace_context_reset: the contents go as at teardown, the settings and strategies
  /// stay, and the context takes `tag` (a new one: every earlier handle is foreign). The
  /// record arrays are emptied in place, keeping their storage up to KeptParts.cap.
  func reset(tag newTag: UInt32) {
    dismantleContents()
    freeIdentifiers()
    // A detach hook that made constraints made a solver instance again.
    if bridge.solverInstance != nil { teardownEngine() }
    // The arrays step out while the bridge is made new (assigned in place: a bridge
    // built aside and copied in was ~450 instructions more, callgrind).
    let arrays = KeptParts()
    exchangeParts(with: arrays)
    bridge = ConstraintBridge()
    arrays.emptyRecords()
    exchangeParts(with: arrays)
    let margins = nodes.defaultMargins
    nodes = NodeStore()
    nodes.defaultMargins = margins
    cycle = CycleState()
    animation = AnimationState()
    changes = FrameChanges()
    plugins.properties = .init()
    diagnostics.printed = .init()
    retag(newTag)
  }

  /// Marks every node as being destroyed, destroys the solver's instance and the
  /// constraints, and detaches every node's strategy.
  private func dismantleContents() {
    for s in 0..<nodes.capacity where nodes.isLive(NodeID(index: s)) { nodes.flags[s].insert(.dismantling) }
    teardownEngine()
    for s in 0..<nodes.capacity where nodes.isLive(NodeID(index: s)) {
      detachStrategy(NodeID(index: s))
    }
  }

  private func freeIdentifiers() {
    for id in nodes.identifiers.values { free(id) }
    nodes.identifiers = .init()
  }
}

/// Where the 1.2 size_changed hook ends in a descriptor: a plugin's struct_size must reach
/// it for the host to call the hook (the loader already zeroes what a shorter descriptor
/// lacks; this states the rule where the hook is called).
private let sizeChangedHookEnd =
  MemoryLayout<brace_strategy_desc>.offset(of: \brace_strategy_desc.size_changed)! + MemoryLayout<UnsafeRawPointer?>.size

func statusName(_ s: brace_status) -> String {
  String(cString: brace_status_name(s))
}
