/* simplex_abi13.c — the built-in "simplex" solver as a plugin ABI 1.3 solver, without
   weights (see simplex_abi15.c). */
#define SIMPLEX_ABI_MINOR 3
#define SIMPLEX_NAME "simplex_abi13"
#define SIMPLEX_CUT offsetof(brace_strategy_desc, set_weight)
#include "simplex_abi15.c"
