// brace-stack-bench — Brace's side of the nested-stack benchmark against Yoga
// (Tests/bench/stack-bench.sh; Yoga's side: Tests/bench/yoga/stack_bench.cpp, same scene,
// same output). Through the C ABI only, with the `stack` strategy (libbrace_stack.so).
//
//   swift build -c release && .build/release/brace-stack-bench [--quick] [--reps-build N] [--reps-op N]
//
// (The core is linked statically into this program; it finds libbrace_stack.so,
// libbrace_autoresizing.so and libbrace_simplex.so next to the executable, or in
// BRACE_PLUGIN_PATH.)
//
// The scene: a horizontal root stack of 10 vertical column stacks, each of 10 horizontal
// row stacks of 100 leaves with intrinsic size 20x20 (10,000 leaves, 10,111 nodes),
// spacing 2 in rows and columns; the root's frame is set by hand, 218 tall (the content).
//   spaced: root distribution equal_spacing, wider than its content; columns and rows
//           alignment leading (leaves keep 20x20). A root resize moves only columns.
//   fill:   root distribution fill_equally, 10% wider than the content; columns alignment
//           fill; rows distribution fill, the last leaf of each row hugging 249
//           horizontally (the others 250), so it takes the row's extra width.
//
// Figures, each a median of repeated runs (clock_gettime(CLOCK_MONOTONIC)), in µs:
//   first_context_us  the first brace_context_create + loading `stack` in the process
//   first_use_us      the first scene in the process: that, plus build + first cycle
//   context_us        a later context + `stack` (plugins loaded already)
//   build_first_us    a new context, the tree built, the first update cycle
//   resize_us         the root's frame one step wider or narrower + update cycle
//   hide_show_us      one deep leaf hidden + cycle, then shown + cycle (the pair)
//   spacing_us        the spacing of one deep row 2 <-> 4 + cycle
// Each printed as `brace MODE NAME VALUE`; check frames as `brace MODE check STATE NODE x y w h`.

import Brace
import BraceBenchKit
import CBrace

// MARK: - Timing, errors, output

@inline(__always)
func check(_ status: brace_status, _ what: @autoclosure () -> String, _ ctx: OpaquePointer?) {
  if status != BRACE_OK { die("\(what()) failed: \(String(cString: brace_status_name(status))): \(String(cString: brace_last_error(ctx)))") }
}

/// A number with `decimals` decimals, trailing zeros dropped when `trim`.
func fixed(_ v: Double, _ decimals: Int, trim: Bool = false) -> String {
  if !v.isFinite { return "nan" }
  var scale = 1.0
  for _ in 0..<decimals { scale *= 10 }
  var r = (v * scale).rounded() / scale
  if r == 0 { r = 0 }  // no "-0"
  if r == r.rounded() && (trim || decimals == 0) { return String(Int64(r)) }
  var s = "\(r)"
  if s.contains("e") { return s }
  if let dot = s.firstIndex(of: ".") {
    let have = s.distance(from: dot, to: s.endIndex) - 1
    if have < decimals && !trim { s += String(repeating: "0", count: decimals - have) }
  }
  return s
}

// MARK: - The scene

let colCount = 10, rowCount = 10, leafCount = 100
let leafSize = 20.0, gap = 2.0, gapChanged = 4.0
/// Content: a row 100 * 20 + 99 * 2 = 2198 wide, a column 218 tall, the root 21998 wide.
let height = 218.0
/// The deep row (column 5, row 5) and the leaf hidden in it.
let deepCol = 5, deepRow = 5, deepLeaf = 50

enum Mode: String { case spaced, fill }

/// spaced: gaps between columns (W - 21980) / 9 = 40, then 41 (18 with the deep row's
/// spacing at 4: that row, and its column, are 2396 wide). fill: columns (W - 18) / 10 =
/// 2418, then 2419; W0 = 21998 * 1.1 rounded. Every edge lands on a whole point.
func width0(_ m: Mode) -> Double { m == .spaced ? 22340 : 24198 }
func width1(_ m: Mode) -> Double { m == .spaced ? 22349 : 24208 }

struct Scene {
  var ctx: OpaquePointer
  var root: brace_node = 0
  var cols: [brace_node] = []
  var rows: [brace_node] = []    // [c * rows + r]
  var leaves: [brace_node] = []  // [(c * rows + r) * leaves + l]
  func row(_ c: Int, _ r: Int) -> brace_node { rows[c * rowCount + r] }
  func leaf(_ c: Int, _ r: Int, _ l: Int) -> brace_node { leaves[(c * rowCount + r) * leafCount + l] }
}

func makeContext() -> OpaquePointer {
  var ctx: OpaquePointer?
  check(brace_context_create(nil, &ctx), "brace_context_create (are the plugins next to the executable, or in BRACE_PLUGIN_PATH?)", nil)
  guard let ctx else { die("brace_context_create gave no context") }
  check(brace_context_load_strategy(ctx, "stack"), "brace_context_load_strategy(\"stack\") (is libbrace_stack.so built?)", ctx)
  return ctx
}

@inline(__always)
func node(_ ctx: OpaquePointer, under parent: brace_node?) -> brace_node {
  var n: brace_node = 0
  check(brace_node_create(ctx, &n), "brace_node_create", ctx)
  if let parent { check(brace_node_add_subview(ctx, parent, n), "brace_node_add_subview", ctx) }
  return n
}

@inline(__always)
func stack(_ ctx: OpaquePointer, _ n: brace_node, axis: String, distribution: String, alignment: String) {
  check(brace_node_set_layout_strategy(ctx, n, "stack"), "brace_node_set_layout_strategy(stack)", ctx)
  check(brace_node_set_property_enum(ctx, n, "axis", axis), "set axis", ctx)
  check(brace_node_set_property_enum(ctx, n, "distribution", distribution), "set distribution", ctx)
  check(brace_node_set_property_enum(ctx, n, "alignment", alignment), "set alignment", ctx)
  check(brace_node_set_property_double(ctx, n, "spacing", gap), "set spacing", ctx)
}

/// `count` new subviews of `parent` in one call (brace_node_create_subviews), each with
/// `size` as its intrinsic content size (-1 x -1: none).
func subviews(_ ctx: OpaquePointer, of parent: brace_node, _ count: Int, size: brace_size, into list: inout [brace_node]) {
  let start = list.count
  list.append(contentsOf: repeatElement(0, count: count))
  list.withUnsafeMutableBufferPointer { b in
    check(brace_node_create_subviews(ctx, parent, count, size, b.baseAddress! + start), "brace_node_create_subviews", ctx)
  }
}

/// The tree in `ctx`, nothing laid out yet: each level's nodes made in one call.
func build(_ ctx: OpaquePointer, _ mode: Mode) -> Scene {
  var s = Scene(ctx: ctx)
  s.cols.reserveCapacity(colCount)
  s.rows.reserveCapacity(colCount * rowCount)
  s.leaves.reserveCapacity(colCount * rowCount * leafCount)
  let spaced = mode == .spaced
  s.root = node(ctx, under: nil)
  stack(ctx, s.root, axis: "horizontal", distribution: spaced ? "equal_spacing" : "fill_equally", alignment: "fill")
  check(brace_node_set_frame(ctx, s.root, brace_rect(x: 0, y: 0, width: width0(mode), height: height)), "brace_node_set_frame", ctx)
  let none = brace_size(width: -1, height: -1)
  let leafSizeValue = brace_size(width: leafSize, height: leafSize)
  subviews(ctx, of: s.root, colCount, size: none, into: &s.cols)
  for c in 0..<colCount {
    stack(ctx, s.cols[c], axis: "vertical", distribution: "fill", alignment: spaced ? "leading" : "fill")
    subviews(ctx, of: s.cols[c], rowCount, size: none, into: &s.rows)
  }
  for row in s.rows {
    stack(ctx, row, axis: "horizontal", distribution: "fill", alignment: spaced ? "leading" : "fill")
    subviews(ctx, of: row, leafCount, size: leafSizeValue, into: &s.leaves)
    if !spaced {
      check(brace_node_set_content_hugging_priority(ctx, s.leaves[s.leaves.count - 1], BRACE_AXIS_HORIZONTAL, 249), "brace_node_set_content_hugging_priority", ctx)
    }
  }
  return s
}

@inline(__always)
func cycle(_ ctx: OpaquePointer) {
  check(brace_context_run_update_cycle(ctx), "brace_context_run_update_cycle", ctx)
}

@inline(__always)
func setWidth(_ s: Scene, _ w: Double) {
  check(brace_node_set_frame(s.ctx, s.root, brace_rect(x: 0, y: 0, width: w, height: height)), "brace_node_set_frame", s.ctx)
}

func printFigure(_ m: Mode, _ what: String, _ us: Double) {
  print("brace \(m.rawValue) \(what) \(fixed(us, 1))")
}

func printFrame(_ s: Scene, _ m: Mode, _ state: String, _ name: String, _ n: brace_node) {
  var r = brace_rect()
  check(brace_node_get_frame(s.ctx, n, &r), "brace_node_get_frame", s.ctx)
  print("brace \(m.rawValue) check \(state) \(name) \(fixed(r.x, 3, trim: true)) \(fixed(r.y, 3, trim: true)) \(fixed(r.width, 3, trim: true)) \(fixed(r.height, 3, trim: true))")
}

/// The check frames (the same nodes as Yoga's; the hidden leaf itself is left out).
func printFrames(_ s: Scene, _ m: Mode, _ state: String) {
  printFrame(s, m, state, "root", s.root)
  printFrame(s, m, state, "c0", s.cols[0])
  printFrame(s, m, state, "c5", s.cols[deepCol])
  printFrame(s, m, state, "c9", s.cols[colCount - 1])
  printFrame(s, m, state, "c0.r0", s.row(0, 0))
  printFrame(s, m, state, "c5.r5", s.row(deepCol, deepRow))
  printFrame(s, m, state, "c9.r9", s.row(colCount - 1, rowCount - 1))
  printFrame(s, m, state, "c0.r0.l0", s.leaf(0, 0, 0))
  printFrame(s, m, state, "c0.r0.l99", s.leaf(0, 0, leafCount - 1))
  printFrame(s, m, state, "c5.r5.l49", s.leaf(deepCol, deepRow, deepLeaf - 1))
  printFrame(s, m, state, "c5.r5.l51", s.leaf(deepCol, deepRow, deepLeaf + 1))
  printFrame(s, m, state, "c5.r5.l99", s.leaf(deepCol, deepRow, leafCount - 1))
  printFrame(s, m, state, "c9.r9.l99", s.leaf(colCount - 1, rowCount - 1, leafCount - 1))
}

/// Untimed: the check frames in four states, each from the first layout at width0.
func checks(_ m: Mode) {
  let ctx = makeContext()
  let s = build(ctx, m)
  cycle(ctx)
  printFrames(s, m, "first")
  setWidth(s, width1(m))
  cycle(ctx)
  printFrames(s, m, "resize")
  setWidth(s, width0(m))
  let deep = s.leaf(deepCol, deepRow, deepLeaf)
  check(brace_node_set_hidden(ctx, deep, true), "brace_node_set_hidden", ctx)
  cycle(ctx)
  printFrames(s, m, "hidden")
  check(brace_node_set_hidden(ctx, deep, false), "brace_node_set_hidden", ctx)
  cycle(ctx)
  check(brace_node_set_property_double(ctx, s.row(deepCol, deepRow), "spacing", gapChanged), "set spacing", ctx)
  cycle(ctx)
  printFrames(s, m, "spacing")
  check(brace_context_destroy(ctx), "brace_context_destroy", nil)
}

func measure(_ m: Mode, repsBuild: Int, repsOp: Int, firstInProcess: Bool) {
  var builds: [Double] = [], contexts: [Double] = []
  for k in 0...repsBuild {
    let t0 = now()
    let ctx = makeContext()
    let tc = usSince(t0)
    let s = build(ctx, m)
    cycle(ctx)
    let t = usSince(t0)
    _ = s
    check(brace_context_destroy(ctx), "brace_context_destroy", nil)
    if k == 0 {
      if firstInProcess {
        printFigure(m, "first_context_us", tc)
        printFigure(m, "first_use_us", t)
      }
    } else {
      builds.append(t)
      contexts.append(tc)
    }
  }
  printFigure(m, "context_us", median(contexts))
  printFigure(m, "build_first_us", median(builds))

  let ctx = makeContext()
  let s = build(ctx, m)
  cycle(ctx)
  let warm = 5

  var resizes: [Double] = []
  resizes.reserveCapacity(repsOp)
  for k in 0..<(warm + repsOp) {
    let w = k % 2 == 0 ? width1(m) : width0(m)
    let t0 = now()
    setWidth(s, w)
    cycle(ctx)
    let t = usSince(t0)
    if k >= warm { resizes.append(t) }
  }
  setWidth(s, width0(m))
  cycle(ctx)
  printFigure(m, "resize_us", median(resizes))

  let deep = s.leaf(deepCol, deepRow, deepLeaf)
  var pairs: [Double] = []
  pairs.reserveCapacity(repsOp)
  for k in 0..<(warm + repsOp) {
    let t0 = now()
    check(brace_node_set_hidden(ctx, deep, true), "brace_node_set_hidden", ctx)
    cycle(ctx)
    check(brace_node_set_hidden(ctx, deep, false), "brace_node_set_hidden", ctx)
    cycle(ctx)
    let t = usSince(t0)
    if k >= warm { pairs.append(t) }
  }
  printFigure(m, "hide_show_us", median(pairs))

  let deepRowNode = s.row(deepCol, deepRow)
  var gaps: [Double] = []
  gaps.reserveCapacity(repsOp)
  for k in 0..<(warm + repsOp) {
    let g = k % 2 == 0 ? gapChanged : gap
    let t0 = now()
    check(brace_node_set_property_double(ctx, deepRowNode, "spacing", g), "set spacing", ctx)
    cycle(ctx)
    let t = usSince(t0)
    if k >= warm { gaps.append(t) }
  }
  printFigure(m, "spacing_us", median(gaps))
  check(brace_context_destroy(ctx), "brace_context_destroy", nil)
}

// MARK: - Main

let quick = CommandLine.arguments.contains("--quick")
let repsBuild = intOption("--reps-build").map { max(1, $0) } ?? (quick ? 5 : 21)
let repsOp = intOption("--reps-op").map { max(1, $0) } ?? (quick ? 21 : 201)

print("# brace \(String(cString: brace_version_string())) (stack strategy), \(colCount * rowCount * leafCount) leaves, \(1 + colCount + colCount * rowCount + colCount * rowCount * leafCount) nodes; medians of \(repsBuild) builds, \(repsOp) ops; µs")
var firstInProcess = true
for m in [Mode.spaced, Mode.fill] {
  measure(m, repsBuild: repsBuild, repsOp: repsOp, firstInProcess: firstInProcess)
  firstInProcess = false
  checks(m)
  flushOutput()
}
