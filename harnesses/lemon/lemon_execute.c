/* Running one model through G and every backend variant (lemon_execute.h). */
#include "lemon_execute.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lemon_reference.h"
#include "mlf_guard.h"
#include "mlf_report.h"

/* Every implementation an iterator offers: the most seen on one primitive is 6 (pooling on
 * AVX-512: four jit levels, simple_nhwc, ref). */
#define DEFAULT_VARIANTS 8

static const lemon_backend *const all_backends[] = {
    &lemon_reference_backend, &lemon_onednn_backend, &lemon_xnnpack_backend};
#define N_BACKENDS (sizeof all_backends / sizeof *all_backends)

static const lemon_backend *usable[N_BACKENDS];
static size_t n_usable;
static unsigned max_variants = DEFAULT_VARIANTS;
static char identities[1024];

/* 1 when name is in the comma-separated list (NULL list: every backend). */
static int listed(const char *list, const char *name) {
  if (!list) return 1;
  size_t n = strlen(name);
  for (const char *p = list; (p = strstr(p, name)); p += n)
    if ((p == list || p[-1] == ',') && (p[n] == ',' || p[n] == 0)) return 1;
  return 0;
}

const char *lemon_execute_init(void) {
  if (n_usable) return identities;
  const char *list = getenv("MLF_LEMON_BACKENDS"), *variants = getenv("MLF_LEMON_VARIANTS");
  if (variants && atoi(variants) > 0) max_variants = (unsigned)atoi(variants);
  size_t len = 0;
  for (size_t b = 0; b < N_BACKENDS; b++) {
    char identity[256] = "";
    if (!listed(list, all_backends[b]->name)) continue;
    if (all_backends[b]->init(identity, sizeof identity) != 0) {
      fprintf(stderr, "lemon: backend %s left out: %s\n", all_backends[b]->name, identity);
      continue;
    }
    usable[n_usable++] = all_backends[b];
    /* For the registry's needs column, e.g. "onednn cpu isa avx2". */
    mlf_note_backend_identity(all_backends[b]->name, identity);
    len += (size_t)snprintf(identities + len, sizeof identities - len, "%s: %s\n",
                            all_backends[b]->name, identity);
    if (len >= sizeof identities) len = sizeof identities - 1;
  }
  if (n_usable == 0) {
    fprintf(stderr, "lemon: no usable backend (MLF_LEMON_BACKENDS=%s)\n", list ? list : "");
    exit(1);
  }
  return identities;
}

const char *lemon_run_library(const lemon_backend_run *r) { return r->backend->name; }

static size_t layer_floats(const lemon_graph *g, size_t i) {
  return g->batch * lemon_shape_elements(&g->layers[i].geo.out);
}

static float **alloc_outputs(const lemon_graph *g, const char *name) {
  float **out = calloc(g->n_layers ? g->n_layers : 1, sizeof *out);
  if (!out) abort();
  for (size_t i = 0; i < g->n_layers; i++)
    out[i] = mlf_guard_alloc(layer_floats(g, i) * sizeof(float), sizeof(float), MLF_GUARD_TAIL, name);
  return out;
}

static void free_outputs(const lemon_graph *g, float **out) {
  for (size_t i = 0; out && i < g->n_layers; i++) mlf_guard_free(out[i]);
  free(out);
}

static double **alloc_doubles(const lemon_graph *g) {
  double **p = calloc(g->n_layers ? g->n_layers : 1, sizeof *p);
  if (!p) abort();
  for (size_t i = 0; i < g->n_layers; i++)
    if (!(p[i] = malloc(layer_floats(g, i) * sizeof(double)))) abort();
  return p;
}

static int reference_init(char *identity, size_t len) {
  snprintf(identity, len, "mlfuzz double-precision reference, rounded to float");
  return 0;
}

/* The reference as a backend has no run of its own: its outputs are the execution's G,
 * rounded to float (G is computed once per model). */
const lemon_backend lemon_reference_backend = {"reference", reference_init, NULL};

static lemon_status rounded_reference(const lemon_execution *x, lemon_backend_run *r) {
  for (size_t i = 0; i < x->g.n_layers; i++)
    for (size_t e = 0; e < layer_floats(&x->g, i); e++) r->out[i][e] = (float)x->values[i][e];
  snprintf(r->info.impls, sizeof r->info.impls, "reference");
  return LEMON_RAN;
}

/* Runs variants 0, 1, ... of one backend while it offers more (up to max_variants). */
static void run_backend(lemon_execution *x, const lemon_backend *b) {
  for (unsigned v = 0; v < max_variants && x->n_runs < LEMON_MAX_RUNS; v++) {
    lemon_backend_run *r = &x->runs[x->n_runs++];
    memset(r, 0, sizeof *r);
    snprintf(r->name, sizeof r->name, "%s#%u", b->name, v);
    r->backend = b, r->variant = v;
    r->out = alloc_outputs(&x->g, r->name);
    r->status = b->run ? b->run(&x->g, v, r->out, &r->info) : rounded_reference(x, r);
    if (r->status != LEMON_RAN) {
      free_outputs(&x->g, r->out);
      r->out = NULL;
    }
    if (r->status != LEMON_RAN || !r->info.more_variants) return;
  }
}

int lemon_execute(const lemon_model_msg *m, lemon_execution *x, char *why, size_t why_len) {
  memset(x, 0, sizeof *x);
  lemon_execute_init();
  if (lemon_graph_build(m, &x->g, why, why_len)) return -1;
  x->values = alloc_doubles(&x->g);
  x->bounds = alloc_doubles(&x->g);
  lemon_reference_run(&x->g, x->values, x->bounds);
  for (size_t b = 0; b < n_usable; b++) run_backend(x, usable[b]);
  return 0;
}

void lemon_execution_free(lemon_execution *x) {
  for (size_t r = 0; r < x->n_runs; r++) free_outputs(&x->g, x->runs[r].out);
  for (size_t i = 0; x->values && i < x->g.n_layers; i++) free(x->values[i]), free(x->bounds[i]);
  free(x->values);
  free(x->bounds);
  lemon_graph_free(&x->g);
  memset(x, 0, sizeof *x);
}
