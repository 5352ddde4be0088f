// The calls that bindings use to drive free variables in bulk: brace_variables_get_values
// (0.2) and brace_constraint_add_on_variables (0.3).
import CBrace
import Testing

@Suite struct VariableBatchTests {
  func variable(_ fx: Fx, sourceLocation: SourceLocation = #_sourceLocation) -> brace_variable {
    var v: brace_variable = 0
    ok(brace_variable_create(fx.ctx, &v), fx.ctx, sourceLocation: sourceLocation)
    return v
  }

  func value(_ fx: Fx, _ v: brace_variable, sourceLocation: SourceLocation = #_sourceLocation) -> Double {
    var x = 0.0
    ok(brace_variable_get_value(fx.ctx, v, &x), fx.ctx, sourceLocation: sourceLocation)
    return x
  }

  func addOn(
    _ fx: Fx, _ vars: [brace_variable], _ coefficients: [Double], _ relation: brace_relation, _ constant: Double,
    priority: Float = 1000
  ) -> (brace_status, brace_constraint) {
    var c: brace_constraint = 0
    let s = brace_constraint_add_on_variables(fx.ctx, vars, coefficients, vars.count, relation, constant, priority, &c)
    return (s, c)
  }

  @Test func addOnVariablesCreatesActivatesAndPrioritizesInOneCall() throws {
    let fx = try Fx()
    let x = variable(fx), y = variable(fx)
    let (s1, sum) = addOn(fx, [x, y], [1, 1], EQ, 10)
    ok(s1, fx.ctx)
    let (s2, weak) = addOn(fx, [x], [1], EQ, 3, priority: 250)
    ok(s2, fx.ctx)
    #expect(fx.isActive(sum) && fx.isActive(weak))
    var p: Float = 0
    ok(brace_constraint_get_priority(fx.ctx, weak, &p), fx.ctx)
    #expect(p == 250)
    #expect(value(fx, x) == 3 && value(fx, y) == 7)
    // It is an ordinary constraint afterwards: its constant changes, it is destroyed.
    ok(brace_constraint_set_constant(fx.ctx, sum, 20), fx.ctx)
    #expect(value(fx, y) == 17)
    ok(brace_constraint_destroy(fx.ctx, weak), fx.ctx)
    #expect(fx.isActive(sum))
  }

  @Test func aRequiredConflictIsRefusedWithNothingAddedAndNoDiagnostic() throws {
    let fx = try Fx()
    let x = variable(fx), y = variable(fx)
    let (_, sum) = addOn(fx, [x, y], [1, 1], EQ, 10)
    let (_, pin) = addOn(fx, [x], [1], EQ, 3)
    fx.diagnostics.clear()
    let (s, c) = addOn(fx, [y], [1], EQ, 8)
    let message = expectFailure(s, BRACE_E_UNSATISFIABLE, fx.ctx, mentions: ["brace_constraint_add_on_variables", "Unable to simultaneously satisfy", "== 8", "nothing was added"])
    #expect(c == 0, "the out handle is left alone on failure")
    // It names the two it conflicts with: x + y == 10 and x == 3.
    #expect(message.contains("+ variable") && message.contains("== 10") && message.contains("== 3"), "\(message)")
    _ = sum
    #expect(fx.diagnostics.all.isEmpty, "a refusal is a status, not a diagnostic: \(fx.diagnostics.all.map(\.message))")
    #expect(fx.broken().isEmpty)
    #expect(value(fx, x) == 3 && value(fx, y) == 7)
    _ = pin
    // An optional constraint that cannot hold is simply outweighed: added.
    let (s2, soft) = addOn(fx, [y], [1], EQ, 8, priority: 999)
    ok(s2, fx.ctx)
    #expect(fx.isActive(soft) && !fx.isBroken(soft))
    #expect(value(fx, y) == 7)
  }

  @Test func aConstraintOnVariablesSumsRepeatedTermsAndReactivatesLikeAnyOther() throws {
    let fx = try Fx()
    let x = variable(fx), y = variable(fx)
    // x + x == 10 is 2x == 10: x = 5 (a repeated variable's terms add up in the row).
    ok(addOn(fx, [x, x], [1, 1], EQ, 10).0, fx.ctx)
    #expect(value(fx, x) == 5)
    // y + x - x >= 4: the x terms cancel, leaving y >= 4, which outweighs the weak y == 1.
    let (s, bound) = addOn(fx, [y, x, x], [1, 1, -1], GE, 4)
    ok(s, fx.ctx)
    let (s2, weak) = addOn(fx, [y], [1], EQ, 1, priority: 250)
    ok(s2, fx.ctx)
    #expect(value(fx, y) == 4)
    // Its terms read back as given, not as the row the solver got.
    var terms = [brace_term](repeating: brace_term(), count: 4)
    var n = 0, relation = EQ, constant = 0.0
    ok(brace_constraint_get_terms(fx.ctx, bound, &terms, 4, &n, &relation, &constant), fx.ctx)
    #expect(n == 3 && relation == GE && constant == 4)
    #expect(terms[0].item == y && terms[1].item == x && terms[2].item == x)
    #expect(terms[0].coefficient == 1 && terms[1].coefficient == 1 && terms[2].coefficient == -1)
    #expect(terms[0].attribute == BRACE_ATTR_NONE)
    // Deactivated, y follows the weak y == 1; activated again, y >= 4 holds again.
    ok(brace_constraint_deactivate(fx.ctx, bound), fx.ctx)
    #expect(!fx.isActive(bound) && value(fx, y) == 1)
    ok(brace_constraint_activate(fx.ctx, bound), fx.ctx)
    #expect(fx.isActive(bound) && value(fx, y) == 4)
    // Destroyed, it no longer holds y, nor uses y or x: with the weak y == 1 gone too, y
    // can be destroyed; x is still used by x + x == 10.
    ok(brace_constraint_destroy(fx.ctx, bound), fx.ctx)
    #expect(value(fx, y) == 1 && value(fx, x) == 5)
    ok(brace_constraint_destroy(fx.ctx, weak), fx.ctx)
    ok(brace_variable_destroy(fx.ctx, y), fx.ctx)
    // One constraint uses x, with two terms.
    expectFailure(brace_variable_destroy(fx.ctx, x), BRACE_E_INVALID_STATE, fx.ctx, mentions: ["used by 1 constraint(s)", "== 10"])
  }

  @Test func repeatedTermsSummedPastTheSolversRangeAreRefusedWithTheirDiagnostic() throws {
    let fx = try Fx()
    let x = variable(fx)
    fx.diagnostics.clear()
    // Each coefficient is within ±1e6, but the row's is 5 * 1e6 = 5e6, past the 4e6 the
    // solver is given: the constraint cannot be enforced, so it is refused.
    let (s, c) = addOn(fx, [x, x, x, x, x], [1e6, 1e6, 1e6, 1e6, 1e6], LE, 1)
    expectFailure(s, BRACE_E_UNSATISFIABLE, fx.ctx, mentions: ["Unable to satisfy constraint", "cannot enforce it", "nothing was added"])
    #expect(c == 0)
    let said = fx.diagnostics.of(BRACE_DIAGNOSTIC_UNSATISFIABLE).map(\.message)
    #expect(said.count == 1 && said[0].contains("beyond the solver's range"), "\(said)")
    #expect(fx.broken().isEmpty)
    // Two terms of 2^19 sum to 2^20 = 1048576, within range: 1048576 * x == 3145728
    // (3 * 2^20) holds at x = 3, exactly (powers of two).
    let (s2, _) = addOn(fx, [x, x], [524_288, 524_288], EQ, 3_145_728)
    ok(s2, fx.ctx)
    #expect(value(fx, x) == 3)
  }

  @Test func aDestroyedConstraintsSlotServesTheNextAddWithANewGeneration() throws {
    let fx = try Fx()
    let x = variable(fx), y = variable(fx)
    let (s1, first) = addOn(fx, [x], [1], EQ, 1)
    ok(s1, fx.ctx)
    ok(brace_constraint_destroy(fx.ctx, first), fx.ctx)
    // The slot is free again: the next constraint takes it, and the old handle stays stale.
    let (s2, second) = addOn(fx, [x, y], [1, -1], EQ, 2, priority: 750)
    ok(s2, fx.ctx)
    #expect(second != first)
    var active = false
    expectFailure(brace_constraint_is_active(fx.ctx, first, &active), BRACE_E_STALE_HANDLE, fx.ctx)
    #expect(fx.isActive(second))
    var p: Float = 0
    ok(brace_constraint_get_priority(fx.ctx, second, &p), fx.ctx)
    #expect(p == 750)
    // x - y == 2 with y pinned at 3: x = 5.
    ok(addOn(fx, [y], [1], EQ, 3).0, fx.ctx)
    #expect(value(fx, x) == 5 && value(fx, y) == 3)
  }

  @Test func addOnVariablesRefusesBadInputAndChangesNothing() throws {
    let fx = try Fx()
    let x = variable(fx)
    let w = fx.window()
    var c: brace_constraint = 0
    let one = [1.0]
    expectFailure(brace_constraint_add_on_variables(fx.ctx, [x], one, 0, EQ, 0, 1000, &c), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["1 to 64"])
    expectFailure(brace_constraint_add_on_variables(fx.ctx, [x], one, 65, EQ, 0, 1000, &c), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["1 to 64"])
    expectFailure(brace_constraint_add_on_variables(fx.ctx, nil, one, 1, EQ, 0, 1000, &c), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["variables is NULL"])
    expectFailure(brace_constraint_add_on_variables(fx.ctx, [x], nil, 1, EQ, 0, 1000, &c), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["coefficients is NULL"])
    expectFailure(brace_constraint_add_on_variables(fx.ctx, [x], one, 1, EQ, 0, 1000, nil), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["NULL"])
    expectFailure(brace_constraint_add_on_variables(fx.ctx, [w], one, 1, EQ, 0, 1000, &c), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["variables[0]", "not a variable"])
    expectFailure(brace_constraint_add_on_variables(fx.ctx, [x], [Double.nan], 1, EQ, 0, 1000, &c), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["finite"])
    expectFailure(brace_constraint_add_on_variables(fx.ctx, [x], one, 1, EQ, .infinity, 1000, &c), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["finite"])
    expectFailure(brace_constraint_add_on_variables(fx.ctx, [x], one, 1, EQ, 0, 0, &c), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["priority"])
    expectFailure(brace_constraint_add_on_variables(fx.ctx, [x], one, 1, brace_relation(rawValue: 7), 0, 1000, &c), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["relation"])
    expectFailure(brace_constraint_add_on_variables(fx.ctx, [x], [0.0], 1, EQ, 0, 1000, &c), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["every coefficient is 0"])
    let gone = variable(fx)
    ok(brace_variable_destroy(fx.ctx, gone), fx.ctx)
    expectFailure(brace_constraint_add_on_variables(fx.ctx, [gone], one, 1, EQ, 0, 1000, &c), BRACE_E_STALE_HANDLE, fx.ctx, mentions: ["stale"])
    #expect(c == 0)
    // Nothing was left behind: the variable is unused, so it can be destroyed.
    ok(brace_variable_destroy(fx.ctx, x), fx.ctx)
  }

  @Test func getValuesReadsManyAndChecksEveryHandleFirst() throws {
    let fx = try Fx()
    let vars = (0..<5).map { _ in variable(fx) }
    for (k, v) in vars.enumerated() { ok(addOn(fx, [v], [1], EQ, Double(k * 10)).0, fx.ctx) }
    var out = [Double](repeating: -1, count: 5)
    ok(brace_variables_get_values(fx.ctx, vars, 5, &out), fx.ctx)
    #expect(out == [0, 10, 20, 30, 40])
    ok(brace_variables_get_values(fx.ctx, nil, 0, nil), fx.ctx)
    let gone = variable(fx)
    ok(brace_variable_destroy(fx.ctx, gone), fx.ctx)
    var six = [Double](repeating: -1, count: 6)
    expectFailure(brace_variables_get_values(fx.ctx, vars + [gone], 6, &six), BRACE_E_STALE_HANDLE, fx.ctx, mentions: ["variables[5]"])
    #expect(six.allSatisfy { $0 == -1 }, "nothing is written when a handle is bad")
    expectFailure(brace_variables_get_values(fx.ctx, nil, 2, &six), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["NULL"])
    // A count no array of handles can have is refused before any scratch space is sized
    // by it (count * 8 bytes overflowed and trapped).
    for huge in [Int.max / 8 + 1, Int.max] {
      expectFailure(brace_variables_get_values(fx.ctx, vars, huge, &six), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["larger than any array"])
    }
    #expect(six.allSatisfy { $0 == -1 }, "nothing is written for a count too large")
  }
}
