import CBrace

/// The one way into a context from the C ABI: NULL check, thread confinement, and the
/// translation of a thrown BraceError into a status plus the thread's last-error text.
@inline(__always)
func withContext(
  _ raw: OpaquePointer?, _ function: StaticString,
  _ body: (Context) throws(BraceError) -> Void
) -> brace_status {
  guard let raw else {
    LastError.set(nil, "\(function): the context is NULL")
    return BRACE_E_INVALID_ARGUMENT
  }
  let ctx = Unmanaged<Context>.fromOpaque(UnsafeRawPointer(raw)).takeUnretainedValue()
  guard ctx.enter() else {
    LastError.set(UnsafeRawPointer(raw), "\(function): the context is busy: another thread is inside it (a context is used by one thread at a time)")
    return BRACE_E_BUSY
  }
  defer { ctx.leave() }
  do {
    try body(ctx)
    return BRACE_OK
  } catch {
    LastError.set(UnsafeRawPointer(raw), "\(function): \(error.message)")
    return error.status
  }
}

/// Stores through an out-pointer, refusing NULL.
@inline(__always)
func store<T>(_ value: T, _ out: UnsafeMutablePointer<T>?, _ name: String = "out") throws(BraceError) {
  guard let out else { throw .invalidArgument("\(name) is NULL") }
  out.pointee = value
}

@inline(__always)
func requireOut<T>(_ out: UnsafeMutablePointer<T>?, _ name: String = "out") throws(BraceError) -> UnsafeMutablePointer<T> {
  guard let out else { throw .invalidArgument("\(name) is NULL") }
  return out
}
