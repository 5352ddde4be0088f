// Introspection for tests and the benchmark: sizes, an invariant checker and a
// canonical dump of the tableau (what "the state" means when a refused constraint
// must leave it unchanged).

package struct SolverStatistics: Equatable, Sendable {
  package var rows: Int
  package var cells: Int
  package var symbols: Int
  package var constraints: Int
  package var variablesInTableau: Int
  package var levels: Int
  package var objectiveTerms: Int
  package var pivots: Int
  package var numericalIssues: Int
  package var primalRuns: Int
  package var dualRuns: Int
}

extension SimplexSolver {
  package var statistics: SolverStatistics {
    let e = engine
    var cells = 0
    for r in 0..<e.rowHigh where e.rows[r].live { cells += e.rows[r].count }
    var terms = 0
    for k in e.order { for s in 0..<e.symHigh where e.levels[Int(k)].val[s] != 0 { terms += 1 } }
    var ext = 0
    for s in 0..<e.symHigh where e.syms[s].kind == .external { ext += 1 }
    return SolverStatistics(rows: e.liveRows, cells: cells, symbols: e.liveSymbols, constraints: e.liveConstraints,
                            variablesInTableau: ext, levels: e.order.count, objectiveTerms: terms,
                            pivots: e.pivotCount, numericalIssues: e.numericalIssues,
                            primalRuns: e.primalRuns, dualRuns: e.dualRuns)
  }

  /// Distinct priority levels in use, highest first.
  package var priorityLevels: [Double] { engine.order.map { engine.levels[Int($0)].priority } }

  /// A canonical text of the tableau: rows sorted by basic symbol, cells by symbol,
  /// numbers rounded to 1e-6, then every nonzero objective cost per level.
  package func debugDump() -> String {
    let e = engine
    // Manual rounding: `rounded()` would need libm, which this module does not link.
    func num(_ x: Double) -> String {
      let y = x * 1e6
      // (Beyond Int64, which a layout never reaches, the dump says so: Embedded Swift,
      // which builds the plugin, has no String(describing:).)
      return abs(y) < 9e18 ? String(Int64(y + (y < 0 ? -0.5 : 0.5))) : (y < 0 ? "-huge" : "huge")
    }
    var lines: [String] = []
    // Rows in the order of their basic symbols (numbers, not text: comparing strings
    // would pull Unicode tables into the Embedded build of the plugin).
    let live = (0..<e.rowHigh).filter { e.rows[$0].live }.sorted { e.rows[$0].basic < e.rows[$1].basic }
    for r in live {
      var cells: [(Int32, Double)] = []
      for i in 0..<e.rows[r].count { cells.append((e.rows[r].cells[i].sym, e.rows[r].cells[i].coeff)) }
      cells.sort { $0.0 < $1.0 }
      let body = cells.map { "\($0.0):\(num($0.1))" }.joined(separator: " ")
      lines.append("s\(e.rows[r].basic)[\(e.syms[e.rows[r].basic].kind)] = \(num(e.rows[r].constant)) \(body)")
    }
    for k in e.order {
      var terms: [String] = []
      for s in 0..<e.symHigh where e.levels[Int(k)].val[s] != 0 { terms.append("\(s):\(num(e.levels[Int(k)].val[s]))") }
      lines.append("level \(e.levels[Int(k)].priority): " + terms.joined(separator: " "))
    }
    return lines.joined(separator: "\n")
  }

  /// Every broken invariant, described; empty when the tableau is sound.
  package func invariantViolations() -> [String] {
    let e = engine
    var out: [String] = []
    var liveRows = 0
    for r in 0..<e.rowHigh where e.rows[r].live {
      liveRows += 1
      let b = e.rows[r].basic
      guard b >= 0 && b < e.symHigh else { out.append("row \(r) has no basic"); continue }
      if e.syms[b].row != r { out.append("row \(r): basic s\(b) points to row \(e.syms[b].row)") }
      let kind = e.syms[b].kind
      if kind == .free || kind == .artificial { out.append("row \(r): basic s\(b) is \(kind)") }
      if kind != .external && e.infeasible.isEmpty && e.rows[r].constant < -1e-6 {
        out.append("row \(r): restricted s\(b) = \(e.rows[r].constant) < 0")
      }
      if kind == .dummy && abs(e.rows[r].constant) > 1e-6 { out.append("row \(r): dummy s\(b) = \(e.rows[r].constant)") }
      var seenSyms = Set<Int32>()
      for i in 0..<e.rows[r].count {
        let cell = e.rows[r].cells[i]
        let s = Int(cell.sym)
        if !seenSyms.insert(cell.sym).inserted { out.append("row \(r): s\(s) twice") }
        if e.syms[s].kind == .free { out.append("row \(r): free s\(s)") }
        if e.syms[s].row >= 0 { out.append("row \(r): basic s\(s) as a cell") }
        if abs(cell.coeff) < Tolerance.zero || !cell.coeff.isFinite { out.append("row \(r): s\(s) coeff \(cell.coeff)") }
        let q = Int(cell.colPos)
        if q >= e.syms[s].colCount || e.syms[s].col[q].row != Int32(r) || e.syms[s].col[q].cellPos != Int32(i) {
          out.append("row \(r): cell \(i) back pointer broken")
        }
        if kind != .external && e.syms[s].kind == .external { out.append("row \(r): restricted row holds nonbasic external s\(s)") }
        if kind == .dummy && e.syms[s].kind != .dummy { out.append("row \(r): dummy row holds \(e.syms[s].kind) s\(s)") }
      }
    }
    if liveRows != e.liveRows { out.append("liveRows \(e.liveRows) != \(liveRows)") }
    var live = 0
    for s in 0..<e.symHigh {
      let sym = e.syms[s]
      if sym.kind == .free {
        if sym.colCount != 0 || sym.row >= 0 { out.append("free s\(s) still referenced") }
        continue
      }
      live += 1
      for q in 0..<sym.colCount {
        let entry = sym.col[q]
        let r = Int(entry.row)
        if !e.rows[r].live || Int(entry.cellPos) >= e.rows[r].count || e.rows[r].cells[Int(entry.cellPos)].sym != Int32(s) {
          out.append("s\(s): column entry \(q) broken")
        }
      }
      switch sym.kind {
      case .external:
        let v = sym.owner
        if v < 0 || v >= e.vars.count || e.vars[v].sym != s || e.vars[v].refs <= 0 { out.append("external s\(s) orphaned") }
      case .slack, .error, .dummy:
        let c = sym.owner
        if c < 0 || c >= e.cons.count || !e.cons[c].live || (e.cons[c].marker != s && e.cons[c].other != s) {
          out.append("\(sym.kind) s\(s) orphaned")
        }
      case .artificial: out.append("artificial s\(s) left behind")
      case .free: break
      }
      for k in e.order {
        let v = e.levels[Int(k)].val[s]
        if v != 0 && (sym.row >= 0 || sym.kind == .external) { out.append("level \(k): cost on s\(s) (\(sym.kind), row \(sym.row))") }
      }
    }
    if live != e.liveSymbols { out.append("liveSymbols \(e.liveSymbols) != \(live)") }
    out += storageViolations()
    var users = [Int: Int]()
    for c in 0..<e.cons.count where e.cons[c].live {
      if e.cons[c].level >= 0 { users[e.cons[c].level, default: 0] += 1 }
      if e.syms[e.cons[c].marker].kind == .free { out.append("constraint \(c): marker freed") }
    }
    for k in e.order where users[Int(k)] != e.levels[Int(k)].users {
      out.append("level \(k): users \(e.levels[Int(k)].users) != \(users[Int(k)] ?? 0)")
    }
    for v in 0..<e.vars.count where e.vars[v].live {
      var refs = 0
      for c in 0..<e.cons.count where e.cons[c].live {
        let used = e.cons[c].variables
        if (0..<e.cons[c].termCount).contains(where: { used[$0] == Int32(v) }) { refs += 1 }
      }
      if refs != e.vars[v].refs { out.append("variable \(v): refs \(e.vars[v].refs) != \(refs)") }
    }
    for i in 1..<max(1, e.order.count) {
      if e.levels[Int(e.order[i - 1])].priority <= e.levels[Int(e.order[i])].priority { out.append("levels out of order") }
    }
    return out
  }

  /// Broken storage invariants: every count within its block's capacity, capacities that
  /// are pool classes, no column block on a basic or free symbol, and every byte of the
  /// pool's chunks in exactly one place (a live block, a free list, the uncarved rest, or
  /// the under-8-byte tail of a finished chunk).
  func storageViolations() -> [String] {
    let e = engine
    var out: [String] = []
    var inBlocks = 0
    func pooled(_ k: Int) -> Int { k < Pool.largeClass ? Pool.words(k) * 8 : 0 }
    for r in 0..<e.rowHigh {
      let cap = e.rows[r].capacity
      let k = RowRecord.cellClass(capacity: cap)
      if cap < 1 || Pool.words(k) != 2 * cap { out.append("row \(r): capacity \(cap) is not a pool class") }
      if e.rows[r].count > cap { out.append("row \(r): \(e.rows[r].count) cells in a block of \(cap)") }
      inBlocks += pooled(k)
    }
    for s in 0..<e.symHigh {
      let sym = e.syms[s]
      let cap = sym.columnCapacity
      if sym.colCount > cap { out.append("s\(s): \(sym.colCount) column entries in a block of \(cap)") }
      if sym.hasColumnBlock && Int(sym.colCapacity16) != min(cap, Int(UInt16.max)) { out.append("s\(s): capacity \(sym.colCapacity16) recorded for \(cap)") }
      if sym.hasColumnBlock && sym.colClass == 0 { out.append("s\(s): a column block of no class") }
      if sym.kind == .free && (sym.hasColumnBlock || sym.colClass != 0) { out.append("s\(s): free with a column block") }
      if sym.row >= 0 && sym.hasColumnBlock { out.append("s\(s): basic with a column block") }
      if sym.hasColumnBlock { inBlocks += pooled(Int(sym.colClass) - 1) }
    }
    for c in e.cons.indices where e.cons[c].termCount > 0 {
      if !e.cons[c].live { out.append("constraint \(c): freed with terms") }
      inBlocks += pooled(ConstraintRecord.termClass(count: e.cons[c].termCount))
    }
    let st = storage
    let unaccounted = st.poolBytes - inBlocks - st.freeBytes - st.uncarvedBytes
    if unaccounted < 0 || unaccounted >= 8 * max(1, e.pool.chunks.count) {
      out.append("pool: \(st.poolBytes) bytes in chunks, \(inBlocks) in blocks, \(st.freeBytes) free, \(st.uncarvedBytes) uncarved")
    }
    return out
  }

  /// Whether the current basis is lexicographically optimal (no entering symbol at any level).
  package func isOptimal() -> Bool {
    let e = engine
    for q in 0..<e.order.count {
      let val = e.levels[Int(e.order[q])].val
      for s in 0..<e.symHigh where val[s] < 0 && e.syms[s].row < 0 && (e.syms[s].kind == .slack || e.syms[s].kind == .error) {
        var blocked = false
        for h in 0..<q where e.levels[Int(e.order[h])].val[s] != 0 { blocked = true }
        if !blocked { return false }
      }
    }
    return true
  }
}

/// Where the solver's storage goes (tests and the benchmark): records, cells, column
/// entries and terms against the pool blocks that hold them.
package struct StorageStatistics: Equatable, Sendable {
  /// Cells of live rows, and the capacity of their blocks.
  package var cells: Int
  package var cellCapacity: Int
  /// Column entries of live symbols, and the capacity of their blocks.
  package var columnEntries: Int
  package var columnCapacity: Int
  /// Terms of live constraints (their blocks hold exactly a class's worth).
  package var terms: Int
  /// Bytes of pool chunks, bytes on the free lists, bytes not carved yet.
  package var poolBytes: Int
  package var freeBytes: Int
  package var uncarvedBytes: Int
}

extension SimplexSolver {
  package var storage: StorageStatistics {
    let e = engine
    var cells = 0, cellCap = 0
    for r in 0..<e.rowHigh where e.rows[r].live {
      cells += e.rows[r].count
      cellCap += e.rows[r].capacity
    }
    var entries = 0, colCap = 0, terms = 0
    for s in 0..<e.symHigh where e.syms[s].kind != .free {
      entries += e.syms[s].colCount
      colCap += e.syms[s].columnCapacity
    }
    for c in e.cons.indices where e.cons[c].live { terms += e.cons[c].termCount }
    var free = 0
    for k in 0..<Pool.largeClass {
      var p = e.pool.heads[k]
      while let b = p {
        free += Pool.words(k) * 8
        p = b.load(as: UnsafeMutableRawPointer?.self)
      }
    }
    return StorageStatistics(cells: cells, cellCapacity: cellCap, columnEntries: entries, columnCapacity: colCap,
                             terms: terms, poolBytes: e.pool.chunkBytes, freeBytes: free,
                             uncarvedBytes: e.pool.remaining)
  }
}
