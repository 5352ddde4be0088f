import CBrace

/// What kind of quantity an attribute is, for the creation rules.
enum AttributeKind {
  case size
  case location
}

enum AttributeAxis {
  case horizontal
  case vertical
}

/// Leading/trailing follow the layout direction; left/right do not; neither mixes.
enum AttributeFamily {
  case directional
  case physical
  case neutral
}

extension brace_attribute {
  var isKnown: Bool { rawValue >= 1 && rawValue <= 20 }

  var kind: AttributeKind {
    self == BRACE_ATTR_WIDTH || self == BRACE_ATTR_HEIGHT ? .size : .location
  }

  var axis: AttributeAxis {
    switch self {
    case BRACE_ATTR_LEFT, BRACE_ATTR_RIGHT, BRACE_ATTR_LEADING, BRACE_ATTR_TRAILING, BRACE_ATTR_WIDTH,
      BRACE_ATTR_CENTER_X, BRACE_ATTR_LEFT_MARGIN, BRACE_ATTR_RIGHT_MARGIN, BRACE_ATTR_LEADING_MARGIN,
      BRACE_ATTR_TRAILING_MARGIN, BRACE_ATTR_CENTER_X_WITHIN_MARGINS:
      .horizontal
    default:
      .vertical
    }
  }

  var family: AttributeFamily {
    switch self {
    case BRACE_ATTR_LEADING, BRACE_ATTR_TRAILING, BRACE_ATTR_LEADING_MARGIN, BRACE_ATTR_TRAILING_MARGIN: .directional
    case BRACE_ATTR_LEFT, BRACE_ATTR_RIGHT, BRACE_ATTR_LEFT_MARGIN, BRACE_ATTR_RIGHT_MARGIN: .physical
    default: .neutral
    }
  }

  var name: String {
    switch self {
    case BRACE_ATTR_NONE: "none"
    case BRACE_ATTR_LEFT: "left"
    case BRACE_ATTR_RIGHT: "right"
    case BRACE_ATTR_TOP: "top"
    case BRACE_ATTR_BOTTOM: "bottom"
    case BRACE_ATTR_LEADING: "leading"
    case BRACE_ATTR_TRAILING: "trailing"
    case BRACE_ATTR_WIDTH: "width"
    case BRACE_ATTR_HEIGHT: "height"
    case BRACE_ATTR_CENTER_X: "centerX"
    case BRACE_ATTR_CENTER_Y: "centerY"
    case BRACE_ATTR_LAST_BASELINE: "lastBaseline"
    case BRACE_ATTR_FIRST_BASELINE: "firstBaseline"
    case BRACE_ATTR_LEFT_MARGIN: "leftMargin"
    case BRACE_ATTR_RIGHT_MARGIN: "rightMargin"
    case BRACE_ATTR_TOP_MARGIN: "topMargin"
    case BRACE_ATTR_BOTTOM_MARGIN: "bottomMargin"
    case BRACE_ATTR_LEADING_MARGIN: "leadingMargin"
    case BRACE_ATTR_TRAILING_MARGIN: "trailingMargin"
    case BRACE_ATTR_CENTER_X_WITHIN_MARGINS: "centerXWithinMargins"
    case BRACE_ATTR_CENTER_Y_WITHIN_MARGINS: "centerYWithinMargins"
    default: "attribute \(rawValue)"
    }
  }
}

extension brace_relation {
  var isKnown: Bool { self == BRACE_RELATION_LESS_EQUAL || self == BRACE_RELATION_EQUAL || self == BRACE_RELATION_GREATER_EQUAL }
  var symbol: String {
    switch self {
    case BRACE_RELATION_LESS_EQUAL: "<="
    case BRACE_RELATION_GREATER_EQUAL: ">="
    default: "=="
    }
  }
}

/// A linear expression over solver variables: sum(coefficient * variable) + constant.
struct LinearExpression {
  var terms: [brace_solver_term] = []
  var constant: Double = 0

  mutating func add(_ variable: UInt32, _ coefficient: Double) {
    guard coefficient != 0 else { return }
    if let k = terms.firstIndex(where: { $0.variable == variable }) {
      terms[k].coefficient += coefficient
      if terms[k].coefficient == 0 { terms.remove(at: k) }
    } else {
      terms.append(brace_solver_term(variable: variable, coefficient: coefficient))
    }
  }

  mutating func add(_ other: LinearExpression, times k: Double) {
    for t in other.terms { add(t.variable, t.coefficient * k) }
    constant += other.constant * k
  }
}
