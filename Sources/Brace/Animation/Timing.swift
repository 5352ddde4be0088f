import CBrace
import CBraceLibc

/// A timing curve: how far along (0 at the start, 1 at the end) an animation is at a
/// fraction of its duration. Cubic Béziers (the named curves are Core Animation's) and
/// damped springs settling within the duration.
enum Timing {
  /// x(s) = ((ax·s + bx)·s + cx)·s, y(s) likewise: the Bézier from (0, 0) to (1, 1)
  /// through (x1, y1), (x2, y2) in polynomial form.
  case bezier(ax: Double, bx: Double, cx: Double, ay: Double, by: Double, cy: Double)
  case linear
  /// 1 - e^(-ζωτ)(cos(ω_d τ) + (ζω - v0)/ω_d · sin(ω_d τ)) for ζ < 1, with
  /// ω_d = ω√(1 - ζ²); 1 - e^(-ωτ)(1 + (ω - v0)τ) for ζ = 1; τ in seconds.
  case spring(zeta: Double, omega: Double, v0: Double, duration: Double)

  static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Timing {
    if x1 == y1 && x2 == y2 { return .linear }
    let cx = 3 * x1, bx = 3 * (x2 - x1) - cx, ax = 1 - cx - bx
    let cy = 3 * y1, by = 3 * (y2 - y1) - cy, ay = 1 - cy - by
    return .bezier(ax: ax, bx: bx, cx: cx, ay: ay, by: by, cy: cy)
  }

  /// Core Animation's control points of the named curves.
  static func named(_ curve: brace_animation_curve) -> (Double, Double, Double, Double)? {
    switch curve {
    case BRACE_CURVE_EASE_IN_OUT: return (0.42, 0, 0.58, 1)
    case BRACE_CURVE_EASE_IN: return (0.42, 0, 1, 1)
    case BRACE_CURVE_EASE_OUT: return (0, 0, 0.58, 1)
    case BRACE_CURVE_LINEAR: return (0, 0, 1, 1)
    default: return nil
    }
  }

  /// How close to its end a spring is at the end of its duration, as a fraction of the
  /// distance: it then lands exactly.
  static let springTolerance = 1e-3

  /// A spring of damping ratio `zeta` and initial velocity `v0` (distances per second)
  /// stiff enough that, from `duration` on, it stays within `springTolerance` of its end:
  /// the smallest natural frequency ω whose envelope at `duration` is that small, found
  /// by doubling and bisection.
  static func spring(zeta: Double, velocity v0: Double, duration: Double) -> Timing {
    guard duration > 0 else { return .linear }
    func envelope(_ w: Double) -> Double {
      if zeta >= 1 { return (1 + abs(w - v0) * duration) * exp(-w * duration) }
      let wd = w * (1 - zeta * zeta).squareRoot()
      let b = (zeta * w - v0) / wd
      return (1 + b * b).squareRoot() * exp(-zeta * w * duration)
    }
    // The critically damped envelope grows until ωτ = 1: start past that point.
    var lo = 1 / duration, hi = lo
    while envelope(hi) > springTolerance && hi < 1e12 {
      lo = hi
      hi *= 2
    }
    for _ in 0..<60 where hi - lo > 1e-12 * hi {
      let mid = (lo + hi) / 2
      if envelope(mid) > springTolerance { lo = mid } else { hi = mid }
    }
    return .spring(zeta: zeta, omega: hi, v0: v0, duration: duration)
  }

  /// Progress at fraction `u` of the duration, u clamped to [0, 1]; exactly 0 at 0 and 1
  /// at 1.
  @inline(__always)
  func progress(_ u: Double) -> Double {
    if u <= 0 { return 0 }
    if u >= 1 { return 1 }
    switch self {
    case .linear:
      return u
    case let .bezier(ax, bx, cx, ay, by, cy):
      let s = Timing.solve(u, ax, bx, cx)
      return ((ay * s + by) * s + cy) * s
    case let .spring(zeta, w, v0, duration):
      let t = u * duration
      if zeta >= 1 { return 1 - exp(-w * t) * (1 + (w - v0) * t) }
      let wd = w * (1 - zeta * zeta).squareRoot()
      return 1 - exp(-zeta * w * t) * (cos(wd * t) + (zeta * w - v0) / wd * sin(wd * t))
    }
  }

  /// The parameter s in [0, 1] with x(s) = x: Newton's method from s = x, then bisection
  /// when the slope is too flat (x1 or x2 at the ends of [0, 1]). x is increasing on
  /// [0, 1] since x1 and x2 are in [0, 1].
  static func solve(_ x: Double, _ ax: Double, _ bx: Double, _ cx: Double) -> Double {
    var s = x
    for _ in 0..<8 {
      let e = ((ax * s + bx) * s + cx) * s - x
      if abs(e) < 1e-14 { return s }
      let d = (3 * ax * s + 2 * bx) * s + cx
      if abs(d) < 1e-6 { break }
      s -= e / d
      if !(s >= 0 && s <= 1) { break }
    }
    var lo = 0.0, hi = 1.0
    s = x
    for _ in 0..<64 {
      let v = ((ax * s + bx) * s + cx) * s
      if abs(v - x) < 1e-14 { return s }
      if v < x { lo = s } else { hi = s }
      s = (lo + hi) / 2
    }
    return s
  }
}
