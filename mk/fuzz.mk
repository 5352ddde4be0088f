# mk/fuzz.mk — fuzzing the C ABI and the C tests under sanitizers (issue 10: "no input
# crashes it"). Included by the Makefile; uses its variables: CLANG, WORK, RESULTS, CHECK,
# PREFIX, INSTALLED, EXAMPLE_PLUGINS, C_TEST_PLUGINS, BUILTIN_PLUGINS, PKG_ENV, PKG_CONFIG,
# BRACE_CFLAGS, BRACE_LIBS, PLUGIN_DIR, C_STRICT, C_TESTS, VERSION_MAJOR.
#
# The targets build against the installed header and library (pkg-config brace, from
# $(PREFIX)), which they stage first, and put $(PLUGIN_DIR) (the example plugins, "flow")
# on BRACE_PLUGIN_PATH, as test-c does.
#
# `make fuzz` starts from the committed corpus Tests/fuzz/corpus; new inputs go to the
# scratch corpus $(WORK)/fuzz/corpus, crashes to $(WORK)/fuzz/artifacts/. Only
# `make fuzz-merge` writes the committed corpus. `make fuzz-deep` fuzzes a copy of libbrace
# and its plugins built from the working tree with AddressSanitizer and libFuzzer's
# coverage (swift build -c release into its own scratch path $(WORK)/fuzz/swift, about 2
# minutes the first time): the fuzzer then sees the engine's branches, not only the
# harness's, and ASan checks the Swift code's own memory accesses; the installed library
# is not used or changed.
#
# Reproducing a crash: $(WORK)/fuzz/fuzz_api CRASH-FILE, with BRACE_PLUGIN_PATH set as below
# (or `make fuzz-run FUZZ_INPUT=CRASH-FILE`).

FUZZ_SECONDS ?= 300
# Runs of test-fuzz: with -seed=1 the same inputs every time, about 60 s on this 2-core
# machine. FUZZ_TEST_MAX_SECONDS caps it on a slower one.
FUZZ_TEST_RUNS ?= 45000
FUZZ_TEST_MAX_SECONDS ?= 120
# Extra libFuzzer flags for `make fuzz`, e.g. FUZZ_FLAGS=-only_ascii=1.
FUZZ_FLAGS ?=

FUZZ_SRC := Tests/fuzz/fuzz_api.c
FUZZ_CORPUS := Tests/fuzz/corpus
FUZZ_LSAN_SUPP := $(CURDIR)/Tests/fuzz/lsan.supp
FUZZ_DIR = $(WORK)/fuzz
FUZZ_BIN = $(FUZZ_DIR)/fuzz_api

# lld when the compiler has it: gold prints a warning for each of ASan's local symbols.
FUZZ_LD = $(if $(wildcard $(shell $(CLANG) -print-prog-name=ld.lld 2>/dev/null)),-fuse-ld=lld)
FUZZ_SANITIZE := -g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined

# The environment every sanitized program here runs in. LeakSanitizer reports leaks
# (detect_leaks=1); lsan.supp lists the only allocations it may ignore (none are the
# harness's or a test's own: see the file).
SANITIZER_ENV = env BRACE_PLUGIN_PATH="$(PLUGIN_DIR)" \
  ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:abort_on_error=0:allocator_may_return_null=0 \
  LSAN_OPTIONS=suppressions=$(FUZZ_LSAN_SUPP):print_suppressions=0 \
  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1

# libFuzzer's common flags: a 10 s timeout per input is a hang; inputs up to 4 KiB.
FUZZ_RUN_FLAGS = -timeout=10 -max_len=4096 -rss_limit_mb=4096 -print_final_stats=1 \
  -artifact_prefix="$(FUZZ_DIR)/artifacts/"

.PHONY: fuzz fuzz-build fuzz-deep fuzz-merge fuzz-run fuzz-corpus test-fuzz test-c-sanitize

$(FUZZ_BIN): $(FUZZ_SRC) $(INSTALLED) $(EXAMPLE_PLUGINS)
	@mkdir -p "$(FUZZ_DIR)/artifacts"
	$(CLANG) $(C_STRICT) $(FUZZ_SANITIZE) -fsanitize=fuzzer $(FUZZ_LD) $(BRACE_CFLAGS) \
	  -DFUZZ_LIBDIR='"$(PREFIX)/lib"' -o "$@" $(FUZZ_SRC) $(BRACE_LIBS) -lm

## build the API fuzzer Tests/fuzz/fuzz_api.c (libFuzzer, ASan, UBSan) against the installed library
fuzz-build: $(FUZZ_BIN)

## fuzz the C ABI for FUZZ_SECONDS (default 300) from the committed corpus
fuzz: $(FUZZ_BIN)
	@mkdir -p "$(FUZZ_DIR)/corpus" "$(FUZZ_DIR)/artifacts"
	$(SANITIZER_ENV) "$(FUZZ_BIN)" $(FUZZ_RUN_FLAGS) -max_total_time=$(FUZZ_SECONDS) $(FUZZ_FLAGS) \
	  "$(FUZZ_DIR)/corpus" $(FUZZ_CORPUS)

# The instrumented copy: SwiftPM's release products built with -sanitize=address and
# inline 8-bit coverage counters (the ASan runtime and the counters' registry come from the
# fuzzer executable). Staged as an install would be: libbrace.so.0 with the plugins beside
# it and in brace/, wherever this version of the loader looks.
FUZZ_SWIFT_SCRATCH = $(FUZZ_DIR)/swift
FUZZ_DEEP_LIB = $(FUZZ_DIR)/deep-lib
FUZZ_SWIFT_FLAGS := -Xswiftc -sanitize=address \
  -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table
## as fuzz, against libbrace and its plugins built with ASan and coverage (SwiftPM)
fuzz-deep:
	@mkdir -p "$(FUZZ_DIR)/deep-corpus" "$(FUZZ_DIR)/artifacts" "$(FUZZ_DEEP_LIB)/brace"
	@for p in brace $(BUILTIN_PLUGINS); do \
	  echo "$(SWIFT) build -c release --product $$p (ASan, coverage)"; \
	  $(SWIFT) build -c release --scratch-path "$(FUZZ_SWIFT_SCRATCH)" $(FUZZ_SWIFT_FLAGS) \
	    --product $$p || exit 1; \
	done
	@rel="$(FUZZ_SWIFT_SCRATCH)/release"; \
	ln -sfn "$$rel/libbrace.so" "$(FUZZ_DEEP_LIB)/libbrace.so.$(VERSION_MAJOR)"; \
	ln -sfn "libbrace.so.$(VERSION_MAJOR)" "$(FUZZ_DEEP_LIB)/libbrace.so"; \
	for p in $(BUILTIN_PLUGINS); do \
	  ln -sfn "$$rel/lib$$p.so" "$(FUZZ_DEEP_LIB)/lib$$p.so"; \
	  ln -sfn "$$rel/lib$$p.so" "$(FUZZ_DEEP_LIB)/brace/lib$$p.so"; \
	done
	$(CLANG) $(C_STRICT) $(FUZZ_SANITIZE) -fsanitize=fuzzer $(FUZZ_LD) -Iinclude \
	  -DFUZZ_LIBDIR='"$(FUZZ_DEEP_LIB)"' -o "$(FUZZ_DIR)/fuzz_api_deep" $(FUZZ_SRC) \
	  -L"$(FUZZ_DEEP_LIB)" -lbrace -Wl,-rpath,"$(FUZZ_DEEP_LIB)" -lm
	$(SANITIZER_ENV) "$(FUZZ_DIR)/fuzz_api_deep" $(FUZZ_RUN_FLAGS) -max_total_time=$(FUZZ_SECONDS) \
	  $(FUZZ_FLAGS) "$(FUZZ_DIR)/deep-corpus" $(FUZZ_CORPUS)

## add to Tests/fuzz/corpus the scratch inputs that reach something new (libFuzzer -merge=1)
fuzz-merge: $(FUZZ_BIN)
	$(SANITIZER_ENV) "$(FUZZ_BIN)" $(FUZZ_RUN_FLAGS) -merge=1 $(FUZZ_CORPUS) "$(FUZZ_DIR)/corpus"

## run the fuzzer on one input (a crash file, a corpus entry): make fuzz-run FUZZ_INPUT=FILE
fuzz-run: $(FUZZ_BIN)
	$(SANITIZER_ENV) "$(FUZZ_BIN)" $(FUZZ_RUN_FLAGS) -runs=1 "$(FUZZ_INPUT)"

## regenerate the hand-made seeds of Tests/fuzz/corpus (Tests/fuzz/gen_corpus.py)
fuzz-corpus:
	python3 Tests/fuzz/gen_corpus.py $(FUZZ_CORPUS)

# A fresh scratch corpus each time, so the pass is the same for the same seed and runs;
# the committed corpus is read, never written. The build is one of its checks.
## a short fixed-seed fuzz pass (FUZZ_TEST_RUNS runs): no crash, hang, leak or sanitizer report
test-fuzz: $(INSTALLED) $(EXAMPLE_PLUGINS)
	@mkdir -p "$(FUZZ_DIR)"
	@$(CHECK) "fuzz: build $(FUZZ_SRC) (libFuzzer, ASan, UBSan; installed library)" \
	  $(CLANG) $(C_STRICT) $(FUZZ_SANITIZE) -fsanitize=fuzzer $(FUZZ_LD) $(BRACE_CFLAGS) \
	    -DFUZZ_LIBDIR='"$(PREFIX)/lib"' -o "$(FUZZ_BIN)" $(FUZZ_SRC) $(BRACE_LIBS) -lm
	@rm -rf "$(FUZZ_DIR)/test-corpus" && mkdir -p "$(FUZZ_DIR)/test-corpus" "$(FUZZ_DIR)/artifacts"
	@# The run's output (libFuzzer's progress, and the diagnostics the engine prints for
	@# contexts without a callback) goes to a log, shown when the pass fails.
	@$(CHECK) "fuzz: $(FUZZ_TEST_RUNS) runs from $(FUZZ_CORPUS), -seed=1: no crash, hang, leak or sanitizer report" \
	  sh -c '"$$@" >"$(FUZZ_DIR)/test-fuzz.log" 2>&1 || { tail -n 80 "$(FUZZ_DIR)/test-fuzz.log"; exit 1; }; \
	    grep -E "^Done|number_of_executed_units|DONE" "$(FUZZ_DIR)/test-fuzz.log" | tail -n 2' test-fuzz \
	  $(SANITIZER_ENV) "$(FUZZ_BIN)" $(FUZZ_RUN_FLAGS) -seed=1 -runs=$(FUZZ_TEST_RUNS) \
	  -max_total_time=$(FUZZ_TEST_MAX_SECONDS) "$(FUZZ_DIR)/test-corpus" $(FUZZ_CORPUS)

# As test-c, with the sanitizers instead of valgrind (the two do not mix).
## every Tests/c/test_*.c built with -fsanitize=address,undefined and run; any report fails
test-c-sanitize: $(INSTALLED) $(EXAMPLE_PLUGINS) $(C_TEST_PLUGINS)
	@mkdir -p "$(WORK)/c-sanitize"
	@for src in $(C_TESTS); do \
	  name=$$(basename "$$src" .c); exe="$(WORK)/c-sanitize/$$name"; \
	  $(CHECK) "c-sanitize: build $$name (-fsanitize=address,undefined)" \
	    $(CLANG) $(C_STRICT) $(FUZZ_SANITIZE) $(FUZZ_LD) -pthread $(BRACE_CFLAGS) -o "$$exe" "$$src" $(BRACE_LIBS) -lm || exit 1; \
	  $(CHECK) "c-sanitize: run $$name (ASan, UBSan, LeakSanitizer)" \
	    $(SANITIZER_ENV) "$$exe" || exit 1; \
	done
