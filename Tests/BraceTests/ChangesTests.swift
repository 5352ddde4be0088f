// The changed-frames list's bookkeeping (Cycle/Changes.swift), which the C ABI cannot see:
// the recording list stays bounded without turns, a publication resets every flag bit,
// and layout guides are never recorded. test_changes.c tests what the list answers.
@testable import Brace
import CBrace
import Testing

@Suite struct ChangesTests {
  private func context(_ fx: Fixture) -> Context {
    Unmanaged<Context>.fromOpaque(UnsafeRawPointer(fx.ctx)).takeUnretainedValue()
  }

  private func list(_ fx: Fixture) -> [brace_frame_change] {
    var n = 0
    ok(brace_context_get_changed_frames(fx.ctx, 0, nil, 0, &n), fx.ctx)
    var buf = [brace_frame_change](repeating: brace_frame_change(), count: n)
    ok(brace_context_get_changed_frames(fx.ctx, 0, &buf, n, &n), fx.ctx)
    return Array(buf.prefix(n))
  }

  /// 10,000 nodes created, framed and destroyed without a turn: the dead entries are
  /// compacted away whenever the list reaches 64 (twice its live entries, at least 64),
  /// so it never holds more than 64 (the root's entry and at most 63 dead ones).
  @Test func recordingStaysBoundedWithoutTurns() {
    let fx = Fixture()
    let root = fx.node()
    ok(brace_node_set_frame(fx.ctx, root, brace_rect(x: 0, y: 0, width: 100, height: 100)), fx.ctx)
    let c = context(fx)
    var most = 0
    for i in 0..<10_000 {
      let n = fx.node(in: root, frame: brace_rect(x: Double(i), y: 0, width: 1, height: 1))
      most = max(most, c.changes.pending.count)
      ok(brace_node_destroy(fx.ctx, n), fx.ctx)
    }
    #expect(most <= 64)
    fx.cycle()
    #expect(list(fx).map(\.node) == [root])
  }

  /// After a turn no node keeps the recorded bit and the recording list is empty: the
  /// next change of any node is recorded afresh.
  @Test func aPublicationResetsTheRecording() {
    let fx = Fixture()
    let root = fx.node()
    let kids = (0..<5).map { i in fx.node(in: root, frame: brace_rect(x: Double(i), y: 0, width: 1, height: 1)) }
    let c = context(fx)
    #expect(c.changes.pending.count == 5)
    fx.cycle()
    #expect(c.changes.pending.count == 0)
    for i in 0..<c.nodes.capacity { #expect(!c.nodes.flags[i].contains(.frameRecorded)) }
    ok(brace_node_set_frame(fx.ctx, kids[2], brace_rect(x: 9, y: 9, width: 1, height: 1)), fx.ctx)
    fx.cycle()
    let l = list(fx)
    #expect(l.count == 1 && l.first?.node == kids[2])
    #expect(l.first.map { $0.old_frame == brace_rect(x: 2, y: 0, width: 1, height: 1) } == true)
  }

  /// A guide's frame is solved like a view's but it is never drawn: not recorded.
  @Test func layoutGuidesAreNotListed() {
    let fx = Fixture()
    let root = fx.node()
    ok(brace_node_set_frame(fx.ctx, root, brace_rect(x: 0, y: 0, width: 100, height: 100)), fx.ctx)
    var guide: brace_node = 0
    ok(brace_layout_guide_create(fx.ctx, root, &guide), fx.ctx)
    var made: [brace_constraint] = []
    for (a, k) in [(BRACE_ATTR_LEFT, 10.0), (BRACE_ATTR_TOP, 20.0)] {
      var con: brace_constraint = 0
      ok(brace_constraint_create(fx.ctx, guide, a, BRACE_RELATION_EQUAL, root, a, 1, k, &con), fx.ctx)
      made.append(con)
    }
    for (a, k) in [(BRACE_ATTR_WIDTH, 30.0), (BRACE_ATTR_HEIGHT, 40.0)] {
      var con: brace_constraint = 0
      ok(brace_constraint_create(fx.ctx, guide, a, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 1, k, &con), fx.ctx)
      made.append(con)
    }
    ok(brace_constraints_activate(fx.ctx, made, made.count), fx.ctx)
    fx.cycle()
    // The guide was placed at (10, 20, 30 x 40), yet only the root is listed.
    #expect(fx.frame(guide) == brace_rect(x: 10, y: 20, width: 30, height: 40))
    #expect(list(fx).map(\.node) == [root])
  }
}
