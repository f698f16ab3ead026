/* Metamorphic-relation runner (see mlf_metamorphic.h). */
#include "mlf_metamorphic.h"

#include <stdio.h>
#include <stdlib.h>

const char *mlf_mr_verdict_name(mlf_mr_verdict v) {
  switch (v) {
    case MLF_MR_HOLDS: return "holds";
    case MLF_MR_VIOLATED: return "violated";
    case MLF_MR_NOT_APPLICABLE: return "not-applicable";
    case MLF_MR_RUN_FAILED: return "run-failed";
  }
  return "unknown";
}

/* Zeroed storage for one object; at least one byte so that size 0 types work. */
static void *new_object(const mlf_mr_type *type) {
  void *p = calloc(1, type->size ? type->size : 1);
  if (!p) {
    fprintf(stderr, "mlf: metamorphic runner out of memory (%zu bytes)\n", type->size);
    abort();
  }
  return p;
}

static void free_object(const mlf_mr_type *type, void *obj, void *ctx) {
  if (obj && type->release) type->release(obj, ctx);
  free(obj);
}

static void set_result(mlf_mr_result *r, const mlf_relation *rel, mlf_mr_verdict v,
                       int status, const char *reason) {
  r->relation = rel;
  r->verdict = v;
  r->kind = MLF_CMP_OK;
  r->run_status = status;
  r->params = (mlf_mr_params){{0}};
  snprintf(r->reason, sizeof r->reason, "%s", reason);
}

/* One relation against an already computed source output. */
static void apply_followup(const mlf_mr_table *t, const mlf_relation *rel, const void *src_in,
                           const void *src_out, mlf_mr_run_fn run, void *ctx, mlf_rng *rng,
                           mlf_mr_result *res) {
  void *fol_in = new_object(&t->input);
  void *fol_out = NULL;
  mlf_mr_params params = {{0}};
  int applied = rel->transform(src_in, fol_in, &params, rng, ctx);
  if (!applied) {
    set_result(res, rel, MLF_MR_NOT_APPLICABLE, 0, "transformation not applicable");
    goto done;
  }
  fol_out = new_object(&t->output);
  int status = run(fol_in, fol_out, ctx);
  if (status != 0) {
    set_result(res, rel, MLF_MR_RUN_FAILED, status, "");
    snprintf(res->reason, sizeof res->reason, "follow-up run failed with status %d", status);
    goto done;
  }
  set_result(res, rel, MLF_MR_HOLDS, 0, "");
  mlf_mr_pair pair = {src_in, src_out, fol_in, fol_out, &params};
  res->kind = rel->check(&pair, ctx, res->reason, sizeof res->reason);
  if (res->kind != MLF_CMP_OK) {
    res->verdict = MLF_MR_VIOLATED;
    if (res->reason[0] == '\0')
      snprintf(res->reason, sizeof res->reason, "%s (no reason given)",
               mlf_cmp_kind_name(res->kind));
  } else {
    res->reason[0] = '\0';
  }
done:
  res->params = params;
  free_object(&t->output, fol_out, ctx);
  free_object(&t->input, fol_in, ctx);
}

/* Runs the source into a new output object; NULL (and *status set) when the run failed. */
static void *run_source(const mlf_mr_table *t, const void *src_in, mlf_mr_run_fn run,
                        void *ctx, int *status) {
  void *out = new_object(&t->output);
  *status = run(src_in, out, ctx);
  if (*status == 0) return out;
  free_object(&t->output, out, ctx);
  return NULL;
}

static void source_failed(const mlf_relation *rel, int status, mlf_mr_result *res) {
  set_result(res, rel, MLF_MR_RUN_FAILED, status, "");
  snprintf(res->reason, sizeof res->reason, "source run failed with status %d", status);
}

void mlf_mr_apply(const mlf_mr_table *t, const mlf_relation *rel, const void *source_input,
                  mlf_mr_run_fn run, void *ctx, mlf_rng *rng, mlf_mr_result *result) {
  int status;
  void *src_out = run_source(t, source_input, run, ctx, &status);
  if (!src_out) {
    source_failed(rel, status, result);
    return;
  }
  apply_followup(t, rel, source_input, src_out, run, ctx, rng, result);
  free_object(&t->output, src_out, ctx);
}

size_t mlf_mr_apply_all(const mlf_mr_table *t, const void *source_input, mlf_mr_run_fn run,
                        void *ctx, mlf_rng *rng, mlf_mr_result *results) {
  int status;
  size_t violated = 0;
  void *src_out = run_source(t, source_input, run, ctx, &status);
  for (size_t i = 0; i < t->count; i++) {
    if (!src_out) {
      source_failed(&t->relations[i], status, &results[i]);
      continue;
    }
    apply_followup(t, &t->relations[i], source_input, src_out, run, ctx, rng, &results[i]);
    violated += results[i].verdict == MLF_MR_VIOLATED;
  }
  free_object(&t->output, src_out, ctx);
  return violated;
}
