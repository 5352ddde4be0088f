// Symbols are the tableau's columns: integer ids into flat arrays, reused via a
// free list. Like kiwi's symbol.h, the kind decides what a symbol may do.

enum SymbolKind: UInt8 {
  /// Slot on the free list.
  case free
  /// A host variable; unrestricted in sign. Never enters during optimization: a
  /// nonbasic external never appears in a restricted row or an objective.
  case external
  /// Marker of an inequality; >= 0.
  case slack
  /// Error of an optional constraint; >= 0; weighs 1 in its level's objective.
  case error
  /// Marker of a required equality; fixed at 0, so it never enters the basis
  /// during optimization (it only enters to be removed, or in a redundant row).
  case dummy
  /// Phase-one variable of a new required row that has no usable subject; >= 0,
  /// lives only for the duration of one `addConstraint`.
  case artificial
}

/// One column of the tableau.
struct SymbolRecord {
  /// Column index: the rows holding this symbol as a nonbasic cell (GTK's idea),
  /// so substituting or shifting a symbol touches only those rows.
  var col: UnsafeMutablePointer<ColEntry>
  var colCount: Int
  var colCapacity: Int
  /// Row where the symbol is basic, or -1.
  var row: Int
  /// Constraint slot for markers/errors, variable slot for externals, else -1.
  var owner: Int
  /// Objective level slot of an error symbol, else -1.
  var level: Int
  var kind: SymbolKind
}

extension Engine {
  /// Allocates a symbol id (reusing freed ids first).
  mutating func newSymbol(_ kind: SymbolKind, owner: Int, level: Int = -1) -> Int {
    let s: Int
    if let f = freeSymbols.popLast() {
      s = Int(f)
    } else {
      if symHigh == symCapacity { growSymbols() }
      s = symHigh
      symHigh += 1
      (syms + s).initialize(to: SymbolRecord(
        col: .allocate(capacity: 4), colCount: 0, colCapacity: 4,
        row: -1, owner: -1, level: -1, kind: .free))
      mark[s] = 0
      acc[s] = 0
      for k in 0..<levelHigh {
        levels[k].val[s] = 0
        levels[k].inNeg[s] = 0
      }
    }
    syms[s].kind = kind
    syms[s].owner = owner
    syms[s].level = level
    syms[s].row = -1
    liveSymbols += 1
    return s
  }

  /// Returns a symbol id to the free list. Any leftover presence (which exact
  /// arithmetic rules out, rounding may not) is scrubbed first so nothing can
  /// reference a reused id.
  mutating func freeSymbol(_ s: Int) {
    if syms[s].row >= 0 { freeRow(syms[s].row) }
    while syms[s].colCount > 0 {
      let e = syms[s].col[syms[s].colCount - 1]
      removeCell(Int(e.row), Int(e.cellPos))
    }
    for k in order { levels[Int(k)].val[s] = 0 }
    syms[s].kind = .free
    syms[s].owner = -1
    syms[s].level = -1
    freeSymbols.append(Int32(s))
    liveSymbols -= 1
  }

  mutating func growSymbols() {
    let newCap = max(64, symCapacity * 2)
    let ns = UnsafeMutablePointer<SymbolRecord>.allocate(capacity: newCap)
    ns.moveInitialize(from: syms, count: symHigh)
    syms.deallocate()
    syms = ns
    let nm = UnsafeMutablePointer<Int32>.allocate(capacity: newCap)
    nm.initialize(repeating: 0, count: newCap)
    nm.update(from: mark, count: symCapacity)
    mark.deallocate()
    mark = nm
    let na = UnsafeMutablePointer<Double>.allocate(capacity: newCap)
    na.initialize(repeating: 0, count: newCap)
    na.update(from: acc, count: symCapacity)
    acc.deallocate()
    acc = na
    for k in 0..<levelHigh { growLevelStorage(k, from: symCapacity, to: newCap) }
    symCapacity = newCap
  }
}
