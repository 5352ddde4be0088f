import CBrace
import Testing

@Suite struct ContextTests {
  @Test func versionMatchesTheHeader() {
    #expect(brace_version() == UInt32((BRACE_VERSION_MAJOR << 16) | (BRACE_VERSION_MINOR << 8) | BRACE_VERSION_PATCH))
    #expect(brace_version() >> 16 == UInt32(BRACE_VERSION_MAJOR))
    #expect(String(cString: brace_version_string()) == "\(BRACE_VERSION_MAJOR).\(BRACE_VERSION_MINOR).\(BRACE_VERSION_PATCH)")
  }

  @Test func optionsInitFillsTheDefaults() {
    var o = brace_context_options()
    brace_context_options_init(&o)
    #expect(o.struct_size == UInt32(MemoryLayout<brace_context_options>.size))
    #expect(o.scale == 1)
    #expect(o.layout_direction == BRACE_DIRECTION_LTR)
    // 0 selects the default (100) when creating; init may store either.
    #expect(o.feedback_loop_threshold == 0 || o.feedback_loop_threshold == 100)
    brace_context_options_init(nil)  // does nothing, does not crash
  }

  @Test func createWithNullOptionsUsesTheDefaults() {
    var c: OpaquePointer?
    ok(brace_context_create(nil, &c))
    #expect(c != nil)
    var o = brace_context_options()
    o.struct_size = UInt32(MemoryLayout<brace_context_options>.size)
    ok(brace_context_get_options(c, &o), c)
    #expect(o.scale == 1)
    #expect(o.layout_direction == BRACE_DIRECTION_LTR)
    #expect(o.feedback_loop_threshold == 100)
    ok(brace_context_destroy(c))
  }

  @Test func createKeepsTheGivenOptions() {
    var o = brace_context_options()
    brace_context_options_init(&o)
    o.scale = 3
    o.layout_direction = BRACE_DIRECTION_RTL
    o.feedback_loop_threshold = 321
    var c: OpaquePointer?
    ok(brace_context_create(&o, &c))
    var got = brace_context_options()
    got.struct_size = UInt32(MemoryLayout<brace_context_options>.size)
    ok(brace_context_get_options(c, &got), c)
    #expect(got.scale == 3)
    #expect(got.layout_direction == BRACE_DIRECTION_RTL)
    #expect(got.feedback_loop_threshold == 321)
    #expect(got.struct_size == UInt32(MemoryLayout<brace_context_options>.size))
    ok(brace_context_destroy(c))
  }

  @Test(arguments: [(0, 100), (1, 50), (49, 50), (50, 50), (51, 51), (10000, 10000), (10001, 10000), (UInt32.max, 10000)] as [(UInt32, UInt32)])
  func thresholdIsClampedTo50Through10000WithZeroMeaning100(given: UInt32, expected: UInt32) {
    var o = brace_context_options()
    brace_context_options_init(&o)
    o.feedback_loop_threshold = given
    var c: OpaquePointer?
    ok(brace_context_create(&o, &c))
    var got = brace_context_options()
    got.struct_size = UInt32(MemoryLayout<brace_context_options>.size)
    ok(brace_context_get_options(c, &got), c)
    #expect(got.feedback_loop_threshold == expected)
    ok(brace_context_destroy(c))
  }

  @Test(arguments: [0.0, -1.0, -0.0, Double.nan, Double.infinity, -Double.infinity] as [Double])
  func createRejectsANonPositiveOrNonFiniteScale(scale: Double) {
    var o = brace_context_options()
    brace_context_options_init(&o)
    o.scale = scale
    var c: OpaquePointer? = OpaquePointer(bitPattern: 0x1234)
    expectFailure(brace_context_create(&o, &c), BRACE_E_INVALID_ARGUMENT, nil, mentions: ["brace_context_create", "scale"])
    #expect(c == OpaquePointer(bitPattern: 0x1234), "out must be untouched on failure")
  }

  @Test(arguments: [0, 3, 0xFFFF_FFFF] as [UInt32])
  func createRejectsAnInheritOrUnknownDirection(raw: UInt32) {
    var o = brace_context_options()
    brace_context_options_init(&o)
    o.layout_direction = brace_layout_direction(rawValue: raw)
    var c: OpaquePointer?
    expectFailure(brace_context_create(&o, &c), BRACE_E_INVALID_ARGUMENT, nil, mentions: ["brace_context_create", "layout_direction"])
    #expect(c == nil)
  }

  @Test func createRejectsATooSmallStructSize() {
    var o = brace_context_options()
    brace_context_options_init(&o)
    o.struct_size = 4
    var c: OpaquePointer?
    expectFailure(brace_context_create(&o, &c), BRACE_E_INVALID_ARGUMENT, nil, mentions: ["brace_context_create", "struct_size"])
    #expect(c == nil)
  }

  @Test func createRejectsANullOut() {
    expectFailure(brace_context_create(nil, nil), BRACE_E_INVALID_ARGUMENT, nil, mentions: ["brace_context_create", "out"])
  }

  @Test func destroyAcceptsNull() {
    ok(brace_context_destroy(nil))
  }

  @Test func destroyFreesAContextWithATree() {
    var c: OpaquePointer?
    ok(brace_context_create(nil, &c))
    var root: brace_node = 0
    ok(brace_node_create(c, &root), c)
    for _ in 0..<100 {
      var n: brace_node = 0
      ok(brace_node_create(c, &n), c)
      ok(brace_node_add_subview(c, root, n), c)
    }
    ok(brace_context_destroy(c))
  }

  @Test func getOptionsRejectsNullOutAndSmallStructSize() {
    let fx = Fixture()
    expectFailure(brace_context_get_options(fx.ctx, nil), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["brace_context_get_options", "out"])
    var o = brace_context_options()
    o.struct_size = 2
    expectFailure(brace_context_get_options(fx.ctx, &o), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["brace_context_get_options", "struct_size"])
  }

  @Test func rootNodesInheritTheContextDirection() {
    let rtl = Fixture(direction: BRACE_DIRECTION_RTL)
    let r = rtl.node()
    #expect(rtl.effectiveDirection(r) == BRACE_DIRECTION_RTL)
    let ltr = Fixture(direction: BRACE_DIRECTION_LTR)
    let l = ltr.node()
    #expect(ltr.effectiveDirection(l) == BRACE_DIRECTION_LTR)
  }

  @Test func callbacksCanBeRemovedWithNull() {
    let fx = Fixture()
    ok(brace_context_set_trace_callback(fx.ctx, nil, nil), fx.ctx)
    ok(brace_context_set_diagnostic_callback(fx.ctx, nil, nil), fx.ctx)
    _ = fx.node()
    fx.trace.clear()
    ok(brace_context_run_update_cycle(fx.ctx), fx.ctx)
    #expect(fx.trace.events.isEmpty)
  }

  @Test func lastErrorIsEmptyBeforeAnyFailureAndKeptAfterASuccess() {
    let fx = Fixture()
    #expect(lastError(fx.ctx) == "")
    expectFailure(brace_node_destroy(fx.ctx, 0), BRACE_E_INVALID_HANDLE, fx.ctx, mentions: ["brace_node_destroy"])
    let n = fx.node()
    ok(brace_node_set_needs_layout(fx.ctx, n), fx.ctx)
    #expect(lastError(fx.ctx).contains("brace_node_destroy"), "successful calls do not clear the message")
  }
}
