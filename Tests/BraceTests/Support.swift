// Helpers of the Brace test suite: the fixture, the trace reader, per-node callback
// hooks. What every suite shares (status checks, recorders) is in BraceTestSupport.
// Everything goes through the C ABI (brace_*), exactly as a C user would call it.
// Re-exported so that every file of the suite, a new one too, sees the shared helpers.
@_exported import BraceTestSupport
import CBrace
import Testing

/// How Brace names a node in messages: "node SLOT:GENERATION".
func nodeName(_ h: brace_node) -> String { "node \(h & 0xFF_FFFF):\((h >> 24) & 0xFFF)" }

/// The context tag packed in a handle (bits 59..48).
func contextTag(_ h: brace_node) -> UInt64 { (h >> 36) & 0x3FF_FFFF }

let callbacksSize = UInt32(MemoryLayout<brace_node_callbacks>.size)

// MARK: - Trace and diagnostics

typealias TraceRecorder = TraceLog
typealias DiagnosticRecorder = DiagnosticLog

extension TraceLog {
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

extension DiagnosticLog {
  var diagnostics: [Diagnostic] { all }
  var feedbackLoops: [Diagnostic] { of(BRACE_DIAGNOSTIC_FEEDBACK_LOOP) }
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
  var measure: ((OpaquePointer, brace_node, brace_size) -> brace_size)?
  /// Names of the callbacks in the order they ran, "layout:<node>" etc.
  private(set) var calls: [String] = []
  /// How many times each kind of callback ran ("layout", "update", "draw", ...).
  private var counts: [String: Int] = [:]

  static func from(_ p: UnsafeMutableRawPointer?) -> Hooks {
    Unmanaged<Hooks>.fromOpaque(p!).takeUnretainedValue()
  }

  /// Records a pass callback of the hooks behind `ud`, then runs its closure (`hook`).
  private static func run(
    _ ud: UnsafeMutableRawPointer?, _ kind: String, _ ctx: OpaquePointer?, _ node: brace_node,
    _ hook: (Hooks) -> ((OpaquePointer, brace_node) -> Void)?
  ) {
    let h = from(ud)
    h.record(kind, node)
    hook(h)?(ctx!, node)
  }

  /// The callbacks struct, with a C function only for the closures that are set.
  var callbacks: brace_node_callbacks {
    var cb = brace_node_callbacks()
    cb.struct_size = callbacksSize
    cb.user_data = Unmanaged.passUnretained(self).toOpaque()
    if updateConstraints != nil {
      cb.update_constraints = { ctx, node, ud in Hooks.run(ud, "update", ctx, node) { $0.updateConstraints } }
    }
    if willLayout != nil {
      cb.will_layout_subviews = { ctx, node, ud in Hooks.run(ud, "will", ctx, node) { $0.willLayout } }
    }
    if layout != nil {
      cb.layout_subviews = { ctx, node, ud in Hooks.run(ud, "layout", ctx, node) { $0.layout } }
    }
    if didLayout != nil {
      cb.did_layout_subviews = { ctx, node, ud in Hooks.run(ud, "did", ctx, node) { $0.didLayout } }
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
    if measure != nil {
      cb.measure = { ctx, node, proposed, ud in
        let h = Hooks.from(ud)
        h.record("measure", node)
        return h.measure!(ctx!, node, proposed)
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
final class Fixture: ContextFixture {
  let ctx: OpaquePointer
  let trace = TraceLog()
  let diagnostics = DiagnosticLog()
  private var hooks: [Hooks] = []

  init(
    threshold: UInt32 = 0, direction: brace_layout_direction = BRACE_DIRECTION_LTR, scale: Double = 1,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    do {
      ctx = try createContext(direction: direction, scale: scale, feedbackLoopThreshold: threshold)
    } catch {
      preconditionFailure("\(error)")
    }
    ok(trace.record(ctx), ctx, sourceLocation: sourceLocation)
    ok(diagnostics.record(ctx), ctx, sourceLocation: sourceLocation)
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

  // Readers that expect success (the others are ContextFixture's).
  func bounds(_ n: brace_node) -> brace_rect { var r = brace_rect(); ok(brace_node_get_bounds(ctx, n, &r), ctx); return r }
  func center(_ n: brace_node) -> brace_point { var p = brace_point(); ok(brace_node_get_center(ctx, n, &p), ctx); return p }
  func superview(_ n: brace_node) -> brace_node { var p: brace_node = 0; ok(brace_node_get_superview(ctx, n, &p), ctx); return p }
  func needsDisplay(_ n: brace_node) -> Bool { var b = false; ok(brace_node_get_needs_display(ctx, n, &b, nil), ctx); return b }
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
