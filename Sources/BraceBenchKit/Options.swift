// The benchmark programs' command-line options: a name, then its value as the next
// argument.

/// The integer after `name` on the command line (nil when absent, last, or not a number).
public func intOption(_ name: String) -> Int? {
  let arguments = CommandLine.arguments
  return arguments.firstIndex(of: name).flatMap { k in k + 1 < arguments.count ? Int(arguments[k + 1]) : nil }
}

/// The comma-separated integers after `name` (nil when absent or last; what is not a
/// number is skipped).
public func intListOption(_ name: String) -> [Int]? {
  let arguments = CommandLine.arguments
  return arguments.firstIndex(of: name).flatMap { k in
    k + 1 < arguments.count ? arguments[k + 1].split(separator: ",").compactMap { Int($0) } : nil
  }
}
