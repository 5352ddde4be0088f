import CBrace
import CBraceLibc

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

/// The inputs of a call, read from C: the format and names as bytes, the view handles
/// resolved to slots.
struct VisualFormatInput {
  var format: [UInt8] = []
  var options: UInt32 = 0
  var viewNames: [[UInt8]] = []
  var views: [brace_node] = []
  var viewSlots: [NodeID] = []
  var metricNames: [[UInt8]] = []
  var metrics: [Double] = []

  static func bytes(_ p: UnsafePointer<CChar>) -> [UInt8] {
    Array(UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: strlen(p)))
  }

  static func isNameStart(_ b: UInt8) -> Bool { (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == 95 }
  static func isNameByte(_ b: UInt8) -> Bool { isNameStart(b) || (b >= 48 && b <= 57) }

  static func isName(_ s: [UInt8]) -> Bool {
    guard let first = s.first, isNameStart(first) else { return false }
    return s.allSatisfy { isNameByte($0) }
  }

  /// Reads `count` names: each a non-NULL C string of the form [A-Za-z_][A-Za-z0-9_]*,
  /// none twice.
  static func names(_ list: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int, _ what: String) throws(BraceError) -> [[UInt8]] {
    guard count >= 0 else { throw .invalidArgument(what + " count " + String(UInt(bitPattern: count)) + " is larger than any array") }
    guard count > 0 else { return [] }
    guard let list else { throw .invalidArgument(what + " is NULL but its count is " + String(count)) }
    var out: [[UInt8]] = []
    out.reserveCapacity(count)
    for k in 0..<count {
      let entry = what + "[" + String(k) + "]"
      guard let p = list[k] else { throw .invalidArgument(entry + " is NULL") }
      let name = bytes(p)
      guard isName(name) else {
        throw .invalidArgument(entry + " \"" + VisualFormatParser.string(name) + "\" is not a name (rule: [A-Za-z_][A-Za-z0-9_]*)")
      }
      if let j = out.firstIndex(where: { $0 == name }) {
        throw BraceError(BRACE_E_DUPLICATE, entry + " \"" + VisualFormatParser.string(name) + "\" repeats " + what + "[" + String(j) + "]")
      }
      out.append(name)
    }
    return out
  }
}

/// The recursive-descent parser: one pass over the bytes, names resolved as they are met
/// (so every message can point at its character).
struct VisualFormatParser {
  /// A relation with its number or view: `==50`, `>=b@750`.
  struct Predicate {
    var relation: brace_relation = BRACE_RELATION_EQUAL
    var constant: Double = 0
    /// The view whose size it relates to (an index into the views), or -1.
    var view: Int = -1
    var priority: Float = 1000
    var at: Int = 0
  }

  /// A view ([name(predicates)]) or a superview edge (view -1).
  struct Element {
    var view: Int
    var at: Int
    var predicates: [Predicate] = []
  }

  enum ConnectionKind {
    case flush  // nothing between the two: [a][b]
    case standard  // '-': the standard spacing
    case explicit  // '-20-', '-(>=20@750)-'
  }

  struct Connection {
    var kind: ConnectionKind
    var predicates: [Predicate] = []
    var at: Int
  }

  let input: VisualFormatInput
  /// The format's bytes.
  private let text: [UInt8]
  private var i = 0
  var vertical = false
  /// Where the orientation is written (0 when it is not).
  var orientationAt = 0
  var elements: [Element] = []
  /// connections[k] joins elements[k] and elements[k + 1].
  var connections: [Connection] = []

  init(_ input: VisualFormatInput) {
    self.input = input
    text = input.format
  }

  // MARK: Messages

  static func string(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  /// The message, then the format on a line of its own, then a caret under the byte at
  /// `at` (control characters are shown as spaces; the caret counts characters, not bytes).
  static func quoted(_ message: String, _ format: [UInt8], at: Int) -> String {
    var line: [UInt8] = []
    var caret: [UInt8] = []
    line.reserveCapacity(format.count)
    for (k, b) in format.enumerated() {
      line.append(b < 0x20 || b == 0x7F ? 0x20 : b)
      if k < at && (b & 0xC0) != 0x80 { caret.append(0x20) }
    }
    caret.append(UInt8(ascii: "^"))
    return message + "\n" + string(line) + "\n" + string(caret)
  }

  /// The error for the character at `at`: the message is a + b + c + d (pieces rather
  /// than interpolations: every message goes through this one function, which keeps the
  /// Embedded build small).
  @inline(never)
  func error(_ at: Int, _ a: String, _ b: String = "", _ c: String = "", _ d: String = "",
             status: brace_status = BRACE_E_INVALID_ARGUMENT) -> BraceError {
    BraceError(status, VisualFormatParser.quoted(a + b + c + d, text, at: at))
  }

  private func unknownMetric(_ r: (start: Int, end: Int)) -> BraceError {
    error(r.start, "Unknown metric '", spelled(r), "': it is not among the metric names given", status: BRACE_E_NOT_FOUND)
  }

  private func viewAsSpacing(_ r: (start: Int, end: Int)) -> BraceError {
    error(r.start, "'", spelled(r), "' is a view: a spacing is a number or a metric name (only a view's predicates may name another view)")
  }

  // MARK: Bytes

  private mutating func skipSpace() {
    while i < text.count, text[i] == 0x20 || text[i] == 0x09 || text[i] == 0x0A || text[i] == 0x0D { i += 1 }
  }

  /// The next byte after whitespace, or nil at the end.
  private mutating func peek() -> UInt8? {
    skipSpace()
    return i < text.count ? text[i] : nil
  }

  private static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }

  /// What the next character is, for messages: "']'", or "the end of the format".
  private func found() -> String {
    guard i < text.count else { return "the end of the format" }
    let b = text[i]
    if b < 0x20 || b >= 0x7F { return "a character that is not part of the language" }
    return "'" + VisualFormatParser.string([b]) + "'"
  }

  /// A name at i ([A-Za-z_][A-Za-z0-9_]*), or nil (i unchanged).
  private mutating func name() -> (start: Int, end: Int)? {
    guard i < text.count, VisualFormatInput.isNameStart(text[i]) else { return nil }
    let start = i
    while i < text.count, VisualFormatInput.isNameByte(text[i]) { i += 1 }
    return (start, i)
  }

  private func lookup(_ names: [[UInt8]], _ r: (start: Int, end: Int)) -> Int? {
    let length = r.end - r.start
    for (k, n) in names.enumerated() where n.count == length {
      var same = true
      for j in 0..<length where n[j] != text[r.start + j] {
        same = false
        break
      }
      if same { return k }
    }
    return nil
  }

  private func spelled(_ r: (start: Int, end: Int)) -> String { VisualFormatParser.string(Array(text[r.start..<r.end])) }

  /// A number at i as strtod reads one in the C locale (decimal only), or nil (i
  /// unchanged). Correctly rounded when its digits fit in 53 bits and its exponent is
  /// within ±22 (every number a layout uses), within an ulp or so otherwise.
  private mutating func number(signed: Bool) -> Double? {
    var k = i
    var negative = false
    if signed, k < text.count, text[k] == UInt8(ascii: "+") || text[k] == UInt8(ascii: "-") {
      negative = text[k] == UInt8(ascii: "-")
      k += 1
    }
    var mantissa: UInt64 = 0
    var scale = 0
    var digits = false
    let limit: UInt64 = (UInt64.max - 9) / 10
    while k < text.count, VisualFormatParser.isDigit(text[k]) {
      if mantissa <= limit { mantissa = mantissa * 10 + UInt64(text[k] - 48) } else { scale += 1 }
      digits = true
      k += 1
    }
    if k < text.count, text[k] == UInt8(ascii: ".") {
      var j = k + 1
      var fraction = false
      while j < text.count, VisualFormatParser.isDigit(text[j]) {
        if mantissa <= limit {
          mantissa = mantissa * 10 + UInt64(text[j] - 48)
          scale -= 1
        }
        fraction = true
        j += 1
      }
      if digits || fraction { k = j }
      digits = digits || fraction
    }
    guard digits else { return nil }
    if k < text.count, text[k] == UInt8(ascii: "e") || text[k] == UInt8(ascii: "E") {
      var j = k + 1
      var expNegative = false
      if j < text.count, text[j] == UInt8(ascii: "+") || text[j] == UInt8(ascii: "-") {
        expNegative = text[j] == UInt8(ascii: "-")
        j += 1
      }
      if j < text.count, VisualFormatParser.isDigit(text[j]) {
        var e = 0
        while j < text.count, VisualFormatParser.isDigit(text[j]) {
          if e < 100_000 { e = e * 10 + Int(text[j] - 48) }
          j += 1
        }
        scale += expNegative ? -e : e
        k = j
      }
    }
    i = k
    var value = Double(mantissa)
    if value != 0 {
      // 10^n is exact up to 10^22: one multiplication or division rounds correctly.
      var n = scale < 0 ? -scale : scale
      var power = 1.0
      while n > 0 && power.isFinite {
        power *= 10
        n -= 1
      }
      value = scale < 0 ? value / power : value * power
    }
    return negative ? -value : value
  }

  // MARK: The grammar

  mutating func parse() throws(BraceError) {
    let options = input.options
    guard let first = peek() else { throw error(i, "Expected a view: the format is empty") }
    if first == UInt8(ascii: "H") || first == UInt8(ascii: "V") {
      orientationAt = i
      vertical = first == UInt8(ascii: "V")
      i += 1
      guard peek() == UInt8(ascii: ":") else {
        throw error(i, vertical ? "Expected ':' after 'V' to specify vertical arrangement" : "Expected ':' after 'H' to specify horizontal arrangement")
      }
      i += 1
    } else if VisualFormatInput.isNameStart(first) {
      throw error(i, "Expected 'H:' or 'V:', a view ('[name]') or '|' at the start of the format")
    }
    // Alignment runs across the orientation (UIKit raises otherwise).
    for a in VisualFormatOptions.alignments where options & (1 << UInt32(a.rawValue)) != 0 {
      if (a.axis == .vertical) == vertical {
        let edge = a.axis == .horizontal ? "a horizontal position" : "a vertical position"
        let layout = vertical ? "vertical" : "horizontal"
        let allowed = vertical ? "left, right, leading, trailing or center x" : "top, bottom, center y or a baseline"
        throw error(orientationAt, "Options mask requires the views to be aligned on " + a.name + " (" + VisualFormatOptions.name(a) + "), ",
                    edge, ", which is not allowed for a layout that is also " + layout, " (a " + layout + " line aligns on " + allowed + ")")
      }
    }

    // (superview connection)? view
    switch peek() {
    case UInt8(ascii: "|"):
      elements.append(Element(view: -1, at: i))
      i += 1
      try connection()
      guard peek() == UInt8(ascii: "[") else {
        if connections.last?.kind == .standard || peek() == UInt8(ascii: "|") {
          throw error(i, "Expected a view between the superview's edges ('|[name]|')")
        }
        if connections.last?.kind == .flush {
          throw error(i, "Expected a view after '|', found ", found())
        }
        throw error(i, "Expected a view after the superview's connection, found ", found())
      }
    case UInt8(ascii: "["):
      break
    case UInt8(ascii: "-"):
      throw error(i, "Expected a view or '|' before a connection: a line starts with '[name]' or '|'")
    default:
      throw error(i, "Expected a view ('[name]') or '|', found ", found())
    }
    try view()

    // (connection view)* (connection superview)?
    while peek() != nil {
      try connection()
      switch peek() {
      case UInt8(ascii: "["):
        try view()
      case UInt8(ascii: "|"):
        elements.append(Element(view: -1, at: i))
        i += 1
        if peek() != nil {
          throw error(i, "Expected the end of the format after the superview's '|', found ", found())
        }
      case nil:
        throw error(i, "Expected a view or '|' after the connection, found the end of the format")
      default:
        if connections.last?.kind == .flush {
          throw error(i, "Expected '-', '[' or '|' after a view, or the end of the format; found ", found())
        }
        throw error(i, "Expected a view or '|' after the connection, found ", found())
      }
    }
  }

  /// view ::= '[' name ('(' predicate (',' predicate)* ')')? ']'
  private mutating func view() throws(BraceError) {
    i += 1  // '['
    skipSpace()
    guard let r = name() else {
      throw error(i, "Expected a view name after '[' (a name is [A-Za-z_][A-Za-z0-9_]*), found ", found())
    }
    guard let v = lookup(input.viewNames, r) else {
      throw error(r.start, "Unknown view '", spelled(r), "': it is not among the view names given", status: BRACE_E_NOT_FOUND)
    }
    var e = Element(view: v, at: r.start)
    if peek() == UInt8(ascii: "(") {
      e.predicates = try predicates(ofView: v)
      guard peek() == UInt8(ascii: "]") else {
        throw error(i, "Expected ']' after the view's predicates, found ", found())
      }
    } else if peek() != UInt8(ascii: "]") {
      switch peek() {
      case UInt8(ascii: "="), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "@"):
        throw error(i, "Expected '(' before the view's predicates: [", spelled(r), "(>=50)]")
      case let b? where VisualFormatParser.isDigit(b):
        throw error(i, "Expected '(' before the view's predicates: [", spelled(r), "(50)]")
      default:
        throw error(i, "Expected ']' after the view's name, found ", found())
      }
    }
    i += 1  // ']'
    elements.append(e)
  }

  /// connection ::= '' | '-' | '-' simple '-' | '-' '(' predicates ')' '-'
  private mutating func connection() throws(BraceError) {
    guard peek() == UInt8(ascii: "-") else {
      connections.append(Connection(kind: .flush, at: i))
      return
    }
    let dash = i
    i += 1
    switch peek() {
    case UInt8(ascii: "["), UInt8(ascii: "|"):
      connections.append(Connection(kind: .standard, at: dash))
      return
    case UInt8(ascii: "("):
      let list = try predicates(ofView: -1)
      connections.append(Connection(kind: .explicit, predicates: list, at: dash))
    case let b? where VisualFormatParser.isDigit(b) || b == UInt8(ascii: "."):
      var p = Predicate(at: i)
      guard let value = number(signed: false) else {
        throw error(i, "Expected a number after '-', found ", found())
      }
      p.constant = value
      try checkConstant(p.constant, at: p.at)
      connections.append(Connection(kind: .explicit, predicates: [p], at: dash))
    case let b? where VisualFormatInput.isNameStart(b):
      let p = try namedSpacing()
      connections.append(Connection(kind: .explicit, predicates: [p], at: dash))
    case UInt8(ascii: "="), UInt8(ascii: "<"), UInt8(ascii: ">"):
      throw error(i, "A spacing with a relation is written in parentheses: -(>=20)-")
    case UInt8(ascii: "@"):
      throw error(i, "A spacing with a priority is written in parentheses: -(20@750)-")
    case nil:
      throw error(i, "Expected a spacing, a view or '|' after '-', found the end of the format")
    default:
      throw error(i, "Expected a spacing (a number, a metric name or '('), a view or '|' after '-', found ", found())
    }
    guard peek() == UInt8(ascii: "-") else {
      throw error(i, "Expected '-' after the spacing, found ", found())
    }
    i += 1
  }

  /// A spacing written as a metric name: -pad-.
  private mutating func namedSpacing() throws(BraceError) -> Predicate {
    let r = name()!
    var p = Predicate(at: r.start)
    if let m = lookup(input.metricNames, r) {
      p.constant = input.metrics[m]
      try checkConstant(p.constant, at: r.start)
      return p
    }
    if lookup(input.viewNames, r) != nil { throw viewAsSpacing(r) }
    throw unknownMetric(r)
  }

  /// '(' predicate (',' predicate)* ')', of a view (its index) or of a connection (-1).
  private mutating func predicates(ofView owner: Int) throws(BraceError) -> [Predicate] {
    i += 1  // '('
    var list: [Predicate] = []
    while true {
      let p = try predicate(ofView: owner)
      let next = peek()
      // The grammar first: in "[a(a.x)]" the caret belongs under '.', not under "a".
      if owner >= 0, p.view == owner, next == UInt8(ascii: ",") || next == UInt8(ascii: ")") {
        throw error(p.at, "A view's size cannot be related to itself ('", VisualFormatParser.string(input.viewNames[owner]), "')")
      }
      list.append(p)
      switch next {
      case UInt8(ascii: ","):
        i += 1
      case UInt8(ascii: ")"):
        i += 1
        return list
      case UInt8(ascii: "]") where owner >= 0:
        throw error(i, "Expected ')' to close the view's predicates before ']'")
      case UInt8(ascii: "-") where owner < 0:
        throw error(i, "Expected ')' to close the spacing's predicates before '-'")
      default:
        throw error(i, "Expected ',' or ')' after a predicate, found ", found())
      }
    }
  }

  /// predicate ::= relation? (number | metric-name | view-name) ('@' (number | metric-name))?
  private mutating func predicate(ofView owner: Int) throws(BraceError) -> Predicate {
    var p = Predicate()
    if let b = peek(), b == UInt8(ascii: "=") || b == UInt8(ascii: "<") || b == UInt8(ascii: ">") {
      let at = i
      guard i + 1 < text.count, text[i + 1] == UInt8(ascii: "=") else {
        throw error(at, "Unknown relation: a relation is '==', '<=' or '>='")
      }
      p.relation = b == UInt8(ascii: "=") ? BRACE_RELATION_EQUAL : b == UInt8(ascii: "<") ? BRACE_RELATION_LESS_EQUAL : BRACE_RELATION_GREATER_EQUAL
      i += 2
    }
    let what = owner >= 0 ? "a number, a metric name or a view name" : "a number or a metric name"
    guard let b = peek() else { throw error(i, "Expected ", what, ", found the end of the format") }
    p.at = i
    if let value = number(signed: true) {
      p.constant = value
      try checkConstant(value, at: p.at)
    } else if VisualFormatInput.isNameStart(b) {
      let r = name()!
      if let m = lookup(input.metricNames, r) {
        p.constant = input.metrics[m]
        try checkConstant(p.constant, at: r.start)
      } else if let v = lookup(input.viewNames, r) {
        guard owner >= 0 else { throw viewAsSpacing(r) }
        p.view = v
      } else if owner >= 0 {
        throw error(r.start, "Unknown name '", spelled(r), "': it is neither among the metric names nor among the view names given", status: BRACE_E_NOT_FOUND)
      } else {
        throw unknownMetric(r)
      }
    } else {
      throw error(i, "Expected ", what, ", found ", found())
    }
    if peek() == UInt8(ascii: "@") {
      i += 1
      guard let c = peek() else { throw error(i, "Expected a priority (a number or a metric name) after '@', found the end of the format") }
      let at = i
      var value: Double
      if let n = number(signed: false) {
        value = n
      } else if VisualFormatInput.isNameStart(c) {
        let r = name()!
        guard let m = lookup(input.metricNames, r) else {
          if lookup(input.viewNames, r) != nil {
            throw error(r.start, "'", spelled(r), "' is a view: a priority is a number or a metric name")
          }
          throw unknownMetric(r)
        }
        value = input.metrics[m]
      } else {
        throw error(i, "Expected a priority (a number or a metric name) after '@', found ", found())
      }
      guard value >= 1, value <= 1000 else {
        throw error(at, "The priority ", number(value), " is outside 1...1000")
      }
      // Priorities are Floats: one just under 1000 would round to required.
      guard Float(value) < 1000 || value == 1000 else {
        throw error(at, "The priority ", number(value), " rounds to 1000 (required); write 1000 or at most 999.99")
      }
      p.priority = Float(value)
    }
    return p
  }

  private func number(_ v: Double) -> String {
    if v == v.rounded() && abs(v) < 1e15 { return String(Int64(v)) }
    return "\(v)"
  }

  private func checkConstant(_ v: Double, at: Int) throws(BraceError) {
    guard v.isFinite, abs(v) <= Check.maxConstant else {
      throw error(at, "The constant ", number(v), " is outside the solver's range (within ±1e9)")
    }
  }
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
          list = [VisualFormatParser.Predicate(constant: c.kind == .standard && !margins ? 8 : 0, at: c.at)]
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
