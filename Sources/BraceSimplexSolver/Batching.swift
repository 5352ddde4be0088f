// Pending work (batching).
//
// Structural changes re-optimize at once, inside a batch too, so a batch never costs
// more than the same calls one by one. Deferred, later additions were substituted
// into a non-optimal basis whose rows filled in (a chain with preferences: the same
// pivots over ~n^2/2 cells, cubic time; docs/solver.md "Batching"). What a batch
// defers is the dual re-solve of constant shifts (one per run of shifts) and drift
// refinement; the dual simplex needs the optimal objective every change leaves.

extension Tableau {
  /// Before a structural change: restore the feasibility that shifts left pending.
  mutating func prepareStructural() {
    if !infeasible.isEmpty { _ = dualOptimize() }
  }

  @inline(__always)
  mutating func finishStructural() {
    // Structural steps keep feasibility (ratio tests); anything queued is rounding noise.
    // Tested first: the call on an empty queue retained and released its buffer (an
    // atomic pair on every addition and weight).
    if !infeasible.isEmpty { infeasible.removeAll(keepingCapacity: true) }
    optimize()
    // Outside a batch this is the batch's end: the optimization's pivots can queue a
    // restricted row that went negative (coefficients of very different sizes, 0.001
    // next to 1,000), which only the end of a batch settled. The host hands an add on
    // free variables to the solver alone; without this its values broke a required row.
    if batchDepth == 0 { flush() }
  }

  mutating func finishShift() {
    if batchDepth == 0 {
      _ = dualOptimize()
      refineStaleRows()
    }
  }

  /// Settles everything pending.
  mutating func flush() {
    if !infeasible.isEmpty { _ = dualOptimize() }
    refineStaleRows()
  }
}
