// Helpers of the plugin test suite: building the C plugins with the system C compiler
// (once per test process) and a context fixture that records the diagnostics plugins
// report (what every suite shares is in BraceTestSupport). Everything goes through the
// C ABI, as a user's program does.
// Re-exported so that every file of the suite, a new one too, sees the shared helpers.
@_exported import BraceTestSupport
import CBrace
import Glibc
import Testing

// MARK: - Geometry

/// Equal within `tolerance` on every component (for values like 640/3 computed two ways).
func close(_ a: brace_rect, _ b: brace_rect, _ tolerance: Double = 1e-9) -> Bool {
  abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}

/// True when `v` is a whole number of pixels at `scale`.
func onPixelGrid(_ v: Double, _ scale: Double) -> Bool {
  let p = v * scale
  return abs(p - p.rounded()) < 1e-9
}

// MARK: - The C plugins, built once per test process

private let pluginDirectoryPrefix = "brace-plugin-tests-"

/// The broken.c variants (-D flags) that the loader must refuse, and SOLVER_ROLE, which
/// loads but is a solver.
let brokenVariants = [
  "NO_ENTRY", "REFUSE", "WRONG_MAJOR", "NEWER_MINOR", "SHORT_DESC", "DUPLICATE", "CREATE_FAILS",
  "BAD_PROPERTY", "HUGE_INT_RANGE", "BAD_NAME", "SOLVER_ROLE",
]

/// The rogue_solver.c variants: solvers that hand the host bad values.
let rogueVariants = ["HUGE_ID", "DUPLICATE_ID", "NAN_VALUE", "ENDLESS_CHANGES"]

/// The plugin files of this test process, in a fresh directory under /tmp that is also
/// every fixture's plugin_path: libbrace_flow.so and libbrace_probe.so (so both load by name),
/// broken_<VARIANT>.so, libbrace_wrongname.so (flow.c again, so a file whose name says
/// "wrongname" but whose strategy is "flow"), notalib.so (not ELF) and a missing path.
struct PluginFiles: Sendable {
  let directory: String
  let flow: String
  let probe: String
  let wrongName: String
  let notALibrary: String
  let missing: String
  let broken: [String: String]
  /// rogue_<VARIANT>.so for each of rogueVariants.
  let rogue: [String: String]
  /// "file: compiler output" for each compilation that failed.
  let failures: [String]
  /// The compiler command line of each file, for messages.
  let commands: [String: String]

  static func build() -> PluginFiles {
    let directory = makeTemporaryDirectory(pluginDirectoryPrefix)
    // Removed when the test process exits (mapped plugins stay usable until then).
    atexit { removeTemporaryDirectory(plugins.directory, prefix: pluginDirectoryPrefix) }
    let include = "\(repositoryRoot)/include"
    let examples = "\(repositoryRoot)/examples/plugins"
    let tests = "\(repositoryRoot)/Tests/plugins"
    // (output name, source, -D flags)
    var jobs: [(String, String, [String])] = [
      ("libbrace_flow.so", "\(examples)/flow.c", []),
      ("libbrace_probe.so", "\(tests)/probe.c", []),
      ("libbrace_pin.so", "\(tests)/pin.c", []),
      ("pin_abi10.so", "\(tests)/pin.c", ["-DPIN_ABI_1_0"]),
      ("pin_abi11.so", "\(tests)/pin.c", ["-DPIN_ABI_1_1"]),
      ("pin_size_hook.so", "\(tests)/pin.c", ["-DPIN_SIZE_HOOK"]),
      ("libbrace_wrongname.so", "\(examples)/flow.c", []),
    ]
    for v in brokenVariants { jobs.append(("broken_\(v).so", "\(tests)/broken.c", ["-D\(v)"])) }
    for v in rogueVariants { jobs.append(("rogue_\(v).so", "\(tests)/rogue_solver.c", ["-D\(v)"])) }

    var running: [(String, pid_t?, String)] = []
    var commands: [String: String] = [:]
    for (name, source, defines) in jobs {
      let args = ["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", "-shared", "-fPIC",
                  "-fvisibility=hidden", "-I\(include)"] + defines + ["-o", "\(directory)/\(name)", source, "-lm"]
      commands[name] = args.joined(separator: " ")
      let log = "\(directory)/\(name).log"
      running.append((name, startProcess(args, output: log), log))
    }
    var failures: [String] = []
    for (name, pid, log) in running {
      let code = pid.map(waitForExit) ?? -1
      if code != 0 { failures.append("\(name) (exit \(code)): \(commands[name]!)\n\(readText(log) ?? "")") }
    }
    let notALibrary = "\(directory)/notalib.so"
    if !writeText(notALibrary, "this is a text file, not an ELF shared library\n") {
      failures.append("cannot write \(notALibrary)")
    }
    // Loading by name searches here first: every fixture passes it as the context's
    // plugin_path option (setenv would race with other suites' contexts reading the
    // environment; BRACE_PLUGIN_PATH itself is covered by Tests/c/test_plugins.c).
    var broken: [String: String] = [:]
    for v in brokenVariants { broken[v] = "\(directory)/broken_\(v).so" }
    var rogue: [String: String] = [:]
    for v in rogueVariants { rogue[v] = "\(directory)/rogue_\(v).so" }
    return PluginFiles(
      directory: directory, flow: "\(directory)/libbrace_flow.so", probe: "\(directory)/libbrace_probe.so",
      wrongName: "\(directory)/libbrace_wrongname.so", notALibrary: notALibrary,
      missing: "\(directory)/no_such_plugin.so", broken: broken, rogue: rogue, failures: failures, commands: commands)
  }
}

/// Built on first use, once per process (a global `let` is initialized exactly once, under
/// a lock), before any fixture creates a context.
let plugins = PluginFiles.build()

/// The DT_NEEDED entries of a shared library, read with `readelf -d`; nil when readelf
/// is not available.
func neededLibraries(_ path: String) -> [String]? {
  let out = "\(path).readelf"
  let (code, text) = run(["readelf", "-d", "-W", path], output: out)
  guard code == 0 else { return nil }
  // "0x0000000000000001 (NEEDED)             Shared library: [libm.so.6]"
  return text.split(separator: "\n").compactMap { line in
    guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else { return nil }
    return String(line[line.index(after: open)..<close])
  }
}

/// The defined global symbols in a shared library's dynamic symbol table (`readelf --dyn-syms`).
func exportedSymbols(_ path: String) -> [String]? {
  let out = "\(path).dynsyms"
  let (code, text) = run(["readelf", "--dyn-syms", "-W", path], output: out)
  guard code == 0 else { return nil }
  // "   Num:    Value          Size Type    Bind   Vis      Ndx Name"
  return text.split(separator: "\n").compactMap { line in
    let f = line.split(separator: " ", omittingEmptySubsequences: true)
    guard f.count >= 8, f[0].hasSuffix(":"), f[4] == "GLOBAL" || f[4] == "WEAK", f[6] != "UND" else { return nil }
    return String(f[7])
  }
}

// MARK: - Diagnostics

extension DiagnosticLog {
  /// Messages of plugin diagnostics (kind PLUGIN), e.g. "[probe] attach attached=1".
  var pluginMessages: [String] { of(BRACE_DIAGNOSTIC_PLUGIN).map(\.message) }
  /// Plugin reports whose message starts with `prefix`.
  func plugin(_ prefix: String) -> [Diagnostic] { of(BRACE_DIAGNOSTIC_PLUGIN).filter { $0.message.hasPrefix(prefix) } }
}

// MARK: - The context fixture

struct StrategyInfo: Equatable {
  var name: String
  var role: brace_strategy_role
  var path: String
  var abiMajor: UInt32
  var abiMinor: UInt32
  var propertyCount: Int
}

/// A context (made after the plugins are built) with a diagnostics log. Destroyed when the
/// fixture goes away, unless the test destroyed it with `destroy()`.
final class Ctx: ContextFixture {
  let ctx: OpaquePointer
  let log = DiagnosticLog()
  /// How many strategies the context registered at creation (the built-in ones).
  private(set) var builtins = 0
  private var destroyed = false

  init(scale: Double = 1, direction: brace_layout_direction = BRACE_DIRECTION_LTR, pluginPath: String? = nil,
       sourceLocation: SourceLocation = #_sourceLocation) throws {
    // The plugins are built (on first use) before the context looks for strategies.
    ctx = try createContext(direction: direction, scale: scale, pluginPath: pluginPath ?? plugins.directory)
    ok(log.record(ctx), ctx, sourceLocation: sourceLocation)
    builtins = strategyCount
  }

  deinit {
    if !destroyed { _ = brace_context_destroy(ctx) }
  }

  /// Destroys the context now (the log stays readable).
  func destroy(sourceLocation: SourceLocation = #_sourceLocation) {
    ok(brace_context_destroy(ctx), nil, sourceLocation: sourceLocation)
    destroyed = true
  }

  // Strategies.
  func load(_ path: String) -> brace_status { brace_context_load_plugin(ctx, path) }
  func mustLoad(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) {
    ok(load(path), ctx, sourceLocation: sourceLocation)
  }
  var strategyCount: Int {
    var n = 0
    ok(brace_context_get_strategy_count(ctx, &n), ctx)
    return n
  }
  func info(_ k: Int) -> StrategyInfo? {
    var i = brace_strategy_info()
    i.struct_size = UInt32(MemoryLayout<brace_strategy_info>.size)
    guard ok(brace_context_get_strategy(ctx, k, &i), ctx) else { return nil }
    return StrategyInfo(
      name: i.name.map { String(cString: $0) } ?? "<NULL>", role: i.role, path: i.path.map { String(cString: $0) } ?? "<NULL>",
      abiMajor: i.abi_major, abiMinor: i.abi_minor, propertyCount: i.property_count)
  }
  var infos: [StrategyInfo] { (0..<strategyCount).compactMap(info) }
  func info(named name: String) -> StrategyInfo? { infos.first { $0.name == name } }
  func property(_ strategy: String, _ k: Int) -> brace_property_desc? {
    var p: UnsafePointer<brace_property_desc>?
    guard ok(brace_context_get_property(ctx, strategy, k, &p), ctx), let p else { return nil }
    return p.pointee
  }

  // Nodes.
  func node(frame: brace_rect? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> brace_node {
    var n: brace_node = 0
    ok(brace_node_create(ctx, &n), ctx, sourceLocation: sourceLocation)
    if let frame { ok(brace_node_set_frame(ctx, n, frame), ctx, sourceLocation: sourceLocation) }
    return n
  }
  func node(in parent: brace_node, frame: brace_rect? = nil, mask: UInt32 = 0, sourceLocation: SourceLocation = #_sourceLocation) -> brace_node {
    let n = node(frame: frame, sourceLocation: sourceLocation)
    ok(brace_node_add_subview(ctx, parent, n), ctx, sourceLocation: sourceLocation)
    if mask != 0 { ok(brace_node_set_autoresizing_mask(ctx, n, mask), ctx, sourceLocation: sourceLocation) }
    return n
  }
  /// A leaf with an intrinsic size (what the flow and probe strategies measure).
  func item(in parent: brace_node, _ w: Double, _ h: Double, sourceLocation: SourceLocation = #_sourceLocation) -> brace_node {
    let n = node(in: parent, sourceLocation: sourceLocation)
    ok(brace_node_set_intrinsic_content_size(ctx, n, brace_size(width: w, height: h)), ctx, sourceLocation: sourceLocation)
    return n
  }
  func resize(_ n: brace_node, width: Double? = nil, height: Double? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
    var f = frame(n, sourceLocation: sourceLocation)
    if let width { f.width = width }
    if let height { f.height = height }
    setFrame(n, f, sourceLocation: sourceLocation)
  }
  func cycle(sourceLocation: SourceLocation = #_sourceLocation) {
    ok(brace_context_run_update_cycle(ctx), ctx, sourceLocation: sourceLocation)
  }
  func strategy(of n: brace_node, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    var p: UnsafePointer<CChar>?
    guard ok(brace_node_get_layout_strategy(ctx, n, &p), ctx, sourceLocation: sourceLocation), let p else { return nil }
    return String(cString: p)
  }
  func setStrategy(_ n: brace_node, _ name: String) -> brace_status { brace_node_set_layout_strategy(ctx, n, name) }
  func use(_ name: String, on n: brace_node, sourceLocation: SourceLocation = #_sourceLocation) {
    ok(setStrategy(n, name), ctx, sourceLocation: sourceLocation)
  }
}

func boolValue(_ b: Bool) -> brace_value { brace_value(type: BRACE_VALUE_BOOL, integer: b ? 1 : 0, number: 0) }
func intValue(_ i: Int64) -> brace_value { brace_value(type: BRACE_VALUE_INT, integer: i, number: 0) }
func doubleValue(_ d: Double) -> brace_value { brace_value(type: BRACE_VALUE_DOUBLE, integer: 0, number: d) }
func enumValue(_ i: Int64) -> brace_value { brace_value(type: BRACE_VALUE_ENUM, integer: i, number: 0) }

/// The same value (the member `type` names, compared bit for bit).
func same(_ a: brace_value?, _ b: brace_value) -> Bool {
  guard let a, a.type == b.type else { return false }
  return a.type == BRACE_VALUE_DOUBLE ? a.number == b.number : a.integer == b.integer
}

func describe(_ v: brace_value?) -> String {
  guard let v else { return "nil" }
  return v.type == BRACE_VALUE_DOUBLE ? "double \(v.number)" : "type \(v.type.rawValue) \(v.integer)"
}
