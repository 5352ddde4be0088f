// Status checks every Swift test suite shares. Everything goes through the C ABI
// (brace_*), exactly as a C user calls it.
import CBrace
import Testing

public func statusName(_ s: brace_status) -> String { String(cString: brace_status_name(s)) }

/// The calling thread's last-error message for `ctx` (NULL: the context-less messages).
public func lastError(_ ctx: OpaquePointer?) -> String { String(cString: brace_last_error(ctx)) }

/// Expects BRACE_OK; on failure the message shows the status name and brace_last_error.
@discardableResult
public func ok(_ s: brace_status, _ ctx: OpaquePointer? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
  #expect(s == BRACE_OK, "expected BRACE_OK, got \(statusName(s)): \(lastError(ctx))", sourceLocation: sourceLocation)
  return s == BRACE_OK
}

/// Expects the status `expected` and a non-empty last-error message for `ctx` on this
/// thread that contains each of `mentions` (case-insensitive). Returns the message.
@discardableResult
public func expectFailure(
  _ s: brace_status, _ expected: brace_status, _ ctx: OpaquePointer?, mentions: [String] = [],
  sourceLocation: SourceLocation = #_sourceLocation
) -> String {
  #expect(s == expected, "expected \(statusName(expected)), got \(statusName(s)): \(lastError(ctx))", sourceLocation: sourceLocation)
  let message = lastError(ctx)
  #expect(!message.isEmpty, "brace_last_error is empty after \(statusName(s))", sourceLocation: sourceLocation)
  for m in mentions {
    #expect(message.lowercased().contains(m.lowercased()), "last error \"\(message)\" does not mention \"\(m)\"", sourceLocation: sourceLocation)
  }
  return message
}

/// A fixture could not be set up; the test fails with this message (instead of trapping,
/// which would end the whole test run).
public struct SetupError: Error, CustomStringConvertible {
  public var description: String
  public init(description: String) { self.description = description }
}
