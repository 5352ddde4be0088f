import CBrace
import Synchronization

// The "frame" strategy: UIKit's autoresizing masks, as a plugin. Subviews keep their
// frames; when the container's size changed since its last layout and its
// autoresizes_subviews is on, each subview's mask applies to both axes. Frames are
// rounded to the context's pixel grid from exact values the strategy keeps, so many
// resizes never accumulate rounding drift.

/// The host table, the same pointer for every context; set by the entry function.
private let hostBits = Atomic<UInt>(0)
private var host: UnsafePointer<brace_host_api> {
  UnsafePointer(bitPattern: hostBits.load(ordering: .acquiring))!
}

/// Per-container state: the size at the last layout, and for each subview the exact
/// frame computed last time with the rounded frame that was written.
private final class Container {
  var lastSize: brace_size? = nil
  var exact: [brace_node: (exact: brace_rect, written: brace_rect)] = [:]
}

private func container(_ data: UnsafeMutableRawPointer?) -> Container? {
  data.map { Unmanaged<Container>.fromOpaque($0).takeUnretainedValue() }
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

/// Rounds the edges (not origin and size separately) to the nearest pixel, so adjacent
/// views that share an edge keep sharing it.
func pixelRound(_ r: brace_rect, scale: Double) -> brace_rect {
  func px(_ v: Double) -> Double { (v * scale).rounded(.toNearestOrAwayFromZero) / scale }
  let x0 = px(r.x), y0 = px(r.y), x1 = px(r.x + r.width), y1 = px(r.y + r.height)
  return brace_rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
}

private func same(_ a: brace_rect, _ b: brace_rect) -> Bool {
  a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height
}

private func attach(_ ctx: OpaquePointer?, _ state: UnsafeMutableRawPointer?, _ node: brace_node, _ data: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> brace_status {
  guard let data else { return BRACE_E_INVALID_ARGUMENT }
  data.pointee = Unmanaged.passRetained(Container()).toOpaque()
  return BRACE_OK
}

private func detach(_ ctx: OpaquePointer?, _ state: UnsafeMutableRawPointer?, _ node: brace_node, _ data: UnsafeMutableRawPointer?) {
  if let data { Unmanaged<Container>.fromOpaque(data).release() }
}

private func arrange(_ ctx: OpaquePointer?, _ state: UnsafeMutableRawPointer?, _ node: brace_node, _ data: UnsafeMutableRawPointer?) {
  guard let c = container(data) else { return }
  let h = host.pointee
  var bounds = brace_rect()
  guard h.get_bounds!(ctx, node, &bounds) == BRACE_OK else { return }
  let size = brace_size(width: bounds.width, height: bounds.height)
  defer { c.lastSize = size }
  var on = true
  _ = h.get_autoresizes_subviews!(ctx, node, &on)
  guard let old = c.lastSize, old.width != size.width || old.height != size.height, on else { return }
  var count = 0
  _ = h.get_subview_count!(ctx, node, &count)
  // A leaf (most nodes) has nothing to resize.
  guard count > 0 else {
    c.exact = [:]
    return
  }
  let scale = h.get_scale!(ctx)
  var next: [brace_node: (exact: brace_rect, written: brace_rect)] = [:]
  next.reserveCapacity(count)
  for k in 0..<count {
    var child: brace_node = 0
    var frame = brace_rect()
    var mask: UInt32 = 0
    var driven = false
    guard h.get_subview!(ctx, node, k, &child) == BRACE_OK,
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
    let written = pixelRound(exact, scale: scale)
    next[child] = (exact, written)
    if !same(written, frame) { _ = h.set_frame!(ctx, child, written) }
  }
  c.exact = next
}

/// The size a container wants: its intrinsic size on an axis that has one; elsewhere the
/// extent of its subviews' frames, or its own size when it has no subviews.
private func measure(_ ctx: OpaquePointer?, _ state: UnsafeMutableRawPointer?, _ node: brace_node, _ data: UnsafeMutableRawPointer?, _ proposal: brace_size, _ out: UnsafeMutablePointer<brace_size>?) -> brace_status {
  guard let out else { return BRACE_E_INVALID_ARGUMENT }
  let h = host.pointee
  var intrinsic = brace_size(width: -1, height: -1)
  var bounds = brace_rect()
  var count = 0
  var status = h.get_intrinsic_content_size!(ctx, node, &intrinsic)
  if status == BRACE_OK { status = h.get_bounds!(ctx, node, &bounds) }
  if status == BRACE_OK { status = h.get_subview_count!(ctx, node, &count) }
  guard status == BRACE_OK else { return status }
  var extent = brace_size(width: bounds.width, height: bounds.height)
  if count > 0 {
    extent = brace_size(width: 0, height: 0)
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

nonisolated(unsafe) private let descriptor: UnsafePointer<brace_strategy_desc> = {
  let d = UnsafeMutablePointer<brace_strategy_desc>.allocate(capacity: 1)
  d.initialize(to: brace_strategy_desc())
  d.pointee.struct_size = UInt32(MemoryLayout<brace_strategy_desc>.size)
  d.pointee.abi_major = UInt16(BRACE_PLUGIN_ABI_MAJOR)
  d.pointee.abi_minor = UInt16(BRACE_PLUGIN_ABI_MINOR)
  d.pointee.name = UnsafeRawPointer(("frame" as StaticString).utf8Start).assumingMemoryBound(to: CChar.self)
  d.pointee.role = BRACE_ROLE_CONTAINER
  d.pointee.property_desc_size = UInt32(MemoryLayout<brace_property_desc>.size)
  d.pointee.attach = attach
  d.pointee.detach = detach
  d.pointee.measure = measure
  d.pointee.arrange = arrange
  return UnsafePointer(d)
}()

@c(brace_plugin_entry)
public func braceAutoresizingEntry(_ h: UnsafePointer<brace_host_api>?) -> UnsafePointer<brace_strategy_desc>? {
  guard let h, h.pointee.abi_major == BRACE_PLUGIN_ABI_MAJOR,
    Int(h.pointee.struct_size) >= MemoryLayout<brace_host_api>.size
  else { return nil }
  hostBits.store(UInt(bitPattern: h), ordering: .releasing)
  return descriptor
}
