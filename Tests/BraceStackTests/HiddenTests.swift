// Hidden arranged views collapse together with the gap after them and come back when
// shown again; a hidden view sits at the trailing edge of the previous visible view with
// length 0. Hiding under a container that does not depend on hidden views (the default
// "frame" strategy) flags nothing.
import CBrace
import Testing

/// A horizontal fill stack 200 x 60 (fill alignment, spacing 10) at (5, 7) in a root
/// window, with views 30, 60 and 90 wide (30, 50, 20 tall).
private func threeViews(_ fx: Fx, generate: Bool, alignment: Alignment = .fill, after: [Double?] = [nil, nil, nil],
                        width: Double = 200) -> (brace_node, [brace_node]) {
  let s = Scenario(name: "hidden", alignment: alignment, spacing: 10, width: width, height: 60,
                   views: [V(30, 30, after: after[0]), V(60, 50, after: after[1]), V(90, 20, after: after[2])], expected: [])
  let b = build(s, in: fx, generate: generate)
  return (b.stack, b.views)
}

@Suite struct HiddenViews {
  static let visible = [rect(0, 0, 30, 60), rect(40, 0, 60, 60), rect(110, 0, 90, 60)]

  @Test(arguments: [false, true])
  func hidingTheMiddleViewCollapsesItAndTheGapAfterIt(generate: Bool) throws {
    let fx = try Fx()
    let (stack, views) = threeViews(fx, generate: generate)
    fx.cycle()
    expectFrames(fx.frames(views), Self.visible, "all visible")
    fx.setHidden(views[1], true)
    #expect(fx.needsLayout(stack) || fx.needsConstraints(stack), "hiding an arranged view flags the stack")
    fx.cycle()
    // Visible: 30 + 10 + 90 = 130, 70 to spare: the last visible view grows to 160. The
    // hidden view: length 0 at the trailing edge of view 0 (x 30), full height (fill).
    expectFrames(fx.frames(views), [rect(0, 0, 30, 60), rect(30, 0, 0, 60), rect(40, 0, 160, 60)], "view 1 hidden")
    fx.setHidden(views[1], false)
    fx.cycle()
    expectFrames(fx.frames(views), Self.visible, "shown again")
  }

  @Test(arguments: [false, true])
  func hidingTheFirstViewPutsItAtTheCanvasLeadingEdge(generate: Bool) throws {
    let fx = try Fx()
    let (_, views) = threeViews(fx, generate: generate)
    fx.cycle()
    fx.setHidden(views[0], true)
    fx.cycle()
    // Visible: 60 + 10 + 90 = 160, the last grows 40 to 130.
    expectFrames(fx.frames(views), [rect(0, 0, 0, 60), rect(0, 0, 60, 60), rect(70, 0, 130, 60)], "view 0 hidden")
    fx.setHidden(views[0], false)
    fx.cycle()
    expectFrames(fx.frames(views), Self.visible, "shown again")
  }

  @Test(arguments: [false, true])
  func hidingTheLastViewMakesTheOneBeforeItTheLast(generate: Bool) throws {
    let fx = try Fx()
    let (_, views) = threeViews(fx, generate: generate)
    fx.cycle()
    fx.setHidden(views[2], true)
    fx.cycle()
    // Visible: 30 + 10 + 60 = 100; view 1 is now the last visible view and takes the 100
    // to spare (160); the hidden view sits at its trailing edge, 200.
    expectFrames(fx.frames(views), [rect(0, 0, 30, 60), rect(40, 0, 160, 60), rect(200, 0, 0, 60)], "view 2 hidden")
    fx.setHidden(views[2], false)
    fx.cycle()
    expectFrames(fx.frames(views), Self.visible, "shown again")
  }

  @Test(arguments: [false, true])
  func theGapThatCollapsesIsTheOneAfterTheHiddenView(generate: Bool) throws {
    let fx = try Fx()
    // Gaps: 20 after view 0, 5 after view 1: 30 + 20 + 60 + 5 + 90 = 205.
    let (_, views) = threeViews(fx, generate: generate, after: [20, 5, nil], width: 205)
    fx.cycle()
    let all = [rect(0, 0, 30, 60), rect(50, 0, 60, 60), rect(115, 0, 90, 60)]
    expectFrames(fx.frames(views), all, "all visible")
    fx.setHidden(views[1], true)
    fx.cycle()
    // The 20 after view 0 stays, the 5 after view 1 goes: 30 + 20 + 90 = 140, 65 to spare.
    expectFrames(fx.frames(views), [rect(0, 0, 30, 60), rect(30, 0, 0, 60), rect(50, 0, 155, 60)], "view 1 hidden")
    fx.setHidden(views[1], false)
    fx.cycle()
    expectFrames(fx.frames(views), all, "shown again")
  }

  @Test(arguments: [false, true])
  func aHiddenViewTakesItsCrossAxisPlaceFromTheAlignment(generate: Bool) throws {
    let fx = try Fx()
    let (_, views) = threeViews(fx, generate: generate, alignment: .center)
    fx.cycle()
    expectFrames(fx.frames(views), [rect(0, 15, 30, 30), rect(40, 5, 60, 50), rect(110, 20, 90, 20)], "all visible")
    fx.setHidden(views[1], true)
    fx.cycle()
    // Centered across: (60 - 30) / 2 = 15, (60 - 50) / 2 = 5, (60 - 20) / 2 = 20.
    expectFrames(fx.frames(views), [rect(0, 15, 30, 30), rect(30, 5, 0, 50), rect(40, 20, 160, 20)], "view 1 hidden")
  }

  @Test(arguments: [false, true])
  func equalSpacingWithAHiddenViewVertical(generate: Bool) throws {
    let fx = try Fx()
    let s = Scenario(name: "vertical equal spacing, hidden", axis: .vertical, distribution: .equalSpacing, spacing: 10,
                     width: 60, height: 200, views: [V(30, 30), V(50, 60), V(20, 90)], expected: [])
    let b = build(s, in: fx, generate: generate)
    fx.cycle()
    expectFrames(fx.frames(b.views), [rect(0, 0, 60, 30), rect(0, 40, 60, 60), rect(0, 110, 60, 90)], "all visible")
    fx.setHidden(b.views[1], true)
    fx.cycle()
    // Two visible views: one gap of 200 - 120 = 80.
    expectFrames(fx.frames(b.views), [rect(0, 0, 60, 30), rect(0, 30, 60, 0), rect(0, 110, 60, 90)], "view 1 hidden")
  }

  @Test(arguments: [false, true])
  func everyViewHidden(generate: Bool) throws {
    let fx = try Fx()
    let (_, views) = threeViews(fx, generate: generate)
    for v in views { fx.setHidden(v, true) }
    fx.cycle()
    expectFrames(fx.frames(views), [rect(0, 0, 0, 60), rect(0, 0, 0, 60), rect(0, 0, 0, 60)])
    for v in views { fx.setHidden(v, false) }
    fx.cycle()
    expectFrames(fx.frames(views), Self.visible, "shown again")
  }

  @Test func hidingUnderANonStackParentFlagsNothing() throws {
    let fx = try Fx()
    let window = fx.node(frame: rect(0, 0, 400, 300))
    let child = fx.node(in: window, frame: rect(10, 10, 50, 50))
    let other = fx.node(in: window, frame: rect(100, 10, 50, 50))
    fx.cycle()
    fx.setHidden(child, true)
    #expect(!fx.needsLayout(window), "hiding a subview of a frame container must not flag it for layout")
    #expect(!fx.needsConstraints(window), "hiding a subview of a frame container must not flag its constraints")
    fx.cycle()
    #expect(fx.trace.count(BRACE_TRACE_LAYOUT, of: window) == 0, "the frame container was laid out after a hide")
    #expect(fx.trace.count(BRACE_TRACE_UPDATE_CONSTRAINTS, of: window) == 0)
    expectFrames(fx.frames([child, other]), [rect(10, 10, 50, 50), rect(100, 10, 50, 50)])
    fx.setHidden(child, false)
    #expect(!fx.needsLayout(window), "showing a subview of a frame container must not flag it for layout")
    fx.cycle()
    #expect(fx.trace.count(BRACE_TRACE_LAYOUT, of: window) == 0, "the frame container was laid out after a show")
  }
}
