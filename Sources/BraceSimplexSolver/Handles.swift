// The value types the host talks to the solver with.
//
// Handles are opaque: `id` packs a storage slot (low 24 bits) and a generation
// (bits 24...30). Slots are reused after release/removal; the generation makes a
// stale handle fail with an error instead of silently naming its successor.

/// A host variable (an external symbol of the tableau).
package struct SolverVariable: Hashable, Sendable {
  package let id: Int32
  package init(id: Int32) { self.id = id }
}

/// A constraint added with `SimplexSolver.addConstraint`.
package struct SolverConstraint: Hashable, Sendable {
  package let id: Int32
  package init(id: Int32) { self.id = id }
}

/// `sum(terms) + constant  REL  0`.
package enum SolverRelation: UInt8, Sendable {
  case lessOrEqual, equal, greaterOrEqual
}

/// One `coefficient * variable` term of a constraint.
package struct SolverTerm: Sendable {
  package var variable: SolverVariable
  package var coefficient: Double
  package init(variable: SolverVariable, coefficient: Double) {
    self.variable = variable
    self.coefficient = coefficient
  }
  package init(_ variable: SolverVariable, _ coefficient: Double = 1) {
    self.variable = variable
    self.coefficient = coefficient
  }
}

/// Slot/generation packing shared by variable and constraint handles.
enum HandleCodec {
  static let slotBits: Int32 = 24
  static let slotMask: Int32 = (1 << 24) - 1
  /// Slots available per kind of handle (16,777,215; slot numbers are 0..<maxSlots).
  static let maxSlots = Int(slotMask)

  @inline(__always) static func encode(slot: Int, generation: UInt8) -> Int32 {
    (Int32(generation & 0x7F) << slotBits) | Int32(slot)
  }
  @inline(__always) static func slot(_ id: Int32) -> Int { Int(id & slotMask) }
  @inline(__always) static func generation(_ id: Int32) -> UInt8 { UInt8(truncatingIfNeeded: (id >> slotBits) & 0x7F) }
  /// Next generation; 7 bits, never 0 so that a zeroed id is never valid.
  @inline(__always) static func bump(_ g: UInt8) -> UInt8 { g >= 127 ? 1 : g + 1 }
}
