// Near-zero thresholds. Layout values are points (magnitudes 1e-3...1e7) and
// coefficients are multipliers (1e-3...1e3), so absolute thresholds work and are
// what kiwi uses; docs/solver.md explains the choice.

enum Tolerance {
  /// A tableau or objective coefficient whose magnitude falls below this after an
  /// update is stored as an exact zero (the cell is dropped). This keeps rows sparse
  /// and stops cancellation noise (1e-16 * magnitude) from ever becoming a pivot.
  static let zero: Double = 1e-8
  /// A restricted row whose constant is below `-feasibility` is infeasible. For the
  /// accept/refuse decisions on required constraints it is relative: an artificial
  /// variable at or below `feasibility * scale` counts as zero (phase one succeeded),
  /// and a required row made only of fixed markers must have |constant| <= that, where
  /// scale = max(1, |constant| + sum |coefficient * value|) of the new constraint:
  /// chains of dependent equalities accumulate rounding relative to those magnitudes
  /// (the N=10000 benchmark sees 8e-8 on magnitudes of 400).
  static let feasibility: Double = 1e-8
  /// Two dual ratios (cost / coefficient) within this relative distance are equal at
  /// that level and the tie goes to the next level: twin columns give exactly equal
  /// ratios whose rounding must not decide the lexicographic comparison.
  static let ratioTie: Double = 1e-9
  /// Consecutive degenerate pivots after which entering/leaving choices switch from
  /// steepest (Dantzig) to Bland's lowest-index rule, which cannot cycle.
  static let degenerateRunBeforeBland = 24
}
