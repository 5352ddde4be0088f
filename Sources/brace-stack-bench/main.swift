// brace-stack-bench — nested stacks through the C ABI, the scene Tests/bench/yoga/
// stack_bench.cpp builds in Yoga (Tests/bench/stack-bench.sh runs both side by side).
//
// A horizontal root stack of 10 vertical column stacks, each of 10 horizontal row stacks
// of 100 leaves with intrinsic size 20 x 20, spacing 2 in rows and columns (10,000 leaves).
//   spaced: the root distributes its columns with equal_spacing and is 500 wider than
//           its content; columns and rows align leading, so leaves keep their size.
//   fill:   the columns fill the root equally (fill_equally) and stretch their rows
//           (alignment fill); each row's last leaf hugs less, so it stretches; the root
//           starts 10% wider than the content.
// For each mode: build + first cycle; a root resize (one width step, then a cycle);
// hiding then showing one deep leaf (a cycle each); one spacing change in one deep row.
// Figures are medians; one line per figure:  brace MODE OPERATION microseconds
// First use in the process (the first context, the first load of the plugin) is reported
// apart, once: `brace first ...`.
//
//   .build/release/brace-stack-bench [repeats]
import Brace
import CBrace

#if canImport(Glibc)
import Glibc
#endif

func now() -> Double {
  var t = timespec()
  clock_gettime(CLOCK_MONOTONIC, &t)
  return Double(t.tv_sec) * 1e6 + Double(t.tv_nsec) / 1e3
}

func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }

func must(_ s: brace_status, _ ctx: OpaquePointer?, _ what: String) {
  guard s == BRACE_OK else {
    print("brace-stack-bench: \(what) failed: \(String(cString: brace_last_error(ctx)))")
    exit(1)
  }
}

let columns = 10, rows = 10, leaves = 100
let leaf = 20.0, gap = 2.0
let contentWidth = Double(columns) * (Double(leaves) * leaf + Double(leaves - 1) * gap) + Double(columns - 1) * gap
let height = Double(rows) * leaf + Double(rows - 1) * gap

final class Scene {
  var ctx: OpaquePointer? = nil
  var root: brace_node = 0
  var rowNodes: [brace_node] = []
  var leafNodes: [brace_node] = []
  var width = 0.0

  func stack(_ n: brace_node, axis: Int64, distribution: Int64 = 0, alignment: Int64 = 0) {
    must(brace_node_set_layout_strategy(ctx, n, "stack"), ctx, "set_layout_strategy")
    var v = brace_value(type: BRACE_VALUE_ENUM, integer: axis, number: 0)
    must(brace_node_set_property(ctx, n, "axis", &v), ctx, "axis")
    v.integer = distribution
    must(brace_node_set_property(ctx, n, "distribution", &v), ctx, "distribution")
    v.integer = alignment
    must(brace_node_set_property(ctx, n, "alignment", &v), ctx, "alignment")
    setSpacing(n, gap)
  }

  func setSpacing(_ n: brace_node, _ value: Double) {
    var v = brace_value(type: BRACE_VALUE_DOUBLE, integer: 0, number: value)
    must(brace_node_set_property(ctx, n, "spacing", &v), ctx, "spacing")
  }

  func node(in parent: brace_node) -> brace_node {
    var n: brace_node = 0
    must(brace_node_create(ctx, &n), ctx, "node_create")
    if parent != 0 { must(brace_node_add_subview(ctx, parent, n), ctx, "add_subview") }
    return n
  }

  func cycle() { must(brace_context_run_update_cycle(ctx), ctx, "run_update_cycle") }

  /// Builds the scene and runs the first cycle.
  init(fill: Bool) {
    must(brace_context_create(nil, &ctx), nil, "context_create")
    root = node(in: 0)
    // equal_spacing = 3, fill_equally = 1; alignment leading = 1, fill = 0
    stack(root, axis: 0, distribution: fill ? 1 : 3)
    for _ in 0..<columns {
      let col = node(in: root)
      stack(col, axis: 1, alignment: fill ? 0 : 1)
      for _ in 0..<rows {
        let row = node(in: col)
        stack(row, axis: 0, alignment: 1)
        rowNodes.append(row)
        for k in 0..<leaves {
          let l = node(in: row)
          must(brace_node_set_intrinsic_content_size(ctx, l, brace_size(width: leaf, height: leaf)), ctx, "intrinsic")
          if fill && k == leaves - 1 {
            must(brace_node_set_content_hugging_priority(ctx, l, BRACE_AXIS_HORIZONTAL, 200), ctx, "hugging")
          }
          leafNodes.append(l)
        }
      }
    }
    width = fill ? contentWidth * 1.1 : contentWidth + 500
    must(brace_node_set_frame(ctx, root, brace_rect(x: 0, y: 0, width: width, height: height)), ctx, "set_frame")
    cycle()
  }

  deinit { brace_context_destroy(ctx) }

  /// A leaf's frame in the root's coordinates.
  func frameInRoot(_ n: brace_node) -> brace_rect {
    var f = brace_rect()
    _ = brace_node_get_frame(ctx, n, &f)
    var p: brace_node = 0
    var x = n
    while brace_node_get_superview(ctx, x, &p) == BRACE_OK, p != 0, p != root {
      var pf = brace_rect()
      _ = brace_node_get_frame(ctx, p, &pf)
      f.x += pf.x
      f.y += pf.y
      x = p
    }
    return f
  }
}

func report(_ mode: String, _ what: String, _ value: Double) {
  print("brace \(mode) \(what) \(format2(value))")
}

func format2(_ v: Double) -> String {
  let scaled = (v * 100).rounded() / 100
  return "\(scaled)"
}

let repeats = CommandLine.arguments.count > 1 ? max(3, Int(CommandLine.arguments[1]) ?? 200) : 200

// First use in this process: the first context (which loads "frame" and finds the
// built-ins), then the first node that uses "stack" (which loads libbrace_stack.so).
do {
  var ctx: OpaquePointer? = nil
  let a = now()
  must(brace_context_create(nil, &ctx), nil, "context_create")
  let b = now()
  var n: brace_node = 0
  must(brace_node_create(ctx, &n), ctx, "node_create")
  must(brace_node_set_layout_strategy(ctx, n, "stack"), ctx, "set_layout_strategy")
  let c = now()
  // The same again, warm: the plugin files are loaded in the process already.
  var ctx2: OpaquePointer? = nil
  let d = now()
  must(brace_context_create(nil, &ctx2), nil, "context_create")
  var m: brace_node = 0
  must(brace_node_create(ctx2, &m), ctx2, "node_create")
  must(brace_node_set_layout_strategy(ctx2, m, "stack"), ctx2, "set_layout_strategy")
  let e = now()
  print("brace first context_create_us \(format2(b - a))")
  print("brace first load_stack_us \(format2(c - b))")
  print("brace warm context_create_and_stack_us \(format2(e - d))")
  brace_context_destroy(ctx)
  brace_context_destroy(ctx2)
}

for fill in [false, true] {
  let mode = fill ? "fill" : "spaced"
  var t: [Double] = []
  for _ in 0..<max(3, repeats / 20) {
    let a = now()
    let s = Scene(fill: fill)
    t.append(now() - a)
    _ = s
  }
  report(mode, "build_first_us", median(t))

  let s = Scene(fill: fill)
  let f = s.frameInRoot(s.leafNodes[leaves - 1])
  print("brace \(mode) check last_leaf_of_first_row \(s.number(f.x)) \(s.number(f.y)) \(s.number(f.width)) \(s.number(f.height))")

  t = []
  for i in 0..<repeats {
    must(brace_node_set_frame(s.ctx, s.root, brace_rect(x: 0, y: 0, width: s.width + (i % 2 == 0 ? 10 : 0), height: height)), s.ctx, "set_frame")
    let a = now()
    s.cycle()
    t.append(now() - a)
  }
  report(mode, "resize_us", median(t))

  let deep = s.leafNodes[s.leafNodes.count / 2 + leaves / 2]
  t = []
  for i in 0..<repeats {
    must(brace_node_set_hidden(s.ctx, deep, i % 2 == 0), s.ctx, "set_hidden")
    let a = now()
    s.cycle()
    t.append(now() - a)
  }
  report(mode, "hide_show_us", median(t))

  let row = s.rowNodes[s.rowNodes.count / 2 + rows / 2]
  t = []
  for i in 0..<repeats {
    s.setSpacing(row, i % 2 == 0 ? gap + 1 : gap)
    let a = now()
    s.cycle()
    t.append(now() - a)
  }
  report(mode, "spacing_us", median(t))
}

extension Scene {
  func number(_ v: Double) -> String { v == v.rounded() ? "\(Int(v))" : "\(v)" }
}
