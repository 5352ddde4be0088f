import CBrace

/// What the context keeps about plugins (Plugins/): the registered strategies, where
/// plugins are searched, and the property values nodes hold for their strategies.
struct PluginHost {
  /// Set while a plugin is being registered (its entry and context_create run).
  var loading = false
  /// Directories of the plugin_path option, searched first when loading by name.
  var directories: [String] = []
  /// BRACE_PLUGIN_PATH's text (with its NUL) when the context was created, nil when
  /// unset: every search of the context uses it (strategy.h), as it uses the plugin_path
  /// option copied then. Read at each search, it was a getenv (~300 instructions,
  /// callgrind) at each of a kiwi solver's two loads.
  var env: [CChar]? = nil
  /// Registered strategies, in registration order; a node's strategy indexes this.
  var strategies: [LoadedStrategy] = []
  /// The "frame" strategy every new node starts with.
  var defaultStrategy: Int32? = nil
  /// Property values set on nodes, keyed by node, then by
  /// (strategy index << 32 | property index). Most nodes have none.
  var properties: [NodeID: [UInt64: brace_value]] = .init()
}
