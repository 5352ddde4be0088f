import CBrace
import Testing

@Suite struct TreeTests {
  // MARK: handles and lifetime

  @Test func createdNodeIsAliveRootWithoutSubviews() {
    let fx = Fixture()
    let n = fx.node()
    #expect(n != BRACE_NODE_NONE)
    #expect(brace_node_is_alive(fx.ctx, n))
    #expect(fx.superview(n) == BRACE_NODE_NONE)
    var count = 99
    ok(brace_node_get_subview_count(fx.ctx, n, &count), fx.ctx)
    #expect(count == 0)
  }

  @Test func createdNodesHaveDistinctHandles() {
    let fx = Fixture()
    let handles = (0..<100).map { _ in fx.node() }
    #expect(Set(handles).count == 100)
  }

  @Test func destroyMakesTheHandleStale() {
    let fx = Fixture()
    let n = fx.node()
    ok(brace_node_destroy(fx.ctx, n), fx.ctx)
    #expect(!brace_node_is_alive(fx.ctx, n))
    var r = brace_rect()
    expectFailure(brace_node_get_frame(fx.ctx, n, &r), BRACE_E_STALE_HANDLE, fx.ctx, mentions: ["brace_node_get_frame", "stale", nodeName(n)])
    expectFailure(brace_node_destroy(fx.ctx, n), BRACE_E_STALE_HANDLE, fx.ctx, mentions: ["brace_node_destroy", "stale"])
  }

  @Test func destroyedHandleStaysStaleAfterItsSlotIsReused() {
    let fx = Fixture()
    let old = fx.node()
    ok(brace_node_destroy(fx.ctx, old), fx.ctx)
    // Create until a node reuses the slot (it should be the very next one).
    var reused: brace_node = 0
    for _ in 0..<16 {
      let n = fx.node()
      if n & 0xFF_FFFF == old & 0xFF_FFFF { reused = n; break }
    }
    #expect(reused != 0, "the freed slot was not reused")
    #expect(reused != old)
    #expect(brace_node_is_alive(fx.ctx, reused))
    #expect(!brace_node_is_alive(fx.ctx, old))
    expectFailure(brace_node_set_frame(fx.ctx, old, rect(0, 0, 10, 10)), BRACE_E_STALE_HANDLE, fx.ctx, mentions: ["brace_node_set_frame", "stale"])
    expectFailure(brace_node_add_subview(fx.ctx, reused, old), BRACE_E_STALE_HANDLE, fx.ctx, mentions: ["brace_node_add_subview", "child", "stale"])
    // The new occupant was not touched by the calls through the stale handle.
    #expect(same(fx.frame(reused), rect(0, 0, 0, 0)))
    #expect(fx.subviews(reused).isEmpty)
  }

  @Test func destroyRemovesTheWholeSubtree() {
    let fx = Fixture()
    let root = fx.node()
    let a = fx.node(in: root)
    let a1 = fx.node(in: a)
    let a2 = fx.node(in: a)
    let a11 = fx.node(in: a1)
    let b = fx.node(in: root)
    ok(brace_node_destroy(fx.ctx, a), fx.ctx)
    for n in [a, a1, a2, a11] {
      #expect(!brace_node_is_alive(fx.ctx, n))
      var p: brace_node = 0
      expectFailure(brace_node_get_superview(fx.ctx, n, &p), BRACE_E_STALE_HANDLE, fx.ctx, mentions: ["stale"])
    }
    #expect(brace_node_is_alive(fx.ctx, root))
    #expect(brace_node_is_alive(fx.ctx, b))
    #expect(fx.subviews(root) == [b])
    // Reusing the four freed slots never revives the old handles.
    let fresh = (0..<8).map { _ in fx.node() }
    for n in [a, a1, a2, a11] {
      #expect(!brace_node_is_alive(fx.ctx, n))
      #expect(!fresh.contains(n))
    }
  }

  @Test func destroyFlagsTheOldSuperviewForLayout() {
    let fx = Fixture()
    let root = fx.node()
    let a = fx.node(in: root)
    fx.settle()
    ok(brace_node_destroy(fx.ctx, a), fx.ctx)
    #expect(fx.needsLayout(root))
  }

  @Test func isAliveIsFalseForZeroNullContextAndForeignHandles() {
    let fx = Fixture()
    let other = Fixture()
    let n = fx.node()
    #expect(!brace_node_is_alive(fx.ctx, 0))
    #expect(!brace_node_is_alive(nil, n))
    #expect(!brace_node_is_alive(other.ctx, n))
    #expect(brace_node_is_alive(fx.ctx, n))
  }

  @Test func zeroHandleIsInvalid() {
    let fx = Fixture()
    var r = brace_rect()
    expectFailure(brace_node_get_frame(fx.ctx, 0, &r), BRACE_E_INVALID_HANDLE, fx.ctx, mentions: ["brace_node_get_frame", "null handle"])
  }

  @Test func handleThatWasNeverCreatedIsInvalid() {
    let fx = Fixture()
    let n = fx.node()
    // Same kind, context tag and generation, a slot far past anything created.
    let bogus = (n & ~UInt64(0xFF_FFFF)) | 0x0F_FFFF
    var r = brace_rect()
    expectFailure(brace_node_get_frame(fx.ctx, bogus, &r), BRACE_E_INVALID_HANDLE, fx.ctx, mentions: ["never created"])
    // A live slot but a generation from the future.
    let future = (n & ~(UInt64(0xFFF) << 24)) | (UInt64(77) << 24)
    expectFailure(brace_node_get_frame(fx.ctx, future, &r), BRACE_E_INVALID_HANDLE, fx.ctx, mentions: ["never created"])
  }

  @Test func handleOfAnotherKindIsInvalid() {
    let fx = Fixture()
    let n = fx.node()
    let constraintKind = (n & ~(UInt64(0x3) << 62)) | (UInt64(2) << 62)
    var r = brace_rect()
    expectFailure(brace_node_get_frame(fx.ctx, constraintKind, &r), BRACE_E_INVALID_HANDLE, fx.ctx, mentions: ["not a node handle"])
  }

  @Test func handleFromAnotherContextIsForeign() {
    let a = Fixture()
    let b = Fixture()
    let na = a.node()
    let nb = b.node()
    var r = brace_rect()
    expectFailure(brace_node_get_frame(b.ctx, na, &r), BRACE_E_FOREIGN_HANDLE, b.ctx, mentions: ["brace_node_get_frame", "another context"])
    expectFailure(brace_node_add_subview(b.ctx, nb, na), BRACE_E_FOREIGN_HANDLE, b.ctx, mentions: ["brace_node_add_subview", "child", "another context"])
    expectFailure(brace_node_add_subview(b.ctx, na, nb), BRACE_E_FOREIGN_HANDLE, b.ctx, mentions: ["parent", "another context"])
    #expect(b.subviews(nb).isEmpty)
    #expect(a.superview(na) == BRACE_NODE_NONE)
  }

  /// Contexts tag their handles with 26 bits; creating and destroying contexts must not
  /// hand a live context's tag to a new context, or the new one would accept the old
  /// one's handles as its own.
  @Test func handleStaysForeignAfterManyContextsWereCreatedAndDestroyed() {
    let a = Fixture()
    let na = a.node()
    var checked = false
    for _ in 0..<10_000 {
      var c: OpaquePointer?
      ok(brace_context_create(nil, &c))
      var n: brace_node = 0
      ok(brace_node_create(c, &n), c)
      if contextTag(n) == contextTag(na) {
        // Two live contexts share a tag: a's handle would name c's node.
        var r = brace_rect()
        let s = brace_node_get_frame(c, na, &r)
        #expect(s == BRACE_E_FOREIGN_HANDLE, "a live context's handle was accepted by another context (\(statusName(s))): context tags are reused while still in use")
        checked = true
      }
      ok(brace_context_destroy(c))
      if checked { break }
    }
    if !checked {
      // The tag was never handed out again: foreign detection is intact.
      #expect(brace_node_is_alive(a.ctx, na))
    }
  }

  /// Regression (issue 10): with a 12-bit tag, the 4,095th context after a destroyed one
  /// got its tag back, and a handle kept from the destroyed context named the new
  /// context's node in the same slot. Tags now come from a process-wide counter of 2^26.
  @Test func handleOfADestroyedContextStaysForeignInTheNext5000Contexts() {
    var first: OpaquePointer?
    ok(brace_context_create(nil, &first))
    var old: brace_node = 0
    ok(brace_node_create(first, &old), first)
    ok(brace_context_destroy(first))
    var accepted = 0
    var r = brace_rect()
    for _ in 0..<5_000 {
      var c: OpaquePointer?
      guard ok(brace_context_create(nil, &c)), let c else { break }
      var n: brace_node = 0
      ok(brace_node_create(c, &n), c)  // slot 0, generation 1: what `old` names too
      #expect(n & 0xF_FFFF_FFFF == old & 0xF_FFFF_FFFF)
      if brace_node_get_frame(c, old, &r) != BRACE_E_FOREIGN_HANDLE || brace_node_is_alive(c, old) { accepted += 1 }
      ok(brace_context_destroy(c))
    }
    #expect(accepted == 0, "a handle of a destroyed context was accepted by \(accepted) later contexts")
  }

  // MARK: building the tree

  @Test func addSubviewAppendsOnTop() {
    let fx = Fixture()
    let p = fx.node()
    let a = fx.node(in: p), b = fx.node(in: p), c = fx.node(in: p)
    #expect(fx.subviews(p) == [a, b, c])
    #expect(fx.superview(a) == p)
    var idx = -1
    ok(brace_node_get_index(fx.ctx, c, &idx), fx.ctx)
    #expect(idx == 2)
    var s: brace_node = 0
    ok(brace_node_get_subview(fx.ctx, p, 1, &s), fx.ctx)
    #expect(s == b)
    var count = 0
    ok(brace_node_get_subview_count(fx.ctx, p, &count), fx.ctx)
    #expect(count == 3)
  }

  @Test func insertSubviewAtEveryIndexFromZeroToCount() {
    let fx = Fixture()
    let p = fx.node()
    let a = fx.node(), b = fx.node(), c = fx.node(), d = fx.node()
    ok(brace_node_insert_subview(fx.ctx, p, a, 0), fx.ctx)  // [a]
    ok(brace_node_insert_subview(fx.ctx, p, b, 0), fx.ctx)  // [b a]
    ok(brace_node_insert_subview(fx.ctx, p, c, 1), fx.ctx)  // [b c a]
    ok(brace_node_insert_subview(fx.ctx, p, d, 3), fx.ctx)  // count appends: [b c a d]
    #expect(fx.subviews(p) == [b, c, a, d])
  }

  @Test func insertSubviewPastCountIsOutOfRangeAndChangesNothing() {
    let fx = Fixture()
    let p = fx.node()
    let a = fx.node(in: p)
    let x = fx.node()
    expectFailure(brace_node_insert_subview(fx.ctx, p, x, 2), BRACE_E_INDEX_OUT_OF_RANGE, fx.ctx, mentions: ["brace_node_insert_subview", "index 2"])
    #expect(fx.subviews(p) == [a])
    #expect(fx.superview(x) == BRACE_NODE_NONE)
  }

  @Test func insertSubviewAtSizeMaxIsOutOfRangeAndTheMessageShowsTheIndex() {
    let fx = Fixture()
    let p = fx.node()
    let x = fx.node()
    // SIZE_MAX as C passes it (size_t imports as Int in Swift).
    let sizeMax = Int(bitPattern: UInt.max)
    expectFailure(brace_node_insert_subview(fx.ctx, p, x, sizeMax), BRACE_E_INDEX_OUT_OF_RANGE, fx.ctx, mentions: ["brace_node_insert_subview", "18446744073709551615"])
    #expect(fx.subviews(p).isEmpty)
  }

  @Test func removeFromSuperviewMakesARootWithItsSubtree() {
    let fx = Fixture()
    let p = fx.node()
    let a = fx.node(in: p)
    let a1 = fx.node(in: a)
    let b = fx.node(in: p)
    ok(brace_node_remove_from_superview(fx.ctx, a), fx.ctx)
    #expect(fx.superview(a) == BRACE_NODE_NONE)
    #expect(fx.subviews(a) == [a1])
    #expect(fx.subviews(p) == [b])
    var idx = 0
    expectFailure(brace_node_get_index(fx.ctx, a, &idx), BRACE_E_INVALID_STATE, fx.ctx, mentions: ["brace_node_get_index", "superview"])
    // A root is left alone.
    ok(brace_node_remove_from_superview(fx.ctx, a), fx.ctx)
    #expect(fx.superview(a) == BRACE_NODE_NONE)
  }

  @Test func addSubviewMovesANodeFromAnotherParent() {
    let fx = Fixture()
    let p = fx.node(), q = fx.node()
    let a = fx.node(in: p), b = fx.node(in: p)
    let c = fx.node(in: q)
    fx.settle()
    ok(brace_node_add_subview(fx.ctx, q, a), fx.ctx)
    #expect(fx.subviews(p) == [b])
    #expect(fx.subviews(q) == [c, a])
    #expect(fx.superview(a) == q)
    #expect(fx.needsLayout(p), "the old superview is flagged")
    #expect(fx.needsLayout(q), "the new superview is flagged")
    #expect(fx.needsLayout(a), "the child is flagged")
  }

  @Test func insertSubviewMovesANodeFromAnotherParentAtTheIndex() {
    let fx = Fixture()
    let p = fx.node(), q = fx.node()
    let a = fx.node(in: p)
    let x = fx.node(in: q), y = fx.node(in: q)
    ok(brace_node_insert_subview(fx.ctx, q, a, 1), fx.ctx)
    #expect(fx.subviews(q) == [x, a, y])
    #expect(fx.subviews(p).isEmpty)
  }

  @Test func addSubviewOfACurrentSubviewMovesItToTheEnd() {
    let fx = Fixture()
    let p = fx.node()
    let a = fx.node(in: p), b = fx.node(in: p), c = fx.node(in: p)
    ok(brace_node_add_subview(fx.ctx, p, a), fx.ctx)
    #expect(fx.subviews(p) == [b, c, a])
    ok(brace_node_add_subview(fx.ctx, p, a), fx.ctx)
    #expect(fx.subviews(p) == [b, c, a])
  }

  /// node.h: "Index is counted before the child is detached from its old place."
  @Test(arguments: [
    (0, [0, 1, 2, 3]), // a stays first
    (1, [0, 1, 2, 3]), // before b, counted with a still there: a stays
    (2, [1, 0, 2, 3]), // before c: b a c d
    (3, [1, 2, 0, 3]), // before d: b c a d
    (4, [1, 2, 3, 0]), // count: appends
  ] as [(Int, [Int])])
  func reinsertWithinTheSameParentCountsTheIndexBeforeDetaching(index: Int, order: [Int]) {
    let fx = Fixture()
    let p = fx.node()
    let kids = (0..<4).map { _ in fx.node(in: p) }
    ok(brace_node_insert_subview(fx.ctx, p, kids[0], index), fx.ctx)
    #expect(fx.subviews(p) == order.map { kids[$0] })
  }

  @Test func reinsertTheLastSubviewAtZeroMovesItFirst() {
    let fx = Fixture()
    let p = fx.node()
    let kids = (0..<3).map { _ in fx.node(in: p) }
    ok(brace_node_insert_subview(fx.ctx, p, kids[2], 0), fx.ctx)
    #expect(fx.subviews(p) == [kids[2], kids[0], kids[1]])
    // Within the same parent, count (3) is valid and appends.
    ok(brace_node_insert_subview(fx.ctx, p, kids[2], 3), fx.ctx)
    #expect(fx.subviews(p) == [kids[0], kids[1], kids[2]])
    expectFailure(brace_node_insert_subview(fx.ctx, p, kids[2], 4), BRACE_E_INDEX_OUT_OF_RANGE, fx.ctx, mentions: ["index 4"])
    #expect(fx.subviews(p) == [kids[0], kids[1], kids[2]])
  }

  @Test func addingANodeUnderItselfIsACycle() {
    let fx = Fixture()
    let p = fx.node()
    let a = fx.node(in: p)
    expectFailure(brace_node_add_subview(fx.ctx, a, a), BRACE_E_CYCLE, fx.ctx, mentions: ["brace_node_add_subview", "itself"])
    expectFailure(brace_node_insert_subview(fx.ctx, a, a, 0), BRACE_E_CYCLE, fx.ctx, mentions: ["brace_node_insert_subview"])
    #expect(fx.superview(a) == p)
    #expect(fx.subviews(a).isEmpty)
    #expect(fx.subviews(p) == [a])
  }

  @Test func addingANodeUnderItsDescendantIsACycleAndTheTreeIsUnchanged() {
    let fx = Fixture()
    let root = fx.node()
    let a = fx.node(in: root)
    let b = fx.node(in: a)
    let c = fx.node(in: b)
    expectFailure(brace_node_add_subview(fx.ctx, c, a), BRACE_E_CYCLE, fx.ctx, mentions: ["brace_node_add_subview", "cyclic", nodeName(a)])
    expectFailure(brace_node_insert_subview(fx.ctx, b, root, 0), BRACE_E_CYCLE, fx.ctx, mentions: ["brace_node_insert_subview"])
    #expect(fx.superview(a) == root)
    #expect(fx.superview(b) == a)
    #expect(fx.superview(c) == b)
    #expect(fx.superview(root) == BRACE_NODE_NONE)
    #expect(fx.subviews(c).isEmpty)
    #expect(fx.subviews(b) == [c])
  }

  @Test func getSubviewsCopiesUpToCapacityAndReportsTheTotal() {
    let fx = Fixture()
    let p = fx.node()
    let kids = (0..<5).map { _ in fx.node(in: p) }
    var count = 0
    ok(brace_node_get_subviews(fx.ctx, p, nil, 0, &count), fx.ctx)
    #expect(count == 5)
    var buf: [brace_node] = [7, 7, 7, 7]
    count = 0
    ok(brace_node_get_subviews(fx.ctx, p, &buf, 2, &count), fx.ctx)
    #expect(count == 5)
    #expect(buf == [kids[0], kids[1], 7, 7], "only `capacity` entries are written")
    var big = [brace_node](repeating: 0, count: 8)
    ok(brace_node_get_subviews(fx.ctx, p, &big, 8, &count), fx.ctx)
    #expect(count == 5)
    #expect(Array(big.prefix(5)) == kids)
    #expect(big[5] == 0)
  }

  @Test func getSubviewIndexPastTheEndIsOutOfRange() {
    let fx = Fixture()
    let p = fx.node()
    _ = fx.node(in: p)
    var s: brace_node = 42
    expectFailure(brace_node_get_subview(fx.ctx, p, 1, &s), BRACE_E_INDEX_OUT_OF_RANGE, fx.ctx, mentions: ["brace_node_get_subview", "index 1"])
    #expect(s == 42)
    expectFailure(brace_node_get_subview(fx.ctx, p, Int(bitPattern: UInt.max), &s), BRACE_E_INDEX_OUT_OF_RANGE, fx.ctx, mentions: ["18446744073709551615"])
  }

  @Test func subtreeMovedBetweenParentsKeepsItsStructure() {
    let fx = Fixture()
    let p = fx.node(), q = fx.node()
    let a = fx.node(in: p)
    let a1 = fx.node(in: a), a2 = fx.node(in: a)
    ok(brace_node_add_subview(fx.ctx, q, a), fx.ctx)
    #expect(fx.subviews(a) == [a1, a2])
    #expect(fx.superview(a1) == a)
  }
}
