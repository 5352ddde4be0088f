import CBrace
import CBraceLibc

// Step 1 of the visual format language (VisualFormat.swift): the C arrays read and checked.

/// The inputs of a call, read from C: the format and names as bytes, the view handles
/// resolved to slots.
struct VisualFormatInput {
  var format: [UInt8] = []
  var options: UInt32 = 0
  var viewNames: [[UInt8]] = []
  var views: [brace_node] = []
  var viewSlots: [NodeID] = []
  var metricNames: [[UInt8]] = []
  var metrics: [Double] = []

  static func bytes(_ p: UnsafePointer<CChar>) -> [UInt8] {
    Array(UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: strlen(p)))
  }

  static func isNameStart(_ b: UInt8) -> Bool { (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == 95 }
  static func isNameByte(_ b: UInt8) -> Bool { isNameStart(b) || (b >= 48 && b <= 57) }

  static func isName(_ s: [UInt8]) -> Bool {
    guard let first = s.first, isNameStart(first) else { return false }
    return s.allSatisfy { isNameByte($0) }
  }

  /// Reads `count` names: each a non-NULL C string of the form [A-Za-z_][A-Za-z0-9_]*,
  /// none twice.
  static func names(_ list: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int, _ what: String) throws(BraceError) -> [[UInt8]] {
    guard count >= 0 else { throw .invalidArgument(what + " count " + String(UInt(bitPattern: count)) + " is larger than any array") }
    guard count > 0 else { return [] }
    guard let list else { throw .invalidArgument(what + " is NULL but its count is " + String(count)) }
    var out: [[UInt8]] = []
    out.reserveCapacity(count)
    for k in 0..<count {
      let entry = what + "[" + String(k) + "]"
      guard let p = list[k] else { throw .invalidArgument(entry + " is NULL") }
      let name = bytes(p)
      guard isName(name) else {
        throw .invalidArgument(entry + " \"" + VisualFormatParser.string(name) + "\" is not a name (rule: [A-Za-z_][A-Za-z0-9_]*)")
      }
      if let j = out.firstIndex(where: { $0 == name }) {
        throw BraceError(BRACE_E_DUPLICATE, entry + " \"" + VisualFormatParser.string(name) + "\" repeats " + what + "[" + String(j) + "]")
      }
      out.append(name)
    }
    return out
  }
}
