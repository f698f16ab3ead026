/* Metamorphic-relation framework: a relation transforms a source input into a follow-up
 * input and states how the two outputs must relate; the runner executes both through a
 * caller-supplied run function and checks them. Inputs and outputs are opaque objects of a
 * size the target declares, so any struct (with or without owned heap data) fits. */
#ifndef MLF_METAMORPHIC_H
#define MLF_METAMORPHIC_H
#include <stddef.h>
#include "mlf_numeric.h"
#include "mlf_rng.h"

/* Parameters a transformation drew (a scale factor, a shift, ...), zeroed before it runs;
 * the check reads them and the result keeps them for the report. */
#define MLF_MR_PARAMS 4
typedef struct {
  double v[MLF_MR_PARAMS];
} mlf_mr_params;

/* What a check sees: both inputs, both outputs, and the transformation's parameters. */
typedef struct {
  const void *source_input, *source_output;
  const void *followup_input, *followup_output;
  const mlf_mr_params *params;
} mlf_mr_pair;

/* Fills followup (zeroed storage of the input size) from source, drawing randomness from
 * rng only and recording what it drew in params; returns 1 when applied and 0 when the
 * relation is not applicable to this source. Anything it allocates inside followup is
 * released through the input type's release function, in both cases. */
typedef int (*mlf_mr_transform_fn)(const void *source, void *followup, mlf_mr_params *params,
                                   mlf_rng *rng, void *ctx);

/* Checks the relation between the outputs; on a violation writes a human-readable reason
 * with the numbers into reason (len bytes) and returns the kind of mismatch. */
typedef mlf_cmp_kind (*mlf_mr_check_fn)(const mlf_mr_pair *p, void *ctx, char *reason,
                                        size_t len);

typedef struct {
  const char *name;      /* short slug, e.g. "negate-y", used in finding tags */
  const char *statement; /* "transformation; relation between outputs; tolerance" */
  mlf_mr_transform_fn transform;
  mlf_mr_check_fn check;
} mlf_relation;

/* Runs the system under test: reads input, fills output (zeroed storage of the output
 * size); returns 0 on success, any other value as a failure status. */
typedef int (*mlf_mr_run_fn)(const void *input, void *output, void *ctx);

/* An object type: the size of the top-level object and how to release what it owns
 * (NULL when it owns nothing; must accept a zeroed or partly filled object). */
typedef struct {
  size_t size;
  void (*release)(void *obj, void *ctx);
} mlf_mr_type;

/* The relations of one target, with its input and output types; iterate relations[0..count). */
typedef struct {
  const char *target;
  mlf_mr_type input, output;
  const mlf_relation *relations;
  size_t count;
} mlf_mr_table;

typedef enum {
  MLF_MR_HOLDS,          /* both runs succeeded and the check passed */
  MLF_MR_VIOLATED,       /* the check failed: kind and reason say how */
  MLF_MR_NOT_APPLICABLE, /* the transformation does not apply to this source */
  MLF_MR_RUN_FAILED      /* the source or follow-up run returned a non-zero status */
} mlf_mr_verdict;

typedef struct {
  const mlf_relation *relation;
  mlf_mr_verdict verdict;
  mlf_cmp_kind kind; /* MLF_CMP_OK unless VIOLATED */
  int run_status;    /* the failing run's status when RUN_FAILED, else 0 */
  mlf_mr_params params; /* what the transformation drew */
  char reason[256];  /* empty when the relation holds */
} mlf_mr_result;

/* "holds", "violated", "not-applicable", "run-failed". */
const char *mlf_mr_verdict_name(mlf_mr_verdict v);

/* Runs source and follow-up of one relation of table t and checks them. */
void mlf_mr_apply(const mlf_mr_table *t, const mlf_relation *rel, const void *source_input,
                  mlf_mr_run_fn run, void *ctx, mlf_rng *rng, mlf_mr_result *result);

/* Runs the source once and every relation of t on it; results has t->count entries.
 * Returns how many relations were violated. */
size_t mlf_mr_apply_all(const mlf_mr_table *t, const void *source_input, mlf_mr_run_fn run,
                        void *ctx, mlf_rng *rng, mlf_mr_result *results);
#endif
