/* FFT relations and their tolerances (see fft_relations.h). B = fft_bound(n) bounds the
 * relative 2-norm error of one transform; F is the unnormalized DFT, ||F v|| = sqrt(n) ||v||. */
#include "fft_relations.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "fft_bound.h"
#include "mlf_numeric.h"
#include "stats_report.h"

#define TARGET "gsl_fft"

const char *const fft_relation_names[] = {"dft", "round-trip", "parseval", "linearity",
                                          "shift", "radix2", "real", "impulse"};
const size_t fft_relation_count = sizeof fft_relation_names / sizeof *fft_relation_names;

static const long double two_pi = 6.283185307179586476925286766559005768L;

typedef struct {
  const fft_case *c;
  int numeric;    /* finite input far from overflow: the bounds apply */
  double worst;   /* largest error / bound seen */
  long double zn; /* ||z|| */
} ctx;

static int wants(const ctx *k, const char *name) { return !k->c->only || strcmp(k->c->only, name) == 0; }

static double *alloc_doubles(size_t count) {
  double *p = malloc((count ? count : 1) * sizeof *p);
  if (!p) abort();
  return p;
}

/* Runs op on in (packed) into out; the strided call must give the same bits and leave the
 * gaps alone; GSL must not report an error on a valid length. Returns 0 when it did. */
static int transform(ctx *k, fft_op op, const double *in, double *out) {
  const fft_case *c = k->c;
  const char *fn = fft_ops[op].function;
  size_t count = c->n * (size_t)fft_ops[op].out_width;
  fft_outcome o;
  fft_run(op, in, c->n, 1, c->side, c->t, out, &o);
  if (o.errors || o.status) {
    stats_raise(c->run, TARGET, fn, "error-handler", "error-on-valid",
                  "n = %zu: status %d, GSL error %d at %s", c->n, o.status, o.first.info, o.first.routine);
    return 0;
  }
  if (c->stride > 1) {
    double *s = alloc_doubles(count);
    fft_outcome so;
    fft_run(op, in, c->n, c->stride, c->side, c->t, s, &so);
    if (memcmp(s, out, count * sizeof *s) != 0)
      stats_raise(c->run, TARGET, fn, "stride", "bits-differ",
                    "n = %zu, stride %zu: result differs from the packed call", c->n, c->stride);
    if (!so.gaps_intact)
      stats_raise(c->run, TARGET, fn, "stride", "gap-written",
                    "n = %zu, stride %zu: wrote between the elements", c->n, c->stride);
    free(s);
  }
  return 1;
}

/* The bound of op on this length from how it makes its twiddles. */
static double op_bound(const ctx *k, fft_op op) { return fft_bound_of(k->c->n, fft_ops[op].twiddles); }

/* err within the standard bound: fine; within the bound of the transform's own twiddle
 * recurrences (implementation >= standard): "beyond-standard-bound"; else a mismatch. NaN
 * errors on finite input are findings too. */
static void judge(ctx *k, const char *fn, const char *relation, long double err,
                  long double standard, long double implementation) {
  long double floor = fft_underflow_floor(k->c->n);
  standard += floor, implementation += floor;
  double r = standard > 0 ? (double)(err / standard) : 0;
  if (err <= standard) {
    if (r > k->worst) k->worst = r;
    return;
  }
  const char *kind = !isfinite(err) ? "nonfinite-on-finite"
                     : err <= implementation ? "beyond-standard-bound" : "value-mismatch";
  stats_raise(k->c->run, TARGET, fn, relation, kind,
                "n = %zu: error %.3Lg > standard bound %.3Lg (%.2Lg x; twiddle recurrences allow %.3Lg)",
                k->c->n, err, standard, err / standard, implementation);
}

/* Forward against the long-double DFT: ||fl(F z) - F z|| <= B ||F z|| (+ the DFT's own error). */
static void check_dft(ctx *k, const double *Y) {
  size_t n = k->c->n;
  long double *ref = malloc(2 * n * sizeof *ref), ref_err;
  if (!ref) abort();
  fft_dft(k->c->z, n, -1, ref, &ref_err);
  long double refn = sqrtl((long double)n) * k->zn;
  long double bound = fft_bound(n) * refn + ref_err;
  judge(k, fft_ops[FFT_COMPLEX_FORWARD].function, "dft", fft_distance_long(Y, ref, 2 * n), bound, bound);
  free(ref);
}

/* inverse(fl(F v)) against v, relative to ||v||: the forward error B sqrt(n)||v|| shrinks to
 * B ||v|| under F^-1 / n, the inverse adds B (1 + B) ||v||, the 1/n scaling u (1 + 2B) ||v||. */
static long double round_trip_bound(double B, long double vn) {
  return (2 * B + B * B + MLF_U_DOUBLE * (1 + 2 * B)) * vn;
}

/* forward then inverse against v; scale is sqrt(2) for the real family (see check_real). */
static void check_round_trip(ctx *k, fft_op forward, fft_op inverse, const double *Y,
                             const double *v, size_t count, double scale) {
  double *back = alloc_doubles(count);
  long double vn = fft_norm(v, count);
  double impl = fmax(op_bound(k, forward), op_bound(k, inverse));
  if (transform(k, inverse, Y, back))
    judge(k, fft_ops[inverse].function, "round-trip", fft_distance(back, v, count),
          round_trip_bound(scale * fft_bound(k->c->n), vn), round_trip_bound(scale * impl, vn));
  free(back);
}

/* Parseval: | ||fl(F z)|| - sqrt(n) ||z|| | <= ||fl(F z) - F z|| <= B sqrt(n) ||z||, plus the
 * long-double norms' own rounding (2^-60 relative). */
static void check_parseval(ctx *k, const double *Y) {
  long double want = sqrtl((long double)k->c->n) * k->zn, got = fft_norm(Y, 2 * k->c->n);
  long double bound = fft_bound(k->c->n) * want + 0x1p-60L * (got + want);
  judge(k, fft_ops[FFT_COMPLEX_FORWARD].function, "parseval", fabsl(got - want), bound, bound);
}

/* Linearity with w = fl(a z + b v), v = z reversed with re and im swapped:
 * ||F w - (a F z + b F v)|| <= B (||F w|| + |a| ||F z|| + |b| ||F v||) + sqrt(n) ||w - (a z + b v)||
 * (the exact effect of rounding w, computed, not bounded) + the underflow floors of F z and
 * F v scaled by |a| and |b| (judge adds the one of F w). */
static void check_linearity(ctx *k, const double *Y) {
  const fft_case *c = k->c;
  size_t n = c->n;
  double *v = alloc_doubles(2 * n), *w = alloc_doubles(2 * n), *V = alloc_doubles(2 * n),
         *W = alloc_doubles(2 * n);
  long double rounding = 0, wabs = 0;
  for (size_t i = 0; i < n; i++) {
    v[2 * i] = c->z[2 * (n - 1 - i) + 1], v[2 * i + 1] = c->z[2 * (n - 1 - i)];
    for (int p = 0; p < 2; p++) {
      w[2 * i + p] = c->a * c->z[2 * i + p] + c->b * v[2 * i + p];
      long double d = (long double)w[2 * i + p] - ((long double)c->a * c->z[2 * i + p] + (long double)c->b * v[2 * i + p]);
      rounding += d * d;
      wabs += fabsl((long double)w[2 * i + p]);
    }
  }
  if (isfinite(wabs) && wabs <= 0x1p1000L && transform(k, FFT_COMPLEX_FORWARD, v, V) &&
      transform(k, FFT_COMPLEX_FORWARD, w, W)) {
    long double s = 0;
    for (size_t i = 0; i < 2 * n; i++) {
      long double d = (long double)W[i] - ((long double)c->a * Y[i] + (long double)c->b * V[i]);
      s += d * d;
    }
    long double bound = fft_bound(n) * (fft_norm(W, 2 * n) + fabsl((long double)c->a) * fft_norm(Y, 2 * n) +
                                        fabsl((long double)c->b) * fft_norm(V, 2 * n)) +
                        sqrtl((long double)n) * sqrtl(rounding) +
                        fft_underflow_floor(n) * (fabsl((long double)c->a) + fabsl((long double)c->b));
    judge(k, fft_ops[FFT_COMPLEX_FORWARD].function, "linearity", sqrtl(s), bound, bound);
  }
  free(v), free(w), free(V), free(W);
}

/* Shift theorem: F(z shifted by m)_k = exp(-2 pi i k m / n) (F z)_k; both transforms err by
 * B sqrt(n) ||z|| and the phase factors (long double) by 8 * 2^-64 relative. */
static void check_shift(ctx *k, const double *Y) {
  const fft_case *c = k->c;
  size_t n = c->n, m = c->shift % n;
  double *zs = alloc_doubles(2 * n), *Ys = alloc_doubles(2 * n);
  for (size_t i = 0; i < n; i++)
    zs[2 * ((i + m) % n)] = c->z[2 * i], zs[2 * ((i + m) % n) + 1] = c->z[2 * i + 1];
  if (transform(k, FFT_COMPLEX_FORWARD, zs, Ys)) {
    long double s = 0;
    for (size_t q = 0; q < n; q++) {
      long double t = -two_pi * (long double)((q * m) % n) / (long double)n;
      long double re = Y[2 * q] * cosl(t) - Y[2 * q + 1] * sinl(t);
      long double im = Y[2 * q] * sinl(t) + Y[2 * q + 1] * cosl(t);
      long double dr = Ys[2 * q] - re, di = Ys[2 * q + 1] - im;
      s += dr * dr + di * di;
    }
    long double yn = sqrtl((long double)n) * k->zn;
    long double bound = 2 * fft_bound(n) * yn + 8 * 0x1p-64L * fft_norm(Y, 2 * n);
    judge(k, fft_ops[FFT_COMPLEX_FORWARD].function, "shift", sqrtl(s), bound, bound);
  }
  free(zs), free(Ys);
}

/* Radix-2 (DIT and DIF) against mixed radix: ||R - Y|| <= (B_r2 + B) sqrt(n) ||z||; their
 * inverses round trip like the mixed-radix one. */
static void check_radix2(ctx *k, const double *Y) {
  const fft_case *c = k->c;
  size_t n = c->n;
  double *R = alloc_doubles(2 * n);
  static const fft_op forward[2] = {FFT_RADIX2_FORWARD, FFT_RADIX2_DIF_FORWARD};
  static const fft_op inverse[2] = {FFT_RADIX2_INVERSE, FFT_RADIX2_DIF_INVERSE};
  double B = fft_bound(n);
  long double yn = sqrtl((long double)n) * k->zn;
  for (int v = 0; v < 2; v++) {
    if (!transform(k, forward[v], c->z, R) || !k->numeric) continue;
    judge(k, fft_ops[forward[v]].function, "radix2", fft_distance(R, Y, 2 * n), 2 * B * yn,
          (op_bound(k, forward[v]) + B) * yn);
    check_round_trip(k, forward[v], inverse[v], R, c->z, 2 * n, 1.0);
  }
  free(R);
}

/* Real input: gsl_fft_real_unpack is exact; the halfcomplex result of the real transform,
 * unpacked, is F x within (sqrt(2) B + B) sqrt(n) ||x|| of the complex transform of (x, 0)
 * (an unpacked halfcomplex error appears at most twice, sqrt(2) in norm); the halfcomplex
 * inverse returns x within the round-trip bound with sqrt(2) B. */
static void check_real(ctx *k) {
  const fft_case *c = k->c;
  size_t n = c->n;
  double *zx = alloc_doubles(2 * n), *Yx = alloc_doubles(2 * n), *H = alloc_doubles(n),
         *C = alloc_doubles(2 * n);
  double B = fft_bound(n);
  long double xn = fft_norm(c->x, n);
  int ok = transform(k, FFT_REAL_UNPACK, c->x, zx);
  for (size_t i = 0; ok && i < n; i++)
    if (memcmp(&zx[2 * i], &c->x[i], sizeof *zx) != 0 || zx[2 * i + 1] != 0.0) {
      stats_raise(c->run, TARGET, fft_ops[FFT_REAL_UNPACK].function, "real", "value-mismatch",
                    "n = %zu: element %zu is (%.17g, %.17g), x = %.17g", n, i, zx[2 * i], zx[2 * i + 1], c->x[i]);
      ok = 0;
    }
  ok = ok && transform(k, FFT_COMPLEX_FORWARD, zx, Yx);
  static const fft_op forward[2] = {FFT_REAL_FORWARD, FFT_REAL_RADIX2_FORWARD};
  static const fft_op unpack[2] = {FFT_HALFCOMPLEX_UNPACK, FFT_HALFCOMPLEX_RADIX2_UNPACK};
  static const fft_op inverse[2] = {FFT_HALFCOMPLEX_INVERSE, FFT_HALFCOMPLEX_RADIX2_INVERSE};
  for (int v = 0; ok && v < 2; v++) {
    if (v == 1 && !fft_power_of_two(n)) break;
    if (!transform(k, forward[v], c->x, H) || !transform(k, unpack[v], H, C)) continue;
    if (!k->numeric) continue;
    long double yn = sqrtl((long double)n) * xn;
    judge(k, fft_ops[forward[v]].function, "real", fft_distance(C, Yx, 2 * n), (sqrt(2.0) * B + B) * yn,
          (sqrt(2.0) * op_bound(k, forward[v]) + B) * yn);
    check_round_trip(k, forward[v], inverse[v], H, c->x, n, sqrt(2.0));
  }
  free(zx), free(Yx), free(H), free(C);
}

/* Impulse: F(c delta_0) is c in every bin, exactly in floating point (GSL's passes use the
 * twiddle 1 for the first leg and multiply the others' zeros: w 0 = 0, c + 0 = c), for the
 * mixed-radix transform and both radix-2 ones; c is the message's first element. */
static void check_impulse(ctx *k) {
  const fft_case *c = k->c;
  size_t n = c->n;
  double re = c->z[0], im = c->z[1];
  if (!isfinite(re) || !isfinite(im)) return;
  double *d = alloc_doubles(2 * n), *Y = alloc_doubles(2 * n);
  memset(d, 0, 2 * n * sizeof *d);
  d[0] = re, d[1] = im;
  static const fft_op ops[3] = {FFT_COMPLEX_FORWARD, FFT_RADIX2_FORWARD, FFT_RADIX2_DIF_FORWARD};
  for (int v = 0; v < (fft_power_of_two(n) ? 3 : 1); v++) {
    if (!transform(k, ops[v], d, Y)) continue;
    size_t at = fft_first_not_constant(Y, n, re, im);
    if (at < n)
      stats_raise(c->run, TARGET, fft_ops[ops[v]].function, "impulse", "value-mismatch",
                  "n = %zu: bin %zu is (%.17g, %.17g), the impulse (%.17g, %.17g) exactly", n, at,
                  Y[2 * at], Y[2 * at + 1], re, im);
  }
  free(d), free(Y);
}

/* 1 when every input is finite and sum |z| <= 2^1000: no intermediate can overflow. */
static int numeric_input(const double *v, size_t count) {
  long double s = 0;
  for (size_t i = 0; i < count; i++) s += fabsl((long double)v[i]);
  return isfinite(s) && s <= 0x1p1000L;
}

double fft_check_relations(const fft_case *c) {
  size_t n = c->n;
  ctx k = {c, numeric_input(c->z, 2 * n) && numeric_input(c->x, n), 0, fft_norm(c->z, 2 * n)};
  double *Y = alloc_doubles(2 * n);
  if (transform(&k, FFT_COMPLEX_FORWARD, c->z, Y) && k.numeric) {
    if (n <= 64 && wants(&k, "dft")) check_dft(&k, Y);
    if (wants(&k, "round-trip")) check_round_trip(&k, FFT_COMPLEX_FORWARD, FFT_COMPLEX_INVERSE, Y, c->z, 2 * n, 1.0);
    if (wants(&k, "parseval")) check_parseval(&k, Y);
    if (wants(&k, "linearity")) check_linearity(&k, Y);
    if (wants(&k, "shift")) check_shift(&k, Y);
  }
  if (fft_power_of_two(n) && wants(&k, "radix2")) check_radix2(&k, Y);
  if (wants(&k, "real")) check_real(&k);
  if (wants(&k, "impulse")) check_impulse(&k);
  free(Y);
  return k.worst;
}
