import CBrace
import Testing

@Suite struct CallbackTests {
  @Test func willLayoutDidRunInOrderAroundTheTrace() {
    let fx = Fixture()
    let n = fx.node()
    let h = Hooks()
    var log: [String] = []
    h.willLayout = { _, _ in log.append("will:\(fx.trace.events.last?.kind.rawValue ?? 0)") }
    h.layout = { _, _ in log.append("layout:\(fx.trace.events.last?.kind.rawValue ?? 0)") }
    h.didLayout = { _, _ in log.append("did:\(fx.trace.events.last?.kind.rawValue ?? 0)") }
    fx.install(h, on: n)
    fx.cycle()
    // Each callback runs after its trace event: WILL_LAYOUT(4), LAYOUT(5), DID_LAYOUT(6).
    #expect(log == ["will:4", "layout:5", "did:6"])
    #expect(h.calls == ["will:\(n)", "layout:\(n)", "did:\(n)"])
  }

  @Test func callbacksReceiveTheContextTheNodeAndTheirUserData() {
    let fx = Fixture()
    let n = fx.node()
    let h = Hooks()
    var seen: [(OpaquePointer, brace_node)] = []
    h.layout = { c, node in seen.append((c, node)) }
    h.updateConstraints = { c, node in seen.append((c, node)) }
    h.draw = { c, node, _ in seen.append((c, node)) }
    fx.install(h, on: n)
    ok(brace_node_set_needs_update_constraints(fx.ctx, n), fx.ctx)
    fx.cycle()
    #expect(seen.count == 3)
    #expect(seen.allSatisfy { $0.0 == fx.ctx && $0.1 == n })
    #expect(h.calls == ["update:\(n)", "layout:\(n)", "draw:\(n)"])
  }

  @Test func setCallbacksReplacesAndNullRemoves() {
    let fx = Fixture()
    let n = fx.node()
    let first = Hooks(), second = Hooks()
    first.layout = { _, _ in }
    second.layout = { _, _ in }
    fx.install(first, on: n)
    fx.install(second, on: n)
    fx.cycle()
    #expect(first.calls.isEmpty)
    #expect(second.calls == ["layout:\(n)"])
    ok(brace_node_set_callbacks(fx.ctx, n, nil), fx.ctx)
    ok(brace_node_set_needs_layout(fx.ctx, n), fx.ctx)
    fx.cycle()
    #expect(second.calls.count == 1)
    #expect(fx.trace.count(BRACE_TRACE_LAYOUT, n) == 1, "the default layout still runs and is traced")
  }

  @Test func setCallbacksRejectsATooSmallStructSize() {
    let fx = Fixture()
    let n = fx.node()
    var cb = brace_node_callbacks()
    cb.struct_size = 8
    expectFailure(brace_node_set_callbacks(fx.ctx, n, &cb), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["brace_node_set_callbacks", "struct_size"])
  }

  // MARK: call super

  @Test func layoutSubviewsCallbackCanCallSuper() {
    let fx = Fixture()
    let n = fx.node()
    _ = fx.node(in: n)
    let h = Hooks()
    var status = BRACE_E_INVALID_STATE
    h.layout = { c, node in status = brace_node_super_layout_subviews(c, node) }
    fx.install(h, on: n)
    fx.cycle()
    #expect(status == BRACE_OK, "\(statusName(status))")
  }

  @Test func updateConstraintsCallbackCanCallSuper() {
    let fx = Fixture()
    let n = fx.node()
    let h = Hooks()
    var status = BRACE_E_INVALID_STATE
    h.updateConstraints = { c, node in status = brace_node_super_update_constraints(c, node) }
    fx.install(h, on: n)
    ok(brace_node_set_needs_update_constraints(fx.ctx, n), fx.ctx)
    fx.cycle()
    #expect(status == BRACE_OK, "\(statusName(status))")
  }

  @Test func intrinsicSizeCallbackCanCallSuperForTheStoredValue() {
    let fx = Fixture()
    let n = fx.node()
    ok(brace_node_set_intrinsic_content_size(fx.ctx, n, brace_size(width: 10, height: 20)), fx.ctx)
    let h = Hooks()
    h.intrinsicSize = { c, node in
      var s = brace_size()
      let st = brace_node_super_intrinsic_content_size(c, node, &s)
      return st == BRACE_OK ? brace_size(width: s.width * 2, height: s.height + 1) : brace_size(width: -7, height: -7)
    }
    fx.install(h, on: n)
    let s = fx.intrinsic(n)
    #expect(s.width == 20 && s.height == 21)
    #expect(h.count("intrinsic") == 1)
  }

  @Test func superOutsideTheCallbackIsReentrancy() {
    let fx = Fixture()
    let n = fx.node()
    expectFailure(brace_node_super_layout_subviews(fx.ctx, n), BRACE_E_REENTRANCY, fx.ctx, mentions: ["brace_node_super_layout_subviews", "layout_subviews", nodeName(n)])
    expectFailure(brace_node_super_update_constraints(fx.ctx, n), BRACE_E_REENTRANCY, fx.ctx, mentions: ["brace_node_super_update_constraints", "update_constraints"])
    var s = brace_size(width: 3, height: 3)
    expectFailure(brace_node_super_intrinsic_content_size(fx.ctx, n, &s), BRACE_E_REENTRANCY, fx.ctx, mentions: ["brace_node_super_intrinsic_content_size", "intrinsic_content_size"])
    #expect(s.width == 3)
  }

  @Test func superFromAnotherCallbackOrForAnotherNodeIsReentrancy() {
    let fx = Fixture()
    let n = fx.node()
    let other = fx.node(in: n)
    let h = Hooks()
    var results: [String: brace_status] = [:]
    h.willLayout = { c, node in results["super layout from will"] = brace_node_super_layout_subviews(c, node) }
    h.layout = { c, node in
      results["super layout of another node"] = brace_node_super_layout_subviews(c, other)
      results["super constraints from layout"] = brace_node_super_update_constraints(c, node)
      var s = brace_size()
      results["super intrinsic from layout"] = brace_node_super_intrinsic_content_size(c, node, &s)
    }
    h.didLayout = { c, node in results["super layout from did"] = brace_node_super_layout_subviews(c, node) }
    fx.install(h, on: n)
    fx.cycle()
    #expect(results.count == 5)
    for (what, s) in results {
      #expect(s == BRACE_E_REENTRANCY, "\(what): \(statusName(s))")
    }
    // And after the callback returned, super is refused again.
    expectFailure(brace_node_super_layout_subviews(fx.ctx, n), BRACE_E_REENTRANCY, fx.ctx)
  }

  // MARK: re-entrant calls that are allowed

  @Test func layoutCallbackCanSetChildFramesWhichAreLaidOutLaterInTheSamePass() {
    let fx = Fixture()
    let root = fx.node()
    ok(brace_node_set_frame(fx.ctx, root, rect(0, 0, 200, 100)), fx.ctx)
    let left = fx.node(in: root), right = fx.node(in: root)
    let h = Hooks()
    h.layout = { c, node in
      var b = brace_rect()
      _ = brace_node_get_bounds(c, node, &b)
      _ = brace_node_set_frame(c, left, rect(0, 0, b.width / 2, b.height))
      _ = brace_node_set_frame(c, right, rect(b.width / 2, 0, b.width / 2, b.height))
    }
    fx.install(h, on: root)
    fx.settle()
    ok(brace_node_set_frame(fx.ctx, root, rect(0, 0, 300, 60)), fx.ctx)
    fx.cycle()
    #expect(same(fx.frame(left), rect(0, 0, 150, 60)))
    #expect(same(fx.frame(right), rect(150, 0, 150, 60)))
    let order = fx.trace.nodes(BRACE_TRACE_LAYOUT)
    #expect(order.first == root)
    #expect(order.contains(left) && order.contains(right), "resized children are laid out in the same pass")
    if let r = order.firstIndex(of: root), let l = order.firstIndex(of: left) { #expect(r < l) }
    #expect(fx.pending() == 0)
    #expect(fx.trace.count(BRACE_TRACE_LAYOUT, left) == 1)
  }

  @Test func layoutCallbackCanReadGeometryAndFlagDisplay() {
    let fx = Fixture()
    let n = fx.node()
    let child = fx.node(in: n, frame: rect(1, 2, 3, 4))
    let h = Hooks()
    var read = brace_rect()
    var statuses: [brace_status] = []
    h.layout = { c, node in
      statuses.append(brace_node_get_frame(c, child, &read))
      statuses.append(brace_node_set_needs_display(c, child))
      statuses.append(brace_node_set_needs_display_in_rect(c, node, rect(0, 0, 1, 1)))
    }
    fx.install(h, on: n)
    fx.settle()
    statuses.removeAll()
    ok(brace_node_set_needs_layout(fx.ctx, n), fx.ctx)
    fx.cycle()
    #expect(statuses == [BRACE_OK, BRACE_OK, BRACE_OK])
    #expect(same(read, rect(1, 2, 3, 4)))
    #expect(Set(fx.trace.nodes(BRACE_TRACE_DRAW)) == [n, child], "display flagged during layout is drawn in the same turn")
  }

  @Test func layoutCallbackCanCreateAndDestroyOtherNodes() {
    let fx = Fixture()
    let root = fx.node()
    let doomed = fx.node(in: root)
    let doomedChild = fx.node(in: doomed)
    let sibling = fx.node()
    let h = Hooks()
    var created: brace_node = 0
    var statuses: [brace_status] = []
    var armed = false
    h.layout = { c, node in
      // Changing its own subviews re-flags the node (add/remove flag the superview):
      // act once, the second layout of the turn finds nothing to do.
      guard armed else { return }
      armed = false
      statuses.append(brace_node_create(c, &created))
      statuses.append(brace_node_add_subview(c, node, created))
      statuses.append(brace_node_destroy(c, doomed))
      statuses.append(brace_node_destroy(c, sibling))
    }
    fx.install(h, on: root)
    fx.settle()
    armed = true
    ok(brace_node_set_needs_layout(fx.ctx, root), fx.ctx)
    // sibling (another root) and doomedChild are flagged too: they must simply be skipped.
    ok(brace_node_set_needs_layout(fx.ctx, sibling), fx.ctx)
    ok(brace_node_set_needs_layout(fx.ctx, doomedChild), fx.ctx)
    fx.cycle()
    #expect(statuses == [BRACE_OK, BRACE_OK, BRACE_OK, BRACE_OK], "\(statuses.map(statusName))")
    #expect(!brace_node_is_alive(fx.ctx, doomed) && !brace_node_is_alive(fx.ctx, doomedChild) && !brace_node_is_alive(fx.ctx, sibling))
    #expect(brace_node_is_alive(fx.ctx, created))
    #expect(fx.subviews(root) == [created])
    let laidOut = fx.trace.nodes(BRACE_TRACE_LAYOUT)
    #expect(!laidOut.contains(doomedChild) && !laidOut.contains(doomed))
    #expect(laidOut.contains(created), "a subview added during layout is laid out in the same turn")
    // The freed slots are reusable and the old handles stay stale.
    let fresh = (0..<4).map { _ in fx.node() }
    #expect(!fresh.contains(doomed) && !brace_node_is_alive(fx.ctx, doomed))
  }

  @Test func layoutCallbackCanRunLayoutIfNeededOnASubtree() {
    let fx = Fixture()
    let root = fx.node()
    let a = fx.node(in: root)
    let a1 = fx.node(in: a)
    let b = fx.node(in: root)
    let h = Hooks()
    var status = BRACE_E_INVALID_STATE
    var orderInside: [brace_node] = []
    h.layout = { c, _ in
      _ = brace_node_set_needs_layout(c, b)
      status = brace_node_layout_if_needed(c, b)
      orderInside = fx.trace.nodes(BRACE_TRACE_LAYOUT)
    }
    fx.install(h, on: a)
    fx.settle()
    ok(brace_node_set_needs_layout(fx.ctx, a), fx.ctx)
    ok(brace_node_set_needs_layout(fx.ctx, a1), fx.ctx)
    fx.cycle()
    #expect(status == BRACE_OK, "\(statusName(status)): \(lastError(fx.ctx))")
    #expect(orderInside == [a, b], "b was laid out synchronously inside a's layout")
    #expect(fx.trace.count(BRACE_TRACE_LAYOUT, b) == 1, "and not again by the turn")
    #expect(fx.trace.count(BRACE_TRACE_LAYOUT, a1) == 1)
    #expect(fx.pending() == 0)
  }

  @Test func layoutIfNeededOnTheNodeBeingLaidOutSkipsItAndKeepsItsFlag() {
    let fx = Fixture()
    let n = fx.node()
    let h = Hooks()
    var status = BRACE_E_INVALID_STATE
    var flagged = false
    var round = 0
    h.layout = { c, node in
      round += 1
      guard round == 1 else { return }
      _ = brace_node_set_needs_layout(c, node)
      status = brace_node_layout_if_needed(c, node)
      _ = brace_node_get_needs_layout(c, node, &flagged)
    }
    fx.install(h, on: n)
    fx.cycle()
    #expect(status == BRACE_OK)
    #expect(flagged, "the flag stays for the running pass")
    #expect(round == 2, "the running pass lays it out again")
  }

  @Test func drawAndUpdateConstraintsCallbacksMayReenterToo() {
    let fx = Fixture()
    let n = fx.node()
    let child = fx.node(in: n)
    let h = Hooks()
    var statuses: [brace_status] = []
    h.updateConstraints = { c, _ in statuses.append(brace_node_set_needs_layout(c, child)) }
    h.draw = { c, _, _ in
      var r = brace_rect()
      statuses.append(brace_node_get_frame(c, child, &r))
      var made: brace_node = 0
      statuses.append(brace_node_create(c, &made))
      statuses.append(brace_node_destroy(c, made))
    }
    fx.install(h, on: n)
    fx.settle()
    statuses.removeAll()
    ok(brace_node_set_needs_update_constraints(fx.ctx, n), fx.ctx)
    ok(brace_node_set_needs_display(fx.ctx, n), fx.ctx)
    fx.cycle()
    #expect(statuses == [BRACE_OK, BRACE_OK, BRACE_OK, BRACE_OK], "\(statuses.map(statusName))")
    #expect(fx.trace.nodes(BRACE_TRACE_LAYOUT) == [child], "flagged in the constraints pass, laid out in the same turn")
  }

  // MARK: re-entrant calls that are refused

  @Test func destroyingTheNodeBeingLaidOutIsReentrancyAndChangesNothing() {
    let fx = Fixture()
    let root = fx.node()
    let n = fx.node(in: root)
    let child = fx.node(in: n)
    let h = Hooks()
    var selfStatus = BRACE_OK, ancestorStatus = BRACE_OK
    var selfMessage = "", ancestorMessage = ""
    h.layout = { c, node in
      selfStatus = brace_node_destroy(c, node)
      selfMessage = lastError(c)
      ancestorStatus = brace_node_destroy(c, root)
      ancestorMessage = lastError(c)
    }
    fx.install(h, on: n)
    fx.cycle()
    #expect(selfStatus == BRACE_E_REENTRANCY)
    #expect(selfMessage.contains("brace_node_destroy") && selfMessage.contains(nodeName(n)), "\(selfMessage)")
    #expect(ancestorStatus == BRACE_E_REENTRANCY)
    #expect(ancestorMessage.contains("brace_node_destroy") && ancestorMessage.contains(nodeName(root)), "\(ancestorMessage)")
    for x in [root, n, child] { #expect(brace_node_is_alive(fx.ctx, x)) }
    #expect(fx.subviews(root) == [n])
    #expect(fx.subviews(n) == [child])
    #expect(fx.trace.count(BRACE_TRACE_LAYOUT, child) == 1, "the pass went on")
    // Afterwards, destroying works.
    ok(brace_node_destroy(fx.ctx, root), fx.ctx)
  }

  @Test func destroyingTheNodeFromWillDidUpdateOrDrawIsReentrancy() {
    let fx = Fixture()
    let n = fx.node()
    let h = Hooks()
    var statuses: [String: brace_status] = [:]
    h.willLayout = { c, node in statuses["will"] = brace_node_destroy(c, node) }
    h.didLayout = { c, node in statuses["did"] = brace_node_destroy(c, node) }
    h.updateConstraints = { c, node in statuses["update"] = brace_node_destroy(c, node) }
    h.draw = { c, node, _ in statuses["draw"] = brace_node_destroy(c, node) }
    fx.install(h, on: n)
    ok(brace_node_set_needs_update_constraints(fx.ctx, n), fx.ctx)
    fx.cycle()
    #expect(statuses.count == 4)
    for (k, s) in statuses { #expect(s == BRACE_E_REENTRANCY, "\(k): \(statusName(s))") }
    #expect(brace_node_is_alive(fx.ctx, n))
  }

  @Test func destroyingAChildOfTheNodeBeingLaidOutIsAllowed() {
    let fx = Fixture()
    let n = fx.node()
    let child = fx.node(in: n)
    let grandchild = fx.node(in: child)
    let h = Hooks()
    var status = BRACE_E_INVALID_STATE
    var done = false
    h.layout = { c, _ in
      // Removing a subview flags the node again: the second layout finds nothing to do.
      guard !done else { return }
      done = true
      status = brace_node_destroy(c, child)
    }
    fx.install(h, on: n)
    fx.cycle()
    #expect(status == BRACE_OK)
    #expect(!brace_node_is_alive(fx.ctx, child) && !brace_node_is_alive(fx.ctx, grandchild))
    #expect(fx.trace.count(BRACE_TRACE_LAYOUT, child) == 0)
    #expect(fx.subviews(n).isEmpty)
  }

  @Test func runningATurnOrPhaseOrDestroyingTheContextFromACallbackIsReentrancy() {
    let fx = Fixture()
    let n = fx.node()
    let h = Hooks()
    var results: [String: (brace_status, String)] = [:]
    func attempt(_ where_: String, _ c: OpaquePointer) {
      results["\(where_) run_update_cycle"] = (brace_context_run_update_cycle(c), lastError(c))
      results["\(where_) run_phase"] = (brace_context_run_phase(c, BRACE_PHASE_DISPLAY), lastError(c))
      results["\(where_) context_destroy"] = (brace_context_destroy(c), lastError(c))
    }
    h.updateConstraints = { c, _ in attempt("update", c) }
    h.willLayout = { c, _ in attempt("will", c) }
    h.layout = { c, _ in attempt("layout", c) }
    h.draw = { c, _, _ in attempt("draw", c) }
    h.intrinsicSize = { c, _ in attempt("intrinsic", c); return brace_size(width: -1, height: -1) }
    fx.install(h, on: n)
    ok(brace_node_set_needs_update_constraints(fx.ctx, n), fx.ctx)
    fx.cycle()
    _ = fx.intrinsic(n)
    #expect(results.count == 15)
    for (k, (s, msg)) in results {
      #expect(s == BRACE_E_REENTRANCY, "\(k): \(statusName(s))")
      #expect(msg.contains("brace_context_"), "\(k): \(msg)")
    }
    // The context is intact and still works.
    #expect(brace_node_is_alive(fx.ctx, n))
    ok(brace_node_set_needs_layout(fx.ctx, n), fx.ctx)
    fx.cycle()
    #expect(fx.trace.count(BRACE_TRACE_LAYOUT, n) == 1)
  }

  @Test func runningATurnFromTheTraceOrDiagnosticCallbackIsReentrancy() {
    final class Box { var statuses: [brace_status] = [] }
    let fx = Fixture()
    let box = Box()
    _ = fx.node()
    ok(brace_context_set_trace_callback(fx.ctx, { c, _, ud in
      let b = Unmanaged<Box>.fromOpaque(ud!).takeUnretainedValue()
      if b.statuses.count < 3 {
        b.statuses.append(brace_context_run_update_cycle(c))
        b.statuses.append(brace_context_destroy(c))
      }
    }, Unmanaged.passUnretained(box).toOpaque()), fx.ctx)
    ok(brace_context_run_update_cycle(fx.ctx), fx.ctx)
    #expect(box.statuses == [BRACE_E_REENTRANCY, BRACE_E_REENTRANCY, BRACE_E_REENTRANCY, BRACE_E_REENTRANCY])
    ok(brace_context_set_trace_callback(fx.ctx, nil, nil), fx.ctx)
    withExtendedLifetime(box) {}
  }

  @Test func intrinsicSizeCallbackIsUsedWhileAPassRuns() {
    let fx = Fixture()
    let root = fx.node()
    let n = fx.node(in: root)
    let h = Hooks()
    h.intrinsicSize = { _, _ in brace_size(width: 12, height: 34) }
    fx.install(h, on: n)
    let rh = Hooks()
    var seen = brace_size()
    rh.layout = { c, _ in _ = brace_node_get_intrinsic_content_size(c, n, &seen) }
    fx.install(rh, on: root)
    fx.cycle()
    #expect(seen.width == 12 && seen.height == 34)
  }
}
