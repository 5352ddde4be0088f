import Testing
@testable import BraceSimplexSolver

@Suite struct RemovalAndUnsatisfiableTests {
  @Test func removingAConstraintRestoresTheStateBeforeIt() throws {
    let s = SimplexSolver()
    let x = s.makeVariable(), y = s.makeVariable()
    try s.add([(x, 1), (y, -1)], 10, .lessOrEqual)     // x + 10 <= y
    try s.fix(x, .equal, 50, 250)
    try s.fix(y, .equal, 40, 250)
    let values = s.values([x, y])
    let stats = s.statistics
    let z = s.makeVariable()
    let c = try s.add([(z, 1), (x, 1)], -200, .equal)  // new variable, new symbols
    let d = try s.fix(y, .equal, 90, 750)
    #expect(close(s.value(of: y), 90))
    try s.removeConstraint(d)
    try s.removeConstraint(c)
    #expect(allClose(s.values([x, y]), values))
    let after = s.statistics
    #expect(after.rows == stats.rows && after.symbols == stats.symbols && after.variablesInTableau == stats.variablesInTableau)
    #expect(after.levels == stats.levels)
    #expect(s.value(of: z) == 0)
    #expect(s.invariantViolations().isEmpty)
  }

  @Test func removingEverythingLeavesAnEmptyTableau() throws {
    let s = SimplexSolver()
    let vs = (0..<6).map { _ in s.makeVariable() }
    var cs: [SolverConstraint] = []
    for i in 0..<5 { cs.append(try s.add([(vs[i + 1], 1), (vs[i], -1)], -8, .greaterOrEqual)) }
    for (i, v) in vs.enumerated() { cs.append(try s.fix(v, .equal, Double(i) * 3, i % 2 == 0 ? 250 : 750)) }
    try s.addEditVariable(vs[2], priority: 600)
    try s.suggestValue(vs[2], 100)
    try s.removeEditVariable(vs[2])
    for c in cs.reversed() { try s.removeConstraint(c) }
    let st = s.statistics
    #expect(st.rows == 0 && st.cells == 0 && st.symbols == 0 && st.constraints == 0 && st.levels == 0 && st.objectiveTerms == 0)
    #expect(s.invariantViolations().isEmpty)
  }

  /// The refused constraint leaves no trace: same tableau text, values and sizes.
  @Test func refusedRequiredConstraintLeavesTheStateExactlyAsBefore() throws {
    let s = SimplexSolver()
    let x = s.makeVariable(), y = s.makeVariable(), z = s.makeVariable()
    let cx = try s.fix(x, .greaterOrEqual, 0)
    let cy = try s.fix(y, .greaterOrEqual, 0)
    let sum = try s.add([(x, 1), (y, 1)], -10, .lessOrEqual)       // x + y <= 10
    _ = try s.fix(z, .equal, 7)                                     // unrelated
    try s.fix(x, .equal, 3, 500)
    try s.fix(y, .equal, 30, 250)
    try s.add([(x, 1), (z, 1)], -20, .equal, 100)
    try s.addEditVariable(z, priority: 300)
    let dump = s.debugDump(), values = s.values([x, y, z]), stats = s.statistics
    do {
      try s.add([(x, 1), (y, -1)], -20, .greaterOrEqual)            // x - y >= 20: impossible
      Issue.record("accepted an impossible constraint")
    } catch {
      guard case .unsatisfiable(let conflicts) = error else { Issue.record("\(error)"); return }
      // Farkas: x - y >= 20 with x + y <= 10 and y >= 0 gives 2y <= -10. x >= 0 and z == 7 play no part.
      #expect(Set(conflicts) == [sum, cy])
      #expect(!conflicts.contains(cx))
    }
    let after = s.statistics
    #expect(after.pivots > stats.pivots)  // phase one pivoted, and that was undone
    #expect(s.debugDump() == dump)
    #expect(allClose(s.values([x, y, z]), values, 1e-12))
    #expect(after.rows == stats.rows && after.cells == stats.cells && after.symbols == stats.symbols)
    #expect(after.constraints == stats.constraints && after.objectiveTerms == stats.objectiveTerms)
    #expect(s.invariantViolations().isEmpty)
    // The solver keeps working normally afterwards (kiwi #52 would not).
    try s.fix(x, .lessOrEqual, 2)
    #expect(close(s.value(of: x), 2))
    try s.suggestValue(z, 9)
    #expect(s.invariantViolations().isEmpty)
  }

  @Test func conflictSetNamesTheContradictingEqualities() throws {
    let s = SimplexSolver()
    let x = s.makeVariable(), y = s.makeVariable(), w = s.makeVariable()
    let c1 = try s.fix(x, .equal, 10)
    let c2 = try s.fix(y, .equal, 20)
    _ = try s.fix(w, .equal, 1)
    let dump = s.debugDump()
    #expect(throws: SolverError.unsatisfiable(conflicts: [c1, c2])) {
      try s.add([(x, 1), (y, 1)], -50, .equal)
    }
    #expect(s.debugDump() == dump)
    // A constant-only contradiction conflicts with nothing else.
    #expect(throws: SolverError.unsatisfiable(conflicts: [])) { try s.add([], 5, .equal) }
    #expect(throws: SolverError.unsatisfiable(conflicts: [c1])) { try s.fix(x, .lessOrEqual, 9) }
    try s.add([], 0, .equal)  // 0 == 0 is fine
    #expect(s.invariantViolations().isEmpty)
  }

  @Test func optionalConstraintsNeverConflict() throws {
    let s = SimplexSolver()
    let x = s.makeVariable()
    try s.fix(x, .equal, 10)
    try s.fix(x, .equal, 20, 999)
    try s.fix(x, .greaterOrEqual, 30, 999)
    #expect(close(s.value(of: x), 10))
  }
}
