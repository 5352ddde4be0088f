/*
 * test_reports.c — what the engine says about its objects and problems, since 0.6:
 * brace_handle_get_info (a handle's kind, index and generation, as messages print them),
 * the constraints a diagnostic lists (brace_diagnostic.constraints), and one rule for
 * node and constraint identifiers (UTF-8 of at most 1024 bytes; anything else refused,
 * nothing changed).
 */
#include "check.h"

#include <stddef.h>

static brace_context *ctx;

static brace_handle_info info_of(uint64_t handle, brace_status *status) {
  brace_handle_info info;
  memset(&info, 0xAB, sizeof info);
  info.struct_size = sizeof info;
  *status = brace_handle_get_info(handle, &info);
  return info;
}

static void test_handle_info(void) {
  brace_node a, b;
  OK(brace_node_create(ctx, &a));
  OK(brace_node_create(ctx, &b));
  brace_status st;
  brace_handle_info ia = info_of(a, &st);
  CHECK(st == BRACE_OK);
  CHECK(ia.struct_size == sizeof ia);
  CHECK(ia.kind == BRACE_HANDLE_KIND_NODE);
  CHECK(ia.generation >= 1);
  brace_handle_info ib = info_of(b, &st);
  CHECK(st == BRACE_OK && ib.kind == BRACE_HANDLE_KIND_NODE && ib.index != ia.index);

  /* The numbers are the ones messages print: "node INDEX:GENERATION". */
  char want[64];
  snprintf(want, sizeof want, "node %u:%u", (unsigned)ia.index, (unsigned)ia.generation);
  OK(brace_node_destroy(ctx, a));
  CHECK(brace_node_destroy(ctx, a) == BRACE_E_STALE_HANDLE);
  CHECK(strstr(brace_last_error(ctx), want) != NULL);
  /* A stale handle still reads: info says what it was, not whether it lives. */
  brace_handle_info stale = info_of(a, &st);
  CHECK(st == BRACE_OK && stale.index == ia.index && stale.generation == ia.generation);
  /* A slot used again has a new generation. */
  brace_node again;
  OK(brace_node_create(ctx, &again));
  brace_handle_info iagain = info_of(again, &st);
  CHECK(st == BRACE_OK);
  CHECK(iagain.index != ia.index || iagain.generation != ia.generation);

  brace_constraint c;
  OK(brace_constraint_create(ctx, b, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 1, 10, &c));
  CHECK(info_of(c, &st).kind == BRACE_HANDLE_KIND_CONSTRAINT && st == BRACE_OK);
  brace_variable v;
  OK(brace_variable_create(ctx, &v));
  CHECK(info_of(v, &st).kind == BRACE_HANDLE_KIND_VARIABLE && st == BRACE_OK);

  /* Bad input: the null handle, a value Brace never makes, NULL, a short struct. */
  brace_handle_info zero = info_of(0, &st);
  CHECK(st == BRACE_E_INVALID_HANDLE && zero.kind == BRACE_HANDLE_KIND_INVALID);
  CHECK(strstr(brace_last_error(NULL), "brace_handle_get_info") != NULL);
  CHECK(strstr(brace_last_error(NULL), "null handle") != NULL);
  CHECK(info_of(12345, &st).kind == BRACE_HANDLE_KIND_INVALID && st == BRACE_E_INVALID_HANDLE);
  CHECK(strstr(brace_last_error(NULL), "not a handle") != NULL);
  /* Values with a kind but a context tag or generation of 0, which Brace never makes
     (this test knows the layout the header keeps private: kind in bits 63-62, tag in
     61-36, generation in 35-24). */
  CHECK(info_of(0x4000000000000000ULL, &st).kind == BRACE_HANDLE_KIND_INVALID && st == BRACE_E_INVALID_HANDLE);
  CHECK(info_of(b & ~(0xFFFULL << 24), &st).kind == BRACE_HANDLE_KIND_INVALID && st == BRACE_E_INVALID_HANDLE);
  CHECK(info_of(b & ~(0x3FFFFFFULL << 36), &st).kind == BRACE_HANDLE_KIND_INVALID && st == BRACE_E_INVALID_HANDLE);
  CHECK(brace_handle_get_info(b, NULL) == BRACE_E_INVALID_ARGUMENT);
  brace_handle_info small;
  memset(&small, 0, sizeof small);
  small.struct_size = 4;
  CHECK(brace_handle_get_info(b, &small) == BRACE_E_INVALID_ARGUMENT);
  CHECK(small.kind == BRACE_HANDLE_KIND_INVALID && small.index == 0); /* nothing written */
  CHECK(strstr(brace_last_error(NULL), "struct_size") != NULL);

  OK(brace_variable_destroy(ctx, v));
  OK(brace_constraint_destroy(ctx, c));
  OK(brace_node_destroy(ctx, b));
  OK(brace_node_destroy(ctx, again));
}

/* The last diagnostic, copied out of the callback. */
static int diagnostics;
static brace_diagnostic_kind last_kind;
static size_t last_constraint_count;
static brace_constraint last_constraints[16];
static uint32_t last_struct_size;
static void on_diagnostic(brace_context *c, const brace_diagnostic *d, void *user) {
  (void)c;
  (void)user;
  diagnostics++;
  last_kind = d->kind;
  last_struct_size = d->struct_size;
  last_constraint_count = 0;
  if (d->struct_size >= offsetof(brace_diagnostic, constraint_count) + sizeof d->constraint_count) {
    last_constraint_count = d->constraint_count;
    for (size_t k = 0; k < d->constraint_count && k < 16; k++) last_constraints[k] = d->constraints[k];
  }
}

static int listed(brace_constraint c) {
  for (size_t k = 0; k < last_constraint_count && k < 16; k++)
    if (last_constraints[k] == c) return 1;
  return 0;
}

static void test_diagnostic_lists_constraints(void) {
  OK(brace_context_set_diagnostic_callback(ctx, on_diagnostic, NULL));
  brace_node root, view;
  OK(brace_node_create(ctx, &root));
  OK(brace_node_create(ctx, &view));
  OK(brace_node_set_frame(ctx, root, (brace_rect){0, 0, 300, 200}));
  OK(brace_node_add_subview(ctx, root, view));
  OK(brace_node_set_translates_autoresizing_mask(ctx, view, false));
  brace_constraint w100, w200, unrelated;
  OK(brace_constraint_create(ctx, view, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 1, 100, &w100));
  OK(brace_constraint_create(ctx, view, BRACE_ATTR_HEIGHT, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 1, 30, &unrelated));
  OK(brace_constraint_create(ctx, view, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 1, 200, &w200));
  brace_constraint first[2] = {w100, unrelated};
  OK(brace_constraints_activate(ctx, first, 2));
  diagnostics = 0;
  OK(brace_constraints_activate(ctx, &w200, 1)); /* kept broken, reported */
  CHECK(diagnostics == 1);
  CHECK(last_kind == BRACE_DIAGNOSTIC_UNSATISFIABLE);
  CHECK(last_struct_size == sizeof(brace_diagnostic));
  /* The broken one first, then the one it conflicts with; not the unrelated one. */
  CHECK(last_constraint_count == 2);
  CHECK(last_constraints[0] == w200);
  CHECK(listed(w100));
  CHECK(!listed(unrelated));
  bool broken = false;
  OK(brace_constraint_is_broken(ctx, w200, &broken));
  CHECK(broken);

  OK(brace_node_destroy(ctx, root)); /* and its subview */
  OK(brace_context_set_diagnostic_callback(ctx, NULL, NULL));
}

/* Node and constraint identifiers: one rule. */
static void test_identifiers_are_utf8(void) {
  brace_node n;
  OK(brace_node_create(ctx, &n));
  brace_constraint c;
  OK(brace_constraint_create(ctx, n, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, 0, BRACE_ATTR_NONE, 1, 10, &c));
  const char *got = NULL;

  /* Well-formed UTF-8 is kept as given: "émail ✓ 𝄞". */
  const char *good = "\xC3\xA9mail \xE2\x9C\x93 \xF0\x9D\x84\x9E";
  OK(brace_node_set_identifier(ctx, n, good));
  OK(brace_node_get_identifier(ctx, n, &got));
  CHECK(got && strcmp(got, good) == 0);
  OK(brace_constraint_set_identifier(ctx, c, good));
  OK(brace_constraint_get_identifier(ctx, c, &got));
  CHECK(got && strcmp(got, good) == 0);

  /* Not UTF-8: a lone continuation byte, a truncated sequence, an overlong '/', a
     surrogate, a code point past U+10FFFF, a 0xFF byte. Refused, nothing changed. */
  static const char *const bad[] = {"ab\x80", "x\xE2\x9C", "\xC0\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "ok\xFF"};
  static const int offset[] = {2, 1, 0, 0, 0, 2};
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
    char where[64];
    snprintf(where, sizeof where, "at offset %d", offset[k]);
    CHECK(brace_node_set_identifier(ctx, n, bad[k]) == BRACE_E_INVALID_ARGUMENT);
    CHECK(strstr(brace_last_error(ctx), "brace_node_set_identifier") != NULL);
    CHECK(strstr(brace_last_error(ctx), "not valid UTF-8") != NULL);
    CHECK(strstr(brace_last_error(ctx), where) != NULL);
    OK(brace_node_get_identifier(ctx, n, &got));
    CHECK(got && strcmp(got, good) == 0);
    CHECK(brace_constraint_set_identifier(ctx, c, bad[k]) == BRACE_E_INVALID_ARGUMENT);
    CHECK(strstr(brace_last_error(ctx), "not valid UTF-8") != NULL);
    OK(brace_constraint_get_identifier(ctx, c, &got));
    CHECK(got && strcmp(got, good) == 0);
  }

  /* The same length rule for both: 1024 bytes, not 1025. */
  char longest[1026];
  memset(longest, 'x', 1025);
  longest[1025] = '\0';
  CHECK(brace_node_set_identifier(ctx, n, longest) == BRACE_E_INVALID_ARGUMENT);
  CHECK(brace_constraint_set_identifier(ctx, c, longest) == BRACE_E_INVALID_ARGUMENT);
  CHECK(strstr(brace_last_error(ctx), "longer than 1024 bytes") != NULL);
  longest[1024] = '\0';
  OK(brace_node_set_identifier(ctx, n, longest));
  OK(brace_constraint_set_identifier(ctx, c, longest));

  /* NULL and "" clear, for both. */
  OK(brace_node_set_identifier(ctx, n, ""));
  OK(brace_node_get_identifier(ctx, n, &got));
  CHECK(got == NULL);
  OK(brace_constraint_set_identifier(ctx, c, ""));
  OK(brace_constraint_get_identifier(ctx, c, &got));
  CHECK(got == NULL);
  OK(brace_constraint_set_identifier(ctx, c, good));
  OK(brace_constraint_set_identifier(ctx, c, NULL));
  OK(brace_constraint_get_identifier(ctx, c, &got));
  CHECK(got == NULL);

  OK(brace_constraint_destroy(ctx, c));
  OK(brace_node_destroy(ctx, n));
}

int main(void) {
  ctx = check_new_context("test_reports");
  if (!ctx) return 1;
  test_handle_info();
  test_diagnostic_lists_constraints();
  test_identifiers_are_utf8();
  OK(brace_context_destroy(ctx));
  return check_summary("test_reports");
}
