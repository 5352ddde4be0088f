# Brace — build, stage-install, test, demo and benchmark. `make help` lists the targets
# (from the `##` line above each rule here and in mk/*.mk). Targets name what they need
# as prerequisites: `make test-c` on a clean tree builds and stages the library first.
#
# Variables (override on the command line, e.g. `make test SCRATCH=.build-c`):
#   SWIFT_BUILD_FLAGS    extra flags for `swift build -c release`
#   SWIFT_TEST_FLAGS     extra flags for `swift test`
#   SCRATCH              SwiftPM scratch directory (default .build)
#   PREFIX               install prefix (default: the staging install .build-stage/install)
#   DESTDIR              prepended to every installed path (packaging); brace.pc keeps PREFIX
#   CC                   the C compiler for the demo and the C tests (default cc)
#   VALGRIND             the valgrind command (default valgrind)

SHELL := /bin/sh
.DEFAULT_GOAL := release

# The Swift toolchain: on PATH, or in /opt/swift (where the README says it may be).
ifeq ($(shell command -v swift),)
export PATH := /opt/swift/usr/bin:$(PATH)
endif

SWIFT ?= swift
SWIFT_BUILD_FLAGS ?=
SWIFT_TEST_FLAGS ?=
SCRATCH ?= .build
PREFIX ?= $(CURDIR)/.build-stage/install
DESTDIR ?=
CC ?= cc
GCC ?= gcc
GXX ?= g++
CLANG ?= clang
CLANGXX ?= clang++
VALGRIND ?= valgrind
PKG_CONFIG ?= pkg-config

# The version comes from the header macros (include/brace/types.h).
# ("." stands for the number sign, which make versions treat differently in functions.)
version_part = $(shell sed -n 's/^.define BRACE_VERSION_$(1) \([0-9][0-9]*\).*/\1/p' include/brace/types.h)
VERSION_MAJOR := $(call version_part,MAJOR)
VERSION_MINOR := $(call version_part,MINOR)
VERSION_PATCH := $(call version_part,PATCH)
VERSION := $(VERSION_MAJOR).$(VERSION_MINOR).$(VERSION_PATCH)

BIN := $(SCRATCH)/release
# Build products of this Makefile (test programs, the demo binary, results) live in the
# scratch directory, so that two people using two scratch paths do not collide.
WORK := $(abspath $(SCRATCH))/brace-make
RESULTS := $(WORK)/test-results

INSTALL_LIB := $(DESTDIR)$(PREFIX)/lib
INSTALL_INC := $(DESTDIR)$(PREFIX)/include
# pkg-config reads the installed brace.pc (DESTDIR-less installs only). The flags are
# asked for when a recipe runs, i.e. after `install` has written brace.pc.
PKG_ENV := PKG_CONFIG_PATH="$(PREFIX)/lib/pkgconfig$${PKG_CONFIG_PATH:+:$$PKG_CONFIG_PATH}"
BRACE_CFLAGS = $(shell $(PKG_ENV) $(PKG_CONFIG) --cflags brace)
BRACE_LIBS = $(shell $(PKG_ENV) $(PKG_CONFIG) --libs brace)

C_STRICT := -std=c11 -Wall -Wextra -Werror -pedantic
C_TESTS := $(sort $(wildcard Tests/c/test_*.c))
VALGRIND_SUPP := $(wildcard Tests/c/valgrind.supp)
VALGRIND_FLAGS := --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite \
  $(if $(VALGRIND_SUPP),--suppressions=$(VALGRIND_SUPP)) --quiet

CHECK = Tests/check.sh $(RESULTS)

.PHONY: release embedded install plugins demo test deps test-swift test-abi test-size test-headers test-c test-python bench bench-animation bench-python bench-python-import bench-stack clean-stage summary help

# ------------------------------------------------------------------------------ build

## SwiftPM's release build (the benchmark programs)
release:
	$(SWIFT) build -c release --scratch-path $(SCRATCH) $(SWIFT_BUILD_FLAGS)

# What is installed: libbrace and the built-in plugins built with Embedded Swift
# (mk/embedded.sh): no Swift runtime, where SwiftPM's builds each carry their own static
# runtime (`make test-size` prints the sizes). SwiftPM's builds stay what `swift test`
# and the benchmark programs use.
EMBEDDED := $(abspath $(SCRATCH))/embedded
EMBEDDED_CORE := $(EMBEDDED)/libbrace.so
# The built-in plugins' libraries (brace_NAME), from the one list mk/plugins.
BUILTIN_PLUGINS := $(shell awk '!/^\#/ && NF { print $$3 }' mk/plugins)
EMBEDDED_PLUGINS := $(BUILTIN_PLUGINS:%=$(EMBEDDED)/lib%.so)

# One rule for every Embedded output. mk/embedded.sh knows what each is built from and
# skips an output newer than its sources (pip's build calls it too), so make always asks
# it, once; an output it leaves alone keeps its time, and nothing after it is redone. Its
# parts are "core" (libbrace.so) and each plugin's library without "brace_".
## libbrace and the built-in plugins with Embedded Swift (mk/embedded.sh)
embedded:
	mk/embedded.sh "$(EMBEDDED)" core $(BUILTIN_PLUGINS:brace_%=%)
# The empty recipe (";") makes make read the outputs' times again after the script ran:
# without one it kept the times from before, so the first `make install` after a source
# change rebuilt libbrace.so but installed it only on a second run.
$(EMBEDDED_CORE) $(EMBEDDED_PLUGINS): embedded ;

# ------------------------------------------------------------------------------ install

# The staged install is complete when brace.pc, written last, is newer than what went in.
INSTALLED := $(INSTALL_LIB)/pkgconfig/brace.pc
$(INSTALLED): $(EMBEDDED_CORE) $(EMBEDDED_PLUGINS) $(wildcard include/brace/*.h) include/module.modulemap bindings/c/brace.pc.in
	@test -n "$(VERSION_MAJOR)" -a -n "$(VERSION_MINOR)" -a -n "$(VERSION_PATCH)" || \
	  { echo "cannot read BRACE_VERSION_* from include/brace/types.h" >&2; exit 1; }
	install -d "$(INSTALL_LIB)/pkgconfig" "$(INSTALL_INC)/brace"
	@# An older version's file is removed: libbrace.so.0 names the new one, and the old
	@# file would only linger (test-install checks that the install is what it lists).
	find "$(INSTALL_LIB)" -maxdepth 1 -name 'libbrace.so.$(VERSION_MAJOR).*.*' ! -name 'libbrace.so.$(VERSION)' -delete
	install -m 0755 "$(EMBEDDED_CORE)" "$(INSTALL_LIB)/libbrace.so.$(VERSION)"
	ln -sfn "libbrace.so.$(VERSION)" "$(INSTALL_LIB)/libbrace.so.$(VERSION_MAJOR)"
	ln -sfn "libbrace.so.$(VERSION_MAJOR)" "$(INSTALL_LIB)/libbrace.so"
	@# The built-in strategies go into lib/brace/, where libbrace looks for them first
	@# (strategy.h); copies left beside libbrace by an older install are removed.
	install -d "$(INSTALL_LIB)/brace"
	rm -f "$(INSTALL_LIB)"/libbrace_*.so
	install -m 0755 $(EMBEDDED_PLUGINS) "$(INSTALL_LIB)/brace/"
	install -m 0644 include/brace/*.h "$(INSTALL_INC)/brace/"
	@# Swift plugins `import CBrace` through a module map beside the headers (docs/plugins.md),
	@# the source tree's own with paths relative to include/brace/.
	sed 's|"brace/|"|' include/module.modulemap > "$(INSTALL_INC)/brace/module.modulemap"
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' \
	  bindings/c/brace.pc.in > "$@"
	@echo "installed Brace $(VERSION) into $(DESTDIR)$(PREFIX)"

## libbrace, the built-in plugins, the headers (with the module map for Swift plugins) and brace.pc into PREFIX
install: $(INSTALLED)

# ------------------------------------------------------------------------------ plugins

# The example plugins (examples/plugins/*.c), built as a user would build theirs: the
# system C compiler, the installed header, no library linked but libm. They land in
# $(PLUGIN_DIR) as libbrace_NAME.so, which the demo and the C tests put on
# BRACE_PLUGIN_PATH.
PLUGIN_DIR := $(WORK)/plugins
EXAMPLE_PLUGINS := $(patsubst examples/plugins/%.c,$(PLUGIN_DIR)/libbrace_%.so,$(sort $(wildcard examples/plugins/*.c)))
# Plugins of the C tests (Tests/c/plugins/*.c) land there too; they may call the public
# functions, so they link libbrace.
C_TEST_PLUGINS := $(patsubst Tests/c/plugins/%.c,$(PLUGIN_DIR)/libbrace_%.so,$(sort $(wildcard Tests/c/plugins/*.c)))

$(PLUGIN_DIR)/libbrace_%.so: examples/plugins/%.c $(INSTALLED)
	@mkdir -p "$(PLUGIN_DIR)"
	$(CC) $(C_STRICT) -O2 -shared -fPIC -fvisibility=hidden $(BRACE_CFLAGS) -o "$@" "$<" -lm
$(PLUGIN_DIR)/libbrace_%.so: Tests/c/plugins/%.c $(INSTALLED)
	@mkdir -p "$(PLUGIN_DIR)"
	$(CC) $(C_STRICT) -g -shared -fPIC -fvisibility=hidden $(BRACE_CFLAGS) -o "$@" "$<" $(BRACE_LIBS)

## the example plugins (examples/plugins/*.c) and the C tests' plugins, against the installed header
plugins: $(EXAMPLE_PLUGINS) $(C_TEST_PLUGINS)

# ------------------------------------------------------------------------------ demo

## install, then build and run examples/demo.c
demo: $(INSTALLED) $(EXAMPLE_PLUGINS)
	@mkdir -p "$(WORK)"
	$(CC) $(C_STRICT) $(BRACE_CFLAGS) -o "$(WORK)/demo" examples/demo.c $(BRACE_LIBS)
	BRACE_PLUGIN_PATH="$(PLUGIN_DIR)" "$(WORK)/demo"

# ------------------------------------------------------------------------------ tests

# The steps of `make test`, in order; the first installs the system tools that are missing
# (mk/deps.sh). Each is a separate make run so that they stay sequential under -j and the
# first failure stops the rest; each builds what it needs through its prerequisites. The
# summary counts the checks.
TEST_STEPS := deps test-swift test-abi test-size test-abi-baseline test-plugin-abi test-install test-headers \
  test-c test-terminal test-c-sanitize test-fuzz test-python

## every test, in order, stopping at the first failure (the README's command)
test:
	@mkdir -p "$(WORK)" && rm -f "$(RESULTS)" && touch "$(RESULTS)"
	@status=0; \
	for step in $(TEST_STEPS); do \
	  echo "==> $$step"; \
	  $(MAKE) --no-print-directory $$step || { \
	    status=1; \
	    grep -q '^FAIL' "$(RESULTS)" || echo "FAIL $$step" >> "$(RESULTS)"; \
	    break; \
	  }; \
	done; \
	$(MAKE) --no-print-directory summary; \
	exit $$status

## install the missing system tools the tests need (mk/deps.sh, apt-get)
deps:
	@mk/deps.sh $(if $(CI),--versions)

summary:
	@passed=$$(grep -c '^PASS' "$(RESULTS)" 2>/dev/null); failed=$$(grep -c '^FAIL' "$(RESULTS)" 2>/dev/null); \
	echo; echo "$${passed:-0} passed, $${failed:-0} failed"

## swift test (every Swift test target, debug build)
test-swift:
	@mkdir -p "$(WORK)"
	@$(CHECK) "swift test" $(SWIFT) test --scratch-path $(SCRATCH) $(SWIFT_TEST_FLAGS)

## the installed libbrace exports exactly the headers' functions, has its SONAME, needs no Swift runtime
test-abi: $(INSTALLED)
	@mkdir -p "$(WORK)"
	@$(CHECK) "abi: exports == header declarations, SONAME, no libswift" \
	  Tests/abi/check-exports.sh "$(INSTALL_LIB)/libbrace.so.$(VERSION)" include $(GCC)

HEADER_TU := Tests/headers/include_all.c
## the headers compile as C11 and C++11/17 (gcc, clang), each one on its own too
test-headers:
	@mkdir -p "$(WORK)"
	@$(CHECK) "headers: gcc -std=c11" \
	  $(GCC) $(C_STRICT) -Wstrict-prototypes -Iinclude -c $(HEADER_TU) -o "$(WORK)/headers-gcc.o"
	@$(CHECK) "headers: clang -std=c11" \
	  $(CLANG) $(C_STRICT) -Wstrict-prototypes -Iinclude -c $(HEADER_TU) -o "$(WORK)/headers-clang.o"
	@for std in c++11 c++17; do \
	  $(CHECK) "headers: g++ -std=$$std" \
	    $(GXX) -x c++ -std=$$std -Wall -Wextra -Werror -pedantic -Iinclude -c $(HEADER_TU) \
	    -o "$(WORK)/headers-gxx-$$std.o" || exit 1; \
	  $(CHECK) "headers: clang++ -std=$$std" \
	    $(CLANGXX) -x c++ -std=$$std -Wall -Wextra -Werror -pedantic -Iinclude -c $(HEADER_TU) \
	    -o "$(WORK)/headers-clangxx-$$std.o" || exit 1; \
	done
	@for h in include/brace/*.h; do \
	  printf '#include "%s"\n#include "%s"\n' "$(CURDIR)/$$h" "$(CURDIR)/$$h" > "$(WORK)/one-header.c"; \
	  $(CHECK) "headers: $$h is self-contained (included alone, twice)" \
	    $(GCC) $(C_STRICT) -Wstrict-prototypes -fsyntax-only "$(WORK)/one-header.c" || exit 1; \
	done

## every Tests/c/test_*.c against the installed header and library, run plainly and under valgrind
test-c: $(INSTALLED) $(EXAMPLE_PLUGINS) $(C_TEST_PLUGINS)
	@mkdir -p "$(WORK)/c"
	@for src in $(C_TESTS); do \
	  name=$$(basename "$$src" .c); exe="$(WORK)/c/$$name"; \
	  $(CHECK) "c: build $$name (installed header + library via pkg-config)" \
	    $(CC) $(C_STRICT) -g -pthread $(BRACE_CFLAGS) -o "$$exe" "$$src" $(BRACE_LIBS) -lm || exit 1; \
	  $(CHECK) "c: $$name links the installed libbrace" \
	    sh -c 'ldd "$$1" | grep -F "$$2/libbrace.so.$(VERSION_MAJOR)" >/dev/null' ldd-check "$$exe" "$(PREFIX)/lib" || exit 1; \
	  $(CHECK) "c: run $$name" env BRACE_PLUGIN_PATH="$(PLUGIN_DIR)" "$$exe" || exit 1; \
	  $(CHECK) "c: valgrind $$name" env BRACE_PLUGIN_PATH="$(PLUGIN_DIR)" $(VALGRIND) $(VALGRIND_FLAGS) "$$exe" || exit 1; \
	done

# The Python bindings: pip's build (bindings/python/setup.py) runs mk/embedded.sh, which
# finds the libraries built here current, and bundles them.
PYTHON ?= python3
VENV := $(WORK)/venv
# kiwisolver's own test suite runs against brace.kiwi (bindings/python/tests/
# run-kiwisolver-suite.sh); its sdist is fetched once into the scratch folder. The
# version is pinned so that a kiwisolver release cannot change the test by itself.
KIWISOLVER_SUITE ?= 1.5.1
## pip install bindings/python into a fresh venv, pytest, and the wheel in a venv of its own
test-python: $(EMBEDDED_CORE) $(EMBEDDED_PLUGINS)
	@rm -rf "$(VENV)" && mkdir -p "$(WORK)"
	@$(CHECK) "python: a fresh venv" $(PYTHON) -m venv "$(VENV)"
	@$(CHECK) "python: pip install ./bindings/python[test]" \
	  env BRACE_SCRATCH="$(abspath $(SCRATCH))" "$(VENV)/bin/pip" install --quiet "./bindings/python[test]"
	@$(CHECK) "python: pytest bindings/python/tests" \
	  "$(VENV)/bin/python" -m pytest -q -p no:cacheprovider bindings/python/tests
	@$(CHECK) "python: kiwisolver $(KIWISOLVER_SUITE)'s own tests against brace.kiwi" \
	  bindings/python/tests/run-kiwisolver-suite.sh "$(VENV)/bin/python" \
	  "$(abspath $(SCRATCH))/kiwisolver-sdist" "$(KIWISOLVER_SUITE)"
	@rm -rf "$(WORK)/wheel" "$(WORK)/venv-wheel"
	@$(CHECK) "python: pip wheel ./bindings/python (tagged for this CPython and platform: brace._kiwi)" \
	  sh -c 'env BRACE_SCRATCH="$$1" "$$2/bin/pip" wheel --quiet --no-deps -w "$$3" ./bindings/python && ls "$$3" | grep -q "^brace-.*-cp3[0-9]*-cp3[0-9]*-linux_[a-z0-9_]*\.whl$$"' \
	  wheel "$(abspath $(SCRATCH))" "$(VENV)" "$(WORK)/wheel"
	@$(CHECK) "python: the wheel works in a fresh venv with no Swift toolchain in reach" \
	  sh -c '$(PYTHON) -m venv "$$1" && "$$1/bin/pip" install --quiet "$$2"/brace-*.whl && \
	    env -i HOME="$$HOME" PATH=/usr/bin:/bin "$$1/bin/python" -c "import brace, brace._native as n; c = n.ffi.new(\"brace_context **\"); n.check(None, n.lib.brace_context_create(n.ffi.NULL, c)); n.lib.brace_context_destroy(c[0]); from brace import kiwi; x = kiwi.Variable(\"x\"); s = kiwi.Solver(); s.addConstraint(x == 2); s.updateVariables(); assert x.value() == 2; print(\"wheel ok:\", brace.LIBRARY_PATH)"' \
	  wheel-venv "$(WORK)/venv-wheel" "$(WORK)/wheel"

# A file that grows past its limit fails: raise a limit deliberately, in the same change as
# the growth. The table it prints is the one place the installed sizes are given.
## print the installed files' sizes; each within its limit in Tests/abi/size-limits
test-size: $(INSTALLED)
	@$(CHECK) "size: the installed libbrace and plugins within Tests/abi/size-limits" \
	  Tests/abi/check-sizes.sh "$(INSTALL_LIB)" Tests/abi/size-limits

# ------------------------------------------------------------------------------ benchmark

# The core through its C ABI (brace-bench, SwiftPM release build), then what a program
# linking the installed library pays: first use (context + every built-in plugin), heap
# bytes per view and per constraint, a long chain of views activated, and building
# constraint systems at N = 100, 1,000, 10,000, each next to kiwi's for the same constraints
# (Tests/bench/install-bench.sh; kiwi's C++ source comes from PyPI's kiwisolver sdist),
# then animated layout changes (bench-animation), the Python package's import time next
# to kiwisolver's (bench-python-import) and brace.kiwi's calls next to kiwisolver's
# (bench-python).
## the core benchmark, the installed library's first use, memory and builds next to kiwi, animations, Python imports and calls
bench: release $(INSTALLED)
	"$(BIN)/brace-bench"
	$(PKG_ENV) CC="$(CC)" CXX="$(GXX)" PYTHON="$(PYTHON)" Tests/bench/install-bench.sh "$(WORK)/bench"
	@$(MAKE) --no-print-directory bench-animation
	@$(MAKE) --no-print-directory bench-python-import
	@$(MAKE) --no-print-directory bench-python

# pip builds bindings/python (as `make test-python` does) into a venv of its own, next to
# kiwisolver from PyPI (left out, with a note, when PyPI cannot be reached).
BENCH_VENV := $(WORK)/bench/venv
## import brace, brace.kiwi and kiwisolver, each in fresh processes (Tests/bench/import_bench.py)
bench-python-import: $(EMBEDDED_CORE) $(EMBEDDED_PLUGINS)
	@rm -rf "$(BENCH_VENV)" && mkdir -p "$(WORK)/bench"
	$(PYTHON) -m venv "$(BENCH_VENV)"
	env BRACE_SCRATCH="$(abspath $(SCRATCH))" "$(BENCH_VENV)/bin/pip" install --quiet ./bindings/python
	"$(BENCH_VENV)/bin/pip" install --quiet kiwisolver || echo "bench-python-import: kiwisolver not installed: its side is skipped" >&2
	"$(BENCH_VENV)/bin/python" Tests/bench/import_bench.py

# brace.kiwi against kiwisolver, call by call at N = 10...10,000, and a matplotlib
# constrained layout's solver calls replayed on both (Tests/bench/kiwi_bench.py), in a
# venv of its own; skipped, with a note, when PyPI cannot be reached.
BENCH_KIWI_VENV := $(WORK)/bench/venv-kiwi
BENCH_KIWI_FLAGS ?=
## brace.kiwi and kiwisolver side by side: every operation, and a matplotlib layout replayed
bench-python: $(EMBEDDED_CORE) $(EMBEDDED_PLUGINS)
	@rm -rf "$(BENCH_KIWI_VENV)" && mkdir -p "$(WORK)/bench"
	$(PYTHON) -m venv "$(BENCH_KIWI_VENV)"
	@if ! "$(BENCH_KIWI_VENV)/bin/pip" download --quiet --no-deps --dest "$(WORK)/bench/pypi-probe" kiwisolver; then \
	  echo "bench-python: PyPI cannot be reached (kiwisolver, matplotlib and the package's build needs come from it): skipped" >&2; \
	else \
	  env BRACE_SCRATCH="$(abspath $(SCRATCH))" "$(BENCH_KIWI_VENV)/bin/pip" install --quiet ./bindings/python kiwisolver matplotlib && \
	  "$(BENCH_KIWI_VENV)/bin/python" Tests/bench/kiwi_bench.py $(BENCH_KIWI_FLAGS); \
	fi

# A C program against the installed library, as a user's program is built
# (Tests/bench/animation_bench.c; options: make bench-animation ANIMATION_BENCH_FLAGS="--reps 5").
ANIMATION_BENCH_FLAGS ?=
## animated layout changes: sampling, a change inside a transaction against outside, memory, ticks
bench-animation: $(INSTALLED)
	@mkdir -p "$(WORK)/bench"
	$(CC) -std=c11 -O2 -Wall -Wextra -Werror $(BRACE_CFLAGS) -o "$(WORK)/bench/animation_bench" \
	  Tests/bench/animation_bench.c $(BRACE_LIBS)
	"$(WORK)/bench/animation_bench" $(ANIMATION_BENCH_FLAGS)

# The `stack` strategy against Yoga and Clay (Tests/bench/stack-bench.sh): Yoga is downloaded (the
# poga sdist, via pip) and built with g++ into $(SCRATCH)/yoga on first use, never committed;
# Clay's program is built with -O2 against the single header CLAY_H names (no registry ships
# it: make bench-stack CLAY_H=/path/to/clay.h; without it, or when the file is absent, Clay is
# skipped with a note; it is never copied into the repository).
# Extra options for all programs: make bench-stack STACK_BENCH_FLAGS=--quick
STACK_BENCH_FLAGS ?=
CLAY_H ?=
## the stack strategy against Yoga and Clay on the same scene
bench-stack: release
	SCRATCH="$(SCRATCH)" CLAY_H="$(CLAY_H)" CC="$(CC)" Tests/bench/stack-bench.sh $(STACK_BENCH_FLAGS)

## remove the staged install and what the Makefile built in the scratch folder
clean-stage:
	rm -rf "$(WORK)" "$(CURDIR)/.build-stage"

# The fuzzer and sanitizer targets (mk/fuzz.mk), the ABI baseline and plugin layout
# checks (mk/abi.mk), the install against its documents (mk/install.mk), and the terminal
# example (mk/terminal.mk).
include mk/fuzz.mk mk/abi.mk mk/scenes.mk mk/install.mk mk/terminal.mk

# Each rule with a `## what it does` line right above it, in the order of the files.
## list the targets and what each does
help:
	@awk '/^## / { doc = substr($$0, 4); next } \
	  doc != "" && /^[a-z][a-z0-9-]*:/ { name = $$0; sub(/:.*/, "", name); printf "  %-20s %s\n", name, doc } \
	  { doc = "" }' $(MAKEFILE_LIST)
