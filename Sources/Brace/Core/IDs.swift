/// Typed slots, so a constraint's slot cannot be passed where a variable's is meant (or
/// used as a map key of the wrong kind). Each is its Int32 slot and nothing else: arrays
/// of them are laid out as arrays of Int32, and the optimizer sees through them. They
/// hash as their Int32 does: a synthesized Hashable builds a full Hasher per lookup,
/// where integers take a one-word fast path (the maps keyed by node are looked up on
/// every node a pass or a destroy visits; synthesized hashing cost brace-bench's destroy
/// 75%).
protocol SlotID: Hashable {
  var raw: Int32 { get }
}

extension SlotID {
  @inline(__always) static func == (a: Self, b: Self) -> Bool { a.raw == b.raw }
  @inline(__always) func hash(into hasher: inout Hasher) { hasher.combine(raw) }
  @inline(__always) func _rawHashValue(seed: Int) -> Int { raw._rawHashValue(seed: seed) }
}

/// A node's slot in the node store. `none` stands where flat storage needs a value for
/// "no node" (a root's superview, a constraint held by no view).
struct NodeID: SlotID {
  var raw: Int32
  @inline(__always) init(_ raw: Int32) { self.raw = raw }
  @inline(__always) init(index: Int) { raw = Int32(index) }
  @inline(__always) var index: Int { Int(raw) }
  @inline(__always) static var none: NodeID { NodeID(-1) }
}

/// A constraint's slot in `ConstraintBridge.constraints`.
struct ConstraintID: SlotID {
  var raw: Int32
  @inline(__always) init(_ raw: Int32) { self.raw = raw }
  /// The constraint at this index of the record array.
  @inline(__always) init(index: Int) { raw = Int32(index) }
  /// The index into the record array.
  @inline(__always) var index: Int { Int(raw) }
}

/// A free variable's slot in `ConstraintBridge.variables`.
struct VariableID: SlotID {
  var raw: Int32
  @inline(__always) init(_ raw: Int32) { self.raw = raw }
  @inline(__always) var index: Int { Int(raw) }
}
