# mk/scenes.mk — the committed pictures of the example scenes (examples/scenes/*.svg),
# drawn by the `brace` command (docs/cli.md), animations of their states included. Included by the Makefile, after it defines
# PYTHON, SCRATCH, WORK, VENV and the Embedded libraries (EMBEDDED_CORE, EMBEDDED_PLUGINS).
#
# Both use $(VENV)/bin/brace. When it is missing, or older than the Python sources or the
# libraries, the package is (re)installed into $(VENV) from ./bindings/python with the
# Embedded libraries the Makefile builds (the same venv `make test-python` makes).

ifeq ($(VENV),)
$(error mk/scenes.mk: include it after the Makefile defines VENV)
endif

# The pictures: SCENES_<file under examples/scenes> := <brace arguments, without -o>.
# bindings/python/tests/test_cli.py reads these lines and runs the same commands to check
# that the committed files are current, so keep each one on a single line in this form,
# and list the file in SCENES_PICTURES.
SCENES_login.svg := render examples/scenes/login.json --constraints
SCENES_settings.svg := render examples/scenes/settings.json
SCENES_toolbar.svg := render examples/scenes/toolbar.json
SCENES_toolbar-sweep.svg := sweep examples/scenes/toolbar.json --width 200:600:100 --height 320 --panel-height 200
SCENES_editbar.svg := render examples/scenes/editbar.json
SCENES_editbar-compact.svg := animate examples/scenes/editbar.json --to compact --duration 0.35
SCENES_compose.svg := render examples/scenes/compose.json --constraints
SCENES_compose-expanded.svg := animate examples/scenes/compose.json --to expanded --spring 0.7 --duration 0.5
SCENES_compose-expanded-strip.svg := animate examples/scenes/compose.json --to expanded --spring 0.7 --duration 0.5 --frames 6 --panel-height 200
SCENES_PICTURES := login.svg settings.svg toolbar.svg toolbar-sweep.svg editbar.svg editbar-compact.svg compose.svg compose-expanded.svg compose-expanded-strip.svg

SCENES_DIR := examples/scenes
SCENES_BRACE := $(VENV)/bin/brace
SCENES_CHECK_DIR := $(WORK)/scenes-check

# What the installed command is made of: a change to any of these reinstalls it.
SCENES_INSTALL_DEPS := $(wildcard bindings/python/brace/*.py bindings/python/brace/*.c bindings/python/brace/tools/*.py bindings/python/brace/*.json) \
  bindings/python/pyproject.toml bindings/python/setup.py examples/plugins/flow.c \
  $(wildcard include/brace/*.h) $(EMBEDDED_CORE) $(EMBEDDED_PLUGINS)

$(SCENES_BRACE): $(SCENES_INSTALL_DEPS)
	@mkdir -p "$(WORK)"
	@test -x "$(VENV)/bin/pip" || $(PYTHON) -m venv "$(VENV)"
	env BRACE_SCRATCH="$(abspath $(SCRATCH))" BRACE_SKIP_SWIFT_BUILD=1 "$(VENV)/bin/pip" install --quiet ./bindings/python
	@touch "$@"

# One command line per picture: $(1) the file name, $(2) the folder it goes to.
define scenes_draw
$(SCENES_BRACE) $(SCENES_$(1)) -o "$(2)/$(1)"

endef

.PHONY: scenes scenes-check

## draw examples/scenes/*.svg again with the `brace` command
scenes: $(SCENES_BRACE)
	$(foreach p,$(SCENES_PICTURES),$(call scenes_draw,$(p),$(SCENES_DIR)))

## draw the pictures into the scratch folder; fail if a committed one is stale
scenes-check: $(SCENES_BRACE)
	@rm -rf "$(SCENES_CHECK_DIR)" && mkdir -p "$(SCENES_CHECK_DIR)"
	$(foreach p,$(SCENES_PICTURES),$(call scenes_draw,$(p),$(SCENES_CHECK_DIR)))
	@stale=; \
	for p in $(SCENES_PICTURES); do \
	  if ! cmp -s "$(SCENES_DIR)/$$p" "$(SCENES_CHECK_DIR)/$$p"; then \
	    stale="$$stale $$p"; \
	    diff -u "$(SCENES_DIR)/$$p" "$(SCENES_CHECK_DIR)/$$p" | head -n 20; \
	  fi; \
	done; \
	if [ -n "$$stale" ]; then \
	  echo "stale pictures in $(SCENES_DIR):$$stale (run make scenes and commit them)" >&2; exit 1; \
	fi; \
	echo "the pictures in $(SCENES_DIR) are current"
