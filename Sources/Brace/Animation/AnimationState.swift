import CBrace

/// One transaction's animations: its timing, its completion, and how many of its
/// animations are still recorded.
struct Batch {
  /// Begin time plus delay, and the duration: every animation of the batch runs from
  /// `start` to `start + duration`.
  var start = 0.0
  var duration = 0.0
  var timing = Timing.linear
  var options: UInt32 = 0
  /// The time given to brace_context_begin_animation.
  var begun = 0.0
  var completion: brace_animation_completion_fn?
  var userData: UnsafeMutableRawPointer?
  /// Its animations still recorded: the head of their list (through `Anim.batchNext`)
  /// and their number.
  var first: Int32 = -1
  var live: Int32 = 0
  var committed = false
  /// No animation of it was stopped before its end.
  var finished = true
  /// When its last animation was stopped (or it was committed with none): the time its
  /// completion sorts by when it did not run to its end.
  var stoppedAt = -Double.infinity
  /// The order of brace_context_begin_animation calls: ties of end times complete in it.
  var serial: UInt64 = 0
  var inUse = false

  var end: Double { start + duration }
}

/// One recorded frame change: the node is shown at model + delta·(1 - progress(t)), summed
/// over its animations (additive, as Core Animation's). A member of two lists: its node's
/// and its batch's.
struct Anim {
  var node = NodeID.none
  var batch: Int32 = -1
  var nodePrev: Int32 = -1
  var nodeNext: Int32 = -1
  var batchPrev: Int32 = -1
  var batchNext: Int32 = -1
  /// Where the node was shown minus its new model frame, per component; always finite
  /// (a change too large for one is not animated).
  var dx = 0.0, dy = 0.0, dw = 0.0, dh = 0.0

  /// Adds `share` (1 - progress) of the delta to a frame.
  @inline(__always)
  func add(to r: inout brace_rect, share: Double) {
    guard share != 0 else { return }
    r.x += dx * share
    r.y += dy * share
    r.width += dw * share
    r.height += dh * share
  }

  var isZero: Bool { dx == 0 && dy == 0 && dw == 0 && dh == 0 }
  var isFinite: Bool { dx.isFinite && dy.isFinite && dw.isFinite && dh.isFinite }
}

/// What an open transaction or region applies to the changes made inside it.
enum OpenTransaction {
  case animated(batch: Int32)
  case disabled
}

/// The animation subsystem's state (Animation/): open transactions, batches and
/// animations in flat pools with free lists, the nodes animating now, and the host's
/// latest time.
struct AnimationState: ~Copyable {
  var open: [OpenTransaction] = []
  /// The batch frame changes are recorded into now, -1 when none (no transaction, or a
  /// without-animation region innermost). Read on every frame change.
  var recording: Int32 = -1

  var batches: [Batch] = []
  var freeBatches: [Int32] = []
  /// The records, in a column (Core/Column.swift): a write checks no uniqueness, and the
  /// block given back when the animations end is the next transaction's, warm, from the
  /// process's kept blocks (an array's was the system's again, faulted in page by page).
  var anims = Column<Anim>()
  var freeAnims: [Int32] = []

  /// Per node slot: the head of its animation list (-1: none) and its position in
  /// `animating` (-1: not there). Grown to the node capacity when a node first animates.
  var head = Column<Int32>()
  var position = Column<Int32>()
  /// The nodes with recorded animations, dense, in no particular order.
  var animating: [NodeID] = []

  /// Nodes given their first frame inside the open transactions: later changes in the
  /// same transactions do not animate them either. Emptied when the outermost commits.
  var fresh: Set<NodeID> = .init()

  /// The latest time the host gave (begin or tick).
  var clock = -Double.infinity
  var serial: UInt64 = 0
  /// A tick is running completions.
  var ticking = false
  /// Per batch slot: 1 - progress at time `remainingAt` (NaN: not computed since the
  /// slot was given out), and whether the batch runs past that time. A Bézier's progress
  /// is solved once per batch and time: sampling fills every batch's, and a change
  /// recorded from the current state, or a node asked alone, reuses it.
  var remaining: [Double] = []
  var remainingAt: [Double] = []
  var active: [Bool] = []

  var isEmpty: Bool { animating.isEmpty }

  // MARK: Pools

  mutating func newBatch() -> Int32 {
    let b: Int32
    if let k = freeBatches.popLast() {
      b = k
    } else {
      b = Int32(batches.count)
      batches.append(Batch())
    }
    serial += 1
    if Int(b) < remainingAt.count { remainingAt[Int(b)] = .nan }
    batches[Int(b)] = Batch()
    batches[Int(b)].serial = serial
    batches[Int(b)].inUse = true
    return b
  }

  mutating func freeBatch(_ b: Int32) {
    batches[Int(b)] = Batch()
    freeBatches.append(b)
  }

  /// Once nothing animates and nothing is open, the pools and per-node tables are given
  /// back: nothing stays allocated after the animations end (they held ~90 bytes per
  /// node that ever animated).
  mutating func releaseIfIdle() {
    guard animating.isEmpty, open.isEmpty, freeBatches.count == batches.count else { return }
    batches = []
    freeBatches = []
    anims = Column()
    freeAnims = []
    head = Column()
    position = Column()
    animating = []
    remaining = []
    remainingAt = []
    active = []
  }

  /// Makes room for every batch slot in the progress cache, keeping what it holds (a
  /// sampling pass reads the values it filled before a later slot made it grow).
  mutating func reserveBatchScratch() {
    let more = batches.count - remaining.count
    guard more > 0 else { return }
    remaining.append(contentsOf: repeatElement(0, count: more))
    remainingAt.append(contentsOf: repeatElement(.nan, count: more))
    active.append(contentsOf: repeatElement(false, count: more))
  }

  /// 1 - progress of batch `b` at `t` (its animations' share still to go), from the cache
  /// when it holds `t`.
  @inline(__always)
  mutating func remainingShare(_ b: Int32, at t: Double) -> Double {
    let i = Int(b)
    if i < remainingAt.count && remainingAt[i] == t { return remaining[i] }
    reserveBatchScratch()
    let x = batches[i]
    let k = 1 - x.timing.progress(x.duration > 0 ? (t - x.start) / x.duration : (t < x.start ? 0 : 1))
    remaining[i] = k
    remainingAt[i] = t
    active[i] = x.end > t
    return k
  }

  /// Makes room for per-node entries up to `capacity` slots.
  mutating func reserveNodes(_ capacity: Int) {
    if head.count < capacity {
      head.append(repeating: -1, count: capacity - head.count)
      position.append(repeating: -1, count: capacity - position.count)
    }
  }

  @inline(__always)
  func firstAnim(_ n: NodeID) -> Int32 { n.index < head.count ? head[n.index] : -1 }

  /// The node's animation of batch `b`, -1 when it has none. Inlined: called on the
  /// context's stored state, a call copied the whole struct (176 bytes) first, on every
  /// view a transaction moves.
  @inline(__always)
  func anim(of n: NodeID, in b: Int32) -> Int32 {
    var a = firstAnim(n)
    while a >= 0 {
      if anims[Int(a)].batch == b { return a }
      a = anims[Int(a)].nodeNext
    }
    return -1
  }

  /// Records a new animation of `n` in batch `b` (at the head of both lists).
  mutating func insert(_ n: NodeID, batch b: Int32, _ d: (Double, Double, Double, Double)) {
    let h = head[n.index], bh = batches[Int(b)].first
    let x = Anim(node: n, batch: b, nodePrev: -1, nodeNext: h, batchPrev: -1, batchNext: bh,
                 dx: d.0, dy: d.1, dw: d.2, dh: d.3)
    let a: Int32
    if let k = freeAnims.popLast() {
      a = k
      anims[Int(a)] = x
    } else {
      a = Int32(anims.count)
      anims.append(x)
    }
    if h >= 0 { anims[Int(h)].nodePrev = a }
    if bh >= 0 { anims[Int(bh)].batchPrev = a }
    head[n.index] = a
    batches[Int(b)].first = a
    batches[Int(b)].live += 1
    if position[n.index] < 0 {
      position[n.index] = Int32(animating.count)
      animating.append(n)
    }
  }

  /// Removes animation `a` from its node's and its batch's lists. `stopped`: it did not
  /// run to its end, so its batch will not report finished.
  mutating func remove(_ a: Int32, stopped: Bool) {
    let x = anims[Int(a)]
    if x.nodePrev >= 0 { anims[Int(x.nodePrev)].nodeNext = x.nodeNext } else { head[x.node.index] = x.nodeNext }
    if x.nodeNext >= 0 { anims[Int(x.nodeNext)].nodePrev = x.nodePrev }
    if x.batchPrev >= 0 { anims[Int(x.batchPrev)].batchNext = x.batchNext } else { batches[Int(x.batch)].first = x.batchNext }
    if x.batchNext >= 0 { anims[Int(x.batchNext)].batchPrev = x.batchPrev }
    batches[Int(x.batch)].live -= 1
    if stopped {
      batches[Int(x.batch)].finished = false
      batches[Int(x.batch)].stoppedAt = clock
    }
    anims[Int(a)] = Anim()
    freeAnims.append(a)
    if head[x.node.index] < 0 {
      // Swap-remove the node from the dense list.
      let p = Int(position[x.node.index])
      let last = animating.removeLast()
      if p < animating.count {
        animating[p] = last
        position[last.index] = Int32(p)
      }
      position[x.node.index] = -1
    }
  }

  /// Removes every animation of `n`.
  mutating func removeAll(of n: NodeID, stopped: Bool) {
    while case let a = firstAnim(n), a >= 0 { remove(a, stopped: stopped) }
  }

  /// Where `n` is shown at `t`, given its model frame.
  mutating func presentation(_ n: NodeID, model f: brace_rect, at t: Double) -> brace_rect {
    var r = f
    var a = firstAnim(n)
    while a >= 0 {
      let x = anims[Int(a)]
      x.add(to: &r, share: remainingShare(x.batch, at: t))
      a = x.nodeNext
    }
    return r
  }
}
