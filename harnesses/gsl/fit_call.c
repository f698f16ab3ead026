/* gsl_fit calls on guard buffers (see fit_call.h). */
#include "fit_call.h"
#include <gsl/gsl_fit.h>
#include <math.h>
#include <string.h>
#include "guarded_series.h"
#include "mlf_watchdog.h"
#include "stats_report.h"

/* A guard copy of n values at the stride; stride 0 addresses one element only. */
static double *copy(const double *v, size_t n, size_t stride, mlf_guard_side side, const char *label) {
  double *g = guarded_copy(v, stride ? n : (n ? 1 : 0), stride ? stride : 1, 1, side, label);
  mlf_guard_set_readonly(g, 1);
  return g;
}

/* The gsl_fit function of kind k on the guard copies; outputs into o. */
static int dispatch(fit_kind k, const fit_data *d, fit_strides s, const double *x, const double *y,
                    const double *w, double *o) {
  switch (k) {
    case FIT_LINEAR:
      return gsl_fit_linear(x, s.x, y, s.y, d->n, &o[FIT_C0], &o[FIT_C1], &o[FIT_COV00],
                            &o[FIT_COV01], &o[FIT_COV11], &o[FIT_SUMSQ]);
    case FIT_WLINEAR:
      return gsl_fit_wlinear(x, s.x, w, s.w, y, s.y, d->n, &o[FIT_C0], &o[FIT_C1], &o[FIT_COV00],
                             &o[FIT_COV01], &o[FIT_COV11], &o[FIT_SUMSQ]);
    case FIT_MUL:
      return gsl_fit_mul(x, s.x, y, s.y, d->n, &o[FIT_C1], &o[FIT_COV11], &o[FIT_SUMSQ]);
    default:
      return gsl_fit_wmul(x, s.x, w, s.w, y, s.y, d->n, &o[FIT_C1], &o[FIT_COV11], &o[FIT_SUMSQ]);
  }
}

void fit_call(fit_kind k, const fit_data *d, fit_strides s, mlf_guard_side side, fit_result *r) {
  double *x = copy(d->x, d->n, s.x, side, "x"), *y = copy(d->y, d->n, s.y, side, "y");
  double *w = fit_weighted(k) ? copy(d->w, d->n, s.w, side, "w") : NULL;
  double *o = mlf_guard_alloc(FIT_OUT_COUNT * sizeof *o, sizeof *o, side, "outputs");
  for (int i = 0; i < FIT_OUT_COUNT; i++) o[i] = NAN;
  stats_gsl_begin();
  r->status = -1; /* kept when the call hangs and is abandoned (mlf_watchdog.h) */
  MLF_WATCHED(fit_functions[k], r->status = dispatch(k, d, s, x, y, w, o));
  r->errors = stats_gsl_end(&r->first);
  memcpy(r->out, o, sizeof r->out);
  for (double *b[] = {x, y, w}, **p = b; p < b + 3; p++)
    if (*p) mlf_guard_set_readonly(*p, 0), mlf_guard_free(*p);
  mlf_guard_free(o);
}

int fit_same_bits(fit_kind k, const fit_result *a, const fit_result *b) {
  for (int o = 0; o < FIT_OUT_COUNT; o++)
    if (fit_output_used(k, o) && memcmp(&a->out[o], &b->out[o], sizeof a->out[o]) != 0) return 0;
  return 1;
}
