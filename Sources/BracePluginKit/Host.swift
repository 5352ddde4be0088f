import CBrace
import Synchronization

// What every plugin shares with the host, compiled into each plugin (and the core): each
// plugin stays its own shared library with its own copy, so the host pointer below is per
// plugin file.

/// The host table, the same pointer for every context; kept by `acceptHost` in the
/// plugin's entry, before the host calls any hook.
@usableFromInline let hostBits = Atomic<UInt>(0)

@inlinable public var host: UnsafePointer<brace_host_api> {
  UnsafePointer(bitPattern: hostBits.load(ordering: .acquiring))!
}

/// The entry's check of the host: it speaks this plugin ABI's major version, at least
/// minor version `minor`, with a table holding every member this plugin was built with.
/// Keeps the table for `host`; false means the entry returns NULL.
public func acceptHost(_ h: UnsafePointer<brace_host_api>?, minor: UInt16 = 0) -> Bool {
  guard let h, h.pointee.abi_major == BRACE_PLUGIN_ABI_MAJOR, h.pointee.abi_minor >= minor,
    Int(h.pointee.struct_size) >= MemoryLayout<brace_host_api>.size
  else { return false }
  hostBits.store(UInt(bitPattern: h), ordering: .releasing)
  return true
}
