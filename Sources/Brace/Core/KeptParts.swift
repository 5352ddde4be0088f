import CBrace

/// The record arrays of a destroyed context, emptied with their storage kept, for the next
/// context (docs/design.md, Memory), as `ColumnBlocks` keeps node columns' blocks. A
/// context with constraints otherwise allocates each of these on first use and frees it
/// at destroy: with the strategies' list, seven allocations and frees of every kiwi
/// solver. A context made like the last one also finds them at their final size, and
/// grows and copies none of them again. A class, so that a set moves between the
/// process's list and a context as one reference; the arrays move by swapping.
final class KeptParts {
  var constraints: [ConstraintRecord] = []
  var variables: [VariableRecord] = []
  var variableOwner: [Int64] = []
  var activationOrder: [UInt32] = []
  var rowTerms: [brace_solver_term] = []
  var strategies: [LoadedStrategy] = []

  /// At most this many sets are kept (contexts destroyed together, on several threads),
  /// each of at most `cap` bytes; the rest are freed.
  static let most = 4
  static let cap = 1 << 20

  private static let kept = Locked<[KeptParts]>([])

  private var bytes: Int {
    constraints.capacity * MemoryLayout<ConstraintRecord>.stride
      + variables.capacity * MemoryLayout<VariableRecord>.stride
      + variableOwner.capacity * MemoryLayout<Int64>.stride
      + activationOrder.capacity * MemoryLayout<UInt32>.stride
      + rowTerms.capacity * MemoryLayout<brace_solver_term>.stride
      + strategies.capacity * MemoryLayout<LoadedStrategy>.stride
  }

  /// The set kept last, if any.
  static func take() -> KeptParts? {
    kept.withLock { $0.popLast() }
  }

  /// Empties the arrays and keeps them when there is room; else they are freed with `parts`.
  static func give(_ parts: KeptParts) {
    let size = parts.bytes
    guard size > 0, size <= cap else { return }
    empty(&parts.constraints)
    empty(&parts.variables)
    empty(&parts.variableOwner)
    empty(&parts.activationOrder)
    empty(&parts.rowTerms)
    empty(&parts.strategies)
    kept.withLock { list in
      guard list.count < most else { return }
      // (Room for `most` sets at the first keep: one allocation, not one per growth.)
      if list.capacity == 0 { list.reserveCapacity(most) }
      list.append(parts)
    }
  }

  /// Empties `a`, keeping its storage. A context's records are few: removing them one by
  /// one is cheaper than removeAll(keepingCapacity:), which goes through replaceSubrange
  /// (~100 instructions an array, callgrind).
  private static func empty<T>(_ a: inout [T]) {
    if a.count > 8 { a.removeAll(keepingCapacity: true) }
    while !a.isEmpty { a.removeLast() }
  }
}

extension Context {
  /// Takes a destroyed context's arrays, if any are kept (at creation: the records are
  /// still empty); the context gives them back at teardown.
  func adoptKeptParts() {
    guard let p = KeptParts.take() else { return }
    swap(&bridge.constraints, &p.constraints)
    swap(&bridge.variables, &p.variables)
    swap(&bridge.variableOwner, &p.variableOwner)
    swap(&bridge.activationOrder, &p.activationOrder)
    swap(&bridge.rowTermsScratch, &p.rowTerms)
    swap(&plugins.strategies, &p.strategies)
    keptParts = p
  }
}
