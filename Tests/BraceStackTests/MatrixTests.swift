// Every distribution x every alignment x both axes x content that fits exactly, overflows
// (compression) and underflows (stretching), on both paths. Along the axis and across it
// the rules of docs/stack.md are independent, so the expected frames are composed from two
// hand-written tables: the main-axis spans per (distribution, fit) and the cross-axis spans
// per (axis, alignment).
import CBrace
import Testing

/// How the content compares with the canvas along the axis.
enum Fit: String, Sendable, CaseIterable { case exact, underflow, overflow }

/// A position and a length on one axis.
struct Span: Sendable {
  var position: Double
  var length: Double
  init(_ position: Double, _ length: Double) { self.position = position; self.length = length }
}

/// The three arranged views of the matrix, as (main-axis, cross-axis) content sizes:
///   view 0: main 30, cross 30, main hugging 250; baselines first 20, last 6
///   view 1: main 60, cross 50, main hugging 200 (the lowest); baselines first 30, last 10
///   view 2: main 90, cross 20, main hugging 250; baselines unset
/// Main compression resistance 750 for each (a tie: the last view gives way). Spacing 10,
/// so the natural length is 30 + 60 + 90 + 2 * 10 = 200. The cross canvas is 60.
enum Matrix {
  static let main: [Double] = [30, 60, 90]
  static let cross: [Double] = [30, 50, 20]
  static let spacing = 10.0
  static let crossCanvas = 60.0

  /// The canvas length of each fit.
  static func canvas(_ fit: Fit) -> Double {
    switch fit {
    case .exact: 200
    case .underflow: 260  // 60 more than needed
    case .overflow: 140  // 60 less than needed
    }
  }

  /// Main-axis spans, by hand.
  static func mainSpans(_ d: Distribution, _ fit: Fit) -> [Span] {
    switch (fit, d) {
    // C = 200: the content fits exactly.
    case (.exact, .fill):
      return [Span(0, 30), Span(40, 60), Span(110, 90)]  // 0+30+10 = 40, 40+60+10 = 110, 110+90 = 200
    case (.exact, .fillEqually):
      return [Span(0, 60), Span(70, 60), Span(140, 60)]  // (200 - 20) / 3 = 60
    case (.exact, .fillProportionally):
      return [Span(0, 30), Span(40, 60), Span(110, 90)]  // 180 * L / 180 = L
    case (.exact, .equalSpacing):
      return [Span(0, 30), Span(40, 60), Span(110, 90)]  // g = (200 - 180) / 2 = 10 = spacing
    case (.exact, .equalCentering):
      // d = (200 - 15 - 45) / 2 = 70, but the second gap 70 - 30 - 45 = -5 < 10: forced;
      // m = 10+15+30 = 55 and 10+30+45 = 85 add up to 140 = 2d: every gap at its spacing.
      return [Span(0, 30), Span(40, 60), Span(110, 90)]

    // C = 260: 60 to spare.
    case (.underflow, .fill):
      return [Span(0, 30), Span(40, 120), Span(170, 90)]  // the lowest hugging (view 1) takes 60: 120
    case (.underflow, .fillEqually):
      return [Span(0, 80), Span(90, 80), Span(180, 80)]  // (260 - 20) / 3 = 80
    case (.underflow, .fillProportionally):
      return [Span(0, 40), Span(50, 80), Span(140, 120)]  // 240 * {30,60,90} / 180 = 40, 80, 120
    case (.underflow, .equalSpacing):
      return [Span(0, 30), Span(70, 60), Span(170, 90)]  // g = (260 - 180) / 2 = 40
    case (.underflow, .equalCentering):
      // d = (260 - 15 - 45) / 2 = 100; gaps 100-15-30 = 55 and 100-30-45 = 25, both >= 10:
      // centers 15, 115, 215.
      return [Span(0, 30), Span(85, 60), Span(170, 90)]

    // C = 140: 60 short.
    case (.overflow, .fill):
      return [Span(0, 30), Span(40, 60), Span(110, 30)]  // compression tie: the last view, 90 - 60 = 30
    case (.overflow, .fillEqually):
      return [Span(0, 40), Span(50, 40), Span(100, 40)]  // (140 - 20) / 3 = 40
    case (.overflow, .fillProportionally):
      return [Span(0, 20), Span(30, 40), Span(80, 60)]  // 120 * {30,60,90} / 180 = 20, 40, 60
    case (.overflow, .equalSpacing):
      return [Span(0, 30), Span(40, 60), Span(110, 30)]  // g < 10: gaps 10, the last view takes the 60
    case (.overflow, .equalCentering):
      return [Span(0, 30), Span(40, 60), Span(110, 30)]  // even d_i = m_i does not fit: as fill
    }
  }

  /// Cross-axis spans, by hand (canvas 60; content 30, 50, 20).
  static func crossSpans(_ axis: Axis, _ a: Alignment) -> [Span] {
    switch (axis, a) {
    case (_, .fill):
      return [Span(0, 60), Span(0, 60), Span(0, 60)]
    case (_, .leading), (.vertical, .firstBaseline), (.vertical, .lastBaseline):
      return [Span(0, 30), Span(0, 50), Span(0, 20)]  // a vertical stack's baselines behave as leading
    case (_, .center):
      return [Span(15, 30), Span(5, 50), Span(20, 20)]  // (60 - h) / 2
    case (_, .trailing):
      return [Span(30, 30), Span(10, 50), Span(40, 20)]  // 60 - h
    case (.horizontal, .firstBaseline):
      // First baselines 20, 30 and 20 (unset: the bottom) below the tops; view 1's top is
      // the highest, at 0, so the line is at 30: tops 30-20, 0, 30-20.
      return [Span(10, 30), Span(0, 50), Span(10, 20)]
    case (.horizontal, .lastBaseline):
      // Last baselines at 30-6 = 24, 50-10 = 40 and 20-0 = 20 below the tops; view 1 is the
      // highest, so the line is at 40: tops 40-24, 0, 40-20.
      return [Span(16, 30), Span(0, 50), Span(20, 20)]
    }
  }

  static func scenario(_ c: MatrixCase) -> Scenario {
    let horizontal = c.axis == .horizontal
    let mainHug: [Float] = [250, 200, 250]
    let baselines: [(Double?, Double?)] = [(20, 6), (30, 10), (nil, nil)]
    var views: [V] = []
    for k in 0..<3 {
      var v = horizontal ? V(main[k], cross[k], hugH: mainHug[k]) : V(cross[k], main[k], hugV: mainHug[k])
      v.first = baselines[k].0
      v.last = baselines[k].1
      views.append(v)
    }
    let m = mainSpans(c.distribution, c.fit), x = crossSpans(c.axis, c.alignment)
    let expected = (0..<3).map { k in
      horizontal ? rect(m[k].position, x[k].position, m[k].length, x[k].length)
        : rect(x[k].position, m[k].position, x[k].length, m[k].length)
    }
    let length = canvas(c.fit)
    return Scenario(
      name: "\(c)", axis: c.axis, distribution: c.distribution, alignment: c.alignment, spacing: spacing,
      width: horizontal ? length : crossCanvas, height: horizontal ? crossCanvas : length, views: views, expected: expected)
  }
}

struct MatrixCase: Sendable, CustomStringConvertible, CustomTestStringConvertible {
  var axis: Axis
  var distribution: Distribution
  var alignment: Alignment
  var fit: Fit
  var description: String { "\(axis.rawValue) \(distribution.rawValue) \(alignment.rawValue) \(fit.rawValue)" }
  var testDescription: String { description }

  static let all: [MatrixCase] = Axis.allCases.flatMap { axis in
    Distribution.allCases.flatMap { d in
      Alignment.allCases.flatMap { a in Fit.allCases.map { MatrixCase(axis: axis, distribution: d, alignment: a, fit: $0) } }
    }
  }
}

@Suite struct DistributionAlignmentMatrix {
  @Test func theMatrixHasEveryCombination() {
    #expect(MatrixCase.all.count == 2 * 5 * 6 * 3)
  }

  /// Each combination on the direct path and on the generated-constraint path, against the
  /// hand-composed frames (so the two paths agree with each other too).
  @Test(arguments: MatrixCase.all)
  func frames(_ c: MatrixCase) throws {
    try check(Matrix.scenario(c))
  }
}
