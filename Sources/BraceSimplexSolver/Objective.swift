// The lexicographic objective: one objective row per distinct priority level in
// use, ordered highest first (`order`). Level L is minimized only over symbols
// whose reduced cost is exactly zero in every higher level, so no amount of
// lower-level error can buy back any higher-level error (kiwi's single weighted
// row can: issues #28, #33, #110). Within a level every error weighs 1: the sum
// of absolute errors (L1), as Cassowary.
//
// Objective rows are dense over symbol ids (O(1) lookup for the lexicographic
// tests and the dual ratio test) plus, per level, a list of symbols whose cost
// went negative, so finding an entering symbol costs what changed, not the size
// of the objective.

struct ObjectiveLevel {
  /// Reduced cost of each symbol at this level (0 for basic symbols).
  var val: UnsafeMutablePointer<Double>
  /// 1 when the symbol is in `neg` (so it is pushed once).
  var inNeg: UnsafeMutablePointer<UInt8>
  /// Symbols that may have a negative cost here (stale entries are dropped lazily).
  var neg: UnsafeMutablePointer<Int32>
  var negCount: Int
  var negCapacity: Int
  var priority: Double
  /// Constraints (and edits) whose errors live in this level.
  var users: Int
  /// Index in `order`.
  var rank: Int
  var active: Bool
}

extension Tableau {
  /// The level slot for `priority`, created (and ranked) if new.
  mutating func retainLevel(_ priority: Double) -> Int {
    for q in 0..<order.count where levels[Int(order[q])].priority == priority {
      let k = Int(order[q])
      levels[k].users += 1
      return k
    }
    let k: Int
    if let f = freeLevels.popLast() {
      k = Int(f)
    } else {
      if levelHigh == levelCapacity {
        let cap = Tableau.grownLevelCapacity(levelCapacity)
        Tableau.grow(&levels, count: levelHigh, to: cap)
        levelCapacity = cap
      }
      k = levelHigh
      levelHigh += 1
      (levels + k).initialize(to: ObjectiveLevel(
        val: Tableau.zeroed(capacity: symCapacity), inNeg: Tableau.zeroed(capacity: symCapacity), neg: .allocate(capacity: 16), negCount: 0, negCapacity: 16,
        priority: 0, users: 0, rank: 0, active: false))
    }
    levels[k].priority = priority
    levels[k].users = 1
    levels[k].active = true
    var at = order.count
    for (i, o) in order.enumerated() where levels[Int(o)].priority < priority { at = i; break }
    order.insert(Int32(k), at: at)
    rerank()
    return k
  }

  /// Drops a user of level `k`; an unused level is cleared and leaves `order`.
  mutating func releaseLevel(_ k: Int) {
    levels[k].users -= 1
    if levels[k].users > 0 { return }
    let rank = levels[k].rank
    // In exact arithmetic an unused level's row is all zeros. Scrub rounding residue,
    // and re-offer to lower levels any symbol this level was blocking.
    let val = levels[k].val
    for t in 0..<symHigh where val[t] != 0 {
      val[t] = 0
      for q in (rank + 1)..<order.count {
        let k2 = Int(order[q])
        if levels[k2].val[t] < 0 { pushNegative(k2, t) }
      }
    }
    levels[k].inNeg.update(repeating: 0, count: symCapacity)
    levels[k].negCount = 0
    levels[k].active = false
    order.remove(at: rank)
    rerank()
    freeLevels.append(Int32(k))
  }

  mutating func rerank() {
    for (i, k) in order.enumerated() { levels[Int(k)].rank = i }
  }

  mutating func growLevelStorage(_ k: Int, from oldCap: Int, to newCap: Int) {
    Tableau.growZeroed(&levels[k].val, count: oldCap, to: newCap)
    Tableau.growZeroed(&levels[k].inNeg, count: oldCap, to: newCap)
  }

  @inline(__always)
  mutating func pushNegative(_ k: Int, _ t: Int) {
    if levels[k].inNeg[t] != 0 { return }
    levels[k].inNeg[t] = 1
    if levels[k].negCount == levels[k].negCapacity {
      let cap = levels[k].negCapacity * 2
      Tableau.grow(&levels[k].neg, count: levels[k].negCount, to: cap)
      levels[k].negCapacity = cap
    }
    levels[k].neg[levels[k].negCount] = Int32(t)
    levels[k].negCount += 1
  }

  /// Adds `d` to the cost of nonbasic symbol `t` at level `k`.
  @inline(__always)
  mutating func addObjective(_ k: Int, _ t: Int, _ d: Double) {
    let val = levels[k].val
    let old = val[t]
    var nv = old + d
    if abs(nv) < Tolerance.zero { nv = 0 }
    val[t] = nv
    if nv < 0 {
      if old >= 0 && syms[t].kind != .dummy { pushNegative(k, t) }
    } else if nv == 0 && old != 0 {
      // A cost that reaches zero here may unblock `t` in the levels below.
      let rank = levels[k].rank
      if rank + 1 < order.count {
        for q in (rank + 1)..<order.count {
          let k2 = Int(order[q])
          if levels[k2].val[t] < 0 && syms[t].kind != .dummy { pushNegative(k2, t) }
        }
      }
    }
  }

  /// Gives new symbol `t` (cost 0 at every level: an id never handed out is, and
  /// `freeSymbol` leaves a freed one so) the cost `w` (a weight: finite and > 0) at level `k`: what `addObjective` makes
  /// of it (0 + w is w), without its tests for a cost turning negative or reaching zero,
  /// which a positive weight never meets. Inlined three times into every add (callgrind,
  /// kiwi add workload at N = 10: the tests and their rare paths, about 10 instructions
  /// an addition and registers for the rest of the add).
  @inline(__always)
  mutating func setNewCost(_ k: Int, _ t: Int, _ w: Double) {
    assert(w > 0 && levels[k].val[t] == 0)
    levels[k].val[t] = abs(w) < Tolerance.zero ? 0 : w
  }

  /// Adds `f * s` to level `k`, expanding `s` through its row when it is basic.
  mutating func addSymbolToObjective(_ k: Int, _ s: Int, _ f: Double) {
    let r = syms[s].row
    if r < 0 {
      addObjective(k, s, f)
      return
    }
    let cells = rows[r].cells
    for i in 0..<rows[r].count {
      addObjective(k, Int(cells[i].sym), f * cells[i].coeff)
    }
  }

  /// Entering symbol for the level at rank `q`: a nonbasic, non-dummy symbol with a
  /// negative cost here and a zero cost in every higher level; steepest unless `bland`.
  mutating func enteringSymbol(rank q: Int, bland: Bool) -> Int {
    let k = Int(order[q])
    let val = levels[k].val
    var best = -1
    var bestCost = 0.0
    var i = 0
    while i < levels[k].negCount {
      let t = Int(levels[k].neg[i])
      var ok = val[t] < 0 && syms[t].row < 0
      if ok {
        let kind = syms[t].kind
        ok = kind == .slack || kind == .error
      }
      if ok && q > 0 {
        for h in 0..<q where levels[Int(order[h])].val[t] != 0 { ok = false; break }
      }
      if !ok {
        // Stale or blocked: forget it; addObjective re-offers it if that changes.
        levels[k].inNeg[t] = 0
        levels[k].negCount -= 1
        levels[k].neg[i] = levels[k].neg[levels[k].negCount]
        continue
      }
      if best < 0 || (bland ? t < best : val[t] < bestCost) {
        best = t
        bestCost = val[t]
      }
      i += 1
    }
    return best
  }
}
