import BracePluginKit
import CBrace

// Where the arranged views go in the stack's canvas, and the stack's fitting size and
// baselines: shared by the direct path, measure and the baseline hook.

extension Stack {
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
    let horizontal = layout.axis == .horizontal
    let offered = horizontal ? proposal.height : proposal.width
    let inset = horizontal ? m.top + m.bottom : m.left + m.right
    let cross: Double? = offered == BRACE_PROPOSAL_UNBOUNDED ? nil : max(0, offered - inset)
    let f = layout.fitting(contents(ctx, cross: cross), hidden: hidden, gapList)
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
    return placements(ctx, in: canvas).map { rect($0, in: canvas, rtl: rtl) }
  }

  func placements(_ ctx: OpaquePointer?, in canvas: brace_rect) -> [Placement] {
    var placed: [Placement] = []
    _ = placements(ctx, in: canvas, into: &placed)
    return placed
  }

  /// The placements into `placed` (its storage reused); fill distribution answers the
  /// view that took the difference.
  func placements(_ ctx: OpaquePointer?, in canvas: brace_rect, into placed: inout [Placement]) -> Absorption? {
    let horizontal = layout.axis == .horizontal
    let main = horizontal ? canvas.width : canvas.height
    let cross = horizontal ? canvas.height : canvas.width
    let items = contents(ctx, cross: cross)
    // Pure arithmetic from here: nothing reached from it uses the scratch lists meanwhile.
    return layout.arrange(items, hidden: hidden, gapList, main: main, cross: cross, into: &placed, &scratch)
  }

  func isRTL(_ ctx: OpaquePointer?) -> Bool {
    var direction = BRACE_DIRECTION_LTR
    _ = host.pointee.get_effective_layout_direction!(ctx, node, &direction)
    return direction == BRACE_DIRECTION_RTL
  }

  func rect(_ s: Placement, in canvas: brace_rect, rtl: Bool) -> brace_rect {
    if layout.axis == .horizontal {
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
}
