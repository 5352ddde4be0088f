import CBraceLibc

/// Debug names of nodes and constraints (brace_node_set_identifier,
/// brace_constraint_set_identifier, a strategy's host->add_constraint): one rule for all.
/// Messages print them as text, so what is stored must be the text the caller gets back:
/// bytes that are not UTF-8 are refused rather than repaired.
enum Identifier {
  static let maxBytes = 1024

  /// Checks `text` and copies it (malloc'd; the caller frees it). NULL and "" answer
  /// nil: no identifier.
  static func copy(_ text: UnsafePointer<CChar>?) throws(BraceError) -> UnsafeMutablePointer<CChar>? {
    guard let text, text.pointee != 0 else { return nil }
    try check(text)
    return strdup(text)
  }

  static func check(_ text: UnsafePointer<CChar>?) throws(BraceError) {
    guard let text else { return }
    let n = strnlen(text, maxBytes + 1)
    if n > maxBytes { throw .invalidArgument("the identifier is longer than \(maxBytes) bytes") }
    let bytes = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
    if let at = firstInvalidUTF8(bytes, n) {
      throw .invalidArgument(
        "the identifier is not valid UTF-8: byte 0x\(String(bytes[at], radix: 16, uppercase: true)) at offset \(at) does not begin a well-formed character")
    }
  }

  /// The offset of the first byte that does not start a well-formed UTF-8 sequence
  /// (Unicode's table 3-7: no overlong forms, no surrogates, nothing past U+10FFFF).
  static func firstInvalidUTF8(_ b: UnsafePointer<UInt8>, _ n: Int) -> Int? {
    var i = 0
    while i < n {
      let lead = b[i]
      if lead < 0x80 {
        i += 1
        continue
      }
      var length = 0
      var low: UInt8 = 0x80, high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: length = 3; low = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: length = 3; high = 0x9F
      case 0xF0: length = 4; low = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4: length = 4; high = 0x8F
      default: return i
      }
      if n - i < length || b[i + 1] < low || b[i + 1] > high { return i }
      var k = 2
      while k < length {
        if b[i + k] & 0xC0 != 0x80 { return i }
        k += 1
      }
      i += length
    }
    return nil
  }
}
