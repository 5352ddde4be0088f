import CBrace

/// The update cycle: dirty flags with "a descendant is dirty" bits, the three passes,
/// the synchronous *_if_needed forms and feedback-loop detection.
///
/// Invariant: when a node carries a needs-flag, every ancestor carries the matching
/// subtree bit and its root is in `dirtyRoots`. Subtree bits may be stale-true (a pass
/// clears them), never stale-false. So a pass walks only dirty paths.
extension Context {
  // MARK: Flags

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

  // MARK: Entry points

  /// Refuses a turn or a phase from inside a callback: it would run passes over nodes
  /// the running pass holds.
  func requireNotInPass(_ what: String) throws(BraceError) {
    if cycle.passDepth > 0 || isNested {
      throw .reentrancy("cannot run \(what) from inside a callback of this context; flag nodes instead, or use brace_node_layout_if_needed on a subtree")
    }
  }

  func runTurn() throws(BraceError) {
    try requireNotInPass("an update cycle")
    beginTurn()
    // Layout callbacks may flag constraints or change them, and constraint updates may
    // flag layout: the two passes alternate until neither has work (the per-node
    // feedback counters bound it), then display runs once.
    var rounds: UInt32 = 0
    repeat {
      runPass(.constraints, roots: nil)
      // A loop broken in the constraints pass still lets the layout pass run once.
      let stoppedInConstraints = cycle.stopPass
      runPass(.layout, roots: nil)
      if stoppedInConstraints || cycle.stopPass { break }
      rounds += 1
      if rounds > threshold {
        // Work keeps bouncing between the passes without any node passing its own count.
        let caught = cycle.dirtyRoots.filter { nodes.isLive($0) && nodes.parent[$0.index] == .none }
        cycle.loopCaught.append(contentsOf: caught)
        cycle.stopPass = true
        emitDiagnostic(
          BRACE_DIAGNOSTIC_FEEDBACK_LOOP,
          "Layout feedback loop detected: the constraints and layout passes kept flagging each other for \(threshold) rounds in one turn; the trees still flagged are \(caught.map { describe($0) }.joined(separator: ", ")). The turn was stopped.",
          nodes: caught)
        break
      }
    } while bridge.dirty || pendingPhases & (BRACE_PHASE_CONSTRAINTS.rawValue | BRACE_PHASE_LAYOUT.rawValue) != 0
    runPass(.display, roots: nil)
    try endTurn()
  }

  func runPhase(_ phase: brace_phase) throws(BraceError) {
    let pass: PassFlags
    switch phase {
    case BRACE_PHASE_CONSTRAINTS: pass = .constraints
    case BRACE_PHASE_LAYOUT: pass = .layout
    case BRACE_PHASE_DISPLAY: pass = .display
    default: throw .invalidArgument("phase must be exactly one of BRACE_PHASE_CONSTRAINTS (1), BRACE_PHASE_LAYOUT (2) or BRACE_PHASE_DISPLAY (4), got \(phase.rawValue)")
    }
    try requireNotInPass("a phase")
    beginTurn()
    runPass(pass, roots: nil)
    try endTurn()
  }

  func updateConstraintsIfNeeded(_ n: NodeID) throws(BraceError) {
    guard !nodes.flags[n.index].isDisjoint(with: PassFlags.constraints.either) else { return }
    let outermost = cycle.passDepth == 0
    if outermost { beginTurn() }
    runPass(.constraints, roots: [n])
    if outermost { try endTurn() } else { try reportLoopIfAny() }
  }

  func layoutIfNeeded(_ n: NodeID) throws(BraceError) {
    let outermost = cycle.passDepth == 0
    var began = false
    func begin() {
      if outermost && !began {
        beginTurn()
        began = true
      }
    }
    defer {
      if outermost && began { compactDirtyRoots() }
    }
    // Constraints belong to the whole tree (one engine per context, as UIKit's per
    // window): a pending constraints pass of the tree runs first, and the frames it
    // changes flag their superviews before the layout starts.
    var root = n
    while nodes.parent[root.index] != .none { root = nodes.parent[root.index] }
    if !nodes.flags[root.index].isDisjoint(with: PassFlags.constraints.either) {
      begin()
      runPass(.constraints, roots: [root])
      if cycle.stopPass { return try reportLoopIfAny() }
    }
    applyEngineChanges()
    var start = NodeID.none
    var x = n
    while x != .none {
      if nodes.flags[x.index].contains(.needsLayout) { start = x }
      x = nodes.parent[x.index]
    }
    if start == .none {
      guard nodes.flags[n.index].contains(.subtreeNeedsLayout) else { return try reportLoopIfAny() }
      start = n
    }
    begin()
    runPass(.layout, roots: [start])
    try reportLoopIfAny()
  }

  private func beginTurn() {
    cycle.turn &+= 1
    if cycle.turn == 0 { cycle.turn = 1 }
    cycle.loopCaught = []
    cycle.stopPass = false
  }

  private func endTurn() throws(BraceError) {
    compactDirtyRoots()
    try reportLoopIfAny()
  }

  private func reportLoopIfAny() throws(BraceError) {
    guard !cycle.loopCaught.isEmpty else { return }
    let names = cycle.loopCaught.filter { nodes.isLive($0) }.map { describe($0) }.joined(separator: ", ")
    throw BraceError(BRACE_E_FEEDBACK_LOOP, "feedback loop detected and broken: \(names) passed the threshold of \(threshold) layouts or constraint updates in one turn")
  }

  var threshold: UInt32 { options.feedback_loop_threshold }

  // MARK: Passes

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
    if nodes.dirtyKids[k].isEmpty {
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
    var kept = 0
    for c in cycle.scratchKids {
      // Stale entries: destroyed, moved away, or already taken by an earlier entry.
      guard nodes.isLive(c), nodes.parent[c.index] == n, nodes.flags[c.index].contains(pass.listed) else { continue }
      nodes.flags[c.index].remove(pass.listed)
      if nodes.flags[c.index].isDisjoint(with: pass.either) { continue }
      cycle.scratchKids[kept] = c
      kept += 1
    }
    cycle.scratchKids.removeLast(cycle.scratchKids.count - kept)
    // Subview order: the first subview ends on top of the stack.
    if kept > 1 { cycle.scratchKids.sort { nodes.indexInParent[$0.index] > nodes.indexInParent[$1.index] } }
    for c in cycle.scratchKids { stack.append((c, nodes.generation[c.index], false)) }
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
      if !expanded {
        stack.append((n, gen, true))
        if nodes.flags[n.index].contains(pass.subtree) { pushDirtyChildren(n, pass, &stack) }
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
    if let k = cycle.activeNodes.lastIndex(of: n) { cycle.activeNodes.remove(at: k) }
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

  private func layoutNode(_ n: NodeID) {
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
