/* The generated LAPACKE glue against its annotations (glue_suite.c): for every annotated LAPACKE
 * function, random call messages built by the glue (annotest_lapacke_build; the generators
 * factor with the reference LAPACK, the function under test is not called), each judged by
 * annotation_checker.c from the parsed annotations/lapacke.h: the layout, leading dimensions
 * tied to it, shapes, elements and objects, checked against this file's model of the shape
 * helpers and of the generators (the matrix each builds, recomputed or checked for the kind
 * the routine needs: symmetric positive definite, diagonally dominant, triangular with its
 * diagonal, factors that reconstruct their matrix). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "annotations/lapacke.h"
#include "annotest_lapacke_glue.h"
#include "glue_suite.h"

static double imin(double a, double b) { return a < b ? a : b; }
static double imax(double a, double b) { return a > b ? a : b; }

/* The test's own reading of the helpers and constants the annotations name. */
static double model_call(const char *name, const double *a, size_t nargs, int *known) {
  static const struct { const char *name; double value; } constants[] = {
      {"LAPACK_ROW_MAJOR", 101}, {"LAPACK_COL_MAJOR", 102}, {"ANNOTEST_CHAR_A", 'A'}, {"ANNOTEST_CHAR_I", 'I'},
      {"ANNOTEST_CHAR_L", 'L'},  {"ANNOTEST_CHAR_N", 'N'},  {"ANNOTEST_CHAR_R", 'R'}, {"ANNOTEST_CHAR_S", 'S'},
      {"ANNOTEST_CHAR_T", 'T'},  {"ANNOTEST_CHAR_U", 'U'},  {"ANNOTEST_CHAR_V", 'V'}, {"NULL", 0}};
  for (size_t i = 0; nargs == 0 && i < sizeof constants / sizeof *constants; i++)
    if (!strcmp(name, constants[i].name)) return constants[i].value;
  if (!strcmp(name, "annotest_lapacke_max") && nargs == 2) return imax(a[0], a[1]);
  if (!strcmp(name, "annotest_lapacke_min") && nargs == 2) return imin(a[0], a[1]);
  if (!strcmp(name, "annotest_lapacke_lines") && nargs == 3) return a[0] == 101 ? a[1] : a[2];
  if (!strcmp(name, "annotest_lapacke_ld") && nargs == 3) return imax(1, a[0] == 101 ? a[2] : a[1]);
  if (!strcmp(name, "annotest_lapacke_job_dim") && nargs == 2) return a[0] == 'V' ? a[1] : 1;
  if (!strcmp(name, "annotest_lapacke_side_dim") && nargs == 3) return a[0] == 'L' ? a[1] : a[2];
  if (!strcmp(name, "annotest_lapacke_gesdd_u_rows") && nargs == 2) return a[0] == 'N' ? 1 : a[1];
  if (!strcmp(name, "annotest_lapacke_gesdd_u_cols") && nargs == 3) return a[0] == 'A' ? a[1] : a[0] == 'S' ? imin(a[1], a[2]) : 1;
  if (!strcmp(name, "annotest_lapacke_gesdd_vt_rows") && nargs == 3) return a[0] == 'A' ? a[2] : a[0] == 'S' ? imin(a[1], a[2]) : 1;
  if (!strcmp(name, "annotest_lapacke_syevr_z_cols") && nargs == 5) return a[0] != 'V' ? 1 : a[1] == 'I' ? a[4] - a[3] + 1 : a[2];
  *known = 0;
  return 0;
}

/* Element (i, j) of the generator's matrix in its layout and leading dimension. */
static double at(const double *a, long long layout, long long ld, long long i, long long j) {
  return layout == LAPACK_ROW_MAJOR ? a[i * ld + j] : a[i + j * ld];
}

/* The generator's layout: its froms variable's value. */
static long long layout_of(const at_function *g, const at_slot *slot) {
  return annotation_var(g, slot, "layout")->pick == 0 ? LAPACK_ROW_MAJOR : LAPACK_COL_MAJOR;
}

/* B B^T + n I, B the row-major data, as the test computes it. */
static double spd_element(const double *data, long long n, long long i, long long j) {
  double s = i == j ? (double)n : 0;
  for (long long k = 0; k < n; k++) s += data[i * n + k] * data[j * n + k];
  return s;
}

static int spd_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  const double *a = slot->p, *data = annotation_var(g, slot, "data")->p;
  long long L = layout_of(g, slot), N = annotation_var(g, slot, "n")->i, ld = annotation_var(g, slot, "lda")->i;
  for (long long i = 0; i < N; i++)
    for (long long j = 0; j < N; j++)
      if (at(a, L, ld, i, j) != spd_element(data, N, i, j)) return annotation_why(out, n, "A(%lld, %lld) is not (B B^T + n I)", i, j);
  return 0;
}

/* The factor reconstructs B B^T + n I within n^2 eps of its norm, and the side 1-norm is A's. */
static int cholesky_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  const double *a = slot->p, *data = annotation_var(g, slot, "data")->p;
  long long L = layout_of(g, slot), N = annotation_var(g, slot, "n")->i, ld = annotation_var(g, slot, "lda")->i;
  int upper = annotation_var(g, slot, "uplo")->pick == 0;
  double norm1 = 0;
  for (long long j = 0; j < N; j++) {
    double col = 0;
    for (long long i = 0; i < N; i++) col += fabs(spd_element(data, N, i, j));
    norm1 = fmax(norm1, col);
  }
  if (annotest_lapacke_spd_norm1(a) != norm1) return annotation_why(out, n, "1-norm %g, not %g", annotest_lapacke_spd_norm1(a), norm1);
  for (long long i = 0; i < N; i++)
    for (long long j = 0; j < N; j++) {
      double s = 0; /* (U^T U)(i,j) or (L L^T)(i,j) */
      for (long long k = 0; k <= (i < j ? i : j); k++)
        s += upper ? at(a, L, ld, k, i) * at(a, L, ld, k, j) : at(a, L, ld, i, k) * at(a, L, ld, j, k);
      if (fabs(s - spd_element(data, N, i, j)) > 1e-12 * (double)N * norm1)
        return annotation_why(out, n, "the factor misses A(%lld, %lld) by %g", i, j, fabs(s - spd_element(data, N, i, j)));
    }
  return 0;
}

/* Square matrices strictly diagonally dominant by rows (symmetric when asked). */
static int dominant_object(const at_function *g, const at_slot *slot, int symmetric, char *out, size_t n) {
  const double *a = slot->p;
  long long L = layout_of(g, slot), N = annotation_var(g, slot, "n")->i, ld = annotation_var(g, slot, "lda")->i;
  for (long long i = 0; i < N; i++) {
    double off = 0;
    for (long long j = 0; j < N; j++) {
      if (j != i) off += fabs(at(a, L, ld, i, j));
      if (symmetric && at(a, L, ld, i, j) != at(a, L, ld, j, i)) return annotation_why(out, n, "not symmetric at (%lld, %lld)", i, j);
    }
    if (!(fabs(at(a, L, ld, i, i)) > off)) return annotation_why(out, n, "row %lld is not diagonally dominant", i);
  }
  return 0;
}

static int band_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  const double *ab = slot->p;
  long long L = layout_of(g, slot), N = annotation_var(g, slot, "n")->i, kl = annotation_var(g, slot, "kl")->i, ku = annotation_var(g, slot, "ku")->i,
            ld = annotation_var(g, slot, "ldab")->i;
  for (long long j = 0; j < N; j++) {
    double off = 0;
    for (long long i = j - ku < 0 ? 0 : j - ku; i <= j + kl && i < N; i++)
      if (i != j) off += fabs(at(ab, L, ld, kl + ku + i - j, j));
    if (!(fabs(at(ab, L, ld, kl + ku, j)) > off)) return annotation_why(out, n, "column %lld is not diagonally dominant", j);
  }
  return 0;
}

static int diagonal_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  const double *d = slot->p, *mag = annotation_var(g, slot, "mag")->p, floor = annotation_var(g, slot, "floor")->d;
  int positive = (int)annotation_var(g, slot, "positive")->i;
  for (long long i = 0; i < annotation_var(g, slot, "n")->i; i++) {
    double want = positive ? floor + fabs(mag[i]) : copysign(floor + fabs(mag[i]), mag[i]);
    if (d[i] != want) return annotation_why(out, n, "d[%lld] = %g, not %g", i, d[i], want);
  }
  return 0;
}

static int triangular_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  const double *a = slot->p, *diag = annotation_var(g, slot, "diag")->p, *data = annotation_var(g, slot, "data")->p;
  long long L = layout_of(g, slot), N = annotation_var(g, slot, "n")->i, ld = annotation_var(g, slot, "lda")->i;
  for (long long i = 0; i < N; i++)
    for (long long j = 0; j < N; j++) {
      double want = i == j ? copysign(diag[i], data[i * N + j]) : data[i * N + j];
      if (at(a, L, ld, i, j) != want) return annotation_why(out, n, "T(%lld, %lld) = %g, not %g", i, j, at(a, L, ld, i, j), want);
    }
  return 0;
}

/* dgetrf's factors: pivots within i..n (1-based) and no zero on U's diagonal. */
static int lu_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  const double *a = slot->p;
  const lapack_int *ipiv = annotest_lapacke_lu_pivots(a);
  long long L = layout_of(g, slot), N = annotation_var(g, slot, "n")->i, ld = annotation_var(g, slot, "lda")->i;
  for (long long i = 0; i < N; i++) {
    if (ipiv[i] < i + 1 || ipiv[i] > N) return annotation_why(out, n, "IPIV(%lld) = %d", i + 1, ipiv[i]);
    if (at(a, L, ld, i, i) == 0) return annotation_why(out, n, "U(%lld, %lld) = 0", i, i);
  }
  return 0;
}

/* dgeqrf's reflectors: each tau 0 or in [1, 2] (LAPACK's Householder scalars, dlarfg). */
static int reflectors_object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  const double *tau = annotest_lapacke_reflector_tau(slot->p);
  for (long long i = 0; i < annotation_var(g, slot, "n")->i; i++)
    if (!(tau[i] == 0 || (tau[i] >= 1 && tau[i] <= 2))) return annotation_why(out, n, "tau[%lld] = %g", i, tau[i]);
  return 0;
}

static int object(const at_function *g, const at_slot *slot, char *out, size_t n) {
  if (!slot->p) return annotation_why(out, n, "no object");
  if (!strcmp(g->name, "annotest_lapacke_spd")) return spd_object(g, slot, out, n);
  if (!strcmp(g->name, "annotest_lapacke_cholesky")) return cholesky_object(g, slot, out, n);
  if (!strcmp(g->name, "annotest_lapacke_symmetric_dominant")) return dominant_object(g, slot, 1, out, n);
  if (!strcmp(g->name, "annotest_lapacke_band_dominant")) return band_object(g, slot, out, n);
  if (!strcmp(g->name, "annotest_lapacke_dominant_diagonal")) return diagonal_object(g, slot, out, n);
  if (!strcmp(g->name, "annotest_lapacke_triangular")) return triangular_object(g, slot, out, n);
  if (!strcmp(g->name, "annotest_lapacke_lu")) return lu_object(g, slot, out, n);
  if (!strcmp(g->name, "annotest_lapacke_reflectors")) return reflectors_object(g, slot, out, n);
  return annotation_why(out, n, "no model of generator %s", g->name);
}

static const annotation_model lapacke_model = {model_call, object, NULL};

static int build(const ProtobufCMessage *m, at_ctx *ctx, const char **function, at_slot **slots) {
  return annotest_lapacke_build((const Mlf__Annotest__LapackeAnnotatedCall *)m, ctx, function, slots);
}

int main(void) {
  const glue_suite suite = {"harnesses/annotest/annotations/lapacke.h", "annotest_lapacke", "lapacke",
                            &mlf__annotest__lapacke_annotated_call__descriptor, build, annotest_lapacke_stats,
                            &lapacke_model, 300, 21, 20, NULL, NULL};
  return glue_suite_run(&suite);
}
