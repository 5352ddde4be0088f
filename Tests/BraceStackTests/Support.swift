// Helpers of the stack suite: a context fixture with trace and diagnostics recorders,
// the `flow` example plugin built with the system cc (once per process), and the scenario
// model that the table-driven tests use (what every suite shares is in BraceTestSupport).
// Everything goes through the C ABI, as a user's program does; expected frames are
// written by hand in the tests.
// Re-exported so that every file of the suite, a new one too, sees the shared helpers.
@_exported import BraceTestSupport
import CBrace
import Glibc
import Testing

// MARK: - Geometry

func describe(_ rs: [brace_rect]) -> String { "[" + rs.map(describe).joined(separator: ", ") + "]" }

/// Expects `actual` to equal `expected` frame by frame, exactly.
func expectFrames(
  _ actual: [brace_rect], _ expected: [brace_rect], _ what: String = "frames",
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let equal = actual.count == expected.count && zip(actual, expected).allSatisfy { same($0, $1) }
  #expect(equal, "\(what):\n  expected \(describe(expected))\n  got      \(describe(actual))", sourceLocation: sourceLocation)
}

/// The system spacing (UIStackView.spacingUseSystem resolves to it).
let systemSpacing = 8.0
/// UIStackView.spacingUseDefault (DBL_MAX) and spacingUseSystem (-0.0), from strategy.h.
let useDefault: Double = BRACE_STACK_SPACING_USE_DEFAULT
let useSystem: Double = BRACE_STACK_SPACING_USE_SYSTEM

// MARK: - The flow plugin (examples/plugins/flow.c), built once per test process

private let pluginDirectoryPrefix = "brace-stack-tests-"

struct FlowPlugin: Sendable {
  /// A fresh directory under /tmp holding libbrace_flow.so; every fixture's plugin_path.
  let directory: String
  /// Empty when the build worked, else the compiler command and its output.
  let failure: String

  static func build() -> FlowPlugin {
    let directory = makeTemporaryDirectory(pluginDirectoryPrefix)
    atexit { removeTemporaryDirectory(flowPlugin.directory, prefix: pluginDirectoryPrefix) }
    let args = ["cc", "-std=c11", "-shared", "-fPIC", "-fvisibility=hidden", "-I\(repositoryRoot)/include",
                "-o", "\(directory)/libbrace_flow.so", "\(repositoryRoot)/examples/plugins/flow.c", "-lm"]
    let log = "\(directory)/flow.log"
    let (code, output) = run(args, output: log)
    return FlowPlugin(directory: directory, failure: code == 0 ? "" : "\(args.joined(separator: " ")) (exit \(code))\n\(output)")
  }
}

/// Built on first use (a global `let` is initialized once, under a lock).
let flowPlugin = FlowPlugin.build()

// MARK: - Trace and diagnostics

extension TraceLog {
  /// Update-constraints and layout events (will/did/layout) of `node`: its strategy's hooks.
  func hookEvents(of node: brace_node) -> [TraceEvent] {
    events.filter {
      $0.node == node
        && [BRACE_TRACE_UPDATE_CONSTRAINTS, BRACE_TRACE_WILL_LAYOUT, BRACE_TRACE_LAYOUT, BRACE_TRACE_DID_LAYOUT].contains($0.kind)
    }
  }
  func count(_ kind: brace_trace_kind, of node: brace_node) -> Int { count(kind, node) }
}

extension DiagnosticLog {
  var messages: [(brace_diagnostic_kind, String)] { all.map { ($0.kind, $0.message) } }
}

// MARK: - The stack's property values

enum Axis: String, Sendable, CaseIterable { case horizontal, vertical }

enum Distribution: String, Sendable, CaseIterable {
  case fill, fillEqually = "fill_equally", fillProportionally = "fill_proportionally"
  case equalSpacing = "equal_spacing", equalCentering = "equal_centering"
}

enum Alignment: String, Sendable, CaseIterable {
  case fill, leading, firstBaseline = "first_baseline", center, trailing, lastBaseline = "last_baseline"
}

// MARK: - The fixture

/// A context (scale 1 unless said, the flow plugin on its plugin_path) with trace and
/// diagnostics recorders. Destroyed when the fixture goes away.
final class Fx: ContextFixture {
  let ctx: OpaquePointer
  let trace = TraceLog()
  let diagnostics = DiagnosticLog()

  init(direction: brace_layout_direction = BRACE_DIRECTION_LTR, scale: Double = 1) throws {
    ctx = try createContext(direction: direction, scale: scale, pluginPath: flowPlugin.directory)
    ok(trace.record(ctx), ctx)
    ok(diagnostics.record(ctx), ctx)
  }

  deinit { _ = brace_context_destroy(ctx) }

  // MARK: Nodes

  /// A new node, under `parent` when given, with `frame` when given.
  func node(in parent: brace_node? = nil, frame: brace_rect? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> brace_node {
    var n: brace_node = 0
    ok(brace_node_create(ctx, &n), ctx, sourceLocation: sourceLocation)
    if let parent { ok(brace_node_add_subview(ctx, parent, n), ctx, sourceLocation: sourceLocation) }
    if let frame { ok(brace_node_set_frame(ctx, n, frame), ctx, sourceLocation: sourceLocation) }
    return n
  }

  /// A leaf with an intrinsic size (-1 on an axis: none) under `parent`.
  func leaf(in parent: brace_node, _ w: Double, _ h: Double, sourceLocation: SourceLocation = #_sourceLocation) -> brace_node {
    let n = node(in: parent, sourceLocation: sourceLocation)
    ok(brace_node_set_intrinsic_content_size(ctx, n, brace_size(width: w, height: h)), ctx, sourceLocation: sourceLocation)
    return n
  }

  /// A node using the "stack" strategy, under `parent` when given, with its properties.
  func stack(
    in parent: brace_node? = nil, frame: brace_rect? = nil, axis: Axis = .horizontal, distribution: Distribution = .fill,
    alignment: Alignment = .fill, spacing: Double = 0, generate: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
  ) -> brace_node {
    let n = node(in: parent, frame: frame, sourceLocation: sourceLocation)
    ok(brace_node_set_layout_strategy(ctx, n, "stack"), ctx, sourceLocation: sourceLocation)
    set(n, "axis", axis.rawValue, sourceLocation: sourceLocation)
    set(n, "distribution", distribution.rawValue, sourceLocation: sourceLocation)
    set(n, "alignment", alignment.rawValue, sourceLocation: sourceLocation)
    set(n, "spacing", spacing, sourceLocation: sourceLocation)
    set(n, "generate_constraints", generate, sourceLocation: sourceLocation)
    return n
  }

  func set(_ n: brace_node, _ name: String, _ value: String, sourceLocation: SourceLocation = #_sourceLocation) {
    ok(brace_node_set_property_enum(ctx, n, name, value), ctx, sourceLocation: sourceLocation)
  }
  func set(_ n: brace_node, _ name: String, _ value: Double, sourceLocation: SourceLocation = #_sourceLocation) {
    ok(brace_node_set_property_double(ctx, n, name, value), ctx, sourceLocation: sourceLocation)
  }
  func set(_ n: brace_node, _ name: String, _ value: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
    ok(brace_node_set_property_bool(ctx, n, name, value), ctx, sourceLocation: sourceLocation)
  }

  func setHidden(_ n: brace_node, _ hidden: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
    ok(brace_node_set_hidden(ctx, n, hidden), ctx, sourceLocation: sourceLocation)
  }

  func setIntrinsic(_ n: brace_node, _ w: Double, _ h: Double, sourceLocation: SourceLocation = #_sourceLocation) {
    ok(brace_node_set_intrinsic_content_size(ctx, n, brace_size(width: w, height: h)), ctx, sourceLocation: sourceLocation)
  }

  func setBaselines(_ n: brace_node, first: Double, last: Double, sourceLocation: SourceLocation = #_sourceLocation) {
    ok(brace_node_set_baseline_offsets(ctx, n, first, last), ctx, sourceLocation: sourceLocation)
  }

  // MARK: Reading and running

  func frames(_ ns: [brace_node], sourceLocation: SourceLocation = #_sourceLocation) -> [brace_rect] {
    ns.map { frame($0, sourceLocation: sourceLocation) }
  }

  /// Runs a turn (clearing the trace first) expecting BRACE_OK.
  func cycle(sourceLocation: SourceLocation = #_sourceLocation) {
    trace.clear()
    ok(brace_context_run_update_cycle(ctx), ctx, sourceLocation: sourceLocation)
  }

  // MARK: Constraints

  /// Creates and activates `item1.attr1 REL multiplier * item2.attr2 + constant`.
  @discardableResult
  func constrain(
    _ item1: brace_node, _ attr1: brace_attribute, _ relation: brace_relation, _ item2: brace_node, _ attr2: brace_attribute,
    multiplier: Double = 1, _ constant: Double = 0, sourceLocation: SourceLocation = #_sourceLocation
  ) -> brace_constraint {
    var c: brace_constraint = 0
    ok(brace_constraint_create(ctx, item1, attr1, relation, item2, attr2, multiplier, constant, &c), ctx, sourceLocation: sourceLocation)
    ok(brace_constraint_activate(ctx, c), ctx, sourceLocation: sourceLocation)
    return c
  }

  /// The distinct active constraints referring to any of `nodes`, sorted.
  func constraints(ofAll nodes: [brace_node]) -> [brace_constraint] {
    Array(Set(nodes.flatMap { constraints(of: $0) })).sorted()
  }

  func constant(_ c: brace_constraint) -> Double {
    var v = 0.0
    ok(brace_constraint_get_constant(ctx, c, &v), ctx)
    return v
  }

  /// The identifiers of the active constraints referring to any of `nodes` that start with "UISV-".
  func uisvIdentifiers(_ nodes: [brace_node]) -> Set<String> {
    Set(constraints(ofAll: nodes).compactMap { identifier($0) }.filter { $0.hasPrefix("UISV-") })
  }

  /// The fitting size of `n` as another container measures it: a root "flow" container
  /// (padding 0) places its only subview at the size its measure hook answers for a
  /// proposal of the flow's width. `n` is moved under that container; returns its frame size.
  func measuredByFlow(_ n: brace_node, width: Double = 1000, sourceLocation: SourceLocation = #_sourceLocation) -> brace_size {
    let flow = node(frame: rect(0, 0, width, 1000), sourceLocation: sourceLocation)
    ok(brace_node_set_layout_strategy(ctx, flow, "flow"), ctx, sourceLocation: sourceLocation)
    ok(brace_node_add_subview(ctx, flow, n), ctx, sourceLocation: sourceLocation)
    cycle(sourceLocation: sourceLocation)
    let f = frame(n, sourceLocation: sourceLocation)
    #expect(f.x == 0 && f.y == 0, "the flow places its only item at the origin, got \(describe(f))", sourceLocation: sourceLocation)
    return brace_size(width: f.width, height: f.height)
  }
}

// MARK: - Scenarios

/// An arranged view: its intrinsic size (-1: none on that axis), priorities (nil: UIKit's
/// defaults, hugging 250 and compression resistance 750), baselines (nil: unset), whether
/// it is hidden and its spacing_after (nil: never set, i.e. "use default").
struct V: Sendable {
  var w: Double
  var h: Double
  var hugH: Float? = nil
  var hugV: Float? = nil
  var compH: Float? = nil
  var compV: Float? = nil
  var first: Double? = nil
  var last: Double? = nil
  var hidden = false
  var after: Double? = nil

  init(_ w: Double, _ h: Double, hugH: Float? = nil, hugV: Float? = nil, compH: Float? = nil, compV: Float? = nil,
       first: Double? = nil, last: Double? = nil, hidden: Bool = false, after: Double? = nil) {
    self.w = w; self.h = h; self.hugH = hugH; self.hugV = hugV; self.compH = compH; self.compV = compV
    self.first = first; self.last = last; self.hidden = hidden; self.after = after
  }
}

/// A stack at `frame` (in a root "window") with `views`, and the frames expected of them
/// (in the stack's coordinates), worked out by hand from docs/stack.md.
struct Scenario: Sendable, CustomTestStringConvertible {
  var name: String
  var axis: Axis = .horizontal
  var distribution: Distribution = .fill
  var alignment: Alignment = .fill
  var spacing: Double = 0
  var width: Double
  var height: Double
  /// Layout margins (top, left, bottom, right), set when given.
  var margins: [Double]? = nil
  /// layout_margins_relative (only looked at when `margins` is set).
  var marginsRelative = true
  var baselineRelative = false
  var rtl = false
  var views: [V]
  var expected: [brace_rect]
  /// False where the generated-constraint path is not compared (none so far).
  var bothPaths = true

  var testDescription: String { name }
}

/// The stack of a scenario built in `fx`: a root window (frame strategy) holding the stack
/// at (5, 7) with the scenario's size, and the arranged views.
struct Built {
  let window: brace_node
  let stack: brace_node
  let views: [brace_node]
}

func build(_ s: Scenario, in fx: Fx, generate: Bool, sourceLocation: SourceLocation = #_sourceLocation) -> Built {
  let ctx = fx.ctx
  let window = fx.node(frame: rect(0, 0, 1000, 1000), sourceLocation: sourceLocation)
  let stack = fx.stack(in: window, frame: rect(5, 7, s.width, s.height), axis: s.axis, distribution: s.distribution,
                       alignment: s.alignment, spacing: s.spacing, generate: generate, sourceLocation: sourceLocation)
  if let m = s.margins {
    ok(brace_node_set_layout_margins(ctx, stack, brace_insets(top: m[0], left: m[1], bottom: m[2], right: m[3])), ctx, sourceLocation: sourceLocation)
    if s.marginsRelative { fx.set(stack, "layout_margins_relative", true, sourceLocation: sourceLocation) }
  }
  if s.baselineRelative { fx.set(stack, "baseline_relative", true, sourceLocation: sourceLocation) }
  if s.rtl { ok(brace_node_set_layout_direction(ctx, stack, BRACE_DIRECTION_RTL), ctx, sourceLocation: sourceLocation) }
  var views: [brace_node] = []
  for v in s.views {
    let n = fx.leaf(in: stack, v.w, v.h, sourceLocation: sourceLocation)
    if let p = v.hugH { ok(brace_node_set_content_hugging_priority(ctx, n, BRACE_AXIS_HORIZONTAL, p), ctx, sourceLocation: sourceLocation) }
    if let p = v.hugV { ok(brace_node_set_content_hugging_priority(ctx, n, BRACE_AXIS_VERTICAL, p), ctx, sourceLocation: sourceLocation) }
    if let p = v.compH { ok(brace_node_set_compression_resistance_priority(ctx, n, BRACE_AXIS_HORIZONTAL, p), ctx, sourceLocation: sourceLocation) }
    if let p = v.compV { ok(brace_node_set_compression_resistance_priority(ctx, n, BRACE_AXIS_VERTICAL, p), ctx, sourceLocation: sourceLocation) }
    if v.first != nil || v.last != nil { fx.setBaselines(n, first: v.first ?? -1, last: v.last ?? 0, sourceLocation: sourceLocation) }
    if v.hidden { fx.setHidden(n, true, sourceLocation: sourceLocation) }
    if let a = v.after { fx.set(n, "spacing_after", a, sourceLocation: sourceLocation) }
    views.append(n)
  }
  return Built(window: window, stack: stack, views: views)
}

/// Lays the scenario out in a fresh context on one path (generate_constraints off: the
/// direct path; on: generated constraints) and answers the arranged views' frames.
func layOut(_ s: Scenario, generate: Bool, sourceLocation: SourceLocation = #_sourceLocation) throws -> [brace_rect] {
  let fx = try Fx()
  let b = build(s, in: fx, generate: generate, sourceLocation: sourceLocation)
  fx.cycle(sourceLocation: sourceLocation)
  let f = fx.frame(b.stack, sourceLocation: sourceLocation)
  #expect(same(f, rect(5, 7, s.width, s.height)), "the stack keeps its frame, got \(describe(f))", sourceLocation: sourceLocation)
  return fx.frames(b.views, sourceLocation: sourceLocation)
}

/// Checks a scenario against its expected frames on the direct path and, unless
/// `bothPaths` is off, on the generated-constraint path.
func check(_ s: Scenario, sourceLocation: SourceLocation = #_sourceLocation) throws {
  let direct = try layOut(s, generate: false, sourceLocation: sourceLocation)
  expectFrames(direct, s.expected, "\(s.name) [direct path]", sourceLocation: sourceLocation)
  if s.bothPaths {
    let generated = try layOut(s, generate: true, sourceLocation: sourceLocation)
    expectFrames(generated, s.expected, "\(s.name) [generated constraints]", sourceLocation: sourceLocation)
  }
}
