// The "simplex" solver's hooks called directly, as any host may call them: the sizes in
// brace_plugin.h are size_t, so a value past Int.max (SIZE_MAX) must not trap the plugin.
import BraceTestSupport
import CBrace
import Glibc
import Testing

@Suite struct SimplexHookTests {
  /// The simplex descriptor, from libbrace_simplex.so next to the test program (where
  /// SwiftPM builds it), entered with a host table that is valid for a solver.
  func simplex() throws -> UnsafePointer<brace_strategy_desc> {
    let exe = try #require(realPath("/proc/self/exe"))
    let path = "\(directoryName(exe))/libbrace_simplex.so"
    let handle = try #require(dlopen(path, RTLD_NOW | RTLD_LOCAL), "\(path): \(String(cString: dlerror()))")
    let symbol = try #require(dlsym(handle, BRACE_PLUGIN_ENTRY_NAME))
    typealias Entry = @convention(c) (UnsafePointer<brace_host_api>?) -> UnsafePointer<brace_strategy_desc>?
    // The plugin keeps the table: it lives as long as the process.
    let table = UnsafeMutablePointer<brace_host_api>.allocate(capacity: 1)
    table.initialize(to: brace_host_api())
    table.pointee.struct_size = UInt32(MemoryLayout<brace_host_api>.size)
    table.pointee.abi_major = UInt16(BRACE_PLUGIN_ABI_MAJOR)
    table.pointee.abi_minor = UInt16(BRACE_PLUGIN_ABI_MINOR)
    return try #require(unsafeBitCast(symbol, to: Entry.self)(table))
  }

  /// Regression: a conflict_capacity past Int.max (SIZE_MAX) trapped the add hook on a
  /// conflict (a negative range bound); it is as large as it says.
  @Test func aConflictCapacityOfSizeMaxWritesTheConflicts() throws {
    let d = try simplex().pointee
    var instance: UnsafeMutableRawPointer?
    #expect(d.solver_create!(nil, nil, &instance) == BRACE_OK)
    defer { d.solver_destroy!(nil, nil, instance) }
    var v: UInt32 = 0
    #expect(d.new_variable!(instance, &v) == BRACE_OK)
    var term = brace_solver_term(variable: v, coefficient: 1)
    var first: UInt32 = 0
    #expect(d.add!(instance, &term, 1, BRACE_RELATION_EQUAL, 0, 1000, &first, nil, 0, nil) == BRACE_OK)
    var second: UInt32 = 0
    var conflicts: [UInt32] = [99, 99]
    var count = 0
    let status = d.add!(instance, &term, 1, BRACE_RELATION_EQUAL, -10, 1000, &second, &conflicts, Int(bitPattern: UInt.max), &count)
    #expect(status == BRACE_E_UNSATISFIABLE)
    #expect(count == 1)
    #expect(conflicts == [first, 99])
  }

  /// The add hook reads the host's terms in place (the solver's terms have their layout):
  /// both terms' variables and coefficients reach the row (y == 2 and 2x + 3y == 12, so
  /// x = (12 - 3 * 2) / 2 = 3), and an id that names no live variable (one past the last,
  /// or UINT32_MAX) is BRACE_E_INVALID_HANDLE with out and conflict_count left as they were.
  @Test func addReadsTheHostsTermsInPlace() throws {
    let d = try simplex().pointee
    var instance: UnsafeMutableRawPointer?
    #expect(d.solver_create!(nil, nil, &instance) == BRACE_OK)
    defer { d.solver_destroy!(nil, nil, instance) }
    var x: UInt32 = 0
    var y: UInt32 = 0
    #expect(d.new_variable!(instance, &x) == BRACE_OK)
    #expect(d.new_variable!(instance, &y) == BRACE_OK)
    var id: UInt32 = 0
    var pin = brace_solver_term(variable: y, coefficient: 1)
    #expect(d.add!(instance, &pin, 1, BRACE_RELATION_EQUAL, -2, 1000, &id, nil, 0, nil) == BRACE_OK)
    var terms = [brace_solver_term(variable: x, coefficient: 2), brace_solver_term(variable: y, coefficient: 3)]
    #expect(d.add!(instance, &terms, 2, BRACE_RELATION_EQUAL, -12, 1000, &id, nil, 0, nil) == BRACE_OK)
    #expect(d.value!(instance, x) == 3)
    #expect(d.value!(instance, y) == 2)
    for bad in [max(x, y) + 1, UInt32.max] {
      var unknown = [brace_solver_term(variable: x, coefficient: 1), brace_solver_term(variable: bad, coefficient: 1)]
      var none: UInt32 = 77
      var count = 5
      #expect(d.add!(instance, &unknown, 2, BRACE_RELATION_EQUAL, 0, 500, &none, nil, 0, &count) == BRACE_E_INVALID_HANDLE)
      #expect(none == 77 && count == 5)
    }
  }

  /// add_weighted (1.6): the row weighs its weight from the start (x == 0 at 3 against
  /// x == 10 at 1: 3x + (10 - x) = 10 + 2x, least at 0), a weight that is not finite and
  /// > 0 adds nothing, and a conflict is answered as add answers it.
  @Test func addWeightedWeighsTheNewRow() throws {
    let d = try simplex().pointee
    #expect(d.struct_size == UInt32(MemoryLayout<brace_strategy_desc>.size))
    let addWeighted = try #require(d.add_weighted)
    var instance: UnsafeMutableRawPointer?
    #expect(d.solver_create!(nil, nil, &instance) == BRACE_OK)
    defer { d.solver_destroy!(nil, nil, instance) }
    var v: UInt32 = 0
    #expect(d.new_variable!(instance, &v) == BRACE_OK)
    var term = brace_solver_term(variable: v, coefficient: 1)
    var id: UInt32 = 0
    #expect(addWeighted(instance, &term, 1, BRACE_RELATION_EQUAL, 0, 500, 3, &id, nil, 0, nil) == BRACE_OK)
    #expect(addWeighted(instance, &term, 1, BRACE_RELATION_EQUAL, -10, 500, 1, &id, nil, 0, nil) == BRACE_OK)
    #expect(d.value!(instance, v) == 0)
    for w in [Double.nan, .infinity, 0, -2] {
      var none: UInt32 = 77
      #expect(addWeighted(instance, &term, 1, BRACE_RELATION_EQUAL, -5, 500, w, &none, nil, 0, nil) == BRACE_E_INVALID_ARGUMENT)
      #expect(none == 77)
    }
    #expect(addWeighted(nil, &term, 1, BRACE_RELATION_EQUAL, -5, 500, 2, &id, nil, 0, nil) == BRACE_E_INVALID_ARGUMENT)
    var pin: UInt32 = 0
    #expect(addWeighted(instance, &term, 1, BRACE_RELATION_EQUAL, -4, 1000, 2, &pin, nil, 0, nil) == BRACE_OK)
    #expect(d.value!(instance, v) == 4)
    var conflicts: [UInt32] = [99]
    var count = 0
    var refused: UInt32 = 0
    #expect(addWeighted(instance, &term, 1, BRACE_RELATION_EQUAL, -6, 1000, 2, &refused, &conflicts, 1, &count) == BRACE_E_UNSATISFIABLE)
    #expect(count == 1 && conflicts == [pin])
  }
}
