/* The GSL target's generators (the @generator functions of annotations/gsl.h): GSL objects
 * built from their annotated arguments, valid by construction, and the helpers the
 * annotations call. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "annotations/gsl.h"

static const gsl_interp_type *interp_type(long long kind) {
  switch (kind) {
  case 0: return gsl_interp_linear;
  case 1: return gsl_interp_cspline;
  case 2: return gsl_interp_akima;
  default: return gsl_interp_steffen;
  }
}

const gsl_interp_type *annotest_gsl_interp_type(long long kind) { return interp_type(kind); }
long long annotest_gsl_interp_min_size(long long kind) { return gsl_interp_type_min_size(interp_type(kind)); }

int annotest_gsl_diagonal_at_least(const gsl_matrix *m, double bound) {
  for (size_t i = 0; i < m->size1 && i < m->size2; i++)
    if (!(fabs(gsl_matrix_get(m, i, i)) >= bound)) return 0;
  return 1;
}

int annotest_gsl_has_tiny(const gsl_matrix *m, double bound) {
  for (size_t i = 0; i < m->size1; i++)
    for (size_t j = 0; j < m->size2; j++) {
      double a = fabs(gsl_matrix_get(m, i, j));
      if (a > 0 && a < bound) return 1;
    }
  return 0;
}

double annotest_gsl_spline_point(const gsl_spline *spline, double t) {
  double lo = spline->x[0], hi = spline->x[spline->size - 1], x = lo + t * (hi - lo);
  return x < lo ? lo : x > hi ? hi : x;
}

gsl_matrix *annotest_gsl_matrix(size_t size1, size_t size2, size_t tda, const double *data) {
  gsl_block *b = gsl_block_alloc(size1 * tda);
  gsl_matrix *m = b ? gsl_matrix_alloc_from_block(b, 0, size1, size2, tda) : NULL;
  if (!m) {
    if (b) gsl_block_free(b);
    return NULL;
  }
  memcpy(b->data, data, size1 * tda * sizeof *data);
  return m;
}

void annotest_gsl_matrix_free(gsl_matrix *m) {
  gsl_block *b = m->block;
  gsl_matrix_free(m);
  gsl_block_free(b);
}

gsl_matrix *annotest_gsl_spd_matrix(size_t n, const double *data, double shift) {
  gsl_matrix *a = gsl_matrix_alloc(n, n);
  if (!a) return NULL;
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < n; j++) {
      double s = i == j ? shift : 0;
      for (size_t k = 0; k < n; k++) s += data[i * n + k] * data[j * n + k];
      gsl_matrix_set(a, i, j, s);
    }
  return a;
}

gsl_vector *annotest_gsl_vector(size_t size, size_t stride, const double *data) {
  size_t len = (size - 1) * stride + 1;
  gsl_block *b = gsl_block_alloc(len);
  gsl_vector *v = b ? gsl_vector_alloc_from_block(b, 0, size, stride) : NULL;
  if (!v) {
    if (b) gsl_block_free(b);
    return NULL;
  }
  memcpy(b->data, data, len * sizeof *data);
  return v;
}

void annotest_gsl_vector_free(gsl_vector *v) {
  gsl_block *b = v->block;
  gsl_vector_free(v);
  gsl_block_free(b);
}

gsl_permutation *annotest_gsl_permutation(size_t size, long seed) {
  gsl_permutation *p = gsl_permutation_alloc(size);
  if (!p) return NULL;
  gsl_permutation_init(p);
  unsigned long long state = (unsigned long long)seed;
  for (size_t i = size; i > 1; i--) { /* Fisher-Yates with a 64-bit LCG */
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    size_t j = (size_t)((state >> 33) % i);
    size_t t = p->data[i - 1];
    p->data[i - 1] = p->data[j];
    p->data[j] = t;
  }
  return p;
}

double *annotest_gsl_knots(size_t n, double x0, const double *steps) {
  double *x = malloc(n * sizeof *x);
  if (!x) return NULL;
  x[0] = x0;
  for (size_t i = 1; i < n; i++) x[i] = x[i - 1] + steps[i - 1];
  return x;
}

gsl_interp *annotest_gsl_interp(int kind, size_t size) { return gsl_interp_alloc(interp_type(kind), size); }
gsl_spline *annotest_gsl_spline(int kind, size_t size) { return gsl_spline_alloc(interp_type(kind), size); }

gsl_spline *annotest_gsl_spline_ready(int kind, size_t size, double x0, const double *steps, const double *ya) {
  double *xa = annotest_gsl_knots(size, x0, steps);
  gsl_spline *s = xa ? gsl_spline_alloc(interp_type(kind), size) : NULL;
  if (s && gsl_spline_init(s, xa, ya, size) != GSL_SUCCESS) {
    gsl_spline_free(s);
    s = NULL;
  }
  free(xa);
  return s;
}

gsl_interp_accel *annotest_gsl_interp_accel(void) { return gsl_interp_accel_alloc(); }

/* The generated functions: a gsl_function and its parameters in one allocation. */
typedef struct {
  gsl_function f;
  double center, curvature;
} planted_function;

static double bracketed(double x, void *params) {
  const planted_function *p = params;
  return (x - p->center) * (1 + p->curvature * x * x);
}

static double valley(double x, void *params) {
  const planted_function *p = params;
  double d = x - p->center;
  return d * d * (1 + p->curvature * d * d);
}

static gsl_function *planted(double (*fn)(double, void *), double center, double curvature) {
  planted_function *p = malloc(sizeof *p);
  if (!p) return NULL;
  *p = (planted_function){{fn, p}, center, curvature};
  return &p->f;
}

gsl_function *annotest_gsl_bracketed_function(double root, double curvature) {
  return planted(bracketed, root, curvature);
}

gsl_function *annotest_gsl_valley_function(double minimum, double curvature) {
  return planted(valley, minimum, curvature);
}

static const gsl_root_fsolver_type *root_type(int kind) {
  return kind == 0 ? gsl_root_fsolver_bisection : kind == 1 ? gsl_root_fsolver_falsepos : gsl_root_fsolver_brent;
}

gsl_root_fsolver *annotest_gsl_root_fsolver(int kind) { return gsl_root_fsolver_alloc(root_type(kind)); }

gsl_root_fsolver *annotest_gsl_root_fsolver_ready(int kind, double root, double curvature, double left, double right) {
  gsl_function *f = annotest_gsl_bracketed_function(root, curvature);
  gsl_root_fsolver *s = f ? gsl_root_fsolver_alloc(root_type(kind)) : NULL;
  if (!s || gsl_root_fsolver_set(s, f, root - left, root + right) != GSL_SUCCESS) {
    if (s) gsl_root_fsolver_free(s);
    free(f);
    return NULL;
  }
  return s;
}

void annotest_gsl_root_fsolver_ready_free(gsl_root_fsolver *s) {
  free(s->function); /* the planted_function, whose first member it is */
  gsl_root_fsolver_free(s);
}

gsl_min_fminimizer *annotest_gsl_min_fminimizer(int kind) {
  return gsl_min_fminimizer_alloc(kind == 0 ? gsl_min_fminimizer_goldensection
                                  : kind == 1 ? gsl_min_fminimizer_brent : gsl_min_fminimizer_quad_golden);
}

const char *annotest_gsl_blame(long long status) {
  switch (status) {
  case GSL_EDOM: case GSL_EINVAL: case GSL_EBADLEN: case GSL_ENOTSQR: case GSL_EUNIMPL:
    return "GSL says the input is outside the function's domain (GSL_EDOM/EINVAL/EBADLEN/ENOTSQR/EUNIMPL): "
           "the harness thinks the annotation admits an input GSL's manual excludes (annotation bug) unless the "
           "manual's domain includes it";
  case GSL_EOVRFLW: case GSL_EUNDRFLW: case GSL_ERANGE:
    return "GSL reports the result out of the range of double: the harness thinks the annotation's bounds are too "
           "wide (annotation bug) unless the exact result is a normal double, then a GSL bug";
  case GSL_EMAXITER: case GSL_ELOSS: case GSL_ETOL: case GSL_ERUNAWAY: case GSL_ESING:
    return "GSL failed to compute a value inside the documented domain (no convergence, loss of accuracy or "
           "singularity): the harness thinks this is a GSL bug unless the manual restricts the domain further";
  default:
    return "an unexpected status: the harness thinks this is a GSL bug";
  }
}
