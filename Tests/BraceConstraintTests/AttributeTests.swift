// Every layout attribute, checked with exact frames after a run of the update cycle:
// edges, sizes, centers, baselines, margins (default, custom, directional), leading and
// trailing under both directions, layout guides, free variables and the linear form,
// constraints between cousins, and alignment-rect insets.
import CBrace
import Testing

@Suite("Attributes")
struct AttributeTests {
  @Test func edgesPlaceTheFrame() throws {
    let fx = try Fx()
    let r = fx.window()
    let a = fx.view(in: r)
    fx.add(a, LEFT, EQ, r, LEFT, 10)
    fx.add(a, RIGHT, EQ, r, RIGHT, -20)
    fx.add(a, TOP, EQ, r, TOP, 5)
    fx.add(a, BOTTOM, EQ, r, BOTTOM, -15)
    fx.cycle()
    expectFrame(fx.frame(a), rect(10, 5, 370, 280))
    expectFrame(fx.frame(r), rect(0, 0, 400, 300), "the translating window keeps its frame")
  }

  @Test func sizesAndCentersPlaceTheFrame() throws {
    let fx = try Fx()
    let r = fx.window()
    let a = fx.view(in: r), b = fx.view(in: r)
    fx.add(a, WIDTH, EQ, 100)
    fx.add(a, HEIGHT, EQ, 50)
    fx.add(a, CENTER_X, EQ, r, CENTER_X, 10)
    fx.add(a, CENTER_Y, EQ, r, CENTER_Y, -20)
    // b: half a's width, twice a's height minus 30, centered on a's right edge and bottom.
    fx.add(b, WIDTH, EQ, a, WIDTH, multiplier: 0.5)
    fx.add(b, HEIGHT, EQ, a, HEIGHT, multiplier: 2, -30)
    fx.add(b, CENTER_X, EQ, a, RIGHT)
    fx.add(b, CENTER_Y, EQ, a, BOTTOM)
    fx.cycle()
    expectFrame(fx.frame(a), rect(160, 105, 100, 50))
    expectFrame(fx.frame(b), rect(235, 120, 50, 70))
  }

  @Test func leadingAndTrailingAreLeftAndRightInLeftToRight() throws {
    let fx = try Fx()
    let r = fx.window()
    let a = fx.view(in: r), b = fx.view(in: r)
    fx.add(a, LEADING, EQ, r, LEADING, 10)
    fx.add(a, TRAILING, EQ, r, TRAILING, -30)
    fx.add(a, TOP, EQ, r, TOP)
    fx.add(a, HEIGHT, EQ, 20)
    fx.add(b, LEADING, EQ, a, LEADING, 8)
    fx.add(b, WIDTH, EQ, 50)
    fx.add(b, TOP, EQ, a, BOTTOM)
    fx.add(b, HEIGHT, EQ, 20)
    fx.cycle()
    expectFrame(fx.frame(a), rect(10, 0, 360, 20))
    expectFrame(fx.frame(b), rect(18, 20, 50, 20))
  }

  @Test func rightToLeftContextMakesLeadingTheRightEdgeAndMirrorsConstants() throws {
    let fx = try Fx(direction: BRACE_DIRECTION_RTL)
    let r = fx.window()
    let a = fx.view(in: r), b = fx.view(in: r), c = fx.view(in: r)
    fx.add(a, LEADING, EQ, r, LEADING, 10)
    fx.add(a, WIDTH, EQ, 100)
    fx.add(a, TOP, EQ, r, TOP)
    fx.add(a, HEIGHT, EQ, 20)
    // b.leading == a.trailing + 8: b is 8 points LEFT of a (its right edge at a.left - 8).
    fx.add(b, LEADING, EQ, a, TRAILING, 8)
    fx.add(b, WIDTH, EQ, 50)
    fx.add(b, TOP, EQ, r, TOP)
    fx.add(b, HEIGHT, EQ, 20)
    // Left and right are physical: not mirrored.
    fx.add(c, LEFT, EQ, r, LEFT, 10)
    fx.add(c, RIGHT, EQ, a, LEFT, -10)
    fx.add(c, TOP, EQ, a, BOTTOM, 5)
    fx.add(c, HEIGHT, EQ, 20)
    fx.cycle()
    expectFrame(fx.frame(a), rect(290, 0, 100, 20))
    expectFrame(fx.frame(b), rect(232, 0, 50, 20))
    expectFrame(fx.frame(c), rect(10, 25, 270, 20))
  }

  @Test func nodeDirectionDecidesForTheConstraintsItHoldsAndCanBeChanged() throws {
    let fx = try Fx()
    let r = fx.window()
    let p = fx.view(in: r)
    fx.place(p, in: r, rect(0, 0, 400, 100))
    ok(brace_node_set_layout_direction(fx.ctx, p, BRACE_DIRECTION_RTL), fx.ctx)
    let a = fx.view(in: p)
    fx.add(a, LEADING, EQ, p, LEADING, 10)  // held by p (RTL): 10 from p's right edge
    fx.add(a, WIDTH, EQ, 100)
    fx.add(a, TOP, EQ, p, TOP)
    fx.add(a, HEIGHT, EQ, 20)
    let b = fx.view(in: p)
    fx.add(b, LEADING, EQ, a, TRAILING, 8)  // held by p: to the left of a
    fx.add(b, WIDTH, EQ, 50)
    fx.add(b, TOP, EQ, p, TOP)
    fx.add(b, HEIGHT, EQ, 20)
    let z = fx.view(in: r)
    fx.add(z, LEADING, EQ, a, TRAILING, 8)  // held by the window (LTR): to the right of a's right edge
    fx.add(z, WIDTH, EQ, 5)
    fx.add(z, TOP, EQ, r, TOP, 200)
    fx.add(z, HEIGHT, EQ, 5)
    fx.cycle()
    expectFrame(fx.frame(a), rect(290, 0, 100, 20))
    expectFrame(fx.frame(b), rect(232, 0, 50, 20))
    // In the window's LTR, a.trailing is a's right edge (390).
    expectFrame(fx.frame(z), rect(398, 200, 5, 5))

    // Switching p to LTR re-solves the constraints it holds.
    ok(brace_node_set_layout_direction(fx.ctx, p, BRACE_DIRECTION_LTR), fx.ctx)
    fx.cycle()
    expectFrame(fx.frame(a), rect(10, 0, 100, 20))
    expectFrame(fx.frame(b), rect(118, 0, 50, 20))
    expectFrame(fx.frame(z), rect(118, 200, 5, 5))
  }

  @Test func baselinesUseTheOffsetsAndDefaultToTheBottom() throws {
    let fx = try Fx()
    let r = fx.window()
    let text = fx.view(in: r)
    fx.place(text, in: r, rect(10, 50, 100, 30))
    ok(brace_node_set_baseline_offsets(fx.ctx, text, 12, 4), fx.ctx)  // first at y 62, last at y 76
    let c = fx.view(in: r), d = fx.view(in: r), e = fx.view(in: r)
    ok(brace_node_set_baseline_offsets(fx.ctx, c, 5, 3), fx.ctx)
    fx.add(c, BRACE_ATTR_FIRST_BASELINE, EQ, text, BRACE_ATTR_FIRST_BASELINE)  // c.top + 5 == 62
    fx.add(c, LEFT, EQ, r, LEFT, 120)
    fx.add(c, WIDTH, EQ, 10)
    fx.add(c, HEIGHT, EQ, 20)
    fx.add(d, BRACE_ATTR_LAST_BASELINE, EQ, text, BRACE_ATTR_LAST_BASELINE)  // d.bottom - 0 == 76
    fx.add(d, LEFT, EQ, r, LEFT, 140)
    fx.add(d, WIDTH, EQ, 10)
    fx.add(d, HEIGHT, EQ, 10)
    fx.add(e, BRACE_ATTR_FIRST_BASELINE, EQ, text, BRACE_ATTR_LAST_BASELINE, 2)  // no text: e.bottom == 78
    fx.add(e, LEFT, EQ, r, LEFT, 160)
    fx.add(e, WIDTH, EQ, 10)
    fx.add(e, HEIGHT, EQ, 10)
    let f = fx.view(in: r)
    ok(brace_node_set_baseline_offsets(fx.ctx, f, 7, 2), fx.ctx)
    fx.add(f, BRACE_ATTR_LAST_BASELINE, EQ, c, BRACE_ATTR_FIRST_BASELINE)  // f.bottom - 2 == 62
    fx.add(f, LEFT, EQ, r, LEFT, 180)
    fx.add(f, WIDTH, EQ, 10)
    fx.add(f, HEIGHT, EQ, 10)
    fx.cycle()
    expectFrame(fx.frame(c), rect(120, 57, 10, 20))
    expectFrame(fx.frame(d), rect(140, 66, 10, 10))
    expectFrame(fx.frame(e), rect(160, 68, 10, 10))
    expectFrame(fx.frame(f), rect(180, 54, 10, 10))

    // New offsets re-solve the constraints that use them.
    ok(brace_node_set_baseline_offsets(fx.ctx, text, 20, 0), fx.ctx)
    fx.cycle()
    expectFrame(fx.frame(c), rect(120, 65, 10, 20))
    expectFrame(fx.frame(d), rect(140, 70, 10, 10))
    expectFrame(fx.frame(e), rect(160, 72, 10, 10))
    expectFrame(fx.frame(f), rect(180, 62, 10, 10))
  }

  /// p at (20, 20, 200, 100) in a window, with one subview pinned to each margin form.
  private func marginScene(_ fx: Fx) -> (brace_node, brace_node) {
    let r = fx.window()
    let p = fx.view(in: r)
    fx.place(p, in: r, rect(20, 20, 200, 100))
    return (r, p)
  }

  @Test func marginAttributesDefaultToEightPoints() throws {
    let fx = try Fx()
    let (_, p) = marginScene(fx)
    let a = fx.view(in: p), b = fx.view(in: p), c = fx.view(in: p)
    fx.add(a, LEFT, EQ, p, BRACE_ATTR_LEFT_MARGIN)
    fx.add(a, RIGHT, EQ, p, BRACE_ATTR_RIGHT_MARGIN)
    fx.add(a, TOP, EQ, p, BRACE_ATTR_TOP_MARGIN)
    fx.add(a, BOTTOM, EQ, p, BRACE_ATTR_BOTTOM_MARGIN)
    fx.add(b, LEADING, EQ, p, BRACE_ATTR_LEADING_MARGIN)
    fx.add(b, TRAILING, EQ, p, BRACE_ATTR_TRAILING_MARGIN, -10)
    fx.add(b, TOP, EQ, p, TOP)
    fx.add(b, HEIGHT, EQ, 4)
    fx.add(c, CENTER_X, EQ, p, BRACE_ATTR_CENTER_X_WITHIN_MARGINS)
    fx.add(c, CENTER_Y, EQ, p, BRACE_ATTR_CENTER_Y_WITHIN_MARGINS)
    fx.add(c, WIDTH, EQ, 20)
    fx.add(c, HEIGHT, EQ, 10)
    // A view's own margins: d's left margin sits on p's left edge.
    let d = fx.view(in: p)
    fx.add(d, BRACE_ATTR_LEFT_MARGIN, EQ, p, LEFT)
    fx.add(d, BRACE_ATTR_TOP_MARGIN, EQ, p, TOP)
    fx.add(d, WIDTH, EQ, 30)
    fx.add(d, HEIGHT, EQ, 30)
    fx.cycle()
    expectFrame(fx.frame(a), rect(8, 8, 184, 84))
    expectFrame(fx.frame(b), rect(8, 0, 174, 4))
    expectFrame(fx.frame(c), rect(90, 45, 20, 10))
    expectFrame(fx.frame(d), rect(-8, -8, 30, 30))
  }

  @Test func customMarginsMoveTheMarginAttributes() throws {
    let fx = try Fx()
    let (_, p) = marginScene(fx)
    let a = fx.view(in: p), c = fx.view(in: p)
    fx.add(a, LEFT, EQ, p, BRACE_ATTR_LEFT_MARGIN)
    fx.add(a, RIGHT, EQ, p, BRACE_ATTR_RIGHT_MARGIN)
    fx.add(a, TOP, EQ, p, BRACE_ATTR_TOP_MARGIN)
    fx.add(a, BOTTOM, EQ, p, BRACE_ATTR_BOTTOM_MARGIN)
    fx.add(c, CENTER_X, EQ, p, BRACE_ATTR_CENTER_X_WITHIN_MARGINS)
    fx.add(c, CENTER_Y, EQ, p, BRACE_ATTR_CENTER_Y_WITHIN_MARGINS)
    fx.add(c, WIDTH, EQ, 20)
    fx.add(c, HEIGHT, EQ, 10)
    fx.cycle()
    ok(brace_node_set_layout_margins(fx.ctx, p, brace_insets(top: 1, left: 2, bottom: 3, right: 4)), fx.ctx)
    fx.cycle()
    expectFrame(fx.frame(a), rect(2, 1, 194, 96))
    // Within margins: x center 2 + 194/2 = 99, y center 1 + 96/2 = 49.
    expectFrame(fx.frame(c), rect(89, 44, 20, 10))
  }

  @Test func directionalMarginsFollowTheDirection() throws {
    let fx = try Fx()
    let (_, p) = marginScene(fx)
    ok(brace_node_set_directional_layout_margins(fx.ctx, p, brace_directional_insets(top: 0, leading: 10, bottom: 0, trailing: 30)), fx.ctx)
    let a = fx.view(in: p), l = fx.view(in: p)
    fx.add(a, LEADING, EQ, p, BRACE_ATTR_LEADING_MARGIN)
    fx.add(a, TRAILING, EQ, p, BRACE_ATTR_TRAILING_MARGIN)
    fx.add(a, TOP, EQ, p, TOP)
    fx.add(a, HEIGHT, EQ, 10)
    fx.add(l, LEFT, EQ, p, BRACE_ATTR_LEFT_MARGIN)
    fx.add(l, RIGHT, EQ, p, BRACE_ATTR_RIGHT_MARGIN)
    fx.add(l, TOP, EQ, p, TOP, 20)
    fx.add(l, HEIGHT, EQ, 10)
    fx.cycle()
    expectFrame(fx.frame(a), rect(10, 0, 160, 10))
    expectFrame(fx.frame(l), rect(10, 20, 160, 10))

    // In RTL the leading margin (10) is on the right, and the left margin is the trailing one.
    ok(brace_node_set_layout_direction(fx.ctx, p, BRACE_DIRECTION_RTL), fx.ctx)
    fx.cycle()
    expectFrame(fx.frame(a), rect(30, 0, 160, 10))
    expectFrame(fx.frame(l), rect(30, 20, 160, 10))
  }

  @Test func physicalMarginsStayPutInRightToLeft() throws {
    let fx = try Fx(direction: BRACE_DIRECTION_RTL)
    let (_, p) = marginScene(fx)
    ok(brace_node_set_layout_margins(fx.ctx, p, brace_insets(top: 0, left: 2, bottom: 0, right: 4)), fx.ctx)
    let a = fx.view(in: p)
    // Leading is the right edge: a's right edge on p's right margin (200 - 4), its left on p's left margin.
    fx.add(a, LEADING, EQ, p, BRACE_ATTR_LEADING_MARGIN)
    fx.add(a, TRAILING, EQ, p, BRACE_ATTR_TRAILING_MARGIN)
    fx.add(a, TOP, EQ, p, TOP)
    fx.add(a, HEIGHT, EQ, 10)
    let b = fx.view(in: p)
    fx.add(b, LEADING, EQ, p, BRACE_ATTR_LEADING_MARGIN, 6)  // 6 further from the right
    fx.add(b, WIDTH, EQ, 10)
    fx.add(b, TOP, EQ, p, TOP, 20)
    fx.add(b, HEIGHT, EQ, 10)
    fx.cycle()
    expectFrame(fx.frame(a), rect(2, 0, 194, 10))
    expectFrame(fx.frame(b), rect(180, 20, 10, 10))
  }

  @Test func layoutGuidesAreSolvedInTheOwnersCoordinatesAndNeverSubviews() throws {
    let fx = try Fx()
    let r = fx.window()
    let p = fx.view(in: r)
    fx.place(p, in: r, rect(20, 20, 200, 100))
    let g = fx.guide(p)
    var isGuide = false
    ok(brace_node_is_layout_guide(fx.ctx, g, &isGuide), fx.ctx)
    #expect(isGuide)
    ok(brace_node_is_layout_guide(fx.ctx, p, &isGuide), fx.ctx)
    #expect(!isGuide)
    fx.add(g, LEFT, EQ, p, LEFT, 10)
    fx.add(g, TOP, EQ, p, TOP, 5)
    let guideWidth = fx.add(g, WIDTH, EQ, 50)
    fx.add(g, HEIGHT, EQ, 20)
    let a = fx.view(in: p)
    fx.add(a, LEFT, EQ, g, RIGHT, 5)
    fx.add(a, TOP, EQ, g, BOTTOM)
    fx.add(a, WIDTH, EQ, 30)
    fx.add(a, HEIGHT, EQ, 10)
    // A cousin in the window uses the guide too.
    let c = fx.view(in: r)
    fx.add(c, LEFT, EQ, g, LEFT)
    fx.add(c, TOP, EQ, g, BOTTOM, 100)
    fx.add(c, WIDTH, EQ, 10)
    fx.add(c, HEIGHT, EQ, 10)
    fx.cycle()
    expectFrame(fx.frame(g), rect(10, 5, 50, 20), "the guide, in p's coordinates")
    expectFrame(fx.frame(a), rect(65, 25, 30, 10))
    expectFrame(fx.frame(c), rect(30, 145, 10, 10))
    #expect(fx.subviews(p) == [a], "a guide is not a subview")
    #expect(!fx.trace.laidOut.contains(g), "a guide is never laid out")
    #expect(!fx.trace.nodes(BRACE_TRACE_DRAW).contains(g), "a guide is never drawn")

    // Changing it moves it and what depends on it, still without laying it out.
    fx.setConstant(guideWidth, 80)
    fx.cycle()
    expectFrame(fx.frame(g), rect(10, 5, 80, 20))
    expectFrame(fx.frame(a), rect(95, 25, 30, 10))
    #expect(!fx.trace.laidOut.contains(g))

    // Destroying the guide removes it; p and a stay.
    ok(brace_node_destroy(fx.ctx, g), fx.ctx)
    #expect(!brace_node_is_alive(fx.ctx, g))
    #expect(brace_node_is_alive(fx.ctx, p))
    #expect(fx.subviews(p) == [a])

    // Destroying the owner destroys its guides.
    let g2 = fx.guide(p)
    fx.add(g2, LEFT, EQ, a, LEFT)
    ok(brace_node_destroy(fx.ctx, p), fx.ctx)
    #expect(!brace_node_is_alive(fx.ctx, g2))
  }

  @Test func freeVariablesAndTheLinearFormSolveTogether() throws {
    let fx = try Fx()
    let r = fx.window(rect(0, 0, 800, 300))
    let a = fx.view(in: r), b = fx.view(in: r), c = fx.view(in: r)
    var v: brace_variable = 0
    ok(brace_variable_create(fx.ctx, &v), fx.ctx)
    for (n, y) in [(a, 0.0), (b, 20.0), (c, 40.0)] {
      fx.add(n, LEFT, EQ, r, LEFT)
      fx.add(n, TOP, EQ, r, TOP, y)
      fx.add(n, HEIGHT, EQ, 10)
    }
    fx.add(c, WIDTH, EQ, 600)
    // a.width + b.width == 0.5 * c.width
    let sum = fx.addLinear([brace_term(item: a, attribute: WIDTH, coefficient: 1), brace_term(item: b, attribute: WIDTH, coefficient: 1),
                            brace_term(item: c, attribute: WIDTH, coefficient: -0.5)], EQ, 0)
    // a.width == v, b.width == 2 * v
    let useA = fx.addLinear([brace_term(item: a, attribute: WIDTH, coefficient: 1), brace_term(item: v, attribute: NONE, coefficient: -1)], EQ, 0)
    let useB = fx.addLinear([brace_term(item: b, attribute: WIDTH, coefficient: 1), brace_term(item: v, attribute: NONE, coefficient: -2)], EQ, 0)
    fx.cycle()
    var value = 0.0
    ok(brace_variable_get_value(fx.ctx, v, &value), fx.ctx)
    #expect(value == 100)
    expectFrame(fx.frame(a), rect(0, 0, 100, 10))
    expectFrame(fx.frame(b), rect(0, 20, 200, 10))
    expectFrame(fx.frame(c), rect(0, 40, 600, 10))

    // A variable in use cannot be destroyed; once its constraints are gone it can.
    expectFailure(brace_variable_destroy(fx.ctx, v), BRACE_E_INVALID_STATE, fx.ctx, mentions: ["constraint"])
    ok(brace_constraint_destroy(fx.ctx, useA), fx.ctx)
    ok(brace_constraint_destroy(fx.ctx, useB), fx.ctx)
    ok(brace_variable_destroy(fx.ctx, v), fx.ctx)
    expectFailure(brace_variable_get_value(fx.ctx, v, &value), BRACE_E_STALE_HANDLE, fx.ctx)
    _ = sum
  }

  @Test func constraintsBetweenCousinsOffsetThroughTheAncestorChainsAndTheirInsets() throws {
    let fx = try Fx()
    let r = fx.window()
    // P1: translating, frame (10, 20, 100, 100), alignment insets top 2 left 3.
    let p1 = fx.view(in: r, translates: true, frame: rect(10, 20, 100, 100))
    ok(brace_node_set_alignment_rect_insets(fx.ctx, p1, brace_insets(top: 2, left: 3, bottom: 0, right: 0)), fx.ctx)
    // P2: constraint-driven, alignment rect at (200, 50), insets top 4 left 6: frame (194, 46, 156, 154).
    let p2 = fx.view(in: r)
    ok(brace_node_set_alignment_rect_insets(fx.ctx, p2, brace_insets(top: 4, left: 6, bottom: 0, right: 0)), fx.ctx)
    fx.place(p2, in: r, rect(200, 50, 150, 150))
    // Q in P2: translating at (10, 10).
    let q = fx.view(in: p2, translates: true, frame: rect(10, 10, 100, 100))
    let a = fx.view(in: p1)
    fx.add(a, LEFT, EQ, p1, LEFT, 5)  // p1's own left is its alignment left: 3 in its bounds
    fx.add(a, TOP, EQ, p1, TOP, 7)
    fx.add(a, WIDTH, EQ, 30)
    fx.add(a, HEIGHT, EQ, 40)
    let b = fx.view(in: q)
    fx.add(b, LEFT, EQ, a, RIGHT, 10)  // window x: 10 + 8 + 30 + 10 = 58
    fx.add(b, TOP, EQ, a, TOP)  // window y: 20 + 9 = 29
    fx.add(b, WIDTH, EQ, 20)
    fx.add(b, HEIGHT, EQ, 20)
    fx.cycle()
    expectFrame(fx.frame(p1), rect(10, 20, 100, 100))
    expectFrame(fx.frame(p2), rect(194, 46, 156, 154))
    expectFrame(fx.frame(q), rect(10, 10, 100, 100))
    expectFrame(fx.frame(a), rect(8, 9, 30, 40))
    // Q's origin in the window is (194 + 10, 46 + 10).
    expectFrame(fx.frame(b), rect(58 - 204, 29 - 56, 20, 20))

    // Moving P1 (a frame change of a translating view) moves b through the chain.
    ok(brace_node_set_frame(fx.ctx, p1, rect(30, 40, 100, 100)), fx.ctx)
    fx.cycle()
    expectFrame(fx.frame(a), rect(8, 9, 30, 40))
    expectFrame(fx.frame(b), rect(78 - 204, 49 - 56, 20, 20))
  }

  @Test func framesAreTheSolvedAlignmentRectsOutset() throws {
    let fx = try Fx()
    let r = fx.window()
    let a = fx.view(in: r)
    ok(brace_node_set_alignment_rect_insets(fx.ctx, a, brace_insets(top: 1, left: 2, bottom: 3, right: 4)), fx.ctx)
    fx.place(a, in: r, rect(10, 10, 100, 50))
    let b = fx.view(in: r)
    fx.add(b, LEFT, EQ, a, RIGHT)
    fx.add(b, TOP, EQ, a, BOTTOM)
    fx.add(b, WIDTH, EQ, a, WIDTH)
    fx.add(b, HEIGHT, EQ, 5)
    // p's alignment rect is (20, 100, 100, 60); insets 5 on each side. Its own edges, for
    // its subviews, are its alignment rect in its bounds: (5, 5, 100, 60).
    let p = fx.view(in: r)
    ok(brace_node_set_alignment_rect_insets(fx.ctx, p, brace_insets(top: 5, left: 5, bottom: 5, right: 5)), fx.ctx)
    fx.place(p, in: r, rect(20, 100, 100, 60))
    let c = fx.view(in: p)
    fx.add(c, LEFT, EQ, p, LEFT)
    fx.add(c, RIGHT, EQ, p, RIGHT)
    fx.add(c, TOP, EQ, p, TOP)
    fx.add(c, BOTTOM, EQ, p, BOTTOM)
    fx.cycle()
    expectFrame(fx.frame(a), rect(8, 9, 106, 54))
    var align = brace_rect()
    ok(brace_node_get_alignment_rect(fx.ctx, a, &align), fx.ctx)
    expectFrame(align, rect(10, 10, 100, 50), "a's alignment rect")
    expectFrame(fx.frame(b), rect(110, 60, 100, 5))
    expectFrame(fx.frame(p), rect(15, 95, 110, 70))
    expectFrame(fx.frame(c), rect(5, 5, 100, 60))

    // Changing the insets keeps the alignment rect and re-derives the frame.
    ok(brace_node_set_alignment_rect_insets(fx.ctx, a, brace_insets(top: 0, left: 0, bottom: 0, right: 10)), fx.ctx)
    fx.cycle()
    expectFrame(fx.frame(a), rect(10, 10, 110, 50))
    expectFrame(fx.frame(b), rect(110, 60, 100, 5))
  }

  @Test func changingMarginsReSolvesRedundantConstraintsWithoutReportingAConflict() throws {
    let fx = try Fx()
    let (_, p) = marginScene(fx)
    let a = fx.view(in: p), b = fx.view(in: p)
    // Redundant but consistent: both on p's leading margin, and on each other.
    let aMargin = fx.add(a, LEADING, EQ, p, BRACE_ATTR_LEADING_MARGIN)
    let bMargin = fx.add(b, LEADING, EQ, p, BRACE_ATTR_LEADING_MARGIN)
    let aligned = fx.add(a, LEADING, EQ, b, LEADING)
    for n in [a, b] {
      fx.add(n, TOP, EQ, p, TOP)
      fx.add(n, WIDTH, EQ, 10)
      fx.add(n, HEIGHT, EQ, 10)
    }
    fx.cycle()
    #expect(fx.diagnostics.of(BRACE_DIAGNOSTIC_UNSATISFIABLE).isEmpty)
    expectFrame(fx.frame(a), rect(8, 0, 10, 10))
    ok(brace_node_set_layout_margins(fx.ctx, p, brace_insets(top: 0, left: 20, bottom: 0, right: 0)), fx.ctx)
    fx.cycle()
    expectFrame(fx.frame(a), rect(20, 0, 10, 10))
    expectFrame(fx.frame(b), rect(20, 0, 10, 10))
    #expect(fx.diagnostics.of(BRACE_DIAGNOSTIC_UNSATISFIABLE).isEmpty,
            "a margin change is not a conflict: \(fx.diagnostics.of(BRACE_DIAGNOSTIC_UNSATISFIABLE).map(\.message))")
    #expect(fx.broken().isEmpty)
    for c in [aMargin, bMargin, aligned] { #expect(!fx.isBroken(c)) }
  }

  @Test func framesAreRoundedToThePixelGridWithoutGaps() throws {
    let fx = try Fx(scale: 2)
    let r = fx.window(rect(0, 0, 100, 50))
    let a = fx.view(in: r), b = fx.view(in: r), c = fx.view(in: r)
    fx.add(a, LEFT, EQ, r, LEFT)
    fx.add(b, LEFT, EQ, a, RIGHT)
    fx.add(c, LEFT, EQ, b, RIGHT)
    fx.add(c, RIGHT, EQ, r, RIGHT)
    fx.add(b, WIDTH, EQ, a, WIDTH)
    fx.add(c, WIDTH, EQ, a, WIDTH)
    for n in [a, b, c] {
      fx.add(n, TOP, EQ, r, TOP)
      fx.add(n, HEIGHT, EQ, r, HEIGHT, multiplier: 1.0 / 3)
    }
    fx.cycle()
    // Edges at 0, 33.33, 66.67, 100 land on half points: 0, 33.5, 66.5, 100; 50 / 3 -> 16.5.
    expectFrame(fx.frame(a), rect(0, 0, 33.5, 16.5))
    expectFrame(fx.frame(b), rect(33.5, 0, 33, 16.5))
    expectFrame(fx.frame(c), rect(66.5, 0, 33.5, 16.5))
  }
}
