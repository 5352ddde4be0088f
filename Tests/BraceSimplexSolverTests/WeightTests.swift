import Testing
@testable import BraceSimplexSolver

/// Weights within one priority level: a level minimizes sum(weight * |error|).
@Suite struct WeightTests {
  /// The grid cell: x == 96 at weight `a` against three size hints that want 64
  /// (x == 64, x <= 64, x == y with y required at 64), each off by 32 at 96.
  /// x = 64 costs 32a, x = 96 costs 96 (3 * 32 * 1): 64 when a < 3, 96 when a > 3.
  static func cell(_ s: SimplexSolver, a: Double) throws -> (x: SolverVariable, align: SolverConstraint, hint: SolverConstraint) {
    let x = s.makeVariable(), y = s.makeVariable()
    try s.fix(y, .equal, 64)
    let hint = try s.fix(x, .equal, 64, 500)
    try s.fix(x, .lessOrEqual, 64, 500)
    try s.add([(x, 1), (y, -1)], 0, .equal, 500)
    let align = try s.fix(x, .equal, 96, 500)
    try s.setWeight(align, a)
    return (x, align, hint)
  }

  @Test func weightsDecideWithinALevel() throws {
    for (a, want) in [(1.25, 64.0), (2.9, 64), (3.1, 96), (1000, 96)] {
      let s = SimplexSolver()
      let (x, align, _) = try Self.cell(s, a: a)
      #expect(close(s.value(of: x), want), "weight \(a)")
      #expect(s.weight(of: align) == a)
      #expect(s.invariantViolations().isEmpty)
    }
  }

  @Test func levelsStayStrict() throws {
    // One level up, weight 1e-3 still outranks the three hints.
    let s = SimplexSolver()
    let (x, align, _) = try Self.cell(s, a: 1e-3)
    #expect(close(s.value(of: x), 64))
    try s.setPriority(align, 501)
    #expect(close(s.value(of: x), 96))
    #expect(s.weight(of: align) == 1e-3)
    try s.setPriority(align, 500)  // the weight moves with it
    #expect(close(s.value(of: x), 64))
    #expect(s.invariantViolations().isEmpty)
  }

  @Test func changingAWeightEqualsAFreshSolve() throws {
    let s = SimplexSolver()
    let (x, align, hint) = try Self.cell(s, a: 1.25)
    for (a, h, want) in [(3.5, 1.0, 96.0), (2.5, 1, 64), (2.5, 0.25, 96), (2.5, 2, 64), (1, 1, 64)] {
      try s.setWeight(align, a)
      try s.setWeight(hint, h)
      // (h + 2) * 32 against 32a.
      #expect(close(s.value(of: x), want), "align \(a), hint \(h)")
      let fresh = SimplexSolver()
      let f = try Self.cell(fresh, a: a)
      try fresh.setWeight(f.hint, h)
      #expect(close(fresh.value(of: f.x), want))
      #expect(s.invariantViolations().isEmpty)
    }
  }

  @Test func removingWeightedConstraintsLeavesNoCost() throws {
    let s = SimplexSolver()
    let x = s.makeVariable()
    let a = try s.fix(x, .equal, 10, 500)
    let b = try s.fix(x, .greaterOrEqual, 30, 500)
    try s.setWeight(a, 7)
    try s.setWeight(b, 0.5)
    #expect(close(s.value(of: x), 10))  // 7 * 20 > 0.5 * 20
    try s.removeConstraint(a)
    #expect(close(s.value(of: x), 30))
    try s.removeConstraint(b)
    #expect(s.statistics.objectiveTerms == 0)
    #expect(s.statistics.levels == 0)
    // The slot is reused at weight 1.
    let c = try s.fix(x, .equal, 5, 500)
    #expect(s.weight(of: c) == 1)
    #expect(s.invariantViolations().isEmpty)
  }

  @Test func requiredKeepsItsWeightWithoutEffect() throws {
    let s = SimplexSolver()
    let x = s.makeVariable()
    let r = try s.fix(x, .equal, 10)
    let before = s.debugDump()
    try s.setWeight(r, 9)
    #expect(s.weight(of: r) == 9)
    #expect(s.debugDump() == before)
  }

  @Test func badWeightsAreRefusedAndChangeNothing() throws {
    let s = SimplexSolver()
    let (x, align, _) = try Self.cell(s, a: 2)
    let before = s.debugDump()
    for w in [Double.nan, .infinity, -.infinity, 0, -1, -0.0] {
      #expect(throws: SolverError.badWeight) { try s.setWeight(align, w) }
      #expect(s.weight(of: align) == 2)
    }
    #expect(s.debugDump() == before)
    #expect(close(s.value(of: x), 64))
    try s.removeConstraint(align)
    #expect(throws: SolverError.unknownConstraint) { try s.setWeight(align, 2) }
    #expect(throws: SolverError.unknownEditVariable) { try s.setEditWeight(x, 2) }
  }

  @Test func editWeights() throws {
    let s = SimplexSolver()
    let z = s.makeVariable()
    let ten = try s.fix(z, .equal, 10, 500)
    try s.setWeight(ten, 2)
    try s.addEditVariable(z, priority: 500)
    try s.suggestValue(z, 20)
    #expect(close(s.value(of: z), 10))  // 2 * 10 > 1 * 10
    try s.setEditWeight(z, 3)
    #expect(close(s.value(of: z), 20))  // 3 * 10 > 2 * 10
    // Inside a batch, settled by endBatch.
    s.beginBatch()
    try s.suggestValue(z, 40)
    try s.setEditWeight(z, 1.5)
    s.endBatch()
    #expect(close(s.value(of: z), 10))
    try s.removeEditVariable(z)
    try s.addEditVariable(z, priority: 500)  // a new edit weighs 1
    try s.suggestValue(z, 20)
    #expect(close(s.value(of: z), 10))
    #expect(s.invariantViolations().isEmpty)
  }
}
