// Animated layout changes (Animation/): the timing math directly, then a few cases end to
// end through the C ABI. Expected values are worked out independently of the code: the
// Bézier ones by a 50-digit bisection of x(s) = u (mpmath; x(s) = 3(1-s)²s·x1 +
// 3(1-s)s²·x2 + s³, then y(s) likewise), the spring ones from the closed forms in the
// comments; test_animation.c shows the same arithmetic.
@testable import Brace
import CBrace
import Testing

/// x(s) of the Bézier from (0, 0) to (1, 1) through (x1, ·), (x2, ·).
private func bezierX(_ s: Double, _ x1: Double, _ x2: Double) -> Double {
  3 * (1 - s) * (1 - s) * s * x1 + 3 * (1 - s) * s * s * x2 + s * s * s
}

@Suite struct TimingTests {
  // MARK: named curves

  /// y at u = 1/4, 1/2, 3/4 for Core Animation's control points.
  @Test(arguments: [
    (BRACE_CURVE_EASE_IN_OUT, [0.12916193104731981165, 0.5, 0.87083806895268018835]),
    (BRACE_CURVE_EASE_IN, [0.093464650718824859243, 0.31535681257253930426, 0.62186186917489020266]),
    (BRACE_CURVE_EASE_OUT, [0.37813813082510979734, 0.68464318742746069574, 0.90653534928117514076]),
    (BRACE_CURVE_LINEAR, [0.25, 0.5, 0.75]),
  ])
  func namedCurves(curve: brace_animation_curve, expected: [Double]) throws {
    let (x1, y1, x2, y2) = try #require(Timing.named(curve))
    let t = Timing.bezier(x1, y1, x2, y2)
    for (k, u) in [0.25, 0.5, 0.75].enumerated() {
      #expect(abs(t.progress(u) - expected[k]) <= 1e-12, "curve \(curve.rawValue) at u = \(u): \(t.progress(u))")
    }
    // Exactly 0 and 1 at the ends, clamped beyond them.
    #expect(t.progress(0) == 0 && t.progress(1) == 1)
    #expect(t.progress(-3) == 0 && t.progress(7) == 1)
  }

  @Test func controlPointsAreCoreAnimations() throws {
    let expected: [(brace_animation_curve, [Double])] = [
      (BRACE_CURVE_EASE_IN_OUT, [0.42, 0, 0.58, 1]), (BRACE_CURVE_EASE_IN, [0.42, 0, 1, 1]),
      (BRACE_CURVE_EASE_OUT, [0, 0, 0.58, 1]), (BRACE_CURVE_LINEAR, [0, 0, 1, 1]),
    ]
    for (curve, points) in expected {
      let (x1, y1, x2, y2) = try #require(Timing.named(curve))
      #expect([x1, y1, x2, y2] == points, "curve \(curve.rawValue)")
    }
    #expect(Timing.named(BRACE_CURVE_CUBIC_BEZIER) == nil && Timing.named(BRACE_CURVE_SPRING) == nil)
  }

  // MARK: the Bézier solver where x is flat

  /// (0, 0.5, 1, 0.5): x(s) = 3s² - 2s³ has slope 0 at both ends, where Newton's method
  /// cannot step; ease-out (x1 = 0) is flat at the start, ease-in (x2 = 1) at the end.
  @Test(arguments: [
    (0.0, 0.5, 1.0, 0.5, 1e-9, 0.000027385794544460774304),
    (0.0, 0.5, 1.0, 0.5, 1e-6, 0.000865692150688059745),
    (0.0, 0.5, 1.0, 0.5, 0.25, 0.36452773349960447672),
    (0.0, 0.5, 1.0, 0.5, 0.75, 0.63547226650039552328),
    (0.0, 0.5, 1.0, 0.5, 0.999999, 0.99913430784931194025),
    (0.0, 0.5, 1.0, 0.5, 0.999999999, 0.99997261420545553923),
    (0.0, 0.0, 0.58, 1.0, 1e-9, 1.7241279539404307435e-9),
    (0.0, 0.0, 0.58, 1.0, 1e-6, 1.7238222797774577383e-6),
    (0.42, 0.0, 1.0, 1.0, 0.999999, 0.99999827617772022254),
    (0.42, 0.0, 1.0, 1.0, 0.999999999, 0.99999999827587204606),
  ])
  func solverNearFlatSlopes(x1: Double, y1: Double, x2: Double, y2: Double, u: Double, y: Double) {
    let t = Timing.bezier(x1, y1, x2, y2)
    guard case let .bezier(ax, bx, cx, _, _, _) = t else {
      Issue.record("(\(x1), \(y1), \(x2), \(y2)) is not a Bézier timing")
      return
    }
    let s = Timing.solve(u, ax, bx, cx)
    #expect(s >= 0 && s <= 1)
    // Solved to within 1e-14 in x; where the slope is 1e-4, y then moves 1e-10 at most.
    #expect(abs(bezierX(s, x1, x2) - u) <= 1e-14, "x(\(s)) = \(bezierX(s, x1, x2)), u = \(u)")
    #expect(abs(t.progress(u) - y) <= 1e-9, "y at u = \(u): \(t.progress(u)), expected \(y)")
  }

  @Test func controlPointsOnTheDiagonalAreLinear() {
    guard case .linear = Timing.bezier(0.3, 0.3, 0.8, 0.8) else {
      Issue.record("(0.3, 0.3, 0.8, 0.8) is y = x")
      return
    }
  }

  // MARK: springs

  /// The stiffness is the smallest ω whose envelope at the duration is 1e-3:
  /// ζ = 1, v0 = 0: (1 + ωd)e^(-ωd) = 1e-3, ωd = 9.23341347645158573 (findroot);
  /// ζ < 1, v0 = 0: e^(-ζωd) / sqrt(1 - ζ²) = 1e-3, ω = ln(1000 / sqrt(1 - ζ²)) / (ζd):
  /// 14.103192630416055 at ζ = 0.5, 27.760098158203691 at ζ = 0.25.
  @Test(arguments: [(1.0, 1.0, 9.23341347645158573), (1.0, 2.0, 9.23341347645158573 / 2),
                    (0.5, 1.0, 14.103192630416055), (0.25, 1.0, 27.760098158203691),
                    (0.25, 0.5, 2 * 27.760098158203691)])
  func springStiffness(zeta: Double, duration: Double, omega: Double) {
    guard case let .spring(z, w, v0, d) = Timing.spring(zeta: zeta, velocity: 0, duration: duration) else {
      Issue.record("not a spring")
      return
    }
    #expect(z == zeta && v0 == 0 && d == duration)
    #expect(abs(w - omega) <= 1e-10 * omega, "ω = \(w), expected \(omega)")
  }

  /// p(u) at u = 1/4 of a 1-s spring: ζ = 1: 1 - e^(-ω/4)(1 + ω/4) = 0.67106751928576507;
  /// ζ = 0.5: 1 - e^(-ζω/4)(cos(ω_d/4) + ζω/ω_d sin(ω_d/4)) = 1.1621600960186401 (over 1);
  /// its first peak, at t = π/ω_d = 0.25721826422797848, is 1 + e^(-ζπ/sqrt(1 - ζ²)) =
  /// 1.1630335348215805.
  @Test func springValues() {
    let critical = Timing.spring(zeta: 1, velocity: 0, duration: 1)
    let half = Timing.spring(zeta: 0.5, velocity: 0, duration: 1)
    #expect(abs(critical.progress(0.25) - 0.67106751928576507) <= 1e-11)
    #expect(abs(half.progress(0.25) - 1.1621600960186401) <= 1e-11)
    #expect(abs(half.progress(0.25721826422797848) - 1.1630335348215805) <= 1e-11)
    // Within 0.1% of the end from the duration on (ζ = 1 exactly 0.1% at it), landing exactly.
    #expect(abs(critical.progress(1 - 1e-12) - 1) <= 1e-3 * (1 + 1e-9))
    #expect(abs(critical.progress(1 - 1e-12) - 1) >= 1e-3 * (1 - 1e-9))
    #expect(abs(half.progress(1 - 1e-12) - 1) <= 1e-3)
    #expect(critical.progress(1) == 1 && half.progress(1) == 1)
    // ζ = 1 never overshoots; it rises all the way.
    var previous = 0.0
    for k in 1...1000 {
      let p = critical.progress(Double(k) / 1000)
      #expect(p >= previous && p <= 1)
      previous = p
    }
  }

  /// The initial velocity is the slope at 0 in distances per second: dp/du = v0 · duration.
  @Test(arguments: [(0.5, 4.0, 1.0), (0.5, 0.0, 1.0), (1.0, -2.0, 1.0), (0.7, 3.0, 0.5)])
  func springInitialVelocity(zeta: Double, v0: Double, duration: Double) {
    let t = Timing.spring(zeta: zeta, velocity: v0, duration: duration)
    let h = 1e-8
    let slope = t.progress(h) / h
    #expect(abs(slope - v0 * duration) <= 1e-3, "slope \(slope), expected \(v0 * duration)")
  }

  @Test func zeroDurationSpringIsLinear() {
    guard case .linear = Timing.spring(zeta: 0.5, velocity: 1, duration: 0) else {
      Issue.record("a spring of no duration has nothing to tune")
      return
    }
  }
}

// MARK: - End to end, through the C ABI

/// Completions recorded through their user data.
private final class Completions {
  var log: [(id: Int, finished: Bool)] = []
}

private nonisolated(unsafe) var completions = Completions()

private let recordCompletion: brace_animation_completion_fn = { _, finished, userData in
  completions.log.append((Int(bitPattern: userData), finished))
}

private func params(_ duration: Double, _ curve: brace_animation_curve, id: Int? = nil) -> brace_animation_params {
  var p = brace_animation_params()
  p.struct_size = UInt32(MemoryLayout<brace_animation_params>.size)
  p.duration = duration
  p.curve = curve
  p.control_points = (0.42, 0, 0.58, 1)
  p.damping_ratio = 1
  if let id {
    p.completion = recordCompletion
    p.user_data = UnsafeMutableRawPointer(bitPattern: id)
  }
  return p
}

extension Fixture {
  func presentation(_ n: brace_node, _ t: Double) -> brace_rect {
    var r = brace_rect()
    ok(brace_node_get_presentation_frame(ctx, n, t, &r), ctx)
    return r
  }

  func begin(_ p: brace_animation_params, at now: Double, sourceLocation: SourceLocation = #_sourceLocation) {
    var p = p
    ok(brace_context_begin_animation(ctx, &p, now), ctx, sourceLocation: sourceLocation)
  }

  func commit(sourceLocation: SourceLocation = #_sourceLocation) {
    ok(brace_context_commit_animation(ctx), ctx, sourceLocation: sourceLocation)
  }

  func tick(_ now: Double) -> Int {
    var remaining = -1
    ok(brace_context_tick(ctx, now, &remaining), ctx)
    return remaining
  }

  func depth() -> UInt32 {
    var d: UInt32 = 99
    ok(brace_context_get_animation_depth(ctx, &d), ctx)
    return d
  }
}

private func near(_ a: brace_rect, _ b: brace_rect, _ tol: Double = 1e-9) -> Bool {
  abs(a.x - b.x) <= tol && abs(a.y - b.y) <= tol && abs(a.width - b.width) <= tol && abs(a.height - b.height) <= tol
}

@Suite(.serialized) struct AnimationABITests {
  /// UIKit's recipe: the constant of view.left == root.left + 10 becomes 110 inside a
  /// 2-s ease-in-out transaction; x = 10 + 100·y(u), y(1/4) = 0.12916193104731981.
  @Test func recipe() {
    let fx = Fixture()
    let root = fx.node()
    fx.setFrame(root, rect(0, 0, 400, 300))
    let view = fx.node(in: root)
    ok(brace_node_set_translates_autoresizing_mask(fx.ctx, view, false), fx.ctx)
    var c = [brace_constraint](repeating: 0, count: 4)
    ok(brace_constraint_create(fx.ctx, view, BRACE_ATTR_LEFT, BRACE_RELATION_EQUAL, root, BRACE_ATTR_LEFT, 1, 10, &c[0]), fx.ctx)
    ok(brace_constraint_create(fx.ctx, view, BRACE_ATTR_TOP, BRACE_RELATION_EQUAL, root, BRACE_ATTR_TOP, 1, 20, &c[1]), fx.ctx)
    ok(brace_constraint_create(fx.ctx, view, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 1, 100, &c[2]), fx.ctx)
    ok(brace_constraint_create(fx.ctx, view, BRACE_ATTR_HEIGHT, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 1, 50, &c[3]), fx.ctx)
    ok(brace_constraints_activate(fx.ctx, c, 4), fx.ctx)

    completions = Completions()
    ok(brace_node_layout_if_needed(fx.ctx, root), fx.ctx)
    #expect(same(fx.frame(view), rect(10, 20, 100, 50)))
    fx.begin(params(2, BRACE_CURVE_EASE_IN_OUT, id: 7), at: 10)
    ok(brace_constraint_set_constant(fx.ctx, c[0], 110), fx.ctx)
    ok(brace_node_layout_if_needed(fx.ctx, root), fx.ctx)
    fx.commit()
    #expect(same(fx.frame(view), rect(110, 20, 100, 50)))
    #expect(same(fx.presentation(view, 10), rect(10, 20, 100, 50)))
    #expect(near(fx.presentation(view, 10.5), rect(22.916193104731981, 20, 100, 50)))
    #expect(near(fx.presentation(view, 11), rect(60, 20, 100, 50)))
    #expect(same(fx.presentation(view, 12), rect(110, 20, 100, 50)))

    var buffer = [brace_presented_frame](repeating: brace_presented_frame(), count: 4)
    var count = 0
    ok(brace_context_sample_animations(fx.ctx, 11, &buffer, 4, &count), fx.ctx)
    #expect(count == 1 && buffer[0].node == view && same(buffer[0].frame, fx.presentation(view, 11)))

    #expect(fx.tick(11) == 1)
    #expect(completions.log.isEmpty)
    #expect(fx.tick(12) == 0)
    #expect(completions.log.count == 1 && completions.log[0].id == 7 && completions.log[0].finished)
  }

  /// An additive interruption at t = 0.5 of a 1-s linear move 0 -> 100 by a move to 300:
  /// shown at 50 just before and just after; the first completes finished at 1.
  @Test func interruptionIsContinuous() {
    let fx = Fixture()
    let n = fx.node()
    fx.setFrame(n, rect(0, 0, 10, 10))
    completions = Completions()
    fx.begin(params(1, BRACE_CURVE_LINEAR, id: 1), at: 0)
    fx.setFrame(n, rect(100, 0, 10, 10))
    fx.commit()
    let before = fx.presentation(n, 0.5)
    fx.begin(params(1, BRACE_CURVE_LINEAR, id: 2), at: 0.5)
    fx.setFrame(n, rect(300, 0, 10, 10))
    fx.commit()
    #expect(near(before, rect(50, 0, 10, 10)))
    #expect(near(fx.presentation(n, 0.5), before))
    // t = 1: the first has ended; the second, u = 1/2: 300 - 200 / 2.
    #expect(near(fx.presentation(n, 1), rect(200, 0, 10, 10)))
    #expect(fx.tick(1) == 1)
    #expect(completions.log.count == 1 && completions.log[0].id == 1 && completions.log[0].finished)
    #expect(fx.tick(1.5) == 0)
    #expect(completions.log.count == 2 && completions.log[1].id == 2 && completions.log[1].finished)
  }

  /// Refused input changes nothing: the depth, the clock (a later begin at an earlier time
  /// than the refused one still works) and the animating set.
  @Test func badInputChangesNothing() {
    let fx = Fixture()
    let n = fx.node()
    fx.setFrame(n, rect(0, 0, 10, 10))
    var p = params(.nan, BRACE_CURVE_LINEAR)
    #expect(brace_context_begin_animation(fx.ctx, &p, 100) == BRACE_E_INVALID_ARGUMENT)
    #expect(lastError(fx.ctx).contains("duration"))
    p = params(1, BRACE_CURVE_SPRING)
    p.damping_ratio = 1.5
    #expect(brace_context_begin_animation(fx.ctx, &p, 100) == BRACE_E_INVALID_ARGUMENT)
    #expect(lastError(fx.ctx).contains("damping_ratio"))
    p = params(-1, BRACE_CURVE_LINEAR)
    #expect(brace_context_begin_animation(fx.ctx, &p, 100) == BRACE_E_INVALID_ARGUMENT)
    #expect(fx.depth() == 0)
    fx.begin(params(1, BRACE_CURVE_LINEAR), at: 5)
    #expect(brace_context_tick(fx.ctx, 6, nil) == BRACE_E_INVALID_STATE)
    fx.setFrame(n, rect(10, 0, 10, 10))
    fx.commit()
    #expect(brace_context_tick(fx.ctx, 4, nil) == BRACE_E_INVALID_ARGUMENT)
    #expect(lastError(fx.ctx).contains("backwards"))
    #expect(brace_context_commit_animation(fx.ctx) == BRACE_E_INVALID_STATE)
    #expect(near(fx.presentation(n, 5.5), rect(5, 0, 10, 10)))
    #expect(fx.tick(6) == 0)
  }
}
