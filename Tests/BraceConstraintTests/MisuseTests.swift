import CBrace
import Testing

/// Callbacks and calls that try to pull the engine's state out from under it, as found in
/// review: each must either be refused or leave the engine consistent.
@Suite("Misuse from callbacks and dead items")
struct MisuseTests {
  private let LEFT = BRACE_ATTR_LEFT, WIDTH = BRACE_ATTR_WIDTH, TOP = BRACE_ATTR_TOP
  private let EQ = BRACE_RELATION_EQUAL

  @Test func aGuideCannotBeRemovedFromASuperviewItDoesNotHave() throws {
    let fx = try Fx()
    let owner = fx.view(in: fx.window())
    let g = fx.guide(owner)
    #expect(brace_node_remove_from_superview(fx.ctx, g) == BRACE_E_INVALID_ARGUMENT)
    #expect(lastError(fx.ctx).contains("layout guide"))
    // The guide still belongs to its owner: destroying the owner takes it, and nothing else.
    var other: brace_node = 0
    ok(brace_node_destroy(fx.ctx, g), fx.ctx)
    ok(brace_node_create(fx.ctx, &other), fx.ctx)  // may reuse the guide's slot
    ok(brace_node_destroy(fx.ctx, owner), fx.ctx)
    #expect(brace_node_is_alive(fx.ctx, other), "an unrelated node was destroyed with the owner")
  }

  @Test func aBrokenConstraintOfADestroyedNodeIsNotInheritedByItsSlot() throws {
    let fx = try Fx()
    let w = fx.window()
    let a = fx.view(in: w)
    fx.add(a, WIDTH, EQ, 100)
    let bad = fx.add(a, WIDTH, EQ, 50)
    #expect(fx.isBroken(bad))
    ok(brace_node_destroy(fx.ctx, a), fx.ctx)
    #expect(!fx.isActive(bad), "a constraint on a destroyed node is deactivated, broken or not")
    #expect(fx.broken().isEmpty)
    let fresh = fx.view(in: w)  // may reuse a's slot
    #expect(fx.constraints(of: fresh).isEmpty)
  }

  @Test func aBrokenConstraintTyingADetachedViewToTheTreeIsDeactivated() throws {
    let fx = try Fx()
    let w = fx.window()
    let a = fx.view(in: w), b = fx.view(in: w)
    fx.add(a, WIDTH, EQ, 10)
    fx.add(b, WIDTH, EQ, 10)
    let bad = fx.add(a, WIDTH, EQ, b, WIDTH, 1)
    #expect(fx.isBroken(bad))
    ok(brace_node_remove_from_superview(fx.ctx, b), fx.ctx)
    #expect(!fx.isActive(bad), "its items no longer share a tree")
    #expect(fx.broken().isEmpty)
  }

  @Test func aDiagnosticsCallbackThatDestroysPartOfABatchDoesNotActivateAStranger() throws {
    let fx = try Fx()
    let w = fx.window()
    let a = fx.view(in: w)
    fx.add(a, WIDTH, EQ, 100)
    let conflicting = fx.make(a, WIDTH, EQ, 0, BRACE_ATTR_NONE, 50)
    let victim = fx.make(a, TOP, EQ, w, TOP, 10)
    // On the conflict report, destroy the second constraint of the batch and create
    // another one, which takes its slot.
    final class Plan {
      var ctx: OpaquePointer?
      var victim: brace_constraint = 0
      var stranger: brace_constraint = 0
      var item: brace_node = 0
    }
    let plan = Plan()
    plan.ctx = fx.ctx
    plan.victim = victim
    plan.item = a
    ok(brace_context_set_diagnostic_callback(fx.ctx, { ctx, d, ud in
      let p = Unmanaged<Plan>.fromOpaque(ud!).takeUnretainedValue()
      guard d!.pointee.kind == BRACE_DIAGNOSTIC_UNSATISFIABLE, p.stranger == 0 else { return }
      _ = brace_constraint_destroy(ctx, p.victim)
      _ = brace_constraint_create(ctx, p.item, BRACE_ATTR_HEIGHT, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 1, 7, &p.stranger)
    }, Unmanaged.passUnretained(plan).toOpaque()), fx.ctx)
    var batch = [conflicting, victim]
    ok(brace_constraints_activate(fx.ctx, &batch, 2), fx.ctx)
    #expect(plan.stranger != 0)
    #expect(!fx.isActive(plan.stranger), "a constraint created during the batch was activated by it")
  }

  @Test func anIntrinsicCallbackThatTakesItsNodeOutOfLayoutLeavesNoOrphans() throws {
    let fx = try Fx()
    let w = fx.window()
    let a = fx.view(in: w)
    final class State {
      var ctx: OpaquePointer?
      var only: brace_constraint = 0
      var fired = false
    }
    let state = State()
    state.ctx = fx.ctx
    var cb = brace_node_callbacks()
    cb.struct_size = UInt32(MemoryLayout<brace_node_callbacks>.size)
    cb.user_data = Unmanaged.passUnretained(state).toOpaque()
    cb.intrinsic_content_size = { ctx, _, ud in
      let s = Unmanaged<State>.fromOpaque(ud!).takeUnretainedValue()
      if !s.fired {
        s.fired = true
        _ = brace_constraint_deactivate(ctx, s.only)
      }
      return brace_size(width: 40, height: 20)
    }
    ok(brace_node_set_callbacks(fx.ctx, a, &cb), fx.ctx)
    state.only = fx.make(a, LEFT, EQ, w, LEFT, 5)
    ok(brace_constraint_activate(fx.ctx, state.only), fx.ctx)
    #expect(state.fired)
    #expect(fx.constraints(of: a).isEmpty, "no generated constraints are left for a node out of layout")
    #expect(!fx.ambiguous(a))
    fx.cycle()
  }

  @Test func baselinesDoNotOutliveTheirNode() throws {
    let fx = try Fx()
    var a: brace_node = 0
    ok(brace_node_create(fx.ctx, &a), fx.ctx)
    ok(brace_node_set_baseline_offsets(fx.ctx, a, 13, 4), fx.ctx)
    ok(brace_node_destroy(fx.ctx, a), fx.ctx)
    // A node in the same slot has no baseline: its first baseline is its bottom.
    let w = fx.window()
    let b = fx.view(in: w), c = fx.view(in: w)
    fx.add(b, TOP, EQ, w, TOP, 0)
    fx.add(b, BRACE_ATTR_HEIGHT, EQ, 30)
    fx.add(c, TOP, EQ, b, BRACE_ATTR_FIRST_BASELINE, 0)
    fx.cycle()
    #expect(fx.frame(c).y == 30, "got \(fx.frame(c))")
  }

  @Test func anIntrinsicCallbackAskingForItsOwnSizeDoesNotRecurse() throws {
    let fx = try Fx()
    let w = fx.window()
    let a = fx.view(in: w)
    ok(brace_node_set_intrinsic_content_size(fx.ctx, a, brace_size(width: 33, height: 11)), fx.ctx)
    var cb = brace_node_callbacks()
    cb.struct_size = UInt32(MemoryLayout<brace_node_callbacks>.size)
    cb.intrinsic_content_size = { ctx, node, _ in
      var s = brace_size()
      _ = brace_node_get_intrinsic_content_size(ctx, node, &s)  // the stored value, not itself again
      return brace_size(width: s.width * 2, height: s.height)
    }
    ok(brace_node_set_callbacks(fx.ctx, a, &cb), fx.ctx)
    var got = brace_size()
    ok(brace_node_get_intrinsic_content_size(fx.ctx, a, &got), fx.ctx)
    #expect(got.width == 66 && got.height == 11)
  }
}

/// Found by the API fuzz: destroying a node whose constraint was the only thing keeping
/// its superview in constraint layout, while a broken constraint waits for a retry, made
/// the retry re-enter the destruction of the superview's generated constraints and free
/// one constraint slot twice; two later constraints then shared a slot and one of them
/// was silently never enforced.
@Suite("Re-entrant constraint destruction")
struct ReentrantDestructionTests {
  @Test func aRetriedBrokenConstraintDoesNotFreeASlotTwice() throws {
    let fx = try Fx()
    var n1: brace_node = 0, n4: brace_node = 0
    ok(brace_node_create(fx.ctx, &n1), fx.ctx)
    ok(brace_node_set_translates_autoresizing_mask(fx.ctx, n1, false), fx.ctx)
    // Never satisfiable (x == x + 167): broken, retried after every deactivation.
    let impossible = fx.add(n1, BRACE_ATTR_BOTTOM_MARGIN, BRACE_RELATION_EQUAL, n1, BRACE_ATTR_BOTTOM_MARGIN, 167)
    #expect(fx.isBroken(impossible))
    ok(brace_node_set_intrinsic_content_size(fx.ctx, n1, brace_size(width: 30, height: 20)), fx.ctx)
    ok(brace_node_create(fx.ctx, &n4), fx.ctx)
    ok(brace_node_set_translates_autoresizing_mask(fx.ctx, n4, false), fx.ctx)
    ok(brace_node_add_subview(fx.ctx, n1, n4), fx.ctx)
    let tie = fx.add(n4, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, n1, BRACE_ATTR_WIDTH, multiplier: 2, 143)
    ok(brace_node_destroy(fx.ctx, n4), fx.ctx)  // n1 leaves constraint layout with its intrinsic constraints
    ok(brace_constraint_destroy(fx.ctx, impossible), fx.ctx)
    ok(brace_constraint_destroy(fx.ctx, tie), fx.ctx)
    ok(brace_node_destroy(fx.ctx, n1), fx.ctx)
    // Two new constraints must get two slots: both are enforced.
    let w = fx.window()
    let a = fx.view(in: w)
    fx.add(a, BRACE_ATTR_LEFT, BRACE_RELATION_EQUAL, w, BRACE_ATTR_LEFT, 10)
    fx.add(a, BRACE_ATTR_TOP, BRACE_RELATION_EQUAL, w, BRACE_ATTR_TOP, 20)
    fx.add(a, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, 100)
    fx.add(a, BRACE_ATTR_HEIGHT, BRACE_RELATION_EQUAL, 50)
    fx.cycle()
    #expect(same(fx.frame(a), rect(10, 20, 100, 50)), "got \(fx.frame(a))")
    #expect(!fx.ambiguous(a))
  }
}
