/* The LAPACKE target's generators (annotations/lapacke.h): matrices of the kind a routine
 * needs, built from the fuzzer's data and stored in the caller's layout and leading
 * dimension. The factorisations they need (dpotrf, dgetrf, dgeqrf) are the reference LAPACK's
 * Fortran routines called directly, column major: they are not under test here (the BLAS
 * family tests them), they only make valid inputs. A factor generator keeps what it computes
 * beside the matrix (pivots, tau, the 1-norm) in a header just before the returned pointer.
 * What a generator returns, and the pivots and tau, end at a guard page (mlf_guard.h): the
 * Fortran routines under LAPACKE are not instrumented. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "annotations/lapacke.h"
#include "mlf_guard.h"

typedef struct {
  void *extra;  /* pivots (lapack_int) or tau (double), guarded */
  double norm1; /* 1-norm of the matrix a Cholesky factor came from */
} factor_header;
#define HEADER_ROOM 16 /* sizeof(factor_header), keeps the matrix 16-byte aligned */
_Static_assert(sizeof(factor_header) <= HEADER_ROOM, "factor header room");

static size_t index_of(int layout, lapack_int ld, lapack_int i, lapack_int j) {
  return layout == LAPACK_ROW_MAJOR ? (size_t)i * (size_t)ld + (size_t)j : (size_t)i + (size_t)j * (size_t)ld;
}

/* Zeroed storage of bytes ending at a guard page, aligned to align. */
static void *guarded(size_t bytes, size_t align) {
  void *p = mlf_guard_alloc(bytes, align, MLF_GUARD_TAIL, "generated matrix");
  memset(p, 0, bytes);
  return p;
}

void annotest_lapacke_matrix_free(double *a) { mlf_guard_free(a); }

/* Zeroed storage of a rows x cols matrix in layout with leading dimension ld (at least one
 * element); room bytes before it when room > 0. */
static double *layout_alloc(int layout, lapack_int rows, lapack_int cols, lapack_int ld, size_t room) {
  size_t lines = (size_t)(layout == LAPACK_ROW_MAJOR ? rows : cols), n = lines * (size_t)ld;
  return (double *)((char *)guarded(room + (n ? n : 1) * sizeof(double), sizeof(double)) + room);
}

/* Stores the column-major rows x cols matrix src into dst (layout, ld). */
static void store(int layout, lapack_int rows, lapack_int cols, const double *src, double *dst, lapack_int ld) {
  for (lapack_int j = 0; j < cols; j++)
    for (lapack_int i = 0; i < rows; i++) dst[index_of(layout, ld, i, j)] = src[i + (size_t)j * (size_t)rows];
}

/* The row-major rows x cols data as a column-major copy. */
static double *column_major(lapack_int rows, lapack_int cols, const double *data) {
  double *m = malloc(((size_t)rows * (size_t)cols + 1) * sizeof *m);
  if (!m) return NULL;
  for (lapack_int i = 0; i < rows; i++)
    for (lapack_int j = 0; j < cols; j++) m[i + (size_t)j * (size_t)rows] = data[(size_t)i * (size_t)cols + (size_t)j];
  return m;
}

/* Makes each diagonal element of the column-major n x n matrix +-(1 + the magnitudes of the
 * rest of its row), with its own sign: strictly diagonally dominant by rows. */
static void dominate_rows(lapack_int n, double *m) {
  for (lapack_int i = 0; i < n; i++) {
    double sum = 1;
    for (lapack_int j = 0; j < n; j++)
      if (j != i) sum += fabs(m[i + (size_t)j * (size_t)n]);
    double *d = &m[i + (size_t)i * (size_t)n];
    *d = copysign(sum, *d);
  }
}

/* B B^T + n I, B the row-major n x n data, column major. */
static double *spd_column_major(lapack_int n, const double *data) {
  double *a = malloc(((size_t)n * (size_t)n + 1) * sizeof *a);
  if (!a) return NULL;
  for (lapack_int i = 0; i < n; i++)
    for (lapack_int j = 0; j < n; j++) {
      double s = i == j ? (double)n : 0;
      for (lapack_int k = 0; k < n; k++) s += data[(size_t)i * (size_t)n + (size_t)k] * data[(size_t)j * (size_t)n + (size_t)k];
      a[i + (size_t)j * (size_t)n] = s;
    }
  return a;
}

/* A matrix with a header for a factor generator's extras; NULL if either allocation failed. */
static double *factor_alloc(int layout, lapack_int rows, lapack_int cols, lapack_int ld, size_t extra_bytes) {
  double *a = layout_alloc(layout, rows, cols, ld, HEADER_ROOM);
  if (!a) return NULL;
  factor_header *h = (factor_header *)((char *)a - HEADER_ROOM);
  h->extra = guarded(extra_bytes ? extra_bytes : 1, extra_bytes % sizeof(double) ? sizeof(lapack_int) : sizeof(double));
  return a;
}

static factor_header *header_of(const double *a) { return (factor_header *)((char *)a - HEADER_ROOM); }
const lapack_int *annotest_lapacke_lu_pivots(const double *a) { return header_of(a)->extra; }
const double *annotest_lapacke_reflector_tau(const double *a) { return header_of(a)->extra; }
double annotest_lapacke_spd_norm1(const double *a) { return header_of(a)->norm1; }
void annotest_lapacke_factor_free(double *a) {
  if (!a) return;
  mlf_guard_free(header_of(a)->extra);
  mlf_guard_free(header_of(a));
}

double *annotest_lapacke_spd(int layout, lapack_int n, lapack_int lda, const double *data) {
  double *s = spd_column_major(n, data), *a = s ? layout_alloc(layout, n, n, lda, 0) : NULL;
  if (a) store(layout, n, n, s, a, lda);
  free(s);
  return a;
}

double *annotest_lapacke_cholesky(int layout, char uplo, lapack_int n, lapack_int lda, const double *data) {
  double *s = spd_column_major(n, data), *a = s ? factor_alloc(layout, n, n, lda, 0) : NULL;
  if (!a) {
    free(s);
    return NULL;
  }
  double norm1 = 0;
  for (lapack_int j = 0; j < n; j++) {
    double col = 0;
    for (lapack_int i = 0; i < n; i++) col += fabs(s[i + (size_t)j * (size_t)n]);
    norm1 = fmax(norm1, col);
  }
  header_of(a)->norm1 = norm1;
  lapack_int info = 0, ld = n > 0 ? n : 1;
  LAPACK_dpotrf(&uplo, &n, s, &ld, &info);
  store(layout, n, n, s, a, lda);
  free(s);
  if (info != 0) { /* B B^T + n I is positive definite: a failure here is the reference's */
    annotest_lapacke_factor_free(a);
    return NULL;
  }
  return a;
}

double *annotest_lapacke_symmetric_dominant(int layout, lapack_int n, lapack_int lda, const double *data) {
  double *s = column_major(n, n, data), *a = s ? layout_alloc(layout, n, n, lda, 0) : NULL;
  if (a) {
    for (lapack_int i = 0; i < n; i++)
      for (lapack_int j = i + 1; j < n; j++) s[i + (size_t)j * (size_t)n] = s[j + (size_t)i * (size_t)n];
    dominate_rows(n, s);
    store(layout, n, n, s, a, lda);
  }
  free(s);
  return a;
}

double *annotest_lapacke_band_dominant(int layout, lapack_int n, lapack_int kl, lapack_int ku, lapack_int ldab,
                                       const double *data) {
  lapack_int rows = 2 * kl + ku + 1;
  double *s = column_major(rows, n, data), *ab = s ? layout_alloc(layout, rows, n, ldab, 0) : NULL;
  if (ab) {
    for (lapack_int j = 0; j < n; j++) { /* A(i,j) is band row kl + ku + i - j of column j */
      double sum = 1;
      for (lapack_int i = j - ku < 0 ? 0 : j - ku; i <= j + kl && i < n; i++)
        if (i != j) sum += fabs(s[(kl + ku + i - j) + (size_t)j * (size_t)rows]);
      double *d = &s[(kl + ku) + (size_t)j * (size_t)rows];
      *d = copysign(sum, *d);
    }
    store(layout, rows, n, s, ab, ldab);
  }
  free(s);
  return ab;
}

double *annotest_lapacke_dominant_diagonal(lapack_int n, double floor, int positive, const double *mag) {
  double *d = guarded((size_t)(n > 0 ? n : 1) * sizeof *d, sizeof *d);
  for (lapack_int i = 0; i < n; i++) d[i] = positive ? floor + fabs(mag[i]) : copysign(floor + fabs(mag[i]), mag[i]);
  return d;
}

double *annotest_lapacke_triangular(int layout, char uplo, lapack_int n, lapack_int lda, const double *data,
                                    const double *diag) {
  double *a = layout_alloc(layout, n, n, lda, 0);
  if (!a) return NULL;
  for (lapack_int i = 0; i < n; i++)
    for (lapack_int j = 0; j < n; j++) {
      double v = data[(size_t)i * (size_t)n + (size_t)j];
      a[index_of(layout, lda, i, j)] = i == j ? copysign(diag[i], v) : v; /* the other triangle: data, unread */
    }
  (void)uplo;
  return a;
}

double *annotest_lapacke_lu(int layout, lapack_int n, lapack_int lda, const double *data) {
  double *s = column_major(n, n, data), *a = s ? factor_alloc(layout, n, n, lda, (size_t)n * sizeof(lapack_int)) : NULL;
  if (!a) {
    free(s);
    return NULL;
  }
  dominate_rows(n, s);
  lapack_int info = 0, ld = n > 0 ? n : 1;
  LAPACK_dgetrf(&n, &n, s, &ld, header_of(a)->extra, &info);
  store(layout, n, n, s, a, lda);
  free(s);
  if (info != 0) { /* strictly diagonally dominant, so nonsingular: the reference's failure */
    annotest_lapacke_factor_free(a);
    return NULL;
  }
  return a;
}

double *annotest_lapacke_reflectors(int layout, lapack_int m, lapack_int n, lapack_int lda, const double *data) {
  double *s = column_major(m, n, data), *a = s ? factor_alloc(layout, m, n, lda, ((size_t)n + 1) * sizeof(double)) : NULL;
  double query = 0, *work = NULL;
  lapack_int info = 0, ld = m > 0 ? m : 1, lwork = -1;
  if (a) LAPACK_dgeqrf(&m, &n, s, &ld, header_of(a)->extra, &query, &lwork, &info);
  lwork = query > 1 ? (lapack_int)query : 1;
  if (a && info == 0 && (work = malloc((size_t)lwork * sizeof *work)))
    LAPACK_dgeqrf(&m, &n, s, &ld, header_of(a)->extra, work, &lwork, &info);
  if (a && work && info == 0) store(layout, m, n, s, a, lda);
  int ok = a && work && info == 0;
  free(work);
  free(s);
  if (!ok) {
    annotest_lapacke_factor_free(a);
    return NULL;
  }
  return a;
}

const char *annotest_lapacke_blame(long long status) {
  if (status == LAPACK_WORK_MEMORY_ERROR || status == LAPACK_TRANSPOSE_MEMORY_ERROR)
    return "LAPACKE could not allocate its work or transposition buffer (a leak or an unbounded size)";
  static char why[256];
  if (status < 0) {
    snprintf(why, sizeof why, "argument %lld rejected as illegal (by the LAPACKE wrapper, or by the routine through "
             "XERBLA): the annotation admitted it (annotation bug) or the check disagrees with the routine's "
             "documentation (library bug)", -status);
    return why;
  }
  return "INFO > 0 (singular factor or no convergence) on a matrix built to exclude it: LAPACK's bug, or the "
         "generator's construction is wrong";
}
