import CBrace
import Testing

/// The measure callback's cache and re-entrancy (docs/measuring.md); the layouts it gives
/// are in Tests/c/test_measure.c.
@Suite struct MeasureTests {
  /// The fitting size for a required width of 10: the callback's height for it. It asks
  /// two proposals: no limit (the intrinsic width) and 10 wide (the height).
  private func heightFor10(_ fx: Fixture, _ n: brace_node) -> Double {
    var s = brace_size()
    ok(brace_node_system_layout_size_fitting(fx.ctx, n, brace_size(width: 10, height: 0), 1000, 50, &s), fx.ctx)
    return s.height
  }

  @Test func answersAreCachedUntilTheContentIsInvalidated() {
    let fx = Fixture()
    let n = fx.node()
    let h = Hooks()
    var lines = 3.0
    h.measure = { _, _, _ in brace_size(width: 10, height: lines) }
    fx.install(h, on: n)
    #expect(heightFor10(fx, n) == 3)
    lines = 5
    // Same proposals, no invalidation: the cached answers.
    #expect(heightFor10(fx, n) == 3)
    #expect(h.count("measure") == 2)
    ok(brace_node_invalidate_intrinsic_content_size(fx.ctx, n), fx.ctx)
    #expect(heightFor10(fx, n) == 5)
    #expect(h.count("measure") == 4)
  }

  @Test func newCallbacksDropTheCachedAnswers() {
    let fx = Fixture()
    let n = fx.node()
    let first = Hooks(), second = Hooks()
    first.measure = { _, _, _ in brace_size(width: 10, height: 3) }
    second.measure = { _, _, _ in brace_size(width: 10, height: 7) }
    fx.install(first, on: n)
    #expect(heightFor10(fx, n) == 3)
    fx.install(second, on: n)
    #expect(heightFor10(fx, n) == 7)
    ok(brace_node_set_callbacks(fx.ctx, n, nil), fx.ctx)
    // Without a callback a leaf with no intrinsic size wants nothing.
    #expect(heightFor10(fx, n) == 0)
  }

  @Test func measuringItselfFromItsCallbackAnswersWithoutTheCallback() {
    let fx = Fixture()
    let n = fx.node()
    let h = Hooks()
    var inner = -1.0
    h.measure = { ctx, node, _ in
      var s = brace_size()
      ok(brace_node_system_layout_size_fitting(ctx, node, brace_size(width: 10, height: 0), 1000, 50, &s), ctx)
      inner = s.height
      return brace_size(width: 10, height: 4)
    }
    fx.install(h, on: n)
    #expect(heightFor10(fx, n) == 4)
    #expect(inner == 0)
    // Once per proposal of the outer fitting size, never from the inner one.
    #expect(h.count("measure") == 2)
  }

  @Test func aMeasureCallbackCannotDestroyItsNode() {
    let fx = Fixture()
    let n = fx.node()
    let h = Hooks()
    var status = BRACE_OK
    h.measure = { ctx, node, _ in
      status = brace_node_destroy(ctx, node)
      return brace_size(width: 1, height: 2)
    }
    fx.install(h, on: n)
    #expect(heightFor10(fx, n) == 2)
    #expect(status == BRACE_E_REENTRANCY)
    #expect(brace_node_is_alive(fx.ctx, n))
  }

  @Test func aBadAnswerIsReportedOncePerProposal() {
    let fx = Fixture()
    let n = fx.node()
    let h = Hooks()
    h.measure = { _, _, _ in brace_size(width: -.infinity, height: 2) }
    fx.install(h, on: n)
    var s = brace_size()
    ok(brace_node_system_layout_size_fitting(fx.ctx, n, brace_size(width: 0, height: 0), 50, 50, &s), fx.ctx)
    // No measured width (0 from nothing) and the height answered.
    #expect(s.width == 0 && s.height == 2)
    ok(brace_node_system_layout_size_fitting(fx.ctx, n, brace_size(width: 0, height: 0), 50, 50, &s), fx.ctx)
    let reports = fx.diagnostics.of(BRACE_DIAGNOSTIC_PLUGIN)
    #expect(reports.count == 1)
    #expect(reports.first?.message.contains("a width of -inf") == true)
    #expect(reports.first?.nodes == [n])
  }
}
