/* Judging one executed LEMON model (lemon_assess.h). */
#include "lemon_assess.h"
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lemon_invariants.h"
#include "lemon_oracle.h"
#include "mlf_bound_stats.h"
#include "mlf_feedback.h"

static size_t per_input(const lemon_graph *g, size_t layer) {
  return lemon_shape_elements(&g->layers[layer].geo.out);
}

/* "CONV2D" or "CONV2D+GELU_ERF": the kind, and the activation when it is not the identity. */
static void layer_label(const lemon_layer *l, char *buf, size_t len) {
  if (l->kind == MLF__LEMON__LAYER_KIND__ACTIVATION || l->act == MLF__LEMON__ACTIVATION__LINEAR)
    snprintf(buf, len, "%s", l->kind == MLF__LEMON__LAYER_KIND__ACTIVATION
                                 ? lemon_activation_name(l->act) : lemon_kind_name(l->kind));
  else
    snprintf(buf, len, "%s+%s", lemon_kind_name(l->kind), lemon_activation_name(l->act));
}

/* Layers from which G may overflow float legitimately: nothing from there on is judged. */
static size_t judged_layers(const lemon_execution *x) {
  for (size_t i = 0; i < x->g.n_layers; i++)
    if (lemon_near_overflow(x->values[i], x->bounds[i], x->g.batch * per_input(&x->g, i)))
      return i;
  return x->g.n_layers;
}

/* The label of the layer a backend message names ("layer 3 (LRN): ..."), else "model". */
static void message_layer_label(const lemon_execution *x, const char *message, char *label,
                                size_t len) {
  const char *at = strstr(message, "layer ");
  unsigned layer;
  snprintf(label, len, "model");
  if (at && sscanf(at, "layer %u", &layer) == 1 && layer < x->g.n_layers)
    layer_label(&x->g.layers[layer], label, len);
}

static void report_error(const lemon_execution *x, const lemon_backend_run *r, mlf_run *run) {
  char label[64], tag[MLF_TAG_MAX];
  message_layer_label(x, r->info.why, label, sizeof label);
  snprintf(tag, sizeof tag, "mlf:lemon_model:%s:%s:error", lemon_run_library(r), label);
  mlf_finding(run, tag, "%s failed on a valid model: %s", r->name, r->info.why);
}

/* A known bug the backend stepped around, raised under its registry tag. */
static void report_known(const lemon_execution *x, const lemon_backend_run *r, mlf_run *run) {
  char label[64], tag[MLF_TAG_MAX];
  const char *what = strstr(r->info.known, ": ");
  message_layer_label(x, r->info.known, label, sizeof label);
  snprintf(tag, sizeof tag, "mlf:lemon_model:%s:%s:%s", lemon_run_library(r), label,
           what ? what + 2 : r->info.known);
  mlf_finding(run, tag, "%s stepped around a known bug: %s", r->name, r->info.known);
}

/* Layers whose handling of a NaN operand is implementation-defined: max-like kinds and the
 * activations built from min/max (x86 maxps returns the second operand on NaN). */
static int nan_exempt(const lemon_layer *l) {
  Mlf__Lemon__Activation a = l->act;
  return l->kind == MLF__LEMON__LAYER_KIND__MAXIMUM || l->kind == MLF__LEMON__LAYER_KIND__MAX_POOL2D ||
         a == MLF__LEMON__ACTIVATION__RELU || a == MLF__LEMON__ACTIVATION__BOUNDED_RELU ||
         a == MLF__LEMON__ACTIVATION__CLIP || a == MLF__LEMON__ACTIVATION__HARDSWISH;
}

/* The first element of layer i where the run lost a NaN G has, when the layer received
 * the NaNs and infinities G's layer received; else SIZE_MAX. */
static size_t lost_nan(const lemon_execution *x, const lemon_backend_run *r, size_t i) {
  const lemon_layer *l = &x->g.layers[i];
  if (nan_exempt(l)) return SIZE_MAX;
  for (uint32_t k = 0; k < l->geo.n_inputs; k++) {
    uint32_t ref = l->geo.inputs[k];
    if (ref && !lemon_same_non_finite(r->out[ref - 1], x->values[ref - 1],
                                x->g.batch * per_input(&x->g, ref - 1)))
      return SIZE_MAX;
  }
  size_t n = x->g.batch * per_input(&x->g, i), e = lemon_nan_lost(r->out[i], x->values[i], n);
  return e < n ? e : SIZE_MAX;
}

/* Judges layer i of run r: the bound judgement in j, the first element where the run lost a
 * NaN (SIZE_MAX: none), and, when both pass, the layer's invariants in inv (libraries only:
 * where G's bound is infinite its value is a placeholder, e.g. lref_activation keeps x).
 * Returns 1 when the layer is wrong. */
static int judge_layer(const lemon_execution *x, const lemon_backend_run *r, size_t i,
                       lemon_judgement *j, size_t *lost, lemon_violation *inv) {
  lemon_judge(r->out[i], x->values[i], x->bounds[i], x->g.batch * per_input(&x->g, i), j);
  *lost = j->verdict == LEMON_OK ? lost_nan(x, r, i) : SIZE_MAX;
  inv->kind = NULL;
  if (j->verdict != LEMON_OK || *lost != SIZE_MAX) return 1;
  if (r->backend == &lemon_reference_backend) return 0;
  return lemon_check_invariants(&x->g, (const float *const *)r->out, i, inv);
}

long lemon_first_bad_layer(const lemon_execution *x, size_t r) {
  if (x->runs[r].status != LEMON_RAN) return -1;
  size_t limit = judged_layers(x), lost;
  lemon_judgement j;
  lemon_violation inv;
  for (size_t i = 0; i < limit; i++)
    if (judge_layer(x, &x->runs[r], i, &j, &lost, &inv)) return (long)i;
  return -1;
}

static void report_wrong(const lemon_execution *x, const lemon_backend_run *r, size_t i,
                         const lemon_judgement *j, size_t lost, const lemon_violation *inv,
                         mlf_run *run) {
  char label[64], tag[MLF_TAG_MAX];
  size_t per = per_input(&x->g, i);
  layer_label(&x->g.layers[i], label, sizeof label);
  if (inv->kind) {
    char range[80] = "";
    if (strcmp(inv->kind, "outside-range") == 0)
      snprintf(range, sizeof range, " outside [%.9g, %.9g]", inv->lo, inv->hi);
    snprintf(tag, sizeof tag, "mlf:lemon_model:%s:%s:%s", lemon_run_library(r), label, inv->kind);
    mlf_finding(run, tag, "%s, layer %zu (%s), input %zu element %zu: %.9g (%a)%s, %s; "
                "implementations: %s", r->name, i, label, inv->element / per, inv->element % per,
                inv->value, inv->value, range, inv->kind, r->info.impls);
    return;
  }
  if (lost != SIZE_MAX) {
    snprintf(tag, sizeof tag, "mlf:lemon_model:%s:%s:nan-lost", lemon_run_library(r), label);
    mlf_finding(run, tag, "%s, layer %zu (%s), input %zu element %zu: %.9g where G is NaN "
                "(the layer got the same NaNs and infinities as G's); implementations: %s", r->name, i, label,
                lost / per, lost % per, r->out[i][lost], r->info.impls);
    return;
  }
  snprintf(tag, sizeof tag, "mlf:lemon_model:%s:%s:%s", lemon_run_library(r), label,
           j->verdict == LEMON_NAN ? "nan" : "beyond-bound");
  mlf_finding(run, tag,
              "%s, layer %zu (%s), input %zu element %zu: %.9g, G = %.17g, bound %.3g "
              "(%.3g times it); implementations: %s",
              r->name, i, label, j->element / per, j->element % per, j->value, j->reference,
              j->bound, fabs(j->value - j->reference) / (j->bound + LEMON_SUBNORMAL_SLACK),
              r->info.impls);
}

/* With MLF_VERBOSE: how tight G's bound is on layer i of run r (measurement only). */
static void log_tightness(const lemon_execution *x, const lemon_backend_run *r, size_t i,
                          mlf_run *run) {
  mlf_bound_stats s;
  char label[64];
  if (!getenv("MLF_VERBOSE") ||
      mlf_bound_stats_of(r->out[i], x->values[i], x->bounds[i], x->g.batch * per_input(&x->g, i), &s))
    return;
  layer_label(&x->g.layers[i], label, sizeof label);
  mlf_log(run, "tightness %s layer %zu (%s): n %zu, err/bound median %.3g max %.3g, "
          "bound/|G| median %.3g max %.3g, 1e-4 relative seen in %.3g", r->name, i, label, s.n,
          s.ratio_median, s.ratio_max, s.rel_median, s.rel_max, s.planted_seen);
}

/* Judges the first limit layers of one run (judged_layers); raises a finding at the first
 * wrong one and feeds the closeness of each layer to its bound back. Returns 1 when it raised
 * a finding. */
static int judge_run(const lemon_execution *x, const lemon_backend_run *r, size_t limit,
                     mlf_run *run) {
  size_t lost;
  uint32_t library = mlf_feature(lemon_run_library(r), 0, 0);
  for (size_t i = 0; i < limit; i++) {
    lemon_judgement j;
    lemon_violation inv;
    int wrong = judge_layer(x, r, i, &j, &lost, &inv);
    log_tightness(x, r, i, run);
    /* How close to its bound a layer came, in halvings: a new bucket is progress. */
    int closeness = j.worst_ratio > 0 ? (int)fmax(-24, fmin(4, floor(log2(j.worst_ratio)))) + 25 : 0;
    mlf_feedback_hit(mlf_feature("lemon-closeness", library ^ (uint32_t)x->g.layers[i].kind,
                                 (uint32_t)closeness));
    if (wrong) {
      report_wrong(x, r, i, &j, lost, &inv, run);
      return 1;
    }
  }
  return 0;
}

/* Each ran backend's mean distance to G (lemon_delta), per layer over the batch and on the
 * model output per input: computed once per run, then combined per pair. */
typedef struct {
  double layer[LEMON_MAX_RUNS][LEMON_MAX_LAYERS];
  double output[LEMON_MAX_RUNS][LEMON_MAX_BATCH];
} run_deltas;

static void compute_deltas(const lemon_execution *x, run_deltas *d) {
  const lemon_graph *g = &x->g;
  size_t last = g->n_layers - 1, per = per_input(g, last);
  for (size_t r = 0; r < x->n_runs; r++) {
    if (x->runs[r].status != LEMON_RAN) continue;
    for (uint32_t n = 0; n < g->batch; n++)
      d->output[r][n] = lemon_delta(x->runs[r].out[last] + n * per, x->values[last] + n * per, per);
    for (size_t i = 0; i < g->n_layers; i++)
      d->layer[r][i] = lemon_delta(x->runs[r].out[i], x->values[i], g->batch * per_input(g, i));
  }
}

/* D_MAD on the model output per input and pair of ran backends; per-layer D_MAD buckets
 * per pair and layer kind as feedback. */
static void distances(const lemon_execution *x, lemon_summary *s) {
  const lemon_graph *g = &x->g;
  static run_deltas d;
  compute_deltas(x, &d);
  for (size_t j = 0; j < x->n_runs; j++)
    for (size_t k = j + 1; k < x->n_runs; k++) {
      const lemon_backend_run *a = &x->runs[j], *b = &x->runs[k];
      if (a->status != LEMON_RAN || b->status != LEMON_RAN) continue;
      s->pairs++;
      double sum = 0;
      for (uint32_t n = 0; n < g->batch; n++) {
        double dmad = lemon_dmad(d.output[j][n], d.output[k][n]);
        sum += dmad;
        s->paper_inconsistent += dmad > LEMON_PAPER_DMAD_THRESHOLD;
      }
      s->acc += sum;
      s->pair_dmad[j][k] = sum / g->batch;
      uint32_t pair = mlf_feature(a->name, 0, 0) ^ (mlf_feature(b->name, 0, 0) << 1);
      for (size_t i = 0; i < g->n_layers; i++)
        mlf_feedback_hit(mlf_feature("lemon-dmad", pair ^ (uint32_t)g->layers[i].kind,
                                     (uint32_t)(lemon_dmad(d.layer[j][i], d.layer[k][i]) * 10)));
    }
}

/* One log line per pair of ran backends, "D_MAD <library> <library> <mean over inputs>": what
 * the campaign report averages per library pair (scripts/campaign-lemon.sh). */
static void log_pair_dmad(const lemon_execution *x, const lemon_summary *s, mlf_run *run) {
  for (size_t j = 0; j < x->n_runs; j++)
    for (size_t k = j + 1; k < x->n_runs; k++)
      if (x->runs[j].status == LEMON_RAN && x->runs[k].status == LEMON_RAN)
        mlf_log(run, "D_MAD %s %s %.6g", lemon_run_library(&x->runs[j]),
                lemon_run_library(&x->runs[k]), s->pair_dmad[j][k]);
}

void lemon_assess(const lemon_model_msg *m, const lemon_execution *x, mlf_run *run,
                  lemon_summary *s) {
  (void)m;
  memset(s, 0, sizeof *s);
  size_t limit = judged_layers(x);
  for (size_t r = 0; r < x->n_runs; r++) {
    const lemon_backend_run *br = &x->runs[r];
    mlf_log(run, "%s: %s%s%s", br->name,
            br->status == LEMON_RAN ? "ran" : br->status == LEMON_UNSUPPORTED ? "unsupported: " : "FAILED: ",
            br->status == LEMON_RAN ? "; " : br->info.why, br->status == LEMON_RAN ? br->info.impls : "");
    if (br->status == LEMON_FAILED) report_error(x, br, run), s->findings++;
    if (br->info.known[0]) report_known(x, br, run);
    if (br->status == LEMON_RAN && x->g.n_layers)
      s->findings += (size_t)judge_run(x, br, limit, run);
  }
  if (x->g.n_layers) distances(x, s);
  if (x->g.n_layers && getenv("MLF_VERBOSE")) log_pair_dmad(x, s, run);
  mlf_log(run, "ACC %.6g over %zu backend pairs and %u inputs; %zu (input, pair) D_MAD > %.1f",
          s->acc, s->pairs, x->g.batch, s->paper_inconsistent, LEMON_PAPER_DMAD_THRESHOLD);
}
