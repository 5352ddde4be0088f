import CBrace
import CBraceLibc

/// The constraints the engine generates for a node in constraint layout: its
/// autoresizing mask translated (translates_autoresizing_mask on) or its intrinsic
/// content size as hugging and compression resistance (off). Regenerated in the
/// constraints pass; unchanged ones are left alone, a changed constant is one solver call.
extension Context {
  struct GeneratedSpec {
    var terms: [ConstraintTerm]
    var relation: brace_relation
    var constant: Double
    var priority: Float
    var identifier: String
  }

  func regenerate(_ n: NodeID) {
    guard isInEngine(n) else {
      if let st = bridge.engineNodes[n], !st.generated.isEmpty {
        destroyConstraints(st.generated)
      }
      return
    }
    let generation = nodes.generation[n.index]
    let translated = isTranslating(n)
    if translated && !bridge.measuredWidth.isEmpty { bridge.measuredWidth[n] = nil }
    let specs = translated ? translatedSpecs(n) : intrinsicSpecs(n)
    // intrinsicSpecs may run the user's intrinsic_content_size callback, which may have
    // taken the node out of constraint layout, or destroyed it.
    guard nodes.isLive(n), nodes.generation[n.index] == generation, isInEngine(n),
      !nodes.flags[n.index].contains(.dismantling)
    else { return }
    let existing = bridge.engineNodes[n]?.generated ?? []
    guard let s = bridge.solver, let i = bridge.solverInstance else { return }
    let outerCause = enterCause(.generated(n))
    s.desc.begin_batch!(i)
    defer {
      s.desc.end_batch!(i)
      bridge.cause = outerCause
    }
    var kept: [ConstraintID] = []
    var reusable = existing
    for spec in specs {
      // Reuse a generated constraint with the same shape: only its constant may differ.
      if let k = reusable.firstIndex(where: { sameShape(bridge.constraints[$0.index], spec) }) {
        let c = reusable.remove(at: k)
        if bridge.constraints[c.index].constant != spec.constant { try? setConstant(c, spec.constant) }
        kept.append(c)
        continue
      }
      if let c = makeGenerated(n, spec) { kept.append(c) }
    }
    bridge.engineNodes[n]?.generated = kept
    destroyConstraints(reusable)
    for c in kept where !bridge.constraints[c.index].active {
      bridge.constraints[c.index].active = true
      stampActivation(c)
      install(c)
    }
  }

  private func sameShape(_ r: ConstraintRecord, _ spec: GeneratedSpec) -> Bool {
    guard r.live, r.relation == spec.relation, r.priority == spec.priority, r.terms.count == spec.terms.count,
      r.identifier.map({ String(cString: $0) }) == spec.identifier
    else { return false }
    for (a, b) in zip(r.terms, spec.terms) where a.node != b.node || a.attribute != b.attribute || a.coefficient != b.coefficient {
      return false
    }
    return true
  }

  private func makeGenerated(_ n: NodeID, _ spec: GeneratedSpec) -> ConstraintID? {
    var r = ConstraintRecord()
    r.terms = spec.terms
    r.relation = spec.relation
    r.constant = spec.constant
    r.priority = spec.priority
    r.owner = .engine(node: n)
    r.identifier = strdup(spec.identifier)
    guard let c = try? allocateConstraint(r) else {
      free(r.identifier)
      return nil
    }
    return c
  }

  private func nodeTerm(_ n: NodeID, _ a: brace_attribute, _ k: Double) -> ConstraintTerm {
    ConstraintTerm(item: handle(ofNode: n), slot: n.raw, isVariable: false, attribute: a, coefficient: k)
  }

  /// size <= intrinsic @hugging and size >= intrinsic @compression resistance, per axis
  /// that has an intrinsic metric, measured where the node measures (Measure.swift):
  /// the height for `width`, or for the engine's solved width when nil.
  func intrinsicSpecs(_ n: NodeID, heightFor width: Double? = nil) -> [GeneratedSpec] {
    let size = engineIntrinsicSize(n, heightFor: width)
    let p = nodes.priorities[n.index]
    var out: [GeneratedSpec] = []
    for (axis, value, attr) in [(0, size.width, BRACE_ATTR_WIDTH), (1, size.height, BRACE_ATTR_HEIGHT)] where value >= 0 {
      let name = axis == 0 ? "Width" : "Height"
      out.append(GeneratedSpec(terms: [nodeTerm(n, attr, 1)], relation: BRACE_RELATION_LESS_EQUAL, constant: value,
                               priority: p[axis], identifier: "\(name)-hugging"))
      out.append(GeneratedSpec(terms: [nodeTerm(n, attr, 1)], relation: BRACE_RELATION_GREATER_EQUAL, constant: value,
                               priority: p[2 + axis], identifier: "\(name)-compression"))
    }
    return out
  }

  /// The autoresizing mask as two required constraints per axis (UIKit's "h=" / "v="
  /// constraints): the size, and the center in the superview's coordinates, both as
  /// functions of the superview's size where the mask makes them flexible.
  func translatedSpecs(_ n: NodeID) -> [GeneratedSpec] {
    let a = alignmentRect(n)
    let mask = nodes.autoresizingMask[n.index]
    let p = nodes.parent[n.index]
    var out: [GeneratedSpec] = []
    let axes: [(origin: Double, size: Double, near: UInt8, mid: UInt8, far: UInt8, sizeAttr: brace_attribute, center: brace_attribute, tag: String)] = [
      (a.x, a.width, 1, 2, 4, BRACE_ATTR_WIDTH, BRACE_ATTR_CENTER_X, "h"),
      (a.y, a.height, 8, 16, 32, BRACE_ATTR_HEIGHT, BRACE_ATTR_CENTER_Y, "v"),
    ]
    for ax in axes {
      let near = mask & ax.near != 0, mid = mask & ax.mid != 0, far = mask & ax.far != 0
      let tag = "\(ax.tag)=\(near ? "&" : "-")\(mid ? "&" : "-")\(far ? "&" : "-")"
      let center = ax.origin + ax.size / 2
      guard p != .none, near || mid || far else {
        out.append(GeneratedSpec(terms: [nodeTerm(n, ax.sizeAttr, 1)], relation: BRACE_RELATION_EQUAL, constant: ax.size, priority: 1000, identifier: tag))
        out.append(GeneratedSpec(terms: [nodeTerm(n, ax.center, 1)], relation: BRACE_RELATION_EQUAL, constant: center, priority: 1000, identifier: tag))
        continue
      }
      // The superview's bounds size S = its alignment size + its insets.
      let pi = nodes.alignmentInsets[p.index]
      let insetSum = ax.tag == "h" ? pi.left + pi.right : pi.top + pi.bottom
      let b = boundsRect(p)
      let oldS = ax.tag == "h" ? b.width : b.height
      let far0 = oldS - ax.origin - ax.size
      let parts = [ax.origin, ax.size, far0]
      let flex = [near, mid, far]
      let F = zip(parts, flex).reduce(0.0) { $1.1 ? $0 + $1.0 : $0 }
      let count = Double(flex.filter { $0 }.count)
      // A flexible part as a function of S: part + (S - oldS) * share.
      func share(_ k: Int) -> Double { flex[k] ? (F > 0 ? parts[k] / F : 1 / count) : 0 }
      // size = size0 + share1 * (S - oldS), with S = width(P) + insetSum.
      let sizeK = share(1)
      let sizeC = ax.size + sizeK * (insetSum - oldS)
      var sizeTerms = [nodeTerm(n, ax.sizeAttr, 1)]
      if sizeK != 0 { sizeTerms.append(nodeTerm(p, ax.sizeAttr, -sizeK)) }
      out.append(GeneratedSpec(terms: sizeTerms, relation: BRACE_RELATION_EQUAL, constant: sizeC, priority: 1000, identifier: tag))
      // center: both margins flexible keeps the center's proportion of S (UIKit's table);
      // otherwise the fixed margin anchors it and the flexible parts share the change.
      let centerK: Double, centerC: Double
      if near && far {
        centerK = oldS > 0 ? center / oldS : 0.5
        centerC = centerK * insetSum
      } else if near {
        // center = S - far0 - size(S)/2
        centerK = 1 - sizeK / 2
        centerC = insetSum - far0 - (ax.size + sizeK * (insetSum - oldS)) / 2
      } else {
        // center = origin0 + size(S)/2
        centerK = sizeK / 2
        centerC = ax.origin + (ax.size + sizeK * (insetSum - oldS)) / 2
      }
      var centerTerms = [nodeTerm(n, ax.center, 1)]
      if centerK != 0 { centerTerms.append(nodeTerm(p, ax.sizeAttr, -centerK)) }
      out.append(GeneratedSpec(terms: centerTerms, relation: BRACE_RELATION_EQUAL, constant: centerC, priority: 1000, identifier: tag))
    }
    return out
  }
}
