// The host checks every value a solver plugin hands back (issue 10): a rogue solver is
// answered with BRACE_E_PLUGIN naming it, or a diagnostic, never a hang, a crash or
// frames that are not numbers.
import CBrace
import Testing

@Suite struct RogueSolverTests {
  /// A context whose constraint solver is the rogue variant `v` (loaded before anything
  /// needs a solver, so the host picks it over "simplex").
  func rogue(_ v: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Ctx {
    let c = try Ctx()
    c.mustLoad(plugins.rogue[v]!, sourceLocation: sourceLocation)
    return c
  }

  func pair(_ c: Ctx) -> (brace_node, brace_node, brace_constraint) {
    let root = c.node(frame: rect(0, 0, 100, 100))
    let child = c.node(in: root)
    ok(brace_node_set_translates_autoresizing_mask(c.ctx, child, false), c.ctx)
    var k: brace_constraint = 0
    ok(brace_constraint_create(c.ctx, child, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 1, 40, &k), c.ctx)
    return (root, child, k)
  }

  /// A solver without the 1.4 weight hooks (this one leaves them NULL): weights other
  /// than 1 are refused naming it, and nothing changes.
  @Test func aSolverWithoutWeightHooksRefusesWeights() throws {
    let c = try rogue("NAN_VALUE")
    let (_, _, k) = pair(c)
    expectFailure(brace_constraint_set_weight(c.ctx, k, 2), BRACE_E_PLUGIN, c.ctx, mentions: ["rogue_solver", "no weights"])
    var w = 0.0
    ok(brace_constraint_get_weight(c.ctx, k, &w), c.ctx)
    #expect(w == 1)
    ok(brace_constraint_set_weight(c.ctx, k, 1), c.ctx)
  }

  /// Regression: new_variable answering 0x7fffffff made the host grow its variable
  /// table one element at a time up to that index (a hang, then out of memory).
  @Test func aHugeVariableIdIsRefusedAtOnceNamingThePlugin() throws {
    let c = try rogue("HUGE_ID")
    let (_, child, k) = pair(c)
    expectFailure(brace_constraint_activate(c.ctx, k), BRACE_E_PLUGIN, c.ctx,
                  mentions: ["brace_constraint_activate", "rogue_solver", "2147483647", "small integers"])
    var active = true
    ok(brace_constraint_is_active(c.ctx, k, &active), c.ctx)
    #expect(!active, "the batch was undone")
    var v: brace_variable = 0
    expectFailure(brace_variable_create(c.ctx, &v), BRACE_E_PLUGIN, c.ctx, mentions: ["rogue_solver", "new_variable"])
    #expect(v == 0)
    var out: brace_constraint = 0
    expectFailure(brace_constraint_add_on_variables(c.ctx, [0], [1], 1, BRACE_RELATION_EQUAL, 0, 1000, &out),
                  BRACE_E_INVALID_ARGUMENT, c.ctx)
    // The context is still usable.
    c.cycle()
    #expect(c.frame(child).width == 0)
  }

  @Test func aVariableIdHandedOutTwiceIsRefused() throws {
    let c = try rogue("DUPLICATE_ID")
    var v1: brace_variable = 0, v2: brace_variable = 0
    ok(brace_variable_create(c.ctx, &v1), c.ctx)
    expectFailure(brace_variable_create(c.ctx, &v2), BRACE_E_PLUGIN, c.ctx, mentions: ["rogue_solver", "id 0", "still in use"])
    let (_, _, k) = pair(c)
    expectFailure(brace_constraint_activate(c.ctx, k), BRACE_E_PLUGIN, c.ctx, mentions: ["rogue_solver", "still in use"])
    ok(brace_variable_destroy(c.ctx, v1), c.ctx)
  }

  @Test func valuesThatAreNotNumbersAreRefusedAndFramesKept() throws {
    let c = try rogue("NAN_VALUE")
    var v: brace_variable = 0
    ok(brace_variable_create(c.ctx, &v), c.ctx)
    var x = 0.0
    expectFailure(brace_variable_get_value(c.ctx, v, &x), BRACE_E_PLUGIN, c.ctx, mentions: ["rogue_solver", "nan"])
    var xs = [Double](repeating: 7, count: 1)
    expectFailure(brace_variables_get_values(c.ctx, [v], 1, &xs), BRACE_E_PLUGIN, c.ctx, mentions: ["rogue_solver"])
    #expect(xs == [7], "nothing written")
    let (_, child, k) = pair(c)
    ok(brace_node_set_frame(c.ctx, child, rect(1, 2, 3, 4)), c.ctx)
    ok(brace_constraint_activate(c.ctx, k), c.ctx)
    c.log.clear()
    c.cycle()
    let f = c.frame(child)
    #expect(f.x.isFinite && f.y.isFinite && f.width.isFinite && f.height.isFinite, "frame \(describe(f))")
    #expect(c.log.pluginMessages.contains { $0.contains("rogue_solver") && $0.contains("keeps its frame") }, "\(c.log.pluginMessages)")
  }

  @Test func endlessChangesAreCutShortWithADiagnostic() throws {
    let c = try rogue("ENDLESS_CHANGES")
    let (_, child, k) = pair(c)
    ok(brace_constraint_activate(c.ctx, k), c.ctx)
    c.log.clear()
    c.cycle()  // returns: the take_changed loop is bounded
    #expect(c.log.pluginMessages.contains { $0.contains("rogue_solver") && $0.contains("take_changed") }, "\(c.log.pluginMessages)")
    _ = child
  }
}
