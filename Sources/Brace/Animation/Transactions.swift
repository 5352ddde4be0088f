import CBrace

/// Opening and closing transactions, and recording the frame changes made inside them.
extension Context {
  static let firstAnimationParamsSize = MemoryLayout<brace_animation_params>.size
  static let knownAnimationOptions: UInt32 =
    BRACE_ANIMATION_BEGIN_FROM_CURRENT_STATE.rawValue | BRACE_ANIMATION_INHERIT_DURATION.rawValue
    | BRACE_ANIMATION_INHERIT_CURVE.rawValue | BRACE_ANIMATION_ANIMATE_NEW_VIEWS.rawValue

  /// The host's time must not go backwards.
  func checkTime(_ now: Double, _ name: String) throws(BraceError) {
    guard now.isFinite else { throw .invalidArgument("\(name) is \(now); expected a finite time in seconds") }
    guard now >= animation.clock else {
      throw .invalidArgument("\(name) is \(now), earlier than \(animation.clock), the latest time this context was given: the host's clock must not go backwards")
    }
  }

  /// The timing a transaction's parameters ask for, after checking them all.
  static func timing(of p: brace_animation_params) throws(BraceError) -> Timing {
    func finite(_ v: Double, _ name: String) throws(BraceError) {
      guard v.isFinite else { throw .invalidArgument("params->\(name) is \(v); expected a finite number") }
    }
    try finite(p.duration, "duration")
    try finite(p.delay, "delay")
    guard p.duration >= 0 else { throw .invalidArgument("params->duration is \(p.duration); expected seconds >= 0") }
    guard p.delay >= 0 else { throw .invalidArgument("params->delay is \(p.delay); expected seconds >= 0") }
    let unknown = p.options & ~knownAnimationOptions
    guard unknown == 0 else {
      throw .invalidArgument("params->options has unknown bits 0x\(String(unknown, radix: 16)); expected an OR of brace_animation_option")
    }
    if let (x1, y1, x2, y2) = Timing.named(p.curve) { return Timing.bezier(x1, y1, x2, y2) }
    switch p.curve {
    case BRACE_CURVE_CUBIC_BEZIER:
      let c = p.control_points
      for (k, v) in [c.0, c.1, c.2, c.3].enumerated() { try finite(v, "control_points[\(k)]") }
      guard (0...1).contains(c.0), (0...1).contains(c.2) else {
        throw .invalidArgument("params->control_points {\(c.0), \(c.1), \(c.2), \(c.3)}: x1 and x2 must be in [0, 1] (the curve must move forward in time)")
      }
      return Timing.bezier(c.0, c.1, c.2, c.3)
    case BRACE_CURVE_SPRING:
      let z = p.damping_ratio
      guard z > 0 && z <= 1 else {
        throw .invalidArgument("params->damping_ratio is \(z); expected a ratio in (0, 1] (1: no overshoot)")
      }
      try finite(p.initial_velocity, "initial_velocity")
      return Timing.spring(zeta: z, velocity: p.initial_velocity, duration: p.duration)
    default:
      throw .invalidArgument("params->curve is \(p.curve.rawValue); expected a brace_animation_curve (0...5)")
    }
  }

  func beginAnimation(_ params: UnsafePointer<brace_animation_params>?, now: Double) throws(BraceError) {
    guard let params else { throw .invalidArgument("params is NULL") }
    let size = Int(params.pointee.struct_size)
    guard size >= Context.firstAnimationParamsSize else {
      throw .invalidArgument("params->struct_size is \(size); expected at least \(Context.firstAnimationParamsSize) (sizeof(brace_animation_params)); start from BRACE_ANIMATION_PARAMS_INIT")
    }
    let p = params.pointee
    var timing = try Context.timing(of: p)
    try checkTime(now, "now")
    var start = now + p.delay, duration = p.duration
    if let outer = enclosingBatch() {
      let o = animation.batches[Int(outer)]
      if p.options & BRACE_ANIMATION_INHERIT_DURATION.rawValue != 0 { (start, duration) = (o.start, o.duration) }
      if p.options & BRACE_ANIMATION_INHERIT_CURVE.rawValue != 0 {
        timing = o.timing
        // A spring is tuned to its duration: a curve inherited with another duration is
        // tuned again.
        if case let .spring(z, _, v0, d) = timing, d != duration { timing = Timing.spring(zeta: z, velocity: v0, duration: duration) }
      }
    }
    animation.clock = now
    let b = animation.newBatch()
    animation.batches[Int(b)].start = start
    animation.batches[Int(b)].duration = duration
    animation.batches[Int(b)].timing = timing
    animation.batches[Int(b)].options = p.options
    animation.batches[Int(b)].begun = now
    animation.batches[Int(b)].completion = p.completion
    animation.batches[Int(b)].userData = p.user_data
    animation.open.append(.animated(batch: b))
    refreshRecording()
  }

  /// The innermost open animated transaction's batch.
  func enclosingBatch() -> Int32? {
    for o in animation.open.reversed() { if case let .animated(b) = o { return b } }
    return nil
  }

  func beginWithoutAnimation() {
    animation.open.append(.disabled)
    refreshRecording()
  }

  func commitAnimation() throws(BraceError) {
    guard let top = animation.open.popLast() else {
      throw .invalidState("no animation transaction is open (begin one with brace_context_begin_animation)")
    }
    if case let .animated(b) = top {
      animation.batches[Int(b)].committed = true
      // Nothing left to wait for: it completes at the next tick, at the commit's time.
      if animation.batches[Int(b)].live == 0 {
        animation.batches[Int(b)].stoppedAt = max(animation.batches[Int(b)].stoppedAt, animation.clock)
      }
    }
    if animation.open.isEmpty { animation.fresh.removeAll() }
    refreshRecording()
  }

  private func refreshRecording() {
    // Recording needs a duration or a delay: a zero-length animation changes nothing.
    if case let .animated(b)? = animation.open.last {
      let x = animation.batches[Int(b)]
      animation.recording = x.duration > 0 || x.start > x.begun ? b : -1
    } else {
      animation.recording = -1
    }
  }

  /// A model frame changed while a transaction records (called from setFrame and
  /// setCenter): the node animates from where it was shown to its new frame.
  func recordFrameChange(_ n: NodeID, from old: brace_rect, to new: brace_rect, placed: Bool) {
    let b = animation.recording
    // Layout guides are never drawn: nothing to show moving.
    guard b >= 0, !(old == new), !nodes.flags[n.index].contains(.guide) else { return }
    let options = animation.batches[Int(b)].options
    if !placed || animation.fresh.contains(n) {
      // A node's first frame appears in place, unless the transaction asks otherwise.
      if options & BRACE_ANIMATION_ANIMATE_NEW_VIEWS.rawValue == 0 {
        animation.fresh.insert(n)
        return
      }
    }
    animation.reserveNodes(nodes.capacity)
    if options & BRACE_ANIMATION_BEGIN_FROM_CURRENT_STATE.rawValue != 0 {
      // From where it is shown at the transaction's time; the running animations stop
      // (an earlier change of this transaction is folded in). The new one goes in first,
      // so the node stays in the list of animating nodes meanwhile.
      let shown = animation.presentation(n, model: old, at: animation.batches[Int(b)].begun)
      let d = Context.delta(from: shown, to: new)
      if let d { animation.insert(n, batch: b, d) }
      var a = d != nil ? animation.anims[Int(animation.firstAnim(n))].nodeNext : animation.firstAnim(n)
      while a >= 0 {
        let next = animation.anims[Int(a)].nodeNext
        animation.remove(a, stopped: animation.anims[Int(a)].batch != b)
        a = next
      }
      return
    }
    let d = Context.delta(from: old, to: new)
    let mine = animation.anim(of: n, in: b)
    guard mine >= 0 else {
      if let d { animation.insert(n, batch: b, d) }
      return
    }
    // A second change in the same transaction: one animation from the first frame.
    guard let d else { return animation.remove(mine, stopped: false) }
    animation.anims[Int(mine)].dx += d.0
    animation.anims[Int(mine)].dy += d.1
    animation.anims[Int(mine)].dw += d.2
    animation.anims[Int(mine)].dh += d.3
    let m = animation.anims[Int(mine)]
    if m.isZero || !m.isFinite { animation.remove(mine, stopped: false) }
  }

  /// Where a node was shown minus its new frame, per component; nil when one is not
  /// finite (frames near ±DBL_MAX): such a change is not animated, the node jumps.
  private static func delta(from shown: brace_rect, to new: brace_rect) -> (Double, Double, Double, Double)? {
    let d = (shown.x - new.x, shown.y - new.y, shown.width - new.width, shown.height - new.height)
    return d.0.isFinite && d.1.isFinite && d.2.isFinite && d.3.isFinite ? d : nil
  }

  /// Stops the animations of `n` (and its subtree): shown at their model frames now,
  /// their transactions complete with finished = false.
  func cancelAnimations(_ n: NodeID, subtree: Bool) {
    guard !animation.isEmpty else { return }
    if !subtree {
      animation.removeAll(of: n, stopped: true)
      return
    }
    var stack = [n]
    while let x = stack.popLast() {
      animation.removeAll(of: x, stopped: true)
      stack.append(contentsOf: nodes.children[x.index])
    }
  }
}
