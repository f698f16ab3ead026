/* Normalizing layers of the LEMON reference: BATCH_NORM, LAYER_NORM, LRN (across channels),
 * SOFTMAX and LOG_SOFTMAX (over the last axis), one batch item each. Their bounds are coarse
 * but sound first-order-plus-remainder propagations; each function says why. */
#include "lemon_reference_internal.h"

#define U LREF_U
#define K_SIMPLE (LEMON_ELTWISE_ULPS * LREF_U)
#define K_COMPLEX (LREF_ULPS_COMPLEX * LREF_U)

static size_t last_dim(const lemon_layer *l) { return l->in[0]->dim[l->in[0]->rank - 1]; }

/* y = A (x - mean) + shift, A = scale / sqrt(var + eps). Input error: |A| e. Rounding: the
 * direct form (x - mean, var + eps, sqrt, division, two products, the sum) and the folded
 * form x A + (shift - mean A) both stay within 10 roundings of |A| (|x| + |mean|) + |shift|
 * (the float eps adds u eps / (var + eps) <= u to A). */
void lref_batch_norm(const lemon_layer *l, const double *const *x, const double *const *xe,
                     double *y, double *ye) {
  size_t c = last_dim(l), n = lemon_shape_elements(l->in[0]);
  const float *mean = l->weights, *var = mean + c, *scale = var + c, *shift = scale + c;
  for (size_t i = 0; i < n; i++) {
    size_t ch = i % c;
    double v = (double)var[ch] + LEMON_NORM_EPS;
    double a = scale[ch] / sqrt(v);
    y[i] = a * (x[0][i] - mean[ch]) + shift[ch];
    ye[i] = v > 0 ? fabs(a) * xe[0][i] +
                        10 * U * (fabs(a) * (fabs(x[0][i]) + xe[0][i] + fabs(mean[ch])) + fabs(shift[ch]))
                  : INFINITY;
  }
}

/* Statistics of one row of LAYER_NORM with their bounds (see lref_layer_norm). */
typedef struct {
  double mu, mu_round, mu_err, r, r_err;
} row_stats;

/* mean and 1 / sqrt(var + eps) of x[0..c) known to within xe:
 * - mean: input errors average (<= mean e); rounding gamma_(c+1) of mean(|x| + e).
 * - var (biased): the exact change under input perturbations delta is
 *   (1/c) sum 2 d_k (delta_k - mean delta) + (delta_k - mean delta)^2; the rounding of either
 *   two-pass or one-pass (E[x^2] - mu^2) evaluation is within gamma_(c+4) 2 (mean (|x|+e)^2 +
 *   (|mu| + mean e)^2), plus what the rounded mean does to it (2 |mu| eta + eta^2).
 * - r = (var + eps)^(-1/2): its slope 1/2 V^(-3/2) is largest at V - dV; sqrt and division
 *   round (3u relative to the largest r). No bound when dV reaches half of V, or when the
 *   float sum of squares may overflow (oneDNN 2.6.3's layer normalization, optimized and
 *   reference alike, then gives r = 0, y = shift, for rows around 1e19 whose variance a float
 *   holds). */
static int layer_norm_stats(const double *x, const double *xe, size_t c, row_stats *s) {
  double sum = 0, ebar = 0, m1 = 0, m2 = 0;
  for (size_t k = 0; k < c; k++) {
    sum += x[k], ebar += xe[k], m1 += fabs(x[k]) + xe[k];
    m2 += (fabs(x[k]) + xe[k]) * (fabs(x[k]) + xe[k]);
  }
  s->mu = sum / c, ebar /= c, m1 /= c, m2 /= c;
  s->mu_round = lref_sum_rounding(c + 1, m1);
  s->mu_err = ebar + s->mu_round;
  double var = 0, dvar = 0;
  for (size_t k = 0; k < c; k++) {
    double d = x[k] - s->mu, p = xe[k] + ebar;
    var += d * d, dvar += 2 * fabs(d) * p + p * p;
  }
  var /= c, dvar /= c;
  double am = fabs(s->mu) + ebar, eta = s->mu_round;
  dvar += lref_sum_rounding(c + 4, 2 * (m2 + am * am)) + 2 * am * eta + eta * eta;
  double v = var + LEMON_NORM_EPS;
  double dv = dvar + U * LEMON_NORM_EPS + U * (v + dvar);
  s->r = 1.0 / sqrt(v);  /* the value holds even where the bound does not */
  if (!(dv < 0.5 * v) || lref_float_sum_may_overflow((double)c, m2 * (double)c)) return -1;
  double rmax = 1.0 / sqrt(v - dv);
  s->r_err = 0.5 * rmax * rmax * rmax * dv + 3 * U * rmax;
  return 0;
}

/* y = scale (x - mu) r + shift over the last axis: d = x - mu is off by e_k + mean e + eta
 * and its rounding; the product d r by the product bound and its rounding; then scale and
 * shift (exact floats) with two more roundings. */
void lref_layer_norm(const lemon_layer *l, const double *const *x, const double *const *xe,
                     double *y, double *ye) {
  size_t c = last_dim(l), rows = lemon_shape_elements(l->in[0]) / c;
  const float *scale = l->weights, *shift = scale + c;
  for (size_t r = 0; r < rows; r++) {
    const double *xr = x[0] + r * c, *er = xe[0] + r * c;
    row_stats s;
    int ok = layer_norm_stats(xr, er, c, &s) == 0;
    for (size_t k = 0; k < c; k++) {
      double d = xr[k] - s.mu, z = d * s.r;
      double dd = er[k] + s.mu_err;
      dd += U * (fabs(d) + dd);
      double dz = lref_product_error(d, dd, s.r, s.r_err);
      dz += U * (fabs(d) + dd) * (s.r + s.r_err);
      y[r * c + k] = scale[k] * z + shift[k];
      ye[r * c + k] = ok ? fabs(scale[k]) * dz + 2 * U * (fabs(scale[k]) * (fabs(z) + dz) + fabs(shift[k]))
                         : INFINITY;
    }
  }
}

/* LRN across channels, y = x D^(-beta), D = 1 + alpha / n sum over the window of x^2:
 * - S = sum x^2: input change <= sum 2 |x| e + e^2, rounding gamma_(n+1) sum (|x| + e)^2;
 * - D: alpha / n S with alpha, alpha / n, the product and the sum rounded (4u of the terms);
 * - P = D^(-beta): slope |beta| t^(-beta-1), monotone in t, largest at an end of [D - dD,
 *   D + dD]; pow's own error as exp(-beta log D) (K (1 + |beta log D|) relative) and 2u;
 * - x P: product bound and 2u (product or division). No bound once D - dD <= 0, or once the
 *   float S may overflow (lref_float_sum_may_overflow). */
void lref_lrn(const lemon_layer *l, const double *const *x, const double *const *xe, double *y,
              double *ye) {
  size_t c = last_dim(l), n = lemon_shape_elements(l->in[0]), size = l->kernel;
  size_t half = (size - 1) / 2;
  double a = l->alpha / (double)size, beta = l->beta;
  for (size_t i = 0; i < n; i++) {
    size_t ch = i % c, first = ch >= half ? ch - half : 0, last = ch + half < c ? ch + half : c - 1;
    double s = 0, ds = 0, mag = 0;
    for (size_t j = i - ch + first; j <= i - ch + last; j++) {
      double v = x[0][j], e = xe[0][j];
      s += v * v, ds += 2 * fabs(v) * e + e * e, mag += (fabs(v) + e) * (fabs(v) + e);
    }
    ds += lref_sum_rounding(last - first + 2, mag);
    double d = 1 + a * s, dd = fabs(a) * ds + 4 * U * (fabs(a) * (s + ds) + 1);
    double p = pow(d, -beta);
    y[i] = x[0][i] * p;
    if (!(d - dd > 0) || lref_float_sum_may_overflow((double)(last - first + 1), mag)) {
      ye[i] = INFINITY;
      continue;
    }
    double lo = d - dd, hi = d + dd;
    double pmax = fmax(pow(lo, -beta), pow(hi, -beta));
    double slope = fabs(beta) * fmax(pow(lo, -beta - 1), pow(hi, -beta - 1));
    double logmax = fmax(fabs(log(lo)), fabs(log(hi)));
    double dp = slope * dd + pmax * (K_SIMPLE * (1 + fabs(beta) * logmax) + 2 * U);
    double ax = fabs(x[0][i]), ex = xe[0][i];
    ye[i] = lref_product_error(ax, ex, p, dp) + 2 * U * (ax + ex) * (p + dp);
  }
}

/* The shared part of SOFTMAX and LOG_SOFTMAX over one row: m = max x, t_j = e^(x_j - m),
 * S = sum t_j, y_j = t_j / S, and the relative reach of the input errors on the sum:
 * sum y_j e^(+-e_j) (a perturbed row has S(x^) / S(x) e^(-delta_k) ... see below). */
typedef struct {
  double m, s, up, down, emax;
  double sigma;  /* the float S's relative error (softmax_sum_error) */
} softmax_row;

/* Own relative error of t_j in float: exp's K and the rounding of x^_j - m^ (u relative to
 * |x_j - m| + 2 emax, through exp's slope e^t / e^t = 1), with a 1% margin for the
 * second-order terms. */
static double exp_term_error(const softmax_row *r, double xj) {
  return 1.01 * (K_SIMPLE + U * (fabs(xj - r->m) + 2 * r->emax));
}

/* Relative error sigma of the float S: sum over j of t_j's error and the summation's
 * gamma_c, weighted by the (perturbed) share of t_j in S. */
static double softmax_sum_error(const softmax_row *r, const double *x, const double *xe,
                                size_t c) {
  double sigma = 0, g = lref_gamma((double)c);
  for (size_t j = 0; j < c; j++) {
    double share = exp(x[j] - r->m) / r->s * exp(xe[j]) / r->down;
    sigma += share * ((1 + exp_term_error(r, x[j])) * (1 + g) - 1);
  }
  return sigma;
}

/* One row's statistics, the float sum's relative error included. */
static softmax_row softmax_row_of(const double *x, const double *xe, size_t c) {
  softmax_row r = {x[0], 0, 0, 0, 0, 0};
  for (size_t k = 0; k < c; k++) r.m = fmax(r.m, x[k]), r.emax = fmax(r.emax, xe[k]);
  for (size_t k = 0; k < c; k++) r.s += exp(x[k] - r.m);
  for (size_t k = 0; k < c; k++) {
    double w = exp(x[k] - r.m) / r.s;
    r.up += w * exp(xe[k]), r.down += w * exp(-xe[k]);
  }
  r.sigma = softmax_sum_error(&r, x, xe, c);
  return r;
}

/* SOFTMAX: y_k(x^) / y_k(x) = e^(delta_k) / sum_j y_j e^(delta_j), which lies in
 * [e^(-e_k) / up, e^(e_k) / down] (rel_in). The float evaluation then multiplies by
 * (1 + rho_k)(1 + 2u) / (1 +- sigma) (rel_own). Both compose multiplicatively. Underflowing
 * terms lose at most 2^-126 absolute each (LREF_TINY per element). */
void lref_softmax(const lemon_layer *l, const double *const *x, const double *const *xe,
                  double *y, double *ye) {
  size_t c = last_dim(l), rows = lemon_shape_elements(l->in[0]) / c;
  for (size_t r = 0; r < rows; r++) {
    const double *xr = x[0] + r * c, *er = xe[0] + r * c;
    softmax_row sr = softmax_row_of(xr, er, c);
    double sigma = sr.sigma;
    for (size_t k = 0; k < c; k++) {
      double v = exp(xr[k] - sr.m) / sr.s;
      double rin = fmax(exp(er[k]) / sr.down - 1, 1 - exp(-er[k]) / sr.up);
      double rown = (1 + exp_term_error(&sr, xr[k])) * (1 + 2 * U) / (1 - sigma) - 1;
      y[r * c + k] = v;
      ye[r * c + k] = sigma < 0.5 ? v * ((1 + rin) * (1 + rown) - 1) + (c + 2) * LREF_TINY
                                  : INFINITY;
    }
  }
}

/* LOG_SOFTMAX: y_k = x_k - m - log S. Input errors: e_k plus the reach of log S, within
 * [log down, log up]. Float: x^_k - m^ (u of |x_k - m| + 2 emax), log of a sum off by
 * sigma relative (|log(1 +- sigma)| <= sigma / (1 - sigma)), log's own error (oneDNN's
 * acceptance rule on log S, as for LOG, plus its reach), the final difference (u). */
void lref_log_softmax(const lemon_layer *l, const double *const *x, const double *const *xe,
                      double *y, double *ye) {
  size_t c = last_dim(l), rows = lemon_shape_elements(l->in[0]) / c;
  for (size_t r = 0; r < rows; r++) {
    const double *xr = x[0] + r * c, *er = xe[0] + r * c;
    softmax_row sr = softmax_row_of(xr, er, c);
    double sigma = sr.sigma, ls = log(sr.s), lreach = fmax(log(sr.up), -log(sr.down));
    double dlog = sigma / (1 - sigma);
    double logown = dlog + lref_granted_accuracy(K_COMPLEX, ls) + K_COMPLEX * (lreach + dlog);
    for (size_t k = 0; k < c; k++) {
      double a = xr[k] - sr.m, v = a - ls;
      double e = er[k] + lreach + U * (fabs(a) + 2 * sr.emax) + logown;
      y[r * c + k] = v;
      ye[r * c + k] = sigma < 0.5 ? e + U * (fabs(v) + e) : INFINITY;
    }
  }
}
