import CBrace

// The C ABI of brace/strategy.h.

private func string(_ p: UnsafePointer<CChar>?, _ name: String) throws(BraceError) -> String {
  guard let p else { throw .invalidArgument("\(name) is NULL") }
  return String(cString: p)
}

@c @implementation public func brace_context_load_plugin(_ ctx: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> brace_status {
  withContext(ctx, "brace_context_load_plugin") { c throws(BraceError) in
    try c.loadPlugin(try string(path, "path"))
  }
}

@c @implementation public func brace_context_load_strategy(_ ctx: OpaquePointer?, _ name: UnsafePointer<CChar>?) -> brace_status {
  withContext(ctx, "brace_context_load_strategy") { c throws(BraceError) in
    _ = try c.loadStrategy(named: try string(name, "name"))
  }
}

@c @implementation public func brace_context_get_strategy_count(_ ctx: OpaquePointer?, _ out: UnsafeMutablePointer<Int>?) -> brace_status {
  withContext(ctx, "brace_context_get_strategy_count") { c throws(BraceError) in try store(c.plugins.strategies.count, out) }
}

@c @implementation public func brace_context_get_strategy(_ ctx: OpaquePointer?, _ index: Int, _ out: UnsafeMutablePointer<brace_strategy_info>?) -> brace_status {
  withContext(ctx, "brace_context_get_strategy") { c throws(BraceError) in
    let out = try requireOut(out)
    guard index >= 0, index < c.plugins.strategies.count else {
      throw BraceError(BRACE_E_INDEX_OUT_OF_RANGE, "index \(UInt(bitPattern: index)) is out of range: \(c.plugins.strategies.count) strategies are registered")
    }
    let need = MemoryLayout<brace_strategy_info>.size
    guard Int(out.pointee.struct_size) >= need else {
      throw .invalidArgument("out->struct_size is \(out.pointee.struct_size); expected at least \(need) (sizeof(brace_strategy_info))")
    }
    let s = c.plugins.strategies[index]
    out.pointee = brace_strategy_info(
      struct_size: UInt32(need), name: UnsafePointer(s.nameC), role: s.desc.role, path: UnsafePointer(s.pathC),
      abi_major: UInt32(s.desc.abi_major), abi_minor: UInt32(s.desc.abi_minor), property_count: s.properties.count)
  }
}

@c @implementation public func brace_context_get_property(_ ctx: OpaquePointer?, _ strategy: UnsafePointer<CChar>?, _ index: Int, _ out: UnsafeMutablePointer<UnsafePointer<brace_property_desc>?>?) -> brace_status {
  withContext(ctx, "brace_context_get_property") { c throws(BraceError) in
    let name = try string(strategy, "strategy")
    let out = try requireOut(out)
    guard let k = c.strategy(named: name) else {
      throw BraceError(BRACE_E_NOT_FOUND, "no strategy \"\(name)\" is registered in this context")
    }
    let s = c.plugins.strategies[Int(k)]
    guard index >= 0, index < s.properties.count else {
      throw BraceError(BRACE_E_INDEX_OUT_OF_RANGE, "index \(UInt(bitPattern: index)) is out of range: strategy \"\(name)\" declares \(s.properties.count) properties")
    }
    out.pointee = s.propertyPointer(index)
  }
}

@c @implementation public func brace_node_set_layout_strategy(_ ctx: OpaquePointer?, _ node: brace_node, _ name: UnsafePointer<CChar>?) -> brace_status {
  withContext(ctx, "brace_node_set_layout_strategy") { c throws(BraceError) in
    let n = try c.node(node)
    try c.setStrategy(n, try string(name, "name"))
  }
}

@c @implementation public func brace_node_get_layout_strategy(_ ctx: OpaquePointer?, _ node: brace_node, _ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> brace_status {
  withContext(ctx, "brace_node_get_layout_strategy") { c throws(BraceError) in
    let n = try c.node(node)
    let out = try requireOut(out)
    out.pointee = try c.strategyName(n)
  }
}

@c @implementation public func brace_node_set_property(_ ctx: OpaquePointer?, _ node: brace_node, _ name: UnsafePointer<CChar>?, _ value: UnsafePointer<brace_value>?) -> brace_status {
  withContext(ctx, "brace_node_set_property") { c throws(BraceError) in
    let n = try c.node(node)
    let name = try string(name, "name")
    guard let value else { throw .invalidArgument("value is NULL") }
    try c.setProperty(n, name, value.pointee)
  }
}

@c @implementation public func brace_node_get_property(_ ctx: OpaquePointer?, _ node: brace_node, _ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<brace_value>?) -> brace_status {
  withContext(ctx, "brace_node_get_property") { c throws(BraceError) in
    let n = try c.node(node)
    let name = try string(name, "name")
    let out = try requireOut(out)
    out.pointee = try c.getProperty(n, name)
  }
}

@c @implementation public func brace_node_set_property_bool(_ ctx: OpaquePointer?, _ node: brace_node, _ name: UnsafePointer<CChar>?, _ value: Bool) -> brace_status {
  withContext(ctx, "brace_node_set_property_bool") { c throws(BraceError) in
    try c.setProperty(try c.node(node), try string(name, "name"), brace_value(type: BRACE_VALUE_BOOL, integer: value ? 1 : 0, number: 0))
  }
}

@c @implementation public func brace_node_set_property_int(_ ctx: OpaquePointer?, _ node: brace_node, _ name: UnsafePointer<CChar>?, _ value: Int64) -> brace_status {
  withContext(ctx, "brace_node_set_property_int") { c throws(BraceError) in
    try c.setProperty(try c.node(node), try string(name, "name"), brace_value(type: BRACE_VALUE_INT, integer: value, number: 0))
  }
}

@c @implementation public func brace_node_set_property_double(_ ctx: OpaquePointer?, _ node: brace_node, _ name: UnsafePointer<CChar>?, _ value: Double) -> brace_status {
  withContext(ctx, "brace_node_set_property_double") { c throws(BraceError) in
    try c.setProperty(try c.node(node), try string(name, "name"), brace_value(type: BRACE_VALUE_DOUBLE, integer: 0, number: value))
  }
}

@c @implementation public func brace_node_set_property_enum(_ ctx: OpaquePointer?, _ node: brace_node, _ name: UnsafePointer<CChar>?, _ value: UnsafePointer<CChar>?) -> brace_status {
  withContext(ctx, "brace_node_set_property_enum") { c throws(BraceError) in
    let n = try c.node(node)
    let name = try string(name, "name")
    let caseName = try string(value, "value")
    try c.setEnumProperty(n, name, caseName)
  }
}
