import CBrace

/// Rows from constraints: which view holds a constraint, each attribute as a linear
/// expression of the solver's variables, and the nodes a row touches.
extension Context {
  // MARK: Coordinates

  /// The view that holds a constraint: the nearest common ancestor of its node items;
  /// a constraint on one node only is held by that node's superview (.none: the root space).
  func container(of terms: [ConstraintTerm]) throws(BraceError) -> NodeID {
    var items: [NodeID] = []
    for t in terms where !t.isVariable && !items.contains(t.node) { items.append(t.node) }
    guard let first = items.first else { return .none }
    if items.count == 1 { return nodes.parent[first.index] }
    var path: [NodeID] = []
    var x = first
    while x != .none {
      path.append(x)
      x = nodes.parent[x.index]
    }
    // The common ancestor of all is the highest of the points where each item's
    // ancestry meets the first item's.
    var best = 0
    for other in items.dropFirst() {
      var y = other
      var found = -1
      while y != .none {
        if let k = path.firstIndex(of: y) {
          found = k
          break
        }
        y = nodes.parent[y.index]
      }
      guard found >= 0 else {
        throw .invalidState("the items \(describe(first)) and \(describe(other)) have no common ancestor (rule: the items of a constraint must be in the same view tree)")
      }
      best = max(best, found)
    }
    return path[best]
  }

  /// Nodes on the chain from `n` up to (not including) `container`.
  func chain(_ n: NodeID, to container: NodeID) -> [NodeID] {
    var out: [NodeID] = []
    var x = n
    while x != .none && x != container {
      out.append(x)
      x = nodes.parent[x.index]
    }
    return out
  }

  /// The expression of `n.attribute` in `container`'s coordinates. `mirror` flips the
  /// x-axis (a right-to-left container with leading/trailing in the constraint).
  /// `varsOf` maps a node to its variables (the context's, or a temporary solver's).
  func attributeExpression(
    _ n: NodeID, _ a: brace_attribute, container: NodeID, mirror: Bool,
    varsOf: (NodeID) throws(BraceError) -> (UInt32, UInt32, UInt32, UInt32)
  ) throws(BraceError) -> LinearExpression {
    var ox = LinearExpression(), oy = LinearExpression()
    if n == container {
      let i = nodes.alignmentInsets[n.index]
      ox.constant = i.left
      oy.constant = i.top
    } else {
      let v = try varsOf(n)
      ox.add(v.0, 1)
      oy.add(v.1, 1)
      var x = nodes.parent[n.index]
      while x != .none && x != container {
        let av = try varsOf(x)
        let i = nodes.alignmentInsets[x.index]
        ox.add(av.0, 1)
        ox.constant -= i.left
        oy.add(av.1, 1)
        oy.constant -= i.top
        x = nodes.parent[x.index]
      }
    }
    let v = try varsOf(n)
    var w = LinearExpression(), h = LinearExpression()
    w.add(v.2, 1)
    h.add(v.3, 1)
    let m = layoutMargins(n)
    func sum(_ a: LinearExpression, _ b: LinearExpression, _ k: Double = 1, plus c: Double = 0) -> LinearExpression {
      var e = a
      e.add(b, times: k)
      e.constant += c
      return e
    }
    var e: LinearExpression
    var horizontalLocation = true
    switch a {
    case BRACE_ATTR_LEFT: e = ox
    case BRACE_ATTR_RIGHT: e = sum(ox, w)
    case BRACE_ATTR_CENTER_X: e = sum(ox, w, 0.5)
    case BRACE_ATTR_LEADING: e = mirror ? sum(ox, w) : ox
    case BRACE_ATTR_TRAILING: e = mirror ? ox : sum(ox, w)
    case BRACE_ATTR_LEFT_MARGIN: e = sum(ox, LinearExpression(), plus: m.left)
    case BRACE_ATTR_RIGHT_MARGIN: e = sum(ox, w, plus: -m.right)
    case BRACE_ATTR_LEADING_MARGIN: e = mirror ? sum(ox, w, plus: -m.right) : sum(ox, LinearExpression(), plus: m.left)
    case BRACE_ATTR_TRAILING_MARGIN: e = mirror ? sum(ox, LinearExpression(), plus: m.left) : sum(ox, w, plus: -m.right)
    case BRACE_ATTR_CENTER_X_WITHIN_MARGINS: e = sum(ox, w, 0.5, plus: (m.left - m.right) / 2)
    case BRACE_ATTR_WIDTH:
      e = w
      horizontalLocation = false
    default:
      horizontalLocation = false
      switch a {
      case BRACE_ATTR_TOP: e = oy
      case BRACE_ATTR_BOTTOM: e = sum(oy, h)
      case BRACE_ATTR_CENTER_Y: e = sum(oy, h, 0.5)
      case BRACE_ATTR_HEIGHT: e = h
      case BRACE_ATTR_TOP_MARGIN: e = sum(oy, LinearExpression(), plus: m.top)
      case BRACE_ATTR_BOTTOM_MARGIN: e = sum(oy, h, plus: -m.bottom)
      case BRACE_ATTR_CENTER_Y_WITHIN_MARGINS: e = sum(oy, h, 0.5, plus: (m.top - m.bottom) / 2)
      case BRACE_ATTR_FIRST_BASELINE:
        let b = nodes.baselines[n]?.first ?? -1
        e = b >= 0 ? sum(oy, LinearExpression(), plus: b) : sum(oy, h)
      case BRACE_ATTR_LAST_BASELINE: e = sum(oy, h, plus: -(nodes.baselines[n]?.last ?? 0))
      default:
        throw .invalidArgument("unknown attribute \(a.rawValue)")
      }
    }
    // In a mirrored axis every x location is measured from the right: x' = -x.
    if mirror && horizontalLocation {
      var flipped = LinearExpression()
      flipped.add(e, times: -1)
      e = flipped
    }
    return e
  }

  /// The row of a constraint: sum(terms) - constant, in its container's coordinates.
  func buildRow(
    _ c: ConstraintRecord, container: NodeID,
    varsOf: (NodeID) throws(BraceError) -> (UInt32, UInt32, UInt32, UInt32),
    variable: (VariableID) throws(BraceError) -> UInt32
  ) throws(BraceError) -> LinearExpression {
    try buildRow(c.terms, c.constant, container: container, varsOf: varsOf, variable: variable)
  }

  /// The same, from the record's terms and constant (install reads only these, rather
  /// than copy the whole record with its arrays).
  func buildRow(
    _ terms: [ConstraintTerm], _ constant: Double, container: NodeID,
    varsOf: (NodeID) throws(BraceError) -> (UInt32, UInt32, UInt32, UInt32),
    variable: (VariableID) throws(BraceError) -> UInt32
  ) throws(BraceError) -> LinearExpression {
    let rtl = container != .none ? isRTL(container) : options.layout_direction == BRACE_DIRECTION_RTL
    let mirror = rtl && terms.contains { $0.attribute.family == .directional }
    var row = LinearExpression()
    swap(&row.terms, &bridge.rowTermsScratch)
    // One term a variable or a node's attribute: room for the common case, grown once.
    row.terms.reserveCapacity(terms.count)
    for t in terms {
      if t.isVariable {
        row.add(try variable(t.variable), t.coefficient)
      } else {
        row.add(try attributeExpression(t.node, t.attribute, container: container, mirror: mirror, varsOf: varsOf), times: t.coefficient)
      }
    }
    row.constant -= constant
    return row
  }

  /// The nodes whose variables a row over `terms` held by `container` uses.
  func touchedNodes(_ terms: [ConstraintTerm], container: NodeID) -> [NodeID] {
    var out: [NodeID] = []
    for t in terms where !t.isVariable {
      // The container's own attributes use its width and height.
      if t.node == container {
        if !out.contains(t.node) { out.append(t.node) }
        continue
      }
      for x in chain(t.node, to: container) where !out.contains(x) { out.append(x) }
    }
    return out
  }
}
