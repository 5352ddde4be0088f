// A node's strategy (attach, detach, switching) and its properties (set/get by name,
// typed shortcuts, validation, CHILD scope), watched through the probe plugin's reports.
import CBrace
import Testing

/// A context with the probe plugin loaded.
private func probeContext() throws -> Ctx {
  let c = try Ctx()
  c.mustLoad(plugins.probe)
  return c
}

@Suite struct NodeStrategies {
  @Test func aNewNodeUsesFrame() throws {
    let c = try Ctx()
    #expect(c.strategy(of: c.node()) == "frame")
  }

  @Test func settingAStrategyAttachesItAndGetReturnsIt() throws {
    let c = try probeContext()
    let n = c.node()
    c.use("probe", on: n)
    #expect(c.strategy(of: n) == "probe")
    let attach = c.log.plugin("[probe] attach")
    #expect(attach.map(\.message) == ["[probe] attach attached=1"])
    #expect(attach.first?.nodes == [n])
  }

  @Test func settingTheSameStrategyAgainDoesNothing() throws {
    let c = try probeContext()
    let n = c.node()
    c.use("probe", on: n)
    c.cycle()
    c.log.clear()
    c.use("probe", on: n)
    #expect(c.log.pluginMessages.isEmpty)
    #expect(!c.needsLayout(n))
  }

  @Test func switchingDetachesTheOldStrategyWithItsNodeDataIntactAndFlagsLayout() throws {
    let c = try probeContext()
    let a = c.node(), b = c.node()
    c.use("probe", on: a)
    c.use("probe", on: b)
    #expect(c.log.pluginMessages == ["[probe] attach attached=1", "[probe] attach attached=2"])
    c.cycle()
    #expect(!c.needsLayout(a))
    c.log.clear()

    c.use("frame", on: a)
    #expect(c.strategy(of: a) == "frame")
    let detach = c.log.plugin("[probe] detach")
    #expect(detach.map(\.message) == ["[probe] detach attached=1"])
    #expect(detach.first?.nodes == [a])
    #expect(c.needsLayout(a))
    #expect(c.needsConstraints(a))
    c.use("frame", on: b)
    #expect(c.log.pluginMessages == ["[probe] detach attached=1", "[probe] detach attached=0"])
    #expect(!c.log.pluginMessages.contains { $0.contains("detach-corrupt") })
  }

  @Test func switchingBackAndForthAttachesAndDetachesEachTime() throws {
    let c = try probeContext()
    let n = c.node()
    for _ in 0..<3 {
      c.use("probe", on: n)
      c.use("frame", on: n)
    }
    #expect(c.log.pluginMessages == Array(repeating: ["[probe] attach attached=1", "[probe] detach attached=0"], count: 3).flatMap { $0 })
  }

  @Test func destroyingANodeDetachesItsStrategyAndEveryDescendantsToo() throws {
    let c = try probeContext()
    let root = c.node()
    let mid = c.node(in: root)
    let leaf = c.node(in: mid)
    c.use("probe", on: root)
    c.use("probe", on: leaf)
    c.cycle()
    c.log.clear()
    ok(brace_node_destroy(c.ctx, root), c.ctx)
    let detach = c.log.plugin("[probe] detach")
    #expect(detach.count == 2)
    #expect(Set(detach.flatMap(\.nodes)) == [root, leaf])
    #expect(detach.last?.message == "[probe] detach attached=0")
    #expect(!c.log.pluginMessages.contains { $0.contains("detach-corrupt") })
  }

  @Test func destroyingTheContextDetachesEveryNode() throws {
    let c = try probeContext()
    let nodes = (0..<3).map { _ in c.node() }
    for n in nodes { c.use("probe", on: n) }
    c.log.clear()
    c.destroy()
    let detach = c.log.plugin("[probe] detach")
    #expect(detach.count == 3)
    #expect(Set(detach.flatMap(\.nodes)) == Set(nodes))
    #expect(detach.last?.message == "[probe] detach attached=0")
    #expect(!c.log.pluginMessages.contains { $0.contains("detach-corrupt") })
  }

  @Test func anUnknownStrategyIsNotFoundAndTheNodeKeepsItsOwn() throws {
    let c = try probeContext()
    let n = c.node()
    c.use("probe", on: n)
    c.log.clear()
    expectFailure(c.setStrategy(n, "nosuch"), BRACE_E_NOT_FOUND, c.ctx, mentions: ["nosuch"])
    #expect(c.strategy(of: n) == "probe")
    #expect(c.log.pluginMessages.isEmpty)
  }

  @Test func aSolverCannotBeAContainerStrategy() throws {
    let c = try Ctx()
    c.mustLoad(plugins.broken["SOLVER_ROLE"]!)
    #expect(c.info(named: "fake_solver")?.role == BRACE_ROLE_SOLVER)
    let n = c.node()
    c.cycle()
    expectFailure(c.setStrategy(n, "fake_solver"), BRACE_E_INVALID_ARGUMENT, c.ctx, mentions: ["fake_solver", "solver"])
    #expect(c.strategy(of: n) == "frame")
    #expect(!c.needsLayout(n))
  }

  @Test func strategyCallsCheckTheirArguments() throws {
    let c = try probeContext()
    let n = c.node()
    expectFailure(brace_node_set_layout_strategy(c.ctx, n, nil), BRACE_E_INVALID_ARGUMENT, c.ctx)
    expectFailure(brace_node_get_layout_strategy(c.ctx, n, nil), BRACE_E_INVALID_ARGUMENT, c.ctx)
    expectFailure(c.setStrategy(0, "probe"), BRACE_E_INVALID_HANDLE, c.ctx)
    ok(brace_node_destroy(c.ctx, n), c.ctx)
    expectFailure(c.setStrategy(n, "probe"), BRACE_E_STALE_HANDLE, c.ctx)
    var p: UnsafePointer<CChar>?
    expectFailure(brace_node_get_layout_strategy(c.ctx, n, &p), BRACE_E_STALE_HANDLE, c.ctx)
  }
}

@Suite struct NodeProperties {
  /// A root probe container (a CONTAINER-property holder) with one subview.
  private func setUp() throws -> (Ctx, brace_node, brace_node) {
    let c = try probeContext()
    let container = c.node()
    c.use("probe", on: container)
    let child = c.item(in: container, 20, 10)
    c.cycle()
    return (c, container, child)
  }

  @Test func defaultsAreReturnedWhenNeverSet() throws {
    let (c, n, child) = try setUp()
    #expect(same(c.value(n, "flag"), boolValue(true)))
    #expect(same(c.value(n, "count"), intValue(3)))
    #expect(same(c.value(n, "gap"), doubleValue(4)))
    #expect(same(c.value(n, "mode"), enumValue(1)))
    #expect(same(c.value(child, "weight"), intValue(1)))
  }

  @Test func setAndGetEachTypeByValue() throws {
    let (c, n, _) = try setUp()
    let cases: [(String, brace_value)] = [
      ("flag", boolValue(false)), ("count", intValue(10)), ("count", intValue(0)), ("gap", doubleValue(-50)),
      ("gap", doubleValue(12.5)), ("mode", enumValue(2)), ("mode", enumValue(0)),
    ]
    for (name, v) in cases {
      var value = v
      ok(brace_node_set_property(c.ctx, n, name, &value), c.ctx)
      #expect(same(c.value(n, name), v), "\(name): got \(describe(c.value(n, name))), expected \(describe(v))")
    }
  }

  @Test func typedShortcutsSetEachType() throws {
    let (c, n, child) = try setUp()
    ok(brace_node_set_property_bool(c.ctx, n, "flag", false), c.ctx)
    #expect(same(c.value(n, "flag"), boolValue(false)))
    ok(brace_node_set_property_bool(c.ctx, n, "flag", true), c.ctx)
    #expect(same(c.value(n, "flag"), boolValue(true)))
    ok(brace_node_set_property_int(c.ctx, n, "count", 7), c.ctx)
    #expect(same(c.value(n, "count"), intValue(7)))
    ok(brace_node_set_property_double(c.ctx, n, "gap", 50), c.ctx)
    #expect(same(c.value(n, "gap"), doubleValue(50)))
    ok(brace_node_set_property_enum(c.ctx, n, "mode", "c"), c.ctx)
    #expect(same(c.value(n, "mode"), enumValue(2)))
    ok(brace_node_set_property_enum(c.ctx, n, "mode", "a"), c.ctx)
    #expect(same(c.value(n, "mode"), enumValue(0)))
    ok(brace_node_set_property_int(c.ctx, child, "weight", 100), c.ctx)
    #expect(same(c.value(child, "weight"), intValue(100)))
  }

  @Test func anUnknownNameIsNotFoundAndTheMessageListsTheKnownNames() throws {
    let (c, n, child) = try setUp()
    var v = intValue(1)
    expectFailure(brace_node_set_property(c.ctx, n, "colour", &v), BRACE_E_NOT_FOUND, c.ctx,
                  mentions: ["colour", "flag", "count", "gap", "mode"])
    var out = brace_value()
    expectFailure(brace_node_get_property(c.ctx, n, "colour", &out), BRACE_E_NOT_FOUND, c.ctx, mentions: ["colour", "gap"])
    // The child sees its superview's CHILD properties, not its CONTAINER ones.
    expectFailure(brace_node_set_property_double(c.ctx, child, "gap", 1), BRACE_E_NOT_FOUND, c.ctx, mentions: ["gap", "weight"])
    // A root container is no probe's child: "weight" is unknown there.
    expectFailure(brace_node_set_property_int(c.ctx, n, "weight", 2), BRACE_E_NOT_FOUND, c.ctx, mentions: ["weight"])
    expectFailure(brace_node_set_property_enum(c.ctx, n, "colour", "a"), BRACE_E_NOT_FOUND, c.ctx, mentions: ["colour"])
    // A plain frame node has none.
    expectFailure(brace_node_set_property_int(c.ctx, c.node(), "count", 1), BRACE_E_NOT_FOUND, c.ctx, mentions: ["count"])
  }

  @Test func aValueOfTheWrongTypeIsATypeMismatchAndChangesNothing() throws {
    let (c, n, child) = try setUp()
    expectFailure(brace_node_set_property_int(c.ctx, n, "gap", 5), BRACE_E_TYPE_MISMATCH, c.ctx, mentions: ["gap"])
    expectFailure(brace_node_set_property_double(c.ctx, n, "count", 5), BRACE_E_TYPE_MISMATCH, c.ctx, mentions: ["count"])
    expectFailure(brace_node_set_property_int(c.ctx, n, "flag", 0), BRACE_E_TYPE_MISMATCH, c.ctx, mentions: ["flag"])
    expectFailure(brace_node_set_property_bool(c.ctx, n, "mode", true), BRACE_E_TYPE_MISMATCH, c.ctx, mentions: ["mode"])
    expectFailure(brace_node_set_property_enum(c.ctx, n, "count", "a"), BRACE_E_TYPE_MISMATCH, c.ctx, mentions: ["count"])
    expectFailure(brace_node_set_property_double(c.ctx, child, "weight", 5), BRACE_E_TYPE_MISMATCH, c.ctx, mentions: ["weight"])
    var v = enumValue(1)
    expectFailure(brace_node_set_property(c.ctx, n, "count", &v), BRACE_E_TYPE_MISMATCH, c.ctx)
    // A type that is no brace_value_type is an unknown enum value (types.h), not a mismatch.
    v = brace_value(type: brace_value_type(rawValue: 99), integer: 1, number: 1)
    expectFailure(brace_node_set_property(c.ctx, n, "count", &v), BRACE_E_INVALID_ARGUMENT, c.ctx, mentions: ["99"])
    #expect(same(c.value(n, "gap"), doubleValue(4)))
    #expect(same(c.value(n, "count"), intValue(3)))
    #expect(same(c.value(n, "flag"), boolValue(true)))
    #expect(same(c.value(n, "mode"), enumValue(1)))
    #expect(same(c.value(child, "weight"), intValue(1)))
  }

  @Test func anOutOfRangeOrNonFiniteValueIsAnInvalidArgumentAndChangesNothing() throws {
    let (c, n, child) = try setUp()
    ok(brace_node_set_property_int(c.ctx, n, "count", 5), c.ctx)
    ok(brace_node_set_property_double(c.ctx, n, "gap", 2.5), c.ctx)
    ok(brace_node_set_property_enum(c.ctx, n, "mode", "c"), c.ctx)
    ok(brace_node_set_property_bool(c.ctx, n, "flag", false), c.ctx)
    ok(brace_node_set_property_int(c.ctx, child, "weight", 9), c.ctx)

    for bad in [Int64(11), -1, Int64.max, Int64.min] {
      expectFailure(brace_node_set_property_int(c.ctx, n, "count", bad), BRACE_E_INVALID_ARGUMENT, c.ctx, mentions: ["count", "\(bad)"])
    }
    for bad in [50.000001, -51, Double.nan, Double.infinity, -Double.infinity, Double.greatestFiniteMagnitude] {
      expectFailure(brace_node_set_property_double(c.ctx, n, "gap", bad), BRACE_E_INVALID_ARGUMENT, c.ctx, mentions: ["gap"])
    }
    for bad in [Int64(3), -1, 1 << 40] {
      var v = enumValue(bad)
      expectFailure(brace_node_set_property(c.ctx, n, "mode", &v), BRACE_E_INVALID_ARGUMENT, c.ctx, mentions: ["mode"])
    }
    expectFailure(brace_node_set_property_enum(c.ctx, n, "mode", "d"), BRACE_E_INVALID_ARGUMENT, c.ctx, mentions: ["\"d\"", "a", "b", "c"])
    expectFailure(brace_node_set_property_enum(c.ctx, n, "mode", "A"), BRACE_E_INVALID_ARGUMENT, c.ctx)
    expectFailure(brace_node_set_property_enum(c.ctx, n, "mode", nil), BRACE_E_INVALID_ARGUMENT, c.ctx)
    var b = brace_value(type: BRACE_VALUE_BOOL, integer: 2, number: 0)
    expectFailure(brace_node_set_property(c.ctx, n, "flag", &b), BRACE_E_INVALID_ARGUMENT, c.ctx, mentions: ["flag"])
    for bad in [Int64(0), 101] {
      expectFailure(brace_node_set_property_int(c.ctx, child, "weight", bad), BRACE_E_INVALID_ARGUMENT, c.ctx, mentions: ["weight"])
    }
    expectFailure(brace_node_set_property(c.ctx, n, "gap", nil), BRACE_E_INVALID_ARGUMENT, c.ctx)
    var out = brace_value()
    expectFailure(brace_node_get_property(c.ctx, n, nil, &out), BRACE_E_INVALID_ARGUMENT, c.ctx)
    expectFailure(brace_node_get_property(c.ctx, n, "gap", nil), BRACE_E_INVALID_ARGUMENT, c.ctx)

    #expect(same(c.value(n, "count"), intValue(5)))
    #expect(same(c.value(n, "gap"), doubleValue(2.5)))
    #expect(same(c.value(n, "mode"), enumValue(2)))
    #expect(same(c.value(n, "flag"), boolValue(false)))
    #expect(same(c.value(child, "weight"), intValue(9)))
  }

  @Test func rangeEndsAreAccepted() throws {
    let (c, n, child) = try setUp()
    for v in [0, 10] as [Int64] { ok(brace_node_set_property_int(c.ctx, n, "count", v), c.ctx) }
    for v in [-50, 50] as [Double] { ok(brace_node_set_property_double(c.ctx, n, "gap", v), c.ctx) }
    for v in [1, 100] as [Int64] { ok(brace_node_set_property_int(c.ctx, child, "weight", v), c.ctx) }
    #expect(same(c.value(child, "weight"), intValue(100)))
  }

  @Test func aChildPropertyLivesOnEachSubviewAndTheContainerArrangesByIt() throws {
    let (c, n, a) = try setUp()
    let b = c.item(in: n, 30, 15)
    c.cycle()
    #expect(same(c.frame(a), rect(1, 0, 20, 10)))
    #expect(same(c.frame(b), rect(1, 14, 30, 15)))
    ok(brace_node_set_property_int(c.ctx, b, "weight", 25), c.ctx)
    #expect(same(c.value(a, "weight"), intValue(1)))
    #expect(same(c.value(b, "weight"), intValue(25)))
    ok(brace_node_set_property_double(c.ctx, n, "gap", 6), c.ctx)
    c.cycle()
    #expect(same(c.frame(a), rect(1, 0, 20, 10)))
    #expect(same(c.frame(b), rect(25, 16, 30, 15)))
  }

  @Test func settingAContainerPropertyFlagsTheContainerForLayout() throws {
    let (c, n, child) = try setUp()
    #expect(!c.needsLayout(n))
    ok(brace_node_set_property_double(c.ctx, n, "gap", 1), c.ctx)
    #expect(c.needsLayout(n))
    #expect(!c.needsLayout(child))
    c.cycle()
    ok(brace_node_set_property_enum(c.ctx, n, "mode", "a"), c.ctx)
    #expect(c.needsLayout(n))
  }

  @Test func settingAChildPropertyFlagsItsContainerForLayout() throws {
    let (c, n, child) = try setUp()
    #expect(!c.needsLayout(n))
    ok(brace_node_set_property_int(c.ctx, child, "weight", 3), c.ctx)
    #expect(c.needsLayout(n))
    c.log.clear()
    c.cycle()
    #expect(c.log.plugin("[probe] arrange").first?.nodes == [n])
    #expect(c.frame(child).x == 3)
  }

  @Test func aFailedSetDoesNotFlagLayout() throws {
    let (c, n, _) = try setUp()
    _ = brace_node_set_property_int(c.ctx, n, "count", 99)
    _ = brace_node_set_property_int(c.ctx, n, "gap", 1)
    #expect(!c.needsLayout(n))
  }

  @Test func aChildPropertyOnAFlowContainerSubview() throws {
    let c = try Ctx()
    let flow = c.node(frame: rect(0, 0, 200, 100))
    c.use("flow", on: flow)
    let item = c.item(in: flow, 10, 10)
    #expect(same(c.value(item, "break_before"), boolValue(false)))
    ok(brace_node_set_property_bool(c.ctx, item, "break_before", true), c.ctx)
    #expect(same(c.value(item, "break_before"), boolValue(true)))
    expectFailure(brace_node_set_property_bool(c.ctx, flow, "break_before", true), BRACE_E_NOT_FOUND, c.ctx)
    ok(brace_node_set_property_enum(c.ctx, flow, "alignment", "trailing"), c.ctx)
    #expect(same(c.value(flow, "alignment"), enumValue(2)))
  }

  @Test func aNewNodeNeverInheritsTheValuesOfADestroyedOne() throws {
    let c = try probeContext()
    for _ in 0..<4 {
      let n = c.node()
      c.use("probe", on: n)
      #expect(same(c.value(n, "count"), intValue(3)))
      let child = c.node(in: n)
      #expect(same(c.value(child, "weight"), intValue(1)))
      ok(brace_node_set_property_int(c.ctx, n, "count", 9), c.ctx)
      ok(brace_node_set_property_int(c.ctx, child, "weight", 9), c.ctx)
      ok(brace_node_destroy(c.ctx, n), c.ctx)
    }
  }
}
