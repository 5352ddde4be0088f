import CBrace
import CBraceLibc

/// A strategy registered in one context: a validated copy of the plugin's descriptor,
/// its property declarations and its per-context state.
final class LoadedStrategy {
  let id: UInt32
  let desc: brace_strategy_desc
  let name: String
  let path: String
  let properties: [brace_property_desc]
  /// A stable C array of the declarations, for brace_context_get_property.
  private let propertyArray: UnsafeMutablePointer<brace_property_desc>
  let propertyIndex: [String: Int]
  var state: UnsafeMutableRawPointer?
  /// C strings the context hands out (name, path); freed with the strategy.
  let nameC: UnsafeMutablePointer<CChar>
  let pathC: UnsafeMutablePointer<CChar>
  /// Turns its subviews' translation off as they arrive (BRACE_STRATEGY_ADOPTS_SUBVIEWS);
  /// read on every subview insertion, so worked out once.
  let adoptsSubviews: Bool
  /// Attached to a node only once the node has subviews
  /// (BRACE_STRATEGY_ATTACH_WITH_SUBVIEWS): read at every node's creation.
  let attachesWithSubviews: Bool

  init(id: UInt32, desc: brace_strategy_desc, name: String, path: String, properties: [brace_property_desc]) {
    self.id = id
    self.desc = desc
    self.name = name
    self.path = path
    self.properties = properties
    adoptsSubviews = Int(desc.struct_size) >= MemoryLayout<brace_strategy_desc>.offset(of: \brace_strategy_desc.flags)! + 4
      && desc.flags & BRACE_STRATEGY_ADOPTS_SUBVIEWS != 0
    attachesWithSubviews = Int(desc.struct_size) >= MemoryLayout<brace_strategy_desc>.offset(of: \brace_strategy_desc.flags)! + 4
      && desc.flags & BRACE_STRATEGY_ATTACH_WITH_SUBVIEWS != 0
    var index: [String: Int] = [:]
    for (k, p) in properties.enumerated() { index[String(cString: p.name)] = k }
    propertyIndex = index
    nameC = strdup(name)
    pathC = strdup(path)
    propertyArray = .allocate(capacity: max(properties.count, 1))
    propertyArray.initialize(from: properties, count: properties.count)
  }

  func propertyPointer(_ k: Int) -> UnsafePointer<brace_property_desc> { UnsafePointer(propertyArray + k) }

  deinit {
    propertyArray.deallocate()
    free(nameC)
    free(pathC)
  }

  var isContainer: Bool { desc.role == BRACE_ROLE_CONTAINER }

  /// Hiding or showing a subview changes its arrangement (BRACE_STRATEGY_DEPENDS_ON_HIDDEN).
  /// A descriptor without `flags` (plugin ABI 1.0) keeps the 1.0 rule: hiding flags the
  /// container.
  var dependsOnHidden: Bool {
    Int(desc.struct_size) < MemoryLayout<brace_strategy_desc>.offset(of: \brace_strategy_desc.flags)! + 4
      || desc.flags & BRACE_STRATEGY_DEPENDS_ON_HIDDEN != 0
  }

  func propertyNames(_ scope: brace_property_scope) -> [String] {
    properties.filter { $0.scope == scope }.map { String(cString: $0.name) }
  }
}
