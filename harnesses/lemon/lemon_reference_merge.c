/* Merging and reshaping layers of the LEMON reference: ADD, MULTIPLY, MAXIMUM (folded over 2..4
 * inputs of one shape), CONCAT (last axis) and FLATTEN (a copy), one batch item each. */
#include "lemon_reference_internal.h"

static size_t out_elements(const lemon_layer *l) { return lemon_shape_elements(&l->geo.out); }

/* A float sum of n inputs: the input errors add up; gamma_n of the magnitudes (lref_acc). */
void lref_add(const lemon_layer *l, const double *const *x, const double *const *xe, double *y,
              double *ye) {
  for (size_t i = 0; i < out_elements(l); i++) {
    lref_acc a = {0, 0, 0, 0};
    for (uint32_t k = 0; k < l->geo.n_inputs; k++) lref_acc_product(&a, 1.0, x[k][i], xe[k][i]);
    lref_acc_result(&a, 0, 1.0, &y[i], &ye[i]);
  }
}

/* A float product of n inputs: |prod x^ - prod x| <= prod (|x| + e) - prod |x| (expand the
 * product of (x + delta)); its n - 1 roundings give fl(prod x^) = prod x^ prod (1 + d_i),
 * within gamma_(n-1) prod |x^| <= gamma_(n-1) prod (|x| + e). */
void lref_multiply(const lemon_layer *l, const double *const *x, const double *const *xe,
                   double *y, double *ye) {
  for (size_t i = 0; i < out_elements(l); i++) {
    double p = 1, pa = 1, pm = 1;
    for (uint32_t k = 0; k < l->geo.n_inputs; k++) {
      p *= x[k][i], pa *= fabs(x[k][i]), pm *= fabs(x[k][i]) + xe[k][i];
    }
    y[i] = p;
    ye[i] = (pm - pa) + lref_sum_rounding(l->geo.n_inputs - 1, pm);
  }
}

/* max is exact in float; the inputs' errors move it within the reach of lref_max_acc. */
void lref_maximum(const lemon_layer *l, const double *const *x, const double *const *xe,
                  double *y, double *ye) {
  for (size_t i = 0; i < out_elements(l); i++) {
    lref_max_acc m = {0, 0, 0, 0, 0};
    for (uint32_t k = 0; k < l->geo.n_inputs; k++) lref_max_add(&m, x[k][i], xe[k][i]);
    lref_max_result(&m, &y[i], &ye[i]);
  }
}

/* Copies along the last axis: exact, errors carried over. */
void lref_concat(const lemon_layer *l, const double *const *x, const double *const *xe,
                 double *y, double *ye) {
  const lemon_shape *out = &l->geo.out;
  size_t width = out->dim[out->rank - 1], rows = out_elements(l) / width, at = 0;
  for (size_t r = 0; r < rows; r++)
    for (uint32_t k = 0; k < l->geo.n_inputs; k++) {
      size_t w = l->in[k]->dim[l->in[k]->rank - 1];
      for (size_t j = 0; j < w; j++, at++) y[at] = x[k][r * w + j], ye[at] = xe[k][r * w + j];
    }
}

/* FLATTEN: row-major order is unchanged. */
void lref_copy(const lemon_layer *l, const double *const *x, const double *const *xe, double *y,
               double *ye) {
  for (size_t i = 0; i < out_elements(l); i++) y[i] = x[0][i], ye[i] = xe[0][i];
}
