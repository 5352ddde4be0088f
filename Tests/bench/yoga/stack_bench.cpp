// stack_bench.cpp — Yoga's side of the nested-stack benchmark (Tests/bench/stack-bench.sh);
// Brace's side is Sources/brace-stack-bench/main.swift, same scene, same output.
// Built by Tests/bench/yoga/setup.sh against the Yoga of the poga sdist.
//
//   .build/yoga/stack_bench [--quick] [--reps-build N] [--reps-op N]
//
// The scene: a row root of 10 column children, each of 10 row children of 100 leaves of
// 20x20 (10,000 leaves, 10,111 nodes), a gap of 2 between siblings in rows and columns,
// leaves flex-shrink 0. Yoga's default config (point scale factor 1, like Brace's default
// scale: frames rounded to whole points; the widths below keep every edge whole anyway).
//   spaced: root justify space-between, wider than its content; leaves keep their size.
//   fill:   columns flex 1 (equal widths), the last leaf of each row flex-grow 1; the root
//           starts 10% wider than the content.
//
// This Yoga (poga 0.1.19's, before Yoga 2.0) has no YGNodeStyleSetGap: the gap is the
// leading margin of every child but the first (margin-left in rows, margin-top in
// columns), which lays out the same (space-between and flex distribute what is left after
// margins exactly as after gaps). A gap change in one row is therefore 99 margin sets
// (each marks its leaf dirty; the walk up stops at the already dirty row).
//
// Figures, each a median of repeated runs (steady_clock), in µs:
//   first_use_us    the first build + first layout in the process (cold caches)
//   build_first_us  building the tree + the first YGNodeCalculateLayout
//   resize_us       root width one step wider or narrower + relayout
//   hide_show_us    one deep leaf display none + relayout, then display flex + relayout (the pair)
//   spacing_us      the gap of one deep row 2 <-> 4 + relayout
// Each printed as `yoga MODE NAME VALUE`; check frames as `yoga MODE check STATE NODE x y w h`
// (frames relative to the parent, as Brace's).

#include <yoga/Yoga.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

constexpr int kCols = 10, kRows = 10, kLeaves = 100;
constexpr float kLeaf = 20, kGap = 2, kGapChanged = 4;
// Content: a row 100 * 20 + 99 * 2 = 2198 wide, a column 10 * 20 + 9 * 2 = 218 tall,
// the root's content 10 * 2198 + 9 * 2 = 21998 wide.
constexpr float kHeight = 218;
// The deep row (column 5, row 5) and the leaf hidden in it.
constexpr int kDeepCol = 5, kDeepRow = 5, kDeepLeaf = 50;

enum class Mode { spaced, fill };
const char *name(Mode m) { return m == Mode::spaced ? "spaced" : "fill"; }

// spaced: gaps between columns (W - 21980) / 9 = 40, then 41 (and 18 with the deep row's
// gap at 4: its row is 2396 wide, and so is its column). fill: columns (W - 18) / 10 =
// 2418, then 2419; W0 = 21998 * 1.1 rounded.
float width0(Mode m) { return m == Mode::spaced ? 22340 : 24198; }
float width1(Mode m) { return m == Mode::spaced ? 22349 : 24208; }

struct Scene {
  YGConfigRef config = nullptr;
  YGNodeRef root = nullptr;
  YGNodeRef cols[kCols];
  YGNodeRef rows[kCols][kRows];
  YGNodeRef leaves[kCols][kRows][kLeaves];
};

void build(Scene &s, Mode mode) {
  s.config = YGConfigNew();
  s.root = YGNodeNewWithConfig(s.config);
  YGNodeStyleSetFlexDirection(s.root, YGFlexDirectionRow);
  YGNodeStyleSetWidth(s.root, width0(mode));
  YGNodeStyleSetHeight(s.root, kHeight);
  if (mode == Mode::spaced) YGNodeStyleSetJustifyContent(s.root, YGJustifySpaceBetween);
  for (int c = 0; c < kCols; c++) {
    YGNodeRef col = YGNodeNewWithConfig(s.config);
    s.cols[c] = col;
    YGNodeStyleSetFlexDirection(col, YGFlexDirectionColumn);
    if (c > 0) YGNodeStyleSetMargin(col, YGEdgeLeft, kGap);
    if (mode == Mode::spaced) {
      YGNodeStyleSetAlignItems(col, YGAlignFlexStart);
    } else {
      YGNodeStyleSetFlexGrow(col, 1);
      YGNodeStyleSetFlexShrink(col, 1);
      YGNodeStyleSetFlexBasis(col, 0);
    }
    YGNodeInsertChild(s.root, col, c);
    for (int r = 0; r < kRows; r++) {
      YGNodeRef row = YGNodeNewWithConfig(s.config);
      s.rows[c][r] = row;
      YGNodeStyleSetFlexDirection(row, YGFlexDirectionRow);
      if (r > 0) YGNodeStyleSetMargin(row, YGEdgeTop, kGap);
      if (mode == Mode::spaced) YGNodeStyleSetAlignItems(row, YGAlignFlexStart);
      YGNodeInsertChild(col, row, r);
      for (int l = 0; l < kLeaves; l++) {
        YGNodeRef leaf = YGNodeNewWithConfig(s.config);
        s.leaves[c][r][l] = leaf;
        YGNodeStyleSetWidth(leaf, kLeaf);
        YGNodeStyleSetHeight(leaf, kLeaf);
        YGNodeStyleSetFlexShrink(leaf, 0);
        if (l > 0) YGNodeStyleSetMargin(leaf, YGEdgeLeft, kGap);
        if (mode == Mode::fill && l == kLeaves - 1) YGNodeStyleSetFlexGrow(leaf, 1);
        YGNodeInsertChild(row, leaf, l);
      }
    }
  }
}

void destroy(Scene &s) {
  YGNodeFreeRecursive(s.root);
  YGConfigFree(s.config);
  s.root = nullptr;
  s.config = nullptr;
}

inline void layout(Scene &s) { YGNodeCalculateLayout(s.root, YGUndefined, YGUndefined, YGDirectionLTR); }

inline void setRowGap(Scene &s, int c, int r, float gap) {
  for (int l = 1; l < kLeaves; l++) YGNodeStyleSetMargin(s.leaves[c][r][l], YGEdgeLeft, gap);
}

using Clock = std::chrono::steady_clock;
inline double usSince(Clock::time_point t0) {
  return std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
}

double median(std::vector<double> v) {
  if (v.empty()) return NAN;
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

void figure(Mode m, const char *what, double us) { std::printf("yoga %s %s %.1f\n", name(m), what, us); }

// A coordinate as both benches print it: 3 decimals at most, trailing zeros dropped.
std::string coord(float x) {
  char buf[64];
  double v = std::round(double(x) * 1000) / 1000;
  if (v == 0) v = 0;  // no "-0"
  std::snprintf(buf, sizeof buf, "%.3f", v);
  std::string s = buf;
  s.erase(s.find_last_not_of('0') + 1);
  if (s.back() == '.') s.pop_back();
  return s;
}

void frame(Mode m, const char *state, const char *node, YGNodeRef n) {
  std::printf("yoga %s check %s %s %s %s %s %s\n", name(m), state, node, coord(YGNodeLayoutGetLeft(n)).c_str(),
              coord(YGNodeLayoutGetTop(n)).c_str(), coord(YGNodeLayoutGetWidth(n)).c_str(),
              coord(YGNodeLayoutGetHeight(n)).c_str());
}

// The check frames, the same nodes in every state (the hidden leaf itself is left out:
// its frame is engine-specific).
void frames(Scene &s, Mode m, const char *state) {
  frame(m, state, "root", s.root);
  frame(m, state, "c0", s.cols[0]);
  frame(m, state, "c5", s.cols[kDeepCol]);
  frame(m, state, "c9", s.cols[kCols - 1]);
  frame(m, state, "c0.r0", s.rows[0][0]);
  frame(m, state, "c5.r5", s.rows[kDeepCol][kDeepRow]);
  frame(m, state, "c9.r9", s.rows[kCols - 1][kRows - 1]);
  frame(m, state, "c0.r0.l0", s.leaves[0][0][0]);
  frame(m, state, "c0.r0.l99", s.leaves[0][0][kLeaves - 1]);
  frame(m, state, "c5.r5.l49", s.leaves[kDeepCol][kDeepRow][kDeepLeaf - 1]);
  frame(m, state, "c5.r5.l51", s.leaves[kDeepCol][kDeepRow][kDeepLeaf + 1]);
  frame(m, state, "c5.r5.l99", s.leaves[kDeepCol][kDeepRow][kLeaves - 1]);
  frame(m, state, "c9.r9.l99", s.leaves[kCols - 1][kRows - 1][kLeaves - 1]);
}

// Untimed: the check frames in four states, each from the first layout at width0.
void checks(Mode m) {
  Scene s;
  build(s, m);
  layout(s);
  frames(s, m, "first");
  YGNodeStyleSetWidth(s.root, width1(m));
  layout(s);
  frames(s, m, "resize");
  YGNodeStyleSetWidth(s.root, width0(m));
  YGNodeRef deep = s.leaves[kDeepCol][kDeepRow][kDeepLeaf];
  YGNodeStyleSetDisplay(deep, YGDisplayNone);
  layout(s);
  frames(s, m, "hidden");
  YGNodeStyleSetDisplay(deep, YGDisplayFlex);
  layout(s);
  setRowGap(s, kDeepCol, kDeepRow, kGapChanged);
  layout(s);
  frames(s, m, "spacing");
  destroy(s);
}

void measure(Mode m, int repsBuild, int repsOp, bool firstInProcess) {
  std::vector<double> builds;
  for (int k = 0; k <= repsBuild; k++) {
    Scene s;
    auto t0 = Clock::now();
    build(s, m);
    layout(s);
    double t = usSince(t0);
    destroy(s);
    if (k == 0) {
      if (firstInProcess) figure(m, "first_use_us", t);
    } else {
      builds.push_back(t);
    }
  }
  figure(m, "build_first_us", median(builds));

  Scene s;
  build(s, m);
  layout(s);
  const int warm = 5;

  std::vector<double> resizes;
  for (int k = 0; k < warm + repsOp; k++) {
    float w = k % 2 == 0 ? width1(m) : width0(m);
    auto t0 = Clock::now();
    YGNodeStyleSetWidth(s.root, w);
    layout(s);
    double t = usSince(t0);
    if (k >= warm) resizes.push_back(t);
  }
  YGNodeStyleSetWidth(s.root, width0(m));
  layout(s);
  figure(m, "resize_us", median(resizes));

  YGNodeRef deep = s.leaves[kDeepCol][kDeepRow][kDeepLeaf];
  std::vector<double> pairs;
  for (int k = 0; k < warm + repsOp; k++) {
    auto t0 = Clock::now();
    YGNodeStyleSetDisplay(deep, YGDisplayNone);
    layout(s);
    YGNodeStyleSetDisplay(deep, YGDisplayFlex);
    layout(s);
    double t = usSince(t0);
    if (k >= warm) pairs.push_back(t);
  }
  figure(m, "hide_show_us", median(pairs));

  std::vector<double> gaps;
  for (int k = 0; k < warm + repsOp; k++) {
    float g = k % 2 == 0 ? kGapChanged : kGap;
    auto t0 = Clock::now();
    setRowGap(s, kDeepCol, kDeepRow, g);
    layout(s);
    double t = usSince(t0);
    if (k >= warm) gaps.push_back(t);
  }
  figure(m, "spacing_us", median(gaps));
  destroy(s);
}

int intArg(int argc, char **argv, const char *flag, int fallback) {
  for (int i = 1; i + 1 < argc; i++)
    if (std::strcmp(argv[i], flag) == 0) return std::max(1, std::atoi(argv[i + 1]));
  return fallback;
}

}  // namespace

int main(int argc, char **argv) {
  bool quick = false;
  for (int i = 1; i < argc; i++)
    if (std::strcmp(argv[i], "--quick") == 0) quick = true;
  int repsBuild = intArg(argc, argv, "--reps-build", quick ? 5 : 21);
  int repsOp = intArg(argc, argv, "--reps-op", quick ? 21 : 201);
  std::printf("# yoga (poga 0.1.19 sdist), %d leaves, %d nodes; medians of %d builds, %d ops; µs\n",
              kCols * kRows * kLeaves, 1 + kCols + kCols * kRows + kCols * kRows * kLeaves, repsBuild, repsOp);
  bool first = true;
  for (Mode m : {Mode::spaced, Mode::fill}) {
    measure(m, repsBuild, repsOp, first);
    first = false;
    checks(m);
    std::fflush(stdout);
  }
  return 0;
}
