// No strategy writes -0.0 into a frame: the frame strategy (autoresizing), the stack
// (direct and constraint paths) and the constraint engine round to the pixel grid with
// one function, which turns a rounded -0.0 into 0.0. The cases place an edge a fraction
// of a pixel left of or above 0, which rounds to -0.0. Driven through the C ABI only.
import CBrace
import Testing

/// A context with the built-in strategies at `scale`; destroyed when the test ends.
private final class Scene {
  let ctx: OpaquePointer

  init(scale: Double) throws {
    var o = brace_context_options()
    brace_context_options_init(&o)
    o.scale = scale
    o.quiet_diagnostics = true
    var c: OpaquePointer?
    try #require(brace_context_create(&o, &c) == BRACE_OK)
    ctx = try #require(c)
  }

  deinit { _ = brace_context_destroy(ctx) }

  func check(_ s: brace_status, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(s == BRACE_OK, "\(String(cString: brace_status_name(s))): \(String(cString: brace_last_error(ctx)))",
            sourceLocation: sourceLocation)
  }

  func node(in parent: brace_node? = nil, frame: brace_rect? = nil) -> brace_node {
    var n: brace_node = 0
    check(brace_node_create(ctx, &n))
    if let parent { check(brace_node_add_subview(ctx, parent, n)) }
    if let frame { check(brace_node_set_frame(ctx, n, frame)) }
    return n
  }

  func cycle() { check(brace_context_run_update_cycle(ctx)) }

  func frame(_ n: brace_node) -> brace_rect {
    var r = brace_rect()
    check(brace_node_get_frame(ctx, n, &r))
    return r
  }

  /// Every component of every frame under `root` (and its own), as "name: value" for
  /// the components that are -0.0.
  func negativeZeros(under root: brace_node) -> [String] {
    var found: [String] = []
    var pending = [root]
    while let n = pending.popLast() {
      let f = frame(n)
      for (name, v) in [("x", f.x), ("y", f.y), ("width", f.width), ("height", f.height)] where v == 0 && v.sign == .minus {
        found.append("node \(n) \(name) is -0.0")
      }
      var count = 0
      check(brace_node_get_subview_count(ctx, n, &count))
      for k in 0..<count {
        var child: brace_node = 0
        check(brace_node_get_subview(ctx, n, k, &child))
        pending.append(child)
      }
    }
    return found
  }
}

private let scales = [1.0, 2.0, 3.0]

@Suite struct NoNegativeZeroInFrames {
  /// A subview at x 1, y 1 with flexible left and top margins: the container shrinking
  /// by 1.1 moves its exact origin to -0.1, which rounds to -0.0 at every scale.
  @Test(arguments: scales)
  func frameStrategyAutoresizingPastTheOrigin(scale: Double) throws {
    let s = try Scene(scale: scale)
    let root = s.node(frame: brace_rect(x: 0, y: 0, width: 100, height: 100))
    let child = s.node(in: root, frame: brace_rect(x: 1, y: 1, width: 10, height: 10))
    s.check(brace_node_set_autoresizing_mask(
      s.ctx, child, UInt32(BRACE_AUTORESIZE_FLEXIBLE_LEFT_MARGIN) | UInt32(BRACE_AUTORESIZE_FLEXIBLE_TOP_MARGIN)))
    s.cycle()
    s.check(brace_node_set_frame(s.ctx, root, brace_rect(x: 0, y: 0, width: 98.9, height: 98.9)))
    #expect(s.negativeZeros(under: root) == [], "inside set_frame (size_changed), scale \(scale)")
    s.cycle()
    #expect(s.negativeZeros(under: root) == [], "after the update cycle, scale \(scale)")
    let f = s.frame(child)
    #expect(f.x == 0 && f.y == 0 && f.width == 10 && f.height == 10, "scale \(scale): \(f)")
  }

  /// Arranged views whose alignment rects are inset by 0.1 on the left and top: their
  /// frames start at -0.1, on the direct path and on the constraint path.
  @Test(arguments: scales, [false, true])
  func stackOutsetPastTheOrigin(scale: Double, generate: Bool) throws {
    let s = try Scene(scale: scale)
    let root = s.node(frame: brace_rect(x: 0, y: 0, width: 200, height: 100))
    let stack = s.node(in: root, frame: brace_rect(x: 0, y: 0, width: 200, height: 100))
    s.check(brace_node_set_layout_strategy(s.ctx, stack, "stack"))
    s.check(brace_node_set_property_enum(s.ctx, stack, "axis", "vertical"))
    s.check(brace_node_set_property_bool(s.ctx, stack, "generate_constraints", generate))
    for _ in 0..<3 {
      let v = s.node(in: stack)
      s.check(brace_node_set_intrinsic_content_size(s.ctx, v, brace_size(width: 20, height: 20)))
      s.check(brace_node_set_alignment_rect_insets(s.ctx, v, brace_insets(top: 0.1, left: 0.1, bottom: 0, right: 0)))
    }
    s.cycle()
    #expect(s.negativeZeros(under: root) == [], "scale \(scale), generate_constraints \(generate)")
  }

  /// A subview constrained 0.1 left of and above its superview's edges.
  @Test(arguments: scales)
  func constraintsPastTheOrigin(scale: Double) throws {
    let s = try Scene(scale: scale)
    let root = s.node(frame: brace_rect(x: 0, y: 0, width: 100, height: 100))
    let child = s.node(in: root)
    s.check(brace_node_set_translates_autoresizing_mask(s.ctx, child, false))
    let rules: [(brace_attribute, brace_node, brace_attribute, Double)] = [
      (BRACE_ATTR_LEFT, root, BRACE_ATTR_LEFT, -0.1), (BRACE_ATTR_TOP, root, BRACE_ATTR_TOP, -0.1),
      (BRACE_ATTR_WIDTH, 0, BRACE_ATTR_NONE, 10), (BRACE_ATTR_HEIGHT, 0, BRACE_ATTR_NONE, 10),
    ]
    for (a, item, b, constant) in rules {
      var c: brace_constraint = 0
      s.check(brace_constraint_create(s.ctx, child, a, BRACE_RELATION_EQUAL, item, b, item == 0 ? 0 : 1, constant, &c))
      s.check(brace_constraint_activate(s.ctx, c))
    }
    s.cycle()
    #expect(s.negativeZeros(under: root) == [], "scale \(scale)")
  }
}
