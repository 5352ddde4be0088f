import CBrace

/// The plugin ABI's two tables, the host's function table and a strategy's descriptor,
/// start alike: their size and the ABI version they were built for.
public protocol PluginTable {
  init()
  var struct_size: UInt32 { get set }
  var abi_major: UInt16 { get set }
  var abi_minor: UInt16 { get set }
}

extension brace_host_api: PluginTable {}
extension brace_strategy_desc: PluginTable {}

/// A zeroed table with its header filled in. Never freed: a plugin file stays loaded for
/// the life of the process, and the other side reads the table as long as that.
public func newPluginTable<T: PluginTable>(_: T.Type) -> UnsafeMutablePointer<T> {
  let t = UnsafeMutablePointer<T>.allocate(capacity: 1)
  t.initialize(to: T())
  t.pointee.struct_size = UInt32(MemoryLayout<T>.size)
  t.pointee.abi_major = UInt16(BRACE_PLUGIN_ABI_MAJOR)
  t.pointee.abi_minor = UInt16(BRACE_PLUGIN_ABI_MINOR)
  return t
}

// The descriptor's hooks as brace_plugin.h declares them (its comments say when each runs).
public typealias ContextCreateHook = @convention(c) (OpaquePointer?, brace_strategy_id, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> brace_status
public typealias ContextDestroyHook = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void
public typealias AttachHook = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, brace_node, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> brace_status
/// detach, update_constraints and arrange.
public typealias NodeHook = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, brace_node, UnsafeMutableRawPointer?) -> Void
public typealias MeasureHook = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, brace_node, UnsafeMutableRawPointer?, brace_size, UnsafeMutablePointer<brace_size>?) -> brace_status
public typealias BaselineHook = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, brace_node, UnsafeMutableRawPointer?, brace_size, Bool, UnsafeMutablePointer<Double>?) -> brace_status
public typealias SizeChangedHook = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, brace_node, UnsafeMutableRawPointer?, brace_size) -> Void

/// The solver hooks: `instance` is what solver_create made; ids are the solver's own.
public enum SolverHook {
  public typealias Create = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> brace_status
  public typealias Destroy = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
  public typealias NewVariable = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt32>?) -> brace_status
  /// release_variable.
  public typealias Release = @convention(c) (UnsafeMutableRawPointer?, UInt32) -> Void
  public typealias Add = @convention(c) (
    UnsafeMutableRawPointer?, UnsafePointer<brace_solver_term>?, Int, brace_relation, Double, Double,
    UnsafeMutablePointer<UInt32>?, UnsafeMutablePointer<UInt32>?, Int, UnsafeMutablePointer<Int>?
  ) -> brace_status
  /// add_weighted (1.6): add's arguments with the row's weight after the priority.
  public typealias AddWeighted = @convention(c) (
    UnsafeMutableRawPointer?, UnsafePointer<brace_solver_term>?, Int, brace_relation, Double, Double, Double,
    UnsafeMutablePointer<UInt32>?, UnsafeMutablePointer<UInt32>?, Int, UnsafeMutablePointer<Int>?
  ) -> brace_status
  /// remove and remove_edit.
  public typealias Remove = @convention(c) (UnsafeMutableRawPointer?, UInt32) -> brace_status
  /// set_constant, set_priority, add_edit and suggest.
  public typealias SetNumber = @convention(c) (UnsafeMutableRawPointer?, UInt32, Double) -> brace_status
  /// begin_batch and end_batch.
  public typealias Batch = @convention(c) (UnsafeMutableRawPointer?) -> Void
  public typealias Value = @convention(c) (UnsafeMutableRawPointer?, UInt32) -> Double
  public typealias TakeChanged = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt32>?, Int) -> Int
  public typealias IsAmbiguous = @convention(c) (UnsafeMutableRawPointer?, UInt32) -> Bool
}

/// A container strategy's descriptor: the hooks it has (brace_plugin.h), its property
/// declarations and flags.
public func containerDescriptor(
  _ name: StaticString, properties: [brace_property_desc] = [], flags: UInt32 = 0,
  contextCreate: ContextCreateHook? = nil, contextDestroy: ContextDestroyHook? = nil, attach: AttachHook? = nil,
  detach: NodeHook? = nil, updateConstraints: NodeHook? = nil, measure: MeasureHook? = nil, arrange: NodeHook? = nil,
  baseline: BaselineHook? = nil, sizeChanged: SizeChangedHook? = nil
) -> UnsafePointer<brace_strategy_desc> {
  let d = newStrategyDescriptor(name, role: BRACE_ROLE_CONTAINER, properties: properties)
  d.pointee.flags = flags
  d.pointee.context_create = contextCreate; d.pointee.context_destroy = contextDestroy
  d.pointee.attach = attach; d.pointee.detach = detach
  d.pointee.update_constraints = updateConstraints; d.pointee.measure = measure; d.pointee.arrange = arrange
  d.pointee.baseline = baseline; d.pointee.size_changed = sizeChanged
  return UnsafePointer(d)
}

/// A solver strategy's descriptor: every solver hook is required but the weights (1.4)
/// and add_weighted (1.6).
public func solverDescriptor(
  _ name: StaticString, create: SolverHook.Create, destroy: SolverHook.Destroy, newVariable: SolverHook.NewVariable,
  releaseVariable: SolverHook.Release, add: SolverHook.Add, remove: SolverHook.Remove, setConstant: SolverHook.SetNumber,
  setPriority: SolverHook.SetNumber, addEdit: SolverHook.SetNumber, removeEdit: SolverHook.Remove, suggest: SolverHook.SetNumber,
  beginBatch: SolverHook.Batch, endBatch: SolverHook.Batch, value: SolverHook.Value, takeChanged: SolverHook.TakeChanged,
  isAmbiguous: SolverHook.IsAmbiguous, setWeight: SolverHook.SetNumber? = nil, setEditWeight: SolverHook.SetNumber? = nil,
  addWeighted: SolverHook.AddWeighted? = nil
) -> UnsafePointer<brace_strategy_desc> {
  let d = newStrategyDescriptor(name, role: BRACE_ROLE_SOLVER)
  d.pointee.solver_create = create; d.pointee.solver_destroy = destroy
  d.pointee.new_variable = newVariable; d.pointee.release_variable = releaseVariable
  d.pointee.add = add; d.pointee.remove = remove; d.pointee.set_constant = setConstant; d.pointee.set_priority = setPriority
  d.pointee.add_edit = addEdit; d.pointee.remove_edit = removeEdit; d.pointee.suggest = suggest
  d.pointee.begin_batch = beginBatch; d.pointee.end_batch = endBatch
  d.pointee.value = value; d.pointee.take_changed = takeChanged; d.pointee.is_ambiguous = isAmbiguous
  d.pointee.set_weight = setWeight; d.pointee.set_edit_weight = setEditWeight
  d.pointee.add_weighted = addWeighted
  return UnsafePointer(d)
}

/// The descriptor's header, name, role and property declarations; the hooks are the
/// caller's.
private func newStrategyDescriptor(
  _ name: StaticString, role: brace_strategy_role, properties: [brace_property_desc] = []
) -> UnsafeMutablePointer<brace_strategy_desc> {
  let d = newPluginTable(brace_strategy_desc.self)
  d.pointee.name = cString(name)
  d.pointee.role = role
  d.pointee.property_desc_size = UInt32(MemoryLayout<brace_property_desc>.size)
  if !properties.isEmpty {
    let p = UnsafeMutablePointer<brace_property_desc>.allocate(capacity: properties.count)
    p.initialize(from: properties, count: properties.count)
    d.pointee.properties = UnsafePointer(p)
    d.pointee.property_count = UInt32(properties.count)
  }
  return d
}

/// A string literal as the C string the tables point to (static, NUL-terminated).
public func cString(_ s: StaticString) -> UnsafePointer<CChar> {
  UnsafeRawPointer(s.utf8Start).assumingMemoryBound(to: CChar.self)
}

/// Declarations of a strategy's properties, for `newStrategyDescriptor`.
extension brace_property_desc {
  /// A container property with named values, the first the default.
  public static func enumeration(_ name: StaticString, _ values: [StaticString], _ doc: StaticString) -> brace_property_desc {
    let names = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: values.count)
    for (k, s) in values.enumerated() { (names + k).initialize(to: cString(s)) }
    return brace_property_desc(name: cString(name), type: BRACE_VALUE_ENUM, scope: BRACE_SCOPE_CONTAINER,
                               default_value: brace_value(type: BRACE_VALUE_ENUM, integer: 0, number: 0), minimum: 0, maximum: 0,
                               enum_names: UnsafePointer(names), enum_count: UInt32(values.count), doc: cString(doc))
  }

  /// A number of any finite value.
  public static func number(_ name: StaticString, _ scope: brace_property_scope, _ value: Double, _ doc: StaticString) -> brace_property_desc {
    brace_property_desc(name: cString(name), type: BRACE_VALUE_DOUBLE, scope: scope,
                        default_value: brace_value(type: BRACE_VALUE_DOUBLE, integer: 0, number: value),
                        minimum: -Double.greatestFiniteMagnitude, maximum: Double.greatestFiniteMagnitude,
                        enum_names: nil, enum_count: 0, doc: cString(doc))
  }

  /// A container flag, off by default.
  public static func flag(_ name: StaticString, _ doc: StaticString) -> brace_property_desc {
    brace_property_desc(name: cString(name), type: BRACE_VALUE_BOOL, scope: BRACE_SCOPE_CONTAINER,
                        default_value: brace_value(type: BRACE_VALUE_BOOL, integer: 0, number: 0), minimum: 0, maximum: 1,
                        enum_names: nil, enum_count: 0, doc: cString(doc))
  }
}
