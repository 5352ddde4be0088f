// A deterministic randomized "API fuzz" of the C ABI: seeded random sequences of valid and
// invalid calls on one context — nodes, the tree, geometry, constraints, edits, the update
// cycle, strategies — with callbacks that call back into the context. After every step the
// engine's public state is checked for consistency. The rule under test: no input from C
// traps the process, every misuse answers a declared status (with a message) and leaves the
// engine consistent.
//
// Environment knobs, for chasing a failure by hand (none is needed to run the suite):
//   FUZZ_SEED=n      run only seed n (of the seeds below)
//   FUZZ_STEPS=n     steps per seed (default 400)
//   FUZZ_VERBOSE=1   print every call to stderr as it is made (finds the call that traps)
//   FUZZ_SKIP=a,b-c  leave those steps out (each step has its own random stream)
//   FUZZ_OFFSET=k    add k to every seed, to explore beyond the fixed ones
//   FUZZ_STATS=1     print per seed how many calls were made
import BraceBenchKit
import CBrace
import Testing

#if canImport(Glibc)
  import Glibc
#endif

// MARK: - The driver

private let declaredStatuses: ClosedRange<UInt32> = 0...16

private func env(_ name: String) -> String? {
  guard let p = getenv(name) else { return nil }
  return String(cString: p)
}

/// Writes to stderr unbuffered (the next call may trap).
private func errPrint(_ s: String) {
  s.withCString { p in _ = write(2, p, strlen(p)) }
}

/// What a running callback is, for the re-entrancy expectations.
private enum CallbackKind: String {
  case updateConstraints = "update_constraints"
  case willLayout = "will_layout_subviews"
  case layout = "layout_subviews"
  case didLayout = "did_layout_subviews"
  case draw
  case intrinsic = "intrinsic_content_size"
  case diagnostics
}

final class APIFuzzer {
  let seed: UInt64
  let ctx: OpaquePointer
  let other: OpaquePointer
  var rng: SplitMix64
  let verbose: Bool

  // What the driver believes is alive (reconciled with brace_node_is_alive and
  // brace_constraint_is_active after every step: callbacks destroy things too).
  var nodes: [brace_node] = []
  var guides: [brace_node] = []
  var guideOwner: [brace_node: brace_node] = [:]
  var staleNodes: [UInt64] = []
  var constraints: [brace_constraint] = []
  var staleConstraints: [UInt64] = []
  var variables: [brace_variable] = []
  var staleVariables: [UInt64] = []
  var foreignNode: brace_node = 0
  var foreignConstraint: brace_constraint = 0
  var names: [UInt64: String] = [:]
  var nodeCounter = 0, constraintCounter = 0, variableCounter = 0, guideCounter = 0

  // Re-entrancy bookkeeping.
  fileprivate var callbackStack: [(CallbackKind, brace_node)] = []
  var budget = 0
  var callbackEvents = 0
  var diagnosticsSeen = 0
  var phaseStack: [UInt32] = []
  var mutatedDuringDisplay = false
  var topLevel: Bool { callbackStack.isEmpty }

  // Results.
  var step = 0
  var operations = 0
  var failures: [String] = []
  var log: [String] = []  // the last calls, for failure reports
  private let logLimit = 60

  init(seed: UInt64, verbose: Bool) throws {
    self.seed = seed
    self.rng = SplitMix64(seed: seed)
    self.verbose = verbose
    var o = brace_context_options()
    brace_context_options_init(&o)
    o.feedback_loop_threshold = 50
    var c: OpaquePointer?
    guard brace_context_create(&o, &c) == BRACE_OK, let c else { throw SetupError(description: lastError(nil)) }
    ctx = c
    var c2: OpaquePointer?
    guard brace_context_create(nil, &c2) == BRACE_OK, let c2 else { throw SetupError(description: lastError(nil)) }
    other = c2
    var f: brace_node = 0
    _ = brace_node_create(other, &f)
    foreignNode = f
    var g: brace_node = 0
    _ = brace_node_create(other, &g)
    _ = brace_node_add_subview(other, f, g)
    var fc: brace_constraint = 0
    _ = brace_constraint_create(other, g, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 1, 10, &fc)
    foreignConstraint = fc
    names[foreignNode] = "foreignNode"
    names[foreignConstraint] = "foreignConstraint"
    let me = Unmanaged.passUnretained(self).toOpaque()
    _ = brace_context_set_trace_callback(ctx, fuzzTrace, me)
    _ = brace_context_set_diagnostic_callback(ctx, fuzzDiagnostic, me)
  }

  deinit {
    _ = brace_context_destroy(ctx)
    _ = brace_context_destroy(other)
  }

  // MARK: Reporting

  func name(_ h: UInt64) -> String {
    if h == 0 { return "0" }
    if let n = names[h] { return n }
    return "0x" + String(h, radix: 16)
  }

  func note(_ line: String) {
    operations += 1
    // Calls made while a pass runs (from its callbacks), for the pending-work check.
    if phaseStack.contains(BRACE_PHASE_DISPLAY.rawValue) || callbackStack.contains(where: { $0.0 == .draw }) {
      mutatedDuringDisplay = true
    }
    let indent = String(repeating: "  ", count: callbackStack.count)
    let entry = indent + line
    if verbose {
      errPrint("[seed \(seed) step \(step)] \(entry)\n")
    }
    log.append(entry)
    if log.count > logLimit { log.removeFirst(log.count - logLimit) }
  }

  func fail(_ what: String) {
    let report = "seed \(seed), step \(step): \(what)\n  last calls:\n    " + log.suffix(40).joined(separator: "\n    ")
    failures.append(report)
    if verbose { errPrint("FAILURE: \(report)\n") }
  }

  /// Makes a call and checks its status: declared, with a message on failure, not OK when
  /// `mustFail`, exactly `expect` when given. The call is logged before it runs (callbacks it
  /// triggers are logged nested under it) and its status after.
  @discardableResult
  func check(_ text: String, mustFail: Bool = false, expect: brace_status? = nil, _ call: () -> brace_status) -> brace_status {
    note(text)
    let mark = operations
    let s = call()
    let result = " -> \(statusName(s))"
    if operations == mark, !log.isEmpty {
      log[log.count - 1] += result
      if verbose { errPrint("    \(result)\n") }
    } else {
      operations -= 1  // the result line is not an operation
      note("\(result) (\(text.prefix(60)))")
    }
    if !declaredStatuses.contains(s.rawValue) { fail("\(text) returned an undeclared status \(s.rawValue)") }
    if s != BRACE_OK, lastError(ctx).isEmpty { fail("\(text) failed with \(statusName(s)) but brace_last_error is empty") }
    if mustFail, s == BRACE_OK { fail("\(text) accepted an invalid input (BRACE_OK)") }
    if let expect, s != expect { fail("\(text): expected \(statusName(expect)), got \(statusName(s)): \(lastError(ctx))") }
    return s
  }

  // MARK: Random values

  func double() -> Double {
    switch rng.int(20) {
    case 0: return .nan
    case 1: return .infinity
    case 2: return -.infinity
    case 3: return .greatestFiniteMagnitude
    case 4: return -.greatestFiniteMagnitude
    case 5: return -Double(rng.int(100)) - 0.5
    case 6: return 1e300
    case 7: return .leastNonzeroMagnitude
    case 8: return 0
    default: return Double(rng.int(400)) + (rng.chance(0.3) ? 0.25 : 0)
    }
  }

  /// Mostly sane geometry, sometimes wild.
  func geometryValue() -> Double { rng.chance(0.75) ? Double(rng.int(300)) : double() }

  func rectValue() -> brace_rect {
    brace_rect(x: geometryValue(), y: geometryValue(), width: geometryValue(), height: geometryValue())
  }

  func priority() -> Float {
    rng.pick([0, 1, 50, 250, 251, 500, 750, 999, 999.5, 1000, 1000, 1000, 1001, -1, .nan, .infinity, 2e9])
  }

  func attribute() -> brace_attribute {
    if rng.chance(0.85) { return brace_attribute(rawValue: UInt32(1 + rng.int(20))) }
    return brace_attribute(rawValue: rng.pick([0, 21, 22, 100, UInt32.max, 0x8000_0000]))
  }

  func relation() -> brace_relation {
    if rng.chance(0.9) { return brace_relation(rawValue: Int32(rng.int(3)) - 1) }
    return brace_relation(rawValue: rng.pick([2, -2, Int32.max, Int32.min]))
  }

  func index(count: Int) -> Int {
    switch rng.int(10) {
    case 0: return Int.max
    case 1: return Int(bitPattern: UInt.max)  // SIZE_MAX
    case 2: return Int(bitPattern: UInt(1) << 63)
    case 3: return count + 1
    case 4: return count
    case 5: return Int(Int32.max) + 1
    default: return count == 0 ? 0 : rng.int(count + 1)
    }
  }

  func identifierString() -> String? {
    rng.pick([nil, "", "a", "width-of-box", "ünïcödé ✓", String(repeating: "x", count: 300), "h=--&", "%s%n%x"])
  }

  // MARK: Random handles

  /// A node handle, and whether it is known to name a live node or guide of `ctx`.
  func nodeHandle(guides allowGuides: Bool = true) -> (brace_node, Bool) {
    let r = rng.int(100)
    if r < 70, !nodes.isEmpty { return (rng.pick(nodes), true) }
    if r < 80, allowGuides, !guides.isEmpty { return (rng.pick(guides), true) }
    if r < 85, !staleNodes.isEmpty { return (rng.pick(staleNodes), false) }
    switch r % 7 {
    case 0: return (0, false)
    case 1: return (foreignNode, false)
    case 2: if !constraints.isEmpty { return (rng.pick(constraints), false) }
    case 3: if !variables.isEmpty { return (rng.pick(variables), false) }
    case 4:
      // A live handle with a bit of its generation, slot or tag flipped: may name anything.
      if !nodes.isEmpty {
        let h = rng.pick(nodes) ^ (UInt64(1) << UInt64(rng.int(60)))
        return (h, brace_node_is_alive(ctx, h))
      }
    case 5:
      let h = rng.next()
      return (h, brace_node_is_alive(ctx, h))
    default:
      // Slot and generation at their maximum, kind node, tag of a live node.
      if let n = nodes.first {
        let h = (n & 0xFFFF_FFF0_0000_0000) | 0x0000_000F_FFFF_FFFF
        return (h, brace_node_is_alive(ctx, h))
      }
    }
    if !nodes.isEmpty { return (rng.pick(nodes), true) }
    return (0, false)
  }

  func liveNode() -> brace_node? { nodes.isEmpty ? nil : rng.pick(nodes) }

  /// A constraint handle, and whether it is known to name a live constraint.
  func constraintHandle() -> (brace_constraint, Bool) {
    let r = rng.int(100)
    if r < 80, !constraints.isEmpty { return (rng.pick(constraints), true) }
    if r < 88, !staleConstraints.isEmpty { return (rng.pick(staleConstraints), false) }
    switch r % 5 {
    case 0: return (0, false)
    case 1: return (foreignConstraint, false)
    case 2: if let n = liveNode() { return (n, false) }
    case 3:
      if !constraints.isEmpty {
        let h = rng.pick(constraints) ^ (UInt64(1) << UInt64(rng.int(60)))
        var b = false
        return (h, brace_constraint_is_active(ctx, h, &b) == BRACE_OK)
      }
    default: break
    }
    if !constraints.isEmpty { return (rng.pick(constraints), true) }
    return (0, false)
  }

  /// An item for a constraint term or an edit: a node, a guide or a free variable.
  func itemHandle() -> UInt64 {
    if rng.chance(0.15), !variables.isEmpty { return rng.pick(variables) }
    if rng.chance(0.05), !staleVariables.isEmpty { return rng.pick(staleVariables) }
    return nodeHandle().0
  }

  /// A node near `n` in the tree (its superview, a sibling, a subview), for constraints
  /// that can be activated.
  func relative(of n: brace_node) -> brace_node {
    var sup: brace_node = 0
    guard brace_node_get_superview(ctx, n, &sup) == BRACE_OK else { return nodeHandle().0 }
    var kids = subviews(of: sup == 0 ? n : sup)
    if sup != 0, rng.chance(0.5) { return sup }
    kids.removeAll { $0 == n }
    if !kids.isEmpty { return rng.pick(kids) }
    return sup != 0 ? sup : nodeHandle().0
  }

  func subviews(of n: brace_node) -> [brace_node] {
    var count = 0
    guard brace_node_get_subviews(ctx, n, nil, 0, &count) == BRACE_OK else { return [] }
    var buf = [brace_node](repeating: 0, count: count)
    var total = 0
    guard brace_node_get_subviews(ctx, n, &buf, count, &total) == BRACE_OK else { return [] }
    return Array(buf.prefix(min(count, total)))
  }

  func superview(of n: brace_node) -> brace_node? {
    var s: brace_node = 0
    return brace_node_get_superview(ctx, n, &s) == BRACE_OK ? s : nil
  }

  func indexInSuperview(_ n: brace_node) -> Int? {
    var i = 0
    return brace_node_get_index(ctx, n, &i) == BRACE_OK ? i : nil
  }

  func isActive(_ c: brace_constraint) -> Bool? {
    var b = false
    return brace_constraint_is_active(ctx, c, &b) == BRACE_OK ? b : nil
  }

  /// The node and its ancestors, and whether `n` is one of them.
  func isAncestorOrSelf(_ a: brace_node, of n: brace_node) -> Bool {
    var cur = n
    for _ in 0..<200 {
      if cur == a { return true }
      var s: brace_node = 0
      guard brace_node_get_superview(ctx, cur, &s) == BRACE_OK, s != 0 else { return false }
      cur = s
    }
    return false
  }

  // MARK: One random operation

  func randomOperation() {
    if !topLevel {
      if budget <= 0 { return }
      budget -= 1
    }
    let r = rng.int(100)
    switch r {
    case 0..<9: createNode()
    case 9..<13: destroyNode()
    case 13..<20: addOrInsert()
    case 20..<22: removeFromSuperview()
    case 22..<28: setGeometry()
    case 28..<33: setProperties()
    case 33..<36: guideOperation()
    case 36..<46: createConstraint()
    case 46..<49: createLinear()
    case 49..<56: activateOrDeactivate()
    case 56..<59: batch()
    case 59..<64: changeConstraint()
    case 64..<66: destroyConstraint()
    case 66..<68: variableOperation()
    case 68..<71: edits()
    case 71..<73: fitting()
    case 73..<75: queries()
    case 75..<82: flags()
    case 82..<87: runCycle()
    case 87..<91: installCallbacks()
    case 91..<94: strategies()
    case 94..<97: nullPointers()
    default: insideCallbackOnly()
    }
  }

  // MARK: Nodes and the tree

  func createNode() {
    if nodes.count > 40 { destroyNode(); return }
    var n: brace_node = 0
    let s = check("brace_node_create(ctx, &out)") { brace_node_create(ctx, &n) }
    if s == BRACE_OK {
      nodeCounter += 1
      names[n] = "n\(nodeCounter)"
      note("  = \(name(n)) (node \(n & 0xFF_FFFF):\((n >> 24) & 0xFFF))")
      nodes.append(n)
      if rng.chance(0.6) {
        check("brace_node_set_translates_autoresizing_mask(ctx, \(name(n)), false)") { brace_node_set_translates_autoresizing_mask(ctx, n, false) }
      }
      if rng.chance(0.7), let p = nodes.dropLast().randomElement(using: &rng) {
        check("brace_node_add_subview(ctx, \(name(p)), \(name(n)))") { brace_node_add_subview(ctx, p, n) }
      }
    }
  }

  /// The node and all its descendants, and the guides of them that the driver knows.
  func subtree(_ n: brace_node) -> Set<brace_node> {
    var out: Set<brace_node> = [n]
    var stack = [n]
    while let x = stack.popLast() {
      for k in subviews(of: x) where out.insert(k).inserted { stack.append(k) }
    }
    for (g, o) in guideOwner where out.contains(o) { out.insert(g) }
    return out
  }

  func destroyNode() {
    let (n, valid) = nodeHandle()
    let doomed = valid ? subtree(n) : []
    let before = callbackEvents
    let s = check("brace_node_destroy(ctx, \(name(n)))", mustFail: !valid) { brace_node_destroy(ctx, n) }
    if s == BRACE_OK {
      for d in doomed where brace_node_is_alive(ctx, d) { fail("brace_node_destroy(\(name(n))) left \(name(d)) of its subtree alive") }
      if callbackEvents == before {
        for x in nodes + guides where !doomed.contains(x) && !brace_node_is_alive(ctx, x) {
          fail("brace_node_destroy(\(name(n))) destroyed \(name(x)), which is outside its subtree")
        }
      }
    }
    // Must be refused for a node whose callback is running, or an ancestor of one.
    if valid, !topLevel {
      for (kind, cbNode) in callbackStack where kind != .intrinsic && kind != .diagnostics && isAncestorOrSelfBeforeDestroy(n, cbNode, doomed) {
        if s == BRACE_OK { fail("brace_node_destroy(\(name(n))) succeeded while \(kind.rawValue)(\(name(cbNode))) runs") }
      }
    }
    reconcileNodes()
  }

  private func isAncestorOrSelfBeforeDestroy(_ n: brace_node, _ cbNode: brace_node, _ doomed: Set<brace_node>) -> Bool {
    doomed.contains(cbNode)
  }

  /// Snapshot of a node's place in the tree, to check that a refused move changed nothing.
  func place(_ n: brace_node) -> String {
    let s = superview(of: n)
    let i = indexInSuperview(n)
    return "\(s.map(name) ?? "?")[\(i.map(String.init) ?? "-")]"
  }

  func addOrInsert() {
    let (p, pv) = nodeHandle()
    var (c, cv) = nodeHandle()
    if rng.chance(0.4), pv, let kids = Optional(subviews(of: p)), let k = kids.randomElement(using: &rng) { (c, cv) = (k, true) }
    let placeBefore = cv ? place(c) : ""
    let countBefore = pv ? subviews(of: p).count : 0
    let before = callbackEvents
    let s: brace_status
    if rng.chance(0.5) {
      s = check("brace_node_add_subview(ctx, \(name(p)), \(name(c)))", mustFail: !(pv && cv)) { brace_node_add_subview(ctx, p, c) }
    } else {
      let i = index(count: countBefore)
      s = check("brace_node_insert_subview(ctx, \(name(p)), \(name(c)), \(i))", mustFail: !(pv && cv)) { brace_node_insert_subview(ctx, p, c, i) }
    }
    if s == BRACE_OK, cv, superview(of: c) != p {
      fail("after a successful add/insert of \(name(c)) under \(name(p)), its superview is \(superview(of: c).map(name) ?? "?")")
    }
    if s != BRACE_OK, cv, callbackEvents == before, place(c) != placeBefore {
      fail("a refused add/insert (\(statusName(s))) moved \(name(c)) from \(placeBefore) to \(place(c))")
    }
  }

  func removeFromSuperview() {
    let (n, valid) = nodeHandle()
    var isGuide = false
    _ = brace_node_is_layout_guide(ctx, n, &isGuide)
    let s = check("brace_node_remove_from_superview(ctx, \(name(n)))", mustFail: !valid || isGuide) { brace_node_remove_from_superview(ctx, n) }
    if s == BRACE_OK, let sup = superview(of: n), sup != 0, callbackStack.isEmpty {
      fail("\(name(n)) still has superview \(name(sup)) after remove_from_superview")
    }
  }

  func setGeometry() {
    let (n, valid) = nodeHandle()
    let r = rectValue()
    let finite = r.x.isFinite && r.y.isFinite && r.width.isFinite && r.height.isFinite
    let sane = finite && r.width >= 0 && r.height >= 0
    let d = "{\(r.x), \(r.y), \(r.width), \(r.height)}"
    switch rng.int(6) {
    case 0, 1:
      var before = brace_rect()
      _ = brace_node_get_frame(ctx, n, &before)
      let s = check("brace_node_set_frame(ctx, \(name(n)), \(d))", mustFail: !valid || !sane) { brace_node_set_frame(ctx, n, r) }
      var after = brace_rect()
      if s != BRACE_OK, valid, brace_node_get_frame(ctx, n, &after) == BRACE_OK, !same(before, after), callbackStack.isEmpty {
        fail("a refused set_frame changed the frame of \(name(n)) from \(describe(before)) to \(describe(after))")
      }
    case 2:
      check("brace_node_set_bounds(ctx, \(name(n)), \(d))", mustFail: !valid || !sane) { brace_node_set_bounds(ctx, n, r) }
    case 3:
      check("brace_node_set_center(ctx, \(name(n)), {\(r.x), \(r.y)})", mustFail: !valid || !(r.x.isFinite && r.y.isFinite)) { brace_node_set_center(ctx, n, brace_point(x: r.x, y: r.y)) }
    case 4:
      let ins = brace_insets(top: r.x, left: r.y, bottom: r.width, right: r.height)
      check("brace_node_set_alignment_rect_insets(ctx, \(name(n)), \(d))", mustFail: !valid || !finite) { brace_node_set_alignment_rect_insets(ctx, n, ins) }
      var out = brace_rect()
      check("brace_node_frame_for_alignment_rect(ctx, \(name(n)), \(d), &out)", mustFail: !valid) { brace_node_frame_for_alignment_rect(ctx, n, r, &out) }
    default:
      let nr = brace_rect(x: r.x, y: r.y, width: r.width, height: r.height)
      check("brace_node_set_needs_display_in_rect(ctx, \(name(n)), \(d))", mustFail: !valid || !sane) { brace_node_set_needs_display_in_rect(ctx, n, nr) }
    }
  }

  func setProperties() {
    let (n, valid) = nodeHandle()
    switch rng.int(10) {
    case 0:
      let h = rng.chance(0.5)
      check("brace_node_set_hidden(ctx, \(name(n)), \(h))", mustFail: !valid) { brace_node_set_hidden(ctx, n, h) }
    case 1:
      let m = brace_insets(top: geometryValue(), left: geometryValue(), bottom: geometryValue(), right: geometryValue())
      check("brace_node_set_layout_margins(ctx, \(name(n)), {\(m.top), \(m.left), \(m.bottom), \(m.right)})", mustFail: !valid) { brace_node_set_layout_margins(ctx, n, m) }
    case 2:
      let m = brace_directional_insets(top: geometryValue(), leading: geometryValue(), bottom: geometryValue(), trailing: geometryValue())
      check("brace_node_set_directional_layout_margins(ctx, \(name(n)), {\(m.top), \(m.leading), \(m.bottom), \(m.trailing)})", mustFail: !valid) { brace_node_set_directional_layout_margins(ctx, n, m) }
    case 3:
      let raw: UInt32 = rng.chance(0.8) ? UInt32(rng.int(3)) : rng.pick([3, 7, UInt32.max])
      check("brace_node_set_layout_direction(ctx, \(name(n)), \(raw))", mustFail: !valid || raw > 2) { brace_node_set_layout_direction(ctx, n, brace_layout_direction(rawValue: raw)) }
    case 4:
      let w = rng.chance(0.3) ? -1 : geometryValue(), h = rng.chance(0.3) ? -1 : geometryValue()
      check("brace_node_set_intrinsic_content_size(ctx, \(name(n)), {\(w), \(h)})", mustFail: !valid) { brace_node_set_intrinsic_content_size(ctx, n, brace_size(width: w, height: h)) }
    case 5:
      let axisRaw: UInt32 = rng.chance(0.85) ? UInt32(rng.int(2)) : rng.pick([2, UInt32.max])
      let p = priority()
      let ok = valid && axisRaw < 2 && p >= 1 && p <= 1000
      if rng.chance(0.5) {
        check("brace_node_set_content_hugging_priority(ctx, \(name(n)), \(axisRaw), \(p))", mustFail: !ok) { brace_node_set_content_hugging_priority(ctx, n, brace_axis(rawValue: axisRaw), p) }
      } else {
        check("brace_node_set_compression_resistance_priority(ctx, \(name(n)), \(axisRaw), \(p))", mustFail: !ok) { brace_node_set_compression_resistance_priority(ctx, n, brace_axis(rawValue: axisRaw), p) }
      }
    case 6:
      let m: UInt32 = rng.pick([0, 63, 64, 0xFFFF_FFFF, UInt32(rng.int(64)), 1 << 31, 2 | 16])
      check("brace_node_set_autoresizing_mask(ctx, \(name(n)), \(m))", mustFail: !valid || m > 63) { brace_node_set_autoresizing_mask(ctx, n, m) }
    case 7:
      let t = rng.chance(0.4)
      check("brace_node_set_translates_autoresizing_mask(ctx, \(name(n)), \(t))", mustFail: !valid) { brace_node_set_translates_autoresizing_mask(ctx, n, t) }
    case 8:
      let a = rng.chance(0.5)
      check("brace_node_set_autoresizes_subviews(ctx, \(name(n)), \(a))", mustFail: !valid) { brace_node_set_autoresizes_subviews(ctx, n, a) }
    default:
      let f = rng.chance(0.5) ? -1 : double(), l = double()
      check("brace_node_set_baseline_offsets(ctx, \(name(n)), \(f), \(l))", mustFail: !valid) { brace_node_set_baseline_offsets(ctx, n, f, l) }
    }
  }

  func guideOperation() {
    switch rng.int(4) {
    case 0, 1:
      let (owner, valid) = nodeHandle(guides: rng.chance(0.2))
      var g: brace_node = 0
      var ownerIsGuide = false
      _ = brace_node_is_layout_guide(ctx, owner, &ownerIsGuide)
      let s = check("brace_layout_guide_create(ctx, \(name(owner)), &out)", mustFail: !valid) { brace_layout_guide_create(ctx, owner, &g) }
      if s == BRACE_OK {
        guideCounter += 1
        names[g] = "g\(guideCounter)"
        note("  = \(name(g)) (node \(g & 0xFF_FFFF):\((g >> 24) & 0xFFF))")
        guides.append(g)
        guideOwner[g] = owner
        var isGuide = false
        check("brace_node_is_layout_guide(ctx, \(name(g)), &out)", expect: BRACE_OK) { brace_node_is_layout_guide(ctx, g, &isGuide) }
        if !isGuide { fail("\(name(g)) made by brace_layout_guide_create is not a layout guide") }
        _ = ownerIsGuide
      }
    case 2:
      guard let g = guides.randomElement(using: &rng) else { return }
      check("brace_node_remove_from_superview(ctx, \(name(g)))", mustFail: true) { brace_node_remove_from_superview(ctx, g) }
      if rng.chance(0.5), let p = liveNode() {
        check("brace_node_add_subview(ctx, \(name(p)), \(name(g)))", mustFail: true) { brace_node_add_subview(ctx, p, g) }
      } else if let c = liveNode() {
        check("brace_node_add_subview(ctx, \(name(g)), \(name(c)))", mustFail: true) { brace_node_add_subview(ctx, g, c) }
      }
    default:
      guard let g = guides.randomElement(using: &rng) else { return }
      check("brace_node_destroy(ctx, \(name(g)))") { brace_node_destroy(ctx, g) }
      reconcileNodes()
    }
  }

  // MARK: Constraints

  func registerConstraint(_ c: brace_constraint) {
    constraintCounter += 1
    names[c] = "c\(constraintCounter)"
    note("  = \(name(c))")
    constraints.append(c)
  }

  func multiplier() -> Double { rng.chance(0.7) ? rng.pick([1, 1, 2, 0.5, -1]) : rng.pick([0, .nan, .infinity, 1e300, -1e-300]) }

  func createConstraint() {
    let item1 = itemHandle()
    let a1 = attribute()
    var item2: UInt64 = 0
    var a2 = BRACE_ATTR_NONE
    if rng.chance(0.7) {
      item2 = rng.chance(0.8) && brace_node_is_alive(ctx, item1) ? relative(of: item1) : itemHandle()
      a2 = rng.chance(0.6) ? a1 : attribute()
    } else if rng.chance(0.1) {
      a2 = attribute()
    }
    let m = multiplier()
    let k = rng.chance(0.7) ? Double(rng.int(200)) : double()
    var c: brace_constraint = 0
    let rel = relation()
    let s = check("brace_constraint_create(ctx, \(name(item1)), \(a1.rawValue), \(rel.rawValue), \(name(item2)), \(a2.rawValue), \(m), \(k), &out)",
                  mustFail: !m.isFinite || !k.isFinite || a1.rawValue == 0 || a1.rawValue > 20) { brace_constraint_create(ctx, item1, a1, rel, item2, a2, m, k, &c) }
    if s == BRACE_OK {
      registerConstraint(c)
      if rng.chance(0.2) {
        let p = priority()
        check("brace_constraint_set_priority(ctx, \(name(c)), \(p))") { brace_constraint_set_priority(ctx, c, p) }
      }
      if rng.chance(0.7) { check("brace_constraint_activate(ctx, \(name(c)))") { brace_constraint_activate(ctx, c) } }
    }
  }

  func createLinear() {
    var count = rng.int(6)
    if rng.chance(0.05) { count = 65 }
    var terms: [brace_term] = []
    var anchor: brace_node? = nil
    for _ in 0..<count {
      var item = itemHandle()
      if let a = anchor, rng.chance(0.6) { item = relative(of: a) }
      if anchor == nil, brace_node_is_alive(ctx, item) { anchor = item }
      let isVariable = variables.contains(item) || staleVariables.contains(item)
      let attr = isVariable && rng.chance(0.8) ? BRACE_ATTR_NONE : attribute()
      let coef = rng.chance(0.8) ? Double(rng.int(5)) - 2 : double()
      terms.append(brace_term(item: item, attribute: attr, coefficient: coef))
    }
    let k = rng.chance(0.7) ? Double(rng.int(200)) : double()
    var c: brace_constraint = 0
    let desc = terms.map { "{\(name($0.item)), \($0.attribute.rawValue), \($0.coefficient)}" }.joined(separator: " ")
    let s: brace_status
    if count > 0, rng.chance(0.05) {
      s = check("brace_constraint_create_linear(ctx, NULL, \(count), EQ, \(k), &out)", mustFail: true) { brace_constraint_create_linear(ctx, nil, count, BRACE_RELATION_EQUAL, k, &c) }
    } else {
      let rel = relation()
      s = check("brace_constraint_create_linear(ctx, [\(desc)], \(count), \(rel.rawValue), \(k), &out)", mustFail: count == 0 || count > 64 || !k.isFinite) {
        brace_constraint_create_linear(ctx, terms, count, rel, k, &c)
      }
    }
    if s == BRACE_OK {
      registerConstraint(c)
      if rng.chance(0.6) { check("brace_constraint_activate(ctx, \(name(c)))") { brace_constraint_activate(ctx, c) } }
    }
  }

  func activateOrDeactivate() {
    let (c, valid) = constraintHandle()
    if rng.chance(0.6) {
      check("brace_constraint_activate(ctx, \(name(c)))", mustFail: !valid) { brace_constraint_activate(ctx, c) }
    } else {
      let s = check("brace_constraint_deactivate(ctx, \(name(c)))", mustFail: !valid) { brace_constraint_deactivate(ctx, c) }
      if s == BRACE_OK, isActive(c) == true, callbackStack.isEmpty { fail("\(name(c)) is still active after deactivate") }
    }
  }

  func batch() {
    var list: [brace_constraint] = []
    var allValid = true
    for _ in 0..<(1 + rng.int(6)) {
      if rng.chance(0.2), let last = list.last { list.append(last); continue }  // duplicate
      let (c, v) = constraintHandle()
      list.append(c)
      if !v { allValid = false }
    }
    let tracked = Array(Set(list.filter { constraints.contains($0) }))
    let statesBefore = tracked.map { isActive($0) }
    let diagBefore = callbackEvents
    let activate = rng.chance(0.6)
    let desc = list.map(name).joined(separator: ", ")
    let s: brace_status
    switch rng.int(10) {
    case 0:
      s = check("brace_constraints_\(activate ? "" : "de")activate(ctx, NULL, 0)") { activate ? brace_constraints_activate(ctx, nil, 0) : brace_constraints_deactivate(ctx, nil, 0) }
    case 1:
      s = check("brace_constraints_\(activate ? "" : "de")activate(ctx, NULL, 3)", mustFail: true) { activate ? brace_constraints_activate(ctx, nil, 3) : brace_constraints_deactivate(ctx, nil, 3) }
    default:
      s = check("brace_constraints_\(activate ? "" : "de")activate(ctx, [\(desc)], \(list.count))", mustFail: !allValid) { activate ? brace_constraints_activate(ctx, list, list.count) : brace_constraints_deactivate(ctx, list, list.count) }
    }
    if s != BRACE_OK, callbackEvents == diagBefore {
      let after = tracked.map { isActive($0) }
      if after != statesBefore { fail("a refused batch (\(statusName(s))) changed activation: \(statesBefore) -> \(after)") }
    }
  }

  func changeConstraint() {
    let (c, valid) = constraintHandle()
    switch rng.int(4) {
    case 0:
      let k = rng.chance(0.7) ? Double(rng.int(300)) : double()
      var before = 0.0
      _ = brace_constraint_get_constant(ctx, c, &before)
      let s = check("brace_constraint_set_constant(ctx, \(name(c)), \(k))", mustFail: !valid || !k.isFinite) { brace_constraint_set_constant(ctx, c, k) }
      var after = 0.0
      if brace_constraint_get_constant(ctx, c, &after) == BRACE_OK, callbackStack.isEmpty {
        if s == BRACE_OK, after != k { fail("get_constant(\(name(c))) = \(after) after set_constant(\(k))") }
        if s != BRACE_OK, after != before, !(after.isNaN && before.isNaN) { fail("a refused set_constant changed \(name(c))'s constant \(before) -> \(after)") }
      }
    case 1:
      let p = priority()
      var before: Float = 0
      _ = brace_constraint_get_priority(ctx, c, &before)
      let wasActive = isActive(c) == true
      let switching = wasActive && ((before == 1000) != (p == 1000))
      let s = check("brace_constraint_set_priority(ctx, \(name(c)), \(p))", mustFail: !valid || !(p >= 1 && p <= 1000) || switching) { brace_constraint_set_priority(ctx, c, p) }
      var after: Float = 0
      if brace_constraint_get_priority(ctx, c, &after) == BRACE_OK, callbackStack.isEmpty {
        if s == BRACE_OK, after != p { fail("get_priority(\(name(c))) = \(after) after set_priority(\(p))") }
        if s != BRACE_OK, after != before { fail("a refused set_priority changed \(name(c))'s priority \(before) -> \(after)") }
      }
    case 2:
      let id = identifierString()
      let idText = id.map { "\"\($0.prefix(20))\"" } ?? "NULL"
      let s = check("brace_constraint_set_identifier(ctx, \(name(c)), \(idText))", mustFail: !valid) { brace_constraint_set_identifier(ctx, c, id) }
      var out: UnsafePointer<CChar>? = nil
      if s == BRACE_OK, brace_constraint_get_identifier(ctx, c, &out) == BRACE_OK, callbackStack.isEmpty {
        let got = out.map { String(cString: $0) }
        // "" clears, as for nodes (one rule for both since 0.6).
        let want = id == "" ? nil : id
        if got != want { fail("get_identifier(\(name(c))) = \(String(describing: got)) after set_identifier(\(String(describing: id)))") }
      }
    default:
      var b = false, k = 0.0
      var p: Float = 0
      check("brace_constraint_is_broken(ctx, \(name(c)), &out)", mustFail: !valid) { brace_constraint_is_broken(ctx, c, &b) }
      check("brace_constraint_get_constant(ctx, \(name(c)), &out)", mustFail: !valid) { brace_constraint_get_constant(ctx, c, &k) }
      check("brace_constraint_get_priority(ctx, \(name(c)), &out)", mustFail: !valid) { brace_constraint_get_priority(ctx, c, &p) }
    }
  }

  func destroyConstraint() {
    let (c, valid) = constraintHandle()
    let s = check("brace_constraint_destroy(ctx, \(name(c)))", mustFail: !valid) { brace_constraint_destroy(ctx, c) }
    if s == BRACE_OK {
      var b = false
      if brace_constraint_is_active(ctx, c, &b) != BRACE_E_STALE_HANDLE { fail("\(name(c)) is not stale after brace_constraint_destroy") }
    }
    reconcileConstraints()
  }

  func variableOperation() {
    switch rng.int(3) {
    case 0:
      if variables.count > 8 { fallthrough }
      var v: brace_variable = 0
      if check("brace_variable_create(ctx, &out)") { brace_variable_create(ctx, &v) } == BRACE_OK {
        variableCounter += 1
        names[v] = "v\(variableCounter)"
        note("  = \(name(v))")
        variables.append(v)
      }
    case 1:
      let v = rng.chance(0.8) ? (variables.randomElement(using: &rng) ?? 0) : (staleVariables.randomElement(using: &rng) ?? nodeHandle().0)
      let valid = variables.contains(v)
      let s = check("brace_variable_destroy(ctx, \(name(v)))", mustFail: !valid) { brace_variable_destroy(ctx, v) }
      if s == BRACE_OK { variables.removeAll { $0 == v }; staleVariables.append(v) }
    default:
      let v = rng.chance(0.8) ? (variables.randomElement(using: &rng) ?? 0) : nodeHandle().0
      var x = 0.0
      let s = check("brace_variable_get_value(ctx, \(name(v)), &out)", mustFail: !variables.contains(v)) { brace_variable_get_value(ctx, v, &x) }
      if s == BRACE_OK, !x.isFinite { fail("brace_variable_get_value(\(name(v))) = \(x), not finite") }
    }
  }

  func edits() {
    let item = itemHandle()
    let attr: brace_attribute = rng.chance(0.7) ? rng.pick([BRACE_ATTR_WIDTH, BRACE_ATTR_HEIGHT, BRACE_ATTR_LEFT, BRACE_ATTR_TOP, BRACE_ATTR_NONE]) : attribute()
    switch rng.int(3) {
    case 0:
      let p = priority()
      check("brace_context_add_edit(ctx, \(name(item)), \(attr.rawValue), \(p))", mustFail: !(p >= 1 && p < 1000)) { brace_context_add_edit(ctx, item, attr, p) }
    case 1:
      let v = rng.chance(0.7) ? Double(rng.int(500)) : double()
      check("brace_context_suggest_value(ctx, \(name(item)), \(attr.rawValue), \(v))", mustFail: !v.isFinite) { brace_context_suggest_value(ctx, item, attr, v) }
    default:
      check("brace_context_remove_edit(ctx, \(name(item)), \(attr.rawValue))") { brace_context_remove_edit(ctx, item, attr) }
    }
  }

  func fitting() {
    let (n, valid) = nodeHandle()
    let target = rng.chance(0.7)
      ? brace_size(width: rng.pick([0, 100, 1e7]), height: rng.pick([0, 50, 1e7]))
      : brace_size(width: double(), height: double())
    let hp = priority(), vp = priority()
    var out = brace_size(width: -7, height: -7)
    let s = check("brace_node_system_layout_size_fitting(ctx, \(name(n)), {\(target.width), \(target.height)}, \(hp), \(vp), &out)", mustFail: !valid) { brace_node_system_layout_size_fitting(ctx, n, target, hp, vp, &out) }
    if s == BRACE_OK, !(out.width.isFinite && out.height.isFinite) {
      fail("system_layout_size_fitting(\(name(n))) answered a non-finite size {\(out.width), \(out.height)}")
    }
  }

  func queries() {
    let (n, valid) = nodeHandle()
    switch rng.int(4) {
    case 0:
      var b = false
      check("brace_node_has_ambiguous_layout(ctx, \(name(n)), &out)", mustFail: !valid) { brace_node_has_ambiguous_layout(ctx, n, &b) }
    case 1:
      copyDescription(n, valid)
    case 2:
      var count = 0
      let s = check("brace_node_get_constraints(ctx, \(name(n)), NULL, 0, &count)", mustFail: !valid) { brace_node_get_constraints(ctx, n, nil, 0, &count) }
      if s == BRACE_OK {
        let cap = rng.pick([0, 1, max(0, count - 1), count, count + 3])
        var buf = [brace_constraint](repeating: 0xDEAD, count: cap + 4)
        var total = 0
        check("brace_node_get_constraints(ctx, \(name(n)), buf, \(cap), &count)", expect: BRACE_OK) { brace_node_get_constraints(ctx, n, &buf, cap, &total) }
        if buf[cap...].contains(where: { $0 != 0xDEAD }) { fail("brace_node_get_constraints wrote past capacity \(cap)") }
        if callbackStack.isEmpty, total != count { fail("brace_node_get_constraints count changed \(count) -> \(total) between calls") }
        for c in buf.prefix(min(cap, total)) where isActive(c) != true { fail("brace_node_get_constraints(\(name(n))) lists \(name(c)), which is not an active constraint") }
      }
    default:
      var count = 0
      check("brace_context_get_broken_constraints(ctx, NULL, 0, &count)", expect: BRACE_OK) { brace_context_get_broken_constraints(ctx, nil, 0, &count) }
      let cap = rng.pick([0, 1, count])
      var buf = [brace_constraint](repeating: 0xDEAD, count: cap + 2)
      var total = 0
      check("brace_context_get_broken_constraints(ctx, buf, \(cap), &count)", expect: BRACE_OK) { brace_context_get_broken_constraints(ctx, &buf, cap, &total) }
      if buf[cap...].contains(where: { $0 != 0xDEAD }) { fail("brace_context_get_broken_constraints wrote past capacity \(cap)") }
    }
  }

  func copyDescription(_ n: brace_node, _ valid: Bool) {
    var length = 0
    let mode = rng.int(6)
    if mode == 0 {
      check("brace_node_copy_description(ctx, \(name(n)), NULL, 5, &length)", mustFail: true) { brace_node_copy_description(ctx, n, nil, 5, &length) }
      return
    }
    let cap = [0, 1, 2, 7, 40, 1 << 16][mode]
    var buf = [CChar](repeating: 0x55, count: cap + 8)
    let s = check("brace_node_copy_description(ctx, \(name(n)), buf, \(cap), &length)", mustFail: !valid) { brace_node_copy_description(ctx, n, &buf, cap, &length) }
    if buf[cap...].contains(where: { $0 != 0x55 }) { fail("brace_node_copy_description wrote past capacity \(cap)") }
    if s == BRACE_OK, cap > 0 {
      let end = min(length, cap - 1)
      if buf[end] != 0 { fail("brace_node_copy_description(cap \(cap), length \(length)) did not terminate the string at \(end)") }
      if buf[..<end].contains(0) { fail("brace_node_copy_description(cap \(cap)) wrote a NUL before \(end)") }
    }
  }

  // MARK: The cycle

  func flags() {
    let (n, valid) = nodeHandle()
    switch rng.int(6) {
    case 0: check("brace_node_set_needs_layout(ctx, \(name(n)))", mustFail: !valid) { brace_node_set_needs_layout(ctx, n) }
    case 1: check("brace_node_set_needs_update_constraints(ctx, \(name(n)))", mustFail: !valid) { brace_node_set_needs_update_constraints(ctx, n) }
    case 2: check("brace_node_set_needs_display(ctx, \(name(n)))", mustFail: !valid) { brace_node_set_needs_display(ctx, n) }
    case 3: check("brace_node_invalidate_intrinsic_content_size(ctx, \(name(n)))", mustFail: !valid) { brace_node_invalidate_intrinsic_content_size(ctx, n) }
    case 4: check("brace_node_layout_if_needed(ctx, \(name(n)))", mustFail: !valid) { brace_node_layout_if_needed(ctx, n) }
    default: check("brace_node_update_constraints_if_needed(ctx, \(name(n)))", mustFail: !valid) { brace_node_update_constraints_if_needed(ctx, n) }
    }
  }

  func runCycle() {
    let inCallback = !topLevel
    if rng.chance(0.6) {
      mutatedDuringDisplay = false
      let s = check("brace_context_run_update_cycle(ctx)", mustFail: inCallback) { brace_context_run_update_cycle(ctx) }
      if inCallback, s != BRACE_E_REENTRANCY { fail("run_update_cycle from a callback answered \(statusName(s)), not BRACE_E_REENTRANCY") }
      if !inCallback, s == BRACE_OK, !mutatedDuringDisplay {
        var pending: UInt32 = 0
        check("brace_context_get_pending(ctx, &out)", expect: BRACE_OK) { brace_context_get_pending(ctx, &pending) }
        if pending != 0 {
          fail("brace_context_get_pending = \(pending) right after a run_update_cycle that returned BRACE_OK")
        }
      }
      if !inCallback, s != BRACE_OK, s != BRACE_E_FEEDBACK_LOOP { fail("run_update_cycle answered \(statusName(s)): \(lastError(ctx))") }
    } else {
      let raw: UInt32 = rng.chance(0.75) ? rng.pick([1, 2, 4]) : rng.pick([0, 3, 5, 6, 7, 8, UInt32.max])
      let s = check("brace_context_run_phase(ctx, \(raw))", mustFail: inCallback || ![1, 2, 4].contains(raw)) { brace_context_run_phase(ctx, brace_phase(rawValue: raw)) }
      if !inCallback, [1, 2, 4].contains(raw), s != BRACE_OK, s != BRACE_E_FEEDBACK_LOOP { fail("run_phase(\(raw)) answered \(statusName(s)): \(lastError(ctx))") }
    }
  }

  func installCallbacks() {
    let (n, valid) = nodeHandle()
    let me = Unmanaged.passUnretained(self).toOpaque()
    if rng.chance(0.15) {
      check("brace_node_set_callbacks(ctx, \(name(n)), NULL)", mustFail: !valid) { brace_node_set_callbacks(ctx, n, nil) }
      return
    }
    var cb = brace_node_callbacks()
    cb.struct_size = rng.chance(0.9) ? UInt32(MemoryLayout<brace_node_callbacks>.size) : rng.pick([0, 4, 8])
    cb.user_data = me
    var which: [String] = []
    if rng.chance(0.5) { cb.update_constraints = fuzzUpdateConstraints; which.append("update_constraints") }
    if rng.chance(0.3) { cb.will_layout_subviews = fuzzWillLayout; which.append("will_layout") }
    if rng.chance(0.6) { cb.layout_subviews = fuzzLayout; which.append("layout_subviews") }
    if rng.chance(0.3) { cb.did_layout_subviews = fuzzDidLayout; which.append("did_layout") }
    if rng.chance(0.4) { cb.draw = fuzzDraw; which.append("draw") }
    if rng.chance(0.4) { cb.intrinsic_content_size = fuzzIntrinsic; which.append("intrinsic") }
    check("brace_node_set_callbacks(ctx, \(name(n)), {size \(cb.struct_size): \(which.joined(separator: ", "))})", mustFail: !valid || cb.struct_size < 8) { brace_node_set_callbacks(ctx, n, &cb) }
  }

  func strategies() {
    let (n, valid) = nodeHandle()
    switch rng.int(7) {
    case 0:
      let s = rng.pick(["frame", "frame", "stack", "stack", "nope", "", "simplex", "../../etc/passwd", String(repeating: "q", count: 5000)])
      check("brace_node_set_layout_strategy(ctx, \(name(n)), \"\(s.prefix(20))\")", mustFail: !valid || (s != "frame" && s != "stack")) { brace_node_set_layout_strategy(ctx, n, s) }
    case 5, 6:
      // The stack strategy's properties, on stacks, their subviews and anything else, with
      // any value: a non-finite number is always refused.
      let nm = rng.pick(["axis", "distribution", "alignment", "spacing", "layout_margins_relative", "baseline_relative",
                         "generate_constraints", "spacing_after", "spacing_after"])
      let x = rng.chance(0.3) ? rng.pick([BRACE_STACK_SPACING_USE_DEFAULT, BRACE_STACK_SPACING_USE_SYSTEM, 8, -4]) : double()
      var v: brace_value
      switch nm {
      case "axis", "distribution", "alignment": v = brace_value(type: BRACE_VALUE_ENUM, integer: Int64(rng.int(8)) - 1, number: 0)
      case "spacing", "spacing_after": v = brace_value(type: BRACE_VALUE_DOUBLE, integer: 0, number: x)
      default: v = brace_value(type: BRACE_VALUE_BOOL, integer: Int64(rng.int(2)), number: 0)
      }
      if rng.chance(0.1) { v.type = BRACE_VALUE_INT }
      check("brace_node_set_property(ctx, \(name(n)), \"\(nm)\", {type \(v.type.rawValue), \(v.integer), \(v.number)})",
            mustFail: !valid || (v.type == BRACE_VALUE_DOUBLE && !v.number.isFinite)) { brace_node_set_property(ctx, n, nm, &v) }
    case 1:
      // A stack's property: refused elsewhere, and a non-finite value always.
      let x = double()
      check("brace_node_set_property_double(ctx, \(name(n)), \"spacing\", \(x))", mustFail: !valid || !x.isFinite) { brace_node_set_property_double(ctx, n, "spacing", x) }
    case 2:
      var v = brace_value(type: brace_value_type(rawValue: rng.pick([0, 1, 2, 3, 4, 99])), integer: Int64(bitPattern: rng.next()), number: double())
      let nm: String? = rng.pick([nil, "axis", "", "break_before"])
      check("brace_node_set_property(ctx, \(name(n)), \(nm ?? "NULL"), {type \(v.type.rawValue)})", mustFail: true) { brace_node_set_property(ctx, n, nm, &v) }
      check("brace_node_set_property(ctx, \(name(n)), \"axis\", NULL)", mustFail: true) { brace_node_set_property(ctx, n, "axis", nil) }
    case 3:
      let value: String? = rng.pick([nil, "center", "centre"])
      check("brace_node_set_property_enum(ctx, \(name(n)), \"alignment\", \(value ?? "NULL"))", mustFail: !valid || value != "center") { brace_node_set_property_enum(ctx, n, "alignment", value) }
      check("brace_node_set_property_int(ctx, \(name(n)), \"count\", INT64_MIN)", mustFail: true) { brace_node_set_property_int(ctx, n, "count", Int64.min) }
      check("brace_node_set_property_bool(ctx, \(name(n)), \"flag\", true)", mustFail: true) { brace_node_set_property_bool(ctx, n, "flag", true) }
    default:
      var out: UnsafePointer<CChar>? = nil
      let s = check("brace_node_get_layout_strategy(ctx, \(name(n)), &out)", mustFail: !valid) { brace_node_get_layout_strategy(ctx, n, &out) }
      if s == BRACE_OK, out == nil { fail("brace_node_get_layout_strategy answered NULL") }
      var v = brace_value()
      check("brace_node_get_property(ctx, \(name(n)), \"nope\", &out)", mustFail: true) { brace_node_get_property(ctx, n, "nope", &v) }
      let lname = rng.pick(["nope", "", "frame"])
      let st = check("brace_context_load_strategy(ctx, \"\(lname)\")", mustFail: lname != "frame") { brace_context_load_strategy(ctx, lname) }
      _ = st
    }
  }

  /// NULL out-pointers and the like: each must be refused.
  func nullPointers() {
    let (n, _) = nodeHandle()
    let (c, _) = constraintHandle()
    switch rng.int(8) {
    case 0: check("brace_node_create(ctx, NULL)", mustFail: true) { brace_node_create(ctx, nil) }
    case 1: check("brace_node_get_frame(ctx, \(name(n)), NULL)", mustFail: true) { brace_node_get_frame(ctx, n, nil) }
    case 2: check("brace_node_get_subviews(ctx, \(name(n)), NULL, 4, NULL)", mustFail: true) { brace_node_get_subviews(ctx, n, nil, 4, nil) }
    case 3: check("brace_constraint_create(ctx, \(name(n)), WIDTH, EQ, 0, NONE, 1, 5, NULL)", mustFail: true) { brace_constraint_create(ctx, n, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 1, 5, nil) }
    case 4: check("brace_constraint_get_identifier(ctx, \(name(c)), NULL)", mustFail: true) { brace_constraint_get_identifier(ctx, c, nil) }
    case 5: check("brace_node_system_layout_size_fitting(ctx, \(name(n)), …, NULL)", mustFail: true) { brace_node_system_layout_size_fitting(ctx, n, brace_size(width: 0, height: 0), 50, 50, nil) }
    case 6: check("brace_context_get_pending(ctx, NULL)", mustFail: true) { brace_context_get_pending(ctx, nil) }
    default:
      var count = 0
      check("brace_node_get_subview(ctx, \(name(n)), i, NULL)", mustFail: true) { brace_node_get_subview(ctx, n, index(count: 0), nil) }
      _ = count
      count = 0
    }
  }

  /// Things that only mean something from inside a callback; at top level, the same calls
  /// must be refused or harmless.
  func insideCallbackOnly() {
    let (n, valid) = nodeHandle()
    let running = Set(callbackStack.map(\.1))
    switch rng.int(5) {
    case 0:
      let s = check("brace_node_super_layout_subviews(ctx, \(name(n)))") { brace_node_super_layout_subviews(ctx, n) }
      if s == BRACE_OK, !callbackStack.contains(where: { $0.0 == .layout && $0.1 == n }) { fail("super_layout_subviews(\(name(n))) succeeded outside its layout_subviews") }
    case 1:
      let s = check("brace_node_super_update_constraints(ctx, \(name(n)))") { brace_node_super_update_constraints(ctx, n) }
      if s == BRACE_OK, !callbackStack.contains(where: { $0.0 == .updateConstraints && $0.1 == n }) { fail("super_update_constraints(\(name(n))) succeeded outside its update_constraints") }
    case 2:
      var size = brace_size()
      let s = check("brace_node_super_intrinsic_content_size(ctx, \(name(n)), &out)") { brace_node_super_intrinsic_content_size(ctx, n, &size) }
      if s == BRACE_OK, !callbackStack.contains(where: { $0.0 == .intrinsic && $0.1 == n }) { fail("super_intrinsic_content_size(\(name(n))) succeeded outside its callback") }
    case 3:
      if !topLevel, rng.chance(0.3) {
        // Destroying the context from a callback must be refused.
        check("brace_context_destroy(ctx)", expect: BRACE_E_REENTRANCY) { brace_context_destroy(ctx) }
      } else {
        var size = brace_size()
        check("brace_node_get_intrinsic_content_size(ctx, \(name(n)), &out)", mustFail: !valid) { brace_node_get_intrinsic_content_size(ctx, n, &size) }
      }
    default:
      // Destroy a node whose callback runs now (or its superview): must be refused.
      guard let (kind, cb) = callbackStack.last, kind != .diagnostics else { destroyNode(); return }
      let target = rng.chance(0.6) ? cb : (superview(of: cb) ?? cb)
      let s = check("brace_node_destroy(ctx, \(name(target == 0 ? cb : target))) [from \(kind.rawValue)(\(name(cb)))]") { brace_node_destroy(ctx, target == 0 ? cb : target) }
      if s == BRACE_OK, kind != .intrinsic { fail("destroying \(name(target)) from \(kind.rawValue)(\(name(cb))) was accepted") }
      _ = running
      reconcileNodes()
    }
  }

  // MARK: Callbacks

  fileprivate func callback(_ kind: CallbackKind, _ node: brace_node, _ body: () -> Void = {}) {
    callbackEvents += 1
    if callbackStack.count > 6 { return }
    callbackStack.append((kind, node))
    note("[\(kind.rawValue)(\(name(node)))]")
    body()
    if budget > 0 {
      for _ in 0..<rng.int(3) { randomOperation() }
    }
    callbackStack.removeLast()
  }

  fileprivate func superCall(_ kind: CallbackKind, _ node: brace_node) {
    switch kind {
    case .updateConstraints:
      if rng.chance(0.8) { check("brace_node_super_update_constraints(ctx, \(name(node)))", expect: BRACE_OK) { brace_node_super_update_constraints(ctx, node) } }
    case .layout:
      if rng.chance(0.8) { check("brace_node_super_layout_subviews(ctx, \(name(node)))", expect: BRACE_OK) { brace_node_super_layout_subviews(ctx, node) } }
    default: break
    }
  }

  fileprivate func intrinsicAnswer(_ node: brace_node) -> brace_size {
    var size = brace_size(width: -1, height: -1)
    callback(.intrinsic, node) {
      if rng.chance(0.3) {
        check("brace_node_super_intrinsic_content_size(ctx, \(name(node)), &out)", expect: BRACE_OK) { brace_node_super_intrinsic_content_size(ctx, node, &size) }
      } else if rng.chance(0.8) {
        size = brace_size(width: Double(rng.int(120)), height: rng.chance(0.2) ? -1 : Double(rng.int(60)))
      } else {
        size = brace_size(width: double(), height: double())
      }
    }
    return size
  }

  fileprivate func diagnostic(_ d: brace_diagnostic) {
    diagnosticsSeen += 1
    callbackEvents += 1
    // Read what the diagnostic names; sometimes change things (the header says it
    // "should not", but it must not trap either).
    for i in 0..<d.node_count {
      _ = d.nodes[i]
    }
    _ = String(cString: d.message)
    guard budget > 0, callbackStack.count < 6, rng.chance(0.5) else { return }
    budget -= 1
    callbackStack.append((.diagnostics, 0))
    note("[diagnostics kind \(d.kind.rawValue)]")
    if rng.chance(0.5) { destroyConstraint() } else { createConstraint() }
    callbackStack.removeLast()
  }

  // MARK: Invariants

  func reconcileNodes() {
    let deadNodes = nodes.filter { !brace_node_is_alive(ctx, $0) }
    let deadGuides = guides.filter { !brace_node_is_alive(ctx, $0) }
    if !deadNodes.isEmpty { nodes.removeAll { deadNodes.contains($0) }; staleNodes += deadNodes }
    if !deadGuides.isEmpty {
      guides.removeAll { deadGuides.contains($0) }
      staleNodes += deadGuides
      for g in deadGuides { guideOwner[g] = nil }
    }
    if staleNodes.count > 64 { staleNodes.removeFirst(staleNodes.count - 64) }
  }

  func reconcileConstraints() {
    var live: [brace_constraint] = []
    for c in constraints {
      var b = false
      let s = brace_constraint_is_active(ctx, c, &b)
      if s == BRACE_OK { live.append(c) } else if s == BRACE_E_STALE_HANDLE { staleConstraints.append(c) } else {
        fail("brace_constraint_is_active(\(name(c))) answered \(statusName(s)) for a constraint it made")
      }
    }
    constraints = live
    if staleConstraints.count > 64 { staleConstraints.removeFirst(staleConstraints.count - 64) }
  }

  func checkInvariants() {
    reconcileNodes()
    reconcileConstraints()
    let known = Set(nodes)
    for n in nodes {
      var sup: brace_node = 0
      guard check("brace_node_get_superview(ctx, \(name(n)), &out)", expect: BRACE_OK) { brace_node_get_superview(ctx, n, &sup) } == BRACE_OK else { continue }
      if sup != 0 {
        if !brace_node_is_alive(ctx, sup) { fail("\(name(n))'s superview \(name(sup)) is not alive") }
        var i = 0
        if check("brace_node_get_index(ctx, \(name(n)), &out)", expect: BRACE_OK) { brace_node_get_index(ctx, n, &i) } == BRACE_OK {
          var at: brace_node = 0
          check("brace_node_get_subview(ctx, \(name(sup)), \(i), &out)", expect: BRACE_OK) { brace_node_get_subview(ctx, sup, i, &at) }
          if at != n { fail("\(name(sup)).subviews[\(i)] is \(name(at)), but \(name(n)) says it is there") }
        }
      } else {
        var i = 0
        check("brace_node_get_index(ctx, \(name(n)), &out) [root]", expect: BRACE_E_INVALID_STATE) { brace_node_get_index(ctx, n, &i) }
      }
      // The ancestors end at a root within the number of nodes (no cycle).
      var cur = n, hops = 0
      while hops <= nodes.count + 1, let s = superview(of: cur), s != 0 { cur = s; hops += 1 }
      if hops > nodes.count { fail("the superview chain of \(name(n)) does not end at a root (cycle)") }
      let kids = subviews(of: n)
      var count = 0
      _ = brace_node_get_subview_count(ctx, n, &count)
      if count != kids.count { fail("subview_count(\(name(n))) = \(count) but get_subviews lists \(kids.count)") }
      if Set(kids).count != kids.count { fail("\(name(n))'s subviews list a node twice: \(kids.map(name))") }
      for k in kids {
        if !known.contains(k) { fail("\(name(n)).subviews contains \(name(k)), which is not a live node the driver made (guide or dead?)") }
        if superview(of: k) != n { fail("\(name(k)) is a subview of \(name(n)) but its superview is \(superview(of: k).map(name) ?? "?")") }
      }
      checkGeometry(n)
    }
    for g in guides {
      var isGuide = false
      check("brace_node_is_layout_guide(ctx, \(name(g)), &out)", expect: BRACE_OK) { brace_node_is_layout_guide(ctx, g, &isGuide) }
      if !isGuide { fail("\(name(g)) is no longer a layout guide") }
      checkGeometry(g)
    }
    // Stale handles stay stale.
    for h in staleNodes.suffix(3) {
      var r = brace_rect()
      check("brace_node_get_frame(ctx, \(name(h)), &out) [stale]", expect: BRACE_E_STALE_HANDLE) { brace_node_get_frame(ctx, h, &r) }
    }
    for h in staleConstraints.suffix(3) {
      var k = 0.0
      check("brace_constraint_get_constant(ctx, \(name(h)), &out) [stale]", expect: BRACE_E_STALE_HANDLE) { brace_constraint_get_constant(ctx, h, &k) }
    }
    // Broken constraints are active; tracked ones answer consistently.
    for c in constraints {
      var active = false, broken = false
      _ = brace_constraint_is_active(ctx, c, &active)
      check("brace_constraint_is_broken(ctx, \(name(c)), &out)", expect: BRACE_OK) { brace_constraint_is_broken(ctx, c, &broken) }
      if broken, !active { fail("\(name(c)) is broken but not active") }
    }
    var count = 0
    check("brace_context_get_broken_constraints(ctx, NULL, 0, &count)", expect: BRACE_OK) { brace_context_get_broken_constraints(ctx, nil, 0, &count) }
    var buf = [brace_constraint](repeating: 0, count: count)
    var total = 0
    check("brace_context_get_broken_constraints(ctx, buf, \(count), &count)", expect: BRACE_OK) { brace_context_get_broken_constraints(ctx, &buf, count, &total) }
    for c in buf.prefix(min(count, total)) {
      var b = false
      let s = brace_constraint_is_broken(ctx, c, &b)
      if s != BRACE_OK || !b {
        fail("\(name(c)) is listed as broken but is_broken says otherwise (or it is dead)")
      }
    }
    var pending: UInt32 = 0
    check("brace_context_get_pending(ctx, &out)", expect: BRACE_OK) { brace_context_get_pending(ctx, &pending) }
    if pending & ~UInt32(7) != 0 { fail("brace_context_get_pending answered unknown bits \(pending)") }
  }

  func checkGeometry(_ n: brace_node) {
    var f = brace_rect(), b = brace_rect()
    var c = brace_point()
    check("brace_node_get_frame(ctx, \(name(n)), &out)", expect: BRACE_OK) { brace_node_get_frame(ctx, n, &f) }
    check("brace_node_get_bounds(ctx, \(name(n)), &out)", expect: BRACE_OK) { brace_node_get_bounds(ctx, n, &b) }
    check("brace_node_get_center(ctx, \(name(n)), &out)", expect: BRACE_OK) { brace_node_get_center(ctx, n, &c) }
    let values = [f.x, f.y, f.width, f.height, b.x, b.y, b.width, b.height, c.x, c.y]
    if !values.allSatisfy(\.isFinite) {
      fail("geometry of \(name(n)) is not finite: frame \(describe(f)), bounds \(describe(b)), center {\(c.x), \(c.y)}")
    }
    if f.width < 0 || f.height < 0 { fail("frame of \(name(n)) has a negative size: \(describe(f))") }
  }

  // MARK: Running

  func run(steps: Int, skipping skip: Set<Int> = []) {
    for i in 0..<steps where !skip.contains(i) {
      step = i
      // Each step draws from its own stream, so that leaving steps out (to reduce a
      // failure by hand, FUZZ_SKIP) keeps the others' choices as far as the state allows.
      rng = SplitMix64(seed: seed &+ UInt64(i) &* 0xD1B5_4A32_D192_ED03)
      budget = 12
      note("-- step \(i)")
      randomOperation()
      budget = 0
      checkInvariants()
      if !failures.isEmpty { return }
    }
    finish()
  }

  /// Destroy everything, then check that the context still lays out exactly.
  func finish() {
    step = -1
    budget = 0
    _ = brace_context_set_diagnostic_callback(ctx, nil, nil)
    for c in constraints { check("brace_constraint_destroy(ctx, \(name(c))) [cleanup]", expect: BRACE_OK) { brace_constraint_destroy(ctx, c) } }
    for v in variables { check("brace_variable_destroy(ctx, \(name(v))) [cleanup]", expect: BRACE_OK) { brace_variable_destroy(ctx, v) } }
    for n in nodes where brace_node_is_alive(ctx, n) {
      if let s = superview(of: n), s == 0 {
        check("brace_node_destroy(ctx, \(name(n))) [cleanup]", expect: BRACE_OK) { brace_node_destroy(ctx, n) }
      }
    }
    reconcileNodes()
    if !nodes.isEmpty || !guides.isEmpty { fail("nodes survive the destruction of every root: \((nodes + guides).map(name))") }
    var count = 0
    check("brace_context_get_broken_constraints [cleanup]", expect: BRACE_OK) { brace_context_get_broken_constraints(ctx, nil, 0, &count) }
    if count != 0 { fail("\(count) broken constraints remain with no nodes") }
    check("brace_context_run_update_cycle(ctx) [cleanup]", expect: BRACE_OK) { brace_context_run_update_cycle(ctx) }
    var pending: UInt32 = 0
    check("brace_context_get_pending [cleanup]", expect: BRACE_OK) { brace_context_get_pending(ctx, &pending) }
    if pending != 0 { fail("pending = \(pending) with no nodes") }

    // A small layout: a window, a constraint-driven child, a frame-driven child.
    var w: brace_node = 0, a: brace_node = 0, b: brace_node = 0
    check("final: create window", expect: BRACE_OK) { brace_node_create(ctx, &w) }
    check("final: window frame", expect: BRACE_OK) { brace_node_set_frame(ctx, w, rect(0, 0, 400, 300)) }
    check("final: create a", expect: BRACE_OK) { brace_node_create(ctx, &a) }
    check("final: add a", expect: BRACE_OK) { brace_node_add_subview(ctx, w, a) }
    check("final: a translates off", expect: BRACE_OK) { brace_node_set_translates_autoresizing_mask(ctx, a, false) }
    check("final: create b", expect: BRACE_OK) { brace_node_create(ctx, &b) }
    check("final: add b", expect: BRACE_OK) { brace_node_add_subview(ctx, w, b) }
    check("final: b frame", expect: BRACE_OK) { brace_node_set_frame(ctx, b, rect(5, 6, 7, 8)) }
    var finals: [brace_constraint] = []
    for (item1, attr1, item2, attr2, k) in [(a, LEFT, w, LEFT, 10.0), (a, TOP, w, TOP, 20), (a, WIDTH, 0, NONE, 100), (a, HEIGHT, 0, NONE, 50)] {
      var c: brace_constraint = 0
      check("final: create constraint \(attr1.rawValue) = \(k)", expect: BRACE_OK) { brace_constraint_create(ctx, item1, attr1, EQ, item2, attr2, 1, k, &c) }
      check("final: activate", expect: BRACE_OK) { brace_constraint_activate(ctx, c) }
      finals.append(c)
    }
    check("final: run_update_cycle", expect: BRACE_OK) { brace_context_run_update_cycle(ctx) }
    var fa = brace_rect(), fb = brace_rect()
    _ = brace_node_get_frame(ctx, a, &fa)
    _ = brace_node_get_frame(ctx, b, &fb)
    if !same(fa, rect(10, 20, 100, 50)) {
      let broken = finals.map { c -> Bool in
        var b = false
        _ = brace_constraint_is_broken(ctx, c, &b)
        return b
      }
      var length = 0
      _ = brace_node_copy_description(ctx, w, nil, 0, &length)
      var text = [CChar](repeating: 0, count: length + 1)
      _ = brace_node_copy_description(ctx, w, &text, text.count, &length)
      fail("final layout: a's frame is \(describe(fa)), expected {10, 20, 100, 50}; broken: \(broken); \(String(cString: text))")
    }
    if !same(fb, rect(5, 6, 7, 8)) { fail("final layout: b's frame is \(describe(fb)), expected {5, 6, 7, 8}") }
    check("final: pending", expect: BRACE_OK) { brace_context_get_pending(ctx, &pending) }
    if pending != 0 { fail("final layout: pending = \(pending) after a turn") }
    var ambiguous = true
    check("final: ambiguity", expect: BRACE_OK) { brace_node_has_ambiguous_layout(ctx, a, &ambiguous) }
    if ambiguous { fail("final layout: a is ambiguous") }
  }
}

// MARK: - C trampolines

private func fuzzer(_ ud: UnsafeMutableRawPointer?) -> APIFuzzer { Unmanaged<APIFuzzer>.fromOpaque(ud!).takeUnretainedValue() }

private let fuzzTrace: brace_trace_fn = { _, event, ud in
  guard let event else { return }
  let f = fuzzer(ud)
  switch event.pointee.kind {
  case BRACE_TRACE_PHASE_BEGIN: f.phaseStack.append(event.pointee.phase.rawValue)
  case BRACE_TRACE_PHASE_END: if !f.phaseStack.isEmpty { f.phaseStack.removeLast() }
  default: break
  }
}

private let fuzzDiagnostic: brace_diagnostic_fn = { _, d, ud in
  guard let d else { return }
  fuzzer(ud).diagnostic(d.pointee)
}

private let fuzzUpdateConstraints: @convention(c) (OpaquePointer?, brace_node, UnsafeMutableRawPointer?) -> Void = { _, node, ud in
  let f = fuzzer(ud)
  f.callback(.updateConstraints, node) { f.superCall(.updateConstraints, node) }
}
private let fuzzWillLayout: @convention(c) (OpaquePointer?, brace_node, UnsafeMutableRawPointer?) -> Void = { _, node, ud in
  fuzzer(ud).callback(.willLayout, node)
}
private let fuzzLayout: @convention(c) (OpaquePointer?, brace_node, UnsafeMutableRawPointer?) -> Void = { _, node, ud in
  let f = fuzzer(ud)
  f.callback(.layout, node) { f.superCall(.layout, node) }
}
private let fuzzDidLayout: @convention(c) (OpaquePointer?, brace_node, UnsafeMutableRawPointer?) -> Void = { _, node, ud in
  fuzzer(ud).callback(.didLayout, node)
}
private let fuzzDraw: @convention(c) (OpaquePointer?, brace_node, brace_rect, UnsafeMutableRawPointer?) -> Void = { _, node, _, ud in
  fuzzer(ud).callback(.draw, node)
}
private let fuzzIntrinsic: @convention(c) (OpaquePointer?, brace_node, UnsafeMutableRawPointer?) -> brace_size = { _, node, ud in
  fuzzer(ud).intrinsicAnswer(node)
}

// MARK: - The tests

private let fuzzSeeds: [UInt64] = (0..<40).map { 0xB4AC_E000 + UInt64($0) * 7919 }

@Suite("API fuzz")
struct FuzzTests {
  @Test("random C-ABI sequences keep the engine consistent", arguments: fuzzSeeds)
  func fuzz(seed: UInt64) throws {
    if let only = env("FUZZ_SEED").flatMap(UInt64.init), only != seed, only != UInt64(fuzzSeeds.firstIndex(of: seed) ?? -1) { return }
    let steps = env("FUZZ_STEPS").flatMap(Int.init) ?? 400
    // FUZZ_OFFSET=k: explore other seeds (each seed + k) with the same driver.
    let offset = env("FUZZ_OFFSET").flatMap(UInt64.init) ?? 0
    let f = try APIFuzzer(seed: seed &+ offset, verbose: env("FUZZ_VERBOSE") == "1")
    // FUZZ_SKIP=3,7,10-20: leave those steps out.
    var skip: Set<Int> = []
    for part in (env("FUZZ_SKIP") ?? "").split(separator: ",") {
      let ends = part.split(separator: "-").compactMap { Int($0) }
      if ends.count == 2, ends[0] <= ends[1] { skip.formUnion(ends[0]...ends[1]) } else if let one = ends.first { skip.insert(one) }
    }
    f.run(steps: steps, skipping: skip)
    if env("FUZZ_STATS") == "1" {
      print("fuzz seed \(f.seed): \(f.operations) calls, \(f.diagnosticsSeen) diagnostics")
    }
    #expect(f.failures.isEmpty, "\(f.failures.first ?? "")")
  }
}

// MARK: - Regressions found by the fuzz

/// Per-test state for the C callbacks of the regressions (a C function pointer captures nothing).
private final class Once {
  var fired = false
}

@Suite("API fuzz regressions")
struct FuzzRegressionTests {
  /// Found by the fuzz (20 of the 40 seeds at first): a callback of the layout pass flags a
  /// node for the constraints pass; the turn returns BRACE_OK with that constraints pass
  /// still pending. cycle.h: "The constraints and layout passes repeat
  /// until nothing they handle is flagged".
  @Test func aConstraintsFlagSetDuringTheLayoutPassIsHandledInTheSameTurn() throws {
    let fx = try Fx()
    let w = fx.window()
    let once = Once()
    var cb = brace_node_callbacks()
    cb.struct_size = UInt32(MemoryLayout<brace_node_callbacks>.size)
    cb.user_data = Unmanaged.passUnretained(once).toOpaque()
    cb.layout_subviews = { ctx, node, ud in
      let once = Unmanaged<Once>.fromOpaque(ud!).takeUnretainedValue()
      if !once.fired {
        once.fired = true
        _ = brace_node_set_needs_update_constraints(ctx, node)
      }
      _ = brace_node_super_layout_subviews(ctx, node)
    }
    ok(brace_node_set_callbacks(fx.ctx, w, &cb), fx.ctx)
    ok(brace_context_run_update_cycle(fx.ctx), fx.ctx)  // lays out w, whose callback flags w
    #expect(once.fired)
    #expect(fx.pending() == 0, "the turn returned BRACE_OK with passes pending (\(fx.pending()))")
    var needs = true
    ok(brace_node_get_needs_update_constraints(fx.ctx, w, &needs), fx.ctx)
    #expect(!needs, "the node flagged during the layout pass was not updated in that turn")
  }

  /// The same, as the fuzz met it: a view set up for constraints (translates off) is created
  /// and added from did_layout_subviews.
  @Test func aConstraintDrivenViewAddedDuringTheLayoutPassIsSettledInTheSameTurn() throws {
    let fx = try Fx()
    let w = fx.window()
    let once = Once()
    var cb = brace_node_callbacks()
    cb.struct_size = UInt32(MemoryLayout<brace_node_callbacks>.size)
    cb.user_data = Unmanaged.passUnretained(once).toOpaque()
    cb.did_layout_subviews = { ctx, node, ud in
      let once = Unmanaged<Once>.fromOpaque(ud!).takeUnretainedValue()
      guard !once.fired else { return }
      once.fired = true
      var n: brace_node = 0
      _ = brace_node_create(ctx, &n)
      _ = brace_node_set_translates_autoresizing_mask(ctx, n, false)
      _ = brace_node_add_subview(ctx, node, n)
    }
    ok(brace_node_set_callbacks(fx.ctx, w, &cb), fx.ctx)
    ok(brace_context_run_update_cycle(fx.ctx), fx.ctx)
    #expect(once.fired)
    #expect(fx.pending() == 0, "the turn returned BRACE_OK with passes pending (\(fx.pending()))")
  }

  /// The same family (pending = LAYOUT): a constraint's constant changes in a
  /// will_layout_subviews callback. The solver has the new frame, but it is only applied at
  /// the start of the layout pass, so the turn ends with the old frame and a layout pending.
  @Test func aConstraintChangedDuringTheLayoutPassIsAppliedInTheSameTurn() throws {
    let fx = try Fx()
    let w = fx.window()
    let a = fx.view(in: w)
    fx.place(a, in: w, rect(10, 10, 100, 40))
    let width = fx.constraints(of: a).first { c in
      var k = 0.0
      return brace_constraint_get_constant(fx.ctx, c, &k) == BRACE_OK && k == 100
    }
    let c = try #require(width)
    fx.cycle()
    final class Plan {
      var c: brace_constraint = 0
      var fired = false
    }
    let plan = Plan()
    plan.c = c
    var cb = brace_node_callbacks()
    cb.struct_size = UInt32(MemoryLayout<brace_node_callbacks>.size)
    cb.user_data = Unmanaged.passUnretained(plan).toOpaque()
    cb.will_layout_subviews = { ctx, _, ud in
      let plan = Unmanaged<Plan>.fromOpaque(ud!).takeUnretainedValue()
      guard !plan.fired else { return }
      plan.fired = true
      _ = brace_constraint_set_constant(ctx, plan.c, 150)
    }
    ok(brace_node_set_callbacks(fx.ctx, w, &cb), fx.ctx)
    ok(brace_node_set_needs_layout(fx.ctx, w), fx.ctx)
    fx.cycle()
    #expect(plan.fired)
    #expect(fx.pending() == 0, "the turn returned BRACE_OK with passes pending (\(fx.pending()))")
    expectFrame(fx.frame(a), rect(10, 10, 150, 40), "a's frame after the turn")
  }

  /// Found by the fuzz: a translating view whose autoresizing constraint is broken (it
  /// conflicts with a required user constraint) is removed from its superview, given a frame
  /// that no longer conflicts, and added back. Its generated constraint is reinstalled and
  /// enforced (is_broken false), yet brace_context_get_broken_constraints still lists it.
  @Test func aGeneratedConstraintThatIsNoLongerBrokenIsNotListedAsBroken() throws {
    let fx = try Fx()
    let w = fx.window()
    let v = fx.view(in: w, translates: true, frame: rect(0, 0, 100, 100))
    fx.add(v, WIDTH, EQ, 50)  // conflicts with v's translated width (100)
    fx.cycle()
    let broken = fx.broken()
    #expect(broken.count == 1 && broken.allSatisfy { fx.isBroken($0) }, "the user's width is broken (the translated frame wins)")
    ok(brace_node_remove_from_superview(fx.ctx, v), fx.ctx)
    ok(brace_node_set_frame(fx.ctx, v, rect(0, 0, 50, 100)), fx.ctx)  // no conflict any more
    ok(brace_node_add_subview(fx.ctx, w, v), fx.ctx)
    fx.cycle()
    expectFrame(fx.frame(v), rect(0, 0, 50, 100))
    for c in fx.broken() {
      #expect(fx.isBroken(c), "get_broken_constraints lists \(c), whose is_broken is false")
    }
    #expect(fx.broken().isEmpty)
  }

  /// Found by the fuzz (FUZZ_OFFSET=9000): constraint_create accepted any finite
  /// multiplier, and a huge one made the fitting size overflow (BRACE_OK with an infinite
  /// height). Multipliers beyond the solver's range are now refused at creation, and a
  /// fitting size is finite or refused.
  @Test func aFittingSizeIsFiniteOrRefused() throws {
    let fx = try Fx()
    let w = fx.window()
    let v = fx.view(in: w)
    let c = fx.view(in: v)
    fx.add(c, HEIGHT, EQ, 2)
    var huge: brace_constraint = 0
    #expect(brace_constraint_create(fx.ctx, v, HEIGHT, EQ, c, HEIGHT, .greatestFiniteMagnitude, 0, &huge) == BRACE_E_INVALID_ARGUMENT)
    #expect(lastError(fx.ctx).contains("range"))
    fx.add(v, HEIGHT, EQ, c, HEIGHT, multiplier: 1e6, 0)
    var size = brace_size(width: -1, height: -1)
    let s = brace_node_system_layout_size_fitting(fx.ctx, v, brace_size(width: 100, height: 1e7), 1000, 999, &size)
    #expect(s != BRACE_OK || (size.width.isFinite && size.height.isFinite),
            "system_layout_size_fitting answered BRACE_OK with {\(size.width), \(size.height)}")
  }
}
