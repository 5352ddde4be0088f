// Trace and diagnostics recorders: a context's callbacks find them through user_data
// (the C function pointers capture nothing).
import CBrace

public struct TraceEvent: Equatable {
  public var kind: brace_trace_kind
  public var phase: brace_phase
  public var node: brace_node
  public var rect: brace_rect

  public static func == (a: TraceEvent, b: TraceEvent) -> Bool {
    a.kind == b.kind && a.phase == b.phase && a.node == b.node && same(a.rect, b.rect)
  }
}

public final class TraceLog {
  public var events: [TraceEvent] = []

  public init() {}

  public func clear() { events.removeAll() }

  /// The nodes of the events of `kind`, in order.
  public func nodes(_ kind: brace_trace_kind) -> [brace_node] { events.filter { $0.kind == kind }.map(\.node) }

  /// How many events of `kind` there are (for `node` only, when given).
  public func count(_ kind: brace_trace_kind, _ node: brace_node? = nil) -> Int {
    events.filter { $0.kind == kind && (node == nil || $0.node == node) }.count
  }

  /// Installs the log as `ctx`'s trace callback; the caller keeps the log alive.
  public func record(_ ctx: OpaquePointer) -> brace_status {
    brace_context_set_trace_callback(ctx, traceTrampoline, Unmanaged.passUnretained(self).toOpaque())
  }
}

/// The trace callback of a TraceLog passed as user_data.
public let traceTrampoline: brace_trace_fn = { _, event, userData in
  guard let event, let userData else { return }
  let log = Unmanaged<TraceLog>.fromOpaque(userData).takeUnretainedValue()
  let e = event.pointee
  log.events.append(TraceEvent(kind: e.kind, phase: e.phase, node: e.node, rect: e.rect))
}

public struct Diagnostic {
  public var kind: brace_diagnostic_kind
  public var message: String
  public var nodes: [brace_node]
}

public final class DiagnosticLog {
  public var all: [Diagnostic] = []

  public init() {}

  public func clear() { all.removeAll() }

  public func of(_ kind: brace_diagnostic_kind) -> [Diagnostic] { all.filter { $0.kind == kind } }

  /// Installs the log as `ctx`'s diagnostic callback; the caller keeps the log alive.
  public func record(_ ctx: OpaquePointer) -> brace_status {
    brace_context_set_diagnostic_callback(ctx, diagnosticTrampoline, Unmanaged.passUnretained(self).toOpaque())
  }
}

/// The diagnostic callback of a DiagnosticLog passed as user_data.
public let diagnosticTrampoline: brace_diagnostic_fn = { _, d, userData in
  guard let d, let userData else { return }
  let log = Unmanaged<DiagnosticLog>.fromOpaque(userData).takeUnretainedValue()
  let v = d.pointee
  let nodes = v.node_count == 0 || v.nodes == nil ? [] : Array(UnsafeBufferPointer(start: v.nodes, count: v.node_count))
  log.all.append(Diagnostic(kind: v.kind, message: v.message.map { String(cString: $0) } ?? "<NULL>", nodes: nodes))
}
