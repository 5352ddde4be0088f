import CBrace

/// The three passes over the flagged paths: constraints bottom-up, layout and display
/// top-down, each node processed through its callbacks or its strategy, with the
/// per-turn counters that catch feedback loops.
extension Context {
  /// Runs one pass over `roots` (nil: every dirty root). At the outermost level the pass
  /// repeats until nothing is flagged, since callbacks may flag nodes again; the
  /// feedback-loop counter bounds it. A nested pass (layout_if_needed from a callback)
  /// runs once and leaves what the outer pass holds to the outer pass.
  func runPass(_ pass: PassFlags, roots: [NodeID]?) {
    let phase = phaseOf(pass)
    let outermost = cycle.passDepth == 0
    cycle.passDepth += 1
    defer { cycle.passDepth -= 1 }
    trace(BRACE_TRACE_PHASE_BEGIN, phase)
    if outermost { cycle.stopPass = false }
    let constraintsPass = pass.own == .needsUpdateConstraints
    if constraintsPass { beginDeferringRetries() }
    // Solved frames that changed flag their superviews before the layout pass looks.
    while !cycle.stopPass {
      // Frames a callback's constraint change produced flag their superviews now.
      if pass.own == .needsLayout { applyEngineChanges() }
      let targets: [NodeID] = roots ?? cycle.dirtyRoots.filter { nodes.isLive($0) && nodes.parent[$0.index] == .none }
      // Progress is a node processed, not a flag met: a flagged node that is busy (its
      // strategy's size_changed or measure hook is running, outside any pass) keeps its
      // flag, and repeating would meet it again for ever.
      var worked = false
      for r in targets where nodes.isLive(r) && !nodes.flags[r.index].isDisjoint(with: pass.either) {
        let processed: Bool
        switch pass.own {
        case .needsUpdateConstraints: processed = visitBottomUp(r, pass)
        default: processed = visitTopDown(r, pass)
        }
        worked = worked || processed
        if cycle.stopPass { break }
      }
      // Display runs once per turn: what a draw flags waits for the next turn, as in UIKit.
      if !worked || !outermost || pass.own == .needsDisplay { break }
    }
    // A pass over a subtree (the *_if_needed forms) leaves the bits above it behind.
    for r in roots ?? [] where nodes.isLive(r) && nodes.flags[r.index].isDisjoint(with: pass.either) {
      clearStaleSubtreeBits(from: nodes.parent[r.index], pass)
    }
    if constraintsPass {
      endDeferringRetries()
      applyEngineChanges()
    }
    trace(BRACE_TRACE_PHASE_END, phase)
  }

  private func phaseOf(_ pass: PassFlags) -> brace_phase {
    switch pass.own {
    case .needsUpdateConstraints: BRACE_PHASE_CONSTRAINTS
    case .needsLayout: BRACE_PHASE_LAYOUT
    default: BRACE_PHASE_DISPLAY
    }
  }

  @inline(__always)
  private func alive(_ n: NodeID, _ gen: UInt32) -> Bool {
    nodes.generation[n.index] == gen && nodes.isLive(n)
  }

  /// Pushes the flagged children of `n` (first child on top) after clearing n's subtree
  /// bit; a callback that flags something below sets it again.
  /// Costs the number of flagged subviews (their list), not the number of subviews.
  @inline(__always)
  private func pushDirtyChildren(_ n: NodeID, _ pass: PassFlags, _ stack: inout [(NodeID, UInt32, Bool)]) {
    nodes.flags[n.index].remove(pass.subtree)
    let k = 3 * n.index + pass.index
    if !nodes.hasDirtyList(k) {
      // The common case (a chain, one dirty subview): no list to gather or sort.
      let c = nodes.dirtyKid[k]
      guard c != .none else { return }
      nodes.dirtyKid[k] = .none
      guard nodes.isLive(c), nodes.parent[c.index] == n, nodes.flags[c.index].contains(pass.listed) else { return }
      nodes.flags[c.index].remove(pass.listed)
      if !nodes.flags[c.index].isDisjoint(with: pass.either) { stack.append((c, nodes.generation[c.index], false)) }
      return
    }
    cycle.scratchKids.removeAll(keepingCapacity: true)
    nodes.takeDirty(of: n, pass.index, into: &cycle.scratchKids)
    // Where nothing can watch the order (no callbacks in the context, nobody tracing, no
    // constraint layout), a subview with nothing below it and nothing to run for the pass
    // (most leaves) is done here: its flag cleared, as its own visit would, without
    // being pushed, popped and looked up again.
    let quiet = diagnostics.traceCallback == nil && bridge.engineNodes.isEmpty && bridge.pendingFrames.isEmpty
      && nodes.callbackTable.count == nodes.freeCallbackEntries.count
    var kept = 0
    for c in cycle.scratchKids {
      // Stale entries: destroyed, moved away, or already taken by an earlier entry.
      guard nodes.isLive(c), nodes.parent[c.index] == n, nodes.flags[c.index].contains(pass.listed) else { continue }
      nodes.flags[c.index].remove(pass.listed)
      if nodes.flags[c.index].isDisjoint(with: pass.either) { continue }
      if quiet && nodes.flags[c.index].isDisjoint(with: [pass.subtree, .active]) && runsNothing(c, pass) {
        nodes.flags[c.index].remove(pass.own == .needsDisplay ? [.needsDisplay, .displayWholeBounds] : pass.own)
        if pass.own == .needsDisplay { nodes.dirtyRect[c.index] = brace_rect() }
        continue
      }
      cycle.scratchKids[kept] = c
      kept += 1
    }
    cycle.scratchKids.removeLast(cycle.scratchKids.count - kept)
    // Subview order: the first subview ends on top of the stack. Flagged in subview
    // order (a new container's subviews), the list is only reversed.
    if kept > 1 {
      var ascending = true
      var last = nodes.indexInParent[cycle.scratchKids[0].index]
      for c in cycle.scratchKids.dropFirst() {
        let k = nodes.indexInParent[c.index]
        if k < last {
          ascending = false
          break
        }
        last = k
      }
      if ascending {
        cycle.scratchKids.reverse()
      } else {
        cycle.scratchKids.sort { nodes.indexInParent[$0.index] > nodes.indexInParent[$1.index] }
      }
    }
    for c in cycle.scratchKids { stack.append((c, nodes.generation[c.index], false)) }
  }

  /// Whether `c`'s step in `pass` runs no hook: it has no strategy, or one without a hook
  /// for the pass (a strategy has no display hook), or it lays out with a strategy not
  /// attached yet (an update_constraints hook attaches it first, brace_plugin.h).
  /// Callbacks are the caller's check.
  @inline(__always)
  private func runsNothing(_ c: NodeID, _ pass: PassFlags) -> Bool {
    let k = nodes.strategy[c.index]
    if k < 0 || pass.own == .needsDisplay { return true }
    if pass.own == .needsLayout && nodes.flags[c.index].contains(.strategyDeferred) { return true }
    let d = plugins.strategies[Int(k)].desc
    return pass.own == .needsLayout ? d.arrange == nil : d.update_constraints == nil
  }

  /// A pass stopped early (feedback loop): the nodes it had not reached yet keep their
  /// flags, so their paths must stay marked for the next turn.
  private func keepMarked(_ stack: [(NodeID, UInt32, Bool)], _ pass: PassFlags) {
    for (n, gen, _) in stack where alive(n, gen) && !nodes.flags[n.index].isDisjoint(with: pass.either) {
      propagate(from: n, pass)
    }
  }

  /// Top-down (layout, display): a node before its subviews. Answers whether it
  /// processed any node.
  private func visitTopDown(_ root: NodeID, _ pass: PassFlags) -> Bool {
    var processed = false
    var stack: [(NodeID, UInt32, Bool)] = [(root, nodes.generation[root.index], false)]
    while let (n, gen, _) = stack.popLast() {
      guard alive(n, gen) else { continue }
      if pass.own == .needsDisplay, nodes.flags[n.index].contains(.hidden) {
        dropDisplay(n)
        continue
      }
      if nodes.flags[n.index].contains(pass.own) {
        if nodes.flags[n.index].contains(.active) {
          // Held by an outer pass: keep the flag for it, and keep the path marked.
          propagate(from: n, pass)
        } else if pass.own == .needsLayout {
          // Frames solved since the pass began (a translating view resized by its
          // superview's layout) flag their superviews before this one lays out.
          if bridge.dirty { applyEngineChanges() }
          processed = true
          layoutNode(n)
          if cycle.stopPass {
            keepMarked(stack, pass)
            return true
          }
        } else {
          processed = true
          drawNode(n)
        }
      }
      guard alive(n, gen) else { continue }
      if nodes.flags[n.index].contains(pass.subtree) { pushDirtyChildren(n, pass, &stack) }
    }
    return processed
  }

  /// Bottom-up (constraints): subviews before their superview. Answers whether it
  /// processed any node.
  private func visitBottomUp(_ root: NodeID, _ pass: PassFlags) -> Bool {
    var processed = false
    var stack: [(NodeID, UInt32, Bool)] = [(root, nodes.generation[root.index], false)]
    while let (n, gen, expanded) = stack.popLast() {
      guard alive(n, gen) else { continue }
      // A node without flagged subviews (a leaf) is processed at once, not pushed again.
      if !expanded && nodes.flags[n.index].contains(pass.subtree) {
        stack.append((n, gen, true))
        pushDirtyChildren(n, pass, &stack)
        continue
      }
      guard nodes.flags[n.index].contains(pass.own) else { continue }
      if nodes.flags[n.index].contains(.active) {
        propagate(from: n, pass)
      } else {
        processed = true
        updateConstraintsOfNode(n)
        if cycle.stopPass {
          keepMarked(stack, pass)
          return true
        }
      }
    }
    return processed
  }

  /// Counts one update of `n` in this turn; past the threshold, declares a loop.
  private func countPass(_ n: NodeID, _ pass: PassFlags) -> Bool {
    let i = n.index
    let k = pass.own == .needsLayout ? 0 : 1
    if nodes.countTurn[i] != cycle.turn {
      nodes.countTurn[i] = cycle.turn
      nodes.passCount[i] = .zero
    }
    nodes.passCount[i][k] += 1
    if nodes.passCount[i][k] <= threshold { return true }
    var caught: [NodeID] = []
    for s in 0..<nodes.capacity where nodes.isLive(NodeID(index: s)) && nodes.countTurn[s] == cycle.turn && nodes.passCount[s][k] >= threshold {
      caught.append(NodeID(index: s))
      nodes.flags[s].remove([pass.own])
    }
    cycle.loopCaught.append(contentsOf: caught)
    cycle.stopPass = true
    let kind = pass.own == .needsLayout ? "was laid out" : "had its constraints updated"
    let list = caught.map { describe($0) }.joined(separator: ", ")
    emitDiagnostic(
      BRACE_DIAGNOSTIC_FEEDBACK_LOOP,
      """
      Layout feedback loop detected: \(describe(n)) \(kind) more than \(threshold) times in one turn. \
      Nodes caught in the loop: \(list). Their flags were cleared and the pass was stopped; \
      look for a callback that flags its own node (or an ancestor) again while it runs.
      """, nodes: caught)
    return false
  }

  func enterActive(_ n: NodeID) {
    nodes.flags[n.index].insert(.active)
    cycle.activeNodes.append(n)
  }

  func leaveActive(_ n: NodeID) {
    // Almost always the last one entered: popped without a search or a shift.
    if cycle.activeNodes.last == n {
      cycle.activeNodes.removeLast()
    } else if let k = cycle.activeNodes.lastIndex(of: n) {
      cycle.activeNodes.remove(at: k)
    }
    if nodes.isLive(n) && !cycle.activeNodes.contains(n) { nodes.flags[n.index].remove(.active) }
  }

  /// One node's step in a pass: its flag is cleared and counted (a node past the
  /// feedback-loop threshold is skipped), then `step` runs with the node busy.
  @inline(__always)
  private func process(_ n: NodeID, _ pass: PassFlags, _ step: (brace_node_callbacks?) -> Void) {
    nodes.flags[n.index].remove(pass.own)
    guard countPass(n, pass) else { return }
    let cb = callbacks(of: n)
    enterActive(n)
    step(cb)
    leaveActive(n)
  }

  /// Whether a step of `n` in `pass` would run nothing (most leaves): no callbacks, nobody
  /// tracing, no hook (runsNothing). Such a node's flag is only cleared: it is not made
  /// busy, and not counted for the feedback-loop check either, since it runs nothing that
  /// could flag a node again (a loop is caught at the nodes that do).
  @inline(__always)
  private func idle(_ n: NodeID, _ pass: PassFlags) -> Bool {
    nodes.callbacks[n.index] < 0 && diagnostics.traceCallback == nil && runsNothing(n, pass)
  }

  private func layoutNode(_ n: NodeID) {
    if idle(n, .layout) && (bridge.pendingFrames.isEmpty || bridge.pendingFrames[n] == nil) {
      nodes.flags[n.index].remove(.needsLayout)
      return
    }
    process(n, .layout) { cb in
      trace(BRACE_TRACE_WILL_LAYOUT, BRACE_PHASE_LAYOUT, n)
      if let f = cb?.will_layout_subviews { f(opaque, handle(ofNode: n), cb?.user_data) }
      trace(BRACE_TRACE_LAYOUT, BRACE_PHASE_LAYOUT, n)
      runOverride(n, cb?.layout_subviews, cb?.user_data, .inLayoutCallback) { defaultLayoutSubviews(n) }
      trace(BRACE_TRACE_DID_LAYOUT, BRACE_PHASE_LAYOUT, n)
      if let f = cb?.did_layout_subviews { f(opaque, handle(ofNode: n), cb?.user_data) }
    }
  }

  private func updateConstraintsOfNode(_ n: NodeID) {
    if bridge.engineNodes.isEmpty && idle(n, .constraints) {
      nodes.flags[n.index].remove(.needsUpdateConstraints)
      return
    }
    process(n, .constraints) { cb in
      trace(BRACE_TRACE_UPDATE_CONSTRAINTS, BRACE_PHASE_CONSTRAINTS, n)
      runOverride(n, cb?.update_constraints, cb?.user_data, .inUpdateConstraintsCallback) { defaultUpdateConstraints(n) }
    }
  }

  /// Runs the program's callback that overrides a pass's step, flagged so that its super
  /// call is allowed, or the default step when it has none.
  @inline(__always)
  private func runOverride(
    _ n: NodeID, _ f: (@convention(c) (OpaquePointer?, brace_node, UnsafeMutableRawPointer?) -> Void)?,
    _ userData: UnsafeMutableRawPointer?, _ flag: NodeFlags, orDefault step: () -> Void
  ) {
    guard let f else { return step() }
    nodes.flags[n.index].insert(flag)
    f(opaque, handle(ofNode: n), userData)
    nodes.flags[n.index].remove(flag)
  }

  private func drawNode(_ n: NodeID) {
    let i = n.index
    // Nothing to draw with and nobody tracing: the flags go, nothing else happens.
    if idle(n, .display) {
      nodes.flags[i].remove([.needsDisplay, .displayWholeBounds])
      nodes.dirtyRect[i] = brace_rect()
      return
    }
    let bounds = boundsRect(n)
    let rect = nodes.flags[i].contains(.displayWholeBounds) ? bounds : nodes.dirtyRect[i]
    nodes.flags[i].remove([.needsDisplay, .displayWholeBounds])
    nodes.dirtyRect[i] = brace_rect()
    let cb = callbacks(of: n)
    enterActive(n)
    trace(BRACE_TRACE_DRAW, BRACE_PHASE_DISPLAY, n, rect: rect)
    if let f = cb?.draw { f(opaque, handle(ofNode: n), rect, cb?.user_data) }
    leaveActive(n)
  }

  /// A hidden subtree is not drawn: its display flags are dropped.
  private func dropDisplay(_ root: NodeID) {
    var stack: [NodeID] = [root]
    while let n = stack.popLast() {
      let i = n.index
      nodes.flags[i].remove([.needsDisplay, .displayWholeBounds, .subtreeNeedsDisplay])
      nodes.dirtyRect[i] = brace_rect()
      var kids: [NodeID] = []
      nodes.takeDirty(of: n, PassFlags.display.index, into: &kids)
      for c in kids where nodes.isLive(c) && nodes.parent[c.index] == n && nodes.flags[c.index].contains(.listedDisplay) {
        nodes.flags[c.index].remove(.listedDisplay)
        stack.append(c)
      }
    }
  }

  /// Whether `n` is flagged for display, and the rect to redraw (empty when not).
  func pendingDisplay(_ n: NodeID) -> (Bool, brace_rect) {
    let f = nodes.flags[n.index]
    guard f.contains(.needsDisplay) else { return (false, brace_rect()) }
    return (true, f.contains(.displayWholeBounds) ? boundsRect(n) : nodes.dirtyRect[n.index])
  }

  func boundsRect(_ n: NodeID) -> brace_rect {
    let f = nodes.frame[n.index]
    let o = nodes.boundsOrigin[n.index]
    return brace_rect(x: o.x, y: o.y, width: f.width, height: f.height)
  }
}
