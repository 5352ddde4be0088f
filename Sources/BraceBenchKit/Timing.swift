// What the benchmark programs time and report with: a monotonic clock, medians, and
// output (so that they need no libc of their own).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Nanoseconds on CLOCK_MONOTONIC. Inlinable: it sits inside the timed loops.
@inlinable @inline(__always)
public func now() -> UInt64 {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
}

/// Microseconds since `t0` (a value of now()).
@inlinable @inline(__always)
public func usSince(_ t0: UInt64) -> Double { Double(now() - t0) / 1000 }

/// The median of a sample (NaN when empty).
public func median(_ xs: [Double]) -> Double {
  let s = xs.sorted()
  if s.isEmpty { return .nan }
  return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

/// Writes a line to standard error (fd 2: the C `stderr` global is not concurrency-safe
/// in Swift 6).
public func printError(_ text: String) {
  var bytes = Array(text.utf8)
  bytes.append(UInt8(ascii: "\n"))
  _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

/// Writes out what is buffered for standard output (a table row as soon as it is measured).
public func flushOutput() { fflush(nil) }

/// Prints "<program>: <what>" on standard error, after what is printed so far, and exits 1.
public func die(_ what: String) -> Never {
  fflush(nil)
  let program = CommandLine.arguments.first.map { $0.split(separator: "/").last.map(String.init) ?? $0 } ?? "bench"
  printError("\(program): \(what)")
  exit(1)
}
