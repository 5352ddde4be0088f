import CBrace

// The C ABI of reading a handle (brace/types.h, since 0.6): no context, any thread.

@c @implementation
public func brace_handle_get_info(_ handle: UInt64, _ out: UnsafeMutablePointer<brace_handle_info>?) -> brace_status {
  let need = MemoryLayout<brace_handle_info>.size
  guard let out else {
    LastError.set(nil, "brace_handle_get_info: out is NULL")
    return BRACE_E_INVALID_ARGUMENT
  }
  guard Int(out.pointee.struct_size) >= need else {
    LastError.set(nil, "brace_handle_get_info: out->struct_size is \(out.pointee.struct_size); expected at least \(need) (sizeof(brace_handle_info))")
    return BRACE_E_INVALID_ARGUMENT
  }
  let kind = Handle.kind(handle)
  // Kinds, context tags and generations all start at 1: a 0 in any is no handle.
  guard kind != 0, Handle.tag(handle) != 0, Handle.generation(handle) != 0 else {
    out.pointee = brace_handle_info(struct_size: UInt32(need), kind: BRACE_HANDLE_KIND_INVALID, index: 0, generation: 0)
    LastError.set(nil, "brace_handle_get_info: \(handle == 0 ? "0 is the null handle" : "0x\(String(handle, radix: 16)) is not a handle Brace made")")
    return BRACE_E_INVALID_HANDLE
  }
  out.pointee = brace_handle_info(
    struct_size: UInt32(need), kind: brace_handle_kind(rawValue: UInt32(kind)),
    index: UInt32(Handle.slot(handle)), generation: Handle.generation(handle))
  return BRACE_OK
}
