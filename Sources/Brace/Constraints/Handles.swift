import CBrace

/// Constraint and variable handles: resolving them to slots (or saying why they name
/// nothing live here) and taking a constraint slot.
extension Context {
  /// The slot `h` names when it is a live record of its kind in this context.
  @inline(__always)
  private func liveSlot<R: HandleRecord>(_ h: UInt64, _ kind: HandleKind, in records: [R]) -> Int32? {
    let slot = Handle.slot(h)
    guard Handle.kind(h) == kind.rawValue, Handle.tag(h) == tag, Int(slot) < records.count,
      records[Int(slot)].generation == Handle.generation(h), records[Int(slot)].live
    else { return nil }
    return slot
  }

  func handle(ofConstraint c: ConstraintID) -> brace_constraint {
    Handle.make(.constraint, tag: tag, generation: bridge.constraints[c.index].generation, slot: c.raw)
  }

  func handle(ofVariable v: VariableID) -> brace_variable {
    Handle.make(.variable, tag: tag, generation: bridge.variables[v.index].generation, slot: v.raw)
  }

  func constraint(_ h: brace_constraint) throws(BraceError) -> ConstraintID {
    if let slot = liveSlot(h, .constraint, in: bridge.constraints) { return ConstraintID(slot) }
    let slot = Handle.slot(h)
    let name = Handle.describe(h, as: .constraint)
    if h == 0 { throw BraceError(BRACE_E_INVALID_HANDLE, "constraint is the null handle 0") }
    if Handle.kind(h) != HandleKind.constraint.rawValue { throw BraceError(BRACE_E_INVALID_HANDLE, "0x\(String(h, radix: 16)) is not a constraint handle") }
    if Handle.tag(h) != tag { throw BraceError(BRACE_E_FOREIGN_HANDLE, "\(name) belongs to another context") }
    if Int(slot) >= bridge.constraints.count || Handle.generation(h) > bridge.constraints[Int(slot)].generation {
      throw BraceError(BRACE_E_INVALID_HANDLE, "\(name) was never created in this context")
    }
    throw BraceError(BRACE_E_STALE_HANDLE, "\(name) is stale: it was destroyed")
  }

  func variable(_ h: brace_variable) throws(BraceError) -> VariableID {
    if let slot = liveSlot(h, .variable, in: bridge.variables) { return VariableID(slot) }
    let slot = Handle.slot(h)
    let name = Handle.describe(h, as: .variable)
    if Handle.tag(h) != tag && h != 0 { throw BraceError(BRACE_E_FOREIGN_HANDLE, "\(name) belongs to another context") }
    if Int(slot) < bridge.variables.count && Handle.generation(h) <= bridge.variables[Int(slot)].generation && Handle.generation(h) > 0 {
      throw BraceError(BRACE_E_STALE_HANDLE, "\(name) is stale: it was destroyed")
    }
    throw BraceError(BRACE_E_INVALID_HANDLE, "\(name) is not a live variable of this context")
  }

  /// A new constraint `terms REL constant`. The record is built field by field in its
  /// slot: built apart and stored, it was copied with its arrays on its way in (+8%
  /// instructions per create and destroy through an initializer, and a copy and two
  /// destroys of the record, about 100 instructions, through a local record).
  func allocateConstraint(
    _ terms: [ConstraintTerm], _ relation: brace_relation, _ constant: Double, owner: ConstraintOwner = .user, layoutForm: Bool = false
  ) throws(BraceError) -> ConstraintID {
    let k = try allocateConstraint(ConstraintRecord())
    bridge.constraints[k.index].terms = terms
    bridge.constraints[k.index].relation = relation
    bridge.constraints[k.index].constant = constant
    bridge.constraints[k.index].owner = owner
    bridge.constraints[k.index].layoutForm = layoutForm
    var onlyVariables = true
    for t in terms {
      if t.isVariable { bridge.variables[t.variable.index].uses += 1 } else { onlyVariables = false }
    }
    bridge.constraints[k.index].onlyVariables = onlyVariables
    return k
  }

  /// A new constraint on one or two free variables, checked by the caller (addOnFreeVariables,
  /// which also checked that a slot is free or can be added): its record is built in the
  /// one store to its slot.
  func allocateConstraint(
    variables items: UnsafePointer<UInt64>, _ coefficients: UnsafePointer<Double>, _ count: Int,
    _ relation: brace_relation, _ constant: Double, priority: Float, weight: Double
  ) -> ConstraintID {
    for j in 0..<count { bridge.variables[Int(Handle.slot(items[j]))].uses += 1 }
    if let slot = bridge.freeConstraints.popLast() {
      bridge.constraints[slot.index] = ConstraintRecord(
        variables: items, coefficients, count, relation, constant, priority: priority, weight: weight,
        generation: bridge.constraints[slot.index].generation + 1)
      return slot
    }
    if bridge.constraints.count == bridge.constraints.capacity { bridge.constraints.reserveCapacity(grownRecordCapacity(bridge.constraints.count)) }
    bridge.constraints.append(ConstraintRecord(
      variables: items, coefficients, count, relation, constant, priority: priority, weight: weight, generation: 1))
    return ConstraintID(index: bridge.constraints.count - 1)
  }

  /// Stores a whole record (the generated constraints'), taken over rather than copied.
  func allocateConstraint(_ r: consuming ConstraintRecord) throws(BraceError) -> ConstraintID {
    guard !bridge.freeConstraints.isEmpty || bridge.constraints.count <= Int(Handle.maxSlot) else {
      throw BraceError(BRACE_E_NO_MEMORY, "the context's constraint handle space is exhausted")
    }
    r.live = true
    for k in 0..<r.termCount {
      let t = r.term(k)
      if t.isVariable { bridge.variables[t.variable.index].uses += 1 }
    }
    if let slot = bridge.freeConstraints.popLast() {
      r.generation = bridge.constraints[slot.index].generation + 1
      bridge.constraints[slot.index] = r
      return slot
    }
    r.generation = 1
    if bridge.constraints.count == bridge.constraints.capacity { bridge.constraints.reserveCapacity(grownRecordCapacity(bridge.constraints.count)) }
    bridge.constraints.append(r)
    return ConstraintID(index: bridge.constraints.count - 1)
  }
}
