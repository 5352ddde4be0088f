// The flow plugin (examples/plugins/flow.c, built with cc) lays out real subviews through
// the update cycle: wrapping, spacing, alignment, padding, breaks, hidden items, RTL,
// pixel rounding, and its measure hook as seen by another container.
import CBrace
import Testing

/// A 200 x 100 flow container with four 50 x 20 items (intrinsic sizes).
private func flowWithFourItems(scale: Double = 1, direction: brace_layout_direction = BRACE_DIRECTION_LTR) throws -> (Ctx, brace_node, [brace_node]) {
  let c = try Ctx(scale: scale, direction: direction)
  let flow = c.node(frame: rect(0, 0, 200, 100))
  c.use("flow", on: flow)
  let items = (0..<4).map { _ in c.item(in: flow, 50, 20) }
  return (c, flow, items)
}

private func frames(_ c: Ctx, _ items: [brace_node]) -> [String] { items.map { describe(c.frame($0)) } }

private func expectFrames(_ c: Ctx, _ items: [brace_node], _ expected: [brace_rect], sourceLocation: SourceLocation = #_sourceLocation) {
  let got = items.map { c.frame($0) }
  #expect(got.count == expected.count && zip(got, expected).allSatisfy { same($0, $1) },
          "got \(got.map(describe)), expected \(expected.map(describe))", sourceLocation: sourceLocation)
}

@Suite struct FlowLayout {
  @Test func itemsWrapWhenTheNextOneDoesNotFitWithDefaultSpacing8() throws {
    let (c, _, items) = try flowWithFourItems()
    c.cycle()
    // 50 + 8 + 50 + 8 + 50 = 166 fits in 200; the fourth would end at 224.
    expectFrames(c, items, [rect(0, 0, 50, 20), rect(58, 0, 50, 20), rect(116, 0, 50, 20), rect(0, 28, 50, 20)])
  }

  @Test func spacingAndLineSpacingSetTheGaps() throws {
    let (c, flow, items) = try flowWithFourItems()
    ok(brace_node_set_property_double(c.ctx, flow, "spacing", 10), c.ctx)
    ok(brace_node_set_property_double(c.ctx, flow, "line_spacing", 5), c.ctx)
    c.cycle()
    expectFrames(c, items, [rect(0, 0, 50, 20), rect(60, 0, 50, 20), rect(120, 0, 50, 20), rect(0, 25, 50, 20)])
    // Spacing 25: only three fit (50*3 + 50 = 200), the fourth wraps after them.
    ok(brace_node_set_property_double(c.ctx, flow, "spacing", 25), c.ctx)
    c.cycle()
    expectFrames(c, items, [rect(0, 0, 50, 20), rect(75, 0, 50, 20), rect(150, 0, 50, 20), rect(0, 25, 50, 20)])
    ok(brace_node_set_property_double(c.ctx, flow, "spacing", 26), c.ctx)
    c.cycle()
    expectFrames(c, items, [rect(0, 0, 50, 20), rect(76, 0, 50, 20), rect(0, 25, 50, 20), rect(76, 25, 50, 20)])
  }

  @Test func alignmentCenterSplitsTheRoomOfEachLine() throws {
    let (c, flow, items) = try flowWithFourItems()
    ok(brace_node_set_property_enum(c.ctx, flow, "alignment", "center"), c.ctx)
    c.cycle()
    // Line 1 is 166 wide (room 34, offset 17); line 2 is 50 wide (room 150, offset 75).
    expectFrames(c, items, [rect(17, 0, 50, 20), rect(75, 0, 50, 20), rect(133, 0, 50, 20), rect(75, 28, 50, 20)])
  }

  @Test func alignmentTrailingPutsTheRoomFirst() throws {
    let (c, flow, items) = try flowWithFourItems()
    ok(brace_node_set_property_enum(c.ctx, flow, "alignment", "trailing"), c.ctx)
    c.cycle()
    expectFrames(c, items, [rect(34, 0, 50, 20), rect(92, 0, 50, 20), rect(150, 0, 50, 20), rect(150, 28, 50, 20)])
  }

  @Test func paddingInsetsTheContent() throws {
    let (c, flow, items) = try flowWithFourItems()
    ok(brace_node_set_property_double(c.ctx, flow, "padding", 10), c.ctx)
    c.cycle()
    // Content width 180: three fit (166), the fourth wraps.
    expectFrames(c, items, [rect(10, 10, 50, 20), rect(68, 10, 50, 20), rect(126, 10, 50, 20), rect(10, 38, 50, 20)])
    ok(brace_node_set_property_double(c.ctx, flow, "padding", 20), c.ctx)
    c.cycle()
    // Content width 160: two fit (108), then 166 > 160.
    expectFrames(c, items, [rect(20, 20, 50, 20), rect(78, 20, 50, 20), rect(20, 48, 50, 20), rect(78, 48, 50, 20)])
  }

  @Test func breakBeforeStartsANewLine() throws {
    let (c, _, items) = try flowWithFourItems()
    ok(brace_node_set_property_bool(c.ctx, items[1], "break_before", true), c.ctx)
    c.cycle()
    expectFrames(c, items, [rect(0, 0, 50, 20), rect(0, 28, 50, 20), rect(58, 28, 50, 20), rect(116, 28, 50, 20)])
    // break_before on the first item changes nothing.
    ok(brace_node_set_property_bool(c.ctx, items[1], "break_before", false), c.ctx)
    ok(brace_node_set_property_bool(c.ctx, items[0], "break_before", true), c.ctx)
    c.cycle()
    expectFrames(c, items, [rect(0, 0, 50, 20), rect(58, 0, 50, 20), rect(116, 0, 50, 20), rect(0, 28, 50, 20)])
  }

  @Test func hiddenItemsTakeNoPlace() throws {
    let (c, _, items) = try flowWithFourItems()
    c.cycle()
    ok(brace_node_set_hidden(c.ctx, items[1], true), c.ctx)
    c.cycle()
    #expect(same(c.frame(items[0]), rect(0, 0, 50, 20)))
    #expect(same(c.frame(items[2]), rect(58, 0, 50, 20)))
    #expect(same(c.frame(items[3]), rect(116, 0, 50, 20)))
    #expect(same(c.frame(items[1]), rect(58, 0, 50, 20)), "a hidden item keeps its frame")
  }

  @Test func aHiddenFirstItemTakesNoPlaceEither() throws {
    let (c, _, items) = try flowWithFourItems()
    ok(brace_node_set_hidden(c.ctx, items[0], true), c.ctx)
    c.cycle()
    expectFrames(c, Array(items.dropFirst()), [rect(0, 0, 50, 20), rect(58, 0, 50, 20), rect(116, 0, 50, 20)])
  }

  @Test func rightToLeftMirrorsTheLines() throws {
    let (c, _, items) = try flowWithFourItems(direction: BRACE_DIRECTION_RTL)
    c.cycle()
    expectFrames(c, items, [rect(150, 0, 50, 20), rect(92, 0, 50, 20), rect(34, 0, 50, 20), rect(150, 28, 50, 20)])
  }

  @Test func aNodeLevelRightToLeftDirectionMirrorsToo() throws {
    let (c, flow, items) = try flowWithFourItems()
    ok(brace_node_set_property_double(c.ctx, flow, "padding", 10), c.ctx)
    ok(brace_node_set_layout_direction(c.ctx, flow, BRACE_DIRECTION_RTL), c.ctx)
    c.cycle()
    expectFrames(c, items, [rect(140, 10, 50, 20), rect(82, 10, 50, 20), rect(24, 10, 50, 20), rect(140, 38, 50, 20)])
    ok(brace_node_set_layout_direction(c.ctx, flow, BRACE_DIRECTION_LTR), c.ctx)
    c.cycle()
    expectFrames(c, items, [rect(10, 10, 50, 20), rect(68, 10, 50, 20), rect(126, 10, 50, 20), rect(10, 38, 50, 20)])
  }

  @Test func resizingTheContainerReflowsTheItems() throws {
    let (c, flow, items) = try flowWithFourItems()
    c.cycle()
    c.resize(flow, width: 100)
    c.cycle()
    expectFrames(c, items, [rect(0, 0, 50, 20), rect(0, 28, 50, 20), rect(0, 56, 50, 20), rect(0, 84, 50, 20)])
    c.resize(flow, width: 300)
    c.cycle()
    expectFrames(c, items, [rect(0, 0, 50, 20), rect(58, 0, 50, 20), rect(116, 0, 50, 20), rect(174, 0, 50, 20)])
  }

  @Test func anItemWiderThanTheLineGetsALineOfItsOwn() throws {
    let c = try Ctx()
    let flow = c.node(frame: rect(0, 0, 100, 100))
    c.use("flow", on: flow)
    let a = c.item(in: flow, 30, 10), wide = c.item(in: flow, 150, 10), b = c.item(in: flow, 30, 10)
    c.cycle()
    expectFrames(c, [a, wide, b], [rect(0, 0, 30, 10), rect(0, 18, 150, 10), rect(0, 36, 30, 10)])
  }

  @Test(arguments: [2.0, 3.0])
  func framesAreRoundedToThePixelGrid(scale: Double) throws {
    let c = try Ctx(scale: scale)
    let flow = c.node(frame: rect(0, 0, 200, 100))
    c.use("flow", on: flow)
    let items = (0..<3).map { _ in c.item(in: flow, 10.3, 10.3) }
    c.cycle()
    // The unrounded lefts are 0, 18.3, 36.6: each item's edges round to the grid.
    func px(_ v: Double) -> Double { (v * scale).rounded(.toNearestOrAwayFromZero) / scale }
    var left = 0.0
    for item in items {
      let f = c.frame(item)
      let expected = rect(px(left), 0, px(left + 10.3) - px(left), px(10.3))
      #expect(close(f, expected), "got \(describe(f)), expected \(describe(expected))")
      for v in [f.x, f.y, f.width, f.height] { #expect(onPixelGrid(v, scale), "\(v) is not on the 1/\(scale) grid") }
      left += 10.3 + 8
    }
    if scale == 2 {
      expectFrames(c, items, [rect(0, 0, 10.5, 10.5), rect(18.5, 0, 10, 10.5), rect(36.5, 0, 10.5, 10.5)])
    } else {
      #expect(close(c.frame(items[1]), rect(55.0 / 3, 0, 31.0 / 3, 31.0 / 3)), "\(describe(c.frame(items[1])))")
    }
  }

  @Test func emptyAndAllHiddenFlowsDoNothing() throws {
    let c = try Ctx()
    let flow = c.node(frame: rect(0, 0, 200, 100))
    c.use("flow", on: flow)
    c.cycle()
    let item = c.item(in: flow, 10, 10)
    c.setFrame(item, rect(5, 5, 10, 10))
    ok(brace_node_set_hidden(c.ctx, item, true), c.ctx)
    c.cycle()
    #expect(same(c.frame(item), rect(5, 5, 10, 10)))
  }

  /// host->measure of a flow container: the probe container measures its subviews with an
  /// unbounded proposal and sets each to its measured size, so the flow's frame shows its
  /// fitting size: one line of all items, plus padding.
  @Test func aFlowMeasuresItsFittingSizeForAnotherContainer() throws {
    let c = try Ctx()
    c.mustLoad(plugins.probe)
    let outer = c.node(frame: rect(0, 0, 400, 400))
    c.use("probe", on: outer)
    let flow = c.node(in: outer)
    c.use("flow", on: flow)
    ok(brace_node_set_property_double(c.ctx, flow, "padding", 5), c.ctx)
    let items = [c.item(in: flow, 40, 20), c.item(in: flow, 40, 30), c.item(in: flow, 40, 20)]
    c.cycle()
    // 3 * 40 + 2 * 8 + 2 * 5 = 146 wide, 30 + 2 * 5 = 40 high, indented by the default weight 1.
    #expect(same(c.frame(flow), rect(1, 0, 146, 40)), "got \(describe(c.frame(flow))); last error: \(lastError(c.ctx))")
    // And the flow then lays its items out in that size, on one line.
    expectFrames(c, items, [rect(5, 5, 40, 20), rect(53, 5, 40, 30), rect(101, 5, 40, 20)])
  }

  @Test func aFlowWithBreaksMeasuresItsLines() throws {
    let c = try Ctx()
    c.mustLoad(plugins.probe)
    let outer = c.node(frame: rect(0, 0, 400, 400))
    c.use("probe", on: outer)
    let flow = c.node(in: outer)
    c.use("flow", on: flow)
    let items = [c.item(in: flow, 40, 20), c.item(in: flow, 60, 10), c.item(in: flow, 40, 20)]
    ok(brace_node_set_property_bool(c.ctx, items[2], "break_before", true), c.ctx)
    c.cycle()
    // Lines: [40 + 8 + 60 = 108 x 20], [40 x 20]; 20 + 8 + 20 = 48 high.
    #expect(same(c.frame(flow), rect(1, 0, 108, 48)), "got \(describe(c.frame(flow))); last error: \(lastError(c.ctx))")
  }

  @Test func twoContextsUseTheSamePluginWithTheirOwnState() throws {
    let a = try Ctx(), b = try Ctx()
    a.mustLoad(plugins.probe)  // flow gets id 2 in a, 1 in b
    let fa = a.node(frame: rect(0, 0, 200, 100)), fb = b.node(frame: rect(0, 0, 200, 100))
    a.use("flow", on: fa)
    b.use("flow", on: fb)
    ok(brace_node_set_property_double(a.ctx, fa, "spacing", 2), a.ctx)
    ok(brace_node_set_property_double(b.ctx, fb, "spacing", 20), b.ctx)
    let ia = (0..<2).map { _ in a.item(in: fa, 10, 10) }, ib = (0..<2).map { _ in b.item(in: fb, 10, 10) }
    a.cycle()
    b.cycle()
    #expect(a.frame(ia[1]).x == 12)
    #expect(b.frame(ib[1]).x == 30)
  }
}
