import CBrace

/// Per-node callbacks live in a side table: most nodes have none.
extension Context {
  static let firstCallbacksSize = MemoryLayout<brace_node_callbacks>.size

  @inline(__always)
  func callbacks(of n: NodeID) -> brace_node_callbacks? {
    let k = nodes.callbacks[n.index]
    return k < 0 ? nil : nodes.callbackTable[Int(k)]
  }

  func setCallbacks(_ n: NodeID, _ cb: UnsafePointer<brace_node_callbacks>?) throws(BraceError) {
    guard let cb else {
      releaseCallbacks(n)
      return
    }
    let size = Int(cb.pointee.struct_size)
    guard size >= Context.firstCallbacksSize else {
      throw .invalidArgument("callbacks->struct_size is \(size); expected at least \(Context.firstCallbacksSize) (sizeof(brace_node_callbacks)); initialize it with sizeof")
    }
    let copy = cb.pointee
    let k = nodes.callbacks[n.index]
    if k >= 0 {
      nodes.callbackTable[Int(k)] = copy
    } else if let free = nodes.freeCallbackEntries.popLast() {
      nodes.callbackTable[Int(free)] = copy
      nodes.callbacks[n.index] = free
    } else {
      nodes.callbackTable.append(copy)
      nodes.callbacks[n.index] = Int32(nodes.callbackTable.count - 1)
    }
  }

  func releaseCallbacks(_ n: NodeID) {
    let k = nodes.callbacks[n.index]
    guard k >= 0 else { return }
    nodes.callbackTable[Int(k)] = brace_node_callbacks()
    nodes.freeCallbackEntries.append(k)
    nodes.callbacks[n.index] = -1
  }

  /// The intrinsic size the layout uses: the callback's answer (sanitized) or the stored one.
  func intrinsicSize(_ n: NodeID) -> brace_size {
    // Inside its own callback (which asked for it again): the stored value, not a loop.
    guard let cb = callbacks(of: n), let f = cb.intrinsic_content_size,
      !nodes.flags[n.index].contains(.inIntrinsicCallback)
    else {
      return nodes.intrinsicSize[n.index]
    }
    nodes.flags[n.index].insert(.inIntrinsicCallback)
    let s = f(opaque, handle(ofNode: n), cb.user_data)
    if nodes.isLive(n) { nodes.flags[n.index].remove(.inIntrinsicCallback) }
    func clean(_ v: Double) -> Double { v.isFinite && v >= 0 ? v : -1 }
    return brace_size(width: clean(s.width), height: clean(s.height))
  }
}

extension Context {
  /// brace_node_super_*: allowed only inside the node's own callback of that kind.
  func requireInCallback(_ n: NodeID, _ flag: NodeFlags, _ callback: String) throws(BraceError) {
    guard nodes.flags[n.index].contains(flag) else {
      throw .reentrancy("\(describe(n))'s \(callback) callback is not running; call super only from inside it")
    }
  }
}
