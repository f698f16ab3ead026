/* Dense column-major matrices for the LAPACKE target's oracles (lapacke_matrix.h). */
#include "lapacke_matrix.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "mlf_guard.h"

static size_t index_of(int layout, lapack_int ld, lapack_int i, lapack_int j) {
  return layout == LAPACK_ROW_MAJOR ? (size_t)i * (size_t)ld + (size_t)j : (size_t)i + (size_t)j * (size_t)ld;
}

/* Out of memory in an oracle ends the process: a harness fault, not a finding. */
static void *checked(void *p) {
  if (!p) abort();
  return p;
}

void *lpk_guarded(size_t bytes, size_t align) {
  void *p = mlf_guard_alloc(bytes, align, MLF_GUARD_TAIL, "oracle copy");
  memset(p, 0, bytes);
  return p;
}

void lpk_release(void *p) { mlf_guard_free(p); }

lpk_mat lpk_zeros(lapack_int rows, lapack_int cols) {
  lpk_mat m = {rows, cols, checked(calloc((size_t)rows * (size_t)cols + 1, sizeof(double)))};
  return m;
}

lpk_mat lpk_identity(lapack_int n) {
  lpk_mat m = lpk_zeros(n, n);
  for (lapack_int i = 0; i < n; i++) LPK(m, i, i) = 1;
  return m;
}

lpk_mat lpk_from(int layout, lapack_int rows, lapack_int cols, const double *a, lapack_int ld) {
  lpk_mat m = lpk_zeros(rows, cols);
  for (lapack_int j = 0; j < cols; j++)
    for (lapack_int i = 0; i < rows; i++) LPK(m, i, j) = a[index_of(layout, ld, i, j)];
  return m;
}

lpk_mat lpk_symmetric(int layout, char uplo, lapack_int n, const double *a, lapack_int ld) {
  lpk_mat m = lpk_zeros(n, n);
  for (lapack_int j = 0; j < n; j++)
    for (lapack_int i = 0; i < n; i++) {
      int stored = uplo == 'U' ? i <= j : i >= j;
      LPK(m, i, j) = stored ? a[index_of(layout, ld, i, j)] : a[index_of(layout, ld, j, i)];
    }
  return m;
}

lpk_mat lpk_triangle(int layout, char uplo, char diag, lapack_int rows, lapack_int cols, const double *a,
                     lapack_int ld) {
  lpk_mat m = lpk_zeros(rows, cols);
  for (lapack_int j = 0; j < cols; j++)
    for (lapack_int i = 0; i < rows; i++)
      if (i == j) LPK(m, i, j) = diag == 'U' ? 1 : a[index_of(layout, ld, i, j)];
      else if (uplo == 'U' ? i < j : i > j) LPK(m, i, j) = a[index_of(layout, ld, i, j)];
  return m;
}

void lpk_free(lpk_mat *m) {
  free(m->v);
  m->v = NULL;
}

lpk_mat lpk_mul(lpk_mat a, int ta, lpk_mat b, int tb) {
  lapack_int r = ta ? a.cols : a.rows, inner = ta ? a.rows : a.cols, c = tb ? b.rows : b.cols;
  lpk_mat p = lpk_zeros(r, c);
  for (lapack_int j = 0; j < c; j++)
    for (lapack_int i = 0; i < r; i++) {
      double s = 0;
      for (lapack_int t = 0; t < inner; t++) s += (ta ? LPK(a, t, i) : LPK(a, i, t)) * (tb ? LPK(b, j, t) : LPK(b, t, j));
      LPK(p, i, j) = s;
    }
  return p;
}

double lpk_norm1(lpk_mat m) {
  double best = 0;
  for (lapack_int j = 0; j < m.cols; j++) {
    double s = 0;
    for (lapack_int i = 0; i < m.rows; i++) s += fabs(LPK(m, i, j));
    if (!(s <= best)) best = s; /* NaN propagates */
  }
  return best;
}

double lpk_diff_norm1(lpk_mat a, lpk_mat b) {
  double best = 0;
  for (lapack_int j = 0; j < a.cols; j++) {
    double s = 0;
    for (lapack_int i = 0; i < a.rows; i++) s += fabs(LPK(a, i, j) - LPK(b, i, j));
    if (!(s <= best)) best = s;
  }
  return best;
}

double lpk_identity_error(lpk_mat m) {
  lpk_mat id = lpk_identity(m.rows);
  double e = lpk_diff_norm1(m, id);
  lpk_free(&id);
  return e;
}

/* c := (I - tau v v^T) c for reflector column i of v (rows i.. of c). */
static void reflect_left(lpk_mat v, double tau, lapack_int i, lpk_mat *c) {
  for (lapack_int j = 0; j < c->cols; j++) {
    double s = LPK(*c, i, j);
    for (lapack_int t = i + 1; t < c->rows; t++) s += LPK(v, t, i) * LPK(*c, t, j);
    s *= tau;
    LPK(*c, i, j) -= s;
    for (lapack_int t = i + 1; t < c->rows; t++) LPK(*c, t, j) -= s * LPK(v, t, i);
  }
}

void lpk_apply_qr_reflectors(lpk_mat v, const double *tau, lapack_int k, int trans, lpk_mat *c) {
  for (lapack_int s = 0; s < k; s++) {
    lapack_int i = trans ? s : k - 1 - s; /* Q c applies H(k) first */
    reflect_left(v, tau[i], i, c);
  }
}

void lpk_apply_lq_reflectors_right(lpk_mat v, const double *tau, lapack_int k, lpk_mat *c) {
  for (lapack_int i = k - 1; i >= 0; i--) /* c H(k) ... H(1): H(k) first */
    for (lapack_int r = 0; r < c->rows; r++) {
      double s = LPK(*c, r, i);
      for (lapack_int t = i + 1; t < c->cols; t++) s += LPK(*c, r, t) * LPK(v, i, t);
      s *= tau[i];
      LPK(*c, r, i) -= s;
      for (lapack_int t = i + 1; t < c->cols; t++) LPK(*c, r, t) -= s * LPK(v, i, t);
    }
}

double *lpk_other_layout(int layout, lapack_int rows, lapack_int cols, const double *a, lapack_int ld,
                         lapack_int *other_ld) {
  int other = lpk_other(layout);
  lapack_int lines = other == LAPACK_ROW_MAJOR ? rows : cols, len = other == LAPACK_ROW_MAJOR ? cols : rows;
  *other_ld = len > 1 ? len : 1;
  size_t n = (size_t)lines * (size_t)*other_ld;
  double *b = lpk_guarded((n ? n : 1) * sizeof *b, sizeof *b);
  for (lapack_int i = 0; i < rows; i++)
    for (lapack_int j = 0; j < cols; j++) b[index_of(other, *other_ld, i, j)] = a[index_of(layout, ld, i, j)];
  return b;
}

long lpk_first_difference(int layout, lapack_int rows, lapack_int cols, const double *a, lapack_int lda,
                          const double *b, lapack_int ldb) {
  for (lapack_int i = 0; i < rows; i++)
    for (lapack_int j = 0; j < cols; j++)
      if (memcmp(&a[index_of(layout, lda, i, j)], &b[index_of(lpk_other(layout), ldb, i, j)], sizeof(double)))
        return (long)i * cols + j;
  return -1;
}
