import Testing
@testable import BraceSimplexSolver

@Suite struct APITests {
  @Test func nonFiniteInputsAreRefusedWithoutChange() throws {
    let s = SimplexSolver()
    let x = s.makeVariable()
    let c = try s.fix(x, .equal, 5)
    let dump = s.debugDump()
    #expect(throws: SolverError.nonFinite) { try s.fix(x, .equal, .nan) }
    #expect(throws: SolverError.nonFinite) { try s.add([(x, .infinity)], 0, .equal) }
    #expect(throws: SolverError.nonFinite) { try s.add([(x, -.infinity)], 0, .lessOrEqual, 10) }
    #expect(throws: SolverError.nonFinite) { try s.setConstant(c, .nan) }
    #expect(s.debugDump() == dump)
    #expect(s.statistics.constraints == 1)
  }

  @Test func unknownHandlesAreErrorsNotTraps() throws {
    let s = SimplexSolver()
    let x = s.makeVariable()
    let c = try s.fix(x, .equal, 5, 500)
    try s.removeConstraint(c)
    #expect(throws: SolverError.unknownConstraint) { try s.removeConstraint(c) }
    #expect(throws: SolverError.unknownConstraint) { try s.setConstant(c, 1) }
    #expect(throws: SolverError.unknownConstraint) { try s.setPriority(c, 20) }
    #expect(throws: SolverError.unknownConstraint) { try s.removeConstraint(SolverConstraint(id: 12345)) }
    #expect(throws: SolverError.unknownConstraint) { try s.removeConstraint(SolverConstraint(id: -1)) }
    let ghost = SolverVariable(id: 999)
    #expect(throws: SolverError.unknownVariable) { try s.fix(ghost, .equal, 1) }
    #expect(throws: SolverError.unknownVariable) { try s.addEditVariable(ghost, priority: 10) }
    #expect(throws: SolverError.unknownVariable) { try s.suggestValue(SolverVariable(id: -7), 1) }
    #expect(s.value(of: ghost) == 0)
    s.releaseVariable(ghost)
    s.endBatch()  // unmatched: ignored
    // A reused slot does not revive the old constraint handle.
    let c2 = try s.fix(x, .equal, 6, 500)
    #expect(HandleCodec.slot(c2.id) == HandleCodec.slot(c.id) && c2 != c)
    #expect(throws: SolverError.unknownConstraint) { try s.removeConstraint(c) }
  }

  @Test func badPrioritiesAreRefused() throws {
    let s = SimplexSolver()
    let x = s.makeVariable()
    for p in [0, 0.999, 1000.5, -3, .nan, .infinity] as [Double] {
      #expect(throws: SolverError.badPriority) { try s.fix(x, .equal, 1, p) }
    }
    try s.fix(x, .equal, 1, 1)  // the bounds are fine
    try s.fix(x, .equal, 1, 1000)
    #expect(s.statistics.constraints == 2)
  }

  @Test func releasedVariableStorageIsReusedAndOldHandleIsDead() throws {
    let s = SimplexSolver()
    let x = s.makeVariable(), y = s.makeVariable()
    let c = try s.add([(x, 1), (y, -1)], 0, .equal)
    try s.fix(y, .equal, 3)
    s.releaseVariable(x)  // still used: refused, stays valid
    #expect(s.isValid(x))
    #expect(close(s.value(of: x), 3))
    try s.removeConstraint(c)
    #expect(s.statistics.variablesInTableau == 1)  // x's symbol went with its last constraint
    s.releaseVariable(x)
    #expect(!s.isValid(x))
    let z = s.makeVariable()
    #expect(HandleCodec.slot(z.id) == HandleCodec.slot(x.id) && z != x)
    #expect(s.value(of: z) == 0)
    #expect(throws: SolverError.unknownVariable) { try s.fix(x, .equal, 1) }
    try s.fix(z, .equal, 8)
    #expect(close(s.value(of: z), 8))
    #expect(s.invariantViolations().isEmpty)
  }

  @Test func manyAddRemoveCyclesDoNotGrowStorage() throws {
    let s = SimplexSolver()
    let a = s.makeVariable()
    try s.fix(a, .equal, 1, 10)
    var high = 0
    for round in 0..<200 {
      let v = s.makeVariable()
      let c1 = try s.add([(v, 1), (a, -1)], -5, .greaterOrEqual)
      let c2 = try s.fix(v, .equal, Double(round), 500)
      try s.removeConstraint(c2)
      try s.removeConstraint(c1)
      s.releaseVariable(v)
      if round == 10 { high = s.tableau.symHigh + s.tableau.rowHigh + s.tableau.vars.count + s.tableau.cons.count }
    }
    #expect(s.tableau.symHigh + s.tableau.rowHigh + s.tableau.vars.count + s.tableau.cons.count == high)
    #expect(s.invariantViolations().isEmpty)
  }
}

@Suite struct BatchAndChangeTests {
  /// The chain `x[i+1] - x[i] >= 10` with preferences `x[i] == 12*i` @250. Deferring the
  /// re-optimization to `endBatch` once made the same number of pivots over a tableau
  /// filled in to ~m^2/2 cells (cubic time): a batch now gives the one-by-one solution,
  /// with no more pivots and no more cells along the way.
  @Test(arguments: [0, 1, 2]) func batchedChainMatchesOneByOne(order: Int) throws {
    func build(_ s: SimplexSolver, batch: Bool) throws -> (vars: [SolverVariable], cells: Int) {
      let m = 300
      let vs = (0..<m).map { _ in s.makeVariable() }
      func link(_ i: Int) throws { try s.add([(vs[i + 1], 1), (vs[i], -1)], -10, .greaterOrEqual) }
      func prefer(_ i: Int) throws { try s.fix(vs[i], .equal, Double(12 * i), 250) }
      if batch { s.beginBatch() }
      switch order {
      case 0:
        for i in 0..<m {
          if i + 1 < m { try link(i) }
          try prefer(i)
        }
      case 1:
        for i in 0..<(m - 1) { try link(i) }
        for i in 0..<m { try prefer(i) }
      default:
        for i in 0..<m { try prefer(i) }
        for i in 0..<(m - 1) { try link(i) }
      }
      let cells = s.statistics.cells
      if batch { s.endBatch() }
      return (vs, cells)
    }
    let a = SimplexSolver(), b = SimplexSolver()
    let (va, cellsA) = try build(a, batch: false)
    let (vb, cellsB) = try build(b, batch: true)
    #expect(b.statistics.pivots <= a.statistics.pivots)
    #expect(cellsB <= cellsA)
    #expect(allClose(a.values(va), b.values(vb)))
    #expect(allClose(b.values(vb), va.indices.map { Double(12 * $0) }))
    #expect(b.isOptimal())
    #expect(b.invariantViolations().isEmpty)
  }

  @Test func batchedAdditionsMatchUnbatched() throws {
    func build(_ s: SimplexSolver, batch: Bool) throws -> [SolverVariable] {
      let vs = (0..<20).map { _ in s.makeVariable() }
      if batch { s.beginBatch() }
      for i in 0..<19 { try s.add([(vs[i + 1], 1), (vs[i], -1)], -10, .greaterOrEqual) }
      for (i, v) in vs.enumerated() { try s.fix(v, .equal, Double(i * 7 % 50), 250) }
      try s.fix(vs[19], .lessOrEqual, 300)
      if batch { s.endBatch() }
      return vs
    }
    let a = SimplexSolver(), b = SimplexSolver()
    let va = try build(a, batch: false)
    let vb = try build(b, batch: true)
    #expect(b.statistics.pivots <= a.statistics.pivots)
    #expect(allClose(a.values(va), b.values(vb)))
    #expect(b.isOptimal())
  }

  @Test func batchedSuggestionsAndConstantsCostOneDualSolve() throws {
    let s = SimplexSolver()
    let vs = (0..<10).map { _ in s.makeVariable() }
    var cs: [SolverConstraint] = []
    for i in 0..<9 { cs.append(try s.add([(vs[i + 1], 1), (vs[i], -1)], -10, .greaterOrEqual)) }
    for v in vs { try s.fix(v, .equal, 0, 10) }
    try s.addEditVariable(vs[0], priority: 900)
    let duals = s.statistics.dualRuns
    s.beginBatch()
    for k in 0..<50 { try s.suggestValue(vs[0], Double(k)) }
    let weak = try s.fix(vs[5], .equal, 0, 5)  // a structural change settles the pending suggestions
    try s.setConstant(weak, -500)
    for k in 50..<100 { try s.suggestValue(vs[0], Double(k)) }
    s.endBatch()
    #expect(s.statistics.dualRuns - duals <= 3)
    #expect(close(s.value(of: vs[0]), 99))
    #expect(close(s.value(of: vs[9]), 189))
    #expect(s.isOptimal())
    #expect(s.invariantViolations().isEmpty)
  }

  @Test func changedVariablesAreExactlyThoseThatMoved() throws {
    let s = SimplexSolver()
    let x = s.makeVariable(), y = s.makeVariable(), z = s.makeVariable()
    try s.fix(x, .equal, 10, 100)
    try s.add([(y, 1), (x, -1)], -5, .equal)  // y == x + 5
    try s.fix(z, .equal, 1)
    #expect(Set(s.takeChangedVariables()) == [x, y, z])
    #expect(s.takeChangedVariables().isEmpty)
    try s.addEditVariable(x, priority: 500)
    #expect(s.takeChangedVariables().isEmpty)
    try s.suggestValue(x, 20)
    #expect(Set(s.takeChangedVariables()) == [x, y])
    try s.suggestValue(x, 20)
    #expect(s.takeChangedVariables().isEmpty)
    s.beginBatch()
    try s.suggestValue(x, 30)
    try s.suggestValue(x, 20)  // back where it was
    s.endBatch()
    #expect(s.takeChangedVariables().isEmpty)
  }
}

