import BracePluginKit
import CBrace

/// The function table every plugin receives. Built once per process; most entries are
/// the public functions themselves, so a plugin gets exactly the checks a C caller gets.
enum HostTable {
  nonisolated(unsafe) static let pointer: UnsafePointer<brace_host_api> = {
    let t = newPluginTable(brace_host_api.self)
    t.pointee.last_error = brace_last_error
    t.pointee.get_scale = hostGetScale
    t.pointee.get_frame = brace_node_get_frame
    t.pointee.set_frame = brace_node_set_frame
    t.pointee.get_bounds = brace_node_get_bounds
    t.pointee.get_alignment_rect_insets = brace_node_get_alignment_rect_insets
    t.pointee.get_layout_margins = brace_node_get_layout_margins
    t.pointee.get_effective_layout_direction = brace_node_get_effective_layout_direction
    t.pointee.get_hidden = brace_node_get_hidden
    t.pointee.get_intrinsic_content_size = brace_node_get_intrinsic_content_size
    t.pointee.get_content_hugging_priority = brace_node_get_content_hugging_priority
    t.pointee.get_compression_resistance_priority = brace_node_get_compression_resistance_priority
    t.pointee.get_autoresizing_mask = brace_node_get_autoresizing_mask
    t.pointee.get_autoresizes_subviews = brace_node_get_autoresizes_subviews
    t.pointee.get_superview = brace_node_get_superview
    t.pointee.get_subview_count = brace_node_get_subview_count
    t.pointee.get_subview = brace_node_get_subview
    t.pointee.measure = hostMeasure
    t.pointee.get_property = hostGetProperty
    t.pointee.report = hostReport
    t.pointee.add_constraint = hostAddConstraint
    t.pointee.remove_constraint = hostRemoveConstraint
    t.pointee.set_constraint_constant = hostSetConstraintConstant
    t.pointee.is_constraint_driven = hostIsConstraintDriven
    t.pointee.set_translates_autoresizing_mask = brace_node_set_translates_autoresizing_mask
    // 1.1
    t.pointee.get_baseline = hostGetBaseline
    t.pointee.set_needs_layout = brace_node_set_needs_layout
    t.pointee.set_needs_update_constraints = brace_node_set_needs_update_constraints
    t.pointee.is_constrained_externally = hostIsConstrainedExternally
    t.pointee.get_subviews = hostGetSubviews
    // 1.3
    t.pointee.invalidate_intrinsic_content_size = brace_node_invalidate_intrinsic_content_size
    t.pointee.get_standard_spacing = hostGetStandardSpacing
    // 1.5
    t.pointee.set_frames = hostSetFrames
    return UnsafePointer(t)
  }()
}

private func hostGetScale(_ ctx: OpaquePointer?) -> Double {
  var scale = 1.0
  _ = withContext(ctx, "host->get_scale") { c in scale = c.options.scale }
  return scale
}

private func hostGetStandardSpacing(_ ctx: OpaquePointer?) -> Double {
  var spacing = 8.0
  _ = withContext(ctx, "host->get_standard_spacing") { c in spacing = c.options.standard_spacing }
  return spacing
}

private func hostMeasure(_ ctx: OpaquePointer?, _ node: brace_node, _ proposal: brace_size, _ out: UnsafeMutablePointer<brace_size>?) -> brace_status {
  withContext(ctx, "host->measure") { c throws(BraceError) in
    let n = try c.node(node)
    let out = try requireOut(out)
    for v in [proposal.width, proposal.height] where !(v == BRACE_PROPOSAL_UNBOUNDED || (v.isFinite && v >= 0)) {
      throw .invalidArgument("a proposal component must be finite and >= 0 or BRACE_PROPOSAL_UNBOUNDED, got \(v)")
    }
    out.pointee = try c.measure(n, proposal)
  }
}

private func hostGetProperty(_ ctx: OpaquePointer?, _ strategy: brace_strategy_id, _ node: brace_node, _ index: UInt32, _ out: UnsafeMutablePointer<brace_value>?) -> brace_status {
  withContext(ctx, "host->get_property") { c throws(BraceError) in
    let n = try c.node(node)
    let out = try requireOut(out)
    guard Int(strategy) < c.plugins.strategies.count else {
      throw .invalidArgument("strategy id \(strategy) is not registered in this context")
    }
    let s = c.plugins.strategies[Int(strategy)]
    guard Int(index) < s.properties.count else {
      throw BraceError(BRACE_E_INDEX_OUT_OF_RANGE, "strategy \"\(s.name)\" declares \(s.properties.count) properties; index \(index) is out of range")
    }
    out.pointee = c.propertyValue(n, strategy: Int32(strategy), index: Int(index))
  }
}

private func hostReport(_ ctx: OpaquePointer?, _ strategy: brace_strategy_id, _ message: UnsafePointer<CChar>?, _ nodes: UnsafePointer<brace_node>?, _ count: Int) {
  _ = withContext(ctx, "host->report") { c throws(BraceError) in
    let name = Int(strategy) < c.plugins.strategies.count ? c.plugins.strategies[Int(strategy)].name : "strategy #\(strategy)"
    let text = message.map { String(cString: $0) } ?? "(no message)"
    var slots: [NodeID] = []
    if let nodes, count > 0 {
      for k in 0..<count { if let s = c.liveNode(nodes[k]) { slots.append(s) } }
    }
    c.emitDiagnostic(BRACE_DIAGNOSTIC_PLUGIN, "[\(name)] \(text)", nodes: slots, once: false)
  }
}

private func ownedConstraint(_ c: Context, _ strategy: brace_strategy_id, _ h: brace_constraint) throws(BraceError) -> ConstraintID {
  let k = try c.constraint(h)
  guard c.bridge.constraints[k.index].owner == .strategy(Int32(bitPattern: strategy)) else {
    throw .invalidState("\(c.describeConstraint(k)) is not owned by strategy #\(strategy)")
  }
  return k
}

private func hostAddConstraint(
  _ ctx: OpaquePointer?, _ strategy: brace_strategy_id, _ owner: brace_node, _ terms: UnsafePointer<brace_term>?, _ count: Int,
  _ relation: brace_relation, _ constant: Double, _ priority: Float, _ identifier: UnsafePointer<CChar>?,
  _ out: UnsafeMutablePointer<brace_constraint>?
) -> brace_status {
  withContext(ctx, "host->add_constraint") { c throws(BraceError) in
    guard Int(strategy) < c.plugins.strategies.count else { throw .invalidArgument("strategy id \(strategy) is not registered in this context") }
    let o = try c.node(owner, "owner")
    let out = try requireOut(out)
    guard let terms else { throw .invalidArgument("terms is NULL") }
    guard count >= 1, count <= 64 else { throw .invalidArgument("a linear constraint has 1 to 64 terms") }
    try Check.priority(priority, "priority")
    let k = try c.addStrategyConstraint(
      UnsafeBufferPointer(start: terms, count: count), relation, constant, priority, identifier, strategy: Int32(strategy), for: o)
    out.pointee = c.handle(ofConstraint: k)
  }
}

private func hostRemoveConstraint(_ ctx: OpaquePointer?, _ strategy: brace_strategy_id, _ h: brace_constraint) -> brace_status {
  withContext(ctx, "host->remove_constraint") { c throws(BraceError) in
    c.destroyConstraint(try ownedConstraint(c, strategy, h))
  }
}

private func hostSetConstraintConstant(_ ctx: OpaquePointer?, _ strategy: brace_strategy_id, _ h: brace_constraint, _ constant: Double) -> brace_status {
  withContext(ctx, "host->set_constraint_constant") { c throws(BraceError) in
    try c.setConstant(try ownedConstraint(c, strategy, h), constant)
  }
}

private func hostIsConstraintDriven(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<Bool>?) -> brace_status {
  withContext(ctx, "host->is_constraint_driven") { c throws(BraceError) in
    try store(c.isInEngine(try c.node(node)), out)
  }
}

private func hostGetBaseline(_ ctx: OpaquePointer?, _ node: brace_node, _ size: brace_size, _ last: Bool, _ out: UnsafeMutablePointer<Double>?) -> brace_status {
  withContext(ctx, "host->get_baseline") { c throws(BraceError) in
    let n = try c.node(node)
    let out = try requireOut(out)
    for v in [size.width, size.height] where !(v.isFinite && v >= 0) {
      throw .invalidArgument("a size component must be finite and >= 0, got \(v)")
    }
    out.pointee = try c.baseline(n, size, last: last)
  }
}

private func hostIsConstrainedExternally(_ ctx: OpaquePointer?, _ strategy: brace_strategy_id, _ container: brace_node, _ node: brace_node, _ out: UnsafeMutablePointer<Bool>?) -> brace_status {
  withContext(ctx, "host->is_constrained_externally") { c throws(BraceError) in
    let k = try c.node(container, "container")
    let n = try c.node(node)
    try store(c.isConstrainedExternally(n, strategy: strategy, container: k), out)
  }
}

private func hostGetSubviews(
  _ ctx: OpaquePointer?, _ strategy: brace_strategy_id, _ container: brace_node, _ propertyIndex: UInt32,
  _ out: UnsafeMutablePointer<brace_subview_info>?, _ infoSize: Int, _ capacity: Int, _ count: UnsafeMutablePointer<Int>?
) -> brace_status {
  withContext(ctx, "host->get_subviews") { c throws(BraceError) in
    let k = try c.node(container, "container")
    let count = try requireOut(count, "count")
    guard Int(strategy) < c.plugins.strategies.count else { throw .invalidArgument("strategy id \(strategy) is not registered in this context") }
    let declared = c.plugins.strategies[Int(strategy)].properties
    guard propertyIndex == UInt32.max || Int(propertyIndex) < declared.count else {
      throw BraceError(BRACE_E_INDEX_OUT_OF_RANGE, "strategy \"\(c.plugins.strategies[Int(strategy)].name)\" declares \(declared.count) properties; index \(propertyIndex) is out of range")
    }
    guard propertyIndex == UInt32.max || declared[Int(propertyIndex)].scope == BRACE_SCOPE_CHILD else {
      throw .invalidArgument("property \(propertyIndex) (\"\(String(cString: declared[Int(propertyIndex)].name))\") of strategy \"\(c.plugins.strategies[Int(strategy)].name)\" is not a CHILD property")
    }
    // size_t arrives as Int: a capacity past Int.max reads as negative and means "all".
    let room = Int(clamping: UInt(bitPattern: capacity))
    guard room == 0 || out != nil else { throw .invalidArgument("out is NULL with a capacity of \(room)") }
    // The first version of the entry (1.0 to 1.2: it ends before 1.3's `measures`); later
    // ones only append, and never past 4 KB. A plugin built against an older header passes
    // that smaller size and gets the members it knows.
    let known = firstSubviewInfoSize
    guard room == 0 || (infoSize >= known && infoSize <= 4096) else {
      throw .invalidArgument("info_size \(infoSize) is not the size of a brace_subview_info (\(known) to 4096 bytes)")
    }
    let children = c.nodes.children[k.index]
    count.pointee = children.count
    guard let out else { return }
    let base = UnsafeMutableRawPointer(out)
    // A subview without values of its own (most) answers the declared default.
    let fallback = propertyIndex == UInt32.max ? brace_value() : declared[Int(propertyIndex)].default_value
    // An entry of this header's size is stored whole (no call per entry); an older
    // plugin's shorter one gets the bytes it knows.
    let whole = infoSize == MemoryLayout<brace_subview_info>.stride
    func write(_ i: Int, _ info: brace_subview_info) {
      if whole {
        (base + i * infoSize).storeBytes(of: info, as: brace_subview_info.self)
        return
      }
      withUnsafeBytes(of: info) { src in
        (base + i * infoSize).copyMemory(from: src.baseAddress!, byteCount: min(infoSize, src.count))
      }
    }
    func entry(_ n: NodeID, _ handle: brace_node, _ size: brace_size) -> brace_subview_info {
      var info = brace_subview_info()
      info.node = handle
      info.intrinsic_content_size = size
      let p = c.nodes.priorities[n.index]
      info.content_hugging = (p[0], p[1])
      info.compression_resistance = (p[2], p[3])
      info.alignment_rect_insets = c.nodes.alignmentInsets[n.index]
      info.subview_count = c.nodes.children[n.index].count
      let flags = c.nodes.flags[n.index]
      info.hidden = flags.contains(.hidden)
      info.flags = flags.contains(.translatesMask) ? UInt64(BRACE_SUBVIEW_TRANSLATES_AUTORESIZING_MASK) : 0
      info.constrained_externally = c.isConstrainedExternally(n, strategy: strategy, container: k)
      info.measures = c.measuresInEngine(n)
      if propertyIndex != UInt32.max {
        info.property = flags.contains(.hasProperties) ? c.propertyValue(n, strategy: Int32(strategy), index: Int(propertyIndex)) : fallback
      }
      return info
    }
    // No node of the context has callbacks: nothing runs while we read (an intrinsic
    // size is the stored one), so the tree cannot change under the loop.
    if c.nodes.callbackTable.count == c.nodes.freeCallbackEntries.count {
      for (i, n) in children.prefix(room).enumerated() {
        write(i, entry(n, c.handle(ofNode: n), c.nodes.intrinsicSize[n.index]))
      }
      return
    }
    // Otherwise a copy, with the handles: an intrinsic-size callback may change the tree
    // while we read, even reuse a destroyed subview's slot.
    let handles = children.map { c.handle(ofNode: $0) }
    for (i, n) in children.prefix(room).enumerated() {
      // (An entry for a subview that a callback destroyed or moved meanwhile keeps node 0.)
      func still() -> Bool { c.nodes.isLive(n) && c.handle(ofNode: n) == handles[i] && c.nodes.parent[n.index] == k }
      guard still() else {
        write(i, brace_subview_info())
        continue
      }
      let size = c.intrinsicSize(n)
      guard still() else {
        write(i, brace_subview_info())
        continue
      }
      write(i, entry(n, handles[i], size))
    }
  }
}

/// Where the first version of brace_subview_info ends (plugin ABI 1.0 to 1.2): 1.3
/// appended `measures`, which made sizeof grow (112 to 120 bytes on LP64).
private let firstSubviewInfoSize = MemoryLayout<brace_subview_info>.offset(of: \brace_subview_info.measures)!

/// Every entry is checked before any frame changes (all or nothing), then each is set as
/// brace_node_set_frame sets one, in one loop.
private func hostSetFrames(
  _ ctx: OpaquePointer?, _ container: brace_node, _ nodes: UnsafePointer<brace_node>?, _ frames: UnsafePointer<brace_rect>?,
  _ count: Int
) -> brace_status {
  withContext(ctx, "host->set_frames") { c throws(BraceError) in
    let k = try c.node(container, "container")
    guard count != 0 else { return }
    // size_t arrives as Int: past Int.max it reads as negative.
    guard count > 0 else { throw .invalidArgument("count is larger than any number of subviews") }
    guard let nodes else { throw .invalidArgument("nodes is NULL but count is not 0") }
    guard let frames else { throw .invalidArgument("frames is NULL but count is not 0") }
    // The plain checks in one loop; the message only for the entry that fails them.
    for i in 0..<count {
      if let n = c.liveNode(nodes[i]), c.nodes.parent[n.index] == k, !c.nodes.flags[n.index].contains(.dismantling),
        Check.isValidRect(frames[i])
      {
        continue
      }
      let n = try c.node(nodes[i], "nodes[\(i)]")
      guard c.nodes.parent[n.index] == k else {
        throw .invalidArgument("nodes[\(i)] (\(c.describe(n))) is not a subview of the container \(c.describe(k))")
      }
      // The check brace_node_set_frame makes (one copy of its code for both), its message
      // prefixed with the entry.
      do throws(BraceError) {
        try Check.rect(frames[i], "frame")
      } catch {
        throw BraceError(error.status, "frames[\(i)]: \(error.message)")
      }
    }
    c.setSubviewFrames(of: k, UnsafeBufferPointer(start: nodes, count: count), UnsafeBufferPointer(start: frames, count: count))
  }
}

