import CBrace

/// Presentation frames: where nodes are shown at a time.
extension Context {
  func presentationFrame(_ n: NodeID, at t: Double) -> brace_rect {
    animation.presentation(n, model: nodes.frame[n.index], at: t)
  }

  func isAnimating(_ n: NodeID) -> Bool { animation.firstAnim(n) >= 0 }

  /// Fills `buffer` with the nodes animating at `t` and their presentation frames; the
  /// answer is how many there are. Each batch's progress is computed once, then each
  /// node adds its animations' shares: O(animating nodes).
  func sampleAnimations(at t: Double, into buffer: UnsafeMutablePointer<brace_presented_frame>?, capacity: Int) -> Int {
    guard !animation.animating.isEmpty else { return 0 }
    for b in animation.batches.indices where animation.batches[b].inUse { _ = animation.remainingShare(Int32(b), at: t) }
    var count = 0
    animation.remaining.withUnsafeBufferPointer { remaining in
      animation.active.withUnsafeBufferPointer { active in
        animation.anims.withUnsafeBufferPointer { anims in
          nodes.frame.withUnsafeBufferPointer { frames in
            for n in animation.animating {
              var r = frames[n.index]
              var live = false
              var k = animation.head[n.index]
              while k >= 0 {
                let x = anims[Int(k)]
                let w = remaining[Int(x.batch)]
                live = live || active[Int(x.batch)]
                x.add(to: &r, share: w)
                k = x.nodeNext
              }
              guard live else { continue }
              if count < capacity, let buffer {
                buffer[count] = brace_presented_frame(node: handle(ofNode: n), frame: r)
              }
              count += 1
            }
          }
        }
      }
    }
    return count
  }
}
