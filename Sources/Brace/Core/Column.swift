import CBraceLibc

/// One field of every node slot (NodeStore), in flat memory the column owns. Unlike an
/// Array it has no copy-on-write: a write `nodes.flags[i].insert(...)` stores through
/// the pointer, with no uniqueness check on the way, and the column cannot be copied
/// (its memory has one owner, freed with it). Indexes are checked as an Array's are.
/// Blocks come from and go back to `ColumnBlocks`, so a new context reuses the warm
/// memory of a destroyed one.
struct Column<Element>: ~Copyable {
  private var base: UnsafeMutablePointer<Element>
  private(set) var count = 0
  private(set) var capacity: Int

  /// Empty, with no block: a context that makes no node allocates none (a kiwi solver's
  /// context has two dozen columns). The address is never read while capacity is 0.
  init() {
    base = UnsafeMutablePointer(bitPattern: MemoryLayout<Element>.alignment)!
    capacity = 0
  }

  deinit {
    base.deinitialize(count: count)
    if capacity > 0 { ColumnBlocks.give(UnsafeMutableRawPointer(base), bytes: capacity * MemoryLayout<Element>.stride) }
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
    let want = max(n, 2 * capacity, 16) * stride
    let (raw, bytes) = capacity == 0
      ? ColumnBlocks.take(bytes: want)
      : ColumnBlocks.move(UnsafeMutableRawPointer(base), used: count * stride, size: capacity * stride, to: want)
    base = raw.bindMemory(to: Element.self, capacity: bytes / stride)
    capacity = bytes / stride
  }

  /// Empties the column, keeping its block.
  mutating func removeAll() {
    base.deinitialize(count: count)
    count = 0
  }

  /// Drops the elements `drop` answers true for, in order, in one pass.
  mutating func removeAll(where drop: (Element) -> Bool) {
    var kept = 0
    for k in 0..<count {
      if drop(base[k]) {
        (base + k).deinitialize(count: 1)
      } else {
        if kept != k { (base + kept).moveInitialize(from: base + k, count: 1) }
        kept += 1
      }
    }
    count = kept
  }

  func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) -> R) -> R {
    body(UnsafeBufferPointer(start: base, count: count))
  }
}

/// Freed blocks of columns, kept process-wide for the next context (docs/design.md, Memory):
/// a context built after another was destroyed writes into memory already mapped and
/// touched, instead of taking fresh pages from the system (a page fault on the first
/// write of each 4 KB). Blocks under `smallest` go straight to malloc, whose small
/// blocks stay warm anyway; at most `cap` bytes are kept, the rest is freed. Contexts may
/// be created and destroyed on any thread: the list is behind a lock.
enum ColumnBlocks {
  static let smallest = 4096
  static let cap = 16 << 20

  private struct Kept {
    var blocks: [(pointer: UnsafeMutableRawPointer, bytes: Int)] = []
    var bytes = 0
  }
  private static let kept = Locked(Kept())

  /// A block of at least `bytes` (aligned for every column's element, as malloc's
  /// blocks are) and its size: the smallest kept one that fits, else a new one. A kept
  /// block is what a destroyed context's column ended with (see `move`), so a context
  /// built like the last one gets each column at its final size at the first growth past
  /// `smallest`, and grows and copies no more.
  static func take(bytes: Int) -> (UnsafeMutableRawPointer, Int) {
    if bytes >= smallest {
      let found = kept.withLock { k -> (UnsafeMutableRawPointer, Int)? in
        var best = -1
        for (j, b) in k.blocks.enumerated() where b.bytes >= bytes {
          if best < 0 || b.bytes < k.blocks[best].bytes { best = j }
        }
        guard best >= 0 else { return nil }
        let b = k.blocks.remove(at: best)
        k.bytes -= b.bytes
        return (b.pointer, b.bytes)
      }
      if let found { return found }
    }
    guard let p = malloc(max(bytes, 1)) else { fatalError("out of memory for node storage") }
    return (p, bytes)
  }

  /// The first `used` bytes of block `p` (of `size`) moved to a block of at least
  /// `bytes`, `p` freed. Bytewise, for every column: Swift values, Arrays included,
  /// may be moved so (and one function serves all the element types: the installed
  /// library stays small). An outgrown block is not kept: the list holds the sizes
  /// contexts end with, not the steps on the way there.
  static func move(_ p: UnsafeMutableRawPointer, used: Int, size: Int, to bytes: Int) -> (UnsafeMutableRawPointer, Int) {
    let fresh = take(bytes: bytes)
    fresh.0.copyMemory(from: p, byteCount: used)
    free(p)
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
    if bytes >= smallest {
      let keptIt = kept.withLock { k -> Bool in
        guard k.bytes + bytes <= cap else { return false }
        k.blocks.append((p, bytes))
        k.bytes += bytes
        return true
      }
      if keptIt { return }
    }
    free(p)
  }
}
