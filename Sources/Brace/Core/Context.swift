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

  /// The context's tag in its handles; a new one at each brace_context_reset.
  private(set) var tag: UInt32
  var options: brace_context_options
  /// The subsystems, each in its folder: the node store and tree (Core/), the update
  /// cycle (Cycle/), constraint layout (Constraints/), the plugin host (Plugins/),
  /// reporting (Diagnostics/), animated changes (Animation/) and the changed-frames
  /// list (Cycle/Changes.swift).
  var nodes = NodeStore()
  var cycle = CycleState()
  var bridge = ConstraintBridge()
  var plugins = PluginHost()
  var diagnostics = Diagnostics()
  var animation = AnimationState()
  var changes = FrameChanges()
  /// The kept arrays this context took at creation (KeptParts), emptied: given back,
  /// filled, at teardown.
  var keptParts: KeptParts? = nil

  /// Context tags, process-wide: a counter that only moves forward (wrapping after
  /// 2^26 - 1 contexts), skipping the tags of live contexts. A handle of one live
  /// context is therefore always foreign to another, and a handle kept after its context
  /// was destroyed meets a context with the same tag only after 2^26 - 1 more contexts.
  /// The live tags are a plain list, searched only once the counter has wrapped (before,
  /// no tag comes round twice): hashing a tag in and out of a set was ~400 instructions
  /// of each context's life, and a process holds few contexts at once.
  private static let tags = Locked<(live: [UInt32], next: UInt32, wrapped: Bool)>(([], 1, false))

  static func takeTag() -> UInt32? {
    tags.withLock { t -> UInt32? in
      for _ in 0..<Handle.maxTag {
        let k = t.next
        if k == Handle.maxTag {
          t.next = 1
          t.wrapped = true
        } else {
          t.next = k + 1
        }
        if t.wrapped && t.live.contains(k) { continue }
        t.live.append(k)
        return k
      }
      return nil
    }
  }

  static func releaseTag(_ tag: UInt32) {
    tags.withLock { t in
      // (Contexts are mostly destroyed newest first: searched from the end.)
      guard let i = t.live.lastIndex(of: tag) else { return }
      t.live.swapAt(i, t.live.count - 1)
      t.live.removeLast()
    }
  }

  init(options: brace_context_options, tag: UInt32) {
    self.tag = tag
    self.options = options
    let m = options.default_layout_margin
    nodes.defaultMargins = brace_insets(top: m, left: m, bottom: m, right: m)
    // The plugin_path string is the caller's: its directories are copied, the pointer
    // is not kept.
    plugins.directories = PluginFiles.directories(options.plugin_path)
    self.options.plugin_path = nil
    adoptKeptParts()
    plugins.env = PluginFiles.environment(like: keptParts?.registered.first?.found?.env)
  }

  deinit { Context.releaseTag(tag) }

  /// brace_context_reset's new tag (Context.takeTag); the old one is given back.
  func retag(_ newTag: UInt32) {
    let old = tag
    tag = newTag
    Context.releaseTag(old)
  }

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

  func handle(ofNode slot: NodeID) -> brace_node {
    Handle.make(.node, tag: tag, generation: nodes.generation[slot.index], slot: slot.raw)
  }

  /// Resolves a node handle to its slot or explains why it names no live node here.
  @inline(__always)
  func node(_ h: brace_node, _ what: @autoclosure () -> String = "node") throws(BraceError) -> NodeID {
    let slot = NodeID(Handle.slot(h))
    if Handle.kind(h) == HandleKind.node.rawValue, Handle.tag(h) == tag,
      slot.index < nodes.capacity, nodes.generation[slot.index] == Handle.generation(h),
      nodes.isLive(slot)
    {
      if nodes.flags[slot.index].contains(.dismantling) {
        throw .reentrancy("\(what()) \(Handle.describe(h, as: .node)) is being destroyed (a hook of its destruction is running)")
      }
      return slot
    }
    throw nodeError(h, what())
  }

  /// A live node, even one being destroyed: for naming nodes in reports, never for
  /// changing them.
  func liveNode(_ h: brace_node) -> NodeID? {
    let slot = NodeID(Handle.slot(h))
    guard Handle.kind(h) == HandleKind.node.rawValue, Handle.tag(h) == tag, slot.index < nodes.capacity,
      nodes.generation[slot.index] == Handle.generation(h), nodes.isLive(slot)
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
  func describe(_ slot: NodeID) -> String {
    let handle = Handle.describe(handle(ofNode: slot), as: .node)
    guard let id = nodes.identifiers[slot] else { return handle }
    return "\"\(String(cString: id))\" (\(handle))"
  }

  /// Sets or clears (nil or "") a node's identifier; the text is copied.
  func setIdentifier(_ n: NodeID, _ text: UnsafePointer<CChar>?) throws(BraceError) {
    // Copied before the old one is freed: the caller may pass back what _get returned.
    let copy = try Identifier.copy(text)
    if let old = nodes.identifiers.removeValue(forKey: n) { free(old) }
    if let copy { nodes.identifiers[n] = copy }
  }
}
