// brace_context_reset's storage rule, which the C ABI cannot see: the record arrays keep
// their storage up to KeptParts.cap (1 MB) in all, and a larger peak is freed.
// test_context_reset.c tests what the reset context answers.
@testable import Brace
import CBrace
import Testing

@Suite struct ContextResetTests {
  private func context(_ fx: Fixture) -> Context {
    Unmanaged<Context>.fromOpaque(UnsafeRawPointer(fx.ctx)).takeUnretainedValue()
  }

  /// `count` constraints x_k >= k on as many variables.
  private func fill(_ fx: Fixture, _ count: Int) {
    for k in 0..<count {
      var v: brace_variable = 0
      ok(brace_variable_create(fx.ctx, &v), fx.ctx)
      var one = 1.0
      var c: brace_constraint = 0
      ok(brace_constraint_add_on_variables(fx.ctx, &v, &one, 1, BRACE_RELATION_GREATER_EQUAL, Double(k), 1000, &c), fx.ctx)
    }
  }

  @Test func aSmallSystemsArraysKeepTheirStorage() {
    let fx = Fixture()
    fill(fx, 100)
    let c = context(fx)
    let held = c.bridge.constraints.capacity
    #expect(held >= 100)
    ok(brace_context_reset(fx.ctx), fx.ctx)
    #expect(c.bridge.constraints.isEmpty && c.bridge.variables.isEmpty && c.bridge.variableOwner.isEmpty)
    #expect(c.bridge.constraints.capacity == held)
    #expect(c.bridge.variables.capacity >= 100)
    // Filled again as before: the constraints' array is not grown (the same storage).
    fill(fx, 100)
    #expect(c.bridge.constraints.capacity == held)
  }

  @Test func aLargePeakIsFreed() {
    let fx = Fixture()
    // Enough constraint records alone to pass the 1 MB cap.
    let count = KeptParts.cap / MemoryLayout<ConstraintRecord>.stride + 1
    fill(fx, count)
    let c = context(fx)
    #expect(c.bridge.constraints.capacity >= count)
    ok(brace_context_reset(fx.ctx), fx.ctx)
    #expect(c.bridge.constraints.capacity == 0 && c.bridge.variables.capacity == 0)
    #expect(c.bridge.variableOwner.capacity == 0)
    // The strategies stay: the solver is there again at the next variable.
    var n = 0
    ok(brace_context_get_strategy_count(fx.ctx, &n), fx.ctx)
    fill(fx, 3)
    var after = 0
    ok(brace_context_get_strategy_count(fx.ctx, &after), fx.ctx)
    #expect(after == n)
  }
}
