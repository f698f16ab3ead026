/* The LAPACK spectrum judges (harnesses/blas/lapack_judge_spectrum.c, lapack_check_svd) in the
 * subnormal range, where rounding is absolute rather than relative. A CONDITIONED 5 x 4 A
 * (singular values 1 .. 10^-3) scaled by 2^-140 has subnormal float elements: storing it moves
 * it by more than u ||A||_F (the allowance the judge had, which made netlib and ATLAS sgelss
 * and zgelsd "spectrum-mismatch" on such inputs), and the measured rounding stays within the
 * rounding bound (u ||A||_F + sqrt(mn) tiny / 2). The constructed singular values pass; one
 * planted value off by twice the allowance is still a spectrum-mismatch, in the normal range
 * as below it. ||A - U S V^H|| accepts singular values rounded into the subnormal range
 * (tiny / 2 each) and still catches one off by 2 tiny. The QR and least-squares residuals get
 * the same absolute allowance for gradual underflow (see each test). ld_inverse, which ?gecon's
 * judge calls, frees what it made when A is singular (it leaked the identity it started from,
 * which LeakSanitizer reported on singular ?gecon inputs) and still inverts a regular A.
 * The minimum-norm check of ?gelss / ?gelsd / ?gels (lapack_check_minimum_norm and its call
 * in lapack_judge_least_squares): see the tests above minimum_norm_planted. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "blas/lapack_check.h"
#include "blas/lapack_judge.h"

enum { M = 5, N = 4 };

/* The finding tags' routine name, without the backends' loader (lapack_backends.c), which
 * this test does not link: only gelss is judged here. */
const char *lapack_routine_name(lapack_routine r, int precision) {
  (void)precision;
  return r == LAPACK_GELSS ? "gelss" : r == LAPACK_GELSD ? "gelsd" : "other";
}

/* A single-precision gelss case on the CONDITIONED A scaled by 2^scale_exponent. */
static void make_case(lapack_case *c, int scale_exponent) {
  Mlf__Blas__Fill fill = MLF__BLAS__FILL__INIT;
  fill.has_seed = 1, fill.seed = 3;
  fill.has_scale_exponent = 1, fill.scale_exponent = scale_exponent;
  Mlf__Lapack__Construction k = MLF__LAPACK__CONSTRUCTION__INIT;
  k.has_kind = 1, k.kind = MLF__LAPACK__CONSTRUCTION__KIND__CONDITIONED;
  k.has_log10_cond = 1, k.log10_cond = 3;
  memset(c, 0, sizeof *c);
  c->routine = LAPACK_GELSS;
  c->p = blas_precision_of(MLF__BLAS__PRECISION__SINGLE);
  c->m = M, c->n = N, c->k = N;
  c->eps = c->p.unit_roundoff;
  lapack_build_a(&c->a, &fill, &k, &c->p, 0, M, N, MLF_GUARD_TAIL);
  c->A = ld_from_buffer(c->a.buf.data, 0, c->a.buf.ld, 0, M, N);
  c->input_safe = 1;
  c->spectrum_tol = 2 * 50.0L * M * c->eps * ld_norm_fro(&c->A);
}

static void free_case(lapack_case *c) {
  ld_free(&c->A);
  blas_matrix_free(&c->a.buf);
}

/* The judge's allowance around each constructed value (lapack_judge_spectrum). */
static long double allowance(const lapack_case *c) {
  return c->spectrum_tol / 2 + c->a.rounding + (long double)c->p.tiny / 2;
}

/* Judges the constructed singular values with value `at` moved by `shift`; 1 when that is a
 * spectrum-mismatch (a value moved below zero or out of order is also reported as such). */
static int mismatch(const lapack_case *c, size_t at, long double shift) {
  ld_mat s = ld_new(N, 1, 0);
  for (size_t i = 0; i < N; i++) s.re[i] = c->a.sv[i];
  s.re[at] += shift;
  mlf_run run;
  mlf_run_reset(&run);
  lapack_outcome o = {0};
  lapack_judge_spectrum(&run, c, "netlib", &o, &s, 1);
  ld_free(&s);
  int found = 0;
  for (size_t i = 0; i < run.n_findings; i++)
    found |= strstr(run.findings[i].tag, ":sgelss:spectrum-mismatch") != NULL;
  return found;
}

static void subnormal_rounding_measured(void **state) {
  (void)state;
  lapack_case c;
  make_case(&c, -140);
  assert_int_equal(c.a.spectrum_known, 1);
  long double fro = ld_norm_fro(&c.A), u = c.p.unit_roundoff;
  assert_true(c.a.rounding > u * fro); /* the former allowance was short here */
  assert_true(c.a.rounding <= u * fro + sqrtl(M * N) * (long double)c.p.tiny / 2);
  free_case(&c);
  make_case(&c, 0); /* normal range: within the former allowance, so never looser */
  assert_true(c.a.rounding > 0 && c.a.rounding <= c.p.unit_roundoff * ld_norm_fro(&c.A));
  free_case(&c);
}

static void planted_spectrum_caught(void **state) {
  (void)state;
  for (int e = -140; e <= 0; e += 140) {
    lapack_case c;
    make_case(&c, e);
    assert_false(mismatch(&c, 0, 0));
    assert_false(mismatch(&c, 2, allowance(&c) / 2));
    assert_true(mismatch(&c, 2, 2 * allowance(&c)));
    assert_true(mismatch(&c, N - 1, -2 * allowance(&c)));
    free_case(&c);
  }
}

static void svd_residual_subnormal_values(void **state) {
  (void)state;
  long double tiny = 0x1p-149L, s[3] = {100 * tiny, 60 * tiny, 3 * tiny};
  ld_mat a = ld_new(3, 3, 0), id = ld_identity(3, 0);
  for (size_t i = 0; i < 3; i++) a.re[LD_AT(&a, i, i)] = s[i];
  long double eps = 0x1p-24L;
  assert_true(lapack_check_svd(&a, &id, s, &id, eps, tiny) == 0);
  s[1] += tiny / 2; /* a value rounded into the subnormal range */
  assert_true(lapack_check_svd(&a, &id, s, &id, eps, tiny) <= 1);
  s[1] += 2 * tiny; /* planted: off by more than any rounding of it */
  assert_true(lapack_check_svd(&a, &id, s, &id, eps, tiny) > 1);
  ld_free(&a), ld_free(&id);
}

/* ||A - QR|| in the subnormal range: A = (3, 4) 2^-1070 (double) has the Householder QR
 * R = -5 2^-1070, v = (1, 0.5), tau = 1.6, exactly. R one subnormal step off (what rounding
 * into the subnormal grid can do) was 2^46 times the relative allowance (netlib and ATLAS
 * zgeqrf on a 4 x 3 A scaled by 2^-1068, "qr-residual"); it passes now, and R off by 2000
 * subnormal steps is still caught, as is a 1e-3 relative error at a normal scale. */
static double qr_ratio(long double scale, long double r_error) {
  ld_mat a = ld_new(2, 1, 0), packed = ld_new(2, 1, 0), tau = ld_new(1, 1, 0);
  a.re[0] = 3 * scale, a.re[1] = 4 * scale;
  packed.re[0] = -5 * scale + r_error, packed.re[1] = 0.5L, tau.re[0] = 1.6L;
  double q = lapack_check_qr(&a, &packed, &tau, 0x1p-53L, 0x1p-1074L);
  ld_free(&a), ld_free(&packed), ld_free(&tau);
  return q;
}

static void qr_residual_subnormal_r(void **state) {
  (void)state;
  assert_true(qr_ratio(0x1p-1070L, 0) <= 1);
  assert_true(qr_ratio(0x1p-1070L, 0x1p-1074L) <= 1);
  assert_true(qr_ratio(0x1p-1070L, 2000 * 0x1p-1074L) > 1);
  assert_true(qr_ratio(1, 0) <= 1);
  assert_true(qr_ratio(1, 5e-3L) > 1);
}

/* ||op(A)^H r|| with a subnormal right-hand side: A = (3, 4)^T, b = (20, 9) tiny has the
 * least-squares solution 3.84 tiny, the transposed problem (3, 4) x = 9 tiny the minimum-norm
 * solution (1.08, 1.44) tiny. Their nearest doubles, 4 tiny and (1, 1) tiny (what netlib,
 * OpenBLAS and ATLAS zgels and zgelsd return on such b: the drivers unscale X into the
 * subnormal grid), were about 10^12 times the relative allowance ("ls-residual"); they pass
 * now, while an X 2000 subnormal steps off is still caught, as is a 1e-3 relative error at a
 * normal scale. */
static double ls_ratio(int trans, long double unit, long double x0, long double x1) {
  ld_mat a = ld_new(2, 1, 0), b = ld_new(trans ? 1 : 2, 1, 0), x = ld_new(trans ? 2 : 1, 1, 0);
  a.re[0] = 3, a.re[1] = 4;
  if (trans) b.re[0] = 9 * unit, x.re[0] = x0 * unit, x.re[1] = x1 * unit;
  else b.re[0] = 20 * unit, b.re[1] = 9 * unit, x.re[0] = x0 * unit;
  double q = lapack_check_least_squares(&a, trans, &b, &x, 0, 0x1p-53L, 0x1p-1074L);
  ld_free(&a), ld_free(&b), ld_free(&x);
  return q;
}

static void ls_residual_subnormal_b(void **state) {
  (void)state;
  long double tiny = 0x1p-1074L;
  assert_true(ls_ratio(0, tiny, 4, 0) <= 1);
  assert_true(ls_ratio(0, tiny, 4 + 2000, 0) > 1);
  assert_true(ls_ratio(1, tiny, 1, 1) <= 1);
  assert_true(ls_ratio(1, tiny, 1, 1 + 2000) > 1);
  assert_true(ls_ratio(0, 1, 3.84L, 0) <= 1);
  assert_true(ls_ratio(0, 1, 3.84L * 1.001L, 0) > 1);
  assert_true(ls_ratio(1, 1, 1.08L, 1.44L) <= 1);
  assert_true(ls_ratio(1, 1, 1.08L, 1.44L * 1.001L) > 1);
}

static void inverse_of_singular_frees(void **state) {
  (void)state;
  ld_mat a = ld_new(2, 2, 0), inv;
  a.re[LD_AT(&a, 0, 0)] = 2, a.re[LD_AT(&a, 0, 1)] = 1; /* second row zero */
  assert_int_equal(ld_inverse(&a, &inv), 0);
  assert_null(inv.re);
  assert_null(inv.im);
  a.re[LD_AT(&a, 1, 0)] = 1, a.re[LD_AT(&a, 1, 1)] = 1; /* [2 1; 1 1]^-1 = [1 -1; -1 2] */
  assert_int_equal(ld_inverse(&a, &inv), 1);
  assert_true(inv.re[LD_AT(&inv, 0, 0)] == 1 && inv.re[LD_AT(&inv, 0, 1)] == -1);
  assert_true(inv.re[LD_AT(&inv, 1, 0)] == -1 && inv.re[LD_AT(&inv, 1, 1)] == 2);
  ld_free(&a), ld_free(&inv);
}

/* Complex 3 x 3 A = u v^H (rank 1, s_1 = ||u|| ||v||): the row space of A is span(v), that of
 * A^H span(u). x_j = w + t z, w in that space, z orthogonal to it. */
/* The minimum-norm check of one X in double precision, its row space derived for it. */
static double minimum_norm(const ld_mat *a, int trans, const ld_mat *x, long double rcond) {
  lapack_row_space rs;
  lapack_row_space_derive(&rs, a, trans, x->cols, rcond, 0x1p-53L, 0x1p-1074L);
  double q = lapack_check_minimum_norm(&rs, x);
  lapack_row_space_free(&rs);
  return q;
}

static const long double U_RE[3] = {1, 0.5L, -2}, U_IM[3] = {0.25L, -1, 0};
static const long double V_RE[3] = {0.5L, 1, 1}, V_IM[3] = {-1, 0, 0.75L};

static double rank_one_ratio(int trans, long double t, long double rcond) {
  ld_mat a = ld_new(3, 3, 1), x = ld_new(3, 1, 1);
  for (size_t j = 0; j < 3; j++)
    for (size_t i = 0; i < 3; i++) { /* u_i conj(v_j) */
      a.re[LD_AT(&a, i, j)] = U_RE[i] * V_RE[j] + U_IM[i] * V_IM[j];
      a.im[LD_AT(&a, i, j)] = U_IM[i] * V_RE[j] - U_RE[i] * V_IM[j];
    }
  const long double *wr = trans ? U_RE : V_RE, *wi = trans ? U_IM : V_IM;
  /* z = (conj(w_1), -conj(w_0), 0) is orthogonal to w: w^H z = conj(w_0 w_1) - conj(w_1 w_0) */
  long double zr[3] = {wr[1], -wr[0], 0}, zi[3] = {-wi[1], wi[0], 0};
  for (size_t i = 0; i < 3; i++) x.re[i] = 3 * wr[i] + t * zr[i], x.im[i] = 3 * wi[i] + t * zi[i];
  double q = minimum_norm(&a, trans, &x, rcond);
  ld_free(&a), ld_free(&x);
  return q;
}

/* A component along the null space of op(A)'s truncation is caught (for A and A^H, through
 * the complex Jacobi rotations), the minimum-norm X passes; rcond = 0 (?gels) judges a
 * rank-deficient A not at all (its zero singular values are within the band of 0). */
static void minimum_norm_planted(void **state) {
  (void)state;
  for (int trans = 0; trans < 2; trans++) {
    assert_true(rank_one_ratio(trans, 0, 0.5L) <= 1);
    assert_true(rank_one_ratio(trans, 1e-9L, 0.5L) > 1);
    assert_true(rank_one_ratio(trans, 1, 0.5L) > 1);
    assert_true(rank_one_ratio(trans, 1, 0) < 0);
  }
}

/* diag(1, d) x = (1, 1) truncated at rcond: x = (1, 1/d) keeps d, (1, 0) drops it; offdiag
 * adds the minimum-norm solution's move under a backward error (below). */
static double diag_ratio(long double d, long double rcond, long double x1, long double offdiag) {
  ld_mat a = ld_new(2, 2, 0), x = ld_new(2, 1, 0);
  a.re[0] = 1, a.re[3] = d;
  x.re[0] = 1 / (1 + offdiag * offdiag), x.re[1] = x1 + offdiag / (1 + offdiag * offdiag);
  double q = minimum_norm(&a, 0, &x, rcond);
  ld_free(&a), ld_free(&x);
  return q;
}

/* Near the threshold: d = 1e-6 = rcond exactly (and a few ulps either side) may be kept or
 * dropped, so neither X fires; d = rcond + 1e-9, unambiguous, must be kept. A backward error
 * within the allowance moves the kept subspace: the minimum-norm X of [1 e; 0 0] for
 * b = (1, 0) is (1, e) / (1 + e^2); e = 30 u passes against A = diag(1, 0), e = 1e-10 does
 * not. */
static void minimum_norm_near_threshold(void **state) {
  (void)state;
  for (int ulps = -2; ulps <= 2; ulps++) {
    long double d = 1e-6L * (1 + ulps * 0x1p-53L);
    assert_true(diag_ratio(d, 1e-6L, 1 / d, 0) <= 1);
    assert_true(diag_ratio(d, 1e-6L, 0, 0) <= 1);
  }
  assert_true(diag_ratio(1e-6L + 1e-9L, 1e-6L, 1 / (1e-6L + 1e-9L), 0) <= 1);
  assert_true(diag_ratio(1e-6L + 1e-9L, 1e-6L, 0, 0) <= 1); /* dropped: covered by ls-residual */
  assert_true(diag_ratio(0, 0.5L, 0, 30 * 0x1p-53L) <= 1);
  assert_true(diag_ratio(0, 0.5L, 0, 1e-10L) > 1);
}

/* The judge: A = [1 0; 0 0], B = (1, 1) with X = (1, 1) (what netlib dgelsd returns for RCOND
 * = NaN: residual minimal, norm not) is "not-minimum-norm" for RCOND = 0.5, X = (1, 0) is
 * not; RCOND = NaN is not judged (no truncation is documented for it). */
static int judged_not_minimum_norm(double rcond, double x1) {
  lapack_case c;
  memset(&c, 0, sizeof c);
  c.routine = LAPACK_GELSD, c.prec = 1;
  c.p = blas_precision_of(MLF__BLAS__PRECISION__DOUBLE);
  c.m = c.n = c.k = 2, c.nrhs = 1, c.eps = c.p.unit_roundoff, c.input_safe = 1;
  c.base.trans = 'N', c.base.rcond_in = rcond;
  c.A = ld_new(2, 2, 0), c.B = ld_new(2, 1, 0);
  c.A.re[0] = 1, c.B.re[0] = c.B.re[1] = 1;
  static unsigned long serial; /* a case of its own for the judge's per-case cache (this
                                  * binary has no lapack_case_make, which numbers cases) */
  c.serial = ++serial;
  double x[2] = {1, x1}, s[2] = {1, 0};
  lapack_buffers bf = {.b = {.data = x, .ld = 2}, .s = s};
  lapack_outcome o = {.rank = 1};
  mlf_run run;
  mlf_run_reset(&run);
  lapack_judge_least_squares(&run, &c, "netlib", &o, &bf);
  int found = 0;
  for (size_t i = 0; i < run.n_findings; i++)
    found |= strstr(run.findings[i].tag, ":dgelsd:not-minimum-norm") != NULL;
  ld_free(&c.A), ld_free(&c.B);
  return found;
}

static void minimum_norm_judged(void **state) {
  (void)state;
  assert_true(judged_not_minimum_norm(0.5, 1));
  assert_false(judged_not_minimum_norm(0.5, 0));
  assert_false(judged_not_minimum_norm(NAN, 1));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(inverse_of_singular_frees),
      cmocka_unit_test(minimum_norm_planted),
      cmocka_unit_test(minimum_norm_near_threshold),
      cmocka_unit_test(minimum_norm_judged),
      cmocka_unit_test(ls_residual_subnormal_b),
      cmocka_unit_test(qr_residual_subnormal_r),
      cmocka_unit_test(subnormal_rounding_measured),
      cmocka_unit_test(planted_spectrum_caught),
      cmocka_unit_test(svd_residual_subnormal_values),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
