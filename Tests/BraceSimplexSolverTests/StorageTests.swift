import Testing
@testable import BraceSimplexSolver

/// Storage: records of fixed small sizes, row cells, column entries and constraint terms in
/// pool blocks of about the size they need (Pool.swift), every pool byte accounted for.
@Suite struct StorageTests {
  /// The chain of docs/performance.md's memory figure: x[0] >= 0; x[i] == 12 i @250 and
  /// x[i+1] >= x[i] + 10 (required).
  func chain(_ m: Int) throws -> (SimplexSolver, [SolverVariable], [SolverConstraint]) {
    let s = SimplexSolver()
    let x = (0..<m).map { _ in s.makeVariable() }
    var cs = [try s.fix(x[0], .greaterOrEqual, 0)]
    for i in 0..<m {
      cs.append(try s.fix(x[i], .equal, Double(12 * i), 250))
      if i + 1 < m { cs.append(try s.add([(x[i + 1], 1), (x[i], -1)], -10, .greaterOrEqual)) }
    }
    return (s, x, cs)
  }

  @Test func recordSizes() {
    // Per id, whether in use or on a free list; the figure in docs/performance.md rests on them.
    #expect(MemoryLayout<RowRecord>.stride == 32)
    #expect(MemoryLayout<SymbolRecord>.stride == 24)
    #expect(MemoryLayout<ConstraintRecord>.stride == 32)
    #expect(MemoryLayout<VariableRecord>.stride == 24)
    #expect(MemoryLayout<Cell>.stride == 16 && MemoryLayout<ColEntry>.stride == 8)
  }

  @Test func poolClasses() {
    // 1, 2, 3, 4, 6, 8, 12, ... words; classFor rounds up, classOf inverts words.
    #expect((0..<10).map { Pool.words($0) } == [1, 2, 3, 4, 6, 8, 12, 16, 24, 32])
    for k in 0..<40 {
      #expect(Pool.classOf(words: Pool.words(k)) == k)
      #expect(Pool.classFor(words: Pool.words(k)) == k)
      if k > 0 { #expect(Pool.classFor(words: Pool.words(k - 1) + 1) == k) }
    }
    // Row blocks hold whole cells (2 words each): never 1 or 3 words.
    for n in 1..<100 {
      let (k, cap) = RowRecord.cellClass(atLeast: n)
      #expect(cap >= n && Pool.words(k) == 2 * cap && RowRecord.cellClass(capacity: cap) == k)
    }
  }

  @Test func chainBlocksFitTheirContents() throws {
    let (s, x, _) = try chain(1500)
    #expect(close(s.value(of: x[1499]), 12 * 1499))
    #expect(s.invariantViolations().isEmpty)
    let st = s.storage
    // Rows are allocated for the cells they hold (the subject's cell is never stored) and
    // grow by classes of about 1.5x; columns start at 4 entries, and a symbol that becomes
    // basic gives its block back (measured for the rows: 1.17 here).
    #expect(st.cellCapacity * 4 <= st.cells * 5)
    #expect(st.columnCapacity * 4 <= st.columnEntries * 7)
    #expect(st.terms == 3 * 1500 - 1)  // x[0] >= 0, 1,500 preferences, 1,499 links of two
    // Every pool byte is in a block or on a free list, and little is left over.
    #expect(st.poolBytes - st.uncarvedBytes - st.freeBytes <= st.cellCapacity * 16 + st.columnCapacity * 8 + st.terms * 16)
    #expect(st.freeBytes * 20 < st.poolBytes)
  }

  @Test func freedBlocksAreReused() throws {
    let (s, x, cs) = try chain(1000)
    let before = s.storage
    for c in cs.reversed() { try s.removeConstraint(c) }
    #expect(s.statistics.rows == 0 && s.statistics.symbols == 0)
    #expect(s.invariantViolations().isEmpty)
    // Columns and terms went back to the free lists with their symbols and constraints
    // (invariantViolations accounts for every pool byte); row blocks stay with their slots.
    // Building the same system again takes no new chunk.
    try s.fix(x[0], .greaterOrEqual, 0)
    for i in 0..<1000 {
      try s.fix(x[i], .equal, Double(12 * i), 250)
      if i + 1 < 1000 { try s.add([(x[i + 1], 1), (x[i], -1)], -10, .greaterOrEqual) }
    }
    #expect(close(s.value(of: x[999]), 12 * 999))
    #expect(s.storage.poolBytes == before.poolBytes)
    #expect(s.invariantViolations().isEmpty)
  }

  @Test func aFreedSymbolIdKeepsItsColumnSize() throws {
    // Required links only (x[0] >= 0, x[i+1] >= x[i] + 10): nothing to optimize, so every
    // slack stays nonbasic and x[k] = s0 + 10 k + s1 + ... + sk. The first link's slack s1
    // is in the rows of x[1] ... x[7]: 7 entries, a block of 8 (columns grow 4, 8).
    // Removed and added again, the link's new slack takes the freed id (the free list is
    // last in, first out) and starts with a block of 8, not 4.
    let s = SimplexSolver()
    let x = (0..<8).map { _ in s.makeVariable() }
    try s.fix(x[0], .greaterOrEqual, 0)
    var links: [SolverConstraint] = []
    for i in 0..<7 { links.append(try s.add([(x[i + 1], 1), (x[i], -1)], -10, .greaterOrEqual)) }
    let marker = s.tableau.cons[HandleCodec.slot(links[0].id)].marker
    #expect(s.tableau.syms[marker].colCount == 7 && s.tableau.syms[marker].columnCapacity == 8)
    try s.removeConstraint(links[0])
    #expect(s.tableau.syms[marker].kind == .free && !s.tableau.syms[marker].hasColumnBlock)
    #expect(Pool.words(Int(s.tableau.syms[marker].colClass) - 1) == 8)
    #expect(s.invariantViolations().isEmpty)
    let again = try s.add([(x[1], 1), (x[0], -1)], -10, .greaterOrEqual)
    #expect(s.tableau.cons[HandleCodec.slot(again.id)].marker == marker)
    #expect(s.tableau.syms[marker].columnCapacity == 8)
    #expect(close(s.value(of: x[7]), 70))  // 7 links of 10 from x[0] = 0
    #expect(s.invariantViolations().isEmpty)
  }

  @Test func longRowsAndColumnsUseLargeBlocks() throws {
    // Links first: every link's row holds every earlier slack, so rows and columns reach
    // the classes allocated one by one (above 4 KiB); all of it must be freed cleanly.
    let s = SimplexSolver()
    let m = 400
    let x = (0..<m).map { _ in s.makeVariable() }
    var cs: [SolverConstraint] = []
    for i in 0..<(m - 1) { cs.append(try s.add([(x[i + 1], 1), (x[i], -1)], -10, .greaterOrEqual)) }
    #expect(s.storage.cells > 10_000)
    for i in 0..<m { cs.append(try s.fix(x[i], .equal, Double(12 * i), 250)) }
    #expect(s.invariantViolations().isEmpty)
    #expect(close(s.value(of: x[m - 1]), Double(12 * (m - 1))))
    var rng = SplitMix64(seed: 7)
    while !cs.isEmpty {
      try s.removeConstraint(cs.remove(at: rng.int(cs.count)))
      if cs.count % 97 == 0 { #expect(s.invariantViolations().isEmpty) }
    }
    #expect(s.invariantViolations().isEmpty)
  }
}

/// `SimplexSolver.reset` (the plugin resets a destroyed context's solver for the next
/// one): a reset solver must answer exactly as a new one, whatever it held before.
@Suite struct ResetTests {
  /// One random operation on both solvers; the same result from each.
  static func step(_ g: inout SplitMix64, _ a: SimplexSolver, _ b: SimplexSolver,
                   _ va: inout [SolverVariable], _ vb: inout [SolverVariable],
                   _ ca: inout [SolverConstraint], _ cb: inout [SolverConstraint]) {
    func same<T: Equatable>(_ x: Result<T, SolverError>, _ y: Result<T, SolverError>) {
      switch (x, y) {
      case (.success(let p), .success(let q)): #expect(p == q)
      case (.failure(let p), .failure(let q)): #expect("\(p)" == "\(q)")
      default: Issue.record("one solver refused what the other accepted: \(x) vs \(y)")
      }
    }
    let roll = g.int(100)
    if roll < 8 || va.isEmpty {
      let (x, y) = (a.makeVariable(), b.makeVariable())
      #expect(x == y)
      va.append(x)
      vb.append(y)
    } else if roll < 70 {
      let c = PropertyTests.randomConstraint(&g, variables: va.count)
      let x = Result { () throws(SolverError) in try PropertyTests.add(c, to: a, va) }
      let y = Result { () throws(SolverError) in try PropertyTests.add(c, to: b, vb) }
      same(x, y)
      if case .success(let h) = x { ca.append(h) }
      if case .success(let h) = y { cb.append(h) }
    } else if roll < 80, !ca.isEmpty {
      let i = g.int(ca.count)
      let (x, y) = (ca.remove(at: i), cb.remove(at: i))
      same(Result { () throws(SolverError) in try a.removeConstraint(x) }.map { true },
           Result { () throws(SolverError) in try b.removeConstraint(y) }.map { true })
    } else if roll < 88, !ca.isEmpty {
      let i = g.int(ca.count)
      let w = Double(g.int(1, 8)) / 4
      same(Result { () throws(SolverError) in try a.setWeight(ca[i], w) }.map { true },
           Result { () throws(SolverError) in try b.setWeight(cb[i], w) }.map { true })
    } else if roll < 95, !ca.isEmpty {
      let i = g.int(ca.count)
      let k = Double(g.int(-30, 30))
      same(Result { () throws(SolverError) in try a.setConstant(ca[i], k) }.map { true },
           Result { () throws(SolverError) in try b.setConstant(cb[i], k) }.map { true })
    } else {
      let i = g.int(va.count)
      if !a.hasEditVariable(va[i]) {
        same(Result { () throws(SolverError) in try a.addEditVariable(va[i], priority: 600) }.map { true },
             Result { () throws(SolverError) in try b.addEditVariable(vb[i], priority: 600) }.map { true })
      }
      let v = Double(g.int(-50, 50))
      same(Result { () throws(SolverError) in try a.suggestValue(va[i], v) }.map { true },
           Result { () throws(SolverError) in try b.suggestValue(vb[i], v) }.map { true })
    }
  }

  @Test func aResetSolverAnswersAsANewOne() {
    var g = SplitMix64(seed: 0x5E5E_7001)
    let reused = SimplexSolver()
    for round in 0..<120 {
      // Sizes up and down, so that a small system runs on storage a large one grew.
      let steps = round % 5 == 0 ? 600 : g.int(1, 60)
      let nv = round % 5 == 0 ? 40 : g.int(1, 6)
      reused.reset()
      let fresh = SimplexSolver()
      #expect(reused.statistics == fresh.statistics)
      var va: [SolverVariable] = [], vb: [SolverVariable] = []
      var ca: [SolverConstraint] = [], cb: [SolverConstraint] = []
      for _ in 0..<nv { va.append(reused.makeVariable()); vb.append(fresh.makeVariable()) }
      #expect(va == vb)
      for _ in 0..<steps { Self.step(&g, reused, fresh, &va, &vb, &ca, &cb) }
      // Bit for bit: the same pivots in the same order, not merely the same optimum.
      #expect(reused.values(va).map(\.bitPattern) == fresh.values(vb).map(\.bitPattern))
      #expect(reused.statistics == fresh.statistics)
      #expect(reused.invariantViolations().isEmpty)
    }
    // Storage a 600-step round grew is kept across resets.
    #expect(reused.storageBytes > SimplexSolver().storageBytes)
  }
}
