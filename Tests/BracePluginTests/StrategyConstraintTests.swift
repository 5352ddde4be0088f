import CBrace
import Testing

/// A strategy that arranges with constraints it owns (the "pin" test plugin, Tests/plugins/
/// pin.c), through host->add_constraint / remove_constraint / set_constraint_constant.
@Suite("Constraints owned by a strategy")
struct StrategyConstraintTests {
  private func constraints(_ c: Ctx, _ n: brace_node) -> [brace_constraint] {
    var count = 0
    _ = brace_node_get_constraints(c.ctx, n, nil, 0, &count)
    var list = [brace_constraint](repeating: 0, count: count)
    _ = brace_node_get_constraints(c.ctx, n, &list, count, &count)
    return Array(list.prefix(count))
  }

  private func identifiers(_ c: Ctx, _ list: [brace_constraint]) -> [String] {
    list.compactMap { h -> String? in
      var p: UnsafePointer<CChar>? = nil
      guard brace_constraint_get_identifier(c.ctx, h, &p) == BRACE_OK, let p else { return nil }
      return String(cString: p)
    }.sorted()
  }

  @Test func aStrategyPinsSubviewsWithTheConstraintsItAddsInTheConstraintsPass() throws {
    let c = try Ctx()
    let box = c.node(frame: rect(0, 0, 200, 100))
    c.use("pin", on: box)
    let child = c.node(in: box, frame: rect(1, 2, 3, 4))
    c.cycle()
    #expect(same(c.frame(child), rect(8, 8, 184, 84)), "pinned to the margins (8), got \(c.frame(child))")
    let owned = constraints(c, child).filter { identifiers(c, [$0]).first?.hasPrefix("pin-") == true }
    #expect(owned.count == 4)
    #expect(identifiers(c, owned) == ["pin-bottom", "pin-leading", "pin-top", "pin-trailing"])
    var translates = true
    _ = brace_node_get_translates_autoresizing_mask(c.ctx, child, &translates)
    #expect(!translates, "the strategy turned translation off, as UIStackView does")
  }

  @Test func aPluginBuiltAgainstPluginABI1_0LoadsAndWorksWithThe1_1Host() throws {
    let c = try Ctx()
    ok(brace_context_load_plugin(c.ctx, "\(plugins.directory)/pin_abi10.so"), c.ctx)
    var count = 0
    ok(brace_context_get_strategy_count(c.ctx, &count), c.ctx)
    var info = brace_strategy_info()
    info.struct_size = UInt32(MemoryLayout<brace_strategy_info>.size)
    var found = false
    for k in 0..<count {
      ok(brace_context_get_strategy(c.ctx, k, &info), c.ctx)
      if String(cString: info.name) == "pin" {
        found = true
        #expect(info.abi_major == 1 && info.abi_minor == 0, "the plugin states ABI 1.0")
      }
    }
    #expect(found)
    #expect(BRACE_PLUGIN_ABI_MINOR >= 1, "the host is newer than the plugin")
    let box = c.node(frame: rect(0, 0, 200, 100))
    c.use("pin", on: box)
    let child = c.node(in: box)
    c.cycle()
    #expect(same(c.frame(child), rect(8, 8, 184, 84)), "got \(c.frame(child))")
    // A 1.0 descriptor has no flags: the 1.0 rule holds for it, hiding a subview flags
    // the container (a 1.1 plugin says so with BRACE_STRATEGY_DEPENDS_ON_HIDDEN).
    ok(brace_node_set_hidden(c.ctx, child, true), c.ctx)
    #expect(c.needsConstraints(box))
  }

  @Test func aPropertyChangeReachesTheStrategysConstraintsByTheCheapPath() throws {
    let c = try Ctx()
    let box = c.node(frame: rect(0, 0, 200, 100))
    c.use("pin", on: box)
    let child = c.node(in: box)
    c.cycle()
    let before = constraints(c, child).sorted()
    ok(brace_node_set_property_double(c.ctx, box, "inset", 10), c.ctx)
    #expect(c.needsConstraints(box), "a strategy that generates constraints is flagged for the constraints pass")
    c.cycle()
    #expect(same(c.frame(child), rect(18, 18, 164, 64)), "got \(c.frame(child))")
    #expect(constraints(c, child).sorted() == before, "the same constraints, only their constants changed")
    var constant = 0.0
    let leading = before.first { identifiers(c, [$0]) == ["pin-leading"] } ?? 0
    ok(brace_constraint_get_constant(c.ctx, leading, &constant), c.ctx)
    #expect(constant == 10)
  }

  @Test func newSubviewsArePinnedInTheNextConstraintsPass() throws {
    let c = try Ctx()
    let box = c.node(frame: rect(0, 0, 120, 60))
    c.use("pin", on: box)
    let a = c.node(in: box)
    c.cycle()
    let b = c.node(in: box)
    #expect(c.needsConstraints(box), "adding a subview flags the strategy's container for the constraints pass")
    c.cycle()
    #expect(same(c.frame(a), rect(8, 8, 104, 44)))
    #expect(same(c.frame(b), rect(8, 8, 104, 44)))
    ok(brace_node_remove_from_superview(c.ctx, b), c.ctx)
    c.cycle()
    #expect(constraints(c, b).isEmpty, "a removed subview keeps none of the container's constraints")
    #expect(constraints(c, a).count == 4)
  }

  @Test func usersCannotDestroyOrDeactivateAStrategysConstraints() throws {
    let c = try Ctx()
    let box = c.node(frame: rect(0, 0, 100, 100))
    c.use("pin", on: box)
    let child = c.node(in: box)
    c.cycle()
    let owned = constraints(c, child)
    #expect(!owned.isEmpty)
    for h in owned {
      #expect(brace_constraint_destroy(c.ctx, h) == BRACE_E_INVALID_STATE)
      #expect(lastError(c.ctx).contains("generated"))
      var one = h
      #expect(brace_constraints_deactivate(c.ctx, &one, 1) == BRACE_E_INVALID_STATE)
    }
    #expect(constraints(c, child).count == owned.count)
  }

  @Test func switchingAwayFromTheStrategyRemovesItsConstraints() throws {
    let c = try Ctx()
    let box = c.node(frame: rect(0, 0, 100, 100))
    c.use("pin", on: box)
    let child = c.node(in: box)
    c.cycle()
    let owned = constraints(c, child)
    #expect(owned.count == 4)
    c.use("frame", on: box)
    #expect(constraints(c, child).isEmpty)
    for h in owned {
      var active = true
      #expect(brace_constraint_is_active(c.ctx, h, &active) == BRACE_E_STALE_HANDLE, "freed with the strategy's state")
    }
    // The child is no longer in constraint layout: frames set by hand stay.
    ok(brace_node_set_frame(c.ctx, child, rect(5, 5, 10, 10)), c.ctx)
    c.cycle()
    #expect(same(c.frame(child), rect(5, 5, 10, 10)))
  }

  @Test func destroyingTheContainerRemovesItsStrategysConstraints() throws {
    let c = try Ctx()
    let root = c.node(frame: rect(0, 0, 300, 300))
    let box = c.node(in: root, frame: rect(0, 0, 100, 100))
    c.use("pin", on: box)
    let child = c.node(in: box)
    c.cycle()
    let owned = constraints(c, child)
    ok(brace_node_destroy(c.ctx, box), c.ctx)
    for h in owned {
      var active = true
      #expect(brace_constraint_is_active(c.ctx, h, &active) == BRACE_E_STALE_HANDLE)
    }
    c.cycle()
  }
}

/// Review findings around strategies: hooks that re-enter, and bookkeeping that must not
/// outlive what it names.
@Suite("Strategies under misuse")
struct StrategyMisuseTests {
  @Test func aStrategysConstraintFreedWithItsItemDoesNotTakeAUserConstraintAlongLater() throws {
    let c = try Ctx()
    let box = c.node(frame: rect(0, 0, 100, 100))
    c.use("pin", on: box)
    let child = c.node(in: box)
    c.cycle()
    ok(brace_node_destroy(c.ctx, child), c.ctx)  // its pin constraints go with it
    // A user constraint that may reuse one of their slots.
    let other = c.node(in: box)
    var mine: brace_constraint = 0
    ok(brace_constraint_create(c.ctx, other, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 1, 30, &mine), c.ctx)
    c.use("frame", on: box)  // frees the strategy's constraints on box
    var active = false
    #expect(brace_constraint_is_active(c.ctx, mine, &active) == BRACE_OK, "the user's constraint was destroyed: \(lastError(c.ctx))")
  }

  @Test func movingASubviewOutOfAConstraintStrategyFlagsItsOldContainer() throws {
    let c = try Ctx()
    let root = c.node(frame: rect(0, 0, 300, 300))
    let box = c.node(in: root, frame: rect(0, 0, 100, 100))
    c.use("pin", on: box)
    let child = c.node(in: box)
    c.cycle()
    ok(brace_node_add_subview(c.ctx, root, child), c.ctx)
    #expect(c.needsConstraints(box), "the old container's strategy regenerates for its remaining subviews")
  }

  @Test func destroyingANodeAgainFromADetachHookIsRefused() throws {
    let c = try Ctx()
    let parent = c.node(frame: rect(0, 0, 100, 100))
    let child = c.node(in: parent)
    c.use("probe", on: child)  // its detach reports through the diagnostics callback
    final class Hook {
      var ctx: OpaquePointer?
      var target: brace_node = 0
      var status = BRACE_OK
    }
    let hook = Hook()
    hook.ctx = c.ctx
    hook.target = parent
    ok(brace_context_set_diagnostic_callback(c.ctx, { ctx, _, ud in
      let h = Unmanaged<Hook>.fromOpaque(ud!).takeUnretainedValue()
      if h.status == BRACE_OK { h.status = brace_node_destroy(ctx, h.target) }
    }, Unmanaged.passUnretained(hook).toOpaque()), c.ctx)
    ok(brace_node_destroy(c.ctx, parent), c.ctx)
    #expect(hook.status == BRACE_E_REENTRANCY, "got \(statusName(hook.status))")
    // Every slot was freed once: four new nodes are four live, distinct nodes.
    var fresh: [brace_node] = []
    for _ in 0..<4 {
      var n: brace_node = 0
      ok(brace_node_create(c.ctx, &n), c.ctx)
      fresh.append(n)
    }
    #expect(fresh.allSatisfy { brace_node_is_alive(c.ctx, $0) })
    #expect(Set(fresh).count == 4)
  }
}
