import CBrace

// The C ABI of brace/node.h: thin glue from C calls to the Context.

@c @implementation public func brace_node_create(_ ctx: OpaquePointer?, _ out: UnsafeMutablePointer<brace_node>?) -> brace_status {
  withContext(ctx, "brace_node_create") { c throws(BraceError) in
    let out = try requireOut(out)
    out.pointee = c.handle(ofNode: try c.createNode())
  }
}

@c @implementation public func brace_node_destroy(_ ctx: OpaquePointer?, _ node: brace_node) -> brace_status {
  withNode(ctx, "brace_node_destroy", node) { c, n throws(BraceError) in try c.destroy(n) }
}

@c @implementation public func brace_node_is_alive(_ ctx: OpaquePointer?, _ node: brace_node) -> Bool {
  guard let ctx else { return false }
  let c = Unmanaged<Context>.fromOpaque(UnsafeRawPointer(ctx)).takeUnretainedValue()
  guard c.enter() else { return false }
  defer { c.leave() }
  return (try? c.node(node)) != nil
}

// MARK: The view tree

@c @implementation public func brace_node_add_subview(_ ctx: OpaquePointer?, _ parent: brace_node, _ child: brace_node) -> brace_status {
  withContext(ctx, "brace_node_add_subview") { c throws(BraceError) in
    try c.insert(try c.node(child, "child"), into: try c.node(parent, "parent"), at: nil)
  }
}

@c @implementation public func brace_node_create_subviews(_ ctx: OpaquePointer?, _ parent: brace_node, _ count: Int, _ intrinsicSize: brace_size, _ out: UnsafeMutablePointer<brace_node>?) -> brace_status {
  withContext(ctx, "brace_node_create_subviews") { c throws(BraceError) in
    let p = parent == 0 ? nil : try c.node(parent, "parent")
    guard count >= 0 else { throw .invalidArgument("count \(UInt(bitPattern: count)) is larger than any node count") }
    try Check.intrinsicSize(intrinsicSize, "intrinsic_size")
    guard let out else {
      if count == 0 { return }
      throw .invalidArgument("out is NULL but count is \(count)")
    }
    try c.createSubviews(count, under: p, intrinsic: intrinsicSize, into: out)
  }
}

@c @implementation public func brace_node_insert_subview(_ ctx: OpaquePointer?, _ parent: brace_node, _ child: brace_node, _ index: Int) -> brace_status {
  withContext(ctx, "brace_node_insert_subview") { c throws(BraceError) in
    let p = try c.node(parent, "parent"), ch = try c.node(child, "child")
    try c.insert(ch, into: p, at: index)
  }
}

@c @implementation public func brace_node_remove_from_superview(_ ctx: OpaquePointer?, _ node: brace_node) -> brace_status {
  withNode(ctx, "brace_node_remove_from_superview", node) { c, n throws(BraceError) in try c.userRemoveFromSuperview(n) }
}

@c @implementation public func brace_node_get_superview(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<brace_node>?) -> brace_status {
  getOfNode(ctx, "brace_node_get_superview", node, out) { c, n in c.superview(n) }
}

@c @implementation public func brace_node_get_subview_count(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<Int>?) -> brace_status {
  getOfNode(ctx, "brace_node_get_subview_count", node, out) { c, n in c.nodes.children[n.index].count }
}

@c @implementation public func brace_node_get_subview(_ ctx: OpaquePointer?, _ node: brace_node, _ index: Int, _ out: UnsafeMutablePointer<brace_node>?) -> brace_status {
  withNode(ctx, "brace_node_get_subview", node) { c, n throws(BraceError) in
    let out = try requireOut(out)
    let kids = c.nodes.children[n.index]
    guard index >= 0, index < kids.count else {
      throw BraceError(BRACE_E_INDEX_OUT_OF_RANGE, "index \(UInt(bitPattern: index)) is out of range: \(c.describe(n)) has \(kids.count) subviews")
    }
    out.pointee = c.handle(ofNode: kids[index])
  }
}

@c @implementation public func brace_node_get_subviews(_ ctx: OpaquePointer?, _ node: brace_node, _ buffer: UnsafeMutablePointer<brace_node>?, _ capacity: Int, _ count: UnsafeMutablePointer<Int>?) -> brace_status {
  withNode(ctx, "brace_node_get_subviews", node) { c, n throws(BraceError) in
    try copyOut(c.nodes.children[n.index], buffer, capacity, count) { c.handle(ofNode: $0) }
  }
}

@c @implementation public func brace_node_get_index(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<Int>?) -> brace_status {
  withNode(ctx, "brace_node_get_index", node) { c, n throws(BraceError) in
    let out = try requireOut(out)
    out.pointee = try c.indexInSuperview(n)
  }
}

// MARK: Geometry

@c @implementation public func brace_node_set_frame(_ ctx: OpaquePointer?, _ node: brace_node, _ frame: brace_rect) -> brace_status {
  withNode(ctx, "brace_node_set_frame", node) { c, n throws(BraceError) in
    try Check.rect(frame, "frame")
    c.userSetFrame(n, frame)
  }
}

@c @implementation public func brace_node_get_frame(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<brace_rect>?) -> brace_status {
  getOfNode(ctx, "brace_node_get_frame", node, out) { c, n in c.nodes.frame[n.index] }
}

/// Bounds and center set the frame: the value is checked, then the frame it gives.
private func setPlacement(
  _ ctx: OpaquePointer?, _ fn: StaticString, _ node: brace_node, _ check: () throws(BraceError) -> Void,
  _ frame: (Context, NodeID) -> brace_rect, _ what: String, _ apply: (Context, NodeID) -> Void
) -> brace_status {
  withNode(ctx, fn, node) { c, n throws(BraceError) in
    try check()
    try Check.derived(frame(c, n), what)
    apply(c, n)
  }
}

@c @implementation public func brace_node_set_bounds(_ ctx: OpaquePointer?, _ node: brace_node, _ bounds: brace_rect) -> brace_status {
  setPlacement(ctx, "brace_node_set_bounds", node, { () throws(BraceError) in try Check.rect(bounds, "bounds") },
    { c, n in c.frame(n, forBounds: bounds) }, "the frame for these bounds (kept around the center)") { c, n in c.setBounds(n, bounds) }
}

@c @implementation public func brace_node_get_bounds(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<brace_rect>?) -> brace_status {
  getOfNode(ctx, "brace_node_get_bounds", node, out) { c, n in c.boundsRect(n) }
}

@c @implementation public func brace_node_set_center(_ ctx: OpaquePointer?, _ node: brace_node, _ center: brace_point) -> brace_status {
  setPlacement(ctx, "brace_node_set_center", node, { () throws(BraceError) in try Check.point(center, "center") },
    { c, n in c.frame(n, aroundCenter: center) }, "the frame around this center") { c, n in c.setCenter(n, center) }
}

@c @implementation public func brace_node_get_center(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<brace_point>?) -> brace_status {
  getOfNode(ctx, "brace_node_get_center", node, out) { c, n in c.center(n) }
}

@c @implementation public func brace_node_set_alignment_rect_insets(_ ctx: OpaquePointer?, _ node: brace_node, _ insets: brace_insets) -> brace_status {
  withNode(ctx, "brace_node_set_alignment_rect_insets", node) { c, n throws(BraceError) in
    try Check.insets(insets, "insets")
    guard (insets.left + insets.right).isFinite, (insets.top + insets.bottom).isFinite else {
      throw .invalidArgument("insets: left + right and top + bottom must be finite")
    }
    c.setAlignmentInsets(n, insets)
  }
}

@c @implementation public func brace_node_get_alignment_rect_insets(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<brace_insets>?) -> brace_status {
  getOfNode(ctx, "brace_node_get_alignment_rect_insets", node, out) { c, n in c.nodes.alignmentInsets[n.index] }
}

@c @implementation public func brace_node_get_alignment_rect(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<brace_rect>?) -> brace_status {
  getOfNode(ctx, "brace_node_get_alignment_rect", node, out) { c, n in c.alignmentRect(n) }
}

@c @implementation public func brace_node_frame_for_alignment_rect(_ ctx: OpaquePointer?, _ node: brace_node, _ rect: brace_rect, _ out: UnsafeMutablePointer<brace_rect>?) -> brace_status {
  withNode(ctx, "brace_node_frame_for_alignment_rect", node) { c, n throws(BraceError) in
    try Check.rect(rect, "rect")
    let f = c.frame(forAlignmentRect: rect, of: n)
    try Check.derived(f, "the frame for this alignment rect")
    try store(f, out)
  }
}

@c @implementation public func brace_node_set_hidden(_ ctx: OpaquePointer?, _ node: brace_node, _ hidden: Bool) -> brace_status {
  withNode(ctx, "brace_node_set_hidden", node) { c, n in c.setHidden(n, hidden) }
}

@c @implementation public func brace_node_get_hidden(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<Bool>?) -> brace_status {
  getOfNode(ctx, "brace_node_get_hidden", node, out) { c, n in c.nodes.flags[n.index].contains(.hidden) }
}

// MARK: Direction and margins

@c @implementation public func brace_node_set_layout_direction(_ ctx: OpaquePointer?, _ node: brace_node, _ direction: brace_layout_direction) -> brace_status {
  withNode(ctx, "brace_node_set_layout_direction", node) { c, n throws(BraceError) in
    guard direction.rawValue <= 2 else {
      throw .invalidArgument("direction must be BRACE_DIRECTION_INHERIT (0), BRACE_DIRECTION_LTR (1) or BRACE_DIRECTION_RTL (2), got \(direction.rawValue)")
    }
    c.setDirection(n, UInt8(direction.rawValue))
  }
}

@c @implementation public func brace_node_get_layout_direction(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<brace_layout_direction>?) -> brace_status {
  getOfNode(ctx, "brace_node_get_layout_direction", node, out) { c, n in brace_layout_direction(rawValue: UInt32(c.nodes.direction[n.index])) }
}

@c @implementation public func brace_node_get_effective_layout_direction(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<brace_layout_direction>?) -> brace_status {
  getOfNode(ctx, "brace_node_get_effective_layout_direction", node, out) { c, n in c.effectiveDirection(n) }
}

@c @implementation public func brace_node_set_layout_margins(_ ctx: OpaquePointer?, _ node: brace_node, _ margins: brace_insets) -> brace_status {
  withNode(ctx, "brace_node_set_layout_margins", node) { c, n throws(BraceError) in
    try Check.insets(margins, "margins")
    c.setMargins(n, margins, directional: false)
  }
}

@c @implementation public func brace_node_get_layout_margins(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<brace_insets>?) -> brace_status {
  getOfNode(ctx, "brace_node_get_layout_margins", node, out) { c, n in c.layoutMargins(n) }
}

@c @implementation public func brace_node_set_directional_layout_margins(_ ctx: OpaquePointer?, _ node: brace_node, _ margins: brace_directional_insets) -> brace_status {
  withNode(ctx, "brace_node_set_directional_layout_margins", node) { c, n throws(BraceError) in
    let stored = brace_insets(top: margins.top, left: margins.leading, bottom: margins.bottom, right: margins.trailing)
    try Check.insets(stored, "margins", ("top", "leading", "bottom", "trailing"))
    c.setMargins(n, stored, directional: true)
  }
}

@c @implementation public func brace_node_get_directional_layout_margins(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<brace_directional_insets>?) -> brace_status {
  getOfNode(ctx, "brace_node_get_directional_layout_margins", node, out) { c, n in c.directionalMargins(n) }
}

// MARK: Content size

@c @implementation public func brace_node_set_intrinsic_content_size(_ ctx: OpaquePointer?, _ node: brace_node, _ size: brace_size) -> brace_status {
  withNode(ctx, "brace_node_set_intrinsic_content_size", node) { c, n throws(BraceError) in
    try Check.intrinsicSize(size)
    c.setIntrinsicSize(n, size)
  }
}

@c @implementation public func brace_node_get_intrinsic_content_size(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<brace_size>?) -> brace_status {
  withNode(ctx, "brace_node_get_intrinsic_content_size", node) { c, n throws(BraceError) in
    // `out` is checked before the program's callback runs.
    let out = try requireOut(out)
    out.pointee = c.intrinsicSize(n)
  }
}

@c @implementation public func brace_node_invalidate_intrinsic_content_size(_ ctx: OpaquePointer?, _ node: brace_node) -> brace_status {
  withNode(ctx, "brace_node_invalidate_intrinsic_content_size", node) { c, n in c.invalidateIntrinsicSize(n) }
}

/// `base` is 0 for hugging, 2 for compression resistance (NodeStore.priorities).
private func setPriority(_ ctx: OpaquePointer?, _ fn: StaticString, _ node: brace_node, _ axis: brace_axis, _ p: Float, base: Int) -> brace_status {
  withNode(ctx, fn, node) { c, n throws(BraceError) in
    let a = try Check.axis(axis)
    try Check.priority(p, "priority")
    c.setContentPriority(n, base + a, p)
  }
}

private func getPriority(_ ctx: OpaquePointer?, _ fn: StaticString, _ node: brace_node, _ axis: brace_axis, _ out: UnsafeMutablePointer<Float>?, base: Int) -> brace_status {
  getOfNode(ctx, fn, node, out) { c, n throws(BraceError) in c.nodes.priorities[n.index][base + (try Check.axis(axis))] }
}

@c @implementation public func brace_node_set_content_hugging_priority(_ ctx: OpaquePointer?, _ node: brace_node, _ axis: brace_axis, _ priority: Float) -> brace_status {
  setPriority(ctx, "brace_node_set_content_hugging_priority", node, axis, priority, base: 0)
}

@c @implementation public func brace_node_get_content_hugging_priority(_ ctx: OpaquePointer?, _ node: brace_node, _ axis: brace_axis, _ out: UnsafeMutablePointer<Float>?) -> brace_status {
  getPriority(ctx, "brace_node_get_content_hugging_priority", node, axis, out, base: 0)
}

@c @implementation public func brace_node_set_compression_resistance_priority(_ ctx: OpaquePointer?, _ node: brace_node, _ axis: brace_axis, _ priority: Float) -> brace_status {
  setPriority(ctx, "brace_node_set_compression_resistance_priority", node, axis, priority, base: 2)
}

@c @implementation public func brace_node_get_compression_resistance_priority(_ ctx: OpaquePointer?, _ node: brace_node, _ axis: brace_axis, _ out: UnsafeMutablePointer<Float>?) -> brace_status {
  getPriority(ctx, "brace_node_get_compression_resistance_priority", node, axis, out, base: 2)
}

// MARK: Autoresizing

@c @implementation public func brace_node_set_autoresizing_mask(_ ctx: OpaquePointer?, _ node: brace_node, _ mask: UInt32) -> brace_status {
  withNode(ctx, "brace_node_set_autoresizing_mask", node) { c, n throws(BraceError) in
    guard mask & ~UInt32(BRACE_AUTORESIZE_ALL) == 0 else {
      throw .invalidArgument("mask 0x\(String(mask, radix: 16)) has bits outside BRACE_AUTORESIZE_ALL (0x3f)")
    }
    c.setAutoresizingMask(n, UInt8(mask))
  }
}

@c @implementation public func brace_node_get_autoresizing_mask(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<UInt32>?) -> brace_status {
  getOfNode(ctx, "brace_node_get_autoresizing_mask", node, out) { c, n in UInt32(c.nodes.autoresizingMask[n.index]) }
}

@c @implementation public func brace_node_set_autoresizes_subviews(_ ctx: OpaquePointer?, _ node: brace_node, _ on: Bool) -> brace_status {
  withNode(ctx, "brace_node_set_autoresizes_subviews", node) { c, n in c.setAutoresizesSubviews(n, on) }
}

@c @implementation public func brace_node_get_autoresizes_subviews(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<Bool>?) -> brace_status {
  getOfNode(ctx, "brace_node_get_autoresizes_subviews", node, out) { c, n in c.nodes.flags[n.index].contains(.autoresizesSubviews) }
}

@c @implementation public func brace_node_set_translates_autoresizing_mask(_ ctx: OpaquePointer?, _ node: brace_node, _ on: Bool) -> brace_status {
  withNode(ctx, "brace_node_set_translates_autoresizing_mask", node) { c, n in c.setTranslatesMask(n, on) }
}

@c @implementation public func brace_node_get_translates_autoresizing_mask(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<Bool>?) -> brace_status {
  getOfNode(ctx, "brace_node_get_translates_autoresizing_mask", node, out) { c, n in c.nodes.flags[n.index].contains(.translatesMask) }
}

// MARK: User data

@c @implementation public func brace_node_set_user_data(_ ctx: OpaquePointer?, _ node: brace_node, _ userData: UnsafeMutableRawPointer?) -> brace_status {
  withNode(ctx, "brace_node_set_user_data", node) { c, n in c.setUserData(n, userData) }
}

@c @implementation public func brace_node_get_user_data(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> brace_status {
  getOfNode(ctx, "brace_node_get_user_data", node, out) { c, n in c.nodes.userData[n.index] }
}

@c @implementation public func brace_node_set_identifier(_ ctx: OpaquePointer?, _ node: brace_node, _ identifier: UnsafePointer<CChar>?) -> brace_status {
  withNode(ctx, "brace_node_set_identifier", node) { c, n throws(BraceError) in try c.setIdentifier(n, identifier) }
}

@c @implementation public func brace_node_get_identifier(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> brace_status {
  getOfNode(ctx, "brace_node_get_identifier", node, out) { c, n in c.nodes.identifiers[n].map { UnsafePointer($0) } }
}
