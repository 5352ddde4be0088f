import CBrace

/// Per-node flag bits, one UInt32 per slot.
struct NodeFlags: OptionSet {
  let rawValue: UInt32
  static let live = NodeFlags(rawValue: 1 << 0)
  static let hidden = NodeFlags(rawValue: 1 << 1)
  static let needsUpdateConstraints = NodeFlags(rawValue: 1 << 2)
  static let needsLayout = NodeFlags(rawValue: 1 << 3)
  static let needsDisplay = NodeFlags(rawValue: 1 << 4)
  /// A descendant (strictly below) has the matching needs-flag. May be stale-true,
  /// never stale-false: a pass clears it after finding the children clean.
  static let subtreeNeedsUpdateConstraints = NodeFlags(rawValue: 1 << 5)
  static let subtreeNeedsLayout = NodeFlags(rawValue: 1 << 6)
  static let subtreeNeedsDisplay = NodeFlags(rawValue: 1 << 7)
  static let translatesMask = NodeFlags(rawValue: 1 << 8)
  static let autoresizesSubviews = NodeFlags(rawValue: 1 << 9)
  static let marginsDirectional = NodeFlags(rawValue: 1 << 10)
  /// The whole bounds are flagged for display (the rect is taken at draw time).
  static let displayWholeBounds = NodeFlags(rawValue: 1 << 11)
  /// The node is in the context's dirty-roots list.
  static let inDirtyRoots = NodeFlags(rawValue: 1 << 12)
  /// A pass is processing this node right now (its callbacks may be running).
  static let active = NodeFlags(rawValue: 1 << 13)
  static let inUpdateConstraintsCallback = NodeFlags(rawValue: 1 << 14)
  static let inLayoutCallback = NodeFlags(rawValue: 1 << 15)
  static let inIntrinsicCallback = NodeFlags(rawValue: 1 << 16)
  /// A layout guide: in constraint layout like a subview of its owner (its `parent`),
  /// but not among the owner's subviews, never laid out or drawn.
  static let guide = NodeFlags(rawValue: 1 << 17)
  /// The node is in its superview's list of dirty subviews for that pass.
  static let listedConstraints = NodeFlags(rawValue: 1 << 18)
  static let listedLayout = NodeFlags(rawValue: 1 << 19)
  static let listedDisplay = NodeFlags(rawValue: 1 << 20)
  static let listedAny: NodeFlags = [.listedConstraints, .listedLayout, .listedDisplay]
  /// The node is being destroyed (its subtree's hooks are running): handles to it are
  /// refused from then on, so no callback can move, reuse or destroy it again.
  static let dismantling = NodeFlags(rawValue: 1 << 21)
  /// The node's strategy's size_changed hook is running: a size change of the node made
  /// meanwhile does not call it again (its arrange sees it).
  static let inSizeChangedHook = NodeFlags(rawValue: 1 << 22)
  /// The node's frame has been set since it was created: its next change inside an
  /// animation transaction animates (a first frame appears in place).
  static let placed = NodeFlags(rawValue: 1 << 23)
  /// The node's frame changed since the changed-frames list was last published: its
  /// frame before the first change is in `FrameChanges.pending` (Cycle/Changes.swift).
  static let frameRecorded = NodeFlags(rawValue: 1 << 24)
  /// The node's measure callback is running: a measure of it reached from inside
  /// answers without the callback.
  static let inMeasureCallback = NodeFlags(rawValue: 1 << 25)
  /// A frame, bounds or center was set from outside the engine (a program's call or a
  /// strategy's host->set_frame): with translation on, that frame wins over the
  /// constraints inside it (Activation.makeRoom).
  static let frameGiven = NodeFlags(rawValue: 1 << 26)
  /// The node has values in `PluginHost.properties`: a node without (most leaves) answers
  /// its properties' defaults without a lookup, as get_subviews asks for every subview.
  static let hasProperties = NodeFlags(rawValue: 1 << 27)
  /// The node uses its strategy (`strategy`) but is not attached to it yet: a strategy
  /// with BRACE_STRATEGY_ATTACH_WITH_SUBVIEWS on a node that never had a subview
  /// (Strategies.swift). No hook runs for it; `strategyData` is nil.
  static let strategyDeferred = NodeFlags(rawValue: 1 << 30)

  static let anyDirty: NodeFlags = [
    .needsUpdateConstraints, .needsLayout, .needsDisplay,
    .subtreeNeedsUpdateConstraints, .subtreeNeedsLayout, .subtreeNeedsDisplay,
  ]
}

/// What one pass looks at: its own flag, the matching subtree flag, and the node's entry
/// in its superview's list of dirty subviews for that pass.
struct PassFlags {
  let own: NodeFlags
  let subtree: NodeFlags
  let listed: NodeFlags
  let index: Int
  static let constraints = PassFlags(own: .needsUpdateConstraints, subtree: .subtreeNeedsUpdateConstraints, listed: .listedConstraints, index: 0)
  static let layout = PassFlags(own: .needsLayout, subtree: .subtreeNeedsLayout, listed: .listedLayout, index: 1)
  static let display = PassFlags(own: .needsDisplay, subtree: .subtreeNeedsDisplay, listed: .listedDisplay, index: 2)
  var either: NodeFlags { [own, subtree] }
}

/// The node store: struct-of-columns indexed by slot, so building, walking and freeing
/// 100k nodes touches flat memory and no per-node objects. The columns (Column.swift)
/// have no copy-on-write, and the store has one owner, the context: it cannot be copied.
struct NodeStore: ~Copyable {
  var generation = Column<UInt32>()
  var flags = Column<NodeFlags>()
  var parent = Column<NodeID>()
  var children = Column<[NodeID]>()
  /// The node's index among its superview's subviews (kept on insert and remove).
  var indexInParent = Column<Int32>()
  /// Per node and pass (slot * 3 + pass index): the subviews flagged for that pass since
  /// the node's last visit, so a pass descends into exactly those, not every subview.
  /// The first one is kept inline (no allocation on a chain of single dirty subviews),
  /// the others in a list of `dirtyLists`, made for the nodes that need one (containers):
  /// `dirtyList` holds its index, -1 for none, so a leaf's three entries hold no reference
  /// (a new slot is filled bytewise and freed without a release). Entries can be stale
  /// (moved or destroyed subviews); a visit validates them.
  var dirtyKid = Column<NodeID>()
  var dirtyList = Column<Int32>()
  var dirtyLists: [[NodeID]] = []
  var freeDirtyLists: [Int32] = []
  var frame = Column<brace_rect>()
  var boundsOrigin = Column<brace_point>()
  var dirtyRect = Column<brace_rect>()
  var alignmentInsets = Column<brace_insets>()
  /// Stored as set: physical (left/right) or, with .marginsDirectional, leading/trailing
  /// in the left/right fields.
  var margins = Column<brace_insets>()
  var direction = Column<UInt8>()
  var intrinsicSize = Column<brace_size>()
  /// hugging H, hugging V, compression H, compression V.
  var priorities = Column<SIMD4<Float>>()
  var autoresizingMask = Column<UInt8>()
  var userData = Column<UnsafeMutableRawPointer?>()
  /// Index into callbackTable, or -1.
  var callbacks = Column<Int32>()
  /// Layouts and constraint updates counted in the turn `countTurn` names.
  var passCount = Column<SIMD2<UInt32>>()
  var countTurn = Column<UInt32>()
  /// Index into PluginHost.strategies of the strategy arranging this node's children, -1 none.
  var strategy = Column<Int32>()
  /// The strategy's per-node data (from its attach hook).
  var strategyData = Column<UnsafeMutableRawPointer?>()

  var freeSlots: [NodeID] = []
  var liveCount = 0

  // Side tables: most nodes have no entry.
  /// Callbacks set on nodes; `callbacks` indexes it (Callbacks.swift).
  var callbackTable: [brace_node_callbacks] = []
  var freeCallbackEntries: [Int32] = []
  /// Debug names of the nodes that have one (brace_node_set_identifier), owned here.
  var identifiers: [NodeID: UnsafeMutablePointer<CChar>] = .init()
  /// Baseline offsets set on nodes: first from the top (-1: none), last from the bottom.
  var baselines: [NodeID: (first: Double, last: Double)] = .init()
  /// Measure callbacks' answers by proposal, until the fitting size is invalidated.
  var measureCache: [NodeID: [(proposal: brace_size, size: brace_size)]] = .init()

  var capacity: Int { generation.count }

  /// The margins of a new node (brace_context_options.default_layout_margin).
  var defaultMargins = brace_insets(top: 8, left: 8, bottom: 8, right: 8)

  /// Takes a free slot (or appends one) and fills it with UIKit's defaults.
  mutating func allocate() -> NodeID? {
    guard let reused = freeSlots.popLast() else { return append() }
    generation[reused.index] += 1
    reset(reused)
    liveCount += 1
    return reused
  }

  /// Room for `count` more nodes in every column, taken at once: a bulk build appends
  /// without regrowing (and recopying) each column on the way. Grows at least twofold,
  /// as appending does, so many small bulk calls stay linear.
  mutating func reserve(_ count: Int) {
    let needed = generation.count + max(0, count - freeSlots.count)
    guard needed > generation.capacity else { return }
    let n = max(needed, 2 * generation.capacity)
    generation.reserve(n); flags.reserve(n); parent.reserve(n)
    children.reserve(n); indexInParent.reserve(n)
    dirtyKid.reserve(3 * n); dirtyList.reserve(3 * n)
    frame.reserve(n); boundsOrigin.reserve(n); dirtyRect.reserve(n)
    alignmentInsets.reserve(n); margins.reserve(n); direction.reserve(n)
    intrinsicSize.reserve(n); priorities.reserve(n); autoresizingMask.reserve(n)
    userData.reserve(n); callbacks.reserve(n); passCount.reserve(n)
    countTurn.reserve(n); strategy.reserve(n); strategyData.reserve(n)
  }

  /// A new slot at the end, with the defaults.
  private mutating func append() -> NodeID? {
    guard let first = appendSlots(1) else { return nil }
    let slot = NodeID(index: first)
    revive(slot)
    return slot
  }

  /// `count` new slots at the end, each column filled with the defaults in one pass
  /// (written once, not reset after); the first one's index, nil past the handle space.
  /// They are not live: `revive` makes each one a node, and a slot never revived is
  /// handed to `freeSlots`. (Not inlined: one copy serves both callers.)
  @inline(never)
  mutating func appendSlots(_ count: Int) -> Int? {
    let first = generation.count
    guard first + count - 1 <= Int(Handle.maxSlot) else { return nil }
    generation.append(repeating: 1, count: count)
    flags.append(repeating: [.translatesMask, .autoresizesSubviews], count: count)
    parent.append(repeating: .none, count: count)
    children.append(repeating: [], count: count)
    indexInParent.append(repeating: -1, count: count)
    dirtyKid.append(repeating: .none, count: 3 * count)
    dirtyList.append(repeating: -1, count: 3 * count)
    frame.append(repeating: brace_rect(), count: count)
    boundsOrigin.append(repeating: brace_point(), count: count)
    dirtyRect.append(repeating: brace_rect(), count: count)
    alignmentInsets.append(repeating: brace_insets(), count: count)
    margins.append(repeating: defaultMargins, count: count)
    direction.append(repeating: 0, count: count)
    intrinsicSize.append(repeating: brace_size(width: -1, height: -1), count: count)
    priorities.append(repeating: SIMD4(250, 250, 750, 750), count: count)
    autoresizingMask.append(repeating: 0, count: count)
    userData.append(repeating: nil, count: count)
    callbacks.append(repeating: -1, count: count)
    passCount.append(repeating: .zero, count: count)
    countTurn.append(repeating: 0, count: count)
    strategy.append(repeating: -1, count: count)
    strategyData.append(repeating: nil, count: count)
    return first
  }

  /// Makes a slot of `appendSlots` a live node.
  @inline(__always)
  mutating func revive(_ slot: NodeID) {
    flags[slot.index].insert(.live)
    liveCount += 1
  }

  /// A freed slot back to the defaults `append` writes.
  private mutating func reset(_ slot: NodeID) {
    let i = slot.index
    flags[i] = [.live, .translatesMask, .autoresizesSubviews]
    parent[i] = .none
    children[i] = []
    indexInParent[i] = -1
    for k in 3 * i..<3 * i + 3 {
      dirtyKid[k] = .none
      dropDirtyList(k)
    }
    frame[i] = brace_rect()
    boundsOrigin[i] = brace_point()
    dirtyRect[i] = brace_rect()
    alignmentInsets[i] = brace_insets()
    margins[i] = defaultMargins
    direction[i] = 0
    intrinsicSize[i] = brace_size(width: -1, height: -1)
    priorities[i] = SIMD4(250, 250, 750, 750)
    autoresizingMask[i] = 0
    userData[i] = nil
    callbacks[i] = -1
    passCount[i] = .zero
    countTurn[i] = 0
    strategy[i] = -1
    strategyData[i] = nil
  }

  /// Frees a slot. A slot whose generation is exhausted is retired, never reused, so
  /// old handles stay stale for ever.
  mutating func release(_ slot: NodeID) {
    let i = slot.index
    flags[i] = []
    children[i] = []
    parent[i] = .none
    indexInParent[i] = -1
    for k in 3 * i..<3 * i + 3 {
      dirtyKid[k] = .none
      dropDirtyList(k)
    }
    userData[i] = nil
    liveCount -= 1
    if generation[i] < Handle.maxGeneration { freeSlots.append(slot) }
  }

  @inline(__always) func isLive(_ slot: NodeID) -> Bool { flags[slot.index].contains(.live) }

  /// The list of entry `k` (slot * 3 + pass) in `dirtyLists`, made on first need (a
  /// freed one reused). It stays with the entry, emptied, until the slot is freed.
  private mutating func dirtyListIndex(_ k: Int) -> Int {
    let j = dirtyList[k]
    if j >= 0 { return Int(j) }
    let made: Int32
    if let free = freeDirtyLists.popLast() {
      made = free
    } else {
      made = Int32(dirtyLists.count)
      dirtyLists.append([])
    }
    dirtyList[k] = made
    return Int(made)
  }

  private mutating func dropDirtyList(_ k: Int) {
    let j = dirtyList[k]
    guard j >= 0 else { return }
    dirtyLists[Int(j)] = []
    freeDirtyLists.append(j)
    dirtyList[k] = -1
  }

  /// Whether entry `k` has listed subviews besides the inline one.
  @inline(__always)
  func hasDirtyList(_ k: Int) -> Bool {
    let j = dirtyList[k]
    return j >= 0 && !dirtyLists[Int(j)].isEmpty
  }

  /// Lists `child` as flagged for a pass in its superview `p`'s dirty list.
  @inline(__always)
  mutating func listDirty(_ child: NodeID, in p: NodeID, _ pass: Int) {
    let k = 3 * p.index + pass
    if dirtyKid[k] == .none {
      dirtyKid[k] = child
    } else {
      let j = dirtyListIndex(k)
      dirtyLists[j].append(child)
    }
  }

  /// Lists `kids` (flagged for a pass and not listed yet) in `p`'s dirty list at once.
  mutating func listDirty(_ kids: [NodeID], in p: NodeID, _ pass: Int) {
    guard let first = kids.first else { return }
    let k = 3 * p.index + pass
    let rest: ArraySlice<NodeID>
    if dirtyKid[k] == .none {
      dirtyKid[k] = first
      rest = kids.dropFirst()
    } else {
      rest = kids[...]
    }
    guard !rest.isEmpty else { return }
    let j = dirtyListIndex(k)
    dirtyLists[j].append(contentsOf: rest)
  }

  /// Takes `p`'s dirty list for a pass into `out` (appending), leaving it empty.
  @inline(__always)
  mutating func takeDirty(of p: NodeID, _ pass: Int, into out: inout [NodeID]) {
    let k = 3 * p.index + pass
    if dirtyKid[k] != .none {
      out.append(dirtyKid[k])
      dirtyKid[k] = .none
    }
    let j = dirtyList[k]
    if j >= 0 && !dirtyLists[Int(j)].isEmpty {
      out.append(contentsOf: dirtyLists[Int(j)])
      dirtyLists[Int(j)].removeAll(keepingCapacity: true)
    }
  }
}
