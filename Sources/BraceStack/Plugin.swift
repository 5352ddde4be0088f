import BracePluginKit
import CBrace

// The "stack" strategy: UIKit's UIStackView as a plugin (docs/stack.md). A stack keeps
// what it knows of its arranged views, refreshed in its constraints pass when something
// about them changed. It arranges them itself (the direct path) unless the engine must
// see its constraints (the stack or an arranged view is constrained by anything else, or
// `generate_constraints` is on); then it generates UIKit's UISV-* constraints, brought up
// to date by difference.
//
// This file is the plugin's glue (properties, hooks, entry). State.swift: what a stack
// knows and its refresh; Canvas.swift: where the views go, fitting size and baselines;
// DirectPath.swift and Generated.swift: the two paths; Arrangement.swift: the arithmetic.

/// The host table, kept by the entry.
private let hostTable = PluginHost()
var host: UnsafePointer<brace_host_api> { hostTable.table }

// MARK: Properties

enum Property: UInt32 {
  case axis = 0, distribution, alignment, spacing, marginsRelative, baselineRelative, generateConstraints, spacingAfter
}

nonisolated(unsafe) private let properties: [brace_property_desc] = [
  .enumeration("axis", ["horizontal", "vertical"],
               "the direction the arranged views run: horizontal (a row) or vertical (a column)"),
  .enumeration("distribution", ["fill", "fill_equally", "fill_proportionally", "equal_spacing", "equal_centering"],
               "how the arranged views share the length of the stack"),
  .enumeration("alignment", ["fill", "leading", "first_baseline", "center", "trailing", "last_baseline"],
               "how the arranged views sit across the axis (leading is UIKit's top, trailing its bottom)"),
  .number("spacing", BRACE_SCOPE_CONTAINER, 0, "the gap between arranged views; negative overlaps; -0.0 is the system spacing"),
  .flag("layout_margins_relative", "arrange inside the stack's layout margins"),
  .flag("baseline_relative", "vertical stacks: measure gaps from last baseline to first baseline"),
  .flag("generate_constraints", "always arrange through generated constraints (UIKit's way), even where the stack could arrange directly"),
  .number("spacing_after", BRACE_SCOPE_CHILD, BRACE_STACK_SPACING_USE_DEFAULT,
          "the gap after this arranged view (DBL_MAX: the stack's spacing; -0.0: the system spacing)"),
]

private func stack(_ data: UnsafeMutableRawPointer?) -> Stack? {
  data.map { Unmanaged<Stack>.fromOpaque($0).takeUnretainedValue() }
}

private func stackContext(_ state: UnsafeMutableRawPointer?) -> StackContext? {
  state.map { Unmanaged<StackContext>.fromOpaque($0).takeUnretainedValue() }
}

// MARK: Hooks

private func contextCreate(_ ctx: OpaquePointer?, _ id: brace_strategy_id, _ state: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> brace_status {
  guard let state else { return BRACE_E_INVALID_ARGUMENT }
  state.pointee = Unmanaged.passRetained(StackContext(id: id)).toOpaque()
  return BRACE_OK
}

private func contextDestroy(_ ctx: OpaquePointer?, _ state: UnsafeMutableRawPointer?) {
  if let state { Unmanaged<StackContext>.fromOpaque(state).release() }
}

private func attach(_ ctx: OpaquePointer?, _ state: UnsafeMutableRawPointer?, _ node: brace_node, _ data: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> brace_status {
  guard let data, let c = stackContext(state) else { return BRACE_E_INVALID_ARGUMENT }
  let s = Stack(node: node, context: c)
  c.stacks[node] = s
  data.pointee = Unmanaged.passRetained(s).toOpaque()
  return BRACE_OK
}

private func detach(_ ctx: OpaquePointer?, _ state: UnsafeMutableRawPointer?, _ node: brace_node, _ data: UnsafeMutableRawPointer?) {
  guard let data else { return }
  if let c = stackContext(state) { c.stacks[node] = nil }
  // The host removes the constraints this strategy owns on the node.
  Unmanaged<Stack>.fromOpaque(data).release()
}

private func updateConstraints(_ ctx: OpaquePointer?, _ state: UnsafeMutableRawPointer?, _ node: brace_node, _ data: UnsafeMutableRawPointer?) {
  guard let s = stack(data) else { return }
  let external = s.refresh(ctx, adopt: true)
  let generate = external || s.forceConstraints
  if generate {
    s.generating = true
    s.generate(ctx)
  } else {
    if s.generating {
      s.generated.removeAll(ctx, s.context.id)
      s.generating = false
      for k in s.views.indices { s.views[k].written = nil }
    }
    _ = host.pointee.set_needs_layout!(ctx, node)
  }
  // The superview measures this stack: a stack superview refreshes what it knows of it
  // (its fitting sizes for any proposal, its baselines, which view carries them); any
  // other superview is laid out again when the fitting size changed.
  var parent: brace_node = 0
  guard host.pointee.get_superview!(ctx, node, &parent) == BRACE_OK, parent != 0 else { return }
  if s.context.stacks[parent] != nil {
    _ = host.pointee.set_needs_update_constraints!(ctx, parent)
    return
  }
  let fit = s.fitting(ctx, brace_size(width: BRACE_PROPOSAL_UNBOUNDED, height: BRACE_PROPOSAL_UNBOUNDED))
  if let old = s.lastFitting, old.width == fit.width, old.height == fit.height { return }
  let first = s.lastFitting == nil
  s.lastFitting = fit
  if !first { _ = host.pointee.set_needs_layout!(ctx, parent) }
}

private func measure(_ ctx: OpaquePointer?, _ state: UnsafeMutableRawPointer?, _ node: brace_node, _ data: UnsafeMutableRawPointer?, _ proposal: brace_size, _ out: UnsafeMutablePointer<brace_size>?) -> brace_status {
  guard let s = stack(data), let out else { return BRACE_E_INVALID_ARGUMENT }
  out.pointee = s.fitting(ctx, proposal)
  return BRACE_OK
}

private func arrange(_ ctx: OpaquePointer?, _ state: UnsafeMutableRawPointer?, _ node: brace_node, _ data: UnsafeMutableRawPointer?) {
  guard let s = stack(data) else { return }
  if s.stale { s.refresh(ctx) }
  // On the constraint path the engine has placed the views already; views measured for
  // the canvas's cross size are measured again when it changed.
  guard !s.generating else {
    if s.dependsOnProposal(), s.layout.alignment == .fill {
      let c = s.canvas(ctx)
      if s.generatedCross != (s.layout.axis == .horizontal ? c.height : c.width) {
        _ = host.pointee.set_needs_update_constraints!(ctx, node)
      }
    }
    return
  }
  s.arrangeDirectly(ctx)
}

private func baselineHook(_ ctx: OpaquePointer?, _ state: UnsafeMutableRawPointer?, _ node: brace_node, _ data: UnsafeMutableRawPointer?, _ size: brace_size, _ last: Bool, _ out: UnsafeMutablePointer<Double>?) -> brace_status {
  guard let s = stack(data), let out else { return BRACE_E_INVALID_ARGUMENT }
  out.pointee = s.baseline(ctx, size, last: last)
  return BRACE_OK
}

nonisolated(unsafe) private let descriptor = containerDescriptor(
  "stack", properties: properties, flags: BRACE_STRATEGY_DEPENDS_ON_HIDDEN | BRACE_STRATEGY_ADOPTS_SUBVIEWS,
  contextCreate: contextCreate, contextDestroy: contextDestroy, attach: attach, detach: detach,
  updateConstraints: updateConstraints, measure: measure, arrange: arrange, baseline: baselineHook)

@c(brace_plugin_entry)
public func braceStackEntry(_ h: UnsafePointer<brace_host_api>?) -> UnsafePointer<brace_strategy_desc>? {
  // Needs the 1.1 host table (baselines, flags, is_constrained_externally).
  hostTable.connect(h, minor: 1) ? descriptor : nil
}
