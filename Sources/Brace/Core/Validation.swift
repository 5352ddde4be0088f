import CBrace

/// Checks on numbers that arrive from C: geometry must be finite, sizes non-negative.
enum Check {
  // Names are autoclosures: a check that passes builds no message (set_frame is hot).
  static func finite(_ v: Double, _ name: @autoclosure () -> String) throws(BraceError) {
    guard v.isFinite else { throw .invalidArgument("\(name()) must be finite, got \(v)") }
  }

  /// A weight within a priority level: 1e-3...1e6. The solver's zero threshold is
  /// absolute (1e-8): a smaller weight times a small multiplier would fall under it, a
  /// larger one leaves rounding residue near it (docs/solver.md, Weights).
  static func weight(_ w: Double, _ name: @autoclosure () -> String) throws(BraceError) {
    guard isWeight(w) else {
      throw .invalidArgument("\(name()) must be a finite number in 1e-3...1e6, got \(w)")
    }
  }

  /// Whether `weight` accepts `w`, without a message (NaN fails the comparisons).
  @inline(__always)
  static func isWeight(_ w: Double) -> Bool { w >= 1e-3 && w <= 1e6 }

  /// Whether `rect` accepts `r`, without a message: finite, a size >= 0, edges finite (a
  /// width of infinity makes x + width infinite; NaN fails the comparisons).
  @inline(__always)
  static func isValidRect(_ r: brace_rect) -> Bool {
    r.x.isFinite && r.y.isFinite && r.width >= 0 && r.height >= 0 && (r.x + r.width).isFinite && (r.y + r.height).isFinite
  }

  static func rect(_ r: brace_rect, _ name: @autoclosure () -> String) throws(BraceError) {
    try finite(r.x, "\(name()).x")
    try finite(r.y, "\(name()).y")
    try finite(r.width, "\(name()).width")
    try finite(r.height, "\(name()).height")
    guard r.width >= 0, r.height >= 0 else {
      throw .invalidArgument("\(name()) has a negative size (\(r.width) x \(r.height))")
    }
    // Edges and centers are derived by adding: they must stay finite too.
    guard (r.x + r.width).isFinite, (r.y + r.height).isFinite else {
      throw .invalidArgument("\(name()) reaches past the largest finite coordinate (x + width or y + height overflows)")
    }
  }

  /// A rectangle computed from valid inputs that still overflowed.
  static func derived(_ r: brace_rect, _ what: @autoclosure () -> String) throws(BraceError) {
    guard r.x.isFinite, r.y.isFinite, r.width.isFinite, r.height.isFinite,
      (r.x + r.width).isFinite, (r.y + r.height).isFinite
    else { throw .invalidArgument("\(what()) would not be finite") }
  }

  /// An intrinsic content size: each axis finite and >= 0, or BRACE_NO_INTRINSIC_METRIC.
  /// (No array of axes on the way: a build sets one per leaf.)
  static func intrinsicSize(_ size: brace_size, _ name: @autoclosure () -> String = "size") throws(BraceError) {
    func ok(_ v: Double) -> Bool { v == -1 || (v.isFinite && v >= 0) }
    if ok(size.width) && ok(size.height) { return }
    let (v, axis) = ok(size.width) ? (size.height, "height") : (size.width, "width")
    throw .invalidArgument("\(name()).\(axis) must be finite and >= 0, or BRACE_NO_INTRINSIC_METRIC (-1); got \(v)")
  }

  static func point(_ p: brace_point, _ name: @autoclosure () -> String) throws(BraceError) {
    try finite(p.x, "\(name()).x")
    try finite(p.y, "\(name()).y")
  }

  static func insets(_ i: brace_insets, _ name: @autoclosure () -> String, _ edges: (String, String, String, String) = ("top", "left", "bottom", "right")) throws(BraceError) {
    try finite(i.top, "\(name()).\(edges.0)")
    try finite(i.left, "\(name()).\(edges.1)")
    try finite(i.bottom, "\(name()).\(edges.2)")
    try finite(i.right, "\(name()).\(edges.3)")
  }

  /// The solver's tolerances are sized for layout numbers (docs/solver.md): multipliers
  /// and coefficients within ±1e6 (0, or at least 1e-6 in magnitude), constants and
  /// suggested values within ±1e9. Beyond that rounding swamps them, so such input is
  /// refused instead of silently solved wrong.
  static let maxCoefficient = 1e6
  static let minCoefficient = 1e-6
  static let maxConstant = 1e9

  static func coefficient(_ m: Double, _ name: @autoclosure () -> String) throws(BraceError) {
    guard m.isFinite else { throw .invalidArgument("\(name()) must be finite, got \(m) (rule: finite numbers only)") }
    guard m == 0 || (abs(m) <= maxCoefficient && abs(m) >= minCoefficient) else {
      throw .invalidArgument("\(name()) \(m) is outside the solver's range (0, or 1e-6...1e6 in magnitude)")
    }
  }

  static func constant(_ c: Double, _ name: @autoclosure () -> String) throws(BraceError) {
    guard c.isFinite else { throw .invalidArgument("\(name()) must be finite, got \(c) (rule: finite numbers only)") }
    guard abs(c) <= maxConstant else {
      throw .invalidArgument("\(name()) \(c) is outside the solver's range (within ±1e9)")
    }
  }

  static func priority(_ p: Float, _ name: @autoclosure () -> String) throws(BraceError) {
    guard p.isFinite, p >= 1, p <= 1000 else {
      throw .invalidArgument("\(name()) must be a priority in 1...1000, got \(p)")
    }
  }

  static func axis(_ a: brace_axis) throws(BraceError) -> Int {
    switch a {
    case BRACE_AXIS_HORIZONTAL: return 0
    case BRACE_AXIS_VERTICAL: return 1
    default: throw .invalidArgument("axis must be BRACE_AXIS_HORIZONTAL (0) or BRACE_AXIS_VERTICAL (1), got \(a.rawValue)")
    }
  }
}

extension brace_rect {
  static func == (a: brace_rect, b: brace_rect) -> Bool {
    a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height
  }
  var isEmpty: Bool { width <= 0 || height <= 0 }
  func union(_ o: brace_rect) -> brace_rect {
    if isEmpty { return o }
    if o.isEmpty { return self }
    let x0 = Swift.min(x, o.x), y0 = Swift.min(y, o.y)
    let x1 = Swift.max(x + width, o.x + o.width), y1 = Swift.max(y + height, o.y + o.height)
    return brace_rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }
}
