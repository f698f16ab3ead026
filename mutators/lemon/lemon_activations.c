/* Activations for the LEMON rules: parameters in sensible ranges (dyadic values, so a float
 * backend and the double reference read the same number) and the domain check that keeps
 * SQRT and LOG after layers whose output cannot be negative. */
#include <stdlib.h>
#include <math.h>
#include "lemon_rules_internal.h"

#define A(name) MLF__LEMON__ACTIVATION__##name
#define K(name) MLF__LEMON__LAYER_KIND__##name
#define COUNT_OF(a) (sizeof(a) / sizeof *(a))

void lemon_set_activation(lemon_layer_msg *l, Mlf__Lemon__Activation act, double alpha,
                          double beta) {
  l->has_activation = act != A(LINEAR);
  l->activation = act;
  l->has_act_alpha = alpha != 0, l->act_alpha = alpha;
  l->has_act_beta = beta != 0, l->act_beta = beta;
}

static double pick(const double *values, size_t n, int minimal, mlf_rng *rng) {
  return values[minimal ? 0 : mlf_rng_below(rng, n)];
}

void lemon_set_activation_random_params(lemon_layer_msg *l, Mlf__Lemon__Activation act,
                                        int minimal, mlf_rng *rng) {
  static const double leak[] = {0, 0, 0, 0.0625, 0.125, 0.25}, elu[] = {1, 0.25, 0.5, 1.5, 2},
                      bound[] = {6, 1, 2, 3, 4}, swish[] = {1, 0.5, 1.5, 2},
                      clip_lo[] = {0, -0.5, -1, -2}, clip_hi[] = {6, 0.5, 1, 2},
                      pow_scale[] = {1, 0.5, 2}, pow_exponent[] = {2, 1, 3},
                      affine_scale[] = {1, 0.5, 2, -0.5, -1, -2},
                      affine_shift[] = {0, 0.5, 1, -0.5, -1};
  double alpha = 0, beta = 0;
  switch (act) {
    case A(RELU): alpha = pick(leak, COUNT_OF(leak), minimal, rng); break;
    case A(ELU): alpha = pick(elu, COUNT_OF(elu), minimal, rng); break;
    case A(BOUNDED_RELU): alpha = pick(bound, COUNT_OF(bound), minimal, rng); break;
    case A(SWISH): alpha = pick(swish, COUNT_OF(swish), minimal, rng); break;
    case A(CLIP):
      alpha = pick(clip_lo, COUNT_OF(clip_lo), minimal, rng);
      beta = pick(clip_hi, COUNT_OF(clip_hi), minimal, rng);
      break;
    case A(POW): /* integer exponents: defined for negative inputs */
      alpha = pick(pow_scale, COUNT_OF(pow_scale), minimal, rng);
      beta = pick(pow_exponent, COUNT_OF(pow_exponent), minimal, rng);
      break;
    case A(AFFINE):
      alpha = pick(affine_scale, COUNT_OF(affine_scale), minimal, rng);
      beta = pick(affine_shift, COUNT_OF(affine_shift), minimal, rng);
      break;
    default: break;
  }
  lemon_set_activation(l, act, alpha, beta);
}

void lemon_set_new_layer_activation(lemon_layer_msg *l, int minimal, mlf_rng *rng) {
  if (minimal || mlf_rng_chance(rng, 70)) return;
  Mlf__Lemon__Activation act;
  do act = (Mlf__Lemon__Activation)(1 + mlf_rng_below(rng, LEMON_ACTIVATION_COUNT - 1));
  while (act == A(SQRT) || act == A(LOG));
  lemon_set_activation_random_params(l, act, 0, rng);
}

static int even_integer(double v) { return fmod(v, 2.0) == 0; }

/* Whether act maps every value (or, when input_nonneg, every non-negative value) to a
 * non-negative one. */
static int activation_nonneg(const lemon_layer_msg *l, int input_nonneg) {
  double a = l->act_alpha, b = l->act_beta;
  switch (l->activation) {
    case A(ABS): case A(SQUARE): case A(SOFT_RELU): case A(LOGISTIC): case A(EXP): case A(SQRT):
      return 1;
    case A(RELU): case A(ELU): return a <= 0 || input_nonneg;
    case A(BOUNDED_RELU): return a >= 0;
    case A(CLIP): return (a >= 0 || input_nonneg) && b >= 0;
    case A(POW): return a >= 0 && (input_nonneg || even_integer(b));
    case A(AFFINE): return input_nonneg && a >= 0 && b >= 0;
    case A(LINEAR): case A(ROUND): case A(TANH): case A(SWISH): case A(GELU_TANH):
    case A(GELU_ERF): case A(MISH): case A(HARDSWISH):
      return input_nonneg;
    default: return 0; /* LOG, LOGSIGMOID */
  }
}

/* Whether layer i's output before its activation cannot be negative, given which references
 * cannot be (nonneg[ref]). */
static int preactivation_nonneg(const lemon_model_msg *m, size_t i, const unsigned char *nonneg) {
  const lemon_layer_msg *l = m->layers[i];
  uint32_t implicit = (uint32_t)i;
  const uint32_t *refs = l->n_inputs ? l->inputs : &implicit;
  size_t n = l->n_inputs ? l->n_inputs : 1, count = 0;
  for (size_t k = 0; k < n; k++) count += refs[k] <= i && nonneg[refs[k]];
  switch (l->kind) {
    case K(SOFTMAX): return 1;
    case K(MAXIMUM): return count > 0;
    case K(ADD): case K(MULTIPLY): case K(CONCAT): return count == n;
    case K(MAX_POOL2D): case K(AVG_POOL2D): case K(RESIZE): case K(FLATTEN):
    case K(GLOBAL_AVG_POOL2D): case K(REDUCE_MEAN): case K(ACTIVATION): case K(LRN):
      return refs[0] <= i && nonneg[refs[0]];
    default: return 0;
  }
}

/* Walks the layers in order; counts the SQRT and LOG activations whose input may be
 * negative and, when fix, replaces each by LINEAR (so later layers see the fixed model). */
static size_t walk_domains(lemon_model_msg *m, int fix) {
  unsigned char *nonneg = calloc(m->n_layers + 1, 1); /* nonneg[0]: inputs lie in [-1, 1] */
  if (!nonneg) abort();
  size_t violations = 0;
  for (size_t i = 0; i < m->n_layers; i++) {
    lemon_layer_msg *l = m->layers[i];
    int pre = preactivation_nonneg(m, i, nonneg);
    int bad = (l->activation == A(SQRT) || l->activation == A(LOG)) && !pre;
    violations += bad;
    if (bad && fix) lemon_set_activation(l, A(LINEAR), 0, 0);
    nonneg[i + 1] = (unsigned char)activation_nonneg(l, pre);
  }
  free(nonneg);
  return violations;
}

size_t lemon_domain_violations(const lemon_model_msg *m) {
  return walk_domains((lemon_model_msg *)m, 0);
}

void lemon_fix_domains(lemon_model_msg *m) { walk_domains(m, 1); }
