/* Threshold tables and the draws of mlf_exponent_values.h. Blue's constants are those of
 * LAPACK 3.11 SRC/la_constants.f90 for IEEE float (minexponent -125, maxexponent 128,
 * digits 24) and double (-1021, 1024, 53): tsml = 2^ceiling((minexponent - 1) / 2),
 * tbig = 2^floor((maxexponent - digits + 1) / 2), rtmin = sqrt(safmin / ulp) and
 * rtmax = sqrt(safmax * ulp) (2^-51.5 and 2^51.5 for float, so binades -52 and 51). */
#include "mlf_exponent_values.h"
#include <math.h>

static const mlf_threshold float_thresholds[] = {
    {"overflow", 128},     {"normal-min", -126},   {"subnormal-min", -149},
    {"blue-tsml", -63},    {"blue-tbig", 52},      {"rtmin", -52},
    {"rtmax", 51},         {"sqrt-overflow", 64},  {"sqrt-subnormal-min", -75},
};
static const mlf_threshold double_thresholds[] = {
    {"overflow", 1024},    {"normal-min", -1022},  {"subnormal-min", -1074},
    {"blue-tsml", -511},   {"blue-tbig", 486},     {"rtmin", -486},
    {"rtmax", 485},        {"sqrt-overflow", 512}, {"sqrt-subnormal-min", -537},
};

const mlf_real_limits mlf_float_limits = {
    "float", -149, -126, 127, 23, float_thresholds,
    sizeof float_thresholds / sizeof float_thresholds[0]};
const mlf_real_limits mlf_double_limits = {
    "double", -1074, -1022, 1023, 52, double_thresholds,
    sizeof double_thresholds / sizeof double_thresholds[0]};

/* +-m x 2^e with m = 1 exactly half the time, else 1 + k 2^-p (k odd, below 16; p up to
 * the mantissa width); `top` takes m from just below 2 instead (the largest values of a
 * binade, for the top of the range). */
static double perturbed_power(mlf_rng *rng, int e, unsigned mant_bits, int top) {
  double m = 1;
  if (mlf_rng_below(rng, 2)) {
    unsigned k = 2 * (unsigned)mlf_rng_below(rng, 8) + 1;
    int p = 4 + (int)mlf_rng_below(rng, mant_bits - 3);
    m = ldexp(k, -p);
    m = top ? 2 - m : 1 + m;
  } else if (top) {
    m = 2 - ldexp(1, -(int)mant_bits);
  }
  double v = ldexp(m, e);
  return mlf_rng_below(rng, 2) ? -v : v;
}

/* v rounded to the format (a float subnormal keeps fewer mantissa bits than drawn). */
static double in_format(const mlf_real_limits *l, double v) {
  return l == &mlf_float_limits ? (double)(float)v : v;
}

double mlf_threshold_value(mlf_rng *rng, const mlf_real_limits *target,
                           const mlf_real_limits *storage) {
  int e;
  if (mlf_rng_below(rng, 8) == 0) { /* anywhere in the subnormal range */
    e = target->emin_sub + (int)mlf_rng_below(rng, (uint64_t)(target->emin - target->emin_sub));
  } else {
    const mlf_threshold *t = &target->thresholds[mlf_rng_below(rng, target->n_thresholds)];
    e = t->exponent + (int)mlf_rng_below(rng, 2 * MLF_THRESHOLD_REACH + 1) - MLF_THRESHOLD_REACH;
  }
  int top = e > storage->emax;
  if (top) e = storage->emax;
  if (e < storage->emin_sub) e = storage->emin_sub;
  return in_format(storage, perturbed_power(rng, e, storage->mant_bits, top));
}

int mlf_threshold_pair(mlf_rng *rng, const mlf_real_limits *target, double *a, double *b) {
  const mlf_threshold *t = &target->thresholds[mlf_rng_below(rng, target->n_thresholds)];
  int sum = t->exponent + (int)mlf_rng_below(rng, 3) - 1; /* e_a + e_b, or e_a - e_b */
  int quotient = (int)mlf_rng_below(rng, 2);
  int lo = target->emin_sub, hi = target->emax;
  /* e_b = sum - e_a (product) or e_a - sum (quotient) must stay in [lo, hi] too */
  int from = quotient ? lo + sum : sum - hi, to = quotient ? hi + sum : sum - lo;
  if (from < lo) from = lo;
  if (to > hi) to = hi;
  if (from > to) return 0;
  int ea = from + (int)mlf_rng_below(rng, (uint64_t)(to - from) + 1);
  int eb = quotient ? ea - sum : sum - ea;
  *a = in_format(target, perturbed_power(rng, ea, target->mant_bits, 0));
  *b = in_format(target, perturbed_power(rng, eb, target->mant_bits, 0));
  return 1;
}
