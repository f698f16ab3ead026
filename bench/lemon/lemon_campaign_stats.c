/* One campaign execution and the per-mode counts (lemon_campaign_stats.h). */
#include "lemon_campaign_stats.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lemon_assess.h"
#include "lemon_execute.h"
#include "lemon_oracle.h"

int campaign_pair_find(const campaign_stats *st, const char *name) {
  for (size_t i = 0; i < st->n_pairs; i++)
    if (!strcmp(st->pairs[i].name, name)) return (int)i;
  return -1;
}

/* The library pair of runs a and b, added to st when new (-1 when st is full). */
static int pair_index(campaign_stats *st, const lemon_backend_run *a, const lemon_backend_run *b) {
  char name[48];
  snprintf(name, sizeof name, "%s-%s", lemon_run_library(a), lemon_run_library(b));
  int i = campaign_pair_find(st, name);
  if (i >= 0 || st->n_pairs == CAMPAIGN_MAX_PAIRS) return i;
  snprintf(st->pairs[st->n_pairs].name, sizeof st->pairs[0].name, "%s", name);
  return (int)st->n_pairs++;
}

void campaign_artifact_path(const campaign_stats *st, size_t t, char *path, size_t len) {
  if (st->artifact_prefix) snprintf(path, len, "%s%zu.bin", st->artifact_prefix, t);
  else if (len) *path = 0;
}

static void save_artifact(const campaign_stats *st, size_t t, const lemon_model_msg *m) {
  char path[4096];
  campaign_artifact_path(st, t, path, sizeof path);
  size_t len = mlf__lemon__model__get_packed_size(m);
  uint8_t *buf = malloc(len ? len : 1);
  FILE *f = fopen(path, "wb");
  if (!buf || !f || fwrite(buf, 1, mlf__lemon__model__pack(m, buf), f) != len)
    fprintf(stderr, "lemon_campaign: cannot write %s\n", path);
  if (f) fclose(f);
  free(buf);
}

/* Adds the run's new tags; the first model of a tag not in the registry is saved. */
static void count_tags(campaign_stats *st, const mlf_run *run, const lemon_model_msg *m) {
  for (size_t f = 0; f < run->n_findings; f++) {
    const mlf_finding_record *r = &run->findings[f];
    size_t t = 0;
    while (t < st->n_tags && strcmp(st->tags[t], r->tag)) t++;
    if (t < st->n_tags) continue;
    if (st->n_tags == CAMPAIGN_MAX_TAGS) {
      st->tags_dropped++;
      continue;
    }
    snprintf(st->tags[t], MLF_TAG_MAX, "%s", r->tag);
    st->tag_known[t] = r->known_explanation != NULL;
    st->tag_execution[t] = st->executions;
    st->n_tags++;
    if (st->artifact_prefix && !st->tag_known[t]) save_artifact(st, t, m);
  }
}

static size_t count_new_slots(campaign_stats *st) {
  size_t n, fresh = 0;
  const uint8_t *c = mlf_feedback_counters(&n);
  for (size_t i = 0; i < n; i++)
    if (c[i] && !st->seen[i]) st->seen[i] = 1, fresh++;
  st->slots += fresh;
  return fresh;
}

/* Per (input, pair of library runs) on the model output: the paper's inconsistencies and
 * those among them whose runs both stayed within G's bound on every layer, i.e. rounding
 * noise by our oracle (pairs with the reference, G rounded to float, are left out: the paper
 * compares libraries). Also the per-library-pair mean D_MAD and the bound violations. */
static void compare(campaign_stats *st, const lemon_execution *x, const lemon_summary *s,
                    campaign_outcome *o) {
  long bad[LEMON_MAX_RUNS];
  for (size_t r = 0; r < x->n_runs; r++) {
    bad[r] = lemon_first_bad_layer(x, r);
    st->bound_violations += bad[r] >= 0;
  }
  size_t last = x->g.n_layers - 1, per = lemon_graph_layer_elements(&x->g, last);
  for (size_t j = 0; j < x->n_runs; j++)
    for (size_t k = j + 1; k < x->n_runs; k++) {
      const lemon_backend_run *a = &x->runs[j], *b = &x->runs[k];
      if (a->status != LEMON_RAN || b->status != LEMON_RAN) continue;
      int p = pair_index(st, a, b);
      if (p >= 0) o->pair_dmad[p] += s->pair_dmad[j][k], o->pair_runs[p]++;
      if (a->backend == &lemon_reference_backend || b->backend == &lemon_reference_backend)
        continue;
      for (uint32_t n = 0; n < x->g.batch; n++) {
        const double *g = x->values[last] + n * per;
        int over = lemon_dmad(lemon_delta(a->out[last] + n * per, g, per),
                              lemon_delta(b->out[last] + n * per, g, per)) >
                   LEMON_PAPER_DMAD_THRESHOLD;
        st->paper_inconsistent += over;
        st->rounding_noise += over && bad[j] < 0 && bad[k] < 0;
      }
    }
  for (size_t p = 0; p < CAMPAIGN_MAX_PAIRS; p++)
    if (o->pair_runs[p]) o->pair_dmad[p] /= (double)o->pair_runs[p];
}

int campaign_execute(const lemon_model_msg *m, campaign_stats *st, campaign_outcome *o,
                     char *why, size_t why_len) {
  static mlf_run run;
  lemon_execution x;
  memset(o, 0, sizeof *o);
  if (lemon_execute(m, &x, why, why_len) != 0) return -1;
  lemon_summary s;
  mlf_run_reset(&run);
  mlf_feedback_reset();
  lemon_assess(m, &x, &run, &s);
  st->executions++;
  o->acc = s.acc;
  o->new_slots = count_new_slots(st);
  count_tags(st, &run, m);
  if (x.g.n_layers) compare(st, &x, &s, o);
  lemon_execution_free(&x);
  return 0;
}

void campaign_record_dmad(campaign_stats *st, const campaign_outcome *o, int kept) {
  for (size_t p = 0; p < st->n_pairs; p++)
    if (o->pair_runs[p]) st->pairs[p].sum[kept] += o->pair_dmad[p], st->pairs[p].n[kept]++;
}
