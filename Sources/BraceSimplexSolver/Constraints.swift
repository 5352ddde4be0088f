// Adding, removing and changing constraints, and edit variables (which are
// optional equalities `v == value` whose constant is moved by suggestions).
//
// Row construction follows kiwi (inequalities get a slack marker, optional ones an
// error; optional equalities get a plus and a minus error; required equalities a
// dummy marker; the row is flipped so its constant is >= 0), then the subject is:
// an external, else the constraint's own slack/error with a negative coefficient,
// else (all dummies) redundant or contradictory, else phase one.

/// 32 bytes. The terms live in a pool block (Pool.swift): `termCount` coefficients, then
/// as many variable slots (12 bytes a term). The marker's coefficient in the stored row
/// is +1 or -1 (a new symbol's only entry, maybe flipped), so one bit holds it, as one
/// holds the flip; the level shares a word with the generation, the term count with the
/// relation and the flags (slots and counts are below 2^24: handles have 24-bit slots).
struct ConstraintRecord {
  var constant = 0.0
  var terms = ConstraintRecord.noTerms
  var marker32: Int32 = -1
  var other32: Int32 = -1
  /// level + 1 (bits 0-23; 0 for a required constraint) | generation (bits 24-31).
  var levelAndGeneration: UInt32 = 1 << 24
  /// term count (bits 0-23) | relation (24-25) | live, edit, flip, negative marker (26-29).
  var countAndFlags: UInt32 = UInt32(SolverRelation.equal.rawValue) << 24

  /// Stands for the block of a constraint without terms (never read).
  static var noTerms: UnsafeMutableRawPointer {
    @inline(__always) get { UnsafeMutableRawPointer(bitPattern: 8)! }
  }
  static let low24: UInt32 = (1 << 24) - 1
  static let liveFlag: UInt32 = 1 << 26, editFlag: UInt32 = 1 << 27, flipFlag: UInt32 = 1 << 28
  static let negativeMarkerFlag: UInt32 = 1 << 29

  /// The pool class of a block of `count` terms (12 bytes each).
  @inline(__always)
  static func termClass(count: Int) -> Int { Pool.classFor(words: (12 * count + 7) >> 3) }

  /// The terms' coefficients (unflipped) and variable slots.
  var coefficients: UnsafeMutablePointer<Double> {
    @inline(__always) get { terms.assumingMemoryBound(to: Double.self) }
  }
  var variables: UnsafeMutablePointer<Int32> {
    @inline(__always) get { (terms + 8 * termCount).assumingMemoryBound(to: Int32.self) }
  }

  var marker: Int {
    @inline(__always) get { Int(marker32) }
    @inline(__always) set { marker32 = Int32(truncatingIfNeeded: newValue) }
  }
  var other: Int {
    @inline(__always) get { Int(other32) }
    @inline(__always) set { other32 = Int32(truncatingIfNeeded: newValue) }
  }
  /// Objective level slot, -1 for required constraints.
  var level: Int {
    @inline(__always) get { Int(levelAndGeneration & ConstraintRecord.low24) - 1 }
    @inline(__always) set {
      levelAndGeneration = (levelAndGeneration & ~ConstraintRecord.low24) | (UInt32(truncatingIfNeeded: newValue + 1) & ConstraintRecord.low24)
    }
  }
  var generation: UInt8 {
    @inline(__always) get { UInt8(truncatingIfNeeded: levelAndGeneration >> 24) }
    @inline(__always) set { levelAndGeneration = (levelAndGeneration & ConstraintRecord.low24) | UInt32(newValue) << 24 }
  }
  var termCount: Int {
    @inline(__always) get { Int(countAndFlags & ConstraintRecord.low24) }
    @inline(__always) set {
      countAndFlags = (countAndFlags & ~ConstraintRecord.low24) | (UInt32(truncatingIfNeeded: newValue) & ConstraintRecord.low24)
    }
  }
  var relation: SolverRelation {
    @inline(__always) get { SolverRelation(rawValue: UInt8(truncatingIfNeeded: (countAndFlags >> 24) & 3)) ?? .equal }
    @inline(__always) set { countAndFlags = (countAndFlags & ~(3 << 24)) | UInt32(newValue.rawValue) << 24 }
  }

  @inline(__always)
  mutating func setFlag(_ f: UInt32, _ on: Bool) { countAndFlags = on ? countAndFlags | f : countAndFlags & ~f }

  var live: Bool {
    @inline(__always) get { countAndFlags & ConstraintRecord.liveFlag != 0 }
    @inline(__always) set { setFlag(ConstraintRecord.liveFlag, newValue) }
  }
  var isEdit: Bool {
    @inline(__always) get { countAndFlags & ConstraintRecord.editFlag != 0 }
    @inline(__always) set { setFlag(ConstraintRecord.editFlag, newValue) }
  }
  /// +1 or -1: the original row is `flip * (sum(terms) + constant + markers)`.
  var flip: Double {
    @inline(__always) get { countAndFlags & ConstraintRecord.flipFlag != 0 ? -1 : 1 }
    @inline(__always) set { setFlag(ConstraintRecord.flipFlag, newValue < 0) }
  }
  /// Coefficient of the marker in the stored (flipped) original row: what a
  /// constant change is divided by to become a marker shift.
  var markerCoeff: Double {
    @inline(__always) get { countAndFlags & ConstraintRecord.negativeMarkerFlag != 0 ? -1 : 1 }
    @inline(__always) set { setFlag(ConstraintRecord.negativeMarkerFlag, newValue < 0) }
  }
}

extension Engine {
  @inline(__always)
  func constraintSlot(_ h: SolverConstraint) -> Int? {
    let c = HandleCodec.slot(h.id)
    guard h.id >= 0, c < cons.count, cons[c].live, !cons[c].isEdit,
          cons[c].generation == HandleCodec.generation(h.id) else { return nil }
    return c
  }

  func handle(_ c: Int) -> SolverConstraint {
    SolverConstraint(id: HandleCodec.encode(slot: c, generation: cons[c].generation))
  }

  // MARK: Pending work (batching)
  //
  // Structural changes re-optimize at once, inside a batch too, so a batch never costs
  // more than the same calls one by one. Deferred, later additions were substituted
  // into a non-optimal basis whose rows filled in (a chain with preferences: the same
  // pivots over ~n^2/2 cells, cubic time; docs/solver.md "Batching"). What a batch
  // defers is the dual re-solve of constant shifts (one per run of shifts) and drift
  // refinement; the dual simplex needs the optimal objective every change leaves.

  /// Before a structural change: restore the feasibility that shifts left pending.
  mutating func prepareStructural() {
    if !infeasible.isEmpty { _ = dualOptimize() }
  }

  mutating func finishStructural() {
    // Structural steps keep feasibility (ratio tests); anything queued is rounding noise.
    infeasible.removeAll(keepingCapacity: true)
    optimize()
    if batchDepth == 0 { refineStaleRows() }
  }

  mutating func finishShift() {
    if batchDepth == 0 {
      _ = dualOptimize()
      refineStaleRows()
    }
  }

  /// Settles everything pending.
  mutating func flush() {
    if !infeasible.isEmpty { _ = dualOptimize() }
    refineStaleRows()
  }

  // MARK: Adding

  /// Adds `v` to the coefficient of `t` in the row being built (`accSyms`/`accVals`).
  @inline(__always)
  mutating func accumulate(_ t: Int, _ v: Double) {
    let m = mark[t]
    if m == 0 {
      let i = accCount
      if i == accCapacity { growAccumulator() }
      accSyms[i] = Int32(truncatingIfNeeded: t)
      accVals[i] = v
      accCount = i + 1
      mark[t] = Int32(truncatingIfNeeded: i + 1)
    } else {
      accVals[Int(m) - 1] += v
    }
  }

  mutating func growAccumulator() {
    let s = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * accCapacity)
    s.moveInitialize(from: accSyms, count: accCapacity)
    accSyms.deallocate()
    accSyms = s
    let n = UnsafeMutablePointer<Double>.allocate(capacity: 2 * accCapacity)
    n.moveInitialize(from: accVals, count: accCapacity)
    accVals.deallocate()
    accVals = n
    accCapacity *= 2
  }

  /// The coefficient accumulated for `t` so far (0 if none).
  @inline(__always)
  func accumulated(_ t: Int) -> Double {
    let m = mark[t]
    return m == 0 ? 0 : accVals[Int(m) - 1]
  }

  /// Clears the row being built (and the marks of its symbols).
  mutating func clearAccumulator() {
    for i in 0..<accCount { mark[Int(accSyms[i])] = 0 }
    accCount = 0
  }

  mutating func allocConstraint() -> Int? {
    if let f = freeCons.popLast() {
      let c = Int(f)
      cons[c].generation = HandleCodec.bump(cons[c].generation)
      return c
    }
    if cons.count >= HandleCodec.maxSlots { return nil }
    if cons.count == cons.capacity { cons.reserveCapacity(Engine.grownArrayCapacity(cons.count)) }
    cons.append(ConstraintRecord())
    return cons.count - 1
  }

  /// Priority of constraint slot `c` (1000 for a required one).
  func priority(slot c: Int) -> Double {
    let k = cons[c].level
    return k < 0 ? 1000 : levels[k].priority
  }

  /// Adds `sum(terms) + constant REL 0` at `priority`; returns the constraint slot.
  mutating func addConstraint(
    _ terms: [SolverTerm], constant: Double, relation: SolverRelation, priority: Double, isEdit: Bool
  ) throws(SolverError) -> Int {
    guard priority.isFinite, priority >= 1, priority <= 1000 else { throw .badPriority }
    guard constant.isFinite else { throw .nonFinite }
    for t in terms {
      guard t.coefficient.isFinite else { throw .nonFinite }
      guard variableSlot(t.variable) != nil else { throw .unknownVariable }
    }
    guard let c = allocConstraint() else { throw .capacityExceeded }
    prepareStructural()
    let required = priority >= 1000

    // The distinct variables and their summed coefficients, in a pool block of that size.
    var n = 0
    for i in terms.indices {
      let v = HandleCodec.slot(terms[i].variable.id)
      var j = 0
      while j < i && HandleCodec.slot(terms[j].variable.id) != v { j += 1 }
      if j == i { n += 1 }
    }
    cons[c].termCount = n
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
    cons[c].constant = constant
    cons[c].relation = relation
    cons[c].live = true
    cons[c].isEdit = isEdit
    cons[c].level = -1
    cons[c].marker = -1
    cons[c].other = -1
    liveConstraints += 1

    // The expression over current nonbasic symbols: basic variables are replaced by their rows.
    var k = constant
    // Magnitude of what was summed into k: rounding in k is relative to it.
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
        addObjective(level, other, 1)
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
        addObjective(level, marker, 1)
        addObjective(level, other, 1)
      }
    }
    var flip = 1.0
    if k < 0 {
      flip = -1
      k = -k
      for i in 0..<accCount { accVals[i] = -accVals[i] }
    }
    cons[c].marker = marker
    cons[c].other = other
    cons[c].level = level
    cons[c].flip = flip
    cons[c].markerCoeff = accumulated(marker)  // +1 or -1: the new marker's only entry

    var subject = -1
    for i in 0..<accCount {
      let t = Int(accSyms[i])
      if syms[t].kind == .external && abs(accVals[i]) >= Tolerance.zero { subject = t; break }
    }
    if subject < 0 {
      if syms[marker].kind != .dummy && accumulated(marker) < 0 {
        subject = marker
      } else if other >= 0 && accumulated(other) < 0 {
        subject = other
      }
    }

    // The row, without the subject's cell when there is a subject: its block holds what
    // stays. The cells go in the order of inserting them all and then swap-removing the
    // subject's (the last cell takes its place), so the pivots are those of doing that.
    var cellCount = 0
    var last = -1
    for i in 0..<accCount where abs(accVals[i]) >= Tolerance.zero {
      cellCount += 1
      last = i
    }
    let r = allocRow(constant: k, cells: subject >= 0 ? cellCount - 1 : cellCount)
    var allDummies = true
    var subjectCoeff = 0.0
    var moved = -1
    for i in 0..<accCount {
      let t = Int(accSyms[i])
      let v = accVals[i]
      mark[t] = 0
      if abs(v) < Tolerance.zero || i == moved { continue }
      if t == subject {
        subjectCoeff = v
        if i != last {
          insertCell(r, Int(accSyms[last]), accVals[last])
          if syms[Int(accSyms[last])].kind != .dummy { allDummies = false }
          moved = last
        }
        continue
      }
      insertCell(r, t, v)
      if syms[t].kind != .dummy { allDummies = false }
    }
    accCount = 0

    let zeroTolerance = Tolerance.feasibility * max(1, scale)
    if subject < 0 && allDummies {
      if k > zeroTolerance {
        // The other required equalities fix this combination to a different value.
        let conflicts = conflictSet(row: r, excluding: c)
        freeRow(r)
        discardConstraint(c)
        throw .unsatisfiable(conflicts: conflicts)
      }
      // Redundant with other required equalities: keep it as an all-dummy row so that
      // removing one of them later hands the duty over to this one.
      subject = marker
    }

    if subject >= 0 {
      if subjectCoeff != 0 {
        solveNewRow(r, for: subject, coefficient: subjectCoeff)
      } else {
        solveRow(r, for: subject, leaving: -1)  // the redundant all-dummy row
      }
      substituteOut(subject, using: r)
    } else {
      try attachWithArtificial(row: r, constraint: c, tolerance: zeroTolerance)
    }
    finishStructural()
    return c
  }

  /// Phase one: attach `r` with an artificial basic and drive it to zero. On failure
  /// the pivots are undone and the constraint is discarded, so the tableau is the one
  /// before the call (kiwi #52 leaves the row behind).
  mutating func attachWithArtificial(row r: Int, constraint c: Int, tolerance: Double) throws(SolverError) {
    let art = newSymbol(.artificial, owner: -1)
    rows[r].basic = art
    syms[art].row = r
    journal.removeAll(keepingCapacity: true)
    journaling = true
    let ok = phaseOne(art, tolerance: tolerance)
    journaling = false
    if !ok {
      // Farkas row: art = K + sum(d*y) with K > 0 and d >= 0 on every restricted symbol.
      // Its required markers are exactly the constraints combined into the contradiction.
      let ar = syms[art].row
      let conflicts = ar >= 0 ? conflictSet(row: ar, excluding: c) : []
      undoJournal()
      journal.removeAll(keepingCapacity: true)
      infeasible.removeAll(keepingCapacity: true)
      freeSymbol(art)  // basic again in the original row: drops it
      discardConstraint(c)
      throw .unsatisfiable(conflicts: conflicts)
    }
    journal.removeAll(keepingCapacity: true)
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

  /// Forgets constraint `c`: frees its symbols (scrubbing any leftovers), its level
  /// use and its variable references, and retires the handle.
  mutating func discardConstraint(_ c: Int) {
    if cons[c].marker >= 0 { freeSymbol(cons[c].marker) }
    if cons[c].other >= 0 { freeSymbol(cons[c].other) }
    if cons[c].level >= 0 { releaseLevel(cons[c].level) }
    let block = cons[c].terms
    let used = cons[c].variables
    let n = cons[c].termCount
    cons[c].terms = ConstraintRecord.noTerms
    cons[c].termCount = 0
    for i in 0..<n { releaseVariableReference(Int(used[i])) }
    if n > 0 { pool.free(block, class: ConstraintRecord.termClass(count: n)) }
    cons[c].live = false
    cons[c].marker = -1
    cons[c].other = -1
    cons[c].level = -1
    freeCons.append(Int32(c))
    liveConstraints -= 1
  }

  // MARK: Removing

  mutating func removeConstraint(slot c: Int) {
    prepareStructural()
    let level = cons[c].level
    let marker = cons[c].marker
    let other = cons[c].other
    if level >= 0 {
      // Remove the error terms before pivoting, or the pivot would fold them back in.
      if cons[c].relation == .equal { addSymbolToObjective(level, marker, -1) }
      addSymbolToObjective(level, other, -1)
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
    journal.removeAll(keepingCapacity: true)
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
      journal.removeAll(keepingCapacity: true)
      throw .unsatisfiable(conflicts: conflicts)
    }
    journal.removeAll(keepingCapacity: true)
    if batchDepth == 0 { refineStaleRows() }
  }

  // MARK: Priorities

  mutating func setPriority(slot c: Int, _ priority: Double) throws(SolverError) {
    guard priority.isFinite, priority >= 1, priority < 1000, cons[c].level >= 0 else { throw .badPriority }
    let old = cons[c].level
    if levels[old].priority == priority { return }
    prepareStructural()
    let new = retainLevel(priority)
    var errors = [cons[c].other]
    if cons[c].relation == .equal { errors.append(cons[c].marker) }
    for s in errors {
      addSymbolToObjective(old, s, -1)
      addSymbolToObjective(new, s, 1)
    }
    cons[c].level = new
    releaseLevel(old)
    finishStructural()
  }

  // MARK: Edit variables

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
