// Ambiguity: is a variable's value determined by the constraints, or does some other
// lexicographically optimal solution give it a different value? (Auto Layout's
// `hasAmbiguousLayout`.)
//
// At an optimal basis the optimal face is what the nonbasic symbols can reach
// without changing any level's objective and without leaving the feasible region:
//
// * a nonbasic external is free both ways (by the tableau invariant it appears in
//   no restricted row and no objective);
// * a nonbasic slack or error can only grow, and only if its reduced cost is zero
//   at every level: the reduced-cost vectors are lexicographically non-negative, so
//   any non-negative combination that includes a symbol with a non-zero vector has
//   a lexicographically positive cost change (the first level where one of them is
//   non-zero only gets positive contributions);
// * a dummy (marker of a required equality) is fixed at 0; every other nonbasic is
//   held at 0 by its cost.
//
// Growing the zero-cost restricted symbols by d >= 0 keeps a restricted row with a
// positive constant feasible for a small enough step, so only the *degenerate* rows
// (restricted basic at constant <= Tolerance.feasibility) constrain the direction:
// sum(a_rj * d_j) >= 0 (= 0 for a dummy basic). The directions form a cone K, and
// the variable is ambiguous iff it is a free nonbasic itself, or its row has a
// non-zero coefficient on a free nonbasic external, or some d in K changes
// sum(g_j * d_j) where g is its row restricted to the zero-cost restricted symbols.
//
// That last test is exact: when one of the candidate symbols is blocked by no
// degenerate row, d = e_j already moves the variable (the common case, no search);
// otherwise a small dense LP over the connected component of the candidates
// (symbols linked through degenerate rows) maximizes g·d and -g·d subject to
// d >= 0, the degenerate rows, and sum(d) <= 1. The origin is feasible, so no
// phase one is needed; Bland's rule cannot cycle. A component too large for the
// dense LP (over `ambiguityLPLimit` entries) is reported ambiguous (conservative:
// determinacy is only claimed when proved).

extension Tableau {
  /// Entries (rows x columns) above which the exact degenerate test is skipped and
  /// the answer is the conservative "ambiguous".
  static let ambiguityLPLimit = 1 << 20

  /// A nonbasic slack/error with a zero reduced cost at every level: it may grow
  /// without changing any level's objective.
  @inline(__always)
  func isCostFreeRestricted(_ t: Int) -> Bool {
    let kind = syms[t].kind
    guard (kind == .slack || kind == .error) && syms[t].row < 0 else { return false }
    for k in order where levels[Int(k)].val[t] != 0 { return false }
    return true
  }

  /// A restricted row that a zero step already makes infeasible when its coefficient
  /// has the wrong sign: basic slack/error at (about) zero, or a dummy basic.
  @inline(__always)
  func isDegenerateRow(_ r: Int) -> Bool {
    switch syms[rows[r].basic].kind {
    case .external: return false
    case .dummy: return true
    default: return rows[r].constant <= Tolerance.feasibility
    }
  }

  /// Whether growing `t` alone is blocked by a degenerate row (ratio 0).
  func isBlockedAlone(_ t: Int) -> Bool {
    let col = syms[t].col
    for i in 0..<syms[t].colCount {
      let r = Int(col[i].row)
      guard isDegenerateRow(r) else { continue }
      let a = rows[r].cells[Int(col[i].cellPos)].coeff
      if a < 0 || syms[rows[r].basic].kind == .dummy { return true }
    }
    return false
  }

  /// True when variable slot `v` is not determined by the current constraint set.
  /// The tableau must be settled (optimal and feasible).
  mutating func isAmbiguous(slot v: Int) -> Bool {
    let s = vars[v].sym
    if s < 0 { return true }  // no constraint mentions it
    let r = syms[s].row
    if r < 0 { return true }  // nonbasic external: free both ways
    var candidates: [(sym: Int, coeff: Double)] = []
    let cells = rows[r].cells
    for i in 0..<rows[r].count {
      let t = Int(cells[i].sym)
      if syms[t].kind == .external { return true }
      if isCostFreeRestricted(t) { candidates.append((t, cells[i].coeff)) }
    }
    if candidates.isEmpty { return false }
    for c in candidates where !isBlockedAlone(c.sym) { return true }
    ambiguityLPRuns &+= 1
    return coneMoves(candidates)
  }

  /// The exact degenerate test: does some d >= 0 over the cost-free restricted
  /// symbols, keeping every degenerate row feasible, change sum(g * d)?
  func coneMoves(_ g: [(sym: Int, coeff: Double)]) -> Bool {
    // Connected component of the candidates through degenerate rows.
    var index: [Int: Int] = [:]
    var symbols: [Int] = []
    var rowSeen = Set<Int>()
    var degenerate: [Int] = []
    for c in g where index[c.sym] == nil {
      index[c.sym] = symbols.count
      symbols.append(c.sym)
    }
    var next = 0
    while next < symbols.count {
      let t = symbols[next]
      next += 1
      let col = syms[t].col
      for i in 0..<syms[t].colCount {
        let r = Int(col[i].row)
        guard isDegenerateRow(r), rowSeen.insert(r).inserted else { continue }
        degenerate.append(r)
        let cells = rows[r].cells
        for j in 0..<rows[r].count {
          let u = Int(cells[j].sym)
          if index[u] == nil && isCostFreeRestricted(u) {
            index[u] = symbols.count
            symbols.append(u)
          }
        }
      }
      if symbols.count * (degenerate.count + 1) > Self.ambiguityLPLimit { return true }
    }
    // Inequalities sum(p * d) <= 0: -(row) for every degenerate row, and +(row) too
    // for a dummy basic (an equality).
    let n = symbols.count
    var lhs: [[Double]] = []
    for r in degenerate {
      var a = [Double](repeating: 0, count: n)
      let cells = rows[r].cells
      for j in 0..<rows[r].count {
        if let k = index[Int(cells[j].sym)] { a[k] = cells[j].coeff }
      }
      lhs.append(a.map { -$0 })
      if syms[rows[r].basic].kind == .dummy { lhs.append(a) }
    }
    var objective = [Double](repeating: 0, count: n)
    var scale = 0.0
    for c in g {
      objective[index[c.sym]!] += c.coeff
      scale = max(scale, abs(c.coeff))
    }
    let threshold = 1e-9 * max(1, scale)
    if DirectionLP.maximize(objective, lhs) > threshold { return true }
    return DirectionLP.maximize(objective.map { -$0 }, lhs) > threshold
  }
}

/// max c·d subject to P d <= 0 (rows of `lhs`), sum(d) <= 1, d >= 0: a bounded LP
/// whose origin is feasible, solved densely with Bland's rule (no cycling).
enum DirectionLP {
  static func maximize(_ c: [Double], _ lhs: [[Double]]) -> Double {
    let n = c.count
    let m = lhs.count + 1
    let width = n + m  // structural columns, then one slack per row
    // Row i: sum(t[i][j] * x_j) + slack_i = rhs_i.
    var t = [[Double]](repeating: [Double](repeating: 0, count: width + 1), count: m)
    var basis = [Int](repeating: 0, count: m)
    for i in 0..<m {
      if i < lhs.count {
        for j in 0..<n { t[i][j] = lhs[i][j] }
      } else {
        for j in 0..<n { t[i][j] = 1 }
        t[i][width] = 1
      }
      t[i][n + i] = 1
      basis[i] = n + i
    }
    // Reduced profits: z[j] = c_j - c_B · column j (c_B = 0 at the slack basis).
    var z = [Double](repeating: 0, count: width + 1)
    for j in 0..<n { z[j] = c[j] }
    let eps = 1e-12
    for _ in 0..<(50 * (width + m) + 1000) {
      var e = -1
      for j in 0..<width where z[j] > eps { e = j; break }  // Bland: lowest index
      if e < 0 { break }
      var leave = -1
      var best = Double.infinity
      for i in 0..<m where t[i][e] > eps {
        let q = max(0, t[i][width]) / t[i][e]
        if q < best || (q == best && basis[i] < basis[leave]) { best = q; leave = i }
      }
      if leave < 0 { return .infinity }  // impossible: sum(d) <= 1 bounds every column
      let p = t[leave][e]
      for j in 0...width { t[leave][j] /= p }
      for i in 0..<m where i != leave && t[i][e] != 0 {
        let f = t[i][e]
        for j in 0...width { t[i][j] -= f * t[leave][j] }
      }
      let f = z[e]
      for j in 0...width { z[j] -= f * t[leave][j] }
      basis[leave] = e
    }
    // Objective value: -z[width] accumulates -(c_B · rhs).
    return -z[width]
  }
}
