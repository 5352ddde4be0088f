// Host variables: handle slots, reference counts, values and change tracking.
//
// A variable gets a tableau symbol the first time a constraint uses it and loses
// it when the last such constraint goes (kiwi #10 never frees them). Its slot is
// reusable after `releaseVariable`.

/// 24 bytes.
struct VariableRecord {
  /// Value last returned by `takeChangedVariables`.
  var last = 0.0
  /// External symbol, or -1 while no constraint uses the variable.
  @Int32Backed var sym = -1
  /// Live constraints (edits included) that mention the variable.
  @Int32Backed var refs = 0
  /// Constraint slot of its edit, or -1.
  @Int32Backed var edit = -1
  var generation: UInt8 = 1
  var live = false
  /// Queued in `dirtyVars`.
  var dirty = false
}

extension Tableau {
  mutating func makeVariable() -> SolverVariable {
    let v: Int
    if let f = freeVars.popLast() {
      v = Int(f)
      vars[v].generation = HandleCodec.bump(vars[v].generation)
    } else {
      if vars.count >= HandleCodec.maxSlots { return SolverVariable(id: 0) }  // generation 0: never valid
      v = vars.count
      vars.append(VariableRecord())
    }
    vars[v].sym = -1
    vars[v].refs = 0
    vars[v].edit = -1
    vars[v].last = 0
    vars[v].live = true
    return SolverVariable(id: HandleCodec.encode(slot: v, generation: vars[v].generation))
  }

  @inline(__always)
  func variableSlot(_ h: SolverVariable) -> Int? {
    let v = HandleCodec.slot(h.id)
    guard h.id >= 0, v < vars.count, vars[v].live, vars[v].generation == HandleCodec.generation(h.id) else { return nil }
    return v
  }

  /// Frees the slot if no constraint or edit uses the variable; otherwise does
  /// nothing (the caller broke its promise; refusing is the safe reading).
  mutating func releaseVariable(_ h: SolverVariable) {
    guard let v = variableSlot(h), vars[v].refs == 0 else { return }
    if vars[v].sym >= 0 { dropExternal(v) }
    vars[v].live = false
    freeVars.append(Int32(v))
  }

  @inline(__always)
  func value(slot v: Int) -> Double {
    let s = vars[v].sym
    if s < 0 { return 0 }
    let r = syms[s].row
    return r < 0 ? 0 : rows[r].constant
  }

  mutating func ensureSymbol(_ v: Int) -> Int {
    if vars[v].sym < 0 { vars[v].sym = newSymbol(.external, owner: v) }
    return vars[v].sym
  }

  mutating func releaseVariableReference(_ v: Int) {
    vars[v].refs -= 1
    if vars[v].refs == 0 && vars[v].sym >= 0 { dropExternal(v) }
  }

  /// No constraint mentions the variable any more: its column is empty and it is
  /// nonbasic in exact arithmetic; freeSymbol scrubs any rounding residue.
  mutating func dropExternal(_ v: Int) {
    let s = vars[v].sym
    noteSymbolValueChanged(s)
    freeSymbol(s)
    vars[v].sym = -1
  }

  /// Variables whose value differs (bitwise, not within a tolerance) from what the
  /// previous call reported. Costs the number of rows touched since then.
  mutating func takeChangedVariables() -> [SolverVariable] {
    let slots = takeChangedSlots()
    var out: [SolverVariable] = []
    out.reserveCapacity(slots.count)
    for v in slots { out.append(SolverVariable(id: HandleCodec.encode(slot: Int(v), generation: vars[Int(v)].generation))) }
    return out
  }

  /// The same as slots (what the plugin hands the host), without making handles.
  mutating func takeChangedSlots() -> [UInt32] {
    var out: [UInt32] = []
    for v32 in dirtyVars {
      let v = Int(v32)
      vars[v].dirty = false
      guard vars[v].live else { continue }
      let x = value(slot: v)
      if x != vars[v].last {
        vars[v].last = x
        out.append(UInt32(v))
      }
    }
    dirtyVars.removeAll(keepingCapacity: true)
    return out
  }

  /// The slot of a live variable, or nil.
  @inline(__always)
  func liveVariable(_ v: Int) -> Int? { v >= 0 && v < vars.count && vars[v].live ? v : nil }
}
