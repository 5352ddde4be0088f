// Helpers shared by the Brace test suite: a context fixture, trace and diagnostics
// recorders, per-node callback hooks, and status checks. Everything goes through the
// C ABI (brace_*), exactly as a C user would call it.
import CBrace
import Testing

// MARK: - Status checks

func statusName(_ s: brace_status) -> String { String(cString: brace_status_name(s)) }

/// The calling thread's last-error message for `ctx` (NULL: the context-less messages).
func lastError(_ ctx: OpaquePointer?) -> String { String(cString: brace_last_error(ctx)) }

/// Expects BRACE_OK; on failure the message shows the status name and brace_last_error.
@discardableResult
func ok(_ s: brace_status, _ ctx: OpaquePointer? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
  let good = s == BRACE_OK
  #expect(good, "expected BRACE_OK, got \(statusName(s)): \(lastError(ctx))", sourceLocation: sourceLocation)
  return good
}

/// Expects `expected` as status and a last-error message for `ctx` on this thread that
/// contains every one of `mentions` (case-insensitive).
func expectFailure(
  _ s: brace_status, _ expected: brace_status, _ ctx: OpaquePointer?, mentions: [String] = [],
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(s == expected, "expected \(statusName(expected)), got \(statusName(s))", sourceLocation: sourceLocation)
  let message = lastError(ctx)
  #expect(!message.isEmpty, "brace_last_error is empty after \(statusName(s))", sourceLocation: sourceLocation)
  for m in mentions {
    #expect(message.lowercased().contains(m.lowercased()), "last error \"\(message)\" does not mention \"\(m)\"", sourceLocation: sourceLocation)
  }
}

/// How Brace names a node in messages: "node SLOT:GENERATION".
func nodeName(_ h: brace_node) -> String { "node \(h & 0xFF_FFFF):\((h >> 24) & 0xFFF)" }

/// The context tag packed in a handle (bits 59..48).
func contextTag(_ h: brace_node) -> UInt64 { (h >> 36) & 0x3FF_FFFF }

let callbacksSize = UInt32(MemoryLayout<brace_node_callbacks>.size)

// MARK: - Geometry helpers

func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> brace_rect {
  brace_rect(x: x, y: y, width: w, height: h)
}

func same(_ a: brace_rect, _ b: brace_rect) -> Bool {
  a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height
}

func describe(_ r: brace_rect) -> String { "{\(r.x), \(r.y), \(r.width) x \(r.height)}" }

// MARK: - Trace recording

struct TraceEvent: Equatable {
  var kind: brace_trace_kind
  var phase: brace_phase
  var node: brace_node
  var rect: brace_rect

  static func == (a: TraceEvent, b: TraceEvent) -> Bool {
    a.kind == b.kind && a.phase == b.phase && a.node == b.node && same(a.rect, b.rect)
  }
}

final class TraceRecorder {
  var events: [TraceEvent] = []

  func clear() { events.removeAll() }

  /// The nodes of events of `kind`, in order.
  func nodes(_ kind: brace_trace_kind) -> [brace_node] {
    events.filter { $0.kind == kind }.map(\.node)
  }

  func count(_ kind: brace_trace_kind, _ node: brace_node? = nil) -> Int {
    events.filter { $0.kind == kind && (node == nil || $0.node == node) }.count
  }

  /// Events that concern a node (everything but phase begin/end).
  var nodeEvents: [TraceEvent] {
    events.filter { $0.kind != BRACE_TRACE_PHASE_BEGIN && $0.kind != BRACE_TRACE_PHASE_END }
  }

  /// Index of the first event of `kind` for `node`.
  func index(_ kind: brace_trace_kind, _ node: brace_node) -> Int? {
    events.firstIndex { $0.kind == kind && $0.node == node }
  }

  /// (kind, phase) of the phase begin/end events.
  var phaseMarks: [String] {
    events.compactMap { e in
      switch e.kind {
      case BRACE_TRACE_PHASE_BEGIN: "begin \(e.phase.rawValue)"
      case BRACE_TRACE_PHASE_END: "end \(e.phase.rawValue)"
      default: nil
      }
    }
  }
}

let traceTrampoline: brace_trace_fn = { _, event, userData in
  guard let event, let userData else { return }
  let r = Unmanaged<TraceRecorder>.fromOpaque(userData).takeUnretainedValue()
  let e = event.pointee
  r.events.append(TraceEvent(kind: e.kind, phase: e.phase, node: e.node, rect: e.rect))
}

// MARK: - Diagnostics recording

struct Diagnostic {
  var kind: brace_diagnostic_kind
  var message: String
  var nodes: [brace_node]
}

final class DiagnosticRecorder {
  var diagnostics: [Diagnostic] = []
  var feedbackLoops: [Diagnostic] { diagnostics.filter { $0.kind == BRACE_DIAGNOSTIC_FEEDBACK_LOOP } }
}

let diagnosticTrampoline: brace_diagnostic_fn = { _, d, userData in
  guard let d, let userData else { return }
  let r = Unmanaged<DiagnosticRecorder>.fromOpaque(userData).takeUnretainedValue()
  let v = d.pointee
  let nodes = v.node_count == 0 || v.nodes == nil
    ? [] : Array(UnsafeBufferPointer(start: v.nodes, count: v.node_count))
  r.diagnostics.append(Diagnostic(kind: v.kind, message: v.message.map { String(cString: $0) } ?? "<NULL>", nodes: nodes))
}

// MARK: - Node callbacks ("overrides")

/// Swift closures behind a node's C callbacks. The C function pointers capture nothing:
/// they find this object through user_data. Set the closures you need, then `install`.
final class Hooks {
  var updateConstraints: ((OpaquePointer, brace_node) -> Void)?
  var willLayout: ((OpaquePointer, brace_node) -> Void)?
  var layout: ((OpaquePointer, brace_node) -> Void)?
  var didLayout: ((OpaquePointer, brace_node) -> Void)?
  var draw: ((OpaquePointer, brace_node, brace_rect) -> Void)?
  var intrinsicSize: ((OpaquePointer, brace_node) -> brace_size)?
  /// Names of the callbacks in the order they ran, "layout:<node>" etc.
  private(set) var calls: [String] = []
  /// How many times each kind of callback ran ("layout", "update", "draw", ...).
  private var counts: [String: Int] = [:]

  static func from(_ p: UnsafeMutableRawPointer?) -> Hooks {
    Unmanaged<Hooks>.fromOpaque(p!).takeUnretainedValue()
  }

  /// The callbacks struct, with a C function only for the closures that are set.
  var callbacks: brace_node_callbacks {
    var cb = brace_node_callbacks()
    cb.struct_size = callbacksSize
    cb.user_data = Unmanaged.passUnretained(self).toOpaque()
    if updateConstraints != nil {
      cb.update_constraints = { ctx, node, ud in
        let h = Hooks.from(ud)
        h.record("update", node)
        h.updateConstraints?(ctx!, node)
      }
    }
    if willLayout != nil {
      cb.will_layout_subviews = { ctx, node, ud in
        let h = Hooks.from(ud)
        h.record("will", node)
        h.willLayout?(ctx!, node)
      }
    }
    if layout != nil {
      cb.layout_subviews = { ctx, node, ud in
        let h = Hooks.from(ud)
        h.record("layout", node)
        h.layout?(ctx!, node)
      }
    }
    if didLayout != nil {
      cb.did_layout_subviews = { ctx, node, ud in
        let h = Hooks.from(ud)
        h.record("did", node)
        h.didLayout?(ctx!, node)
      }
    }
    if draw != nil {
      cb.draw = { ctx, node, dirty, ud in
        let h = Hooks.from(ud)
        h.record("draw", node)
        h.draw?(ctx!, node, dirty)
      }
    }
    if intrinsicSize != nil {
      cb.intrinsic_content_size = { ctx, node, ud in
        let h = Hooks.from(ud)
        h.record("intrinsic", node)
        return h.intrinsicSize!(ctx!, node)
      }
    }
    return cb
  }

  func count(_ kind: String) -> Int { counts[kind, default: 0] }

  func record(_ kind: String, _ node: brace_node) {
    calls.append("\(kind):\(node)")
    counts[kind, default: 0] += 1
  }
}

// MARK: - The context fixture

/// A context with a trace recorder and a diagnostics recorder installed. Destroyed (and
/// its recorders and hooks released) when the fixture goes away. Keep the fixture alive
/// while the context is used: `withExtendedLifetime(fx)` or plain use to the end.
final class Fixture {
  let ctx: OpaquePointer
  let trace = TraceRecorder()
  let diagnostics = DiagnosticRecorder()
  private var hooks: [Hooks] = []

  init(
    threshold: UInt32 = 0, direction: brace_layout_direction = BRACE_DIRECTION_LTR, scale: Double = 1,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var o = brace_context_options()
    brace_context_options_init(&o)
    o.feedback_loop_threshold = threshold
    o.layout_direction = direction
    o.scale = scale
    var c: OpaquePointer?
    let s = brace_context_create(&o, &c)
    precondition(s == BRACE_OK && c != nil, "brace_context_create failed: \(lastError(nil))")
    ctx = c!
    ok(brace_context_set_trace_callback(ctx, traceTrampoline, Unmanaged.passUnretained(trace).toOpaque()), ctx, sourceLocation: sourceLocation)
    ok(brace_context_set_diagnostic_callback(ctx, diagnosticTrampoline, Unmanaged.passUnretained(diagnostics).toOpaque()), ctx, sourceLocation: sourceLocation)
  }

  deinit {
    let s = brace_context_destroy(ctx)
    #expect(s == BRACE_OK, "brace_context_destroy failed: \(statusName(s)) \(lastError(ctx))")
  }

  /// A new root node.
  func node(sourceLocation: SourceLocation = #_sourceLocation) -> brace_node {
    var n: brace_node = 0
    ok(brace_node_create(ctx, &n), ctx, sourceLocation: sourceLocation)
    return n
  }

  /// A new node added as the last subview of `parent`.
  func node(in parent: brace_node, frame: brace_rect? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> brace_node {
    let n = node(sourceLocation: sourceLocation)
    ok(brace_node_add_subview(ctx, parent, n), ctx, sourceLocation: sourceLocation)
    if let frame { ok(brace_node_set_frame(ctx, n, frame), ctx, sourceLocation: sourceLocation) }
    return n
  }

  /// Installs `hooks` as `node`'s callbacks; the fixture keeps the hooks alive.
  func install(_ h: Hooks, on node: brace_node, sourceLocation: SourceLocation = #_sourceLocation) {
    hooks.append(h)
    var cb = h.callbacks
    ok(brace_node_set_callbacks(ctx, node, &cb), ctx, sourceLocation: sourceLocation)
  }

  /// Runs a whole turn expecting BRACE_OK, after clearing the trace.
  func cycle(sourceLocation: SourceLocation = #_sourceLocation) {
    trace.clear()
    ok(brace_context_run_update_cycle(ctx), ctx, sourceLocation: sourceLocation)
  }

  /// Runs a turn so that everything created so far is clean, then clears the trace.
  func settle(sourceLocation: SourceLocation = #_sourceLocation) {
    cycle(sourceLocation: sourceLocation)
    trace.clear()
  }

  // Readers that expect success.
  func frame(_ n: brace_node) -> brace_rect { var r = brace_rect(); ok(brace_node_get_frame(ctx, n, &r), ctx); return r }
  func bounds(_ n: brace_node) -> brace_rect { var r = brace_rect(); ok(brace_node_get_bounds(ctx, n, &r), ctx); return r }
  func center(_ n: brace_node) -> brace_point { var p = brace_point(); ok(brace_node_get_center(ctx, n, &p), ctx); return p }
  func superview(_ n: brace_node) -> brace_node { var p: brace_node = 0; ok(brace_node_get_superview(ctx, n, &p), ctx); return p }
  func subviews(_ n: brace_node) -> [brace_node] {
    var count = 0
    ok(brace_node_get_subviews(ctx, n, nil, 0, &count), ctx)
    var buf = [brace_node](repeating: 0, count: count)
    ok(brace_node_get_subviews(ctx, n, &buf, count, &count), ctx)
    return buf
  }
  func needsLayout(_ n: brace_node) -> Bool { var b = false; ok(brace_node_get_needs_layout(ctx, n, &b), ctx); return b }
  func needsConstraints(_ n: brace_node) -> Bool { var b = false; ok(brace_node_get_needs_update_constraints(ctx, n, &b), ctx); return b }
  func needsDisplay(_ n: brace_node) -> Bool { var b = false; ok(brace_node_get_needs_display(ctx, n, &b, nil), ctx); return b }
  func pending() -> UInt32 { var p: UInt32 = 0; ok(brace_context_get_pending(ctx, &p), ctx); return p }
  func margins(_ n: brace_node) -> brace_insets { var m = brace_insets(); ok(brace_node_get_layout_margins(ctx, n, &m), ctx); return m }
  func directionalMargins(_ n: brace_node) -> brace_directional_insets {
    var m = brace_directional_insets(); ok(brace_node_get_directional_layout_margins(ctx, n, &m), ctx); return m
  }
  func effectiveDirection(_ n: brace_node) -> brace_layout_direction {
    var d = BRACE_DIRECTION_INHERIT; ok(brace_node_get_effective_layout_direction(ctx, n, &d), ctx); return d
  }
  func intrinsic(_ n: brace_node) -> brace_size { var s = brace_size(); ok(brace_node_get_intrinsic_content_size(ctx, n, &s), ctx); return s }
}

let pendingAll = BRACE_PHASE_CONSTRAINTS.rawValue | BRACE_PHASE_LAYOUT.rawValue | BRACE_PHASE_DISPLAY.rawValue
