// Table-driven scenarios beyond the matrix: the compression and stretching rules' edge
// cases, equal spacing and centering when gaps give way, custom and system spacing,
// negative spacing, layout margins, baseline-relative spacing, right-to-left layouts and
// pixel rounding. Each scenario runs on both paths against frames worked out by hand.
import CBrace
import Testing

/// Three views for a horizontal stack: widths 30, 60, 90 along the axis, heights 30, 50, 20.
private let row = [V(30, 30), V(60, 50), V(90, 20)]
/// The same for a vertical stack: heights 30, 60, 90 along the axis, widths 30, 50, 20.
private let column = [V(30, 30), V(50, 60), V(20, 90)]

let scenarios: [Scenario] = [
  // MARK: fill: who absorbs the difference
  Scenario(
    name: "fill overflow: the lowest compression resistance gives way, not the last view",
    spacing: 10, width: 180, height: 60,
    views: [V(30, 30, compH: 700), V(60, 50), V(90, 20)],
    // 20 short; view 0 (700) shrinks 30 -> 10; the others keep their widths.
    expected: [rect(0, 0, 10, 60), rect(20, 0, 60, 60), rect(90, 0, 90, 60)]),
  Scenario(
    name: "fill underflow: a hugging tie goes to the last view",
    spacing: 10, width: 230, height: 60, views: row,
    // 30 to spare, every hugging 250: the last view grows 90 -> 120.
    expected: [rect(0, 0, 30, 60), rect(40, 0, 60, 60), rect(110, 0, 120, 60)]),
  Scenario(
    name: "fill underflow: the lowest hugging grows, even the first view",
    spacing: 10, width: 230, height: 60,
    views: [V(30, 30, hugH: 100), V(60, 50, hugH: 200), V(90, 20)],
    // 30 to spare; view 0 (hugging 100) grows 30 -> 60.
    expected: [rect(0, 0, 60, 60), rect(70, 0, 60, 60), rect(140, 0, 90, 60)]),
  Scenario(
    name: "fill overflow, vertical: a compression tie goes to the last view",
    axis: .vertical, spacing: 10, width: 60, height: 170, views: column,
    // 30 short: the last view 90 -> 60 (0, 40, 110 down the column).
    expected: [rect(0, 0, 60, 30), rect(0, 40, 60, 60), rect(0, 110, 60, 60)]),
  Scenario(
    name: "fill overflow past zero: the frame is clamped to length 0 at its position",
    spacing: 10, width: 80, height: 60, views: row,
    // 120 short: the last view would be 90 - 120 = -30 wide at x 110: clamped to 0.
    expected: [rect(0, 0, 30, 60), rect(40, 0, 60, 60), rect(110, 0, 0, 60)]),
  Scenario(
    name: "fill: a view with no intrinsic size (priority 0) absorbs the room",
    spacing: 10, width: 200, height: 60,
    views: [V(30, 30), V(-1, -1), V(60, 20)],
    // 30 + 0 + 60 + 20 = 110; the spacer takes the 90 left, at 40.
    expected: [rect(0, 0, 30, 60), rect(40, 0, 90, 60), rect(140, 0, 60, 60)]),

  // MARK: fill_proportionally and fill_equally edge cases
  Scenario(
    name: "fill_proportionally with no content lengths acts as fill_equally",
    distribution: .fillProportionally, spacing: 10, width: 200, height: 60,
    views: [V(-1, -1), V(-1, -1), V(-1, -1)],
    // sum L = 0: (200 - 20) / 3 = 60 each.
    expected: [rect(0, 0, 60, 60), rect(70, 0, 60, 60), rect(140, 0, 60, 60)]),
  Scenario(
    name: "fill_equally ignores priorities and content lengths",
    distribution: .fillEqually, spacing: 10, width: 200, height: 60,
    views: [V(30, 30, hugH: 1), V(60, 50, compH: 1000), V(90, 20)],
    expected: [rect(0, 0, 60, 60), rect(70, 0, 60, 60), rect(140, 0, 60, 60)]),

  // MARK: equal_spacing and equal_centering
  Scenario(
    name: "equal_spacing: gaps never smaller than the largest spacing, then compression",
    distribution: .equalSpacing, spacing: 10, width: 210, height: 60,
    views: [V(30, 30, after: 20), V(60, 50), V(90, 20)],
    // g = (210 - 180) / 2 = 15 < s_max 20: gaps 20 and 20 (total 220), 10 short: the last
    // view (compression tie) 90 -> 80.
    expected: [rect(0, 0, 30, 60), rect(50, 0, 60, 60), rect(130, 0, 80, 60)]),
  Scenario(
    name: "equal_spacing: equal gaps above the largest spacing",
    distribution: .equalSpacing, spacing: 10, width: 220, height: 60,
    views: [V(30, 30, after: 20), V(60, 50), V(90, 20)],
    // g = (220 - 180) / 2 = 20 = s_max.
    expected: [rect(0, 0, 30, 60), rect(50, 0, 60, 60), rect(130, 0, 90, 60)]),
  Scenario(
    name: "equal_spacing: the remaining deficit goes to the lowest compression resistance",
    distribution: .equalSpacing, spacing: 10, width: 190, height: 60,
    views: [V(30, 30), V(60, 50, compH: 500), V(90, 20)],
    // g = 5 < 10: gaps 10 (total 200), 10 short: view 1 (500) 60 -> 50.
    expected: [rect(0, 0, 30, 60), rect(40, 0, 50, 60), rect(100, 0, 90, 60)]),
  Scenario(
    name: "equal_spacing with one visible view fills the canvas",
    distribution: .equalSpacing, spacing: 10, width: 100, height: 60,
    views: [V(30, 30), V(60, 50, hidden: true)],
    // The hidden view: length 0 at the trailing edge of the previous visible view.
    expected: [rect(0, 0, 100, 60), rect(100, 0, 0, 60)]),
  Scenario(
    name: "equal_centering with one view fills the canvas",
    distribution: .equalCentering, spacing: 10, width: 100, height: 60, views: [V(30, 30)],
    expected: [rect(0, 0, 100, 60)]),
  Scenario(
    name: "equal_centering: a gap at its spacing, the other center distance takes the rest",
    distribution: .equalCentering, spacing: 10, width: 220, height: 60, views: row,
    // d = (220 - 15 - 45) / 2 = 80, but 80 - 30 - 45 = 5 < 10: forced. m = 55, 85;
    // max(t, 55) + max(t, 85) = 160 gives t = 75: centers 15, 90, 175.
    expected: [rect(0, 0, 30, 60), rect(60, 0, 60, 60), rect(130, 0, 90, 60)]),
  Scenario(
    name: "equal_centering, vertical, four views: equal center distances",
    axis: .vertical, distribution: .equalCentering, spacing: 10, width: 60, height: 300,
    views: [V(30, 20), V(30, 40), V(30, 40), V(30, 20)],
    // d = (300 - 10 - 10) / 3 = 93.33; gaps 93.33 - 30 = 63.33, 93.33 - 40 = 53.33, 63.33,
    // all >= 10. Centers 10, 103.33, 196.67, 290; edges rounded to whole points:
    // 0...20, 83.33...123.33 -> 83...123, 176.67...216.67 -> 177...217, 280...300.
    expected: [rect(0, 0, 60, 20), rect(0, 83, 60, 40), rect(0, 177, 60, 40), rect(0, 280, 60, 20)]),
  Scenario(
    name: "equal_centering, four views, exact",
    distribution: .equalCentering, spacing: 10, width: 320, height: 60,
    views: [V(20, 30), V(40, 30), V(40, 30), V(20, 30)],
    // d = (320 - 10 - 10) / 3 = 100; gaps 100 - 10 - 20 = 70, 100 - 40 = 60, 70, all >= 10:
    // centers 10, 110, 210, 310.
    expected: [rect(0, 0, 20, 60), rect(90, 0, 40, 60), rect(190, 0, 40, 60), rect(300, 0, 20, 60)]),

  // MARK: pixel rounding
  Scenario(
    name: "pixel rounding: edges to whole points at scale 1, halves away from zero",
    distribution: .equalSpacing, spacing: 10, width: 205, height: 60, views: row,
    // g = (205 - 180) / 2 = 12.5: view 1 spans 42.5...102.5 -> 43...103.
    expected: [rect(0, 0, 30, 60), rect(43, 0, 60, 60), rect(115, 0, 90, 60)]),

  // MARK: cross-axis sizes never exceed the canvas
  Scenario(
    name: "leading: a view taller than the canvas gets the canvas height",
    alignment: .leading, spacing: 10, width: 200, height: 40, views: row,
    expected: [rect(0, 0, 30, 30), rect(40, 0, 60, 40), rect(110, 0, 90, 20)]),
  Scenario(
    name: "center: a view taller than the canvas gets the canvas height",
    alignment: .center, spacing: 10, width: 200, height: 40, views: row,
    // (40 - 30) / 2 = 5, min(50, 40) = 40 at 0, (40 - 20) / 2 = 10.
    expected: [rect(0, 5, 30, 30), rect(40, 0, 60, 40), rect(110, 10, 90, 20)]),
  Scenario(
    name: "trailing: a view taller than the canvas gets the canvas height",
    alignment: .trailing, spacing: 10, width: 200, height: 40, views: row,
    expected: [rect(0, 10, 30, 30), rect(40, 0, 60, 40), rect(110, 20, 90, 20)]),

  // MARK: spacing
  Scenario(
    name: "spacing_after: a length, use default (DBL_MAX) and use system (-0.0 = 8)",
    spacing: 5, width: 73, height: 10,
    views: [V(10, 10, after: 20), V(10, 10, after: useDefault), V(10, 10, after: useSystem), V(10, 10, after: 100)],
    // gaps 20, 5 (the stack's), 8; the last view's spacing_after is never used: 10+20+10+5+10+8+10 = 73.
    expected: [rect(0, 0, 10, 10), rect(30, 0, 10, 10), rect(45, 0, 10, 10), rect(63, 0, 10, 10)]),
  Scenario(
    name: "spacing use system (-0.0) is 8",
    spacing: useSystem, width: 46, height: 10, views: [V(10, 10), V(10, 10), V(10, 10)],
    expected: [rect(0, 0, 10, 10), rect(18, 0, 10, 10), rect(36, 0, 10, 10)]),
  Scenario(
    name: "spacing +0.0 is a length of 0",
    spacing: 0, width: 30, height: 10, views: [V(10, 10), V(10, 10), V(10, 10)],
    expected: [rect(0, 0, 10, 10), rect(10, 0, 10, 10), rect(20, 0, 10, 10)]),
  Scenario(
    name: "spacing_after +0.0 overrides the stack's spacing",
    spacing: 5, width: 35, height: 10, views: [V(10, 10, after: 0), V(10, 10), V(10, 10)],
    expected: [rect(0, 0, 10, 10), rect(10, 0, 10, 10), rect(25, 0, 10, 10)]),
  Scenario(
    name: "spacing_after use system after a view, vertical",
    axis: .vertical, spacing: 2, width: 10, height: 40, views: [V(10, 10, after: useSystem), V(10, 10), V(10, 10)],
    // gaps 8 and 2: 10 + 8 + 10 + 2 + 10 = 40.
    expected: [rect(0, 0, 10, 10), rect(0, 18, 10, 10), rect(0, 30, 10, 10)]),
  Scenario(
    name: "negative spacing overlaps the views",
    spacing: -5, width: 50, height: 20, views: [V(20, 20), V(20, 20), V(20, 20)],
    // 60 - 10 = 50.
    expected: [rect(0, 0, 20, 20), rect(15, 0, 20, 20), rect(30, 0, 20, 20)]),
  Scenario(
    name: "negative spacing_after",
    spacing: 0, width: 30, height: 20, views: [V(20, 20, after: -10), V(20, 20)],
    expected: [rect(0, 0, 20, 20), rect(10, 0, 20, 20)]),

  // MARK: layout margins
  Scenario(
    name: "layout_margins_relative insets the canvas by the margins",
    spacing: 10, width: 200, height: 100, margins: [5, 10, 15, 20], views: [V(50, 30), V(60, 40)],
    // Canvas x 10...180 (170), y 5...85 (80); 50 + 10 + 60 = 120, the last view takes 50 more.
    expected: [rect(10, 5, 50, 80), rect(70, 5, 110, 80)]),
  Scenario(
    name: "margins are ignored without layout_margins_relative",
    spacing: 10, width: 200, height: 100, margins: [5, 10, 15, 20], marginsRelative: false, views: [V(50, 30), V(60, 40)],
    // Canvas = bounds: the last view takes 200 - 120 = 80 more.
    expected: [rect(0, 0, 50, 100), rect(60, 0, 140, 100)]),
  Scenario(
    name: "layout_margins_relative, vertical, centered",
    axis: .vertical, alignment: .center, spacing: 10, width: 100, height: 200, margins: [5, 10, 15, 20],
    views: [V(30, 40), V(50, 60)],
    // Canvas x 10...80 (70), y 5...185 (180). 40 + 10 + 60 = 110: the last view 60 -> 130.
    // Centers across: 10 + (70 - 30) / 2 = 30, 10 + (70 - 50) / 2 = 20.
    expected: [rect(30, 5, 30, 40), rect(20, 55, 50, 130)]),

  // MARK: baseline-relative spacing
  Scenario(
    name: "baseline_relative: a gap runs from last baseline to first baseline (vertical)",
    axis: .vertical, alignment: .leading, spacing: 10, width: 60, height: 64, baselineRelative: true,
    views: [V(30, 30, first: 20, last: 6), V(40, 40, first: 12, last: 8), V(20, 20)],
    // v1.top = 30 - 6 + 10 - 12 = 22 (bottom 62); v2.top = 62 - 8 + 10 - 20 (unset first:
    // its height) = 44 (bottom 64 = the canvas).
    expected: [rect(0, 0, 30, 30), rect(0, 22, 40, 40), rect(0, 44, 20, 20)]),
  Scenario(
    name: "baseline_relative is ignored by a horizontal stack",
    alignment: .leading, spacing: 10, width: 110, height: 60, baselineRelative: true,
    views: [V(30, 30, first: 20, last: 6), V(40, 40, first: 12, last: 8), V(20, 20)],
    expected: [rect(0, 0, 30, 30), rect(40, 0, 40, 40), rect(90, 0, 20, 20)]),

  // MARK: right to left (the stack's own layout direction)
  Scenario(
    name: "RTL: a horizontal stack runs from the right edge",
    spacing: 10, width: 200, height: 60, rtl: true, views: row,
    // 200 - 30 = 170; 170 - 10 - 60 = 100; 100 - 10 - 90 = 0.
    expected: [rect(170, 0, 30, 60), rect(100, 0, 60, 60), rect(0, 0, 90, 60)]),
  Scenario(
    name: "RTL: underflow, the lowest hugging grows",
    spacing: 10, width: 260, height: 60, rtl: true, views: [V(30, 30), V(60, 50, hugH: 200), V(90, 20)],
    expected: [rect(230, 0, 30, 60), rect(100, 0, 120, 60), rect(0, 0, 90, 60)]),
  Scenario(
    name: "RTL: custom spacing",
    spacing: 5, width: 55, height: 10, rtl: true, views: [V(10, 10, after: 20), V(10, 10), V(10, 10)],
    // Left to right these would be at 0, 30, 45; mirrored: 55 - x - 10.
    expected: [rect(45, 0, 10, 10), rect(15, 0, 10, 10), rect(0, 0, 10, 10)]),
  Scenario(
    name: "RTL: equal_centering",
    distribution: .equalCentering, spacing: 10, width: 260, height: 60, rtl: true, views: row,
    // Left to right: 0, 85, 170 (centers 15, 115, 215); mirrored: 260 - x - w.
    expected: [rect(230, 0, 30, 60), rect(115, 0, 60, 60), rect(0, 0, 90, 60)]),
  Scenario(
    name: "RTL: a vertical stack's leading alignment is the right edge",
    axis: .vertical, alignment: .leading, spacing: 10, width: 60, height: 200, rtl: true, views: column,
    expected: [rect(30, 0, 30, 30), rect(10, 40, 50, 60), rect(40, 110, 20, 90)]),
  Scenario(
    name: "RTL: a vertical stack's trailing alignment is the left edge",
    axis: .vertical, alignment: .trailing, spacing: 10, width: 60, height: 200, rtl: true, views: column,
    expected: [rect(0, 0, 30, 30), rect(0, 40, 50, 60), rect(0, 110, 20, 90)]),
  Scenario(
    name: "RTL: first_baseline in a vertical stack behaves as leading (right)",
    axis: .vertical, alignment: .firstBaseline, spacing: 10, width: 60, height: 200, rtl: true, views: column,
    expected: [rect(30, 0, 30, 30), rect(10, 40, 50, 60), rect(40, 110, 20, 90)]),
  Scenario(
    name: "RTL: layout_margins_relative starts at the right margin",
    spacing: 10, width: 230, height: 60, margins: [0, 10, 0, 20], rtl: true, views: row,
    // Canvas x 10...210: 210 - 30 = 180; 180 - 10 - 60 = 110; 110 - 10 - 90 = 10.
    expected: [rect(180, 0, 30, 60), rect(110, 0, 60, 60), rect(10, 0, 90, 60)]),
]

@Suite struct Scenarios {
  @Test(arguments: scenarios)
  func frames(_ s: Scenario) throws {
    try check(s)
  }

  /// The two paths agree with each other, frame for frame, on every scenario of the table
  /// (on top of each agreeing with the literals; the matrix checks both paths the same way).
  @Test(arguments: scenarios.filter(\.bothPaths))
  func bothPathsAgree(_ s: Scenario) throws {
    let direct = try layOut(s, generate: false)
    let generated = try layOut(s, generate: true)
    expectFrames(generated, direct, "\(s.name): generated constraints vs direct path")
  }

  @Test func theContextOptionRTLIsInheritedByTheStack() throws {
    let fx = try Fx(direction: BRACE_DIRECTION_RTL)
    let stack = fx.stack(frame: rect(0, 0, 200, 60), spacing: 10)
    let views = row.map { fx.leaf(in: stack, $0.w, $0.h) }
    fx.cycle()
    expectFrames(fx.frames(views), [rect(170, 0, 30, 60), rect(100, 0, 60, 60), rect(0, 0, 90, 60)])
    // An LTR stack inside that RTL context runs left to right again.
    ok(brace_node_set_layout_direction(fx.ctx, stack, BRACE_DIRECTION_LTR), fx.ctx)
    fx.cycle()
    expectFrames(fx.frames(views), [rect(0, 0, 30, 60), rect(40, 0, 60, 60), rect(110, 0, 90, 60)])
  }

  @Test func anRTLSuperviewMakesTheStackRTL() throws {
    let fx = try Fx()
    let window = fx.node(frame: rect(0, 0, 500, 500))
    ok(brace_node_set_layout_direction(fx.ctx, window, BRACE_DIRECTION_RTL), fx.ctx)
    let stack = fx.stack(in: window, frame: rect(0, 0, 200, 60), spacing: 10, generate: true)
    let views = row.map { fx.leaf(in: stack, $0.w, $0.h) }
    fx.cycle()
    expectFrames(fx.frames(views), [rect(170, 0, 30, 60), rect(100, 0, 60, 60), rect(0, 0, 90, 60)])
  }
}
