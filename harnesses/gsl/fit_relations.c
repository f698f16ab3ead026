/* Relations of the linear fits (see fit_relations.h). Bounds: B(r) is the replay's running
 * error bound of a GSL output, B(t) the long-double truth's bound (fit_model.h). */
#include "fit_relations.h"
#include <gsl/gsl_fit.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "stats_report.h"
#include "movstat_verdict.h"
#include "movstat_window.h"

#define TARGET "gsl_fit"

const char *const fit_relation_names[] = {"truth", "stride", "permute", "scale-x", "scale-y",
                                          "scale-w", "translate", "collinear", "equal-weights",
                                          "zero-weights", "est", "degenerate"};
const size_t fit_relation_count = sizeof fit_relation_names / sizeof *fit_relation_names;

typedef struct {
  const fit_case *c;
  fit_kind k;
  unsigned flags; /* MOVSTAT_HAS_NAN / HAS_INF of the data the fit uses */
  double worst;
} ctx;

/* A data set the relations derive: owns its arrays. */
typedef struct {
  double *x, *y, *w;
  fit_data d;
} derived;

static int wants(const ctx *t, const char *name) { return !t->c->only || strcmp(t->c->only, name) == 0; }

static void derive_copy(const fit_data *src, derived *o) {
  size_t n = src->n ? src->n : 1;
  o->x = malloc(n * sizeof *o->x), o->y = malloc(n * sizeof *o->y), o->w = malloc(n * sizeof *o->w);
  if (!o->x || !o->y || !o->w) abort();
  memcpy(o->x, src->x, src->n * sizeof *o->x), memcpy(o->y, src->y, src->n * sizeof *o->y);
  memcpy(o->w, src->w, src->n * sizeof *o->w);
  o->d = (fit_data){o->x, o->y, o->w, src->n};
}

static void derived_free(derived *o) { free(o->x), free(o->y), free(o->w); }

static void run_packed(const ctx *t, const fit_data *d, fit_result *r) {
  fit_call(t->k, d, (fit_strides){1, 1, 1}, t->c->side, r);
}

/* |a - b| <= bound (finite bound only), else a finding. */
static void close_or_raise(ctx *t, const char *relation, int o, double got, double want,
                           double bound) {
  if (!isfinite(bound) || !isfinite(want)) return;
  double err = fabs(got - want);
  if (err <= bound) {
    if (bound > 0 && err / bound > t->worst) t->worst = err / bound;
    return;
  }
  stats_raise(t->c->run, TARGET, fit_functions[t->k], relation,
                isfinite(got) ? "value-mismatch" : "nonfinite-on-finite",
                "n = %zu, %s: %.17g, expected %.17g (bound %.3g)", t->c->d.n,
                fit_output_names[o], got, want, bound);
}

/* Non-finite flags of the values an output depends on: the points the fit uses (w > 0 for
 * the weighted fits), and y only where it enters (the weighted covariances are of x and w). */
static unsigned input_flags(fit_kind k, const fit_data *d, int with_y) {
  unsigned f = 0;
  for (size_t i = 0; i < d->n; i++) {
    if (fit_weighted(k) && !(d->w[i] > 0)) continue;
    f |= movstat_value_flags(&d->x[i], 1) | (with_y ? movstat_value_flags(&d->y[i], 1) : 0);
    if (fit_weighted(k)) f |= movstat_value_flags(&d->w[i], 1);
  }
  return f;
}

static void check_truth(ctx *t, const fit_result *r, const tracked_double *rep) {
  tracked_double truth[FIT_OUT_COUNT];
  fit_truth(t->k, &t->c->d, truth);
  for (int o = 0; o < FIT_OUT_COUNT; o++) {
    if (!fit_output_used(t->k, o)) continue;
    int with_y = !fit_weighted(t->k) || o == FIT_C0 || o == FIT_C1 || o == FIT_SUMSQ;
    movstat_context mc = {input_flags(t->k, &t->c->d, with_y), 0};
    double ratio;
    const char *kind = movstat_judge(r->out[o], rep[o], truth[o], &mc, &ratio);
    if (ratio > t->worst) t->worst = ratio;
    if (kind)
      stats_raise(t->c->run, TARGET, fit_functions[t->k], "truth", kind,
                    "n = %zu, %s: %.17g, least squares give %.17g (bounds %.3g + %.3g)", t->c->d.n,
                    fit_output_names[o], r->out[o], truth[o].v, tracked_bound(rep[o]), tracked_bound(truth[o]));
  }
}

/* The residual sum of squares and the variances are never negative (fit_negative_output). */
static void check_signs(ctx *t, const fit_result *r) {
  int o = fit_negative_output(t->k, t->c->d.n, r->out);
  if (o >= 0)
    stats_raise(t->c->run, TARGET, fit_functions[t->k], "truth", "negative",
                "n = %zu, %s: %.17g below 0", t->c->d.n, fit_output_names[o], r->out[o]);
}

static void check_stride(ctx *t, const fit_result *base) {
  fit_result s;
  size_t st = t->c->stride;
  fit_call(t->k, &t->c->d, (fit_strides){st, st % 4 + 1, st}, t->c->side, &s);
  if (!fit_same_bits(t->k, base, &s))
    stats_raise(t->c->run, TARGET, fit_functions[t->k], "stride", "bits-differ",
                  "n = %zu, strides x %zu, y %zu, w %zu: results differ from the packed call",
                  t->c->d.n, st, st % 4 + 1, st);
}

/* Reversed order: the same least-squares problem; each run within its replay bound of it. */
static void check_permute(ctx *t, const fit_result *base, const tracked_double *rep) {
  derived r;
  derive_copy(&t->c->d, &r);
  size_t n = r.d.n;
  for (size_t i = 0; i < n; i++)
    r.x[i] = t->c->d.x[n - 1 - i], r.y[i] = t->c->d.y[n - 1 - i], r.w[i] = t->c->d.w[n - 1 - i];
  fit_result got;
  tracked_double rrep[FIT_OUT_COUNT];
  run_packed(t, &r.d, &got);
  fit_replay(t->k, &r.d, rrep);
  for (int o = 0; o < FIT_OUT_COUNT; o++)
    if (fit_output_used(t->k, o))
      close_or_raise(t, "permute", o, got.out[o], base->out[o], tracked_bound(rep[o]) + tracked_bound(rrep[o]));
  derived_free(&r);
}

/* Values 0 or of magnitude in [2^-300, 2^300]: scaling by 2^k (|k| <= 64) keeps every
 * intermediate of the fits (products of two, sums of 2^11) in the normal range, so it
 * commutes with every rounding. */
static int scalable(const double *v, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (v[i] != 0 && !(fabs(v[i]) >= 0x1p-300 && fabs(v[i]) <= 0x1p300)) return 0;
  return 1;
}

/* Power-of-two exponents each output scales by when x, y or w scale by 2^k (per unit k). */
static int output_exponent(fit_kind k, char what, int o) {
  int weighted = fit_weighted(k);
  switch (what) {
    case 'x': return o == FIT_C1 || o == FIT_COV01 ? -1 : o == FIT_COV11 ? -2 : 0;
    case 'y':
      if (o == FIT_C0 || o == FIT_C1) return 1;
      if (o == FIT_SUMSQ) return 2;
      return weighted ? 0 : 2; /* weighted covariances depend on x and w only */
    default: return o == FIT_SUMSQ ? 1 : (o == FIT_C0 || o == FIT_C1) ? 0 : -1;
  }
}

static int same_number_bits(double a, double b) {
  return memcmp(&a, &b, sizeof a) == 0 || (isnan(a) && isnan(b));
}

/* x, y or w times 2^e: every output exactly times its power of two, bit for bit. */
static void check_scale(ctx *t, const fit_result *base, char what) {
  const fit_data *d = &t->c->d;
  int e = t->c->scale_exponent;
  const double *v = what == 'x' ? d->x : what == 'y' ? d->y : d->w;
  if (t->flags || !scalable(d->x, d->n) || !scalable(d->y, d->n) || !scalable(d->w, d->n) ||
      !scalable(v, d->n) || abs(e) > 64)
    return;
  derived s;
  derive_copy(d, &s);
  double *target = what == 'x' ? s.x : what == 'y' ? s.y : s.w;
  for (size_t i = 0; i < d->n; i++) target[i] = ldexp(target[i], e);
  fit_result got;
  run_packed(t, &s.d, &got);
  char relation[16] = "scale-?";
  relation[6] = what;
  for (int o = 0; o < FIT_OUT_COUNT; o++) {
    if (!fit_output_used(t->k, o)) continue;
    double want = ldexp(base->out[o], e * output_exponent(t->k, what, o));
    if (!same_number_bits(got.out[o], want) && isfinite(want) && fabs(want) >= 0x1p-1000)
      stats_raise(t->c->run, TARGET, fit_functions[t->k], relation, "bits-differ",
                    "n = %zu, %c * 2^%d: %s = %.17g, expected exactly %.17g", d->n, what, e,
                    fit_output_names[o], got.out[o], want);
  }
  derived_free(&s);
}

/* x + t: the slope stays, the intercept becomes c0 - c1 t. Rounding x + t changes the
 * problem; that change is the truths' difference, computed, not bounded. */
static void check_translate(ctx *t, const fit_result *base, const tracked_double *rep) {
  const fit_data *d = &t->c->d;
  double shift = t->c->shift;
  if (t->flags || shift == 0 || !fit_has_intercept(t->k)) return;
  derived s;
  derive_copy(d, &s);
  for (size_t i = 0; i < d->n; i++) s.x[i] += shift;
  fit_result got;
  tracked_double srep[FIT_OUT_COUNT], tru[FIT_OUT_COUNT], stru[FIT_OUT_COUNT];
  run_packed(t, &s.d, &got);
  fit_replay(t->k, &s.d, srep);
  fit_truth(t->k, d, tru);
  fit_truth(t->k, &s.d, stru);
  double b = tracked_bound(rep[FIT_C1]) + tracked_bound(srep[FIT_C1]) + tracked_bound(tru[FIT_C1]) +
             tracked_bound(stru[FIT_C1]) + fabs(stru[FIT_C1].v - tru[FIT_C1].v);
  close_or_raise(t, "translate", FIT_C1, got.out[FIT_C1], base->out[FIT_C1], b);
  long double want = (long double)base->out[FIT_C0] - (long double)base->out[FIT_C1] * shift;
  long double truth_change = (long double)stru[FIT_C0].v - ((long double)tru[FIT_C0].v - (long double)tru[FIT_C1].v * shift);
  double b0 = tracked_bound(rep[FIT_C0]) + tracked_bound(srep[FIT_C0]) + fabs(shift) * tracked_bound(rep[FIT_C1]) +
              tracked_bound(tru[FIT_C0]) + tracked_bound(stru[FIT_C0]) + fabs(shift) * tracked_bound(tru[FIT_C1]) +
              (double)fabsl(truth_change) + 0x1p-60 * (double)fabsl(want);
  close_or_raise(t, "translate", FIT_C0, got.out[FIT_C0], (double)want, b0);
  derived_free(&s);
}

/* y = alpha + beta x exactly (integer x of magnitude <= 2^20, small integer alpha, beta):
 * the fit is exact, its outputs within the replay bound of alpha, beta and 0. */
static void check_collinear(ctx *t) {
  const fit_data *d = &t->c->d;
  int all_equal = 1;
  for (size_t i = 0; i < d->n; i++) {
    if (d->x[i] != floor(d->x[i]) || fabs(d->x[i]) > 0x1p20) return;
    all_equal &= d->x[i] == d->x[0];
  }
  if (all_equal || d->n < 2) return;
  double beta = (double)(t->c->scale_exponent % 8 ? t->c->scale_exponent % 8 : 3);
  double alpha = fit_has_intercept(t->k) && isfinite(t->c->shift) ? fmod(trunc(t->c->shift), 8.0) : 0.0;
  derived s;
  derive_copy(d, &s);
  for (size_t i = 0; i < d->n; i++) s.y[i] = alpha + beta * s.x[i];
  fit_result got;
  tracked_double rep[FIT_OUT_COUNT];
  run_packed(t, &s.d, &got);
  fit_replay(t->k, &s.d, rep);
  if (fit_has_intercept(t->k)) close_or_raise(t, "collinear", FIT_C0, got.out[FIT_C0], alpha, tracked_bound(rep[FIT_C0]));
  close_or_raise(t, "collinear", FIT_C1, got.out[FIT_C1], beta, tracked_bound(rep[FIT_C1]));
  close_or_raise(t, "collinear", FIT_SUMSQ, got.out[FIT_SUMSQ], 0.0, tracked_bound(rep[FIT_SUMSQ]));
  derived_free(&s);
}

/* All weights 2^e: the weighted fit is the unweighted one; chisq = 2^e sumsq and the
 * unweighted covariances are s^2 2^e times the weighted ones (s^2 = sumsq / dof). */
static void check_equal_weights(ctx *t) {
  const fit_data *d = &t->c->d;
  if (!fit_weighted(t->k) || t->flags) return;
  fit_kind plain = t->k == FIT_WLINEAR ? FIT_LINEAR : FIT_MUL;
  int e = t->c->scale_exponent % 21;
  derived s;
  derive_copy(d, &s);
  for (size_t i = 0; i < d->n; i++) s.w[i] = ldexp(1.0, e);
  fit_result w, u;
  tracked_double wr[FIT_OUT_COUNT], ur[FIT_OUT_COUNT];
  run_packed(t, &s.d, &w);
  fit_call(plain, &s.d, (fit_strides){1, 1, 1}, t->c->side, &u);
  fit_replay(t->k, &s.d, wr);
  fit_replay(plain, &s.d, ur);
  for (int o = FIT_C0; o <= FIT_C1; o++)
    if (fit_output_used(t->k, o))
      close_or_raise(t, "equal-weights", o, w.out[o], u.out[o], tracked_bound(wr[o]) + tracked_bound(ur[o]));
  double p = ldexp(1.0, e);
  close_or_raise(t, "equal-weights", FIT_SUMSQ, w.out[FIT_SUMSQ], p * u.out[FIT_SUMSQ],
                 tracked_bound(wr[FIT_SUMSQ]) + p * tracked_bound(ur[FIT_SUMSQ]));
  double dof = (double)d->n - (fit_has_intercept(t->k) ? 2.0 : 1.0);
  tracked_double s2 = tracked_mul(tracked_div((tracked_double){u.out[FIT_SUMSQ], ur[FIT_SUMSQ].e},
                                               tracked_exact(dof)), tracked_exact(p));
  for (int o = FIT_COV00; o <= FIT_COV11; o++) {
    if (!fit_output_used(t->k, o)) continue;
    tracked_double pred = tracked_mul(s2, (tracked_double){w.out[o], wr[o].e});
    close_or_raise(t, "equal-weights", o, u.out[o], pred.v, tracked_bound(ur[o]) + tracked_bound(pred));
  }
  derived_free(&s);
}

/* Weight 0 at every third point = those points removed, bit for bit (GSL skips w <= 0). */
static void check_zero_weights(ctx *t) {
  const fit_data *d = &t->c->d;
  if (!fit_weighted(t->k) || d->n < 3) return;
  derived zeroed, removed;
  derive_copy(d, &zeroed);
  derive_copy(d, &removed);
  size_t m = 0;
  for (size_t i = 0; i < d->n; i++) {
    if (i % 3 == 2) {
      zeroed.w[i] = 0.0;
      continue;
    }
    removed.x[m] = d->x[i], removed.y[m] = d->y[i], removed.w[m] = d->w[i], m++;
  }
  removed.d.n = m;
  fit_result a, b;
  run_packed(t, &zeroed.d, &a);
  run_packed(t, &removed.d, &b);
  if (!fit_same_bits(t->k, &a, &b))
    stats_raise(t->c->run, TARGET, fit_functions[t->k], "zero-weights", "bits-differ",
                  "n = %zu: zero weights at every third point differ from removing those points", d->n);
  derived_free(&zeroed), derived_free(&removed);
}

/* gsl_fit_linear_est / gsl_fit_mul_est at x: y = c0 + c1 x and
 * y_err = sqrt(cov00 + x (2 cov01 + cov11 x)) (mul: c1 x, sqrt(cov11) |x|) as documented,
 * within their rounding of the given coefficients; with a positive definite covariance the
 * quadratic form is positive, so y_err is never NaN. */
static void check_est(ctx *t, const fit_result *r, double x) {
  const double *o = r->out;
  double y, y_err;
  tracked_double ty, tq;
  int pd;
  if (fit_has_intercept(t->k)) {
    gsl_fit_linear_est(x, o[FIT_C0], o[FIT_C1], o[FIT_COV00], o[FIT_COV01], o[FIT_COV11], &y, &y_err);
    ty = tracked_add(tracked_exact(o[FIT_C0]), tracked_mul(tracked_exact(o[FIT_C1]), tracked_exact(x)));
    tracked_double inner = tracked_add(tracked_mul(tracked_exact(2), tracked_exact(o[FIT_COV01])),
                                        tracked_mul(tracked_exact(o[FIT_COV11]), tracked_exact(x)));
    tq = tracked_sqrt(tracked_add(tracked_exact(o[FIT_COV00]), tracked_mul(tracked_exact(x), inner)));
    pd = o[FIT_COV00] > 0 && o[FIT_COV11] > 0 &&
         (long double)o[FIT_COV00] * o[FIT_COV11] - (long double)o[FIT_COV01] * o[FIT_COV01] > 0;
  } else {
    gsl_fit_mul_est(x, o[FIT_C1], o[FIT_COV11], &y, &y_err);
    ty = tracked_mul(tracked_exact(o[FIT_C1]), tracked_exact(x));
    tq = tracked_mul(tracked_sqrt(tracked_exact(o[FIT_COV11])), tracked_exact(fabs(x)));
    pd = o[FIT_COV11] > 0;
  }
  const char *fn = fit_has_intercept(t->k) ? "gsl_fit_linear_est" : "gsl_fit_mul_est";
  if (pd && isfinite(o[FIT_COV00] + o[FIT_COV11]) && isfinite(x) && isnan(y_err))
    stats_raise(t->c->run, TARGET, fn, "est", "nan-on-positive-definite",
                  "x = %.17g, covariance of %s (%.17g, %.17g, %.17g), positive definite: y_err = NaN",
                  x, fit_functions[t->k], o[FIT_COV00], o[FIT_COV01], o[FIT_COV11]);
  double errs[2] = {fabs(y - ty.v), fabs(y_err - tq.v)}, bounds[2] = {tracked_bound(ty), tracked_bound(tq)};
  for (int i = 0; i < 2; i++)
    if (isfinite(bounds[i]) && !(errs[i] <= bounds[i]))
      stats_raise(t->c->run, TARGET, fn, "est", "value-mismatch",
                    "x = %.17g, coefficients of %s: %s = %.17g, documented formula gives %.17g (bound %.3g)",
                    x, fit_functions[t->k], i ? "y_err" : "y", i ? y_err : y, i ? tq.v : ty.v, bounds[i]);
}

/* All x equal to x_0 (x_0 = 0 for the fits through the origin): the documented formulas
 * divide 0 by 0, so the slope is NaN; a finite slope is made up. */
static void check_all_x_equal(ctx *t) {
  const fit_data *d = &t->c->d;
  double x0 = fit_has_intercept(t->k) ? d->x[0] : 0.0;
  if (!isfinite(x0)) return;
  derived s;
  derive_copy(d, &s);
  for (size_t i = 0; i < d->n; i++) s.x[i] = x0;
  fit_result r;
  run_packed(t, &s.d, &r);
  int used_any = 0;
  for (size_t i = 0; i < d->n; i++) used_any |= !fit_weighted(t->k) || d->w[i] > 0;
  if (used_any && !r.errors && !isnan(r.out[FIT_C1]))
    stats_raise(t->c->run, TARGET, fit_functions[t->k], "degenerate", "degenerate-finite",
                  "n = %zu, every x = %.17g: slope %.17g instead of NaN (0/0) or an error", d->n, x0,
                  r.out[FIT_C1]);
  derived_free(&s);
}

double fit_check(fit_kind k, const fit_case *c) {
  ctx t = {c, k, input_flags(k, &c->d, 1), 0};
  fit_result base;
  tracked_double rep[FIT_OUT_COUNT];
  run_packed(&t, &c->d, &base);
  fit_replay(k, &c->d, rep);
  if (base.errors || base.status)
    stats_raise(c->run, TARGET, fit_functions[k], "error-handler", "error-on-valid",
                  "n = %zu: status %d, GSL error %d at %s", c->d.n, base.status, base.first.info, base.first.routine);
  if (wants(&t, "truth")) check_truth(&t, &base, rep), check_signs(&t, &base);
  if (c->stride > 1 && wants(&t, "stride")) check_stride(&t, &base);
  if (!t.flags && wants(&t, "permute")) check_permute(&t, &base, rep);
  if (wants(&t, "scale-x")) check_scale(&t, &base, 'x');
  if (wants(&t, "scale-y")) check_scale(&t, &base, 'y');
  if (fit_weighted(k) && wants(&t, "scale-w")) check_scale(&t, &base, 'w');
  if (wants(&t, "translate")) check_translate(&t, &base, rep);
  if (wants(&t, "collinear")) check_collinear(&t);
  if (wants(&t, "equal-weights")) check_equal_weights(&t);
  if (wants(&t, "zero-weights")) check_zero_weights(&t);
  if (wants(&t, "est") && !t.flags) {
    check_est(&t, &base, c->d.x[0]);
    check_est(&t, &base, c->d.x[c->d.n - 1]);
    long double mean = 0; /* at the data's mean the quadratic form is smallest: cancellation */
    for (size_t i = 0; i < c->d.n; i++) mean += c->d.x[i];
    if (fit_has_intercept(k)) check_est(&t, &base, (double)(mean / (long double)c->d.n));
  }
  if (wants(&t, "degenerate")) check_all_x_equal(&t);
  return t.worst;
}

void fit_check_degenerate_calls(fit_kind k, const fit_case *c) {
  fit_result r;
  fit_data empty = {c->d.x, c->d.y, c->d.w, 0};
  fit_call(k, &empty, (fit_strides){1, 1, 1}, c->side, &r); /* buffers of 0 bytes: no access */
  if (!r.errors && !isnan(r.out[FIT_C1]))
    stats_raise(c->run, TARGET, fit_functions[k], "degenerate", "degenerate-finite",
                  "n = 0: slope %.17g instead of NaN or an error", r.out[FIT_C1]);
  if (c->d.n >= 2) /* stride 0: x, y, w each one element against the guard page */
    fit_call(k, &c->d, (fit_strides){0, 0, 0}, c->side, &r);
}
