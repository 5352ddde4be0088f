/*
 * rogue_solver.c — a constraint solver plugin that hands the host bad values, one
 * variant per -D flag, to prove the host checks what a plugin returns (issue 10):
 *   -DHUGE_ID          new_variable answers id 0x7fffffff
 *   -DDUPLICATE_ID     new_variable answers id 0 every time
 *   -DNAN_VALUE        value answers NaN for every variable
 *   -DENDLESS_CHANGES  take_changed fills every buffer it is given, for ever
 * Otherwise it accepts every row and solves nothing (every value is 0; after a row is
 * added every variable is reported changed once), which is all the host needs to reach
 * the bad answer. Its strategy name is "rogue_solver".
 */
#include <brace/brace_plugin.h>

#include <math.h>
#include <stdlib.h>

typedef struct rogue {
  uint32_t next_variable;
  uint32_t next_row;
  bool changed; /* a row was added: every variable "changed" (reported once) */
} rogue;

static brace_status solver_create(brace_context *ctx, void *state, void **instance) {
  (void)ctx;
  (void)state;
  rogue *r = calloc(1, sizeof *r);
  if (!r) return BRACE_E_NO_MEMORY;
  *instance = r;
  return BRACE_OK;
}

static void solver_destroy(brace_context *ctx, void *state, void *instance) {
  (void)ctx;
  (void)state;
  free(instance);
}

static brace_status new_variable(void *instance, uint32_t *out) {
  rogue *r = instance;
#if defined(HUGE_ID)
  (void)r;
  *out = 0x7fffffffu;
#elif defined(DUPLICATE_ID)
  (void)r;
  *out = 0;
#else
  *out = r->next_variable++;
#endif
  return BRACE_OK;
}

static void release_variable(void *instance, uint32_t variable) {
  (void)instance;
  (void)variable;
}

static brace_status add(void *instance, const brace_solver_term *terms, size_t count, brace_relation relation,
                        double constant, double priority, uint32_t *out_id, uint32_t *conflicts,
                        size_t conflict_capacity, size_t *conflict_count) {
  (void)terms;
  (void)count;
  (void)relation;
  (void)constant;
  (void)priority;
  (void)conflicts;
  (void)conflict_capacity;
  rogue *r = instance;
  *out_id = r->next_row++;
  r->changed = true;
  if (conflict_count) *conflict_count = 0;
  return BRACE_OK;
}

static brace_status by_id(void *instance, uint32_t id) {
  (void)instance;
  (void)id;
  return BRACE_OK;
}

static brace_status with_number(void *instance, uint32_t id, double x) {
  (void)instance;
  (void)id;
  (void)x;
  return BRACE_OK;
}

static void batch(void *instance) { (void)instance; }

static double value(void *instance, uint32_t variable) {
  (void)instance;
  (void)variable;
#ifdef NAN_VALUE
  return NAN;
#else
  return 0;
#endif
}

static size_t take_changed(void *instance, uint32_t *buffer, size_t capacity) {
#ifdef ENDLESS_CHANGES
  (void)instance;
  for (size_t k = 0; k < capacity; k++) buffer[k] = (uint32_t)k;
  return capacity;
#else
  rogue *r = instance;
  if (!r->changed) return 0;
  r->changed = false;
  size_t n = r->next_variable < capacity ? r->next_variable : capacity;
  for (size_t k = 0; k < n; k++) buffer[k] = (uint32_t)k;
  return n;
#endif
}

static bool is_ambiguous(void *instance, uint32_t variable) {
  (void)instance;
  (void)variable;
  return false;
}

static const brace_strategy_desc descriptor = {
    .struct_size = sizeof(brace_strategy_desc),
    .abi_major = BRACE_PLUGIN_ABI_MAJOR,
    .abi_minor = BRACE_PLUGIN_ABI_MINOR,
    .name = "rogue_solver",
    .role = BRACE_ROLE_SOLVER,
    .property_desc_size = sizeof(brace_property_desc),
    .solver_create = solver_create,
    .solver_destroy = solver_destroy,
    .new_variable = new_variable,
    .release_variable = release_variable,
    .add = add,
    .remove = by_id,
    .set_constant = with_number,
    .set_priority = with_number,
    .add_edit = with_number,
    .remove_edit = by_id,
    .suggest = with_number,
    .begin_batch = batch,
    .end_batch = batch,
    .value = value,
    .take_changed = take_changed,
    .is_ambiguous = is_ambiguous,
};

BRACE_PLUGIN_DEFINE_ENTRY(host) {
  (void)host;
  return &descriptor;
}
