import CBrace
import Testing

@Suite struct UpdateCycleTests {
  /// root ─┬─ a ─┬─ a1
  ///       │     └─ a2
  ///       └─ b ─── b1
  struct Tree {
    let root, a, a1, a2, b, b1: brace_node
    var all: [brace_node] { [root, a, a1, a2, b, b1] }
    func children(of n: brace_node) -> [brace_node] {
      switch n {
      case root: [a, b]
      case a: [a1, a2]
      case b: [b1]
      default: []
      }
    }
  }

  func makeTree(_ fx: Fixture) -> Tree {
    let root = fx.node()
    ok(brace_node_set_frame(fx.ctx, root, rect(0, 0, 320, 480)), fx.ctx)
    let a = fx.node(in: root, frame: rect(0, 0, 100, 100))
    let a1 = fx.node(in: a, frame: rect(0, 0, 10, 10))
    let a2 = fx.node(in: a, frame: rect(10, 0, 10, 10))
    let b = fx.node(in: root, frame: rect(100, 0, 100, 100))
    let b1 = fx.node(in: b, frame: rect(0, 0, 10, 10))
    return Tree(root: root, a: a, a1: a1, a2: a2, b: b, b1: b1)
  }

  // MARK: order

  @Test func aTurnRunsConstraintsThenLayoutThenDisplay() {
    let fx = Fixture()
    let t = makeTree(fx)
    for n in t.all { ok(brace_node_set_needs_update_constraints(fx.ctx, n), fx.ctx) }
    fx.cycle()
    #expect(fx.trace.phaseMarks == ["begin 1", "end 1", "begin 2", "end 2", "begin 4", "end 4"])
    let phases = fx.trace.events.map(\.phase.rawValue)
    #expect(phases == phases.sorted(), "every constraints event before every layout event before every display event")
    for e in fx.trace.nodeEvents {
      switch e.kind {
      case BRACE_TRACE_UPDATE_CONSTRAINTS: #expect(e.phase == BRACE_PHASE_CONSTRAINTS)
      case BRACE_TRACE_WILL_LAYOUT, BRACE_TRACE_LAYOUT, BRACE_TRACE_DID_LAYOUT: #expect(e.phase == BRACE_PHASE_LAYOUT)
      case BRACE_TRACE_DRAW: #expect(e.phase == BRACE_PHASE_DISPLAY)
      default: Issue.record("unexpected event kind \(e.kind.rawValue)")
      }
    }
    for e in fx.trace.events where e.kind == BRACE_TRACE_PHASE_BEGIN || e.kind == BRACE_TRACE_PHASE_END {
      #expect(e.node == 0, "phase events carry node 0")
    }
  }

  @Test func constraintsPassRunsSubviewsBeforeTheirSuperview() {
    let fx = Fixture()
    let t = makeTree(fx)
    fx.settle()
    for n in t.all { ok(brace_node_set_needs_update_constraints(fx.ctx, n), fx.ctx) }
    fx.cycle()
    let order = fx.trace.nodes(BRACE_TRACE_UPDATE_CONSTRAINTS)
    #expect(Set(order) == Set(t.all) && order.count == t.all.count, "each flagged node once")
    for n in t.all {
      for c in t.children(of: n) {
        let ni = order.firstIndex(of: n)!, ci = order.firstIndex(of: c)!
        #expect(ci < ni, "child \(nodeName(c)) must be updated before its superview \(nodeName(n))")
      }
    }
  }

  @Test func layoutPassRunsSuperviewsBeforeTheirSubviews() {
    let fx = Fixture()
    let t = makeTree(fx)
    fx.settle()
    for n in t.all { ok(brace_node_set_needs_layout(fx.ctx, n), fx.ctx) }
    fx.cycle()
    let order = fx.trace.nodes(BRACE_TRACE_LAYOUT)
    #expect(Set(order) == Set(t.all) && order.count == t.all.count)
    for n in t.all {
      for c in t.children(of: n) {
        #expect(order.firstIndex(of: n)! < order.firstIndex(of: c)!, "superview laid out before subview")
      }
    }
    // will / layout / did for one node come together in that order.
    let kinds = fx.trace.nodeEvents.map(\.kind)
    for k in stride(from: 0, to: kinds.count, by: 3) {
      #expect(kinds[k] == BRACE_TRACE_WILL_LAYOUT && kinds[k + 1] == BRACE_TRACE_LAYOUT && kinds[k + 2] == BRACE_TRACE_DID_LAYOUT)
    }
  }

  @Test func displayPassRunsTopDown() {
    let fx = Fixture()
    let t = makeTree(fx)
    fx.settle()
    for n in t.all { ok(brace_node_set_needs_display(fx.ctx, n), fx.ctx) }
    fx.cycle()
    let order = fx.trace.nodes(BRACE_TRACE_DRAW)
    #expect(order.count == t.all.count)
    for n in t.all {
      for c in t.children(of: n) {
        #expect(order.firstIndex(of: n)! < order.firstIndex(of: c)!, "superview drawn before subview")
      }
    }
  }

  @Test func siblingsAreVisitedInSubviewOrder() {
    let fx = Fixture()
    let root = fx.node()
    let kids = (0..<5).map { _ in fx.node(in: root) }
    fx.settle()
    for k in kids.reversed() { ok(brace_node_set_needs_layout(fx.ctx, k), fx.ctx) }
    fx.cycle()
    #expect(fx.trace.nodes(BRACE_TRACE_LAYOUT) == kids)
  }

  @Test func aNoOpCycleTracesOnlyPhaseBeginAndEnd() {
    let fx = Fixture()
    _ = makeTree(fx)
    fx.settle()
    #expect(fx.pending() == 0)
    fx.cycle()
    #expect(fx.trace.nodeEvents.isEmpty)
    #expect(fx.trace.phaseMarks == ["begin 1", "end 1", "begin 2", "end 2", "begin 4", "end 4"])
  }

  @Test func anEmptyContextCycleIsANoOp() {
    let fx = Fixture()
    fx.cycle()
    #expect(fx.trace.nodeEvents.isEmpty)
    #expect(fx.pending() == 0)
  }

  @Test func theFirstCycleLaysOutAndDrawsEveryNewNode() {
    let fx = Fixture()
    let t = makeTree(fx)
    fx.cycle()
    #expect(Set(fx.trace.nodes(BRACE_TRACE_LAYOUT)) == Set(t.all))
    #expect(Set(fx.trace.nodes(BRACE_TRACE_DRAW)) == Set(t.all))
    #expect(fx.pending() == 0)
    for n in t.all {
      #expect(!fx.needsLayout(n) && !fx.needsDisplay(n) && !fx.needsConstraints(n))
    }
  }

  // MARK: coalescing

  @Test func manySetNeedsLayoutInOneTurnLayOutEachNodeOnce() {
    let fx = Fixture()
    let t = makeTree(fx)
    fx.settle()
    for _ in 0..<50 {
      for n in [t.a, t.a1, t.b1] { ok(brace_node_set_needs_layout(fx.ctx, n), fx.ctx) }
    }
    fx.cycle()
    #expect(fx.trace.count(BRACE_TRACE_LAYOUT) == 3)
    for n in [t.a, t.a1, t.b1] { #expect(fx.trace.count(BRACE_TRACE_LAYOUT, n) == 1) }
  }

  @Test func manySetNeedsUpdateConstraintsInOneTurnUpdateOnce() {
    let fx = Fixture()
    let t = makeTree(fx)
    fx.settle()
    for _ in 0..<50 { ok(brace_node_set_needs_update_constraints(fx.ctx, t.a2), fx.ctx) }
    fx.cycle()
    #expect(fx.trace.nodes(BRACE_TRACE_UPDATE_CONSTRAINTS) == [t.a2])
  }

  @Test func manyDisplayRectsInOneTurnDrawOnceWithTheirUnion() {
    let fx = Fixture()
    let t = makeTree(fx)
    fx.settle()
    ok(brace_node_set_needs_display_in_rect(fx.ctx, t.a, rect(10, 10, 5, 5)), fx.ctx)
    ok(brace_node_set_needs_display_in_rect(fx.ctx, t.a, rect(30, 2, 10, 4)), fx.ctx)
    ok(brace_node_set_needs_display_in_rect(fx.ctx, t.a, rect(12, 40, 1, 1)), fx.ctx)
    var needs = false
    var r = brace_rect()
    ok(brace_node_get_needs_display(fx.ctx, t.a, &needs, &r), fx.ctx)
    #expect(needs)
    #expect(same(r, rect(10, 2, 30, 39)), "flagged union, got \(describe(r))")
    fx.cycle()
    let draws = fx.trace.events.filter { $0.kind == BRACE_TRACE_DRAW }
    #expect(draws.count == 1)
    #expect(draws.first?.node == t.a)
    #expect(same(draws.first?.rect ?? rect(0, 0, 0, 0), rect(10, 2, 30, 39)), "drawn with \(describe(draws.first?.rect ?? brace_rect()))")
    ok(brace_node_get_needs_display(fx.ctx, t.a, &needs, &r), fx.ctx)
    #expect(!needs)
    #expect(same(r, rect(0, 0, 0, 0)), "a zero rect when not flagged")
  }

  @Test func setNeedsDisplayFlagsTheWholeBounds() {
    let fx = Fixture()
    let t = makeTree(fx)
    ok(brace_node_set_bounds(fx.ctx, t.b, rect(3, 4, 100, 100)), fx.ctx)
    fx.settle()
    ok(brace_node_set_needs_display_in_rect(fx.ctx, t.b, rect(1, 1, 1, 1)), fx.ctx)
    ok(brace_node_set_needs_display(fx.ctx, t.b), fx.ctx)
    ok(brace_node_set_needs_display_in_rect(fx.ctx, t.b, rect(500, 500, 1, 1)), fx.ctx)
    var r = brace_rect()
    ok(brace_node_get_needs_display(fx.ctx, t.b, nil, &r), fx.ctx)
    #expect(same(r, rect(3, 4, 100, 100)), "the whole bounds, got \(describe(r))")
    fx.cycle()
    let draws = fx.trace.events.filter { $0.kind == BRACE_TRACE_DRAW }
    #expect(draws.count == 1)
    #expect(same(draws.first?.rect ?? brace_rect(), rect(3, 4, 100, 100)))
  }

  @Test func drawCallbackReceivesTheDirtyRect() {
    let fx = Fixture()
    let n = fx.node()
    ok(brace_node_set_frame(fx.ctx, n, rect(0, 0, 50, 50)), fx.ctx)
    let h = Hooks()
    var got: [brace_rect] = []
    h.draw = { _, _, dirty in got.append(dirty) }
    fx.install(h, on: n)
    fx.settle()
    got.removeAll()
    ok(brace_node_set_needs_display_in_rect(fx.ctx, n, rect(1, 2, 3, 4)), fx.ctx)
    fx.cycle()
    #expect(got.count == 1)
    #expect(same(got.first ?? brace_rect(), rect(1, 2, 3, 4)))
  }

  // MARK: pending and stepping

  @Test func getPendingReportsEachPhaseBit() {
    let fx = Fixture()
    let t = makeTree(fx)
    fx.settle()
    #expect(fx.pending() == 0)
    ok(brace_node_set_needs_update_constraints(fx.ctx, t.a1), fx.ctx)
    #expect(fx.pending() == BRACE_PHASE_CONSTRAINTS.rawValue)
    ok(brace_node_set_needs_layout(fx.ctx, t.b1), fx.ctx)
    #expect(fx.pending() == BRACE_PHASE_CONSTRAINTS.rawValue | BRACE_PHASE_LAYOUT.rawValue)
    ok(brace_node_set_needs_display(fx.ctx, t.root), fx.ctx)
    #expect(fx.pending() == pendingAll)
    fx.cycle()
    #expect(fx.pending() == 0)
  }

  @Test func runPhaseStepsEachPhaseAlone() {
    let fx = Fixture()
    let t = makeTree(fx)
    fx.settle()
    ok(brace_node_set_needs_update_constraints(fx.ctx, t.a), fx.ctx)
    ok(brace_node_set_needs_layout(fx.ctx, t.b), fx.ctx)
    ok(brace_node_set_needs_display(fx.ctx, t.a1), fx.ctx)

    fx.trace.clear()
    ok(brace_context_run_phase(fx.ctx, BRACE_PHASE_LAYOUT), fx.ctx)
    #expect(fx.trace.phaseMarks == ["begin 2", "end 2"])
    #expect(fx.trace.nodeEvents.map(\.kind) == [BRACE_TRACE_WILL_LAYOUT, BRACE_TRACE_LAYOUT, BRACE_TRACE_DID_LAYOUT])
    #expect(fx.trace.nodes(BRACE_TRACE_LAYOUT) == [t.b])
    #expect(fx.pending() == BRACE_PHASE_CONSTRAINTS.rawValue | BRACE_PHASE_DISPLAY.rawValue)

    fx.trace.clear()
    ok(brace_context_run_phase(fx.ctx, BRACE_PHASE_DISPLAY), fx.ctx)
    #expect(fx.trace.phaseMarks == ["begin 4", "end 4"])
    #expect(fx.trace.nodes(BRACE_TRACE_DRAW) == [t.a1])
    #expect(fx.pending() == BRACE_PHASE_CONSTRAINTS.rawValue)

    fx.trace.clear()
    ok(brace_context_run_phase(fx.ctx, BRACE_PHASE_CONSTRAINTS), fx.ctx)
    #expect(fx.trace.phaseMarks == ["begin 1", "end 1"])
    #expect(fx.trace.nodeEvents.map(\.kind) == [BRACE_TRACE_UPDATE_CONSTRAINTS])
    #expect(fx.trace.nodes(BRACE_TRACE_UPDATE_CONSTRAINTS) == [t.a])
    #expect(fx.pending() == 0)
  }

  @Test(arguments: [0, 3, 5, 6, 7, 8, 0xFFFF_FFFF] as [UInt32])
  func runPhaseRejectsAnythingButExactlyOnePhase(raw: UInt32) {
    let fx = Fixture()
    let n = fx.node()
    fx.trace.clear()
    expectFailure(brace_context_run_phase(fx.ctx, brace_phase(rawValue: raw)), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["brace_context_run_phase", "phase"])
    #expect(fx.trace.events.isEmpty)
    #expect(fx.needsLayout(n), "nothing ran")
  }

  /// get_pending is "0 when the next turn would do nothing". Flags of a destroyed
  /// subtree must not keep a pass pending.
  @Test func pendingIsZeroOnceTheOnlyFlaggedNodeWasDestroyedAndItsSuperviewLaidOut() {
    let fx = Fixture()
    let root = fx.node()
    let a = fx.node(in: root)
    let a1 = fx.node(in: a)
    fx.settle()
    ok(brace_node_set_needs_display(fx.ctx, a1), fx.ctx)
    ok(brace_node_set_needs_update_constraints(fx.ctx, a1), fx.ctx)
    ok(brace_node_destroy(fx.ctx, a), fx.ctx)
    // Destroying flags root for layout; nothing else is flagged anywhere.
    #expect(fx.pending() == BRACE_PHASE_LAYOUT.rawValue, "pending is \(fx.pending())")
    ok(brace_context_run_phase(fx.ctx, BRACE_PHASE_LAYOUT), fx.ctx)
    #expect(fx.pending() == 0, "pending is \(fx.pending()) though no node is flagged")
  }

  // MARK: the synchronous forms

  @Test func updateConstraintsIfNeededRunsOnlyFlaggedNodesOfTheSubtreeBottomUp() {
    let fx = Fixture()
    let t = makeTree(fx)
    fx.settle()
    for n in [t.a, t.a1, t.a2, t.b1, t.root] { ok(brace_node_set_needs_update_constraints(fx.ctx, n), fx.ctx) }
    fx.trace.clear()
    ok(brace_node_update_constraints_if_needed(fx.ctx, t.a), fx.ctx)
    let order = fx.trace.nodes(BRACE_TRACE_UPDATE_CONSTRAINTS)
    #expect(Set(order) == [t.a, t.a1, t.a2] && order.count == 3)
    #expect(order.last == t.a, "children before their superview")
    #expect(fx.trace.nodeEvents.allSatisfy { $0.kind == BRACE_TRACE_UPDATE_CONSTRAINTS }, "no layout, no drawing")
    #expect(fx.needsConstraints(t.b1) && fx.needsConstraints(t.root), "outside the subtree stays flagged")
    #expect(!fx.needsConstraints(t.a))
  }

  @Test func updateConstraintsIfNeededDoesNothingWhenNothingIsFlagged() {
    let fx = Fixture()
    let t = makeTree(fx)
    fx.settle()
    ok(brace_node_set_needs_update_constraints(fx.ctx, t.b), fx.ctx)
    fx.trace.clear()
    ok(brace_node_update_constraints_if_needed(fx.ctx, t.a), fx.ctx)
    #expect(fx.trace.events.isEmpty, "not even a phase begin: \(fx.trace.events.map(\.kind.rawValue))")
    #expect(fx.needsConstraints(t.b))
  }

  @Test func layoutIfNeededStartsAtTheTopmostFlaggedAncestor() {
    let fx = Fixture()
    let t = makeTree(fx)
    fx.settle()
    ok(brace_node_set_needs_layout(fx.ctx, t.a), fx.ctx)
    ok(brace_node_set_needs_layout(fx.ctx, t.a1), fx.ctx)
    ok(brace_node_set_needs_layout(fx.ctx, t.b), fx.ctx)
    fx.trace.clear()
    ok(brace_node_layout_if_needed(fx.ctx, t.a1), fx.ctx)
    #expect(fx.trace.nodes(BRACE_TRACE_LAYOUT) == [t.a, t.a1])
    #expect(fx.needsLayout(t.b), "a sibling subtree is left for the turn")
    #expect(!fx.needsLayout(t.a) && !fx.needsLayout(t.a1))
    #expect(fx.pending() & BRACE_PHASE_LAYOUT.rawValue != 0)
  }

  @Test func layoutIfNeededOnACleanNodeLaysOutItsFlaggedDescendants() {
    let fx = Fixture()
    let t = makeTree(fx)
    fx.settle()
    ok(brace_node_set_needs_layout(fx.ctx, t.a2), fx.ctx)
    ok(brace_node_set_needs_layout(fx.ctx, t.b1), fx.ctx)
    fx.trace.clear()
    ok(brace_node_layout_if_needed(fx.ctx, t.a), fx.ctx)
    #expect(fx.trace.nodes(BRACE_TRACE_LAYOUT) == [t.a2])
    #expect(fx.needsLayout(t.b1))
  }

  @Test func layoutIfNeededFromTheRootStartsThereWhenTheRootIsFlagged() {
    let fx = Fixture()
    let t = makeTree(fx)
    fx.settle()
    ok(brace_node_set_needs_layout(fx.ctx, t.root), fx.ctx)
    ok(brace_node_set_needs_layout(fx.ctx, t.b1), fx.ctx)
    fx.trace.clear()
    ok(brace_node_layout_if_needed(fx.ctx, t.b1), fx.ctx)
    #expect(fx.trace.nodes(BRACE_TRACE_LAYOUT) == [t.root, t.b1])
  }

  @Test func layoutIfNeededRunsPendingConstraintPassFirst() {
    let fx = Fixture()
    let t = makeTree(fx)
    fx.settle()
    ok(brace_node_set_needs_layout(fx.ctx, t.a), fx.ctx)
    ok(brace_node_set_needs_update_constraints(fx.ctx, t.a1), fx.ctx)
    ok(brace_node_set_needs_update_constraints(fx.ctx, t.a), fx.ctx)
    fx.trace.clear()
    ok(brace_node_layout_if_needed(fx.ctx, t.a), fx.ctx)
    let kinds = fx.trace.nodeEvents.map(\.kind)
    let lastUpdate = kinds.lastIndex(of: BRACE_TRACE_UPDATE_CONSTRAINTS)
    let firstLayout = kinds.firstIndex(of: BRACE_TRACE_WILL_LAYOUT)
    #expect(lastUpdate != nil && firstLayout != nil)
    if let lastUpdate, let firstLayout { #expect(lastUpdate < firstLayout) }
    #expect(fx.trace.nodes(BRACE_TRACE_UPDATE_CONSTRAINTS) == [t.a1, t.a])
    #expect(!fx.needsConstraints(t.a) && !fx.needsConstraints(t.a1))
    #expect(fx.trace.count(BRACE_TRACE_DRAW) == 0, "layout_if_needed does not draw")
  }

  @Test func layoutIfNeededDoesNothingWhenNothingIsFlagged() {
    let fx = Fixture()
    let t = makeTree(fx)
    fx.settle()
    ok(brace_node_set_needs_layout(fx.ctx, t.b1), fx.ctx)
    fx.trace.clear()
    ok(brace_node_layout_if_needed(fx.ctx, t.a1), fx.ctx)
    ok(brace_node_layout_if_needed(fx.ctx, t.a), fx.ctx)
    #expect(fx.trace.events.isEmpty)
    #expect(fx.needsLayout(t.b1))
  }

  // MARK: automatic triggers

  @Test func sizeChangeFlagsTheNodeAndItsSuperview() {
    let fx = Fixture()
    let t = makeTree(fx)
    fx.settle()
    ok(brace_node_set_frame(fx.ctx, t.a, rect(0, 0, 101, 100)), fx.ctx)
    #expect(fx.needsLayout(t.a))
    #expect(fx.needsLayout(t.root))
    #expect(!fx.needsLayout(t.b) && !fx.needsLayout(t.a1))
    fx.settle()
    ok(brace_node_set_bounds(fx.ctx, t.b1, rect(0, 0, 20, 20)), fx.ctx)
    #expect(fx.needsLayout(t.b1) && fx.needsLayout(t.b))
    #expect(!fx.needsLayout(t.root))
  }

  @Test func pureMoveFlagsNothing() {
    let fx = Fixture()
    let t = makeTree(fx)
    fx.settle()
    ok(brace_node_set_frame(fx.ctx, t.a, rect(50, 60, 100, 100)), fx.ctx)
    ok(brace_node_set_center(fx.ctx, t.b, brace_point(x: 0, y: 0)), fx.ctx)
    for n in t.all { #expect(!fx.needsLayout(n)) }
    #expect(fx.pending() == 0)
  }

  @Test func addingAndRemovingASubviewFlagsLayout() {
    let fx = Fixture()
    let t = makeTree(fx)
    let x = fx.node()
    fx.settle()
    ok(brace_node_add_subview(fx.ctx, t.b, x), fx.ctx)
    #expect(fx.needsLayout(t.b))
    #expect(fx.needsLayout(x))
    fx.settle()
    ok(brace_node_remove_from_superview(fx.ctx, x), fx.ctx)
    #expect(fx.needsLayout(t.b))
    fx.cycle()
    #expect(fx.trace.nodes(BRACE_TRACE_LAYOUT) == [t.b])
  }

  @Test func invalidateIntrinsicSizeFlagsTheConstraintsPass() {
    let fx = Fixture()
    let t = makeTree(fx)
    fx.settle()
    ok(brace_node_invalidate_intrinsic_content_size(fx.ctx, t.a1), fx.ctx)
    #expect(fx.needsConstraints(t.a1))
    #expect(fx.pending() & BRACE_PHASE_CONSTRAINTS.rawValue != 0)
    fx.cycle()
    #expect(fx.trace.nodes(BRACE_TRACE_UPDATE_CONSTRAINTS) == [t.a1])
  }

  @Test func marginsChangeFlagsLayout() {
    let fx = Fixture()
    let t = makeTree(fx)
    fx.settle()
    ok(brace_node_set_layout_margins(fx.ctx, t.b, brace_insets(top: 1, left: 2, bottom: 3, right: 4)), fx.ctx)
    #expect(fx.needsLayout(t.b))
    fx.cycle()
    #expect(fx.trace.nodes(BRACE_TRACE_LAYOUT) == [t.b])
  }

  @Test func flagsOfAMovedDirtySubtreeFollowItToTheNewParent() {
    let fx = Fixture()
    let t = makeTree(fx)
    let other = fx.node()
    fx.settle()
    ok(brace_node_set_needs_display(fx.ctx, t.a1), fx.ctx)
    ok(brace_node_add_subview(fx.ctx, other, t.a), fx.ctx)
    fx.cycle()
    #expect(fx.trace.nodes(BRACE_TRACE_DRAW) == [t.a1])
    #expect(fx.pending() == 0)
  }

  @Test func flagsOfARemovedDirtySubtreeStillRun() {
    let fx = Fixture()
    let t = makeTree(fx)
    fx.settle()
    ok(brace_node_set_needs_update_constraints(fx.ctx, t.b1), fx.ctx)
    ok(brace_node_remove_from_superview(fx.ctx, t.b), fx.ctx)
    fx.cycle()
    #expect(fx.trace.nodes(BRACE_TRACE_UPDATE_CONSTRAINTS) == [t.b1])
  }

  // MARK: hidden

  @Test func hiddenNodesAndTheirSubtreesAreNotDrawn() {
    let fx = Fixture()
    let t = makeTree(fx)
    ok(brace_node_set_hidden(fx.ctx, t.a, true), fx.ctx)
    fx.cycle()
    let drawn = Set(fx.trace.nodes(BRACE_TRACE_DRAW))
    #expect(drawn == [t.root, t.b, t.b1])
    ok(brace_node_set_needs_display(fx.ctx, t.a1), fx.ctx)
    fx.cycle()
    #expect(fx.trace.count(BRACE_TRACE_DRAW) == 0)
    ok(brace_node_set_hidden(fx.ctx, t.a, false), fx.ctx)
    fx.cycle()
    #expect(fx.trace.nodes(BRACE_TRACE_DRAW) == [t.a])
  }

  @Test func hiddenNodesAreStillLaidOut() {
    let fx = Fixture()
    let t = makeTree(fx)
    ok(brace_node_set_hidden(fx.ctx, t.b, true), fx.ctx)
    fx.settle()
    ok(brace_node_set_needs_layout(fx.ctx, t.b1), fx.ctx)
    fx.cycle()
    #expect(fx.trace.nodes(BRACE_TRACE_LAYOUT) == [t.b1])
  }

  // MARK: dirty paths only

  /// A 10,111-node tree: root, 10 children, 100 grandchildren, 10,000 leaves.
  @Test func aCycleVisitsOnlyTheDirtyPathInALargeTree() {
    let fx = Fixture()
    let root = fx.node()
    var leaves: [brace_node] = []
    leaves.reserveCapacity(10_000)
    for _ in 0..<10 {
      let a = fx.node(in: root)
      for _ in 0..<10 {
        let b = fx.node(in: a)
        for _ in 0..<100 { leaves.append(fx.node(in: b)) }
      }
    }
    fx.cycle()
    #expect(fx.trace.count(BRACE_TRACE_LAYOUT) == 10_111)
    #expect(fx.trace.count(BRACE_TRACE_DRAW) == 10_111)
    #expect(fx.pending() == 0)

    let leaf = leaves[7_777]
    ok(brace_node_set_needs_layout(fx.ctx, leaf), fx.ctx)
    fx.cycle()
    #expect(fx.trace.count(BRACE_TRACE_LAYOUT) == 1)
    #expect(fx.trace.nodes(BRACE_TRACE_LAYOUT) == [leaf])
    #expect(fx.trace.nodeEvents.count == 3, "will, layout, did of the leaf only")

    fx.cycle()
    #expect(fx.trace.nodeEvents.isEmpty, "and then nothing")

    ok(brace_node_set_needs_display_in_rect(fx.ctx, leaves[42], rect(0, 0, 1, 1)), fx.ctx)
    ok(brace_node_set_needs_update_constraints(fx.ctx, leaves[9_999]), fx.ctx)
    fx.cycle()
    #expect(fx.trace.nodeEvents.map(\.node) == [leaves[9_999], leaves[42]])
  }
}
