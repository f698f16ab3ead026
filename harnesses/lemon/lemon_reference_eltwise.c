/* Element-wise activations of the LEMON reference (oneDNN 2.6 eltwise formulas) with their
 * error bounds. For an input x known to within e (the float implementation sees some x^ in
 * I = [x - e, x + e]) the output bound is
 *   L e + own,   L >= sup over I of |f'|   (mean value theorem: |f(x^) - f(x)| <= L e),
 *   own >= sup over I of the float evaluation error of f (the library's function accuracy on
 *          its intermediates, the roundings of the formula, of the parameters alpha and beta
 *          converted to float, and of the result).
 * Magnitudes inside "own" are taken at the end of I that maximizes them: each is monotone in
 * t or in |t| (amax = |x| + e, amin = the smallest |t| on I); where that is not obvious the
 * comment says why. Discontinuous functions (ROUND) bound the jump directly. */
#include "lemon_reference_internal.h"
#include <float.h>

#define K_SIMPLE (LEMON_ELTWISE_ULPS * LREF_U)
#define K_COMPLEX (LREF_ULPS_COMPLEX * LREF_U)
#define U LREF_U
/* Global bounds of |f'| (maxima found by a dense scan, rounded up): */
#define GELU_SLOPE 1.13   /* gelu_tanh 1.12899, gelu_erf 1.12890 */
#define SWISH_SLOPE 1.1   /* d/dz z logistic(z) peaks at 1.09984, any alpha: |f'(x)| same */
#define MISH_SLOPE 1.09   /* 1.08850 */
#define HARDSWISH_SLOPE 1.5  /* (2x + 3) / 6 at x = 3 */

static double logistic(double x) { return 1.0 / (1.0 + exp(-x)); }
static double softplus(double x) { return x > 0 ? x + log1p(exp(-x)) : log1p(exp(x)); }
static double sech2(double x) { double t = tanh(x); return 1.0 - t * t; }

/* The interval I of the input. */
typedef struct {
  double x, e, lo, hi, amax, amin;
} interval;

static interval interval_of(double x, double e) {
  interval v = {x, e, x - e, x + e, fabs(x) + e, 0.0};
  v.amin = (v.lo <= 0 && v.hi >= 0) ? 0.0 : fmin(fabs(v.lo), fabs(v.hi));
  return v;
}

/* log(1 + e^t) evaluated in float with exp and log of relative accuracy k, at its worst on I
 * (all terms increasing in t): exp's error through log1p' = logistic, the rounding of 1 + e^t
 * (u relative, 1 / (1 + e^t) sensitivity), log's error relative to the result. */
static double softplus_own(double hi, double k) {
  return k * logistic(hi) + U + (k + U) * softplus(hi);
}

/* alpha x^beta with x^beta computed as exp(beta log |t|) (or by multiplications, which is
 * more accurate): relative error K (1 + |beta log t|) plus the roundings of beta (covered by
 * the K |beta log t| term since K >= u), of alpha and of the product. Over I, t^beta |log t|
 * is at most max(P |log amax|, P |log amin|), or 1 / (e |beta|) near 0 (s |log s| <= 1/e). */
static void pow_eval(double alpha, double beta, interval v, double *y, double *ye) {
  *y = alpha * pow(v.x, beta);
  if (beta == 0) { *ye = U * fabs(alpha); return; }  /* x^0 = 1 (also 0^0 in oneDNN) */
  int integral = beta == nearbyint(beta);
  if ((!integral && v.lo < 0) || (beta < 1 && v.amin == 0 && v.e > 0) || (beta < 0 && v.amin == 0)) {
    *ye = INFINITY;  /* outside the domain or at the singularity of the derivative */
    return;
  }
  double pmax = fmax(pow(v.amax, beta), pow(v.amin, beta));
  double lmax = fmax(pow(v.amax, beta - 1), pow(v.amin, beta - 1));
  double logterm = fabs(beta) * pmax * fmax(fabs(log(v.amax)), v.amin > 0 ? fabs(log(v.amin)) : 0);
  if (v.amin == 0) logterm = fmax(logterm, 1.0 / M_E);
  /* t^beta below FLT_MIN is subnormal or 0 in float, off by at most FLT_MIN however it is
   * evaluated (gradual underflow, or flushed to zero by a kernel running with FTZ/DAZ);
   * alpha scales that loss (visible once |alpha| is large: alpha 1e20, beta 40) */
  double pmin = fmin(pow(v.amax, beta), pow(v.amin, beta));
  double own = fabs(alpha) * (K_SIMPLE * (pmax + logterm) + 3 * U * pmax +
                              (pmin < FLT_MIN ? FLT_MIN : 0.0));
  *ye = (v.e > 0 ? fabs(alpha * beta) * lmax * v.e : 0.0) + own;
}

void lref_activation(Mlf__Lemon__Activation act, double alpha, double beta, double x, double e,
                     double *y, double *ye) {
  interval v = interval_of(x, e);
  double L = 1.0, own = 0.0;
  if (!(e >= 0) || isinf(e)) { *y = x, *ye = INFINITY; return; }
  /* The libraries take alpha and beta as float (dnnl_eltwise_forward_desc_init, XNNPACK's
   * operators): f is the function of those values. Where the conversion changes the function
   * itself, not only its value (pow with beta = -2e-120, which float holds as -0: t^-0 = 1
   * for every t, where the double power is NaN for t < 0), only the float's f is the
   * library's. */
  alpha = (float)alpha, beta = (float)beta;
  switch (act) {
  case MLF__LEMON__ACTIVATION__RELU:  /* continuous; slopes 1 and alpha; alpha t rounded */
    *y = x > 0 ? x : alpha * x;
    L = fmax(v.hi > 0 ? 1.0 : 0.0, v.lo <= 0 ? fabs(alpha) : 0.0);
    own = v.lo < 0 ? 2 * U * fabs(alpha) * -v.lo : 0.0;
    break;
  case MLF__LEMON__ACTIVATION__TANH:  /* |tanh'| = sech^2, decreasing in |t| */
    *y = tanh(x);
    L = sech2(v.amin);
    own = K_COMPLEX * (fabs(*y) + L * e);
    break;
  case MLF__LEMON__ACTIVATION__ELU: {  /* t <= 0: alpha (e^t - 1), |e^t - 1| <= 1 */
    *y = x > 0 ? x : alpha * expm1(x);
    double et = exp(fmin(v.hi, 0.0));
    L = fmax(v.hi > 0 ? 1.0 : 0.0, v.lo <= 0 ? fabs(alpha) * et : 0.0);
    own = v.lo <= 0 ? fabs(alpha) * (K_COMPLEX * et + 3 * U) : 0.0;
    break;
  }
  case MLF__LEMON__ACTIVATION__SQUARE:
    *y = x * x, L = 2 * v.amax, own = U * v.amax * v.amax;
    break;
  case MLF__LEMON__ACTIVATION__ABS:
    *y = fabs(x);
    break;
  case MLF__LEMON__ACTIVATION__SQRT:
    /* sqrt is 1/2-Hoelder with constant 1 (|sqrt a - sqrt b| <= sqrt |a - b|) and has slope
     * 1 / (2 sqrt lo) on I when lo > 0; a negative x^ would give NaN: no bound. */
    *y = sqrt(x);
    if (v.lo < 0) { *ye = INFINITY; return; }
    *ye = (v.lo > 0 ? fmin(e / (2 * sqrt(v.lo)), sqrt(e)) : sqrt(e)) + K_SIMPLE * sqrt(v.hi);
    return;
  case MLF__LEMON__ACTIVATION__BOUNDED_RELU:  /* min(alpha, max(t, 0)), alpha rounded */
    *y = fmin(alpha, fmax(x, 0.0));
    own = v.hi >= alpha ? U * fabs(alpha) : 0.0;
    break;
  case MLF__LEMON__ACTIVATION__SOFT_RELU:  /* slope logistic(t), increasing */
    *y = softplus(x), L = logistic(v.hi), own = softplus_own(v.hi, K_COMPLEX);
    break;
  case MLF__LEMON__ACTIVATION__LOGISTIC:  /* slope logistic (1 - logistic), decreasing in |t|;
                                           * 1 / (1 + e^-t): exp's error stays relative */
    *y = logistic(x);
    L = logistic(v.amin) * logistic(-v.amin);
    own = (K_SIMPLE + 2 * U) * (*y + L * e);
    break;
  case MLF__LEMON__ACTIVATION__EXP:
    *y = exp(x), L = exp(v.hi), own = K_SIMPLE * L;
    break;
  case MLF__LEMON__ACTIVATION__GELU_TANH: {
    /* 0.5 t (1 + tanh(z)), z = c (t + 0.044715 t^3), c = sqrt(2 / pi): z carries about 6
     * roundings (constants included) relative to zm = |z(amax)|; through tanh its error is
     * scaled by sech^2 on [|z(amin)| - dz, ...] (decreasing in |z|); then tanh's own error
     * (relative, <= K |tanh| <= K), the rounding of 1 + tanh (<= 2u) and of the products. */
    const double c = sqrt(2.0 / M_PI), k3 = 0.044715;
    *y = 0.5 * x * (1.0 + tanh(c * (x + k3 * x * x * x)));
    double zm = c * (v.amax + k3 * v.amax * v.amax * v.amax), dz = 6 * U * zm;
    double zmin = c * (v.amin + k3 * v.amin * v.amin * v.amin);
    L = GELU_SLOPE;
    own = 0.5 * v.amax * (sech2(fmax(zmin - dz, 0.0)) * dz + K_COMPLEX + 2 * U) +
          2 * U * (fabs(*y) + L * e);
    break;
  }
  case MLF__LEMON__ACTIVATION__SWISH: {
    /* t logistic(alpha t): alpha t rounded twice (alpha, product), logistic's slope <= 1/4
     * decreasing in |alpha t|; logistic evaluated through exp (relative K), its division
     * and addition; the final product. logistic(alpha t) is monotone in t: its sup is at
     * an end of I. */
    *y = x * logistic(alpha * x);
    double ls = fmax(logistic(alpha * v.lo), logistic(alpha * v.hi));
    double amin = fabs(alpha) * v.amin;
    L = SWISH_SLOPE;
    own = v.amax * (logistic(amin) * logistic(-amin) * 2 * U * fabs(alpha) * v.amax +
                    (K_COMPLEX + 3 * U) * ls) + U * (fabs(*y) + L * e);
    break;
  }
  case MLF__LEMON__ACTIVATION__LOG:
    /* slope 1 / lo; log's own error by oneDNN's acceptance rule (lref_granted_accuracy): near
     * t = 1, where the result tends to 0, the error of an argument-reduced polynomial stays
     * absolute (oneDNN's jit log(1) = -24 u) */
    *y = log(x);
    if (v.lo <= 0) { *ye = INFINITY; return; }
    L = 1.0 / v.lo;
    own = lref_granted_accuracy(K_COMPLEX, *y) + K_COMPLEX * L * e;
    break;
  case MLF__LEMON__ACTIVATION__CLIP:  /* min(beta, max(alpha, t)): slope <= 1; bounds rounded */
    *y = fmin(beta, fmax(alpha, x));
    own = (v.lo <= alpha || v.hi >= beta) ? U * fmax(fabs(alpha), fabs(beta)) : 0.0;
    break;
  case MLF__LEMON__ACTIVATION__POW:
    pow_eval(alpha, beta, v, y, ye);
    return;
  case MLF__LEMON__ACTIVATION__GELU_ERF: {
    /* 0.5 t (1 + erf(z)), z = t / sqrt 2 (2 roundings): z's error through erf' = 2/sqrt(pi)
     * e^(-z^2) <= 1.13 e^(-zmin^2); erf's own error (relative, <= K); 1 + erf (<= 2u);
     * the products. */
    *y = 0.5 * x * (1.0 + erf(x / M_SQRT2));
    double zmax = v.amax / M_SQRT2, zmin = v.amin / M_SQRT2;
    L = GELU_SLOPE;
    own = 0.5 * v.amax * (1.13 * exp(-zmin * zmin) * 2 * U * zmax + K_SIMPLE + 2 * U) +
          2 * U * (fabs(*y) + L * e);
    break;
  }
  case MLF__LEMON__ACTIVATION__ROUND:
    /* half to even, exact on floats; round is non-decreasing, so the farthest a rounded x^
     * can land from round(x) is at an end of I */
    *y = nearbyint(x);
    *ye = fmax(fabs(nearbyint(v.lo) - *y), fabs(nearbyint(v.hi) - *y));
    return;
  case MLF__LEMON__ACTIVATION__LOGSIGMOID:  /* -softplus(-t): slope logistic(-t), max at lo */
    *y = -softplus(-x), L = logistic(-v.lo), own = softplus_own(-v.lo, K_COMPLEX);
    break;
  case MLF__LEMON__ACTIVATION__MISH: {
    /* t tanh(softplus(t)): softplus's float error (at its worst on I, see softplus_own)
     * through tanh' = sech^2 (decreasing in s >= 0, s smallest at lo), tanh's own error
     * (<= K tanh(s(hi))), times |t| <= amax; the product. */
    double s = softplus(x);
    *y = x * tanh(s);
    L = MISH_SLOPE;
    own = v.amax * (sech2(softplus(v.lo)) * softplus_own(v.hi, K_COMPLEX) +
                    K_COMPLEX * tanh(softplus(v.hi))) + 2 * U * (fabs(*y) + L * e);
    break;
  }
  case MLF__LEMON__ACTIVATION__HARDSWISH: {
    /* t min(max(t + 3, 0), 6) / 6: about 5 roundings relative to |t| (|t| + 3 clipped) / 6,
     * increasing in |t| */
    *y = x * fmin(fmax(x + 3.0, 0.0), 6.0) / 6.0;
    L = HARDSWISH_SLOPE;
    own = 5 * U * v.amax * fmin(v.amax + 3.0, 6.0) / 6.0;
    break;
  }
  case MLF__LEMON__ACTIVATION__AFFINE:  /* alpha t + beta: both rounded, product and sum */
    *y = alpha * x + beta;
    L = fabs(alpha);
    own = 2 * U * fabs(alpha) * v.amax + U * fabs(beta) + U * (fabs(*y) + L * e);
    break;
  case MLF__LEMON__ACTIVATION__LINEAR:
  default:  /* identity (the post-processor maps unknown values to LINEAR) */
    *y = x;
    break;
  }
  *ye = L * e + own;
}
