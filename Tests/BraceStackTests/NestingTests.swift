// Stacks inside stacks (three levels), baselines answered by a nested stack, a `flow`
// container as an arranged view (height-for-width), a stack inside a constraint layout,
// an arranged view with a user's aspect-ratio constraint, and fitting sizes.
import CBrace
import Testing

@Suite struct NestedBaselines {
  /// Outer: horizontal, spacing 10, 100 x 100, alignment `alignment`: label A (40 x 30,
  /// baselines 20 / 6) and an inner vertical stack (fill, spacing 0) of B (30 x 20,
  /// baselines 15 / 5) and C (50 x 40, baselines 25 / 10). The inner stack measures
  /// 50 x 60 (widest 50; 20 + 40), so the row is 40 + 10 + 50 = 100 exactly.
  private func scene(_ fx: Fx, _ alignment: Alignment, generate: Bool) -> (outer: brace_node, a: brace_node, inner: brace_node, b: brace_node, c: brace_node) {
    let window = fx.node(frame: rect(0, 0, 500, 500))
    let outer = fx.stack(in: window, frame: rect(0, 0, 100, 100), alignment: alignment, spacing: 10, generate: generate)
    let a = fx.leaf(in: outer, 40, 30)
    fx.setBaselines(a, first: 20, last: 6)
    let inner = fx.stack(in: outer, axis: .vertical, generate: generate)
    let b = fx.leaf(in: inner, 30, 20)
    fx.setBaselines(b, first: 15, last: 5)
    let c = fx.leaf(in: inner, 50, 40)
    fx.setBaselines(c, first: 25, last: 10)
    return (outer, a, inner, b, c)
  }

  @Test(arguments: [false, true])
  func firstBaselineUsesTheNestedStacksFirstArrangedView(generate: Bool) throws {
    let fx = try Fx()
    let s = scene(fx, .firstBaseline, generate: generate)
    fx.cycle()
    // A's first baseline is 20 below its top, the inner stack's is B's, 15: A is the
    // highest, top 0, the line at 20; the inner stack's top is 20 - 15 = 5.
    expectFrames(fx.frames([s.a, s.inner]), [rect(0, 0, 40, 30), rect(50, 5, 50, 60)], "outer row")
    expectFrames(fx.frames([s.b, s.c]), [rect(0, 0, 50, 20), rect(0, 20, 50, 40)], "inner column")
  }

  @Test(arguments: [false, true])
  func lastBaselineUsesTheNestedStacksLastArrangedView(generate: Bool) throws {
    let fx = try Fx()
    let s = scene(fx, .lastBaseline, generate: generate)
    fx.cycle()
    // A's last baseline is 30 - 6 = 24 below its top; the inner stack's is C's, 60 - 10 = 50:
    // the inner stack is the highest (top 0, line at 50), A's top is 50 - 24 = 26.
    expectFrames(fx.frames([s.a, s.inner]), [rect(0, 26, 40, 30), rect(50, 0, 50, 60)], "outer row")
    expectFrames(fx.frames([s.b, s.c]), [rect(0, 0, 50, 20), rect(0, 20, 50, 40)], "inner column")
  }

  @Test(arguments: [false, true])
  func aHiddenFirstViewPassesTheBaselineToTheNextVisibleOne(generate: Bool) throws {
    let fx = try Fx()
    let s = scene(fx, .firstBaseline, generate: generate)
    fx.setHidden(s.b, true)
    fx.cycle()
    // The inner stack is now C alone: 50 x 40, first baseline C's 25 > A's 20: the inner
    // stack is the highest (top 0, line at 25), A's top 25 - 20 = 5.
    expectFrames(fx.frames([s.a, s.inner]), [rect(0, 5, 40, 30), rect(50, 0, 50, 40)], "outer row")
    // B: length 0 at the canvas's top (no visible view before it), full width (fill).
    expectFrames(fx.frames([s.b, s.c]), [rect(0, 0, 50, 0), rect(0, 0, 50, 40)], "inner column")
  }
}

@Suite struct NestedStacks {
  /// outer: vertical, spacing 8, leading, 200 x 68: o0 (100 x 10), mid, o2 (60 x 12)
  ///   mid: horizontal, spacing 6, center: m0 (40 x 20), inner
  ///     inner: vertical, spacing 4, leading: i0 (30 x 10), i1 (50 x 16)
  @Test(arguments: [false, true])
  func threeLevels(generate: Bool) throws {
    let fx = try Fx()
    let window = fx.node(frame: rect(0, 0, 500, 500))
    let outer = fx.stack(in: window, frame: rect(10, 20, 200, 68), axis: .vertical, alignment: .leading, spacing: 8, generate: generate)
    let o0 = fx.leaf(in: outer, 100, 10)
    let mid = fx.stack(in: outer, alignment: .center, spacing: 6, generate: generate)
    let o2 = fx.leaf(in: outer, 60, 12)
    ok(brace_node_set_compression_resistance_priority(fx.ctx, o2, BRACE_AXIS_VERTICAL, 700), fx.ctx)
    let m0 = fx.leaf(in: mid, 40, 20)
    let inner = fx.stack(in: mid, axis: .vertical, alignment: .leading, spacing: 4, generate: generate)
    let i0 = fx.leaf(in: inner, 30, 10)
    let i1 = fx.leaf(in: inner, 50, 16)
    fx.cycle()
    // inner measures 50 x (10 + 4 + 16 = 30); mid 40 + 6 + 50 = 96 x max(20, 30) = 30;
    // outer: 10 + 8 + 30 + 8 + 12 = 68, exactly its height.
    expectFrames(fx.frames([o0, mid, o2]), [rect(0, 0, 100, 10), rect(0, 18, 96, 30), rect(0, 56, 60, 12)], "outer")
    expectFrames(fx.frames([m0, inner]), [rect(0, 5, 40, 20), rect(46, 0, 50, 30)], "mid")  // (30 - 20) / 2 = 5
    expectFrames(fx.frames([i0, i1]), [rect(0, 0, 30, 10), rect(0, 14, 50, 16)], "inner")
    #expect(same(fx.frame(outer), rect(10, 20, 200, 68)))

    // i1 grows wider: inner 70 wide, mid 116; the outer column's lengths do not change.
    fx.setIntrinsic(i1, 70, 16)
    fx.cycle()
    expectFrames(fx.frames([o0, mid, o2]), [rect(0, 0, 100, 10), rect(0, 18, 116, 30), rect(0, 56, 60, 12)], "outer, i1 wider")
    expectFrames(fx.frames([m0, inner]), [rect(0, 5, 40, 20), rect(46, 0, 70, 30)], "mid, i1 wider")
    expectFrames(fx.frames([i0, i1]), [rect(0, 0, 30, 10), rect(0, 14, 70, 16)], "inner, i1 wider")

    // i1 grows taller: inner 10 + 4 + 26 = 40, mid 40 tall; the outer column needs
    // 10 + 8 + 40 + 8 + 12 = 78 > 68: o2 has the lowest compression resistance (700), 12 -> 2.
    fx.setIntrinsic(i1, 70, 26)
    fx.cycle()
    expectFrames(fx.frames([o0, mid, o2]), [rect(0, 0, 100, 10), rect(0, 18, 116, 40), rect(0, 66, 60, 2)], "outer, i1 taller")
    expectFrames(fx.frames([m0, inner]), [rect(0, 10, 40, 20), rect(46, 0, 70, 40)], "mid, i1 taller")
    expectFrames(fx.frames([i0, i1]), [rect(0, 0, 30, 10), rect(0, 14, 70, 26)], "inner, i1 taller")
  }

  @Test func bothPathsAgreeOnThreeLevelsWithEveryDistribution() throws {
    // The same three-level scene on each path, with every distribution on the outer stack,
    // compared frame by frame. Outer column: 10, mid (96 x 36: inner is 2 * 16 + 4 = 36 tall
    // under fill_equally), 14, spacing 8, height 136: every distribution gives whole points
    // (fill_equally 40 each; fill_proportionally 120 * {10, 36, 14} / 60 = 20, 72, 28;
    // equal_spacing gaps 38; equal_centering centers 5, 67, 129).
    for d in Distribution.allCases {
      var results: [[brace_rect]] = []
      for generate in [false, true] {
        let fx = try Fx()
        let outer = fx.stack(frame: rect(0, 0, 200, 136), axis: .vertical, distribution: d, alignment: .center, spacing: 8, generate: generate)
        let o0 = fx.leaf(in: outer, 100, 10)
        let mid = fx.stack(in: outer, alignment: .trailing, spacing: 6, generate: generate)
        let o2 = fx.leaf(in: outer, 60, 14)
        ok(brace_node_set_content_hugging_priority(fx.ctx, o0, BRACE_AXIS_VERTICAL, 200), fx.ctx)
        let m0 = fx.leaf(in: mid, 40, 20)
        let inner = fx.stack(in: mid, axis: .vertical, distribution: .fillEqually, spacing: 4, generate: generate)
        let i0 = fx.leaf(in: inner, 30, 10)
        let i1 = fx.leaf(in: inner, 50, 16)
        fx.cycle()
        results.append(fx.frames([o0, mid, o2, m0, inner, i0, i1]))
      }
      expectFrames(results[1], results[0], "\(d.rawValue): generated constraints vs direct path")
      if d == .fill {
        // 10 + 8 + 36 + 8 + 14 = 76: o0 (hugging 200) takes the 60 to spare. Centered across:
        // (200 - 100) / 2, (200 - 96) / 2, (200 - 60) / 2.
        expectFrames(Array(results[0].prefix(3)), [rect(50, 0, 100, 70), rect(52, 78, 96, 36), rect(70, 122, 60, 14)], "fill, outer")
      }
    }
  }
}

@Suite struct FlowChild {
  /// A vertical stack 200 x 300 (fill, fill, spacing 10): a label 100 x 30, a flow
  /// container with four 50 x 20 items (flow spacing and line spacing 8), a label 100 x 40
  /// with the lowest vertical hugging (200).
  @Test(arguments: [false, true])
  func aFlowContainerGetsItsHeightForTheStacksWidth(generate: Bool) throws {
    #expect(flowPlugin.failure.isEmpty, "flow.c did not build: \(flowPlugin.failure)")
    let fx = try Fx()
    let window = fx.node(frame: rect(0, 0, 500, 500))
    let stack = fx.stack(in: window, frame: rect(0, 0, 200, 300), axis: .vertical, spacing: 10, generate: generate)
    let top = fx.leaf(in: stack, 100, 30)
    let flow = fx.node(in: stack)
    ok(brace_node_set_layout_strategy(fx.ctx, flow, "flow"), fx.ctx)
    let items = (0..<4).map { _ in fx.leaf(in: flow, 50, 20) }
    let bottom = fx.leaf(in: stack, 100, 40)
    ok(brace_node_set_content_hugging_priority(fx.ctx, bottom, BRACE_AXIS_VERTICAL, 200), fx.ctx)
    fx.cycle()
    // At width 200 three items fit a line (50+8+50+8+50 = 166; 224 > 200): two lines,
    // 20 + 8 + 20 = 48. Column: 30 + 10 + 48 + 10 + 40 = 138; the bottom label takes 162 more.
    expectFrames(fx.frames([top, flow, bottom]), [rect(0, 0, 200, 30), rect(0, 40, 200, 48), rect(0, 98, 200, 202)], "at width 200")
    expectFrames(fx.frames(items), [rect(0, 0, 50, 20), rect(58, 0, 50, 20), rect(116, 0, 50, 20), rect(0, 28, 50, 20)], "flow items at 200")

    // At width 100 one item fits a line (108 > 100): four lines, 4 * 20 + 3 * 8 = 104.
    fx.setFrame(stack, rect(0, 0, 100, 300))
    fx.cycle()
    // 30 + 10 + 104 + 10 + 40 = 194; the bottom label takes 106 more: 146.
    expectFrames(fx.frames([top, flow, bottom]), [rect(0, 0, 100, 30), rect(0, 40, 100, 104), rect(0, 154, 100, 146)], "at width 100")
    expectFrames(fx.frames(items), [rect(0, 0, 50, 20), rect(0, 28, 50, 20), rect(0, 56, 50, 20), rect(0, 84, 50, 20)], "flow items at 100")
  }
}

@Suite struct ConstraintLayout {
  /// A horizontal stack (center, spacing 10; views 30 x 30, 60 x 50, 90 x 20) pinned by its
  /// top and leading only, inside a root window: its size is its fitting size, 200 x 50.
  @Test(arguments: [false, true])
  func aStackPinnedByTopAndLeadingTakesItsFittingSize(generate: Bool) throws {
    let fx = try Fx()
    let window = fx.node(frame: rect(0, 0, 400, 300))
    let stack = fx.stack(in: window, alignment: .center, spacing: 10, generate: generate)
    ok(brace_node_set_translates_autoresizing_mask(fx.ctx, stack, false), fx.ctx)
    fx.constrain(stack, BRACE_ATTR_TOP, BRACE_RELATION_EQUAL, window, BRACE_ATTR_TOP, 10)
    fx.constrain(stack, BRACE_ATTR_LEADING, BRACE_RELATION_EQUAL, window, BRACE_ATTR_LEADING, 20)
    let views = [fx.leaf(in: stack, 30, 30), fx.leaf(in: stack, 60, 50), fx.leaf(in: stack, 90, 20)]
    fx.cycle()
    // 30 + 10 + 60 + 10 + 90 = 200 wide, as tall as the tallest view, 50.
    #expect(same(fx.frame(stack), rect(20, 10, 200, 50)), "stack frame \(describe(fx.frame(stack)))")
    expectFrames(fx.frames(views), [rect(0, 10, 30, 30), rect(40, 0, 60, 50), rect(110, 15, 90, 20)])
    // The stack takes part in constraint layout: it arranges with generated constraints.
    let ids = fx.uisvIdentifiers([stack] + views)
    #expect(ids.contains("UISV-spacing") && ids.contains("UISV-canvas-connection"), "generated: \(ids.sorted())")

    // A wider view makes the stack wider.
    fx.setIntrinsic(views[1], 80, 50)
    fx.cycle()
    #expect(same(fx.frame(stack), rect(20, 10, 220, 50)), "stack frame \(describe(fx.frame(stack)))")
    expectFrames(fx.frames(views), [rect(0, 10, 30, 30), rect(40, 0, 80, 50), rect(130, 15, 90, 20)])
  }

  /// A vertical stack 200 x 300 (fill, fill, spacing 10): a label 100 x 30, a view with no
  /// intrinsic size and the user's constraint width == 2 * height, a label 100 x 50 with
  /// the lowest vertical hugging.
  @Test func anArrangedViewWithAnAspectRatioConstraint() throws {
    let fx = try Fx()
    let window = fx.node(frame: rect(0, 0, 500, 500))
    let stack = fx.stack(in: window, frame: rect(0, 0, 200, 300), axis: .vertical, spacing: 10)
    let a = fx.leaf(in: stack, 100, 30)
    let b = fx.node(in: stack)
    let c = fx.leaf(in: stack, 100, 50)
    ok(brace_node_set_content_hugging_priority(fx.ctx, c, BRACE_AXIS_VERTICAL, 200), fx.ctx)
    fx.constrain(b, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, b, BRACE_ATTR_HEIGHT, multiplier: 2)
    fx.cycle()
    // b is as wide as the stack (fill alignment), 200, so 100 tall. 30 + 10 + 100 + 10 + 50
    // = 200; c (hugging 200) takes the 100 to spare: 150.
    expectFrames(fx.frames([a, b, c]), [rect(0, 0, 200, 30), rect(0, 40, 200, 100), rect(0, 150, 200, 150)], "at 200 x 300")
    #expect(same(fx.frame(stack), rect(0, 0, 200, 300)))
    // The user's constraint forces the generated-constraint path (generate_constraints is off).
    let ids = fx.uisvIdentifiers([stack, a, b, c])
    #expect(ids.contains("UISV-spacing") && ids.contains("UISV-canvas-connection"), "generated: \(ids.sorted())")

    fx.setFrame(stack, rect(0, 0, 160, 300))
    fx.cycle()
    // b: 160 x 80; 30 + 10 + 80 + 10 + 50 = 180, c takes 120 more: 170.
    expectFrames(fx.frames([a, b, c]), [rect(0, 0, 160, 30), rect(0, 40, 160, 80), rect(0, 130, 160, 170)], "at 160 x 300")
  }
}

@Suite struct FittingSize {
  /// A stack (root) with the given views, measured by a flow container.
  private func measure(
    axis: Axis = .horizontal, distribution: Distribution = .fill, alignment: Alignment = .center, spacing: Double = 10,
    margins: [Double]? = nil, views: [V], generate: Bool = false
  ) throws -> brace_size {
    let fx = try Fx()
    let s = Scenario(name: "fitting", axis: axis, distribution: distribution, alignment: alignment, spacing: spacing,
                     width: 0, height: 0, margins: margins, views: views, expected: [])
    let b = build(s, in: fx, generate: generate)
    return fx.measuredByFlow(b.stack)
  }

  private func expectSize(_ s: brace_size, _ w: Double, _ h: Double, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(s.width == w && s.height == h, "\(what): expected \(w) x \(h), got \(s.width) x \(s.height)", sourceLocation: sourceLocation)
  }

  private let row = [V(30, 30), V(60, 50), V(90, 20)]

  @Test(arguments: [false, true])
  func alongTheAxisTheSumAndGapsAcrossTheLargest(generate: Bool) throws {
    expectSize(try measure(views: row, generate: generate), 200, 50, "horizontal: 30+10+60+10+90, max(30, 50, 20)")
    expectSize(try measure(axis: .vertical, views: [V(30, 30), V(50, 60), V(20, 90)], generate: generate), 50, 200,
               "vertical: max(30, 50, 20), 30+10+60+10+90")
  }

  @Test func perDistribution() throws {
    expectSize(try measure(distribution: .fillEqually, views: row), 290, 50, "fill_equally: 3 * 90 + 20")
    expectSize(try measure(distribution: .fillProportionally, views: row), 200, 50, "fill_proportionally: the sum")
    expectSize(try measure(distribution: .equalSpacing, views: row), 200, 50, "equal_spacing: the sum")
    // The smallest d with every gap >= 10: d >= 10 + 15 + 30 = 55 and d >= 10 + 30 + 45 = 85,
    // so d = 85: 15 + 2 * 85 + 45 = 230.
    expectSize(try measure(distribution: .equalCentering, views: row), 230, 50, "equal_centering: 15 + 2 * 85 + 45")
  }

  @Test func hiddenViewsAndTheirGapsDoNotCount() throws {
    expectSize(try measure(views: [V(30, 30), V(60, 50, hidden: true), V(90, 20)]), 130, 30, "30 + 10 + 90, max(30, 20)")
  }

  @Test func marginsAreAddedWhenLayoutMarginsRelative() throws {
    // margins top 5, left 10, bottom 15, right 20.
    expectSize(try measure(margins: [5, 10, 15, 20], views: row), 230, 70, "200 + 10 + 20, 50 + 5 + 15")
  }

  @Test func baselineAlignmentMeasuresTheSpanOfTheAlignedViews() throws {
    // First baselines 25 and 5 below the tops: the line at 25, the second view's top at 20,
    // its bottom at 50.
    expectSize(try measure(alignment: .firstBaseline, views: [V(30, 30, first: 25), V(40, 30, first: 5)]), 80, 50,
               "30 + 10 + 40, span 0...50")
    // Last baselines 30 - 0 and 30 - 25 = 5 below the tops: the line at 30, the second
    // view's top at 25, its bottom at 55.
    expectSize(try measure(alignment: .lastBaseline, views: [V(30, 30), V(40, 30, last: 25)]), 80, 55,
               "30 + 10 + 40, span 0...55")
  }

  @Test(arguments: [false, true])
  func anEmptyStackMeasuresZeroPlusMargins(generate: Bool) throws {
    expectSize(try measure(views: [], generate: generate), 0, 0, "empty")
    expectSize(try measure(margins: [1, 2, 3, 4], views: [], generate: generate), 6, 4, "empty with margins 1, 2, 3, 4")
  }

  @Test func anEmptyStackLaysOut() throws {
    for generate in [false, true] {
      let fx = try Fx()
      let stack = fx.stack(frame: rect(0, 0, 100, 50), generate: generate)
      fx.cycle()
      #expect(fx.diagnostics.messages.isEmpty, "diagnostics: \(fx.diagnostics.messages.map(\.1))")
      #expect(same(fx.frame(stack), rect(0, 0, 100, 50)))
      #expect(!fx.needsLayout(stack))
    }
  }

  @Test func systemLayoutSizeFittingOnAStackWithGeneratedConstraints() throws {
    let fx = try Fx()
    let stack = fx.stack(frame: rect(0, 0, 300, 300), alignment: .center, spacing: 10, generate: true)
    for v in row { _ = fx.leaf(in: stack, v.w, v.h) }
    fx.cycle()
    var s = brace_size(width: -1, height: -1)
    ok(brace_node_system_layout_size_fitting(fx.ctx, stack, brace_size(width: 0, height: 0),
                                             BRACE_PRIORITY_FITTING_SIZE_LEVEL, BRACE_PRIORITY_FITTING_SIZE_LEVEL, &s), fx.ctx)
    expectSize(s, 200, 50, "compressed size")
  }
}
