/* The FANN_NETWORK template of the MoCo family: set-up (FANN's error log silenced, a temporary
 * directory for the files the program saves), the program's blocks as its body (each one FANN
 * call on the networks and training data earlier blocks created), tear-down (whatever is left
 * destroyed, the files removed). While it runs it records what the oracles need, free of FANN
 * types so that the judge can be tested without FANN: the error each call raised, and checks
 * (a value the library should give and the one it gave): every setter's getter, a copy against
 * its original, a network or data set loaded against what was saved. */
#ifndef FANN_TEMPLATE_H
#define FANN_TEMPLATE_H
#include <stddef.h>
#include "moco.pb-c.h"
#include "moco_run.h"

#define FANN_MAX_CHECKS 2048

/* One check: what FANN should report and what it reported (compared bit for bit). */
typedef struct {
  char call[48];      /* the API whose promise it checks */
  /* getter-mismatch, copy-mismatch, round-trip-mismatch, state-mismatch; for a parameter of
   * a whole network compared (a copy, a loaded network, the end state) followed by the
   * parameter's name: copy-mismatch-training_algorithm */
  char kind[64];
  char what[48];      /* which value: "learning_rate", "output[2][0]" */
  double expected, got;
} fann_check;

typedef struct {
  /* Set by the caller: the target whose name the findings' tags carry (moco_fann,
   * moco_fann_double, moco_fann_fixed), and whether every network fann_save saves is also
   * saved with fann_save_to_fixed and checked on FANN's fixed build (moco_fann_fixed,
   * fann_fixed.h). */
  const char *target;
  int with_fixed;
  moco_results results;
  int fann_errno[MOCO_MAX_BLOCKS];     /* the errno a block's call left (0: none) */
  char error_text[MOCO_MAX_BLOCKS][96];
  fann_check checks[FANN_MAX_CHECKS];
  size_t n_checks, dropped_checks;     /* checks past FANN_MAX_CHECKS are counted, not kept */
  /* Known finding: networks fann_destroy left the cascade candidate scores of (the harness
   * frees them unless MLF_REPORT_KNOWN=1, when LeakSanitizer reports them). */
  int cascade_scores_leaked;
  /* Known finding: scaling made values NaN (fann_scale_train after scaling parameters from
   * data with a constant column); the program stopped there unless MLF_REPORT_KNOWN=1
   * (fann_save_train then converts NaN to int, undefined behaviour UBSan reports). */
  int stopped_on_non_finite;
  /* Known findings: training data destroyed with an error string fann_destroy_train does not
   * free (the harness frees it unless MLF_REPORT_KNOWN=1); a refused fann_subset_train_data,
   * which leaks the struct it allocated before its range check (the harness keeps
   * LeakSanitizer from counting it unless MLF_REPORT_KNOWN=1). */
  int error_strings_leaked, subset_refusals_leaked;
  /* Known finding: the call about to read or write a network's cascade candidate scores past
   * the array (sized by the candidate count when first trained, never resized); the program
   * stopped before it unless MLF_REPORT_KNOWN=1 (then ASan reports the overflow). NULL, or
   * the call's name. */
  const char *scores_overflow_in;
  /* Blocks whose layer argument, past the layer count the specification derives from the
   * create block, was a layer of the network when called: cascade training inserts layers
   * (fann_cascadetrain_on_data), so such a value is legal and its node not negative. */
  int layer_exists[MOCO_MAX_BLOCKS];
} fann_outcome;

/* Adds a check to o. */
void fann_check_add(fann_outcome *o, const char *call, const char *kind, const char *what,
                    double expected, double got);
#endif
