/*
 * simplex_abi15.c — the built-in "simplex" solver as a solver built against plugin ABI
 * 1.5 presents itself: its descriptor copied and cut before the 1.6 add_weighted hook
 * (struct_size 264, minor 5), named "simplex_abi15". The host must then add a weighted
 * row with add and set_weight, to the same results (test_add_weighted.c).
 *
 * With SIMPLEX_ABI_MINOR 3 (simplex_abi13.c) it is cut before the 1.4 weight hooks
 * (struct_size 248, minor 3), named "simplex_abi13": a solver without weights, which
 * the host must refuse a weight other than 1 for.
 *
 * The simplex plugin is found where libbrace looks for its built-in plugins: brace/
 * beside the loaded libbrace.so, or its own directory.
 */
#define _GNU_SOURCE
#include <brace/brace_plugin.h>

#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#ifndef SIMPLEX_ABI_MINOR
#define SIMPLEX_ABI_MINOR 5
#define SIMPLEX_NAME "simplex_abi15"
#define SIMPLEX_CUT offsetof(brace_strategy_desc, add_weighted)
#endif

static brace_strategy_desc desc;

static brace_plugin_entry_fn simplex_entry(void) {
  Dl_info info;
  brace_plugin_entry_fn entry = NULL;
  if (!dladdr((void *)(uintptr_t)brace_version, &info) || !info.dli_fname) return NULL;
  const char *slash = strrchr(info.dli_fname, '/');
  int dir = slash ? (int)(slash - info.dli_fname) : 1;
  const char *base = slash ? info.dli_fname : ".";
  static const char *const places[] = {"%.*s/brace/libbrace_simplex.so", "%.*s/libbrace_simplex.so"};
  for (size_t k = 0; k < sizeof places / sizeof places[0] && !entry; k++) {
    char path[4096];
    snprintf(path, sizeof path, places[k], dir, base);
    void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    void *sym = lib ? dlsym(lib, BRACE_PLUGIN_ENTRY_NAME) : NULL;
    /* (An object pointer to a function pointer: ISO C has no cast for it.) */
    if (sym) memcpy(&entry, &sym, sizeof entry);
  }
  return entry;
}

BRACE_PLUGIN_DEFINE_ENTRY(host) {
  if (desc.struct_size) return &desc;
  brace_plugin_entry_fn entry = simplex_entry();
  const brace_strategy_desc *simplex = entry ? entry(host) : NULL;
  if (!simplex || simplex->struct_size < SIMPLEX_CUT) return NULL;
  memcpy(&desc, simplex, SIMPLEX_CUT);
  desc.struct_size = (uint32_t)SIMPLEX_CUT;
  desc.abi_minor = SIMPLEX_ABI_MINOR;
  desc.name = SIMPLEX_NAME;
  return &desc;
}
