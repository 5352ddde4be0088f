// brace-layout-bench — the Auto Layout benchmark, through the C ABI only (brace_* calls,
// as a C program would make them). Prints µs per operation and how it scales with N.
//
//   swift build -c release --scratch-path .build-layoutbench
//   .build-layoutbench/release/brace-layout-bench [--quick]     (options: see the end)
//
// (Build the whole package, or at least the products brace-layout-bench, brace_simplex and
// brace_autoresizing: the core is linked statically into this program and finds the two
// plugins next to the executable. BRACE_PLUGIN_PATH adds directories if they live elsewhere.)
//
// Workloads, at N ≈ 100, 1,000, 3,000 and 10,000 constraints:
//   1. A window of rows laid out with typical constraints (label + field per row, rows
//      stacked): build, first cycle, then a live resize (1,000 window sizes, each
//      suggested through two edits at 510 and followed by an update cycle).
//   2. One constraint's constant toggled 8 <-> 16 in that window, an update cycle after
//      each: must stay flat as N grows. A separate untimed run counts, with a trace
//      callback, the nodes laid out per change.
//   3. The classic Cassowary benchmark on free variables and linear constraints (the
//      same seeded system as brace-simplex-bench, so the figures compare one to one):
//      µs per add (activate), per edit re-solve, per remove.
//   4. A chain x[i+1] - x[i] >= 10 (required) with preferences x[i] == 12*i (@250) on free
//      variables, ~10,000 constraints: activated one by one against one
//      brace_constraints_activate of all of them (a batch must not cost more).
// Every figure is a median over repeated runs; clock_gettime(CLOCK_MONOTONIC).

import Brace
import BraceBenchKit
import CBrace

// MARK: - Timing and output

@inline(__always)
func check(_ status: brace_status, _ what: @autoclosure () -> String, _ ctx: OpaquePointer?) {
  if status != BRACE_OK { die("\(what()) failed: \(String(cString: brace_status_name(status))): \(String(cString: brace_last_error(ctx)))") }
}

func fixed(_ v: Double, _ decimals: Int) -> String {
  if !v.isFinite { return "-" }
  var scale = 1.0
  for _ in 0..<decimals { scale *= 10 }
  let r = (v * scale).rounded() / scale
  if decimals == 0 { return String(Int64(r)) }
  var s = "\(r)"
  if s.contains("e") { return s }
  if let dot = s.firstIndex(of: ".") {
    let have = s.distance(from: dot, to: s.endIndex) - 1
    if have < decimals { s += String(repeating: "0", count: decimals - have) }
  }
  return s
}

/// A time in µs from ns, with 3 significant-ish digits.
func us(_ ns: Double) -> String {
  let u = ns / 1000
  return u >= 1000 ? fixed(u, 0) : u >= 100 ? fixed(u, 1) : u >= 10 ? fixed(u, 2) : fixed(u, 3)
}

func pad(_ s: String, _ width: Int) -> String {
  s.count >= width ? s : String(repeating: " ", count: width - s.count) + s
}

func table(_ columns: [(String, Int)]) {
  print(columns.map { pad($0.0, $0.1) }.joined(separator: " "))
  print(columns.map { String(repeating: "-", count: $0.1) }.joined(separator: " "))
}

func row(_ cells: [String], _ columns: [(String, Int)]) {
  print(zip(cells, columns).map { pad($0.0, $0.1.1) }.joined(separator: " "))
  flushOutput()
}

func grouped(_ n: Int) -> String {
  let s = String(n)
  var out = ""
  for (k, ch) in s.enumerated() {
    if k > 0 && (s.count - k) % 3 == 0 { out.append(",") }
    out.append(ch)
  }
  return out
}

// MARK: - Contexts, diagnostics and the trace

/// What the diagnostics and trace callbacks saw (reached through user_data).
final class Counters {
  var unsatisfiable = 0
  var otherDiagnostics = 0
  var layout = 0
  var update = 0
  var draw = 0
  func resetTrace() { layout = 0; update = 0; draw = 0 }
}

func makeContext(_ counters: Counters) -> OpaquePointer {
  var ctx: OpaquePointer?
  check(brace_context_create(nil, &ctx), "brace_context_create (are libbrace_simplex.so and libbrace_autoresizing.so next to the executable, or in BRACE_PLUGIN_PATH?)", nil)
  guard let ctx else { die("brace_context_create gave no context") }
  let ud = Unmanaged.passUnretained(counters).toOpaque()
  check(brace_context_set_diagnostic_callback(ctx, { _, d, ud in
    guard let d, let ud else { return }
    let c = Unmanaged<Counters>.fromOpaque(ud).takeUnretainedValue()
    if d.pointee.kind == BRACE_DIAGNOSTIC_UNSATISFIABLE { c.unsatisfiable += 1 } else { c.otherDiagnostics += 1 }
  }, ud), "brace_context_set_diagnostic_callback", ctx)
  return ctx
}

func setTrace(_ ctx: OpaquePointer, _ counters: Counters?) {
  guard let counters else {
    check(brace_context_set_trace_callback(ctx, nil, nil), "brace_context_set_trace_callback", ctx)
    return
  }
  let ud = Unmanaged.passUnretained(counters).toOpaque()
  check(brace_context_set_trace_callback(ctx, { _, e, ud in
    guard let e, let ud else { return }
    let c = Unmanaged<Counters>.fromOpaque(ud).takeUnretainedValue()
    switch e.pointee.kind {
    case BRACE_TRACE_LAYOUT: c.layout += 1
    case BRACE_TRACE_UPDATE_CONSTRAINTS: c.update += 1
    case BRACE_TRACE_DRAW: c.draw += 1
    default: break
    }
  }, ud), "brace_context_set_trace_callback", ctx)
}

@inline(__always)
func cycle(_ ctx: OpaquePointer) {
  check(brace_context_run_update_cycle(ctx), "brace_context_run_update_cycle", ctx)
}

func frame(_ ctx: OpaquePointer, _ n: brace_node) -> brace_rect {
  var r = brace_rect()
  check(brace_node_get_frame(ctx, n, &r), "brace_node_get_frame", ctx)
  return r
}

// MARK: - Workloads 1 and 2: a window of rows

/// User constraints per row (12 typical ones + the row's own height hugging) and the
/// generated intrinsic-size constraints of its label and field (2 per axis each).
let userPerRow = 13
/// --pinned-rows: rows placed at fixed offsets from the window's top instead of stacked
/// one under the other (a diagnostic: it shows what the chain costs).
let pinnedRows = CommandLine.arguments.contains("--pinned-rows")
/// --chain-last: the rows' stacking constraints activated after a constraints pass has
/// generated the intrinsic-size constraints (a diagnostic: the order of operations).
let chainLast = CommandLine.arguments.contains("--chain-last")
let generatedPerRow = 8
let perRow = userPerRow + generatedPerRow

struct Window {
  var root: brace_node = 0
  var rows: [brace_node] = []
  var labels: [brace_node] = []
  var fields: [brace_node] = []
  /// field.leading == label.trailing + 8, per row.
  var gaps: [brace_constraint] = []
  var userConstraints = 0
  var views: Int { 1 + 3 * rows.count }
}

func newNode(_ ctx: OpaquePointer, under parent: brace_node?) -> brace_node {
  var n: brace_node = 0
  check(brace_node_create(ctx, &n), "brace_node_create", ctx)
  check(brace_node_set_translates_autoresizing_mask(ctx, n, false), "brace_node_set_translates_autoresizing_mask", ctx)
  if let parent { check(brace_node_add_subview(ctx, parent, n), "brace_node_add_subview", ctx) }
  return n
}

/// Builds the window (nodes, constraints activated in batches, the two edits with the
/// initial 1024x768 suggestion). Nothing is laid out yet: that is the first cycle.
func buildWindow(_ ctx: OpaquePointer, rows count: Int, batch: Int = 256) -> Window {
  var w = Window()
  w.root = newNode(ctx, under: nil)
  var pendingBatch: [brace_constraint] = []
  pendingBatch.reserveCapacity(batch)
  func flush() {
    guard !pendingBatch.isEmpty else { return }
    check(pendingBatch.withUnsafeBufferPointer { brace_constraints_activate(ctx, $0.baseAddress, $0.count) },
          "brace_constraints_activate", ctx)
    pendingBatch.removeAll(keepingCapacity: true)
  }
  @discardableResult
  func add(_ a: brace_node, _ aa: brace_attribute, _ rel: brace_relation, _ b: brace_node, _ ba: brace_attribute,
           _ constant: Double = 0, priority: brace_priority = BRACE_PRIORITY_REQUIRED) -> brace_constraint {
    var c: brace_constraint = 0
    check(brace_constraint_create(ctx, a, aa, rel, b, ba, 1, constant, &c), "brace_constraint_create", ctx)
    if priority != BRACE_PRIORITY_REQUIRED { check(brace_constraint_set_priority(ctx, c, priority), "brace_constraint_set_priority", ctx) }
    pendingBatch.append(c)
    w.userConstraints += 1
    if pendingBatch.count >= batch { flush() }
    return c
  }
  let eq = BRACE_RELATION_EQUAL, ge = BRACE_RELATION_GREATER_EQUAL
  var chain: [brace_constraint] = []
  for i in 0..<count {
    let row = newNode(ctx, under: w.root)
    let label = newNode(ctx, under: row)
    check(brace_node_set_intrinsic_content_size(ctx, label, brace_size(width: 80, height: 20)), "set_intrinsic_content_size", ctx)
    check(brace_node_set_content_hugging_priority(ctx, label, BRACE_AXIS_HORIZONTAL, 251), "set_content_hugging_priority", ctx)
    check(brace_node_set_content_hugging_priority(ctx, label, BRACE_AXIS_VERTICAL, 251), "set_content_hugging_priority", ctx)
    let field = newNode(ctx, under: row)
    check(brace_node_set_intrinsic_content_size(ctx, field, brace_size(width: 120, height: 24)), "set_intrinsic_content_size", ctx)
    check(brace_node_set_content_hugging_priority(ctx, field, BRACE_AXIS_HORIZONTAL, 250), "set_content_hugging_priority", ctx)
    check(brace_node_set_compression_resistance_priority(ctx, field, BRACE_AXIS_HORIZONTAL, 750), "set_compression_resistance_priority", ctx)
    w.rows.append(row)
    w.labels.append(label)
    w.fields.append(field)

    // Horizontal: label | 8 | field, between the row's margins.
    add(label, BRACE_ATTR_LEADING, eq, row, BRACE_ATTR_LEADING_MARGIN)
    w.gaps.append(add(field, BRACE_ATTR_LEADING, eq, label, BRACE_ATTR_TRAILING, 8))
    add(field, BRACE_ATTR_TRAILING, eq, row, BRACE_ATTR_TRAILING_MARGIN)
    // Vertical: both centered; the row at least as tall as each child plus its margins.
    add(label, BRACE_ATTR_CENTER_Y, eq, row, BRACE_ATTR_CENTER_Y)
    add(field, BRACE_ATTR_CENTER_Y, eq, row, BRACE_ATTR_CENTER_Y)
    add(label, BRACE_ATTR_TOP, ge, row, BRACE_ATTR_TOP_MARGIN)
    add(row, BRACE_ATTR_BOTTOM_MARGIN, ge, label, BRACE_ATTR_BOTTOM)
    add(field, BRACE_ATTR_TOP, ge, row, BRACE_ATTR_TOP_MARGIN)
    add(row, BRACE_ATTR_BOTTOM_MARGIN, ge, field, BRACE_ATTR_BOTTOM)
    // ...and no taller than that (a weak height, below the children's compression
    // resistance, as a container's hugging would be): otherwise the height is ambiguous.
    add(row, BRACE_ATTR_HEIGHT, eq, 0, BRACE_ATTR_NONE, 0, priority: 200)
    // Rows stacked, spanning the window's margins.
    if i == 0 {
      add(row, BRACE_ATTR_TOP, eq, w.root, BRACE_ATTR_TOP_MARGIN)
    } else if chainLast {
      // Diagnostic variant: the chain is activated after the constraints pass (below).
      var c: brace_constraint = 0
      check(brace_constraint_create(ctx, row, BRACE_ATTR_TOP, eq, w.rows[i - 1], BRACE_ATTR_BOTTOM, 1, 8, &c), "brace_constraint_create", ctx)
      chain.append(c)
      w.userConstraints += 1
    } else if pinnedRows {
      // Diagnostic variant: each row pinned to the window (no chain between rows).
      add(row, BRACE_ATTR_TOP, eq, w.root, BRACE_ATTR_TOP_MARGIN, 48 * Double(i))
    } else {
      add(row, BRACE_ATTR_TOP, eq, w.rows[i - 1], BRACE_ATTR_BOTTOM, 8)
    }
    add(row, BRACE_ATTR_LEADING, eq, w.root, BRACE_ATTR_LEADING_MARGIN)
    add(row, BRACE_ATTR_TRAILING, eq, w.root, BRACE_ATTR_TRAILING_MARGIN)
  }
  flush()
  if chainLast {
    check(brace_context_run_phase(ctx, BRACE_PHASE_CONSTRAINTS), "brace_context_run_phase", ctx)
    check(chain.withUnsafeBufferPointer { brace_constraints_activate(ctx, $0.baseAddress, $0.count) }, "brace_constraints_activate", ctx)
  }
  check(brace_context_add_edit(ctx, w.root, BRACE_ATTR_WIDTH, BRACE_PRIORITY_DRAG_THAT_CAN_RESIZE_SCENE), "brace_context_add_edit", ctx)
  check(brace_context_add_edit(ctx, w.root, BRACE_ATTR_HEIGHT, BRACE_PRIORITY_DRAG_THAT_CAN_RESIZE_SCENE), "brace_context_add_edit", ctx)
  check(brace_context_suggest_value(ctx, w.root, BRACE_ATTR_WIDTH, 1024), "brace_context_suggest_value", ctx)
  check(brace_context_suggest_value(ctx, w.root, BRACE_ATTR_HEIGHT, 768), "brace_context_suggest_value", ctx)
  return w
}

/// The frames the constraints imply for a window `width` wide (margins 8 everywhere,
/// rows 40 tall: field 24 + 2 * 8).
func verify(_ ctx: OpaquePointer, _ w: Window, width: Double, height: Double, gap: Double = 8, gapRow: Int = -1) {
  func same(_ a: brace_rect, _ b: brace_rect) -> Bool {
    abs(a.x - b.x) < 1e-6 && abs(a.y - b.y) < 1e-6 && abs(a.width - b.width) < 1e-6 && abs(a.height - b.height) < 1e-6
  }
  func expect(_ what: String, _ got: brace_rect, _ want: brace_rect) {
    if !same(got, want) { die("wrong layout: \(what) is \(got), expected \(want)") }
  }
  let win = frame(ctx, w.root)
  if abs(win.width - width) > 1e-6 || abs(win.height - height) > 1e-6 {
    die("wrong layout: the window is \(win.width)x\(win.height), expected \(width)x\(height)")
  }
  for i in [0, w.rows.count / 2, w.rows.count - 1] {
    let g = i == gapRow ? gap : 8
    expect("row \(i)", frame(ctx, w.rows[i]), brace_rect(x: 8, y: 8 + Double(i) * 48, width: width - 16, height: 40))
    expect("label \(i)", frame(ctx, w.labels[i]), brace_rect(x: 8, y: 10, width: 80, height: 20))
    expect("field \(i)", frame(ctx, w.fields[i]), brace_rect(x: 88 + g, y: 8, width: width - 16 - 8 - 88 - g, height: 24))
  }
}

/// Window widths of the live resize: a triangle wave 800...1200 in steps of 4 points.
func resizeWidth(_ k: Int) -> Double {
  let phase = (k + 1) % 200
  return 800 + 4 * Double(phase <= 100 ? phase : 200 - phase)
}

/// The medians (ns) of a loop of edits, each followed by an update cycle: the edit, the
/// cycle, the step (both), and the mean step of a repetition.
struct EditCycleFigures {
  var edit = 0.0, cycle = 0.0, step = 0.0, mean = 0.0
}

/// The samples (ns) of such loops, over the repetitions.
struct EditCycleSamples {
  var edits: [Double] = [], cycles: [Double] = [], steps: [Double] = [], means: [Double] = []

  init(capacity: Int) {
    edits.reserveCapacity(capacity)
    cycles.reserveCapacity(capacity)
    steps.reserveCapacity(capacity)
  }

  /// Times `count` rounds of `edit(k)` then an update cycle of `ctx`.
  @inline(__always)
  mutating func time(_ ctx: OpaquePointer, _ count: Int, _ edit: (Int) -> Void) {
    var total: UInt64 = 0
    for k in 0..<count {
      let t0 = now()
      edit(k)
      let t1 = now()
      cycle(ctx)
      let t2 = now()
      edits.append(Double(t1 - t0))
      cycles.append(Double(t2 - t1))
      steps.append(Double(t2 - t0))
      total += t2 - t0
    }
    means.append(Double(total) / Double(count))
  }

  var medians: EditCycleFigures {
    EditCycleFigures(edit: median(edits), cycle: median(cycles), step: median(steps), mean: median(means))
  }
}

struct WindowResult {
  var target = 0, rows = 0, views = 0, constraints = 0
  var build = 0.0, firstCycle = 0.0, noop = 0.0
  /// Live resize (the edit: two suggestions) and a constant toggled (the edit: set_constant).
  var resize = EditCycleFigures(), change = EditCycleFigures()
  var layoutsPerResize = 0.0, layoutsPerChange = 0.0, updatesPerChange = 0.0, drawsPerChange = 0.0
}

func measureWindow(target: Int, reps: Int, steps: Int, changes: Int) -> WindowResult {
  let rows = max(1, Int((Double(target) / Double(perRow)).rounded()))
  var r = WindowResult()
  r.target = target
  r.rows = rows
  var builds: [Double] = [], firsts: [Double] = []
  var resize = EditCycleSamples(capacity: reps * steps), change = EditCycleSamples(capacity: reps * changes)
  var noops: [Double] = []

  for rep in 0..<reps {
    let counters = Counters()
    let ctx = makeContext(counters)
    var t0 = now()
    let w = buildWindow(ctx, rows: rows)
    builds.append(Double(now() - t0))
    t0 = now()
    cycle(ctx)
    firsts.append(Double(now() - t0))
    verify(ctx, w, width: 1024, height: 768)
    r.views = w.views
    r.constraints = w.userConstraints + generatedPerRow * rows

    // Live resize.
    resize.time(ctx, steps) { k in
      check(brace_context_suggest_value(ctx, w.root, BRACE_ATTR_WIDTH, resizeWidth(k)), "brace_context_suggest_value", ctx)
      check(brace_context_suggest_value(ctx, w.root, BRACE_ATTR_HEIGHT, 768), "brace_context_suggest_value", ctx)
    }
    verify(ctx, w, width: resizeWidth(steps - 1), height: 768)

    // A no-op cycle, for reference.
    for _ in 0..<99 {
      let t0 = now()
      cycle(ctx)
      noops.append(Double(now() - t0))
    }

    // One constant toggled in the middle row.
    let mid = rows / 2
    let gap = w.gaps[mid]
    change.time(ctx, changes) { k in
      check(brace_constraint_set_constant(ctx, gap, k % 2 == 0 ? 16 : 8), "brace_constraint_set_constant", ctx)
    }
    verify(ctx, w, width: resizeWidth(steps - 1), height: 768, gap: changes % 2 == 0 ? 8 : 16, gapRow: mid)

    // Untimed, once: what one resize step and one change lay out (trace callback).
    if rep == 0 {
      setTrace(ctx, counters)
      let probes = 20
      counters.resetTrace()
      for k in 0..<probes {
        check(brace_context_suggest_value(ctx, w.root, BRACE_ATTR_WIDTH, resizeWidth(k)), "brace_context_suggest_value", ctx)
        cycle(ctx)
      }
      r.layoutsPerResize = Double(counters.layout) / Double(probes)
      counters.resetTrace()
      for k in 0..<probes {
        check(brace_constraint_set_constant(ctx, gap, k % 2 == 0 ? 12 : 8), "brace_constraint_set_constant", ctx)
        cycle(ctx)
      }
      r.layoutsPerChange = Double(counters.layout) / Double(probes)
      r.updatesPerChange = Double(counters.update) / Double(probes)
      r.drawsPerChange = Double(counters.draw) / Double(probes)
      setTrace(ctx, nil)
    }

    if counters.unsatisfiable != 0 { die("the window at N=\(target) reported \(counters.unsatisfiable) unsatisfiable constraint(s)") }
    check(brace_context_destroy(ctx), "brace_context_destroy", nil)
  }
  r.build = median(builds)
  r.firstCycle = median(firsts)
  r.noop = median(noops)
  r.resize = resize.medians
  r.change = change.medians
  return r
}

// MARK: - Workload 3: the classic Cassowary benchmark through the C ABI

struct LinearSpec {
  var terms: [(variable: Int, coefficient: Double)]
  var relation: brace_relation
  var constant: Double
}

/// The system of brace-simplex-bench (RandomSystem, the same seed), in the C ABI's form
/// sum(terms) REL constant.
func makeSystem(_ n: Int, seed: UInt64) -> (starts: [Double], specs: [LinearSpec]) {
  let system = RandomSystem(n, seed: seed)
  return (system.starts, system.constraints.map {
    LinearSpec(terms: $0.terms, relation: $0.isEquality ? BRACE_RELATION_EQUAL : BRACE_RELATION_GREATER_EQUAL, constant: $0.constant)
  })
}

struct CassowaryResult {
  var n = 0
  var stayAdd = 0.0, create = 0.0, add = 0.0, edit = 0.0, remove = 0.0, stayRemove = 0.0, variableDestroy = 0.0
  var broken = 0
}

let stayPriority: brace_priority = 10

func measureCassowary(_ n: Int, reps: Int, edits: Int) -> CassowaryResult {
  var r = CassowaryResult()
  r.n = n
  var stayAdds: [Double] = [], creates: [Double] = [], adds: [Double] = [], editsNs: [Double] = []
  var removes: [Double] = [], stayRemoves: [Double] = [], varDestroys: [Double] = []
  let (starts, specs) = makeSystem(n, seed: 0xCA55_0A12 &+ UInt64(n))
  var sink = 0.0
  for _ in 0..<reps {
    let counters = Counters()
    let ctx = makeContext(counters)
    var vars = [brace_variable](repeating: 0, count: n)
    for i in 0..<n { check(brace_variable_create(ctx, &vars[i]), "brace_variable_create", ctx) }

    // Weak stays, one activation each.
    var stays = [brace_constraint](repeating: 0, count: n)
    var t0 = now()
    for i in 0..<n {
      var t = brace_term(item: vars[i], attribute: BRACE_ATTR_NONE, coefficient: 1)
      check(brace_constraint_create_linear(ctx, &t, 1, BRACE_RELATION_EQUAL, starts[i], &stays[i]), "brace_constraint_create_linear", ctx)
      check(brace_constraint_set_priority(ctx, stays[i], stayPriority), "brace_constraint_set_priority", ctx)
      check(brace_constraint_activate(ctx, stays[i]), "brace_constraint_activate", ctx)
    }
    stayAdds.append(Double(now() - t0) / Double(n))

    // The required constraints: created (timed apart), then activated one at a time,
    // each activation a full solver update (as kiwi's addConstraint).
    var handles = [brace_constraint](repeating: 0, count: n)
    var terms: [brace_term] = []
    terms.reserveCapacity(3)
    t0 = now()
    for (k, s) in specs.enumerated() {
      terms.removeAll(keepingCapacity: true)
      for (v, a) in s.terms { terms.append(brace_term(item: vars[v], attribute: BRACE_ATTR_NONE, coefficient: a)) }
      check(terms.withUnsafeBufferPointer { brace_constraint_create_linear(ctx, $0.baseAddress, $0.count, s.relation, s.constant, &handles[k]) },
            "brace_constraint_create_linear", ctx)
    }
    creates.append(Double(now() - t0) / Double(n))
    t0 = now()
    for h in handles { check(brace_constraint_activate(ctx, h), "brace_constraint_activate", ctx) }
    adds.append(Double(now() - t0) / Double(n))
    var brokenCount = 0
    check(brace_context_get_broken_constraints(ctx, nil, 0, &brokenCount), "brace_context_get_broken_constraints", ctx)
    r.broken = brokenCount

    // Two edits at 999, suggested value*1.001+0.001, both read back after each pair.
    let e1 = vars[0], e2 = vars[n > 1 ? 1 : 0]
    check(brace_context_add_edit(ctx, e1, BRACE_ATTR_NONE, 999), "brace_context_add_edit", ctx)
    if e2 != e1 { check(brace_context_add_edit(ctx, e2, BRACE_ATTR_NONE, 999), "brace_context_add_edit", ctx) }
    var v1 = 0.0, v2 = 0.0
    check(brace_variable_get_value(ctx, e1, &v1), "brace_variable_get_value", ctx)
    check(brace_variable_get_value(ctx, e2, &v2), "brace_variable_get_value", ctx)
    t0 = now()
    for _ in 0..<edits {
      v1 = v1 * 1.001 + 0.001
      v2 = v2 * 1.001 + 0.001
      check(brace_context_suggest_value(ctx, e1, BRACE_ATTR_NONE, v1), "brace_context_suggest_value", ctx)
      if e2 != e1 { check(brace_context_suggest_value(ctx, e2, BRACE_ATTR_NONE, v2), "brace_context_suggest_value", ctx) }
      var a = 0.0, b = 0.0
      check(brace_variable_get_value(ctx, e1, &a), "brace_variable_get_value", ctx)
      check(brace_variable_get_value(ctx, e2, &b), "brace_variable_get_value", ctx)
      sink += a + b
    }
    editsNs.append(Double(now() - t0) / Double(edits))
    check(brace_context_remove_edit(ctx, e1, BRACE_ATTR_NONE), "brace_context_remove_edit", ctx)
    if e2 != e1 { check(brace_context_remove_edit(ctx, e2, BRACE_ATTR_NONE), "brace_context_remove_edit", ctx) }

    // Every constraint destroyed: the required ones (as kiwi's removeConstraint), then
    // the stays; then the variables.
    t0 = now()
    for h in handles { check(brace_constraint_destroy(ctx, h), "brace_constraint_destroy", ctx) }
    removes.append(Double(now() - t0) / Double(n))
    t0 = now()
    for h in stays { check(brace_constraint_destroy(ctx, h), "brace_constraint_destroy", ctx) }
    stayRemoves.append(Double(now() - t0) / Double(n))
    t0 = now()
    for v in vars { check(brace_variable_destroy(ctx, v), "brace_variable_destroy", ctx) }
    varDestroys.append(Double(now() - t0) / Double(n))

    if counters.unsatisfiable != r.broken { die("Cassowary N=\(n): \(counters.unsatisfiable) unsatisfiable reports for \(r.broken) broken") }
    check(brace_context_destroy(ctx), "brace_context_destroy", nil)
  }
  if sink.isNaN { print("(nan)") }
  r.stayAdd = median(stayAdds)
  r.create = median(creates)
  r.add = median(adds)
  r.edit = median(editsNs)
  r.remove = median(removes)
  r.stayRemove = median(stayRemoves)
  r.variableDestroy = median(varDestroys)
  return r
}

// MARK: - Workload 4: a chain activated one by one and as one batch

/// A chain x[i+1] - x[i] >= 10 (required) with preferences x[i] == 12*i (@250) over `m`
/// free variables (2m - 1 constraints), created, then activated in the order link i,
/// preference i: one brace_constraint_activate each, or one brace_constraints_activate.
/// Returns the activation time in ns.
func measureChain(_ m: Int, batch: Bool) -> Double {
  let counters = Counters()
  let ctx = makeContext(counters)
  var vars = [brace_variable](repeating: 0, count: m)
  for i in 0..<m { check(brace_variable_create(ctx, &vars[i]), "brace_variable_create", ctx) }
  var list: [brace_constraint] = []
  list.reserveCapacity(2 * m)
  for i in 0..<m {
    if i + 1 < m {
      var terms = [brace_term(item: vars[i + 1], attribute: BRACE_ATTR_NONE, coefficient: 1),
                   brace_term(item: vars[i], attribute: BRACE_ATTR_NONE, coefficient: -1)]
      var c: brace_constraint = 0
      check(brace_constraint_create_linear(ctx, &terms, 2, BRACE_RELATION_GREATER_EQUAL, 10, &c), "brace_constraint_create_linear", ctx)
      list.append(c)
    }
    var t = brace_term(item: vars[i], attribute: BRACE_ATTR_NONE, coefficient: 1)
    var c: brace_constraint = 0
    check(brace_constraint_create_linear(ctx, &t, 1, BRACE_RELATION_EQUAL, 12 * Double(i), &c), "brace_constraint_create_linear", ctx)
    check(brace_constraint_set_priority(ctx, c, 250), "brace_constraint_set_priority", ctx)
    list.append(c)
  }
  let t0 = now()
  if batch {
    check(list.withUnsafeBufferPointer { brace_constraints_activate(ctx, $0.baseAddress, $0.count) }, "brace_constraints_activate", ctx)
  } else {
    for c in list { check(brace_constraint_activate(ctx, c), "brace_constraint_activate", ctx) }
  }
  let ns = Double(now() - t0)
  var last = 0.0
  check(brace_variable_get_value(ctx, vars[m - 1], &last), "brace_variable_get_value", ctx)
  if abs(last - 12 * Double(m - 1)) > 1e-6 { die("chain of \(m): x[last] is \(last), expected \(12 * (m - 1))") }
  if counters.unsatisfiable != 0 { die("chain of \(m): \(counters.unsatisfiable) unsatisfiable report(s)") }
  check(brace_context_destroy(ctx), "brace_context_destroy", nil)
  return ns
}

// MARK: - Main

// Options: --quick (fewer repetitions, no N=10,000 Cassowary); --sizes 3000,10000 (the
// N of every workload); --reps K; --steps K (resize steps and constant changes, default
// 1,000; or apart: --resize-steps K, --changes K); --window-only / --cassowary-only (one
// part, e.g. for profiling; --chain-only: workload 4; --chain N: its constraint count,
// default 10,000); --pinned-rows (rows pinned to the window's top instead of
// stacked) and --chain-last (the stacking constraints activated after a constraints
// pass): diagnostic variants of workload 1 (docs/performance.md).
let arguments = CommandLine.arguments
let quick = arguments.contains("--quick")
let sizesOption = intListOption("--sizes")
let chainOnly = arguments.contains("--chain-only")
let runWindow = !arguments.contains("--cassowary-only") && !chainOnly
let runCassowary = !arguments.contains("--window-only") && !chainOnly
let runChain = chainOnly || (runWindow && runCassowary)
let targets = sizesOption ?? [100, 1_000, 3_000, 10_000]
let stepsOption = intOption("--steps")
let steps = max(1, intOption("--resize-steps") ?? stepsOption ?? 1_000)
let changes = max(1, intOption("--changes") ?? stepsOption ?? 1_000)
let cassowarySizes = sizesOption ?? (quick ? [100, 300, 900, 1_000, 3_000] : [100, 300, 900, 1_000, 3_000, 10_000])
let edits = 10_000

let repsOption = intOption("--reps")

func windowReps(_ n: Int) -> Int { repsOption ?? (quick ? 2 : (n >= 10_000 ? 3 : n >= 3_000 ? 5 : 7)) }
func cassowaryReps(_ n: Int) -> Int { repsOption ?? (quick ? 1 : (n >= 3_000 ? 3 : 5)) }

print("brace-layout-bench — libbrace \(String(cString: brace_version_string())), C ABI only; medians of repeated runs; times in µs")
print("N = constraints (user + generated intrinsic-size ones); a row = 1 container + label + field, \(userPerRow) user + \(generatedPerRow) generated constraints\n")

if runWindow {
  print("1. Window of rows, live resize (\(steps) window sizes 800...1200 x 768 through two edits @510, each + brace_context_run_update_cycle)")
  let w1: [(String, Int)] = [
    ("N target", 8), ("constr.", 7), ("rows", 5), ("views", 6), ("build", 9), ("µs/constr", 9), ("1st cycle", 9),
    ("resize step", 11), ("(mean)", 8), ("suggest", 7), ("cycle", 9), ("ns/view", 7), ("layouts/step", 12),
  ]
  table(w1)
  var windowResults: [WindowResult] = []
  for t in targets {
    let r = measureWindow(target: t, reps: windowReps(t), steps: steps, changes: changes)
    windowResults.append(r)
    row([
      grouped(r.target), grouped(r.constraints), "\(r.rows)", grouped(r.views), us(r.build), us(r.build / Double(r.constraints)),
      us(r.firstCycle), us(r.resize.step), us(r.resize.mean), us(r.resize.edit), us(r.resize.cycle),
      fixed(r.resize.step / Double(r.views), 0), fixed(r.layoutsPerResize, 1),
    ], w1)
}

print("\n2. One constant toggled 8 <-> 16 (field.leading == label.trailing + c in the middle row), each + update cycle; \(changes) changes")
let w2: [(String, Int)] = [
  ("N", 7), ("views", 6), ("change+cycle", 12), ("(mean)", 8), ("set_constant", 12), ("cycle", 8), ("no-op cycle", 11),
  ("LAYOUT nodes/change", 19), ("UPDATE/change", 13), ("DRAW/change", 11),
]
table(w2)
for r in windowResults {
  row([
    grouped(r.constraints), grouped(r.views), us(r.change.step), us(r.change.mean), us(r.change.edit), us(r.change.cycle), us(r.noop),
    fixed(r.layoutsPerChange, 1), fixed(r.updatesPerChange, 1), fixed(r.drawsPerChange, 1),
  ], w2)
}

if let a = windowResults.first, let b = windowResults.last, a.constraints != b.constraints {
  print("\nscaling, smallest -> largest window (x\(fixed(Double(b.constraints) / Double(a.constraints), 0)) constraints):")
  func ratio(_ x: Double, _ y: Double) -> String { "x" + fixed(y / x, 1) }
  print("  build \(ratio(a.build, b.build)), first cycle \(ratio(a.firstCycle, b.firstCycle)), resize step \(ratio(a.resize.step, b.resize.step)), "
      + "constant change \(ratio(a.change.step, b.change.step)), no-op cycle \(ratio(a.noop, b.noop))")
}

}

if runCassowary {
  print("\n3. Classic Cassowary benchmark on free variables (same seeded system as brace-simplex-bench): stays @\(Int(stayPriority)), \(edits) edit pairs @999")
  let w3: [(String, Int)] = [
    ("N", 7), ("stay add", 8), ("create", 7), ("add", 7), ("re-solve", 8), ("remove", 7), ("stay rm", 7), ("var destroy", 11),
    ("broken", 6), ("kiwi add / re-solve / remove", 28),
  ]
  table(w3)
  for n in cassowarySizes {
    let r = measureCassowary(n, reps: cassowaryReps(n), edits: edits)
    let kiwi = n == 300 ? "31 / 2.2 / 13" : n == 900 ? "42-56 / 7.0-8.2 / 23-25" : ""
    row([
      grouped(n), us(r.stayAdd), us(r.create), us(r.add), us(r.edit), us(r.remove), us(r.stayRemove), us(r.variableDestroy),
      "\(r.broken)", kiwi,
    ], w3)
}
print("\nadd = brace_constraint_activate of one required constraint (one solver update each); re-solve = 2 brace_context_suggest_value")
print("+ 2 brace_variable_get_value; remove = brace_constraint_destroy of one required constraint; create = brace_constraint_create_linear.")
}

if runChain {
  let m = max(2, ((intOption("--chain") ?? 10_000) + 1) / 2)
  let reps = repsOption ?? (quick ? 1 : 3)
  print("\n4. Chain x[i+1] - x[i] >= 10 (required) + preferences x[i] == 12*i (@250) on free variables, activated")
  print("one by one (brace_constraint_activate each) vs one brace_constraints_activate; medians of \(reps), ms")
  let w4: [(String, Int)] = [("constraints", 11), ("one by one", 10), ("batch", 10), ("batch/one", 9)]
  table(w4)
  var ones: [Double] = [], batches: [Double] = []
  for _ in 0..<reps {
    ones.append(measureChain(m, batch: false))
    batches.append(measureChain(m, batch: true))
  }
  let one = median(ones), all = median(batches)
  row([grouped(2 * m - 1), fixed(one / 1e6, 2), fixed(all / 1e6, 2), fixed(all / one, 2)], w4)
}
