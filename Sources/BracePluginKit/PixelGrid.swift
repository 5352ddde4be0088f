import CBrace

/// A frame on the pixel grid of `scale` points per pixel: its edges (not its origin and
/// size apart) rounded to the nearest pixel, so views that share an edge keep sharing it;
/// sizes never negative. The one rounding of every frame a strategy or the constraint
/// engine computes (as Yoga keeps one in its PixelGrid). An edge a fraction of a pixel
/// left of or above 0 rounds to -0.0, which `+ 0` turns into 0.0: a frame never holds
/// -0.0, whichever strategy wrote it.
@inlinable
public func roundedToPixelGrid(_ f: brace_rect, scale: Double) -> brace_rect {
  func px(_ v: Double) -> Double { (v * scale).rounded(.toNearestOrAwayFromZero) / scale }
  let x0 = px(f.x) + 0, y0 = px(f.y) + 0
  return brace_rect(x: x0, y: y0, width: max(0, px(f.x + f.width) - x0) + 0, height: max(0, px(f.y + f.height) - y0) + 0)
}
