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
      // Taken out while computed: measuring reaches other stacks and callbacks.
      var placed = lastPlacements
      lastPlacements = []
      let absorbed = placements(ctx, in: canvas, into: &placed)
      lastPlacements = placed
      lastArrangement = (canvas, rtl, nil, 0)
      if layout.distribution == .fill, let a = absorbed { lastArrangement = (canvas, rtl, a.index, a.extra) }
    }
    // Off the fast path the frames themselves are compared (a view may have been moved
    // by hand since); on it, with what the stack wrote last (any frame set from outside
    // refreshes the stack, which leaves the fast path). The changed ones are written in
    // one host call (plugin ABI 1.5), the context's batch taken out meanwhile (their
    // size_changed hooks run inside it).
    var batch = context.batch
    context.batch = FrameBatch()
    batch.removeAll(reserving: range.count)
    for k in range {
      let frame = pixelFrame(rect(lastPlacements[k], in: canvas, rtl: rtl), views[k].insets, scale: scale)
      // A view this stack never placed (a first arrangement) is written without asking
      // its frame first: the host ignores a frame that does not change.
      if verify && views[k].written != nil {
        var current = brace_rect()
        if h.get_frame!(ctx, views[k].node, &current) == BRACE_OK, same(current, frame) {
          views[k].written = frame
          continue
        }
      } else if let w = views[k].written, same(w, frame) {
        continue
      }
      batch.indices.append(k)
      batch.nodes.append(views[k].node)
      batch.frames.append(frame)
    }
    write(ctx, batch)
    context.batch = batch
  }

  /// Writes a batch of frames: in one call to a 1.5 host, else (or when the call refuses
  /// the batch, a view having left meanwhile) one call per view, as before 1.5.
  private func write(_ ctx: OpaquePointer?, _ batch: FrameBatch) {
    guard !batch.nodes.isEmpty else { return }
    let h = host.pointee
    if h.abi_minor >= 5, let setFrames = h.set_frames {
      let status = batch.nodes.withUnsafeBufferPointer { n in
        batch.frames.withUnsafeBufferPointer { f in setFrames(ctx, node, n.baseAddress, f.baseAddress, n.count) }
      }
      if status == BRACE_OK {
        for (j, k) in batch.indices.enumerated() where k < views.count && views[k].node == batch.nodes[j] {
          views[k].written = batch.frames[j]
        }
        return
      }
    }
    for (j, k) in batch.indices.enumerated() where h.set_frame!(ctx, batch.nodes[j], batch.frames[j]) == BRACE_OK {
      if k < views.count && views[k].node == batch.nodes[j] { views[k].written = batch.frames[j] }
    }
  }

  private func sameCanvasAcross(_ a: brace_rect, _ b: brace_rect) -> Bool {
    layout.axis == .horizontal ? a.x == b.x && a.y == b.y && a.height == b.height : a.x == b.x && a.y == b.y && a.width == b.width
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
