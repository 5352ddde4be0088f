import Testing
@testable import BraceSimplexSolver

/// A constraint added with its weight (plugin ABI 1.6's add_weighted): the weight is in
/// the objective before the add's one optimization.
@Suite struct WeightedAddTests {
  static func add(_ s: SimplexSolver, _ v: SolverVariable, equals value: Double, weight: Double) throws -> SolverConstraint {
    let t = [SolverTerm(variable: v, coefficient: 1)]
    return try t.withUnsafeBufferPointer { (t) throws(SolverError) in
      try s.addConstraint(t, constant: -value, relation: .equal, priority: 500, weight: weight)
    }
  }

  @Test func theWeightDecides() throws {
    // x == 0 at weight 3 and x == 10 at weight 1, one level: x = 0 costs 1 * 10 = 10,
    // x = 10 costs 3 * 10 = 30 (any x between costs 3x + (10 - x) = 10 + 2x): x = 0.
    // Swapped, 10 + 2(10 - x) is least at x = 10.
    for (w0, w10, want) in [(3.0, 1.0, 0.0), (1, 3, 10)] {
      let s = SimplexSolver()
      let x = s.makeVariable()
      let a = try Self.add(s, x, equals: 0, weight: w0)
      let b = try Self.add(s, x, equals: 10, weight: w10)
      #expect(s.value(of: x) == want, "weights \(w0), \(w10)")
      #expect(s.weight(of: a) == w0 && s.weight(of: b) == w10)
      #expect(s.invariantViolations().isEmpty)
    }
  }

  @Test func badWeightsAddNothing() throws {
    let s = SimplexSolver()
    let x = s.makeVariable()
    _ = try Self.add(s, x, equals: 4, weight: 2)
    let before = s.debugDump()
    for w in [Double.nan, .infinity, -.infinity, 0, -1, -0.0] {
      #expect(throws: SolverError.badWeight) { try Self.add(s, x, equals: 9, weight: w) }
    }
    #expect(s.debugDump() == before)
  }

  @Test func aRefusedRequiredAddLeavesItsSlotAtWeightOne() throws {
    let s = SimplexSolver()
    let x = s.makeVariable()
    let t = [SolverTerm(variable: x, coefficient: 1)]
    let one = try s.fix(x, .equal, 1)
    #expect(throws: SolverError.unsatisfiable(conflicts: [one])) {
      _ = try t.withUnsafeBufferPointer { (t) throws(SolverError) in
        try s.addConstraint(t, constant: -2, relation: .equal, priority: 1000, weight: 5)
      }
    }
    // Its slot again, added without a weight: 1.
    let c = try s.fix(x, .lessOrEqual, 3, 500)
    #expect(s.weight(of: c) == 1)
  }

  /// PropertyTests.sameLevels within 1e-4, not 1e-6: the reference holds each level at
  /// its optimum up to 1e-9 of its weighted error, which a level of weight 1e-3 above one
  /// of weight 100 lets the lower one trade for 1e5 times as much.
  static func sameLevels(_ a: [(priority: Double, error: Double)], _ b: [(priority: Double, error: Double)]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0.priority == $1.priority && abs($0.error - $1.error) <= 1e-4 * max(1, $1.error) }
  }

  /// Random systems (PropertyTests' generator, random weights, now and then a batch or a
  /// removal): added with their weights on one solver, by add then setWeight on
  /// another. After every step: the same statuses and conflicts; both at the weighted
  /// lexicographic optimum of the dense reference (ReferenceLP.swift, weights as costs);
  /// where that optimum is one point, the same values up to rounding (the two take
  /// different pivots: most agree bit for bit, some by an ulp or a few); where several
  /// solutions are optimal, either may be the one kept.
  @Test func sameOptimumAsAddThenSetWeight() throws {
    let weights: [Double] = [1e-3, 0.25, 0.5, 1, 1.5, 2, 3, 7, 100]
    var g = SplitMix64(seed: 0x0A_DD_3E16)
    var weighted = 0, refused = 0
    for system in 0..<1500 {
      let one = SimplexSolver(), two = SimplexSolver()
      let nv = g.int(1, 4)
      let v1 = (0..<nv).map { _ in one.makeVariable() }, v2 = (0..<nv).map { _ in two.makeVariable() }
      var made: [(SolverConstraint, SolverConstraint, ModelConstraint)] = []
      for step in 0..<g.int(1, 9) {
        if !made.isEmpty && g.chance(0.1) {
          let (a, b, _) = made.remove(at: g.int(made.count))
          try one.removeConstraint(a)
          try two.removeConstraint(b)
        } else {
          var c = PropertyTests.randomConstraint(&g, variables: nv)
          c.weight = g.pick(weights)
          let batch = g.chance(0.2)
          if batch { one.beginBatch(); two.beginBatch() }
          let t1 = c.terms.map { SolverTerm(variable: v1[$0.0], coefficient: $0.1) }
          let r1 = Result { () throws(SolverError) in
            try t1.withUnsafeBufferPointer { (t) throws(SolverError) in
              try one.addConstraint(t, constant: c.constant, relation: c.relation, priority: c.priority, weight: c.weight)
            }
          }
          let r2 = Result { () throws(SolverError) in
            let k = try PropertyTests.add(c, to: two, v2)
            try two.setWeight(k, c.weight)
            return k
          }
          if batch { one.endBatch(); two.endBatch() }
          switch (r1, r2) {
          case (.success(let a), .success(let b)):
            made.append((a, b, c))
            #expect(one.weight(of: a) == c.weight && two.weight(of: b) == c.weight)
            if c.weight != 1 && c.priority < 1000 { weighted += 1 }
          case (.failure(let e1), .failure(let e2)):
            #expect(e1 == e2, "system \(system) step \(step)")
            refused += 1
          default:
            Issue.record("system \(system) step \(step): \(r1) against \(r2) for \(c)")
          }
        }
        let model = made.map(\.2)
        let x1 = one.values(v1), x2 = two.values(v2)
        let optimum = try #require(DenseLP.levelOptima(variables: nv, constraints: model))
        #expect(Self.sameLevels(DenseLP.levelErrors(x1, constraints: model), optimum), "system \(system) step \(step): \(x1)")
        #expect(Self.sameLevels(DenseLP.levelErrors(x2, constraints: model), optimum))
        let ranges = try #require(DenseLP.valueRanges(variables: nv, constraints: model))
        for k in 0..<nv where ranges[k].max - ranges[k].min <= 1e-6 {
          #expect(close(x1[k], x2[k], 1e-12), "system \(system) step \(step): x\(k) \(x1[k]) against \(x2[k])")
        }
        #expect(one.invariantViolations().isEmpty)
      }
    }
    #expect(weighted > 3000)
    #expect(refused > 50)
  }
}
