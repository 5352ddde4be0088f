@testable import BraceSimplexSolver

/// Deterministic PRNG (SplitMix64) so every randomized test replays exactly.
struct SplitMix64 {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  /// Uniform in 0..<n.
  mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
  /// Uniform in lo...hi (integers).
  mutating func int(_ lo: Int, _ hi: Int) -> Int { lo + int(hi - lo + 1) }
  /// Uniform in [0, 1).
  mutating func unit() -> Double { Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0) }
  mutating func double(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
  mutating func chance(_ p: Double) -> Bool { unit() < p }
}

extension SimplexSolver {
  /// `sum(coefficient * variable) + constant REL 0 @ priority`.
  @discardableResult
  func add(_ terms: [(SolverVariable, Double)], _ constant: Double, _ relation: SolverRelation,
           _ priority: Double = 1000) throws(SolverError) -> SolverConstraint {
    try addConstraint(terms.map { SolverTerm(variable: $0.0, coefficient: $0.1) }, constant: constant,
                      relation: relation, priority: priority)
  }

  /// `v REL value @ priority`.
  @discardableResult
  func fix(_ v: SolverVariable, _ relation: SolverRelation, _ value: Double,
           _ priority: Double = 1000) throws(SolverError) -> SolverConstraint {
    try add([(v, 1)], -value, relation, priority)
  }

  func values(_ vs: [SolverVariable]) -> [Double] { vs.map { value(of: $0) } }
}

func close(_ a: Double, _ b: Double, _ tol: Double = 1e-7) -> Bool {
  abs(a - b) <= tol * max(1, abs(a), abs(b))
}

func allClose(_ a: [Double], _ b: [Double], _ tol: Double = 1e-7) -> Bool {
  a.count == b.count && zip(a, b).allSatisfy { close($0, $1, tol) }
}
