// brace-simplex-bench: figures for the incremental simplex solver.
//
//   swift build -c release && .build/release/brace-simplex-bench [--quick] [--no-drift] [--drift-pairs 1000,100000]
//     [--chain-vars 1000,5000]
//
// The classic Cassowary benchmark made satisfiable by construction (as measured
// for kiwi in docs/design.md, "The solver's yardstick"), plus workloads that show
// costs follow what an operation touches. Deterministic seed; timings from CLOCK_MONOTONIC.
// The drift table runs the drift test's drag system for up to 10^6 suggestion pairs;
// the last one compares a batch of additions with the same additions one by one.
import BraceBenchKit
import BraceSimplexSolver

/// The monotonic clock in microseconds.
func microseconds() -> Double { Double(now()) / 1e3 }

func fmt(_ x: Double, _ width: Int = 9, _ decimals: Int = 2) -> String {
  if decimals == 0 {
    let s = String(Int(x))
    return String(repeating: " ", count: max(0, width - s.count)) + s
  }
  var p = 1.0
  for _ in 0..<decimals { p *= 10 }
  let r = (x * p).rounded() / p
  var s = String(r)
  if let dot = s.firstIndex(of: ".") {
    let frac = s.distance(from: dot, to: s.endIndex) - 1
    if frac < decimals { s += String(repeating: "0", count: decimals - frac) }
  } else { s += "." + String(repeating: "0", count: decimals) }
  return String(repeating: " ", count: max(0, width - s.count)) + s
}

struct Spec {
  var terms: [SolverTerm]
  var constant: Double
  var relation: SolverRelation
}

/// The system (RandomSystem) as solver constraints `sum(terms) + constant REL 0`.
func makeSystem(_ n: Int, seed: UInt64) -> (starts: [Double], specs: [Spec], vars: [SolverVariable], solver: SimplexSolver) {
  let system = RandomSystem(n, seed: seed)
  let solver = SimplexSolver()
  let vars = (0..<n).map { _ in solver.makeVariable() }
  let specs = system.constraints.map { c in
    Spec(terms: c.terms.map { SolverTerm(variable: vars[$0.variable], coefficient: $0.coefficient) }, constant: -c.constant,
         relation: c.isEquality ? .equal : .greaterOrEqual)
  }
  return (system.starts, specs, vars, solver)
}

struct Row {
  var n = 0
  var stay = 0.0, add = 0.0, edit = 0.0, editAll = 0.0, remove = 0.0, batchAdd = 0.0
  var refused = 0, pivotsPerAdd = 0.0, rows = 0, cells = 0
  var ambiguity = 0.0, ambiguous = 0
}

func classic(_ n: Int, edits: Int) -> Row {
  var row = Row()
  row.n = n
  let (starts, specs, vars, s) = makeSystem(n, seed: 0xCA55_0A12 &+ UInt64(n))
  var t0 = microseconds()
  for i in 0..<n {
    _ = try! s.addConstraint([SolverTerm(variable: vars[i], coefficient: 1)], constant: -starts[i],
                             relation: .equal, priority: 10)
  }
  row.stay = (microseconds() - t0) / Double(n)
  var handles: [SolverConstraint] = []
  handles.reserveCapacity(n)
  let p0 = s.statistics.pivots
  t0 = microseconds()
  for spec in specs {
    do {
      handles.append(try s.addConstraint(spec.terms, constant: spec.constant, relation: spec.relation, priority: 1000))
    } catch {
      row.refused += 1
    }
  }
  row.add = (microseconds() - t0) / Double(n)
  let st = s.statistics
  row.pivotsPerAdd = Double(st.pivots - p0) / Double(n)
  row.rows = st.rows
  row.cells = st.cells
  // isAmbiguous on every variable (all are pinned by their weak stays).
  t0 = microseconds()
  for v in vars where s.isAmbiguous(v) { row.ambiguous += 1 }
  row.ambiguity = (microseconds() - t0) / Double(n)

  let e1 = vars[0], e2 = vars[n > 1 ? 1 : 0]
  try! s.addEditVariable(e1, priority: 999)
  if e2 != e1 { try! s.addEditVariable(e2, priority: 999) }
  var v1 = s.value(of: e1), v2 = s.value(of: e2)
  /// The next pair: each edit suggested at its value * 1.001 + 0.001.
  @inline(__always) func suggestPair() {
    v1 = v1 * 1.001 + 0.001
    v2 = v2 * 1.001 + 0.001
    try! s.suggestValue(e1, v1)
    if e2 != e1 { try! s.suggestValue(e2, v2) }
  }
  _ = s.takeChangedVariables()
  var sink = 0.0
  t0 = microseconds()
  for _ in 0..<edits {
    suggestPair()
    for v in s.takeChangedVariables() { sink += s.value(of: v) }
  }
  row.edit = (microseconds() - t0) / Double(edits)
  // Same, reading every variable after each pair (what kiwi's updateVariables does).
  let allReads = max(200, edits / 10)
  t0 = microseconds()
  for _ in 0..<allReads {
    suggestPair()
    for v in vars { sink += s.value(of: v) }
  }
  row.editAll = (microseconds() - t0) / Double(allReads)
  if sink.isNaN { print("nan") }
  try! s.removeEditVariable(e1)
  if e2 != e1 { try! s.removeEditVariable(e2) }

  t0 = microseconds()
  for h in handles { try! s.removeConstraint(h) }
  row.remove = (microseconds() - t0) / Double(handles.count)

  // The same additions inside one batch (the timed part ends with endBatch).
  let (starts2, specs2, vars2, s2) = makeSystem(n, seed: 0xCA55_0A12 &+ UInt64(n))
  s2.beginBatch()
  for i in 0..<n {
    _ = try! s2.addConstraint([SolverTerm(variable: vars2[i], coefficient: 1)], constant: -starts2[i],
                              relation: .equal, priority: 10)
  }
  t0 = microseconds()
  for spec in specs2 { _ = try? s2.addConstraint(spec.terms, constant: spec.constant, relation: spec.relation, priority: 1000) }
  s2.endBatch()
  row.batchAdd = (microseconds() - t0) / Double(n)
  return row
}

/// setConstant on one constraint of a system of size n: the cost should not grow with n.
func constantChange(_ n: Int, reps: Int) -> (required: Double, optional: Double, suggest: Double) {
  let (starts, specs, vars, s) = makeSystem(n, seed: 0x5E7C_0057 &+ UInt64(n))
  var stays: [SolverConstraint] = []
  s.beginBatch()
  for i in 0..<n {
    stays.append(try! s.addConstraint([SolverTerm(variable: vars[i], coefficient: 1)], constant: -starts[i],
                                      relation: .equal, priority: 10))
  }
  var reqs: [(SolverConstraint, Double)] = []
  for spec in specs {
    if let h = try? s.addConstraint(spec.terms, constant: spec.constant, relation: spec.relation, priority: 1000),
       spec.relation == .greaterOrEqual {
      reqs.append((h, spec.constant))
    }
  }
  s.endBatch()
  // A required >= constraint: loosen and tighten it back and forth.
  let (h, c) = reqs[0]
  var t0 = microseconds()
  for i in 0..<reps { try! s.setConstant(h, c + (i % 2 == 0 ? 1 : 0)) }
  let req = (microseconds() - t0) / Double(reps)
  // A weak stay.
  let stay = stays[n / 2]
  t0 = microseconds()
  for i in 0..<reps { try! s.setConstant(stay, -starts[n / 2] - Double(i % 7)) }
  let opt = (microseconds() - t0) / Double(reps)
  // One drag on a fresh variable tied to the system by one constraint.
  let x = s.makeVariable()
  _ = try! s.addConstraint([SolverTerm(variable: x, coefficient: 1), SolverTerm(variable: vars[n / 3], coefficient: -1)],
                           constant: 0, relation: .greaterOrEqual, priority: 1000)
  try! s.addEditVariable(x, priority: 999)
  t0 = microseconds()
  for i in 0..<reps {
    try! s.suggestValue(x, 200 + Double(i % 13))
    _ = s.takeChangedVariables()
  }
  let sug = (microseconds() - t0) / Double(reps)
  return (req, opt, sug)
}

let quick = CommandLine.arguments.contains("--quick")
let sizes = quick ? [100, 300, 900, 1000] : [100, 300, 900, 1000, 3000, 10000]
_ = classic(300, edits: 2000)  // warm-up: page in code and the allocator
print("""
Classic Cassowary benchmark (satisfiable by construction), microseconds per operation,
best of \(quick ? 1 : 3) runs; re-solve = 2 suggestions + takeChangedVariables + reading the changed values
    N  stay-add       add  batch-add   re-solve  re-solve+readall    remove  isAmbiguous  pivots/add  rows/cells
""")
for n in sizes {
  var r = classic(n, edits: 10_000)
  for _ in 1..<(quick ? 1 : 3) {
    let b = classic(n, edits: 10_000)
    r.stay = min(r.stay, b.stay); r.add = min(r.add, b.add); r.batchAdd = min(r.batchAdd, b.batchAdd)
    r.edit = min(r.edit, b.edit); r.editAll = min(r.editAll, b.editAll); r.remove = min(r.remove, b.remove)
    r.ambiguity = min(r.ambiguity, b.ambiguity)
  }
  print("\(fmt(Double(n), 5, 0))\(fmt(r.stay, 10))\(fmt(r.add, 10))\(fmt(r.batchAdd, 11))\(fmt(r.edit, 11))\(fmt(r.editAll, 18))\(fmt(r.remove, 10))\(fmt(r.ambiguity, 13))\(fmt(r.pivotsPerAdd, 12))  \(r.rows)/\(r.cells)\(r.refused > 0 ? "  refused \(r.refused)" : "")\(r.ambiguous > 0 ? "  ambiguous \(r.ambiguous)" : "")")
}
print("""

Changing one constant in a system of N constraints (microseconds per change)
    N  required>=  weak-stay  drag(suggest+changes)
""")
for n in (quick ? [1000] : [1000, 10000, 30000]) {
  let r = constantChange(n, reps: 20_000)
  print("\(fmt(Double(n), 5, 0))\(fmt(r.required, 12))\(fmt(r.optional, 11))\(fmt(r.suggest, 11))")
}

/// `x` as d.de-XX (drift figures).
func sci(_ x: Double) -> String {
  if x == 0 { return "      0" }
  var m = x, e = 0
  while m >= 10 { m /= 10; e += 1 }
  while m < 1 { m *= 10; e -= 1 }
  var mm = (m * 10).rounded() / 10
  if mm >= 10 { mm /= 10; e += 1 }
  return "\(mm)e\(e < 0 ? "-" : "+")\(abs(e) < 10 ? "0" : "")\(abs(e))"
}

/// The drift test's drag system (EditTests.hundredThousandSuggestionsMatchAFreshSolve).
func dragSystem(_ s: SimplexSolver) -> [SolverVariable] {
  func t(_ v: SolverVariable, _ a: Double) -> SolverTerm { SolverTerm(variable: v, coefficient: a) }
  let xs = (0..<10).map { _ in s.makeVariable() }
  for i in 0..<9 { _ = try! s.addConstraint([t(xs[i + 1], 1), t(xs[i], -1.5)], constant: -10, relation: .greaterOrEqual, priority: 1000) }
  _ = try! s.addConstraint([t(xs[0], 1)], constant: 0, relation: .greaterOrEqual, priority: 1000)
  _ = try! s.addConstraint([t(xs[9], 1)], constant: -5000, relation: .lessOrEqual, priority: 1000)
  for i in 0..<10 { _ = try! s.addConstraint([t(xs[i], 1)], constant: -37.5 * Double(i), relation: .equal, priority: 10) }
  _ = try! s.addConstraint([t(xs[3], 1), t(xs[7], 0.25)], constant: -400, relation: .equal, priority: 250)
  try! s.addEditVariable(xs[0], priority: 999)
  try! s.addEditVariable(xs[5], priority: 500)
  return xs
}

/// Largest difference from a fresh solver given only the final suggestions, after
/// `pairs` suggestion pairs (the drift test's seed and ranges).
func drift(pairs: Int) -> (drift: Double, micros: Double) {
  let s = SimplexSolver()
  let xs = dragSystem(s)
  var g = SplitMix64(seed: 42)
  var last = (0.0, 0.0)
  let t0 = microseconds()
  for _ in 0..<pairs {
    last = (-50 + 450 * g.unit(), 3000 * g.unit())
    try! s.suggestValue(xs[0], last.0)
    try! s.suggestValue(xs[5], last.1)
  }
  let micros = (microseconds() - t0) / Double(pairs)
  let fresh = SimplexSolver()
  let ys = dragSystem(fresh)
  try! fresh.suggestValue(ys[0], last.0)
  try! fresh.suggestValue(ys[5], last.1)
  var d = 0.0
  for i in 0..<10 { d = max(d, abs(s.value(of: xs[i]) - fresh.value(of: ys[i]))) }
  return (d, micros)
}

if !CommandLine.arguments.contains("--no-drift") {
print("""

Drift on the drag system (10 variables, values up to 5000, 2 edits): largest
difference from a fresh solver given the final suggestions
  suggestion pairs     drift  us/pair
""")
let driftPairs = intListOption("--drift-pairs") ?? (quick ? [1_000, 100_000] : [1_000, 100_000, 1_000_000])
for pairs in driftPairs {
  let r = drift(pairs: pairs)
  print("\(fmt(Double(pairs), 18, 0))  \(sci(r.drift))  \(fmt(r.micros, 8))")
}
}

/// The order in which `chainCase` adds its constraints.
enum ChainOrder: String, CaseIterable {
  /// link i, then preference i
  case interleaved
  /// every link, then every preference
  case chainFirst = "chain first"
  /// every preference, then every link
  case preferencesFirst = "prefs first"
}

/// A chain `x[i+1] - x[i] >= 10` (required) with preferences `x[i] == 12*i` (@250) over
/// `m` variables (2m - 1 constraints), added one by one or inside one batch. Returns
/// the best time of `reps` builds (ms) and the pivots of one.
func chainCase(_ m: Int, _ order: ChainOrder, batch: Bool, reps: Int) -> (ms: Double, pivots: Int) {
  var best = Double.infinity, pivots = 0
  for _ in 0..<reps {
    let s = SimplexSolver()
    let xs = (0..<m).map { _ in s.makeVariable() }
    func link(_ i: Int) {
      _ = try! s.addConstraint([SolverTerm(variable: xs[i + 1], coefficient: 1), SolverTerm(variable: xs[i], coefficient: -1)],
                               constant: -10, relation: .greaterOrEqual, priority: 1000)
    }
    func prefer(_ i: Int) {
      _ = try! s.addConstraint([SolverTerm(variable: xs[i], coefficient: 1)], constant: -12 * Double(i),
                               relation: .equal, priority: 250)
    }
    let t0 = microseconds()
    if batch { s.beginBatch() }
    switch order {
    case .interleaved:
      for i in 0..<m {
        if i + 1 < m { link(i) }
        prefer(i)
      }
    case .chainFirst:
      for i in 0..<(m - 1) { link(i) }
      for i in 0..<m { prefer(i) }
    case .preferencesFirst:
      for i in 0..<m { prefer(i) }
      for i in 0..<(m - 1) { link(i) }
    }
    if batch { s.endBatch() }
    best = min(best, (microseconds() - t0) / 1000)
    pivots = s.statistics.pivots
    if abs(s.value(of: xs[m - 1]) - 12 * Double(m - 1)) > 1e-6 { print("wrong chain solution") }
  }
  return (best, pivots)
}

print("""

Chain x[i+1] - x[i] >= 10 (required) + preferences x[i] == 12*i (@250): the same
constraints added one by one and inside one beginBatch/endBatch; ms, best of \(quick ? 1 : 3)
constraints  order          one-by-one      batch  batch/one  pivots one/batch
""")
let chainSizes = intListOption("--chain-vars") ?? (quick ? [1_000, 5_000] : [1_000, 5_000, 10_000])
for m in chainSizes {
  // Chain first is cubic one by one too (every link's row holds every earlier slack
  // until the preferences arrive): shown at the smallest size only.
  for order in ChainOrder.allCases where order != .chainFirst || m <= 1_000 {
    let a = chainCase(m, order, batch: false, reps: quick ? 1 : 3)
    let b = chainCase(m, order, batch: true, reps: quick ? 1 : 3)
    let label = order.rawValue + String(repeating: " ", count: max(0, 12 - order.rawValue.count))
    print("\(fmt(Double(2 * m - 1), 11, 0))  \(label)\(fmt(a.ms, 13, 3))\(fmt(b.ms, 11, 3))\(fmt(b.ms / a.ms, 11))  \(a.pivots)/\(b.pivots)")
  }
}
