// Changing a constraint in place: removing it, moving its constant (a marker shift,
// never a rebuild) and moving it to another priority level.

extension Tableau {
  // MARK: Removing

  mutating func removeConstraint(slot c: Int) {
    prepareStructural()
    let level = cons[c].level
    let marker = cons[c].marker
    let other = cons[c].other
    if level >= 0 {
      // Remove the error terms before pivoting, or the pivot would fold them back in.
      let w = weight(slot: c)
      if cons[c].relation == .equal { addSymbolToObjective(level, marker, -w) }
      addSymbolToObjective(level, other, -w)
    }
    if syms[marker].row >= 0 {
      freeRow(syms[marker].row)
    } else {
      let r = markerLeavingRow(marker)
      if r >= 0 {
        pivot(row: r, entering: marker)
        freeRow(r)
      }
    }
    discardConstraint(c)
    finishStructural()
  }

  // MARK: Constants

  /// Moves constraint `c`'s constant by `delta` as a shift of its marker (Rhea's
  /// set_constant): the marker occurs in no other original row, so the change is
  /// `marker -> marker - delta*flip/markerCoeff` applied to the rows of its column.
  /// Returns a row whose basic is a dummy and whose constant left zero (a required
  /// equality contradiction), or -1.
  mutating func shiftConstant(_ c: Int, by delta: Double) -> Int {
    let f = cons[c].flip * delta / cons[c].markerCoeff
    let tolerance = Tolerance.feasibility * max(1, abs(cons[c].constant), abs(cons[c].constant + delta))
    let m = cons[c].marker
    var broken = -1
    let mr = syms[m].row
    if mr >= 0 {
      rows[mr].constant -= f
      afterShift(mr, tolerance, &broken)
    } else {
      let col = syms[m].col
      for i in 0..<syms[m].colCount {
        let r = Int(col[i].row)
        rows[r].constant += rows[r].cells[Int(col[i].cellPos)].coeff * f
        afterShift(r, tolerance, &broken)
      }
    }
    return broken
  }

  @inline(__always)
  mutating func afterShift(_ r: Int, _ tolerance: Double, _ broken: inout Int) {
    noteRowUpdate(r, weight: 1)
    let b = rows[r].basic
    switch syms[b].kind {
    case .external: noteSymbolValueChanged(b)
    case .dummy: if abs(rows[r].constant) > tolerance && broken < 0 { broken = r }
    default: if rows[r].constant < 0 { infeasible.append(Int32(b)) }
    }
  }

  mutating func setConstant(slot c: Int, _ value: Double) throws(SolverError) {
    guard value.isFinite else { throw .nonFinite }
    let old = cons[c].constant
    if value == old { return }
    if cons[c].level >= 0 {
      // Optional: always satisfiable (errors absorb it); dual simplex, lazily in a batch.
      _ = shiftConstant(c, by: value - old)
      cons[c].constant = value
      finishShift()
      return
    }
    // Required: may contradict other required constraints, so settle now and be
    // ready to undo exactly.
    flush()
    clearJournal()
    journaling = true
    var failed = shiftConstant(c, by: value - old)
    cons[c].constant = value
    if failed < 0 { failed = dualOptimize() }
    journaling = false
    if failed >= 0 {
      let conflicts = conflictSet(row: failed, excluding: c)
      undoJournal()
      _ = shiftConstant(c, by: old - value)
      cons[c].constant = old
      infeasible.removeAll(keepingCapacity: true)
      clearJournal()
      throw .unsatisfiable(conflicts: conflicts)
    }
    clearJournal()
    if batchDepth == 0 { refineStaleRows() }
  }

  // MARK: Priorities

  mutating func setPriority(slot c: Int, _ priority: Double) throws(SolverError) {
    guard priority.isFinite, priority >= 1, priority < 1000, cons[c].level >= 0 else { throw .badPriority }
    let old = cons[c].level
    if levels[old].priority == priority { return }
    prepareStructural()
    let new = retainLevel(priority)
    let w = weight(slot: c)
    var errors = [cons[c].other]
    if cons[c].relation == .equal { errors.append(cons[c].marker) }
    for s in errors {
      addSymbolToObjective(old, s, -w)
      addSymbolToObjective(new, s, w)
    }
    cons[c].level = new
    releaseLevel(old)
    finishStructural()
  }
}

extension Tableau {
  // MARK: Weights
  //
  // A weight scales a constraint's errors within its level (kiwi's strengths): level L
  // minimizes sum(weight * |error|) over its constraints. Levels stay strict. Weights
  // live beside the records, grown only when one is set, so a solver that never sets
  // one pays nothing on its hot paths; a slot past the end weighs 1.

  @inline(__always)
  func weight(slot c: Int) -> Double { c < errorWeights.count ? errorWeights[c] : 1 }

  /// Sets constraint (or edit) `c`'s weight: finite and > 0. A required constraint keeps
  /// it, without effect. An optional one moves its error costs by the difference and
  /// re-optimizes from the current basis (still feasible: only costs change).
  mutating func setWeight(slot c: Int, _ w: Double) throws(SolverError) {
    guard w.isFinite, w > 0 else { throw .badWeight }
    let old = weight(slot: c)
    if w == old { return }
    if errorWeights.count <= c { growWeights() }
    errorWeights[c] = w
    let level = cons[c].level
    guard level >= 0 else { return }
    prepareStructural()
    if cons[c].relation == .equal { addSymbolToObjective(level, cons[c].marker, w - old) }
    addSymbolToObjective(level, cons[c].other, w - old)
    finishStructural()
  }

  /// Covers every slot `cons` has room for (a slot not in use weighs 1, as one past the
  /// end does): the weights grow when the records do, not by one slot per weighted
  /// constraint (appending a repeated 1 up to each new slot cost about 130 instructions a
  /// weight, a call per weight 88).
  @inline(never)
  mutating func growWeights() {
    errorWeights.reserveCapacity(cons.capacity)
    while errorWeights.count < cons.capacity { errorWeights.append(1) }
  }
}
