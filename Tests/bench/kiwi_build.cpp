// kiwi_build.cpp — building a constraint system from nothing, Brace (the installed
// libbrace, through its C ABI) against kiwi (the header-only C++ solver of the kiwisolver
// sdist that Tests/bench/install-bench.sh fetches; never committed), in one process,
// the two taking turns.    kiwi_build [--sizes 10,100,1000,10000] [--reps K]
//
// The system, for N constraints over m = N / 3 variables: x[0] >= 0 and a chain
// x[i+1] >= x[i] + 10 (required), a weak preference x[i] == 12 i (Brace priority 250)
// and a medium cap x[i] <= 11 i + 5 (Brace 500), added as link i, preference i, cap i.
// Solution: x[i] = 12 i up to i = 5, then 11 i + 5 (the cap beats the preference; the
// chain's 10 is never tight). Both sides check x[m-1] against it.
//
// A build is everything from no solver to the last value read: kiwi constructs a
// Solver, makes its Variables and Constraints (the operators) and adds them, then
// updateVariables() and reads x[m-1]. Brace creates its variables, adds every
// constraint (brace_constraint_add_on_variables: create + priority + activate) and
// reads x[m-1]. Brace is timed three ways:
//   ready:      on a context made beforehand whose solver instance exists (what each
//               further system in a context costs);
//   + context:  brace_context_create, the first variable (which makes the solver
//               instance), the build and brace_context_destroy (kiwi's figure includes
//               its Solver's construction and destruction too);
//   3 calls:    ready, each constraint made with brace_constraint_create_linear,
//               brace_constraint_set_priority (when not required) and
//               brace_constraint_activate instead of the one call.
// Either way the plugins are already loaded in the process: the first context of a
// process also loads them (install_bench's "first use"), printed once on its own.
// Median of --reps turns (default: 401 at N <= 100, 41 at 1,000, 7 above).
//
// Then kiwi's side of Tests/bench/chain_bench.c, which install-bench.sh runs just before:
// a column of n views, each 4 variables (x, y, w, h), x == 0 and x + w == 80 (leading and
// trailing on the root), y[0] == 0 and y[i] == y[i-1] + h[i-1] + 1, h <= 10 at 250 and
// h >= 10 at 750 (the intrinsic height's hugging and compression resistance; kiwi's
// strengths are weights, strength::create(0, 0, p)), built and solved; y[n-1] is checked.
// ms, median of 3 (1 for n > 1,000).   --chain-sizes 100,300,1000,3000
#define BENCH_NAME "kiwi_build"
#include "bench.h"

#include <kiwi/kiwi.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

// The monotonic clock, in µs.
static double now_us() { return now_ns() / 1e3; }

static double expected_last(int m) {
  int i = m - 1;
  return i <= 5 ? 12.0 * i : 11.0 * i + 5;
}

static void check(const char *who, int m, double got) {
  if (std::fabs(got - expected_last(m)) > 1e-6) {
    std::fprintf(stderr, "kiwi_build: %s solved x[%d] = %.9g, expected %.9g\n", who, m - 1, got, expected_last(m));
    std::exit(1);
  }
}

static double kiwi_build(int m) {
  double t0 = now_us();
  double last;
  {
    kiwi::Solver s;
    std::vector<kiwi::Variable> x;
    x.reserve(m);
    for (int i = 0; i < m; i++) x.emplace_back("x");
    s.addConstraint(x[0] >= 0);
    for (int i = 0; i < m; i++) {
      if (i + 1 < m) s.addConstraint(x[i + 1] >= x[i] + 10);
      s.addConstraint((x[i] == 12.0 * i) | kiwi::strength::weak);
      s.addConstraint((x[i] <= 11.0 * i + 5) | kiwi::strength::medium);
    }
    s.updateVariables();
    last = x[m - 1].value();
  }
  double t = now_us() - t0;
  check("kiwi", m, last);
  return t;
}

// One constraint over free variables, in one call or in three.
static void add(brace_context *ctx, bool three, const brace_variable *v, const double *k, size_t n, brace_relation rel,
                double constant, float priority) {
  brace_constraint c;
  if (!three) {
    must(ctx, brace_constraint_add_on_variables(ctx, v, k, n, rel, constant, priority, &c), "add_on_variables");
    return;
  }
  brace_term t[2];
  for (size_t i = 0; i < n; i++) t[i] = brace_term{v[i], BRACE_ATTR_NONE, k[i]};
  must(ctx, brace_constraint_create_linear(ctx, t, n, rel, constant, &c), "create_linear");
  if (priority != 1000) must(ctx, brace_constraint_set_priority(ctx, c, priority), "set_priority");
  must(ctx, brace_constraint_activate(ctx, c), "activate");
}

// The build on `ctx` (whose previous system, if any, was destroyed); answers x[m-1].
static double brace_system(brace_context *ctx, int m, std::vector<brace_variable> &x, bool three = false) {
  x.resize(size_t(m));
  for (int i = 0; i < m; i++) must(ctx, brace_variable_create(ctx, &x[size_t(i)]), "brace_variable_create");
  const double one[1] = {1}, link[2] = {1, -1};
  add(ctx, three, &x[0], one, 1, BRACE_RELATION_GREATER_EQUAL, 0, 1000);
  for (int i = 0; i < m; i++) {
    if (i + 1 < m) {
      brace_variable pair[2] = {x[size_t(i) + 1], x[size_t(i)]};
      add(ctx, three, pair, link, 2, BRACE_RELATION_GREATER_EQUAL, 10, 1000);
    }
    add(ctx, three, &x[size_t(i)], one, 1, BRACE_RELATION_EQUAL, 12.0 * i, 250);
    add(ctx, three, &x[size_t(i)], one, 1, BRACE_RELATION_LESS_EQUAL, 11.0 * i + 5, 500);
  }
  double last = 0;
  must(ctx, brace_variable_get_value(ctx, x[size_t(m) - 1], &last), "brace_variable_get_value");
  return last;
}

static brace_context *new_context() {
  brace_context *ctx = nullptr;
  must(nullptr, brace_context_create(nullptr, &ctx), "brace_context_create");
  return ctx;
}

// Ready: a fresh context with its solver instance, made and destroyed untimed.
static double brace_ready(int m, std::vector<brace_variable> &x, bool three = false) {
  brace_context *ctx = new_context();
  brace_variable v;
  must(ctx, brace_variable_create(ctx, &v), "brace_variable_create");
  must(ctx, brace_variable_destroy(ctx, v), "brace_variable_destroy");
  double t0 = now_us();
  double last = brace_system(ctx, m, x, three);
  double t = now_us() - t0;
  brace_context_destroy(ctx);
  check("Brace", m, last);
  return t;
}

static double brace_with_context(int m, std::vector<brace_variable> &x) {
  double t0 = now_us();
  brace_context *ctx = new_context();
  double last = brace_system(ctx, m, x);
  brace_context_destroy(ctx);
  double t = now_us() - t0;
  check("Brace", m, last);
  return t;
}

static double kiwi_chain(int n) {
  double t0 = now_us();
  double last;
  {
    kiwi::Solver s;
    const size_t count = size_t(n);
    std::vector<kiwi::Variable> x(count), y(count), w(count), h(count);
    for (size_t i = 0; i < count; i++) {
      s.addConstraint(x[i] == 0);
      s.addConstraint(x[i] + w[i] == 80);
      s.addConstraint(i > 0 ? y[i] == y[i - 1] + h[i - 1] + 1 : y[i] == 0);
      s.addConstraint((h[i] <= 10) | kiwi::strength::create(0, 0, 250));
      s.addConstraint((h[i] >= 10) | kiwi::strength::create(0, 0, 750));
    }
    s.updateVariables();
    last = y[count - 1].value();
  }
  double t = now_us() - t0;
  if (std::fabs(last - 11.0 * (n - 1)) > 1e-6) {
    std::fprintf(stderr, "kiwi_build: kiwi's column put y[%d] at %.9g, expected %.9g\n", n - 1, last, 11.0 * (n - 1));
    std::exit(1);
  }
  return t;
}

static std::vector<int> parse_sizes(char *p) {
  std::vector<int> out;
  while (*p) {
    out.push_back(int(std::strtol(p, &p, 10)));
    if (*p == ',') p++;
    else if (*p) break;
  }
  return out;
}

static double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

int main(int argc, char **argv) {
  std::vector<int> sizes = {10, 100, 1000, 10000}, chain = {100, 300, 1000, 3000};
  int reps = 0;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "--sizes") == 0) {
      sizes = parse_sizes(argv[i + 1]);
    } else if (std::strcmp(argv[i], "--chain-sizes") == 0) {
      chain = parse_sizes(argv[i + 1]);
    } else if (std::strcmp(argv[i], "--reps") == 0) {
      reps = std::atoi(argv[i + 1]);
    }
  }
  double t0 = now_us();
  brace_context *first = new_context();
  brace_variable v;
  must(first, brace_variable_create(first, &v), "brace_variable_create");
  double first_use = now_us() - t0;
  brace_context_destroy(first);

  std::printf("Building N constraints from nothing (chain, weak preferences, medium caps), kiwi %s and Brace %s\n"
              "in one process, taking turns; µs per build, median of the turns (µs per constraint)\n",
              KIWI_VERSION, brace_version_string());
  std::printf("| N | turns | kiwi | Brace, context ready | kiwi / Brace | Brace + context | kiwi / (Brace + context) "
              "| Brace, 3 calls each | kiwi / (Brace, 3 calls) |\n");
  std::printf("|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  std::vector<brace_variable> x;
  for (int n : sizes) {
    int m = std::max(2, n / 3);
    int constraints = 3 * m;
    int turns = reps > 0 ? reps : n <= 100 ? 401 : n <= 1000 ? 41 : 7;
    std::vector<double> k, r, c, t3;
    for (int t = 0; t < turns; t++) {
      k.push_back(kiwi_build(m));
      r.push_back(brace_ready(m, x));
      c.push_back(brace_with_context(m, x));
      t3.push_back(brace_ready(m, x, true));
    }
    double km = median(k), rm = median(r), cm = median(c), tm = median(t3);
    std::printf("| %d | %d | %.1f (%.2f) | %.1f (%.2f) | %.2fx | %.1f (%.2f) | %.2fx | %.1f (%.2f) | %.2fx |\n", constraints,
                turns, km, km / constraints, rm, rm / constraints, km / rm, cm, cm / constraints, km / cm, tm,
                tm / constraints, km / tm);
  }
  std::printf("(kiwi / Brace above 1: Brace builds faster. Once per process, before these: the first context "
              "and solver, which load the frame and simplex plugins, %.1f µs.)\n", first_use);

  std::printf("\nkiwi %s, the column of chain_bench (above) built and solved: ms, median of the runs\n", KIWI_VERSION);
  std::printf("| n | constraints | runs | kiwi |\n|---:|---:|---:|---:|\n");
  for (int n : chain) {
    if (n < 1) continue;
    int runs = n > 1000 ? 1 : 3;
    std::vector<double> t;
    for (int r = 0; r < runs; r++) t.push_back(kiwi_chain(n) / 1e3);
    std::printf("| %d | %d | %d | %.2f |\n", n, 5 * n, runs, median(t));
  }
  return 0;
}
