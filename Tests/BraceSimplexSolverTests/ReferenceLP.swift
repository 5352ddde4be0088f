// An independent reference for the randomized tests: a small dense two-phase
// simplex with Bland's rule (no shared code with the solver), used level by level
// to compute the lexicographic optimum of a constraint system.
@testable import BraceSimplexSolver

/// A constraint of the test model: `sum(coeff * x[var]) + constant REL 0 @ priority`,
/// its error counted `weight` times in its level.
struct ModelConstraint {
  var terms: [(Int, Double)]
  var constant: Double
  var relation: SolverRelation
  var priority: Double
  var weight = 1.0

  func residual(_ x: [Double]) -> Double {
    terms.reduce(constant) { $0 + $1.1 * x[$1.0] }
  }

  /// How far `x` is from satisfying this constraint (>= 0).
  func error(_ x: [Double]) -> Double {
    let r = residual(x)
    switch relation {
    case .equal: return abs(r)
    case .lessOrEqual: return max(0, r)
    case .greaterOrEqual: return max(0, -r)
    }
  }
}

enum DenseLP {
  /// min cost·y subject to rows (a·y REL b), y >= 0. nil when infeasible.
  static func minimize(columns n: Int, rows input: [([Double], SolverRelation, Double)], cost: [Double]) -> Double? {
    var rows = input
    for i in rows.indices where rows[i].2 < 0 {
      rows[i].0 = rows[i].0.map { -$0 }
      rows[i].2 = -rows[i].2
      switch rows[i].1 {
      case .lessOrEqual: rows[i].1 = .greaterOrEqual
      case .greaterOrEqual: rows[i].1 = .lessOrEqual
      case .equal: break
      }
    }
    let m = rows.count
    let slackCount = rows.filter { $0.1 != .equal }.count
    let artCount = rows.filter { $0.1 != .lessOrEqual }.count
    let width = n + slackCount + artCount
    var t = [[Double]](repeating: [Double](repeating: 0, count: width + 1), count: m)
    var basis = [Int](repeating: -1, count: m)
    var isArt = [Bool](repeating: false, count: width)
    var nextSlack = n, nextArt = n + slackCount
    for (i, row) in rows.enumerated() {
      for j in 0..<n { t[i][j] = row.0[j] }
      t[i][width] = row.2
      switch row.1 {
      case .lessOrEqual:
        t[i][nextSlack] = 1; basis[i] = nextSlack; nextSlack += 1
      case .greaterOrEqual:
        t[i][nextSlack] = -1; nextSlack += 1
        t[i][nextArt] = 1; basis[i] = nextArt; isArt[nextArt] = true; nextArt += 1
      case .equal:
        t[i][nextArt] = 1; basis[i] = nextArt; isArt[nextArt] = true; nextArt += 1
      }
    }
    func pivot(_ r: Int, _ c: Int) {
      let p = t[r][c]
      for j in 0...width { t[r][j] /= p }
      for i in 0..<m where i != r && t[i][c] != 0 {
        let f = t[i][c]
        for j in 0...width { t[i][j] -= f * t[r][j] }
      }
      basis[r] = c
    }
    /// Bland's rule simplex on objective `c` (over allowed columns). Returns the optimum.
    func run(_ c: [Double], allowed: (Int) -> Bool) -> Double {
      while true {
        var entering = -1
        for j in 0..<width where allowed(j) && !basis.contains(j) {
          var d = c[j]
          for i in 0..<m { d -= c[basis[i]] * t[i][j] }
          if d < -1e-9 { entering = j; break }
        }
        if entering < 0 { break }
        var leave = -1
        var best = Double.infinity
        for i in 0..<m where t[i][entering] > 1e-9 {
          let q = t[i][width] / t[i][entering]
          if q < best - 1e-12 || (abs(q - best) <= 1e-12 && leave >= 0 && basis[i] < basis[leave]) {
            best = q; leave = i
          }
        }
        if leave < 0 { return -Double.infinity }
        pivot(leave, entering)
      }
      var z = 0.0
      for i in 0..<m { z += c[basis[i]] * t[i][width] }
      return z
    }
    var phase1 = [Double](repeating: 0, count: width)
    for j in 0..<width where isArt[j] { phase1[j] = 1 }
    if run(phase1, allowed: { _ in true }) > 1e-7 { return nil }
    // Drive zero-valued artificials out of the basis where possible.
    for i in 0..<m where isArt[basis[i]] {
      if let j = (0..<width).first(where: { !isArt[$0] && abs(t[i][$0]) > 1e-9 }) { pivot(i, j) }
    }
    var c2 = cost + [Double](repeating: 0, count: width - n)
    for j in 0..<width where isArt[j] { c2[j] = 0 }
    return run(c2, allowed: { !isArt[$0] })
  }

  /// Lexicographic optimum: for each optional level (highest first) the minimal sum of
  /// that level's errors given the required constraints and the higher levels' optima.
  /// nil when the required constraints are infeasible.
  static func levelOptima(variables nv: Int, constraints: [ModelConstraint]) -> [(priority: Double, error: Double)]? {
    optimalFace(variables: nv, constraints: constraints)?.levels
  }

  /// The range of `x[v]` over the lexicographically optimal solutions: every level's
  /// error sum fixed at its optimum, then x[v] minimized and maximized (±infinity
  /// when unbounded). nil when the required constraints are infeasible.
  static func valueRange(of v: Int, variables nv: Int, constraints: [ModelConstraint]) -> (min: Double, max: Double)? {
    valueRanges(variables: nv, constraints: constraints)?[v]
  }

  /// `valueRange` for every variable (the optimal face is computed once).
  static func valueRanges(variables nv: Int, constraints: [ModelConstraint]) -> [(min: Double, max: Double)]? {
    guard let face = optimalFace(variables: nv, constraints: constraints) else { return nil }
    var out: [(min: Double, max: Double)] = []
    for v in 0..<nv {
      var cost = [Double](repeating: 0, count: face.columns)
      cost[v] = 1
      cost[nv + v] = -1
      guard let lo = minimize(columns: face.columns, rows: face.rows, cost: cost),
            let negHi = minimize(columns: face.columns, rows: face.rows, cost: cost.map { -$0 }) else { return nil }
      out.append((lo, -negHi))
    }
    return out
  }

  /// The level optima and the rows of the optimal face (the constraints plus one row
  /// per level bounding its error sum by the optimum, up to 1e-9 relative).
  static func optimalFace(variables nv: Int, constraints: [ModelConstraint])
    -> (levels: [(priority: Double, error: Double)], rows: [([Double], SolverRelation, Double)], columns: Int)? {
    let levels = Set(constraints.filter { $0.priority < 1000 }.map(\.priority)).sorted(by: >)
    // Columns: x+ (nv), x- (nv), then errors per optional constraint (2 for equalities).
    var errorColumns: [[Int]] = []
    var n = 2 * nv
    for c in constraints {
      if c.priority >= 1000 { errorColumns.append([]) } else if c.relation == .equal {
        errorColumns.append([n, n + 1]); n += 2
      } else {
        errorColumns.append([n]); n += 1
      }
    }
    var rows: [([Double], SolverRelation, Double)] = []
    for (k, c) in constraints.enumerated() {
      var a = [Double](repeating: 0, count: n)
      for (v, coef) in c.terms { a[v] += coef; a[nv + v] -= coef }
      let cols = errorColumns[k]
      switch (c.relation, cols.count) {
      case (.equal, 2): a[cols[0]] = -1; a[cols[1]] = 1
      case (.lessOrEqual, 1): a[cols[0]] = -1
      case (.greaterOrEqual, 1): a[cols[0]] = 1
      default: break
      }
      rows.append((a, c.relation, -c.constant))
    }
    var result: [(priority: Double, error: Double)] = []
    if levels.isEmpty {
      return minimize(columns: n, rows: rows, cost: [Double](repeating: 0, count: n)) == nil ? nil : ([], rows, n)
    }
    for p in levels {
      var cost = [Double](repeating: 0, count: n)
      for (k, c) in constraints.enumerated() where c.priority == p { for j in errorColumns[k] { cost[j] = c.weight } }
      guard let opt = minimize(columns: n, rows: rows, cost: cost) else { return nil }
      result.append((p, opt))
      rows.append((cost, .lessOrEqual, opt + 1e-9 * max(1, opt)))
    }
    return (result, rows, n)
  }

  /// Per-level (weighted) error sums of a concrete solution, in the same level order.
  static func levelErrors(_ x: [Double], constraints: [ModelConstraint]) -> [(priority: Double, error: Double)] {
    let levels = Set(constraints.filter { $0.priority < 1000 }.map(\.priority)).sorted(by: >)
    return levels.map { p in (p, constraints.filter { $0.priority == p }.reduce(0) { $0 + $1.weight * $1.error(x) }) }
  }
}
