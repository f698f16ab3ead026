/* One model execution of the campaign (every backend, judged by lemon_assess) and what a
 * campaign mode accumulates from its executions: counts, unique finding tags, semantic
 * feedback slots hit, the paper's inconsistencies (D_MAD > 0.4) against our bound oracle, and
 * the mean D_MAD per library pair of the seed models and of the kept mutants (Table 5). */
#ifndef LEMON_CAMPAIGN_STATS_H
#define LEMON_CAMPAIGN_STATS_H
#include <stddef.h>
#include <stdint.h>
#include "lemon_selection.h"
#include "lemon_shapes.h"
#include "mlf_feedback.h"
#include "mlf_report.h"

#define CAMPAIGN_MAX_PAIRS 16
#define CAMPAIGN_MAX_TAGS 64

typedef struct {
  char name[48];     /* library pair in backend order, "onednn-xnnpack" */
  double sum[2];     /* [0] seed models, [1] kept mutants: sums of per-model mean D_MAD */
  size_t n[2];       /* models in each sum */
} campaign_pair;

typedef struct {
  size_t executions, generated, valid, kept;
  double seconds;
  size_t paper_inconsistent;  /* (input, pair of library runs) with D_MAD > 0.4 */
  size_t rounding_noise;      /* of which both runs stayed within G's rounding bound */
  size_t bound_violations;    /* (model, run) out of G's bound or NaN where G is finite */
  size_t n_tags, tags_dropped;
  char tags[CAMPAIGN_MAX_TAGS][MLF_TAG_MAX];
  unsigned char tag_known[CAMPAIGN_MAX_TAGS];  /* 1: in harnesses/lemon/known_findings.tsv */
  size_t tag_execution[CAMPAIGN_MAX_TAGS];     /* the execution that raised it first, from 1 */
  uint8_t seen[MLF_FEEDBACK_SLOTS];            /* feedback slots hit so far */
  size_t slots;
  size_t n_pairs;
  campaign_pair pairs[CAMPAIGN_MAX_PAIRS];
  lemon_rule_stats rules;  /* every scored mutant, in every mode */
  /* When set: the first model raising each tag not in the registry is written to
   * <artifact_prefix><tag index>.bin. */
  const char *artifact_prefix;
} campaign_stats;

typedef struct {
  double acc;        /* the paper's ACC: D_MAD summed over inputs and run pairs */
  size_t new_slots;  /* feedback slots this execution hit first */
  double pair_dmad[CAMPAIGN_MAX_PAIRS];  /* per library pair of st: mean over its run pairs */
  size_t pair_runs[CAMPAIGN_MAX_PAIRS];  /* run pairs averaged (0: the pair did not run) */
} campaign_outcome;

/* The file campaign_execute writes tag t's model to (empty without artifact_prefix). */
void campaign_artifact_path(const campaign_stats *st, size_t t, char *path, size_t len);
/* Runs m on every backend, judges it and counts the execution into st. 0, or -1 with why
 * when the model could not be lowered (an invalid model: never expected). */
int campaign_execute(const lemon_model_msg *m, campaign_stats *st, campaign_outcome *o,
                     char *why, size_t why_len);
/* Adds the model's per-pair D_MAD to the averages of the seeds (kept 0) or kept mutants (1). */
void campaign_record_dmad(campaign_stats *st, const campaign_outcome *o, int kept);
/* The index of the library pair named name in st, or -1. */
int campaign_pair_find(const campaign_stats *st, const char *name);
#endif
