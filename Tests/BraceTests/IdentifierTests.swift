// Node identifiers (0.4): a debug name, as UIKit's accessibilityIdentifier in the view
// debugger, that dumps, diagnostics and error messages use.
import CBrace
import Testing

@Suite struct IdentifierTests {
  func identifier(_ fx: Fixture, _ n: brace_node, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    var p: UnsafePointer<CChar>? = nil
    ok(brace_node_get_identifier(fx.ctx, n, &p), fx.ctx, sourceLocation: sourceLocation)
    return p.map { String(cString: $0) }
  }

  func description(_ fx: Fixture, _ n: brace_node) -> String {
    var length = 0
    ok(brace_node_copy_description(fx.ctx, n, nil, 0, &length), fx.ctx)
    var buffer = [CChar](repeating: 0, count: length + 1)
    ok(brace_node_copy_description(fx.ctx, n, &buffer, buffer.count, &length), fx.ctx)
    return String(cString: buffer)
  }

  @Test func anIdentifierIsSetCopiedReadAndCleared() {
    let fx = Fixture()
    let n = fx.node()
    #expect(identifier(fx, n) == nil)
    var text = Array("email".utf8CString)
    ok(brace_node_set_identifier(fx.ctx, n, &text), fx.ctx)
    text[0] = 0x58  // "X": the node keeps its own copy
    #expect(identifier(fx, n) == "email")
    ok(brace_node_set_identifier(fx.ctx, n, "name field ✓"), fx.ctx)
    #expect(identifier(fx, n) == "name field ✓")
    ok(brace_node_set_identifier(fx.ctx, n, ""), fx.ctx)
    #expect(identifier(fx, n) == nil)
    ok(brace_node_set_identifier(fx.ctx, n, "again"), fx.ctx)
    ok(brace_node_set_identifier(fx.ctx, n, nil), fx.ctx)
    #expect(identifier(fx, n) == nil)
  }

  @Test func badIdentifierCallsAreRefusedAndChangeNothing() {
    let fx = Fixture()
    let n = fx.node()
    ok(brace_node_set_identifier(fx.ctx, n, "kept"), fx.ctx)
    let long = String(repeating: "a", count: 1025)
    expectFailure(brace_node_set_identifier(fx.ctx, n, long), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["brace_node_set_identifier", "1024"])
    #expect(identifier(fx, n) == "kept")
    ok(brace_node_set_identifier(fx.ctx, n, String(repeating: "b", count: 1024)), fx.ctx)
    expectFailure(brace_node_get_identifier(fx.ctx, n, nil), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["NULL"])
    ok(brace_node_destroy(fx.ctx, n), fx.ctx)
    var p: UnsafePointer<CChar>? = nil
    expectFailure(brace_node_get_identifier(fx.ctx, n, &p), BRACE_E_STALE_HANDLE, fx.ctx, mentions: ["stale"])
    expectFailure(brace_node_set_identifier(fx.ctx, n, "x"), BRACE_E_STALE_HANDLE, fx.ctx, mentions: ["stale"])
  }

  @Test func dumpsAndMessagesNameTheNodeByItsIdentifier() {
    let fx = Fixture()
    let root = fx.node()
    let field = fx.node(in: root)
    ok(brace_node_set_identifier(fx.ctx, root, "form"), fx.ctx)
    ok(brace_node_set_identifier(fx.ctx, field, "email"), fx.ctx)
    let dump = description(fx, root)
    #expect(dump.contains("<\"form\" (\(nodeName(root)))>") && dump.contains("<\"email\" (\(nodeName(field)))>"), "\(dump)")
    // An error message that names the node.
    expectFailure(brace_node_add_subview(fx.ctx, field, root), BRACE_E_CYCLE, fx.ctx, mentions: ["\"form\" (\(nodeName(root)))"])
    // A diagnostic: an unsatisfiable pair of constraints on the field.
    ok(brace_node_set_translates_autoresizing_mask(fx.ctx, field, false), fx.ctx)
    var c: [brace_constraint] = [0, 0]
    ok(brace_constraint_create(fx.ctx, field, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 1, 10, &c[0]), fx.ctx)
    ok(brace_constraint_create(fx.ctx, field, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 1, 20, &c[1]), fx.ctx)
    ok(brace_constraints_activate(fx.ctx, c, 2), fx.ctx)
    let reports = fx.diagnostics.diagnostics.filter { $0.kind == BRACE_DIAGNOSTIC_UNSATISFIABLE }.map(\.message)
    #expect(reports.contains { $0.contains("\"email\" (\(nodeName(field)))") }, "\(reports)")
  }

  @Test func aDestroyedNodesIdentifierIsFreedAndTheSlotStartsWithout() {
    let fx = Fixture()
    let n = fx.node()
    ok(brace_node_set_identifier(fx.ctx, n, "gone"), fx.ctx)
    ok(brace_node_destroy(fx.ctx, n), fx.ctx)
    let m = fx.node()  // may reuse the slot
    #expect(identifier(fx, m) == nil)
  }
}
