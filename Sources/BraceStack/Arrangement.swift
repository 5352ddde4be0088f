import CBrace

// UIStackView's layout as arithmetic (docs/stack.md): where each arranged view goes for a
// canvas size, and the size a stack wants. Pure functions of what the stack knows of its
// arranged views, shared by the direct path, measure and the baseline hook.

enum Axis: Int64 { case horizontal = 0, vertical = 1 }

enum Distribution: Int64 {
  case fill = 0, fillEqually, fillProportionally, equalSpacing, equalCentering
}

enum Alignment: Int64 {
  case fill = 0, leading, firstBaseline, center, trailing, lastBaseline
}

/// The system spacing (UIKit's `spacingUseSystem`) of a host older than plugin ABI 1.3,
/// which has no get_standard_spacing: UIKit's 8.
let defaultSystemSpacing = 8.0

/// What a stack arranges one view by: its content along and across the axis with the
/// priorities that hold it there, and its baselines at that content size.
struct Content {
  var main = 0.0
  var cross = 0.0
  var hugging: Float = 0
  var resistance: Float = 0
  /// Down from the top, up from the bottom, at the content size (vertical stacks use
  /// them for baseline-relative gaps, horizontal ones for baseline alignment).
  var firstBaseline = 0.0
  var lastBaseline = 0.0
}

/// One view's place: along the axis from the canvas's leading edge, across from its
/// leading edge (before any right-to-left mirroring).
struct Placement {
  var mainOrigin = 0.0
  var mainLength = 0.0
  var crossOrigin = 0.0
  var crossLength = 0.0
}

/// Fill distribution's one view that takes the difference between the canvas and what
/// the views want (`extra` > 0: it stretches), kept for the incremental resize.
struct Absorption {
  var index: Int
  var extra: Double
}

/// The lists an arrangement fills, kept by each stack and reused: arranging allocates
/// nothing once they have grown to the number of views.
struct LayoutScratch {
  var visible: [Int] = []
  var lengths: [Double] = []
  var gaps: [Double] = []
  var adjust: [Double] = []
}

/// The properties that decide where a stack's views go (axis, distribution, alignment,
/// baseline-relative gaps), with the arithmetic that places them.
struct StackLayout {
  var axis = Axis.horizontal
  var distribution = Distribution.fill
  var alignment = Alignment.fill
  var baselineRelative = false

  /// Baseline alignments apply to horizontal stacks; a vertical stack treats them as leading.
  var crossAlignment: Alignment {
    if axis == .vertical && (alignment == .firstBaseline || alignment == .lastBaseline) { return .leading }
    return alignment
  }

  /// Baseline-relative gaps apply to vertical stacks only (UIKit ignores it otherwise).
  var usesBaselineGaps: Bool { baselineRelative && axis == .vertical }

  /// The index of the view that absorbs a difference: the lowest priority, the last on ties.
  static func absorber(_ items: [Content], _ visible: [Int], stretching: Bool) -> Int {
    var best = visible[0]
    for i in visible {
      let p = stretching ? items[i].hugging : items[i].resistance
      let b = stretching ? items[best].hugging : items[best].resistance
      if p <= b { best = i }
    }
    return best
  }

  /// The edge-to-edge gap adjustment baseline-relative arrangement adds after visible view
  /// `a` when `b` follows: the gap runs from a's last baseline to b's first.
  func adjustment(_ items: [Content], _ a: Int, _ b: Int) -> Double {
    usesBaselineGaps ? -(items[a].lastBaseline + items[b].firstBaseline) : 0
  }

  /// Lengths along the axis (into `scratch.lengths`, one per item) and the edge-to-edge
  /// gaps (into `scratch.gaps`, one per pair of visible views) for a canvas of length
  /// `length`, the visible views in `scratch.visible`. Fill distribution answers the view
  /// that took the difference, when there was one.
  func distribute(_ items: [Content], _ spacing: [Double], length: Double, _ scratch: inout LayoutScratch) -> Absorption? {
    let visible = scratch.visible
    let n = visible.count
    scratch.lengths.removeAll(keepingCapacity: true)
    scratch.lengths.append(contentsOf: repeatElement(0, count: items.count))
    scratch.gaps.removeAll(keepingCapacity: true)
    scratch.adjust.removeAll(keepingCapacity: true)
    guard n > 0 else { return nil }
    scratch.gaps.reserveCapacity(n - 1)
    scratch.adjust.reserveCapacity(n - 1)
    // Without baseline gaps every adjustment is 0.
    for k in 0..<(n - 1) {
      let adj = usesBaselineGaps ? adjustment(items, visible[k], visible[k + 1]) : 0
      scratch.adjust.append(adj)
      scratch.gaps.append(spacing[visible[k]] + adj)
    }
    var fixedGaps = 0.0
    for g in scratch.gaps { fixedGaps += g }
    var sum = 0.0
    for i in visible {
      scratch.lengths[i] = items[i].main
      sum += items[i].main
    }
    func compress(_ deficit: Double) {
      let k = StackLayout.absorber(items, visible, stretching: false)
      scratch.lengths[k] += deficit
    }
    switch distribution {
    case .fill:
      let extra = length - sum - fixedGaps
      guard extra != 0 else { return nil }
      let k = StackLayout.absorber(items, visible, stretching: extra > 0)
      scratch.lengths[k] += extra
      return Absorption(index: k, extra: extra)
    case .fillEqually:
      for i in visible { scratch.lengths[i] = (length - fixedGaps) / Double(n) }
    case .fillProportionally:
      for i in visible { scratch.lengths[i] = sum > 0 ? (length - fixedGaps) * items[i].main / sum : (length - fixedGaps) / Double(n) }
    case .equalSpacing:
      guard n > 1 else {
        scratch.lengths[visible[0]] = length
        break
      }
      // Equal gaps (each counted before its baseline adjustment), never below the
      // largest spacing; past that, views compress.
      var largest = -Double.infinity, totalAdjust = 0.0
      for k in 0..<(n - 1) {
        largest = max(largest, spacing[visible[k]])
        totalAdjust += scratch.adjust[k]
      }
      var g = (length - sum - totalAdjust) / Double(n - 1)
      if g < largest {
        g = largest
        compress(length - sum - totalAdjust - g * Double(n - 1))
      }
      for k in 0..<(n - 1) { scratch.gaps[k] = g + scratch.adjust[k] }
    case .equalCentering:
      guard n > 1 else {
        scratch.lengths[visible[0]] = length
        break
      }
      // Center-to-center distances d_k >= m_k; equal where they can be (d_k = max(t, m_k)).
      var m: [Double] = []
      for k in 0..<(n - 1) {
        let a = visible[k], b = visible[k + 1]
        m.append(spacing[a] + scratch.adjust[k] + items[a].main / 2 + items[b].main / 2)
      }
      let span = length - items[visible[0]].main / 2 - items[visible[n - 1]].main / 2
      let least = m.reduce(0, +)
      if span < least {
        // The gaps stay the spacing plus the adjustment, as computed above.
        compress(span - least)
        break
      }
      let t = StackLayout.level(m, total: span)
      for k in 0..<(n - 1) {
        let a = visible[k], b = visible[k + 1]
        scratch.gaps[k] = max(t, m[k]) - items[a].main / 2 - items[b].main / 2
      }
    }
    return nil
  }

  /// The t with sum(max(t, m_k)) == total (total >= sum(m_k)): the water level.
  static func level(_ m: [Double], total: Double) -> Double {
    let sorted = m.sorted()
    let count = sorted.count
    var above = 0.0  // sum of sorted[k...]
    var k = count
    // Try "the lowest k values are raised to t" from k == count down.
    var tail = [Double](repeating: 0, count: count + 1)
    for j in stride(from: count - 1, through: 0, by: -1) { tail[j] = tail[j + 1] + sorted[j] }
    while k >= 1 {
      above = tail[k]
      let t = (total - above) / Double(k)
      if t >= sorted[k - 1] - 1e-12 && (k == count || t <= sorted[k] + 1e-12) { return t }
      k -= 1
    }
    return sorted[0]
  }

  /// Every arranged view's placement in a canvas of `main` x `cross`, into `placed`
  /// (one per item). Hidden views get length 0 at the trailing edge of the previous
  /// visible view. Fill distribution answers the view that took the difference.
  func arrange(
    _ items: [Content], hidden: [Bool], _ spacing: [Double], main: Double, cross: Double,
    into placed: inout [Placement], _ scratch: inout LayoutScratch
  ) -> Absorption? {
    scratch.visible.removeAll(keepingCapacity: true)
    scratch.visible.reserveCapacity(items.count)
    for i in items.indices where !hidden[i] { scratch.visible.append(i) }
    let absorbed = distribute(items, spacing, length: main, &scratch)
    placed.removeAll(keepingCapacity: true)
    placed.append(contentsOf: repeatElement(Placement(), count: items.count))
    var position = 0.0
    var end = 0.0
    var v = 0
    for i in items.indices {
      if hidden[i] {
        placed[i].mainOrigin = end
      } else {
        placed[i].mainOrigin = position
        placed[i].mainLength = scratch.lengths[i]
        end = position + scratch.lengths[i]
        if v < scratch.gaps.count { position = end + scratch.gaps[v] }
        v += 1
      }
    }
    placeAcross(items, visible: scratch.visible, hidden: hidden, &placed, cross: cross)
    return absorbed
  }

  func placeAcross(_ items: [Content], visible: [Int], hidden: [Bool], _ placed: inout [Placement], cross: Double) {
    let alignment = crossAlignment
    var top = 0.0
    if alignment == .firstBaseline {
      for i in visible { top = max(top, items[i].firstBaseline) }
    } else if alignment == .lastBaseline {
      for i in visible { top = max(top, items[i].cross - items[i].lastBaseline) }
    }
    for i in items.indices {
      let w = items[i].cross
      // A hidden view takes no part in baseline alignment: it sits at the leading edge.
      switch hidden[i] && (alignment == .firstBaseline || alignment == .lastBaseline) ? .leading : alignment {
      case .fill:
        placed[i].crossLength = cross
      case .leading:
        placed[i].crossLength = min(w, cross)
      case .center:
        placed[i].crossLength = min(w, cross)
        placed[i].crossOrigin = (cross - placed[i].crossLength) / 2
      case .trailing:
        placed[i].crossLength = min(w, cross)
        placed[i].crossOrigin = cross - placed[i].crossLength
      case .firstBaseline:
        placed[i].crossLength = w
        placed[i].crossOrigin = top - items[i].firstBaseline
      case .lastBaseline:
        placed[i].crossLength = w
        placed[i].crossOrigin = top - (w - items[i].lastBaseline)
      }
    }
  }

  /// The canvas size the views want: (along, across). One sweep over the visible views.
  func fitting(_ items: [Content], hidden: [Bool], _ spacing: [Double]) -> (main: Double, cross: Double) {
    var n = 0, first = -1, previous = -1
    var sum = 0.0, largest = 0.0, adjust = 0.0, gaps = 0.0, widest = -Double.infinity
    var maxSpacing = -Double.infinity, maxCenter = -Double.infinity
    // Across the axis: the tallest, or what lies above and below the shared baseline.
    var above = 0.0, below = 0.0
    let across = crossAlignment
    for i in items.indices where !hidden[i] {
      let item = items[i]
      sum += item.main
      largest = max(largest, item.main)
      if previous >= 0 {
        let adj = adjustment(items, previous, i)
        adjust += adj
        gaps += spacing[previous]
        maxSpacing = max(maxSpacing, spacing[previous])
        maxCenter = max(maxCenter, spacing[previous] + adj + items[previous].main / 2 + item.main / 2)
      } else {
        first = i
      }
      switch across {
      case .firstBaseline:
        above = max(above, item.firstBaseline)
        below = max(below, item.cross - item.firstBaseline)
      case .lastBaseline:
        above = max(above, item.cross - item.lastBaseline)
        below = max(below, item.lastBaseline)
      default:
        widest = max(widest, item.cross)
      }
      previous = i
      n += 1
    }
    guard n > 0 else { return (0, 0) }
    let main: Double
    switch distribution {
    case .fill, .fillProportionally: main = sum + gaps + adjust
    case .fillEqually: main = largest * Double(n) + gaps + adjust
    case .equalSpacing: main = n > 1 ? sum + maxSpacing * Double(n - 1) + adjust : sum
    case .equalCentering:
      main = n > 1 ? items[first].main / 2 + items[previous].main / 2 + maxCenter * Double(n - 1) : sum
    }
    if across == .firstBaseline || across == .lastBaseline { widest = above + below }
    return (main, widest)
  }
}
