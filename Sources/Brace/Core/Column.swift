import CBraceLibc

/// One field of every node slot (NodeStore), in flat memory the column owns. Unlike an
/// Array it has no copy-on-write: a write `nodes.flags[i].insert(...)` stores through
/// the pointer, with no uniqueness check on the way, and the column cannot be copied
/// (its memory has one owner, freed with it). Indexes are checked as an Array's are.
struct Column<Element>: ~Copyable {
  private var base: UnsafeMutablePointer<Element>
  private(set) var count = 0
  private(set) var capacity: Int

  init() {
    let (raw, bytes) = ColumnBlocks.take(bytes: 16 * MemoryLayout<Element>.stride)
    base = raw.bindMemory(to: Element.self, capacity: bytes / MemoryLayout<Element>.stride)
    capacity = bytes / MemoryLayout<Element>.stride
  }

  deinit {
    base.deinitialize(count: count)
    ColumnBlocks.give(UnsafeMutableRawPointer(base), bytes: capacity * MemoryLayout<Element>.stride)
  }

  @inline(__always)
  subscript(i: Int) -> Element {
    unsafeAddress {
      precondition(UInt(bitPattern: i) < UInt(bitPattern: count), "node column index out of range")
      return UnsafePointer(base + i)
    }
    nonmutating unsafeMutableAddress {
      precondition(UInt(bitPattern: i) < UInt(bitPattern: count), "node column index out of range")
      return base + i
    }
  }

  @inline(__always)
  mutating func append(_ x: Element) {
    if count == capacity { grow(to: count + 1) }
    (base + count).initialize(to: x)
    count += 1
  }

  /// `n` copies of `x` at the end, written in one pass: a value without references
  /// bytewise, by one function for all such columns (the installed library stays small).
  mutating func append(repeating x: Element, count n: Int) {
    guard n > 0 else { return }
    reserve(count + n)
    (base + count).initialize(to: x)
    if _isPOD(Element.self) {
      ColumnBlocks.replicate(UnsafeMutableRawPointer(base + count), MemoryLayout<Element>.stride, n)
    } else {
      (base + count + 1).initialize(repeating: x, count: n - 1)
    }
    count += n
  }

  /// Room for `n` elements in all.
  @inline(__always)
  mutating func reserve(_ n: Int) {
    if n > capacity { grow(to: n) }
  }

  /// At least twofold, as an Array grows, so appending stays linear.
  private mutating func grow(to n: Int) {
    let stride = MemoryLayout<Element>.stride
    let (raw, bytes) = ColumnBlocks.move(
      UnsafeMutableRawPointer(base), used: count * stride, size: capacity * stride, to: max(n, 2 * capacity) * stride)
    base = raw.bindMemory(to: Element.self, capacity: bytes / stride)
    capacity = bytes / stride
  }

  func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) -> R) -> R {
    body(UnsafeBufferPointer(start: base, count: count))
  }
}

/// The columns' blocks.
enum ColumnBlocks {
  /// A block of at least `bytes` (aligned for every column's element, as malloc's
  /// blocks are) and its size.
  static func take(bytes: Int) -> (UnsafeMutableRawPointer, Int) {
    guard let p = malloc(max(bytes, 1)) else { fatalError("out of memory for node storage") }
    return (p, bytes)
  }

  /// The first `used` bytes of block `p` (of `size`) moved to a block of at least
  /// `bytes`, `p` taken back. Bytewise, for every column: Swift values, Arrays included,
  /// may be moved so (and one function serves all the element types: the installed
  /// library stays small).
  static func move(_ p: UnsafeMutableRawPointer, used: Int, size: Int, to bytes: Int) -> (UnsafeMutableRawPointer, Int) {
    let fresh = take(bytes: bytes)
    fresh.0.copyMemory(from: p, byteCount: used)
    give(p, bytes: size)
    return fresh
  }

  /// Copies the `stride` bytes at `p` into the `n - 1` places after them, doubling.
  static func replicate(_ p: UnsafeMutableRawPointer, _ stride: Int, _ n: Int) {
    var done = 1
    while done < n {
      let k = min(done, n - done)
      (p + done * stride).copyMemory(from: p, byteCount: k * stride)
      done += k
    }
  }

  /// Takes back a block `take` gave (its elements deinitialized).
  static func give(_ p: UnsafeMutableRawPointer, bytes: Int) {
    free(p)
  }
}
