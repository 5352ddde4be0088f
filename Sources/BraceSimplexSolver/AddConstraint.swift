// Adding a constraint, laid out as kiwi's `addConstraint`: `createRow` builds the row
// over the current nonbasic symbols, `chooseSubject` picks the symbol to solve it for,
// and a row with no subject is attached by phase one (`addWithArtificialVariable`).
//
// Row construction follows kiwi (inequalities get a slack marker, optional ones an
// error; optional equalities get a plus and a minus error; required equalities a
// dummy marker; the row is flipped so its constant is >= 0), then the subject is:
// an external, else the constraint's own slack/error with a negative coefficient,
// else (all dummies) redundant or contradictory, else phase one.
//
// Each step has one caller and is inlined: as calls they made adding a weak stay
// (0.13 us) about 8% slower in brace-simplex-bench. `createRow`, `addMarkers` and
// `accumulateExpression` are `@_transparent` (inlined without exception) because
// `@inline(__always)` left them calls in the release build (callgrind: the add's own
// instructions 8% above the unsplit function's, 3% below once inlined; the
// accumulation's call, 36 instructions an addition at N = 10).

/// kiwi's tag: the symbols a constraint brings into its row, the marker and, for an
/// optional constraint, the other error (-1 if none). Also kept in its record.
struct Tag {
  var marker: Int
  var other: Int
}

extension Tableau {
  /// Adds `sum(terms) + constant REL 0` at `priority`; returns the constraint slot.
  mutating func addConstraint(
    _ terms: [SolverTerm], constant: Double, relation: SolverRelation, priority: Double, isEdit: Bool
  ) throws(SolverError) -> Int {
    try terms.withUnsafeBufferPointer { (terms) throws(SolverError) in
      try addConstraint(terms, constant: constant, relation: relation, priority: priority, isEdit: isEdit)
    }
  }

  /// The same over terms the caller holds: the plugin passes the host's own (through
  /// `SimplexSolver.addConstraint(slots:)`), so that an addition neither builds an array
  /// nor retains and releases one. `weight` is the
  /// constraint's (`setWeight`'s; finite and > 0, which the caller checked), in the
  /// objective before the one optimization: add then setWeight optimized twice (plugin
  /// ABI 1.6's add_weighted).
  /// `bySlot`: the terms name their variables by storage slot (`SimplexSolver`'s
  /// `addConstraint(slots:)` checked that each is live), not by handle.
  mutating func addConstraint(
    _ terms: UnsafeBufferPointer<SolverTerm>, constant: Double, relation: SolverRelation, priority: Double,
    weight: Double = 1, isEdit: Bool, bySlot: Bool = false
  ) throws(SolverError) -> Int {
    try validate(terms, constant: constant, priority: priority, bySlot: bySlot)
    guard let c = allocConstraint() else { throw .capacityExceeded }
    prepareStructural()
    define(c, terms: terms, constant: constant, relation: relation, isEdit: isEdit)
    if weight != 1 { keepWeight(c, weight) }
    let (k, flip, scale, tag) = createRow(
      c, terms: terms, constant: constant, relation: relation, priority: priority, weight: weight)
    var subject = chooseSubject(tag, flip: flip)
    let (r, subjectCoeff, allDummies) = storeRow(constant: k, flip: flip, subject: subject)
    let tolerance = Tolerance.feasibility * max(1, scale)
    if subject < 0 && allDummies {
      if k > tolerance {
        // The other required equalities fix this combination to a different value.
        let conflicts = conflictSet(row: r, excluding: c)
        freeRow(r)
        discardConstraint(c)
        throw .unsatisfiable(conflicts: conflicts)
      }
      // Redundant with other required equalities: keep it as an all-dummy row so that
      // removing one of them later hands the duty over to this one.
      subject = tag.marker
    }
    if subject >= 0 {
      if subjectCoeff != 0 {
        attachNewRow(r, for: subject)  // storeRow solved it for the subject already
      } else {
        solveRow(r, for: subject, leaving: -1)  // the redundant all-dummy row
      }
      // A variable in no row (met for the first time, most often) has nothing to
      // substitute: no column, and no cost (a nonbasic external is in no objective). The
      // call for nothing was half the additions (callgrind, kiwi add workload at N = 10).
      if syms[subject].kind != .external || syms[subject].hasColumnBlock {
        substituteOut(subject, using: r)
      } else {
        assert(isCostFree(subject))
      }
    } else {
      try addWithArtificialVariable(row: r, constraint: c, tolerance: tolerance)
    }
    finishStructural()
    return c
  }

  /// A new constraint's weight, kept for a required row too, without effect, as setWeight
  /// keeps it; a failed add discards the constraint, which puts its slot back to 1. (Out
  /// of line: an add without a weight pays only the test.)
  @inline(never)
  mutating func keepWeight(_ c: Int, _ weight: Double) {
    if errorWeights.count <= c { growWeights() }
    errorWeights[c] = weight
  }

  /// Every check of the arguments, before anything changes: a refused call leaves no trace.
  @inline(__always)
  func validate(
    _ terms: UnsafeBufferPointer<SolverTerm>, constant: Double, priority: Double, bySlot: Bool
  ) throws(SolverError) {
    guard priority.isFinite, priority >= 1, priority <= 1000 else { throw .badPriority }
    guard constant.isFinite else { throw .nonFinite }
    for t in terms {
      guard t.coefficient.isFinite else { throw .nonFinite }
      guard bySlot || variableSlot(t.variable) != nil else { throw .unknownVariable }
    }
  }

  /// Records constraint `c`'s definition, what drift control re-derives rows from: the
  /// distinct variables with their summed coefficients (each gains a reference), in a
  /// pool block of that size, and the constant, relation and kind.
  @inline(__always)
  mutating func define(
    _ c: Int, terms: UnsafeBufferPointer<SolverTerm>, constant: Double, relation: SolverRelation, isEdit: Bool
  ) {
    var n = 0
    for i in terms.indices {
      let v = HandleCodec.slot(terms[i].variable.id)
      var j = 0
      while j < i && HandleCodec.slot(terms[j].variable.id) != v { j += 1 }
      if j == i { n += 1 }
    }
    if n > 0 {
      let block = pool.allocate(class: ConstraintRecord.termClass(count: n))
      let coefficients = block.bindMemory(to: Double.self, capacity: n)
      let variables = (block + 8 * n).bindMemory(to: Int32.self, capacity: n)
      var filled = 0
      for t in terms {
        let v = Int32(HandleCodec.slot(t.variable.id))
        var j = 0
        while j < filled && variables[j] != v { j += 1 }
        if j < filled {
          coefficients[j] += t.coefficient
        } else {
          variables[j] = v
          coefficients[j] = t.coefficient
          filled += 1
          vars[Int(v)].refs += 1
        }
      }
      cons[c].terms = block
    }
    // The flags in one store (`createRow` sets the flip's, `addMarkers` the level and
    // markers).
    cons[c].countAndFlags = ConstraintRecord.flags(termCount: n, relation: relation, isEdit: isEdit)
    cons[c].constant = constant
    liveConstraints += 1
  }

  /// kiwi's `createRow`, built in the accumulator: the expression over the current
  /// nonbasic symbols, then the constraint's markers, then the sign that makes the
  /// constant >= 0. Returns that constant, the sign (`flip`: the row is `flip` times the
  /// accumulated one), the magnitude summed into the constant (rounding in the constant
  /// is relative to it) and the markers. The accumulator stays unflipped: `chooseSubject`
  /// and `storeRow` apply the sign (an exact product), which spared a pass over it.
  @_transparent
  mutating func createRow(
    _ c: Int, terms: UnsafeBufferPointer<SolverTerm>, constant: Double, relation: SolverRelation, priority: Double,
    weight: Double
  ) -> (constant: Double, flip: Double, scale: Double, tag: Tag) {
    var (k, scale) = accumulateExpression(terms, constant: constant)
    let tag = addMarkers(c, relation: relation, priority: priority, weight: weight)
    var flip = 1.0
    if k < 0 {
      flip = -1
      k = -k
    }
    cons[c].flip = flip
    cons[c].markerCoeff = flip * accumulated(tag.marker)  // +1 or -1: the new marker's only entry
    return (k, flip, scale, tag)
  }

  /// Accumulates `sum(terms) + constant` with basic variables replaced by their rows (a
  /// row may only hold nonbasic symbols). Returns the constant and the magnitude summed
  /// into it.
  @_transparent
  mutating func accumulateExpression(_ terms: UnsafeBufferPointer<SolverTerm>, constant: Double) -> (constant: Double, scale: Double) {
    var k = constant
    var scale = abs(constant)
    clearAccumulator()
    for t in terms where t.coefficient != 0 {
      let s = ensureSymbol(HandleCodec.slot(t.variable.id))
      let rb = syms[s].row
      if rb >= 0 {
        k += t.coefficient * rows[rb].constant
        scale += abs(t.coefficient * rows[rb].constant)
        let cells = rows[rb].cells
        for i in 0..<rows[rb].count { accumulate(Int(cells[i].sym), t.coefficient * cells[i].coeff) }
      } else {
        accumulate(s, t.coefficient)
      }
    }
    return (k, scale)
  }

  /// Gives constraint `c` its marker and other symbol and, if optional, its level with
  /// the errors in its objective at cost `weight` each: an inequality's slack (and an
  /// error of the opposite sign), an optional equality's plus and minus errors, a
  /// required equality's dummy.
  @_transparent
  mutating func addMarkers(_ c: Int, relation: SolverRelation, priority: Double, weight: Double) -> Tag {
    let required = priority >= 1000
    var marker = -1, other = -1, level = -1
    switch relation {
    case .lessOrEqual, .greaterOrEqual:
      let sign: Double = relation == .lessOrEqual ? 1 : -1
      marker = newSymbol(.slack, owner: c)
      accumulate(marker, sign)
      if !required {
        level = retainLevel(priority)
        other = newSymbol(.error, owner: c)
        accumulate(other, -sign)
        setNewCost(level, other, weight)
      }
    case .equal:
      if required {
        marker = newSymbol(.dummy, owner: c)
        accumulate(marker, 1)
      } else {
        level = retainLevel(priority)
        marker = newSymbol(.error, owner: c)
        other = newSymbol(.error, owner: c)
        accumulate(marker, -1)
        accumulate(other, 1)
        setNewCost(level, marker, weight)
        setNewCost(level, other, weight)
      }
    }
    cons[c].marker = marker
    cons[c].other = other
    cons[c].level = level
    return Tag(marker: marker, other: other)
  }

  /// kiwi's `chooseSubject`, over the accumulated row (times `flip`) of the constraint
  /// tagged `tag`: the symbol to make basic, or -1. An external first (unrestricted, so any value is feasible); else
  /// the constraint's own slack or error with a negative coefficient (new, so in no other
  /// row, and solving for it leaves the constant >= 0).
  @inline(__always)
  func chooseSubject(_ tag: Tag, flip: Double) -> Int {
    for i in 0..<accCount {
      let t = Int(accSyms[i])
      if syms[t].kind == .external && abs(accVals[i]) >= Tolerance.zero { return t }
    }
    let marker = tag.marker, other = tag.other
    if syms[marker].kind != .dummy && flip * accumulated(marker) < 0 { return marker }
    if other >= 0 && flip * accumulated(other) < 0 { return other }
    return -1
  }

  /// Moves the accumulated row times `flip` into a new tableau row with constant `k`,
  /// without the subject's cell when there is a subject: its block holds what stays. The
  /// cells go in the order of inserting them all and then swap-removing the subject's (the
  /// last cell takes its place), so the pivots are those of doing that. With a subject (of
  /// coefficient `a`), the row is stored solved for it: constant and cells times
  /// `-1 / a`, the products `solveNewRow` would make after storing, without a second pass
  /// over the cells. The cells are `v * (flip * f)`, the same bits as flipping first
  /// (`(flip * v) * f`: a product by -1 is exact). The block is sized for every
  /// accumulated symbol, not counted first (a cell that cancelled to zero leaves one
  /// slot unused): one pass over the accumulator fewer. Returns the row, the subject's
  /// coefficient and whether every stored cell is a dummy.
  @inline(__always)
  mutating func storeRow(
    constant k: Double, flip: Double, subject: Int
  ) -> (row: Int, subjectCoeff: Double, allDummies: Bool) {
    var last = accCount - 1
    while last >= 0 && abs(accVals[last]) < Tolerance.zero { last -= 1 }
    let f = subject >= 0 ? -1 / (flip * accumulated(subject)) : 1
    let g = flip * f
    let r = allocRow(constant: subject >= 0 ? k * f : k, cells: subject >= 0 ? accCount - 1 : accCount)
    var allDummies = true
    var subjectCoeff = 0.0
    var moved = -1
    for i in 0..<accCount {
      let t = Int(accSyms[i])
      let v = accVals[i]
      mark[t] = 0
      if abs(v) < Tolerance.zero || i == moved { continue }
      if t == subject {
        subjectCoeff = flip * v
        if i != last {
          insertCell(r, Int(accSyms[last]), accVals[last] * g, roomy: true)
          if syms[Int(accSyms[last])].kind != .dummy { allDummies = false }
          moved = last
        }
        continue
      }
      insertCell(r, t, v * g, roomy: true)
      if syms[t].kind != .dummy { allDummies = false }
    }
    accCount = 0
    return (r, subjectCoeff, allDummies)
  }

  /// Whether `s` costs nothing at every level (what `substituteOut` would find for it).
  func isCostFree(_ s: Int) -> Bool {
    for q in 0..<order.count where levels[Int(order[q])].val[s] != 0 { return false }
    return true
  }

  /// kiwi's `addWithArtificialVariable` (phase one): attach `r` with an artificial basic
  /// and drive it to zero. On failure the pivots are undone and the constraint is
  /// discarded, so the tableau is the one before the call (kiwi #52 leaves the row behind).
  mutating func addWithArtificialVariable(row r: Int, constraint c: Int, tolerance: Double) throws(SolverError) {
    let art = newSymbol(.artificial, owner: -1)
    rows[r].basic = art
    syms[art].row = r
    clearJournal()
    journaling = true
    let ok = phaseOne(art, tolerance: tolerance)
    journaling = false
    if !ok {
      // Farkas row: art = K + sum(d*y) with K > 0 and d >= 0 on every restricted symbol.
      // Its required markers are exactly the constraints combined into the contradiction.
      let ar = syms[art].row
      let conflicts = ar >= 0 ? conflictSet(row: ar, excluding: c) : []
      undoJournal()
      clearJournal()
      infeasible.removeAll(keepingCapacity: true)
      freeSymbol(art)  // basic again in the original row: drops it
      discardConstraint(c)
      throw .unsatisfiable(conflicts: conflicts)
    }
    clearJournal()
    let ar = syms[art].row
    if ar >= 0 {
      // Basic at zero: pivot it out on any symbol (all are zero, values do not move),
      // preferring a non-dummy so that dummies stay out of the basis.
      if rows[ar].count == 0 {
        freeRow(ar)
      } else {
        let cells = rows[ar].cells
        var e = Int(cells[0].sym)
        for i in 0..<rows[ar].count {
          let kind = syms[Int(cells[i].sym)].kind
          if kind == .slack || kind == .error { e = Int(cells[i].sym); break }
        }
        pivot(row: ar, entering: e)
      }
    }
    freeSymbol(art)  // nonbasic at zero: deleting its column keeps every value
  }

  /// Required constraints (other than `c`) whose marker appears in row `r`,
  /// including the row's own basic symbol.
  func conflictSet(row r: Int, excluding c: Int) -> [SolverConstraint] {
    var out: [SolverConstraint] = []
    func consider(_ s: Int) {
      let kind = syms[s].kind
      guard kind == .slack || kind == .dummy else { return }
      let o = syms[s].owner
      guard o >= 0, o != c, cons[o].live, cons[o].level < 0, !cons[o].isEdit else { return }
      let h = handle(o)
      if !out.contains(h) { out.append(h) }
    }
    if rows[r].basic >= 0 { consider(rows[r].basic) }
    let cells = rows[r].cells
    for i in 0..<rows[r].count { consider(Int(cells[i].sym)) }
    out.sort { $0.id < $1.id }
    return out
  }
}
