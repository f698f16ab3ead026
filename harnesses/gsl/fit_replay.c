/* gsl_fit_{linear,wlinear,mul,wmul} replayed operation by operation (see fit_model.h). */
#include "fit_model.h"
#include <math.h>

const char *const fit_functions[FIT_KIND_COUNT] = {"gsl_fit_linear", "gsl_fit_wlinear",
                                                   "gsl_fit_mul", "gsl_fit_wmul"};
const char *const fit_output_names[FIT_OUT_COUNT] = {"c0", "c1", "cov00", "cov01", "cov11", "sumsq"};

int fit_output_used(fit_kind k, int o) {
  return fit_has_intercept(k) || o == FIT_C1 || o == FIT_COV11 || o == FIT_SUMSQ;
}

int fit_negative_output(fit_kind k, size_t n, const double out[FIT_OUT_COUNT]) {
  static const int outputs[] = {FIT_COV00, FIT_COV11, FIT_SUMSQ};
  size_t least_n = fit_weighted(k) ? 1 : fit_has_intercept(k) ? 3 : 2;
  for (size_t i = 0; n >= least_n && i < sizeof outputs / sizeof *outputs; i++)
    if (fit_output_used(k, outputs[i]) && out[outputs[i]] < 0) return outputs[i];
  return -1;
}

static tracked_double c(double v) { return tracked_exact(v); }
#define ADD tracked_add
#define SUB tracked_sub
#define MUL tracked_mul
#define DIV tracked_div

/* The running means of the two passes: m += (v - m) / (i + 1), or with weights
 * m += (v - m) * (w / W) over the points with w > 0. */
typedef struct {
  tracked_double mx, my, mdx2, mdxdy, W;
} means;

/* Exact negation: the same bound. */
static tracked_double negate(tracked_double t) {
  t.v = -t.v;
  return t;
}

/* W += w_i; the factor w_i / W of the weighted update. */
static tracked_double weight_factor(const fit_data *d, size_t i, tracked_double *W) {
  *W = ADD(*W, c(d->w[i]));
  return DIV(c(d->w[i]), *W);
}

/* (v - m) / (i + 1) or (v - m) * (w / W), as the code writes each. */
static tracked_double update(fit_kind k, tracked_double m, tracked_double v, size_t i,
                              tracked_double factor) {
  return fit_weighted(k) ? ADD(m, MUL(SUB(v, m), factor))
                         : ADD(m, DIV(SUB(v, m), c((double)i + 1.0)));
}

static void passes(fit_kind k, const fit_data *d, means *m) {
  m->mx = m->my = m->mdx2 = m->mdxdy = m->W = c(0);
  for (size_t i = 0; i < d->n; i++) {
    if (fit_weighted(k) && !(d->w[i] > 0)) continue;
    tracked_double f = fit_weighted(k) ? weight_factor(d, i, &m->W) : c(0);
    m->mx = update(k, m->mx, c(d->x[i]), i, f);
    m->my = update(k, m->my, c(d->y[i]), i, f);
  }
  tracked_double W = c(0);
  for (size_t i = 0; i < d->n; i++) {
    if (fit_weighted(k) && !(d->w[i] > 0)) continue;
    tracked_double dx = SUB(c(d->x[i]), m->mx), dy = SUB(c(d->y[i]), m->my);
    tracked_double f = fit_weighted(k) ? weight_factor(d, i, &W) : c(0);
    m->mdx2 = update(k, m->mdx2, MUL(dx, dx), i, f);
    m->mdxdy = update(k, m->mdxdy, MUL(dx, dy), i, f);
  }
}

/* sum of (w_i) d_i^2 with d_i as the code forms it. */
static tracked_double residuals(fit_kind k, const fit_data *d, const means *m, tracked_double b) {
  tracked_double d2 = c(0);
  for (size_t i = 0; i < d->n; i++) {
    if (fit_weighted(k) && !(d->w[i] > 0)) continue;
    tracked_double dx = SUB(c(d->x[i]), m->mx), dy = SUB(c(d->y[i]), m->my), r;
    if (fit_has_intercept(k))
      r = SUB(dy, MUL(b, dx));
    else if (k == FIT_MUL)
      r = SUB(ADD(SUB(m->my, MUL(b, m->mx)), dy), MUL(b, dx));
    else
      r = ADD(SUB(m->my, MUL(b, m->mx)), SUB(dy, MUL(b, dx)));
    d2 = fit_weighted(k) ? ADD(d2, MUL(MUL(c(d->w[i]), r), r)) : ADD(d2, MUL(r, r));
  }
  return d2;
}

void fit_replay(fit_kind k, const fit_data *d, tracked_double out[FIT_OUT_COUNT]) {
  means m;
  passes(k, d, &m);
  tracked_double nan = c(NAN), n = c((double)d->n);
  for (int o = 0; o < FIT_OUT_COUNT; o++) out[o] = nan;
  if (fit_has_intercept(k)) {
    tracked_double b = DIV(m.mdxdy, m.mdx2), a = SUB(m.my, MUL(m.mx, b));
    tracked_double d2 = residuals(k, d, &m, b);
    out[FIT_C0] = a, out[FIT_C1] = b, out[FIT_SUMSQ] = d2;
    if (k == FIT_LINEAR) {
      tracked_double s2 = DIV(d2, c((double)d->n - 2.0));
      out[FIT_COV00] = MUL(MUL(s2, DIV(c(1.0), n)), ADD(c(1), DIV(MUL(m.mx, m.mx), m.mdx2)));
      out[FIT_COV11] = DIV(MUL(s2, c(1.0)), MUL(n, m.mdx2));
      out[FIT_COV01] = DIV(MUL(s2, negate(m.mx)), MUL(n, m.mdx2));
    } else {
      out[FIT_COV00] = MUL(DIV(c(1), m.W), ADD(c(1), DIV(MUL(m.mx, m.mx), m.mdx2)));
      out[FIT_COV11] = DIV(c(1), MUL(m.W, m.mdx2));
      out[FIT_COV01] = DIV(negate(m.mx), MUL(m.W, m.mdx2));
    }
    return;
  }
  tracked_double denom = ADD(MUL(m.mx, m.mx), m.mdx2);
  tracked_double b = DIV(ADD(MUL(m.mx, m.my), m.mdxdy), denom);
  tracked_double d2 = residuals(k, d, &m, b);
  out[FIT_C1] = b, out[FIT_SUMSQ] = d2;
  if (k == FIT_MUL)
    out[FIT_COV11] = DIV(MUL(DIV(d2, c((double)d->n - 1.0)), c(1.0)), MUL(n, denom));
  else
    out[FIT_COV11] = DIV(c(1), MUL(m.W, denom));
}
