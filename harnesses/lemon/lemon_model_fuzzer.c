/* LEMON on DL kernel libraries: a Model (layers, seeds, inner mutations) lowered once and run
 * on oneDNN 2.6.3 (every implementation variant) and XNNPACK 2022 (subgraph runtime, with and
 * without threads), every layer's output in guard-page buffers.
 * Oracle: each layer of each backend within the double-precision reference's rigorous
 * rounding bound (first layer out of it localizes the finding), no NaN where the reference is
 * finite, no library error on a valid model; the paper's D_MAD and ACC as feedback and for the
 * rule-selection statistics. MLF_LEMON_LOCALIZE=1 (replay) prints the localization. */
#include <stdio.h>
#include <stdlib.h>
#include "lemon_assess.h"
#include "lemon_execute.h"
#include "lemon_localize.h"
#include "lemon_selection.h"
#include "mlf_mutator.h"
#include "mlf_profile.h"
#include "mlf_target.h"

static void lemon_init(void) {
  mlf_profile_init();
  const char *identities = lemon_execute_init();
  if (getenv("MLF_VERBOSE")) fprintf(stderr, "lemon_model backends:\n%s", identities);
}

static void lemon_run(const ProtobufCMessage *msg, mlf_run *run) {
  const lemon_model_msg *m = (const lemon_model_msg *)msg;
  lemon_execution x;
  char why[256] = "";
  if (lemon_execute(m, &x, why, sizeof why) != 0) {
    /* The post-processor makes every model valid; a replayed file may not be. */
    mlf_log(run, "invalid model, not run: %s", why);
    return;
  }
  lemon_summary s;
  lemon_assess(m, &x, run, &s);
  lemon_guidance_observe(m, s.acc);
  if (getenv("MLF_LEMON_LOCALIZE")) lemon_localize(m, &x, stdout);
  lemon_execution_free(&x);
}

MLF_TARGET(lemon_model, mlf__lemon__model__descriptor, lemon_init, lemon_run)
