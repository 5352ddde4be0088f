import CBrace
import CBraceLibc

// The C ABI of brace/constraint.h.

@c @implementation public func brace_constraint_create(_ ctx: OpaquePointer?, _ item1: brace_node, _ attr1: brace_attribute, _ relation: brace_relation, _ item2: brace_node, _ attr2: brace_attribute, _ multiplier: Double, _ constant: Double, _ out: UnsafeMutablePointer<brace_constraint>?) -> brace_status {
  withContext(ctx, "brace_constraint_create") { c throws(BraceError) in
    let out = try requireOut(out)
    let k = try c.createLayoutConstraint(item1, attr1, relation, item2, attr2, multiplier, constant)
    out.pointee = c.handle(ofConstraint: k)
  }
}

@c @implementation public func brace_constraint_create_linear(_ ctx: OpaquePointer?, _ terms: UnsafePointer<brace_term>?, _ count: Int, _ relation: brace_relation, _ constant: Double, _ out: UnsafeMutablePointer<brace_constraint>?) -> brace_status {
  withContext(ctx, "brace_constraint_create_linear") { c throws(BraceError) in
    let out = try requireOut(out)
    guard let terms else { throw .invalidArgument("terms is NULL") }
    guard count >= 1, count <= 64 else { throw .invalidArgument("a linear constraint has 1 to 64 terms, got \(UInt(bitPattern: count))") }
    let k = try c.createLinearConstraint(UnsafeBufferPointer(start: terms, count: count), relation, constant)
    out.pointee = c.handle(ofConstraint: k)
  }
}

@c @implementation public func brace_constraint_destroy(_ ctx: OpaquePointer?, _ constraint: brace_constraint) -> brace_status {
  withConstraint(ctx, "brace_constraint_destroy", constraint) { c, k throws(BraceError) in try c.userDestroyConstraint(k) }
}

/// A constraint the program may activate or deactivate: its own, not a generated one.
private func userConstraint(_ c: Context, _ h: brace_constraint) throws(BraceError) -> ConstraintID {
  let slot = try c.constraint(h)
  guard c.bridge.constraints[slot.index].owner == .user else {
    throw .invalidState("\(c.describeConstraint(slot)) is generated; the engine or its strategy activates it")
  }
  return slot
}

private func handles(_ c: Context, _ list: UnsafePointer<brace_constraint>?, _ count: Int) throws(BraceError) -> [ConstraintID] {
  guard count >= 0 else { throw .invalidArgument("count is negative") }
  guard count == 0 || list != nil else { throw .invalidArgument("constraints is NULL but count is \(count)") }
  var out: [ConstraintID] = []
  for k in 0..<count { out.append(try userConstraint(c, list![k])) }
  return out
}

@c @implementation public func brace_constraint_activate(_ ctx: OpaquePointer?, _ constraint: brace_constraint) -> brace_status {
  withContext(ctx, "brace_constraint_activate") { c throws(BraceError) in try c.activate(try userConstraint(c, constraint)) }
}

@c @implementation public func brace_constraint_deactivate(_ ctx: OpaquePointer?, _ constraint: brace_constraint) -> brace_status {
  withContext(ctx, "brace_constraint_deactivate") { c throws(BraceError) in
    var h = constraint
    c.deactivate(try handles(c, &h, 1))
  }
}

@c @implementation public func brace_constraints_activate(_ ctx: OpaquePointer?, _ list: UnsafePointer<brace_constraint>?, _ count: Int) -> brace_status {
  withContext(ctx, "brace_constraints_activate") { c throws(BraceError) in try c.activate(try handles(c, list, count)) }
}

@c @implementation public func brace_constraints_deactivate(_ ctx: OpaquePointer?, _ list: UnsafePointer<brace_constraint>?, _ count: Int) -> brace_status {
  withContext(ctx, "brace_constraints_deactivate") { c throws(BraceError) in c.deactivate(try handles(c, list, count)) }
}

@c @implementation public func brace_constraint_is_active(_ ctx: OpaquePointer?, _ constraint: brace_constraint, _ out: UnsafeMutablePointer<Bool>?) -> brace_status {
  withConstraint(ctx, "brace_constraint_is_active", constraint) { c, k throws(BraceError) in try store(c.bridge.constraints[k.index].active, out) }
}

@c @implementation public func brace_constraint_is_broken(_ ctx: OpaquePointer?, _ constraint: brace_constraint, _ out: UnsafeMutablePointer<Bool>?) -> brace_status {
  withConstraint(ctx, "brace_constraint_is_broken", constraint) { c, k throws(BraceError) in try store(c.bridge.constraints[k.index].active && c.bridge.constraints[k.index].broken, out) }
}

@c @implementation public func brace_constraint_set_constant(_ ctx: OpaquePointer?, _ constraint: brace_constraint, _ constant: Double) -> brace_status {
  withConstraint(ctx, "brace_constraint_set_constant", constraint) { c, k throws(BraceError) in try c.setConstant(k, constant) }
}

@c @implementation public func brace_constraint_get_constant(_ ctx: OpaquePointer?, _ constraint: brace_constraint, _ out: UnsafeMutablePointer<Double>?) -> brace_status {
  withConstraint(ctx, "brace_constraint_get_constant", constraint) { c, k throws(BraceError) in try store(c.bridge.constraints[k.index].constant, out) }
}

@c @implementation public func brace_constraint_set_priority(_ ctx: OpaquePointer?, _ constraint: brace_constraint, _ priority: Float) -> brace_status {
  withConstraint(ctx, "brace_constraint_set_priority", constraint) { c, k throws(BraceError) in try c.setPriority(k, priority) }
}

@c @implementation public func brace_constraint_get_priority(_ ctx: OpaquePointer?, _ constraint: brace_constraint, _ out: UnsafeMutablePointer<Float>?) -> brace_status {
  withConstraint(ctx, "brace_constraint_get_priority", constraint) { c, k throws(BraceError) in try store(c.bridge.constraints[k.index].priority, out) }
}

@c @implementation public func brace_constraint_set_weight(_ ctx: OpaquePointer?, _ constraint: brace_constraint, _ weight: Double) -> brace_status {
  withConstraint(ctx, "brace_constraint_set_weight", constraint) { c, k throws(BraceError) in try c.setWeight(k, weight) }
}

@c @implementation public func brace_constraint_get_weight(_ ctx: OpaquePointer?, _ constraint: brace_constraint, _ out: UnsafeMutablePointer<Double>?) -> brace_status {
  withConstraint(ctx, "brace_constraint_get_weight", constraint) { c, k throws(BraceError) in try store(c.bridge.constraints[k.index].weight, out) }
}

@c @implementation public func brace_context_set_edit_weight(_ ctx: OpaquePointer?, _ item: UInt64, _ attribute: brace_attribute, _ weight: Double) -> brace_status {
  withContext(ctx, "brace_context_set_edit_weight") { c throws(BraceError) in try c.setEditWeight(item, attribute, weight) }
}

@c @implementation public func brace_constraint_set_identifier(_ ctx: OpaquePointer?, _ constraint: brace_constraint, _ identifier: UnsafePointer<CChar>?) -> brace_status {
  withConstraint(ctx, "brace_constraint_set_identifier", constraint) { c, k throws(BraceError) in try c.setIdentifier(ofConstraint: k, identifier) }
}

@c @implementation public func brace_constraint_get_identifier(_ ctx: OpaquePointer?, _ constraint: brace_constraint, _ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> brace_status {
  withConstraint(ctx, "brace_constraint_get_identifier", constraint) { c, k throws(BraceError) in try store(c.bridge.constraints[k.index].identifier.map { UnsafePointer($0) }, out) }
}

@c @implementation public func brace_constraint_get_terms(_ ctx: OpaquePointer?, _ constraint: brace_constraint, _ buffer: UnsafeMutablePointer<brace_term>?, _ capacity: Int, _ count: UnsafeMutablePointer<Int>?, _ relation: UnsafeMutablePointer<brace_relation>?, _ constant: UnsafeMutablePointer<Double>?) -> brace_status {
  withConstraint(ctx, "brace_constraint_get_terms", constraint) { c, k throws(BraceError) in
    let r = c.bridge.constraints[k.index]
    try copyOut(r.terms, buffer, capacity, count) { brace_term(item: $0.item, attribute: $0.attribute, coefficient: $0.coefficient) }
    relation?.pointee = r.relation
    constant?.pointee = r.constant
  }
}

@c @implementation public func brace_node_get_constraints(_ ctx: OpaquePointer?, _ node: brace_node, _ buffer: UnsafeMutablePointer<brace_constraint>?, _ capacity: Int, _ count: UnsafeMutablePointer<Int>?) -> brace_status {
  withNode(ctx, "brace_node_get_constraints", node) { c, n throws(BraceError) in
    try copyOut(c.activeConstraints(on: n), buffer, capacity, count) { c.handle(ofConstraint: $0) }
  }
}

@c @implementation public func brace_context_get_broken_constraints(_ ctx: OpaquePointer?, _ buffer: UnsafeMutablePointer<brace_constraint>?, _ capacity: Int, _ count: UnsafeMutablePointer<Int>?) -> brace_status {
  withContext(ctx, "brace_context_get_broken_constraints") { c throws(BraceError) in
    try copyOut(c.activeBrokenConstraints(), buffer, capacity, count) { c.handle(ofConstraint: $0) }
  }
}

@c @implementation public func brace_variable_create(_ ctx: OpaquePointer?, _ out: UnsafeMutablePointer<brace_variable>?) -> brace_status {
  withContext(ctx, "brace_variable_create") { c throws(BraceError) in
    let out = try requireOut(out)
    out.pointee = try c.createVariable()
  }
}

@c @implementation public func brace_variable_destroy(_ ctx: OpaquePointer?, _ variable: brace_variable) -> brace_status {
  withContext(ctx, "brace_variable_destroy") { c throws(BraceError) in try c.destroyVariable(try c.variable(variable)) }
}

@c @implementation public func brace_variable_get_value(_ ctx: OpaquePointer?, _ variable: brace_variable, _ out: UnsafeMutablePointer<Double>?) -> brace_status {
  withContext(ctx, "brace_variable_get_value") { c throws(BraceError) in
    let v = try c.variable(variable)
    try store(try c.checkedSolverValue(c.bridge.variables[v.index].solverVariable), out)
  }
}

@c @implementation public func brace_variables_get_values(_ ctx: OpaquePointer?, _ variables: UnsafePointer<brace_variable>?, _ count: Int, _ out: UnsafeMutablePointer<Double>?) -> brace_status {
  withContext(ctx, "brace_variables_get_values") { c throws(BraceError) in
    guard count != 0 else { return }
    // (No array of handles has more entries than that: past it, the scratch space's byte
    // count would overflow and trap.)
    guard count > 0, count <= Int.max / MemoryLayout<brace_variable>.stride else {
      throw .invalidArgument("count \(UInt(bitPattern: count)) is larger than any array")
    }
    guard let variables else { throw .invalidArgument("variables is NULL with a count of \(count)") }
    let out = try requireOut(out)
    try c.readValues(UnsafeBufferPointer(start: variables, count: count), into: out)
  }
}

@c @implementation public func brace_constraint_add_on_variables(_ ctx: OpaquePointer?, _ variables: UnsafePointer<brace_variable>?, _ coefficients: UnsafePointer<Double>?, _ count: Int, _ relation: brace_relation, _ constant: Double, _ priority: Float, _ out: UnsafeMutablePointer<brace_constraint>?) -> brace_status {
  withContext(ctx, "brace_constraint_add_on_variables") { c throws(BraceError) in
    let out = try requireOut(out)
    if let variables, let coefficients,
      let k = try c.addOnFreeVariables(variables, coefficients, count, relation, constant, priority) {
      out.pointee = c.handle(ofConstraint: k)
      return
    }
    out.pointee = c.handle(ofConstraint: try addOnVariables(c, variables, coefficients, count, relation, constant, priority, 1))
  }
}

@c @implementation public func brace_constraint_add_on_variables_weighted(_ ctx: OpaquePointer?, _ variables: UnsafePointer<brace_variable>?, _ coefficients: UnsafePointer<Double>?, _ count: Int, _ relation: brace_relation, _ constant: Double, _ priority: Float, _ weight: Double, _ out: UnsafeMutablePointer<brace_constraint>?) -> brace_status {
  withContext(ctx, "brace_constraint_add_on_variables_weighted") { c throws(BraceError) in
    let out = try requireOut(out)
    try c.checkNewWeight(weight)
    if let variables, let coefficients,
      let k = try c.addOnFreeVariables(variables, coefficients, count, relation, constant, priority, weight: weight) {
      out.pointee = c.handle(ofConstraint: k)
      return
    }
    out.pointee = c.handle(ofConstraint: try addOnVariables(c, variables, coefficients, count, relation, constant, priority, weight))
  }
}

/// Both add_on_variables calls when the direct path (addOnFreeVariables) declined: the
/// checks with their messages, then the path that names the problem. Out of line, one
/// copy for both.
@inline(never)
private func addOnVariables(
  _ c: Context, _ variables: UnsafePointer<brace_variable>?, _ coefficients: UnsafePointer<Double>?, _ count: Int,
  _ relation: brace_relation, _ constant: Double, _ priority: Float, _ weight: Double
) throws(BraceError) -> ConstraintID {
  guard count >= 1, count <= 64 else { throw .invalidArgument("a linear constraint has 1 to 64 terms, got \(UInt(bitPattern: count))") }
  guard let variables else { throw .invalidArgument("variables is NULL") }
  guard let coefficients else { throw .invalidArgument("coefficients is NULL") }
  return try withUnsafeTemporaryAllocation(of: brace_term.self, capacity: count) { terms throws(BraceError) in
    for j in 0..<count {
      guard Handle.kind(variables[j]) == HandleKind.variable.rawValue else {
        throw .invalidArgument("variables[\(j)] (0x\(String(variables[j], radix: 16))) is not a variable handle")
      }
      terms[j] = brace_term(item: variables[j], attribute: BRACE_ATTR_NONE, coefficient: coefficients[j])
    }
    return try c.addOnVariables(UnsafeBufferPointer(terms), relation, constant, priority, weight: weight)
  }
}

@c @implementation public func brace_layout_guide_create(_ ctx: OpaquePointer?, _ owner: brace_node, _ out: UnsafeMutablePointer<brace_node>?) -> brace_status {
  withContext(ctx, "brace_layout_guide_create") { c throws(BraceError) in
    let o = try c.node(owner, "owner")
    let out = try requireOut(out)
    out.pointee = c.handle(ofNode: try c.createGuide(owner: o))
  }
}

@c @implementation public func brace_node_is_layout_guide(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<Bool>?) -> brace_status {
  getOfNode(ctx, "brace_node_is_layout_guide", node, out) { c, n in c.nodes.flags[n.index].contains(.guide) }
}

@c @implementation public func brace_node_get_layout_guides(_ ctx: OpaquePointer?, _ node: brace_node, _ buffer: UnsafeMutablePointer<brace_node>?, _ capacity: Int, _ count: UnsafeMutablePointer<Int>?) -> brace_status {
  withNode(ctx, "brace_node_get_layout_guides", node) { c, n throws(BraceError) in
    try copyOut(c.bridge.guides[n] ?? [], buffer, capacity, count) { c.handle(ofNode: $0) }
  }
}

@c @implementation public func brace_context_add_edit(_ ctx: OpaquePointer?, _ item: UInt64, _ attribute: brace_attribute, _ priority: Float) -> brace_status {
  withContext(ctx, "brace_context_add_edit") { c throws(BraceError) in try c.addEdit(item, attribute, priority) }
}

@c @implementation public func brace_context_suggest_value(_ ctx: OpaquePointer?, _ item: UInt64, _ attribute: brace_attribute, _ value: Double) -> brace_status {
  withContext(ctx, "brace_context_suggest_value") { c throws(BraceError) in try c.suggest(item, attribute, value) }
}

@c @implementation public func brace_context_remove_edit(_ ctx: OpaquePointer?, _ item: UInt64, _ attribute: brace_attribute) -> brace_status {
  withContext(ctx, "brace_context_remove_edit") { c throws(BraceError) in try c.removeEdit(item, attribute) }
}

@c @implementation public func brace_node_system_layout_size_fitting(_ ctx: OpaquePointer?, _ node: brace_node, _ target: brace_size, _ h: Float, _ v: Float, _ out: UnsafeMutablePointer<brace_size>?) -> brace_status {
  withNode(ctx, "brace_node_system_layout_size_fitting", node) { c, n throws(BraceError) in
    let out = try requireOut(out)
    for (x, name) in [(target.width, "target.width"), (target.height, "target.height")] {
      guard x.isFinite, x >= 0 else { throw .invalidArgument("\(name) must be finite and >= 0, got \(x)") }
    }
    try Check.priority(h, "h_priority")
    try Check.priority(v, "v_priority")
    out.pointee = try c.fittingSize(n, target, h, v)
  }
}

@c @implementation public func brace_node_has_ambiguous_layout(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<Bool>?) -> brace_status {
  getOfNode(ctx, "brace_node_has_ambiguous_layout", node, out) { c, n in !c.ambiguousAttributes(n).isEmpty }
}

@c @implementation public func brace_node_copy_description(_ ctx: OpaquePointer?, _ node: brace_node, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int, _ length: UnsafeMutablePointer<Int>?) -> brace_status {
  withNode(ctx, "brace_node_copy_description", node) { c, n throws(BraceError) in
    let length = try requireOut(length, "length")
    if capacity != 0 && buffer == nil { throw .invalidArgument("buffer is NULL but capacity is \(UInt(bitPattern: capacity))") }
    let text = c.treeDescription(n)
    let bytes = Array(text.utf8)
    if let buffer, capacity != 0 {
      let k = min(bytes.count, Int(clamping: UInt(bitPattern: capacity) - 1))
      for i in 0..<k { buffer[i] = CChar(bitPattern: bytes[i]) }
      buffer[k] = 0
    }
    length.pointee = bytes.count
  }
}

@c @implementation public func brace_node_set_baseline_offsets(_ ctx: OpaquePointer?, _ node: brace_node, _ first: Double, _ last: Double) -> brace_status {
  withNode(ctx, "brace_node_set_baseline_offsets", node) { c, n throws(BraceError) in
    guard first == -1 || (first.isFinite && first >= 0) else { throw .invalidArgument("first must be finite and >= 0, or -1 for none; got \(first)") }
    guard last.isFinite, last >= 0 else { throw .invalidArgument("last must be finite and >= 0, got \(last)") }
    c.setBaselines(n, first: first, last: last)
  }
}

@c @implementation public func brace_constraints_create_with_visual_format(_ ctx: OpaquePointer?, _ format: UnsafePointer<CChar>?, _ options: UInt32, _ viewNames: UnsafePointer<UnsafePointer<CChar>?>?, _ views: UnsafePointer<brace_node>?, _ viewCount: Int, _ metricNames: UnsafePointer<UnsafePointer<CChar>?>?, _ metrics: UnsafePointer<Double>?, _ metricCount: Int, _ buffer: UnsafeMutablePointer<brace_constraint>?, _ capacity: Int, _ count: UnsafeMutablePointer<Int>?) -> brace_status {
  withContext(ctx, "brace_constraints_create_with_visual_format") { c throws(BraceError) in
    let count = try requireOut(count, "count")
    if capacity != 0 && buffer == nil { throw .invalidArgument("buffer is NULL but capacity is \(UInt(bitPattern: capacity))") }
    let input = try c.visualFormatInput(format, options, viewNames, views, viewCount, metricNames, metrics, metricCount)
    let specs = try c.visualFormatSpecs(input)
    // Capacity 0 asks for the number; a buffer too small for all of them gets none.
    guard capacity != 0 else {
      count.pointee = specs.count
      return
    }
    guard let buffer, UInt(bitPattern: capacity) >= UInt(specs.count) else {
      count.pointee = specs.count
      throw BraceError(BRACE_E_NO_MEMORY, "the format makes \(specs.count) constraints but the buffer holds \(UInt(bitPattern: capacity)); nothing was created (*count is set to \(specs.count))")
    }
    let made = try c.createVisualFormatConstraints(specs)
    for (k, h) in made.enumerated() { buffer[k] = h }
    count.pointee = made.count
  }
}
