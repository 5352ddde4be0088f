// Regressions found by review: what a stack knows of its views must follow every change
// that reaches them, both paths must agree and let go of each other, and a callback that
// re-enters a stack while it reads its views must not break it. Expected frames by hand.
import CBrace
import Testing

/// The stack whose fitting size an intrinsic-size callback asks for (one test at a time
/// uses it: the suite is serialized).
nonisolated(unsafe) private var reentrantStack: brace_node = 0

private func intrinsicAskingForTheStacksFittingSize(_ ctx: OpaquePointer?, _ node: brace_node, _ user: UnsafeMutableRawPointer?) -> brace_size {
  var fit = brace_size()
  _ = brace_node_system_layout_size_fitting(ctx, reentrantStack, brace_size(width: 0, height: 0), 50, 50, &fit)
  return brace_size(width: 50, height: 20)
}

@Suite("Review regressions", .serialized)
struct ReviewRegressionTests {
  /// Stack 300 x 60 (fill, fill): a and b 50 x 20; b, the last, takes the 200 to spare.
  private func pair(_ fx: Fx, generate: Bool = false) -> (stack: brace_node, a: brace_node, b: brace_node) {
    let s = fx.stack(frame: rect(0, 0, 300, 60), generate: generate)
    return (s, fx.leaf(in: s, 50, 20), fx.leaf(in: s, 50, 20))
  }

  @Test(arguments: [false, true])
  func alignmentRectInsetsOfAnArrangedViewReachTheStack(generate: Bool) throws {
    let fx = try Fx()
    let (_, a, _) = pair(fx, generate: generate)
    fx.cycle()
    ok(brace_node_set_alignment_rect_insets(fx.ctx, a, brace_insets(top: 0, left: 10, bottom: 0, right: 0)), fx.ctx)
    fx.cycle()
    // The alignment rect stays (0, 0, 50, 60); the frame is it outset by 10 on the left.
    #expect(same(fx.frame(a), rect(-10, 0, 60, 60)), "got \(describe(fx.frame(a)))")
  }

  @Test func anArrangedViewThatGetsItsFirstSubviewIsMeasuredAgain() throws {
    let fx = try Fx()
    let s = fx.stack(frame: rect(0, 0, 300, 100), alignment: .center)
    _ = fx.leaf(in: s, 50, 20)
    let v = fx.node(in: s)
    fx.cycle()
    _ = fx.node(in: v, frame: rect(0, 0, 30, 40))
    fx.cycle()
    // v measures as its subview's extent, 30 x 40, hugging 250 like a: the last of the
    // tie stretches, 300 - 50 = 250 wide; centered across: (100 - 40) / 2 = 30.
    #expect(same(fx.frame(v), rect(50, 30, 250, 40)), "got \(describe(fx.frame(v)))")
  }

  @Test(arguments: [false, true])
  func aNestedStacksBaselineChangeReachesTheStackAroundIt(generate: Bool) throws {
    let fx = try Fx()
    let outer = fx.stack(frame: rect(0, 0, 300, 100), alignment: .firstBaseline, generate: generate)
    let l = fx.leaf(in: outer, 50, 20)
    fx.setBaselines(l, first: 15, last: 5)
    let inner = fx.stack(in: outer, axis: .vertical, generate: generate)
    let m = fx.leaf(in: inner, 50, 20)
    fx.setBaselines(m, first: 10, last: 5)
    fx.cycle()
    // Baselines at max(15, 10) = 15: the inner stack's top at 15 - 10 = 5; it is the last
    // of the hugging tie, so it takes the 200 to spare.
    #expect(same(fx.frame(inner), rect(50, 5, 250, 20)), "got \(describe(fx.frame(inner)))")
    fx.setBaselines(m, first: 5, last: 5)
    fx.cycle()
    // Now 15 - 5 = 10.
    #expect(same(fx.frame(inner), rect(50, 10, 250, 20)), "got \(describe(fx.frame(inner)))")
  }

  @Test func aStackInsideAFlowIsMeasuredAgainWhenItGrows() throws {
    let fx = try Fx()
    #expect(flowPlugin.failure.isEmpty, "flow.c did not build: \(flowPlugin.failure)")
    let flow = fx.node(frame: rect(0, 0, 400, 200))
    ok(brace_node_set_layout_strategy(fx.ctx, flow, "flow"), fx.ctx)
    let s = fx.stack(in: flow)
    _ = fx.leaf(in: s, 50, 20)
    fx.cycle()
    #expect(fx.frame(s).width == 50)
    let b = fx.leaf(in: s, 50, 20)
    fx.cycle()
    // The stack measures 100 x 20 now, and b sits after a.
    #expect(fx.frame(s).width == 100 && fx.frame(s).height == 20, "got \(describe(fx.frame(s)))")
    #expect(same(fx.frame(b), rect(50, 0, 50, 20)), "got \(describe(fx.frame(b)))")
  }

  @Test func aFrameSetByHandOnAnArrangedViewIsPutBack() throws {
    let fx = try Fx()
    let (s, a, b) = pair(fx)
    fx.cycle()
    fx.setFrame(a, rect(100, 100, 10, 10))
    fx.cycle()
    #expect(same(fx.frame(a), rect(0, 0, 50, 60)), "got \(describe(fx.frame(a)))")
    // A pure move, then a resize of the stack (the incremental fill path).
    fx.setFrame(a, rect(7, 7, 50, 60))
    fx.setFrame(s, rect(0, 0, 310, 60))
    fx.cycle()
    #expect(same(fx.frame(a), rect(0, 0, 50, 60)), "got \(describe(fx.frame(a)))")
    #expect(same(fx.frame(b), rect(50, 0, 260, 60)), "got \(describe(fx.frame(b)))")
  }

  @Test(arguments: [false, true])
  func aRequiredFittingTargetAlongTheAxisIsTheAnswerOnBothPaths(generate: Bool) throws {
    let fx = try Fx()
    let (s, _, _) = pair(fx, generate: generate)
    fx.cycle()
    var fit = brace_size()
    ok(brace_node_system_layout_size_fitting(fx.ctx, s, brace_size(width: 200, height: 0), 1000, 50, &fit), fx.ctx)
    #expect(fit.width == 200 && fit.height == 20, "got \(fit.width) x \(fit.height)")
  }

  @Test func nestedStacksLetGoOfGeneratedConstraintsWhenNothingNeedsThem() throws {
    let fx = try Fx()
    let outer = fx.stack(frame: rect(0, 0, 300, 100))
    let a = fx.leaf(in: outer, 50, 20)
    let inner = fx.stack(in: outer)
    let c = fx.leaf(in: inner, 30, 20)
    fx.set(inner, "generate_constraints", true)
    fx.cycle()
    #expect(!fx.uisvIdentifiers([outer, a, inner, c]).isEmpty, "the inner stack generates, so the outer must")
    // a 50, then the inner stack (the last of the tie) 250, its c stretched to fill it.
    #expect(same(fx.frame(inner), rect(50, 0, 250, 100)), "got \(describe(fx.frame(inner)))")
    fx.set(inner, "generate_constraints", false)
    fx.cycle()
    fx.cycle()
    #expect(fx.uisvIdentifiers([outer, a, inner, c]).isEmpty, "got \(fx.uisvIdentifiers([outer, a, inner, c]))")
    #expect(same(fx.frame(inner), rect(50, 0, 250, 100)), "got \(describe(fx.frame(inner)))")
    #expect(same(fx.frame(c), rect(0, 0, 250, 100)), "got \(describe(fx.frame(c)))")
  }

  @Test func anIntrinsicSizeCallbackThatAsksForTheStacksFittingSizeDoesNotBreakIt() throws {
    let fx = try Fx()
    let (s, a, b) = pair(fx)
    reentrantStack = s
    var cb = brace_node_callbacks()
    cb.struct_size = UInt32(MemoryLayout<brace_node_callbacks>.size)
    cb.intrinsic_content_size = intrinsicAskingForTheStacksFittingSize
    ok(brace_node_set_callbacks(fx.ctx, a, &cb), fx.ctx)
    fx.cycle()
    #expect(same(fx.frame(a), rect(0, 0, 50, 60)), "got \(describe(fx.frame(a)))")
    #expect(same(fx.frame(b), rect(50, 0, 250, 60)), "got \(describe(fx.frame(b)))")
  }
}
