// The stack's declared properties and their defaults, and bad input: a wrong type, an
// enum value out of range, an unknown name, a non-finite number; each is refused and
// leaves the values as they were.
import CBrace
import Testing

private func enumValue(_ i: Int64) -> brace_value { brace_value(type: BRACE_VALUE_ENUM, integer: i, number: 0) }
private func doubleValue(_ d: Double) -> brace_value { brace_value(type: BRACE_VALUE_DOUBLE, integer: 0, number: d) }
private func boolValue(_ b: Bool) -> brace_value { brace_value(type: BRACE_VALUE_BOOL, integer: b ? 1 : 0, number: 0) }

private func describe(_ v: brace_value?) -> String {
  guard let v else { return "nil" }
  return v.type == BRACE_VALUE_DOUBLE ? "double \(v.number)" : "type \(v.type.rawValue) \(v.integer)"
}

/// The same value: the member `type` names, compared bit for bit for doubles (so -0.0 is
/// not 0.0).
private func same(_ a: brace_value?, _ b: brace_value) -> Bool {
  guard let a, a.type == b.type else { return false }
  return a.type == BRACE_VALUE_DOUBLE ? a.number.bitPattern == b.number.bitPattern : a.integer == b.integer
}

@Suite struct Properties {
  @Test func theSentinelsAreUIKits() {
    #expect(useDefault == Double.greatestFiniteMagnitude)
    #expect(useSystem == 0 && useSystem.sign == .minus)
  }

  @Test func theStrategyDeclaresItsProperties() throws {
    let fx = try Fx()
    let n = fx.stack()
    _ = n
    var count = 0
    ok(brace_context_get_strategy_count(fx.ctx, &count), fx.ctx)
    var propertyCount = -1
    for k in 0..<count {
      var i = brace_strategy_info()
      i.struct_size = UInt32(MemoryLayout<brace_strategy_info>.size)
      ok(brace_context_get_strategy(fx.ctx, k, &i), fx.ctx)
      if let name = i.name, String(cString: name) == "stack" {
        propertyCount = i.property_count
        #expect(i.role == BRACE_ROLE_CONTAINER)
      }
    }
    #expect(propertyCount == 8)
    var found: [String: brace_property_desc] = [:]
    for k in 0..<max(propertyCount, 0) {
      var p: UnsafePointer<brace_property_desc>?
      ok(brace_context_get_property(fx.ctx, "stack", k, &p), fx.ctx)
      if let p, let name = p.pointee.name { found[String(cString: name)] = p.pointee }
    }
    func enumNames(_ d: brace_property_desc) -> [String] {
      guard let names = d.enum_names else { return [] }
      return (0..<Int(d.enum_count)).map { k in names[k].map { String(cString: $0) } ?? "<NULL>" }
    }
    let enums: [(String, [String])] = [
      ("axis", ["horizontal", "vertical"]),
      ("distribution", ["fill", "fill_equally", "fill_proportionally", "equal_spacing", "equal_centering"]),
      ("alignment", ["fill", "leading", "first_baseline", "center", "trailing", "last_baseline"]),
    ]
    for (name, names) in enums {
      guard let d = found[name] else { Issue.record("no property \(name)"); continue }
      #expect(d.type == BRACE_VALUE_ENUM && d.scope == BRACE_SCOPE_CONTAINER, "\(name)")
      #expect(enumNames(d) == names, "\(name): \(enumNames(d))")
      #expect(same(d.default_value, enumValue(0)), "\(name) default \(describe(d.default_value))")
    }
    let others: [(String, brace_value_type, brace_property_scope, brace_value)] = [
      ("spacing", BRACE_VALUE_DOUBLE, BRACE_SCOPE_CONTAINER, doubleValue(0)),
      ("layout_margins_relative", BRACE_VALUE_BOOL, BRACE_SCOPE_CONTAINER, boolValue(false)),
      ("baseline_relative", BRACE_VALUE_BOOL, BRACE_SCOPE_CONTAINER, boolValue(false)),
      ("generate_constraints", BRACE_VALUE_BOOL, BRACE_SCOPE_CONTAINER, boolValue(false)),
      ("spacing_after", BRACE_VALUE_DOUBLE, BRACE_SCOPE_CHILD, doubleValue(useDefault)),
    ]
    for (name, type, scope, value) in others {
      guard let d = found[name] else { Issue.record("no property \(name)"); continue }
      #expect(d.type == type && d.scope == scope, "\(name)")
      #expect(same(d.default_value, value), "\(name) default \(describe(d.default_value))")
    }
  }

  @Test func aNewStackAnswersTheDefaults() throws {
    let fx = try Fx()
    let stack = fx.node()
    ok(brace_node_set_layout_strategy(fx.ctx, stack, "stack"), fx.ctx)
    let child = fx.node(in: stack)
    #expect(same(fx.value(stack, "axis"), enumValue(0)))
    #expect(same(fx.value(stack, "distribution"), enumValue(0)))
    #expect(same(fx.value(stack, "alignment"), enumValue(0)))
    #expect(same(fx.value(stack, "spacing"), doubleValue(0)))
    #expect(same(fx.value(stack, "layout_margins_relative"), boolValue(false)))
    #expect(same(fx.value(stack, "baseline_relative"), boolValue(false)))
    #expect(same(fx.value(stack, "generate_constraints"), boolValue(false)))
    #expect(same(fx.value(child, "spacing_after"), doubleValue(useDefault)))
    // The strategy turns its arranged views' translation off.
    fx.cycle()
    var translates = true
    ok(brace_node_get_translates_autoresizing_mask(fx.ctx, child, &translates), fx.ctx)
    #expect(!translates)
  }

  @Test func theSentinelsAreStoredAsGiven() throws {
    let fx = try Fx()
    let stack = fx.stack()
    let child = fx.node(in: stack)
    fx.set(stack, "spacing", useSystem)
    #expect(same(fx.value(stack, "spacing"), doubleValue(useSystem)), "spacing \(describe(fx.value(stack, "spacing")))")
    fx.set(child, "spacing_after", useSystem)
    #expect(same(fx.value(child, "spacing_after"), doubleValue(useSystem)))
    fx.set(child, "spacing_after", 0.0)
    #expect(same(fx.value(child, "spacing_after"), doubleValue(0)))
    fx.set(child, "spacing_after", useDefault)
    #expect(same(fx.value(child, "spacing_after"), doubleValue(useDefault)))
  }

  @Test func badInputIsRefusedAndChangesNothing() throws {
    let fx = try Fx()
    let window = fx.node(frame: rect(0, 0, 500, 500))
    let stack = fx.stack(in: window, frame: rect(0, 0, 200, 60), axis: .vertical, alignment: .center, spacing: 12)
    let child = fx.leaf(in: stack, 30, 30)
    fx.set(child, "spacing_after", 3.0)
    fx.cycle()
    let frameBefore = fx.frame(child)
    func unchanged(sourceLocation: SourceLocation = #_sourceLocation) {
      #expect(same(fx.value(stack, "axis"), enumValue(1)), "axis \(describe(fx.value(stack, "axis")))", sourceLocation: sourceLocation)
      #expect(same(fx.value(stack, "alignment"), enumValue(3)), "alignment \(describe(fx.value(stack, "alignment")))", sourceLocation: sourceLocation)
      #expect(same(fx.value(stack, "spacing"), doubleValue(12)), "spacing \(describe(fx.value(stack, "spacing")))", sourceLocation: sourceLocation)
      #expect(same(fx.value(stack, "generate_constraints"), boolValue(false)), sourceLocation: sourceLocation)
      #expect(same(fx.value(child, "spacing_after"), doubleValue(3)), "spacing_after \(describe(fx.value(child, "spacing_after")))", sourceLocation: sourceLocation)
    }
    let ctx = fx.ctx

    // Wrong types.
    expectFailure(brace_node_set_property_double(ctx, stack, "axis", 1), BRACE_E_TYPE_MISMATCH, ctx, mentions: ["axis"])
    expectFailure(brace_node_set_property_bool(ctx, stack, "spacing", true), BRACE_E_TYPE_MISMATCH, ctx, mentions: ["spacing"])
    expectFailure(brace_node_set_property_int(ctx, stack, "alignment", 1), BRACE_E_TYPE_MISMATCH, ctx, mentions: ["alignment"])
    expectFailure(brace_node_set_property_double(ctx, stack, "generate_constraints", 1), BRACE_E_TYPE_MISMATCH, ctx)
    expectFailure(brace_node_set_property_enum(ctx, child, "spacing_after", "fill"), BRACE_E_TYPE_MISMATCH, ctx, mentions: ["spacing_after"])
    unchanged()

    // Enum values out of range (6 alignments, 2 axes), by index and by name.
    var v = enumValue(6)
    expectFailure(brace_node_set_property(ctx, stack, "alignment", &v), BRACE_E_INVALID_ARGUMENT, ctx, mentions: ["alignment"])
    v = enumValue(-1)
    expectFailure(brace_node_set_property(ctx, stack, "alignment", &v), BRACE_E_INVALID_ARGUMENT, ctx)
    v = enumValue(2)
    expectFailure(brace_node_set_property(ctx, stack, "axis", &v), BRACE_E_INVALID_ARGUMENT, ctx, mentions: ["axis"])
    let byName = brace_node_set_property_enum(ctx, stack, "alignment", "middle")
    #expect(byName != BRACE_OK, "an unknown enum name was accepted")
    unchanged()

    // Unknown names; a child property on the stack itself (its superview is a frame node).
    expectFailure(brace_node_set_property_double(ctx, stack, "spacings", 4), BRACE_E_NOT_FOUND, ctx, mentions: ["spacings"])
    expectFailure(brace_node_set_property_double(ctx, stack, "spacing_after", 4), BRACE_E_NOT_FOUND, ctx)
    var out = brace_value()
    expectFailure(brace_node_get_property(ctx, stack, "distributions", &out), BRACE_E_NOT_FOUND, ctx)
    unchanged()

    // Non-finite numbers.
    expectFailure(brace_node_set_property_double(ctx, stack, "spacing", .nan), BRACE_E_INVALID_ARGUMENT, ctx)
    expectFailure(brace_node_set_property_double(ctx, stack, "spacing", .infinity), BRACE_E_INVALID_ARGUMENT, ctx)
    expectFailure(brace_node_set_property_double(ctx, child, "spacing_after", -.infinity), BRACE_E_INVALID_ARGUMENT, ctx)
    unchanged()

    fx.cycle()
    #expect(same(fx.frame(child), frameBefore), "frame \(describe(fx.frame(child))) != \(describe(frameBefore))")
  }

  @Test func aPropertyChangeFlagsTheStack() throws {
    let fx = try Fx()
    let stack = fx.stack(frame: rect(0, 0, 100, 100))
    let child = fx.leaf(in: stack, 10, 10)
    fx.cycle()
    fx.set(stack, "spacing", 4)
    #expect(fx.needsLayout(stack) || fx.needsConstraints(stack))
    fx.cycle()
    fx.set(child, "spacing_after", 4)
    #expect(fx.needsLayout(stack) || fx.needsConstraints(stack))
  }
}
