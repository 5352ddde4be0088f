import Testing
@testable import BraceSimplexSolver

/// Randomized systems checked against the dense reference (ReferenceLP.swift).
@Suite struct PropertyTests {
  static let priorities: [Double] = [1000, 1000, 1000, 750, 500, 250.5, 250, 10]

  static func randomConstraint(_ g: inout SplitMix64, variables nv: Int) -> ModelConstraint {
    var vs = Array(0..<nv)
    var terms: [(Int, Double)] = []
    for _ in 0..<g.int(1, min(3, nv)) {
      let v = vs.remove(at: g.int(vs.count))
      var a = Double(g.int(-3, 3))
      if a == 0 { a = 1 }
      if g.chance(0.2) { a *= 0.5 }
      terms.append((v, a))
    }
    let rel: SolverRelation = g.chance(0.45) ? .equal : (g.chance(0.5) ? .lessOrEqual : .greaterOrEqual)
    return ModelConstraint(terms: terms, constant: Double(g.int(-20, 20)), relation: rel,
                           priority: priorities[g.int(priorities.count)])
  }

  static func add(_ c: ModelConstraint, to s: SimplexSolver, _ vars: [SolverVariable]) throws(SolverError) -> SolverConstraint {
    try s.addConstraint(c.terms.map { SolverTerm(variable: vars[$0.0], coefficient: $0.1) },
                        constant: c.constant, relation: c.relation, priority: c.priority)
  }

  static func sameLevels(_ a: [(priority: Double, error: Double)], _ b: [(priority: Double, error: Double)]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0.priority == $1.priority && abs($0.error - $1.error) <= 1e-6 * max(1, $1.error) }
  }

  static func requiredHold(_ x: [Double], _ cs: [ModelConstraint]) -> Bool {
    cs.filter { $0.priority >= 1000 }.allSatisfy { $0.error(x) <= 1e-6 * max(1, x.map(abs).max() ?? 1) }
  }

  @Test func randomSystemsReachTheLexicographicOptimum() throws {
    var g = SplitMix64(seed: 0xB4AC_E001)
    var refused = 0, checked = 0, ambiguous = 0
    for _ in 0..<2500 {
      let s = SimplexSolver()
      let nv = g.int(1, 4)
      let vars = (0..<nv).map { _ in s.makeVariable() }
      var accepted: [ModelConstraint] = []
      for _ in 0..<g.int(1, 7) {
        let c = Self.randomConstraint(&g, variables: nv)
        switch Result(catching: { () throws(SolverError) in try Self.add(c, to: s, vars) }) {
        case .success:
          accepted.append(c)
        case .failure(let e):
          // Refused only when the required constraints with it are really infeasible.
          guard case .unsatisfiable = e else { Issue.record("unexpected \(e)"); continue }
          #expect(c.priority >= 1000)
          #expect(DenseLP.levelOptima(variables: nv, constraints: accepted.filter { $0.priority >= 1000 } + [c]) == nil)
          refused += 1
        }
      }
      let x = s.values(vars)
      #expect(Self.requiredHold(x, accepted), "required violated: \(accepted) -> \(x)")
      let ref = try #require(DenseLP.levelOptima(variables: nv, constraints: accepted))
      let got = DenseLP.levelErrors(x, constraints: accepted)
      #expect(Self.sameLevels(got, ref), "levels \(got) vs optimum \(ref) for \(accepted)")
      #expect(s.invariantViolations().isEmpty)
      #expect(s.isOptimal())
      // Ambiguity against the reference: the variable's range over the optimal face.
      let ranges = try #require(DenseLP.valueRanges(variables: nv, constraints: accepted))
      for (i, range) in ranges.enumerated() {
        let want = range.max - range.min > 1e-6
        let got = s.isAmbiguous(vars[i])
        #expect(got == want, "x\(i): \(got), range \(range) for \(accepted) -> \(x)")
        if want { ambiguous += 1 }
      }
      checked += 1
    }
    #expect(refused > 50)  // the generator does exercise refusals
    #expect(checked == 2500)
    #expect(ambiguous > 500)
  }

  /// Batched: the operations run in random (possibly nested) batches; inside one the
  /// objective stays optimal (structural changes re-optimize at once), only shifts wait.
  @Test(arguments: [false, true]) func randomEditSequencesMatchAFreshSolve(batched: Bool) throws {
    var g = SplitMix64(seed: batched ? 0x5EED_0003 : 0x5EED_0002)
    for _ in 0..<400 {
      let s = SimplexSolver()
      let nv = g.int(2, 4)
      let vars = (0..<nv).map { _ in s.makeVariable() }
      var live: [(SolverConstraint, ModelConstraint)] = []
      var edits: [Int: (priority: Double, value: Double)] = [:]
      var depth = 0
      for _ in 0..<g.int(5, 25) {
        if batched && g.chance(0.3) {
          if depth > 0 && g.chance(0.6) {
            s.endBatch()
            depth -= 1
          } else {
            s.beginBatch()
            depth += 1
          }
        }
        switch g.int(10) {
        case 0...3:
          let c = Self.randomConstraint(&g, variables: nv)
          if let h = try? Self.add(c, to: s, vars) { live.append((h, c)) }
        case 4, 5:
          if !live.isEmpty {
            let i = g.int(live.count)
            try s.removeConstraint(live[i].0)
            live.remove(at: i)
          }
        case 6, 7:
          if !live.isEmpty {
            let i = g.int(live.count)
            let k = Double(g.int(-25, 25))
            switch Result(catching: { () throws(SolverError) in try s.setConstant(live[i].0, k) }) {
            case .success: live[i].1.constant = k
            case .failure(let e):
              #expect(e != .nonFinite && live[i].1.priority >= 1000)
            }
          }
        case 8:
          let v = g.int(nv)
          if let e = edits[v] {
            if g.chance(0.3) { try s.removeEditVariable(vars[v]); edits[v] = nil } else {
              let val = Double(g.int(-30, 30))
              try s.suggestValue(vars[v], val)
              edits[v] = (e.priority, val)
            }
          } else {
            let p: Double = g.chance(0.5) ? 900 : 100
            try s.addEditVariable(vars[v], priority: p)
            edits[v] = (p, s.value(of: vars[v]))
          }
        default:
          if let i = live.indices.randomElementIndex(&g), live[i].1.priority < 1000 {
            let p = [750.0, 500, 250, 10][g.int(4)]
            try s.setPriority(live[i].0, p)
            live[i].1.priority = p
          }
        }
        #expect(s.invariantViolations().isEmpty)
        #expect(s.isOptimal())
      }
      for _ in 0..<depth { s.endBatch() }
      var model = live.map(\.1)
      for (v, e) in edits { model.append(ModelConstraint(terms: [(v, 1)], constant: -e.value, relation: .equal, priority: e.priority)) }
      // A fresh solver fed the final constraint set reaches the same per-level errors.
      let fresh = SimplexSolver()
      let fv = (0..<nv).map { _ in fresh.makeVariable() }
      for c in model { _ = try Self.add(c, to: fresh, fv) }
      let x = s.values(vars), y = fresh.values(fv)
      #expect(Self.requiredHold(x, model))
      let ref = try #require(DenseLP.levelOptima(variables: nv, constraints: model))
      #expect(Self.sameLevels(DenseLP.levelErrors(x, constraints: model), ref), "incremental \(x) vs \(ref) for \(model)")
      #expect(Self.sameLevels(DenseLP.levelErrors(y, constraints: model), ref), "fresh \(y) vs \(ref)")
      // Ambiguity after incremental changes matches the reference (and the fresh solver).
      let ranges = try #require(DenseLP.valueRanges(variables: nv, constraints: model))
      for (i, range) in ranges.enumerated() {
        let want = range.max - range.min > 1e-6
        #expect(s.isAmbiguous(vars[i]) == want, "x\(i) range \(range) for \(model)")
        #expect(fresh.isAmbiguous(fv[i]) == want)
      }
    }
  }
}

extension Range where Bound == Int {
  func randomElementIndex(_ g: inout SplitMix64) -> Int? { isEmpty ? nil : lowerBound + g.int(count) }
}
