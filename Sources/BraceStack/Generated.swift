import BracePluginKit
import CBrace

// The constraint path: UIStackView's generated constraints (UISV-*), owned by the
// strategy through the host table. Each constraints pass computes the whole desired set
// (plain data, linear in the arranged views) and applies the difference: unchanged
// constraints stay, a changed constant is one cheap call, and only the rest is removed
// or added. docs/stack.md lists what each identifier stands for.

/// The identity of a generated constraint: everything but its constant.
struct SpecKey: Hashable {
  var words: [UInt64]
}

struct Spec {
  var identifier: StaticString
  var terms: [brace_term]
  var relation: brace_relation
  var priority: Float
  var constant: Double

  var key: SpecKey {
    var w: [UInt64] = [UInt64(UInt32(bitPattern: relation.rawValue)) | UInt64(priority.bitPattern) << 32,
                       UInt64(UInt(bitPattern: identifier.utf8Start))]
    for t in terms {
      w.append(t.item)
      w.append(UInt64(t.attribute.rawValue))
      w.append(t.coefficient.bitPattern)
    }
    return SpecKey(words: w)
  }
}

struct GeneratedSet {
  var entries: [SpecKey: (constraint: brace_constraint, constant: Double)] = [:]

  mutating func removeAll(_ ctx: OpaquePointer?, _ id: brace_strategy_id) {
    for (_, e) in entries { _ = host.pointee.remove_constraint!(ctx, id, e.constraint) }
    entries = [:]
  }
}

/// UIKit's priority for hiding a view: just below required, so a user's required size
/// on a hidden view wins.
private let hidingPriority: Float = 999.999
/// The stack's pull to its smallest size where its distribution leaves it free.
private let fittingPriority: Float = 49
private let centeringPriority: Float = 150

extension Stack {
  /// The view whose baseline stands for `n`'s: a nested stack's first (last) visible
  /// arranged view, recursively (UIKit's viewForFirstBaselineLayout).
  func baselineView(_ n: brace_node, last: Bool) -> brace_node {
    guard let inner = context.stacks[n] else { return n }
    let candidates = last ? Array(inner.views.reversed()) : inner.views
    guard let v = candidates.first(where: { !$0.hidden }) else { return n }
    return inner.baselineView(v.node, last: last)
  }

  /// Every constraint the stack wants now, section by section as docs/stack.md gives
  /// them (in the order they are added).
  func specs(_ ctx: OpaquePointer?) -> [Spec] {
    let m = margins(ctx)
    let horizontal = layout.axis == .horizontal
    // Measured views are offered the canvas across the axis where they fill it (a flow
    // gets its height for the stack's width); the layout pass asks for new constraints
    // when that size changes (see arrange).
    let canvasNow = canvas(ctx)
    let crossNow = horizontal ? canvasNow.height : canvasNow.width
    generatedCross = crossNow
    var b = SpecBuilder(self, contents: contents(ctx, cross: crossNow))
    b.alongTheAxis(mainMargins: horizontal ? m.left + m.right : m.top + m.bottom)
    b.contentSizes()
    b.tieBreaks()
    b.hiddenViews()
    b.acrossTheAxis()
    return b.out
  }

  /// Brings the generated constraints up to date: removes what is no longer wanted
  /// first (so no new required constraint meets a stale one), changes constants, adds
  /// the new ones.
  func generate(_ ctx: OpaquePointer?) {
    let h = host.pointee
    let id = context.id
    let wanted = specs(ctx)
    var keys: [SpecKey] = []
    keys.reserveCapacity(wanted.count)
    var old = generated.entries
    var next: [SpecKey: (constraint: brace_constraint, constant: Double)] = [:]
    next.reserveCapacity(wanted.count)
    for s in wanted {
      let key = s.key
      keys.append(key)
      if let e = old.removeValue(forKey: key) { next[key] = e }
    }
    for (_, e) in old { _ = h.remove_constraint!(ctx, id, e.constraint) }
    for (k, s) in wanted.enumerated() {
      let key = keys[k]
      if let e = next[key] {
        if e.constant != s.constant, h.set_constraint_constant!(ctx, id, e.constraint, s.constant) == BRACE_OK {
          next[key] = (e.constraint, s.constant)
        }
        continue
      }
      var c: brace_constraint = 0
      let status = s.terms.withUnsafeBufferPointer { t in
        h.add_constraint!(ctx, id, node, t.baseAddress, t.count, s.relation, s.constant, s.priority,
                          UnsafeRawPointer(s.identifier.utf8Start).assumingMemoryBound(to: CChar.self), &c)
      }
      if status == BRACE_OK { next[key] = (c, s.constant) }
    }
    generated.entries = next
  }
}

private let eq = BRACE_RELATION_EQUAL, ge = BRACE_RELATION_GREATER_EQUAL, le = BRACE_RELATION_LESS_EQUAL

/// The attributes of one axis: a view's edges, length and center on it, and the canvas's
/// (the stack's margins when margins-relative).
private struct Edges {
  let lead, trail, dim, center, canvasLead, canvasTrail, canvasCenter: brace_attribute

  init(horizontal h: Bool, marginsRelative relative: Bool) {
    lead = h ? BRACE_ATTR_LEADING : BRACE_ATTR_TOP
    trail = h ? BRACE_ATTR_TRAILING : BRACE_ATTR_BOTTOM
    dim = h ? BRACE_ATTR_WIDTH : BRACE_ATTR_HEIGHT
    center = h ? BRACE_ATTR_CENTER_X : BRACE_ATTR_CENTER_Y
    canvasLead = !relative ? lead : h ? BRACE_ATTR_LEADING_MARGIN : BRACE_ATTR_TOP_MARGIN
    canvasTrail = !relative ? trail : h ? BRACE_ATTR_TRAILING_MARGIN : BRACE_ATTR_BOTTOM_MARGIN
    canvasCenter = !relative ? center : h ? BRACE_ATTR_CENTER_X_WITHIN_MARGINS : BRACE_ATTR_CENTER_Y_WITHIN_MARGINS
  }
}

/// The generated constraints of one constraints pass, built section by section, with
/// the attributes along the stack's axis and across it.
private struct SpecBuilder {
  let stack: Stack
  let S: brace_node
  let layout: StackLayout
  let views: [Arranged]
  let contents: [Content]
  let visible: [Int]
  let n: Int
  let gaps: [Double]
  let horizontal: Bool
  let along: Edges
  let across: Edges
  var out: [Spec] = []

  init(_ stack: Stack, contents: [Content]) {
    self.stack = stack
    S = stack.node
    layout = stack.layout
    views = stack.views
    self.contents = contents
    var visible: [Int] = []
    for i in stack.views.indices where !stack.views[i].hidden { visible.append(i) }
    self.visible = visible
    n = visible.count
    gaps = stack.gaps()
    let horizontal = layout.axis == .horizontal
    self.horizontal = horizontal
    along = Edges(horizontal: horizontal, marginsRelative: stack.marginsRelative)
    across = Edges(horizontal: !horizontal, marginsRelative: stack.marginsRelative)
  }

  mutating func add(_ id: StaticString, _ terms: [(brace_node, brace_attribute, Double)], _ r: brace_relation, _ c: Double, _ p: Float = 1000) {
    out.append(Spec(identifier: id, terms: terms.map { brace_term(item: $0.0, attribute: $0.1, coefficient: $0.2) },
                    relation: r, priority: p, constant: c))
  }

  /// "Along the axis": the ends on the canvas, the gaps, the distribution.
  mutating func alongTheAxis(mainMargins: Double) {
    let spacingEqual = layout.distribution == .fill || layout.distribution == .fillEqually || layout.distribution == .fillProportionally
    if let first = visible.first, let last = visible.last {
      add("UISV-canvas-connection", [(views[first].node, along.lead, 1), (S, along.canvasLead, -1)], eq, 0)
      add("UISV-canvas-connection", [(views[last].node, along.trail, 1), (S, along.canvasTrail, -1)], eq, 0)
    }
    var gapTerms: [[(brace_node, brace_attribute, Double)]] = []
    for k in 0..<max(0, n - 1) {
      let a = views[visible[k]].node, b = views[visible[k + 1]].node
      let terms = layout.usesBaselineGaps
        ? [(stack.baselineView(b, last: false), BRACE_ATTR_FIRST_BASELINE, 1.0), (stack.baselineView(a, last: true), BRACE_ATTR_LAST_BASELINE, -1.0)]
        : [(b, along.lead, 1.0), (a, along.trail, -1.0)]
      gapTerms.append(terms)
      add("UISV-spacing", terms, spacingEqual ? eq : ge, gaps[visible[k]])
    }
    switch layout.distribution {
    case .fill:
      break
    case .fillEqually:
      for k in visible.dropFirst() { add("UISV-fill-equally", [(views[k].node, along.dim, 1), (views[visible[0]].node, along.dim, -1)], eq, 0) }
    case .fillProportionally:
      let sum = visible.reduce(0.0) { $0 + contents[$1].main }
      var g = 0.0
      for k in 0..<max(0, n - 1) { g += gaps[visible[k]] + layout.adjustment(contents, visible[k], visible[k + 1]) }
      for i in visible {
        let share = sum > 0 ? contents[i].main / sum : 1 / Double(n)
        add("UISV-fill-proportionally", [(views[i].node, along.dim, 1), (S, along.dim, -share)], eq, -share * (mainMargins + g), 999)
      }
    case .equalSpacing:
      for k in gapTerms.indices.dropFirst() { add("UISV-distributing", gapTerms[k] + gapTerms[0].map { ($0.0, $0.1, -$0.2) }, eq, 0) }
      add("UISV-fitting", [(S, along.dim, 1)], eq, 0, fittingPriority)
    case .equalCentering:
      func step(_ k: Int) -> [(brace_node, brace_attribute, Double)] {
        [(views[visible[k + 1]].node, along.center, 1), (views[visible[k]].node, along.center, -1)]
      }
      for k in 1..<max(1, n - 1) { add("UISV-distributing", step(k) + step(0).map { ($0.0, $0.1, -$0.2) }, eq, 0, centeringPriority) }
      add("UISV-fitting", [(S, along.dim, 1)], eq, 0, fittingPriority)
    }
  }

  /// "Content size of a view" (Terms): what holds a view the engine cannot size by an
  /// intrinsic size.
  mutating func contentSizes() {
    // A view sized by its strategy (a nested stack, a flow) has no intrinsic size for
    // the engine to hold it by: its measured size is held at its own priorities, as the
    // direct path does.
    // A view with neither is held at length 0 at the lowest priority, as the direct path
    // counts it. A view the engine holds by its own measure (selfSized) needs neither.
    for i in views.indices where !views[i].selfSized {
      let v = views[i].node
      let size = (main: contents[i].main, cross: contents[i].cross)
      let measured = views[i].measured
      var p = (horizontal ? views[i].hugging : (views[i].hugging.1, views[i].hugging.0))
      var r = (horizontal ? views[i].resistance : (views[i].resistance.1, views[i].resistance.0))
      if !measured { p = (unsizedPriority, unsizedPriority); r = (unsizedPriority, unsizedPriority) }
      let intrinsicMain = horizontal ? views[i].intrinsic.width : views[i].intrinsic.height
      let intrinsicCross = horizontal ? views[i].intrinsic.height : views[i].intrinsic.width
      if intrinsicMain < 0 && !views[i].hidden {
        add("UISV-content-size", [(v, along.dim, 1)], le, size.main, p.0)
        add("UISV-content-size", [(v, along.dim, 1)], ge, size.main, r.0)
      }
      if intrinsicCross < 0 {
        add("UISV-content-size", [(v, across.dim, 1)], le, size.cross, p.1)
        add("UISV-content-size", [(v, across.dim, 1)], ge, size.cross, r.1)
      }
    }
  }

  /// Fill's tie rule (along the axis).
  mutating func tieBreaks() {
    // Ties: an earlier view holds its length a hair more strongly, so the last of equal
    // priority stretches or compresses (the direct path's rule, made exact for the engine).
    let stretches = layout.distribution == .fill
    let compresses = stretches || layout.distribution == .equalSpacing || layout.distribution == .equalCentering
    if n > 1 {
      // How many later views share each priority, counted from the end.
      var laterHugging: [Float: Int] = [:], laterResistance: [Float: Int] = [:]
      for i in visible.reversed() {
        if stretches { tieBreak(i, contents[i].hugging, le, &laterHugging) }
        if compresses { tieBreak(i, contents[i].resistance, ge, &laterResistance) }
      }
    }
  }

  /// View `i`'s tie-break at its priority `p` (hugging: `le`, resistance: `ge`), raised
  /// by the number of later views at `p` (`later`).
  private mutating func tieBreak(_ i: Int, _ p: Float, _ r: brace_relation, _ later: inout [Float: Int]) {
    let steps = later[p, default: 0]
    if steps > 0, p < 999 {
      add("UISV-tie-break", [(views[i].node, along.dim, 1)], r, contents[i].main, raised(p, steps))
    }
    later[p] = steps + 1
  }

  /// Hidden views: no length, at the trailing edge of the previous visible view.
  mutating func hiddenViews() {
    var previous: Int? = nil
    for i in views.indices {
      if views[i].hidden {
        add("UISV-hiding", [(views[i].node, along.dim, 1)], eq, 0, hidingPriority)
        if let p = previous {
          add("UISV-hiding", [(views[i].node, along.lead, 1), (views[p].node, along.trail, -1)], eq, 0)
        } else {
          add("UISV-hiding", [(views[i].node, along.lead, 1), (S, along.canvasLead, -1)], eq, 0)
        }
      } else {
        previous = i
      }
    }
  }

  /// "Across the axis": the alignment.
  mutating func acrossTheAxis() {
    let alignment = layout.crossAlignment
    let baselines = alignment == .firstBaseline || alignment == .lastBaseline
    // Each view's edges on the canvas: (identifier, the view's edge, the canvas's, relation).
    let inside: [(StaticString, brace_attribute, brace_attribute, brace_relation)] =
      [("UISV-spanning-boundary", across.lead, across.canvasLead, ge), ("UISV-spanning-boundary", across.trail, across.canvasTrail, le)]
    let edges: [(StaticString, brace_attribute, brace_attribute, brace_relation)]
    switch alignment {
    case .fill: edges = [("UISV-canvas-connection", across.lead, across.canvasLead, eq), ("UISV-canvas-connection", across.trail, across.canvasTrail, eq)]
    case .leading: edges = [("UISV-alignment", across.lead, across.canvasLead, eq), inside[1]]
    case .trailing: edges = [("UISV-alignment", across.trail, across.canvasTrail, eq), inside[0]]
    case .center: edges = [("UISV-alignment", across.center, across.canvasCenter, eq)] + inside
    case .firstBaseline, .lastBaseline: edges = inside
    }
    for i in views.indices {
      let v = views[i].node
      for (id, edge, canvasEdge, r) in edges { add(id, [(v, edge, 1), (S, canvasEdge, -1)], r, 0) }
      guard baselines else { continue }
      if views[i].hidden {
        add("UISV-alignment", [(v, across.lead, 1), (S, across.canvasLead, -1)], eq, 0)
      } else {
        // The highest view's top on the canvas's top, at the lowest priority: only a
        // position, never a size.
        add("UISV-spanning-fit", [(v, across.lead, 1), (S, across.canvasLead, -1)], eq, 0, 1)
      }
    }
    if baselines, let first = visible.first {
      let last = alignment == .lastBaseline
      let attr = last ? BRACE_ATTR_LAST_BASELINE : BRACE_ATTR_FIRST_BASELINE
      let anchor = stack.baselineView(views[first].node, last: last)
      for i in visible.dropFirst() {
        add("UISV-alignment", [(stack.baselineView(views[i].node, last: last), attr, 1), (anchor, attr, -1)], eq, 0)
      }
    }
    if alignment != .fill && n > 0 {
      add("UISV-spanning-fit", [(S, across.dim, 1)], eq, 0, fittingPriority)
    }
  }
}

/// `p` raised by `steps` representable steps: a distinct, strictly higher level that no
/// priority a user writes by hand comes between.
private func raised(_ p: Float, _ steps: Int) -> Float {
  var q = p
  for _ in 0..<steps { q = q.nextUp }
  return q
}
