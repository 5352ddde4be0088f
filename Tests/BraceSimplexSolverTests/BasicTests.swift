import Testing
@testable import BraceSimplexSolver

@Suite struct BasicTests {
  @Test func requiredEqualitiesDetermineValues() throws {
    let s = SimplexSolver()
    let x = s.makeVariable(), y = s.makeVariable()
    try s.fix(x, .equal, 10)
    try s.add([(y, 1), (x, -2)], -5, .equal)  // y == 2x + 5
    #expect(close(s.value(of: x), 10))
    #expect(close(s.value(of: y), 25))
    #expect(s.invariantViolations().isEmpty)
  }

  /// A variable that cancels out of a new row (y's row holds x, the new terms -x), with
  /// the row's sign flipped or not: the row stored without the cancelled cell and solved
  /// for the right marker.
  @Test func rowsWhereAVariableCancelsOut() throws {
    let s = SimplexSolver()
    let x = s.makeVariable(), y = s.makeVariable()
    let c1 = try s.add([(y, 1), (x, -1)], -5, .equal)  // y == x + 5
    try s.fix(x, .equal, 10, 500)
    try s.add([(y, 1), (x, -1)], -3, .greaterOrEqual)  // y - x >= 3: 5 >= 3 holds
    #expect(s.value(of: x) == 10)
    #expect(s.value(of: y) == 15)  // 10 + 5
    // y - x >= 6: 5 >= 6 contradicts y == x + 5 alone (the pin at 500 is optional).
    #expect(throws: SolverError.unsatisfiable(conflicts: [c1])) {
      try s.add([(y, 1), (x, -1)], -6, .greaterOrEqual)
    }
    try s.add([(x, 1), (y, -1)], 7, .greaterOrEqual)  // x - y + 7 >= 0: -5 + 7 = 2 >= 0 holds
    #expect(s.value(of: x) == 10)
    #expect(s.value(of: y) == 15)
    #expect(s.invariantViolations().isEmpty)
  }

  @Test func inequalitiesBoundOptionalPulls() throws {
    let s = SimplexSolver()
    let x = s.makeVariable()
    try s.fix(x, .greaterOrEqual, 50)
    try s.fix(x, .equal, 10, 250)
    #expect(close(s.value(of: x), 50))
    try s.fix(x, .lessOrEqual, 60)
    try s.fix(x, .equal, 100, 500)
    #expect(close(s.value(of: x), 60))
    #expect(s.invariantViolations().isEmpty)
  }

  @Test func requiredBeatsOptional() throws {
    let s = SimplexSolver()
    let x = s.makeVariable(), y = s.makeVariable()
    try s.add([(x, 1), (y, 1)], -100, .equal)       // x + y == 100
    try s.fix(x, .equal, 30, 999)
    try s.fix(y, .equal, 30, 999)                   // cannot both hold
    #expect(close(s.value(of: x) + s.value(of: y), 100))
    #expect(s.value(of: x) == 30 || close(s.value(of: y), 30))
  }

  @Test func higherPriorityWinsOverLower() throws {
    let s = SimplexSolver()
    let w = s.makeVariable()
    try s.fix(w, .equal, 80, 250)   // hugging
    try s.fix(w, .equal, 120, 750)  // compression resistance
    #expect(close(s.value(of: w), 120))
  }

  @Test func twoHundredConstraintsAt250LoseToOneAt251() throws {
    let s = SimplexSolver()
    let x = s.makeVariable()
    for _ in 0..<200 { try s.fix(x, .equal, 0, 250) }
    try s.fix(x, .equal, 10, 251)
    #expect(close(s.value(of: x), 10))
    #expect(s.priorityLevels == [251, 250])
    // The weighted sum kiwi minimizes would pick x == 0 (200 * 10 > 1 * 10).
  }

  @Test func fractionalPrioritiesAreDistinctLevels() throws {
    let s = SimplexSolver()
    let x = s.makeVariable()
    for _ in 0..<50 { try s.fix(x, .equal, 5, 999.998) }
    try s.fix(x, .equal, 7, 999.999)
    #expect(close(s.value(of: x), 7))
  }

  @Test func fiveLevelsAreSatisfiedInOrder() throws {
    // 1000 > 750 > 251 > 250 > 50; each level can only use what the higher ones leave free.
    let s = SimplexSolver()
    let a = s.makeVariable(), b = s.makeVariable(), c = s.makeVariable()
    try s.add([(a, 1), (b, 1), (c, 1)], -300, .equal)      // a + b + c == 300 (required)
    try s.fix(a, .greaterOrEqual, 0); try s.fix(b, .greaterOrEqual, 0); try s.fix(c, .greaterOrEqual, 0)
    try s.fix(a, .lessOrEqual, 100, 750)                   // a <= 100 @750
    try s.fix(a, .equal, 250, 251)                         // wants a big: clipped by 750 -> 100
    try s.fix(b, .equal, 50, 250)
    try s.add([(b, 1), (c, -1)], 0, .equal, 50)            // b == c @50: loses to b == 50 @250
    try s.fix(c, .lessOrEqual, 120, 50)
    #expect(close(s.value(of: a), 100))
    #expect(close(s.value(of: b), 50))
    #expect(close(s.value(of: c), 150))
    #expect(s.priorityLevels == [750, 251, 250, 50])
    #expect(s.isOptimal())
  }

  @Test func optionalInequalityErrorIsMinimized() throws {
    let s = SimplexSolver()
    let x = s.makeVariable()
    try s.fix(x, .lessOrEqual, 10)
    try s.fix(x, .greaterOrEqual, 40, 500)  // violated by 30, as little as possible
    #expect(close(s.value(of: x), 10))
    try s.fix(x, .greaterOrEqual, 5, 600)
    #expect(close(s.value(of: x), 10))
  }

  @Test func unconstrainedVariableReadsZero() throws {
    let s = SimplexSolver()
    let x = s.makeVariable()
    #expect(s.value(of: x) == 0)
  }

  @Test func redundantRequiredEqualityIsAcceptedAndTakesOver() throws {
    let s = SimplexSolver()
    let x = s.makeVariable()
    let c1 = try s.fix(x, .equal, 5)
    try s.fix(x, .equal, 5)
    try s.fix(x, .equal, 100, 10)
    #expect(close(s.value(of: x), 5))
    try s.removeConstraint(c1)
    #expect(close(s.value(of: x), 5))
    #expect(s.invariantViolations().isEmpty)
  }
}
