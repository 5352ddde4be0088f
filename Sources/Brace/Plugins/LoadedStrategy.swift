import CBrace
import CBraceLibc

/// What a plugin file's descriptor gives every context that registers it, made once per
/// file and process (PluginFiles.accepted keeps it): its validated descriptor, property
/// declarations and the C strings and arrays handed out from them. Building these (the
/// index of property names above all) was 2,000 instructions per plugin and context.
final class PluginImage {
  let desc: brace_strategy_desc
  let name: String
  let path: String
  let properties: [brace_property_desc]
  /// A stable C array of the declarations, for brace_context_get_property.
  let propertyArray: UnsafeMutablePointer<brace_property_desc>
  /// `desc` at a stable address, for a context to read a solver's hooks through without
  /// retaining its strategy on every call (ConstraintBridge.solverDesc).
  let descPointer: UnsafeMutablePointer<brace_strategy_desc>
  let propertyIndex: [String: Int]
  /// C strings the context hands out (name, path).
  let nameC: UnsafeMutablePointer<CChar>
  let pathC: UnsafeMutablePointer<CChar>

  init(desc: brace_strategy_desc, name: String, path: String, properties: [brace_property_desc]) {
    self.desc = desc
    self.name = name
    self.path = path
    self.properties = properties
    var index: [String: Int] = [:]
    for (k, p) in properties.enumerated() { index[String(cString: p.name)] = k }
    propertyIndex = index
    nameC = strdup(name)
    pathC = strdup(path)
    propertyArray = .allocate(capacity: max(properties.count, 1))
    propertyArray.initialize(from: properties, count: properties.count)
    descPointer = .allocate(capacity: 1)
    descPointer.initialize(to: desc)
  }

  deinit {
    propertyArray.deallocate()
    descPointer.deallocate()
    free(nameC)
    free(pathC)
  }
}

/// A strategy registered in one context: its plugin's image and its per-context state.
/// What the image holds is read through it, not copied: a context registers a strategy
/// or two on every creation (callgrind: copying the descriptor and retaining five
/// members was ~160 of the ~270 instructions of this object per strategy and context).
final class LoadedStrategy {
  let id: UInt32
  var state: UnsafeMutableRawPointer?
  /// Turns its subviews' translation off as they arrive (BRACE_STRATEGY_ADOPTS_SUBVIEWS);
  /// read on every subview insertion, so worked out once.
  let adoptsSubviews: Bool
  /// Attached to a node only once the node has subviews
  /// (BRACE_STRATEGY_ATTACH_WITH_SUBVIEWS): read at every node's creation.
  let attachesWithSubviews: Bool
  let image: PluginImage
  /// The remembered search it was registered through, by name (nil: loaded by path): a
  /// later context that searches the same way takes this object over (KeptParts.registered).
  var found: PluginFiles.Found?

  init(id: UInt32, image: PluginImage) {
    self.id = id
    self.image = image
    let desc = image.desc
    let hasFlags = Int(desc.struct_size) >= MemoryLayout<brace_strategy_desc>.offset(of: \brace_strategy_desc.flags)! + 4
    adoptsSubviews = hasFlags && desc.flags & BRACE_STRATEGY_ADOPTS_SUBVIEWS != 0
    attachesWithSubviews = hasFlags && desc.flags & BRACE_STRATEGY_ATTACH_WITH_SUBVIEWS != 0
  }

  var desc: brace_strategy_desc { image.desc }
  var name: String { image.name }
  var path: String { image.path }
  var properties: [brace_property_desc] { image.properties }
  var propertyIndex: [String: Int] { image.propertyIndex }
  var nameC: UnsafeMutablePointer<CChar> { image.nameC }
  var pathC: UnsafeMutablePointer<CChar> { image.pathC }

  func propertyPointer(_ k: Int) -> UnsafePointer<brace_property_desc> { UnsafePointer(image.propertyArray + k) }

  /// `desc`, at an address that stays valid as long as this strategy.
  var descPointer: UnsafePointer<brace_strategy_desc> { UnsafePointer(image.descPointer) }

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
