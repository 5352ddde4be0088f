// Helpers of the constraint-layout suite: a context fixture with trace and diagnostics
// recorders, and constraint builders (what every suite shares is in BraceTestSupport).
// Everything goes through the C ABI (brace_*), exactly as a C user calls it.
// Re-exported so that every file of the suite, a new one too, sees the shared helpers.
@_exported import BraceTestSupport
import CBrace
import Testing

// MARK: - Geometry

/// Expects `actual` to be exactly `expected`, component by component.
func expectFrame(_ actual: brace_rect, _ expected: brace_rect, _ what: String = "frame", sourceLocation: SourceLocation = #_sourceLocation) {
  #expect(same(actual, expected), "\(what): expected \(describe(expected)), got \(describe(actual))", sourceLocation: sourceLocation)
}

/// The frame a constraint solution (x edges, y edges) becomes at scale 1: each edge
/// rounded to the nearest pixel (halves away from zero), as the header documents.
func pixelFrame(minX: Double, maxX: Double, minY: Double, maxY: Double) -> brace_rect {
  let x0 = minX.rounded(.toNearestOrAwayFromZero), x1 = maxX.rounded(.toNearestOrAwayFromZero)
  let y0 = minY.rounded(.toNearestOrAwayFromZero), y1 = maxY.rounded(.toNearestOrAwayFromZero)
  return rect(x0, y0, x1 - x0, y1 - y0)
}

// Attribute and relation shorthands.
let LEFT = BRACE_ATTR_LEFT, RIGHT = BRACE_ATTR_RIGHT, TOP = BRACE_ATTR_TOP, BOTTOM = BRACE_ATTR_BOTTOM
let LEADING = BRACE_ATTR_LEADING, TRAILING = BRACE_ATTR_TRAILING
let WIDTH = BRACE_ATTR_WIDTH, HEIGHT = BRACE_ATTR_HEIGHT
let CENTER_X = BRACE_ATTR_CENTER_X, CENTER_Y = BRACE_ATTR_CENTER_Y
let NONE = BRACE_ATTR_NONE
let EQ = BRACE_RELATION_EQUAL, LE = BRACE_RELATION_LESS_EQUAL, GE = BRACE_RELATION_GREATER_EQUAL

// MARK: - Trace and intrinsic sizes

extension TraceLog {
  /// The nodes laid out (BRACE_TRACE_LAYOUT), in order.
  var laidOut: [brace_node] { nodes(BRACE_TRACE_LAYOUT) }
}

/// A node's intrinsic_content_size callback answering a size the test can change.
final class IntrinsicSource {
  var size: brace_size
  var calls = 0
  init(_ size: brace_size) { self.size = size }
}

// MARK: - The fixture

/// A context with trace and diagnostics recorders. Destroyed when the fixture goes away.
final class Fx: ContextFixture {
  let ctx: OpaquePointer
  let trace = TraceLog()
  let diagnostics = DiagnosticLog()
  private var sources: [IntrinsicSource] = []

  init(direction: brace_layout_direction = BRACE_DIRECTION_LTR, scale: Double = 1) throws {
    ctx = try createContext(direction: direction, scale: scale)
    ok(trace.record(ctx), ctx)
    ok(diagnostics.record(ctx), ctx)
  }

  deinit { _ = brace_context_destroy(ctx) }

  // MARK: Nodes

  /// A root "window": translating (its frame becomes constraints), with `frame`.
  func window(_ frame: brace_rect = rect(0, 0, 400, 300), sourceLocation: SourceLocation = #_sourceLocation) -> brace_node {
    var n: brace_node = 0
    ok(brace_node_create(ctx, &n), ctx, sourceLocation: sourceLocation)
    ok(brace_node_set_frame(ctx, n, frame), ctx, sourceLocation: sourceLocation)
    return n
  }

  /// A new node under `parent` (a root when nil). By default constraint-driven
  /// (translates_autoresizing_mask off), as views set up for Auto Layout are.
  func view(in parent: brace_node?, translates: Bool = false, frame: brace_rect? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> brace_node {
    var n: brace_node = 0
    ok(brace_node_create(ctx, &n), ctx, sourceLocation: sourceLocation)
    if let parent { ok(brace_node_add_subview(ctx, parent, n), ctx, sourceLocation: sourceLocation) }
    if let frame { ok(brace_node_set_frame(ctx, n, frame), ctx, sourceLocation: sourceLocation) }
    ok(brace_node_set_translates_autoresizing_mask(ctx, n, translates), ctx, sourceLocation: sourceLocation)
    return n
  }

  /// A constraint-driven leaf with an intrinsic content size.
  func label(in parent: brace_node, _ w: Double, _ h: Double, sourceLocation: SourceLocation = #_sourceLocation) -> brace_node {
    let n = view(in: parent, sourceLocation: sourceLocation)
    ok(brace_node_set_intrinsic_content_size(ctx, n, brace_size(width: w, height: h)), ctx, sourceLocation: sourceLocation)
    return n
  }

  /// A layout guide owned by `owner`.
  func guide(_ owner: brace_node, sourceLocation: SourceLocation = #_sourceLocation) -> brace_node {
    var g: brace_node = 0
    ok(brace_layout_guide_create(ctx, owner, &g), ctx, sourceLocation: sourceLocation)
    return g
  }

  /// Installs an intrinsic_content_size callback answering `source.size`.
  func useIntrinsicCallback(_ n: brace_node, _ source: IntrinsicSource, sourceLocation: SourceLocation = #_sourceLocation) {
    sources.append(source)
    var cb = brace_node_callbacks()
    cb.struct_size = UInt32(MemoryLayout<brace_node_callbacks>.size)
    cb.user_data = Unmanaged.passUnretained(source).toOpaque()
    cb.intrinsic_content_size = { _, _, ud in
      let s = Unmanaged<IntrinsicSource>.fromOpaque(ud!).takeUnretainedValue()
      s.calls += 1
      return s.size
    }
    ok(brace_node_set_callbacks(ctx, n, &cb), ctx, sourceLocation: sourceLocation)
  }

  // MARK: Constraints

  /// Creates (not activated) `item1.attr1 REL multiplier * item2.attr2 + constant`.
  func make(
    _ item1: brace_node, _ attr1: brace_attribute, _ relation: brace_relation, _ item2: brace_node, _ attr2: brace_attribute,
    multiplier: Double = 1, _ constant: Double = 0, priority: Float = 1000, id: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> brace_constraint {
    var c: brace_constraint = 0
    ok(brace_constraint_create(ctx, item1, attr1, relation, item2, attr2, multiplier, constant, &c), ctx, sourceLocation: sourceLocation)
    if priority != 1000 { ok(brace_constraint_set_priority(ctx, c, priority), ctx, sourceLocation: sourceLocation) }
    if let id { ok(brace_constraint_set_identifier(ctx, c, id), ctx, sourceLocation: sourceLocation) }
    return c
  }

  /// Creates and activates `item1.attr1 REL multiplier * item2.attr2 + constant`.
  @discardableResult
  func add(
    _ item1: brace_node, _ attr1: brace_attribute, _ relation: brace_relation, _ item2: brace_node, _ attr2: brace_attribute,
    multiplier: Double = 1, _ constant: Double = 0, priority: Float = 1000, id: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> brace_constraint {
    let c = make(item1, attr1, relation, item2, attr2, multiplier: multiplier, constant, priority: priority, id: id, sourceLocation: sourceLocation)
    ok(brace_constraint_activate(ctx, c), ctx, sourceLocation: sourceLocation)
    return c
  }

  /// Creates and activates the constant constraint `item.attr REL constant`.
  @discardableResult
  func add(
    _ item: brace_node, _ attr: brace_attribute, _ relation: brace_relation, _ constant: Double, priority: Float = 1000,
    id: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) -> brace_constraint {
    add(item, attr, relation, 0, NONE, constant, priority: priority, id: id, sourceLocation: sourceLocation)
  }

  /// Activates a linear constraint `sum(terms) REL constant`.
  @discardableResult
  func addLinear(_ terms: [brace_term], _ relation: brace_relation, _ constant: Double, sourceLocation: SourceLocation = #_sourceLocation) -> brace_constraint {
    var c: brace_constraint = 0
    ok(brace_constraint_create_linear(ctx, terms, terms.count, relation, constant, &c), ctx, sourceLocation: sourceLocation)
    ok(brace_constraint_activate(ctx, c), ctx, sourceLocation: sourceLocation)
    return c
  }

  /// Pins `n` to a rectangle in its superview `p`: left, top, width and height.
  func place(_ n: brace_node, in p: brace_node, _ r: brace_rect, sourceLocation: SourceLocation = #_sourceLocation) {
    add(n, LEFT, EQ, p, LEFT, r.x, sourceLocation: sourceLocation)
    add(n, TOP, EQ, p, TOP, r.y, sourceLocation: sourceLocation)
    add(n, WIDTH, EQ, r.width, sourceLocation: sourceLocation)
    add(n, HEIGHT, EQ, r.height, sourceLocation: sourceLocation)
  }

  func isActive(_ c: brace_constraint, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    var b = false
    ok(brace_constraint_is_active(ctx, c, &b), ctx, sourceLocation: sourceLocation)
    return b
  }

  func isBroken(_ c: brace_constraint, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    var b = false
    ok(brace_constraint_is_broken(ctx, c, &b), ctx, sourceLocation: sourceLocation)
    return b
  }

  func broken(sourceLocation: SourceLocation = #_sourceLocation) -> [brace_constraint] {
    var count = 0
    ok(brace_context_get_broken_constraints(ctx, nil, 0, &count), ctx, sourceLocation: sourceLocation)
    var buf = [brace_constraint](repeating: 0, count: count)
    ok(brace_context_get_broken_constraints(ctx, &buf, count, &count), ctx, sourceLocation: sourceLocation)
    return Array(buf.prefix(count))
  }

  func setConstant(_ c: brace_constraint, _ v: Double, sourceLocation: SourceLocation = #_sourceLocation) {
    ok(brace_constraint_set_constant(ctx, c, v), ctx, sourceLocation: sourceLocation)
  }

  // MARK: Reading and running

  func ambiguous(_ n: brace_node, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    var b = false
    ok(brace_node_has_ambiguous_layout(ctx, n, &b), ctx, sourceLocation: sourceLocation)
    return b
  }

  func fitting(_ n: brace_node, _ w: Double, _ h: Double, _ hp: Float, _ vp: Float, sourceLocation: SourceLocation = #_sourceLocation) -> brace_size {
    var s = brace_size(width: -1, height: -1)
    ok(brace_node_system_layout_size_fitting(ctx, n, brace_size(width: w, height: h), hp, vp, &s), ctx, sourceLocation: sourceLocation)
    return s
  }

  /// Runs a turn (clearing the trace first) expecting BRACE_OK.
  func cycle(sourceLocation: SourceLocation = #_sourceLocation) {
    trace.clear()
    ok(brace_context_run_update_cycle(ctx), ctx, sourceLocation: sourceLocation)
  }
}
