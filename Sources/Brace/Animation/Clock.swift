import CBrace

/// The host's clock: a tick removes the animations that have ended and runs the
/// completions that became due.
extension Context {
  /// A completion that is due: the batch's callback and flag, and when it ended.
  private struct Due {
    var end: Double
    var serial: UInt64
    var fn: brace_animation_completion_fn?
    var userData: UnsafeMutableRawPointer?
    var finished: Bool
  }

  func tick(_ now: Double) throws(BraceError) -> Int {
    if animation.ticking || isNested {
      throw .reentrancy("cannot tick from inside a completion or another callback of this context (the tick that is running delivers what is due)")
    }
    guard animation.open.isEmpty else {
      throw .invalidState("\(animation.open.count) animation transaction(s) are open; commit them before ticking")
    }
    try checkTime(now, "now")
    animation.clock = now
    var due: [Due] = []
    for b in animation.batches.indices where animation.batches[b].inUse && animation.batches[b].committed {
      let x = animation.batches[b]
      let ran = x.live > 0 && x.end <= now
      guard ran || x.live == 0 else { continue }
      if ran {
        while case let a = animation.batches[b].first, a >= 0 { animation.remove(a, stopped: false) }
      }
      // It ended when its animations did; one with nothing left to run (stopped, or none
      // recorded) when that happened.
      let end = ran ? max(x.end, x.stoppedAt) : x.stoppedAt
      due.append(Due(end: end, serial: x.serial, fn: x.completion, userData: x.userData, finished: animation.batches[b].finished))
      animation.freeBatch(Int32(b))
    }
    // Before the completions, which may begin new animations in the emptied pools.
    animation.releaseIfIdle()
    if !due.isEmpty {
      due.sort { ($0.end, $0.serial) < ($1.end, $1.serial) }
      animation.ticking = true
      defer { animation.ticking = false }
      for d in due { d.fn?(opaque, d.finished, d.userData) }
    }
    // Counted after the completions: one that chains a new animation keeps the host's
    // display link running.
    return animation.animating.count
  }
}
