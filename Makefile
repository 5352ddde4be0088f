# Brace — build, stage-install, test, demo and benchmark.
#
#   make demo            build, install into the stage, build and run examples/demo.c
#   make test            every test, in order, stopping at the first failure (TEST_STEPS):
#                        swift test, install, the ABI (exports, sizes, abidiff baseline,
#                        plugin layouts), headers, C tests (plain, valgrind, sanitizers),
#                        a short fuzz pass, Python
#   make fuzz            the API fuzzer for FUZZ_SECONDS (mk/fuzz.mk, Tests/fuzz/)
#   make abi-baseline    record a deliberate ABI addition (mk/abi.mk, docs/abi.md)
#   make scenes          draw examples/scenes/*.svg again with the `brace` command
#                        (mk/scenes.mk; `make scenes-check` fails when they are stale)
#   make bench           the core benchmark (release build)
#   make bench-stack     the stack strategy against Yoga on the same scene (builds Yoga
#                        from PyPI's poga sdist into the scratch folder)
#   make install         libbrace + plugins (Embedded Swift builds, mk/embedded.sh) + headers
#                        + brace.pc into $(PREFIX)
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

.PHONY: release embedded install plugins demo test test-swift test-abi test-size test-headers test-c test-python bench bench-stack clean-stage summary

# ------------------------------------------------------------------------------ build

release:
	$(SWIFT) build -c release --scratch-path $(SCRATCH) $(SWIFT_BUILD_FLAGS)

# What is installed: libbrace and the built-in plugins built with Embedded Swift
# (mk/embedded.sh): about 1.5 MB in all and no Swift runtime, where SwiftPM's builds are
# 9-11 MB each, every one with its own static runtime. SwiftPM's builds stay what
# `swift test` and the benchmark programs use.
EMBEDDED := $(abspath $(SCRATCH))/embedded
EMBEDDED_CORE := $(EMBEDDED)/libbrace.so
EMBEDDED_PLUGINS := $(EMBEDDED)/libbrace_autoresizing.so $(EMBEDDED)/libbrace_stack.so $(EMBEDDED)/libbrace_simplex.so
EMBEDDED_DEPS := $(wildcard include/brace/*.h include/module.modulemap) mk/embedded.sh
$(EMBEDDED_CORE): $(wildcard Sources/Brace/*/*.swift Sources/Brace/exports.map Sources/CBraceLibc/*) $(EMBEDDED_DEPS)
	mk/embedded.sh "$(EMBEDDED)" core
$(EMBEDDED)/libbrace_autoresizing.so: $(wildcard Sources/BraceAutoresizing/*) $(EMBEDDED_DEPS)
	mk/embedded.sh "$(EMBEDDED)" autoresizing
$(EMBEDDED)/libbrace_stack.so: $(wildcard Sources/BraceStack/*) $(EMBEDDED_DEPS)
	mk/embedded.sh "$(EMBEDDED)" stack
$(EMBEDDED)/libbrace_simplex.so: $(wildcard Sources/BraceSimplex/* Sources/BraceSimplexSolver/*) $(EMBEDDED_DEPS)
	mk/embedded.sh "$(EMBEDDED)" simplex
embedded: $(EMBEDDED_CORE) $(EMBEDDED_PLUGINS)

# ------------------------------------------------------------------------------ install

install: embedded
	@test -n "$(VERSION_MAJOR)" -a -n "$(VERSION_MINOR)" -a -n "$(VERSION_PATCH)" || \
	  { echo "cannot read BRACE_VERSION_* from include/brace/types.h" >&2; exit 1; }
	install -d "$(INSTALL_LIB)/pkgconfig" "$(INSTALL_INC)/brace"
	install -m 0755 "$(EMBEDDED_CORE)" "$(INSTALL_LIB)/libbrace.so.$(VERSION)"
	ln -sfn "libbrace.so.$(VERSION)" "$(INSTALL_LIB)/libbrace.so.$(VERSION_MAJOR)"
	ln -sfn "libbrace.so.$(VERSION_MAJOR)" "$(INSTALL_LIB)/libbrace.so"
	@# The built-in strategies go into lib/brace/, where libbrace looks for them first
	@# (strategy.h); copies left beside libbrace by an older install are removed.
	install -d "$(INSTALL_LIB)/brace"
	rm -f "$(INSTALL_LIB)"/libbrace_*.so
	install -m 0755 $(EMBEDDED_PLUGINS) "$(INSTALL_LIB)/brace/"
	install -m 0644 include/brace/*.h "$(INSTALL_INC)/brace/"
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' \
	  bindings/c/brace.pc.in > "$(INSTALL_LIB)/pkgconfig/brace.pc"
	@echo "installed Brace $(VERSION) into $(DESTDIR)$(PREFIX)"

# ------------------------------------------------------------------------------ plugins

# The example plugins (examples/plugins/*.c), built as a user would build theirs: the
# system C compiler, the installed header, no library linked but libm. They land in
# $(PLUGIN_DIR) as libbrace_NAME.so, which the demo and the C tests put on
# BRACE_PLUGIN_PATH.
PLUGIN_DIR := $(WORK)/plugins
EXAMPLE_PLUGINS := $(sort $(wildcard examples/plugins/*.c))
# Plugins of the C tests (Tests/c/plugins/*.c) land there too; they may call the public
# functions, so they link libbrace.
C_TEST_PLUGINS := $(sort $(wildcard Tests/c/plugins/*.c))

plugins: install
	@mkdir -p "$(PLUGIN_DIR)"
	@for src in $(EXAMPLE_PLUGINS); do \
	  name=$$(basename "$$src" .c); \
	  echo "$(CC) -shared -o $(PLUGIN_DIR)/libbrace_$$name.so $$src"; \
	  $(CC) $(C_STRICT) -O2 -shared -fPIC -fvisibility=hidden $(BRACE_CFLAGS) \
	    -o "$(PLUGIN_DIR)/libbrace_$$name.so" "$$src" -lm || exit 1; \
	done
	@for src in $(C_TEST_PLUGINS); do \
	  name=$$(basename "$$src" .c); \
	  echo "$(CC) -shared -o $(PLUGIN_DIR)/libbrace_$$name.so $$src (links libbrace)"; \
	  $(CC) $(C_STRICT) -g -shared -fPIC -fvisibility=hidden $(BRACE_CFLAGS) \
	    -o "$(PLUGIN_DIR)/libbrace_$$name.so" "$$src" $(BRACE_LIBS) || exit 1; \
	done

# ------------------------------------------------------------------------------ demo

demo: plugins
	@mkdir -p "$(WORK)"
	$(CC) $(C_STRICT) $(BRACE_CFLAGS) -o "$(WORK)/demo" examples/demo.c $(BRACE_LIBS)
	BRACE_PLUGIN_PATH="$(PLUGIN_DIR)" "$(WORK)/demo"

# ------------------------------------------------------------------------------ tests

# The steps of `make test`, in order. Each is a separate make run so that they stay
# sequential under -j; the first failure stops the rest. The summary counts the checks.
TEST_STEPS := test-swift install plugins test-abi test-size test-abi-baseline test-plugin-abi test-headers \
  test-c test-c-sanitize test-fuzz test-python

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

summary:
	@passed=$$(grep -c '^PASS' "$(RESULTS)" 2>/dev/null); failed=$$(grep -c '^FAIL' "$(RESULTS)" 2>/dev/null); \
	echo; echo "$${passed:-0} passed, $${failed:-0} failed"

test-swift:
	@mkdir -p "$(WORK)"
	@$(CHECK) "swift test" $(SWIFT) test --scratch-path $(SCRATCH) $(SWIFT_TEST_FLAGS)

# The installed library exports exactly the header's functions, has its SONAME, and
# needs no Swift runtime (Tests/abi/check-exports.sh).
test-abi:
	@mkdir -p "$(WORK)"
	@$(CHECK) "abi: exports == header declarations, SONAME, no libswift" \
	  Tests/abi/check-exports.sh "$(INSTALL_LIB)/libbrace.so.$(VERSION)" include $(GCC)

# The public headers compile as C11 (gcc, clang) and C++11/C++17 (g++, clang++) with
# every warning as an error; each header also compiles on its own.
HEADER_TU := Tests/headers/include_all.c
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

# Every Tests/c/test_*.c, built against the INSTALLED header and library through
# pkg-config, run normally and then under valgrind.
test-c:
	@mkdir -p "$(WORK)/c"
	@$(PKG_ENV) $(PKG_CONFIG) --exists brace || \
	  { echo "brace.pc not found in $(PREFIX)/lib/pkgconfig: run make install first" >&2; exit 1; }
	@for src in $(C_TESTS); do \
	  name=$$(basename "$$src" .c); exe="$(WORK)/c/$$name"; \
	  $(CHECK) "c: build $$name (installed header + library via pkg-config)" \
	    $(CC) $(C_STRICT) -g -pthread $(BRACE_CFLAGS) -o "$$exe" "$$src" $(BRACE_LIBS) -lm || exit 1; \
	  $(CHECK) "c: $$name links the installed libbrace" \
	    sh -c 'ldd "$$1" | grep -F "$$2/libbrace.so.$(VERSION_MAJOR)" >/dev/null' ldd-check "$$exe" "$(PREFIX)/lib" || exit 1; \
	  $(CHECK) "c: run $$name" env BRACE_PLUGIN_PATH="$(PLUGIN_DIR)" "$$exe" || exit 1; \
	  $(CHECK) "c: valgrind $$name" env BRACE_PLUGIN_PATH="$(PLUGIN_DIR)" $(VALGRIND) $(VALGRIND_FLAGS) "$$exe" || exit 1; \
	done

# The Python bindings (bindings/python): installed with pip into a fresh virtual
# environment (pip's build runs `swift build -c release` and bundles the libraries), then
# their pytest suite.
PYTHON ?= python3
VENV := $(WORK)/venv
test-python:
	@rm -rf "$(VENV)" && mkdir -p "$(WORK)"
	@$(CHECK) "python: a fresh venv" $(PYTHON) -m venv "$(VENV)"
	@$(CHECK) "python: pip install ./bindings/python[test]" \
	  env BRACE_SCRATCH="$(abspath $(SCRATCH))" "$(VENV)/bin/pip" install --quiet "./bindings/python[test]"
	@$(CHECK) "python: pytest bindings/python/tests" \
	  "$(VENV)/bin/python" -m pytest -q -p no:cacheprovider bindings/python/tests
	@rm -rf "$(WORK)/wheel" "$(WORK)/venv-wheel"
	@$(CHECK) "python: pip wheel ./bindings/python (tagged for the platform)" \
	  sh -c 'env BRACE_SCRATCH="$$1" "$$2/bin/pip" wheel --quiet --no-deps -w "$$3" ./bindings/python && ls "$$3" | grep -q "^brace-.*-py3-none-linux_[a-z0-9_]*\.whl$$"' \
	  wheel "$(abspath $(SCRATCH))" "$(VENV)" "$(WORK)/wheel"
	@$(CHECK) "python: the wheel works in a fresh venv with no Swift toolchain in reach" \
	  sh -c '$(PYTHON) -m venv "$$1" && "$$1/bin/pip" install --quiet "$$2"/brace-*.whl && \
	    env -i HOME="$$HOME" PATH=/usr/bin:/bin "$$1/bin/python" -c "import brace, brace._native as n; c = n.ffi.new(\"brace_context **\"); n.check(None, n.lib.brace_context_create(n.ffi.NULL, c)); n.lib.brace_context_destroy(c[0]); print(\"wheel ok:\", brace.LIBRARY_PATH)"' \
	  wheel-venv "$(WORK)/venv-wheel" "$(WORK)/wheel"

# What is installed stays small: each installed file (libbrace and every built-in plugin,
# stripped) within the limit in Tests/abi/size-limits (bytes); a file that grows past it
# fails. Raise a limit deliberately, in the same change as the growth.
test-size:
	@$(CHECK) "size: the installed libbrace and plugins within Tests/abi/size-limits" \
	  Tests/abi/check-sizes.sh "$(INSTALL_LIB)" Tests/abi/size-limits

# ------------------------------------------------------------------------------ benchmark

# The core through its C ABI (brace-bench, SwiftPM release build), then what a program
# linking the installed library pays: first use (context + every built-in plugin) and heap
# bytes per view and per constraint, next to kiwi's for the same constraints
# (Tests/bench/install-bench.sh; kiwi's C++ source comes from PyPI's kiwisolver sdist).
bench: release install
	"$(BIN)/brace-bench"
	$(PKG_ENV) CC="$(CC)" CXX="$(GXX)" PYTHON="$(PYTHON)" Tests/bench/install-bench.sh "$(WORK)/bench"

# The `stack` strategy against Yoga (Tests/bench/stack-bench.sh): Yoga is downloaded (the
# poga sdist, via pip) and built with g++ into $(SCRATCH)/yoga on first use, never committed.
# Extra options for both programs: make bench-stack STACK_BENCH_FLAGS=--quick
STACK_BENCH_FLAGS ?=
bench-stack: release
	SCRATCH="$(SCRATCH)" Tests/bench/stack-bench.sh $(STACK_BENCH_FLAGS)

clean-stage:
	rm -rf "$(WORK)" "$(CURDIR)/.build-stage"

# The fuzzer and sanitizer targets (mk/fuzz.mk) and the ABI baseline and plugin layout
# checks (mk/abi.mk).
include mk/fuzz.mk mk/abi.mk mk/scenes.mk
