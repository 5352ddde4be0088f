import CBrace
import CBraceLibc

// Step 2 of the visual format language (VisualFormat.swift): the grammar there, parsed
// over the format's UTF-8 bytes into a line of elements and connections.

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
