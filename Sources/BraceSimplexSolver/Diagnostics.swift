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
    let t = tableau
    var cells = 0
    for r in 0..<t.rowHigh where t.rows[r].live { cells += t.rows[r].count }
    var terms = 0
    for k in t.order { for s in 0..<t.symHigh where t.levels[Int(k)].val[s] != 0 { terms += 1 } }
    var ext = 0
    for s in 0..<t.symHigh where t.syms[s].kind == .external { ext += 1 }
    return SolverStatistics(rows: t.liveRows, cells: cells, symbols: t.liveSymbols, constraints: t.liveConstraints,
                            variablesInTableau: ext, levels: t.order.count, objectiveTerms: terms,
                            pivots: t.pivotCount, numericalIssues: t.numericalIssues,
                            primalRuns: t.primalRuns, dualRuns: t.dualRuns)
  }

  /// Distinct priority levels in use, highest first.
  package var priorityLevels: [Double] { tableau.order.map { tableau.levels[Int($0)].priority } }

  /// A canonical text of the tableau: rows sorted by basic symbol, cells by symbol,
  /// numbers rounded to 1e-6, then every nonzero objective cost per level.
  package func debugDump() -> String {
    let t = tableau
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
    let live = (0..<t.rowHigh).filter { t.rows[$0].live }.sorted { t.rows[$0].basic < t.rows[$1].basic }
    for r in live {
      var cells: [(Int32, Double)] = []
      for i in 0..<t.rows[r].count { cells.append((t.rows[r].cells[i].sym, t.rows[r].cells[i].coeff)) }
      cells.sort { $0.0 < $1.0 }
      let body = cells.map { "\($0.0):\(num($0.1))" }.joined(separator: " ")
      lines.append("s\(t.rows[r].basic)[\(t.syms[t.rows[r].basic].kind)] = \(num(t.rows[r].constant)) \(body)")
    }
    for k in t.order {
      var terms: [String] = []
      for s in 0..<t.symHigh where t.levels[Int(k)].val[s] != 0 { terms.append("\(s):\(num(t.levels[Int(k)].val[s]))") }
      lines.append("level \(t.levels[Int(k)].priority): " + terms.joined(separator: " "))
    }
    return lines.joined(separator: "\n")
  }

  /// Every broken invariant, described; empty when the tableau is sound.
  package func invariantViolations() -> [String] {
    let t = tableau
    var out: [String] = []
    var liveRows = 0
    for r in 0..<t.rowHigh where t.rows[r].live {
      liveRows += 1
      let b = t.rows[r].basic
      guard b >= 0 && b < t.symHigh else { out.append("row \(r) has no basic"); continue }
      if t.syms[b].row != r { out.append("row \(r): basic s\(b) points to row \(t.syms[b].row)") }
      let kind = t.syms[b].kind
      if kind == .free || kind == .artificial { out.append("row \(r): basic s\(b) is \(kind)") }
      if kind != .external && t.infeasible.isEmpty && t.rows[r].constant < -1e-6 {
        out.append("row \(r): restricted s\(b) = \(t.rows[r].constant) < 0")
      }
      if kind == .dummy && abs(t.rows[r].constant) > 1e-6 { out.append("row \(r): dummy s\(b) = \(t.rows[r].constant)") }
      var seenSyms = Set<Int32>()
      for i in 0..<t.rows[r].count {
        let cell = t.rows[r].cells[i]
        let s = Int(cell.sym)
        if !seenSyms.insert(cell.sym).inserted { out.append("row \(r): s\(s) twice") }
        if t.syms[s].kind == .free { out.append("row \(r): free s\(s)") }
        if t.syms[s].row >= 0 { out.append("row \(r): basic s\(s) as a cell") }
        if abs(cell.coeff) < Tolerance.zero || !cell.coeff.isFinite { out.append("row \(r): s\(s) coeff \(cell.coeff)") }
        let q = Int(cell.colPos)
        if q >= t.syms[s].colCount || t.syms[s].col[q].row != Int32(r) || t.syms[s].col[q].cellPos != Int32(i) {
          out.append("row \(r): cell \(i) back pointer broken")
        }
        if kind != .external && t.syms[s].kind == .external { out.append("row \(r): restricted row holds nonbasic external s\(s)") }
        if kind == .dummy && t.syms[s].kind != .dummy { out.append("row \(r): dummy row holds \(t.syms[s].kind) s\(s)") }
      }
    }
    if liveRows != t.liveRows { out.append("liveRows \(t.liveRows) != \(liveRows)") }
    var live = 0
    for s in 0..<t.symHigh {
      let sym = t.syms[s]
      if sym.kind == .free {
        if sym.colCount != 0 || sym.row >= 0 { out.append("free s\(s) still referenced") }
        continue
      }
      live += 1
      for q in 0..<sym.colCount {
        let entry = sym.col[q]
        let r = Int(entry.row)
        if !t.rows[r].live || Int(entry.cellPos) >= t.rows[r].count || t.rows[r].cells[Int(entry.cellPos)].sym != Int32(s) {
          out.append("s\(s): column entry \(q) broken")
        }
      }
      switch sym.kind {
      case .external:
        let v = sym.owner
        if v < 0 || v >= t.vars.count || t.vars[v].sym != s || t.vars[v].refs <= 0 { out.append("external s\(s) orphaned") }
      case .slack, .error, .dummy:
        let c = sym.owner
        if c < 0 || c >= t.cons.count || !t.cons[c].live || (t.cons[c].marker != s && t.cons[c].other != s) {
          out.append("\(sym.kind) s\(s) orphaned")
        }
      case .artificial: out.append("artificial s\(s) left behind")
      case .free: break
      }
      for k in t.order {
        let v = t.levels[Int(k)].val[s]
        if v != 0 && (sym.row >= 0 || sym.kind == .external) { out.append("level \(k): cost on s\(s) (\(sym.kind), row \(sym.row))") }
      }
    }
    if live != t.liveSymbols { out.append("liveSymbols \(t.liveSymbols) != \(live)") }
    out += storageViolations()
    var users = [Int: Int]()
    for c in 0..<t.cons.count where t.cons[c].live {
      if t.cons[c].level >= 0 { users[t.cons[c].level, default: 0] += 1 }
      if t.syms[t.cons[c].marker].kind == .free { out.append("constraint \(c): marker freed") }
    }
    for k in t.order where users[Int(k)] != t.levels[Int(k)].users {
      out.append("level \(k): users \(t.levels[Int(k)].users) != \(users[Int(k)] ?? 0)")
    }
    for v in 0..<t.vars.count where t.vars[v].live {
      var refs = 0
      for c in 0..<t.cons.count where t.cons[c].live {
        let used = t.cons[c].variables
        if (0..<t.cons[c].termCount).contains(where: { used[$0] == Int32(v) }) { refs += 1 }
      }
      if refs != t.vars[v].refs { out.append("variable \(v): refs \(t.vars[v].refs) != \(refs)") }
    }
    for i in 1..<max(1, t.order.count) {
      if t.levels[Int(t.order[i - 1])].priority <= t.levels[Int(t.order[i])].priority { out.append("levels out of order") }
    }
    return out
  }

  /// Broken storage invariants: every count within its block's capacity, capacities that
  /// are pool classes, no column block on a basic or free symbol, and every byte of the
  /// pool's chunks in exactly one place (a live block, a free list, the uncarved rest, or
  /// the under-8-byte tail of a finished chunk).
  func storageViolations() -> [String] {
    let t = tableau
    var out: [String] = []
    var inBlocks = 0
    func pooled(_ k: Int) -> Int { k < Pool.largeClass ? Pool.words(k) * 8 : 0 }
    for r in 0..<t.rowHigh {
      let cap = t.rows[r].capacity
      let k = RowRecord.cellClass(capacity: cap)
      if cap < 1 || Pool.words(k) != 2 * cap { out.append("row \(r): capacity \(cap) is not a pool class") }
      if t.rows[r].count > cap { out.append("row \(r): \(t.rows[r].count) cells in a block of \(cap)") }
      inBlocks += pooled(k)
    }
    for s in 0..<t.symHigh {
      let sym = t.syms[s]
      let cap = sym.columnCapacity
      if sym.colCount > cap { out.append("s\(s): \(sym.colCount) column entries in a block of \(cap)") }
      if sym.hasColumnBlock && Int(sym.colCapacity16) != min(cap, Int(UInt16.max)) { out.append("s\(s): capacity \(sym.colCapacity16) recorded for \(cap)") }
      if sym.hasColumnBlock && sym.colClass == 0 { out.append("s\(s): a column block of no class") }
      if sym.kind == .free && (sym.hasColumnBlock || Int(sym.colClass) - 1 > Tableau.keptColumnClass) { out.append("s\(s): free with a column block") }
      if sym.row >= 0 && sym.hasColumnBlock { out.append("s\(s): basic with a column block") }
      if sym.hasColumnBlock { inBlocks += pooled(Int(sym.colClass) - 1) }
    }
    for c in t.cons.indices where t.cons[c].termCount > 0 {
      if !t.cons[c].live { out.append("constraint \(c): freed with terms") }
      inBlocks += pooled(ConstraintRecord.termClass(count: t.cons[c].termCount))
    }
    let st = storage
    let unaccounted = st.poolBytes - inBlocks - st.freeBytes - st.uncarvedBytes
    if unaccounted < 0 || unaccounted >= 8 * max(1, t.pool.chunks.count) {
      out.append("pool: \(st.poolBytes) bytes in chunks, \(inBlocks) in blocks, \(st.freeBytes) free, \(st.uncarvedBytes) uncarved")
    }
    return out
  }

  /// Whether the current basis is lexicographically optimal (no entering symbol at any level).
  package func isOptimal() -> Bool {
    let t = tableau
    for q in 0..<t.order.count {
      let val = t.levels[Int(t.order[q])].val
      for s in 0..<t.symHigh where val[s] < 0 && t.syms[s].row < 0 && (t.syms[s].kind == .slack || t.syms[s].kind == .error) {
        var blocked = false
        for h in 0..<q where t.levels[Int(t.order[h])].val[s] != 0 { blocked = true }
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
    let t = tableau
    var cells = 0, cellCap = 0
    for r in 0..<t.rowHigh where t.rows[r].live {
      cells += t.rows[r].count
      cellCap += t.rows[r].capacity
    }
    var entries = 0, colCap = 0, terms = 0
    for s in 0..<t.symHigh where t.syms[s].kind != .free {
      entries += t.syms[s].colCount
      colCap += t.syms[s].columnCapacity
    }
    for c in t.cons.indices where t.cons[c].live { terms += t.cons[c].termCount }
    var free = 0
    for k in 0..<Pool.largeClass {
      var p = t.pool.heads[k]
      while let b = p {
        free += Pool.words(k) * 8
        p = b.load(as: UnsafeMutableRawPointer?.self)
      }
    }
    return StorageStatistics(cells: cells, cellCapacity: cellCap, columnEntries: entries, columnCapacity: colCap,
                             terms: terms, poolBytes: t.pool.chunkBytes, freeBytes: free,
                             uncarvedBytes: t.pool.remaining)
  }
}
