import CBrace
import Synchronization
import CBraceLibc

/// One window or scene: the node store, the loaded strategies, options, callbacks and
/// the state of the update cycle. Every ABI call enters it through `enter()`.
final class Context {
  // Thread confinement: the thread inside the context and how deep it is (callbacks
  // re-enter on the same thread). `depth` is only touched by the owning thread.
  private let owner = Atomic<UInt>(0)
  private var depth = 0

  let tag: UInt32
  var options: brace_context_options
  var nodes = NodeStore()
  var callbackTable: [brace_node_callbacks] = []
  var freeCallbackEntries: [Int32] = []

  /// Set while a plugin is being registered (its entry and context_create run).
  var loadingPlugin = false
  /// Directories of the plugin_path option, searched first when loading by name.
  var pluginDirectories: [String] = []
  /// Registered strategies, in registration order; a node's strategy indexes this.
  var strategies: [LoadedStrategy] = []
  /// The "frame" strategy every new node starts with.
  var defaultStrategy: Int32? = nil
  /// Property values set on nodes, keyed by node slot, then by
  /// (strategy index << 32 | property index). Most nodes have none.
  var properties: [Int32: [UInt64: brace_value]] = [:]

  // Constraint layout (Constraints/*.swift).
  var constraints: [ConstraintRecord] = []
  var freeConstraints: [Int32] = []
  var variables: [VariableRecord] = []
  var freeVariables: [Int32] = []
  /// Nodes in the engine, by slot.
  var engineNodes: [Int32: NodeEngineState] = [:]
  /// Constraints whose terms or chains use a node, by node slot.
  var nodeConstraints: [Int32: [Int32]] = [:]
  /// For each solver variable id: node slot << 2 | component (x, y, w, h), or -1 (free).
  var variableOwner: [Int64] = []
  /// The solver strategy and the context's instance of it, once constraints are used.
  var solver: LoadedStrategy? = nil
  var solverInstance: UnsafeMutableRawPointer? = nil
  /// The solver changed since frames were last taken from it.
  var engineDirty = false
  /// Solved frames waiting for their superview's layout pass, by superview slot.
  var pendingFrames: [Int32: [Int32: brace_rect]] = [:]
  /// Broken constraints, retried when constraints are removed or changed.
  var brokenConstraints: [Int32] = []
  /// Set by brace_constraint_add_on_variables while it activates: an unsatisfiable
  /// constraint's conflicting set is kept here instead of being reported, and the
  /// constraint is refused instead of kept broken.
  var refusedConflicts: [Int32]? = nil
  /// The first BRACE_E_PLUGIN met while installing constraints (Lifecycle.install).
  var pluginFault: BraceError? = nil
  var activating = false
  /// Baseline offsets set on nodes: first from the top (-1: none), last from the bottom.
  var baselines: [Int32: (first: Double, last: Double)] = [:]
  /// Debug names of the nodes that have one (brace_node_set_identifier), owned here.
  var nodeIdentifiers: [Int32: UnsafeMutablePointer<CChar>] = [:]
  /// Constraints strategies added for the nodes they manage, by node slot.
  var strategyConstraints: [Int32: [Int32]] = [:]
  /// Nodes that entered the engine and still need their generated constraints.
  var entrants: [Int32] = []
  /// Layout guides, by owner slot.
  var guides: [Int32: [Int32]] = [:]
  /// Edits: solver variable -> the node slot it belongs to (-1 for free variables).
  var edits: [UInt32: Int32] = [:]

  var diagnosticCallback: brace_diagnostic_fn?
  /// Above 0 while the engine repeats work whose diagnostics were already reported
  /// (reinstalling a broken constraint): nothing is reported, to the callback or stderr.
  var mutedDiagnostics = 0
  /// Above 0 during a constraints pass: retries of broken constraints wait for its end
  /// (`retryPending` says one was asked for; Lifecycle.swift, retryBroken).
  var retryDeferral = 0
  var retryPending = false
  /// Messages printed to stderr for want of a diagnostics callback (printed once each).
  var printedDiagnostics: Set<String> = []
  var diagnosticUserData: UnsafeMutableRawPointer?
  var traceCallback: brace_trace_fn?
  var traceUserData: UnsafeMutableRawPointer?
  /// Set while the trace callback runs, so that its own calls are not traced.
  var tracing = false

  // The update cycle's state.
  /// Roots whose subtree may hold a flag (each also carries .inDirtyRoots).
  var dirtyRoots: [Int32] = []
  /// Nodes a pass is processing now, outermost first.
  var activeNodes: [Int32] = []
  /// Reused by the passes to gather a node's dirty subviews without allocating.
  var scratchKids: [Int32] = []
  /// >0 while a pass runs; a whole turn or phase cannot start then.
  var passDepth = 0
  /// The turn that per-node pass counters belong to; bumped by each outermost pass.
  var turn: UInt32 = 0
  /// Nodes caught in feedback loops during the current turn.
  var loopCaught: [Int32] = []
  /// Set when a loop is detected: the running pass (and any outer one) stops.
  var stopPass = false

  /// Context tags, process-wide: a counter that only moves forward (wrapping after
  /// 2^26 - 1 contexts), skipping the tags of live contexts. A handle of one live
  /// context is therefore always foreign to another, and a handle kept after its context
  /// was destroyed meets a context with the same tag only after 2^26 - 1 more contexts.
  private static let tags = Locked<(live: Set<UInt32>, next: UInt32)>(([], 1))

  static func takeTag() -> UInt32? {
    tags.withLock { t -> UInt32? in
      for _ in 0..<Handle.maxTag {
        let k = t.next
        t.next = k == Handle.maxTag ? 1 : k + 1
        if t.live.insert(k).inserted { return k }
      }
      return nil
    }
  }

  static func releaseTag(_ tag: UInt32) {
    _ = tags.withLock { $0.live.remove(tag) }
  }

  init(options: brace_context_options, tag: UInt32) {
    self.tag = tag
    self.options = options
  }

  deinit { Context.releaseTag(tag) }

  var opaque: OpaquePointer { OpaquePointer(Unmanaged.passUnretained(self).toOpaque()) }

  // MARK: Thread confinement

  /// Enters the context on this thread; false when another thread is inside it.
  @inline(__always)
  func enter() -> Bool {
    let me = UInt(pthread_self())
    if owner.load(ordering: .acquiring) == me {
      depth += 1
      return true
    }
    if owner.compareExchange(expected: 0, desired: me, ordering: .acquiring).exchanged {
      depth = 1
      return true
    }
    return false
  }

  @inline(__always)
  func leave() {
    depth -= 1
    if depth == 0 { owner.store(0, ordering: .releasing) }
  }

  /// True when the calling thread is inside a callback of this context (the ABI call
  /// being served is nested in another).
  var isNested: Bool { depth > 1 }

  // MARK: Handles

  func handle(ofNode slot: Int32) -> brace_node {
    Handle.make(.node, tag: tag, generation: nodes.generation[Int(slot)], slot: slot)
  }

  /// Resolves a node handle to its slot or explains why it names no live node here.
  @inline(__always)
  func node(_ h: brace_node, _ what: @autoclosure () -> String = "node") throws(BraceError) -> Int32 {
    let slot = Handle.slot(h)
    if Handle.kind(h) == HandleKind.node.rawValue, Handle.tag(h) == tag,
      Int(slot) < nodes.capacity, nodes.generation[Int(slot)] == Handle.generation(h),
      nodes.isLive(slot)
    {
      if nodes.flags[Int(slot)].contains(.dismantling) {
        throw .reentrancy("\(what()) \(Handle.describe(h, as: .node)) is being destroyed (a hook of its destruction is running)")
      }
      return slot
    }
    throw nodeError(h, what())
  }

  /// A live node, even one being destroyed: for naming nodes in reports, never for
  /// changing them.
  func liveNode(_ h: brace_node) -> Int32? {
    let slot = Handle.slot(h)
    guard Handle.kind(h) == HandleKind.node.rawValue, Handle.tag(h) == tag, Int(slot) < nodes.capacity,
      nodes.generation[Int(slot)] == Handle.generation(h), nodes.isLive(slot)
    else { return nil }
    return slot
  }

  private func nodeError(_ h: brace_node, _ what: String) -> BraceError {
    let described = Handle.describe(h, as: .node)
    let subject = what == "node" ? described : "\(what) (\(described))"
    if h == 0 { return BraceError(BRACE_E_INVALID_HANDLE, "\(what) is the null handle 0") }
    if Handle.kind(h) != HandleKind.node.rawValue {
      let kind = HandleKind(rawValue: Handle.kind(h))?.noun ?? "unknown kind"
      return BraceError(BRACE_E_INVALID_HANDLE, "\(what) handle 0x\(String(h, radix: 16)) is not a node handle (its kind is \(kind))")
    }
    if Handle.tag(h) != tag {
      return BraceError(BRACE_E_FOREIGN_HANDLE, "\(subject) belongs to another context")
    }
    let slot = Int(Handle.slot(h))
    if slot >= nodes.capacity || Handle.generation(h) > nodes.generation[slot] || Handle.generation(h) == 0 {
      return BraceError(BRACE_E_INVALID_HANDLE, "\(subject) was never created in this context")
    }
    return BraceError(BRACE_E_STALE_HANDLE, "\(subject) is stale: it was destroyed")
  }

  /// How messages name a node: `node 7:1`, or `"email" (node 7:1)` when it has an
  /// identifier.
  func describe(_ slot: Int32) -> String {
    let handle = Handle.describe(handle(ofNode: slot), as: .node)
    guard let id = nodeIdentifiers[slot] else { return handle }
    return "\"\(String(cString: id))\" (\(handle))"
  }

  /// Sets or clears (nil or "") a node's identifier; the text is copied.
  func setIdentifier(_ n: Int32, _ text: UnsafePointer<CChar>?) throws(BraceError) {
    // Copied before the old one is freed: the caller may pass back what _get returned.
    let copy = try Identifier.copy(text)
    if let old = nodeIdentifiers.removeValue(forKey: n) { free(old) }
    if let copy { nodeIdentifiers[n] = copy }
  }

  // MARK: Reporting

  func emitDiagnostic(_ kind: brace_diagnostic_kind, _ message: String, nodes slots: [Int32], constraints: [Int32] = []) {
    if mutedDiagnostics > 0 { return }
    guard let fn = diagnosticCallback else {
      printDiagnostic(message)
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
          fn(opaque, &d, diagnosticUserData)
        }
      }
    }
  }

  /// With no diagnostics callback a diagnostic is printed to stderr, as UIKit logs its
  /// reports, once per context (the first 1,024 distinct messages are remembered).
  private func printDiagnostic(_ message: String) {
    guard !options.quiet_diagnostics else { return }
    if printedDiagnostics.contains(message) { return }
    if printedDiagnostics.count < 1024 { printedDiagnostics.insert(message) }
    let line = Array("[Brace] \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }  // stderr, unbuffered
  }

  @inline(__always)
  func trace(_ kind: brace_trace_kind, _ phase: brace_phase, _ slot: Int32 = -1, rect: brace_rect = brace_rect()) {
    guard let fn = traceCallback, !tracing else { return }
    var e = brace_trace_event(
      struct_size: UInt32(MemoryLayout<brace_trace_event>.size), kind: kind, phase: phase,
      node: slot < 0 ? 0 : handle(ofNode: slot), rect: rect)
    tracing = true
    fn(opaque, &e, traceUserData)
    tracing = false
  }
}
