// Incremental work, seen through the trace: a cycle in which nothing about the stack
// changed runs none of its hooks; what does change reaches it.
import CBrace
import Testing

@Suite struct Incremental {
  /// A root window with a stack (three views) and a plain sibling, laid out once.
  private func scene(_ fx: Fx, generate: Bool) -> (window: brace_node, stack: brace_node, views: [brace_node], sibling: brace_node) {
    let window = fx.node(frame: rect(0, 0, 500, 500))
    let stack = fx.stack(in: window, frame: rect(0, 0, 200, 60), alignment: .center, spacing: 10, generate: generate)
    let views = [fx.leaf(in: stack, 30, 30), fx.leaf(in: stack, 60, 50), fx.leaf(in: stack, 90, 20)]
    let sibling = fx.node(in: window, frame: rect(0, 100, 50, 50))
    fx.cycle()
    return (window, stack, views, sibling)
  }

  @Test(arguments: [false, true])
  func aSecondCycleWithNoChangeRunsNoStackHooks(generate: Bool) throws {
    let fx = try Fx()
    let s = scene(fx, generate: generate)
    #expect(fx.trace.count(BRACE_TRACE_LAYOUT, of: s.stack) >= 1, "the first cycle lays the stack out")
    fx.cycle()
    #expect(fx.trace.hookEvents(of: s.stack).isEmpty, "stack events: \(fx.trace.hookEvents(of: s.stack).map(\.kind.rawValue))")
    for v in s.views { #expect(fx.trace.hookEvents(of: v).isEmpty) }
  }

  @Test(arguments: [false, true])
  func aChangeNextToTheStackRunsNoStackHooks(generate: Bool) throws {
    let fx = try Fx()
    let s = scene(fx, generate: generate)
    let before = fx.frames(s.views)
    // The sibling's size change lays out the window (its superview), not the stack.
    fx.setFrame(s.sibling, rect(0, 100, 80, 80))
    fx.cycle()
    #expect(fx.trace.count(BRACE_TRACE_LAYOUT, of: s.window) >= 1, "the window is laid out")
    #expect(fx.trace.hookEvents(of: s.stack).isEmpty, "stack events: \(fx.trace.hookEvents(of: s.stack).map(\.kind.rawValue))")
    expectFrames(fx.frames(s.views), before)
  }

  @Test(arguments: [false, true])
  func whatDoesChangeReachesTheStack(generate: Bool) throws {
    let fx = try Fx()
    let s = scene(fx, generate: generate)
    expectFrames(fx.frames(s.views), [rect(0, 15, 30, 30), rect(40, 5, 60, 50), rect(110, 20, 90, 20)], "initial")

    // A property change.
    fx.set(s.stack, "spacing", 5)
    #expect(fx.needsLayout(s.stack) || fx.needsConstraints(s.stack), "a property change flags the stack")
    fx.cycle()
    #expect(fx.trace.count(BRACE_TRACE_LAYOUT, of: s.stack) + fx.trace.count(BRACE_TRACE_UPDATE_CONSTRAINTS, of: s.stack) >= 1)
    // 190: the last view takes 10.
    expectFrames(fx.frames(s.views), [rect(0, 15, 30, 30), rect(35, 5, 60, 50), rect(100, 20, 100, 20)], "spacing 5")

    // An arranged view's intrinsic size.
    fx.setIntrinsic(s.views[0], 20, 40)
    fx.cycle()
    // 20 + 5 + 60 + 5 + 90 = 180: the last view 110. Heights 40, 50, 20 centered in 60.
    expectFrames(fx.frames(s.views), [rect(0, 10, 20, 40), rect(25, 5, 60, 50), rect(90, 20, 110, 20)], "intrinsic")

    // An arranged view's priorities.
    ok(brace_node_set_content_hugging_priority(fx.ctx, s.views[1], BRACE_AXIS_HORIZONTAL, 100), fx.ctx)
    fx.cycle()
    // View 1 now has the lowest hugging: it takes the 20 to spare.
    expectFrames(fx.frames(s.views), [rect(0, 10, 20, 40), rect(25, 5, 80, 50), rect(110, 20, 90, 20)], "hugging")

    // A subview added, moved and removed.
    let extra = fx.leaf(in: s.stack, 10, 10)
    fx.cycle()
    // 20 + 5 + 60 + 5 + 90 + 5 + 10 = 195: view 1 takes 5.
    expectFrames(fx.frames(s.views + [extra]), [rect(0, 10, 20, 40), rect(25, 5, 65, 50), rect(95, 20, 90, 20), rect(190, 25, 10, 10)], "added")
    ok(brace_node_insert_subview(fx.ctx, s.stack, extra, 0), fx.ctx)
    fx.cycle()
    expectFrames(fx.frames([extra] + s.views), [rect(0, 25, 10, 10), rect(15, 10, 20, 40), rect(40, 5, 65, 50), rect(110, 20, 90, 20)], "moved")
    ok(brace_node_remove_from_superview(fx.ctx, extra), fx.ctx)
    fx.cycle()
    expectFrames(fx.frames(s.views), [rect(0, 10, 20, 40), rect(25, 5, 80, 50), rect(110, 20, 90, 20)], "removed")
  }

  @Test(arguments: [false, true])
  func aBaselineChangeReachesTheStack(generate: Bool) throws {
    let fx = try Fx()
    let stack = fx.stack(frame: rect(0, 0, 200, 60), alignment: .firstBaseline, spacing: 10, generate: generate)
    let views = [fx.leaf(in: stack, 30, 30), fx.leaf(in: stack, 60, 50), fx.leaf(in: stack, 90, 20)]
    fx.setBaselines(views[0], first: 20, last: 0)
    fx.setBaselines(views[1], first: 30, last: 0)
    fx.cycle()
    // First baselines 20, 30, 20 (unset: the bottom): the line at 30, tops 10, 0, 10.
    expectFrames(fx.frames(views), [rect(0, 10, 30, 30), rect(40, 0, 60, 50), rect(110, 10, 90, 20)], "before")
    fx.setBaselines(views[1], first: 15, last: 0)
    fx.cycle()
    // Now 20, 15, 20: views 0 and 2 are the highest (line at 20), view 1's top 20 - 15 = 5.
    expectFrames(fx.frames(views), [rect(0, 0, 30, 30), rect(40, 5, 60, 50), rect(110, 0, 90, 20)], "after")
  }

  @Test func aResizeOfADirectPathStackRunsNoConstraintsPass() throws {
    let fx = try Fx()
    let s = scene(fx, generate: false)
    fx.setFrame(s.stack, rect(0, 0, 230, 60))
    fx.cycle()
    #expect(fx.trace.count(BRACE_TRACE_UPDATE_CONSTRAINTS, of: s.stack) == 0)
    #expect(fx.trace.count(BRACE_TRACE_LAYOUT, of: s.stack) == 1)
    // 30 to spare: the last view 120.
    expectFrames(fx.frames(s.views), [rect(0, 15, 30, 30), rect(40, 5, 60, 50), rect(110, 20, 120, 20)])
  }

  @Test(arguments: [false, true])
  func aNestedStackWhoseFittingSizeChangesFlagsItsSuperview(generate: Bool) throws {
    let fx = try Fx()
    let outer = fx.stack(frame: rect(0, 0, 300, 100), alignment: .leading, spacing: 10, generate: generate)
    let a = fx.leaf(in: outer, 50, 20)
    let inner = fx.stack(in: outer, spacing: 5, generate: generate)
    let b = fx.leaf(in: inner, 40, 30)
    let c = fx.leaf(in: outer, 60, 20)
    ok(brace_node_set_content_hugging_priority(fx.ctx, c, BRACE_AXIS_HORIZONTAL, 200), fx.ctx)
    fx.cycle()
    // 50 + 10 + 40 + 10 + 60 = 170: c takes 130.
    expectFrames(fx.frames([a, inner, c]), [rect(0, 0, 50, 20), rect(60, 0, 40, 30), rect(110, 0, 190, 20)], "before")
    let d = fx.leaf(in: inner, 20, 40)
    fx.cycle()
    // inner: 40 + 5 + 20 = 65 x 40; 50 + 10 + 65 + 10 + 60 = 195: c takes 105.
    expectFrames(fx.frames([a, inner, c]), [rect(0, 0, 50, 20), rect(60, 0, 65, 40), rect(135, 0, 165, 20)], "after")
    expectFrames(fx.frames([b, d]), [rect(0, 0, 40, 40), rect(45, 0, 20, 40)], "inner")
    #expect(fx.trace.count(BRACE_TRACE_LAYOUT, of: outer) >= 1, "the outer stack was laid out again")
  }
}
