import CBrace
import Synchronization

// What every plugin shares with the host, compiled into each plugin (and the core): each
// plugin stays its own shared library with its own copy.

/// The entry's check of the host: it speaks this plugin ABI's major version, at least
/// minor version `minor`, with a table holding every member this plugin was built with.
/// False means the entry returns NULL.
public func acceptHost(_ h: UnsafePointer<brace_host_api>?, minor: UInt16 = 0) -> Bool {
  guard let h, h.pointee.abi_major == BRACE_PLUGIN_ABI_MAJOR, h.pointee.abi_minor >= minor,
    Int(h.pointee.struct_size) >= MemoryLayout<brace_host_api>.size
  else { return false }
  return true
}

/// The host table a plugin reads from its hooks: the same pointer for every context, kept
/// by the entry. Each plugin declares its own (a global of the plugin's module: reading it
/// is a load, where a global of this module would cost a call on every host call).
public struct PluginHost: ~Copyable, Sendable {
  @usableFromInline let bits = Atomic<UInt>(0)

  @inlinable public init() {}

  /// The table; hooks run only after the entry kept it.
  @inlinable @inline(__always) public var table: UnsafePointer<brace_host_api> {
    UnsafePointer(bitPattern: bits.load(ordering: .acquiring))!
  }

  /// The entry: keeps `h` when `acceptHost` accepts it.
  public func connect(_ h: UnsafePointer<brace_host_api>?, minor: UInt16 = 0) -> Bool {
    guard let h, acceptHost(h, minor: minor) else { return false }
    bits.store(UInt(bitPattern: h), ordering: .releasing)
    return true
  }
}
