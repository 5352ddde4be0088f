/// The update cycle's own state (Cycle/): which trees hold flags, which nodes a pass is
/// processing, and the per-turn feedback-loop bookkeeping. Only the cycle writes it;
/// the tree reads `activeNodes` to refuse destroying a node a pass holds.
struct CycleState {
  /// Roots whose subtree may hold a flag (each also carries .inDirtyRoots).
  var dirtyRoots: [NodeID] = []
  /// Nodes a pass is processing now, outermost first.
  var activeNodes: [NodeID] = []
  /// Reused by the passes to gather a node's dirty subviews without allocating.
  var scratchKids: [NodeID] = []
  /// >0 while a pass runs; a whole turn or phase cannot start then.
  var passDepth = 0
  /// The turn that per-node pass counters belong to; bumped by each outermost pass.
  var turn: UInt32 = 0
  /// Nodes caught in feedback loops during the current turn.
  var loopCaught: [NodeID] = []
  /// Set when a loop is detected: the running pass (and any outer one) stops.
  var stopPass = false
}
