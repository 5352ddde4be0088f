// The solver's whole state: the simplex tableau (rows, symbols with their columns,
// objective levels) and the constraint and variable records it is derived from, as one
// struct of flat buffers indexed by integer ids.
//
// Mutating methods on a struct get static exclusivity; the raw buffers avoid
// per-access uniqueness and bounds checks in the pivot loops. The owning
// `SimplexSolver` frees them in its deinit. Never copy a `Tableau`.

struct Tableau {
  // Rows (slots reused through `freeRows`).
  var rows: UnsafeMutablePointer<RowRecord>
  var rowCapacity = 0
  var rowHigh = 0
  var freeRows = ContiguousArray<Int32>()
  var liveRows = 0

  // Symbols (ids reused through `freeSymbols`) and symbol-indexed scratch.
  var syms: UnsafeMutablePointer<SymbolRecord>
  var symCapacity = 0
  var symHigh = 0
  var freeSymbols = ContiguousArray<Int32>()
  var liveSymbols = 0
  /// Scratch: 1 + position of a symbol in the pivot row being substituted, or in
  /// `accSyms` while a new row is accumulated. Always zero between operations.
  var mark: UnsafeMutablePointer<Int32>
  /// Scratch for building a row: the symbols met (`accSyms`) and their summed
  /// coefficients (`accVals`), `accCount` of them in buffers of `accCapacity` (see
  /// `accumulate`). Empty between uses.
  var accSyms: UnsafeMutablePointer<Int32>
  var accVals: UnsafeMutablePointer<Double>
  var accCount = 0
  var accCapacity = 16
  /// Scratch for merges, indexed by position in the pivot row.
  var seen: UnsafeMutablePointer<UInt32>
  var seenCapacity = 16
  var stamp: UInt32 = 0

  /// Blocks of row cells, column entries and constraint terms (Pool.swift).
  var pool = Pool()

  // Objective levels (see Objective.swift).
  var levels: UnsafeMutablePointer<ObjectiveLevel>
  var levelCapacity = 0
  var levelHigh = 0
  var freeLevels = ContiguousArray<Int32>()
  /// Active level slots, highest priority first. Walked by index, never with for-in:
  /// the iterator retained and released the buffer (two atomic operations a substitution).
  var order = ContiguousArray<Int32>()

  // Constraints and variables (handle slots).
  var cons = RecordArray<ConstraintRecord>(capacity: Tableau.grownArrayCapacity(0))
  var freeCons = ContiguousArray<Int32>()
  /// Constraint weights by slot (ConstraintChanges.swift); empty until one is set (a
  /// reset keeps them, all 1).
  var errorWeights = ContiguousArray<Double>()
  var liveConstraints = 0
  var vars = RecordArray<VariableRecord>(capacity: Tableau.grownArrayCapacity(0))
  var freeVars = ContiguousArray<Int32>()
  var dirtyVars = ContiguousArray<Int32>()

  // Solve state.
  /// Basic symbols of restricted rows that may have gone negative.
  var infeasible = ContiguousArray<Int32>()
  /// Rows due to be re-derived from the constraint definitions (Refinement.swift).
  var staleRows = ContiguousArray<Int32>()
  /// Scratch for `refineRow`: (marker, weight) of each constraint combined into the row.
  var weights = ContiguousArray<(Int, Double)>()
  var batchDepth = 0
  var journaling = false
  /// While `journaling`: what the pivots changed, as it was (Simplex.swift, `undoJournal`),
  /// and the length of `staleRows` before them.
  var journalRows = ContiguousArray<SavedRow>()
  var journalCells = ContiguousArray<Cell>()
  var journalCosts = ContiguousArray<SavedCost>()
  var journalStaleRows = 0

  // Counters for diagnostics and the benchmark.
  var pivotCount = 0
  var numericalIssues = 0
  /// Runs of the primal (lexicographic) and dual simplex (batching saves dual runs).
  var primalRuns = 0
  var dualRuns = 0
  /// Ambiguity queries that needed the exact degenerate test (tests check it is exercised).
  var ambiguityLPRuns = 0
  /// Rows re-derived from the constraint definitions (drift control).
  var rowRefinements = 0

  /// Rows, symbols and levels start with room for a small system (16 rows, 32 symbols, 8
  /// levels), not at one record that the first use replaces: an allocation and a free
  /// fewer each for every solver (a context's first addition creates one). The blocks stay
  /// within 1 KiB, which glibc serves from its per-thread cache (2 KiB of rows took
  /// twice the instructions to allocate, and cost 3% of an addition's time at N = 10).
  init() {
    rowCapacity = 16
    symCapacity = 32
    levelCapacity = Tableau.grownLevelCapacity(0)
    rows = .allocate(capacity: rowCapacity)
    syms = .allocate(capacity: symCapacity)
    mark = Tableau.zeroed(capacity: symCapacity)
    accSyms = .allocate(capacity: accCapacity)
    accVals = .allocate(capacity: accCapacity)
    seen = Tableau.zeroed(capacity: seenCapacity)
    levels = .allocate(capacity: levelCapacity)
    // Every row solved for a variable queues it: from empty the queue regrew 5 times in
    // a context's first 10 additions (callgrind: 130 instructions an addition at N = 10).
    dirtyVars.reserveCapacity(Tableau.grownArrayCapacity(0))
  }

  /// Releases every buffer (called once, from the owner's deinit).
  mutating func deallocate() {
    freeLargeBlocks()
    rows.deallocate()
    syms.deallocate()
    cons.deallocate()
    vars.deallocate()
    pool.deallocate()
    mark.deallocate()
    accSyms.deallocate()
    accVals.deallocate()
    seen.deallocate()
    for k in 0..<levelHigh {
      levels[k].val.deallocate()
      levels[k].inNeg.deallocate()
      levels[k].neg.deallocate()
    }
    levels.deallocate()
  }

  /// Frees the blocks of the large pool classes, which are allocations of their own (the
  /// pool's chunks hold all the others). A small system holds none: then no record is
  /// read (the scan was 550 instructions a solver at N = 10).
  mutating func freeLargeBlocks() {
    if pool.largeBlocks == 0 { return }
    for r in 0..<rowHigh {
      let k = RowRecord.cellClass(capacity: rows[r].capacity)
      if k >= Pool.largeClass { pool.free(UnsafeMutableRawPointer(rows[r].cells), class: k) }
    }
    for s in 0..<symHigh where syms[s].hasColumnBlock && Int(syms[s].colClass) - 1 >= Pool.largeClass {
      pool.free(UnsafeMutableRawPointer(syms[s].col), class: Int(syms[s].colClass) - 1)
    }
    for c in cons.indices where cons[c].termCount > 0 {
      let k = ConstraintRecord.termClass(count: cons[c].termCount)
      if k >= Pool.largeClass { pool.free(cons[c].terms, class: k) }
    }
  }

  /// Returns the tableau to the state of a new one (no variables, constraints, levels or
  /// counts) but keeps its storage: the flat buffers at the capacities they grew to, the
  /// level slots and the pool's chunks. A solver built on it runs exactly as on a new
  /// one (ids, handles and pivots included); it only allocates less.
  mutating func reset() {
    freeLargeBlocks()
    for k in 0..<levelHigh {
      // The ids handed out start again from 0 with no cost and off every queue, as
      // `newSymbol` expects: one pass over the ids used, where it zeroed each id's
      // entries as it handed it out.
      levels[k].val.update(repeating: 0, count: symHigh)
      levels[k].inNeg.update(repeating: 0, count: symHigh)
      levels[k].negCount = 0
      levels[k].users = 0
      levels[k].active = false
    }
    // Handed out lowest first, as a new tableau numbers them.
    Tableau.clear(&freeLevels)
    for k in stride(from: levelHigh - 1, through: 0, by: -1) { freeLevels.append(Int32(k)) }
    Tableau.clear(&order)
    rowHigh = 0
    liveRows = 0
    Tableau.clear(&freeRows)
    symHigh = 0
    liveSymbols = 0
    Tableau.clear(&freeSymbols)
    accCount = 0
    pool.reset()
    cons.removeAll()
    Tableau.clear(&freeCons)
    // Every slot back to weight 1 rather than none: the next solver's first weight
    // then finds the weights grown (growWeights: 236 instructions a solver at N = 10).
    errorWeights.withUnsafeMutableBufferPointer { $0.update(repeating: 1) }
    liveConstraints = 0
    vars.removeAll()
    Tableau.clear(&freeVars)
    Tableau.clear(&dirtyVars)
    Tableau.clear(&infeasible)
    Tableau.clear(&staleRows)
    Tableau.clear(&weights)
    Tableau.clear(&journalRows)
    Tableau.clear(&journalCells)
    Tableau.clear(&journalCosts)
    batchDepth = 0
    journaling = false
    pivotCount = 0
    numericalIssues = 0
    primalRuns = 0
    dualRuns = 0
    ambiguityLPRuns = 0
    rowRefinements = 0
  }

  /// Empties `a`, keeping its storage. An empty one is left alone: `removeAll` on it
  /// retained and released the buffer (an atomic pair each, eight a reset).
  @inline(__always)
  static func clear<T>(_ a: inout ContiguousArray<T>) {
    // A few entries are removed one by one: removeAll(keepingCapacity:) goes through
    // replaceSubrange, ~100 instructions an array (callgrind, a solver's reset at N = 10).
    if a.count > 8 { a.removeAll(keepingCapacity: true) }
    while !a.isEmpty { a.removeLast() }
  }

  /// Bytes of the storage `reset` keeps: flat buffers, level rows and pool chunks.
  /// Inlined: called on the solver's property, it read a copy of the whole tableau (a
  /// 424-byte memcpy, ~80 instructions of every solver's destroy, callgrind).
  var storageBytes: Int {
    @inline(__always) get {
      rowCapacity * MemoryLayout<RowRecord>.stride
        + symCapacity * (MemoryLayout<SymbolRecord>.stride + 4 + levelHigh * 9)
        + cons.capacity * MemoryLayout<ConstraintRecord>.stride + vars.capacity * MemoryLayout<VariableRecord>.stride
        + pool.chunkBytes + pool.spare.reduce(0) { $0 + $1.bytes }
    }
  }

  /// Records that the value of symbol `s` may have changed (externals only matter).
  @inline(__always)
  mutating func noteSymbolValueChanged(_ s: Int) {
    if syms[s].kind != .external { return }
    let v = syms[s].owner
    if !vars[v].dirty {
      vars[v].dirty = true
      dirtyVars.append(Int32(v))
    }
  }
}
