import CBrace
import CBraceLibc

/// Validation of property values against their declarations.
enum PropertyCheck {
  static func typeName(_ t: brace_value_type) -> String {
    switch t {
    case BRACE_VALUE_BOOL: "bool"
    case BRACE_VALUE_INT: "int"
    case BRACE_VALUE_DOUBLE: "double"
    case BRACE_VALUE_ENUM: "enum"
    default: "unknown type \(t.rawValue)"
    }
  }

  /// Why `v` is not a valid value of `p` (type aside), or nil when it is.
  static func problem(with v: brace_value, for p: brace_property_desc) -> String? {
    guard v.type == p.type else { return "it is a \(typeName(v.type)), the property is a \(typeName(p.type))" }
    switch p.type {
    case BRACE_VALUE_BOOL:
      return v.integer == 0 || v.integer == 1 ? nil : "a bool is 0 or 1, got \(v.integer)"
    case BRACE_VALUE_INT:
      let x = Double(v.integer)
      return x >= p.minimum && x <= p.maximum ? nil : "\(v.integer) is outside \(p.minimum)...\(p.maximum)"
    case BRACE_VALUE_DOUBLE:
      guard v.number.isFinite else { return "\(v.number) is not finite" }
      return v.number >= p.minimum && v.number <= p.maximum ? nil : "\(v.number) is outside \(p.minimum)...\(p.maximum)"
    case BRACE_VALUE_ENUM:
      return v.integer >= 0 && v.integer < Int64(p.enum_count) ? nil : "\(v.integer) is not an index of its \(p.enum_count) values (\(enumNames(p).joined(separator: ", ")))"
    default:
      return "unknown type"
    }
  }

  static func enumNames(_ p: brace_property_desc) -> [String] {
    guard let names = p.enum_names else { return [] }
    return (0..<Int(p.enum_count)).compactMap { names[$0].map { String(cString: $0) } }
  }
}

/// Where a property name resolves for a node: its own strategy's CONTAINER properties,
/// then its superview's strategy's CHILD properties.
struct PropertyRef {
  let strategy: Int32
  let index: Int
  let container: NodeID
  var key: UInt64 { UInt64(UInt32(strategy)) << 32 | UInt64(index) }
}

extension Context {
  func resolveProperty(_ n: NodeID, _ name: String) throws(BraceError) -> PropertyRef {
    let own = nodes.strategy[n.index]
    if own >= 0, let k = plugins.strategies[Int(own)].propertyIndex[name], plugins.strategies[Int(own)].properties[k].scope == BRACE_SCOPE_CONTAINER {
      return PropertyRef(strategy: own, index: k, container: n)
    }
    let p = nodes.parent[n.index]
    let parentStrategy = p != .none ? nodes.strategy[p.index] : -1
    if parentStrategy >= 0, let k = plugins.strategies[Int(parentStrategy)].propertyIndex[name],
      plugins.strategies[Int(parentStrategy)].properties[k].scope == BRACE_SCOPE_CHILD
    {
      return PropertyRef(strategy: parentStrategy, index: k, container: p)
    }
    var known: [String] = []
    if own >= 0 { known += plugins.strategies[Int(own)].propertyNames(BRACE_SCOPE_CONTAINER).map { "\($0) (\(plugins.strategies[Int(own)].name))" } }
    if parentStrategy >= 0 { known += plugins.strategies[Int(parentStrategy)].propertyNames(BRACE_SCOPE_CHILD).map { "\($0) (child of \(plugins.strategies[Int(parentStrategy)].name))" } }
    throw BraceError(BRACE_E_NOT_FOUND, "\(describe(n)) has no property \"\(name)\"; known here: \(known.isEmpty ? "none" : known.joined(separator: ", "))")
  }

  func setProperty(_ n: NodeID, _ name: String, _ v: brace_value) throws(BraceError) {
    let ref = try resolveProperty(n, name)
    let decl = plugins.strategies[Int(ref.strategy)].properties[ref.index]
    // A value of no known type is an unknown enum value (types.h), not a type mismatch.
    guard (BRACE_VALUE_BOOL.rawValue...BRACE_VALUE_ENUM.rawValue).contains(v.type.rawValue) else {
      throw .invalidArgument("value->type \(v.type.rawValue) is not a brace_value_type (BOOL, INT, DOUBLE or ENUM)")
    }
    if v.type != decl.type {
      throw BraceError(BRACE_E_TYPE_MISMATCH, "property \"\(name)\" of strategy \"\(plugins.strategies[Int(ref.strategy)].name)\" is a \(PropertyCheck.typeName(decl.type)), got a value of type \(PropertyCheck.typeName(v.type))")
    }
    if let why = PropertyCheck.problem(with: v, for: decl) {
      throw .invalidArgument("invalid value for property \"\(name)\": \(why)")
    }
    plugins.properties[n, default: [:]][ref.key] = v
    nodes.flags[n.index].insert(.hasProperties)
    markLayout(ref.container)
    // A strategy that generates constraints reads its properties in the constraints pass.
    if plugins.strategies[Int(ref.strategy)].desc.update_constraints != nil { markConstraints(ref.container) }
    // What a measuring strategy answers may depend on it.
    if measuresInEngine(ref.container) { invalidateFittingSize(ref.container) }
  }

  /// Sets an enum property by the name of its case.
  func setEnumProperty(_ n: NodeID, _ name: String, _ caseName: String) throws(BraceError) {
    let ref = try resolveProperty(n, name)
    let decl = plugins.strategies[Int(ref.strategy)].properties[ref.index]
    guard decl.type == BRACE_VALUE_ENUM else {
      throw BraceError(BRACE_E_TYPE_MISMATCH, "property \"\(name)\" is a \(PropertyCheck.typeName(decl.type)), not an enum")
    }
    // Compared in place: every stack a program builds sets two or three enums.
    var k = -1
    if let names = decl.enum_names {
      caseName.withCString { c in
        var found = 0
        for j in 0..<Int(decl.enum_count) {
          guard let name = names[j] else { continue }
          if strcmp(name, c) == 0 {
            k = found
            return
          }
          found += 1
        }
      }
    }
    guard k >= 0 else {
      let names = PropertyCheck.enumNames(decl)
      throw .invalidArgument("\"\(caseName)\" is not a value of property \"\(name)\" (one of: \(names.joined(separator: ", ")))")
    }
    try setProperty(n, name, brace_value(type: BRACE_VALUE_ENUM, integer: Int64(k), number: 0))
  }

  /// `n`'s slot is freed: its property values go.
  func forgetProperties(_ n: NodeID) {
    plugins.properties[n] = nil
    nodes.flags[n.index].remove(.hasProperties)
  }

  // Values belong to the strategy that declares them and to the node's place under it
  // (strategy.h): a node that stops using strategy k, or leaves a superview using k,
  // meets k again with its defaults, as its node_data starts afresh at attach.

  /// `n` stops using strategy `k`: its CONTAINER values of `k` and its subviews' CHILD
  /// values of `k` go.
  func dropProperties(containerOf n: NodeID, strategy k: Int32) {
    guard k >= 0, !plugins.properties.isEmpty else { return }
    dropValues(n, strategy: k, scope: BRACE_SCOPE_CONTAINER)
    for child in nodes.children[n.index] { dropValues(child, strategy: k, scope: BRACE_SCOPE_CHILD) }
  }

  /// `n` leaves its superview `p`: its CHILD values of `p`'s strategy go.
  func dropChildProperties(_ n: NodeID, leaving p: NodeID) {
    guard !plugins.properties.isEmpty else { return }
    let k = nodes.strategy[p.index]
    if k >= 0 { dropValues(n, strategy: k, scope: BRACE_SCOPE_CHILD) }
  }

  private func dropValues(_ n: NodeID, strategy k: Int32, scope: brace_property_scope) {
    guard let values = plugins.properties[n] else { return }
    let decls = plugins.strategies[Int(k)].properties
    let kept = values.filter { key, _ in
      !(key >> 32 == UInt64(UInt32(bitPattern: k)) && decls[Int(key & 0xFFFF_FFFF)].scope == scope)
    }
    plugins.properties[n] = kept.isEmpty ? nil : kept
    if kept.isEmpty { nodes.flags[n.index].remove(.hasProperties) }
  }

  func propertyValue(_ n: NodeID, strategy k: Int32, index: Int) -> brace_value {
    let fallback = plugins.strategies[Int(k)].properties[index].default_value
    guard nodes.flags[n.index].contains(.hasProperties) else { return fallback }
    return plugins.properties[n]?[UInt64(UInt32(k)) << 32 | UInt64(index)] ?? fallback
  }

  func getProperty(_ n: NodeID, _ name: String) throws(BraceError) -> brace_value {
    let ref = try resolveProperty(n, name)
    return propertyValue(n, strategy: ref.strategy, index: ref.index)
  }
}
