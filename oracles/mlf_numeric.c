/* NaN-aware numeric comparison (see mlf_numeric.h). */
#include "mlf_numeric.h"
#include <float.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Maps a non-NaN double onto a signed integer line where adjacent doubles differ by 1
 * and both zeros map to 0. */
static int64_t ordered_key(double x) {
  uint64_t bits;
  memcpy(&bits, &x, sizeof bits);
  int64_t mag = (int64_t)(bits & 0x7fffffffffffffffULL);
  return (bits >> 63) ? -mag : mag;
}

static int32_t ordered_key_f(float x) {
  uint32_t bits;
  memcpy(&bits, &x, sizeof bits);
  int32_t mag = (int32_t)(bits & 0x7fffffffU);
  return (bits >> 31) ? -mag : mag;
}

uint64_t mlf_ulp_distance(double a, double b) {
  if (isnan(a) || isnan(b)) return (isnan(a) && isnan(b)) ? 0 : UINT64_MAX;
  int64_t ka = ordered_key(a), kb = ordered_key(b);
  /* Unsigned subtraction: the span of two keys can exceed INT64_MAX but not UINT64_MAX. */
  return ka >= kb ? (uint64_t)ka - (uint64_t)kb : (uint64_t)kb - (uint64_t)ka;
}

uint32_t mlf_ulp_distance_f(float a, float b) {
  if (isnan(a) || isnan(b)) return (isnan(a) && isnan(b)) ? 0 : UINT32_MAX;
  int32_t ka = ordered_key_f(a), kb = ordered_key_f(b);
  return ka >= kb ? (uint32_t)ka - (uint32_t)kb : (uint32_t)kb - (uint32_t)ka;
}

double mlf_gamma(double k, double u) {
  double ku = k * u;
  if (!(ku < 1.0)) return INFINITY;
  return ku / (1.0 - ku);
}

const char *mlf_cmp_kind_name(mlf_cmp_kind kind) {
  switch (kind) {
    case MLF_CMP_OK: return "ok";
    case MLF_CMP_VALUE: return "value-mismatch";
    case MLF_CMP_NAN: return "nan-mismatch";
    case MLF_CMP_INF: return "inf-mismatch";
  }
  return "unknown";
}

static mlf_cmp_kind within(double got, double want, long double tol) {
  return mlf_within_bound(got, want, tol) ? MLF_CMP_OK : MLF_CMP_VALUE;
}

mlf_expect mlf_expect_exact(long double value, long double bound, int overflow_possible) {
  if (isfinite(value) && fabsl(value) > DBL_MAX) {
    long double edge = value < 0 ? -DBL_MAX : DBL_MAX, excess = fabsl(value - edge);
    /* the correctly rounded result, where the value rounds to an infinity, always stands */
    if (isinf((double)value) && overflow_possible != MLF_NONFINITE_ANY &&
        !(overflow_possible & MLF_SET_PENDING))
      overflow_possible |= value < 0 ? MLF_MAY_NEG_INF : MLF_MAY_POS_INF;
    /* a finite result r lies at or inside edge: |r - value| = excess + |r - edge| */
    if (excess <= bound) bound -= excess, value = edge;
  }
  return (mlf_expect){(double)value, (double)bound, overflow_possible};
}

int mlf_nonfinite_allowed(int overflow_possible, double got) {
  if (isfinite(got) || !overflow_possible) return 0;
  if (overflow_possible & MLF_SET_PENDING) {
    fprintf(stderr, "mlf: an allowed set was checked before its reference derived it\n");
    abort();
  }
  if (overflow_possible == MLF_NONFINITE_ANY || overflow_possible & mlf_nonfinite_bit(got)) return 1;
  if (overflow_possible & MLF_SET_PARTIAL) {
    fprintf(stderr, "mlf: a partial allowed set was checked for a result it was not derived for\n");
    abort();
  }
  return 0;
}

int mlf_nonfinite_negated(int overflow_possible) {
  if (overflow_possible == MLF_NONFINITE_ANY) return overflow_possible;
  int pos = overflow_possible & MLF_MAY_POS_INF, neg = overflow_possible & MLF_MAY_NEG_INF;
  return (overflow_possible & ~(MLF_MAY_POS_INF | MLF_MAY_NEG_INF)) | (pos ? MLF_MAY_NEG_INF : 0) |
         (neg ? MLF_MAY_POS_INF : 0);
}

mlf_cmp_kind mlf_check_expect(double got, const mlf_expect *e) {
  if (mlf_same_nonfinite(got, e->value)) return MLF_CMP_OK; /* before the set, which may be pending */
  /* An overflow can turn a cancellation that is exact (0 * Inf = NaN) into Inf * Inf. */
  if (mlf_nonfinite_allowed(e->overflow_possible, got)) return MLF_CMP_OK;
  if (isnan(e->value)) return MLF_CMP_NAN;
  if (isinf(e->value)) return isnan(got) ? MLF_CMP_NAN : MLF_CMP_INF;
  if (!isfinite(got)) return isnan(got) ? MLF_CMP_NAN : MLF_CMP_INF;
  return within(got, e->value, (long double)e->bound);
}

mlf_cmp_kind mlf_close(double got, double want, double abs_tol, double rel_tol) {
  if (isnan(got) || isnan(want)) return (isnan(got) && isnan(want)) ? MLF_CMP_OK : MLF_CMP_NAN;
  if (isinf(got) || isinf(want)) return got == want ? MLF_CMP_OK : MLF_CMP_INF;
  long double tol = (long double)abs_tol + (long double)rel_tol * fabsl((long double)want);
  return within(got, want, tol);
}

int mlf_within_ulps(double a, double b, uint64_t max_ulps) {
  if (!isnan(a) != !isnan(b)) return 0;
  return mlf_ulp_distance(a, b) <= max_ulps;
}
