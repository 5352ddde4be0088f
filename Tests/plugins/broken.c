/*
 * broken.c — small broken plugins for the loader's failure tests. One source, one
 * variant per -D flag; each must be refused with a message naming the file and reason:
 *   -DNO_ENTRY      exports no entry symbol
 *   -DREFUSE        the entry returns NULL
 *   -DWRONG_MAJOR   built for another major ABI version
 *   -DNEWER_MINOR   built for a newer minor ABI version than the host's
 *   -DSHORT_DESC    descriptor smaller than the first version's
 *   -DDUPLICATE     a strategy named "frame", which the host already has
 *   -DCREATE_FAILS  context_create fails
 *   -DBAD_PROPERTY  a property whose default is outside its range
 *   -DHUGE_INT_RANGE an int property whose range an int64 cannot hold
 *   -DBAD_NAME      a strategy name with characters outside [a-z0-9_]
 * and one that loads fine but is not a container strategy:
 *   -DSOLVER_ROLE   a constraint solver named "fake_solver" (no hooks), which
 *                   brace_node_set_layout_strategy must refuse
 */
#include <brace/brace_plugin.h>

#ifndef NO_ENTRY

#ifdef CREATE_FAILS
static brace_status create_fails(brace_context *ctx, brace_strategy_id self, void **state) {
  (void)ctx; (void)self; (void)state;
  return BRACE_E_NO_MEMORY;
}
#endif

#ifdef BAD_PROPERTY
static const brace_property_desc bad_properties[] = {
    {"gap", BRACE_VALUE_DOUBLE, BRACE_SCOPE_CONTAINER, {BRACE_VALUE_DOUBLE, 0, 500.0}, 0, 100, NULL, 0, NULL},
};
#endif

#ifdef HUGE_INT_RANGE
/* An int range an int64 cannot hold (2^63 as a double): refused at load, not a crash. */
static const brace_property_desc bad_properties[] = {
    {"n", BRACE_VALUE_INT, BRACE_SCOPE_CONTAINER, {BRACE_VALUE_INT, 0, 0}, 0, 9223372036854775808.0, NULL, 0, NULL},
};
#define BAD_PROPERTY
#endif

static const brace_strategy_desc descriptor = {
#ifdef SHORT_DESC
    .struct_size = 8,
#else
    .struct_size = sizeof(brace_strategy_desc),
#endif
#ifdef WRONG_MAJOR
    .abi_major = BRACE_PLUGIN_ABI_MAJOR + 1,
#else
    .abi_major = BRACE_PLUGIN_ABI_MAJOR,
#endif
#ifdef NEWER_MINOR
    .abi_minor = BRACE_PLUGIN_ABI_MINOR + 1,
#else
    .abi_minor = BRACE_PLUGIN_ABI_MINOR,
#endif
#if defined(DUPLICATE)
    .name = "frame",
#elif defined(BAD_NAME)
    .name = "Bad Name!",
#elif defined(SOLVER_ROLE)
    .name = "fake_solver",
#else
    .name = "broken",
#endif
#ifdef SOLVER_ROLE
    .role = BRACE_ROLE_SOLVER,
#else
    .role = BRACE_ROLE_CONTAINER,
#endif
#ifdef BAD_PROPERTY
    .properties = bad_properties,
    .property_count = 1,
#endif
    .property_desc_size = sizeof(brace_property_desc),
#ifdef CREATE_FAILS
    .context_create = create_fails,
#endif
};

BRACE_PLUGIN_DEFINE_ENTRY(host) {
  (void)host;
#ifdef REFUSE
  (void)descriptor;
  return NULL;
#else
  return &descriptor;
#endif
}

#else

BRACE_PLUGIN_EXPORT int not_the_entry(void);
BRACE_PLUGIN_EXPORT int not_the_entry(void) { return 0; }

#endif
