import CBrace

/// Per-node callbacks live in a side table: most nodes have none.
extension Context {
  /// The first version's struct ends before `measure` (0.8).
  static let firstCallbacksSize = MemoryLayout<brace_node_callbacks>.offset(of: \brace_node_callbacks.measure)!

  @inline(__always)
  func callbacks(of n: NodeID) -> brace_node_callbacks? {
    let k = nodes.callbacks[n.index]
    return k < 0 ? nil : nodes.callbackTable[Int(k)]
  }

  func setCallbacks(_ n: NodeID, _ cb: UnsafePointer<brace_node_callbacks>?) throws(BraceError) {
    guard let cb else {
      let hadMeasure = hasMeasureCallback(n)
      releaseCallbacks(n)
      callbacksChanged(n, hadMeasure: hadMeasure)
      return
    }
    let size = Int(cb.pointee.struct_size)
    guard size >= Context.firstCallbacksSize else {
      throw .invalidArgument("callbacks->struct_size is \(size); expected at least \(Context.firstCallbacksSize) (the first version of brace_node_callbacks); initialize it with sizeof")
    }
    // Only the bytes the caller's struct has: an older header's struct ends before the
    // members added since, which stay NULL.
    var copy = brace_node_callbacks()
    withUnsafeMutableBytes(of: &copy) { dst in
      dst.copyMemory(from: UnsafeRawBufferPointer(start: UnsafeRawPointer(cb), count: min(size, dst.count)))
    }
    copy.struct_size = UInt32(MemoryLayout<brace_node_callbacks>.size)
    let hadMeasure = hasMeasureCallback(n)
    defer { callbacksChanged(n, hadMeasure: hadMeasure) }
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

  /// The cached answers were the old callback's; a measure callback that came or went
  /// changes the node's fitting size.
  private func callbacksChanged(_ n: NodeID, hadMeasure: Bool) {
    if !nodes.measureCache.isEmpty { nodes.measureCache[n] = nil }
    if hadMeasure != hasMeasureCallback(n) { invalidateFittingSize(n) }
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
