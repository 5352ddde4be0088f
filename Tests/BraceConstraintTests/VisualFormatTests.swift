// brace_constraints_create_with_visual_format (issue 11): UIKit's visual format
// language. Frames after activating what the format made and running a turn, the
// buffer protocol, the options, and malformed formats answered with a message that
// quotes the format with a caret, creating nothing. Tests/c/test_vfl.c covers the same
// ground from C against the installed library.
import CBrace
import Glibc
import Testing

/// The names and values a format call is given.
private struct Scope {
  var views: [(String, brace_node)] = []
  var metrics: [(String, Double)] = []
}

private struct Result {
  var status: brace_status
  var constraints: [brace_constraint]
  var count: Int
}

/// Calls brace_constraints_create_with_visual_format with `capacity` slots.
private func call(_ fx: Fx, _ format: String, _ scope: Scope, _ options: UInt32 = 0, capacity: Int = 64) -> Result {
  let viewNames: [UnsafePointer<CChar>?] = scope.views.map { UnsafePointer(strdup($0.0)) }
  let metricNames: [UnsafePointer<CChar>?] = scope.metrics.map { UnsafePointer(strdup($0.0)) }
  defer {
    for p in viewNames { free(UnsafeMutablePointer(mutating: p)) }
    for p in metricNames { free(UnsafeMutablePointer(mutating: p)) }
  }
  let views = scope.views.map { $0.1 }
  let values = scope.metrics.map { $0.1 }
  var buffer = [brace_constraint](repeating: 0, count: max(capacity, 1))
  var count = -1
  let s = buffer.withUnsafeMutableBufferPointer { b in
    brace_constraints_create_with_visual_format(
      fx.ctx, format, options, viewNames, views, views.count, metricNames, values, values.count,
      capacity == 0 ? nil : b.baseAddress, capacity, &count)
  }
  return Result(status: s, constraints: s == BRACE_OK && capacity > 0 ? Array(buffer.prefix(count)) : [], count: count)
}

/// Makes and activates the format's constraints; returns them.
@discardableResult
private func apply(_ fx: Fx, _ format: String, _ scope: Scope, _ options: UInt32 = 0, expect n: Int? = nil,
                   sourceLocation: SourceLocation = #_sourceLocation) -> [brace_constraint] {
  let r = call(fx, format, scope, options)
  ok(r.status, fx.ctx, sourceLocation: sourceLocation)
  if let n { #expect(r.count == n, "\(format): \(r.count) constraints, expected \(n)", sourceLocation: sourceLocation) }
  for c in r.constraints { #expect(!fx.isActive(c), "created active", sourceLocation: sourceLocation) }
  ok(brace_constraints_activate(fx.ctx, r.constraints, r.constraints.count), fx.ctx, sourceLocation: sourceLocation)
  return r.constraints
}

/// A probe: the next constraint handle. Two probes around a call that must create
/// nothing are consecutive handles (slot + 1, same generation) only if nothing was
/// created in between, not even created and destroyed again (its slot would be reused
/// with a new generation). Valid while the context has no free constraint slots.
private func probe(_ fx: Fx, _ n: brace_node) -> brace_constraint {
  var c: brace_constraint = 0
  ok(brace_constraint_create(fx.ctx, n, WIDTH, EQ, 0, NONE, 1, 1, &c), fx.ctx)
  return c
}

/// Expects the format refused with `status`, a message of three lines (the message with
/// `mentions`, the format, a caret at `column`), and nothing created.
private func refused(_ fx: Fx, _ format: String, _ scope: Scope, options: UInt32 = 0, _ status: brace_status,
                     _ mention: String, column: Int, sourceLocation: SourceLocation = #_sourceLocation) {
  let before = probe(fx, scope.views[0].1)
  let r = call(fx, format, scope, options)
  let after = probe(fx, scope.views[0].1)
  #expect(after == before + 1, "\(format): something was created", sourceLocation: sourceLocation)
  #expect(r.count == -1, "\(format): *count was written on failure", sourceLocation: sourceLocation)
  let message = expectFailure(r.status, status, fx.ctx, mentions: [mention, "brace_constraints_create_with_visual_format"], sourceLocation: sourceLocation)
  let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  #expect(lines.count == 3, "\(format): \(lines.count) lines in \"\(message)\"", sourceLocation: sourceLocation)
  guard lines.count == 3 else { return }
  #expect(lines[1] == format, sourceLocation: sourceLocation)
  #expect(lines[2] == String(repeating: " ", count: column) + "^", "\(format): caret line \"\(lines[2])\", expected column \(column)", sourceLocation: sourceLocation)
}

@Suite("Visual format")
struct VisualFormatTests {
  /// A 400 x 300 window with margins top 12, left 10, bottom 24, right 30, and views.
  private func scene(_ direction: brace_layout_direction = BRACE_DIRECTION_LTR, views names: [String] = ["a", "b", "c"]) throws -> (Fx, brace_node, Scope) {
    let fx = try Fx(direction: direction)
    let w = fx.window()
    ok(brace_node_set_layout_margins(fx.ctx, w, brace_insets(top: 12, left: 10, bottom: 24, right: 30)), fx.ctx)
    var scope = Scope()
    for n in names { scope.views.append((n, fx.view(in: w))) }
    return (fx, w, scope)
  }

  private func v(_ s: Scope, _ name: String) -> brace_node { s.views.first { $0.0 == name }!.1 }

  @Test func standardSpacingIsEightBetweenViewsAndTheMarginsAtTheEdges() throws {
    let (fx, _, s) = try scene()
    // a.leading == w.leadingMargin (10); b.leading == a.trailing + 8; b.width == a.width;
    // w.trailingMargin (370) == b.trailing: 10 + x + 8 + x = 370, x = 176.
    apply(fx, "H:|-[a]-[b(==a)]-|", s, expect: 4)
    // a.top == w.topMargin (12), height 40; b.top == a.bottom + 8 (60); b.bottom == 276.
    apply(fx, "V:|-[a(40)]-[b]-|", s, expect: 4)
    fx.cycle()
    expectFrame(fx.frame(v(s, "a")), rect(10, 12, 176, 40))
    expectFrame(fx.frame(v(s, "b")), rect(194, 60, 176, 216))
  }

  @Test func explicitAndMetricSpacingPredicatesPrioritiesAndFlushViews() throws {
    let (fx, _, scope) = try scene()
    var s = scope
    s.metrics = [("pad", 20), ("gap", 15), ("wide", 100), ("low", 250)]
    // a: x 20, w 100. b: x 135, 50 <= w <= 200 @750. c flush after b, w 30.
    // c.trailing <= 380 and == 380 @250: b would need 215 > 200 @750, so b is 200 and c
    // ends at 365.
    apply(fx, "H:|-pad-[a(wide)]-gap-[b(>=50,<=200@750)][c(30)]-(>=pad,==pad@low)-|", s, expect: 9)
    // a: y 8, h 30; b: y 38 (0 spacing), h 30; c: y 78, bottom 300 - 40.
    apply(fx, "V:|-8-[a(30)]-0-[b(==a)]-10-[c(>=10)]-(==40)-|", s, expect: 7)
    fx.cycle()
    expectFrame(fx.frame(v(s, "a")), rect(20, 8, 100, 30))
    expectFrame(fx.frame(v(s, "b")), rect(135, 38, 200, 30))
    expectFrame(fx.frame(v(s, "c")), rect(335, 78, 30, 182))
  }

  @Test func flushToTheSuperviewUsesTheEdgesNotTheMargins() throws {
    let (fx, _, s) = try scene()
    apply(fx, "|[a]|", s, expect: 2)
    apply(fx, "V:|[a]|", s, expect: 2)
    fx.cycle()
    expectFrame(fx.frame(v(s, "a")), rect(0, 0, 400, 300))
  }

  @Test func whitespaceBetweenTokensIsIgnored() throws {
    let (fx, _, s) = try scene()
    apply(fx, " H : | - 20 - [ a ( >= 50 , <= 60 @ 750 ) ] - ( == 30 ) - | ", s, expect: 4)
    apply(fx, "V:|[a(10)]", s)
    fx.cycle()
    expectFrame(fx.frame(v(s, "a")), rect(20, 0, 350, 10))
  }

  @Test func viewPredicatesRelateToOtherViewsWithPriorities() throws {
    let (fx, _, s) = try scene()
    // b.width >= a.width @500 loses against b's required 40; c.width == a.width.
    apply(fx, "H:|-0-[a(100)]-0-[b(>=a@500,==40)]-0-[c(==a)]", s, expect: 7)
    apply(fx, "V:|[a(10)]", s)
    apply(fx, "V:|[b(==a)]", s)
    apply(fx, "V:|[c(==a)]", s)
    fx.cycle()
    expectFrame(fx.frame(v(s, "b")), rect(100, 0, 40, 10))
    expectFrame(fx.frame(v(s, "c")), rect(140, 0, 100, 10))
  }

  @Test func directionOptions() throws {
    // margins left 10, right 30.
    for (direction, option, a, b) in [
      (BRACE_DIRECTION_LTR, UInt32(0), rect(10, 0, 50, 10), rect(68, 0, 302, 10)),
      (BRACE_DIRECTION_RTL, UInt32(0), rect(320, 0, 50, 10), rect(10, 0, 302, 10)),
      (BRACE_DIRECTION_RTL, BRACE_FORMAT_DIRECTION_LEFT_TO_RIGHT, rect(10, 0, 50, 10), rect(68, 0, 302, 10)),
      (BRACE_DIRECTION_LTR, BRACE_FORMAT_DIRECTION_RIGHT_TO_LEFT, rect(320, 0, 50, 10), rect(10, 0, 302, 10)),
    ] {
      let (fx, _, s) = try scene(direction)
      apply(fx, "H:|-[a(50)]-[b]-|", s, option, expect: 4)
      apply(fx, "V:|[a(10)]", s, option)
      apply(fx, "V:|[b(10)]", s, option)
      fx.cycle()
      expectFrame(fx.frame(v(s, "a")), a, "a with option \(option) in \(direction)")
      expectFrame(fx.frame(v(s, "b")), b, "b with option \(option) in \(direction)")
    }
  }

  @Test func alignmentOptions() throws {
    // H lines: a is y 20, h 100 (first baseline 30 down, last 10 up); b is h 40 (12, 6).
    for (option, y) in [
      (BRACE_FORMAT_ALIGN_ALL_TOP, 20.0), (BRACE_FORMAT_ALIGN_ALL_BOTTOM, 80), (BRACE_FORMAT_ALIGN_ALL_CENTER_Y, 50),
      (BRACE_FORMAT_ALIGN_ALL_FIRST_BASELINE, 38), (BRACE_FORMAT_ALIGN_ALL_LAST_BASELINE, 76),
    ] {
      let (fx, _, s) = try scene()
      ok(brace_node_set_baseline_offsets(fx.ctx, v(s, "a"), 30, 10), fx.ctx)
      ok(brace_node_set_baseline_offsets(fx.ctx, v(s, "b"), 12, 6), fx.ctx)
      apply(fx, "H:|-10-[a(50)]-[b(60)]", s, option, expect: 5)
      apply(fx, "V:|-20-[a(100)]", s)
      apply(fx, "V:[b(40)]", s)
      fx.cycle()
      expectFrame(fx.frame(v(s, "b")), rect(68, y, 60, 40), "option \(option)")
    }
    // V lines: a is x 20 from the leading edge, w 100; b is w 40.
    for (direction, option, x) in [
      (BRACE_DIRECTION_LTR, BRACE_FORMAT_ALIGN_ALL_LEFT, 20.0), (BRACE_DIRECTION_LTR, BRACE_FORMAT_ALIGN_ALL_RIGHT, 80),
      (BRACE_DIRECTION_LTR, BRACE_FORMAT_ALIGN_ALL_CENTER_X, 50), (BRACE_DIRECTION_LTR, BRACE_FORMAT_ALIGN_ALL_LEADING, 20),
      (BRACE_DIRECTION_LTR, BRACE_FORMAT_ALIGN_ALL_TRAILING, 80),
      // a at x 280 (its right edge 20 from the right), so leading is its right edge.
      (BRACE_DIRECTION_RTL, BRACE_FORMAT_ALIGN_ALL_LEADING, 340), (BRACE_DIRECTION_RTL, BRACE_FORMAT_ALIGN_ALL_TRAILING, 280),
      (BRACE_DIRECTION_RTL, BRACE_FORMAT_ALIGN_ALL_LEFT, 280), (BRACE_DIRECTION_RTL, BRACE_FORMAT_ALIGN_ALL_RIGHT, 340),
    ] {
      let (fx, _, s) = try scene(direction)
      apply(fx, "V:|-10-[a(50)]-[b(60)]", s, option, expect: 5)
      apply(fx, "H:|-20-[a(100)]", s)
      apply(fx, "H:[b(40)]", s)
      fx.cycle()
      expectFrame(fx.frame(v(s, "b")), rect(x, 68, 40, 60), "option \(option) in \(direction)")
    }
    // Several alignments at once: top and bottom.
    let (fx, _, s) = try scene()
    apply(fx, "H:|-10-[a(50)]-[b(60)]-[c(70)]", s, BRACE_FORMAT_ALIGN_ALL_TOP | BRACE_FORMAT_ALIGN_ALL_BOTTOM, expect: 10)
    apply(fx, "V:|-20-[a(100)]", s)
    fx.cycle()
    expectFrame(fx.frame(v(s, "c")), rect(136, 20, 70, 100))
  }

  @Test func bufferProtocol() throws {
    let (fx, _, s) = try scene()
    // Capacity 0 asks for the number and creates nothing.
    var before = probe(fx, v(s, "a"))
    var r = call(fx, "H:|-[a]-[b]-|", s, capacity: 0)
    ok(r.status, fx.ctx)
    #expect(r.count == 3)
    #expect(probe(fx, v(s, "a")) == before + 1)
    // Too small: nothing created, the number needed, BRACE_E_NO_MEMORY.
    before = probe(fx, v(s, "a"))
    r = call(fx, "H:|-[a]-[b]-|", s, capacity: 2)
    expectFailure(r.status, BRACE_E_NO_MEMORY, fx.ctx, mentions: ["makes 3 constraints", "holds 2", "nothing was created"])
    #expect(r.count == 3)
    #expect(probe(fx, v(s, "a")) == before + 1)
    // Exactly enough.
    r = call(fx, "H:|-[a]-[b]-|", s, capacity: 3)
    ok(r.status, fx.ctx)
    #expect(r.constraints.count == 3)
    // One view, no predicate: none.
    r = call(fx, "[a]", s)
    ok(r.status, fx.ctx)
    #expect(r.count == 0)
    // The caller owns them.
    for c in call(fx, "H:|-[a]-[b]-|", s).constraints { ok(brace_constraint_destroy(fx.ctx, c), fx.ctx) }
  }

  @Test func malformedFormatsQuoteTheFormatWithACaretAndCreateNothing() throws {
    let (fx, _, scope) = try scene()
    var s = scope
    s.metrics = [("pad", 20)]
    let inv = BRACE_E_INVALID_ARGUMENT
    refused(fx, "H:|-[a(>=50]-|", s, inv, "Expected ')' to close the view's predicates before ']'", column: 11)
    refused(fx, "H|-[a]-|", s, inv, "Expected ':' after 'H'", column: 1)
    refused(fx, "V|-[a]-|", s, inv, "Expected ':' after 'V' to specify vertical arrangement", column: 1)
    refused(fx, "H:|-[a]-[b", s, inv, "Expected ']' after the view's name, found the end of the format", column: 10)
    refused(fx, "H:[a]-[zz]", s, BRACE_E_NOT_FOUND, "Unknown view 'zz'", column: 7)
    refused(fx, "H:[a]-nope-[b]", s, BRACE_E_NOT_FOUND, "Unknown metric 'nope'", column: 6)
    refused(fx, "H:[a(>=nope)]", s, BRACE_E_NOT_FOUND, "Unknown name 'nope'", column: 7)
    refused(fx, "H:[a(=50)]", s, inv, "Unknown relation", column: 5)
    refused(fx, "H:[a]->=20-[b]", s, inv, "A spacing with a relation is written in parentheses", column: 6)
    refused(fx, "H:[a(50@1001)]", s, inv, "The priority 1001 is outside 1...1000", column: 8)
    refused(fx, "H:[a(50@0)]", s, inv, "The priority 0 is outside 1...1000", column: 8)
    refused(fx, "H:[a]-20[b]", s, inv, "Expected '-' after the spacing", column: 8)
    refused(fx, "H:|-[a]-|-[b]", s, inv, "Expected the end of the format after the superview's '|'", column: 9)
    refused(fx, "", s, inv, "the format is empty", column: 0)
    refused(fx, "H:[a][b]x", s, inv, "Expected '-', '[' or '|' after a view", column: 8)
    refused(fx, "H:[a]-(20-[b]", s, inv, "Expected ')' to close the spacing's predicates", column: 9)
    refused(fx, "H:[a(==a)]", s, inv, "cannot be related to itself", column: 7)
    refused(fx, "H:[a]-(b)-[b]", s, inv, "'b' is a view: a spacing is a number or a metric name", column: 7)
    refused(fx, "H:[a(1e12)]", s, inv, "outside the solver's range", column: 5)
    refused(fx, "H:[]", s, inv, "Expected a view name after '['", column: 3)
    refused(fx, "H:[a(50,)]", s, inv, "Expected a number, a metric name or a view name, found ')'", column: 8)
    refused(fx, "[a]-", s, inv, "after '-', found the end of the format", column: 4)
    refused(fx, "H:[a(>=50@)]", s, inv, "Expected a priority", column: 10)
    refused(fx, "H:-[a]", s, inv, "Expected a view or '|' before a connection", column: 2)
    refused(fx, "H:[a 50]", s, inv, "Expected '(' before the view's predicates", column: 5)
    refused(fx, "x:[a]", s, inv, "Expected 'H:' or 'V:'", column: 0)
    refused(fx, "|-|", s, inv, "Expected a view between the superview's edges", column: 2)
    refused(fx, "H:[a]-[b]-", s, inv, "after '-', found the end of the format", column: 10)
    // Alignment along the orientation: the caret is on the orientation.
    refused(fx, "H:[a]-[b]", s, options: BRACE_FORMAT_ALIGN_ALL_LEFT, inv, "Options mask requires the views to be aligned on left", column: 0)
    refused(fx, "  V:[a]-[b]", s, options: BRACE_FORMAT_ALIGN_ALL_CENTER_Y, inv, "not allowed for a layout that is also vertical", column: 2)
    refused(fx, "[a]-[b]", s, options: BRACE_FORMAT_ALIGN_ALL_CENTER_X, inv, "aligned on centerX", column: 0)
    // '|' next to a view without a superview.
    let orphan = fx.view(in: nil)
    s.views.append(("orphan", orphan))
    refused(fx, "H:[a]-[b]  [orphan]-|", s, BRACE_E_INVALID_STATE, "the view 'orphan'", column: 20)
    refused(fx, "V:|[orphan]", s, BRACE_E_INVALID_STATE, "has no superview", column: 2)
    // Non-ASCII: the caret counts characters.
    refused(fx, "H:[é]", s, inv, "Expected a view name after '['", column: 3)
  }
}
