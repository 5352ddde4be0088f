// Every failure the API can report. Nothing traps on bad input: it is refused
// with one of these, and the solver is left exactly as it was before the call.

package enum SolverError: Error, Equatable, Sendable {
  /// A required constraint could not be added (or its constant changed) because it
  /// contradicts the required constraints listed here. The new constraint is the one
  /// refused; the list holds the OTHER previously added required constraints that
  /// take part in the contradiction (read from the Farkas row, see docs/solver.md).
  case unsatisfiable(conflicts: [SolverConstraint])
  /// The constraint handle is not (or no longer) known to this solver.
  case unknownConstraint
  /// The variable handle is not (or no longer) known to this solver.
  case unknownVariable
  /// `addEditVariable` on a variable that already has an edit.
  case duplicateEditVariable
  /// `suggestValue`/`removeEditVariable` on a variable without an edit.
  case unknownEditVariable
  /// A priority outside 1...1000 (or not finite), a required edit variable, or
  /// `setPriority` across the required/optional boundary.
  case badPriority
  /// A weight that is not finite or not > 0.
  case badWeight
  /// A NaN or infinite constant, coefficient or suggested value.
  case nonFinite
  /// More than 16,777,215 live variables or constraints.
  case capacityExceeded
}
