import CBrace

/// The one way into a context from the C ABI: NULL check, thread confinement, and the
/// translation of a thrown BraceError into a status plus the thread's last-error text.
@inline(__always)
func withContext(
  _ raw: OpaquePointer?, _ function: StaticString,
  _ body: (Context) throws(BraceError) -> Void
) -> brace_status {
  guard let raw else { return failure(nil, function, .invalidArgument("the context is NULL")) }
  // Borrowed, not retained: the caller's reference keeps the context alive for the call
  // (brace_context_destroy refuses from inside it), and a retain/release pair on every
  // call, a plugin's host calls included, was a sixth of a first layout's time.
  return Unmanaged<Context>.fromOpaque(UnsafeRawPointer(raw))._withUnsafeGuaranteedRef { ctx in
    guard ctx.enter() else {
      return failure(UnsafeRawPointer(raw), function, BraceError(BRACE_E_BUSY, "the context is busy: another thread is inside it (a context is used by one thread at a time)"))
    }
    defer { ctx.leave() }
    do throws(BraceError) {
      try body(ctx)
      return BRACE_OK
    } catch {
      return failure(UnsafeRawPointer(raw), function, error)
    }
  }
}

/// withContext's failure: out of line, so that no entry point carries its own copy of the
/// message building in the middle of its hot code.
@inline(never)
func failure(_ raw: UnsafeRawPointer?, _ function: StaticString, _ error: BraceError) -> brace_status {
  LastError.set(raw, "\(function): \(error.message)")
  return error.status
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

/// A call on one node or constraint: `resolve` turns the handle into a slot (or
/// throws), then `body` acts on it.
@inline(__always)
func withSlot<ID>(
  _ ctx: OpaquePointer?, _ function: StaticString, _ resolve: (Context) throws(BraceError) -> ID,
  _ body: (Context, ID) throws(BraceError) -> Void
) -> brace_status {
  withContext(ctx, function) { c throws(BraceError) in try body(c, try resolve(c)) }
}

@inline(__always)
func withNode(_ ctx: OpaquePointer?, _ function: StaticString, _ node: brace_node, _ body: (Context, NodeID) throws(BraceError) -> Void) -> brace_status {
  withSlot(ctx, function, { c throws(BraceError) in try c.node(node) }, body)
}

@inline(__always)
func withConstraint(_ ctx: OpaquePointer?, _ function: StaticString, _ constraint: brace_constraint, _ body: (Context, ConstraintID) throws(BraceError) -> Void) -> brace_status {
  withSlot(ctx, function, { c throws(BraceError) in try c.constraint(constraint) }, body)
}

/// A node getter: the node is resolved, then its value stored through `out`.
@inline(__always)
func getOfNode<T>(
  _ ctx: OpaquePointer?, _ function: StaticString, _ node: brace_node, _ out: UnsafeMutablePointer<T>?,
  _ value: (Context, NodeID) throws(BraceError) -> T
) -> brace_status {
  withNode(ctx, function, node) { c, n throws(BraceError) in try store(try value(c, n), out) }
}

/// Copies a list out to a caller's buffer (`capacity` elements): *count gets the whole
/// number, the buffer as many as fit. The elements are made as they are written
/// (`element` maps an entry of `list` to one), so asking for the count alone allocates
/// nothing.
@inline(__always)
func copyOut<Entry, Element>(
  _ list: [Entry], _ buffer: UnsafeMutablePointer<Element>?, _ capacity: Int, _ count: UnsafeMutablePointer<Int>?,
  _ element: (Entry) -> Element
) throws(BraceError) {
  let count = try requireOut(count, "count")
  if capacity != 0 && buffer == nil { throw .invalidArgument("buffer is NULL but capacity is \(UInt(bitPattern: capacity))") }
  if let buffer { for k in 0..<min(list.count, Int(clamping: UInt(bitPattern: capacity))) { buffer[k] = element(list[k]) } }
  count.pointee = list.count
}
