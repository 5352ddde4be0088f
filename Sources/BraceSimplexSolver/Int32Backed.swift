// Ids and counts in the records are `Int`s kept in 32 bits: every one is below 2^31
// (handle slots have 24 bits), and half the width is what keeps a row record at 32
// bytes and a symbol record at 24 (docs/solver.md, "Memory"). The accessors inline to
// a widening load and a truncating store.

@propertyWrapper
struct Int32Backed {
  var raw: Int32

  @inline(__always)
  init(wrappedValue: Int) { raw = Int32(truncatingIfNeeded: wrappedValue) }

  var wrappedValue: Int {
    @inline(__always) get { Int(raw) }
    @inline(__always) set { raw = Int32(truncatingIfNeeded: newValue) }
  }
}
