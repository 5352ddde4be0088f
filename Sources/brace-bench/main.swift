// brace-bench — the core benchmark. It drives libbrace only through its C ABI, as a C
// program would, and prints how the cost of each operation scales with the tree size.
//
//   make bench                        (swift build -c release, then this program)
//   .build/release/brace-bench [--quick]
//
// Trees: balanced (fan-out 10), a deep chain, and a wide root (every node a subview of
// the root), of 1k, 10k and 100k nodes. Measures:
//   build         create every node and add it under its parent, top-down as a user would
//   no-op cycle   brace_context_run_update_cycle with nothing flagged
//   leaf cycle    brace_node_set_needs_layout on the deepest leaf, then a cycle
//   full cycle    every node flagged for layout, then a cycle (the cycle is timed)
//   destroy       brace_node_destroy on the root (frees the whole tree)
// Each figure is the median of several runs, in microseconds, with ns per node where the
// work is per node. A turn should cost what is dirty: the no-op cycle is flat, the leaf
// cycle follows the depth (flat for balanced and wide trees, whatever the fan-out, linear
// for the chain), the full cycle and build/destroy follow the node count.
// Then the changed-frames list (brace_context_get_changed_frames): what recording adds
// to a frame change, publishing it in a turn, and reading it, for 1 to 10,000 changed
// nodes of a 100k tree (see "Changed frames" below).

import Brace
import BraceBenchKit
import CBrace

// MARK: - Calling the C ABI

func fail(_ what: String, _ status: brace_status, _ ctx: OpaquePointer?) -> Never {
  die("\(what) failed: \(String(cString: brace_status_name(status))): \(String(cString: brace_last_error(ctx)))")
}

@inline(__always)
func check(_ status: brace_status, _ what: @autoclosure () -> String, _ ctx: OpaquePointer?) {
  if status != BRACE_OK { fail(what(), status, ctx) }
}

enum Shape: CustomStringConvertible {
  case balanced(fanOut: Int)
  case chain
  case wide

  var description: String {
    switch self {
    case .balanced(let f): "balanced/\(f)"
    case .chain: "chain"
    case .wide: "wide"
    }
  }
}

struct Tree {
  var root: brace_node = 0
  var nodes: [brace_node] = []
  var deepestLeaf: brace_node = 0
  var depth = 0
}

/// Builds `count` nodes, top-down: every node is added under an existing parent, as a
/// program building a view hierarchy does.
func build(_ ctx: OpaquePointer, _ shape: Shape, _ count: Int) -> Tree {
  var t = Tree()
  t.nodes.reserveCapacity(count)
  var depthOf: [Int32] = []
  depthOf.reserveCapacity(count)
  var n: brace_node = 0
  check(brace_node_create(ctx, &n), "brace_node_create", ctx)
  t.root = n
  t.nodes.append(n)
  depthOf.append(1)
  switch shape {
  case .balanced(let fanOut):
    var parentIndex = 0
    while t.nodes.count < count {
      let parent = t.nodes[parentIndex]
      for _ in 0..<fanOut where t.nodes.count < count {
        check(brace_node_create(ctx, &n), "brace_node_create", ctx)
        check(brace_node_add_subview(ctx, parent, n), "brace_node_add_subview", ctx)
        t.nodes.append(n)
        depthOf.append(depthOf[parentIndex] + 1)
      }
      parentIndex += 1
    }
  case .wide:
    while t.nodes.count < count {
      check(brace_node_create(ctx, &n), "brace_node_create", ctx)
      check(brace_node_add_subview(ctx, t.root, n), "brace_node_add_subview", ctx)
      t.nodes.append(n)
      depthOf.append(2)
    }
  case .chain:
    var parent = t.root
    while t.nodes.count < count {
      check(brace_node_create(ctx, &n), "brace_node_create", ctx)
      check(brace_node_add_subview(ctx, parent, n), "brace_node_add_subview", ctx)
      t.nodes.append(n)
      depthOf.append(depthOf[depthOf.count - 1] + 1)
      parent = n
    }
  }
  // The last node created is a deepest leaf in every shape.
  t.deepestLeaf = t.nodes[t.nodes.count - 1]
  t.depth = Int(depthOf[depthOf.count - 1])
  return t
}

func cycle(_ ctx: OpaquePointer) {
  check(brace_context_run_update_cycle(ctx), "brace_context_run_update_cycle", ctx)
}

func pending(_ ctx: OpaquePointer) -> UInt32 {
  var p: UInt32 = 0
  check(brace_context_get_pending(ctx, &p), "brace_context_get_pending", ctx)
  return p
}

// MARK: - One configuration

struct Result {
  var shape: Shape
  var count: Int
  var depth: Int
  var build = 0.0, firstCycle = 0.0, noop = 0.0, leaf = 0.0, full = 0.0, destroy = 0.0
}

func measure(_ shape: Shape, _ count: Int, reps: Int, cheapReps: Int) -> Result {
  var ctx: OpaquePointer?
  check(brace_context_create(nil, &ctx), "brace_context_create", nil)
  guard let ctx else { fail("brace_context_create", BRACE_E_NO_MEMORY, nil) }
  defer { _ = brace_context_destroy(ctx) }

  var builds: [Double] = [], firsts: [Double] = [], noops: [Double] = []
  var leaves: [Double] = [], fulls: [Double] = [], destroys: [Double] = []
  var depth = 0

  for _ in 0..<reps {
    var t0 = now()
    let tree = build(ctx, shape, count)
    builds.append(Double(now() - t0))
    depth = tree.depth

    // The first turn lays out and draws every new node.
    t0 = now()
    cycle(ctx)
    firsts.append(Double(now() - t0))
    if pending(ctx) != 0 { fail("the first cycle left work pending", BRACE_E_INVALID_STATE, ctx) }

    for _ in 0..<cheapReps {
      t0 = now()
      cycle(ctx)
      noops.append(Double(now() - t0))
    }

    for _ in 0..<cheapReps {
      t0 = now()
      check(brace_node_set_needs_layout(ctx, tree.deepestLeaf), "brace_node_set_needs_layout", ctx)
      cycle(ctx)
      leaves.append(Double(now() - t0))
    }

    for n in tree.nodes {
      check(brace_node_set_needs_layout(ctx, n), "brace_node_set_needs_layout", ctx)
    }
    t0 = now()
    cycle(ctx)
    fulls.append(Double(now() - t0))

    t0 = now()
    check(brace_node_destroy(ctx, tree.root), "brace_node_destroy", ctx)
    destroys.append(Double(now() - t0))
    if brace_node_is_alive(ctx, tree.deepestLeaf) {
      fail("the leaf survived the destruction of its root", BRACE_E_INVALID_STATE, ctx)
    }
  }

  return Result(shape: shape, count: count, depth: depth,
                build: median(builds), firstCycle: median(firsts), noop: median(noops),
                leaf: median(leaves), full: median(fulls), destroy: median(destroys))
}

// MARK: - Output

func pad(_ s: String, _ width: Int, left: Bool = false) -> String {
  let n = s.count
  if n >= width { return s }
  let spaces = String(repeating: " ", count: width - n)
  return left ? s + spaces : spaces + s
}

func fixed(_ v: Double, _ decimals: Int) -> String {
  if !v.isFinite { return "-" }
  var scale = 1.0
  for _ in 0..<decimals { scale *= 10 }
  let r = (v * scale).rounded() / scale
  var s = "\(r)"
  if let dot = s.firstIndex(of: ".") {
    let have = s.distance(from: dot, to: s.endIndex) - 1
    if decimals == 0 {
      s = String(s[..<dot])
    } else if have < decimals {
      s += String(repeating: "0", count: decimals - have)
    }
  }
  return s
}

/// "12.3 µs", with ns/node when `perNode`.
func cell(_ ns: Double, _ nodes: Int, perNode: Bool) -> String {
  let us = ns / 1000
  let main = us >= 100 ? fixed(us, 0) : fixed(us, us >= 10 ? 1 : 2)
  guard perNode else { return main }
  return "\(main) (\(fixed(ns / Double(nodes), 1)))"
}

let quick = CommandLine.arguments.contains("--quick")
let sizes = quick ? [1_000, 10_000] : [1_000, 10_000, 100_000]

print("brace-bench — libbrace \(String(cString: brace_version_string())), C ABI only; median of repeated runs")
print("times in µs; (ns per node) where the work is per node; depth = levels from the root to the deepest leaf\n")

let columns: [(String, Int)] = [
  ("tree", 12), ("nodes", 8), ("depth", 7), ("build", 20), ("first cycle", 17), ("no-op cycle", 12),
  ("leaf cycle", 11), ("full cycle", 17), ("destroy", 17),
]
print(columns.map { pad($0.0, $0.1) }.joined(separator: " "))
print(columns.map { String(repeating: "-", count: $0.1) }.joined(separator: " "))

var results: [Result] = []
for shape in [Shape.balanced(fanOut: 10), .chain, .wide] {
  for count in sizes {
    let reps = count >= 100_000 ? 5 : 9
    let r = measure(shape, count, reps: reps, cheapReps: 21)
    results.append(r)
    let row = [
      pad("\(shape)", 12), pad("\(count)", 8), pad("\(r.depth)", 7),
      pad(cell(r.build, count, perNode: true), 20),
      pad(cell(r.firstCycle, count, perNode: true), 17),
      pad(cell(r.noop, count, perNode: false), 12),
      pad(cell(r.leaf, count, perNode: false), 11),
      pad(cell(r.full, count, perNode: true), 17),
      pad(cell(r.destroy, count, perNode: true), 17),
    ]
    print(row.joined(separator: " "))
    flushOutput()  // show each row as soon as it is measured
  }
}

// How the cost follows what is dirty: ratios between the largest and smallest trees.
print("\nscaling from \(sizes.first!) to \(sizes.last!) nodes (x\(sizes.last! / sizes.first!) nodes):")
for shape in ["balanced/10", "chain", "wide"] {
  let rs = results.filter { "\($0.shape)" == shape }
  guard let a = rs.first, let b = rs.last, a.count != b.count else { continue }
  func ratio(_ x: Double, _ y: Double) -> String { "x" + fixed(y / x, 1) }
  print(
    "  \(pad(shape, 12, left: true)) no-op cycle \(ratio(a.noop, b.noop)), leaf cycle \(ratio(a.leaf, b.leaf)) "
      + "(depth \(a.depth) -> \(b.depth)), full cycle \(ratio(a.full, b.full)), build \(ratio(a.build, b.build)), "
      + "destroy \(ratio(a.destroy, b.destroy))")
}

// MARK: - Changed frames (brace_context_get_changed_frames)

// A balanced tree of 100,000 nodes (10,000 with --quick); in each turn k nodes move (a
// pure move flags no layout, so the turn does nothing but publish the list). Measures:
//   1st move      brace_node_set_frame on k nodes, the first change of each in the period
//                 (it records the old frame)
//   again         the same k calls once more in the period (the flag says recorded)
//   turn          brace_context_run_update_cycle after the moves: publishing the list
//   no-op turn    the same with nothing changed
//   list          brace_context_get_changed_frames into a buffer of k entries
//   list in root  the same with BRACE_CHANGED_FRAMES_IN_ROOT (depth 6)
// "1st move - again" is what recording adds to a frame change; the list costs what changed,
// not the tree.

struct ChangeResult {
  var k = 0
  var first = 0.0, again = 0.0, turn = 0.0, noop = 0.0, list = 0.0, inRoot = 0.0
}

func measureChanges(_ ctx: OpaquePointer, _ tree: Tree, _ k: Int, reps: Int) -> ChangeResult {
  var firsts: [Double] = [], agains: [Double] = [], turns: [Double] = [], noops: [Double] = []
  var lists: [Double] = [], roots: [Double] = []
  // k nodes spread evenly from the end of the build order: mostly leaves, some inner nodes.
  let step = max(1, (tree.nodes.count - 1) / k)
  let moved = (0..<k).map { tree.nodes[tree.nodes.count - 1 - $0 * step] }
  var buffer = [brace_frame_change](repeating: brace_frame_change(), count: k)
  var x = 0.0
  for _ in 0..<reps {
    x += 1
    var t0 = now()
    for n in moved { check(brace_node_set_frame(ctx, n, brace_rect(x: x, y: 0, width: 10, height: 10)), "set_frame", ctx) }
    firsts.append(Double(now() - t0))
    t0 = now()
    for n in moved { check(brace_node_set_frame(ctx, n, brace_rect(x: x, y: 1, width: 10, height: 10)), "set_frame", ctx) }
    agains.append(Double(now() - t0))
    t0 = now()
    cycle(ctx)
    turns.append(Double(now() - t0))
    var count = 0
    t0 = now()
    check(brace_context_get_changed_frames(ctx, 0, &buffer, k, &count), "brace_context_get_changed_frames", ctx)
    lists.append(Double(now() - t0))
    if count != k { fail("the list has \(count) entries, \(k) moved", BRACE_E_INVALID_STATE, ctx) }
    t0 = now()
    check(brace_context_get_changed_frames(ctx, BRACE_CHANGED_FRAMES_IN_ROOT.rawValue, &buffer, k, &count),
          "brace_context_get_changed_frames", ctx)
    roots.append(Double(now() - t0))
    t0 = now()
    cycle(ctx)
    noops.append(Double(now() - t0))
  }
  return ChangeResult(k: k, first: median(firsts), again: median(agains), turn: median(turns), noop: median(noops),
                      list: median(lists), inRoot: median(roots))
}

do {
  let count = quick ? 10_000 : 100_000
  var ctx: OpaquePointer?
  check(brace_context_create(nil, &ctx), "brace_context_create", nil)
  guard let ctx else { fail("brace_context_create", BRACE_E_NO_MEMORY, nil) }
  let tree = build(ctx, .balanced(fanOut: 10), count)
  for n in tree.nodes { check(brace_node_set_frame(ctx, n, brace_rect(x: 0, y: 0, width: 10, height: 10)), "set_frame", ctx) }
  cycle(ctx)
  print("\nchanged frames — balanced/10 tree of \(count) nodes, depth \(tree.depth); k nodes moved per turn")
  print("times in µs; (ns per changed node)\n")
  let cols: [(String, Int)] = [
    ("k", 7), ("1st move", 17), ("again", 17), ("turn", 17), ("no-op turn", 11), ("list", 17), ("list in root", 17),
  ]
  print(cols.map { pad($0.0, $0.1) }.joined(separator: " "))
  print(cols.map { String(repeating: "-", count: $0.1) }.joined(separator: " "))
  for k in [1, 100, 10_000] {
    let r = measureChanges(ctx, tree, k, reps: 21)
    print([
      pad("\(k)", 7), pad(cell(r.first, k, perNode: true), 17), pad(cell(r.again, k, perNode: true), 17),
      pad(cell(r.turn, k, perNode: true), 17), pad(cell(r.noop, k, perNode: false), 11),
      pad(cell(r.list, k, perNode: true), 17), pad(cell(r.inRoot, k, perNode: true), 17),
    ].joined(separator: " "))
    flushOutput()
  }
  _ = brace_context_destroy(ctx)
}

// MARK: - Measured text (docs/measuring.md)

// A document of 1,000 paragraphs, each a node with a measure callback (its text 1 point per
// character, wrapped at the proposed width, 1 point a line), stacked with constraints
// between the root's edges: p.top == previous.bottom + 1, p.leading/trailing == root's.
// Timed: activating the constraints (each paragraph measured with no limit as it enters
// the engine), the first turn (each measured at its solved width, heights settled in one
// batch) and a width change (one turn: each measured again at the new width). The number
// of measure calls is printed: 2 per paragraph for the first layout, 1 for a new width.

nonisolated(unsafe) var measureCalls = 0

/// user_data is the paragraph's length in characters.
func measureParagraph(_ ctx: OpaquePointer?, _ node: brace_node, _ proposed: brace_size, _ data: UnsafeMutableRawPointer?) -> brace_size {
  measureCalls += 1
  let chars = Double(Int(bitPattern: data))
  let per = proposed.width == BRACE_PROPOSAL_UNBOUNDED ? chars : max(1, proposed.width.rounded(.down))
  return brace_size(width: min(chars, per), height: (chars / per).rounded(.up))
}

func paragraphs(_ count: Int, reps: Int) -> (activate: Double, first: Double, resize: Double, firstCalls: Int, resizeCalls: Int) {
  var activations: [Double] = [], firsts: [Double] = [], resizes: [Double] = []
  var firstCalls = 0, resizeCalls = 0
  var random = SplitMix64(seed: 18)
  let lengths = (0..<count).map { _ in random.int(200, 1999) }
  for rep in 0..<reps {
    var ctx: OpaquePointer?
    check(brace_context_create(nil, &ctx), "brace_context_create", nil)
    guard let ctx else { fail("brace_context_create", BRACE_E_NO_MEMORY, nil) }
    var root: brace_node = 0
    check(brace_node_create(ctx, &root), "brace_node_create", ctx)
    check(brace_node_set_frame(ctx, root, brace_rect(x: 0, y: 0, width: 80, height: 1_000_000)), "set_frame", ctx)
    var nodes: [brace_node] = []
    for k in 0..<count {
      var p: brace_node = 0
      check(brace_node_create(ctx, &p), "brace_node_create", ctx)
      check(brace_node_add_subview(ctx, root, p), "brace_node_add_subview", ctx)
      check(brace_node_set_translates_autoresizing_mask(ctx, p, false), "translates", ctx)
      var cb = brace_node_callbacks()
      cb.struct_size = UInt32(MemoryLayout<brace_node_callbacks>.size)
      cb.user_data = UnsafeMutableRawPointer(bitPattern: lengths[k])
      cb.measure = measureParagraph
      check(brace_node_set_callbacks(ctx, p, &cb), "brace_node_set_callbacks", ctx)
      nodes.append(p)
    }
    measureCalls = 0
    let t0 = now()
    var made: [brace_constraint] = []
    for (k, p) in nodes.enumerated() {
      var c: brace_constraint = 0
      check(brace_constraint_create(ctx, p, BRACE_ATTR_LEADING, BRACE_RELATION_EQUAL, root, BRACE_ATTR_LEADING, 1, 0, &c), "create", ctx)
      made.append(c)
      check(brace_constraint_create(ctx, p, BRACE_ATTR_TRAILING, BRACE_RELATION_EQUAL, root, BRACE_ATTR_TRAILING, 1, 0, &c), "create", ctx)
      made.append(c)
      let above = k == 0 ? root : nodes[k - 1]
      check(brace_constraint_create(ctx, p, BRACE_ATTR_TOP, BRACE_RELATION_EQUAL, above, k == 0 ? BRACE_ATTR_TOP : BRACE_ATTR_BOTTOM, 1, 1, &c), "create", ctx)
      made.append(c)
    }
    check(made.withUnsafeBufferPointer { brace_constraints_activate(ctx, $0.baseAddress, $0.count) }, "activate", ctx)
    activations.append(Double(now() - t0))
    let tTurn = now()
    cycle(ctx)
    firsts.append(Double(now() - tTurn))
    if rep == 0 { firstCalls = measureCalls }
    measureCalls = 0
    let t1 = now()
    check(brace_node_set_frame(ctx, root, brace_rect(x: 0, y: 0, width: 60, height: 1_000_000)), "set_frame", ctx)
    cycle(ctx)
    resizes.append(Double(now() - t1))
    if rep == 0 { resizeCalls = measureCalls }
    if pending(ctx) != 0 { fail("the width change left work pending", BRACE_E_INVALID_STATE, ctx) }
    _ = brace_context_destroy(ctx)
  }
  return (median(activations), median(firsts), median(resizes), firstCalls, resizeCalls)
}

let paragraphCount = 1_000
let doc = paragraphs(paragraphCount, reps: quick ? 3 : 5)
print("\nmeasured text: \(paragraphCount) paragraphs (200-2,000 characters) in constraint layout, 80 wide then 60")
print("  µs (ns per paragraph): activate \(cell(doc.activate, paragraphCount, perNode: true)), "
  + "first turn \(cell(doc.first, paragraphCount, perNode: true)) (\(doc.firstCalls) measure calls in both), "
  + "width change \(cell(doc.resize, paragraphCount, perNode: true)) (\(doc.resizeCalls) measure calls)")
