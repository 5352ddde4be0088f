// Pivoting, the lexicographic primal simplex, the dual simplex and phase one.
//
// Every substitution walks only the column of the symbol being eliminated (the
// column index), never the whole tableau: cost follows what an operation touches.

/// A row as it was before a journaled pivot changed it: its basic, constant, update
/// count and cells (`journalCells[cellStart..<cellStart + cellCount]`).
struct SavedRow {
  var row: Int32
  var basic: Int32
  var cellStart: Int32
  var cellCount: Int32
  var constant: Double
  var updates: Int32
}

/// A cost as it was before a journaled pivot changed it.
struct SavedCost {
  var level: Int32
  var sym: Int32
  var value: Double
}

extension Tableau {
  /// Rewrites row `r` (`leaving = K + a*e + rest`, or `0 = K + a*e + rest` for a new
  /// row when `leaving < 0`) as `e = ...`.
  mutating func solveRow(_ r: Int, for e: Int, leaving l: Int) {
    let p = cellPosition(r, e)
    let a = rows[r].cells[p].coeff
    // The substitution that follows puts `l` in every row of `e`'s column (r included):
    // its column block is sized for that once instead of growing entry by entry.
    if l >= 0 && syms[e].colCount > syms[l].columnCapacity {
      if !syms[l].hasColumnBlock && Int(syms[l].colClass) <= Tableau.firstColumnClass + 1
        && syms[e].colCount <= Pool.words(Tableau.firstColumnClass) {
        // No block, and the column fits a new column's first one (basic since it was
        // made, most often: an added row's subject, left in the next pivot): that block,
        // as for a new symbol, without resizeColumn's general arithmetic, and large
        // enough for the rows it joins next (callgrind, kiwi add workload at N = 10:
        // 90 instructions a pivot in resizeColumn, and regrowth from 2 entries).
        growColumnIfFull(l)
      } else {
        resizeColumn(l, atLeast: syms[e].colCount)
      }
    }
    removeCell(r, p)
    if l >= 0 {
      insertCell(r, l, -1)
      syms[l].row = -1
      noteSymbolValueChanged(l)
    }
    solveNewRow(r, for: e, coefficient: a)
  }

  /// Makes `e` the basic of new row `r`, which holds `0 = K + a*e + rest` without `e`'s
  /// cell (`a` given): `solveRow` without inserting and removing that cell.
  mutating func solveNewRow(_ r: Int, for e: Int, coefficient a: Double) {
    let f = -1 / a
    rows[r].constant *= f
    let cells = rows[r].cells
    for i in 0..<rows[r].count { cells[i].coeff *= f }
    attachNewRow(r, for: e)
  }

  /// Makes `e` the basic of row `r`, which already holds `e = ...` (a new row solved for
  /// it as it was stored, or by `solveNewRow`).
  @inline(__always)
  mutating func attachNewRow(_ r: Int, for e: Int) {
    rows[r].basic = e
    syms[e].row = r
    noteSymbolValueChanged(e)
    noteRowUpdate(r, weight: Tolerance.refineWeightMerge)
  }

  /// Eliminates `e` (now basic in row `src`) from every row of its column and from
  /// every objective level.
  /// A new row's subject that is a fresh variable has an empty column and no cost: then
  /// only the check remains.
  mutating func substituteOut(_ e: Int, using src: Int) {
    let n = rows[src].count
    let sc = rows[src].cells
    if syms[e].colCount > 0 {
      if n > seenCapacity {
        seen.deallocate()
        seenCapacity = max(n, seenCapacity * 2)
        seen = Tableau.zeroed(capacity: seenCapacity)
        stamp = 0
      }
      for i in 0..<n { mark[Int(sc[i].sym)] = Int32(i + 1) }
      while syms[e].colCount > 0 {
        let entry = syms[e].col[syms[e].colCount - 1]
        let r = Int(entry.row)
        let c = rows[r].cells[Int(entry.cellPos)].coeff
        removeCell(r, Int(entry.cellPos))
        mergeRow(r, src, c)
      }
      for i in 0..<n { mark[Int(sc[i].sym)] = 0 }
    }
    releaseColumn(e, forget: false)
    for q in 0..<order.count {
      let k = Int(order[q])
      let c = levels[k].val[e]
      if c == 0 { continue }
      levels[k].val[e] = 0
      for i in 0..<n { addObjective(k, Int(sc[i].sym), c * sc[i].coeff) }
    }
  }

  /// `row[r] += c * row[src]`; `mark` holds 1 + the position of each of src's symbols.
  @inline(__always)
  mutating func mergeRow(_ r: Int, _ src: Int, _ c: Double) {
    stamp &+= 1
    if stamp == 0 {
      seen.update(repeating: 0, count: seenCapacity)
      stamp = 1
    }
    let sc = rows[src].cells
    let n = rows[src].count
    rows[r].constant += c * rows[src].constant
    let cells = rows[r].cells
    var i = rows[r].count - 1
    while i >= 0 {
      let m = mark[Int(cells[i].sym)]
      if m != 0 {
        let j = Int(m) - 1
        seen[j] = stamp
        let v = cells[i].coeff + c * sc[j].coeff
        if abs(v) < Tolerance.zero {
          removeCell(r, i)  // the cell swapped in from the end was already visited
        } else {
          cells[i].coeff = v
        }
      }
      i -= 1
    }
    for j in 0..<n where seen[j] != stamp {
      let v = c * sc[j].coeff
      if abs(v) >= Tolerance.zero { insertCell(r, Int(sc[j].sym), v) }
    }
    let b = rows[r].basic
    if syms[b].kind == .external {
      noteSymbolValueChanged(b)
    } else if rows[r].constant < 0 {
      infeasible.append(Int32(b))
    }
    noteRowUpdate(r, weight: Tolerance.refineWeightMerge)
  }

  /// Makes `e` basic in row `r` and eliminates it everywhere else.
  mutating func pivot(row r: Int, entering e: Int) {
    let l = rows[r].basic
    if journaling { journalPivot(row: r, entering: e) }
    solveRow(r, for: e, leaving: l)
    substituteOut(e, using: r)
    pivotCount &+= 1
  }

  /// Saves what the pivot about to be made on row `r` for `e` changes: row `r`, the other
  /// rows of `e`'s column, and at every level where `e` costs something the costs of the
  /// symbols of `r` and its basic. Out of line: only refusable operations journal.
  @inline(never)
  mutating func journalPivot(row r: Int, entering e: Int) {
    if journalRows.isEmpty { journalStaleRows = staleRows.count }
    saveRow(r)
    for i in 0..<syms[e].colCount where Int(syms[e].col[i].row) != r { saveRow(Int(syms[e].col[i].row)) }
    let l = rows[r].basic
    let cells = rows[r].cells
    for q in 0..<order.count {
      let k = Int(order[q])
      let val = levels[k].val
      if val[e] == 0 { continue }
      journalCosts.append(SavedCost(level: Int32(k), sym: Int32(l), value: val[l]))
      for i in 0..<rows[r].count {
        let t = Int(cells[i].sym)
        journalCosts.append(SavedCost(level: Int32(k), sym: Int32(t), value: val[t]))
      }
    }
  }

  mutating func saveRow(_ r: Int) {
    let n = rows[r].count
    journalRows.append(SavedRow(
      row: Int32(r), basic: Int32(rows[r].basic), cellStart: Int32(journalCells.count), cellCount: Int32(n),
      constant: rows[r].constant, updates: rows[r].updates))
    journalCells.append(contentsOf: UnsafeBufferPointer(start: rows[r].cells, count: n))
  }

  /// Primal ratio test over `e`'s column: the restricted row that hits zero first
  /// as `e` grows. Ties go to the lowest basic id in Bland mode.
  func leavingRow(for e: Int, bland: Bool, ratio: inout Double) -> Int {
    var best = -1
    var bestRatio = Double.infinity
    var bestBasic = Int.max
    let col = syms[e].col
    for i in 0..<syms[e].colCount {
      let entry = col[i]
      let r = Int(entry.row)
      let a = rows[r].cells[Int(entry.cellPos)].coeff
      if a >= 0 { continue }
      let b = rows[r].basic
      if syms[b].kind == .external { continue }
      let q = -rows[r].constant / a
      if q < bestRatio || (bland && q == bestRatio && b < bestBasic) {
        best = r
        bestRatio = q
        bestBasic = b
      }
    }
    ratio = bestRatio
    return best
  }

  /// Lexicographic primal simplex: optimize each level, highest first, moving only
  /// symbols that are free (zero cost) in all higher levels.
  /// The test for work is inlined into the callers, the work itself is not: most additions
  /// have none (callgrind, kiwi add workload at N = 10: the call for nothing cost 6 in 10
  /// additions about 25 instructions).
  @inline(__always)
  mutating func optimize() {
    primalRuns &+= 1
    // No level offers an entering symbol (the case after most additions): every
    // `enteringSymbol` would return -1 at once.
    var offered = false
    for q in 0..<order.count where levels[Int(order[q])].negCount > 0 { offered = true; break }
    if offered { optimizeOffered() }
  }

  @inline(never)
  mutating func optimizeOffered() {
    var budget = 50_000 + 50 * liveRows
    for q in 0..<order.count {
      var degenerate = 0
      while budget > 0 {
        budget -= 1
        let bland = degenerate >= Tolerance.degenerateRunBeforeBland
        let e = enteringSymbol(rank: q, bland: bland)
        if e < 0 { break }
        var ratio = 0.0
        let r = leavingRow(for: e, bland: bland, ratio: &ratio)
        if r < 0 {
          // Unbounded cannot happen (every objective is a sum of errors >= 0);
          // if rounding fakes it, stop rather than loop.
          numericalIssues &+= 1
          break
        }
        degenerate = ratio <= Tolerance.zero ? degenerate + 1 : 0
        pivot(row: r, entering: e)
      }
    }
    if budget <= 0 { numericalIssues &+= 1 }
  }

  /// Dual ratio test for infeasible row `r`: among cells with a positive coefficient
  /// the lexicographically smallest cost/coefficient vector, so every level stays
  /// optimal while feasibility is restored.
  /// Inlined into its one caller (dualOptimize), for the same reason as markerLeavingRow.
  @inline(__always)
  func dualEnteringSymbol(row r: Int) -> Int {
    let cells = rows[r].cells
    var best = -1
    var bestA = 0.0
    for i in 0..<rows[r].count {
      let a = cells[i].coeff
      if a <= 0 { continue }
      let t = Int(cells[i].sym)
      let kind = syms[t].kind
      if kind != .slack && kind != .error { continue }
      if best < 0 {
        best = t
        bestA = a
        continue
      }
      var decided = false
      for q in 0..<order.count {
        let val = levels[Int(order[q])].val
        let x = val[t] / a
        let y = val[best] / bestA
        // Ratios equal up to rounding are a tie: decided by the next level. Deciding it
        // by noise here would ignore the lower levels and break their optimality.
        if abs(x - y) <= Tolerance.ratioTie * max(1, abs(x), abs(y)) { continue }
        if x < y { best = t; bestA = a }
        decided = true
        break
      }
      if !decided && t < best {
        best = t
        bestA = a
      }
    }
    return best
  }

  /// Dual simplex over the queued infeasible rows. Returns -1, or the row that
  /// cannot be made feasible (required constraints contradict each other).
  mutating func dualOptimize() -> Int {
    if infeasible.isEmpty { return -1 }
    dualRuns &+= 1
    var budget = 50_000 + 50 * liveRows
    while let b32 = infeasible.popLast() {
      let b = Int(b32)
      let r = syms[b].row
      if r < 0 || syms[b].kind == .external { continue }
      if rows[r].constant >= -Tolerance.feasibility { continue }
      let e = dualEnteringSymbol(row: r)
      if e < 0 {
        infeasible.removeAll(keepingCapacity: true)
        return r
      }
      pivot(row: r, entering: e)
      budget -= 1
      if budget <= 0 {
        numericalIssues &+= 1
        infeasible.removeAll(keepingCapacity: true)
        return -1
      }
    }
    return -1
  }

  /// Phase one for a new required row with no usable subject. The row is attached
  /// with artificial basic `art`; minimize `art` (its own row is the objective).
  /// True when `art` reaches zero.
  mutating func phaseOne(_ art: Int, tolerance: Double) -> Bool {
    var budget = 50_000 + 50 * liveRows
    var degenerate = 0
    while budget > 0 {
      budget -= 1
      let r = syms[art].row
      if r < 0 { return true }
      if rows[r].constant <= tolerance { return true }
      let bland = degenerate >= Tolerance.degenerateRunBeforeBland
      let cells = rows[r].cells
      var e = -1
      var best = 0.0
      for i in 0..<rows[r].count {
        let a = cells[i].coeff
        if a >= 0 { continue }
        let t = Int(cells[i].sym)
        let kind = syms[t].kind
        if kind != .slack && kind != .error { continue }
        if e < 0 || (bland ? t < e : a < best) {
          e = t
          best = a
        }
      }
      if e < 0 { return false }
      var ratio = 0.0
      let lr = leavingRow(for: e, bland: bland, ratio: &ratio)
      if lr < 0 { return false }  // impossible: art's own row qualifies
      degenerate = ratio <= Tolerance.zero ? degenerate + 1 : 0
      pivot(row: lr, entering: e)
    }
    numericalIssues &+= 1
    return false
  }

  /// Puts back every row and cost the journaled pivots changed, as each was before the
  /// first of them (the oldest copy of each): the tableau of before, bit for bit.
  /// Pivoting back instead loses what a pivot on a large element (ill-conditioned rows,
  /// 0.001 next to 1,000: -7.8e8 seen) put in coefficients under `Tolerance.zero`, which
  /// later merges drop: the leaving symbol's own cell (pivoting back then read the row's
  /// cell -1) and its share in other rows (values after a refused add off by up to 760
  /// times their size).
  mutating func undoJournal() {
    var restored = [Bool](repeating: false, count: rowHigh)
    var oldest: [Int] = []
    for i in journalRows.indices where !restored[Int(journalRows[i].row)] {
      restored[Int(journalRows[i].row)] = true
      oldest.append(i)
    }
    // Empty the rows first: a basic of now is a nonbasic of before, in another row.
    for i in oldest {
      let r = Int(journalRows[i].row)
      syms[rows[r].basic].row = -1
      while rows[r].count > 0 { removeCell(r, rows[r].count - 1) }
    }
    for i in oldest {
      let saved = journalRows[i]
      let r = Int(saved.row), b = Int(saved.basic)
      rows[r].constant = saved.constant
      for j in Int(saved.cellStart)..<Int(saved.cellStart + saved.cellCount) {
        insertCell(r, Int(journalCells[j].sym), journalCells[j].coeff)
      }
      rows[r].basic = b
      rows[r].updates = saved.updates
      syms[b].row = r
      noteSymbolValueChanged(b)
    }
    for i in oldest {
      let b = Int(journalRows[i].basic)
      assert(syms[b].colCount == 0)  // a basic of before is in no row of before
      releaseColumn(b, forget: false)
    }
    // Newest first, so that the oldest value of a cost saved twice is the one left.
    for i in journalCosts.indices.reversed() {
      let c = journalCosts[i]
      levels[Int(c.level)].val[Int(c.sym)] = c.value
    }
    // The negative costs offered again (an entry that no longer is one is dropped lazily).
    for c in journalCosts where syms[Int(c.sym)].kind != .dummy {
      for q in 0..<order.count where levels[Int(order[q])].val[Int(c.sym)] < 0 { pushNegative(Int(order[q]), Int(c.sym)) }
    }
    if !journalRows.isEmpty { staleRows.removeSubrange(journalStaleRows...) }
  }

  mutating func clearJournal() {
    journalRows.removeAll(keepingCapacity: true)
    journalCells.removeAll(keepingCapacity: true)
    journalCosts.removeAll(keepingCapacity: true)
  }

  /// The row to pivot a nonbasic marker into before dropping it (kiwi's rule, over
  /// the marker's column only): restricted rows keep feasibility; a row whose basic
  /// is a dummy is preferred for a dummy marker so such rows stay all-dummy.
  /// Inlined into its one caller (removeConstraint): called, the Tableau struct was
  /// copied for it (a 64-instruction memcpy per removal).
  @inline(__always)
  func markerLeavingRow(_ m: Int) -> Int {
    let col = syms[m].col
    let n = syms[m].colCount
    if syms[m].kind == .dummy {
      for i in 0..<n where syms[rows[Int(col[i].row)].basic].kind == .dummy { return Int(col[i].row) }
    }
    var first = -1, second = -1, third = -1
    var r1 = Double.infinity, r2 = Double.infinity
    for i in 0..<n {
      let r = Int(col[i].row)
      let c = rows[r].cells[Int(col[i].cellPos)].coeff
      if syms[rows[r].basic].kind == .external {
        third = r
      } else if c < 0 {
        let q = -rows[r].constant / c
        if q < r1 { r1 = q; first = r }
      } else {
        let q = rows[r].constant / c
        if q < r2 { r2 = q; second = r }
      }
    }
    if first >= 0 { return first }
    if second >= 0 { return second }
    return third
  }
}
