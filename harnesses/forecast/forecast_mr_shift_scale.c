/* MR-1: every training and validation value x -> a x + k with a > 0. Min-max scaling cancels
 * a and k, so the losses (in scaled units) are unchanged and the forecasts become a f + k.
 * Checked twice: a = 2^e, k = 0, and a = scale, k = shift (the options).
 * Exact mode: when the transformed data give bit for bit the scaled values of the source
 * under the documented formula s = (x - min) / range, and the new min and range are exactly
 * a min + k and a range, training sees identical floats and is bit-deterministic, so windows
 * and losses must be bit-identical and each forecast within four double roundings of a f + k.
 * Otherwise (rounding in a x + k makes some scaled value differ in its last bits) the
 * trained weights differ by rounding: losses and (f' - k) / a must lie in a 99.9 % prediction
 * interval of the source's runs over interval_runs seeds. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include "forecast_mr.h"
#include "mlf_numeric.h"

/* Magnitudes that keep every product and quotient of the scaling and de-scaling normal. */
#define TINY 0x1p-500
#define HUGE_VALUE 0x1p500

static int plain_magnitude(double v) { return v == 0 || (fabs(v) >= TINY && fabs(v) <= HUGE_VALUE); }

typedef struct {
  double a, k;
  double min, range;         /* of the source's training data */
  double min_t, range_t;     /* of the transformed training data */
} affine;

static void min_range(const forecast_series *s, double *min, double *range) {
  double lo = s->value[0], hi = lo;
  for (size_t i = 1; i < s->n; i++) lo = fmin(lo, s->value[i]), hi = fmax(hi, s->value[i]);
  *min = lo, *range = hi - lo;
}

/* Copies s transformed by a x + k into b; 0 when some value or magnitude leaves the range
 * where the relation is meant (the transformation took the data out of the domain). */
static int transform(const forecast_series *s, const affine *t, forecast_buffer *b) {
  if (forecast_buffer_copy(s, s->n, 0, b) != 0) return 0;
  for (size_t i = 0; i < s->n; i++) {
    b->value[i] = t->a * s->value[i] + t->k;
    if (!plain_magnitude(s->value[i]) || !plain_magnitude(b->value[i])) return 0;
  }
  return 1;
}

/* The exact-mode condition on one series: each transformed value scales to the same double. */
static int scales_identically(const forecast_series *s, const forecast_buffer *b, const affine *t) {
  for (size_t i = 0; i < s->n; i++)
    if (!forecast_same_bits((s->value[i] - t->min) / t->range,
                            (b->value[i] - t->min_t) / t->range_t))
      return 0;
  return 1;
}

/* Largest change of a scaled value the transformation's rounding causes (scaled units). */
static double scaled_change(const forecast_series *s, const forecast_buffer *b, const affine *t) {
  double worst = 0;
  for (size_t i = 0; i < s->n; i++) {
    double d = fabs((s->value[i] - t->min) / t->range - (b->value[i] - t->min_t) / t->range_t);
    if (!(d <= worst)) worst = d; /* a NaN sticks */
  }
  return worst;
}

static int exact_mode(const affine *t, const forecast_series *train, const forecast_buffer *bt,
                      const forecast_series *valid, const forecast_buffer *bv) {
  long double min_want = (long double)t->a * t->min + t->k;
  return (long double)t->min_t == min_want && (long double)t->range_t == (long double)t->a * t->range &&
         scales_identically(train, bt, t) && scales_identically(valid, bv, t);
}

static void check_exact(forecast_mr_ctx *c, const char *what, const affine *t,
                        const forecast_outcome *f) {
  const forecast_outcome *s = c->source;
  const forecast_training *a = &s->training, *b = &f->training;
  char kind[48];
  snprintf(kind, sizeof kind, "%s-loss", what);
  if (a->windows != b->windows || !forecast_same_bits(a->initial_loss, b->initial_loss) ||
      !forecast_same_bits(a->loss, b->loss) ||
      !forecast_same_bits(s->validation.loss, f->validation.loss))
    forecast_mr_violation(c, kind, "a=%.17g k=%.17g (exact mode): losses %.17g -> %.17g, "
                          "validation %.17g; source %.17g -> %.17g, validation %.17g", t->a, t->k,
                          b->initial_loss, b->loss, f->validation.loss, a->initial_loss, a->loss,
                          s->validation.loss);
  snprintf(kind, sizeof kind, "%s-forecast", what);
  for (size_t k = 0; k < c->p->horizon; k++) {
    double got = f->validation.first[k], src = s->validation.first[k];
    /* Four double roundings: y range', + min', the source's de-scaling, and a f + k. */
    double tol = 4 * MLF_U_DOUBLE * (fabs(got) + t->a * fabs(src) + fabs(t->a * t->min) + fabs(t->k));
    if (!forecast_close(got, t->a * src + t->k, tol)) {
      forecast_mr_violation(c, kind, "a=%.17g k=%.17g (exact mode): forecast %zu is %.17g, "
                            "expected a f + k = %.17g (f = %.17g, tolerance %.3g)", t->a, t->k, k,
                            got, t->a * src + t->k, src, tol);
      return;
    }
  }
}

/* The source's outputs under interval_runs seeds (run 0 is the source itself): losses, then
 * the forecasts, per run in rows of 2 + H. */
static double *seed_runs(forecast_mr_ctx *c, size_t runs) {
  size_t H = c->p->horizon, w = 2 + H;
  double *x = malloc(runs * w * sizeof *x);
  if (!x) return NULL;
  for (size_t r = 0; r < runs; r++) {
    forecast_outcome o;
    forecast_params p = *c->p;
    p.seed = c->p->seed + r * 0x9e3779b97f4a7c15ull;
    if (r > 0) forecast_outcome_run(c->train, c->valid, &p, &o);
    const forecast_outcome *src = r > 0 ? &o : c->source;
    if (!forecast_mr_expect_ok(c, "seed-run", src->status) ||
        !forecast_mr_expect_ok(c, "seed-run-validation", src->valid_status)) {
      if (r > 0) forecast_outcome_free(&o);
      free(x);
      return NULL;
    }
    x[r * w] = src->training.loss, x[r * w + 1] = src->validation.loss;
    for (size_t k = 0; k < H; k++) x[r * w + 2 + k] = src->validation.first[k];
    if (r > 0) forecast_outcome_free(&o);
  }
  return x;
}

static void check_interval(forecast_mr_ctx *c, const char *what, const affine *t,
                           const forecast_outcome *f) {
  size_t runs = c->o->interval_runs, H = c->p->horizon, w = 2 + H;
  double *x = seed_runs(c, runs), col[16];
  if (!x) return;
  char kind[48];
  snprintf(kind, sizeof kind, "%s-interval", what);
  for (size_t j = 0; j < w; j++) {
    for (size_t r = 0; r < runs; r++) col[r] = x[r * w + j];
    double got = j == 0 ? f->training.loss : j == 1 ? f->validation.loss
                                                    : (f->validation.first[j - 2] - t->k) / t->a;
    /* Floor 2^-16 (of the range for forecasts): seeds that all agree leave only the float
     * rounding of the scaled data (2^-24 relative), far below it, to tell the runs apart. */
    double floor = 0x1p-16 * (j < 2 ? 1.0 : t->range);
    forecast_interval iv;
    forecast_interval_of(col, runs, floor, &iv);
    if (!forecast_interval_contains(&iv, got)) {
      forecast_mr_violation(c, kind, "a=%.17g k=%.17g: %s%s = %.9g outside the 99.9%% "
                            "prediction interval %.9g +- %.3g of %zu seeds", t->a, t->k,
                            j == 0 ? "training loss" : j == 1 ? "validation loss" : "forecast ",
                            j < 2 ? "" : "(f' - k) / a", got, iv.mean, iv.half, runs);
      break;
    }
  }
  free(x);
}

static void check_affine(forecast_mr_ctx *c, const char *what, double a, double k) {
  affine t = {a, k, 0, 0, 0, 0};
  min_range(c->train, &t.min, &t.range);
  if (!(t.range > 0)) {
    mlf_log(c->run, "%s: %s not applicable: zero-range training data (mr6's domain)",
            c->relation, what);
    return;
  }
  forecast_buffer bt, bv;
  int ok = transform(c->train, &t, &bt) & transform(c->valid, &t, &bv);
  forecast_series st = forecast_buffer_series(&bt), sv = forecast_buffer_series(&bv);
  if (ok) min_range(&st, &t.min_t, &t.range_t);
  if (!ok || !plain_magnitude(t.range) || !plain_magnitude(t.range_t) || !(t.range_t > 0)) {
    mlf_log(c->run, "%s: %s not applicable: a=%g k=%g leaves the normal range", c->relation,
            what, a, k);
  } else {
    int exact = exact_mode(&t, c->train, &bt, c->valid, &bv);
    double ct = scaled_change(c->train, &bt, &t), cv = scaled_change(c->valid, &bv, &t);
    double change = isnan(ct) || isnan(cv) ? NAN : fmax(ct, cv);
    /* Interval mode rests on the scaled data differing by float rounding only: at most 2^-20
     * (16 float ulps of 1); a k that swamps a x loses more and changes the data. */
    if (!exact && !(change <= 0x1p-20)) {
      mlf_log(c->run, "%s: %s not applicable: a=%g k=%g changes scaled values by %g", c->relation,
              what, a, k, change);
      forecast_buffer_free(&bt), forecast_buffer_free(&bv);
      return;
    }
    forecast_outcome f;
    forecast_outcome_run(&st, &sv, c->p, &f);
    mlf_log(c->run, "%s: %s a=%.17g k=%.17g, %s mode", c->relation, what, a, k,
            exact ? "exact" : "interval");
    if (forecast_mr_expect_ok(c, "follow-up", f.status) &&
        forecast_mr_expect_ok(c, "follow-up-validation", f.valid_status)) {
      if (f.training.windows != c->source->training.windows ||
          f.training.batches != c->source->training.batches)
        forecast_mr_violation(c, "window-count", "%zu windows in %zu batches, source %zu in %zu",
                              f.training.windows, f.training.batches,
                              c->source->training.windows, c->source->training.batches);
      else if (exact)
        check_exact(c, what, &t, &f);
      else
        check_interval(c, what, &t, &f);
    }
    forecast_outcome_free(&f);
  }
  forecast_buffer_free(&bt), forecast_buffer_free(&bv);
}

void forecast_mr1_shift_scale(forecast_mr_ctx *c) {
  check_affine(c, "scale", ldexp(1.0, c->o->scale_exponent), 0.0);
  if (!c->violated) check_affine(c, "affine", c->o->scale, c->o->shift);
}
