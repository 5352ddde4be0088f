import BracePluginKit
import CBrace

// The direct path: the stack writes its arranged views' frames itself (no generated
// constraints), only those that changed.

extension Stack {
  /// The direct path: writes the frames that changed. When only the stack's length
  /// changed under fill distribution, one view absorbs the difference and only the views
  /// from it on (before it, right to left) move: the others are not even recomputed.
  func arrangeDirectly(_ ctx: OpaquePointer?) {
    let h = host.pointee
    let scale = h.get_scale!(ctx)
    let canvas = canvas(ctx)
    let rtl = isRTL(ctx)
    let horizontal = layout.axis == .horizontal
    let main = horizontal ? canvas.width : canvas.height
    var range = 0..<views.count
    var verify = true
    if let last = lastArrangement, let k = last.absorber, sameCanvasAcross(last.canvas, canvas), last.rtl == rtl,
      case let d = main - (horizontal ? last.canvas.width : last.canvas.height), d != 0,
      (last.extra > 0 && last.extra + d > 0) || (last.extra < 0 && last.extra + d < 0)
    {
      verify = false
      lastPlacements[k].mainLength += d
      for i in (k + 1)..<lastPlacements.count { lastPlacements[i].mainOrigin += d }
      range = horizontal && rtl ? 0..<(k + 1) : k..<lastPlacements.count
      lastArrangement = (canvas, rtl, k, last.extra + d)
    } else {
      lastPlacements = self.placements(ctx, in: canvas)
      lastArrangement = (canvas, rtl, nil, 0)
      if layout.distribution == .fill, let absorbed = fillExtra(ctx, main: main), absorbed.extra != 0 {
        lastArrangement = (canvas, rtl, absorbed.index, absorbed.extra)
      }
    }
    // Off the fast path the frames themselves are compared (a view may have been moved
    // by hand since); on it, with what the stack wrote last (any frame set from outside
    // refreshes the stack, which leaves the fast path).
    for k in range {
      let frame = pixelFrame(rect(lastPlacements[k], in: canvas, rtl: rtl), views[k].insets, scale: scale)
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
    layout.axis == .horizontal ? a.x == b.x && a.y == b.y && a.height == b.height : a.x == b.x && a.y == b.y && a.width == b.width
  }

  /// Fill distribution: what the one absorbing view takes (positive: stretch) and which.
  private func fillExtra(_ ctx: OpaquePointer?, main: Double) -> (index: Int, extra: Double)? {
    let horizontal = layout.axis == .horizontal
    let c = contents(ctx, cross: horizontal ? lastArrangement?.canvas.height : lastArrangement?.canvas.width)
    var visible: [Int] = []
    for i in views.indices where !views[i].hidden { visible.append(i) }
    guard !visible.isEmpty else { return nil }
    let g = gaps()
    var used = 0.0
    for (k, i) in visible.enumerated() {
      used += c[i].main
      if k + 1 < visible.count { used += g[i] + layout.adjustment(c, i, visible[k + 1]) }
    }
    let extra = main - used
    return (StackLayout.absorber(c, visible, stretching: extra > 0), extra)
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
