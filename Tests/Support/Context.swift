// Making a context, and the readers every suite's fixture has.
import CBrace
import Testing

/// A new context with the given options (nil: the default of brace_context_options_init).
public func createContext(
  direction: brace_layout_direction = BRACE_DIRECTION_LTR, scale: Double = 1, feedbackLoopThreshold: UInt32? = nil,
  pluginPath: String? = nil
) throws -> OpaquePointer {
  var o = brace_context_options()
  brace_context_options_init(&o)
  o.layout_direction = direction
  o.scale = scale
  if let feedbackLoopThreshold { o.feedback_loop_threshold = feedbackLoopThreshold }
  var c: OpaquePointer?
  let s: brace_status
  if let pluginPath {
    s = pluginPath.withCString { dir in
      o.plugin_path = dir
      return brace_context_create(&o, &c)
    }
  } else {
    s = brace_context_create(&o, &c)
  }
  guard s == BRACE_OK, let c else {
    throw SetupError(description: "brace_context_create failed with \(statusName(s)): \(lastError(nil))")
  }
  return c
}

/// A test fixture owning a context. The readers expect success.
public protocol ContextFixture: AnyObject {
  var ctx: OpaquePointer { get }
}

extension ContextFixture {
  public func frame(_ n: brace_node, sourceLocation: SourceLocation = #_sourceLocation) -> brace_rect {
    var r = brace_rect()
    ok(brace_node_get_frame(ctx, n, &r), ctx, sourceLocation: sourceLocation)
    return r
  }

  public func setFrame(_ n: brace_node, _ r: brace_rect, sourceLocation: SourceLocation = #_sourceLocation) {
    ok(brace_node_set_frame(ctx, n, r), ctx, sourceLocation: sourceLocation)
  }

  public func needsLayout(_ n: brace_node) -> Bool {
    var b = false
    ok(brace_node_get_needs_layout(ctx, n, &b), ctx)
    return b
  }

  public func needsConstraints(_ n: brace_node) -> Bool {
    var b = false
    ok(brace_node_get_needs_update_constraints(ctx, n, &b), ctx)
    return b
  }

  public func subviews(_ n: brace_node) -> [brace_node] {
    var count = 0
    ok(brace_node_get_subviews(ctx, n, nil, 0, &count), ctx)
    var buf = [brace_node](repeating: 0, count: count)
    ok(brace_node_get_subviews(ctx, n, &buf, count, &count), ctx)
    return Array(buf.prefix(count))
  }

  public func pending() -> UInt32 {
    var p: UInt32 = 0
    ok(brace_context_get_pending(ctx, &p), ctx)
    return p
  }

  /// The active constraints that refer to `n` (generated ones included).
  public func constraints(of n: brace_node, sourceLocation: SourceLocation = #_sourceLocation) -> [brace_constraint] {
    var count = 0
    ok(brace_node_get_constraints(ctx, n, nil, 0, &count), ctx, sourceLocation: sourceLocation)
    var buf = [brace_constraint](repeating: 0, count: count)
    ok(brace_node_get_constraints(ctx, n, &buf, count, &count), ctx, sourceLocation: sourceLocation)
    return Array(buf.prefix(count))
  }

  public func identifier(_ c: brace_constraint, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    var p: UnsafePointer<CChar>?
    ok(brace_constraint_get_identifier(ctx, c, &p), ctx, sourceLocation: sourceLocation)
    return p.map { String(cString: $0) }
  }

  public func description(_ n: brace_node) -> String {
    var length = 0
    ok(brace_node_copy_description(ctx, n, nil, 0, &length), ctx)
    var buf = [CChar](repeating: 0, count: length + 1)
    ok(brace_node_copy_description(ctx, n, &buf, buf.count, &length), ctx)
    return String(decoding: buf.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  public func value(_ n: brace_node, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> brace_value? {
    var v = brace_value()
    guard ok(brace_node_get_property(ctx, n, name, &v), ctx, sourceLocation: sourceLocation) else { return nil }
    return v
  }
}
