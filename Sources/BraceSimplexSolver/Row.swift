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

struct RowRecord {
  var cells: UnsafeMutablePointer<Cell>
  var count: Int
  var capacity: Int
  var constant: Double
  /// Basic symbol, or -1 while a new row is being attached.
  var basic: Int
  var live: Bool
  /// Weighted updates (merges, pivots, shifts) since the row was last re-derived from
  /// the constraint definitions; at `Tolerance.refineAt` it is queued (Refresh.swift).
  var updates: Int32
}

extension Engine {
  /// A fresh, empty row (slots and their cell buffers are reused).
  mutating func allocRow(constant: Double) -> Int {
    let r: Int
    if let f = freeRows.popLast() {
      r = Int(f)
    } else {
      if rowHigh == rowCapacity { growRows() }
      r = rowHigh
      rowHigh += 1
      (rows + r).initialize(to: RowRecord(
        cells: .allocate(capacity: 8), count: 0, capacity: 8, constant: 0, basic: -1, live: false, updates: 0))
    }
    rows[r].constant = constant
    rows[r].count = 0
    rows[r].basic = -1
    rows[r].live = true
    rows[r].updates = 0
    liveRows += 1
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
    rows[r].basic = -1
    rows[r].live = false
    freeRows.append(Int32(r))
    liveRows -= 1
  }

  /// Appends a cell for a symbol not yet in the row.
  @inline(__always)
  mutating func insertCell(_ r: Int, _ s: Int, _ c: Double) {
    if rows[r].count == rows[r].capacity { growRow(r) }
    if syms[s].colCount == syms[s].colCapacity { growColumn(s) }
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
    let last = rows[r].count - 1
    if p != last {
      let moved = cells[last]
      cells[p] = moved
      syms[Int(moved.sym)].col[Int(moved.colPos)].cellPos = Int32(p)
    }
    rows[r].count = last
  }

  /// Removes entry `q` of column `s`, fixing the back pointer of the entry moved into it.
  @inline(__always)
  mutating func removeColumnEntry(_ s: Int, _ q: Int) {
    let col = syms[s].col
    let last = syms[s].colCount - 1
    if q != last {
      let moved = col[last]
      col[q] = moved
      rows[Int(moved.row)].cells[Int(moved.cellPos)].colPos = Int32(q)
    }
    syms[s].colCount = last
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

  mutating func growRow(_ r: Int) {
    let cap = rows[r].capacity * 2
    let n = UnsafeMutablePointer<Cell>.allocate(capacity: cap)
    n.moveInitialize(from: rows[r].cells, count: rows[r].count)
    rows[r].cells.deallocate()
    rows[r].cells = n
    rows[r].capacity = cap
  }

  mutating func growColumn(_ s: Int) {
    let cap = syms[s].colCapacity * 2
    let n = UnsafeMutablePointer<ColEntry>.allocate(capacity: cap)
    n.moveInitialize(from: syms[s].col, count: syms[s].colCount)
    syms[s].col.deallocate()
    syms[s].col = n
    syms[s].colCapacity = cap
  }

  mutating func growRows() {
    let newCap = max(64, rowCapacity * 2)
    let n = UnsafeMutablePointer<RowRecord>.allocate(capacity: newCap)
    n.moveInitialize(from: rows, count: rowHigh)
    rows.deallocate()
    rows = n
    rowCapacity = newCap
  }
}
