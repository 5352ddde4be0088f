// Unsatisfiable constraints and their recovery, fitting sizes, and ambiguity.
import CBrace
import Testing

@Suite("Unsatisfiable constraints")
struct UnsatisfiableTests {
  private struct Scene {
    let fx: Fx
    let nodes: [brace_node]
    let aWidth: brace_constraint
  }

  /// A window with a nested layout: a (width 100) in p, b after a, c under p.
  private func scene() throws -> Scene {
    let fx = try Fx()
    let r = fx.window()
    let p = fx.view(in: r)
    fx.add(p, LEADING, EQ, r, LEADING, 10)
    fx.add(p, TRAILING, EQ, r, TRAILING, -10)
    fx.add(p, TOP, EQ, r, TOP, 10)
    fx.add(p, HEIGHT, EQ, 100)
    let a = fx.view(in: p), b = fx.view(in: p), c = fx.view(in: r)
    fx.add(a, LEADING, EQ, p, BRACE_ATTR_LEADING_MARGIN)
    let aWidth = fx.add(a, WIDTH, EQ, 100, id: "a-width")
    fx.add(a, TOP, EQ, p, BRACE_ATTR_TOP_MARGIN)
    fx.add(a, BOTTOM, EQ, p, BRACE_ATTR_BOTTOM_MARGIN)
    fx.add(b, LEADING, EQ, a, TRAILING, 10)
    fx.add(b, TRAILING, LE, p, BRACE_ATTR_TRAILING_MARGIN)
    fx.add(b, WIDTH, EQ, a, WIDTH, multiplier: 0.5)
    fx.add(b, CENTER_Y, EQ, a, CENTER_Y)
    fx.add(b, HEIGHT, EQ, 20)
    fx.add(c, LEADING, EQ, b, LEADING)
    fx.add(c, TRAILING, EQ, r, TRAILING)
    fx.add(c, TOP, EQ, p, BOTTOM, 5)
    fx.add(c, HEIGHT, EQ, a, HEIGHT)
    fx.cycle()
    return Scene(fx: fx, nodes: [r, p, a, b, c], aWidth: aWidth)
  }

  @Test func conflictingRequiredConstraintIsBrokenReportedAndChangesNothing() throws {
    let s = try scene()
    let fx = s.fx
    let a = s.nodes[2]
    let recorded = s.nodes.map { fx.frame($0) }
    expectFrame(recorded[2], rect(8, 8, 100, 84))
    expectFrame(recorded[3], rect(118, 40, 50, 20))
    expectFrame(recorded[4], rect(128, 115, 272, 84))
    fx.diagnostics.clear()

    let conflict = fx.make(a, WIDTH, EQ, 0, NONE, 200, id: "a-wider")
    ok(brace_constraint_activate(fx.ctx, conflict), fx.ctx)
    let reports = fx.diagnostics.of(BRACE_DIAGNOSTIC_UNSATISFIABLE)
    #expect(reports.count == 1)
    if let report = reports.first {
      #expect(report.message.contains("Unable to simultaneously satisfy constraints"), "\(report.message)")
      #expect(report.message.contains("Will attempt to recover by breaking constraint"), "\(report.message)")
      #expect(report.message.contains("a-width"), "the conflicting constraint is listed: \(report.message)")
      #expect(report.message.contains("a-wider"), "the broken constraint is named: \(report.message)")
      // The constraint it breaks is the one after the recovery line.
      if let range = report.message.firstRange(of: "Will attempt to recover by breaking constraint") {
        #expect(report.message[range.upperBound...].contains("a-wider"))
      }
      #expect(report.nodes.contains(a))
    }
    #expect(fx.isBroken(conflict))
    #expect(fx.isActive(conflict))
    #expect(!fx.isBroken(s.aWidth))
    #expect(fx.broken() == [conflict])
    #expect(fx.constraints(of: a).contains(conflict), "a broken constraint is still active, so listed")

    fx.cycle()
    for (n, f) in zip(s.nodes, recorded) { expectFrame(fx.frame(n), f, "frame after the broken activation") }
    #expect(fx.diagnostics.of(BRACE_DIAGNOSTIC_UNSATISFIABLE).count == 1, "the cycle does not report it again")

    // Deactivating the constraint it conflicts with lets it be retried and enforced.
    ok(brace_constraint_deactivate(fx.ctx, s.aWidth), fx.ctx)
    #expect(!fx.isBroken(conflict))
    #expect(fx.broken().isEmpty)
    fx.cycle()
    expectFrame(fx.frame(a), rect(8, 8, 200, 84))
    expectFrame(fx.frame(s.nodes[3]), rect(218, 40, 100, 20))
    expectFrame(fx.frame(s.nodes[4]), rect(228, 115, 172, 84))
  }

  @Test func changingTheConflictingConstantLetsTheBrokenOneBeEnforced() throws {
    let s = try scene()
    let fx = s.fx
    let a = s.nodes[2]
    let conflict = fx.add(a, WIDTH, EQ, 150, id: "a-150")
    #expect(fx.isBroken(conflict))
    fx.setConstant(s.aWidth, 150)
    #expect(!fx.isBroken(conflict))
    #expect(fx.broken().isEmpty)
    fx.cycle()
    expectFrame(fx.frame(a), rect(8, 8, 150, 84))
    // And changing the broken one's own constant to an agreeing value retries it too.
    let other = fx.add(a, WIDTH, EQ, 90, id: "a-90")
    #expect(fx.isBroken(other))
    fx.setConstant(other, 150)
    #expect(!fx.isBroken(other))
    fx.cycle()
    expectFrame(fx.frame(a), rect(8, 8, 150, 84))
  }

  @Test func destroyingABrokenConstraintForgetsIt() throws {
    let s = try scene()
    let fx = s.fx
    let conflict = fx.add(s.nodes[2], WIDTH, EQ, 300)
    #expect(fx.broken() == [conflict])
    ok(brace_constraint_destroy(fx.ctx, conflict), fx.ctx)
    #expect(fx.broken().isEmpty)
    ok(brace_constraint_deactivate(fx.ctx, s.aWidth), fx.ctx)
    ok(brace_constraint_activate(fx.ctx, s.aWidth), fx.ctx)
    #expect(fx.broken().isEmpty)
    fx.cycle()
    expectFrame(fx.frame(s.nodes[2]), rect(8, 8, 100, 84))
  }
}

@Suite("Fitting size")
struct FittingTests {
  /// A container (margins 8) with two labels side by side (100x20 and 60x30, gap 10) in a
  /// window that also holds a constraint on the container's width (outside its subtree).
  private func scene() throws -> (Fx, brace_node, brace_node, [brace_node]) {
    let fx = try Fx()
    let r = fx.window()
    let box = fx.view(in: r)
    fx.add(box, LEFT, EQ, r, LEFT, 10)
    fx.add(box, TOP, EQ, r, TOP, 10)
    fx.add(box, WIDTH, EQ, r, WIDTH, -100)  // held by the window: not part of the fitting
    fx.add(box, HEIGHT, EQ, 0, priority: 1)  // held by the box itself, as UIKit installs it: weaker than the targets
    let l1 = fx.label(in: box, 100, 20), l2 = fx.label(in: box, 60, 30)
    ok(brace_node_set_content_hugging_priority(fx.ctx, l1, BRACE_AXIS_HORIZONTAL, 251), fx.ctx)  // l2 stretches
    fx.add(l1, LEADING, EQ, box, BRACE_ATTR_LEADING_MARGIN)
    fx.add(l2, LEADING, EQ, l1, TRAILING, 10)
    fx.add(l2, TRAILING, EQ, box, BRACE_ATTR_TRAILING_MARGIN)
    fx.add(l1, TOP, EQ, box, BRACE_ATTR_TOP_MARGIN)
    fx.add(l2, TOP, EQ, box, BRACE_ATTR_TOP_MARGIN)
    fx.add(box, BRACE_ATTR_BOTTOM_MARGIN, GE, l1, BOTTOM)
    fx.add(box, BRACE_ATTR_BOTTOM_MARGIN, GE, l2, BOTTOM)
    fx.cycle()
    return (fx, r, box, [l1, l2])
  }

  @Test func compressedAndExpandedSizesOfAContainerWithIntrinsicChildrenAndMargins() throws {
    let (fx, _, box, _) = try scene()
    let low = BRACE_PRIORITY_FITTING_SIZE_LEVEL
    let compressed = fx.fitting(box, 0, 0, low, low)
    #expect(compressed.width == 186, "8 + 100 + 10 + 60 + 8, got \(compressed.width)")
    #expect(compressed.height == 46, "8 + 30 + 8, got \(compressed.height)")
    let expanded = fx.fitting(box, BRACE_LAYOUT_FITTING_EXPANDED, BRACE_LAYOUT_FITTING_EXPANDED, low, low)
    #expect(expanded.width == 186, "hugging (250) beats the fitting level (50), got \(expanded.width)")
    #expect(expanded.height == BRACE_LAYOUT_FITTING_EXPANDED, "only >= constraints bound the height, got \(expanded.height)")
    // A required target wins over the intrinsic sizes.
    let forced = fx.fitting(box, 150, 0, BRACE_PRIORITY_REQUIRED, low)
    #expect(forced.width == 150)
    #expect(forced.height == 46)
  }

  @Test func heightForWidthWithAChildWhoseHeightDependsOnItsWidth() throws {
    let fx = try Fx()
    let r = fx.window()
    let box = fx.view(in: r)
    fx.add(box, LEFT, EQ, r, LEFT)
    fx.add(box, TOP, EQ, r, TOP)
    let x = fx.view(in: box)
    fx.add(x, LEADING, EQ, box, BRACE_ATTR_LEADING_MARGIN)
    fx.add(x, TRAILING, EQ, box, BRACE_ATTR_TRAILING_MARGIN)
    fx.add(x, TOP, EQ, box, BRACE_ATTR_TOP_MARGIN)
    fx.add(x, BOTTOM, EQ, box, BRACE_ATTR_BOTTOM_MARGIN)
    fx.add(x, HEIGHT, EQ, x, WIDTH, multiplier: 0.5)
    fx.cycle()
    for (width, height) in [(300.0, 158.0), (116, 66), (16, 16)] {
      let size = fx.fitting(box, width, 0, BRACE_PRIORITY_REQUIRED, BRACE_PRIORITY_FITTING_SIZE_LEVEL)
      #expect(size.width == width)
      #expect(size.height == height, "at width \(width): 8 + (\(width) - 16) / 2 + 8, got \(size.height)")
    }
  }

  @Test func fittingLeavesNoTrace() throws {
    let (fx, r, box, labels) = try scene()
    let nodes = [r, box] + labels
    let frames = nodes.map { fx.frame($0) }
    expectFrame(frames[1], rect(10, 10, 300, 46))
    #expect(fx.pending() == 0)
    let low = BRACE_PRIORITY_FITTING_SIZE_LEVEL
    _ = fx.fitting(box, 0, 0, low, low)
    _ = fx.fitting(box, BRACE_LAYOUT_FITTING_EXPANDED, BRACE_LAYOUT_FITTING_EXPANDED, low, low)
    _ = fx.fitting(box, 500, 0, BRACE_PRIORITY_REQUIRED, low)
    _ = fx.fitting(labels[0], 0, 0, low, low)
    for (n, f) in zip(nodes, frames) { expectFrame(fx.frame(n), f, "frame after fitting") }
    #expect(fx.pending() == 0, "fitting flags nothing")
    for n in nodes {
      var flagged = true
      ok(brace_node_get_needs_layout(fx.ctx, n, &flagged), fx.ctx)
      #expect(!flagged)
    }
    fx.cycle()
    #expect(fx.trace.laidOut.isEmpty, "the next cycle lays out nothing, got \(fx.trace.laidOut)")
    for (n, f) in zip(nodes, frames) { expectFrame(fx.frame(n), f, "frame after the cycle") }
    #expect(fx.diagnostics.all.isEmpty, "no diagnostics: \(fx.diagnostics.all.map(\.message))")
  }
}

@Suite("Ambiguity")
struct AmbiguityTests {
  @Test func aViewWithOnlyALeadingConstraintIsAmbiguousUntilFullyConstrained() throws {
    let fx = try Fx()
    let r = fx.window()
    let a = fx.view(in: r)
    fx.add(a, LEADING, EQ, r, LEADING, 10)
    fx.cycle()
    #expect(fx.ambiguous(a))
    #expect(!fx.ambiguous(r), "the translating window is fully determined")
    let text = fx.description(r)
    let lines = text.split(separator: "\n")
    let marked = lines.filter { $0.contains("AMBIGUOUS LAYOUT") }
    #expect(marked.count == 1, "one ambiguous node: \(text)")
    if let line = marked.first, let range = line.firstRange(of: "AMBIGUOUS LAYOUT for") {
      let attributes = line[range.upperBound...].lowercased()
      #expect(attributes.contains("width"), "lists the width: \(line)")
      #expect(attributes.contains("height"), "lists the height: \(line)")
      #expect(attributes.contains("y"), "lists the y position: \(line)")
      #expect(!attributes.contains("x"), "x is determined: \(line)")
    } else {
      Issue.record("no \"AMBIGUOUS LAYOUT for\" line in \(text)")
    }
    fx.add(a, WIDTH, EQ, 50)
    fx.add(a, TOP, EQ, r, TOP)
    #expect(fx.ambiguous(a), "the height is still free")
    fx.add(a, HEIGHT, EQ, 20)
    #expect(!fx.ambiguous(a))
    fx.cycle()
    #expect(!fx.description(r).contains("AMBIGUOUS"))
    // Views outside constraint layout are never ambiguous.
    let loose = fx.view(in: r, translates: true, frame: rect(1, 2, 3, 4))
    #expect(!fx.ambiguous(loose))
  }

  @Test func descriptionCopiesWithLengthQueryAndNulTerminatedTruncation() throws {
    let fx = try Fx()
    let r = fx.window()
    let a = fx.view(in: r)
    fx.add(a, LEADING, EQ, r, LEADING, 10)
    fx.cycle()
    var length = 0
    ok(brace_node_copy_description(fx.ctx, r, nil, 0, &length), fx.ctx)
    #expect(length > 0)
    var full = [CChar](repeating: 0x7F, count: length + 1)
    var again = 0
    ok(brace_node_copy_description(fx.ctx, r, &full, full.count, &again), fx.ctx)
    #expect(again == length)
    #expect(full[length] == 0)
    let text = String(cString: full)
    #expect(text.utf8.count == length)
    #expect(text.contains("AMBIGUOUS LAYOUT"))
    // Truncated: capacity bytes written, the last one NUL, the rest untouched.
    var small = [CChar](repeating: 0x7F, count: 16)
    var reported = 0
    ok(brace_node_copy_description(fx.ctx, r, &small, 10, &reported), fx.ctx)
    #expect(reported == length, "the full length is reported even when truncating")
    #expect(small[9] == 0)
    #expect(String(cString: small) == String(decoding: text.utf8.prefix(9), as: UTF8.self))
    #expect(small[10...].allSatisfy { $0 == 0x7F }, "nothing is written past the capacity")
    // Capacity 1: just the NUL.
    var one: [CChar] = [0x7F]
    ok(brace_node_copy_description(fx.ctx, r, &one, 1, &reported), fx.ctx)
    #expect(one[0] == 0)
    // Capacity without a buffer is an error.
    expectFailure(brace_node_copy_description(fx.ctx, r, nil, 5, &reported), BRACE_E_INVALID_ARGUMENT, fx.ctx, mentions: ["buffer"])
  }
}
