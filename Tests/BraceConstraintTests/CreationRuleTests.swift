// The creation rules of brace_constraint_create / _create_linear, activation across
// trees, and the priority domain: each invalid constraint is refused with a message
// that names the rule it breaks, and nothing is created or changed.
import CBrace
import Testing

@Suite("Creation rules")
struct CreationRuleTests {
  /// A window with two constraint-driven subviews.
  private func scene() throws -> (Fx, brace_node, brace_node, brace_node) {
    let fx = try Fx()
    let r = fx.window()
    return (fx, r, fx.view(in: r), fx.view(in: r))
  }

  /// Tries brace_constraint_create and expects it refused; the out handle stays untouched.
  private func refused(
    _ fx: Fx, _ i1: brace_node, _ a1: brace_attribute, _ rel: brace_relation, _ i2: brace_node, _ a2: brace_attribute,
    _ m: Double, _ c: Double, mentions: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var out: brace_constraint = 0xDEAD
    expectFailure(brace_constraint_create(fx.ctx, i1, a1, rel, i2, a2, m, c, &out), BRACE_E_INVALID_ARGUMENT, fx.ctx,
                  mentions: mentions, sourceLocation: sourceLocation)
    #expect(out == 0xDEAD, "the out handle was written on failure", sourceLocation: sourceLocation)
  }

  private func refusedLinear(_ fx: Fx, _ terms: [brace_term], mentions: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    var out: brace_constraint = 0xDEAD
    expectFailure(brace_constraint_create_linear(fx.ctx, terms, terms.count, EQ, 0, &out), BRACE_E_INVALID_ARGUMENT, fx.ctx,
                  mentions: mentions, sourceLocation: sourceLocation)
    #expect(out == 0xDEAD, "the out handle was written on failure", sourceLocation: sourceLocation)
  }

  @Test func sizeAttributePairedWithLocationIsRefusedNamingTheRule() throws {
    let (fx, _, a, b) = try scene()
    refused(fx, a, WIDTH, EQ, b, LEFT, 1, 0, mentions: ["size", "location", "rule"])
    refused(fx, a, TOP, EQ, b, HEIGHT, 1, 0, mentions: ["size", "location", "rule"])
    refused(fx, a, BRACE_ATTR_CENTER_X_WITHIN_MARGINS, EQ, b, WIDTH, 0.5, 0, mentions: ["size", "location"])
    refused(fx, a, HEIGHT, EQ, b, BRACE_ATTR_LAST_BASELINE, 1, 0, mentions: ["size", "location"])
  }

  @Test func xLocationPairedWithYLocationIsRefusedNamingTheRule() throws {
    let (fx, _, a, b) = try scene()
    refused(fx, a, LEFT, EQ, b, TOP, 1, 0, mentions: ["x-axis", "y-axis", "rule"])
    refused(fx, a, CENTER_Y, EQ, b, CENTER_X, 1, 0, mentions: ["x-axis", "y-axis"])
    refused(fx, a, BRACE_ATTR_FIRST_BASELINE, EQ, b, LEADING, 1, 0, mentions: ["x-axis", "y-axis"])
    refused(fx, a, BRACE_ATTR_TRAILING_MARGIN, EQ, b, BRACE_ATTR_BOTTOM_MARGIN, 1, 0, mentions: ["x-axis", "y-axis"])
  }

  @Test func widthPairedWithHeightIsLegal() throws {
    let (fx, _, a, b) = try scene()
    var c: brace_constraint = 0
    ok(brace_constraint_create(fx.ctx, a, WIDTH, EQ, b, HEIGHT, 2, 0, &c), fx.ctx)
    #expect(c != 0)
  }

  @Test func leadingTrailingMixedWithLeftRightIsRefusedInBothForms() throws {
    let (fx, _, a, b) = try scene()
    refused(fx, a, LEADING, EQ, b, LEFT, 1, 0, mentions: ["leading/trailing", "left/right", "rule"])
    refused(fx, a, RIGHT, EQ, b, TRAILING, 1, 0, mentions: ["leading/trailing", "left/right"])
    refused(fx, a, BRACE_ATTR_LEADING_MARGIN, EQ, b, BRACE_ATTR_RIGHT_MARGIN, 1, 0, mentions: ["leading/trailing", "left/right"])
    // centerX is neither family: it goes with both.
    var c: brace_constraint = 0
    ok(brace_constraint_create(fx.ctx, a, CENTER_X, EQ, b, LEADING, 1, 0, &c), fx.ctx)
    ok(brace_constraint_create(fx.ctx, a, CENTER_X, EQ, b, LEFT, 1, 0, &c), fx.ctx)
    // The linear form: one term of each family.
    refusedLinear(fx, [brace_term(item: a, attribute: LEADING, coefficient: 1), brace_term(item: b, attribute: RIGHT, coefficient: -1)],
                  mentions: ["leading/trailing", "left/right"])
    refusedLinear(fx, [brace_term(item: a, attribute: BRACE_ATTR_LEFT_MARGIN, coefficient: 1), brace_term(item: a, attribute: WIDTH, coefficient: 1),
                       brace_term(item: b, attribute: BRACE_ATTR_TRAILING_MARGIN, coefficient: -1)],
                  mentions: ["leading/trailing", "left/right"])
  }

  @Test func locationEqualToAConstantIsRefused() throws {
    let (fx, _, a, b) = try scene()
    // No second item.
    for attr in [LEFT, RIGHT, TOP, BOTTOM, LEADING, TRAILING, CENTER_X, CENTER_Y, BRACE_ATTR_LAST_BASELINE,
                 BRACE_ATTR_FIRST_BASELINE, BRACE_ATTR_LEFT_MARGIN, BRACE_ATTR_CENTER_Y_WITHIN_MARGINS] {
      refused(fx, a, attr, EQ, 0, NONE, 1, 10, mentions: ["location", "constant", "rule"])
    }
    // Multiplier 0 makes the second item vanish.
    refused(fx, a, LEFT, EQ, b, LEFT, 0, 10, mentions: ["multiplier", "constant", "rule"])
    refused(fx, a, CENTER_Y, GE, b, BOTTOM, 0, 0, mentions: ["multiplier", "constant"])
    // A size may equal a constant, and a size with multiplier 0 is just a constant size.
    var c: brace_constraint = 0
    ok(brace_constraint_create(fx.ctx, a, WIDTH, EQ, 0, NONE, 1, 10, &c), fx.ctx)
    ok(brace_constraint_create(fx.ctx, a, HEIGHT, LE, b, HEIGHT, 0, 10, &c), fx.ctx)
  }

  @Test func nonFiniteConstantOrMultiplierIsRefused() throws {
    let (fx, _, a, b) = try scene()
    refused(fx, a, LEFT, EQ, b, LEFT, 1, .nan, mentions: ["constant", "finite"])
    refused(fx, a, LEFT, EQ, b, LEFT, 1, .infinity, mentions: ["constant", "finite"])
    refused(fx, a, WIDTH, EQ, 0, NONE, 1, -.infinity, mentions: ["constant", "finite"])
    refused(fx, a, LEFT, EQ, b, LEFT, .nan, 0, mentions: ["multiplier", "finite"])
    refused(fx, a, WIDTH, EQ, b, WIDTH, .infinity, 0, mentions: ["multiplier", "finite"])
    refusedLinear(fx, [brace_term(item: a, attribute: WIDTH, coefficient: .nan)], mentions: ["coefficient", "finite"])
    var out: brace_constraint = 0
    expectFailure(brace_constraint_create_linear(fx.ctx, [brace_term(item: a, attribute: WIDTH, coefficient: 1)], 1, EQ, .infinity, &out),
                  BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["constant", "finite"])
    // Changing the constant later follows the same rule.
    let c = fx.make(a, WIDTH, EQ, 0, NONE, 10)
    expectFailure(brace_constraint_set_constant(fx.ctx, c, .nan), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["finite"])
    var k = 0.0
    ok(brace_constraint_get_constant(fx.ctx, c, &k), fx.ctx)
    #expect(k == 10)
  }

  @Test func priorityOutsideOneToThousandIsRefused() throws {
    let (fx, _, a, _) = try scene()
    let c = fx.make(a, WIDTH, EQ, 0, NONE, 10)
    for p: Float in [0, 0.5, -1, 1000.5, 1001, .nan, .infinity] {
      expectFailure(brace_constraint_set_priority(fx.ctx, c, p), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["priority", "1...1000"])
    }
    var p: Float = 0
    ok(brace_constraint_get_priority(fx.ctx, c, &p), fx.ctx)
    #expect(p == 1000, "a new constraint is required; refused changes leave it so")
    ok(brace_constraint_set_priority(fx.ctx, c, 1), fx.ctx)
    ok(brace_constraint_get_priority(fx.ctx, c, &p), fx.ctx)
    #expect(p == 1)
  }

  @Test func unknownAttributeOrRelationIsRefused() throws {
    let (fx, _, a, b) = try scene()
    refused(fx, a, brace_attribute(rawValue: 21), EQ, b, LEFT, 1, 0, mentions: ["attribute"])
    refused(fx, a, LEFT, EQ, b, brace_attribute(rawValue: 99), 1, 0, mentions: ["attribute"])
    refused(fx, a, NONE, EQ, 0, NONE, 1, 10, mentions: ["attr1"])
    refused(fx, a, WIDTH, brace_relation(rawValue: 2), 0, NONE, 1, 10, mentions: ["relation"])
    refused(fx, a, WIDTH, brace_relation(rawValue: -2), b, WIDTH, 1, 0, mentions: ["relation"])
    var out: brace_constraint = 0
    expectFailure(brace_constraint_create_linear(fx.ctx, [brace_term(item: a, attribute: WIDTH, coefficient: 1)], 1, brace_relation(rawValue: 7), 0, &out),
                  BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["relation"])
    refusedLinear(fx, [brace_term(item: a, attribute: brace_attribute(rawValue: 40), coefficient: 1)], mentions: ["attribute"])
  }

  @Test func secondAttributeWithoutSecondItemAndViceVersaIsRefused() throws {
    let (fx, _, a, b) = try scene()
    refused(fx, a, WIDTH, EQ, 0, WIDTH, 1, 10, mentions: ["item2", "attr2"])
    refused(fx, a, WIDTH, EQ, b, NONE, 1, 10, mentions: ["item2", "attr2"])
  }

  @Test func linearFormNeedsOneToSixtyFourTermsNotAllZeroAndVariablesWithoutAttributes() throws {
    let (fx, _, a, b) = try scene()
    var out: brace_constraint = 0xDEAD
    let one = [brace_term(item: a, attribute: WIDTH, coefficient: 1)]
    expectFailure(brace_constraint_create_linear(fx.ctx, one, 0, EQ, 0, &out), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["1 to 64 terms"])
    let many = (0..<65).map { k in brace_term(item: k % 2 == 0 ? a : b, attribute: WIDTH, coefficient: 1) }
    expectFailure(brace_constraint_create_linear(fx.ctx, many, many.count, EQ, 0, &out), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["1 to 64 terms"])
    #expect(out == 0xDEAD)
    // 64 is the limit, and it is allowed.
    ok(brace_constraint_create_linear(fx.ctx, many, 64, EQ, 0, &out), fx.ctx)
    refusedLinear(fx, [brace_term(item: a, attribute: WIDTH, coefficient: 0), brace_term(item: b, attribute: WIDTH, coefficient: -0.0)],
                  mentions: ["coefficient", "0"])
    var v: brace_variable = 0
    ok(brace_variable_create(fx.ctx, &v), fx.ctx)
    refusedLinear(fx, [brace_term(item: v, attribute: WIDTH, coefficient: 1)], mentions: ["variable", "BRACE_ATTR_NONE"])
    refusedLinear(fx, [brace_term(item: a, attribute: NONE, coefficient: 1)], mentions: ["attribute"])
    // A variable as item1 of the usual form is not a view.
    refused(fx, v, WIDTH, EQ, 0, NONE, 1, 10, mentions: ["item1"])
  }

  @Test func multipliersOtherThanOneOnLocationsAreLegal() throws {
    let (fx, r, a, _) = try scene()
    // a.centerX == 0.25 * window.right, a.top == 0.5 * window.bottom + 10.
    fx.add(a, CENTER_X, EQ, r, RIGHT, multiplier: 0.25)
    fx.add(a, TOP, EQ, r, BOTTOM, multiplier: 0.5, 10)
    fx.add(a, WIDTH, EQ, 40)
    fx.add(a, HEIGHT, EQ, 20)
    fx.cycle()
    expectFrame(fx.frame(a), rect(80, 160, 40, 20))
  }

  @Test func activationWithoutCommonAncestorIsRefusedAndChangesNothing() throws {
    let fx = try Fx()
    let r1 = fx.window(), r2 = fx.window(rect(0, 0, 200, 200))
    let a = fx.view(in: r1), b = fx.view(in: r2)
    let good = fx.make(a, WIDTH, EQ, 0, NONE, 50)
    let bad = fx.make(a, LEFT, EQ, b, LEFT, 10)
    fx.cycle()
    let pendingBefore = fx.pending()
    expectFailure(brace_constraint_activate(fx.ctx, bad), BRACE_E_INVALID_STATE, fx.ctx, mentions: ["common ancestor"])
    #expect(!fx.isActive(bad))
    // The batch is all or nothing: the good one is not activated either.
    expectFailure(brace_constraints_activate(fx.ctx, [good, bad], 2), BRACE_E_INVALID_STATE, fx.ctx, mentions: ["common ancestor"])
    #expect(!fx.isActive(good))
    #expect(!fx.isActive(bad))
    #expect(fx.constraints(of: a).isEmpty)
    #expect(fx.constraints(of: b).isEmpty)
    #expect(fx.pending() == pendingBefore)
    #expect(fx.broken().isEmpty)
    // Once the trees meet, the same constraint activates.
    ok(brace_node_add_subview(fx.ctx, r1, r2), fx.ctx)
    ok(brace_constraint_activate(fx.ctx, bad), fx.ctx)
    #expect(fx.isActive(bad))
  }

  @Test func activationIsIdempotentAndDestroyStalesTheHandle() throws {
    let (fx, r, a, _) = try scene()
    let c = fx.add(a, LEFT, EQ, r, LEFT, 10)
    ok(brace_constraint_activate(fx.ctx, c), fx.ctx)
    #expect(fx.constraints(of: a) == [c])
    ok(brace_constraint_deactivate(fx.ctx, c), fx.ctx)
    ok(brace_constraint_deactivate(fx.ctx, c), fx.ctx)
    #expect(!fx.isActive(c))
    ok(brace_constraint_destroy(fx.ctx, c), fx.ctx)
    var b = false
    expectFailure(brace_constraint_is_active(fx.ctx, c, &b), BRACE_E_STALE_HANDLE, fx.ctx)
  }
}
