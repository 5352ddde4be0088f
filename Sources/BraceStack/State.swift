import BracePluginKit
import CBrace

// What a stack knows of its arranged views, read in one host call and kept until
// something about them changes, and what its layout arithmetic makes of them (cached).


/// The priority a view with no intrinsic size and nothing to measure is held at length 0
/// on that axis: the lowest but one (1 is the baseline-alignment pull, which must give
/// way to every size).
let unsizedPriority: Float = 2

/// A spacing value with its sentinels resolved.
func resolveSpacing(_ v: Double, default fallback: Double, system: Double) -> Double {
  if v == BRACE_STACK_SPACING_USE_DEFAULT { return fallback }
  if v == 0 && v.sign == .minus { return system }
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
  /// Measured through its strategy (no intrinsic size on some axis, and subviews) or
  /// its measure callback.
  var measured = false
  /// In constraint layout the engine holds it by its own measure (plugin ABI 1.3,
  /// brace_subview_info.measures): generated constraints add no content size for it.
  var selfSized = false
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
  /// The frames a direct arrangement writes, gathered for one host->set_frames call;
  /// shared by the context's stacks (one arranges at a time; see arrangeDirectly).
  var batch = FrameBatch()
  /// The storage of the list of arranged views a refresh replaced, which the next refresh
  /// (of any stack of the context) fills.
  var spareViews: [Arranged] = []
  /// host->get_subviews' buffer, shared by the context's stacks (a refresh takes it out
  /// while it reads, so one reached from inside another makes its own).
  var subviewBuffer: [brace_subview_info] = []
  init(id: brace_strategy_id) { self.id = id }
}

/// Frames to write: the arranged view's index, its node and its new frame.
struct FrameBatch {
  var indices: [Int] = []
  var nodes: [brace_node] = []
  var frames: [brace_rect] = []

  /// Empties it, with room for `count` frames.
  mutating func removeAll(reserving count: Int) {
    indices.removeAll(keepingCapacity: true)
    nodes.removeAll(keepingCapacity: true)
    frames.removeAll(keepingCapacity: true)
    indices.reserveCapacity(count)
    nodes.reserveCapacity(count)
    frames.reserveCapacity(count)
  }
}

final class Stack {
  let node: brace_node
  /// Strong (Embedded Swift has no unowned): the cycle with `context.stacks` ends when
  /// the node detaches, which the host does for every node before context_destroy.
  let context: StackContext
  var layout = StackLayout()
  var spacing = 0.0
  /// The context's standard spacing (host->get_standard_spacing), for the system gap.
  var systemSpacing = defaultSystemSpacing
  var marginsRelative = false
  var forceConstraints = false
  var views: [Arranged] = []
  /// What the last refresh made of `views`, each view's entry: hidden, and the gap
  /// after it (the spacing resolved).
  var hidden: [Bool] = []
  var gapList: [Double] = []
  /// Some view is measured (its content depends on the cross size offered).
  var anyMeasured = false
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
  /// `contents` holds what was computed for `contentsCross` when `contentsValid`; its
  /// storage is refilled in place.
  var contents: [Content] = []
  var contentsCross: Double? = nil
  var contentsValid = false
  var fittingCache: (proposal: brace_size, size: brace_size)? = nil
  var proposalDependence: Bool? = nil
  /// The last direct arrangement, for the fill path's incremental resize.
  var lastArrangement: (canvas: brace_rect, rtl: Bool, absorber: Int?, extra: Double)? = nil
  var lastPlacements: [Placement] = []
  var scratch = LayoutScratch()

  init(node: brace_node, context: StackContext) {
    self.node = node
    self.context = context
  }
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
    layout.axis = Axis(rawValue: property(ctx, .axis).integer) ?? .horizontal
    layout.distribution = Distribution(rawValue: property(ctx, .distribution).integer) ?? .fill
    layout.alignment = Alignment(rawValue: property(ctx, .alignment).integer) ?? .fill
    layout.baselineRelative = property(ctx, .baselineRelative).integer != 0
    spacing = property(ctx, .spacing).number
    if h.abi_minor >= 3, let f = h.get_standard_spacing { systemSpacing = f(ctx) }
    marginsRelative = property(ctx, .marginsRelative).integer != 0
    forceConstraints = property(ctx, .generateConstraints).integer != 0
    var external = false
    _ = h.is_constrained_externally!(ctx, context.id, node, node, &external)
    // Everything about the subviews in one host call (two when they outgrew the buffer).
    let stride = MemoryLayout<brace_subview_info>.stride
    var count = 0
    var buffer = context.subviewBuffer
    context.subviewBuffer = []
    defer { context.subviewBuffer = buffer }
    while true {
      let capacity = buffer.count
      let status = buffer.withUnsafeMutableBufferPointer {
        h.get_subviews!(ctx, context.id, node, Property.spacingAfter.rawValue, $0.baseAddress, stride, capacity, &count)
      }
      guard status == BRACE_OK else { count = 0; break }
      if count <= capacity { break }
      // Grown for the largest stack seen, at least twofold.
      buffer = [brace_subview_info](repeating: brace_subview_info(), count: max(count, 2 * capacity))
    }
    // The lists are refilled, their storage reused: the views go into the context's spare
    // list, and the old list becomes the spare (nothing between calls out).
    var next = context.spareViews
    context.spareViews = []
    next.removeAll(keepingCapacity: true)
    next.reserveCapacity(count)
    var hidden = self.hidden
    self.hidden = []
    hidden.removeAll(keepingCapacity: true)
    hidden.reserveCapacity(count)
    var gapList = self.gapList
    self.gapList = []
    gapList.removeAll(keepingCapacity: true)
    gapList.reserveCapacity(count)
    let base = resolveSpacing(spacing, default: 0, system: systemSpacing)
    // A 1.5 host says which views still translate: only those need the call.
    let knowsTranslation = h.abi_minor >= 5
    var anyMeasured = false
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
        if !knowsTranslation || info.flags & UInt64(BRACE_SUBVIEW_TRANSLATES_AUTORESIZING_MASK) != 0 {
          _ = h.set_translates_autoresizing_mask!(ctx, a.node, false)
        }
        a.adopted = true
      }
      a.hidden = info.hidden
      a.intrinsic = info.intrinsic_content_size
      a.hugging = (info.content_hugging.0, info.content_hugging.1)
      a.resistance = (info.compression_resistance.0, info.compression_resistance.1)
      a.insets = info.alignment_rect_insets
      a.spacingAfter = info.property.number
      if a.intrinsic.width < 0 || a.intrinsic.height < 0 {
        a.measured = info.subview_count > 0 || context.stacks[a.node] != nil || info.measures
        a.selfSized = info.measures
      }
      a.external = info.constrained_externally
      external = external || a.external
      anyMeasured = anyMeasured || a.measured
      next.append(a)
      hidden.append(a.hidden)
      gapList.append(resolveSpacing(a.spacingAfter, default: base, system: systemSpacing))
    }
    context.spareViews = views
    views = next
    self.hidden = hidden
    self.gapList = gapList
    self.anyMeasured = anyMeasured
    stale = false
    contentsValid = false
    fittingCache = nil
    proposalDependence = nil
    lastArrangement = nil
    return external
  }

  /// The gap after each arranged view (as of the last refresh).
  func gaps() -> [Double] { gapList }

  /// What the layout arrange each view by, for a canvas whose cross size is `cross`
  /// (nil: unknown, for fitting).
  func contents(_ ctx: OpaquePointer?, cross: Double?) -> [Content] {
    // Without measured views the cross size changes nothing.
    let key = anyMeasured ? cross : nil
    if contentsValid, contentsCross == key { return contents }
    // Refilled in place, taken out meanwhile (a measure may reach a callback that asks
    // this stack again: that call computes a list of its own).
    var list = contents
    contents = []
    contentsValid = false
    readContents(ctx, cross: cross, into: &list)
    contents = list
    contentsCross = key
    contentsValid = true
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

  private func readContents(_ ctx: OpaquePointer?, cross: Double?, into list: inout [Content]) {
    let horizontal = layout.axis == .horizontal
    let needsBaselines = layout.usesBaselineGaps || layout.crossAlignment == .firstBaseline || layout.crossAlignment == .lastBaseline
    // One sweep into a list sized once, reading each view in place (a measure may reach
    // callbacks: the loop keeps the list it started with).
    let views = self.views
    list.removeAll(keepingCapacity: true)
    list.reserveCapacity(views.count)
    for k in views.indices {
      var size = views[k].intrinsic
      let measured = views[k].measured
      if measured {
        // Across the axis a filled view is offered the canvas; otherwise nothing limits it.
        let offer = cross.flatMap { layout.alignment == .fill ? $0 : nil } ?? BRACE_PROPOSAL_UNBOUNDED
        let proposal = horizontal ? brace_size(width: BRACE_PROPOSAL_UNBOUNDED, height: offer)
                                  : brace_size(width: offer, height: BRACE_PROPOSAL_UNBOUNDED)
        let m = measure(ctx, views[k].node, proposal)
        if size.width < 0 { size.width = m.width }
        if size.height < 0 { size.height = m.height }
      }
      let mainValue = horizontal ? size.width : size.height
      let crossValue = horizontal ? size.height : size.width
      var c = Content()
      c.main = max(mainValue, 0)
      c.cross = max(crossValue, 0)
      let intrinsicMain = (horizontal ? views[k].intrinsic.width : views[k].intrinsic.height) >= 0
      // No intrinsic size and nothing to measure: length 0, held there at the lowest
      // priority both ways (it stretches first and gives way first).
      let holds = mainValue >= 0 && (intrinsicMain || measured)
      c.hugging = holds ? (horizontal ? views[k].hugging.0 : views[k].hugging.1) : unsizedPriority
      c.resistance = holds ? (horizontal ? views[k].resistance.0 : views[k].resistance.1) : unsizedPriority
      if needsBaselines {
        let s = brace_size(width: max(size.width, 0), height: max(size.height, 0))
        c.firstBaseline = baseline(ctx, views[k].node, s, last: false)
        c.lastBaseline = baseline(ctx, views[k].node, s, last: true)
      }
      list.append(c)
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
}
