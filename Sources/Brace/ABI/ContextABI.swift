import CBrace

// The C ABI of brace/types.h and brace/context.h.

@c @implementation public func brace_version() -> UInt32 {
  UInt32((BRACE_VERSION_MAJOR << 16) | (BRACE_VERSION_MINOR << 8) | BRACE_VERSION_PATCH)
}

private let versionString: StaticString = "0.12.0"

@c @implementation public func brace_version_string() -> UnsafePointer<CChar>? {
  UnsafeRawPointer(versionString.utf8Start).assumingMemoryBound(to: CChar.self)
}

@c @implementation public func brace_status_name(_ status: brace_status) -> UnsafePointer<CChar>? {
  let name: StaticString
  switch status {
  case BRACE_OK: name = "BRACE_OK"
  case BRACE_E_INVALID_ARGUMENT: name = "BRACE_E_INVALID_ARGUMENT"
  case BRACE_E_INVALID_HANDLE: name = "BRACE_E_INVALID_HANDLE"
  case BRACE_E_STALE_HANDLE: name = "BRACE_E_STALE_HANDLE"
  case BRACE_E_FOREIGN_HANDLE: name = "BRACE_E_FOREIGN_HANDLE"
  case BRACE_E_INDEX_OUT_OF_RANGE: name = "BRACE_E_INDEX_OUT_OF_RANGE"
  case BRACE_E_CYCLE: name = "BRACE_E_CYCLE"
  case BRACE_E_BUSY: name = "BRACE_E_BUSY"
  case BRACE_E_REENTRANCY: name = "BRACE_E_REENTRANCY"
  case BRACE_E_FEEDBACK_LOOP: name = "BRACE_E_FEEDBACK_LOOP"
  case BRACE_E_NOT_FOUND: name = "BRACE_E_NOT_FOUND"
  case BRACE_E_TYPE_MISMATCH: name = "BRACE_E_TYPE_MISMATCH"
  case BRACE_E_INVALID_STATE: name = "BRACE_E_INVALID_STATE"
  case BRACE_E_PLUGIN: name = "BRACE_E_PLUGIN"
  case BRACE_E_UNSATISFIABLE: name = "BRACE_E_UNSATISFIABLE"
  case BRACE_E_NO_MEMORY: name = "BRACE_E_NO_MEMORY"
  case BRACE_E_DUPLICATE: name = "BRACE_E_DUPLICATE"
  default: name = "BRACE_E_UNKNOWN"
  }
  return UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
}

private let emptyMessage: StaticString = ""

@c @implementation public func brace_last_error(_ ctx: OpaquePointer?) -> UnsafePointer<CChar>? {
  LastError.get(UnsafeRawPointer(ctx))
    ?? UnsafeRawPointer(emptyMessage.utf8Start).assumingMemoryBound(to: CChar.self)
}

/// The size of the first released brace_context_options (0.1: up to plugin_path).
let firstOptionsSize = MemoryLayout<brace_context_options>.offset(of: \brace_context_options.quiet_diagnostics)!

func defaultOptions() -> brace_context_options {
  brace_context_options(
    struct_size: UInt32(MemoryLayout<brace_context_options>.size), scale: 1,
    layout_direction: BRACE_DIRECTION_LTR, feedback_loop_threshold: 100, plugin_path: nil,
    quiet_diagnostics: false, standard_spacing: 8, default_layout_margin: 8)
}

@c @implementation public func brace_context_options_init(_ options: UnsafeMutablePointer<brace_context_options>?) {
  options?.pointee = defaultOptions()
}

@c @implementation public func brace_context_create(
  _ options: UnsafePointer<brace_context_options>?, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> brace_status {
  func fail(_ s: brace_status, _ m: String) -> brace_status {
    LastError.set(nil, "brace_context_create: \(m)")
    return s
  }
  guard let out else { return fail(BRACE_E_INVALID_ARGUMENT, "out is NULL") }
  var o = defaultOptions()
  if let options {
    let size = Int(options.pointee.struct_size)
    guard size >= firstOptionsSize else {
      return fail(BRACE_E_INVALID_ARGUMENT, "options->struct_size is \(size); expected at least \(firstOptionsSize): initialize options with brace_context_options_init")
    }
    // An older caller's smaller struct: take the fields it has, defaults for the rest.
    withUnsafeMutableBytes(of: &o) { bytes in
      bytes.copyMemory(from: UnsafeRawBufferPointer(start: options, count: min(size, MemoryLayout<brace_context_options>.size)))
    }
    o.struct_size = UInt32(MemoryLayout<brace_context_options>.size)
    guard o.scale.isFinite, o.scale > 0 else {
      return fail(BRACE_E_INVALID_ARGUMENT, "options->scale must be finite and > 0, got \(o.scale)")
    }
    guard o.layout_direction == BRACE_DIRECTION_LTR || o.layout_direction == BRACE_DIRECTION_RTL else {
      return fail(BRACE_E_INVALID_ARGUMENT, "options->layout_direction must be BRACE_DIRECTION_LTR (1) or BRACE_DIRECTION_RTL (2), got \(o.layout_direction.rawValue)")
    }
    for (name, v) in [("standard_spacing", o.standard_spacing), ("default_layout_margin", o.default_layout_margin)] {
      guard v.isFinite, v >= 0 else {
        return fail(BRACE_E_INVALID_ARGUMENT, "options->\(name) must be finite and >= 0, got \(v)")
      }
    }
    o.feedback_loop_threshold = o.feedback_loop_threshold == 0 ? 100 : min(max(o.feedback_loop_threshold, 50), 10000)
  }
  guard let tag = Context.takeTag() else {
    return fail(BRACE_E_NO_MEMORY, "too many live contexts (at most \(Handle.maxTag)); destroy some first")
  }
  let ctx = Context(options: o, tag: tag)
  // Entered while the built-in strategies' hooks run: a hook that calls back into the
  // context is nested (destroying it is refused), as in every other call.
  guard ctx.enter() else { return fail(BRACE_E_BUSY, "the new context is busy") }
  do {
    try ctx.loadBuiltinStrategies()
  } catch {
    ctx.teardown()
    ctx.leave()
    return fail(error.status, error.message)
  }
  ctx.leave()
  out.pointee = OpaquePointer(Unmanaged.passRetained(ctx).toOpaque())
  return BRACE_OK
}

@c @implementation public func brace_context_destroy(_ ctx: OpaquePointer?) -> brace_status {
  guard let ctx else { return BRACE_OK }
  let c = Unmanaged<Context>.fromOpaque(UnsafeRawPointer(ctx)).takeUnretainedValue()
  guard c.enter() else {
    LastError.set(UnsafeRawPointer(ctx), "brace_context_destroy: the context is busy: another thread is inside it")
    return BRACE_E_BUSY
  }
  if c.isNested || c.cycle.passDepth > 0 {
    c.leave()
    LastError.set(UnsafeRawPointer(ctx), "brace_context_destroy: cannot destroy the context from inside one of its callbacks")
    return BRACE_E_REENTRANCY
  }
  c.teardown()
  c.leave()
  LastError.forget(UnsafeRawPointer(ctx))
  Unmanaged<Context>.fromOpaque(UnsafeRawPointer(ctx)).release()
  return BRACE_OK
}

@c @implementation public func brace_context_reset(_ ctx: OpaquePointer?) -> brace_status {
  withContext(ctx, "brace_context_reset") { c throws(BraceError) in
    if c.isNested || c.cycle.passDepth > 0 {
      throw .reentrancy("cannot reset the context from inside one of its callbacks")
    }
    guard let tag = Context.takeTag() else {
      throw BraceError(BRACE_E_NO_MEMORY, "too many live contexts (at most \(Handle.maxTag)) to give this one a new tag; destroy some first")
    }
    c.reset(tag: tag)
  }
}

@c @implementation public func brace_context_get_options(_ ctx: OpaquePointer?, _ out: UnsafeMutablePointer<brace_context_options>?) -> brace_status {
  withContext(ctx, "brace_context_get_options") { c throws(BraceError) in
    let out = try requireOut(out)
    let size = Int(out.pointee.struct_size)
    guard size >= firstOptionsSize else {
      throw .invalidArgument("out->struct_size is \(size); expected at least \(firstOptionsSize)")
    }
    // The caller's struct may be an older, smaller one: copy what it has room for.
    var o = c.options
    let count = min(size, MemoryLayout<brace_context_options>.size)
    o.struct_size = UInt32(count)
    withUnsafeBytes(of: o) { bytes in
      UnsafeMutableRawPointer(out).copyMemory(from: bytes.baseAddress!, byteCount: count)
    }
  }
}

@c @implementation public func brace_context_set_diagnostic_callback(_ ctx: OpaquePointer?, _ fn: brace_diagnostic_fn?, _ userData: UnsafeMutableRawPointer?) -> brace_status {
  withContext(ctx, "brace_context_set_diagnostic_callback") { c in c.setDiagnosticCallback(fn, userData) }
}

@c @implementation public func brace_context_set_trace_callback(_ ctx: OpaquePointer?, _ fn: brace_trace_fn?, _ userData: UnsafeMutableRawPointer?) -> brace_status {
  withContext(ctx, "brace_context_set_trace_callback") { c in c.setTraceCallback(fn, userData) }
}
