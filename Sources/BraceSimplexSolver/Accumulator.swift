// The accumulator: the scratch row a new or re-derived row is summed in before it is
// stored (`addConstraint`, `refineRow`). Coefficients sit in a small array indexed
// through `mark`, so summing costs the symbols met, not the symbol count.

extension Tableau {
  /// Adds `v` to the coefficient of `t` in the row being built (`accSyms`/`accVals`).
  @inline(__always)
  mutating func accumulate(_ t: Int, _ v: Double) {
    let m = mark[t]
    if m == 0 {
      let i = accCount
      if i == accCapacity { growAccumulator() }
      accSyms[i] = Int32(truncatingIfNeeded: t)
      accVals[i] = v
      accCount = i + 1
      mark[t] = Int32(truncatingIfNeeded: i + 1)
    } else {
      accVals[Int(m) - 1] += v
    }
  }

  mutating func growAccumulator() {
    Tableau.grow(&accSyms, count: accCapacity, to: 2 * accCapacity)
    Tableau.grow(&accVals, count: accCapacity, to: 2 * accCapacity)
    accCapacity *= 2
  }

  /// The coefficient accumulated for `t` so far (0 if none).
  @inline(__always)
  func accumulated(_ t: Int) -> Double {
    let m = mark[t]
    return m == 0 ? 0 : accVals[Int(m) - 1]
  }

  /// Clears the row being built (and the marks of its symbols).
  mutating func clearAccumulator() {
    for i in 0..<accCount { mark[Int(accSyms[i])] = 0 }
    accCount = 0
  }
}
