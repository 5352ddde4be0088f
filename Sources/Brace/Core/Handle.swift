/// Handles pack kind, context tag, generation and slot into 64 bits:
///
///     63..62 kind | 61..36 context tag | 35..24 generation | 23..0 slot
///
/// Generations start at 1 and a slot whose generation is exhausted is retired, so a
/// handle never names a later occupant of its slot. Kind is never 0, so neither is a
/// valid handle. The tag comes from a process-wide counter (Context.takeTag): a handle
/// of a destroyed context can only meet a context with its tag again after 2^26 - 1
/// more contexts were created (docs/architecture.md, "Handles").
enum HandleKind: UInt64 {
  case node = 1
  case constraint = 2
  case variable = 3

  var noun: String {
    switch self {
    case .node: "node"
    case .constraint: "constraint"
    case .variable: "variable"
    }
  }
}

enum Handle {
  static let slotBits: UInt64 = 24
  static let generationBits: UInt64 = 12
  static let tagBits: UInt64 = 26
  static let maxSlot = Int32((1 << slotBits) - 1)
  static let maxGeneration = UInt32((1 << generationBits) - 1)
  static let maxTag = UInt32((1 << tagBits) - 1)

  @inline(__always)
  static func make(_ kind: HandleKind, tag: UInt32, generation: UInt32, slot: Int32) -> UInt64 {
    (kind.rawValue << 62) | (UInt64(tag) << 36) | (UInt64(generation) << 24) | UInt64(UInt32(slot))
  }

  @inline(__always) static func kind(_ h: UInt64) -> UInt64 { h >> 62 }
  @inline(__always) static func tag(_ h: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: (h >> 36) & UInt64(maxTag)) }
  @inline(__always) static func generation(_ h: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: (h >> 24) & UInt64(maxGeneration)) }
  @inline(__always) static func slot(_ h: UInt64) -> Int32 { Int32(truncatingIfNeeded: h & UInt64(maxSlot)) }

  /// "node 12:3" (slot:generation), how messages name a handle.
  static func describe(_ h: UInt64, as kind: HandleKind) -> String {
    if h == 0 { return "\(kind.noun) 0 (the null handle)" }
    return "\(kind.noun) \(slot(h)):\(generation(h))"
  }
}
