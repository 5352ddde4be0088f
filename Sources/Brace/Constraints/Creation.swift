import CBrace

/// The creation rules: which items, attributes and relations make a constraint.
extension Context {
  /// Resolves a term's item: a node or guide with an attribute, or a variable without.
  func term(_ item: UInt64, _ a: brace_attribute, _ coefficient: Double, _ what: @autoclosure () -> String) throws(BraceError) -> ConstraintTerm {
    try Check.coefficient(coefficient, "the coefficient of \(what())")
    if Handle.kind(item) == HandleKind.variable.rawValue {
      let v = try variable(item)
      guard a == BRACE_ATTR_NONE else { throw .invalidArgument("\(what()) is a variable, so its attribute must be BRACE_ATTR_NONE, got \(a.name)") }
      return ConstraintTerm(item: item, slot: v.raw, isVariable: true, attribute: a, coefficient: coefficient)
    }
    let n = try node(item, what())
    guard a.isKnown else { throw .invalidArgument("\(what()) has an unknown attribute \(a.rawValue) (rule: attributes are BRACE_ATTR_LEFT...BRACE_ATTR_CENTER_Y_WITHIN_MARGINS)") }
    return ConstraintTerm(item: item, slot: n.raw, isVariable: false, attribute: a, coefficient: coefficient)
  }

  func createLayoutConstraint(
    _ item1: brace_node, _ attr1: brace_attribute, _ relation: brace_relation,
    _ item2: brace_node, _ attr2: brace_attribute, _ multiplier: Double, _ constant: Double
  ) throws(BraceError) -> ConstraintID {
    guard relation.isKnown else { throw .invalidArgument("relation must be BRACE_RELATION_LESS_EQUAL (-1), _EQUAL (0) or _GREATER_EQUAL (1), got \(relation.rawValue)") }
    guard attr1 != BRACE_ATTR_NONE else { throw .invalidArgument("attr1 is BRACE_ATTR_NONE (rule: the first item needs an attribute)") }
    try Check.coefficient(multiplier, "the multiplier")
    try Check.constant(constant, "the constant")
    guard Handle.kind(item1) == HandleKind.node.rawValue || item1 == 0 else { throw .invalidArgument("item1 must be a view or a layout guide") }
    let t1 = try term(item1, attr1, 1, "item1")
    var terms = [t1]
    if item2 == 0 {
      guard attr2 == BRACE_ATTR_NONE else { throw .invalidArgument("item2 is 0 but attr2 is \(attr2.name) (rule: a constant constraint has no second attribute)") }
      guard attr1.kind == .size else {
        throw .invalidArgument("a location attribute (\(attr1.name)) cannot be set equal to a constant (rule: a location needs a second item)")
      }
    } else {
      guard Handle.kind(item2) == HandleKind.node.rawValue else { throw .invalidArgument("item2 must be a view or a layout guide") }
      guard attr2 != BRACE_ATTR_NONE else { throw .invalidArgument("item2 is given but attr2 is BRACE_ATTR_NONE (rule: the second item needs an attribute)") }
      let t2 = try term(item2, attr2, -multiplier, "item2")
      try Context.checkPair(attr1, attr2)
      if attr1.kind == .location && multiplier == 0 {
        throw .invalidArgument("a multiplier of 0 sets the location attribute \(attr1.name) equal to a constant (rule: a location cannot equal a constant)")
      }
      terms.append(t2)
    }
    return try allocateConstraint(terms, relation, constant, layoutForm: true)
  }

  static func checkPair(_ a: brace_attribute, _ b: brace_attribute) throws(BraceError) {
    if a.kind != b.kind {
      throw .invalidArgument("a size attribute cannot be paired with a location attribute (\(a.name) with \(b.name)) (rule: size with size, location with location)")
    }
    if a.kind == .location && a.axis != b.axis {
      throw .invalidArgument("an \(a.axis == .horizontal ? "x" : "y")-axis location cannot be paired with a\(b.axis == .horizontal ? "n x" : " y")-axis location (\(a.name) with \(b.name)) (rule: locations on the same axis)")
    }
    if (a.family == .directional && b.family == .physical) || (a.family == .physical && b.family == .directional) {
      throw .invalidArgument("leading/trailing cannot be mixed with left/right (\(a.name) with \(b.name)) (rule: one horizontal family per constraint)")
    }
  }

  func createLinearConstraint(_ raw: UnsafeBufferPointer<brace_term>, _ relation: brace_relation, _ constant: Double, owner: ConstraintOwner = .user) throws(BraceError) -> ConstraintID {
    guard relation.isKnown else { throw .invalidArgument("relation must be BRACE_RELATION_LESS_EQUAL (-1), _EQUAL (0) or _GREATER_EQUAL (1), got \(relation.rawValue)") }
    guard raw.count >= 1, raw.count <= 64 else { throw .invalidArgument("a linear constraint has 1 to 64 terms, got \(raw.count)") }
    try Check.constant(constant, "the constant")
    var terms: [ConstraintTerm] = []
    terms.reserveCapacity(raw.count)
    var directional = false, physical = false
    for (k, t) in raw.enumerated() {
      let term = try term(t.item, t.attribute, t.coefficient, "terms[\(k)]")
      switch term.attribute.family {
      case .directional: directional = true
      case .physical: physical = true
      default: break
      }
      terms.append(term)
    }
    guard terms.contains(where: { $0.coefficient != 0 }) else { throw .invalidArgument("every coefficient is 0 (rule: a constraint must relate something)") }
    if directional && physical {
      throw .invalidArgument("leading/trailing cannot be mixed with left/right in one constraint (rule: one horizontal family per constraint)")
    }
    return try allocateConstraint(terms, relation, constant, owner: owner)
  }

  /// brace_constraint_add_on_variables: create, prioritize and activate a constraint over
  /// free variables; one the solver cannot enforce is destroyed again and refused.
  /// `weight` (_weighted's, checked by the caller) is the record's before the activation
  /// installs its row: the solver weighs it before it optimizes.
  func addOnVariables(_ raw: UnsafeBufferPointer<brace_term>, _ relation: brace_relation, _ constant: Double,
                      _ priority: Float, weight: Double = 1) throws(BraceError) -> ConstraintID {
    try Check.priority(priority, "priority")
    let k = try createLinearConstraint(raw, relation, constant)
    bridge.constraints[k.index].priority = priority
    bridge.constraints[k.index].weight = weight
    bridge.refusedConflicts = []
    defer { bridge.refusedConflicts = nil }
    do throws(BraceError) {
      try activate(k)
    } catch {
      destroyConstraint(k)
      throw error
    }
    guard bridge.constraints[k.index].broken else { return k }
    throw refuse(k)
  }

  /// A constraint brace_constraint_add_on_variables activated and the solver could not
  /// enforce: destroyed, and the error that says why.
  private func refuse(_ k: ConstraintID) -> BraceError {
    let conflicting = bridge.refusedConflicts ?? []
    let what = describeConstraint(k)
    let list = conflicting.map { "\"\(describeConstraint($0))\"" }.joined(separator: ", ")
    destroyConstraint(k)
    return BraceError(BRACE_E_UNSATISFIABLE, conflicting.isEmpty
      ? "Unable to satisfy constraint \(what): the solver cannot enforce it; nothing was added"
      : "Unable to simultaneously satisfy constraints: \(what) conflicts with the required constraints (\(list)); nothing was added")
  }

  /// brace_constraint_add_on_variables when every input is valid and no activation is
  /// under way (kiwi's addConstraint): what addOnVariables does, in the same order, but
  /// checked without building messages, the terms stored without a scratch copy, and the
  /// batch of one activated by activateOnFreeVariables (Activation.swift), which needs no
  /// `refusedConflicts` unless the solver refuses the row. nil, with nothing changed,
  /// sends the call to addOnVariables, which names the problem.
  func addOnFreeVariables(
    _ variables: UnsafePointer<brace_variable>, _ coefficients: UnsafePointer<Double>, _ count: Int,
    _ relation: brace_relation, _ constant: Double, _ priority: Float, weight: Double = 1
  ) throws(BraceError) -> ConstraintID? {
    guard priority.isFinite, priority >= 1, priority <= 1000, relation.isKnown, count >= 1, count <= 64,
      constant.isFinite, abs(constant) <= Check.maxConstant, !bridge.activating, bridge.refusedConflicts == nil,
      bridge.entrants.isEmpty, bridge.translatingEntrants.isEmpty,
      !bridge.freeConstraints.isEmpty || bridge.constraints.count <= Int(Handle.maxSlot)
    else { return nil }
    // The solver's row is built on the stack as the terms are checked (a constant size:
    // 64 is the most terms a constraint has): installing it reads the terms and their
    // variables' records only once (~57 instructions per add).
    return try withUnsafeTemporaryAllocation(of: brace_solver_term.self, capacity: 64) { row throws(BraceError) -> ConstraintID? in
      // Check.coefficient and variable(_:), without their messages; the row as
      // LinearExpression.add makes it, term for term: zero coefficients left out, a
      // variable's terms summed in the place of its first (and left out when they cancel).
      let tag = self.tag, kind = HandleKind.variable.rawValue
      var relates = false
      var n = 0
      for j in 0..<count {
        let h = variables[j], m = coefficients[j], slot = Int(Handle.slot(h))
        guard Handle.kind(h) == kind, Handle.tag(h) == tag, slot < bridge.variables.count,
          bridge.variables[slot].generation == Handle.generation(h), bridge.variables[slot].live,
          m.isFinite, m == 0 || (abs(m) <= Check.maxCoefficient && abs(m) >= Check.minCoefficient)
        else { return nil }
        guard m != 0 else { continue }
        relates = true
        let v = bridge.variables[slot].solverVariable
        var q = 0
        while q < n && row[q].variable != v { q += 1 }
        if q == n {
          row[n] = brace_solver_term(variable: v, coefficient: m)
          n += 1
          continue
        }
        row[q].coefficient += m
        if row[q].coefficient == 0 {
          for r in q..<n - 1 { row[r] = row[r + 1] }
          n -= 1
        }
      }
      guard relates else { return nil }
      let k: ConstraintID
      if count <= 2 {
        k = allocateConstraint(variables: variables, coefficients, count, relation, constant, priority: priority, weight: weight)
      } else {
        let terms = [ConstraintTerm](unsafeUninitializedCapacity: count) { buffer, made in
          for j in 0..<count {
            (buffer.baseAddress! + j).initialize(to: ConstraintTerm(
              item: variables[j], slot: Handle.slot(variables[j]), isVariable: true, attribute: BRACE_ATTR_NONE,
              coefficient: coefficients[j]))
          }
          made = count
        }
        k = try allocateConstraint(terms, relation, constant)
        bridge.constraints[k.index].weight = weight
        bridge.constraints[k.index].priority = priority
      }
      // activate loads the solver after its checks, which these terms pass.
      let i: UnsafeMutableRawPointer
      do throws(BraceError) {
        i = try solverInstance()
      } catch {
        destroyConstraint(k)
        throw error
      }
      do throws(BraceError) {
        if try activateOnFreeVariables(k, UnsafeBufferPointer(start: row.baseAddress, count: n), on: i) { return k }
      } catch {
        destroyConstraint(k)
        bridge.refusedConflicts = nil
        throw error
      }
      let error = refuse(k)
      bridge.refusedConflicts = nil
      throw error
    }
  }
}
