import CBrace
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A call of one C function with valid out pointers, for the table-driven checks.
struct Call: CustomTestStringConvertible, Sendable {
  let name: String
  let run: @Sendable (OpaquePointer?, brace_node) -> brace_status
  var testDescription: String { name }
}

/// Every node-taking function of node.h and cycle.h, called with valid arguments.
let nodeCalls: [Call] = [
  Call(name: "brace_node_destroy") { c, n in brace_node_destroy(c, n) },
  Call(name: "brace_node_add_subview") { c, n in brace_node_add_subview(c, n, n) },
  Call(name: "brace_node_insert_subview") { c, n in brace_node_insert_subview(c, n, n, 0) },
  Call(name: "brace_node_remove_from_superview") { c, n in brace_node_remove_from_superview(c, n) },
  Call(name: "brace_node_get_superview") { c, n in var o: brace_node = 0; return brace_node_get_superview(c, n, &o) },
  Call(name: "brace_node_get_subview_count") { c, n in var o = 0; return brace_node_get_subview_count(c, n, &o) },
  Call(name: "brace_node_get_subview") { c, n in var o: brace_node = 0; return brace_node_get_subview(c, n, 0, &o) },
  Call(name: "brace_node_get_subviews") { c, n in var o = 0; return brace_node_get_subviews(c, n, nil, 0, &o) },
  Call(name: "brace_node_get_index") { c, n in var o = 0; return brace_node_get_index(c, n, &o) },
  Call(name: "brace_node_set_frame") { c, n in brace_node_set_frame(c, n, rect(0, 0, 1, 1)) },
  Call(name: "brace_node_get_frame") { c, n in var o = brace_rect(); return brace_node_get_frame(c, n, &o) },
  Call(name: "brace_node_set_bounds") { c, n in brace_node_set_bounds(c, n, rect(0, 0, 1, 1)) },
  Call(name: "brace_node_get_bounds") { c, n in var o = brace_rect(); return brace_node_get_bounds(c, n, &o) },
  Call(name: "brace_node_set_center") { c, n in brace_node_set_center(c, n, brace_point(x: 1, y: 1)) },
  Call(name: "brace_node_get_center") { c, n in var o = brace_point(); return brace_node_get_center(c, n, &o) },
  Call(name: "brace_node_set_alignment_rect_insets") { c, n in brace_node_set_alignment_rect_insets(c, n, brace_insets()) },
  Call(name: "brace_node_get_alignment_rect_insets") { c, n in var o = brace_insets(); return brace_node_get_alignment_rect_insets(c, n, &o) },
  Call(name: "brace_node_get_alignment_rect") { c, n in var o = brace_rect(); return brace_node_get_alignment_rect(c, n, &o) },
  Call(name: "brace_node_frame_for_alignment_rect") { c, n in var o = brace_rect(); return brace_node_frame_for_alignment_rect(c, n, rect(0, 0, 1, 1), &o) },
  Call(name: "brace_node_set_hidden") { c, n in brace_node_set_hidden(c, n, true) },
  Call(name: "brace_node_get_hidden") { c, n in var o = false; return brace_node_get_hidden(c, n, &o) },
  Call(name: "brace_node_set_layout_direction") { c, n in brace_node_set_layout_direction(c, n, BRACE_DIRECTION_RTL) },
  Call(name: "brace_node_get_layout_direction") { c, n in var o = BRACE_DIRECTION_INHERIT; return brace_node_get_layout_direction(c, n, &o) },
  Call(name: "brace_node_get_effective_layout_direction") { c, n in var o = BRACE_DIRECTION_INHERIT; return brace_node_get_effective_layout_direction(c, n, &o) },
  Call(name: "brace_node_set_layout_margins") { c, n in brace_node_set_layout_margins(c, n, brace_insets()) },
  Call(name: "brace_node_get_layout_margins") { c, n in var o = brace_insets(); return brace_node_get_layout_margins(c, n, &o) },
  Call(name: "brace_node_set_directional_layout_margins") { c, n in brace_node_set_directional_layout_margins(c, n, brace_directional_insets()) },
  Call(name: "brace_node_get_directional_layout_margins") { c, n in var o = brace_directional_insets(); return brace_node_get_directional_layout_margins(c, n, &o) },
  Call(name: "brace_node_set_intrinsic_content_size") { c, n in brace_node_set_intrinsic_content_size(c, n, brace_size(width: 1, height: 1)) },
  Call(name: "brace_node_get_intrinsic_content_size") { c, n in var o = brace_size(); return brace_node_get_intrinsic_content_size(c, n, &o) },
  Call(name: "brace_node_invalidate_intrinsic_content_size") { c, n in brace_node_invalidate_intrinsic_content_size(c, n) },
  Call(name: "brace_node_set_content_hugging_priority") { c, n in brace_node_set_content_hugging_priority(c, n, BRACE_AXIS_VERTICAL, 300) },
  Call(name: "brace_node_get_content_hugging_priority") { c, n in var o: brace_priority = 0; return brace_node_get_content_hugging_priority(c, n, BRACE_AXIS_VERTICAL, &o) },
  Call(name: "brace_node_set_compression_resistance_priority") { c, n in brace_node_set_compression_resistance_priority(c, n, BRACE_AXIS_VERTICAL, 300) },
  Call(name: "brace_node_get_compression_resistance_priority") { c, n in var o: brace_priority = 0; return brace_node_get_compression_resistance_priority(c, n, BRACE_AXIS_VERTICAL, &o) },
  Call(name: "brace_node_set_autoresizing_mask") { c, n in brace_node_set_autoresizing_mask(c, n, 1) },
  Call(name: "brace_node_get_autoresizing_mask") { c, n in var o: UInt32 = 0; return brace_node_get_autoresizing_mask(c, n, &o) },
  Call(name: "brace_node_set_autoresizes_subviews") { c, n in brace_node_set_autoresizes_subviews(c, n, false) },
  Call(name: "brace_node_get_autoresizes_subviews") { c, n in var o = false; return brace_node_get_autoresizes_subviews(c, n, &o) },
  Call(name: "brace_node_set_translates_autoresizing_mask") { c, n in brace_node_set_translates_autoresizing_mask(c, n, false) },
  Call(name: "brace_node_get_translates_autoresizing_mask") { c, n in var o = false; return brace_node_get_translates_autoresizing_mask(c, n, &o) },
  Call(name: "brace_node_set_user_data") { c, n in brace_node_set_user_data(c, n, nil) },
  Call(name: "brace_node_get_user_data") { c, n in var o: UnsafeMutableRawPointer?; return brace_node_get_user_data(c, n, &o) },
  Call(name: "brace_node_set_needs_update_constraints") { c, n in brace_node_set_needs_update_constraints(c, n) },
  Call(name: "brace_node_set_needs_layout") { c, n in brace_node_set_needs_layout(c, n) },
  Call(name: "brace_node_set_needs_display") { c, n in brace_node_set_needs_display(c, n) },
  Call(name: "brace_node_set_needs_display_in_rect") { c, n in brace_node_set_needs_display_in_rect(c, n, rect(0, 0, 1, 1)) },
  Call(name: "brace_node_get_needs_update_constraints") { c, n in var o = false; return brace_node_get_needs_update_constraints(c, n, &o) },
  Call(name: "brace_node_get_needs_layout") { c, n in var o = false; return brace_node_get_needs_layout(c, n, &o) },
  Call(name: "brace_node_get_needs_display") { c, n in var o = false; return brace_node_get_needs_display(c, n, &o, nil) },
  Call(name: "brace_node_set_callbacks") { c, n in brace_node_set_callbacks(c, n, nil) },
  Call(name: "brace_node_super_update_constraints") { c, n in brace_node_super_update_constraints(c, n) },
  Call(name: "brace_node_super_layout_subviews") { c, n in brace_node_super_layout_subviews(c, n) },
  Call(name: "brace_node_super_intrinsic_content_size") { c, n in var o = brace_size(); return brace_node_super_intrinsic_content_size(c, n, &o) },
  Call(name: "brace_node_update_constraints_if_needed") { c, n in brace_node_update_constraints_if_needed(c, n) },
  Call(name: "brace_node_layout_if_needed") { c, n in brace_node_layout_if_needed(c, n) },
]

/// Context-level functions (the node argument is ignored).
let contextCalls: [Call] = [
  Call(name: "brace_node_create") { c, _ in var o: brace_node = 0; return brace_node_create(c, &o) },
  Call(name: "brace_context_get_options") { c, _ in
    var o = brace_context_options(); o.struct_size = UInt32(MemoryLayout<brace_context_options>.size)
    return brace_context_get_options(c, &o)
  },
  Call(name: "brace_context_set_diagnostic_callback") { c, _ in brace_context_set_diagnostic_callback(c, nil, nil) },
  Call(name: "brace_context_set_trace_callback") { c, _ in brace_context_set_trace_callback(c, nil, nil) },
  Call(name: "brace_context_run_update_cycle") { c, _ in brace_context_run_update_cycle(c) },
  Call(name: "brace_context_run_phase") { c, _ in brace_context_run_phase(c, BRACE_PHASE_LAYOUT) },
  Call(name: "brace_context_get_pending") { c, _ in var o: UInt32 = 0; return brace_context_get_pending(c, &o) },
  Call(name: "brace_context_get_changed_frames") { c, _ in var o = 0; return brace_context_get_changed_frames(c, 0, nil, 0, &o) },
]

/// Functions with an out pointer, called with NULL for it.
let nullOutCalls: [Call] = [
  Call(name: "brace_node_create") { c, _ in brace_node_create(c, nil) },
  Call(name: "brace_context_get_options") { c, _ in brace_context_get_options(c, nil) },
  Call(name: "brace_context_get_pending") { c, _ in brace_context_get_pending(c, nil) },
  Call(name: "brace_context_get_changed_frames") { c, _ in brace_context_get_changed_frames(c, 0, nil, 0, nil) },
  Call(name: "brace_node_get_superview") { c, n in brace_node_get_superview(c, n, nil) },
  Call(name: "brace_node_get_subview_count") { c, n in brace_node_get_subview_count(c, n, nil) },
  Call(name: "brace_node_get_subview") { c, n in brace_node_get_subview(c, n, 0, nil) },
  Call(name: "brace_node_get_subviews") { c, n in var b: [brace_node] = [0]; return brace_node_get_subviews(c, n, &b, 1, nil) },
  Call(name: "brace_node_get_index") { c, n in brace_node_get_index(c, n, nil) },
  Call(name: "brace_node_get_frame") { c, n in brace_node_get_frame(c, n, nil) },
  Call(name: "brace_node_get_bounds") { c, n in brace_node_get_bounds(c, n, nil) },
  Call(name: "brace_node_get_center") { c, n in brace_node_get_center(c, n, nil) },
  Call(name: "brace_node_get_alignment_rect_insets") { c, n in brace_node_get_alignment_rect_insets(c, n, nil) },
  Call(name: "brace_node_get_alignment_rect") { c, n in brace_node_get_alignment_rect(c, n, nil) },
  Call(name: "brace_node_frame_for_alignment_rect") { c, n in brace_node_frame_for_alignment_rect(c, n, rect(0, 0, 1, 1), nil) },
  Call(name: "brace_node_get_hidden") { c, n in brace_node_get_hidden(c, n, nil) },
  Call(name: "brace_node_get_layout_direction") { c, n in brace_node_get_layout_direction(c, n, nil) },
  Call(name: "brace_node_get_effective_layout_direction") { c, n in brace_node_get_effective_layout_direction(c, n, nil) },
  Call(name: "brace_node_get_layout_margins") { c, n in brace_node_get_layout_margins(c, n, nil) },
  Call(name: "brace_node_get_directional_layout_margins") { c, n in brace_node_get_directional_layout_margins(c, n, nil) },
  Call(name: "brace_node_get_intrinsic_content_size") { c, n in brace_node_get_intrinsic_content_size(c, n, nil) },
  Call(name: "brace_node_get_content_hugging_priority") { c, n in brace_node_get_content_hugging_priority(c, n, BRACE_AXIS_HORIZONTAL, nil) },
  Call(name: "brace_node_get_compression_resistance_priority") { c, n in brace_node_get_compression_resistance_priority(c, n, BRACE_AXIS_HORIZONTAL, nil) },
  Call(name: "brace_node_get_autoresizing_mask") { c, n in brace_node_get_autoresizing_mask(c, n, nil) },
  Call(name: "brace_node_get_autoresizes_subviews") { c, n in brace_node_get_autoresizes_subviews(c, n, nil) },
  Call(name: "brace_node_get_translates_autoresizing_mask") { c, n in brace_node_get_translates_autoresizing_mask(c, n, nil) },
  Call(name: "brace_node_get_user_data") { c, n in brace_node_get_user_data(c, n, nil) },
  Call(name: "brace_node_get_needs_update_constraints") { c, n in brace_node_get_needs_update_constraints(c, n, nil) },
  Call(name: "brace_node_get_needs_layout") { c, n in brace_node_get_needs_layout(c, n, nil) },
]

@Suite struct ErrorTests {
  @Test(arguments: nodeCalls + contextCalls)
  func nullContextIsAnInvalidArgumentReportedOnTheNullContext(call: Call) {
    let fx = Fixture()
    let n = fx.node()
    expectFailure(call.run(nil, n), BRACE_E_INVALID_ARGUMENT, nil, mentions: [call.name, "context is NULL"])
  }

  @Test(arguments: nodeCalls)
  func zeroHandleIsInvalidHandleForEveryNodeFunction(call: Call) {
    let fx = Fixture()
    expectFailure(call.run(fx.ctx, 0), BRACE_E_INVALID_HANDLE, fx.ctx, mentions: [call.name, "null handle"])
  }

  @Test(arguments: nodeCalls)
  func staleHandleIsStaleForEveryNodeFunctionEvenAfterSlotReuse(call: Call) {
    let fx = Fixture()
    let n = fx.node()
    ok(brace_node_destroy(fx.ctx, n), fx.ctx)
    let reused = fx.node()
    #expect(reused & 0xFF_FFFF == n & 0xFF_FFFF, "the slot was reused")
    fx.settle()
    expectFailure(call.run(fx.ctx, n), BRACE_E_STALE_HANDLE, fx.ctx, mentions: [call.name, "stale", nodeName(n)])
    // The node now living in the slot was not touched.
    #expect(fx.pending() == 0)
    #expect(brace_node_is_alive(fx.ctx, reused))
    #expect(!brace_node_is_alive(fx.ctx, n))
  }

  @Test(arguments: nodeCalls)
  func foreignHandleIsForeignForEveryNodeFunction(call: Call) {
    let fx = Fixture()
    let other = Fixture()
    _ = fx.node()  // slot 0 is live in both contexts
    let theirs = other.node()
    fx.settle()
    expectFailure(call.run(fx.ctx, theirs), BRACE_E_FOREIGN_HANDLE, fx.ctx, mentions: [call.name, "another context"])
    #expect(fx.pending() == 0)
    #expect(brace_node_is_alive(other.ctx, theirs))
  }

  @Test(arguments: nullOutCalls)
  func nullOutPointerIsAnInvalidArgument(call: Call) {
    let fx = Fixture()
    let p = fx.node()
    _ = fx.node(in: p)
    expectFailure(call.run(fx.ctx, p), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: [call.name, "NULL"])
  }

  @Test func getSubviewsRefusesANullBufferWithACapacity() {
    let fx = Fixture()
    let p = fx.node()
    var count = 7
    expectFailure(brace_node_get_subviews(fx.ctx, p, nil, 3, &count), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["brace_node_get_subviews", "buffer"])
  }

  /// capacity is a size_t: SIZE_MAX with a buffer that holds every subview is a valid
  /// call ("copy up to capacity"). Run in a child process, since a trap kills the host.
  @Test func getSubviewsWithSizeMaxCapacityDoesNotCrash() async {
    await #expect(processExitsWith: .success) {
      var c: OpaquePointer?
      _ = brace_context_create(nil, &c)
      var p: brace_node = 0, k: brace_node = 0
      _ = brace_node_create(c, &p)
      _ = brace_node_create(c, &k)
      _ = brace_node_add_subview(c, p, k)
      var buf = [brace_node](repeating: 0, count: 4)
      var count = 0
      let s = brace_node_get_subviews(c, p, &buf, Int(bitPattern: UInt.max), &count)
      // Either answer is acceptable; crashing is not.
      if s == BRACE_OK && (count != 1 || buf[0] != k) { exit(2) }
      if s != BRACE_OK && s != BRACE_E_INVALID_ARGUMENT { exit(3) }
    }
  }

  @Test func getNeedsDisplayAcceptsNullForBothOutputs() {
    let fx = Fixture()
    let n = fx.node()
    ok(brace_node_get_needs_display(fx.ctx, n, nil, nil), fx.ctx)
  }

  @Test func setCallbacksWithNullRemovesAndIsNotAnError() {
    let fx = Fixture()
    let n = fx.node()
    ok(brace_node_set_callbacks(fx.ctx, n, nil), fx.ctx)
  }

  @Test func statusNameNamesEveryStatus() {
    let names = [
      "BRACE_OK", "BRACE_E_INVALID_ARGUMENT", "BRACE_E_INVALID_HANDLE", "BRACE_E_STALE_HANDLE",
      "BRACE_E_FOREIGN_HANDLE", "BRACE_E_INDEX_OUT_OF_RANGE", "BRACE_E_CYCLE", "BRACE_E_BUSY",
      "BRACE_E_REENTRANCY", "BRACE_E_FEEDBACK_LOOP", "BRACE_E_NOT_FOUND", "BRACE_E_TYPE_MISMATCH",
      "BRACE_E_INVALID_STATE", "BRACE_E_PLUGIN", "BRACE_E_UNSATISFIABLE", "BRACE_E_NO_MEMORY",
      "BRACE_E_DUPLICATE",
    ]
    for (i, name) in names.enumerated() {
      #expect(statusName(brace_status(rawValue: UInt32(i))) == name)
    }
    #expect(statusName(BRACE_E_STALE_HANDLE) == "BRACE_E_STALE_HANDLE")
    #expect(statusName(brace_status(rawValue: 9999)) == "BRACE_E_UNKNOWN")
    #expect(statusName(brace_status(rawValue: UInt32.max)) == "BRACE_E_UNKNOWN")
  }

  @Test func lastErrorOfNullContextReportsCreateFailures() {
    var o = brace_context_options()
    brace_context_options_init(&o)
    o.scale = -2
    var c: OpaquePointer?
    #expect(brace_context_create(&o, &c) == BRACE_E_INVALID_ARGUMENT)
    let m = lastError(nil)
    #expect(m.contains("brace_context_create") && m.contains("scale") && m.contains("-2"), "\(m)")
  }

  @Test func lastErrorIsPerContext() {
    let a = Fixture(), b = Fixture()
    expectFailure(brace_node_get_frame(a.ctx, 0, nil), BRACE_E_INVALID_HANDLE, a.ctx, mentions: ["brace_node_get_frame"])
    expectFailure(brace_context_run_phase(b.ctx, brace_phase(rawValue: 3)), BRACE_E_INVALID_ARGUMENT, b.ctx, mentions: ["brace_context_run_phase"])
    #expect(lastError(a.ctx).contains("brace_node_get_frame"), "a's message is not overwritten by b's failure")
  }

  @Test func failedCallsChangeNothing() {
    let fx = Fixture()
    let p = fx.node()
    let a = fx.node(in: p, frame: rect(1, 2, 3, 4))
    fx.settle()
    // A mix of failures of every kind, none of which may leave a trace.
    _ = brace_node_set_frame(fx.ctx, a, rect(0, 0, -1, 1))
    _ = brace_node_set_bounds(fx.ctx, a, rect(0, 0, .nan, 1))
    _ = brace_node_set_center(fx.ctx, a, brace_point(x: .infinity, y: 0))
    _ = brace_node_insert_subview(fx.ctx, p, a, 5)
    _ = brace_node_add_subview(fx.ctx, a, p)
    _ = brace_node_set_content_hugging_priority(fx.ctx, a, BRACE_AXIS_HORIZONTAL, 0)
    _ = brace_node_set_autoresizing_mask(fx.ctx, a, 64)
    _ = brace_node_set_layout_direction(fx.ctx, a, brace_layout_direction(rawValue: 9))
    _ = brace_node_set_intrinsic_content_size(fx.ctx, a, brace_size(width: -3, height: 0))
    _ = brace_node_set_needs_display_in_rect(fx.ctx, a, rect(0, 0, 1, .nan))
    _ = brace_context_run_phase(fx.ctx, brace_phase(rawValue: 0))
    #expect(same(fx.frame(a), rect(1, 2, 3, 4)))
    #expect(fx.subviews(p) == [a])
    #expect(fx.superview(p) == BRACE_NODE_NONE)
    #expect(fx.pending() == 0, "no failed call flagged anything")
  }
}
