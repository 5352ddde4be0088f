// The flat buffers' growth: how much capacity comes next, and the move of a buffer's
// elements to a larger allocation (rows, symbols and their scratch, objective levels,
// the accumulator).

extension Tableau {
  /// The next capacity of a flat buffer of records holding `n`: at least 32, doubling up
  /// to 4,096, then 1.25 times. A small system (the kiwi benchmark's chains: 300 symbols
  /// at N = 100) grows 3 times instead of 7, each growth an allocation, a copy of every
  /// record and a zeroed tail per objective level (207 instructions an addition at N = 100);
  /// a large one keeps the unused end at about 12% of a buffer (doubling: about 44%).
  @inline(__always)
  static func grownCapacity(_ n: Int) -> Int { n < 4096 ? max(32, 2 * n) : n + n / 4 }

  /// The same for the record arrays (constraints, variables), which start at 16.
  @inline(__always)
  static func grownArrayCapacity(_ n: Int) -> Int { n < 4096 ? max(16, 2 * n) : n + n / 4 }

  /// Objective levels (one per priority in use): 8, then doubling.
  @inline(__always)
  static func grownLevelCapacity(_ n: Int) -> Int { max(8, 2 * n) }

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

/// The constraint and variable records: a growable buffer read and written in place.
/// As ContiguousArrays, every field written (an addition writes about 30: its record, its
/// variables' references and dirty flags) paid a uniqueness check and a bounds check, and
/// growth went through the generic array code. Indices are checked by the callers (a slot
/// from the host goes through `liveVariable`/`liveConstraint`), and by `assert` in debug
/// builds. The elements are plain data; the owning `Tableau` frees the buffer.
struct RecordArray<Element> {
  private(set) var base: UnsafeMutablePointer<Element>
  private(set) var count = 0
  private(set) var capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
    base = .allocate(capacity: capacity)
  }

  subscript(i: Int) -> Element {
    @inline(__always) unsafeAddress {
      assert(i >= 0 && i < count, "record index out of range")
      return UnsafePointer(base + i)
    }
    @inline(__always) nonmutating unsafeMutableAddress {
      assert(i >= 0 && i < count, "record index out of range")
      return base + i
    }
  }

  var indices: Range<Int> { 0..<count }

  @inline(__always)
  mutating func append(_ e: Element) {
    if count == capacity { reserveCapacity(Tableau.grownArrayCapacity(count)) }
    (base + count).initialize(to: e)
    count += 1
  }

  mutating func reserveCapacity(_ n: Int) {
    if n <= capacity { return }
    Tableau.grow(&base, count: count, to: n)
    capacity = n
  }

  /// Drops every record, keeping the capacity (the records are plain data).
  mutating func removeAll() { count = 0 }

  func deallocate() { base.deallocate() }
}
