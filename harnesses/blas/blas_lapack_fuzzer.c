/* LAPACK ?getrf, ?getrs, ?gesv, ?potrf, ?potrs, ?geqrf, ?gels, ?gelss, ?gelsd, ?gesvd,
 * ?syev/?heev, ?gecon (s, d, c, z; Fortran and LAPACKE row/column major) in netlib LAPACK,
 * the prebuilt OpenBLAS libraries and ATLAS, side by side.
 * Oracle: residuals of each result in long double (componentwise proven bounds for LU,
 * Cholesky and their solves; the LAPACK test suite's forms and thresholds for QR, least
 * squares, SVD and eigenproblems), INFO as specified (zero pivots, definiteness away from the
 * boundary, -position of an invalid argument with xerbla called and nothing written), spectra
 * equal across libraries and to a constructed spectrum within Weyl's bound, NaN input never
 * lost silently in a factorization, guard pages around every buffer and workspace. */
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include "blas_operand.h"
#include "blas_lapack.pb-c.h"
#include "lapack_backend.h"
#include "lapack_call.h"
#include "lapack_check.h"
#include "lapack_construct.h"
#include "lapack_dense.h"
#include "lapack_known_crashes.h"
#include "mlf_capture.h"
#include "mlf_differential.h"
#include "mlf_feedback.h"
#include "mlf_scratch.h"
#include "mlf_target.h"

static lapack_backend backends[LAPACK_MAX_BACKENDS];
static size_t n_backends;

static void lapack_init(void) {
  n_backends = lapack_backends_load(backends, LAPACK_MAX_BACKENDS);
  if (n_backends == 0) {
    fprintf(stderr, "mlf: blas_lapack: no LAPACK backend could be loaded\n");
    exit(2);
  }
  if (getenv("MLF_VERBOSE"))
    for (size_t i = 0; i < n_backends; i++)
      fprintf(stderr, "mlf: backend %s = %s\n", backends[i].name, backends[i].identity);
}

/* The case as the harness sees it: valid dimensions (buffers are sized by them), the
 * arguments the main call gets, and the input read back in long double. */
typedef struct {
  lapack_routine routine;
  int prec, cplx, row_major;
  blas_precision p;
  lapack_interface iface;
  size_t m, n, nrhs, k; /* k = min(m, n) */
  lapack_args base;     /* options and dimensions of the main call */
  lapack_built a;
  blas_matrix b;
  int has_b;
  ld_mat A, B;          /* A as the routine reads it (Hermitian from one triangle), B's rows it reads */
  int input_nan, input_safe;
  long double eps, tiny;
  Mlf__Lapack__InvalidArgument invalid;
  int expected_info;    /* Fortran: -(position of the invalid argument) */
  long double spectrum_tol; /* two libraries' singular values or eigenvalues may differ by this */
  mlf_guard_side side;
} lcase;

typedef struct {
  int info, rank, errors;
  mlf_error_record first_error; /* the first xerbla call, when errors > 0 */
  double rcond;
  double ratio;          /* worst residual / allowed */
  char kind[40];         /* worst finding kind, "" when none */
  long double vals[LAPACK_MAX_SPECTRUM];
  size_t n_vals;
} outcome;

static int uses_b(lapack_routine r) {
  return r == LAPACK_GETRS || r == LAPACK_GESV || r == LAPACK_POTRS || r == LAPACK_GELS ||
         r == LAPACK_GELSS || r == LAPACK_GELSD;
}
static int square(lapack_routine r) {
  return r != LAPACK_GETRF && r != LAPACK_GEQRF && r != LAPACK_GELS && r != LAPACK_GELSS &&
         r != LAPACK_GELSD && r != LAPACK_GESVD;
}
static int hermitian_input(lapack_routine r) {
  return r == LAPACK_POTRF || r == LAPACK_POTRS || r == LAPACK_SYEV;
}
static char job_char(Mlf__Lapack__SvdJob j) {
  return j == MLF__LAPACK__SVD_JOB__ALL ? 'A' : j == MLF__LAPACK__SVD_JOB__SOME ? 'S' : 'N';
}

static void finding(mlf_run *run, const lcase *c, const char *backend, outcome *o, double ratio,
                    const char *kind, const char *fmt, ...) __attribute__((format(printf, 7, 8)));
/* Raises a finding on backend (NULL: the differential as a whole) and records it in o. */
static void finding(mlf_run *run, const lcase *c, const char *backend, outcome *o, double ratio,
                    const char *kind, const char *fmt, ...) {
  char tag[MLF_TAG_MAX], op[16], detail[400];
  snprintf(op, sizeof op, "%c%s", c->p.letter, lapack_routine_name(c->routine, c->prec));
  mlf_finding_tag(tag, sizeof tag, "blas_lapack", backend ? backend : "differential", op, kind);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(detail, sizeof detail, fmt, ap);
  va_end(ap);
  mlf_finding(run, tag, "%s: %s", backend ? backend : "libraries", detail);
  if (o && !o->kind[0]) snprintf(o->kind, sizeof o->kind, "%s", kind), o->ratio = ratio;
}

/* A residual ratio against 1: a NaN ratio or one above 1 is a finding. */
static void judge_ratio(mlf_run *run, const lcase *c, const char *name, outcome *o, double ratio,
                        const char *kind, const char *what) {
  if (ratio < 0) return;
  if (ratio > o->ratio || isnan(ratio)) o->ratio = ratio;
  if (!(ratio <= 1))
    finding(run, c, name, o, ratio, kind, "%s is %.3g times the allowed residual", what, ratio);
}

/* Reads a library output buffer in the case's layout. */
static ld_mat read_out(const lcase *c, const void *data, size_t ld, size_t rows, size_t cols) {
  return ld_from_buffer(data, c->prec, ld, c->row_major, rows, cols);
}

static ld_mat read_vector(const lcase *c, const void *data, size_t len, int real) {
  return ld_from_buffer(data, real ? c->prec & 1 : c->prec, len ? len : 1, 0, len, 1);
}

/* Buffers of one backend's run: copies of A and B and every output, each guarded. */
typedef struct {
  blas_matrix a, b;
  void *ipiv, *tau, *s, *w, *u, *vt;
  size_t ldu, ldvt, u_cols, vt_rows;
} buffers;

static void *guarded(size_t elems, size_t size, const lcase *c, const char *label) {
  return mlf_guard_alloc(elems * size, size < 8 ? size : 8, c->side, label);
}

static void buffers_make(buffers *bf, const lcase *c) {
  size_t es = c->p.elem_size, rs = c->p.is_double ? 8 : 4, k = c->k ? c->k : 1;
  blas_matrix_clone(&bf->a, &c->a.buf, &c->p, c->side, "A");
  if (c->has_b) blas_matrix_clone(&bf->b, &c->b, &c->p, c->side, "B");
  bf->ipiv = guarded(k, sizeof(int), c, "IPIV");
  bf->tau = guarded(k, es, c, "TAU");
  bf->s = guarded(k, rs, c, "S");
  bf->w = guarded(c->n ? c->n : 1, rs, c, "W");
  /* gesvd: U is m x m ('A') or m x k ('S'), VT n x n or k x n; in row-major the leading
   * dimension is the column count. */
  bf->u_cols = c->base.jobu == 'A' ? c->m : c->k;
  bf->vt_rows = c->base.jobvt == 'A' ? c->n : c->k;
  bf->ldu = c->row_major ? (bf->u_cols ? bf->u_cols : 1) : (c->m ? c->m : 1);
  bf->ldvt = c->row_major ? (c->n ? c->n : 1) : (bf->vt_rows ? bf->vt_rows : 1);
  bf->u = guarded(c->row_major ? c->m * bf->ldu : bf->ldu * bf->u_cols, es, c, "U");
  bf->vt = guarded(c->row_major ? bf->vt_rows * bf->ldvt : bf->ldvt * c->n, es, c, "VT");
}

static int buffers_intact(const buffers *bf, const lcase *c) {
  void *all[] = {bf->a.data, c->has_b ? bf->b.data : NULL, bf->ipiv, bf->tau, bf->s, bf->w, bf->u, bf->vt};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++)
    if (all[i] && !mlf_guard_canary_ok(all[i])) return 0;
  return blas_matrix_padding_intact(&bf->a, &c->p) && (!c->has_b || blas_matrix_padding_intact(&bf->b, &c->p));
}

static void buffers_free(buffers *bf, const lcase *c) {
  blas_matrix_free(&bf->a);
  if (c->has_b) blas_matrix_free(&bf->b);
  void *all[] = {bf->ipiv, bf->tau, bf->s, bf->w, bf->u, bf->vt};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++) mlf_guard_free(all[i]);
}

static lapack_args args_for(const lcase *c, buffers *bf) {
  lapack_args a = c->base;
  a.a = bf->a.data, a.lda = (int)bf->a.ld;
  a.b = c->has_b ? bf->b.data : NULL, a.ldb = c->has_b ? (int)bf->b.ld : 1;
  a.ipiv = bf->ipiv, a.tau = bf->tau, a.s = bf->s, a.w = bf->w, a.u = bf->u, a.vt = bf->vt;
  a.ldu = (int)bf->ldu, a.ldvt = (int)bf->ldvt;
  return a;
}

/* Makes one argument of the main call invalid. */
static void make_invalid(const lcase *c, lapack_args *a) {
  switch (c->invalid) {
    case MLF__LAPACK__INVALID_ARGUMENT__NEGATIVE_M:
      if (lapack_fortran_position(c->routine, c->prec, 'm')) a->m = -1; else a->n = -1;
      break;
    case MLF__LAPACK__INVALID_ARGUMENT__NEGATIVE_N: a->n = -1; break;
    case MLF__LAPACK__INVALID_ARGUMENT__NEGATIVE_NRHS:
      if (lapack_fortran_position(c->routine, c->prec, 'r')) a->nrhs = -1; else a->n = -1;
      break;
    case MLF__LAPACK__INVALID_ARGUMENT__SMALL_LDB:
      if (c->has_b) { a->ldb = (int)c->b.line_len - 1; break; }
      /* fall through: no B */
    case MLF__LAPACK__INVALID_ARGUMENT__SMALL_LDA: a->lda = (int)c->a.buf.line_len - 1; break;
    case MLF__LAPACK__INVALID_ARGUMENT__BAD_OPTION:
      if (!lapack_fortran_position(c->routine, c->prec, 'o')) { a->lda = (int)c->a.buf.line_len - 1; break; }
      if (c->routine == LAPACK_GETRS || c->routine == LAPACK_GELS) a->trans = 'X';
      else if (c->routine == LAPACK_POTRF || c->routine == LAPACK_POTRS) a->uplo = 'X';
      else if (c->routine == LAPACK_GESVD) a->jobu = 'X';
      else if (c->routine == LAPACK_SYEV) a->jobz = 'X';
      else a->norm = 'X';
      break;
    default: break;
  }
  a->invalid = 1;
}

/* The INFO the Fortran interface must report for the invalid argument (see make_invalid). */
static int expected_invalid_info(const lcase *c) {
  lapack_args a = c->base;
  a.lda = (int)c->a.buf.ld, a.ldb = c->has_b ? (int)c->b.ld : 1;
  int lda_pos = lapack_fortran_position(c->routine, c->prec, 'a');
  switch (c->invalid) {
    case MLF__LAPACK__INVALID_ARGUMENT__NEGATIVE_M: {
      int pm = lapack_fortran_position(c->routine, c->prec, 'm');
      return -(pm ? pm : lapack_fortran_position(c->routine, c->prec, 'n'));
    }
    case MLF__LAPACK__INVALID_ARGUMENT__NEGATIVE_N: return -lapack_fortran_position(c->routine, c->prec, 'n');
    case MLF__LAPACK__INVALID_ARGUMENT__NEGATIVE_NRHS: {
      int pr = lapack_fortran_position(c->routine, c->prec, 'r');
      return -(pr ? pr : lapack_fortran_position(c->routine, c->prec, 'n'));
    }
    case MLF__LAPACK__INVALID_ARGUMENT__SMALL_LDB:
      if (c->has_b) return -lapack_fortran_position(c->routine, c->prec, 'b');
      return -lda_pos;
    case MLF__LAPACK__INVALID_ARGUMENT__BAD_OPTION: {
      int po = lapack_fortran_position(c->routine, c->prec, 'o');
      return -(po ? po : lda_pos);
    }
    default: return -lda_pos;
  }
}

/* Error path: the same INFO from every library (for Fortran the specified one), xerbla
 * called for Fortran, nothing written. */
static void check_invalid(mlf_run *run, const lcase *c, const lapack_backend *b, const buffers *bf,
                          const void *a_before, const void *b_before, outcome *o) {
  if (c->iface == LAPACK_FORTRAN && (o->info != c->expected_info || o->errors == 0))
    finding(run, c, b->name, o, 0, "info-on-invalid",
            "invalid argument: INFO = %d (%zu xerbla calls), expected %d", o->info,
            (size_t)o->errors, c->expected_info);
  if (c->iface != LAPACK_FORTRAN && o->info >= 0)
    finding(run, c, b->name, o, 0, "info-on-invalid", "invalid argument accepted, INFO = %d", o->info);
  int same = memcmp(bf->a.data, a_before, c->a.buf.count * c->p.elem_size) == 0 &&
             (!c->has_b || memcmp(bf->b.data, b_before, c->b.count * c->p.elem_size) == 0);
  if (!same) finding(run, c, b->name, o, 0, "write-on-invalid", "A or B changed by a call with an invalid argument");
}

/* A workspace query (LWORK = -1) answers the optimal LWORK in WORK(1): at least the documented
 * minimum, and the call with exactly that LWORK must accept it. */
static void check_workspace_query(mlf_run *run, const lcase *c, const char *name, outcome *o,
                                  const lapack_args *a) {
  if (a->queried && !(a->work_query >= a->lwork_floor))
    finding(run, c, name, o, 0, "workspace-query",
            "LWORK = -1 answered WORK(1) = %g, below the documented minimum LWORK %d", a->work_query,
            a->lwork_floor);
  if (a->lwork_rejected)
    finding(run, c, name, o, 0, "workspace-query", "INFO = %d: LWORK = %g, its own query's WORK(1), rejected",
            o->info, a->work_query);
}

/* NaN in the referenced input of a factorization: the NaN element is never overwritten
 * without being read, so it must survive in the output unless INFO reports a failure. */
static void check_nan_kept(mlf_run *run, const lcase *c, const char *name, outcome *o, const ld_mat *out) {
  if (c->input_nan && o->info == 0 && !ld_has_nan(out))
    finding(run, c, name, o, 0, "nan-lost", "NaN in A, INFO = 0 and no NaN in the result");
}

/* Inputs within range and finite: factors must be finite. Overflow is impossible: max|a|
 * times the growth bound 2^(k) of partial pivoting (Higham, Thm 9.7) stays below the largest
 * finite value (input_safe), and the other factorizations have no growth. */
static void check_finite(mlf_run *run, const lcase *c, const char *name, outcome *o, const ld_mat *out) {
  if (c->input_safe && !ld_finite(out))
    finding(run, c, name, o, 0, "nonfinite-result", "finite input in range, non-finite factor");
}

/* Cholesky must succeed when lambda_min(A) / lambda_max(A) > 2 n gamma_{n+1} (Demmel's
 * condition, Higham Thm 10.7, lambda_min(H) >= 1 / cond(A), doubled for rounding A to the
 * precision) and lambda_min(A) > 2 n tiny (rounding a constructed element into the subnormal
 * range errs by less than tiny in absolute terms, ||dA||_2 < n tiny, at most half of
 * lambda_min; a tiny scale can round A to zero), and must fail when lambda_min(A) < -2 gamma_{n+1} trace(A) (a success
 * would give A + dA = L L^H >= 0 with ||dA||_2 <= gamma_{n+1} trace(L L^H), Higham Thm 10.3). */
static void check_potrf_info(mlf_run *run, const lcase *c, const char *name, outcome *o) {
  if (!c->a.spectrum_known || !c->a.hermitian || !c->input_safe || c->n == 0) return;
  long double g = lapack_gamma(c->n, c->cplx, c->p.unit_roundoff), lmin = c->a.ev[0],
              lmax = c->a.ev[c->n - 1], trace = 0;
  for (size_t i = 0; i < c->n; i++) trace += c->a.ev[i];
  if (lmin > 2 * c->n * c->p.tiny && lmin / lmax > 2 * c->n * g && o->info != 0)
    finding(run, c, name, o, 0, "info-on-definite", "INFO = %d for a positive definite A, cond %.3Lg",
            o->info, lmax / lmin);
  if (lmin < -2 * g * fabsl(trace) * c->n && o->info == 0)
    finding(run, c, name, o, 0, "info-missing-indefinite", "INFO = 0 for an indefinite A, lambda_min %.3Lg", lmin);
}

/* Singular values or eigenvalues: ordered as specified, nonnegative (singular values), and
 * within Weyl's bound of the constructed spectrum: a backward-stable result is exact for
 * A + E, ||E||_2 <= 50 max(m, n) eps ||A||_F (test-suite form), plus u ||A||_F for rounding
 * the constructed A to the precision. */
static void check_spectrum(mlf_run *run, const lcase *c, const char *name, outcome *o,
                           const ld_mat *v, int singular) {
  size_t len = v->rows;
  o->n_vals = len < LAPACK_MAX_SPECTRUM ? len : LAPACK_MAX_SPECTRUM;
  for (size_t i = 0; i < o->n_vals; i++) o->vals[i] = v->re[i];
  if (!c->input_safe) return;
  for (size_t i = 0; i + 1 < len; i++)
    if (singular ? v->re[i] < v->re[i + 1] : v->re[i] > v->re[i + 1]) {
      finding(run, c, name, o, 0, "spectrum-unsorted", "values %zu and %zu out of order", i, i + 1);
      break;
    }
  for (size_t i = 0; singular && i < len; i++)
    if (v->re[i] < 0) {
      finding(run, c, name, o, 0, "negative-singular-value", "s(%zu) = %.6Lg", i, v->re[i]);
      break;
    }
  const long double *want = singular ? c->a.sv : c->a.ev;
  size_t n_want = singular ? c->a.n_sv : c->a.n_ev;
  if (!c->a.spectrum_known || n_want != len) return;
  long double tol = c->spectrum_tol / 2 + c->p.unit_roundoff * ld_norm_fro(&c->A), worst = 0;
  for (size_t i = 0; i < len; i++) {
    long double d = fabsl(v->re[i] - want[i]), q = d == 0 ? 0 : d / tol;
    if (!(q <= worst)) worst = q;
  }
  judge_ratio(run, c, name, o, (double)worst, "spectrum-mismatch", "distance to the constructed spectrum");
}

/* Runs the prerequisite factorization of getrs, gecon (getrf) and potrs (potrf). */
static int prerequisite(const lapack_backend *b, const lcase *c, lapack_args *main_args) {
  lapack_routine pre = c->routine == LAPACK_POTRS ? LAPACK_POTRF
                     : c->routine == LAPACK_GETRS || c->routine == LAPACK_GECON ? LAPACK_GETRF
                     : LAPACK_ROUTINES;
  if (pre == LAPACK_ROUTINES) return 1;
  lapack_args f = *main_args;
  f.routine = pre;
  f.m = f.n = (int)c->n;
  f.invalid = 0;
  f.uplo = c->base.uplo;
  f.lda = (int)c->a.buf.ld;
  if (!lapack_call(b, &f)) return 0;
  main_args->info = f.info;
  return 1;
}

static void check_lu(mlf_run *run, const lcase *c, const char *name, outcome *o, const ld_mat *lu,
                     const int *ipiv, const ld_mat *b, const ld_mat *x, int trans) {
  ld_mat l, u;
  if (!lapack_unpack_lu(lu, ipiv, &l, &u)) {
    finding(run, c, name, o, 0, "ipiv-out-of-range", "IPIV has an entry outside [i, m]");
    return;
  }
  /* INFO > 0 names the first exactly zero pivot U(i, i), and only then */
  size_t first_zero = 0;
  for (size_t i = 0; i < c->k && !first_zero; i++)
    if (u.re[LD_AT(&u, i, i)] == 0 && (!u.im || u.im[LD_AT(&u, i, i)] == 0)) first_zero = i + 1;
  if (o->info >= 0 && (size_t)o->info != first_zero && ld_finite(lu))
    finding(run, c, name, o, 0, "info-zero-pivot", "INFO = %d, first zero pivot at %zu", o->info, first_zero);
  /* An exactly zero column j of A stays zero through elimination: a zero pivot by step j.
   * Not with a NaN or Inf in A: a multiplier made of it times the zero column is NaN. */
  for (size_t j = 0; j < c->k && ld_finite(&c->A); j++) {
    int zero = 1;
    for (size_t i = 0; i < c->m && zero; i++) zero = ld_modulus(&c->A, i, j) == 0;
    if (zero && (o->info <= 0 || (size_t)o->info > j + 1)) {
      finding(run, c, name, o, 0, "info-zero-column", "column %zu of A is zero, INFO = %d", j + 1, o->info);
      break;
    }
  }
  check_nan_kept(run, c, name, o, lu);
  check_finite(run, c, name, o, lu);
  if (ld_finite(lu) && ld_finite(&c->A)) {
    judge_ratio(run, c, name, o, lapack_check_lu(&c->A, &l, &u, ipiv, c->p.unit_roundoff, c->p.tiny),
                "lu-residual", "|A - P L U| against gamma |L||U|");
    if (x && o->info == 0 && ld_finite(x) && ld_finite(b))
      judge_ratio(run, c, name, o,
                  lapack_check_lu_solve(&l, &u, ipiv, b, x, trans, c->p.unit_roundoff, c->p.tiny),
                  "solve-residual", "|b - op(P L U) x| against the triangular solves' bound");
  }
  ld_free(&l), ld_free(&u);
}

/* L with A = L L^H from the referenced triangle of ?potrf's output. */
static ld_mat cholesky_factor(const lcase *c, const ld_mat *out) {
  ld_mat l = ld_new(c->n, c->n, c->cplx);
  for (size_t j = 0; j < c->n; j++)
    for (size_t i = j; i < c->n; i++) {
      size_t from = c->base.uplo == 'L' ? LD_AT(out, i, j) : LD_AT(out, j, i);
      l.re[LD_AT(&l, i, j)] = out->re[from];
      if (c->cplx) l.im[LD_AT(&l, i, j)] = c->base.uplo == 'L' ? out->im[from] : -out->im[from];
    }
  return l;
}

/* The triangle a Hermitian routine must not reference stays bit for bit as it was. */
static int other_triangle_intact(const lcase *c, const blas_matrix *out) {
  const unsigned char *x = out->data, *y = c->a.buf.data;
  size_t es = c->p.elem_size;
  for (size_t j = 0; j < c->n; j++)
    for (size_t i = 0; i < c->n; i++) {
      int referenced = c->base.uplo == 'L' ? i >= j : i <= j;
      size_t at = blas_matrix_offset(out, c->row_major, i, j) * es;
      if (!referenced && memcmp(x + at, y + at, es)) return 0;
    }
  return 1;
}

static void check_cholesky(mlf_run *run, const lcase *c, const char *name, outcome *o,
                           const buffers *bf, const ld_mat *x) {
  ld_mat out = read_out(c, bf->a.data, bf->a.ld, c->n, c->n), l = cholesky_factor(c, &out);
  if (c->routine == LAPACK_POTRF && !other_triangle_intact(c, &bf->a))
    finding(run, c, name, o, 0, "write-other-triangle", "?potrf changed the triangle it must not reference");
  check_potrf_info(run, c, name, o);
  check_nan_kept(run, c, name, o, &l);
  if (o->info == 0) check_finite(run, c, name, o, &l);
  if (o->info == 0 && ld_finite(&l) && ld_finite(&c->A)) {
    judge_ratio(run, c, name, o, lapack_check_cholesky(&c->A, &l, c->p.unit_roundoff, c->p.tiny),
                "cholesky-residual", "|A - L L^H| against gamma |L||L^H|");
    if (x && ld_finite(x) && ld_finite(&c->B))
      judge_ratio(run, c, name, o,
                  lapack_check_cholesky_solve(&l, &c->B, x, c->p.unit_roundoff, c->p.tiny),
                  "solve-residual", "|b - L L^H x| against the triangular solves' bound");
  }
  ld_free(&out), ld_free(&l);
}

static void check_svd(mlf_run *run, const lcase *c, const char *name, outcome *o, const buffers *bf) {
  ld_mat s = read_vector(c, bf->s, c->k, 1);
  check_nan_kept(run, c, name, o, &s);
  if (!ld_finite(&s) || o->info != 0) {
    if (o->info == 0) check_finite(run, c, name, o, &s);
    ld_free(&s);
    return;
  }
  check_spectrum(run, c, name, o, &s, 1);
  if (c->k == 0) { /* quick return: U and VT are not referenced */
    ld_free(&s);
    return;
  }
  ld_mat u = {0}, vt = {0};
  if (c->base.jobu != 'N') {
    u = read_out(c, bf->u, bf->ldu, c->m, bf->u_cols);
    judge_ratio(run, c, name, o, lapack_check_orthonormal_columns(&u, 'N', c->p.unit_roundoff),
                "u-not-orthonormal", "||I - U^H U|| / (m eps) against 50");
  }
  if (c->base.jobvt != 'N') {
    vt = read_out(c, bf->vt, bf->ldvt, bf->vt_rows, c->n);
    judge_ratio(run, c, name, o, lapack_check_orthonormal_columns(&vt, 'C', c->p.unit_roundoff),
                "v-not-orthonormal", "||I - V^H V|| / (n eps) against 50");
  }
  if (u.re && vt.re && c->input_safe) {
    ld_mat uk = ld_new(c->m, c->k, c->cplx), vk = ld_new(c->k, c->n, c->cplx);
    for (size_t j = 0; j < c->k; j++)
      for (size_t i = 0; i < c->m; i++) {
        uk.re[LD_AT(&uk, i, j)] = u.re[LD_AT(&u, i, j)];
        if (c->cplx) uk.im[LD_AT(&uk, i, j)] = u.im[LD_AT(&u, i, j)];
      }
    for (size_t j = 0; j < c->n; j++)
      for (size_t i = 0; i < c->k; i++) {
        vk.re[LD_AT(&vk, i, j)] = vt.re[LD_AT(&vt, i, j)];
        if (c->cplx) vk.im[LD_AT(&vk, i, j)] = vt.im[LD_AT(&vt, i, j)];
      }
    judge_ratio(run, c, name, o, lapack_check_svd(&c->A, &uk, s.re, &vk, c->p.unit_roundoff),
                "svd-residual", "||A - U S V^H|| / (max(m,n) ||A|| eps) against 50");
    ld_free(&uk), ld_free(&vk);
  }
  ld_free(&u), ld_free(&vt), ld_free(&s);
}

static void check_eig(mlf_run *run, const lcase *c, const char *name, outcome *o, const buffers *bf) {
  ld_mat w = read_vector(c, bf->w, c->n, 1);
  check_nan_kept(run, c, name, o, &w);
  if (!ld_finite(&w) || o->info != 0) {
    if (o->info == 0) check_finite(run, c, name, o, &w);
    ld_free(&w);
    return;
  }
  check_spectrum(run, c, name, o, &w, 0);
  if (c->base.jobz == 'V' && c->input_safe) {
    ld_mat v = read_out(c, bf->a.data, bf->a.ld, c->n, c->n);
    ld_mat id = ld_identity(c->n, c->cplx), vh = ld_mul(&v, 'C', &id, 'N', 0);
    judge_ratio(run, c, name, o, lapack_check_orthonormal_columns(&v, 'N', c->p.unit_roundoff),
                "v-not-orthonormal", "||I - V^H V|| / (n eps) against 50");
    judge_ratio(run, c, name, o, lapack_check_svd(&c->A, &v, w.re, &vh, c->p.unit_roundoff),
                "eig-residual", "||A - V W V^H|| / (n ||A|| eps) against 50");
    ld_free(&v), ld_free(&id), ld_free(&vh);
  }
  ld_free(&w);
}

/* ?gecon returns an estimate: only 0 <= rcond is specified, and rcond <= 2 holds when the
 * true condition number is far from 1 / (n eps): ||A|| ||A^-1 v|| >= 1 for the unit vector v
 * the estimator settles on, and with kappa rho 3 n u < 0.01 (rho = max|L U| / max|A| >=
 * the growth factor) the solves compute ||A^-1 v|| to a relative accuracy better than 1/2
 * (Higham Thm 9.4: backward error gamma_3n |L||U|). Its
 * distance to the true value is logged and fed back, never reported: the estimator can miss
 * by any factor on adversarial matrices (Higham, section 15.3). */
static void check_gecon(mlf_run *run, const lcase *c, const char *name, outcome *o, const ld_mat *lu) {
  if (o->info != 0 || c->n == 0 || !c->input_safe) return;
  ld_mat inv;
  if (!ld_inverse(&c->A, &inv)) return;
  long double kappa = c->base.norm == 'I' ? ld_norm_inf(&c->A) * ld_norm_inf(&inv) : ld_norm1(&c->A) * ld_norm1(&inv);
  ld_free(&inv);
  long double amax = 0, lumax = 0;
  for (size_t j = 0; j < c->n; j++)
    for (size_t i = 0; i < c->n; i++) {
      amax = fmaxl(amax, ld_modulus(&c->A, i, j));
      lumax = fmaxl(lumax, ld_modulus(lu, i, j));
    }
  long double rho = amax > 0 ? fmaxl(1, lumax / amax) : 1;
  if (kappa * rho * c->n * 3 * c->p.unit_roundoff < 0.01L && !(o->rcond >= 0 && o->rcond <= 2))
    finding(run, c, name, o, 0, "rcond-out-of-range", "rcond = %.6g for a condition number %.3Lg", o->rcond, kappa);
  double off = o->rcond > 0 ? fabs(log10((double)(o->rcond * kappa))) : 99;
  mlf_log(run, "%-16s rcond %.6g, true %.6Lg (estimate off by 10^%.2f)", name, o->rcond, 1 / kappa, off);
  mlf_feedback_hit(mlf_feature("lapack-rcond", (uint32_t)c->prec, (uint32_t)fmin(off * 4, 40)));
}

static void check_least_squares(mlf_run *run, const lcase *c, const char *name, outcome *o,
                                const buffers *bf) {
  int trans = c->base.trans != 'N';
  size_t xrows = trans ? c->m : c->n;
  ld_mat x = read_out(c, bf->b.data, bf->b.ld, xrows, c->nrhs);
  if (c->routine != LAPACK_GELS) {
    ld_mat s = read_vector(c, bf->s, c->k, 1);
    if (o->info == 0 && ld_finite(&s)) check_spectrum(run, c, name, o, &s, 1);
    if (o->info == 0 && (o->rank < 0 || (size_t)o->rank > c->k))
      finding(run, c, name, o, 0, "rank-out-of-range", "RANK = %d", o->rank);
    ld_free(&s);
  }
  if (o->info == 0 && c->input_safe && ld_finite(&x)) {
    long double rcond = c->routine == LAPACK_GELS ? 0 : c->base.rcond_in < 0 ? c->eps : c->base.rcond_in;
    judge_ratio(run, c, name, o, lapack_check_least_squares(&c->A, trans, &c->B, &x, rcond, c->eps),
                "ls-residual", "||op(A)^H r|| against a backward-stable solver's allowance");
  }
  ld_free(&x);
}

static void check_qr(mlf_run *run, const lcase *c, const char *name, outcome *o, const buffers *bf) {
  ld_mat packed = read_out(c, bf->a.data, bf->a.ld, c->m, c->n), tau = read_vector(c, bf->tau, c->k, 0);
  check_nan_kept(run, c, name, o, &packed);
  check_finite(run, c, name, o, &packed);
  if (c->input_safe && ld_finite(&packed) && ld_finite(&tau))
    judge_ratio(run, c, name, o, lapack_check_qr(&c->A, &packed, &tau, c->p.unit_roundoff),
                "qr-residual", "||A - QR|| / (m ||A|| eps) or ||I - Q^H Q|| / (m eps) against 30");
  ld_free(&packed), ld_free(&tau);
}

/* The valid-call oracle of each routine. */
static void check_valid(mlf_run *run, const lcase *c, const lapack_backend *b, const buffers *bf,
                        outcome *o) {
  const char *name = b->name;
  /* ?lascl rejecting the NaN norm of a non-finite input is a kind of its own (a known LAPACK habit) */
  int lascl_nan = !ld_finite(&c->A) && strstr(o->first_error.routine, "LASCL") && o->first_error.info == 4;
  if (o->errors)
    finding(run, c, name, o, 0, lascl_nan ? "xerbla-lascl-nan" : "xerbla-on-valid",
            "xerbla called on valid arguments: %s, parameter %d", o->first_error.routine,
            o->first_error.info);
  else if (o->info < 0) finding(run, c, name, o, 0, "info-negative-on-valid", "INFO = %d", o->info);
  ld_mat x = {0};
  if (uses_b(c->routine) && c->routine != LAPACK_GELS && c->routine != LAPACK_GELSS &&
      c->routine != LAPACK_GELSD)
    x = read_out(c, bf->b.data, bf->b.ld, c->n, c->nrhs);
  /* ?gesv factors A whatever NRHS (the reference calls ?getrf, then ?getrs): IPIV(1) is set */
  if (c->routine == LAPACK_GESV && c->nrhs == 0 && c->n > 0 && o->info == 0 &&
      ((const int *)bf->ipiv)[0] < 1) {
    finding(run, c, name, o, 0, "unfactored-nrhs-zero", "NRHS = 0: IPIV not written, INFO = 0");
    ld_free(&x);
    return;
  }
  switch (c->routine) {
    case LAPACK_GETRF: case LAPACK_GETRS: case LAPACK_GESV: case LAPACK_GECON: {
      ld_mat lu = read_out(c, bf->a.data, bf->a.ld, c->m, c->n);
      check_lu(run, c, name, o, &lu, bf->ipiv, &c->B, x.re ? &x : NULL,
               c->routine == LAPACK_GETRS && c->base.trans != 'N');
      if (c->routine == LAPACK_GECON) check_gecon(run, c, name, o, &lu);
      ld_free(&lu);
      break;
    }
    case LAPACK_POTRF: case LAPACK_POTRS: check_cholesky(run, c, name, o, bf, x.re ? &x : NULL); break;
    case LAPACK_GEQRF: check_qr(run, c, name, o, bf); break;
    case LAPACK_GELS: case LAPACK_GELSS: case LAPACK_GELSD: check_least_squares(run, c, name, o, bf); break;
    case LAPACK_GESVD: check_svd(run, c, name, o, bf); break;
    case LAPACK_SYEV: check_eig(run, c, name, o, bf); break;
    default: break;
  }
  ld_free(&x);
}

static const char *hanging_backend;
static void on_hang(int sig) {
  (void)sig;
  fprintf(stderr, "mlf: backend %s still running after 10 s: the known hang\n", hanging_backend);
  raise(SIGSEGV); /* reported with the input, as a crash */
}

/* A known hang called on purpose (MLF_REPORT_KNOWN=1) becomes a crash after 10 s, so that a
 * replay ends; libFuzzer's own -timeout, also SIGALRM, is not in use then. */
static void arm_hang_watchdog(const char *backend) {
  hanging_backend = backend;
  signal(SIGALRM, on_hang);
  alarm(10);
}

/* Runs one backend; 0 when it cannot run this case. */
static int run_backend(mlf_run *run, const lcase *c, const lapack_backend *b, outcome *o) {
  memset(o, 0, sizeof *o);
  lapack_entry fn = c->iface == LAPACK_FORTRAN ? b->fortran[c->routine][c->prec]
                                               : b->lapacke[c->routine][c->prec];
  if (!fn) {
    mlf_log(run, "%-16s unsupported (%s)", b->name,
            c->iface == LAPACK_FORTRAN ? "no such routine" : "no LAPACKE bound to it");
    return 0;
  }
  const char *crash = c->invalid ? NULL
                                 : lapack_known_crash(b->name, c->routine, c->prec, c->m, c->n,
                                                      c->nrhs, !ld_finite(&c->A));
  if (crash && !mlf_report_known()) {
    finding(run, c, b->name, o, 0, crash, "known crash: not called (MLF_REPORT_KNOWN=1 calls it)");
    return 0;
  }
  if (crash && strcmp(crash, "hang") == 0) arm_hang_watchdog(b->name);
  if (c->invalid && b->own_namespace) {
    mlf_log(run, "%-16s not called with an invalid argument (its xerbla would stop the process)", b->name);
    return 0;
  }
  buffers bf;
  buffers_make(&bf, c);
  lapack_args a = args_for(c, &bf);
  mlf_capture_begin(b->name);
  int ok = prerequisite(b, c, &a);
  static mlf_scratch before_a, before_b; /* A and B as the main call gets them */
  size_t a_bytes = c->a.buf.count * c->p.elem_size, b_bytes = c->has_b ? c->b.count * c->p.elem_size : 0;
  void *a_before = memcpy(mlf_scratch_get(&before_a, a_bytes + 1), bf.a.data, a_bytes);
  void *b_before = c->has_b ? memcpy(mlf_scratch_get(&before_b, b_bytes + 1), bf.b.data, b_bytes) : NULL;
  if (ok && a.info == 0) {
    if (c->invalid) make_invalid(c, &a);
    lapack_call(b, &a);
  }
  o->errors = (int)mlf_capture_end(&o->first_error);
  if (hanging_backend) alarm(0), hanging_backend = NULL; /* it returned after all */
  if (c->invalid && (!ok || a.invalid == 0)) { /* the prerequisite factorization failed */
    mlf_log(run, "%-16s prerequisite factorization: INFO %d, invalid call not made", b->name, a.info);
    buffers_free(&bf, c);
    return 0;
  }
  o->info = a.info, o->rank = a.rank, o->rcond = a.rcond_out;
  if (!buffers_intact(&bf, c) || a.workspace_damaged)
    finding(run, c, b->name, o, 0, "write-outside", "wrote into the slack or padding next to a buffer");
  check_workspace_query(run, c, b->name, o, &a);
  if (c->invalid) check_invalid(run, c, b, &bf, a_before, b_before, o);
  else check_valid(run, c, b, &bf, o);
  mlf_log(run, "%-16s INFO %d%s%s, worst residual/allowed %.3g", b->name, o->info,
          o->kind[0] ? ", " : "", o->kind, o->ratio);
  mlf_feedback_hit(mlf_feature("lapack-info", (uint32_t)(c->routine * 4 + c->prec),
                               (uint32_t)(o->info < 0 ? 0 : o->info == 0 ? 1 : 2)));
  mlf_feedback_hit(mlf_feature("lapack-ratio", (uint32_t)c->routine,
                               o->ratio > 0 ? (uint32_t)fmin(40, fmax(0, 20 + log2(o->ratio))) : 0));
  buffers_free(&bf, c);
  return 1;
}

/* Two libraries agree when their spectra lie within the Weyl allowance of each other, and on
 * the error path when they report the same INFO. */
static mlf_cmp_kind agree(const void *x_, const void *y_, void *ctx_) {
  const outcome *x = x_, *y = y_;
  const lcase *c = ctx_;
  if (c->invalid) return x->info == y->info ? MLF_CMP_OK : MLF_CMP_VALUE;
  if (!x->n_vals || !y->n_vals || x->n_vals != y->n_vals) return MLF_CMP_OK;
  for (size_t i = 0; i < x->n_vals; i++) {
    if (isnan(x->vals[i]) != isnan(y->vals[i])) return MLF_CMP_NAN;
    if (!(fabsl(x->vals[i] - y->vals[i]) <= c->spectrum_tol) && !isnan(x->vals[i])) return MLF_CMP_VALUE;
  }
  return MLF_CMP_OK;
}

/* Reads the referenced input back in long double; for the Hermitian routines the matrix
 * their triangle defines (real diagonal). */
static void read_inputs(lcase *c) {
  c->A = ld_from_buffer(c->a.buf.data, c->prec, c->a.buf.ld, c->row_major, c->m, c->n);
  if (hermitian_input(c->routine))
    for (size_t j = 0; j < c->n; j++) {
      if (c->cplx) c->A.im[LD_AT(&c->A, j, j)] = 0;
      for (size_t i = j + 1; i < c->n; i++) {
        size_t lo = LD_AT(&c->A, i, j), up = LD_AT(&c->A, j, i);
        if (c->base.uplo == 'L') c->A.re[up] = c->A.re[lo]; else c->A.re[lo] = c->A.re[up];
        if (c->cplx) {
          if (c->base.uplo == 'L') c->A.im[up] = -c->A.im[lo]; else c->A.im[lo] = -c->A.im[up];
        }
      }
    }
  size_t brows = c->routine == LAPACK_GELS || c->routine == LAPACK_GELSS || c->routine == LAPACK_GELSD
                     ? (c->base.trans != 'N' ? c->n : c->m) : c->n;
  c->B = c->has_b ? ld_from_buffer(c->b.data, c->prec, c->b.ld, c->row_major, brows, c->nrhs)
                  : ld_new(0, 0, c->cplx);
  c->input_nan = ld_has_nan(&c->A);
  /* Every element finite and at most max / 2^(k+8) in modulus: see check_finite. */
  long double limit = ldexpl((long double)c->p.max, -(int)c->k - 8), biggest = 0;
  for (size_t e = 0; e < c->m * c->n; e++) {
    long double v = hypotl(c->A.re[e], c->cplx ? c->A.im[e] : 0);
    if (!(v <= biggest)) biggest = v;
  }
  c->input_safe = biggest <= limit && ld_finite(&c->A) && (!c->has_b || ld_finite(&c->B));
  size_t dim = c->m > c->n ? c->m : c->n;
  c->spectrum_tol = 2 * 50.0L * dim * c->eps * ld_norm_fro(&c->A);
}

static void lapack_run(const ProtobufCMessage *msg, mlf_run *run) {
  const Mlf__Lapack__LapackCase *lc = (const Mlf__Lapack__LapackCase *)msg;
  lcase c;
  memset(&c, 0, sizeof c);
  c.routine = (lapack_routine)lc->routine;
  c.p = blas_precision_of(lc->precision);
  c.prec = (c.p.is_double ? 1 : 0) + (c.p.is_complex ? 2 : 0);
  c.cplx = c.p.is_complex;
  c.iface = (lapack_interface)lc->interface;
  c.row_major = c.iface == LAPACK_LAPACKE_ROW;
  c.n = lc->n;
  c.m = square(c.routine) ? c.n : lc->m;
  c.k = c.m < c.n ? c.m : c.n;
  c.nrhs = uses_b(c.routine) ? lc->nrhs : 0;
  c.eps = c.p.unit_roundoff;
  c.side = lc->guard_before ? MLF_GUARD_HEAD : MLF_GUARD_TAIL;
  c.invalid = lc->invalid;
  lapack_args *a = &c.base;
  a->routine = c.routine, a->prec = c.prec, a->iface = c.iface;
  a->m = (int)c.m, a->n = (int)c.n, a->nrhs = (int)c.nrhs;
  int has_trans = c.routine == LAPACK_GETRS || c.routine == LAPACK_GELS;
  a->trans = lc->trans && has_trans ? (c.cplx ? 'C' : 'T') : 'N';
  a->uplo = lc->lower ? 'L' : 'U';
  a->jobu = job_char(lc->jobu), a->jobvt = job_char(lc->jobvt);
  a->jobz = lc->eigenvectors ? 'V' : 'N';
  a->norm = lc->infinity_norm ? 'I' : '1';
  a->rcond_in = blas_number(lc->rcond, &c.p);
  lapack_build_a(&c.a, lc->a, lc->construction, &c.p, c.row_major, c.m, c.n, c.side);
  c.has_b = uses_b(c.routine);
  if (c.has_b) {
    size_t rows = c.routine == LAPACK_GELS || c.routine == LAPACK_GELSS || c.routine == LAPACK_GELSD
                      ? (c.m > c.n ? c.m : c.n) : c.n;
    blas_matrix_make(&c.b, lc->b, &c.p, c.row_major, rows, c.nrhs, 2, c.side, "B");
  }
  read_inputs(&c);
  if (c.routine == LAPACK_GECON) a->anorm = (double)(a->norm == 'I' ? ld_norm_inf(&c.A) : ld_norm1(&c.A));
  if (c.invalid) c.expected_info = expected_invalid_info(&c);
  mlf_feedback_hit(mlf_feature("lapack-case", (uint32_t)(c.routine * 4 + c.prec),
                               (uint32_t)(c.iface * 8 + c.invalid)));

  outcome outcomes[LAPACK_MAX_BACKENDS];
  mlf_result results[LAPACK_MAX_BACKENDS];
  for (size_t i = 0; i < n_backends; i++) {
    int ran = run_backend(run, &c, &backends[i], &outcomes[i]);
    results[i] = (mlf_result){backends[i].name, ran ? MLF_RESULT_OK : MLF_RESULT_UNSUPPORTED, &outcomes[i]};
  }
  mlf_diff_outcome diff;
  mlf_diff_compare(results, n_backends, agree, &c, &diff);
  if (!diff.all_agree) {
    const char *kind = c.invalid ? "info-differs-on-invalid" : "spectrum-differs";
    if (diff.odd_one >= 0)
      finding(run, &c, backends[diff.odd_one].name, NULL, 0, kind, "disagrees with every other library, which agree");
    else
      finding(run, &c, NULL, NULL, 0, kind, "libraries disagree with no majority");
    for (size_t i = 0; i < n_backends; i++)
      for (size_t j = i + 1; j < n_backends; j++)
        if (diff.pair[i][j] > MLF_CMP_OK)
          mlf_log(run, "disagree: %s vs %s (%s)", backends[i].name, backends[j].name,
                  mlf_cmp_kind_name((mlf_cmp_kind)diff.pair[i][j]));
  }
  ld_free(&c.A), ld_free(&c.B);
  blas_matrix_free(&c.a.buf);
  if (c.has_b) blas_matrix_free(&c.b);
}

MLF_TARGET(blas_lapack, mlf__lapack__lapack_case__descriptor, lapack_init, lapack_run)
