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

/// One column of the tableau (24 bytes).
struct SymbolRecord {
  /// Column index: the rows holding this symbol as a nonbasic cell (GTK's idea),
  /// so substituting or shifting a symbol touches only those rows. A pool block, or
  /// `Column.none` while the symbol holds none (a basic symbol gives it back).
  var col: UnsafeMutablePointer<ColEntry>
  @Int32Backed var colCount: Int
  /// Row where the symbol is basic, or -1.
  @Int32Backed var row: Int
  /// Constraint slot for markers/errors, variable slot for externals, else -1.
  @Int32Backed var owner: Int
  /// The block's capacity, or 65,535 from there on; 0 while no block is held. Inserting
  /// compares the count with it (`columnCapacity` is the exact figure).
  var colCapacity16: UInt16
  var kind: SymbolKind
  /// 1 + the pool class of the block held, or of the last one given back (0: none yet).
  var colClass: UInt8

  var hasColumnBlock: Bool { @inline(__always) get { colCapacity16 != 0 } }
  var columnCapacity: Int {
    @inline(__always) get { hasColumnBlock ? Pool.words(Int(colClass) - 1) : 0 }
  }
}

extension Tableau {
  /// Allocates a symbol id (reusing freed ids first).
  mutating func newSymbol(_ kind: SymbolKind, owner: Int) -> Int {
    let s: Int
    if let f = freeSymbols.popLast() {
      s = Int(f)
    } else {
      if symHigh == symCapacity { growSymbols() }
      s = symHigh
      symHigh += 1
      (syms + s).initialize(to: SymbolRecord(
        col: Column.none, colCount: 0, row: -1, owner: -1, colCapacity16: 0, kind: .free, colClass: 0))
      // Every level's cost and queue flag of an id never handed out are 0 (allocated zeroed,
      // scrubbed by `reset`): zeroing them here cost 9 instructions a symbol, two symbols an
      // addition (callgrind, kiwi add workload at N = 10).
      mark[s] = 0
    }
    syms[s].kind = kind
    syms[s].owner = owner
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
    // The id's next symbol starts with this one's block size (up to 16 entries): the
    // markers and errors of constraints added and removed again (a kiwi program's chain)
    // otherwise regrew their columns from 2 entries on every add.
    releaseColumn(s, forget: Int(syms[s].colClass) - 1 > Tableau.keptColumnClass)
    for q in 0..<order.count { levels[Int(order[q])].val[s] = 0 }
    syms[s].kind = .free
    syms[s].owner = -1
    freeSymbols.append(Int32(s))
    liveSymbols -= 1
  }

  /// The largest column class a freed symbol id remembers (16 entries).
  static let keptColumnClass = 7

  mutating func growSymbols() {
    let newCap = Tableau.grownCapacity(symCapacity)
    Tableau.grow(&syms, count: symHigh, to: newCap)
    Tableau.growZeroed(&mark, count: symCapacity, to: newCap)
    for k in 0..<levelHigh { growLevelStorage(k, from: symCapacity, to: newCap) }
    symCapacity = newCap
  }
}
