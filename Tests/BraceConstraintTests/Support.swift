// Helpers of the constraint-layout suite: a context fixture with trace and diagnostics
// recorders, constraint builders and status checks. Everything goes through the C ABI
// (brace_*), exactly as a C user calls it.
import CBrace
import Testing

// MARK: - Status checks

func statusName(_ s: brace_status) -> String { String(cString: brace_status_name(s)) }

/// The calling thread's last-error message for `ctx`.
func lastError(_ ctx: OpaquePointer?) -> String { String(cString: brace_last_error(ctx)) }

/// Expects BRACE_OK; on failure the message shows the status name and brace_last_error.
@discardableResult
func ok(_ s: brace_status, _ ctx: OpaquePointer?, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
  #expect(s == BRACE_OK, "expected BRACE_OK, got \(statusName(s)): \(lastError(ctx))", sourceLocation: sourceLocation)
  return s == BRACE_OK
}

/// Expects the status `expected` and a last-error message containing each of `mentions`
/// (case-insensitive). Returns the message.
@discardableResult
func expectFailure(
  _ s: brace_status, _ expected: brace_status, _ ctx: OpaquePointer?, mentions: [String] = [],
  sourceLocation: SourceLocation = #_sourceLocation
) -> String {
  #expect(s == expected, "expected \(statusName(expected)), got \(statusName(s)): \(lastError(ctx))", sourceLocation: sourceLocation)
  let message = lastError(ctx)
  #expect(!message.isEmpty, "brace_last_error is empty after \(statusName(s))", sourceLocation: sourceLocation)
  for m in mentions {
    #expect(message.lowercased().contains(m.lowercased()), "last error \"\(message)\" does not mention \"\(m)\"", sourceLocation: sourceLocation)
  }
  return message
}

// MARK: - Geometry

func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> brace_rect {
  brace_rect(x: x, y: y, width: w, height: h)
}

func same(_ a: brace_rect, _ b: brace_rect) -> Bool {
  a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height
}

func describe(_ r: brace_rect) -> String { "{x \(r.x), y \(r.y), w \(r.width), h \(r.height)}" }

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

// MARK: - Trace and diagnostics recorders

struct TraceEvent {
  var kind: brace_trace_kind
  var phase: brace_phase
  var node: brace_node
}

final class TraceLog {
  var events: [TraceEvent] = []
  func clear() { events.removeAll() }
  /// The nodes of the events of `kind`, in order.
  func nodes(_ kind: brace_trace_kind) -> [brace_node] { events.filter { $0.kind == kind }.map(\.node) }
  /// The nodes laid out (BRACE_TRACE_LAYOUT), in order.
  var laidOut: [brace_node] { nodes(BRACE_TRACE_LAYOUT) }
}

let traceTrampoline: brace_trace_fn = { _, event, userData in
  guard let event, let userData else { return }
  let log = Unmanaged<TraceLog>.fromOpaque(userData).takeUnretainedValue()
  log.events.append(TraceEvent(kind: event.pointee.kind, phase: event.pointee.phase, node: event.pointee.node))
}

struct Diagnostic {
  var kind: brace_diagnostic_kind
  var message: String
  var nodes: [brace_node]
}

final class DiagnosticLog {
  var all: [Diagnostic] = []
  func clear() { all.removeAll() }
  func of(_ kind: brace_diagnostic_kind) -> [Diagnostic] { all.filter { $0.kind == kind } }
}

let diagnosticTrampoline: brace_diagnostic_fn = { _, d, userData in
  guard let d, let userData else { return }
  let log = Unmanaged<DiagnosticLog>.fromOpaque(userData).takeUnretainedValue()
  let v = d.pointee
  let nodes = v.node_count == 0 || v.nodes == nil ? [] : Array(UnsafeBufferPointer(start: v.nodes, count: v.node_count))
  log.all.append(Diagnostic(kind: v.kind, message: v.message.map { String(cString: $0) } ?? "<NULL>", nodes: nodes))
}

/// A node's intrinsic_content_size callback answering a size the test can change.
final class IntrinsicSource {
  var size: brace_size
  var calls = 0
  init(_ size: brace_size) { self.size = size }
}

// MARK: - The fixture

/// A context with trace and diagnostics recorders. Destroyed when the fixture goes away.
final class Fx {
  let ctx: OpaquePointer
  let trace = TraceLog()
  let diagnostics = DiagnosticLog()
  private var sources: [IntrinsicSource] = []

  init(direction: brace_layout_direction = BRACE_DIRECTION_LTR, scale: Double = 1) throws {
    var o = brace_context_options()
    brace_context_options_init(&o)
    o.layout_direction = direction
    o.scale = scale
    var c: OpaquePointer?
    let s = brace_context_create(&o, &c)
    guard s == BRACE_OK, let c else {
      throw SetupError(description: "brace_context_create failed with \(statusName(s)): \(lastError(nil))")
    }
    ctx = c
    ok(brace_context_set_trace_callback(ctx, traceTrampoline, Unmanaged.passUnretained(trace).toOpaque()), ctx)
    ok(brace_context_set_diagnostic_callback(ctx, diagnosticTrampoline, Unmanaged.passUnretained(diagnostics).toOpaque()), ctx)
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

  func constraints(of n: brace_node, sourceLocation: SourceLocation = #_sourceLocation) -> [brace_constraint] {
    var count = 0
    ok(brace_node_get_constraints(ctx, n, nil, 0, &count), ctx, sourceLocation: sourceLocation)
    var buf = [brace_constraint](repeating: 0, count: count)
    ok(brace_node_get_constraints(ctx, n, &buf, count, &count), ctx, sourceLocation: sourceLocation)
    return Array(buf.prefix(count))
  }

  func identifier(_ c: brace_constraint, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    var p: UnsafePointer<CChar>?
    ok(brace_constraint_get_identifier(ctx, c, &p), ctx, sourceLocation: sourceLocation)
    return p.map { String(cString: $0) }
  }

  func setConstant(_ c: brace_constraint, _ v: Double, sourceLocation: SourceLocation = #_sourceLocation) {
    ok(brace_constraint_set_constant(ctx, c, v), ctx, sourceLocation: sourceLocation)
  }

  // MARK: Reading and running

  func frame(_ n: brace_node, sourceLocation: SourceLocation = #_sourceLocation) -> brace_rect {
    var r = brace_rect()
    ok(brace_node_get_frame(ctx, n, &r), ctx, sourceLocation: sourceLocation)
    return r
  }

  func subviews(_ n: brace_node) -> [brace_node] {
    var count = 0
    ok(brace_node_get_subviews(ctx, n, nil, 0, &count), ctx)
    var buf = [brace_node](repeating: 0, count: count)
    ok(brace_node_get_subviews(ctx, n, &buf, count, &count), ctx)
    return Array(buf.prefix(count))
  }

  func pending() -> UInt32 {
    var p: UInt32 = 0
    ok(brace_context_get_pending(ctx, &p), ctx)
    return p
  }

  func ambiguous(_ n: brace_node, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    var b = false
    ok(brace_node_has_ambiguous_layout(ctx, n, &b), ctx, sourceLocation: sourceLocation)
    return b
  }

  func description(_ n: brace_node) -> String {
    var length = 0
    ok(brace_node_copy_description(ctx, n, nil, 0, &length), ctx)
    var buf = [CChar](repeating: 0, count: length + 1)
    ok(brace_node_copy_description(ctx, n, &buf, buf.count, &length), ctx)
    return String(cString: buf)
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

struct SetupError: Error, CustomStringConvertible {
  var description: String
}
