import CBrace

// The C ABI of brace/animation.h.

@c @implementation public func brace_context_begin_animation(_ ctx: OpaquePointer?, _ params: UnsafePointer<brace_animation_params>?, _ now: Double) -> brace_status {
  withContext(ctx, "brace_context_begin_animation") { c throws(BraceError) in try c.beginAnimation(params, now: now) }
}

@c @implementation public func brace_context_begin_without_animation(_ ctx: OpaquePointer?) -> brace_status {
  withContext(ctx, "brace_context_begin_without_animation") { c in c.beginWithoutAnimation() }
}

@c @implementation public func brace_context_commit_animation(_ ctx: OpaquePointer?) -> brace_status {
  withContext(ctx, "brace_context_commit_animation") { c throws(BraceError) in try c.commitAnimation() }
}

@c @implementation public func brace_context_get_animation_depth(_ ctx: OpaquePointer?, _ out: UnsafeMutablePointer<UInt32>?) -> brace_status {
  withContext(ctx, "brace_context_get_animation_depth") { c throws(BraceError) in try store(UInt32(c.animation.open.count), out) }
}

@c @implementation public func brace_context_tick(_ ctx: OpaquePointer?, _ now: Double, _ remaining: UnsafeMutablePointer<Int>?) -> brace_status {
  withContext(ctx, "brace_context_tick") { c throws(BraceError) in
    let left = try c.tick(now)
    remaining?.pointee = left
  }
}

@c @implementation public func brace_node_get_presentation_frame(_ ctx: OpaquePointer?, _ node: brace_node, _ t: Double, _ out: UnsafeMutablePointer<brace_rect>?) -> brace_status {
  getOfNode(ctx, "brace_node_get_presentation_frame", node, out) { c, n throws(BraceError) in
    guard t.isFinite else { throw .invalidArgument("t is \(t); expected a finite time in seconds") }
    return c.presentationFrame(n, at: t)
  }
}

@c @implementation public func brace_context_sample_animations(_ ctx: OpaquePointer?, _ t: Double, _ buffer: UnsafeMutablePointer<brace_presented_frame>?, _ capacity: Int, _ count: UnsafeMutablePointer<Int>?) -> brace_status {
  withContext(ctx, "brace_context_sample_animations") { c throws(BraceError) in
    guard t.isFinite else { throw .invalidArgument("t is \(t); expected a finite time in seconds") }
    let count = try requireOut(count, "count")
    if capacity != 0 && buffer == nil { throw .invalidArgument("buffer is NULL but capacity is \(UInt(bitPattern: capacity))") }
    count.pointee = c.sampleAnimations(at: t, into: buffer, capacity: Int(clamping: UInt(bitPattern: capacity)))
  }
}

@c @implementation public func brace_node_is_animating(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<Bool>?) -> brace_status {
  getOfNode(ctx, "brace_node_is_animating", node, out) { c, n in c.isAnimating(n) }
}

@c @implementation public func brace_node_cancel_animations(_ ctx: OpaquePointer?, _ node: brace_node, _ subtree: Bool) -> brace_status {
  withNode(ctx, "brace_node_cancel_animations", node) { c, n in c.cancelAnimations(n, subtree: subtree) }
}
