/* Model post-processor and the LEMON domain mutator. The post-processor is lemon_repair, so
 * every model the fuzzer runs is valid. "lemon:rule" applies one of LEMON's twelve rules,
 * chosen by Metropolis-Hastings over the process-global rule statistics (or uniformly, the
 * LEMON_r baseline, when MLF_LEMON_SELECTION=uniform), writes the parent's ACC into the
 * mutant's parent_acc when the ACC cache knows it, and notes the mutant for the harness's
 * lemon_guidance_observe. Mutants of mutants are higher-order mutation. Generic field
 * mutation stays available beside it. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "lemon_acc_cache.h"
#include "lemon_rules.h"
#include "lemon_selection.h"
#include "mlf_mutator.h"
#include "mlf_no_specials.h"

/* In the generic mutator's unit (per field 4 to mutate, 1 to delete, 1 to copy, 3 to add):
 * a layer offers about 60, an inner mutation about 25, so a grown model (16 layers, 32
 * inner mutations) offers about 1800: rules stay at least two mutations in three. */
#define LEMON_RULE_WEIGHT 4000

static lemon_rule last_rule = LEMON_RULE_COUNT;  /* the Metropolis-Hastings chain's state */
static int uniform_selection;

/* Largest input value in false-alarm mode (MLF_NO_SPECIALS=1). */
#define PLAIN_INPUT_MAX 1e4f

/* lemon_repair; in false-alarm mode also plain input values (finite, normal, moderate) and
 * activations inside their domains. */
static void post_process_model(ProtobufCMessage *msg) {
  lemon_model_msg *m = (lemon_model_msg *)msg;
  lemon_repair(m);
  if (!mlf_no_specials_enabled()) return;
  for (size_t i = 0; i < m->n_input_values; i++) {
    float *v = &m->input_values[i];
    if (!isnormal(*v)) *v = 0;
    else if (fabsf(*v) > PLAIN_INPUT_MAX) *v = copysignf(PLAIN_INPUT_MAX, *v);
  }
  lemon_fix_domains(m);
}

static int mutate_rule(ProtobufCMessage *msg, mlf_rng *rng) {
  lemon_model_msg *m = (lemon_model_msg *)msg;
  double parent_acc = 0;
  int known = lemon_acc_cache_get(m, &parent_acc);
  lemon_rule r = uniform_selection
                     ? lemon_select_rule_uniform(m, rng)
                     : lemon_select_rule(lemon_global_rule_stats(), m, last_rule, rng);
  if (r == LEMON_RULE_COUNT || !lemon_apply_rule(m, r, rng)) return 0;
  last_rule = r;
  m->has_parent_acc = known;
  m->parent_acc = known ? parent_acc : 0;
  lemon_guidance_note_mutant(m, r);
  return 1;
}

__attribute__((constructor)) static void register_lemon_mutators(void) {
  const ProtobufCMessageDescriptor *d = &mlf__lemon__model__descriptor;
  const char *selection = getenv("MLF_LEMON_SELECTION");
  uniform_selection = selection && !strcmp(selection, "uniform");
  mlf_register_post_processor(d, post_process_model);
  mlf_register_domain_mutator(d, "lemon:rule", mutate_rule, LEMON_RULE_WEIGHT);
}
