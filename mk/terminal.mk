# mk/terminal.mk — the toolkit example examples/terminal/terminal.c (docs/toolkit.md):
# built as a user builds a program against the installed library, run in its --once
# mode and compared with the committed screens. Included by the Makefile, after it
# defines INSTALLED, WORK, CC, C_STRICT, BRACE_CFLAGS, BRACE_LIBS, CHECK and VALGRIND.

ifeq ($(INSTALLED),)
$(error mk/terminal.mk: include it after the Makefile defines INSTALLED)
endif

TERMINAL := $(WORK)/terminal
TERMINAL_EXPECTED := examples/terminal/expected
# One screen per entry: COLSxROWS, or COLSxROWS-KEYS for the screen after those keys.
# The sizes keep every constraint satisfiable (the program fails on any diagnostic).
TERMINAL_SCREENS := 80x24 60x20 100x30 80x24-h+

$(TERMINAL): examples/terminal/terminal.c $(INSTALLED)
	@mkdir -p "$(WORK)"
	$(CC) $(C_STRICT) -g $(BRACE_CFLAGS) -o "$@" examples/terminal/terminal.c $(BRACE_LIBS)

.PHONY: terminal test-terminal terminal-screens

## build examples/terminal (a terminal UI on Brace, docs/toolkit.md); run .build/brace-make/terminal
terminal: $(TERMINAL)

## the terminal example's --once screens equal examples/terminal/expected/*.txt, valgrind-clean
test-terminal: $(TERMINAL)
	@mkdir -p "$(WORK)/terminal-screens"
	@for screen in $(TERMINAL_SCREENS); do \
	  size=$${screen%%-*}; keys=; case $$screen in *-*) keys=$${screen#*-};; esac; \
	  $(CHECK) "terminal: $$screen equals $(TERMINAL_EXPECTED)/$$screen.txt" \
	    sh -c '"$$1" --size "$$2" --once --keys "$$3" > "$$4" && diff -u "$$5" "$$4"' screen \
	    "$(TERMINAL)" "$$size" "$$keys" "$(WORK)/terminal-screens/$$screen.txt" "$(TERMINAL_EXPECTED)/$$screen.txt" || exit 1; \
	  $(CHECK) "terminal: valgrind $$screen" \
	    sh -c '"$$@" > /dev/null' valgrind $(VALGRIND) $(VALGRIND_FLAGS) "$(TERMINAL)" --size "$$size" --once --keys "$$keys" || exit 1; \
	done

## write examples/terminal/expected/*.txt again from the program (review with git diff)
terminal-screens: $(TERMINAL)
	@mkdir -p "$(TERMINAL_EXPECTED)"
	@for screen in $(TERMINAL_SCREENS); do \
	  size=$${screen%%-*}; keys=; case $$screen in *-*) keys=$${screen#*-};; esac; \
	  "$(TERMINAL)" --size "$$size" --once --keys "$$keys" > "$(TERMINAL_EXPECTED)/$$screen.txt" || exit 1; \
	  echo "wrote $(TERMINAL_EXPECTED)/$$screen.txt"; \
	done
