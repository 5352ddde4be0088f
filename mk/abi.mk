# mk/abi.mk — the ABI does not drift (docs/abi.md). Included by the Makefile; uses its
# variables (CC, GCC, WORK, CHECK, INSTALLED, INSTALL_LIB, INSTALL_INC, VERSION,
# BRACE_CFLAGS, BRACE_LIBS, C_STRICT, VALGRIND, VALGRIND_FLAGS). Every target here stages
# the install first (its prerequisite $(INSTALLED)).
#
# Tools: abidw and abidiff (Debian/Ubuntu package abigail-tools, which mk/deps.sh
# installs), gcc 11 or later.

ABIDW ?= abidw
ABIDIFF ?= abidiff
ABI_FORCE ?=
ABI_BASELINE := Tests/abi/libbrace.abi
ABI_LIB = $(INSTALL_LIB)/libbrace.so.$(VERSION)
# The headers installed with that library (the pair the check describes).
ABI_INC = $(if $(INSTALL_INC),$(INSTALL_INC),$(INSTALL_LIB)/../include)
ABI_WORK = $(WORK)/abi
ABI_ENV = env GCC="$(GCC)" CC="$(CC)" ABIDW="$(ABIDW)" ABIDIFF="$(ABIDIFF)"
# The frozen 1.0 plugin header includes "brace.h" like the original: it needs the
# brace/ folder of the installed headers on the include path.
ABI_BRACE_DIR_CFLAGS = $(patsubst -I%,-I%/brace,$(filter -I%,$(BRACE_CFLAGS)))

.PHONY: test-abi-baseline test-plugin-abi abi-baseline

## abidiff of the installed libbrace against Tests/abi/libbrace.abi (functions only added), and that check's self-test
test-abi-baseline: $(INSTALLED)
	@mkdir -p "$(ABI_WORK)"
	@$(CHECK) "abi: libbrace's ABI (abidiff) == Tests/abi/libbrace.abi, functions only added" \
	  $(ABI_ENV) Tests/abi/check-abi.sh "$(ABI_LIB)" "$(ABI_BASELINE)" "$(ABI_INC)"
	@$(CHECK) "abi: check-abi.sh fails on broken copies of libbrace, passes on added functions (Tests/abi/test-check-abi.sh)" \
	  sh -c '"$$@" >"$(ABI_WORK)/test-check-abi.log" 2>&1 || { cat "$(ABI_WORK)/test-check-abi.log"; exit 1; }' \
	  test-check-abi $(ABI_ENV) Tests/abi/test-check-abi.sh "$(ABI_LIB)" "$(ABI_INC)"

## the plugin ABI's layouts per minor version, and a plugin built against the frozen 1.0 header, used by this host
test-plugin-abi: $(INSTALLED)
	@mkdir -p "$(ABI_WORK)"
	@$(CHECK) "plugin abi: the frozen 1.0 header (Tests/abi/brace_plugin_1_0.h) has the pinned 1.0 layout" \
	  $(CC) $(C_STRICT) -fsyntax-only -DPLUGIN_LAYOUT_FROZEN_1_0 $(ABI_BRACE_DIR_CFLAGS) Tests/abi/plugin_layout.c
	@$(CHECK) "plugin abi: build a 1.0 plugin against the frozen 1.0 header" \
	  $(CC) $(C_STRICT) -O2 -shared -fPIC -fvisibility=hidden $(ABI_BRACE_DIR_CFLAGS) \
	  -o "$(ABI_WORK)/libbrace_row_abi_1_0.so" Tests/abi/plugin_1_0.c
	@$(CHECK) "plugin abi: build plugin_layout (installed header + library via pkg-config)" \
	  $(CC) $(C_STRICT) -g $(BRACE_CFLAGS) -o "$(ABI_WORK)/plugin_layout" Tests/abi/plugin_layout.c $(BRACE_LIBS)
	@$(CHECK) "plugin abi: layouts pinned per minor version; the 1.0 plugin loads and lays out in the current host" \
	  "$(ABI_WORK)/plugin_layout" "$(ABI_WORK)/libbrace_row_abi_1_0.so"
	@$(if $(VALGRIND),$(CHECK) "plugin abi: valgrind plugin_layout" \
	  $(VALGRIND) $(VALGRIND_FLAGS) "$(ABI_WORK)/plugin_layout" "$(ABI_WORK)/libbrace_row_abi_1_0.so",:)

# After a deliberate addition; ABI_FORCE=1 for an allowed change that is more than added
# functions (docs/abi.md).
## record the installed libbrace's ABI as Tests/abi/libbrace.abi
abi-baseline: $(INSTALLED)
	$(ABI_ENV) Tests/abi/update-baseline.sh $(if $(ABI_FORCE),--force) "$(ABI_LIB)" "$(ABI_BASELINE)" "$(ABI_INC)"
