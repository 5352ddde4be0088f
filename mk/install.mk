# mk/install.mk — what the install offers builders outside the repository is what the
# documents say. Included by the Makefile; uses its variables (CC, WORK, CHECK,
# INSTALLED, PREFIX, VERSION, VALGRIND, VALGRIND_FLAGS). The scripts are in Tests/install.

INSTALL_WORK = $(WORK)/install-check

.PHONY: test-install

## the installed files match bindings/c/README.md; README's flow build line and docs/plugins.md's Swift plugin (Embedded, regular) build from the install and lay out
test-install: $(INSTALLED)
	@mkdir -p "$(INSTALL_WORK)"
	@$(CHECK) "install: bindings/c/README.md lists exactly what make install wrote" \
	  Tests/install/install-layout.sh "$(CURDIR)" "$(PREFIX)" "$(VERSION)"
	@$(CHECK) "install: README.md's build line of flow.c, as written, makes a plugin that loads and lays out" \
	  env CC="$(CC)" VALGRIND="$(if $(VALGRIND),$(VALGRIND) $(VALGRIND_FLAGS))" \
	  Tests/install/readme-plugin.sh "$(CURDIR)" "$(PREFIX)" "$(INSTALL_WORK)"
	@$(CHECK) "install: docs/plugins.md's Swift plugin, Embedded, from the installed files (run under valgrind)" \
	  env CC="$(CC)" VALGRIND="$(if $(VALGRIND),$(VALGRIND) $(VALGRIND_FLAGS))" \
	  Tests/install/swift-plugin.sh "$(CURDIR)" "$(PREFIX)" "$(INSTALL_WORK)" embedded
	@# (A regular build carries the Swift runtime, whose caches valgrind counts as lost.)
	@$(CHECK) "install: docs/plugins.md's Swift plugin, regular Swift, from the installed files" \
	  env CC="$(CC)" VALGRIND= \
	  Tests/install/swift-plugin.sh "$(CURDIR)" "$(PREFIX)" "$(INSTALL_WORK)" regular
