// Constraint layout inside the update cycle: which nodes a change lays out, layout_if_needed,
// and what tree changes do to constraints.
import CBrace
import Testing

@Suite("Update-cycle integration")
struct UpdateCycleIntegrationTests {
  private struct Scene {
    let fx: Fx
    let r: brace_node, p1: brace_node, a1: brace_node, a2: brace_node, p2: brace_node, b1: brace_node
    let a1Left: brace_constraint, a1Width: brace_constraint
    /// p1.left == r.left + 10, p1.width == 180 (held by r), a1.left == p1.left + 10
    /// (held by p1), a2.top >= b1.top (held by r, ties the subtrees).
    let p1Left: brace_constraint, p1Width: brace_constraint, inside: brace_constraint, across: brace_constraint
    var all: [brace_node] { [r, p1, a1, a2, p2, b1] }
  }

  /// A window with two constraint-driven subtrees: p1 (a1, a2) and p2 (b1).
  private func scene() throws -> Scene {
    let fx = try Fx()
    let r = fx.window()
    let p1 = fx.view(in: r), p2 = fx.view(in: r)
    let p1Left = fx.add(p1, LEFT, EQ, r, LEFT, 10)
    fx.add(p1, TOP, EQ, r, TOP, 10)
    let p1Width = fx.add(p1, WIDTH, EQ, 180)
    fx.add(p1, HEIGHT, EQ, 100)
    fx.place(p2, in: r, rect(200, 10, 180, 100))
    let a1 = fx.view(in: p1), a2 = fx.view(in: p1), b1 = fx.view(in: p2)
    let a1Left = fx.add(a1, LEFT, EQ, p1, LEFT, 10)
    fx.add(a1, TOP, EQ, p1, TOP, 10)
    let a1Width = fx.add(a1, WIDTH, EQ, 50)
    fx.add(a1, HEIGHT, EQ, 20)
    fx.add(a2, LEFT, EQ, a1, RIGHT, 5)
    fx.add(a2, TOP, EQ, a1, TOP)
    fx.add(a2, WIDTH, EQ, 30)
    fx.add(a2, HEIGHT, EQ, 20)
    fx.place(b1, in: p2, rect(10, 10, 40, 40))
    let across = fx.add(a2, TOP, GE, b1, TOP, priority: 1000)
    fx.cycle()
    return Scene(fx: fx, r: r, p1: p1, a1: a1, a2: a2, p2: p2, b1: b1, a1Left: a1Left, a1Width: a1Width,
                 p1Left: p1Left, p1Width: p1Width, inside: a1Left, across: across)
  }

  @Test func constantChangeLaysOutOnlyTheSuperviewsOfMovedViews() throws {
    let s = try scene()
    let fx = s.fx
    expectFrame(fx.frame(s.a1), rect(10, 10, 50, 20))
    expectFrame(fx.frame(s.a2), rect(65, 10, 30, 20))
    expectFrame(fx.frame(s.b1), rect(10, 10, 40, 40))
    fx.setConstant(s.a1Left, 20)
    fx.cycle()
    expectFrame(fx.frame(s.a1), rect(20, 10, 50, 20))
    expectFrame(fx.frame(s.a2), rect(75, 10, 30, 20))
    #expect(fx.trace.laidOut == [s.p1], "a pure move lays out only the superview, got \(fx.trace.laidOut)")
    // A size change lays out the resized view too (its bounds changed), and still nothing else.
    fx.setConstant(s.a1Width, 60)
    fx.cycle()
    expectFrame(fx.frame(s.a1), rect(20, 10, 60, 20))
    expectFrame(fx.frame(s.a2), rect(85, 10, 30, 20))
    #expect(Set(fx.trace.laidOut) == [s.p1, s.a1], "got \(fx.trace.laidOut)")
    #expect(fx.trace.laidOut.first == s.p1, "top-down")
    #expect(!fx.trace.laidOut.contains(s.p2) && !fx.trace.laidOut.contains(s.b1) && !fx.trace.laidOut.contains(s.r))
  }

  @Test func noOpCycleAfterAFullSolveLaysOutNothing() throws {
    let s = try scene()
    let fx = s.fx
    let frames = s.all.map { fx.frame($0) }
    #expect(fx.pending() == 0)
    fx.cycle()
    #expect(fx.trace.laidOut.isEmpty, "got \(fx.trace.laidOut)")
    #expect(fx.trace.nodes(BRACE_TRACE_UPDATE_CONSTRAINTS).isEmpty)
    for (n, f) in zip(s.all, frames) { expectFrame(fx.frame(n), f) }
    // A constant set to its current value changes nothing either.
    fx.setConstant(s.a1Left, 10)
    fx.cycle()
    #expect(fx.trace.laidOut.isEmpty, "got \(fx.trace.laidOut)")
  }

  @Test func layoutIfNeededAfterActivationAppliesTheFrames() throws {
    let s = try scene()
    let fx = s.fx
    let d = fx.view(in: s.p2)
    let width = fx.make(d, WIDTH, EQ, 0, NONE, 10)
    let batch = [fx.make(d, LEFT, EQ, s.b1, RIGHT, 5), fx.make(d, TOP, EQ, s.b1, TOP), width, fx.make(d, HEIGHT, EQ, 0, NONE, 10)]
    ok(brace_constraints_activate(fx.ctx, batch, batch.count), fx.ctx)
    expectFrame(fx.frame(d), rect(0, 0, 0, 0), "not before the layout")
    ok(brace_node_layout_if_needed(fx.ctx, s.r), fx.ctx)
    expectFrame(fx.frame(d), rect(55, 10, 10, 10))
    // On the view itself: it starts from the topmost ancestor that needs layout (p2).
    fx.setConstant(width, 25)
    ok(brace_node_layout_if_needed(fx.ctx, d), fx.ctx)
    expectFrame(fx.frame(d), rect(55, 10, 25, 10))
    fx.cycle()
    #expect(fx.trace.laidOut.isEmpty, "layout_if_needed left nothing to lay out, got \(fx.trace.laidOut)")
    expectFrame(fx.frame(d), rect(55, 10, 25, 10))
  }

  @Test func removingAViewDeactivatesConstraintsTyingItsSubtreeToTheOutsideOnly() throws {
    let s = try scene()
    let fx = s.fx
    let a1Frame = fx.frame(s.a1), a2Frame = fx.frame(s.a2)
    ok(brace_node_remove_from_superview(fx.ctx, s.p1), fx.ctx)
    #expect(!fx.isActive(s.p1Left), "p1 to the window: deactivated")
    #expect(!fx.isActive(s.across), "a2 to b1 in the other subtree: deactivated")
    #expect(fx.isActive(s.inside), "a1 to p1, inside the subtree: stays")
    #expect(fx.isActive(s.a1Width), "a1's own width: stays")
    #expect(!fx.constraints(of: s.r).contains(s.p1Left))
    #expect(!fx.constraints(of: s.b1).contains(s.across))
    fx.cycle()
    expectFrame(fx.frame(s.a1), a1Frame)
    expectFrame(fx.frame(s.a2), a2Frame)
    // Moving the subtree elsewhere keeps its inner constraints working.
    ok(brace_node_add_subview(fx.ctx, s.p2, s.p1), fx.ctx)
    ok(brace_constraint_activate(fx.ctx, s.p1Width), fx.ctx)  // (a no-op when it stayed active)
    fx.add(s.p1, LEFT, EQ, s.p2, LEFT)
    fx.add(s.p1, TOP, EQ, s.p2, TOP, 50)
    fx.add(s.p1, HEIGHT, EQ, 100)
    fx.cycle()
    expectFrame(fx.frame(s.p1), rect(0, 50, 180, 100))
    expectFrame(fx.frame(s.a1), a1Frame)
    fx.setConstant(s.inside, 30)
    fx.cycle()
    expectFrame(fx.frame(s.a1), rect(30, 10, 50, 20))
    expectFrame(fx.frame(s.a2), rect(85, 10, 30, 20))
    #expect(fx.broken().isEmpty)
  }

  @Test func removingAViewKeepsItsOwnConstantSizeConstraints() throws {
    let s = try scene()
    let fx = s.fx
    // p1.width == 180 names p1 alone: it ties p1 to nothing outside its subtree, so it
    // stays active when p1 leaves the window (UIKit installs it on p1 itself).
    ok(brace_node_remove_from_superview(fx.ctx, s.p1), fx.ctx)
    #expect(fx.isActive(s.p1Width), "p1's own width: stays active")
    #expect(fx.constraints(of: s.p1).contains(s.p1Width))
    fx.cycle()
    #expect(fx.frame(s.p1).width == 180, "got \(describe(fx.frame(s.p1)))")
  }

  @Test func destroyingANodeDeactivatesTheUserConstraintsThatUseIt() throws {
    let s = try scene()
    let fx = s.fx
    let usingA1 = fx.constraints(of: s.a1).filter { fx.identifier($0) == nil }
    #expect(usingA1.count == 6, "a1: left, top, width, height, and a2's left and top")
    let unrelated = fx.constraints(of: s.b1)
    ok(brace_node_destroy(fx.ctx, s.a1), fx.ctx)
    for c in usingA1 { #expect(!fx.isActive(c), "a constraint using the destroyed node is deactivated") }
    for c in unrelated { #expect(fx.isActive(c)) }
    // The handles stay valid (the user owns them); they cannot be activated again.
    var k = 0.0
    ok(brace_constraint_get_constant(fx.ctx, s.a1Left, &k), fx.ctx)
    #expect(k == 10)
    #expect(brace_constraint_activate(fx.ctx, s.a1Left) != BRACE_OK)
    #expect(!fx.isActive(s.a1Left))
    ok(brace_constraint_destroy(fx.ctx, s.a1Left), fx.ctx)
    // a2 lost its horizontal position: it is ambiguous now, and the rest still solves.
    fx.cycle()
    #expect(fx.ambiguous(s.a2))
    expectFrame(fx.frame(s.b1), rect(10, 10, 40, 40))
    #expect(fx.broken().isEmpty)
  }

  @Test func destroyingASubtreeDeactivatesConstraintsOfEveryNodeInIt() throws {
    let s = try scene()
    let fx = s.fx
    ok(brace_node_destroy(fx.ctx, s.p1), fx.ctx)
    for c in [s.p1Left, s.p1Width, s.inside, s.a1Width, s.across] { #expect(!fx.isActive(c)) }
    fx.cycle()
    expectFrame(fx.frame(s.p2), rect(200, 10, 180, 100))
    expectFrame(fx.frame(s.b1), rect(10, 10, 40, 40))
  }
}
