// Yoga's side of the nested-stack benchmark (Tests/bench/stack-bench.sh runs both).
// The scene of brace-stack-bench as flexbox: a row root of 10 columns, each of 10 rows
// of 100 leaves of 20 x 20 that never shrink, 2 points between siblings. This Yoga
// (poga 0.1.19's copy) has no `gap`, so the 2 points are a leading margin on every child
// but the first, and a row's spacing change rewrites its leaves' margins.
//   spaced: the root spreads its columns (justify space-between) and is 500 wider than
//           its content; columns and rows align their children at the start.
//   fill:   the columns share the root (flex-grow 1, basis 0) and stretch their rows;
//           the last leaf of each row grows; the root starts 10% wider than the content.
// Each figure is the median of repeated runs; a line per figure:
//   yoga MODE OPERATION microseconds
#include <yoga/Yoga.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double micros(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double, std::micro>(b - a).count();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

constexpr int kColumns = 10, kRows = 10, kLeaves = 100;
constexpr float kLeaf = 20, kGap = 2;
constexpr float kContentWidth = kColumns * (kLeaves * kLeaf + (kLeaves - 1) * kGap) + (kColumns - 1) * kGap;
constexpr float kHeight = kRows * kLeaf + (kRows - 1) * kGap;

struct Scene {
  YGNodeRef root = nullptr;
  std::vector<YGNodeRef> rows, leaves;
  float width = 0;
  ~Scene() {
    if (root) YGNodeFreeRecursive(root);
  }
};

void build(Scene &s, bool fill) {
  s.root = YGNodeNew();
  YGNodeStyleSetFlexDirection(s.root, YGFlexDirectionRow);
  YGNodeStyleSetAlignItems(s.root, YGAlignStretch);
  s.width = fill ? kContentWidth * 1.1f : kContentWidth + 500;
  YGNodeStyleSetWidth(s.root, s.width);
  YGNodeStyleSetHeight(s.root, kHeight);
  if (!fill) YGNodeStyleSetJustifyContent(s.root, YGJustifySpaceBetween);
  for (int c = 0; c < kColumns; c++) {
    YGNodeRef col = YGNodeNew();
    YGNodeStyleSetFlexDirection(col, YGFlexDirectionColumn);
    YGNodeStyleSetFlexShrink(col, 0);
    if (c > 0) YGNodeStyleSetMargin(col, YGEdgeLeft, kGap);
    if (fill) {
      YGNodeStyleSetFlexGrow(col, 1);
      YGNodeStyleSetFlexBasis(col, 0);
      YGNodeStyleSetAlignItems(col, YGAlignStretch);
    } else {
      YGNodeStyleSetAlignItems(col, YGAlignFlexStart);
    }
    YGNodeInsertChild(s.root, col, c);
    for (int r = 0; r < kRows; r++) {
      YGNodeRef row = YGNodeNew();
      YGNodeStyleSetFlexDirection(row, YGFlexDirectionRow);
      YGNodeStyleSetAlignItems(row, YGAlignFlexStart);
      YGNodeStyleSetFlexShrink(row, 0);
      if (r > 0) YGNodeStyleSetMargin(row, YGEdgeTop, kGap);
      YGNodeInsertChild(col, row, r);
      s.rows.push_back(row);
      for (int k = 0; k < kLeaves; k++) {
        YGNodeRef leaf = YGNodeNew();
        YGNodeStyleSetWidth(leaf, kLeaf);
        YGNodeStyleSetHeight(leaf, kLeaf);
        YGNodeStyleSetFlexShrink(leaf, 0);
        if (k > 0) YGNodeStyleSetMargin(leaf, YGEdgeLeft, kGap);
        if (fill && k == kLeaves - 1) YGNodeStyleSetFlexGrow(leaf, 1);
        YGNodeInsertChild(row, leaf, k);
        s.leaves.push_back(leaf);
      }
    }
  }
}

void layout(Scene &s) { YGNodeCalculateLayout(s.root, YGUndefined, YGUndefined, YGDirectionLTR); }

// A leaf's frame in the root's coordinates.
void frame(YGNodeRef n, float out[4]) {
  float x = 0, y = 0;
  for (YGNodeRef p = n; p; p = YGNodeGetParent(p)) {
    x += YGNodeLayoutGetLeft(p);
    y += YGNodeLayoutGetTop(p);
  }
  out[0] = x, out[1] = y, out[2] = YGNodeLayoutGetWidth(n), out[3] = YGNodeLayoutGetHeight(n);
}

void run(bool fill, int repeats) {
  const char *mode = fill ? "fill" : "spaced";
  std::vector<double> t;
  for (int i = 0; i < std::max(3, repeats / 20); i++) {
    Scene s;
    auto a = Clock::now();
    build(s, fill);
    layout(s);
    t.push_back(micros(a, Clock::now()));
  }
  std::printf("yoga %s build_first_us %.1f\n", mode, median(t));

  Scene s;
  build(s, fill);
  layout(s);
  float f[4];
  frame(s.leaves[kLeaves - 1], f);
  std::printf("yoga %s check last_leaf_of_first_row %g %g %g %g\n", mode, f[0], f[1], f[2], f[3]);

  t.clear();
  for (int i = 0; i < repeats; i++) {
    YGNodeStyleSetWidth(s.root, s.width + (i % 2 ? 0 : 10));
    auto a = Clock::now();
    layout(s);
    t.push_back(micros(a, Clock::now()));
  }
  YGNodeStyleSetWidth(s.root, s.width);
  layout(s);
  std::printf("yoga %s resize_us %.2f\n", mode, median(t));

  YGNodeRef deep = s.leaves[s.leaves.size() / 2 + kLeaves / 2];
  t.clear();
  for (int i = 0; i < repeats; i++) {
    YGNodeStyleSetDisplay(deep, i % 2 ? YGDisplayFlex : YGDisplayNone);
    auto a = Clock::now();
    layout(s);
    t.push_back(micros(a, Clock::now()));
  }
  std::printf("yoga %s hide_show_us %.2f\n", mode, median(t));

  YGNodeRef row = s.rows[s.rows.size() / 2 + kRows / 2];
  t.clear();
  for (int i = 0; i < repeats; i++) {
    for (uint32_t k = 1; k < YGNodeGetChildCount(row); k++)
      YGNodeStyleSetMargin(YGNodeGetChild(row, k), YGEdgeLeft, i % 2 ? kGap : kGap + 1);
    auto a = Clock::now();
    layout(s);
    t.push_back(micros(a, Clock::now()));
  }
  std::printf("yoga %s spacing_us %.2f\n", mode, median(t));
}

}  // namespace

int main(int argc, char **argv) {
  int repeats = argc > 1 ? std::atoi(argv[1]) : 200;
  run(false, repeats);
  run(true, repeats);
  return 0;
}
