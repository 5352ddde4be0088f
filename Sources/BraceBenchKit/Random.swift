// The seeded random numbers of the benchmarks and the randomized tests, and the random
// linear system that brace-simplex-bench and brace-layout-bench both solve.

/// SplitMix64: tiny, fast, and the same stream on every platform for a given seed, so
/// every benchmark and randomized test replays exactly. Inlinable: benchmarks draw in
/// their loops.
public struct SplitMix64: RandomNumberGenerator {
  public var state: UInt64

  @inlinable public init(seed: UInt64) { state = seed }

  @inlinable
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Uniform in 0..<n (n > 0).
  @inlinable public mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
  /// Uniform in lo...hi (integers).
  @inlinable public mutating func int(_ lo: Int, _ hi: Int) -> Int { lo + int(hi - lo + 1) }
  /// Uniform in [0, 1).
  @inlinable public mutating func unit() -> Double { Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0) }
  /// Uniform in [lo, hi).
  @inlinable public mutating func double(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
  /// True with probability `p`.
  @inlinable public mutating func chance(_ p: Double) -> Bool { unit() < p }
  /// One element of a non-empty array.
  @inlinable public mutating func pick<T>(_ a: [T]) -> T { a[int(a.count)] }
}

/// The classic Cassowary benchmark made satisfiable by construction: N variables with a
/// hidden solution in 0..100 and start (stay) values in 0..100; N required constraints
/// on 1-3 distinct variables, coefficients uniform in -5..5 (|a| >= 1e-3), 88% ==, 12% >=
/// with slack 0..10, constants chosen so the hidden solution satisfies every one.
public struct RandomSystem {
  /// `sum(coefficient * variable) == constant`, or `>= constant` when not `isEquality`.
  public struct Constraint {
    public var terms: [(variable: Int, coefficient: Double)]
    public var isEquality: Bool
    public var constant: Double
  }

  public var starts: [Double]
  public var constraints: [Constraint]

  /// The system of size `n` for `seed`, draw for draw the same on every run.
  public init(_ n: Int, seed: UInt64) {
    var g = SplitMix64(seed: seed)
    let hidden = (0..<n).map { _ in g.unit() * 100 }
    starts = (0..<n).map { _ in g.unit() * 100 }
    constraints = []
    constraints.reserveCapacity(n)
    for _ in 0..<n {
      let k = 1 + g.int(min(3, n))
      var picked: [Int] = []
      while picked.count < k {
        let v = g.int(n)
        if !picked.contains(v) { picked.append(v) }
      }
      var terms: [(variable: Int, coefficient: Double)] = []
      var sum = 0.0
      for v in picked {
        var a = 0.0
        while abs(a) < 1e-3 { a = g.unit() * 10 - 5 }
        terms.append((v, a))
        sum += a * hidden[v]
      }
      if g.unit() < 0.88 {
        constraints.append(Constraint(terms: terms, isEquality: true, constant: sum))
      } else {
        constraints.append(Constraint(terms: terms, isEquality: false, constant: sum - g.unit() * 10))
      }
    }
  }
}
