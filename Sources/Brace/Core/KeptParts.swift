import CBrace
import Synchronization

/// The record arrays of a destroyed context, emptied with their storage kept, for the next
/// context (docs/design.md, Memory), as `ColumnBlocks` keeps node columns' blocks. A
/// context with constraints otherwise allocates each of these on first use and frees it
/// at destroy: with the strategies' list, seven allocations and frees of every kiwi
/// solver. A context made like the last one also finds them at their final size, and
/// grows and copies none of them again. A class, so that a set moves between the
/// process's slot and a context as one reference; the arrays move by swapping.
final class KeptParts {
  var constraints: [ConstraintRecord] = []
  var variables: [VariableRecord] = []
  var variableOwner: [Int64] = []
  var activationOrder: [UInt32] = []
  var rowTerms: [brace_solver_term] = []
  var strategies: [LoadedStrategy] = []
  /// The strategies the context that left this set had registered, whole: the next
  /// context registers one again by taking it over when its search would find the same
  /// file (Context.takeRegistered). A registration from the search took ~1,070
  /// instructions (the remembered search's lookup under its lock, the checks of
  /// loadPlugin, a new LoadedStrategy, freed again at destroy); taken over, ~400, most
  /// of it a getenv, before the context read BRACE_PLUGIN_PATH once at its creation.
  var registered: [LoadedStrategy] = []

  /// One set is kept, of at most `cap` bytes; another is freed (a context destroyed
  /// while the set of an earlier one is still kept).
  static let cap = 1 << 20

  /// The kept set, as the bits of a retained reference (0: none), taken and left with an
  /// atomic exchange each: a lock and a list of sets were ~180 instructions of every
  /// context's creation and destroy, also of one that never uses constraints (callgrind).
  private static let slot = Atomic<UInt>(0)

  /// Empties the record arrays (not the strategy lists), keeping their storage when it
  /// is at most `cap` bytes in all, else freeing it: a context that once held a large
  /// system and is reset (brace_context_reset) for small ones does not keep its peak.
  func emptyRecords() {
    if bytes > KeptParts.cap {
      constraints = []
      variables = []
      variableOwner = []
      activationOrder = []
      rowTerms = []
      return
    }
    KeptParts.empty(&constraints)
    KeptParts.empty(&variables)
    KeptParts.empty(&variableOwner)
    KeptParts.empty(&activationOrder)
    KeptParts.empty(&rowTerms)
  }

  private var bytes: Int {
    constraints.capacity * MemoryLayout<ConstraintRecord>.stride
      + variables.capacity * MemoryLayout<VariableRecord>.stride
      + variableOwner.capacity * MemoryLayout<Int64>.stride
      + activationOrder.capacity * MemoryLayout<UInt32>.stride
      + rowTerms.capacity * MemoryLayout<brace_solver_term>.stride
      + (strategies.capacity + registered.capacity) * MemoryLayout<LoadedStrategy>.stride
  }

  /// The kept set, if any.
  static func take() -> KeptParts? {
    let bits = slot.exchange(0, ordering: .acquiringAndReleasing)
    guard let p = UnsafeRawPointer(bitPattern: bits) else { return nil }
    return Unmanaged<KeptParts>.fromOpaque(p).takeRetainedValue()
  }

  /// Empties the arrays and keeps them unless a set is kept already; else they are freed
  /// with `parts`.
  static func give(_ parts: KeptParts) {
    let size = parts.bytes
    guard size > 0, size <= cap else { return }
    parts.emptyRecords()
    swap(&parts.registered, &parts.strategies)
    empty(&parts.strategies)
    let bits = UInt(bitPattern: Unmanaged.passRetained(parts).toOpaque())
    if !slot.compareExchange(expected: 0, desired: bits, ordering: .acquiringAndReleasing).exchanged {
      Unmanaged<KeptParts>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release()
    }
  }

  /// Empties `a`, keeping its storage. A context's records are few: removing them one by
  /// one is cheaper than removeAll(keepingCapacity:), which goes through replaceSubrange
  /// (~100 instructions an array, callgrind).
  static func empty<T>(_ a: inout [T]) {
    if a.count > 8 { a.removeAll(keepingCapacity: true) }
    while !a.isEmpty { a.removeLast() }
  }
}

extension Context {
  /// Takes a destroyed context's arrays, if any are kept (at creation: the records are
  /// still empty); the context gives them back at teardown.
  func adoptKeptParts() {
    guard let p = KeptParts.take() else { return }
    exchangeParts(with: p)
    keptParts = p
  }

  /// Swaps the context's record arrays and strategy list with `p`'s: in at creation
  /// (adoptKeptParts), out at teardown, out and back in at a reset.
  func exchangeParts(with p: KeptParts) {
    swap(&bridge.constraints, &p.constraints)
    swap(&bridge.variables, &p.variables)
    swap(&bridge.variableOwner, &p.variableOwner)
    swap(&bridge.activationOrder, &p.activationOrder)
    swap(&bridge.rowTermsScratch, &p.rowTerms)
    swap(&plugins.strategies, &p.strategies)
  }

  /// Registers strategy `name` by taking over the object the kept parts' context had
  /// registered at the same index, when this context's search would find the same file:
  /// the same name, plugin_path directories and BRACE_PLUGIN_PATH (as read at the
  /// context's creation) and, for a search through a relative directory, the same working
  /// directory (PluginFiles.Found), and registered under that name. Only a strategy without context hooks: its
  /// per-context state is none. nil: register it the usual way.
  func takeRegistered(named name: String) -> Int32? {
    let k = plugins.strategies.count
    guard let kept = keptParts, k < kept.registered.count, !plugins.loading else { return nil }
    let s = kept.registered[k]
    // The same name too: a file loaded by path and then found by another name (a
    // symlink) is registered under the name it provides, which a load of the other name
    // refuses in a context of its own.
    guard s.id == UInt32(k), s.state == nil, s.desc.context_create == nil, s.desc.context_destroy == nil,
      s.name == name,
      let found = s.found, PluginFiles.finds(found, strategy: name, first: plugins.directories, env: plugins.env)
    else { return nil }
    if plugins.strategies.capacity == 0 { plugins.strategies.reserveCapacity(4) }
    plugins.strategies.append(s)
    return Int32(k)
  }
}
