// Listing what a context offers: strategies (name, role, file, ABI, property count) and
// the declarations of their properties.
import CBrace
import Testing

private func names(_ p: brace_property_desc) -> [String] {
  guard let e = p.enum_names else { return [] }
  return (0..<Int(p.enum_count)).map { e[$0].map { String(cString: $0) } ?? "<NULL>" }
}

@Suite struct Listing {
  @Test func strategiesAreListedInRegistrationOrderWithNameRolePathAndABI() throws {
    let c = try Ctx()
    c.mustLoad(plugins.probe)
    c.mustLoad(plugins.flow)
    c.mustLoad(plugins.broken["SOLVER_ROLE"]!)
    let all = c.infos
    #expect(all.first?.name == "frame")
    #expect(all.count == c.builtins + 3)
    let infos = Array(all.suffix(3))  // after the built-in ones, in registration order
    #expect(infos.map(\.name) == ["probe", "flow", "fake_solver"])
    #expect(infos.map(\.role) == [BRACE_ROLE_CONTAINER, BRACE_ROLE_CONTAINER, BRACE_ROLE_SOLVER])
    #expect(infos.map(\.path) == [plugins.probe, plugins.flow, plugins.broken["SOLVER_ROLE"]!])
    #expect(infos.map(\.propertyCount) == [5, 5, 0])
    #expect(all.first?.propertyCount == 0)
    for i in all {
      #expect(i.abiMajor == UInt32(BRACE_PLUGIN_ABI_MAJOR) && i.abiMinor == UInt32(BRACE_PLUGIN_ABI_MINOR), "\(i.name)")
    }
  }

  @Test func strategyInfoChecksIndexAndStructSize() throws {
    let c = try Ctx()
    var i = brace_strategy_info()
    i.struct_size = UInt32(MemoryLayout<brace_strategy_info>.size)
    expectFailure(brace_context_get_strategy(c.ctx, c.builtins, &i), BRACE_E_INDEX_OUT_OF_RANGE, c.ctx, mentions: ["\(c.builtins)"])
    expectFailure(brace_context_get_strategy(c.ctx, -1, &i), BRACE_E_INDEX_OUT_OF_RANGE, c.ctx)
    i.struct_size = 4
    expectFailure(brace_context_get_strategy(c.ctx, 0, &i), BRACE_E_INVALID_ARGUMENT, c.ctx, mentions: ["struct_size"])
    expectFailure(brace_context_get_strategy(c.ctx, 0, nil), BRACE_E_INVALID_ARGUMENT, c.ctx)
    expectFailure(brace_context_get_strategy_count(c.ctx, nil), BRACE_E_INVALID_ARGUMENT, c.ctx)
  }

  @Test func probePropertiesAreDeclaredWithTypeScopeDefaultRangeAndEnumNames() throws {
    let c = try Ctx()
    c.mustLoad(plugins.probe)
    let flag = try #require(c.property("probe", 0))
    #expect(String(cString: flag.name) == "flag")
    #expect(flag.type == BRACE_VALUE_BOOL && flag.scope == BRACE_SCOPE_CONTAINER)
    #expect(same(flag.default_value, boolValue(true)))
    #expect(String(cString: flag.doc) == "a bool")

    let count = try #require(c.property("probe", 1))
    #expect(String(cString: count.name) == "count")
    #expect(count.type == BRACE_VALUE_INT && count.scope == BRACE_SCOPE_CONTAINER)
    #expect(same(count.default_value, intValue(3)))
    #expect(count.minimum == 0 && count.maximum == 10)

    let gap = try #require(c.property("probe", 2))
    #expect(String(cString: gap.name) == "gap")
    #expect(gap.type == BRACE_VALUE_DOUBLE && gap.scope == BRACE_SCOPE_CONTAINER)
    #expect(same(gap.default_value, doubleValue(4)))
    #expect(gap.minimum == -50 && gap.maximum == 50)

    let mode = try #require(c.property("probe", 3))
    #expect(String(cString: mode.name) == "mode")
    #expect(mode.type == BRACE_VALUE_ENUM && mode.scope == BRACE_SCOPE_CONTAINER)
    #expect(same(mode.default_value, enumValue(1)))
    #expect(mode.enum_count == 3)
    #expect(names(mode) == ["a", "b", "c"])

    let weight = try #require(c.property("probe", 4))
    #expect(String(cString: weight.name) == "weight")
    #expect(weight.type == BRACE_VALUE_INT && weight.scope == BRACE_SCOPE_CHILD)
    #expect(same(weight.default_value, intValue(1)))
    #expect(weight.minimum == 1 && weight.maximum == 100)
  }

  @Test func flowPropertiesAreDeclared() throws {
    let c = try Ctx()
    ok(brace_context_load_strategy(c.ctx, "flow"), c.ctx)
    let decls = try (0..<5).map { try #require(c.property("flow", $0)) }
    #expect(decls.map { String(cString: $0.name) } == ["spacing", "line_spacing", "alignment", "padding", "break_before"])
    #expect(decls.map(\.type) == [BRACE_VALUE_DOUBLE, BRACE_VALUE_DOUBLE, BRACE_VALUE_ENUM, BRACE_VALUE_DOUBLE, BRACE_VALUE_BOOL])
    #expect(decls.map(\.scope) == [BRACE_SCOPE_CONTAINER, BRACE_SCOPE_CONTAINER, BRACE_SCOPE_CONTAINER, BRACE_SCOPE_CONTAINER, BRACE_SCOPE_CHILD])
    #expect(same(decls[0].default_value, doubleValue(8)))
    #expect(same(decls[1].default_value, doubleValue(8)))
    #expect(same(decls[2].default_value, enumValue(0)))
    #expect(same(decls[3].default_value, doubleValue(0)))
    #expect(same(decls[4].default_value, boolValue(false)))
    #expect(names(decls[2]) == ["leading", "center", "trailing"])
    #expect(decls[0].minimum == 0 && decls[0].maximum == 10000)
  }

  @Test func propertyDeclarationsStayValidAsLongAsTheContext() throws {
    let c = try Ctx()
    c.mustLoad(plugins.probe)
    var p: UnsafePointer<brace_property_desc>?
    ok(brace_context_get_property(c.ctx, "probe", 3, &p), c.ctx)
    // Later loads and failures do not move the context's copy.
    c.mustLoad(plugins.flow)
    _ = c.load(plugins.missing)
    let mode = try #require(p).pointee
    #expect(String(cString: mode.name) == "mode")
    #expect(names(mode) == ["a", "b", "c"])
  }

  @Test func propertyLookupErrors() throws {
    let c = try Ctx()
    c.mustLoad(plugins.probe)
    var p: UnsafePointer<brace_property_desc>?
    expectFailure(brace_context_get_property(c.ctx, "nosuch", 0, &p), BRACE_E_NOT_FOUND, c.ctx, mentions: ["nosuch"])
    expectFailure(brace_context_get_property(c.ctx, "probe", 5, &p), BRACE_E_INDEX_OUT_OF_RANGE, c.ctx, mentions: ["probe", "5"])
    expectFailure(brace_context_get_property(c.ctx, "frame", 0, &p), BRACE_E_INDEX_OUT_OF_RANGE, c.ctx, mentions: ["frame"])
    expectFailure(brace_context_get_property(c.ctx, nil, 0, &p), BRACE_E_INVALID_ARGUMENT, c.ctx)
    expectFailure(brace_context_get_property(c.ctx, "probe", 0, nil), BRACE_E_INVALID_ARGUMENT, c.ctx)
  }
}
