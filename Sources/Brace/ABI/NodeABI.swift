import CBrace

// The C ABI of brace/node.h: thin glue from C calls to the Context.

@c @implementation
public func brace_node_create(_ ctx: OpaquePointer?, _ out: UnsafeMutablePointer<brace_node>?) -> brace_status {
  withContext(ctx, "brace_node_create") { c throws(BraceError) in
    let out = try requireOut(out)
    out.pointee = c.handle(ofNode: try c.createNode())
  }
}

@c @implementation
public func brace_node_destroy(_ ctx: OpaquePointer?, _ node: brace_node) -> brace_status {
  withContext(ctx, "brace_node_destroy") { c throws(BraceError) in try c.destroy(try c.node(node)) }
}

@c @implementation
public func brace_node_is_alive(_ ctx: OpaquePointer?, _ node: brace_node) -> Bool {
  guard let ctx else { return false }
  let c = Unmanaged<Context>.fromOpaque(UnsafeRawPointer(ctx)).takeUnretainedValue()
  guard c.enter() else { return false }
  defer { c.leave() }
  return (try? c.node(node)) != nil
}

// MARK: The view tree

@c @implementation
public func brace_node_add_subview(_ ctx: OpaquePointer?, _ parent: brace_node, _ child: brace_node) -> brace_status {
  withContext(ctx, "brace_node_add_subview") { c throws(BraceError) in
    try c.insert(try c.node(child, "child"), into: try c.node(parent, "parent"), at: nil)
  }
}

@c @implementation
public func brace_node_insert_subview(_ ctx: OpaquePointer?, _ parent: brace_node, _ child: brace_node, _ index: Int) -> brace_status {
  withContext(ctx, "brace_node_insert_subview") { c throws(BraceError) in
    let p = try c.node(parent, "parent"), ch = try c.node(child, "child")
    try c.insert(ch, into: p, at: index)
  }
}

@c @implementation
public func brace_node_remove_from_superview(_ ctx: OpaquePointer?, _ node: brace_node) -> brace_status {
  withContext(ctx, "brace_node_remove_from_superview") { c throws(BraceError) in
    let n = try c.node(node)
    if c.nodes.flags[Int(n)].contains(.guide) {
      throw .invalidArgument("\(c.describe(n)) is a layout guide: it has an owner, not a superview (destroy it to remove it)")
    }
    c.removeFromSuperview(n)
  }
}

@c @implementation
public func brace_node_get_superview(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<brace_node>?) -> brace_status {
  withContext(ctx, "brace_node_get_superview") { c throws(BraceError) in
    let p = c.nodes.parent[Int(try c.node(node))]
    try store(p < 0 ? 0 : c.handle(ofNode: p), out)
  }
}

@c @implementation
public func brace_node_get_subview_count(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<Int>?) -> brace_status {
  withContext(ctx, "brace_node_get_subview_count") { c throws(BraceError) in
    try store(c.nodes.children[Int(try c.node(node))].count, out)
  }
}

@c @implementation
public func brace_node_get_subview(_ ctx: OpaquePointer?, _ node: brace_node, _ index: Int, _ out: UnsafeMutablePointer<brace_node>?) -> brace_status {
  withContext(ctx, "brace_node_get_subview") { c throws(BraceError) in
    let n = try c.node(node)
    let out = try requireOut(out)
    let kids = c.nodes.children[Int(n)]
    guard index >= 0, index < kids.count else {
      throw BraceError(BRACE_E_INDEX_OUT_OF_RANGE, "index \(UInt(bitPattern: index)) is out of range: \(c.describe(n)) has \(kids.count) subviews")
    }
    out.pointee = c.handle(ofNode: kids[index])
  }
}

@c @implementation
public func brace_node_get_subviews(_ ctx: OpaquePointer?, _ node: brace_node, _ buffer: UnsafeMutablePointer<brace_node>?, _ capacity: Int, _ count: UnsafeMutablePointer<Int>?) -> brace_status {
  withContext(ctx, "brace_node_get_subviews") { c throws(BraceError) in
    let n = try c.node(node)
    let count = try requireOut(count, "count")
    if capacity != 0 && buffer == nil { throw .invalidArgument("buffer is NULL but capacity is \(UInt(bitPattern: capacity))") }
    let kids = c.nodes.children[Int(n)]
    if let buffer {
      for k in 0..<min(kids.count, Int(clamping: UInt(bitPattern: capacity))) { buffer[k] = c.handle(ofNode: kids[k]) }
    }
    count.pointee = kids.count
  }
}

@c @implementation
public func brace_node_get_index(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<Int>?) -> brace_status {
  withContext(ctx, "brace_node_get_index") { c throws(BraceError) in
    let n = try c.node(node)
    let out = try requireOut(out)
    let p = c.nodes.parent[Int(n)]
    guard p >= 0, !c.nodes.flags[Int(n)].contains(.guide) else {
      throw .invalidState("\(c.describe(n)) has no superview")
    }
    out.pointee = Int(c.nodes.indexInParent[Int(n)])
  }
}

// MARK: Geometry

@c @implementation
public func brace_node_set_frame(_ ctx: OpaquePointer?, _ node: brace_node, _ frame: brace_rect) -> brace_status {
  withContext(ctx, "brace_node_set_frame") { c throws(BraceError) in
    let n = try c.node(node)
    try Check.rect(frame, "frame")
    c.userSetFrame(n, frame)
  }
}

@c @implementation
public func brace_node_get_frame(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<brace_rect>?) -> brace_status {
  withContext(ctx, "brace_node_get_frame") { c throws(BraceError) in try store(c.nodes.frame[Int(try c.node(node))], out) }
}

@c @implementation
public func brace_node_set_bounds(_ ctx: OpaquePointer?, _ node: brace_node, _ bounds: brace_rect) -> brace_status {
  withContext(ctx, "brace_node_set_bounds") { c throws(BraceError) in
    let n = try c.node(node)
    try Check.rect(bounds, "bounds")
    let f = c.nodes.frame[Int(n)]
    try Check.derived(brace_rect(x: f.x + f.width / 2 - bounds.width / 2, y: f.y + f.height / 2 - bounds.height / 2, width: bounds.width, height: bounds.height), "the frame for these bounds (kept around the center)")
    c.setBounds(n, bounds)
  }
}

@c @implementation
public func brace_node_get_bounds(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<brace_rect>?) -> brace_status {
  withContext(ctx, "brace_node_get_bounds") { c throws(BraceError) in try store(c.boundsRect(try c.node(node)), out) }
}

@c @implementation
public func brace_node_set_center(_ ctx: OpaquePointer?, _ node: brace_node, _ center: brace_point) -> brace_status {
  withContext(ctx, "brace_node_set_center") { c throws(BraceError) in
    let n = try c.node(node)
    try Check.point(center, "center")
    let f = c.nodes.frame[Int(n)]
    try Check.derived(brace_rect(x: center.x - f.width / 2, y: center.y - f.height / 2, width: f.width, height: f.height), "the frame around this center")
    c.setCenter(n, center)
  }
}

@c @implementation
public func brace_node_get_center(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<brace_point>?) -> brace_status {
  withContext(ctx, "brace_node_get_center") { c throws(BraceError) in try store(c.center(try c.node(node)), out) }
}

@c @implementation
public func brace_node_set_alignment_rect_insets(_ ctx: OpaquePointer?, _ node: brace_node, _ insets: brace_insets) -> brace_status {
  withContext(ctx, "brace_node_set_alignment_rect_insets") { c throws(BraceError) in
    let n = try c.node(node)
    try Check.insets(insets, "insets")
    guard (insets.left + insets.right).isFinite, (insets.top + insets.bottom).isFinite else {
      throw .invalidArgument("insets: left + right and top + bottom must be finite")
    }
    c.nodes.alignmentInsets[Int(n)] = insets
    c.markConstraints(n)
    c.refreshConstraints(touching: n)
    c.requeueSolvedFrame(n)
    let p = c.nodes.parent[Int(n)]
    if p >= 0 { c.markLayout(p) }
    c.subviewChanged(n)
  }
}

@c @implementation
public func brace_node_get_alignment_rect_insets(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<brace_insets>?) -> brace_status {
  withContext(ctx, "brace_node_get_alignment_rect_insets") { c throws(BraceError) in try store(c.nodes.alignmentInsets[Int(try c.node(node))], out) }
}

@c @implementation
public func brace_node_get_alignment_rect(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<brace_rect>?) -> brace_status {
  withContext(ctx, "brace_node_get_alignment_rect") { c throws(BraceError) in try store(c.alignmentRect(try c.node(node)), out) }
}

@c @implementation
public func brace_node_frame_for_alignment_rect(_ ctx: OpaquePointer?, _ node: brace_node, _ rect: brace_rect, _ out: UnsafeMutablePointer<brace_rect>?) -> brace_status {
  withContext(ctx, "brace_node_frame_for_alignment_rect") { c throws(BraceError) in
    let n = try c.node(node)
    try Check.rect(rect, "rect")
    let f = c.frame(forAlignmentRect: rect, of: n)
    try Check.derived(f, "the frame for this alignment rect")
    try store(f, out)
  }
}

@c @implementation
public func brace_node_set_hidden(_ ctx: OpaquePointer?, _ node: brace_node, _ hidden: Bool) -> brace_status {
  withContext(ctx, "brace_node_set_hidden") { c throws(BraceError) in
    let n = try c.node(node)
    let was = c.nodes.flags[Int(n)].contains(.hidden)
    guard was != hidden else { return }
    if hidden { c.nodes.flags[Int(n)].insert(.hidden) } else { c.nodes.flags[Int(n)].remove(.hidden) }
    if !hidden { c.markDisplay(n, nil) }
    // In UIKit only UIStackView reacts to isHidden: a superview whose strategy says its
    // arrangement depends on it is flagged; any other keeps its layout.
    let p = c.nodes.parent[Int(n)]
    if p >= 0, let s = c.strategyOf(p), s.dependsOnHidden {
      c.markLayout(p)
      c.markConstraints(p)
    }
  }
}

@c @implementation
public func brace_node_get_hidden(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<Bool>?) -> brace_status {
  withContext(ctx, "brace_node_get_hidden") { c throws(BraceError) in try store(c.nodes.flags[Int(try c.node(node))].contains(.hidden), out) }
}

// MARK: Direction and margins

@c @implementation
public func brace_node_set_layout_direction(_ ctx: OpaquePointer?, _ node: brace_node, _ direction: brace_layout_direction) -> brace_status {
  withContext(ctx, "brace_node_set_layout_direction") { c throws(BraceError) in
    let n = try c.node(node)
    guard direction.rawValue <= 2 else {
      throw .invalidArgument("direction must be BRACE_DIRECTION_INHERIT (0), BRACE_DIRECTION_LTR (1) or BRACE_DIRECTION_RTL (2), got \(direction.rawValue)")
    }
    guard c.nodes.direction[Int(n)] != UInt8(direction.rawValue) else { return }
    c.nodes.direction[Int(n)] = UInt8(direction.rawValue)
    c.directionChanged(n)
  }
}

@c @implementation
public func brace_node_get_layout_direction(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<brace_layout_direction>?) -> brace_status {
  withContext(ctx, "brace_node_get_layout_direction") { c throws(BraceError) in
    try store(brace_layout_direction(rawValue: UInt32(c.nodes.direction[Int(try c.node(node))])), out)
  }
}

@c @implementation
public func brace_node_get_effective_layout_direction(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<brace_layout_direction>?) -> brace_status {
  withContext(ctx, "brace_node_get_effective_layout_direction") { c throws(BraceError) in try store(c.effectiveDirection(try c.node(node)), out) }
}

@c @implementation
public func brace_node_set_layout_margins(_ ctx: OpaquePointer?, _ node: brace_node, _ margins: brace_insets) -> brace_status {
  withContext(ctx, "brace_node_set_layout_margins") { c throws(BraceError) in
    let n = try c.node(node)
    try Check.insets(margins, "margins")
    c.setMargins(n, margins, directional: false)
  }
}

@c @implementation
public func brace_node_get_layout_margins(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<brace_insets>?) -> brace_status {
  withContext(ctx, "brace_node_get_layout_margins") { c throws(BraceError) in try store(c.layoutMargins(try c.node(node)), out) }
}

@c @implementation
public func brace_node_set_directional_layout_margins(_ ctx: OpaquePointer?, _ node: brace_node, _ margins: brace_directional_insets) -> brace_status {
  withContext(ctx, "brace_node_set_directional_layout_margins") { c throws(BraceError) in
    let n = try c.node(node)
    let stored = brace_insets(top: margins.top, left: margins.leading, bottom: margins.bottom, right: margins.trailing)
    try Check.insets(stored, "margins", ("top", "leading", "bottom", "trailing"))
    c.setMargins(n, stored, directional: true)
  }
}

@c @implementation
public func brace_node_get_directional_layout_margins(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<brace_directional_insets>?) -> brace_status {
  withContext(ctx, "brace_node_get_directional_layout_margins") { c throws(BraceError) in try store(c.directionalMargins(try c.node(node)), out) }
}

// MARK: Content size

@c @implementation
public func brace_node_set_intrinsic_content_size(_ ctx: OpaquePointer?, _ node: brace_node, _ size: brace_size) -> brace_status {
  withContext(ctx, "brace_node_set_intrinsic_content_size") { c throws(BraceError) in
    let n = try c.node(node)
    for (v, name) in [(size.width, "size.width"), (size.height, "size.height")] {
      guard v == -1 || (v.isFinite && v >= 0) else {
        throw .invalidArgument("\(name) must be finite and >= 0, or BRACE_NO_INTRINSIC_METRIC (-1); got \(v)")
      }
    }
    c.setIntrinsicSize(n, size)
  }
}

@c @implementation
public func brace_node_get_intrinsic_content_size(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<brace_size>?) -> brace_status {
  withContext(ctx, "brace_node_get_intrinsic_content_size") { c throws(BraceError) in
    let n = try c.node(node)
    let out = try requireOut(out)
    out.pointee = c.intrinsicSize(n)
  }
}

@c @implementation
public func brace_node_invalidate_intrinsic_content_size(_ ctx: OpaquePointer?, _ node: brace_node) -> brace_status {
  withContext(ctx, "brace_node_invalidate_intrinsic_content_size") { c throws(BraceError) in c.invalidateIntrinsicSize(try c.node(node)) }
}

private func setPriority(_ ctx: OpaquePointer?, _ fn: StaticString, _ node: brace_node, _ axis: brace_axis, _ p: Float, base: Int) -> brace_status {
  withContext(ctx, fn) { c throws(BraceError) in
    let n = try c.node(node)
    let a = try Check.axis(axis)
    try Check.priority(p, "priority")
    guard c.nodes.priorities[Int(n)][base + a] != p else { return }
    c.nodes.priorities[Int(n)][base + a] = p
    c.markConstraints(n)
    c.subviewChanged(n)
  }
}

private func getPriority(_ ctx: OpaquePointer?, _ fn: StaticString, _ node: brace_node, _ axis: brace_axis, _ out: UnsafeMutablePointer<Float>?, base: Int) -> brace_status {
  withContext(ctx, fn) { c throws(BraceError) in
    let n = try c.node(node)
    let a = try Check.axis(axis)
    try store(c.nodes.priorities[Int(n)][base + a], out)
  }
}

@c @implementation
public func brace_node_set_content_hugging_priority(_ ctx: OpaquePointer?, _ node: brace_node, _ axis: brace_axis, _ priority: Float) -> brace_status {
  setPriority(ctx, "brace_node_set_content_hugging_priority", node, axis, priority, base: 0)
}

@c @implementation
public func brace_node_get_content_hugging_priority(_ ctx: OpaquePointer?, _ node: brace_node, _ axis: brace_axis, _ out: UnsafeMutablePointer<Float>?) -> brace_status {
  getPriority(ctx, "brace_node_get_content_hugging_priority", node, axis, out, base: 0)
}

@c @implementation
public func brace_node_set_compression_resistance_priority(_ ctx: OpaquePointer?, _ node: brace_node, _ axis: brace_axis, _ priority: Float) -> brace_status {
  setPriority(ctx, "brace_node_set_compression_resistance_priority", node, axis, priority, base: 2)
}

@c @implementation
public func brace_node_get_compression_resistance_priority(_ ctx: OpaquePointer?, _ node: brace_node, _ axis: brace_axis, _ out: UnsafeMutablePointer<Float>?) -> brace_status {
  getPriority(ctx, "brace_node_get_compression_resistance_priority", node, axis, out, base: 2)
}

// MARK: Autoresizing

@c @implementation
public func brace_node_set_autoresizing_mask(_ ctx: OpaquePointer?, _ node: brace_node, _ mask: UInt32) -> brace_status {
  withContext(ctx, "brace_node_set_autoresizing_mask") { c throws(BraceError) in
    let n = try c.node(node)
    guard mask & ~UInt32(BRACE_AUTORESIZE_ALL) == 0 else {
      throw .invalidArgument("mask 0x\(String(mask, radix: 16)) has bits outside BRACE_AUTORESIZE_ALL (0x3f)")
    }
    guard c.nodes.autoresizingMask[Int(n)] != UInt8(mask) else { return }
    c.nodes.autoresizingMask[Int(n)] = UInt8(mask)
    if c.nodes.flags[Int(n)].contains(.translatesMask) { c.markConstraints(n) }
  }
}

@c @implementation
public func brace_node_get_autoresizing_mask(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<UInt32>?) -> brace_status {
  withContext(ctx, "brace_node_get_autoresizing_mask") { c throws(BraceError) in try store(UInt32(c.nodes.autoresizingMask[Int(try c.node(node))]), out) }
}

private func setFlag(_ ctx: OpaquePointer?, _ fn: StaticString, _ node: brace_node, _ flag: NodeFlags, _ on: Bool, then: @escaping (Context, Int32) -> Void) -> brace_status {
  withContext(ctx, fn) { c throws(BraceError) in
    let n = try c.node(node)
    guard c.nodes.flags[Int(n)].contains(flag) != on else { return }
    if on { c.nodes.flags[Int(n)].insert(flag) } else { c.nodes.flags[Int(n)].remove(flag) }
    then(c, n)
  }
}

private func getFlag(_ ctx: OpaquePointer?, _ fn: StaticString, _ node: brace_node, _ flag: NodeFlags, _ out: UnsafeMutablePointer<Bool>?) -> brace_status {
  withContext(ctx, fn) { c throws(BraceError) in try store(c.nodes.flags[Int(try c.node(node))].contains(flag), out) }
}

@c @implementation
public func brace_node_set_autoresizes_subviews(_ ctx: OpaquePointer?, _ node: brace_node, _ on: Bool) -> brace_status {
  setFlag(ctx, "brace_node_set_autoresizes_subviews", node, .autoresizesSubviews, on) { _, _ in }
}

@c @implementation
public func brace_node_get_autoresizes_subviews(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<Bool>?) -> brace_status {
  getFlag(ctx, "brace_node_get_autoresizes_subviews", node, .autoresizesSubviews, out)
}

@c @implementation
public func brace_node_set_translates_autoresizing_mask(_ ctx: OpaquePointer?, _ node: brace_node, _ on: Bool) -> brace_status {
  setFlag(ctx, "brace_node_set_translates_autoresizing_mask", node, .translatesMask, on) { c, n in c.markConstraints(n) }
}

@c @implementation
public func brace_node_get_translates_autoresizing_mask(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<Bool>?) -> brace_status {
  getFlag(ctx, "brace_node_get_translates_autoresizing_mask", node, .translatesMask, out)
}

// MARK: User data

@c @implementation
public func brace_node_set_user_data(_ ctx: OpaquePointer?, _ node: brace_node, _ userData: UnsafeMutableRawPointer?) -> brace_status {
  withContext(ctx, "brace_node_set_user_data") { c throws(BraceError) in c.nodes.userData[Int(try c.node(node))] = userData }
}

@c @implementation
public func brace_node_get_user_data(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> brace_status {
  withContext(ctx, "brace_node_get_user_data") { c throws(BraceError) in try store(c.nodes.userData[Int(try c.node(node))], out) }
}

@c @implementation
public func brace_node_set_identifier(_ ctx: OpaquePointer?, _ node: brace_node, _ identifier: UnsafePointer<CChar>?) -> brace_status {
  withContext(ctx, "brace_node_set_identifier") { c throws(BraceError) in
    let n = try c.node(node)
    try c.setIdentifier(n, identifier)
  }
}

@c @implementation
public func brace_node_get_identifier(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> brace_status {
  withContext(ctx, "brace_node_get_identifier") { c throws(BraceError) in
    try store(c.nodes.identifiers[try c.node(node)].map { UnsafePointer($0) }, out)
  }
}
