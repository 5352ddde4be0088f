import CBraceLibc

/// A value behind a pthread mutex, for the little process-wide state the core keeps
/// (context tags, the plugin loader). Synchronization's Mutex would do, but it is not
/// available when the core is built with Embedded Swift.
final class Locked<Value>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  init(_ value: Value) {
    mutex = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
    self.value = value
  }

  func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
