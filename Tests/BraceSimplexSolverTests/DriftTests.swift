import Testing
@testable import BraceSimplexSolver

/// Drift control (Refinement.swift): rows are periodically re-derived from the
/// constraint definitions. A re-derivation must never change the solution beyond
/// rounding, whatever state the tableau is in.
@Suite struct DriftTests {
  @Test func rederivingEveryRowKeepsValuesAndInvariants() throws {
    var g = SplitMix64(seed: 0xD81F_7001)
    var worst = 0.0
    for _ in 0..<200 {
      let s = SimplexSolver()
      let nv = g.int(2, 6)
      let vars = (0..<nv).map { _ in s.makeVariable() }
      var live: [SolverConstraint] = []
      for _ in 0..<g.int(5, 40) {
        switch g.int(6) {
        case 0...2:
          let c = PropertyTests.randomConstraint(&g, variables: nv)
          if let h = try? PropertyTests.add(c, to: s, vars) { live.append(h) }
        case 3:
          if !live.isEmpty { try s.removeConstraint(live.remove(at: g.int(live.count))) }
        case 4:
          if !live.isEmpty { _ = try? s.setConstant(live[g.int(live.count)], Double(g.int(-25, 25))) }
        default:
          let v = g.int(nv)
          if s.hasEditVariable(vars[v]) {
            try s.suggestValue(vars[v], Double(g.int(-30, 30)))
          } else {
            try s.addEditVariable(vars[v], priority: 900)
          }
        }
        let before = s.values(vars)
        s.refineAllRows()
        for (a, b) in zip(before, s.values(vars)) { worst = max(worst, abs(a - b)) }
        #expect(s.invariantViolations().isEmpty)
        #expect(s.isOptimal())
      }
      #expect(s.statistics.numericalIssues == 0)
    }
    #expect(worst < 1e-10)
  }

  @Test func rowsAreRederivedDuringALongDrag() throws {
    let s = SimplexSolver()
    let x = s.makeVariable(), y = s.makeVariable()
    try s.add([(y, 1), (x, -2)], -5, .greaterOrEqual)  // y >= 2x + 5
    try s.fix(y, .lessOrEqual, 1000)
    try s.fix(y, .equal, 0, 10)
    try s.addEditVariable(x, priority: 999)
    for i in 0..<2000 { try s.suggestValue(x, Double(i % 400)) }
    #expect(s.tableau.rowRefinements > 0)
    #expect(close(s.value(of: x), Double(1999 % 400)))
    #expect(close(s.value(of: y), 2 * Double(1999 % 400) + 5))
    #expect(s.invariantViolations().isEmpty)
  }
}
