import CBrace

// The C ABI of brace/cycle.h.

@c @implementation public func brace_node_set_needs_update_constraints(_ ctx: OpaquePointer?, _ node: brace_node) -> brace_status {
  withNode(ctx, "brace_node_set_needs_update_constraints", node) { c, n in c.markConstraints(n) }
}

@c @implementation public func brace_node_set_needs_layout(_ ctx: OpaquePointer?, _ node: brace_node) -> brace_status {
  withNode(ctx, "brace_node_set_needs_layout", node) { c, n in c.markLayout(n) }
}

@c @implementation public func brace_node_set_needs_display(_ ctx: OpaquePointer?, _ node: brace_node) -> brace_status {
  withNode(ctx, "brace_node_set_needs_display", node) { c, n in c.markDisplay(n, nil) }
}

@c @implementation public func brace_node_set_needs_display_in_rect(_ ctx: OpaquePointer?, _ node: brace_node, _ rect: brace_rect) -> brace_status {
  withNode(ctx, "brace_node_set_needs_display_in_rect", node) { c, n throws(BraceError) in
    try Check.rect(rect, "rect")
    c.markDisplay(n, rect)
  }
}

@c @implementation public func brace_node_get_needs_update_constraints(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<Bool>?) -> brace_status {
  getOfNode(ctx, "brace_node_get_needs_update_constraints", node, out) { c, n in c.nodes.flags[n.index].contains(.needsUpdateConstraints) }
}

@c @implementation public func brace_node_get_needs_layout(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<Bool>?) -> brace_status {
  getOfNode(ctx, "brace_node_get_needs_layout", node, out) { c, n in c.nodes.flags[n.index].contains(.needsLayout) }
}

@c @implementation public func brace_node_get_needs_display(_ ctx: OpaquePointer?, _ node: brace_node, _ needs: UnsafeMutablePointer<Bool>?, _ rect: UnsafeMutablePointer<brace_rect>?) -> brace_status {
  withNode(ctx, "brace_node_get_needs_display", node) { c, n in
    let (flagged, dirty) = c.pendingDisplay(n)
    needs?.pointee = flagged
    rect?.pointee = dirty
  }
}

@c @implementation public func brace_node_set_callbacks(_ ctx: OpaquePointer?, _ node: brace_node, _ callbacks: UnsafePointer<brace_node_callbacks>?) -> brace_status {
  withNode(ctx, "brace_node_set_callbacks", node) { c, n throws(BraceError) in try c.setCallbacks(n, callbacks) }
}

@c @implementation public func brace_node_super_update_constraints(_ ctx: OpaquePointer?, _ node: brace_node) -> brace_status {
  withNode(ctx, "brace_node_super_update_constraints", node) { c, n throws(BraceError) in
    try c.requireInCallback(n, .inUpdateConstraintsCallback, "update_constraints")
    c.defaultUpdateConstraints(n)
  }
}

@c @implementation public func brace_node_super_layout_subviews(_ ctx: OpaquePointer?, _ node: brace_node) -> brace_status {
  withNode(ctx, "brace_node_super_layout_subviews", node) { c, n throws(BraceError) in
    try c.requireInCallback(n, .inLayoutCallback, "layout_subviews")
    c.defaultLayoutSubviews(n)
  }
}

@c @implementation public func brace_node_super_intrinsic_content_size(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<brace_size>?) -> brace_status {
  getOfNode(ctx, "brace_node_super_intrinsic_content_size", node, out) { c, n throws(BraceError) in
    try c.requireInCallback(n, .inIntrinsicCallback, "intrinsic_content_size")
    return c.nodes.intrinsicSize[n.index]
  }
}

@c @implementation public func brace_node_update_constraints_if_needed(_ ctx: OpaquePointer?, _ node: brace_node) -> brace_status {
  withNode(ctx, "brace_node_update_constraints_if_needed", node) { c, n throws(BraceError) in try c.updateConstraintsIfNeeded(n) }
}

@c @implementation public func brace_node_layout_if_needed(_ ctx: OpaquePointer?, _ node: brace_node) -> brace_status {
  withNode(ctx, "brace_node_layout_if_needed", node) { c, n throws(BraceError) in try c.layoutIfNeeded(n) }
}

@c @implementation public func brace_context_run_update_cycle(_ ctx: OpaquePointer?) -> brace_status {
  withContext(ctx, "brace_context_run_update_cycle") { c throws(BraceError) in try c.runTurn() }
}

@c @implementation public func brace_context_run_phase(_ ctx: OpaquePointer?, _ phase: brace_phase) -> brace_status {
  withContext(ctx, "brace_context_run_phase") { c throws(BraceError) in try c.runPhase(phase) }
}

@c @implementation public func brace_context_get_pending(_ ctx: OpaquePointer?, _ out: UnsafeMutablePointer<UInt32>?) -> brace_status {
  withContext(ctx, "brace_context_get_pending") { c throws(BraceError) in try store(c.pendingPhases, out) }
}

@c @implementation public func brace_context_get_changed_frames(_ ctx: OpaquePointer?, _ options: UInt32, _ buffer: UnsafeMutablePointer<brace_frame_change>?, _ capacity: Int, _ count: UnsafeMutablePointer<Int>?) -> brace_status {
  withContext(ctx, "brace_context_get_changed_frames") { c throws(BraceError) in
    let known = BRACE_CHANGED_FRAMES_IN_ROOT.rawValue
    guard options & ~known == 0 else {
      throw .invalidArgument("options has unknown bits 0x\(String(options & ~known, radix: 16)); the known one is BRACE_CHANGED_FRAMES_IN_ROOT (1)")
    }
    let count = try requireOut(count, "count")
    if capacity != 0 && buffer == nil { throw .invalidArgument("buffer is NULL but capacity is \(UInt(bitPattern: capacity))") }
    count.pointee = c.changedFrames(into: buffer, capacity: Int(clamping: UInt(bitPattern: capacity)), inRoot: options & known != 0)
  }
}
