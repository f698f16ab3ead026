/* Exact least-squares quantities in long double with bounds (see fit_model.h). Sums of m
 * terms at u = 2^-64 err by gamma_m times the sum of magnitudes (Higham (3.4)); centred sums
 * also carry the means' errors delta_x, delta_y to first and second order. */
#include <math.h>
#include "fit_model.h"
#include "movstat_reference.h"

static long double gamma_ld(size_t k) {
  const long double u = 0x1p-64L;
  return (long double)k * u / (1.0L - (long double)k * u);
}

typedef struct {
  long double W, mx, my, dmx, dmy; /* total weight (count), means and their errors */
  size_t m;                        /* points used */
} centre;

static int used(const fit_data *d, int weighted, size_t i) { return !weighted || d->w[i] > 0; }
static long double weight(const fit_data *d, int weighted, size_t i) { return weighted ? d->w[i] : 1.0L; }

static void find_centre(const fit_data *d, int weighted, centre *c) {
  long double W = 0, sx = 0, sy = 0, ax = 0, ay = 0;
  c->m = 0;
  for (size_t i = 0; i < d->n; i++) {
    if (!used(d, weighted, i)) continue;
    long double w = weight(d, weighted, i);
    W += w, sx += w * d->x[i], sy += w * d->y[i];
    ax += fabsl(w * d->x[i]), ay += fabsl(w * d->y[i]);
    c->m++;
  }
  c->W = W;
  c->mx = sx / W, c->my = sy / W;
  /* W itself errs by gamma_m W (relative), so a mean by about 2 gamma_m + u. */
  long double g = gamma_ld(2 * c->m + 2);
  c->dmx = g * ax / W + g * fabsl(c->mx);
  c->dmy = g * ay / W + g * fabsl(c->my);
}

/* Weighted sums about the centre: S_xx, S_xy, and the weighted residual sum for slope b with
 * intercept (centred) or without, each with its bound. */
typedef struct {
  long double sxx, sxy, exx, exy;
} moments;

static void centred_moments(const fit_data *d, int weighted, const centre *c, moments *mo) {
  long double sxx = 0, sxy = 0, axx = 0, axy = 0, shx = 0, shy = 0;
  for (size_t i = 0; i < d->n; i++) {
    if (!used(d, weighted, i)) continue;
    long double w = weight(d, weighted, i), dx = d->x[i] - c->mx, dy = d->y[i] - c->my;
    sxx += w * dx * dx, sxy += w * dx * dy;
    axx += fabsl(w * dx * dx), axy += fabsl(w * dx * dy);
    shx += w * fabsl(dx), shy += w * fabsl(dy);
  }
  long double g = gamma_ld(c->m + 4);
  mo->sxx = sxx, mo->sxy = sxy;
  mo->exx = g * axx + 2 * c->dmx * shx + c->W * c->dmx * c->dmx;
  mo->exy = g * axy + c->dmx * shy + c->dmy * shx + c->W * c->dmx * c->dmy;
}

/* sum w (y - (a + b x))^2 about the centre (intercept) or the origin, and its bound: the
 * rounding, the slope's error db (second order at the optimum: S_xx db^2, plus first order
 * from the computed, nonzero gradient), the means' errors. */
static tracked_double residual_sum(const fit_data *d, int weighted, int intercept,
                                    const centre *c, long double b, long double db) {
  long double s = 0, a = 0, grad = 0, sxx = 0, sr = 0;
  long double ox = intercept ? c->mx : 0, oy = intercept ? c->my : 0;
  long double shift = intercept ? c->dmy + fabsl(b) * c->dmx : 0;
  for (size_t i = 0; i < d->n; i++) {
    if (!used(d, weighted, i)) continue;
    long double w = weight(d, weighted, i), dx = d->x[i] - ox, r = (d->y[i] - oy) - b * dx;
    s += w * r * r;
    a += w * (fabsl(r) + fabsl(b * dx)) * (fabsl(r) + fabsl(b * dx));
    grad += w * r * dx, sxx += w * dx * dx, sr += w * fabsl(r);
  }
  long double e = gamma_ld(c->m + 6) * a + 2 * fabsl(grad) * db + sxx * db * db +
                  2 * shift * sr + c->W * shift * shift;
  return movstat_from_long(s, e);
}

static tracked_double t(long double v, long double e) { return movstat_from_long(v, e); }

/* The slope a / b of two long-double sums with bounds e_a, e_b, divided in long double and
 * converted once: sums that fall below the double range (tiny weights) would lose their
 * digits if converted first. |a/b - a'/b'| <= (|a| e_b / |b| + e_a) / (|b| - e_b) while
 * |b| > e_b, plus the quotient's own rounding u |a/b|. */
static tracked_double slope(long double a, long double ea, long double b, long double eb) {
  long double ab = fabsl(b);
  if (!(ab > eb)) return t(a / b, INFINITY);
  long double q = a / b;
  return t(q, (fabsl(a) * (eb / ab) + ea) / (ab - eb) + 0x1p-64L * fabsl(q));
}

void fit_truth(fit_kind k, const fit_data *d, tracked_double out[FIT_OUT_COUNT]) {
  int weighted = fit_weighted(k);
  for (int o = 0; o < FIT_OUT_COUNT; o++) out[o] = tracked_exact(NAN);
  centre c;
  find_centre(d, weighted, &c);
  if (fit_has_intercept(k)) {
    moments mo;
    centred_moments(d, weighted, &c, &mo);
    tracked_double sxx = t(mo.sxx, mo.exx), mx = t(c.mx, c.dmx),
                    my = t(c.my, c.dmy), W = t(c.W, gamma_ld(c.m) * c.W);
    tracked_double b = slope(mo.sxy, mo.exy, mo.sxx, mo.exx);
    out[FIT_C1] = b;
    out[FIT_C0] = tracked_sub(my, tracked_mul(mx, b));
    out[FIT_SUMSQ] = residual_sum(d, weighted, 1, &c, mo.sxy / mo.sxx, tracked_bound(b));
    /* The documented covariances: s^2 (X^T X)^-1 unweighted, (X^T W X)^-1 weighted. */
    tracked_double scale = weighted ? tracked_exact(1.0)
                                     : tracked_div(out[FIT_SUMSQ], tracked_exact((double)d->n - 2.0));
    tracked_double mx2 = tracked_mul(mx, mx);
    out[FIT_COV11] = tracked_div(scale, sxx);
    out[FIT_COV01] = tracked_div(tracked_mul(scale, (tracked_double){-mx.v, mx.e}), sxx);
    out[FIT_COV00] = tracked_mul(scale, tracked_add(tracked_div(tracked_exact(1.0), W), tracked_div(mx2, sxx)));
    return;
  }
  long double sxx = 0, sxy = 0, axx = 0, axy = 0;
  for (size_t i = 0; i < d->n; i++) {
    if (!used(d, weighted, i)) continue;
    long double w = weight(d, weighted, i);
    sxx += w * d->x[i] * d->x[i], sxy += w * d->x[i] * d->y[i];
    axx += fabsl(w * d->x[i] * d->x[i]), axy += fabsl(w * d->x[i] * d->y[i]);
  }
  long double g = gamma_ld(c.m + 3);
  tracked_double Sxx = t(sxx, g * axx), b = slope(sxy, g * axy, sxx, g * axx);
  out[FIT_C1] = b;
  out[FIT_SUMSQ] = residual_sum(d, weighted, 0, &c, sxy / sxx, tracked_bound(b));
  tracked_double scale = weighted ? tracked_exact(1.0)
                                   : tracked_div(out[FIT_SUMSQ], tracked_exact((double)d->n - 1.0));
  out[FIT_COV11] = tracked_div(scale, Sxx);
}
