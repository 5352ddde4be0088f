// Drift control: re-deriving rows from the constraint definitions.
//
// Every tableau row is a combination of the original (flipped) constraint rows,
// `0 = flip*constant + flip*sum(coeff*var) + markerCoeff*marker - markerCoeff*other`,
// and each marker occurs in exactly one original row. So the weight of constraint c
// in row r is readable from its marker: coeff(r, marker)/markerCoeff (or
// -1/markerCoeff when the marker is r's basic). Shifts, merges and pivots update
// rows by deltas, so rounding accumulates over millions of suggestions (in the
// coefficients, i.e. the weights, more than in the constants: recomputing only the
// constants does not reduce the drift). `refineRow` rebuilds a row from the weights
// and the stored definitions, correcting the weights by one refinement step; rows
// are queued after a weighted number of updates (`Tolerance.refineAt`), so the cost
// follows the rows an operation touches.

extension Tableau {
  /// Whether `t` is a constraint's marker (its weight in a row is readable off its coefficient).
  @inline(__always)
  func isMarker(_ t: Int) -> Bool {
    switch syms[t].kind {
    case .slack, .error, .dummy:
      let c = syms[t].owner
      return c >= 0 && cons[c].marker == t
    default:
      return false
    }
  }

  /// Counts an update of row `r` (`weight`: see `Tolerance.refineAt`) and queues the
  /// row for re-derivation when the count reaches the threshold.
  @inline(__always)
  mutating func noteRowUpdate(_ r: Int, weight: Int32) {
    let u = rows[r].updates
    let n = u &+ weight
    rows[r].updates = n
    if u < Tolerance.refineAt && n >= Tolerance.refineAt { staleRows.append(Int32(r)) }
  }

  /// Re-derives the queued rows. Called where every row is a valid combination of
  /// the constraints' rows and every constraint record is current (the end of an
  /// operation; never during phase one).
  /// The test is inlined into the callers: the queue is empty at the end of nearly every
  /// operation, and the call for nothing cost every addition and every batch's end about
  /// 8 instructions each (callgrind, kiwi add workload at N = 10).
  @inline(__always)
  mutating func refineStaleRows() {
    if !staleRows.isEmpty { refineQueuedRows() }
  }

  @inline(never)
  mutating func refineQueuedRows() {
    while let r32 = staleRows.popLast() {
      let r = Int(r32)
      if rows[r].live && rows[r].basic >= 0 { refineRow(r) }
    }
  }

  /// Re-derives row `r` from the constraint definitions (one step of iterative
  /// refinement): E = sum over constraints c of weight(r, c) * original row c, with the
  /// weights read from the row's marker coefficients, is an exactly valid equation up
  /// to one rounding per product. Drifted weights show up as small coefficients on
  /// basic symbols other than r's basic; eliminating them with their rows corrects the
  /// weights (the error left is their drift times those rows' drift). Normalized to r's
  /// basic, E replaces the row's coefficients and constant. The sparsity pattern is
  /// kept: a coefficient that falls below `Tolerance.zero` drops its cell, and none is
  /// added (a symbol missing from the row has an exact-arithmetic coefficient of 0, or
  /// one the incremental updates already dropped as noise).
  mutating func refineRow(_ r: Int) {
    rows[r].updates = 0
    rowRefinements &+= 1
    let b = rows[r].basic
    clearAccumulator()
    var k = 0.0
    // Weights first (the row is not touched until E is complete).
    weights.removeAll(keepingCapacity: true)
    if isMarker(b) { weights.append((b, -1 / cons[syms[b].owner].markerCoeff)) }
    let cells = rows[r].cells
    for i in 0..<rows[r].count {
      let t = Int(cells[i].sym)
      if isMarker(t) { weights.append((t, cells[i].coeff / cons[syms[t].owner].markerCoeff)) }
    }
    for (s, w) in weights {
      let c = syms[s].owner
      let m = cons[c].markerCoeff
      let f = w * cons[c].flip
      k += f * cons[c].constant
      let coefficients = cons[c].coefficients, variables = cons[c].variables
      for i in 0..<cons[c].termCount {
        let t = vars[Int(variables[i])].sym
        if t >= 0 { accumulate(t, f * coefficients[i]) }
      }
      accumulate(s, w * m)
      let o = cons[c].other
      if o >= 0 { accumulate(o, -w * m) }
    }
    // Eliminate the other basic symbols (their coefficients are the weights' drift).
    var i = 0
    let n = accCount
    while i < n {
      let t = Int(accSyms[i])
      i += 1
      let rt = syms[t].row
      if t == b || rt < 0 { continue }
      let eps = accVals[i - 1]
      if eps == 0 { continue }
      accVals[i - 1] = 0
      k += eps * rows[rt].constant
      let ct = rows[rt].cells
      for j in 0..<rows[rt].count { accumulate(Int(ct[j].sym), eps * ct[j].coeff) }
    }
    let beta = -accumulated(b)
    if !(abs(beta - 1) < 1e-6) {
      // Not a drifted copy of a valid row: leave it alone (cannot happen in exact arithmetic).
      numericalIssues &+= 1
    } else {
      let oldConstant = rows[r].constant
      rows[r].constant = k / beta
      var p = rows[r].count - 1
      while p >= 0 {
        let v = accumulated(Int(rows[r].cells[p].sym)) / beta
        if abs(v) < Tolerance.zero { removeCell(r, p) } else { rows[r].cells[p].coeff = v }
        p -= 1
      }
      if rows[r].constant != oldConstant {
        if syms[b].kind == .external {
          noteSymbolValueChanged(b)
        } else if rows[r].constant < 0 {
          infeasible.append(Int32(b))
        }
      }
    }
    clearAccumulator()
  }

  /// Re-derives every row (tests and the benchmark).
  mutating func refineAllRows() {
    for r in 0..<rowHigh where rows[r].live && rows[r].basic >= 0 { refineRow(r) }
  }
}

extension SimplexSolver {
  /// Re-derives every row from the constraint definitions now (tests, benchmark).
  package func refineAllRows() { tableau.refineAllRows() }
}
