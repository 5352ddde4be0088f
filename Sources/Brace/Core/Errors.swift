import CBrace
import CBraceLibc

/// A failure that crosses the C ABI as a status code plus a message.
struct BraceError: Error {
  let status: brace_status
  let message: String

  // The message is an autoclosure built out of line: a throw then costs its caller a call,
  // not the string interpolation inlined in the middle of its hot code.
  @inline(never)
  init(_ status: brace_status, _ message: @autoclosure () -> String) {
    self.status = status
    self.message = message()
  }

  static func invalidArgument(_ message: @autoclosure () -> String) -> BraceError { .init(BRACE_E_INVALID_ARGUMENT, message()) }
  static func reentrancy(_ message: @autoclosure () -> String) -> BraceError { .init(BRACE_E_REENTRANCY, message()) }
  static func invalidState(_ message: @autoclosure () -> String) -> BraceError { .init(BRACE_E_INVALID_STATE, message()) }
}

/// Last-error messages, kept per thread and per context so that a thread refused with
/// BRACE_E_BUSY can be told why without touching the context another thread owns.
enum LastError {
  private final class Box {
    var messages: [UInt: UnsafeMutablePointer<CChar>] = [:]
    deinit { for (_, p) in messages { free(p) } }
  }

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { raw in
      if let raw { Unmanaged<AnyObject>.fromOpaque(raw).release() }
    }
    return key
  }()

  private static func box() -> Box {
    if let raw = pthread_getspecific(key) {
      return Unmanaged<Box>.fromOpaque(raw).takeUnretainedValue()
    }
    let box = Box()
    pthread_setspecific(key, Unmanaged.passRetained(box).toOpaque())
    return box
  }

  static func set(_ context: UnsafeRawPointer?, _ message: String) {
    let b = box()
    let id = UInt(bitPattern: context)
    if let old = b.messages[id] { free(old) }
    b.messages[id] = strdup(message)
  }

  static func get(_ context: UnsafeRawPointer?) -> UnsafePointer<CChar>? {
    guard let raw = pthread_getspecific(key) else { return nil }
    let b = Unmanaged<Box>.fromOpaque(raw).takeUnretainedValue()
    return b.messages[UInt(bitPattern: context)].map { UnsafePointer($0) }
  }

  /// Forgets this thread's message for a destroyed context.
  static func forget(_ context: UnsafeRawPointer?) {
    guard let raw = pthread_getspecific(key) else { return }
    let b = Unmanaged<Box>.fromOpaque(raw).takeUnretainedValue()
    if let old = b.messages.removeValue(forKey: UInt(bitPattern: context)) { free(old) }
  }
}
