import CBrace

/// Broken constraints: the retry when others change, and the report of a conflict
/// (UIKit's "Unable to simultaneously satisfy constraints").
extension Context {
  /// Broken constraints may fit once others are gone or changed.
  /// Inside the constraints pass the retry waits for the pass's end (`beginDeferringRetries`):
  /// every node's regenerated constraints change constants, and retrying every broken
  /// constraint after each one cost O(changes × broken) (a fuzzer input of a few hundred
  /// stacks took 72 s).
  func retryBroken() {
    guard !bridge.broken.isEmpty else { return }
    if bridge.retryDeferral > 0 {
      bridge.retryPending = true
      return
    }
    let pending = bridge.broken
    bridge.broken = []
    for c in pending where bridge.constraints[c.index].live && bridge.constraints[c.index].active {
      bridge.constraints[c.index].broken = false
      installQuietly(c)
    }
  }

  /// Holds retries of broken constraints until the matching `endDeferringRetries`, then
  /// runs one if any was asked for.
  func beginDeferringRetries() { bridge.retryDeferral += 1 }

  func endDeferringRetries() {
    bridge.retryDeferral -= 1
    guard bridge.retryDeferral == 0 && bridge.retryPending else { return }
    bridge.retryPending = false
    // One solver batch, as deactivate and rebuildRows retry.
    if let s = bridge.solver, let i = bridge.solverInstance {
      s.desc.begin_batch!(i)
      retryBroken()
      s.desc.end_batch!(i)
    } else {
      retryBroken()
    }
  }

  /// Reinstalls without reporting again a conflict that was already reported.
  private func installQuietly(_ c: ConstraintID) {
    // Muted, not unhooked: with no callback a diagnostic goes to stderr (printDiagnostic).
    withDiagnosticsMuted { install(c) }
  }

  /// `winner`: the translated frame that `c` was broken for (makeRoom), nil when `c` is
  /// the constraint that could not be installed.
  func reportUnsatisfiable(broken c: ConstraintID, conflicting: [ConstraintID], winner: ConstraintID? = nil) {
    if bridge.refusedConflicts != nil {
      bridge.refusedConflicts = conflicting
      return
    }
    var lines = [
      "Unable to simultaneously satisfy constraints.",
      "\tProbably at least one of the constraints in the following list is one you don't want.",
      "(",
    ]
    for k in conflicting + [c] { lines.append("    \"\(describeConstraint(k))\"") }
    lines.append(")")
    lines.append("")
    lines.append("Will attempt to recover by breaking constraint")
    lines.append(describeConstraint(c))
    lines.append("")
    lines.append("The broken constraint stays active but is not enforced (brace_constraint_is_broken); \(whyBroken(c, winner))")
    var involved: [NodeID] = []
    for k in conflicting + [c] {
      for t in bridge.constraints[k.index].terms where !t.isVariable && !involved.contains(t.node) && nodes.isLive(t.node) {
        involved.append(t.node)
      }
    }
    emitDiagnostic(BRACE_DIAGNOSTIC_UNSATISFIABLE, lines.joined(separator: "\n"), nodes: involved, constraints: [c] + conflicting)
  }

  /// What happened, for the last line of a conflict's report.
  private func whyBroken(_ c: ConstraintID, _ winner: ConstraintID?) -> String {
    if let w = winner {
      let n: NodeID? = { if case .engine(let n) = bridge.constraints[w.index].owner { return n } else { return nil } }()
      let who = n.map { describe($0) } ?? "its node"
      let what: String
      switch bridge.cause {
      case .frameSet: what = "its frame was just set (a resize)"
      case .activation: what = "it entered constraint layout with the constraints being activated"
      case .constantChange: what = "a constant just changed"
      case .geometry: what = "its geometry (insets, margins, direction or place in the tree) just changed"
      case .generated, nil: what = "its translated constraints were just made again"
      }
      return "\(who) translates its autoresizing mask and \(what): the frame the caller set on it (\(describeConstraint(w))) wins over the constraints inside it, whatever the order of the changes, so the constraint activated last among those it conflicts with breaks."
    }
    // A node's generated constraint made in the middle of another change (its node
    // entered constraint layout with the constraints being activated) is what is new.
    var cause = bridge.cause
    if case .engine(let n) = bridge.constraints[c.index].owner {
      if case .frameSet = cause {} else { cause = .generated(n) }
    }
    switch cause {
    case .activation, nil:
      return "it is the one being activated, the others were there first."
    case .constantChange:
      return "its constant was just changed (brace_constraint_set_constant), the others were there first."
    case .frameSet(let n):
      return "the frame of \(describe(n)) was just set (a resize); it conflicts only with other translated frames, so the one being changed breaks."
    case .generated(let n):
      return "it was just generated for \(describe(n)) (its intrinsic content size or its autoresizing mask), the others were there first."
    case .geometry:
      return "the geometry its row is built from (alignment insets, layout margins, layout direction or a move in the tree) just changed, the others were there first."
    }
  }
}
