/*
 * include_all.c — `make test-headers` compiles this translation unit as C11 with gcc
 * and clang and as C++11/C++17 with g++ and clang++, with -Wall -Wextra -Werror
 * -pedantic: the public headers must be clean for every C and C++ user.
 */
#include <brace/brace.h>
#include <brace/brace_plugin.h>
/* Include guards: a second inclusion is harmless. */
#include <brace/brace.h>
#include <brace/brace_plugin.h>

/* Use a few declarations so that the compiler checks them, not only parses them. */
int brace_headers_check(void);
int brace_headers_check(void) {
  brace_context_options options;
  brace_node_callbacks callbacks;
  brace_status (*create)(const brace_context_options *, brace_context **) = brace_context_create;
  brace_plugin_entry_fn entry = 0;
  brace_context_options_init(&options);
  callbacks.struct_size = (uint32_t)sizeof callbacks;
  (void)entry;
  return (int)options.struct_size + (int)callbacks.struct_size + (create != 0) +
         (int)BRACE_VERSION_NUMBER + BRACE_PLUGIN_ABI_MAJOR;
}
