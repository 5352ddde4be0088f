// Rectangles as the tests write and compare them.
import CBrace

public func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> brace_rect {
  brace_rect(x: x, y: y, width: w, height: h)
}

/// The same rectangle, exactly.
public func same(_ a: brace_rect, _ b: brace_rect) -> Bool {
  a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height
}

public func describe(_ r: brace_rect) -> String { "{x \(r.x), y \(r.y), w \(r.width), h \(r.height)}" }
