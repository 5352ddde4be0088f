import CBrace

// The visual format language: UIKit's
// NSLayoutConstraint.constraints(withVisualFormat:options:metrics:views:), behind
// brace_constraints_create_with_visual_format (brace/constraint.h).
//
// Three steps, so that nothing is created unless everything is valid:
//   1. VisualFormatInput reads the C arrays (names checked, handles resolved).
//   2. VisualFormatParser, a recursive-descent parser over the format's UTF-8 bytes,
//      builds a line: elements (views and superview edges), the connections between
//      them and the views' predicates, with the byte offset of each for messages.
//   3. Context.visualFormatSpecs lowers the line to a list of constraint specifications
//      (checking superviews and the options against the orientation);
//      Context.createVisualFormatConstraints then creates them all, or none.
//
// Everything here compiles with Embedded Swift: bytes and arrays, no Character, no
// Foundation, no existentials.
//
// Grammar (UIKit's, plus whitespace between tokens, which is skipped):
//
//   format      ::= (orientation ':')? (superview connection)? view (connection view)*
//                   (connection superview)?
//   orientation ::= 'H' | 'V'
//   superview   ::= '|'
//   view        ::= '[' name ('(' predicate (',' predicate)* ')')? ']'
//   connection  ::= ''  |  '-'  |  '-' simple '-'  |  '-' '(' predicate (',' predicate)* ')' '-'
//   simple      ::= metric-name | positive-number
//   predicate   ::= relation? (number | metric-name | view-name) ('@' (number | metric-name))?
//   relation    ::= '==' | '<=' | '>='
//   name        ::= [A-Za-z_][A-Za-z0-9_]*
//   number      ::= [+-]? (digits ('.' digits?)? | '.' digits) ([eE] [+-]? digits)?

/// The option bits (BRACE_FORMAT_* in brace/constraint.h, numbered as
/// NSLayoutFormatOptions).
enum VisualFormatOptions {
  static let directionMask: UInt32 = 3 << 16
  static let leftToRight: UInt32 = 1 << 16
  static let rightToLeft: UInt32 = 2 << 16
  /// The alignment attributes: bit (1 << attribute) aligns every view of the line on it.
  static let alignments: [brace_attribute] = [
    BRACE_ATTR_LEFT, BRACE_ATTR_RIGHT, BRACE_ATTR_TOP, BRACE_ATTR_BOTTOM, BRACE_ATTR_LEADING, BRACE_ATTR_TRAILING,
    BRACE_ATTR_CENTER_X, BRACE_ATTR_CENTER_Y, BRACE_ATTR_LAST_BASELINE, BRACE_ATTR_FIRST_BASELINE,
  ]
  static var knownAlignmentBits: UInt32 {
    var bits: UInt32 = 0
    for a in alignments { bits |= 1 << UInt32(a.rawValue) }
    return bits
  }

  /// The C name of an alignment attribute's option.
  static func name(_ a: brace_attribute) -> String {
    switch a {
    case BRACE_ATTR_LEFT: "BRACE_FORMAT_ALIGN_ALL_LEFT"
    case BRACE_ATTR_RIGHT: "BRACE_FORMAT_ALIGN_ALL_RIGHT"
    case BRACE_ATTR_TOP: "BRACE_FORMAT_ALIGN_ALL_TOP"
    case BRACE_ATTR_BOTTOM: "BRACE_FORMAT_ALIGN_ALL_BOTTOM"
    case BRACE_ATTR_LEADING: "BRACE_FORMAT_ALIGN_ALL_LEADING"
    case BRACE_ATTR_TRAILING: "BRACE_FORMAT_ALIGN_ALL_TRAILING"
    case BRACE_ATTR_CENTER_X: "BRACE_FORMAT_ALIGN_ALL_CENTER_X"
    case BRACE_ATTR_CENTER_Y: "BRACE_FORMAT_ALIGN_ALL_CENTER_Y"
    case BRACE_ATTR_LAST_BASELINE: "BRACE_FORMAT_ALIGN_ALL_LAST_BASELINE"
    default: "BRACE_FORMAT_ALIGN_ALL_FIRST_BASELINE"
    }
  }

  /// Checks the bits that do not depend on the format.
  static func check(_ options: UInt32) throws(BraceError) {
    let unknown = options & ~(knownAlignmentBits | directionMask)
    guard unknown == 0 else {
      throw .invalidArgument("options 0x\(String(options, radix: 16)) has bits that are not BRACE_FORMAT_* options (0x\(String(unknown, radix: 16)))")
    }
    guard options & directionMask != directionMask else {
      throw .invalidArgument("options give two directions (BRACE_FORMAT_DIRECTION_LEFT_TO_RIGHT | BRACE_FORMAT_DIRECTION_RIGHT_TO_LEFT); give at most one")
    }
  }
}

/// One constraint a format asks for: item1.attr1 REL item2.attr2 + constant at
/// `priority` (item2 0 and attr2 NONE for a size constant).
struct VisualFormatSpec {
  var item1: brace_node
  var attr1: brace_attribute
  var relation: brace_relation
  var item2: brace_node
  var attr2: brace_attribute
  var constant: Double
  var priority: Float
}

extension Context {
  /// Reads the C arguments of brace_constraints_create_with_visual_format: every view
  /// handle must be a live node or guide of this context, every metric finite.
  func visualFormatInput(
    _ format: UnsafePointer<CChar>?, _ options: UInt32,
    _ viewNames: UnsafePointer<UnsafePointer<CChar>?>?, _ views: UnsafePointer<brace_node>?, _ viewCount: Int,
    _ metricNames: UnsafePointer<UnsafePointer<CChar>?>?, _ metrics: UnsafePointer<Double>?, _ metricCount: Int
  ) throws(BraceError) -> VisualFormatInput {
    guard let format else { throw .invalidArgument("format is NULL") }
    try VisualFormatOptions.check(options)
    var input = VisualFormatInput()
    input.format = VisualFormatInput.bytes(format)
    input.options = options
    input.viewNames = try VisualFormatInput.names(viewNames, viewCount, "view_names")
    if viewCount > 0 {
      guard let views else { throw .invalidArgument("views is NULL but view_count is " + String(viewCount)) }
      for k in 0..<viewCount {
        input.viewSlots.append(try node(views[k], "views[" + String(k) + "] (\"" + VisualFormatParser.string(input.viewNames[k]) + "\")"))
        input.views.append(views[k])
      }
    }
    input.metricNames = try VisualFormatInput.names(metricNames, metricCount, "metric_names")
    if metricCount > 0 {
      guard let metrics else { throw .invalidArgument("metrics is NULL but metric_count is " + String(metricCount)) }
      for k in 0..<metricCount {
        guard metrics[k].isFinite else {
          throw .invalidArgument("metrics[" + String(k) + "] (\"" + VisualFormatParser.string(input.metricNames[k]) + "\") must be finite, got " + String(metrics[k]))
        }
        input.metrics.append(metrics[k])
      }
    }
    return input
  }

  /// Parses the format and lowers it to the constraints it stands for, in the order their
  /// text appears (a connection's before the next view's predicates), the alignment
  /// constraints last. Throws, with the format quoted and a caret, on the first problem;
  /// creates nothing.
  func visualFormatSpecs(_ input: VisualFormatInput) throws(BraceError) -> [VisualFormatSpec] {
    var parser = VisualFormatParser(input)
    try parser.parse()
    let elements = parser.elements
    // A view placed twice in one line ("[a]-[a]") would be spaced from itself: a required
    // constraint no layout satisfies. Refused here, after the grammar, at its second place.
    for (k, e) in elements.enumerated() where e.view >= 0 {
      if elements[..<k].contains(where: { $0.view == e.view }) {
        throw parser.error(e.at, "View '", VisualFormatParser.string(input.viewNames[e.view]),
                           "' appears twice in the line: a view has one place in a line ",
                           "(here it would be spaced from itself, which no layout satisfies)")
      }
    }

    // The attributes of the line: its leading edge L, trailing edge T (and their margin
    // forms) and the size; `forward` is false when the line runs against the axis
    // (right to left in physical attributes).
    let direction = input.options & VisualFormatOptions.directionMask
    let (L, T, Lm, Tm, size, forward): (brace_attribute, brace_attribute, brace_attribute, brace_attribute, brace_attribute, Bool) =
      parser.vertical
      ? (BRACE_ATTR_TOP, BRACE_ATTR_BOTTOM, BRACE_ATTR_TOP_MARGIN, BRACE_ATTR_BOTTOM_MARGIN, BRACE_ATTR_HEIGHT, true)
      : direction == VisualFormatOptions.leftToRight
        ? (BRACE_ATTR_LEFT, BRACE_ATTR_RIGHT, BRACE_ATTR_LEFT_MARGIN, BRACE_ATTR_RIGHT_MARGIN, BRACE_ATTR_WIDTH, true)
        : direction == VisualFormatOptions.rightToLeft
          ? (BRACE_ATTR_RIGHT, BRACE_ATTR_LEFT, BRACE_ATTR_RIGHT_MARGIN, BRACE_ATTR_LEFT_MARGIN, BRACE_ATTR_WIDTH, false)
          : (BRACE_ATTR_LEADING, BRACE_ATTR_TRAILING, BRACE_ATTR_LEADING_MARGIN, BRACE_ATTR_TRAILING_MARGIN, BRACE_ATTR_WIDTH, true)

    // The superview an edge '|' stands for: the superview of the view next to it.
    var superviews: [brace_node] = []
    for (k, e) in elements.enumerated() {
      guard e.view < 0 else {
        superviews.append(0)
        continue
      }
      let neighbour = elements[k == 0 ? 1 : k - 1].view
      let slot = input.viewSlots[neighbour]
      let parent = nodes.parent[slot.index]
      guard parent != .none, nodes.isLive(parent) else {
        throw parser.error(e.at, "Unable to interpret '|': the view '", VisualFormatParser.string(input.viewNames[neighbour]),
                           "' (" + describe(slot) + ")", " has no superview", status: BRACE_E_INVALID_STATE)
      }
      superviews.append(handle(ofNode: parent))
    }
    func item(_ k: Int) -> brace_node { elements[k].view < 0 ? superviews[k] : input.views[elements[k].view] }

    var specs: [VisualFormatSpec] = []
    for k in 0..<elements.count {
      if k > 0 {
        // The gap from the earlier element's trailing edge (a superview's leading edge)
        // to the later one's leading edge (a superview's trailing edge).
        let c = parser.connections[k - 1]
        let earlier = elements[k - 1].view < 0, later = elements[k].view < 0
        let margins = c.kind == .standard && (earlier || later)
        let a1 = later ? (margins ? Tm : T) : L
        let a2 = earlier ? (margins ? Lm : L) : T
        var list = c.predicates
        if c.kind != .explicit {
          list = [VisualFormatParser.Predicate(constant: c.kind == .standard && !margins ? options.standard_spacing : 0, at: c.at)]
        }
        for p in list {
          let spec = forward
            ? VisualFormatSpec(item1: item(k), attr1: a1, relation: p.relation, item2: item(k - 1), attr2: a2, constant: p.constant, priority: p.priority)
            : VisualFormatSpec(item1: item(k - 1), attr1: a2, relation: p.relation, item2: item(k), attr2: a1, constant: p.constant, priority: p.priority)
          specs.append(spec)
        }
      }
      let e = elements[k]
      guard e.view >= 0 else { continue }
      for p in e.predicates {
        specs.append(VisualFormatSpec(
          item1: input.views[e.view], attr1: size, relation: p.relation,
          item2: p.view >= 0 ? input.views[p.view] : 0, attr2: p.view >= 0 ? size : BRACE_ATTR_NONE,
          constant: p.view >= 0 ? 0 : p.constant, priority: p.priority))
      }
    }

    // Alignment: every view of the line on the first one's attribute.
    let lineViews = elements.filter { $0.view >= 0 }.map { $0.view }
    for a in VisualFormatOptions.alignments where input.options & (1 << UInt32(a.rawValue)) != 0 {
      for v in lineViews.dropFirst() {
        specs.append(VisualFormatSpec(item1: input.views[v], attr1: a, relation: BRACE_RELATION_EQUAL,
                                      item2: input.views[lineViews[0]], attr2: a, constant: 0, priority: 1000))
      }
    }
    return specs
  }

  /// Creates the constraints (inactive, as brace_constraint_create makes them): all of
  /// them, or none (any made before a failure are destroyed again).
  func createVisualFormatConstraints(_ specs: [VisualFormatSpec]) throws(BraceError) -> [brace_constraint] {
    var made: [ConstraintID] = []
    made.reserveCapacity(specs.count)
    for s in specs {
      do throws(BraceError) {
        let k = try createLayoutConstraint(s.item1, s.attr1, s.relation, s.item2, s.attr2, 1, s.constant)
        made.append(k)
        if s.priority != 1000 { try setPriority(k, s.priority) }
      } catch {
        destroyConstraints(made)
        throw error
      }
    }
    return made.map { handle(ofConstraint: $0) }
  }
}
