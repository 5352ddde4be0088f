// SplitMix64, the seeded generator of the randomized tests, is BraceBenchKit's;
// re-exported so that every file of the suite sees it.
@_exported import BraceBenchKit
@testable import BraceSimplexSolver

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
