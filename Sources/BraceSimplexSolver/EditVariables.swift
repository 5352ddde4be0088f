// Edit variables: optional equalities `v == value` whose constant suggestions move.

extension Tableau {
  mutating func addEditVariable(_ h: SolverVariable, priority: Double) throws(SolverError) {
    guard let v = variableSlot(h) else { throw .unknownVariable }
    guard priority.isFinite, priority >= 1, priority < 1000 else { throw .badPriority }
    guard vars[v].edit < 0 else { throw .duplicateEditVariable }
    // Starts at the current value, so adding an edit moves nothing (kiwi's pulls to 0):
    // the settled value, after constant changes a batch has pending.
    prepareStructural()
    let c = try addConstraint([SolverTerm(variable: h, coefficient: 1)], constant: -value(slot: v),
                              relation: .equal, priority: priority, isEdit: true)
    vars[v].edit = c
  }

  mutating func removeEditVariable(_ h: SolverVariable) throws(SolverError) {
    guard let v = variableSlot(h) else { throw .unknownVariable }
    let c = vars[v].edit
    guard c >= 0 else { throw .unknownEditVariable }
    vars[v].edit = -1
    removeConstraint(slot: c)
  }

  mutating func suggestValue(_ h: SolverVariable, _ value: Double) throws(SolverError) {
    guard let v = variableSlot(h) else { throw .unknownVariable }
    try suggestValue(slot: v, value)
  }

  mutating func suggestValue(slot v: Int, _ value: Double) throws(SolverError) {
    guard value.isFinite else { throw .nonFinite }
    let c = vars[v].edit
    guard c >= 0 else { throw .unknownEditVariable }
    try setConstant(slot: c, -value)
  }
}
