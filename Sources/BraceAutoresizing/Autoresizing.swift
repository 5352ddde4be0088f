import BracePluginKit
import CBrace

// The "frame" strategy: UIKit's autoresizing masks, as a plugin. When a container's size
// changes and its autoresizes_subviews is on, each subview's mask applies to both axes,
// at once: the size_changed hook (plugin ABI 1.2) runs inside the brace_node_set_frame,
// set_bounds or solved frame that resized the container, as UIKit's setFrame: runs
// resizeSubviewsWithOldSize:, so frame-based code reads the new subview frames right away.
// arrange, in the layout pass, only catches up with a size the hook did not apply (none
// in practice; a change the host made while the hook ran). Frames are rounded to the
// context's pixel grid from exact values the strategy keeps, so many resizes never
// accumulate rounding drift.

/// The host table, kept by the entry.
private let hostTable = PluginHost()
private var host: UnsafePointer<brace_host_api> { hostTable.table }

/// Per-container state: the size the subviews' frames are for (the container size the
/// masks were last applied for, or recorded at), and for each subview the exact frame
/// computed last time with the rounded frame that was written.
private final class Container {
  /// nil: not known. A new container, or one that had no subviews at its last size
  /// change: its subviews (added since) are in its current size, which the next arrange
  /// records; the next size change applies from the host's old size.
  var applied: brace_size? = nil
  var exact: [brace_node: (exact: brace_rect, written: brace_rect)] = [:]
}

/// A node's Container for the length of a hook, borrowed, not retained: the host keeps
/// the node busy while its hook runs (its strategy cannot change, so its data is not
/// released), and the two hooks run for every leaf of every layout.
private func withContainer(_ data: UnsafeMutableRawPointer?, _ body: (Container) -> Void) {
  guard let data else { return }
  Unmanaged<Container>.fromOpaque(data)._withUnsafeGuaranteedRef(body)
}

/// One axis of UIKit's rule: the parts are the near margin, the size and the far margin;
/// the flexible ones share the change of the superview's size in proportion to their
/// old values (evenly when those sum to 0); the far margin takes the rest.
func autoresize(origin: Double, size: Double, oldSuper: Double, newSuper: Double,
                flexibleNear: Bool, flexibleSize: Bool, flexibleFar: Bool) -> (origin: Double, size: Double) {
  let delta = newSuper - oldSuper
  let parts = [origin, size, oldSuper - origin - size]
  let flexible = [flexibleNear, flexibleSize, flexibleFar]
  let count = flexible.filter { $0 }.count
  guard count > 0, delta != 0 else { return (origin, size) }
  let total = zip(parts, flexible).reduce(0.0) { $1.1 ? $0 + $1.0 : $0 }
  func grown(_ k: Int) -> Double {
    guard flexible[k] else { return parts[k] }
    return parts[k] + (total > 0 ? delta * parts[k] / total : delta / Double(count))
  }
  return (grown(0), max(0, grown(1)))
}

private func same(_ a: brace_rect, _ b: brace_rect) -> Bool {
  a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height
}

private func same(_ a: brace_size, _ b: brace_size) -> Bool {
  a.width == b.width && a.height == b.height
}

private func attach(_ ctx: OpaquePointer?, _ state: UnsafeMutableRawPointer?, _ node: brace_node, _ data: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> brace_status {
  guard let data else { return BRACE_E_INVALID_ARGUMENT }
  data.pointee = Unmanaged.passRetained(Container()).toOpaque()
  return BRACE_OK
}

private func detach(_ ctx: OpaquePointer?, _ state: UnsafeMutableRawPointer?, _ node: brace_node, _ data: UnsafeMutableRawPointer?) {
  if let data { Unmanaged<Container>.fromOpaque(data).release() }
}

/// UIKit's resizeSubviewsWithOldSize:: `node` went from `old` to `size`; each subview that
/// the strategy positions (translating its mask, not constraint-driven) gets its mask
/// applied, when autoresizes_subviews is on. Records `size` as the size the subviews are
/// for, first: a subview's own size_changed hook runs inside set_frame and may reach
/// this container again (its measure, say).
private func resizeSubviews(_ ctx: OpaquePointer?, _ node: brace_node, _ c: Container, from old: brace_size, to size: brace_size, count: Int) {
  c.applied = size
  let h = host.pointee
  guard count > 0 else {
    c.exact = [:]
    return
  }
  var on = true
  _ = h.get_autoresizes_subviews!(ctx, node, &on)
  guard on, !same(old, size) else { return }
  // The subviews as they are now: set_frame runs their hooks, which may reach callbacks
  // that add, remove or move subviews of this container before the loop is done.
  var children: [brace_node] = []
  children.reserveCapacity(count)
  for k in 0..<count {
    var child: brace_node = 0
    if h.get_subview!(ctx, node, k, &child) == BRACE_OK { children.append(child) }
  }
  let scale = h.get_scale!(ctx)
  var next: [brace_node: (exact: brace_rect, written: brace_rect)] = [:]
  next.reserveCapacity(children.count)
  for child in children {
    var parent: brace_node = 0
    var frame = brace_rect()
    var mask: UInt32 = 0
    var driven = false
    guard h.get_superview!(ctx, child, &parent) == BRACE_OK, parent == node,
      h.get_frame!(ctx, child, &frame) == BRACE_OK,
      h.get_autoresizing_mask!(ctx, child, &mask) == BRACE_OK,
      h.is_constraint_driven!(ctx, child, &driven) == BRACE_OK, !driven
    else { continue }
    // Continue from the exact frame when nobody moved the subview since we placed it.
    var base = frame
    if let prior = c.exact[child], same(prior.written, frame) { base = prior.exact }
    let x = autoresize(origin: base.x, size: base.width, oldSuper: old.width, newSuper: size.width,
                       flexibleNear: mask & 1 != 0, flexibleSize: mask & 2 != 0, flexibleFar: mask & 4 != 0)
    let y = autoresize(origin: base.y, size: base.height, oldSuper: old.height, newSuper: size.height,
                       flexibleNear: mask & 8 != 0, flexibleSize: mask & 16 != 0, flexibleFar: mask & 32 != 0)
    let exact = brace_rect(x: x.origin, y: y.origin, width: x.size, height: y.size)
    let written = roundedToPixelGrid(exact, scale: scale)
    next[child] = (exact, written)
    if !same(written, frame) { _ = h.set_frame!(ctx, child, written) }
  }
  c.exact = next
}

/// The size_changed hook: `node`'s size changed from `old`, inside the call that changed
/// it. The masks apply from the size the subviews are for (the host's old size, unless a
/// change the hook never saw left them at another), to the new size.
private func sizeChanged(_ ctx: OpaquePointer?, _ state: UnsafeMutableRawPointer?, _ node: brace_node, _ data: UnsafeMutableRawPointer?, _ old: brace_size) {
  withContainer(data) { c in
    let h = host.pointee
    var count = 0
    _ = h.get_subview_count!(ctx, node, &count)
    // A leaf (most nodes): one call. Subviews added later are in its size then.
    guard count > 0 else {
      c.applied = nil
      c.exact = [:]
      return
    }
    var bounds = brace_rect()
    guard h.get_bounds!(ctx, node, &bounds) == BRACE_OK else { return }
    let size = brace_size(width: bounds.width, height: bounds.height)
    resizeSubviews(ctx, node, c, from: c.applied ?? old, to: size, count: count)
  }
}

/// The layout pass: nothing when the subviews are for the current size (the hook applied
/// it); the first sight of a container records its size; a size the hook did not apply
/// (the host changed it while the hook ran) is applied now.
private func arrange(_ ctx: OpaquePointer?, _ state: UnsafeMutableRawPointer?, _ node: brace_node, _ data: UnsafeMutableRawPointer?) {
  withContainer(data) { c in
    let h = host.pointee
    var bounds = brace_rect()
    guard h.get_bounds!(ctx, node, &bounds) == BRACE_OK else { return }
    let size = brace_size(width: bounds.width, height: bounds.height)
    guard let old = c.applied else {
      c.applied = size
      return
    }
    guard !same(old, size) else { return }
    var count = 0
    _ = h.get_subview_count!(ctx, node, &count)
    resizeSubviews(ctx, node, c, from: old, to: size, count: count)
  }
}

/// The size a container wants: its intrinsic size on an axis that has one; elsewhere the
/// extent of its subviews' frames, or 0 when it has no subviews (not its own size: that
/// is what its container made of it, and measuring it so would never let it shrink).
private func measure(_ ctx: OpaquePointer?, _ state: UnsafeMutableRawPointer?, _ node: brace_node, _ data: UnsafeMutableRawPointer?, _ proposal: brace_size, _ out: UnsafeMutablePointer<brace_size>?) -> brace_status {
  guard let out else { return BRACE_E_INVALID_ARGUMENT }
  let h = host.pointee
  var intrinsic = brace_size(width: -1, height: -1)
  var count = 0
  var status = h.get_intrinsic_content_size!(ctx, node, &intrinsic)
  if status == BRACE_OK { status = h.get_subview_count!(ctx, node, &count) }
  guard status == BRACE_OK else { return status }
  var extent = brace_size(width: 0, height: 0)
  if count > 0 {
    for k in 0..<count {
      var child: brace_node = 0
      var f = brace_rect()
      guard h.get_subview!(ctx, node, k, &child) == BRACE_OK, h.get_frame!(ctx, child, &f) == BRACE_OK else { continue }
      extent.width = max(extent.width, f.x + f.width)
      extent.height = max(extent.height, f.y + f.height)
    }
  }
  out.pointee = brace_size(width: intrinsic.width >= 0 ? intrinsic.width : extent.width,
                           height: intrinsic.height >= 0 ? intrinsic.height : extent.height)
  return BRACE_OK
}

/// Attached with a node's first subview (BRACE_STRATEGY_ATTACH_WITH_SUBVIEWS): a leaf has
/// nothing to resize or arrange, and a new container records its size at its first
/// arrange (`applied` nil) exactly as one attached at creation whose last size change
/// found no subviews.
nonisolated(unsafe) private let descriptor = containerDescriptor(
  "frame", flags: BRACE_STRATEGY_ATTACH_WITH_SUBVIEWS,
  attach: attach, detach: detach, measure: measure, arrange: arrange, sizeChanged: sizeChanged)

@c(brace_plugin_entry)
public func braceAutoresizingEntry(_ h: UnsafePointer<brace_host_api>?) -> UnsafePointer<brace_strategy_desc>? {
  hostTable.connect(h) ? descriptor : nil
}
