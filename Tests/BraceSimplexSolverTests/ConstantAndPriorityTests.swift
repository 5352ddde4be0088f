import Testing
@testable import BraceSimplexSolver

@Suite struct ConstantAndPriorityTests {
  /// A system with one constraint of each kind; `k` replaces the constant of constraint `which`.
  static func system(_ s: SimplexSolver, which: Int, k: Double?) throws -> ([SolverVariable], [SolverConstraint]) {
    let x = s.makeVariable(), y = s.makeVariable(), z = s.makeVariable()
    var cs: [SolverConstraint] = []
    let specs: [([(SolverVariable, Double)], Double, SolverRelation, Double)] = [
      ([(x, 1), (y, 1)], -100, .equal, 1000),         // 0: required ==
      ([(y, 1)], -30, .greaterOrEqual, 1000),         // 1: required >=
      ([(z, 1), (x, -1)], -5, .lessOrEqual, 1000),    // 2: required <=
      ([(x, 1)], -80, .equal, 500),                   // 3: optional ==
      ([(z, 1)], -200, .greaterOrEqual, 250),         // 4: optional >=
      ([(y, 1), (z, 1)], -90, .lessOrEqual, 50),      // 5: optional <=
      ([(z, 1)], 0, .equal, 10),                      // 6: weak ==
    ]
    for (i, sp) in specs.enumerated() {
      cs.append(try s.add(sp.0, i == which ? (k ?? sp.1) : sp.1, sp.2, sp.3))
    }
    return ([x, y, z], cs)
  }

  @Test(arguments: 0..<7)
  func setConstantEqualsAFreshSolveWithTheNewConstant(which: Int) throws {
    for k in [-40.0, -65, -10, -120] {
      let s = SimplexSolver()
      let (vs, cs) = try Self.system(s, which: which, k: nil)
      let p = s.statistics.pivots
      try s.setConstant(cs[which], k)
      let fresh = SimplexSolver()
      let (fv, _) = try Self.system(fresh, which: which, k: k)
      #expect(allClose(s.values(vs), fresh.values(fv)), "constraint \(which) -> \(k): \(s.values(vs)) vs \(fresh.values(fv))")
      #expect(s.constant(of: cs[which]) == k)
      #expect(s.statistics.rows == fresh.statistics.rows)  // no rebuild, nothing added
      #expect(s.statistics.pivots - p <= 4)
      #expect(s.invariantViolations().isEmpty)
    }
  }

  @Test func contradictoryRequiredConstantIsRefusedAndKept() throws {
    let s = SimplexSolver()
    let x = s.makeVariable()
    let lo = try s.fix(x, .greaterOrEqual, 10)
    let hi = try s.fix(x, .lessOrEqual, 50)
    try s.fix(x, .equal, 30, 10)
    let before = s.debugDump()
    #expect(throws: SolverError.unsatisfiable(conflicts: [hi])) { try s.setConstant(lo, -60) }  // x >= 60
    #expect(s.constant(of: lo) == -10)
    #expect(s.debugDump() == before)
    #expect(close(s.value(of: x), 30))
    // A redundant required equality whose duplicate changes becomes contradictory.
    let e1 = try s.fix(x, .equal, 20)
    let e2 = try s.fix(x, .equal, 20)
    #expect(throws: SolverError.unsatisfiable(conflicts: [e1])) { try s.setConstant(e2, -21) }
    #expect(close(s.value(of: x), 20))
    #expect(s.invariantViolations().isEmpty)
  }

  @Test func setPriorityReordersLevels() throws {
    let s = SimplexSolver()
    let x = s.makeVariable()
    let a = try s.fix(x, .equal, 10, 300)
    let b = try s.fix(x, .equal, 20, 200)
    #expect(close(s.value(of: x), 10))
    try s.setPriority(b, 400)
    #expect(close(s.value(of: x), 20))
    #expect(s.priorityLevels == [400, 300])
    try s.setPriority(a, 400.5)
    #expect(close(s.value(of: x), 10))
    #expect(s.priorityLevels == [400.5, 400])
    #expect(s.priority(of: a) == 400.5)
    #expect(s.invariantViolations().isEmpty)
  }

  @Test func setPriorityRefusesTheRequiredBoundary() throws {
    let s = SimplexSolver()
    let x = s.makeVariable()
    let r = try s.fix(x, .equal, 1)
    let o = try s.fix(x, .equal, 2, 500)
    #expect(throws: SolverError.badPriority) { try s.setPriority(r, 500) }
    #expect(throws: SolverError.badPriority) { try s.setPriority(o, 1000) }
    #expect(throws: SolverError.badPriority) { try s.setPriority(o, 0.5) }
    #expect(throws: SolverError.badPriority) { try s.setPriority(o, .nan) }
    #expect(s.priority(of: o) == 500)
  }
}
