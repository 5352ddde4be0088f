import CBrace

/// The update cycle's entry points: a whole turn, one phase, the synchronous
/// *_if_needed forms, and the turn's feedback-loop report (Flags.swift holds the flags,
/// Passes.swift the passes).
extension Context {
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
    publishFrameChanges()
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
    if phase == BRACE_PHASE_DISPLAY { publishFrameChanges() }
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
}
