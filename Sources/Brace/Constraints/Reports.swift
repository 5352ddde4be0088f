import CBrace
import CBraceLibc

/// How messages describe constraints and their items.
extension Context {
  /// Sets or clears (nil or "") a constraint's identifier; the text is copied.
  func setIdentifier(ofConstraint c: ConstraintID, _ text: UnsafePointer<CChar>?) throws(BraceError) {
    // Copied before the old one is freed: the caller may pass back what _get returned.
    let copy = try Identifier.copy(text)
    free(bridge.constraints[c.index].identifier)
    bridge.constraints[c.index].identifier = copy
  }

  func describeItem(_ t: ConstraintTerm) -> String {
    if t.isVariable { return Handle.describe(t.item, as: .variable) }
    return "\(describe(t.node))\(nodes.flags[t.node.index].contains(.guide) ? " (guide)" : "").\(t.attribute.name)"
  }

  func number(_ v: Double) -> String {
    if v == v.rounded() && abs(v) < 1e15 { return String(Int64(v)) }
    return String(v)
  }

  /// "<constraint 4:1 'id' node 2:1.leading == node 1:1.leading + 20 @1000>"
  func describeConstraint(_ c: ConstraintID) -> String {
    let r = bridge.constraints[c.index]
    var text = "<\(Handle.describe(handle(ofConstraint: c), as: .constraint)) "
    if let id = r.identifier { text += "'\(String(cString: id))' " }
    if r.layoutForm, let first = r.terms.first {
      text += "\(describeItem(first)) \(r.relation.symbol) "
      if r.terms.count > 1 {
        let m = -r.terms[1].coefficient
        text += (m == 1 ? "" : "\(number(m)) * ") + describeItem(r.terms[1])
        if r.constant != 0 { text += r.constant > 0 ? " + \(number(r.constant))" : " - \(number(-r.constant))" }
      } else {
        text += number(r.constant)
      }
    } else {
      text += r.terms.enumerated().map { k, t in
        let sign = t.coefficient < 0 ? (k == 0 ? "-" : " - ") : (k == 0 ? "" : " + ")
        let m = abs(t.coefficient)
        return sign + (m == 1 ? "" : "\(number(m)) * ") + describeItem(t)
      }.joined()
      text += " \(r.relation.symbol) \(number(r.constant))"
    }
    text += " @\(number(Double(r.priority)))>"
    return text
  }
}
