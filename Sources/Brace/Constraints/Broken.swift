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

  func reportUnsatisfiable(broken c: ConstraintID, conflicting: [ConstraintID]) {
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
    lines.append("The broken constraint stays active but is not enforced (brace_constraint_is_broken); it is the one being activated, the others were there first.")
    var involved: [NodeID] = []
    for k in conflicting + [c] {
      for t in bridge.constraints[k.index].terms where !t.isVariable && !involved.contains(t.node) && nodes.isLive(t.node) {
        involved.append(t.node)
      }
    }
    emitDiagnostic(BRACE_DIAGNOSTIC_UNSATISFIABLE, lines.joined(separator: "\n"), nodes: involved, constraints: [c] + conflicting)
  }
}
