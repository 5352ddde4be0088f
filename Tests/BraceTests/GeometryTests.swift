import CBrace
import Testing

@Suite struct GeometryTests {
  // MARK: frame, bounds, center

  @Test func newNodeHasUIKitDefaults() {
    let fx = Fixture()
    let n = fx.node()
    #expect(same(fx.frame(n), rect(0, 0, 0, 0)))
    #expect(same(fx.bounds(n), rect(0, 0, 0, 0)))
    var hidden = true
    ok(brace_node_get_hidden(fx.ctx, n, &hidden), fx.ctx)
    #expect(!hidden)
    var insets = brace_insets(top: 1, left: 1, bottom: 1, right: 1)
    ok(brace_node_get_alignment_rect_insets(fx.ctx, n, &insets), fx.ctx)
    #expect(insets.top == 0 && insets.left == 0 && insets.bottom == 0 && insets.right == 0)
    let m = fx.margins(n)
    #expect(m.top == 8 && m.left == 8 && m.bottom == 8 && m.right == 8)
    var dir = BRACE_DIRECTION_RTL
    ok(brace_node_get_layout_direction(fx.ctx, n, &dir), fx.ctx)
    #expect(dir == BRACE_DIRECTION_INHERIT)
    let s = fx.intrinsic(n)
    #expect(s.width == BRACE_NO_INTRINSIC_METRIC && s.height == BRACE_NO_INTRINSIC_METRIC)
    for axis in [BRACE_AXIS_HORIZONTAL, BRACE_AXIS_VERTICAL] {
      var p: brace_priority = 0
      ok(brace_node_get_content_hugging_priority(fx.ctx, n, axis, &p), fx.ctx)
      #expect(p == BRACE_PRIORITY_DEFAULT_LOW)
      ok(brace_node_get_compression_resistance_priority(fx.ctx, n, axis, &p), fx.ctx)
      #expect(p == BRACE_PRIORITY_DEFAULT_HIGH)
    }
    var mask: UInt32 = 99
    ok(brace_node_get_autoresizing_mask(fx.ctx, n, &mask), fx.ctx)
    #expect(mask == BRACE_AUTORESIZE_NONE)
    var flag = false
    ok(brace_node_get_autoresizes_subviews(fx.ctx, n, &flag), fx.ctx)
    #expect(flag)
    flag = false
    ok(brace_node_get_translates_autoresizing_mask(fx.ctx, n, &flag), fx.ctx)
    #expect(flag)
    var ud: UnsafeMutableRawPointer? = UnsafeMutableRawPointer(bitPattern: 1)
    ok(brace_node_get_user_data(fx.ctx, n, &ud), fx.ctx)
    #expect(ud == nil)
    #expect(fx.needsLayout(n), "a new node needs layout")
    #expect(fx.needsDisplay(n), "a new node needs display")
  }

  @Test func setFrameSetsCenterAndBoundsSize() {
    let fx = Fixture()
    let n = fx.node()
    ok(brace_node_set_frame(fx.ctx, n, rect(10, 20, 100, 50)), fx.ctx)
    #expect(same(fx.frame(n), rect(10, 20, 100, 50)))
    #expect(same(fx.bounds(n), rect(0, 0, 100, 50)))
    let c = fx.center(n)
    #expect(c.x == 60 && c.y == 45)
  }

  @Test func setCenterMovesTheFrame() {
    let fx = Fixture()
    let n = fx.node()
    ok(brace_node_set_frame(fx.ctx, n, rect(10, 20, 100, 50)), fx.ctx)
    ok(brace_node_set_center(fx.ctx, n, brace_point(x: 0, y: 0)), fx.ctx)
    #expect(same(fx.frame(n), rect(-50, -25, 100, 50)))
    #expect(same(fx.bounds(n), rect(0, 0, 100, 50)))
  }

  @Test func setBoundsKeepsTheCenterAndResizesTheFrameAroundIt() {
    let fx = Fixture()
    let n = fx.node()
    ok(brace_node_set_frame(fx.ctx, n, rect(10, 20, 100, 50)), fx.ctx)
    ok(brace_node_set_bounds(fx.ctx, n, rect(0, 0, 40, 10)), fx.ctx)
    let c = fx.center(n)
    #expect(c.x == 60 && c.y == 45)
    #expect(same(fx.frame(n), rect(40, 40, 40, 10)))
    #expect(same(fx.bounds(n), rect(0, 0, 40, 10)))
  }

  @Test func boundsOriginIsKeptAndDoesNotMoveTheFrame() {
    let fx = Fixture()
    let n = fx.node()
    ok(brace_node_set_frame(fx.ctx, n, rect(10, 20, 100, 50)), fx.ctx)
    ok(brace_node_set_bounds(fx.ctx, n, rect(5, 7, 100, 50)), fx.ctx)
    #expect(same(fx.bounds(n), rect(5, 7, 100, 50)))
    #expect(same(fx.frame(n), rect(10, 20, 100, 50)))
    // Setting the frame later keeps the scroll offset.
    ok(brace_node_set_frame(fx.ctx, n, rect(0, 0, 30, 30)), fx.ctx)
    #expect(same(fx.bounds(n), rect(5, 7, 30, 30)))
    ok(brace_node_set_center(fx.ctx, n, brace_point(x: 100, y: 100)), fx.ctx)
    #expect(same(fx.bounds(n), rect(5, 7, 30, 30)))
  }

  @Test(arguments: [Double.nan, Double.infinity, -Double.infinity])
  func nonFiniteGeometryIsRejectedAndNothingChanges(bad: Double) {
    let fx = Fixture()
    let n = fx.node()
    ok(brace_node_set_frame(fx.ctx, n, rect(1, 2, 3, 4)), fx.ctx)
    expectFailure(brace_node_set_frame(fx.ctx, n, rect(bad, 0, 1, 1)), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["brace_node_set_frame", "frame.x", "finite"])
    expectFailure(brace_node_set_frame(fx.ctx, n, rect(0, bad, 1, 1)), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["frame.y"])
    expectFailure(brace_node_set_frame(fx.ctx, n, rect(0, 0, bad, 1)), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["frame.width"])
    expectFailure(brace_node_set_frame(fx.ctx, n, rect(0, 0, 1, bad)), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["frame.height"])
    expectFailure(brace_node_set_bounds(fx.ctx, n, rect(bad, 0, 1, 1)), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["brace_node_set_bounds", "bounds.x"])
    expectFailure(brace_node_set_center(fx.ctx, n, brace_point(x: 0, y: bad)), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["brace_node_set_center", "center.y"])
    expectFailure(brace_node_set_alignment_rect_insets(fx.ctx, n, brace_insets(top: 0, left: bad, bottom: 0, right: 0)), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["brace_node_set_alignment_rect_insets", "left"])
    var out = brace_rect()
    expectFailure(brace_node_frame_for_alignment_rect(fx.ctx, n, rect(0, 0, bad, 0), &out), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["brace_node_frame_for_alignment_rect", "width"])
    expectFailure(brace_node_set_layout_margins(fx.ctx, n, brace_insets(top: bad, left: 0, bottom: 0, right: 0)), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["brace_node_set_layout_margins", "top"])
    expectFailure(brace_node_set_directional_layout_margins(fx.ctx, n, brace_directional_insets(top: 0, leading: 0, bottom: 0, trailing: bad)), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["brace_node_set_directional_layout_margins", "trailing"])
    expectFailure(brace_node_set_needs_display_in_rect(fx.ctx, n, rect(0, bad, 1, 1)), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["brace_node_set_needs_display_in_rect", "rect.y"])
    #expect(same(fx.frame(n), rect(1, 2, 3, 4)))
    let m = fx.margins(n)
    #expect(m.top == 8 && m.left == 8 && m.bottom == 8 && m.right == 8)
  }

  @Test func negativeSizesAreRejected() {
    let fx = Fixture()
    let n = fx.node()
    expectFailure(brace_node_set_frame(fx.ctx, n, rect(0, 0, -1, 5)), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["brace_node_set_frame", "negative"])
    expectFailure(brace_node_set_bounds(fx.ctx, n, rect(0, 0, 5, -0.5)), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["brace_node_set_bounds", "negative"])
    expectFailure(brace_node_set_needs_display_in_rect(fx.ctx, n, rect(0, 0, -2, 2)), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["brace_node_set_needs_display_in_rect", "negative"])
    var out = brace_rect()
    expectFailure(brace_node_frame_for_alignment_rect(fx.ctx, n, rect(0, 0, 1, -1), &out), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["brace_node_frame_for_alignment_rect", "negative"])
    // Negative origins are fine.
    ok(brace_node_set_frame(fx.ctx, n, rect(-10, -20, 5, 5)), fx.ctx)
  }

  /// Finite inputs whose derived geometry (the center) overflows to infinity must not be
  /// accepted: the core promises it never hands out non-finite geometry from finite input.
  @Test func frameWhoseCenterWouldOverflowIsRejectedOrKeepsFiniteGeometry() {
    let fx = Fixture()
    let n = fx.node()
    let s = brace_node_set_frame(fx.ctx, n, rect(Double.greatestFiniteMagnitude, 0, Double.greatestFiniteMagnitude, 1))
    if s == BRACE_OK {
      let c = fx.center(n)
      #expect(c.x.isFinite, "set_frame accepted a frame whose center is \(c.x)")
    } else {
      expectFailure(s, BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["brace_node_set_frame"])
    }
  }

  // MARK: alignment rects

  @Test func alignmentRectIsTheFrameInsetAndFrameForAlignmentRectOutsets() {
    let fx = Fixture()
    let n = fx.node()
    ok(brace_node_set_frame(fx.ctx, n, rect(10, 20, 100, 50)), fx.ctx)
    ok(brace_node_set_alignment_rect_insets(fx.ctx, n, brace_insets(top: 1, left: 2, bottom: 3, right: 4)), fx.ctx)
    var i = brace_insets()
    ok(brace_node_get_alignment_rect_insets(fx.ctx, n, &i), fx.ctx)
    #expect(i.top == 1 && i.left == 2 && i.bottom == 3 && i.right == 4)
    var a = brace_rect()
    ok(brace_node_get_alignment_rect(fx.ctx, n, &a), fx.ctx)
    #expect(same(a, rect(12, 21, 94, 46)))
    var f = brace_rect()
    ok(brace_node_frame_for_alignment_rect(fx.ctx, n, a, &f), fx.ctx)
    #expect(same(f, rect(10, 20, 100, 50)))
    ok(brace_node_frame_for_alignment_rect(fx.ctx, n, rect(0, 0, 10, 10), &f), fx.ctx)
    #expect(same(f, rect(-2, -1, 16, 14)))
    #expect(same(fx.frame(n), rect(10, 20, 100, 50)), "frame_for_alignment_rect does not change the node")
  }

  @Test func alignmentInsetsChangeFlagsTheSuperviewForLayout() {
    let fx = Fixture()
    let p = fx.node()
    let n = fx.node(in: p)
    fx.settle()
    ok(brace_node_set_alignment_rect_insets(fx.ctx, n, brace_insets(top: 1, left: 1, bottom: 1, right: 1)), fx.ctx)
    #expect(fx.needsLayout(p))
  }

  // MARK: hidden

  @Test func hiddenRoundTripsAndHidingLeavesAFrameSuperviewAloneShowingFlagsDisplay() {
    let fx = Fixture()
    let p = fx.node()
    let n = fx.node(in: p)
    fx.settle()
    ok(brace_node_set_hidden(fx.ctx, n, true), fx.ctx)
    var h = false
    ok(brace_node_get_hidden(fx.ctx, n, &h), fx.ctx)
    #expect(h)
    // In UIKit only UIStackView reacts to isHidden; "frame" does not declare
    // BRACE_STRATEGY_DEPENDS_ON_HIDDEN.
    #expect(!fx.needsLayout(p), "hiding does not flag a frame superview for layout")
    #expect(!fx.needsConstraints(p), "nor for the constraints pass")
    fx.settle()
    ok(brace_node_set_hidden(fx.ctx, n, false), fx.ctx)
    ok(brace_node_get_hidden(fx.ctx, n, &h), fx.ctx)
    #expect(!h)
    #expect(fx.needsDisplay(n), "showing flags the node for display")
  }

  // MARK: layout direction

  @Test func layoutDirectionInheritsFromSuperviewThenContext() {
    let fx = Fixture(direction: BRACE_DIRECTION_RTL)
    let root = fx.node()
    let a = fx.node(in: root)
    let b = fx.node(in: a)
    #expect(fx.effectiveDirection(b) == BRACE_DIRECTION_RTL, "context default")
    ok(brace_node_set_layout_direction(fx.ctx, root, BRACE_DIRECTION_LTR), fx.ctx)
    #expect(fx.effectiveDirection(b) == BRACE_DIRECTION_LTR, "root's own")
    ok(brace_node_set_layout_direction(fx.ctx, a, BRACE_DIRECTION_RTL), fx.ctx)
    #expect(fx.effectiveDirection(b) == BRACE_DIRECTION_RTL, "superview's own")
    #expect(fx.effectiveDirection(root) == BRACE_DIRECTION_LTR)
    ok(brace_node_set_layout_direction(fx.ctx, b, BRACE_DIRECTION_LTR), fx.ctx)
    #expect(fx.effectiveDirection(b) == BRACE_DIRECTION_LTR, "node's own")
    var d = BRACE_DIRECTION_INHERIT
    ok(brace_node_get_layout_direction(fx.ctx, b, &d), fx.ctx)
    #expect(d == BRACE_DIRECTION_LTR)
    ok(brace_node_get_layout_direction(fx.ctx, root, &d), fx.ctx)
    #expect(d == BRACE_DIRECTION_LTR)
    ok(brace_node_set_layout_direction(fx.ctx, a, BRACE_DIRECTION_INHERIT), fx.ctx)
    ok(brace_node_get_layout_direction(fx.ctx, a, &d), fx.ctx)
    #expect(d == BRACE_DIRECTION_INHERIT, "get_layout_direction answers what was set")
    #expect(fx.effectiveDirection(a) == BRACE_DIRECTION_LTR)
    // Moving a node re-inherits.
    ok(brace_node_remove_from_superview(fx.ctx, a), fx.ctx)
    #expect(fx.effectiveDirection(a) == BRACE_DIRECTION_RTL)
  }

  @Test func layoutDirectionRejectsUnknownValues() {
    let fx = Fixture()
    let n = fx.node()
    expectFailure(brace_node_set_layout_direction(fx.ctx, n, brace_layout_direction(rawValue: 3)), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["brace_node_set_layout_direction", "direction", "3"])
    var d = BRACE_DIRECTION_RTL
    ok(brace_node_get_layout_direction(fx.ctx, n, &d), fx.ctx)
    #expect(d == BRACE_DIRECTION_INHERIT)
  }

  @Test func layoutDirectionChangeFlagsTheSubtreeForLayout() {
    let fx = Fixture()
    let root = fx.node()
    let a = fx.node(in: root)
    let b = fx.node(in: a)
    fx.settle()
    ok(brace_node_set_layout_direction(fx.ctx, root, BRACE_DIRECTION_RTL), fx.ctx)
    #expect(fx.needsLayout(root))
    #expect(fx.needsLayout(a), "node.h: a direction change flags the node's subtree for layout")
    #expect(fx.needsLayout(b), "node.h: a direction change flags the node's subtree for layout")
  }

  // MARK: margins

  @Test func physicalMarginsResolveToDirectionalByDirection() {
    let fx = Fixture()
    let root = fx.node()
    let n = fx.node(in: root)
    ok(brace_node_set_layout_margins(fx.ctx, n, brace_insets(top: 1, left: 10, bottom: 2, right: 20)), fx.ctx)
    var m = fx.margins(n)
    #expect(m.top == 1 && m.left == 10 && m.bottom == 2 && m.right == 20)
    var d = fx.directionalMargins(n)
    #expect(d.top == 1 && d.leading == 10 && d.bottom == 2 && d.trailing == 20, "LTR: leading is left")
    ok(brace_node_set_layout_direction(fx.ctx, root, BRACE_DIRECTION_RTL), fx.ctx)
    m = fx.margins(n)
    #expect(m.left == 10 && m.right == 20, "physical margins stay physical")
    d = fx.directionalMargins(n)
    #expect(d.leading == 20 && d.trailing == 10, "RTL: leading is right")
  }

  @Test func directionalMarginsFollowADirectionChange() {
    let fx = Fixture()
    let root = fx.node()
    let n = fx.node(in: root)
    ok(brace_node_set_directional_layout_margins(fx.ctx, n, brace_directional_insets(top: 1, leading: 10, bottom: 2, trailing: 20)), fx.ctx)
    var d = fx.directionalMargins(n)
    #expect(d.top == 1 && d.leading == 10 && d.bottom == 2 && d.trailing == 20)
    var m = fx.margins(n)
    #expect(m.top == 1 && m.left == 10 && m.bottom == 2 && m.right == 20, "LTR: leading is left")
    ok(brace_node_set_layout_direction(fx.ctx, root, BRACE_DIRECTION_RTL), fx.ctx)
    m = fx.margins(n)
    #expect(m.left == 20 && m.right == 10, "RTL: leading is right")
    d = fx.directionalMargins(n)
    #expect(d.leading == 10 && d.trailing == 20, "directional margins stay directional")
    ok(brace_node_set_layout_direction(fx.ctx, n, BRACE_DIRECTION_LTR), fx.ctx)
    m = fx.margins(n)
    #expect(m.left == 10 && m.right == 20)
  }

  @Test func directionalMarginsUnderAnRTLContextResolveFlipped() {
    let fx = Fixture(direction: BRACE_DIRECTION_RTL)
    let n = fx.node()
    ok(brace_node_set_directional_layout_margins(fx.ctx, n, brace_directional_insets(top: 0, leading: 3, bottom: 0, trailing: 4)), fx.ctx)
    let m = fx.margins(n)
    #expect(m.left == 4 && m.right == 3)
  }

  @Test func marginsChangeFlagsLayoutAndSameValuesDoNot() {
    let fx = Fixture()
    let n = fx.node()
    fx.settle()
    ok(brace_node_set_layout_margins(fx.ctx, n, brace_insets(top: 8, left: 8, bottom: 8, right: 8)), fx.ctx)
    #expect(!fx.needsLayout(n), "unchanged margins flag nothing")
    ok(brace_node_set_layout_margins(fx.ctx, n, brace_insets(top: 8, left: 9, bottom: 8, right: 8)), fx.ctx)
    #expect(fx.needsLayout(n))
    fx.settle()
    ok(brace_node_set_directional_layout_margins(fx.ctx, n, brace_directional_insets(top: 1, leading: 1, bottom: 1, trailing: 1)), fx.ctx)
    #expect(fx.needsLayout(n))
  }

  @Test func negativeMarginsAreAllowed() {
    let fx = Fixture()
    let n = fx.node()
    ok(brace_node_set_layout_margins(fx.ctx, n, brace_insets(top: -4, left: -1, bottom: 0, right: 0)), fx.ctx)
    #expect(fx.margins(n).top == -4)
  }

  // MARK: intrinsic content size

  @Test func intrinsicSizeRoundTripsWithNoMetricPerAxis() {
    let fx = Fixture()
    let n = fx.node()
    ok(brace_node_set_intrinsic_content_size(fx.ctx, n, brace_size(width: 40, height: BRACE_NO_INTRINSIC_METRIC)), fx.ctx)
    var s = fx.intrinsic(n)
    #expect(s.width == 40 && s.height == -1)
    ok(brace_node_set_intrinsic_content_size(fx.ctx, n, brace_size(width: BRACE_NO_INTRINSIC_METRIC, height: 0)), fx.ctx)
    s = fx.intrinsic(n)
    #expect(s.width == -1 && s.height == 0)
  }

  @Test(arguments: [-2.0, -0.5, Double.nan, Double.infinity, -Double.infinity])
  func intrinsicSizeRejectsValuesOtherThanFiniteNonNegativeOrMinusOne(bad: Double) {
    let fx = Fixture()
    let n = fx.node()
    ok(brace_node_set_intrinsic_content_size(fx.ctx, n, brace_size(width: 5, height: 6)), fx.ctx)
    expectFailure(brace_node_set_intrinsic_content_size(fx.ctx, n, brace_size(width: bad, height: 1)), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["brace_node_set_intrinsic_content_size", "size.width"])
    expectFailure(brace_node_set_intrinsic_content_size(fx.ctx, n, brace_size(width: 1, height: bad)), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["size.height"])
    let s = fx.intrinsic(n)
    #expect(s.width == 5 && s.height == 6)
  }

  @Test func intrinsicSizeCallbackTakesPrecedenceOverTheStoredValue() {
    let fx = Fixture()
    let n = fx.node()
    ok(brace_node_set_intrinsic_content_size(fx.ctx, n, brace_size(width: 5, height: 6)), fx.ctx)
    let h = Hooks()
    h.intrinsicSize = { _, _ in brace_size(width: 70, height: 80) }
    fx.install(h, on: n)
    let s = fx.intrinsic(n)
    #expect(s.width == 70 && s.height == 80)
    ok(brace_node_set_callbacks(fx.ctx, n, nil), fx.ctx)
    let t = fx.intrinsic(n)
    #expect(t.width == 5 && t.height == 6, "removing the callbacks restores the stored value")
  }

  @Test(arguments: [(Double.nan, 10.0), (-5.0, 10.0), (Double.infinity, -Double.infinity), (-1.0, -3.0)] as [(Double, Double)])
  func intrinsicSizeCallbackAnswersAreSanitizedToMinusOne(w: Double, hgt: Double) {
    let fx = Fixture()
    let n = fx.node()
    let h = Hooks()
    h.intrinsicSize = { _, _ in brace_size(width: w, height: hgt) }
    fx.install(h, on: n)
    let s = fx.intrinsic(n)
    let ew = w.isFinite && w >= 0 ? w : -1
    let eh = hgt.isFinite && hgt >= 0 ? hgt : -1
    #expect(s.width == ew && s.height == eh, "got \(s.width) x \(s.height)")
  }

  @Test func intrinsicSizeChangeFlagsTheConstraintsPassAndAnUnchangedOneDoesNot() {
    let fx = Fixture()
    let n = fx.node()
    ok(brace_node_set_intrinsic_content_size(fx.ctx, n, brace_size(width: 5, height: 5)), fx.ctx)
    fx.settle()
    ok(brace_node_set_intrinsic_content_size(fx.ctx, n, brace_size(width: 5, height: 5)), fx.ctx)
    #expect(!fx.needsConstraints(n))
    ok(brace_node_set_intrinsic_content_size(fx.ctx, n, brace_size(width: 6, height: 5)), fx.ctx)
    #expect(fx.needsConstraints(n))
  }

  // MARK: priorities

  @Test func huggingAndCompressionRoundTripPerAxis() {
    let fx = Fixture()
    let n = fx.node()
    ok(brace_node_set_content_hugging_priority(fx.ctx, n, BRACE_AXIS_HORIZONTAL, 1), fx.ctx)
    ok(brace_node_set_content_hugging_priority(fx.ctx, n, BRACE_AXIS_VERTICAL, 1000), fx.ctx)
    ok(brace_node_set_compression_resistance_priority(fx.ctx, n, BRACE_AXIS_VERTICAL, 999), fx.ctx)
    var p: brace_priority = 0
    ok(brace_node_get_content_hugging_priority(fx.ctx, n, BRACE_AXIS_HORIZONTAL, &p), fx.ctx)
    #expect(p == 1)
    ok(brace_node_get_content_hugging_priority(fx.ctx, n, BRACE_AXIS_VERTICAL, &p), fx.ctx)
    #expect(p == 1000)
    ok(brace_node_get_compression_resistance_priority(fx.ctx, n, BRACE_AXIS_HORIZONTAL, &p), fx.ctx)
    #expect(p == 750)
    ok(brace_node_get_compression_resistance_priority(fx.ctx, n, BRACE_AXIS_VERTICAL, &p), fx.ctx)
    #expect(p == 999)
  }

  @Test(arguments: [0, 0.999, 1000.5, -1, Float.nan, Float.infinity] as [Float])
  func prioritiesOutside1To1000AreRejected(bad: Float) {
    let fx = Fixture()
    let n = fx.node()
    expectFailure(brace_node_set_content_hugging_priority(fx.ctx, n, BRACE_AXIS_HORIZONTAL, bad), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["brace_node_set_content_hugging_priority", "priority", "1...1000"])
    expectFailure(brace_node_set_compression_resistance_priority(fx.ctx, n, BRACE_AXIS_VERTICAL, bad), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["brace_node_set_compression_resistance_priority", "priority"])
    var p: brace_priority = 0
    ok(brace_node_get_content_hugging_priority(fx.ctx, n, BRACE_AXIS_HORIZONTAL, &p), fx.ctx)
    #expect(p == 250)
  }

  @Test func unknownAxisIsRejected() {
    let fx = Fixture()
    let n = fx.node()
    let bad = brace_axis(rawValue: 2)
    expectFailure(brace_node_set_content_hugging_priority(fx.ctx, n, bad, 500), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["brace_node_set_content_hugging_priority", "axis"])
    var p: brace_priority = 0
    expectFailure(brace_node_get_content_hugging_priority(fx.ctx, n, bad, &p), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["brace_node_get_content_hugging_priority", "axis"])
    expectFailure(brace_node_set_compression_resistance_priority(fx.ctx, n, bad, 500), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["axis"])
    expectFailure(brace_node_get_compression_resistance_priority(fx.ctx, n, bad, &p), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["axis"])
  }

  @Test func priorityChangeFlagsTheConstraintsPass() {
    let fx = Fixture()
    let n = fx.node()
    fx.settle()
    ok(brace_node_set_content_hugging_priority(fx.ctx, n, BRACE_AXIS_HORIZONTAL, 250), fx.ctx)
    #expect(!fx.needsConstraints(n), "an unchanged priority flags nothing")
    ok(brace_node_set_content_hugging_priority(fx.ctx, n, BRACE_AXIS_HORIZONTAL, 251), fx.ctx)
    #expect(fx.needsConstraints(n))
  }

  // MARK: autoresizing, translates, user data

  @Test func autoresizingMaskAcceptsBitsUpTo63AndRejectsOthers() {
    let fx = Fixture()
    let n = fx.node()
    ok(brace_node_set_autoresizing_mask(fx.ctx, n, BRACE_AUTORESIZE_FLEXIBLE_WIDTH | BRACE_AUTORESIZE_FLEXIBLE_HEIGHT), fx.ctx)
    var m: UInt32 = 0
    ok(brace_node_get_autoresizing_mask(fx.ctx, n, &m), fx.ctx)
    #expect(m == 18)
    ok(brace_node_set_autoresizing_mask(fx.ctx, n, BRACE_AUTORESIZE_ALL), fx.ctx)
    ok(brace_node_get_autoresizing_mask(fx.ctx, n, &m), fx.ctx)
    #expect(m == 63)
    for bad: UInt32 in [64, 0x80, 0x100, 0xFFFF_FFFF] {
      expectFailure(brace_node_set_autoresizing_mask(fx.ctx, n, bad), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["brace_node_set_autoresizing_mask", "mask"])
    }
    ok(brace_node_get_autoresizing_mask(fx.ctx, n, &m), fx.ctx)
    #expect(m == 63)
  }

  @Test func autoresizesSubviewsAndTranslatesRoundTrip() {
    let fx = Fixture()
    let n = fx.node()
    var b = true
    ok(brace_node_set_autoresizes_subviews(fx.ctx, n, false), fx.ctx)
    ok(brace_node_get_autoresizes_subviews(fx.ctx, n, &b), fx.ctx)
    #expect(!b)
    fx.settle()
    ok(brace_node_set_translates_autoresizing_mask(fx.ctx, n, false), fx.ctx)
    ok(brace_node_get_translates_autoresizing_mask(fx.ctx, n, &b), fx.ctx)
    #expect(!b)
    #expect(fx.needsConstraints(n), "a translates change flags the constraints pass")
  }

  @Test func userDataRoundTripsUntouched() {
    let fx = Fixture()
    let n = fx.node()
    let p = UnsafeMutableRawPointer(bitPattern: 0xDEAD_BEEF)
    ok(brace_node_set_user_data(fx.ctx, n, p), fx.ctx)
    var got: UnsafeMutableRawPointer?
    ok(brace_node_get_user_data(fx.ctx, n, &got), fx.ctx)
    #expect(got == p)
    ok(brace_node_set_user_data(fx.ctx, n, nil), fx.ctx)
    ok(brace_node_get_user_data(fx.ctx, n, &got), fx.ctx)
    #expect(got == nil)
  }
}
