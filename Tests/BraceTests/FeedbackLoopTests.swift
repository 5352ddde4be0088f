import CBrace
import Testing

/// Every looping callback below stops by itself after `safetyCap` rounds, so a missing
/// loop detection shows up as a failed count, never as a hung test run.
let safetyCap = 20_000

@Suite struct FeedbackLoopTests {
  @Test(arguments: [0, 50, 137] as [UInt32])
  func setNeedsLayoutInsideOwnLayoutSubviewsIsAFeedbackLoop(threshold: UInt32) {
    let fx = Fixture(threshold: threshold)
    let effective = threshold == 0 ? 100 : Int(threshold)
    let root = fx.node()
    let n = fx.node(in: root)
    let h = Hooks()
    h.layout = { c, node in
      if h.count("layout") < safetyCap { _ = brace_node_set_needs_layout(c, node) }
    }
    fx.install(h, on: n)
    fx.trace.clear()
    let s = brace_context_run_update_cycle(fx.ctx)
    expectFailure(s, BRACE_E_FEEDBACK_LOOP, fx.ctx, mentions: ["brace_context_run_update_cycle", "feedback loop", nodeName(n)])
    let layouts = fx.trace.count(BRACE_TRACE_LAYOUT, n)
    #expect(layouts >= effective && layouts <= effective + 1, "laid out \(layouts) times with threshold \(effective)")
    #expect(h.count("layout") == layouts)
    let loops = fx.diagnostics.feedbackLoops
    #expect(loops.count == 1)
    if let d = loops.first {
      #expect(d.nodes == [n], "the diagnostic names exactly the looping node, got \(d.nodes.map(nodeName))")
      #expect(d.message.contains(nodeName(n)), "\(d.message)")
      #expect(d.message.lowercased().contains("feedback loop"), "\(d.message)")
    }
    #expect(!fx.needsLayout(n), "the flags of the nodes caught in the loop are cleared")
    // The turn was completed after breaking the loop.
    #expect(fx.trace.phaseMarks == ["begin 1", "end 1", "begin 2", "end 2", "begin 4", "end 4"])
    #expect(fx.trace.count(BRACE_TRACE_DRAW, n) == 1)
    #expect(fx.trace.count(BRACE_TRACE_LAYOUT, root) == 1)
  }

  @Test func twoNodePingPongNamesBothNodes() {
    let fx = Fixture(threshold: 50)
    let root = fx.node()
    let a = fx.node(in: root)
    let b = fx.node(in: root)
    let ha = Hooks(), hb = Hooks()
    ha.layout = { c, _ in if ha.count("layout") < safetyCap { _ = brace_node_set_needs_layout(c, b) } }
    hb.layout = { c, _ in if hb.count("layout") < safetyCap { _ = brace_node_set_needs_layout(c, a) } }
    fx.install(ha, on: a)
    fx.install(hb, on: b)
    fx.trace.clear()
    let s = brace_context_run_update_cycle(fx.ctx)
    expectFailure(s, BRACE_E_FEEDBACK_LOOP, fx.ctx, mentions: [nodeName(a), nodeName(b)])
    #expect(ha.count("layout") <= 51 && hb.count("layout") <= 51, "a: \(ha.count("layout")), b: \(hb.count("layout"))")
    #expect(ha.count("layout") >= 49 && hb.count("layout") >= 49)
    let loops = fx.diagnostics.feedbackLoops
    #expect(loops.count == 1)
    if let d = loops.first {
      #expect(Set(d.nodes) == [a, b], "named \(d.nodes.map(nodeName))")
      #expect(d.message.contains(nodeName(a)) && d.message.contains(nodeName(b)), "\(d.message)")
    }
    #expect(!fx.needsLayout(a) && !fx.needsLayout(b))
    #expect(!fx.diagnostics.feedbackLoops.first!.nodes.contains(root), "the innocent superview is not named")
  }

  @Test func descendantInvalidatingItsAncestorLoopIsBroken() {
    let fx = Fixture(threshold: 60)
    let root = fx.node()
    let child = fx.node(in: root)
    let hr = Hooks(), hc = Hooks()
    // root lays child out, child invalidates root: a loop outside child's own subtree.
    hr.layout = { c, _ in _ = brace_node_set_needs_layout(c, child) }
    hc.layout = { c, _ in if hc.count("layout") < safetyCap { _ = brace_node_set_needs_layout(c, root) } }
    fx.install(hr, on: root)
    fx.install(hc, on: child)
    let s = brace_context_run_update_cycle(fx.ctx)
    expectFailure(s, BRACE_E_FEEDBACK_LOOP, fx.ctx, mentions: ["feedback loop"])
    #expect(hc.count("layout") <= 61 && hr.count("layout") <= 61)
    #expect(Set(fx.diagnostics.feedbackLoops.first?.nodes ?? []) == [root, child])
  }

  @Test func setNeedsUpdateConstraintsInsideUpdateConstraintsIsAFeedbackLoop() {
    let fx = Fixture(threshold: 50)
    let root = fx.node()
    let n = fx.node(in: root)
    let h = Hooks()
    h.updateConstraints = { c, node in
      if h.count("update") < safetyCap { _ = brace_node_set_needs_update_constraints(c, node) }
    }
    fx.install(h, on: n)
    fx.settle()
    ok(brace_node_set_needs_update_constraints(fx.ctx, n), fx.ctx)
    fx.trace.clear()
    let s = brace_context_run_update_cycle(fx.ctx)
    expectFailure(s, BRACE_E_FEEDBACK_LOOP, fx.ctx, mentions: ["brace_context_run_update_cycle", nodeName(n)])
    let updates = fx.trace.count(BRACE_TRACE_UPDATE_CONSTRAINTS, n)
    #expect(updates >= 50 && updates <= 51, "updated \(updates) times")
    #expect(fx.diagnostics.feedbackLoops.count == 1)
    #expect(fx.diagnostics.feedbackLoops.first?.nodes == [n])
    if let m = fx.diagnostics.feedbackLoops.first?.message {
      #expect(m.contains(nodeName(n)) && m.contains("constraints"), "\(m)")
      #expect(!m.contains("was had"), "garbled message: \(m)")
    }
    #expect(!fx.needsConstraints(n))
  }

  /// A loop in the constraints pass is broken there; the layout pass of the same turn
  /// must then lay the node out normally: one layout, and no second (layout) loop report.
  @Test func constraintsLoopDoesNotSpillIntoTheLayoutPass() {
    let fx = Fixture(threshold: 50)
    let n = fx.node()  // new: flagged for layout and display
    let h = Hooks()
    h.updateConstraints = { c, node in
      if h.count("update") < safetyCap { _ = brace_node_set_needs_update_constraints(c, node) }
    }
    h.layout = { _, _ in }
    fx.install(h, on: n)
    ok(brace_node_set_needs_update_constraints(fx.ctx, n), fx.ctx)
    fx.trace.clear()
    let s = brace_context_run_update_cycle(fx.ctx)
    #expect(s == BRACE_E_FEEDBACK_LOOP)
    #expect(fx.diagnostics.feedbackLoops.count == 1, "one loop, reported once; got: \(fx.diagnostics.feedbackLoops.map(\.message))")
    #expect(h.count("layout") == 1, "the node was laid out \(h.count("layout")) times in the layout pass")
    #expect(fx.trace.count(BRACE_TRACE_LAYOUT, n) == 1)
  }

  /// When a loop stops the layout pass, nodes flagged but not yet visited in that pass
  /// must not be lost: they are laid out by a later turn (or at the latest when flagged again).
  @Test func nodesLeftUnvisitedWhenALayoutLoopStopsThePassAreNotLost() {
    let fx = Fixture(threshold: 50)
    let root = fx.node()
    let a = fx.node(in: root)
    let b = fx.node(in: root)
    fx.settle()
    let h = Hooks()
    var looping = true
    h.layout = { c, node in
      guard looping else { return }
      if h.count("layout") < safetyCap { _ = brace_node_set_needs_layout(c, node) }
      // In its last allowed layout, a also flags its sibling b (visited after a).
      if h.count("layout") == 50 { _ = brace_node_set_needs_layout(c, b) }
    }
    fx.install(h, on: a)
    ok(brace_node_set_needs_layout(fx.ctx, a), fx.ctx)
    #expect(brace_context_run_update_cycle(fx.ctx) == BRACE_E_FEEDBACK_LOOP)
    #expect(fx.diagnostics.feedbackLoops.first?.nodes == [a], "b is not part of the loop")
    looping = false
    let bFlagged = fx.needsLayout(b)
    #expect(!bFlagged || fx.pending() & BRACE_PHASE_LAYOUT.rawValue != 0, "b is flagged but get_pending says no layout is pending")
    fx.cycle()
    ok(brace_node_set_needs_layout(fx.ctx, b), fx.ctx)
    fx.cycle()
    #expect(fx.trace.count(BRACE_TRACE_LAYOUT, b) == 1, "b is never laid out again: its flag was orphaned")
    #expect(!fx.needsLayout(b))
  }

  @Test func nodesLeftUnvisitedWhenAConstraintsLoopStopsThePassAreNotLost() {
    let fx = Fixture(threshold: 50)
    let root = fx.node()
    let a = fx.node(in: root)
    let b = fx.node(in: root)
    fx.settle()
    let h = Hooks()
    var looping = true
    h.updateConstraints = { c, node in
      guard looping else { return }
      if h.count("update") < safetyCap { _ = brace_node_set_needs_update_constraints(c, node) }
      if h.count("update") == 50 { _ = brace_node_set_needs_update_constraints(c, b) }
    }
    fx.install(h, on: a)
    ok(brace_node_set_needs_update_constraints(fx.ctx, a), fx.ctx)
    #expect(brace_context_run_update_cycle(fx.ctx) == BRACE_E_FEEDBACK_LOOP)
    looping = false
    fx.cycle()
    ok(brace_node_set_needs_update_constraints(fx.ctx, b), fx.ctx)
    fx.cycle()
    #expect(fx.trace.count(BRACE_TRACE_UPDATE_CONSTRAINTS, b) == 1, "b's constraints are never updated again: its flag was orphaned")
    #expect(!fx.needsConstraints(b))
  }

  @Test func theContextKeepsWorkingAfterALoop() {
    let fx = Fixture(threshold: 50)
    let n = fx.node()
    let other = fx.node()
    let h = Hooks()
    var looping = true
    h.layout = { c, node in
      if looping && h.count("layout") < safetyCap { _ = brace_node_set_needs_layout(c, node) }
    }
    fx.install(h, on: n)
    #expect(brace_context_run_update_cycle(fx.ctx) == BRACE_E_FEEDBACK_LOOP)
    looping = false
    #expect(fx.pending() == 0)
    ok(brace_node_set_needs_layout(fx.ctx, n), fx.ctx)
    ok(brace_node_set_needs_layout(fx.ctx, other), fx.ctx)
    fx.cycle()
    #expect(fx.trace.count(BRACE_TRACE_LAYOUT, n) == 1)
    #expect(fx.trace.count(BRACE_TRACE_LAYOUT, other) == 1)
    #expect(fx.diagnostics.feedbackLoops.count == 1, "no new report")
    // A fresh turn counts from zero again: the loop can be detected again.
    looping = true
    ok(brace_node_set_needs_layout(fx.ctx, n), fx.ctx)
    #expect(brace_context_run_update_cycle(fx.ctx) == BRACE_E_FEEDBACK_LOOP)
    #expect(fx.diagnostics.feedbackLoops.count == 2)
  }

  @Test func repeatedLayoutsBelowTheThresholdAreNotALoop() {
    let fx = Fixture(threshold: 50)
    let n = fx.node()
    let h = Hooks()
    var perTurn = 0
    h.layout = { c, node in
      perTurn += 1
      if perTurn < 45 { _ = brace_node_set_needs_layout(c, node) }
    }
    fx.install(h, on: n)
    for _ in 0..<3 {
      perTurn = 0
      ok(brace_node_set_needs_layout(fx.ctx, n), fx.ctx)
      fx.cycle()
      #expect(perTurn == 45)
    }
    #expect(fx.diagnostics.feedbackLoops.isEmpty)
  }

  @Test func layoutIfNeededReportsALoopToo() {
    let fx = Fixture(threshold: 50)
    let n = fx.node()
    let h = Hooks()
    h.layout = { c, node in if h.count("layout") < safetyCap { _ = brace_node_set_needs_layout(c, node) } }
    fx.install(h, on: n)
    expectFailure(brace_node_layout_if_needed(fx.ctx, n), BRACE_E_FEEDBACK_LOOP, fx.ctx, mentions: ["brace_node_layout_if_needed", nodeName(n)])
    #expect(h.count("layout") <= 51, "\(h.count("layout"))")
    #expect(fx.diagnostics.feedbackLoops.first?.nodes == [n])
  }

  @Test func updateConstraintsIfNeededReportsALoopToo() {
    let fx = Fixture(threshold: 50)
    let n = fx.node()
    let h = Hooks()
    h.updateConstraints = { c, node in if h.count("update") < safetyCap { _ = brace_node_set_needs_update_constraints(c, node) } }
    fx.install(h, on: n)
    ok(brace_node_set_needs_update_constraints(fx.ctx, n), fx.ctx)
    expectFailure(brace_node_update_constraints_if_needed(fx.ctx, n), BRACE_E_FEEDBACK_LOOP, fx.ctx, mentions: ["brace_node_update_constraints_if_needed", nodeName(n)])
    #expect(h.count("update") <= 51, "\(h.count("update"))")
  }

  @Test func loopWithoutADiagnosticCallbackStillReturnsTheStatus() {
    let fx = Fixture(threshold: 50)
    ok(brace_context_set_diagnostic_callback(fx.ctx, nil, nil), fx.ctx)
    let n = fx.node()
    let h = Hooks()
    h.layout = { c, node in if h.count("layout") < safetyCap { _ = brace_node_set_needs_layout(c, node) } }
    fx.install(h, on: n)
    #expect(brace_context_run_update_cycle(fx.ctx) == BRACE_E_FEEDBACK_LOOP)
    #expect(h.count("layout") <= 51)
  }

  /// UIKit draws each flagged view once per turn; a draw(rect) that flags its own view
  /// again schedules the next turn's draw. The display pass must not redraw it in the same
  /// turn (without a cap here, the pass would never end).
  @Test func setNeedsDisplayInsideDrawWaitsForTheNextTurn() {
    let fx = Fixture(threshold: 50)
    let n = fx.node()
    let h = Hooks()
    h.draw = { c, node, _ in if h.count("draw") < 1_000 { _ = brace_node_set_needs_display(c, node) } }
    fx.install(h, on: n)
    let s = brace_context_run_update_cycle(fx.ctx)
    #expect(s == BRACE_OK || s == BRACE_E_FEEDBACK_LOOP, "\(statusName(s))")
    #expect(h.count("draw") == 1, "drawn \(h.count("draw")) times in one turn")
    #expect(h.count("draw") <= 51, "the display pass is unbounded: it only stopped at the test's safety cap")
  }
}
