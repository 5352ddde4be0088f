// Rows of the tableau: `basic = constant + sum(coeff * sym)` over nonbasic symbols.
//
// Unlike kiwi's sorted vectors, cells are unordered and doubly linked with the
// column index: each cell knows its slot in its symbol's column and each column
// entry knows its slot in the row, so inserting or dropping a cell is O(1) on both
// sides. Merges find shared symbols through a dense scratch mark (see Simplex.swift).

/// One nonzero coefficient of a row.
struct Cell {
  var sym: Int32
  /// Position of this cell's entry in `syms[sym].col`.
  var colPos: Int32
  var coeff: Double
}

/// One entry of a column: a row holding the symbol, and the cell's position there.
struct ColEntry {
  var row: Int32
  var cellPos: Int32
}

/// 32 bytes: the cells live in a pool block (Pool.swift) whose capacity is kept here.
struct RowRecord {
  var cells: UnsafeMutablePointer<Cell>
  var constant: Double
  @Int32Backed var count: Int
  /// Cells the block holds (a pool class: 1, 2, 3, 4, 6, 8, 12, ... cells).
  @Int32Backed var capacity: Int
  /// Basic symbol; -1 while a new row is being attached, `RowRecord.freeSlot` on the free list.
  @Int32Backed var basic: Int
  /// Weighted updates (merges, pivots, shifts) since the row was last re-derived from
  /// the constraint definitions; at `Tolerance.refineAt` it is queued (Refinement.swift).
  var updates: Int32

  static let freeSlot = -2

  var live: Bool { @inline(__always) get { basic != RowRecord.freeSlot } }

  /// The pool class of a block of `capacity` cells (16 bytes = 2 words each).
  @inline(__always)
  static func cellClass(capacity: Int) -> Int { Pool.classOf(words: 2 * capacity) }
  /// The smallest pool class holding `n` cells, and its capacity.
  @inline(__always)
  static func cellClass(atLeast n: Int) -> (Int, Int) {
    let k = Pool.classFor(words: 2 * max(1, n))
    return (k, Pool.words(k) >> 1)
  }
}

/// Column storage kept in a symbol record (see `SymbolRecord`).
enum Column {
  /// Stands for the block of a column that holds none (never read).
  static var none: UnsafeMutablePointer<ColEntry> {
    @inline(__always) get { UnsafeMutablePointer(bitPattern: MemoryLayout<ColEntry>.alignment)! }
  }
}

extension Tableau {
  /// A fresh, empty row with room for `cells` cells (slots and their cell blocks are reused).
  /// A new slot's record is written once, with its constant: it was written whole and
  /// then field by field again (callgrind, kiwi add workload at N = 10: 102 instructions
  /// an addition).
  mutating func allocRow(constant: Double, cells n: Int) -> Int {
    if let f = freeRows.popLast() {
      let r = Int(f)
      if rows[r].capacity < n { resizeRow(r, atLeast: n) }
      rows[r].constant = constant
      rows[r].count = 0
      rows[r].basic = -1
      rows[r].updates = 0
      liveRows &+= 1
      return r
    }
    if rowHigh == rowCapacity { growRows() }
    let r = rowHigh
    rowHigh = r &+ 1
    let (k, cap) = RowRecord.cellClass(atLeast: n)
    (rows + r).initialize(to: RowRecord(
      cells: pool.allocate(class: k).bindMemory(to: Cell.self, capacity: cap), constant: constant,
      count: 0, capacity: cap, basic: -1, updates: 0))
    liveRows &+= 1
    return r
  }

  /// Drops a row: its cells leave their columns and its basic symbol becomes nonbasic.
  mutating func freeRow(_ r: Int) {
    let cells = rows[r].cells
    for i in 0..<rows[r].count {
      removeColumnEntry(Int(cells[i].sym), Int(cells[i].colPos))
    }
    rows[r].count = 0
    let b = rows[r].basic
    if b >= 0 {
      syms[b].row = -1
      noteSymbolValueChanged(b)
    }
    rows[r].basic = RowRecord.freeSlot
    freeRows.append(Int32(r))
    liveRows -= 1
  }

  /// Appends a cell for a symbol not yet in the row. `roomy`: the caller knows the row has
  /// room (a new row's block is sized for all its cells), and the test is skipped.
  @inline(__always)
  mutating func insertCell(_ r: Int, _ s: Int, _ c: Double, roomy: Bool = false) {
    if !roomy && rows[r].count == rows[r].capacity { growRow(r) }
    if syms[s].colCount >= Int(syms[s].colCapacity16) { growColumnIfFull(s) }
    let p = rows[r].count
    let q = syms[s].colCount
    rows[r].cells[p] = Cell(sym: Int32(s), colPos: Int32(q), coeff: c)
    rows[r].count = p + 1
    syms[s].col[q] = ColEntry(row: Int32(r), cellPos: Int32(p))
    syms[s].colCount = q + 1
  }

  /// Removes the cell at position `p` of row `r` (swap-remove on both sides).
  @inline(__always)
  mutating func removeCell(_ r: Int, _ p: Int) {
    let cells = rows[r].cells
    removeColumnEntry(Int(cells[p].sym), Int(cells[p].colPos))
    let syms = self.syms
    rows[r].count = Tableau.swapRemove(p, from: cells, count: rows[r].count) { moved, p in
      syms[Int(moved.sym)].col[Int(moved.colPos)].cellPos = p
    }
  }

  /// Removes entry `q` of column `s`.
  @inline(__always)
  mutating func removeColumnEntry(_ s: Int, _ q: Int) {
    let rows = self.rows
    syms[s].colCount = Tableau.swapRemove(q, from: syms[s].col, count: syms[s].colCount) { moved, q in
      rows[Int(moved.row)].cells[Int(moved.cellPos)].colPos = q
    }
  }

  /// Removes element `p` of the `count` at `items` by moving the last one into its place,
  /// whose partner (a cell's column entry, an entry's cell) `relink` points at `p`.
  /// Returns the new count.
  @inline(__always)
  static func swapRemove<Item>(
    _ p: Int, from items: UnsafeMutablePointer<Item>, count: Int, relink: (Item, Int32) -> Void
  ) -> Int {
    let last = count - 1
    if p != last {
      let moved = items[last]
      items[p] = moved
      relink(moved, Int32(p))
    }
    return last
  }

  /// Position of symbol `s` in row `r`, or -1. Rows are short; a scan beats a lookup.
  @inline(__always)
  func cellPosition(_ r: Int, _ s: Int) -> Int {
    let cells = rows[r].cells
    let s32 = Int32(s)
    for i in 0..<rows[r].count where cells[i].sym == s32 { return i }
    return -1
  }

  func coefficient(_ r: Int, _ s: Int) -> Double {
    let p = cellPosition(r, s)
    return p < 0 ? 0 : rows[r].cells[p].coeff
  }

  /// Moves row `r` to the next pool class (about 1.5 times the cells). Out of line: it
  /// is rare, and the merge loops it is called from must stay small enough to inline.
  @inline(never)
  mutating func growRow(_ r: Int) { resizeRow(r, atLeast: rows[r].count + 1) }

  mutating func resizeRow(_ r: Int, atLeast n: Int) {
    let (k, cap) = RowRecord.cellClass(atLeast: n)
    let fresh = pool.allocate(class: k).bindMemory(to: Cell.self, capacity: cap)
    fresh.initialize(from: rows[r].cells, count: rows[r].count)
    pool.free(UnsafeMutableRawPointer(rows[r].cells), class: RowRecord.cellClass(capacity: rows[r].capacity))
    rows[r].cells = fresh
    rows[r].capacity = cap
  }

  /// Moves column `s` to a larger pool class: at least 4 entries, then 1.5 to 2 times.
  /// What `resizeColumn` would give, without its general arithmetic (callgrind, kiwi add
  /// workload at N = 100: two calls per addition, 140 instructions each). A symbol without
  /// a block (new, or basic until now) takes the class it last had, at least
  /// `firstColumnClass`; every new marker, error and variable comes here
  /// with its first cell. A full block of class k >= 1 moves to class k + 2, the class of
  /// `n + 1 + n / 2` entries for its n (2 -> 4, 3 -> 6, 4 -> 8, 6 -> 12, ...).
  @inline(never)
  mutating func growColumnIfFull(_ s: Int) {
    if !syms[s].hasColumnBlock && Int(syms[s].colClass) <= Tableau.firstColumnClass + 1 {
      // The common case (a new symbol), apart so that its class is a constant
      // (callgrind, kiwi add workload at N = 10: 21 instructions an addition), and
      // alone in this function, which then saves few registers: the other cases, in
      // `growColumn`, made every call save and restore six (14 instructions a call,
      // 1.3 calls an addition).
      let k = Tableau.firstColumnClass
      syms[s].col = pool.allocate(class: k).bindMemory(to: ColEntry.self, capacity: Pool.words(k))
      syms[s].colClass = UInt8(k + 1)
      syms[s].colCapacity16 = UInt16(Pool.words(k))
      return
    }
    growColumn(s)
  }

  /// `growColumnIfFull` for a symbol that had a block, or a larger one, before.
  @inline(never)
  mutating func growColumn(_ s: Int) {
    let old = Int(syms[s].colClass) - 1
    if !syms[s].hasColumnBlock {
      let k = old
      let w = Pool.words(k)
      syms[s].col = pool.allocate(class: k).bindMemory(to: ColEntry.self, capacity: w)
      syms[s].colClass = UInt8(k + 1)
      syms[s].colCapacity16 = UInt16(min(w, Int(UInt16.max)))
      return
    }
    let n = syms[s].colCount
    if n < Pool.words(old) { return }  // past 65,535 entries: `colCapacity16` saturates
    let k = old == 0 ? 1 : old + 2
    let w = Pool.words(k)
    let fresh = pool.allocate(class: k).bindMemory(to: ColEntry.self, capacity: w)
    fresh.initialize(from: syms[s].col, count: n)
    pool.free(UnsafeMutableRawPointer(syms[s].col), class: old)
    syms[s].col = fresh
    syms[s].colClass = UInt8(k + 1)
    syms[s].colCapacity16 = UInt16(min(w, Int(UInt16.max)))
  }

  /// The class of a new column's first block: 4 entries (32 bytes). From 2, two in five
  /// first blocks of the kiwi add workload filled up and moved (a slack is in the row of
  /// every variable after its own): 48 instructions an addition at N = 10, 59 at N = 100.
  static let firstColumnClass = 3

  /// Gives column `s` a block of at least `m` entries, and at least the class of the
  /// block it last gave back (see `releaseColumn`).
  mutating func resizeColumn(_ s: Int, atLeast m: Int) {
    let old = Int(syms[s].colClass) - 1
    if !syms[s].hasColumnBlock && old >= 0 && Pool.words(old) >= m {
      // Leaving the basis again: the class it had (the common case of a pivot).
      syms[s].col = pool.allocate(class: old).bindMemory(to: ColEntry.self, capacity: Pool.words(old))
      syms[s].colCapacity16 = UInt16(min(Pool.words(old), Int(UInt16.max)))
      return
    }
    let n = syms[s].colCount
    var k = Pool.classFor(words: m)
    if syms[s].hasColumnBlock {
      let fresh = pool.allocate(class: k).bindMemory(to: ColEntry.self, capacity: Pool.words(k))
      fresh.initialize(from: syms[s].col, count: n)
      pool.free(UnsafeMutableRawPointer(syms[s].col), class: old)
      syms[s].col = fresh
    } else {
      k = max(k, old)
      syms[s].col = pool.allocate(class: k).bindMemory(to: ColEntry.self, capacity: Pool.words(k))
    }
    syms[s].colClass = UInt8(k + 1)
    syms[s].colCapacity16 = UInt16(min(Pool.words(k), Int(UInt16.max)))
  }

  /// Returns the block of empty column `s` to the pool: a symbol made basic holds none
  /// (its class is remembered for when it leaves the basis, so that a symbol going in
  /// and out does not regrow its column entry by entry each time), a freed one forgets
  /// a class above `keptColumnClass`.
  @inline(__always)
  mutating func releaseColumn(_ s: Int, forget: Bool) {
    if syms[s].hasColumnBlock {
      pool.free(UnsafeMutableRawPointer(syms[s].col), class: Int(syms[s].colClass) - 1)
      syms[s].col = Column.none
      syms[s].colCapacity16 = 0
    }
    if forget { syms[s].colClass = 0 }
  }

  mutating func growRows() {
    let newCap = Tableau.grownCapacity(rowCapacity)
    Tableau.grow(&rows, count: rowHigh, to: newCap)
    rowCapacity = newCap
  }
}
