/// Handles pack kind, context tag, generation and slot into 64 bits:
///
///     63..60 kind | 59..48 context tag | 47..28 generation | 27..0 slot
///
/// Generations start at 1 and a slot whose generation is exhausted is retired, so a
/// handle never names a later occupant of its slot. Kind is never 0, so neither is a
/// valid handle.
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
  static let slotBits: UInt64 = 28
  static let generationBits: UInt64 = 20
  static let tagBits: UInt64 = 12
  static let maxSlot = Int32((1 << slotBits) - 1)
  static let maxGeneration = UInt32((1 << generationBits) - 1)
  static let maxTag = UInt16((1 << tagBits) - 1)

  @inline(__always)
  static func make(_ kind: HandleKind, tag: UInt16, generation: UInt32, slot: Int32) -> UInt64 {
    (kind.rawValue << 60) | (UInt64(tag) << 48) | (UInt64(generation) << 28) | UInt64(UInt32(slot))
  }

  @inline(__always) static func kind(_ h: UInt64) -> UInt64 { h >> 60 }
  @inline(__always) static func tag(_ h: UInt64) -> UInt16 { UInt16((h >> 48) & 0xFFF) }
  @inline(__always) static func generation(_ h: UInt64) -> UInt32 { UInt32((h >> 28) & 0xFFFFF) }
  @inline(__always) static func slot(_ h: UInt64) -> Int32 { Int32(h & 0xFFF_FFFF) }

  /// "node 12:3" (slot:generation), how messages name a handle.
  static func describe(_ h: UInt64, as kind: HandleKind) -> String {
    if h == 0 { return "\(kind.noun) 0 (the null handle)" }
    return "\(kind.noun) \(slot(h)):\(generation(h))"
  }
}
