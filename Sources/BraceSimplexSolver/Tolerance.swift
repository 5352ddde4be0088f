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
  /// Drift control (Refinement.swift): a row is re-derived from the constraint
  /// definitions at the end of the operation in which its update count reaches
  /// `refineAt`. A merge or pivot (which rewrites coefficients) counts
  /// `refineWeightMerge`, a constant shift (one addition to the constant) counts 1, so
  /// a row is re-derived after 32 merges or 1024 shifts: rounding never accumulates
  /// over more than that. A re-derivation costs about ten merges of the row; every 16
  /// merges slowed the N=1000 edit re-solve of the benchmark by 25-100%, every 32 costs
  /// nothing measurable there, every 64 let the drag test's drift reach 1e-11
  /// (docs/solver.md).
  static let refineAt: Int32 = 1024
  static let refineWeightMerge: Int32 = 32
}
