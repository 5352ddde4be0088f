import CBrace

/// Node geometry and properties with their automatic update-cycle triggers.
extension Context {
  /// Every frame and bounds change ends here (a user's set_frame or set_bounds, a
  /// strategy's host->set_frame, a solved frame). A size change flags the node and its
  /// superview for layout, then runs the node's strategy's size_changed hook at once, as
  /// UIKit resizes the subviews inside setFrame: (the `frame` strategy applies the
  /// autoresizing masks there). Nothing is held across the hook.
  func setFrame(_ n: NodeID, _ f: brace_rect) {
    let old = nodes.frame[n.index]
    nodes.frame[n.index] = f
    placed(n, from: old, to: f)
    guard old.width != f.width || old.height != f.height else { return }
    sizeChanged(n)
    strategySizeChanged(n, from: brace_size(width: old.width, height: old.height))
  }

  /// A node was given a frame: its first change since the changed-frames list was last
  /// published keeps the old frame (Cycle/Changes.swift); inside an animation
  /// transaction, the change is recorded (Animation/). A frame set to what it was is no
  /// change (a strategy places every subview on each layout): publishing would drop it.
  @inline(__always)
  private func placed(_ n: NodeID, from old: brace_rect, to f: brace_rect) {
    let flags = nodes.flags[n.index]
    if flags.isDisjoint(with: [.frameRecorded, .guide]) && !(old == f) { noteFirstChange(n, from: old) }
    let wasPlaced = flags.contains(.placed)
    if !wasPlaced { nodes.flags[n.index].insert(.placed) }
    if animation.recording >= 0 { recordFrameChange(n, from: old, to: f, placed: wasPlaced) }
  }

  /// A frame set from outside the engine: a translating node in constraint layout gets
  /// its translated constraints regenerated from it.
  func userSetFrame(_ n: NodeID, _ f: brace_rect) {
    let old = nodes.frame[n.index]
    setFrame(n, f)
    translatedFrameChanged(n)
    // A frame set from outside the superview's own layout (not by its strategy or its
    // layout callback): a strategy that keeps what it placed (a stack) must not trust it.
    let p = nodes.parent[n.index]
    if p != .none, !(old == nodes.frame[n.index]), !nodes.flags[p.index].contains(.active) { subviewChanged(n) }
  }

  /// host->set_frames, its entries checked: each frame set as userSetFrame sets it, in
  /// order. A size_changed hook run by an earlier entry (or a callback it reached) may
  /// have destroyed or moved a later subview meanwhile: that entry is skipped.
  func setSubviewFrames(of k: NodeID, _ handles: UnsafeBufferPointer<brace_node>, _ frames: UnsafeBufferPointer<brace_rect>) {
    // Room for every entry's first change in the changed-frames record, grown once per
    // call (and geometrically, as columns grow: a strategy calls once per container).
    changes.pending.reserve(changes.pending.count + handles.count)
    for i in handles.indices {
      guard let n = liveNode(handles[i]), nodes.parent[n.index] == k, !nodes.flags[n.index].contains(.dismantling) else { continue }
      // userSetFrame, its superview known.
      let old = nodes.frame[n.index]
      setFrame(n, frames[i])
      translatedFrameChanged(n)
      if !(old == nodes.frame[n.index]), !nodes.flags[k.index].contains(.active) { subviewChanged(n) }
    }
  }

  /// A translating node in constraint layout follows its frame at once (as UIKit updates
  /// autoresizing constraints in setFrame:), so a superview laying it out in this pass
  /// sees its subviews' solved frames in the same pass. Every frame, bounds or center set
  /// from outside the engine comes here.
  func translatedFrameChanged(_ n: NodeID) {
    nodes.flags[n.index].insert(.frameGiven)
    guard nodes.flags[n.index].contains(.translatesMask), bridge.engineNodes[n] != nil else { return }
    let outerCause = enterCause(.frameSet(n))
    regenerate(n)
    bridge.cause = outerCause
  }

  /// A size change flags the node and its superview for layout (a pure move does not).
  func sizeChanged(_ n: NodeID) {
    markLayout(n)
    // A superview that is laying out its subviews right now caused the change itself.
    let p = nodes.parent[n.index]
    if p != .none && !nodes.flags[p.index].contains(.active) { markLayout(p) }
  }

  /// The frame that bounds of this size give: the center stays where it is.
  func frame(_ n: NodeID, forBounds b: brace_rect) -> brace_rect {
    let c = center(n)
    return brace_rect(x: c.x - b.width / 2, y: c.y - b.height / 2, width: b.width, height: b.height)
  }

  /// The frame moved to this center.
  func frame(_ n: NodeID, aroundCenter c: brace_point) -> brace_rect {
    let f = nodes.frame[n.index]
    return brace_rect(x: c.x - f.width / 2, y: c.y - f.height / 2, width: f.width, height: f.height)
  }

  func setBounds(_ n: NodeID, _ b: brace_rect) {
    defer { translatedFrameChanged(n) }
    let f = frame(n, forBounds: b)
    let oldOrigin = nodes.boundsOrigin[n.index]
    nodes.boundsOrigin[n.index] = brace_point(x: b.x, y: b.y)
    setFrame(n, f)
    // Scrolling (a bounds-origin change) moves the content: lay the subviews out again.
    if oldOrigin.x != b.x || oldOrigin.y != b.y { markLayout(n) }
  }

  func center(_ n: NodeID) -> brace_point {
    let f = nodes.frame[n.index]
    return brace_point(x: f.x + f.width / 2, y: f.y + f.height / 2)
  }

  func setCenter(_ n: NodeID, _ c: brace_point) {
    let old = nodes.frame[n.index]
    nodes.frame[n.index] = frame(n, aroundCenter: c)
    placed(n, from: old, to: nodes.frame[n.index])
    translatedFrameChanged(n)
  }

  func alignmentRect(_ n: NodeID) -> brace_rect {
    let f = nodes.frame[n.index], i = nodes.alignmentInsets[n.index]
    return brace_rect(x: f.x + i.left, y: f.y + i.top, width: f.width - i.left - i.right, height: f.height - i.top - i.bottom)
  }

  func frame(forAlignmentRect r: brace_rect, of n: NodeID) -> brace_rect {
    let i = nodes.alignmentInsets[n.index]
    return brace_rect(x: r.x - i.left, y: r.y - i.top, width: r.width + i.left + i.right, height: r.height + i.top + i.bottom)
  }

  /// A node's own direction changed: it and the descendants that inherit it are laid out
  /// again and their constraints (mirrored or not) rebuilt.
  func directionChanged(_ n: NodeID) {
    var stack: [NodeID] = [n]
    while let x = stack.popLast() {
      markLayout(x)
      markConstraints(x)
      for c in nodes.children[x.index] where nodes.direction[c.index] == 0 { stack.append(c) }
    }
    refreshDirectionalConstraints()
  }

  /// LTR or RTL after inheritance.
  func effectiveDirection(_ n: NodeID) -> brace_layout_direction {
    var x = n
    while x != .none {
      let d = nodes.direction[x.index]
      if d != 0 { return brace_layout_direction(rawValue: UInt32(d)) }
      x = nodes.parent[x.index]
    }
    return options.layout_direction
  }

  func isRTL(_ n: NodeID) -> Bool { effectiveDirection(n) == BRACE_DIRECTION_RTL }

  /// Physical margins, resolving directional ones by the effective direction.
  func layoutMargins(_ n: NodeID) -> brace_insets {
    let m = nodes.margins[n.index]
    guard nodes.flags[n.index].contains(.marginsDirectional), isRTL(n) else { return m }
    return brace_insets(top: m.top, left: m.right, bottom: m.bottom, right: m.left)
  }

  func directionalMargins(_ n: NodeID) -> brace_directional_insets {
    let m = nodes.margins[n.index]
    let flip = isRTL(n)
    // Stored directional: left=leading. Stored physical: leading is left in LTR.
    if nodes.flags[n.index].contains(.marginsDirectional) {
      return brace_directional_insets(top: m.top, leading: m.left, bottom: m.bottom, trailing: m.right)
    }
    return brace_directional_insets(top: m.top, leading: flip ? m.right : m.left, bottom: m.bottom, trailing: flip ? m.left : m.right)
  }

  func setMargins(_ n: NodeID, _ m: brace_insets, directional: Bool) {
    let old = layoutMargins(n), wasDirectional = nodes.flags[n.index].contains(.marginsDirectional)
    nodes.margins[n.index] = m
    if directional { nodes.flags[n.index].insert(.marginsDirectional) } else { nodes.flags[n.index].remove(.marginsDirectional) }
    let new = layoutMargins(n)
    if old.top != new.top || old.left != new.left || old.bottom != new.bottom || old.right != new.right || wasDirectional != directional {
      markLayout(n)
      markConstraints(n)
      refreshConstraints(touching: n)
      subviewChanged(n)
    }
  }

  func setIntrinsicSize(_ n: NodeID, _ s: brace_size) {
    let old = nodes.intrinsicSize[n.index]
    nodes.intrinsicSize[n.index] = s
    if old.width != s.width || old.height != s.height { invalidateIntrinsicSize(n) }
  }

  /// The content changed: the node's size constraints are regenerated in the next
  /// constraints pass, and its superview, whose arrangement may depend on it, relaid
  /// (and, when it measures its subviews, its own fitting size invalidated).
  func invalidateIntrinsicSize(_ n: NodeID) {
    invalidateFittingSize(n)
  }
}
