// Small blocks for row cells, column entries and constraint terms, carved from large
// chunks instead of one heap allocation each.
//
// A heap allocation per row and per column costs its allocator header and rounding
// (a 4-entry column is 32 bytes asked, 48 taken from glibc) and forces a generous
// initial capacity to keep regrowth rare. Here blocks come in size classes of 1, 2,
// 3, 4, 6, 8, 12, 16, ... 8-byte words (each about 1.5 times the previous), carved
// from chunks of about 1/32 of what the pool holds (2 KiB to 1 MiB); a freed block
// goes to its class's free list (the next pointer is kept in the block itself) and
// is reused by the next request of that class. Blocks above `largeClass` are plain
// allocations. Chunks are released only with the tableau; nothing else moves, so a
// block's address is stable until it is freed.

struct Pool {
  /// Free-list heads, one per class below `largeClass`.
  var heads: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  /// Where the next block of the current chunk starts, and how many bytes remain in it.
  var cursor: UnsafeMutableRawPointer? = nil
  var remaining = 0
  var chunks = ContiguousArray<(base: UnsafeMutableRawPointer, bytes: Int)>()
  /// Chunks of a pool that was reset, not handed out again yet (`reset`), last first.
  var spare = ContiguousArray<(base: UnsafeMutableRawPointer, bytes: Int)>()
  /// Bytes of all chunks so far (sizes the next chunk).
  var chunkBytes = 0
  /// Blocks of the large classes held: while none, a reset has none to look for.
  var largeBlocks = 0

  /// Classes from here on (768 words = 6 KiB and up) are allocated one by one.
  static let largeClass = 18

  init() {
    heads = .allocate(capacity: Pool.largeClass)
    heads.initialize(repeating: nil, count: Pool.largeClass)
  }

  /// Words of class `k`: 1, 2, 3, 4, 6, 8, 12, 16, ... (1 << (j/2), times 1.5 when j is odd, j = k + 1).
  /// Masking shifts and wrapping arithmetic (k is a class, far below 64): Swift's `<<` by
  /// a variable amount checks for overshifts and `+`/`*` for overflow, which made this
  /// about 40% of a column's growth in perf.
  @inline(__always)
  static func words(_ k: Int) -> Int {
    let j = k &+ 1
    let base = 1 &<< (j &>> 1)
    return base &+ (j & 1) &* (base &>> 1)
  }

  /// The class whose size is exactly `w` words (`w` must be a class size).
  @inline(__always)
  static func classOf(words w: Int) -> Int {
    let m = Int.bitWidth - 1 - w.leadingZeroBitCount
    return w & (w - 1) == 0 ? max(0, 2 * m - 1) : 2 * m
  }

  /// The smallest class of at least `n` words.
  @inline(__always)
  static func classFor(words n: Int) -> Int {
    if n <= 1 { return 0 }
    let m = Int.bitWidth - 1 - n.leadingZeroBitCount
    if n & (n - 1) == 0 { return 2 * m - 1 }
    return n <= 3 &<< (m &- 1) ? 2 * m : 2 * m + 1
  }

  /// A block of class `k` (uninitialized, 8-byte aligned): a freed one, else carved from
  /// the current chunk in line (a fresh tableau's blocks all come from there).
  @inline(__always)
  mutating func allocate(class k: Int) -> UnsafeMutableRawPointer {
    if k < Pool.largeClass {
      if let p = heads[k] {
        heads[k] = p.load(as: UnsafeMutableRawPointer?.self)
        return p
      }
      let bytes = Pool.words(k) * 8
      if remaining >= bytes, let p = cursor {
        cursor = p + bytes
        remaining -= bytes
        return p
      }
    }
    return allocateSlow(class: k)
  }

  mutating func allocateSlow(class k: Int) -> UnsafeMutableRawPointer {
    let bytes = Pool.words(k) * 8
    if k >= Pool.largeClass {
      largeBlocks += 1
      return .allocate(byteCount: bytes, alignment: 16)
    }
    if remaining < bytes { newChunk(atLeast: bytes) }
    let p = cursor!
    cursor = p + bytes
    remaining -= bytes
    return p
  }

  /// Returns a block of class `k` for reuse.
  @inline(__always)
  mutating func free(_ p: UnsafeMutableRawPointer, class k: Int) {
    if k >= Pool.largeClass {
      largeBlocks -= 1
      p.deallocate()
      return
    }
    p.storeBytes(of: heads[k], as: UnsafeMutableRawPointer?.self)
    heads[k] = p
  }

  /// Starts a new chunk; the rest of the current one goes to the free lists.
  mutating func newChunk(atLeast bytes: Int) {
    while remaining >= 8, let p = cursor {
      // Largest class that fits the rest (sizes are multiples of 8 bytes).
      var k = min(Pool.largeClass - 1, Pool.classFor(words: remaining / 8))
      while Pool.words(k) * 8 > remaining { k -= 1 }
      free(p, class: k)
      cursor = p + Pool.words(k) * 8
      remaining -= Pool.words(k) * 8
    }
    let c: UnsafeMutableRawPointer, size: Int
    if let s = spare.last, s.bytes >= bytes {
      spare.removeLast()
      (c, size) = s
    } else {
      size = max(bytes, min(1 << 20, max(2048, chunkBytes / 32)) & ~63)
      c = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
    }
    chunks.append((c, size))
    chunkBytes += size
    cursor = c
    remaining = size
  }

  /// Forgets every block (blocks of large classes are freed by their owners first) and
  /// keeps the chunks, which `newChunk` hands out again, in their order, before it
  /// allocates any.
  mutating func reset() {
    for c in chunks.reversed() { spare.append(c) }
    chunks.removeAll(keepingCapacity: true)
    chunkBytes = 0
    cursor = nil
    remaining = 0
    heads.update(repeating: nil, count: Pool.largeClass)
  }

  /// Releases every chunk (blocks of large classes are freed by their owners).
  mutating func deallocate() {
    for c in chunks { c.base.deallocate() }
    for c in spare { c.base.deallocate() }
    chunks.removeAll()
    spare.removeAll()
    heads.deallocate()
  }
}
