// The flat buffers' growth: how much capacity comes next, and the move of a buffer's
// elements to a larger allocation (rows, symbols and their scratch, objective levels,
// the accumulator).

extension Tableau {
  /// The next capacity of a flat buffer of records holding `n`: 1.25 times, at least 64.
  /// The unused end averages about 12% of a buffer (doubling: about 44%); the price is
  /// copying each record about 4 times as the buffer grows (doubling: once), a few
  /// nanoseconds per symbol or row.
  @inline(__always)
  static func grownCapacity(_ n: Int) -> Int { max(64, n + n / 4) }

  /// The same for the record arrays (constraints, variables), which start small: doubling
  /// from 4 up to 64.
  @inline(__always)
  static func grownArrayCapacity(_ n: Int) -> Int { n < 64 ? max(4, 2 * n) : n + n / 4 }

  /// Moves the first `count` elements of `buffer` to a new allocation of `capacity`.
  @inline(__always)
  static func grow<Element>(_ buffer: inout UnsafeMutablePointer<Element>, count: Int, to capacity: Int) {
    let fresh = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
    fresh.moveInitialize(from: buffer, count: count)
    buffer.deallocate()
    buffer = fresh
  }

  /// The same for a buffer indexed by symbol id, whose new part starts at zero.
  static func growZeroed<Element: ExpressibleByIntegerLiteral>(
    _ buffer: inout UnsafeMutablePointer<Element>, count: Int, to capacity: Int
  ) {
    grow(&buffer, count: count, to: capacity)
    (buffer + count).initialize(repeating: 0, count: capacity - count)
  }

  /// A new buffer of `capacity` zeros.
  static func zeroed<Element: ExpressibleByIntegerLiteral>(capacity: Int) -> UnsafeMutablePointer<Element> {
    let buffer = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
    buffer.initialize(repeating: 0, count: capacity)
    return buffer
  }
}
