import CBrace
import CBraceLibc

/// Where the context's reports go (Diagnostics/): the program's diagnostics and trace
/// callbacks, or stderr. Any subsystem reports through `emitDiagnostic` and `trace`.
struct Diagnostics {
  var callback: brace_diagnostic_fn?
  var userData: UnsafeMutableRawPointer?
  /// Above 0 while the engine repeats work whose diagnostics were already reported
  /// (reinstalling a broken constraint): nothing is reported, to the callback or stderr.
  var muted = 0
  /// Messages printed to stderr for want of a diagnostics callback (printed once each).
  var printed: Set<String> = .init()
  var traceCallback: brace_trace_fn?
  var traceUserData: UnsafeMutableRawPointer?
  /// Set while the trace callback runs, so that its own calls are not traced.
  var tracing = false
}

extension Context {
  func setDiagnosticCallback(_ fn: brace_diagnostic_fn?, _ userData: UnsafeMutableRawPointer?) {
    diagnostics.callback = fn
    diagnostics.userData = userData
  }

  func setTraceCallback(_ fn: brace_trace_fn?, _ userData: UnsafeMutableRawPointer?) {
    diagnostics.traceCallback = fn
    diagnostics.traceUserData = userData
  }

  /// Runs `body` reporting nothing (work whose diagnostics were already reported).
  func withDiagnosticsMuted(_ body: () -> Void) {
    diagnostics.muted += 1
    defer { diagnostics.muted -= 1 }
    body()
  }

  /// True while reports are muted (a reinstall of a broken constraint).
  var diagnosticsMuted: Bool { diagnostics.muted > 0 }

  /// `once` false: printed to stderr at every call, not once per context (a plugin's
  /// host->report: the plugin chooses how often it reports, where the engine's own
  /// diagnostics recur at every turn while their problem lasts).
  func emitDiagnostic(_ kind: brace_diagnostic_kind, _ message: String, nodes slots: [NodeID], constraints: [ConstraintID] = [], once: Bool = true) {
    if diagnostics.muted > 0 { return }
    guard let fn = diagnostics.callback else {
      printDiagnostic(message, once: once)
      return
    }
    let handles = slots.map { handle(ofNode: $0) }
    let constraintHandles = constraints.map { handle(ofConstraint: $0) }
    message.withCString { text in
      handles.withUnsafeBufferPointer { buf in
        constraintHandles.withUnsafeBufferPointer { cbuf in
          var d = brace_diagnostic(
            struct_size: UInt32(MemoryLayout<brace_diagnostic>.size), kind: kind, message: text,
            nodes: buf.baseAddress, node_count: buf.count,
            constraints: cbuf.baseAddress, constraint_count: cbuf.count)
          fn(opaque, &d, diagnostics.userData)
        }
      }
    }
  }

  /// With no diagnostics callback a diagnostic is printed to stderr, as UIKit logs its
  /// reports, once per context (the first 1,024 distinct messages are remembered), or
  /// at every call when not `once`.
  private func printDiagnostic(_ message: String, once: Bool) {
    guard !options.quiet_diagnostics else { return }
    if once {
      if diagnostics.printed.contains(message) { return }
      if diagnostics.printed.count < 1024 { diagnostics.printed.insert(message) }
    }
    let line = Array("[Brace] \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }  // stderr, unbuffered
  }

  @inline(__always)
  func trace(_ kind: brace_trace_kind, _ phase: brace_phase, _ slot: NodeID = .none, rect: brace_rect = brace_rect()) {
    guard let fn = diagnostics.traceCallback, !diagnostics.tracing else { return }
    var e = brace_trace_event(
      struct_size: UInt32(MemoryLayout<brace_trace_event>.size), kind: kind, phase: phase,
      node: slot == .none ? 0 : handle(ofNode: slot), rect: rect)
    diagnostics.tracing = true
    fn(opaque, &e, diagnostics.traceUserData)
    diagnostics.tracing = false
  }
}
