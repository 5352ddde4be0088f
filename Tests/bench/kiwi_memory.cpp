// kiwi_memory.cpp — kiwi's side of install_bench's memory figure: the same free-variable
// chain (x[0] >= 0; x[i] == 12 i weak; x[i+1] >= x[i] + 10 required), built with kiwi's
// header-only C++ solver (the kiwisolver sdist from PyPI, fetched by
// Tests/bench/install-bench.sh, never committed), heap bytes in use per constraint
// (glibc mallinfo2), variables included.   kiwi_memory [constraints]
#include <kiwi/kiwi.h>
#include <malloc.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

static size_t heap_in_use() {
  struct mallinfo2 m = mallinfo2();
  return m.uordblks + m.hblkhd;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 21428;
  int m = n / 2;
  size_t base = 0, after = 0;
  int added = 0;
  double last = 0;
  {
    kiwi::Solver s;
    base = heap_in_use();
    std::vector<kiwi::Variable> x;
    x.reserve(m);
    for (int i = 0; i < m; i++) x.emplace_back("x");
    s.addConstraint(x[0] >= 0);
    added++;
    for (int i = 0; i < m; i++) {
      s.addConstraint((x[i] == 12.0 * i) | kiwi::strength::weak);
      added++;
      if (i + 1 < m) {
        s.addConstraint(x[i + 1] >= x[i] + 10);
        added++;
      }
    }
    s.updateVariables();
    last = x[m - 1].value();
    after = heap_in_use();
  }
  std::printf("kiwi: %.0f bytes per constraint (free-variable chain: %d constraints over %d variables, "
              "variables included; x[last] = %g)\n", double(after - base) / added, added, m, last);
  return 0;
}
