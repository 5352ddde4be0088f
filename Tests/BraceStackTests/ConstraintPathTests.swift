// The generated-constraint path: UIKit's identifiers on the constraints the stack
// generates, none on the direct path, and updates by difference (a spacing change keeps the
// same constraint handles).
import CBrace
import Testing

@Suite struct GeneratedConstraints {
  /// A stack with generate_constraints on, laid out once; answers the UISV identifiers on
  /// the stack and its arranged views.
  private func identifiers(
    distribution: Distribution = .fill, alignment: Alignment = .fill, hideSecond: Bool = false, generate: Bool = true
  ) throws -> Set<String> {
    let fx = try Fx()
    let window = fx.node(frame: rect(0, 0, 500, 500))
    let stack = fx.stack(in: window, frame: rect(0, 0, 260, 60), distribution: distribution, alignment: alignment,
                         spacing: 10, generate: generate)
    let views = [fx.leaf(in: stack, 30, 30), fx.leaf(in: stack, 60, 50), fx.leaf(in: stack, 90, 20)]
    if hideSecond { fx.setHidden(views[1], true) }
    fx.cycle()
    return fx.uisvIdentifiers([stack] + views)
  }

  private func expectContains(_ ids: Set<String>, _ wanted: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    for w in wanted {
      #expect(ids.contains(w), "\(w) missing; generated: \(ids.sorted())", sourceLocation: sourceLocation)
    }
  }

  @Test func fillWithFillAlignment() throws {
    // Spacing between views, the first and last on the canvas, both cross edges on the
    // canvas (fill alignment), and the tie-break (every hugging is 250).
    expectContains(try identifiers(), ["UISV-spacing", "UISV-canvas-connection", "UISV-tie-break"])
  }

  @Test func centerAlignmentAndAHiddenView() throws {
    expectContains(try identifiers(alignment: .center, hideSecond: true),
                   ["UISV-spacing", "UISV-canvas-connection", "UISV-alignment", "UISV-spanning-boundary", "UISV-hiding"])
  }

  @Test(arguments: [Alignment.leading, .trailing, .firstBaseline, .lastBaseline])
  func nonFillAlignments(_ a: Alignment) throws {
    expectContains(try identifiers(alignment: a), ["UISV-alignment", "UISV-spanning-boundary"])
  }

  @Test func fillEqually() throws {
    expectContains(try identifiers(distribution: .fillEqually), ["UISV-spacing", "UISV-fill-equally"])
  }

  @Test func fillProportionally() throws {
    expectContains(try identifiers(distribution: .fillProportionally), ["UISV-spacing", "UISV-fill-proportionally"])
  }

  @Test(arguments: [Distribution.equalSpacing, .equalCentering])
  func equalSpacingAndCentering(_ d: Distribution) throws {
    expectContains(try identifiers(distribution: d), ["UISV-spacing", "UISV-distributing", "UISV-fitting"])
  }

  @Test func theDirectPathGeneratesNothing() throws {
    for d in Distribution.allCases {
      for a in Alignment.allCases {
        let ids = try identifiers(distribution: d, alignment: a, hideSecond: true, generate: false)
        #expect(ids.isEmpty, "\(d.rawValue)/\(a.rawValue) on the direct path generated \(ids.sorted())")
      }
    }
  }

  @Test func turningGenerateConstraintsOffRemovesThemAndKeepsTheFrames() throws {
    let fx = try Fx()
    let window = fx.node(frame: rect(0, 0, 500, 500))
    let stack = fx.stack(in: window, frame: rect(0, 0, 260, 60), alignment: .center, spacing: 10, generate: true)
    let views = [fx.leaf(in: stack, 30, 30), fx.leaf(in: stack, 60, 50), fx.leaf(in: stack, 90, 20)]
    fx.cycle()
    // 60 to spare: the last view (hugging tie) 150 wide.
    let expected = [rect(0, 15, 30, 30), rect(40, 5, 60, 50), rect(110, 20, 150, 20)]
    expectFrames(fx.frames(views), expected, "generated")
    #expect(!fx.uisvIdentifiers([stack] + views).isEmpty)
    fx.set(stack, "generate_constraints", false)
    fx.cycle()
    #expect(fx.uisvIdentifiers([stack] + views).isEmpty, "left over: \(fx.uisvIdentifiers([stack] + views).sorted())")
    expectFrames(fx.frames(views), expected, "direct")
    fx.set(stack, "generate_constraints", true)
    fx.cycle()
    #expect(!fx.uisvIdentifiers([stack] + views).isEmpty)
    expectFrames(fx.frames(views), expected, "generated again")
  }

  @Test func aSpacingChangeKeepsTheSameConstraints() throws {
    let fx = try Fx()
    let window = fx.node(frame: rect(0, 0, 500, 500))
    let stack = fx.stack(in: window, frame: rect(0, 0, 200, 60), spacing: 10, generate: true)
    let views = [fx.leaf(in: stack, 30, 30), fx.leaf(in: stack, 60, 50), fx.leaf(in: stack, 90, 20)]
    fx.cycle()
    expectFrames(fx.frames(views), [rect(0, 0, 30, 60), rect(40, 0, 60, 60), rect(110, 0, 90, 60)], "spacing 10")
    let before = fx.constraints(ofAll: [stack] + views)
    let spacingBefore = before.filter { fx.identifier($0) == "UISV-spacing" }
    #expect(spacingBefore.count == 2, "two UISV-spacing constraints, got \(spacingBefore.count)")
    #expect(spacingBefore.allSatisfy { abs(fx.constant($0)) == 10 })

    fx.set(stack, "spacing", 5)
    fx.cycle()
    // 30 + 5 + 60 + 5 + 90 = 190: the last view takes 10 more.
    expectFrames(fx.frames(views), [rect(0, 0, 30, 60), rect(35, 0, 60, 60), rect(100, 0, 100, 60)], "spacing 5")
    let after = fx.constraints(ofAll: [stack] + views)
    #expect(after == before, "the handles changed: before \(before), after \(after)")
    #expect(spacingBefore.allSatisfy { abs(fx.constant($0)) == 5 }, "UISV-spacing constants: \(spacingBefore.map { fx.constant($0) })")
  }

  @Test func aCustomSpacingChangeKeepsTheSameConstraints() throws {
    let fx = try Fx()
    let stack = fx.stack(frame: rect(0, 0, 200, 60), spacing: 10, generate: true)
    let views = [fx.leaf(in: stack, 30, 30), fx.leaf(in: stack, 60, 50), fx.leaf(in: stack, 90, 20)]
    fx.cycle()
    let before = fx.constraints(ofAll: [stack] + views)
    fx.set(views[0], "spacing_after", 4)
    fx.cycle()
    // 30 + 4 + 60 + 10 + 90 = 194: the last view takes 6 more.
    expectFrames(fx.frames(views), [rect(0, 0, 30, 60), rect(34, 0, 60, 60), rect(104, 0, 96, 60)])
    #expect(fx.constraints(ofAll: [stack] + views) == before, "the handles changed")
  }

  @Test func theDescriptionDumpListsTheStackAndItsViews() throws {
    let fx = try Fx()
    let stack = fx.stack(frame: rect(0, 0, 200, 60), spacing: 10, generate: true)
    for _ in 0..<3 { _ = fx.leaf(in: stack, 30, 30) }
    fx.cycle()
    let text = fx.description(stack)
    #expect(text.split(separator: "\n").count >= 4, "dump:\n\(text)")
    #expect(!text.contains("AMBIGUOUS"), "the generated constraints leave the layout ambiguous:\n\(text)")
  }
}
