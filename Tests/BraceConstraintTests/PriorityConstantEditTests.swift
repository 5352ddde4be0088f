// Priorities (strict, closest approach for optional constraints, changing them), the
// cheap constant change, and edit variables.
import CBrace
import Testing

@Suite("Priorities")
struct PriorityTests {
  @Test func priorityIsStrictTwoHundredLowerConstraintsLoseToOneHigher() throws {
    let fx = try Fx()
    let r = fx.window()
    let a = fx.view(in: r)
    fx.add(a, LEFT, EQ, r, LEFT)
    fx.add(a, TOP, EQ, r, TOP)
    fx.add(a, HEIGHT, EQ, 10)
    var many = (0..<200).map { _ in fx.make(a, WIDTH, EQ, 0, NONE, 100, priority: 250) }
    many.append(fx.make(a, WIDTH, EQ, 0, NONE, 50, priority: 251))
    ok(brace_constraints_activate(fx.ctx, many, many.count), fx.ctx)
    fx.cycle()
    expectFrame(fx.frame(a), rect(0, 0, 50, 10))
    // Without the 251 one the 250s win.
    ok(brace_constraint_deactivate(fx.ctx, many.last!), fx.ctx)
    fx.cycle()
    expectFrame(fx.frame(a), rect(0, 0, 100, 10))
  }

  @Test func optionalConstraintsThatCannotHoldGetAsCloseAsPossible() throws {
    let fx = try Fx()
    let r = fx.window()
    let a = fx.view(in: r), b = fx.view(in: r)
    fx.add(a, LEFT, EQ, r, LEFT)
    fx.add(a, TOP, EQ, r, TOP)
    fx.add(a, HEIGHT, EQ, 10)
    fx.add(a, WIDTH, LE, 300)
    fx.add(a, WIDTH, EQ, 500, priority: 500)  // cannot hold: as close as the required allows
    fx.add(b, LEFT, EQ, r, LEFT)
    fx.add(b, TOP, EQ, r, TOP, 20)
    fx.add(b, HEIGHT, EQ, 10)
    fx.add(b, WIDTH, GE, 120)
    fx.add(b, WIDTH, LE, 80, priority: 1)  // even the lowest priority is brought as close as it can be
    fx.cycle()
    expectFrame(fx.frame(a), rect(0, 0, 300, 10))
    expectFrame(fx.frame(b), rect(0, 20, 120, 10))
  }

  @Test func optionalConstraintsAreWeightedByPriorityAgainstEachOther() throws {
    let fx = try Fx()
    let r = fx.window()
    let a = fx.view(in: r)
    fx.add(a, LEFT, EQ, r, LEFT)
    fx.add(a, TOP, EQ, r, TOP)
    fx.add(a, HEIGHT, EQ, 10)
    fx.add(a, WIDTH, GE, 200, priority: 600)
    fx.add(a, WIDTH, LE, 100, priority: 599)
    fx.cycle()
    expectFrame(fx.frame(a), rect(0, 0, 200, 10))
  }

  @Test func changingPriorityAmongOptionalValuesOnAnActiveConstraintReSolves() throws {
    let fx = try Fx()
    let r = fx.window()
    let a = fx.view(in: r)
    fx.add(a, LEFT, EQ, r, LEFT)
    fx.add(a, TOP, EQ, r, TOP)
    fx.add(a, HEIGHT, EQ, 10)
    let small = fx.add(a, WIDTH, EQ, 100, priority: 300)
    let large = fx.add(a, WIDTH, EQ, 200, priority: 400)
    fx.cycle()
    expectFrame(fx.frame(a), rect(0, 0, 200, 10))
    ok(brace_constraint_set_priority(fx.ctx, small, 500), fx.ctx)
    fx.cycle()
    expectFrame(fx.frame(a), rect(0, 0, 100, 10))
    ok(brace_constraint_set_priority(fx.ctx, large, 999), fx.ctx)
    fx.cycle()
    expectFrame(fx.frame(a), rect(0, 0, 200, 10))
    var p: Float = 0
    ok(brace_constraint_get_priority(fx.ctx, large, &p), fx.ctx)
    #expect(p == 999)
  }

  @Test func switchingAnActiveConstraintBetweenRequiredAndOptionalIsRefused() throws {
    let fx = try Fx()
    let r = fx.window()
    let a = fx.view(in: r)
    let required = fx.add(a, WIDTH, EQ, 100)
    let optional = fx.add(a, WIDTH, EQ, 200, priority: 999)
    expectFailure(brace_constraint_set_priority(fx.ctx, required, 999), BRACE_E_INVALID_STATE, fx.ctx, mentions: ["required", "optional"])
    expectFailure(brace_constraint_set_priority(fx.ctx, optional, 1000), BRACE_E_INVALID_STATE, fx.ctx, mentions: ["required", "optional"])
    var p: Float = 0
    ok(brace_constraint_get_priority(fx.ctx, required, &p), fx.ctx)
    #expect(p == 1000)
    ok(brace_constraint_get_priority(fx.ctx, optional, &p), fx.ctx)
    #expect(p == 999)
    // Inactive, the switch is allowed.
    ok(brace_constraint_deactivate(fx.ctx, required), fx.ctx)
    ok(brace_constraint_set_priority(fx.ctx, required, 10), fx.ctx)
    ok(brace_constraint_set_priority(fx.ctx, required, 1000), fx.ctx)
    ok(brace_constraint_activate(fx.ctx, required), fx.ctx)
    fx.add(a, LEFT, EQ, r, LEFT)
    fx.add(a, TOP, EQ, r, TOP)
    fx.add(a, HEIGHT, EQ, 10)
    fx.cycle()
    expectFrame(fx.frame(a), rect(0, 0, 100, 10))
  }
}

@Suite("Constant changes")
struct ConstantTests {
  /// A row of three views: a at `lead`, b after a with `gap`, c filling to the window's
  /// right edge minus 10. Returns the fixture, the window, the views and the gap constraint.
  private func row(gap: Double) throws -> (Fx, [brace_node], brace_constraint) {
    let fx = try Fx()
    let r = fx.window()
    let a = fx.view(in: r), b = fx.view(in: r), c = fx.view(in: r)
    fx.add(a, LEADING, EQ, r, LEADING, 10)
    fx.add(a, WIDTH, EQ, 50)
    let k = fx.add(b, LEADING, EQ, a, TRAILING, gap)
    fx.add(b, WIDTH, EQ, a, WIDTH, multiplier: 2)
    fx.add(c, LEADING, EQ, b, TRAILING, 5)
    fx.add(c, TRAILING, EQ, r, TRAILING, -10)
    for n in [a, b, c] {
      fx.add(n, TOP, EQ, r, TOP, 20)
      fx.add(n, HEIGHT, EQ, r, HEIGHT, multiplier: 0.25)
    }
    fx.cycle()
    return (fx, [r, a, b, c], k)
  }

  @Test func setConstantReSolvesAndMatchesAFreshLayoutWithTheNewConstant() throws {
    let (fx, nodes, gap) = try row(gap: 8)
    expectFrame(fx.frame(nodes[2]), rect(68, 20, 100, 75))
    expectFrame(fx.frame(nodes[3]), rect(173, 20, 217, 75))
    fx.setConstant(gap, 40)
    var k = 0.0
    ok(brace_constraint_get_constant(fx.ctx, gap, &k), fx.ctx)
    #expect(k == 40)
    let before = nodes.map { fx.frame($0) }
    #expect(nodes.indices.allSatisfy { same(fx.frame(nodes[$0]), before[$0]) }, "frames change in the layout pass, not at once")
    fx.cycle()
    let (fresh, freshNodes, _) = try row(gap: 40)
    for (n, f) in zip(nodes, freshNodes) {
      expectFrame(fx.frame(n), fresh.frame(f), "after set_constant vs a fresh layout")
    }
    expectFrame(fx.frame(nodes[2]), rect(100, 20, 100, 75))
    // Back and forth ends where it started.
    fx.setConstant(gap, -20)
    fx.cycle()
    fx.setConstant(gap, 8)
    fx.cycle()
    expectFrame(fx.frame(nodes[2]), rect(68, 20, 100, 75))
    expectFrame(fx.frame(nodes[3]), rect(173, 20, 217, 75))
  }

  @Test func setConstantOnAnInactiveConstraintTakesEffectWhenActivated() throws {
    let (fx, nodes, gap) = try row(gap: 8)
    ok(brace_constraint_deactivate(fx.ctx, gap), fx.ctx)
    fx.setConstant(gap, 30)
    ok(brace_constraint_activate(fx.ctx, gap), fx.ctx)
    fx.cycle()
    expectFrame(fx.frame(nodes[2]), rect(90, 20, 100, 75))
  }

  @Test func setConstantOfAnOptionalConstraint() throws {
    let fx = try Fx()
    let r = fx.window()
    let a = fx.view(in: r)
    fx.add(a, LEFT, EQ, r, LEFT)
    fx.add(a, TOP, EQ, r, TOP)
    fx.add(a, HEIGHT, EQ, 10)
    fx.add(a, WIDTH, LE, 150)
    let w = fx.add(a, WIDTH, EQ, 100, priority: 700)
    fx.cycle()
    expectFrame(fx.frame(a), rect(0, 0, 100, 10))
    fx.setConstant(w, 120)
    fx.cycle()
    expectFrame(fx.frame(a), rect(0, 0, 120, 10))
    fx.setConstant(w, 400)  // beyond the required bound: as close as possible
    fx.cycle()
    expectFrame(fx.frame(a), rect(0, 0, 150, 10))
  }
}

@Suite("Edit variables")
struct EditTests {
  /// A root that edits resize (translation off), with a child pinned 10 in from each
  /// side that must be at least 250 wide.
  private func scene() throws -> (Fx, brace_node, brace_node) {
    let fx = try Fx()
    let root = fx.view(in: nil)
    let a = fx.view(in: root)
    fx.add(a, LEFT, EQ, root, LEFT, 10)
    fx.add(a, RIGHT, EQ, root, RIGHT, -10)
    fx.add(a, TOP, EQ, root, TOP, 10)
    fx.add(a, BOTTOM, EQ, root, BOTTOM, -10)
    fx.add(a, WIDTH, GE, 250)
    ok(brace_context_add_edit(fx.ctx, root, WIDTH, 500), fx.ctx)
    ok(brace_context_add_edit(fx.ctx, root, HEIGHT, 500), fx.ctx)
    return (fx, root, a)
  }

  @Test func suggestedRootSizeIsHonoredByTheNextCycle() throws {
    let (fx, root, a) = try scene()
    ok(brace_context_suggest_value(fx.ctx, root, WIDTH, 300), fx.ctx)
    ok(brace_context_suggest_value(fx.ctx, root, HEIGHT, 200), fx.ctx)
    fx.cycle()
    #expect(fx.frame(root).width == 300)
    #expect(fx.frame(root).height == 200)
    expectFrame(fx.frame(a), rect(10, 10, 280, 180))
    ok(brace_context_suggest_value(fx.ctx, root, WIDTH, 420), fx.ctx)
    fx.cycle()
    #expect(fx.frame(root).width == 420)
    expectFrame(fx.frame(a), rect(10, 10, 400, 180))
  }

  @Test func suggestionBeyondTheRequiredConstraintsIsClamped() throws {
    let (fx, root, a) = try scene()
    ok(brace_context_suggest_value(fx.ctx, root, WIDTH, 100), fx.ctx)
    ok(brace_context_suggest_value(fx.ctx, root, HEIGHT, 200), fx.ctx)
    fx.cycle()
    #expect(fx.frame(root).width == 270, "a needs 250 + 2 * 10")
    expectFrame(fx.frame(a), rect(10, 10, 250, 180))
  }

  @Test func removedEditNoLongerTakesSuggestionsAndCanBeAddedAgain() throws {
    let (fx, root, _) = try scene()
    ok(brace_context_suggest_value(fx.ctx, root, WIDTH, 300), fx.ctx)
    fx.cycle()
    ok(brace_context_remove_edit(fx.ctx, root, WIDTH), fx.ctx)
    expectFailure(brace_context_suggest_value(fx.ctx, root, WIDTH, 350), BRACE_E_INVALID_STATE, fx.ctx, mentions: ["edit"])
    expectFailure(brace_context_remove_edit(fx.ctx, root, WIDTH), BRACE_E_INVALID_STATE, fx.ctx, mentions: ["edit"])
    ok(brace_context_add_edit(fx.ctx, root, WIDTH, 400), fx.ctx)
    ok(brace_context_suggest_value(fx.ctx, root, WIDTH, 360), fx.ctx)
    fx.cycle()
    #expect(fx.frame(root).width == 360)
  }

  @Test func editsOfFreeVariables() throws {
    let fx = try Fx()
    let r = fx.window()
    let a = fx.view(in: r)
    var v: brace_variable = 0
    ok(brace_variable_create(fx.ctx, &v), fx.ctx)
    fx.add(a, LEFT, EQ, r, LEFT)
    fx.add(a, TOP, EQ, r, TOP)
    fx.add(a, HEIGHT, EQ, 10)
    fx.addLinear([brace_term(item: a, attribute: WIDTH, coefficient: 1), brace_term(item: v, attribute: NONE, coefficient: -2)], EQ, 0)
    expectFailure(brace_context_add_edit(fx.ctx, v, WIDTH, 500), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["BRACE_ATTR_NONE"])
    ok(brace_context_add_edit(fx.ctx, v, NONE, 500), fx.ctx)
    ok(brace_context_suggest_value(fx.ctx, v, NONE, 42), fx.ctx)
    fx.cycle()
    var value = 0.0
    ok(brace_variable_get_value(fx.ctx, v, &value), fx.ctx)
    #expect(value == 42)
    expectFrame(fx.frame(a), rect(0, 0, 84, 10))
  }

  @Test func editErrors() throws {
    let (fx, root, a) = try scene()
    expectFailure(brace_context_add_edit(fx.ctx, a, CENTER_X, 500), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["centerX"])
    expectFailure(brace_context_add_edit(fx.ctx, a, RIGHT, 500), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["right"])
    expectFailure(brace_context_add_edit(fx.ctx, a, BRACE_ATTR_LEADING_MARGIN, 500), BRACE_E_INVALID_ARGUMENT, fx.ctx)
    for p: Float in [1000, 0, 1001, .nan] {
      expectFailure(brace_context_add_edit(fx.ctx, a, LEFT, p), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["priority"])
    }
    expectFailure(brace_context_add_edit(fx.ctx, root, WIDTH, 400), BRACE_E_DUPLICATE, fx.ctx)
    expectFailure(brace_context_suggest_value(fx.ctx, a, TOP, 5), BRACE_E_INVALID_STATE, fx.ctx, mentions: ["add_edit"])
    expectFailure(brace_context_suggest_value(fx.ctx, root, WIDTH, .nan), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["finite"])
    expectFailure(brace_context_remove_edit(fx.ctx, a, TOP), BRACE_E_INVALID_STATE, fx.ctx)
    // The failed calls left the existing edits working.
    ok(brace_context_suggest_value(fx.ctx, root, WIDTH, 300), fx.ctx)
    ok(brace_context_suggest_value(fx.ctx, root, HEIGHT, 100), fx.ctx)
    fx.cycle()
    expectFrame(fx.frame(a), rect(10, 10, 280, 80))
  }
}
