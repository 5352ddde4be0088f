/*
 * test_refused_add.c — a required constraint refused after phase-one pivots leaves the
 * solver as it was: the values bit for bit, whatever the pivots did. The system (random,
 * coefficients of 0.001 next to 1,000: the reviewer's generator /tmp/rv/sx/m4 ported to
 * C, seed 3, scale 100, system 324, its first 66 adds) takes 65 constraints; the 66th,
 * required, is refused after phase one pivoted on a large element, which left the
 * leaving symbol a coefficient under the solver's zero in its row, dropped by a later
 * merge: undoing by pivoting back read that row's cell -1 (SIGSEGV in
 * libbrace_simplex.so, the solver's undoJournal), and the other rows had lost that
 * symbol's share too (pivoting back past the step left values up to 760 times their
 * size away).
 */
#include "check.h"

#include <math.h>
#include <string.h>

enum { VARS = 11 };

static const struct {
  int n;
  int v[4];
  double m[4];
  int rel;
  double k;
  float p;
} adds[] = {
      {2, {2, 6}, {-0x1.0139db22d0e56p+9, -0x1.3b645a1cac083p-4}, -1, 0x1.10346dc5d6388p+2, 1},
      {3, {10, 2, 4}, {0x1.59f5810624dd3p+9, -0x1.e78872b020c4ap+8, 0x1.9ba5e353f7ceep-2}, 1, 0x1.0c2ae7d566cf4p+6, 750},
      {2, {5, 2}, {0x1.16872b020c49cp-1, -0x1.55f89374bc6a8p+8}, 0, 0x1.41c902de00d1cp+6, 1000},
      {3, {3, 9, 1}, {0x1.e28c49ba5e354p+7, 0x1.ced916872b021p-3, -0x1.46847ae147ae2p+9}, 1, 0x1.fb5f6fd21ff2ep+4, 1},
      {2, {5, 10}, {-0x1.c20c49ba5e354p-1, -0x1.16872b020c49cp-3}, -1, -0x1.578083126e979p+6, 1000},
      {1, {1}, {0x1.fe76c8b439581p+8}, 1, -0x1.8e53c36113405p+5, 500},
      {3, {1, 0, 10}, {0x1.75c28f5c28f5cp-1, 0x1.cfdf3b645a1cbp-2, 0x1.b92c28f5c28f6p+9}, 1, 0x1.6e9a9fbe76c8cp+5, 1000},
      {1, {7}, {-0x1.374bc6a7ef9dbp-2}, -1, 0x1.a293dd97f62b6p+5, 250},
      {4, {3, 4, 0, 8}, {-0x1.84d47ae147ae2p+9, 0x1.ca9eb851eb852p+7, -0x1.3e0b020c49ba6p+9, 0x1.0cccccccccccdp-1}, -1, 0x1.599aee631f8a1p+6, 250},
      {4, {1, 5, 10, 2}, {0x1.3e8a9fbe76c8bp+9, 0x1.020c49ba5e354p-1, 0x1.ba5e353f7ced9p-6, -0x1.e08dd2f1a9fbep+7}, 1, 0x1.5f491d14e3bcep+5, 500},
      {2, {7, 5}, {0x1.a9fbe76c8b439p-5, -0x1.7cda9fbe76c8bp+9}, 0, 0x1.54793dd97f62cp+3, 1000},
      {1, {7}, {0x1.f3b645a1cac08p-3}, 1, -0x1.680189374bc6bp+6, 750},
      {4, {9, 6, 2, 7}, {-0x1.9b22d0e560419p-1, -0x1.c4189374bc6a8p-1, 0x1.ac8b439581062p-1, 0x1.3333333333333p-3}, -1, -0x1.bcd42c3c9eeccp+5, 250},
      {1, {0}, {-0x1.14aae147ae148p+9}, -1, -0x1.253404ea4a8c1p+3, 1000},
      {3, {3, 6, 3}, {-0x1.07353f7ced917p+5, 0x1.361126e978d5p+9, 0x1.ec849ba5e353fp+7}, -1, -0x1.4e718fc504817p+6, 1},
      {3, {1, 1, 2}, {0x1.3b8ced916872bp+9, 0x1.2d0e560418937p-2, 0x1.90e5604189375p-1}, 0, 0x1.bb15e9e1b089bp+5, 1000},
      {1, {8}, {0x1.b851eb851eb85p-2}, -1, -0x1.7c7694467381dp+5, 500},
      {2, {10, 4}, {-0x1.6ee5604189375p+5, -0x1.64ed0e5604189p+9}, 1, 0x1.753c36113404fp+6, 750},
      {4, {8, 10, 6, 3}, {0x1.2b19999999999p+9, -0x1.a4dd2f1a9fbe7p-1, -0x1.de8f5c28f5c29p+7, 0x1.55810624dd2f2p-1}, -1, -0x1.6026e978d4fep+5, 1},
      {3, {2, 6, 1}, {0x1.f47e76c8b4396p+8, -0x1.73b645a1cac08p-2, -0x1.904ba5e353f7dp+9}, -1, -0x1.3240b780346dcp+5, 250},
      {3, {2, 7, 7}, {-0x1.483126e978d5p-1, -0x1.e353f7ced9168p-5, -0x1.7361eb851eb85p+9}, -1, -0x1.1ec2c3c9eeccp+6, 750},
      {3, {7, 4, 7}, {-0x1.517c083126e98p+9, 0x1.eb85604189375p+9, 0x1.289b851eb851ep+9}, 1, -0x1.8bcc985f06f69p+6, 1000},
      {2, {5, 6}, {0x1.88b4395810625p-1, 0x1.e24dd2f1a9fbep-2}, 0, -0x1.be9ff2e48e8a8p+5, 1000},
      {4, {9, 1, 4, 5}, {-0x1.01b978d4fdf3cp+9, -0x1.89374bc6a7efap-2, 0x1.6b851eb851eb8p-2, -0x1.a3d70a3d70a3dp-2}, -1, -0x1.29c32ca57a787p+5, 250},
      {4, {4, 6, 8, 1}, {0x1.19276c8b43958p+8, 0x1.4395810624dd3p-4, -0x1.d893f7ced9168p+7, 0x1.c72b020c49ba6p-1}, 0, -0x1.84d38ef34d6a1p+6, 500},
      {1, {8}, {-0x1.71e3126e978d5p+9}, 1, 0x1.092703afb7e91p+6, 1},
      {3, {3, 7, 1}, {-0x1.4cccccccccccdp-1, -0x1.7b5bc6a7ef9dbp+9, 0x1.6e147ae147ae1p-1}, 1, 0x1.b4eb851eb851fp+5, 250},
      {4, {2, 7, 0, 6}, {0x1.d1995810624dep+8, 0x1.cp-1, 0x1.be76c8b439581p-2, -0x1.b9abc6a7ef9dbp+8}, 1, -0x1.415c28f5c28f6p+3, 1},
      {3, {3, 4, 10}, {0x1.eb851eb851eb8p-1, -0x1.5578f5c28f5c3p+9, 0x1.f8d4fdf3b645ap-2}, 1, -0x1.214b0f27bb2ffp+6, 500},
      {2, {9, 5}, {0x1.e353f7ced9168p-2, -0x1.ce9ba5e353f7dp+5}, 0, -0x1.463d3c3611341p+6, 1000},
      {1, {3}, {0x1.028f5c28f5c29p-1}, -1, -0x1.15600d1b71759p+6, 500},
      {1, {6}, {-0x1.507cccccccccdp+9}, -1, 0x1.5fcf765fd8adbp+5, 500},
      {3, {0, 0, 3}, {0x1.6d916872b020cp-2, -0x1.a0bef9db22d0ep+9, -0x1.f9db22d0e5604p-3}, 1, 0x1.a1bdd97f62b6bp+5, 750},
      {2, {2, 3}, {-0x1.26e978d4fdf3bp-3, 0x1.78ddb22d0e56p+9}, 0, -0x1.9b81d7dbf487fp+3, 1000},
      {4, {1, 3, 7, 3}, {0x1.c7a10624dd2f2p+9, -0x1.df8e978d4fdf3p+8, 0x1.3d0bc6a7ef9dbp+9, -0x1.5ba5e353f7ceep-1}, 0, -0x1.d4cfaacd9e83fp+4, 1},
      {4, {2, 10, 10, 4}, {-0x1.271cac083126ep+8, -0x1.f08189374bc6ap+7, -0x1.e76c8b439581p-3, -0x1.5810624dd2f1bp-6}, 1, -0x1.2dd460aa64c2fp+5, 750},
      {4, {2, 9, 5, 6}, {0x1.1eb851eb851ecp-1, 0x1.1f22d0e560418p+6, -0x1.b645a1cac0831p-1, -0x1.bf278d4fdf3b6p+9}, 1, -0x1.e03c9eecbfb16p+3, 1000},
      {4, {7, 0, 5, 8}, {-0x1.ce5604189374cp-1, -0x1.1a9fbe76c8b44p-1, -0x1.6ce6e978d4fdfp+9, 0x1.604189374bc6ap-3}, -1, 0x1.33af837b4a233p+5, 1000},
      {3, {8, 5, 8}, {-0x1.271cac083126ep+9, 0x1.f333333333333p-1, 0x1.947ae147ae148p-2}, 1, -0x1.9a71de69ad42cp+5, 250},
      {3, {2, 7, 7}, {-0x1.d8145a1cac083p+9, 0x1.9e353f7ced917p-1, 0x1.7ed916872b021p+6}, -1, -0x1.0d72474538ef3p+4, 1000},
      {1, {8}, {0x1.8acfdf3b645a2p+9}, 1, -0x1.7b9a02752546p+6, 750},
      {3, {7, 6, 3}, {0x1.a353f7ced9168p-1, -0x1.033851eb851ecp+7, -0x1.e353f7ced9168p-4}, -1, 0x1.d6816f0068db9p+3, 1000},
      {4, {7, 4, 10, 0}, {-0x1.fe76c8b439581p+8, -0x1.74bc6a7ef9db2p-3, 0x1.ce1c083126e98p+9, -0x1.61cac083126e9p-1}, 0, -0x1.5d79a6b50b0f3p+3, 500},
      {3, {6, 4, 10}, {-0x1.4fdf3b645a1cbp-2, 0x1.e28c49ba5e354p+8, -0x1.d59645a1cac08p+8}, 1, -0x1.0015182a9930cp+6, 500},
      {3, {9, 3, 3}, {-0x1p-1, 0x1.e04189374bc6ap-2, 0x1.25e353f7ced91p-2}, 1, 0x1.8b2474538ef35p+5, 1},
      {4, {4, 0, 9, 6}, {-0x1.4189374bc6a7fp-3, -0x1.e353f7ced9168p-1, 0x1.71e3126e978d5p+9, 0x1.033851eb851ecp+7}, 0, 0x1.49db22d0e5604p+2, 750},
      {2, {6, 4}, {0x1.c9ba5e353f7cfp-2, -0x1.ed0e560418937p-1}, 1, 0x1.15c5a1cac0831p+5, 250},
      {3, {6, 3, 10}, {0x1.d810624dd2f1bp-1, -0x1.ccccccccccccdp-3, 0x1.94c83126e978ep+7}, 1, 0x1.0ec74538ef34ep+6, 750},
      {4, {1, 3, 2, 9}, {-0x1.9810624dd2f1bp-1, 0x1.59f5810624dd3p+9, 0x1.7a5e353f7ced9p-1, 0x1.999999999999ap-5}, 0, 0x1.49926e978d4fep+5, 1},
      {1, {0}, {-0x1.0d30a3d70a3d7p+8}, -1, 0x1.88786c226809ep+6, 1000},
      {1, {10}, {-0x1.0e5604189374cp-5}, 0, -0x1.5bbc6a7ef9db2p+4, 1000},
      {1, {6}, {-0x1.e978d4fdf3b64p-1}, -1, 0x1.0a0aa64c2f838p+6, 500},
      {4, {5, 4, 4, 8}, {0x1.7d5a3d70a3d71p+9, 0x1.6b851eb851eb8p-1, -0x1.d2989374bc6a8p+6, 0x1.c8b4395810625p-3}, 0, 0x1.790d4fdf3b645p+5, 500},
      {4, {9, 7, 9, 5}, {-0x1.fe76c8b439581p+7, 0x1.72b020c49ba5ep-3, 0x1.55f89374bc6a8p+8, 0x1.fc6a7ef9db22dp-1}, -1, 0x1.b527525460aa6p+5, 1},
      {4, {5, 7, 6, 2}, {0x1.a3bcac083126ep+9, -0x1.f4bc6a7ef9db2p-1, 0x1.241ef9db22d0ep+9, 0x1.0f5c28f5c28f6p-1}, 1, -0x1.3d535a858793ep+6, 1000},
      {2, {8, 4}, {-0x1.93c8f5c28f5c3p+9, -0x1.e76c8b439581p-1}, -1, -0x1.2096d5cfaacdap+6, 500},
      {3, {8, 1, 4}, {0x1.b851eb851eb85p-2, -0x1.1eb851eb851ecp-2, 0x1.28f5c28f5c28fp-1}, 1, 0x1.3e4710cb295eap+6, 1},
      {4, {0, 0, 8, 8}, {-0x1.e9074bc6a7efap+9, -0x1.0933b645a1cacp+9, 0x1.c8b4395810625p-3, -0x1.3015c28f5c28fp+9}, -1, 0x1.4162eb1c432cap+5, 500},
      {4, {3, 0, 10, 4}, {-0x1.8acfdf3b645a2p+6, -0x1.20a1a9fbe76c8p+9, 0x1.fef9db22d0e56p-1, 0x1.a04189374bc6ap-1}, 0, 0x1.2289a02752546p+6, 250},
      {1, {4}, {-0x1.4c49ba5e353f8p-1}, 1, -0x1.58e7a0f9096bbp+5, 750},
      {3, {9, 4, 7}, {0x1.289b851eb851ep+9, -0x1.3126e978d4fdfp-1, -0x1.d2989374bc6a8p+8}, 0, 0x1.ebd7dbf487fccp+3, 750},
      {1, {1}, {-0x1.3333333333333p-1}, 0, 0x1.563eab367a0f9p+6, 250},
      {1, {9}, {0x1.5479ba5e353f8p+9}, -1, 0x1.7a305532617c2p+5, 750},
      {1, {6}, {0x1.04378d4fdf3b6p+9}, 0, -0x1.2126e978d4fdfp+0, 750},
      {3, {0, 4, 3}, {-0x1.6c8b439581062p-2, 0x1.a7b9999999999p+8, -0x1.ddb22d0e56042p-1}, -1, 0x1.a05d63886594bp+2, 500},
      {4, {10, 0, 1, 5}, {0x1.6f9db22d0e56p-2, -0x1.11ad2f1a9fbe8p+9, 0x1.23d70a3d70a3dp-1, -0x1.b645a1cac0831p-1}, 0, 0x1.77ea161e4f766p+6, 1000},
};

int main(void) {
  check_watchdog("test_refused_add: WATCHDOG: a call did not return (hang)\n", 60);
  if (!check_can_create_context("test_refused_add")) return 1;
  g_section = "system 324";
  brace_context_options o;
  brace_context_options_init(&o);
  o.quiet_diagnostics = true;
  brace_context *ctx = NULL;
  OK_IN(ctx, brace_context_create(&o, &ctx));
  brace_variable v[VARS];
  for (int i = 0; i < VARS; i++) OK_IN(ctx, brace_variable_create(ctx, &v[i]));
  size_t last = sizeof adds / sizeof adds[0] - 1;
  double before[VARS], after[VARS];
  for (size_t a = 0; a <= last; a++) {
    brace_variable vs[4];
    for (int i = 0; i < adds[a].n; i++) vs[i] = v[adds[a].v[i]];
    OK_IN(ctx, brace_variables_get_values(ctx, v, VARS, before));
    brace_constraint c = 0;
    brace_status st = brace_constraint_add_on_variables(ctx, vs, adds[a].m, (size_t)adds[a].n,
                                                        (brace_relation)adds[a].rel, adds[a].k, adds[a].p, &c);
    CHECK_EQ(st, a < last ? BRACE_OK : BRACE_E_UNSATISFIABLE);
  }
  OK_IN(ctx, brace_variables_get_values(ctx, v, VARS, after));
  CHECK(memcmp(before, after, sizeof before) == 0);
  brace_context_destroy(ctx);
  return check_summary("test_refused_add");
}
