import CBrace

// The C ABI of brace/cycle.h.

@c @implementation
public func brace_node_set_needs_update_constraints(_ ctx: OpaquePointer?, _ node: brace_node) -> brace_status {
  withContext(ctx, "brace_node_set_needs_update_constraints") { c throws(BraceError) in c.markConstraints(try c.node(node)) }
}

@c @implementation
public func brace_node_set_needs_layout(_ ctx: OpaquePointer?, _ node: brace_node) -> brace_status {
  withContext(ctx, "brace_node_set_needs_layout") { c throws(BraceError) in c.markLayout(try c.node(node)) }
}

@c @implementation
public func brace_node_set_needs_display(_ ctx: OpaquePointer?, _ node: brace_node) -> brace_status {
  withContext(ctx, "brace_node_set_needs_display") { c throws(BraceError) in c.markDisplay(try c.node(node), nil) }
}

@c @implementation
public func brace_node_set_needs_display_in_rect(_ ctx: OpaquePointer?, _ node: brace_node, _ rect: brace_rect) -> brace_status {
  withContext(ctx, "brace_node_set_needs_display_in_rect") { c throws(BraceError) in
    let n = try c.node(node)
    try Check.rect(rect, "rect")
    c.markDisplay(n, rect)
  }
}

@c @implementation
public func brace_node_get_needs_update_constraints(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<Bool>?) -> brace_status {
  withContext(ctx, "brace_node_get_needs_update_constraints") { c throws(BraceError) in
    try store(c.nodes.flags[Int(try c.node(node))].contains(.needsUpdateConstraints), out)
  }
}

@c @implementation
public func brace_node_get_needs_layout(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<Bool>?) -> brace_status {
  withContext(ctx, "brace_node_get_needs_layout") { c throws(BraceError) in
    try store(c.nodes.flags[Int(try c.node(node))].contains(.needsLayout), out)
  }
}

@c @implementation
public func brace_node_get_needs_display(_ ctx: OpaquePointer?, _ node: brace_node, _ needs: UnsafeMutablePointer<Bool>?, _ rect: UnsafeMutablePointer<brace_rect>?) -> brace_status {
  withContext(ctx, "brace_node_get_needs_display") { c throws(BraceError) in
    let n = try c.node(node)
    let f = c.nodes.flags[Int(n)]
    needs?.pointee = f.contains(.needsDisplay)
    rect?.pointee = !f.contains(.needsDisplay) ? brace_rect()
      : f.contains(.displayWholeBounds) ? c.boundsRect(n) : c.nodes.dirtyRect[Int(n)]
  }
}

@c @implementation
public func brace_node_set_callbacks(_ ctx: OpaquePointer?, _ node: brace_node, _ callbacks: UnsafePointer<brace_node_callbacks>?) -> brace_status {
  withContext(ctx, "brace_node_set_callbacks") { c throws(BraceError) in try c.setCallbacks(try c.node(node), callbacks) }
}

@c @implementation
public func brace_node_super_update_constraints(_ ctx: OpaquePointer?, _ node: brace_node) -> brace_status {
  withContext(ctx, "brace_node_super_update_constraints") { c throws(BraceError) in
    let n = try c.node(node)
    guard c.nodes.flags[Int(n)].contains(.inUpdateConstraintsCallback) else {
      throw .reentrancy("\(c.describe(n))'s update_constraints callback is not running; call super only from inside it")
    }
    c.defaultUpdateConstraints(n)
  }
}

@c @implementation
public func brace_node_super_layout_subviews(_ ctx: OpaquePointer?, _ node: brace_node) -> brace_status {
  withContext(ctx, "brace_node_super_layout_subviews") { c throws(BraceError) in
    let n = try c.node(node)
    guard c.nodes.flags[Int(n)].contains(.inLayoutCallback) else {
      throw .reentrancy("\(c.describe(n))'s layout_subviews callback is not running; call super only from inside it")
    }
    c.defaultLayoutSubviews(n)
  }
}

@c @implementation
public func brace_node_super_intrinsic_content_size(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<brace_size>?) -> brace_status {
  withContext(ctx, "brace_node_super_intrinsic_content_size") { c throws(BraceError) in
    let n = try c.node(node)
    guard c.nodes.flags[Int(n)].contains(.inIntrinsicCallback) else {
      throw .reentrancy("\(c.describe(n))'s intrinsic_content_size callback is not running; call super only from inside it")
    }
    try store(c.nodes.intrinsicSize[Int(n)], out)
  }
}

@c @implementation
public func brace_node_update_constraints_if_needed(_ ctx: OpaquePointer?, _ node: brace_node) -> brace_status {
  withContext(ctx, "brace_node_update_constraints_if_needed") { c throws(BraceError) in try c.updateConstraintsIfNeeded(try c.node(node)) }
}

@c @implementation
public func brace_node_layout_if_needed(_ ctx: OpaquePointer?, _ node: brace_node) -> brace_status {
  withContext(ctx, "brace_node_layout_if_needed") { c throws(BraceError) in try c.layoutIfNeeded(try c.node(node)) }
}

@c @implementation
public func brace_context_run_update_cycle(_ ctx: OpaquePointer?) -> brace_status {
  withContext(ctx, "brace_context_run_update_cycle") { c throws(BraceError) in try c.runTurn() }
}

@c @implementation
public func brace_context_run_phase(_ ctx: OpaquePointer?, _ phase: brace_phase) -> brace_status {
  withContext(ctx, "brace_context_run_phase") { c throws(BraceError) in try c.runPhase(phase) }
}

@c @implementation
public func brace_context_get_pending(_ ctx: OpaquePointer?, _ out: UnsafeMutablePointer<UInt32>?) -> brace_status {
  withContext(ctx, "brace_context_get_pending") { c throws(BraceError) in try store(c.pendingPhases, out) }
}
