/*
 * test_plugin_search.c — which file a context loads a strategy from, by name, as the
 * environment and the options change between contexts (strategy.h, PLUGINS): the
 * context's plugin_path option first, then BRACE_PLUGIN_PATH, read at the context's
 * creation; a file
 * found is remembered per list of directories, a search that found nothing is not. The
 * process remembers what it found and accepted for later contexts: these check that a
 * later context still finds what the rules say.
 *
 * A relative directory counts from the working directory of each load.
 *
 * The example "flow" plugin (in the first directory of BRACE_PLUGIN_PATH, as `make
 * test-c` runs it) is copied into temporary directories; which copy a context registered
 * is the path brace_context_get_strategy reports.
 */
#define _XOPEN_SOURCE 700 /* mkdtemp, realpath, setenv */
#include "check.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char flow_source[PATH_MAX];
static char dir_a[PATH_MAX], dir_b[PATH_MAX], dir_c[PATH_MAX], dir_e[PATH_MAX];
/* A file's path in one of them. */
typedef char file_path[PATH_MAX + 32];

/* `dir`/libbrace_flow.so, a copy of the example plugin. */
static int put_flow(const char *dir) {
  file_path to;
  snprintf(to, sizeof to, "%s/libbrace_flow.so", dir);
  return check_copy_file(flow_source, to);
}

static void make_dir(char *out) {
  snprintf(out, PATH_MAX, "/tmp/brace-search-XXXXXX");
  CHECK_IN(NULL, mkdtemp(out) != NULL);
}

/* A new context (plugin_path `option`, or none) with BRACE_PLUGIN_PATH `env` (NULL:
   unset) loads "flow": the status, and the directory of the file registered in `dir`
   ("" when none). */
static brace_status load_flow(const char *env, const char *option, char *dir) {
  brace_context *ctx = NULL;
  brace_context_options o;
  brace_status st;
  dir[0] = 0;
  if (env) setenv("BRACE_PLUGIN_PATH", env, 1);
  else unsetenv("BRACE_PLUGIN_PATH");
  brace_context_options_init(&o);
  o.plugin_path = option;
  OK_IN(NULL, brace_context_create(&o, &ctx));
  if (!ctx) return BRACE_E_INVALID_STATE;
  st = brace_context_load_strategy(ctx, "flow");
  if (st == BRACE_OK) {
    size_t count = 0;
    OK_IN(ctx, brace_context_get_strategy_count(ctx, &count));
    for (size_t i = 0; i < count; i++) {
      brace_strategy_info info;
      info.struct_size = sizeof info;
      OK_IN(ctx, brace_context_get_strategy(ctx, i, &info));
      if (strcmp(info.name, "flow") != 0) continue;
      snprintf(dir, PATH_MAX, "%s", info.path);
      char *slash = strrchr(dir, '/');
      if (slash) *slash = 0;
    }
  }
  OK_IN(NULL, brace_context_destroy(ctx));
  return st;
}

static void expect_dir(const char *env, const char *option, const char *want) {
  char got[PATH_MAX];
  CHECK_EQ(load_flow(env, option, got), BRACE_OK);
  if (strcmp(got, want) != 0) {
    printf("  env %s, plugin_path %s: flow from \"%s\", expected \"%s\"\n", env ? env : "(unset)",
           option ? option : "(none)", got, want);
    CHECK_IN(NULL, strcmp(got, want) == 0);
  }
}

int main(void) {
  const char *given = getenv("BRACE_PLUGIN_PATH");
  char *saved = given ? strdup(given) : NULL;
  char list[2 * PATH_MAX + 2], got[PATH_MAX];
  file_path file;
  if (!check_can_create_context("test_plugin_search")) return 2;
  /* the example plugins' directory: the first of BRACE_PLUGIN_PATH */
  snprintf(flow_source, sizeof flow_source, "%s", given ? given : ".");
  if (strchr(flow_source, ':')) *strchr(flow_source, ':') = 0;
  strncat(flow_source, "/libbrace_flow.so", sizeof flow_source - strlen(flow_source) - 1);
  if (access(flow_source, R_OK) != 0) {
    printf("test_plugin_search: no %s (run with BRACE_PLUGIN_PATH at the example plugins)\n", flow_source);
    return 2;
  }
  /* realpath: the registered path is canonical */
  {
    char made[4][PATH_MAX];
    char *dirs[4] = {dir_a, dir_b, dir_c, dir_e};
    for (int i = 0; i < 4; i++) {
      make_dir(made[i]);
      CHECK_IN(NULL, realpath(made[i], dirs[i]) != NULL);
    }
  }
  CHECK_IN(NULL, put_flow(dir_a));
  CHECK_IN(NULL, put_flow(dir_b));

  /* a change of BRACE_PLUGIN_PATH reaches the next context, and changing it back finds
     the first file again */
  expect_dir(dir_a, NULL, dir_a);
  expect_dir(dir_b, NULL, dir_b);
  expect_dir(dir_a, NULL, dir_a);
  /* the plugin_path option comes before BRACE_PLUGIN_PATH, both ways round */
  expect_dir(dir_a, dir_b, dir_b);
  expect_dir(dir_b, dir_a, dir_a);
  /* ... and after it when the option's directory has no such file */
  expect_dir(dir_a, dir_c, dir_a);

  /* read at the context's creation, not at its searches: a change after the creation
     is not seen by that context (flow from dir_a, as at its creation, though the
     environment then names dir_e, which has no flow: read at the search, the load would
     fail), not even after its first variable loaded the solver, and a context created
     after the first change sees it (flow from dir_b) */
  {
    brace_context *ctx = NULL, *later = NULL;
    brace_strategy_info info;
    brace_variable v;
    size_t count = 0;
    setenv("BRACE_PLUGIN_PATH", dir_a, 1);
    OK_IN(NULL, brace_context_create(NULL, &ctx));
    setenv("BRACE_PLUGIN_PATH", dir_b, 1);
    OK_IN(NULL, brace_context_create(NULL, &later));
    setenv("BRACE_PLUGIN_PATH", dir_e, 1);
    OK_IN(ctx, brace_variable_create(ctx, &v));
    OK_IN(ctx, brace_context_load_strategy(ctx, "flow"));
    OK_IN(ctx, brace_context_get_strategy_count(ctx, &count));
    info.struct_size = sizeof info;
    OK_IN(ctx, brace_context_get_strategy(ctx, count - 1, &info));
    snprintf(file, sizeof file, "%s/libbrace_flow.so", dir_a);
    CHECK_IN(ctx, strcmp(info.path, file) == 0);
    OK_IN(later, brace_context_load_strategy(later, "flow"));
    OK_IN(later, brace_context_get_strategy_count(later, &count));
    OK_IN(later, brace_context_get_strategy(later, count - 1, &info));
    snprintf(file, sizeof file, "%s/libbrace_flow.so", dir_b);
    CHECK_IN(later, strcmp(info.path, file) == 0);
    OK_IN(NULL, brace_context_destroy(later));
    OK_IN(NULL, brace_context_destroy(ctx));
  }

  /* a search that found nothing is not remembered: the file, once there, is found */
  CHECK_EQ(load_flow(dir_e, NULL, got), BRACE_E_NOT_FOUND);
  CHECK_IN(NULL, put_flow(dir_e));
  expect_dir(dir_e, NULL, dir_e);

  /* a file found is remembered for its list: one added later to an earlier directory of
     the same list is not seen; another list searches again */
  snprintf(list, sizeof list, "%s:%s", dir_c, dir_a);
  expect_dir(list, NULL, dir_a);
  CHECK_IN(NULL, put_flow(dir_c));
  expect_dir(list, NULL, dir_a);
  expect_dir(dir_c, NULL, dir_c);
  /* the same directories as an option: another list too */
  expect_dir(NULL, list, dir_c);

  /* unset: flow is nowhere the rules look (the library's directories have no flow) */
  CHECK_EQ(load_flow(NULL, NULL, got), BRACE_E_NOT_FOUND);

  /* a relative directory is searched from the working directory of each load: a file
     found through one is remembered for that working directory only. dir_a/p and
     dir_b/p hold a copy each, dir_c/p none (dir_c and dir_e hold one themselves) */
  {
    char here[PATH_MAX], sub[3][PATH_MAX + 8];
    char *dirs[3] = {dir_a, dir_b, dir_c};
    CHECK_IN(NULL, getcwd(here, sizeof here) != NULL);
    for (int i = 0; i < 3; i++) {
      snprintf(sub[i], sizeof sub[i], "%s/p", dirs[i]);
      CHECK_IN(NULL, mkdir(sub[i], 0700) == 0);
    }
    CHECK_IN(NULL, put_flow(sub[0]));
    CHECK_IN(NULL, put_flow(sub[1]));
    CHECK_IN(NULL, chdir(dir_a) == 0);
    expect_dir("p", NULL, sub[0]);
    expect_dir("p", NULL, sub[0]);
    CHECK_IN(NULL, chdir(dir_b) == 0);
    expect_dir("p", NULL, sub[1]);
    CHECK_IN(NULL, chdir(dir_a) == 0);
    expect_dir("p", NULL, sub[0]);
    /* the same directory as an option */
    CHECK_IN(NULL, chdir(dir_b) == 0);
    expect_dir(NULL, "p", sub[1]);
    CHECK_IN(NULL, chdir(dir_a) == 0);
    expect_dir(NULL, "p", sub[0]);
    /* a relative directory before the file's: another working directory may have it */
    snprintf(list, sizeof list, "p:%s", dir_e);
    CHECK_IN(NULL, chdir(dir_c) == 0);
    expect_dir(list, NULL, dir_e);
    CHECK_IN(NULL, chdir(dir_b) == 0);
    expect_dir(list, NULL, sub[1]);
    CHECK_IN(NULL, chdir(dir_c) == 0);
    expect_dir(list, NULL, dir_e);
    CHECK_IN(NULL, chdir(here) == 0);
    for (int i = 0; i < 3; i++) {
      snprintf(file, sizeof file, "%s/libbrace_flow.so", sub[i]);
      unlink(file);
      rmdir(sub[i]);
    }
  }

  {
    /* A strategy registered under another name (a second name of the same file: a
       symlink, which the loader knows by its canonical path) is not taken over by the
       next context under that name: it answers as a context of its own would. The
       simplex solver's file (no per-context hooks, so it can be taken over; flow has
       hooks), found through a context that loaded it. */
    char dir_f[PATH_MAX];
    file_path real = "", alias;
    unsetenv("BRACE_PLUGIN_PATH");
    {
      brace_context *c = NULL;
      brace_variable v = 0;
      size_t count = 0;
      OK_IN(NULL, brace_context_create(NULL, &c));
      OK_IN(c, brace_variable_create(c, &v)); /* loads "simplex" */
      OK_IN(c, brace_context_get_strategy_count(c, &count));
      for (size_t i = 0; i < count; i++) {
        brace_strategy_info info;
        info.struct_size = sizeof info;
        OK_IN(c, brace_context_get_strategy(c, i, &info));
        if (strcmp(info.name, "simplex") == 0) snprintf(real, sizeof real, "%s", info.path);
      }
      OK_IN(NULL, brace_context_destroy(c));
    }
    CHECK_IN(NULL, real[0] != 0);
    make_dir(dir_f);
    snprintf(alias, sizeof alias, "%s/libbrace_alias.so", dir_f);
    CHECK_IN(NULL, symlink(real, alias) == 0);
    brace_context_options o;
    brace_context_options_init(&o);
    o.plugin_path = dir_f;
    brace_context *first = NULL, *next = NULL, *own = NULL;
    OK_IN(NULL, brace_context_create(&o, &first));
    OK_IN(first, brace_context_load_plugin(first, real));
    brace_context_load_strategy(first, "alias"); /* the file is loaded already: found */
    OK_IN(NULL, brace_context_destroy(first));
    OK_IN(NULL, brace_context_create(&o, &next)); /* takes the kept parts */
    OK_IN(NULL, brace_context_create(&o, &own));  /* none left for it */
    brace_status taken = brace_context_load_strategy(next, "alias");
    brace_status fresh = brace_context_load_strategy(own, "alias");
    CHECK_EQ(fresh, BRACE_E_PLUGIN); /* the file provides "simplex", not "alias" */
    CHECK_EQ(taken, fresh);
    OK_IN(NULL, brace_context_destroy(next));
    OK_IN(NULL, brace_context_destroy(own));
    unlink(alias);
    rmdir(dir_f);
  }

  {
    char *dirs[4] = {dir_a, dir_b, dir_c, dir_e};
    for (int i = 0; i < 4; i++) {
      snprintf(file, sizeof file, "%s/libbrace_flow.so", dirs[i]);
      unlink(file);
      rmdir(dirs[i]);
    }
  }
  if (saved) setenv("BRACE_PLUGIN_PATH", saved, 1);
  free(saved);
  printf("test_plugin_search: contexts found flow where BRACE_PLUGIN_PATH and plugin_path say, "
         "as they changed between contexts\n");
  return check_summary("test_plugin_search");
}
