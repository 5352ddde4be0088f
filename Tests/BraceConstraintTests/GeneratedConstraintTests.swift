// The constraints the engine generates: intrinsic content size as hugging and
// compression resistance, and the autoresizing mask of translating views (the spec's
// reference table, exactly).
import CBrace
import Testing

@Suite("Intrinsic content size")
struct IntrinsicSizeTests {
  @Test func huggingIsSizeAtMostIntrinsicAtTheHuggingPriority() throws {
    let fx = try Fx()
    let r = fx.window()
    let l = fx.label(in: r, 100, 20)
    fx.add(l, LEADING, EQ, r, LEADING)
    fx.add(l, TOP, EQ, r, TOP)
    let stretch = fx.add(l, WIDTH, EQ, 300, priority: 249)
    fx.cycle()
    expectFrame(fx.frame(l), rect(0, 0, 100, 20), "hugging 250 beats a 249 stretch")
    ok(brace_constraint_set_priority(fx.ctx, stretch, 251), fx.ctx)
    fx.cycle()
    expectFrame(fx.frame(l), rect(0, 0, 300, 20), "a 251 stretch beats hugging 250")
  }

  @Test func compressionResistanceIsSizeAtLeastIntrinsicAtItsPriority() throws {
    let fx = try Fx()
    let r = fx.window()
    let l = fx.label(in: r, 100, 20)
    fx.add(l, LEADING, EQ, r, LEADING)
    fx.add(l, TOP, EQ, r, TOP)
    let squeeze = fx.add(l, WIDTH, EQ, 40, priority: 749)
    fx.cycle()
    expectFrame(fx.frame(l), rect(0, 0, 100, 20), "compression resistance 750 beats a 749 squeeze")
    ok(brace_constraint_set_priority(fx.ctx, squeeze, 751), fx.ctx)
    fx.cycle()
    expectFrame(fx.frame(l), rect(0, 0, 40, 20), "a 751 squeeze beats compression resistance 750")
  }

  /// Two labels side by side filling a window `width` wide.
  private func pair(width: Double) throws -> (Fx, brace_node, brace_node) {
    let fx = try Fx()
    let r = fx.window(rect(0, 0, width, 100))
    let l1 = fx.label(in: r, 100, 20), l2 = fx.label(in: r, 60, 20)
    fx.add(l1, LEADING, EQ, r, LEADING)
    fx.add(l2, LEADING, EQ, l1, TRAILING)
    fx.add(l2, TRAILING, EQ, r, TRAILING)
    fx.add(l1, TOP, EQ, r, TOP)
    fx.add(l2, TOP, EQ, r, TOP)
    return (fx, l1, l2)
  }

  @Test func higherHuggingKeepsItsIntrinsicWidthWhileTheOtherStretches() throws {
    let (fx, l1, l2) = try pair(width: 400)
    ok(brace_node_set_content_hugging_priority(fx.ctx, l1, BRACE_AXIS_HORIZONTAL, 251), fx.ctx)
    fx.cycle()
    expectFrame(fx.frame(l1), rect(0, 0, 100, 20))
    expectFrame(fx.frame(l2), rect(100, 0, 300, 20))
    // The other way round; the change regenerates the constraints in the next pass.
    ok(brace_node_set_content_hugging_priority(fx.ctx, l1, BRACE_AXIS_HORIZONTAL, 250), fx.ctx)
    ok(brace_node_set_content_hugging_priority(fx.ctx, l2, BRACE_AXIS_HORIZONTAL, 251), fx.ctx)
    var p: Float = 0
    ok(brace_node_get_content_hugging_priority(fx.ctx, l2, BRACE_AXIS_HORIZONTAL, &p), fx.ctx)
    #expect(p == 251)
    var flagged = false
    ok(brace_node_get_needs_update_constraints(fx.ctx, l2, &flagged), fx.ctx)
    #expect(flagged, "a priority change flags the node for the constraints pass")
    fx.cycle()
    expectFrame(fx.frame(l1), rect(0, 0, 340, 20))
    expectFrame(fx.frame(l2), rect(340, 0, 60, 20))
  }

  /// A column of labels 10 tall, each `top == previous.bottom + 1`, spanning the window:
  /// its constraints activated in one batch (`batch`) or one by one. The labels enter the
  /// engine inside the batch, so their size constraints are generated inside it too.
  @Test(arguments: [true, false])
  func aChainOfLabelsTakesItsIntrinsicHeights(batch: Bool) throws {
    let fx = try Fx()
    let r = fx.window(rect(0, 0, 80, 1000))
    var list: [brace_constraint] = []
    var previous: brace_node? = nil
    let count = 40
    var labels: [brace_node] = []
    for _ in 0..<count {
      let l = fx.label(in: r, -1, 10)
      list.append(fx.make(l, LEADING, EQ, r, LEADING))
      list.append(fx.make(l, TRAILING, EQ, r, TRAILING))
      list.append(previous.map { fx.make(l, TOP, EQ, $0, BOTTOM, 1) } ?? fx.make(l, TOP, EQ, r, TOP))
      previous = l
      labels.append(l)
    }
    if batch {
      ok(brace_constraints_activate(fx.ctx, list, list.count), fx.ctx)
    } else {
      for c in list { ok(brace_constraint_activate(fx.ctx, c), fx.ctx) }
    }
    fx.cycle()
    // Label i: y = 11 i (10 tall plus the gap of 1 above each but the first), 80 wide.
    for (i, l) in labels.enumerated() { expectFrame(fx.frame(l), rect(0, 11 * Double(i), 80, 10), "label \(i)") }
    #expect(fx.broken().isEmpty)
  }

  @Test func higherCompressionResistanceKeepsItsIntrinsicWidthWhileTheOtherShrinks() throws {
    let (fx, l1, l2) = try pair(width: 120)
    ok(brace_node_set_compression_resistance_priority(fx.ctx, l2, BRACE_AXIS_HORIZONTAL, 751), fx.ctx)
    fx.cycle()
    expectFrame(fx.frame(l1), rect(0, 0, 60, 20))
    expectFrame(fx.frame(l2), rect(60, 0, 60, 20))
    ok(brace_node_set_compression_resistance_priority(fx.ctx, l1, BRACE_AXIS_HORIZONTAL, 752), fx.ctx)
    fx.cycle()
    expectFrame(fx.frame(l1), rect(0, 0, 100, 20))
    expectFrame(fx.frame(l2), rect(100, 0, 20, 20))
  }

  @Test func newIntrinsicSizeIsUsedFromTheNextConstraintsPass() throws {
    let fx = try Fx()
    let r = fx.window()
    let l = fx.label(in: r, 100, 20)
    fx.add(l, LEADING, EQ, r, LEADING, 5)
    fx.add(l, TOP, EQ, r, TOP, 5)
    fx.cycle()
    expectFrame(fx.frame(l), rect(5, 5, 100, 20))
    ok(brace_node_set_intrinsic_content_size(fx.ctx, l, brace_size(width: 150, height: 30)), fx.ctx)
    var flagged = false
    ok(brace_node_get_needs_update_constraints(fx.ctx, l, &flagged), fx.ctx)
    #expect(flagged)
    expectFrame(fx.frame(l), rect(5, 5, 100, 20), "nothing moves before the cycle")
    fx.cycle()
    expectFrame(fx.frame(l), rect(5, 5, 150, 30))
    // A lowered hugging priority lets an optional stretch win from the next pass.
    fx.add(l, WIDTH, EQ, 300, priority: 249)
    fx.cycle()
    expectFrame(fx.frame(l), rect(5, 5, 150, 30))
    ok(brace_node_set_content_hugging_priority(fx.ctx, l, BRACE_AXIS_HORIZONTAL, 200), fx.ctx)
    fx.cycle()
    expectFrame(fx.frame(l), rect(5, 5, 300, 30))
    // And the vertical axis on its own.
    fx.add(l, HEIGHT, EQ, 10, priority: 700)
    fx.cycle()
    expectFrame(fx.frame(l), rect(5, 5, 300, 30))
    ok(brace_node_set_compression_resistance_priority(fx.ctx, l, BRACE_AXIS_VERTICAL, 650), fx.ctx)
    fx.cycle()
    expectFrame(fx.frame(l), rect(5, 5, 300, 10))
  }

  @Test func theIntrinsicContentSizeCallbackIsUsedAndReadAgainAfterInvalidation() throws {
    let fx = try Fx()
    let r = fx.window()
    let l = fx.view(in: r)
    ok(brace_node_set_intrinsic_content_size(fx.ctx, l, brace_size(width: 999, height: 999)), fx.ctx)
    let source = IntrinsicSource(brace_size(width: 80, height: 10))
    fx.useIntrinsicCallback(l, source)
    fx.add(l, LEADING, EQ, r, LEADING)
    fx.add(l, TOP, EQ, r, TOP)
    fx.cycle()
    expectFrame(fx.frame(l), rect(0, 0, 80, 10))
    #expect(source.calls > 0)
    source.size = brace_size(width: 120, height: 15)
    ok(brace_node_invalidate_intrinsic_content_size(fx.ctx, l), fx.ctx)
    fx.cycle()
    expectFrame(fx.frame(l), rect(0, 0, 120, 15))
    // No metric on an axis: that axis gets no generated constraint (here the width is set).
    source.size = brace_size(width: BRACE_NO_INTRINSIC_METRIC, height: 25)
    ok(brace_node_invalidate_intrinsic_content_size(fx.ctx, l), fx.ctx)
    fx.add(l, WIDTH, EQ, 33)
    fx.cycle()
    expectFrame(fx.frame(l), rect(0, 0, 33, 25))
  }
}

// MARK: - Autoresizing translation

/// One row of the spec's table (child x 160, w 80, superview width W = 320 at creation).
struct MaskCase: CustomTestStringConvertible, Sendable {
  let name: String
  let mask: UInt32
  let identifier: String
  let size: @Sendable (Double) -> Double
  let centerX: @Sendable (Double) -> Double
  var testDescription: String { name }
}

let L = BRACE_AUTORESIZE_FLEXIBLE_LEFT_MARGIN, W = BRACE_AUTORESIZE_FLEXIBLE_WIDTH, R = BRACE_AUTORESIZE_FLEXIBLE_RIGHT_MARGIN

/// The spec's table; superview.centerX is W / 2 (its bounds' center).
let maskTable: [MaskCase] = [
  MaskCase(name: "none", mask: 0, identifier: "h=---", size: { _ in 80 }, centerX: { _ in 200 }),
  MaskCase(name: "L", mask: L, identifier: "h=&--", size: { _ in 80 }, centerX: { w in w - 120 }),
  MaskCase(name: "W", mask: W, identifier: "h=-&-", size: { w in w - 240 }, centerX: { w in w / 2 + 40 }),
  MaskCase(name: "L+W", mask: L | W, identifier: "h=&&-", size: { w in w / 3 - 80.0 / 3 }, centerX: { w in (5.0 / 3) * (w / 2) - 200.0 / 3 }),
  MaskCase(name: "L+R", mask: L | R, identifier: "h=&-&", size: { _ in 80 }, centerX: { w in 0.625 * w }),
  MaskCase(name: "W+R", mask: W | R, identifier: "h=-&&", size: { w in 0.5 * w - 80 }, centerX: { w in 0.5 * (w / 2) + 120 }),
  MaskCase(name: "L+W+R", mask: L | W | R, identifier: "h=&&&", size: { w in 0.25 * w }, centerX: { w in 0.625 * w }),
]

/// The child frame the table gives for superview width `w` (y 10, height 20 fixed),
/// edges on the pixel grid.
func tableFrame(_ m: MaskCase, _ w: Double) -> brace_rect {
  let size = m.size(w), cx = m.centerX(w)
  return pixelFrame(minX: cx - size / 2, maxX: cx + size / 2, minY: 10, maxY: 30)
}

@Suite("Autoresizing translation")
struct AutoresizingTranslationTests {
  /// A window, a constraint-driven superview whose width is the constant of `widthConstraint`,
  /// a translating child (x 160, w 80) with `mask`, and a sibling constrained to the child.
  private struct Scene {
    let fx: Fx
    let superview: brace_node
    let child: brace_node
    let sibling: brace_node
    let widthConstraint: brace_constraint
    let heightConstraint: brace_constraint
  }

  private func scene(_ m: MaskCase) throws -> Scene {
    let fx = try Fx()
    let window = fx.window(rect(0, 0, 1000, 1000))
    let sv = fx.view(in: window, frame: rect(0, 0, 320, 100))
    fx.add(sv, LEFT, EQ, window, LEFT)
    fx.add(sv, TOP, EQ, window, TOP)
    let wc = fx.add(sv, WIDTH, EQ, 320)
    let hc = fx.add(sv, HEIGHT, EQ, 100)
    let child = fx.view(in: sv, translates: true, frame: rect(160, 10, 80, 20))
    ok(brace_node_set_autoresizing_mask(fx.ctx, child, m.mask), fx.ctx)
    let sibling = fx.view(in: sv)
    fx.add(sibling, LEFT, EQ, child, RIGHT)
    fx.add(sibling, TOP, EQ, child, BOTTOM)
    fx.add(sibling, WIDTH, EQ, 10)
    fx.add(sibling, HEIGHT, EQ, 10)
    fx.cycle()
    return Scene(fx: fx, superview: sv, child: child, sibling: sibling, widthConstraint: wc, heightConstraint: hc)
  }

  @Test("Constraint-driven superview width: the child follows the table", arguments: maskTable)
  func childFollowsTheTableWhenAConstraintResizesTheSuperview(_ m: MaskCase) throws {
    let s = try scene(m)
    let fx = s.fx
    expectFrame(fx.frame(s.child), rect(160, 10, 80, 20), "\(m.name) at W = 320")
    expectFrame(fx.frame(s.sibling), rect(240, 30, 10, 10))
    // W = 200 makes the W row's width negative (200 - 240): skipped for that row.
    for w in [400.0, 200, 440, 280, 320] where m.size(w) >= 0 {
      fx.setConstant(s.widthConstraint, w)
      fx.cycle()
      expectFrame(fx.frame(s.superview), rect(0, 0, w, 100), "superview at W = \(w)")
      let expected = tableFrame(m, w)
      expectFrame(fx.frame(s.child), expected, "\(m.name) child at W = \(w)")
      expectFrame(fx.frame(s.sibling), rect(expected.x + expected.width, 30, 10, 10), "\(m.name) sibling at W = \(w)")
    }
  }

  @Test("Edit-driven root width: the child follows the table", arguments: maskTable)
  func childFollowsTheTableWhenAnEditResizesTheRoot(_ m: MaskCase) throws {
    let fx = try Fx()
    let root = fx.view(in: nil, frame: rect(0, 0, 320, 100))
    let child = fx.view(in: root, translates: true, frame: rect(160, 10, 80, 20))
    ok(brace_node_set_autoresizing_mask(fx.ctx, child, m.mask), fx.ctx)
    let sibling = fx.view(in: root)
    fx.add(sibling, LEFT, EQ, child, RIGHT)
    fx.add(sibling, TOP, EQ, child, BOTTOM)
    fx.add(sibling, WIDTH, EQ, 10)
    fx.add(sibling, HEIGHT, EQ, 10)
    ok(brace_context_add_edit(fx.ctx, root, WIDTH, 500), fx.ctx)
    ok(brace_context_add_edit(fx.ctx, root, HEIGHT, 500), fx.ctx)
    ok(brace_context_suggest_value(fx.ctx, root, WIDTH, 320), fx.ctx)
    ok(brace_context_suggest_value(fx.ctx, root, HEIGHT, 100), fx.ctx)
    fx.cycle()
    expectFrame(fx.frame(child), rect(160, 10, 80, 20), "\(m.name) at W = 320")
    for w in [400.0, 200, 280] where m.size(w) >= 0 {
      ok(brace_context_suggest_value(fx.ctx, root, WIDTH, w), fx.ctx)
      fx.cycle()
      #expect(fx.frame(root).width == w)
      let expected = tableFrame(m, w)
      expectFrame(fx.frame(child), expected, "\(m.name) child at W = \(w)")
      expectFrame(fx.frame(sibling), rect(expected.x + expected.width, 30, 10, 10), "\(m.name) sibling at W = \(w)")
    }
  }

  @Test("Generated constraints are listed, tagged h=/v=, and cannot be destroyed", arguments: maskTable)
  func generatedConstraintsAreListedTaggedAndProtected(_ m: MaskCase) throws {
    let s = try scene(m)
    let fx = s.fx
    let listed = fx.constraints(of: s.child)
    let ids = listed.map { fx.identifier($0) ?? "<none>" }
    #expect(ids.filter { $0 == m.identifier }.count == 2, "\(m.name): expected two \(m.identifier) constraints, got \(ids)")
    #expect(ids.filter { $0 == "v=---" }.count == 2, "\(m.name): expected two v=--- constraints, got \(ids)")
    #expect(listed.count == 6, "4 generated + the sibling's 2, got \(ids)")
    for c in listed where fx.identifier(c)?.hasPrefix("h=") == true || fx.identifier(c)?.hasPrefix("v=") == true {
      #expect(fx.isActive(c))
      expectFailure(brace_constraint_destroy(fx.ctx, c), BRACE_E_INVALID_STATE, fx.ctx, mentions: ["generated"])
      expectFailure(brace_constraint_deactivate(fx.ctx, c), BRACE_E_INVALID_STATE, fx.ctx, mentions: ["generated"])
      #expect(fx.isActive(c))
    }
    // A flexible width or centre refers to the superview: those are listed for it too.
    let ofSuperview = fx.constraints(of: s.superview).compactMap { fx.identifier($0) }.filter { $0.hasPrefix("h=") }
    let expectedForSuperview = (m.mask & (L | W | R)) == 0 ? 0 : (m.mask == L | R || m.mask == L ? 1 : 2)
    #expect(ofSuperview.count == expectedForSuperview, "\(m.name): h= constraints naming the superview: \(ofSuperview)")
  }

  @Test func verticalMaskBitsTranslateTheSameWayAndAreTaggedV() throws {
    // y 10, h 20, superview height 100; T+H+B: height == 0.2 * H, centerY == 0.2 * H.
    let all = MaskCase(name: "all", mask: BRACE_AUTORESIZE_ALL, identifier: "h=&&&", size: { w in 0.25 * w }, centerX: { w in 0.625 * w })
    let s = try scene(all)
    let fx = s.fx
    let ids = fx.constraints(of: s.child).compactMap { fx.identifier($0) }
    #expect(ids.filter { $0 == "v=&&&" }.count == 2, "got \(ids)")
    #expect(ids.filter { $0 == "h=&&&" }.count == 2, "got \(ids)")
    fx.setConstant(s.heightConstraint, 200)
    fx.setConstant(s.widthConstraint, 400)
    fx.cycle()
    expectFrame(fx.frame(s.child), rect(200, 20, 100, 40))
    // Top and height flexible, bottom fixed (T+H): F = 10 + 20, so height == 20 + (H - 100) * 2 / 3.
    // (Back to the reference superview size first: translation reads the current frames.)
    fx.setConstant(s.widthConstraint, 320)
    fx.setConstant(s.heightConstraint, 100)
    fx.cycle()
    expectFrame(fx.frame(s.child), rect(160, 10, 80, 20))
    ok(brace_node_set_autoresizing_mask(fx.ctx, s.child, BRACE_AUTORESIZE_FLEXIBLE_TOP_MARGIN | BRACE_AUTORESIZE_FLEXIBLE_HEIGHT), fx.ctx)
    fx.cycle()
    expectFrame(fx.frame(s.child), rect(160, 10, 80, 20))
    #expect(fx.constraints(of: s.child).compactMap { fx.identifier($0) }.filter { $0 == "v=&&-" }.count == 2)
    fx.setConstant(s.heightConstraint, 130)
    fx.cycle()
    expectFrame(fx.frame(s.child), rect(160, 20, 80, 40))
  }

  @Test func userFrameChangeOfATranslatingViewRegeneratesItsConstraints() throws {
    let s = try scene(maskTable[2])  // W
    let fx = s.fx
    ok(brace_node_set_frame(fx.ctx, s.child, rect(100, 40, 50, 20)), fx.ctx)
    fx.cycle()
    expectFrame(fx.frame(s.child), rect(100, 40, 50, 20))
    expectFrame(fx.frame(s.sibling), rect(150, 60, 10, 10))
    // Flexible width from the new frame: width == 50 + (W - 320).
    fx.setConstant(s.widthConstraint, 400)
    fx.cycle()
    expectFrame(fx.frame(s.child), rect(100, 40, 130, 20))
  }

  @Test func turningTranslationOffReplacesTheMaskConstraintsByTheIntrinsicSize() throws {
    let s = try scene(maskTable[0])
    let fx = s.fx
    ok(brace_node_set_intrinsic_content_size(fx.ctx, s.child, brace_size(width: 30, height: 12)), fx.ctx)
    ok(brace_node_set_translates_autoresizing_mask(fx.ctx, s.child, false), fx.ctx)
    fx.add(s.child, LEFT, EQ, s.superview, LEFT, 7)
    fx.add(s.child, TOP, EQ, s.superview, TOP, 3)
    fx.cycle()
    expectFrame(fx.frame(s.child), rect(7, 3, 30, 12))
    let ids = fx.constraints(of: s.child).compactMap { fx.identifier($0) }
    #expect(!ids.contains { $0.hasPrefix("h=") || $0.hasPrefix("v=") }, "the mask constraints are gone: \(ids)")
  }
}
