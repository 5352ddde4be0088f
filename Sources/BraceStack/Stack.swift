import BracePluginKit
import CBrace

// The "stack" strategy: UIKit's UIStackView as a plugin (docs/stack.md). A stack keeps
// what it knows of its arranged views, refreshed in its constraints pass when something
// about them changed. It arranges them itself (the direct path) unless the engine must
// see its constraints (the stack or an arranged view is constrained by anything else, or
// `generate_constraints` is on); then it generates UIKit's UISV-* constraints, brought up
// to date by difference.

// MARK: Properties

enum Property: UInt32 {
  case axis = 0, distribution, alignment, spacing, marginsRelative, baselineRelative, generateConstraints, spacingAfter
}

nonisolated(unsafe) private let properties: [brace_property_desc] = [
  .enumeration("axis", ["horizontal", "vertical"],
               "the direction the arranged views run: horizontal (a row) or vertical (a column)"),
  .enumeration("distribution", ["fill", "fill_equally", "fill_proportionally", "equal_spacing", "equal_centering"],
               "how the arranged views share the length of the stack"),
  .enumeration("alignment", ["fill", "leading", "first_baseline", "center", "trailing", "last_baseline"],
               "how the arranged views sit across the axis (leading is UIKit's top, trailing its bottom)"),
  .number("spacing", BRACE_SCOPE_CONTAINER, 0, "the gap between arranged views; negative overlaps; -0.0 is the system spacing"),
  .flag("layout_margins_relative", "arrange inside the stack's layout margins"),
  .flag("baseline_relative", "vertical stacks: measure gaps from last baseline to first baseline"),
  .flag("generate_constraints", "always arrange through generated constraints (UIKit's way), even where the stack could arrange directly"),
  .number("spacing_after", BRACE_SCOPE_CHILD, BRACE_STACK_SPACING_USE_DEFAULT,
          "the gap after this arranged view (DBL_MAX: the stack's spacing; -0.0: the system spacing)"),
]

/// The priority a view with no intrinsic size and nothing to measure is held at length 0
/// on that axis: the lowest but one (1 is the baseline-alignment pull, which must give
/// way to every size).
let unsizedPriority: Float = 2

/// A spacing value with its sentinels resolved.
func resolveSpacing(_ v: Double, default fallback: Double) -> Double {
  if v == BRACE_STACK_SPACING_USE_DEFAULT { return fallback }
  if v == 0 && v.sign == .minus { return systemSpacing }
  return v
}

// MARK: State

/// One arranged view as the stack last read it.
struct Arranged {
  var node: brace_node = 0
  var hidden = false
  var intrinsic = brace_size(width: -1, height: -1)
  var hugging: (Float, Float) = (250, 250)
  var resistance: (Float, Float) = (750, 750)
  var insets = brace_insets()
  var spacingAfter = BRACE_STACK_SPACING_USE_DEFAULT
  /// Measured through its strategy (no intrinsic size on some axis, and subviews).
  var measured = false
  /// Its translates_autoresizing_mask was turned off (in a constraints pass).
  var adopted = false
  var external = false
  /// The frame the stack last wrote for it (direct path), to write only changes.
  var written: brace_rect? = nil
}

final class StackContext {
  let id: brace_strategy_id
  /// The nodes using this strategy in this context, to reach a nested stack's state.
  var stacks: [brace_node: Stack] = [:]
  init(id: brace_strategy_id) { self.id = id }
}

final class Stack {
  let node: brace_node
  /// Strong (Embedded Swift has no unowned): the cycle with `context.stacks` ends when
  /// the node detaches, which the host does for every node before context_destroy.
  let context: StackContext
  var rules = Rules()
  var spacing = 0.0
  var marginsRelative = false
  var forceConstraints = false
  var views: [Arranged] = []
  /// Reused for host->get_subviews.
  var buffer: [brace_subview_info] = []
  var refreshing = false
  var stale = true
  /// Arranging through generated constraints (the engine places the views).
  var generating = false
  var generated = GeneratedSet()
  /// The canvas size across the axis the generated constraints measured views for.
  var generatedCross: Double? = nil
  /// The fitting size last reported, to flag a measuring superview when it changes.
  var lastFitting: brace_size? = nil
  /// What the last refresh makes of the views, for the cross size it was computed for
  /// (nil: fitting), and the fitting size for a proposal. A layout caused only by the
  /// stack's own size changing reuses them; a refresh drops them.
  var contentCache: (cross: Double?, contents: [Content])? = nil
  var fittingCache: (proposal: brace_size, size: brace_size)? = nil
  var proposalDependence: Bool? = nil
  /// The last direct arrangement, for the fill path's incremental resize.
  var lastArrangement: (canvas: brace_rect, rtl: Bool, absorber: Int?, extra: Double)? = nil
  var lastSlots: [Slot] = []

  init(node: brace_node, context: StackContext) {
    self.node = node
    self.context = context
  }
}

private func stack(_ data: UnsafeMutableRawPointer?) -> Stack? {
  data.map { Unmanaged<Stack>.fromOpaque($0).takeUnretainedValue() }
}

private func stackContext(_ state: UnsafeMutableRawPointer?) -> StackContext? {
  state.map { Unmanaged<StackContext>.fromOpaque($0).takeUnretainedValue() }
}

// MARK: Reading what the stack arranges

extension Stack {
  func property(_ ctx: OpaquePointer?, _ p: Property) -> brace_value {
    var v = brace_value()
    _ = host.pointee.get_property!(ctx, context.id, node, p.rawValue, &v)
    return v
  }

  /// Reads the properties and every arranged view; true when the stack or one of its
  /// views is constrained by something other than this stack. Only the constraints pass
  /// adopts new views (turns their translation off): measure and the baseline hook, which
  /// may refresh too, must not change anything. A refresh reached again from inside this
  /// one (an intrinsic-size callback asking for the stack's fitting size) keeps what the
  /// stack knew.
  @discardableResult
  func refresh(_ ctx: OpaquePointer?, adopt: Bool = false) -> Bool {
    guard !refreshing else { return false }
    refreshing = true
    defer { refreshing = false }
    let h = host.pointee
    rules.axis = Axis(rawValue: property(ctx, .axis).integer) ?? .horizontal
    rules.distribution = Distribution(rawValue: property(ctx, .distribution).integer) ?? .fill
    rules.alignment = Alignment(rawValue: property(ctx, .alignment).integer) ?? .fill
    rules.baselineRelative = property(ctx, .baselineRelative).integer != 0
    spacing = property(ctx, .spacing).number
    marginsRelative = property(ctx, .marginsRelative).integer != 0
    forceConstraints = property(ctx, .generateConstraints).integer != 0
    var external = false
    _ = h.is_constrained_externally!(ctx, context.id, node, node, &external)
    // Everything about the subviews in one host call (two when they outgrew the buffer).
    let stride = MemoryLayout<brace_subview_info>.stride
    var count = 0
    var buffer = self.buffer
    self.buffer = []
    defer { self.buffer = buffer }
    while true {
      let capacity = buffer.count
      let status = buffer.withUnsafeMutableBufferPointer {
        h.get_subviews!(ctx, context.id, node, Property.spacingAfter.rawValue, $0.baseAddress, stride, capacity, &count)
      }
      guard status == BRACE_OK else { count = 0; break }
      if count <= capacity { break }
      buffer = [brace_subview_info](repeating: brace_subview_info(), count: count)
    }
    var next: [Arranged] = []
    next.reserveCapacity(count)
    for k in 0..<count where buffer[k].node != 0 {
      let info = buffer[k]
      var a = Arranged()
      a.node = info.node
      // Keep the frame written last time when the view stays at the same place.
      if k < views.count && views[k].node == a.node {
        a.written = views[k].written
        a.adopted = views[k].adopted
      }
      if adopt && !a.adopted {
        _ = h.set_translates_autoresizing_mask!(ctx, a.node, false)
        a.adopted = true
      }
      a.hidden = info.hidden
      a.intrinsic = info.intrinsic_content_size
      a.hugging = (info.content_hugging.0, info.content_hugging.1)
      a.resistance = (info.compression_resistance.0, info.compression_resistance.1)
      a.insets = info.alignment_rect_insets
      a.spacingAfter = info.property.number
      if a.intrinsic.width < 0 || a.intrinsic.height < 0 {
        a.measured = info.subview_count > 0 || context.stacks[a.node] != nil
      }
      a.external = info.constrained_externally
      external = external || a.external
      next.append(a)
    }
    views = next
    stale = false
    contentCache = nil
    fittingCache = nil
    proposalDependence = nil
    lastArrangement = nil
    return external
  }

  /// The gap after each arranged view.
  func gaps() -> [Double] {
    let base = resolveSpacing(spacing, default: 0)
    return views.map { resolveSpacing($0.spacingAfter, default: base) }
  }

  /// What the rules arrange each view by, for a canvas whose cross size is `cross`
  /// (nil: unknown, for fitting).
  func contents(_ ctx: OpaquePointer?, cross: Double?) -> [Content] {
    // Without measured views the cross size changes nothing.
    let key = views.contains { $0.measured } ? cross : nil
    if let c = contentCache, c.cross == key { return c.contents }
    let list = readContents(ctx, cross: cross)
    contentCache = (key, list)
    return list
  }

  /// Whether the fitting size depends on the size offered (a measured view that is not
  /// a stack, such as a flow, or a nested stack that does). Known until the next refresh;
  /// a nested stack whose answer changes flags this one (see updateConstraints).
  func dependsOnProposal() -> Bool {
    if let known = proposalDependence { return known }
    let answer = views.contains { v in v.measured && (context.stacks[v.node].map { $0.dependsOnProposal() } ?? true) }
    proposalDependence = answer
    return answer
  }

  private func readContents(_ ctx: OpaquePointer?, cross: Double?) -> [Content] {
    let horizontal = rules.axis == .horizontal
    let needsBaselines = rules.usesBaselineGaps || rules.crossAlignment == .firstBaseline || rules.crossAlignment == .lastBaseline
    return views.map { a in
      var size = a.intrinsic
      if a.measured {
        // Across the axis a filled view is offered the canvas; otherwise nothing limits it.
        let offer = cross.flatMap { rules.alignment == .fill ? $0 : nil } ?? BRACE_PROPOSAL_UNBOUNDED
        let proposal = horizontal ? brace_size(width: BRACE_PROPOSAL_UNBOUNDED, height: offer)
                                  : brace_size(width: offer, height: BRACE_PROPOSAL_UNBOUNDED)
        let m = measure(ctx, a.node, proposal)
        if size.width < 0 { size.width = m.width }
        if size.height < 0 { size.height = m.height }
      }
      let mainValue = horizontal ? size.width : size.height
      let crossValue = horizontal ? size.height : size.width
      var c = Content()
      c.main = max(mainValue, 0)
      c.cross = max(crossValue, 0)
      let intrinsicMain = (horizontal ? a.intrinsic.width : a.intrinsic.height) >= 0
      // No intrinsic size and nothing to measure: length 0, held there at the lowest
      // priority both ways (it stretches first and gives way first).
      let holds = mainValue >= 0 && (intrinsicMain || a.measured)
      c.hugging = holds ? (horizontal ? a.hugging.0 : a.hugging.1) : unsizedPriority
      c.resistance = holds ? (horizontal ? a.resistance.0 : a.resistance.1) : unsizedPriority
      if needsBaselines {
        let s = brace_size(width: max(size.width, 0), height: max(size.height, 0))
        c.firstBaseline = baseline(ctx, a.node, s, last: false)
        c.lastBaseline = baseline(ctx, a.node, s, last: true)
      }
      return c
    }
  }

  /// A view's fitting size: a nested stack answers from what it knows, others through
  /// their strategy.
  func measure(_ ctx: OpaquePointer?, _ n: brace_node, _ proposal: brace_size) -> brace_size {
    if let inner = context.stacks[n] { return inner.fitting(ctx, proposal) }
    var out = brace_size(width: 0, height: 0)
    if host.pointee.measure!(ctx, n, proposal, &out) != BRACE_OK { return brace_size(width: 0, height: 0) }
    return out
  }

  func baseline(_ ctx: OpaquePointer?, _ n: brace_node, _ size: brace_size, last: Bool) -> Double {
    if let inner = context.stacks[n] { return inner.baseline(ctx, size, last: last) }
    var out = 0.0
    if host.pointee.get_baseline!(ctx, n, size, last, &out) != BRACE_OK { return last ? 0 : size.height }
    return out
  }

  func margins(_ ctx: OpaquePointer?) -> brace_insets {
    guard marginsRelative else { return brace_insets() }
    var m = brace_insets()
    _ = host.pointee.get_layout_margins!(ctx, node, &m)
    return m
  }

  /// The size of the stack's alignment rect that fits its arranged views.
  func fitting(_ ctx: OpaquePointer?, _ proposal: brace_size) -> brace_size {
    if stale { refresh(ctx) }
    let unbounded = brace_size(width: BRACE_PROPOSAL_UNBOUNDED, height: BRACE_PROPOSAL_UNBOUNDED)
    let key = dependsOnProposal() ? proposal : unbounded
    if let f = fittingCache, f.proposal.width == key.width, f.proposal.height == key.height { return f.size }
    let size = computeFitting(ctx, key)
    fittingCache = (key, size)
    return size
  }

  private func computeFitting(_ ctx: OpaquePointer?, _ proposal: brace_size) -> brace_size {
    let m = margins(ctx)
    let horizontal = rules.axis == .horizontal
    let offered = horizontal ? proposal.height : proposal.width
    let inset = horizontal ? m.top + m.bottom : m.left + m.right
    let cross: Double? = offered == BRACE_PROPOSAL_UNBOUNDED ? nil : max(0, offered - inset)
    let f = rules.fitting(contents(ctx, cross: cross), hidden: views.map { $0.hidden }, gaps())
    return horizontal ? brace_size(width: f.main + m.left + m.right, height: f.cross + m.top + m.bottom)
                      : brace_size(width: f.cross + m.left + m.right, height: f.main + m.top + m.bottom)
  }

  /// The canvas in the stack's bounds coordinates: its alignment rect, inside its
  /// margins when margins-relative.
  func canvas(_ ctx: OpaquePointer?, alignmentSize: brace_size? = nil) -> brace_rect {
    let h = host.pointee
    var r: brace_rect
    if let s = alignmentSize {
      r = brace_rect(x: 0, y: 0, width: s.width, height: s.height)
    } else {
      var b = brace_rect()
      var i = brace_insets()
      _ = h.get_bounds!(ctx, node, &b)
      _ = h.get_alignment_rect_insets!(ctx, node, &i)
      r = brace_rect(x: b.x + i.left, y: b.y + i.top, width: b.width - i.left - i.right, height: b.height - i.top - i.bottom)
    }
    let m = margins(ctx)
    return brace_rect(x: r.x + m.left, y: r.y + m.top, width: r.width - m.left - m.right, height: r.height - m.top - m.bottom)
  }

  /// Alignment rects of the arranged views in a canvas, mirrored for right-to-left.
  func rects(_ ctx: OpaquePointer?, in canvas: brace_rect) -> [brace_rect] {
    let rtl = isRTL(ctx)
    return slots(ctx, in: canvas).map { rect($0, in: canvas, rtl: rtl) }
  }

  func slots(_ ctx: OpaquePointer?, in canvas: brace_rect) -> [Slot] {
    let horizontal = rules.axis == .horizontal
    let main = horizontal ? canvas.width : canvas.height
    let cross = horizontal ? canvas.height : canvas.width
    return rules.arrange(contents(ctx, cross: cross), hidden: views.map { $0.hidden }, gaps(), main: main, cross: cross)
  }

  func isRTL(_ ctx: OpaquePointer?) -> Bool {
    var direction = BRACE_DIRECTION_LTR
    _ = host.pointee.get_effective_layout_direction!(ctx, node, &direction)
    return direction == BRACE_DIRECTION_RTL
  }

  func rect(_ s: Slot, in canvas: brace_rect, rtl: Bool) -> brace_rect {
    if rules.axis == .horizontal {
      let x = rtl ? canvas.width - s.mainOrigin - s.mainLength : s.mainOrigin
      return brace_rect(x: canvas.x + x, y: canvas.y + s.crossOrigin, width: s.mainLength, height: s.crossLength)
    }
    let x = rtl ? canvas.width - s.crossOrigin - s.crossLength : s.crossOrigin
    return brace_rect(x: canvas.x + x, y: canvas.y + s.mainOrigin, width: s.crossLength, height: s.mainLength)
  }

  /// The stack's first or last baseline when its alignment rect has `size`: its first
  /// or last visible arranged view's.
  func baseline(_ ctx: OpaquePointer?, _ size: brace_size, last: Bool) -> Double {
    if stale { refresh(ctx) }
    guard let k = (last ? views.indices.reversed().first { !views[$0].hidden } : views.indices.first { !views[$0].hidden })
    else { return last ? 0 : size.height }
    let r = rects(ctx, in: canvas(ctx, alignmentSize: size))[k]
    let inner = baseline(ctx, views[k].node, brace_size(width: max(r.width, 0), height: max(r.height, 0)), last: last)
    return last ? size.height - (r.y + r.height) + inner : r.y + inner
  }

  /// The direct path: writes the frames that changed. When only the stack's length
  /// changed under fill distribution, one view absorbs the difference and only the views
  /// from it on (before it, right to left) move: the others are not even recomputed.
  func arrangeDirectly(_ ctx: OpaquePointer?) {
    let h = host.pointee
    let scale = h.get_scale!(ctx)
    let canvas = canvas(ctx)
    let rtl = isRTL(ctx)
    let horizontal = rules.axis == .horizontal
    let main = horizontal ? canvas.width : canvas.height
    var range = 0..<views.count
    var verify = true
    if let last = lastArrangement, let k = last.absorber, sameCanvasAcross(last.canvas, canvas), last.rtl == rtl,
      case let d = main - (horizontal ? last.canvas.width : last.canvas.height), d != 0,
      (last.extra > 0 && last.extra + d > 0) || (last.extra < 0 && last.extra + d < 0)
    {
      verify = false
      lastSlots[k].mainLength += d
      for i in (k + 1)..<lastSlots.count { lastSlots[i].mainOrigin += d }
      range = horizontal && rtl ? 0..<(k + 1) : k..<lastSlots.count
      lastArrangement = (canvas, rtl, k, last.extra + d)
    } else {
      lastSlots = self.slots(ctx, in: canvas)
      lastArrangement = (canvas, rtl, nil, 0)
      if rules.distribution == .fill, let absorbed = fillExtra(ctx, main: main), absorbed.extra != 0 {
        lastArrangement = (canvas, rtl, absorbed.index, absorbed.extra)
      }
    }
    // Off the fast path the frames themselves are compared (a view may have been moved
    // by hand since); on it, with what the stack wrote last (any frame set from outside
    // refreshes the stack, which leaves the fast path).
    for k in range {
      let frame = pixelFrame(rect(lastSlots[k], in: canvas, rtl: rtl), views[k].insets, scale: scale)
      if verify {
        var current = brace_rect()
        if h.get_frame!(ctx, views[k].node, &current) == BRACE_OK, same(current, frame) {
          views[k].written = frame
          continue
        }
      } else if let w = views[k].written, same(w, frame) {
        continue
      }
      if h.set_frame!(ctx, views[k].node, frame) == BRACE_OK { views[k].written = frame }
    }
  }

  private func sameCanvasAcross(_ a: brace_rect, _ b: brace_rect) -> Bool {
    rules.axis == .horizontal ? a.x == b.x && a.y == b.y && a.height == b.height : a.x == b.x && a.y == b.y && a.width == b.width
  }

  /// Fill distribution: what the one absorbing view takes (positive: stretch) and which.
  private func fillExtra(_ ctx: OpaquePointer?, main: Double) -> (index: Int, extra: Double)? {
    let horizontal = rules.axis == .horizontal
    let c = contents(ctx, cross: horizontal ? lastArrangement?.canvas.height : lastArrangement?.canvas.width)
    var visible: [Int] = []
    for i in views.indices where !views[i].hidden { visible.append(i) }
    guard !visible.isEmpty else { return nil }
    let g = gaps()
    var used = 0.0
    for (k, i) in visible.enumerated() {
      used += c[i].main
      if k + 1 < visible.count { used += g[i] + rules.adjustment(c, i, visible[k + 1]) }
    }
    let extra = main - used
    return (Rules.absorber(c, visible, stretching: extra > 0), extra)
  }
}

/// The frame of an alignment rect: outset by the insets, on the pixel grid (as the engine
/// makes frames from solved alignment rects).
func pixelFrame(_ a: brace_rect, _ i: brace_insets, scale: Double) -> brace_rect {
  let outset = brace_rect(x: a.x - i.left, y: a.y - i.top, width: a.width + i.left + i.right, height: a.height + i.top + i.bottom)
  return roundedToPixelGrid(outset, scale: scale)
}

func same(_ a: brace_rect, _ b: brace_rect) -> Bool {
  a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height
}

// MARK: Hooks

private func contextCreate(_ ctx: OpaquePointer?, _ id: brace_strategy_id, _ state: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> brace_status {
  guard let state else { return BRACE_E_INVALID_ARGUMENT }
  state.pointee = Unmanaged.passRetained(StackContext(id: id)).toOpaque()
  return BRACE_OK
}

private func contextDestroy(_ ctx: OpaquePointer?, _ state: UnsafeMutableRawPointer?) {
  if let state { Unmanaged<StackContext>.fromOpaque(state).release() }
}

private func attach(_ ctx: OpaquePointer?, _ state: UnsafeMutableRawPointer?, _ node: brace_node, _ data: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> brace_status {
  guard let data, let c = stackContext(state) else { return BRACE_E_INVALID_ARGUMENT }
  let s = Stack(node: node, context: c)
  c.stacks[node] = s
  data.pointee = Unmanaged.passRetained(s).toOpaque()
  return BRACE_OK
}

private func detach(_ ctx: OpaquePointer?, _ state: UnsafeMutableRawPointer?, _ node: brace_node, _ data: UnsafeMutableRawPointer?) {
  guard let data else { return }
  if let c = stackContext(state) { c.stacks[node] = nil }
  // The host removes the constraints this strategy owns on the node.
  Unmanaged<Stack>.fromOpaque(data).release()
}

private func updateConstraints(_ ctx: OpaquePointer?, _ state: UnsafeMutableRawPointer?, _ node: brace_node, _ data: UnsafeMutableRawPointer?) {
  guard let s = stack(data) else { return }
  let external = s.refresh(ctx, adopt: true)
  let generate = external || s.forceConstraints
  if generate {
    s.generating = true
    s.generate(ctx)
  } else {
    if s.generating {
      s.generated.removeAll(ctx, s.context.id)
      s.generating = false
      for k in s.views.indices { s.views[k].written = nil }
    }
    _ = host.pointee.set_needs_layout!(ctx, node)
  }
  // The superview measures this stack: a stack superview refreshes what it knows of it
  // (its fitting sizes for any proposal, its baselines, which view carries them); any
  // other superview is laid out again when the fitting size changed.
  var parent: brace_node = 0
  guard host.pointee.get_superview!(ctx, node, &parent) == BRACE_OK, parent != 0 else { return }
  if s.context.stacks[parent] != nil {
    _ = host.pointee.set_needs_update_constraints!(ctx, parent)
    return
  }
  let fit = s.fitting(ctx, brace_size(width: BRACE_PROPOSAL_UNBOUNDED, height: BRACE_PROPOSAL_UNBOUNDED))
  if let old = s.lastFitting, old.width == fit.width, old.height == fit.height { return }
  let first = s.lastFitting == nil
  s.lastFitting = fit
  if !first { _ = host.pointee.set_needs_layout!(ctx, parent) }
}

private func measure(_ ctx: OpaquePointer?, _ state: UnsafeMutableRawPointer?, _ node: brace_node, _ data: UnsafeMutableRawPointer?, _ proposal: brace_size, _ out: UnsafeMutablePointer<brace_size>?) -> brace_status {
  guard let s = stack(data), let out else { return BRACE_E_INVALID_ARGUMENT }
  out.pointee = s.fitting(ctx, proposal)
  return BRACE_OK
}

private func arrange(_ ctx: OpaquePointer?, _ state: UnsafeMutableRawPointer?, _ node: brace_node, _ data: UnsafeMutableRawPointer?) {
  guard let s = stack(data) else { return }
  if s.stale { s.refresh(ctx) }
  // On the constraint path the engine has placed the views already; views measured for
  // the canvas's cross size are measured again when it changed.
  guard !s.generating else {
    if s.dependsOnProposal(), s.rules.alignment == .fill {
      let c = s.canvas(ctx)
      if s.generatedCross != (s.rules.axis == .horizontal ? c.height : c.width) {
        _ = host.pointee.set_needs_update_constraints!(ctx, node)
      }
    }
    return
  }
  s.arrangeDirectly(ctx)
}

private func baselineHook(_ ctx: OpaquePointer?, _ state: UnsafeMutableRawPointer?, _ node: brace_node, _ data: UnsafeMutableRawPointer?, _ size: brace_size, _ last: Bool, _ out: UnsafeMutablePointer<Double>?) -> brace_status {
  guard let s = stack(data), let out else { return BRACE_E_INVALID_ARGUMENT }
  out.pointee = s.baseline(ctx, size, last: last)
  return BRACE_OK
}

nonisolated(unsafe) private let descriptor = containerDescriptor(
  "stack", properties: properties, flags: BRACE_STRATEGY_DEPENDS_ON_HIDDEN,
  contextCreate: contextCreate, contextDestroy: contextDestroy, attach: attach, detach: detach,
  updateConstraints: updateConstraints, measure: measure, arrange: arrange, baseline: baselineHook)

@c(brace_plugin_entry)
public func braceStackEntry(_ h: UnsafePointer<brace_host_api>?) -> UnsafePointer<brace_strategy_desc>? {
  // Needs the 1.1 host table (baselines, flags, is_constrained_externally).
  acceptHost(h, minor: 1) ? descriptor : nil
}
