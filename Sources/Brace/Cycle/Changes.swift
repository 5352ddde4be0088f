import CBrace

/// The changed-frames list (brace_context_get_changed_frames): the nodes whose frame
/// changed between two turns, for a renderer's damage.
///
/// Recording is O(1) per change: the first change of a node in a period sets its
/// `.frameRecorded` bit and appends the frame it had; later changes find the bit set and
/// do nothing. A turn publishes the period when its display pass starts, O(changed):
/// each recorded node still alive is listed with its frame then, unless it is back where
/// it was.
/// Both lists are columns (Core/Column.swift): a first layout records every node, and a
/// new context's lists take warm memory a destroyed one left.
struct FrameChanges: ~Copyable {
  struct Pending {
    var node: NodeID
    /// The slot's generation when it was recorded: a slot freed and reused in the same
    /// period is another node.
    var generation: UInt32
    var old: brace_rect
  }

  /// The period being recorded.
  var pending = Column<Pending>()
  /// The period the last turn published: what the call answers.
  var published = Column<brace_frame_change>()
}

extension Context {
  /// The first change of `n`'s frame since the last publication.
  func noteFirstChange(_ n: NodeID, from old: brace_rect) {
    // A live node has one entry at most, so a list twice as long as the live nodes holds
    // at least as many entries of destroyed ones: dropping them then keeps creating and
    // destroying nodes without a turn within that bound, amortized O(1) per change, and
    // never scans a first layout's list (one entry per node).
    if changes.pending.count >= max(64, 2 * nodes.liveCount) {
      changes.pending.removeAll { nodes.generation[$0.node.index] != $0.generation || !nodes.isLive($0.node) }
    }
    nodes.flags[n.index].insert(.frameRecorded)
    changes.pending.append(.init(node: n, generation: nodes.generation[n.index], old: old))
  }

  /// The display pass of a turn is about to run: the period recorded so far becomes the
  /// published list and a new one starts. Frames changed from here on (a draw callback
  /// moving a view) belong to the next turn's list.
  func publishFrameChanges() {
    changes.published.removeAll()
    // At most one entry per recorded node: grown once, not by doubling and copying (a
    // first layout publishes every node).
    changes.published.reserve(changes.pending.count)
    for k in 0..<changes.pending.count {
      let p = changes.pending[k]
      let i = p.node.index
      // Destroyed (or destroyed and its slot reused) since: it drops out. A freed slot's
      // flags were cleared, so nothing is left to reset.
      guard nodes.generation[i] == p.generation, nodes.isLive(p.node) else { continue }
      nodes.flags[i].remove(.frameRecorded)
      let new = nodes.frame[i]
      if !(new == p.old) {
        changes.published.append(brace_frame_change(node: handle(ofNode: p.node), old_frame: p.old, new_frame: new))
      }
    }
    changes.pending.removeAll()
  }

  /// Copies the published entries of the nodes still alive into `buffer` (up to
  /// `capacity`); the answer is how many there are. `inRoot`: both frames moved into the
  /// coordinates of the root's frame, O(changed * depth).
  func changedFrames(into buffer: UnsafeMutablePointer<brace_frame_change>?, capacity: Int, inRoot: Bool) -> Int {
    var oldOrigins: [NodeID: brace_point] = [:]
    if inRoot {
      for k in 0..<changes.published.count {
        let e = changes.published[k]
        if let n = liveNode(e.node) { oldOrigins[n] = brace_point(x: e.old_frame.x, y: e.old_frame.y) }
      }
    }
    var count = 0
    for k in 0..<changes.published.count {
      let e = changes.published[k]
      guard let n = liveNode(e.node) else { continue }
      if count < capacity, let buffer {
        buffer[count] = inRoot ? inRootCoordinates(e, n, oldOrigins) : e
      }
      count += 1
    }
    return count
  }

  /// A subview's point goes to its superview's coordinates by adding the subview's frame
  /// origin and subtracting its bounds origin; every ancestor, the root included, moves
  /// the entry's frames so. The old frame goes through the ancestors' old origins.
  private func inRootCoordinates(_ e: brace_frame_change, _ n: NodeID, _ oldOrigins: [NodeID: brace_point]) -> brace_frame_change {
    var r = e
    var a = nodes.parent[n.index]
    while a != .none {
      let f = nodes.frame[a.index], b = nodes.boundsOrigin[a.index]
      let o = oldOrigins[a] ?? brace_point(x: f.x, y: f.y)
      r.new_frame.x += f.x - b.x
      r.new_frame.y += f.y - b.y
      r.old_frame.x += o.x - b.x
      r.old_frame.y += o.y - b.y
      a = nodes.parent[a.index]
    }
    return r
  }
}
