# mk/install.mk — what the install offers builders outside the repository is what the
# documents say. Included by the Makefile; uses its variables (CC, WORK, CHECK,
# INSTALLED, PREFIX, VERSION, VALGRIND, VALGRIND_FLAGS). The scripts are in Tests/install.

INSTALL_WORK = $(WORK)/install-check

.PHONY: test-install

## README's build line of the example plugin, as written, makes a plugin that loads and lays out
test-install: $(INSTALLED)
	@mkdir -p "$(INSTALL_WORK)"
	@$(CHECK) "install: README.md's build line of flow.c, as written, makes a plugin that loads and lays out" \
	  env CC="$(CC)" VALGRIND="$(VALGRIND) $(VALGRIND_FLAGS)" \
	  Tests/install/readme-plugin.sh "$(CURDIR)" "$(PREFIX)" "$(INSTALL_WORK)"
