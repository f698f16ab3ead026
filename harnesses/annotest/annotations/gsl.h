/* aN annotations of GSL 2.7.1 (Debian gsl 2.7.1+dfsg-5+deb12u1; grammar: ../ANNOTATIONS.md).
 * Each annotated declaration is a copy of the one GSL installs; compiling this header after
 * GSL's own (the build's declaration check, and every file that includes it) fails with the
 * function's name when they differ. Domains cite the GSL Reference Manual 2.7 ("manual", by
 * chapter) and, where the manual is silent, the error check in GSL's source that defines them.
 * The generators (objs) and the oracles (@check) are the harness's, in gsl_objects.c and
 * gsl_oracles.c. */
#ifndef ANNOTEST_ANNOTATIONS_GSL_H
#define ANNOTEST_ANNOTATIONS_GSL_H
#include <gsl/gsl_errno.h>
#include <gsl/gsl_interp.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_min.h>
#include <gsl/gsl_roots.h>
#include <gsl/gsl_sf_bessel.h>
#include <gsl/gsl_sf_erf.h>
#include <gsl/gsl_sf_gamma.h>
#include <gsl/gsl_sf_hyperg.h>
#include <gsl/gsl_sf_legendre.h>
#include <gsl/gsl_sort_double.h>
#include <gsl/gsl_spline.h>
#include "gsl_oracles.h"

/* ==== generators (harness code building GSL objects valid by construction) ============ */

// A size1 x size2 matrix whose rows lie tda >= size2 apart (gsl_matrix_alloc_from_block),
// elements of moderate magnitude so that products stay far from overflow.
//@ generator(free = annotest_gsl_matrix_free)
//@ arg(size1): ints(min=1, max=24)
//@ arg(size2): ints(min=1, max=24)
//@ arg(tda): ints(min=size2, max=size2 + 3)
//@ arg(data): arrays(dtype=double, shape=[size1, size2], ld=tda, elements=floats(min=-100, max=100))
gsl_matrix *annotest_gsl_matrix(size_t size1, size_t size2, size_t tda, const double *data);

// B B^T + shift I: symmetric positive definite with smallest eigenvalue >= shift.
//@ generator(free = gsl_matrix_free)
//@ arg(n): ints(min=1, max=24)
//@ arg(data): arrays(dtype=double, shape=[n, n], elements=floats(min=-10, max=10))
//@ arg(shift): floats(min=0.001, max=10)
gsl_matrix *annotest_gsl_spd_matrix(size_t n, const double *data, double shift);

// A vector of size elements spaced stride apart (gsl_vector_alloc_from_block).
//@ generator(free = annotest_gsl_vector_free)
//@ arg(size): ints(min=1, max=24)
//@ arg(stride): ints(min=1, max=3)
//@ arg(data): arrays(dtype=double, shape=[size], stride=stride, elements=floats(min=-100, max=100))
gsl_vector *annotest_gsl_vector(size_t size, size_t stride, const double *data);

// A permutation of 0 .. size-1 shuffled by seed (Fisher-Yates).
//@ generator(free = gsl_permutation_free)
//@ arg(size): ints(min=1, max=24)
//@ arg(seed): ints(min=0, max=2147483647)
gsl_permutation *annotest_gsl_permutation(size_t size, long seed);

// n strictly increasing abscissae x0, x0 + steps[0], ... (interpolation knots).
//@ generator(free = free)
//@ arg(n): ints(min=2, max=64)
//@ arg(x0): floats(min=-1000, max=1000)
//@ arg(steps): arrays(dtype=double, shape=[n], elements=floats(min=0.001, max=100))
double *annotest_gsl_knots(size_t n, double x0, const double *steps);

// gsl_interp_alloc of type kind (0 linear, 1 cspline, 2 akima, 3 steffen); manual,
// Interpolation: the minimum size is gsl_interp_type_min_size(T).
//@ generator(free = gsl_interp_free)
//@ arg(kind): ints(min=0, max=3)
//@ arg(size): ints(min=annotest_gsl_interp_min_size(kind), max=64)
gsl_interp *annotest_gsl_interp(int kind, size_t size);

// gsl_spline_alloc of type kind (as above).
//@ generator(free = gsl_spline_free)
//@ arg(kind): ints(min=0, max=3)
//@ arg(size): ints(min=annotest_gsl_interp_min_size(kind), max=64)
gsl_spline *annotest_gsl_spline(int kind, size_t size);

// A spline of type kind through (x0 + cumulative steps, ya), initialised.
//@ generator(free = gsl_spline_free)
//@ arg(kind): ints(min=0, max=3)
//@ arg(size): ints(min=annotest_gsl_interp_min_size(kind), max=64)
//@ known(akima-pointer-overflow, kind == 2)
//@ arg(x0): floats(min=-1000, max=1000)
//@ arg(steps): arrays(dtype=double, shape=[size], elements=floats(min=0.001, max=100))
//@ arg(ya): arrays(dtype=double, shape=[size], elements=floats(min=-1000000, max=1000000))
gsl_spline *annotest_gsl_spline_ready(int kind, size_t size, double x0, const double *steps, const double *ya);

//@ generator(free = gsl_interp_accel_free)
gsl_interp_accel *annotest_gsl_interp_accel(void);

// f(x) = (x - root) (1 + curvature x^2): one sign change, at root (curvature >= 0).
//@ generator(free = free)
//@ arg(root): floats(min=-100, max=100)
//@ arg(curvature): floats(min=0, max=10)
gsl_function *annotest_gsl_bracketed_function(double root, double curvature);

// f(x) = (x - minimum)^2 (1 + curvature (x - minimum)^2): one minimum, at minimum.
//@ generator(free = free)
//@ arg(minimum): floats(min=-100, max=100)
//@ arg(curvature): floats(min=0, max=10)
gsl_function *annotest_gsl_valley_function(double minimum, double curvature);

// gsl_root_fsolver_alloc(bisection, falsepos or brent): the bracketing solvers.
//@ generator(free = gsl_root_fsolver_free)
//@ arg(kind): ints(min=0, max=2)
gsl_root_fsolver *annotest_gsl_root_fsolver(int kind);

// A bracketing solver set on annotest_gsl_bracketed_function over [root - left, root + right].
//@ generator(free = annotest_gsl_root_fsolver_ready_free)
//@ arg(kind): ints(min=0, max=2)
//@ arg(root): floats(min=-100, max=100)
//@ arg(curvature): floats(min=0, max=10)
//@ arg(left): floats(min=0.001, max=50)
//@ arg(right): floats(min=0.001, max=50)
gsl_root_fsolver *annotest_gsl_root_fsolver_ready(int kind, double root, double curvature, double left, double right);

// gsl_min_fminimizer_alloc(goldensection, brent or quad_golden).
//@ generator(free = gsl_min_fminimizer_free)
//@ arg(kind): ints(min=0, max=2)
gsl_min_fminimizer *annotest_gsl_min_fminimizer(int kind);

/* ==== linear algebra (manual, Linear Algebra) =========================================== */

// Manual, LU Decomposition: "factorizes the matrix A into the LU decomposition PA = LU";
// the permutation has size1 elements (lu.c: GSL_EBADLEN otherwise). Square here.
//@ dim(n): ints(min=1, max=24)
//@ arg(A): objs(annotest_gsl_matrix, size1=n, size2=n)
//@ arg(p): objs(annotest_gsl_permutation, size=n)
//@ arg(signum): outs()
//@ ensure(ret == GSL_SUCCESS)
//@ check(annotest_check_LU_decomp)
//@ cc_example(n=2, A=annotest_gsl_matrix(tda=2, data=[4, 3, 6, 3]), p=annotest_gsl_permutation(seed=0))
int gsl_linalg_LU_decomp (gsl_matrix * A, gsl_permutation * p, int *signum);

// Manual, LU Decomposition: LU_solve solves A x = b from the LU decomposition; a zero on
// U's diagonal (A singular) is GSL_EDOM (lu.c singular()), so U's diagonal must be nonzero.
// Nonzero is not enough for a solution that is a double: U_ii = 4.9e-324 gives x = b / U_ii
// = inf (an annotation bug the fuzzer found). With |U_ii| >= 1e-3 and every element within
// 100, forward substitution with unit L grows |b| <= 100 at most 101^23 times and back
// substitution at most (1 + 100 / 1e-3)^23 / 1e-3 times: |x| < 1e167, far from overflow.
//@ dim(n): ints(min=1, max=24)
//@ arg(LU): objs(annotest_gsl_matrix, size1=n, size2=n)
//@ arg(p): objs(annotest_gsl_permutation, size=n)
//@ arg(b): objs(annotest_gsl_vector, size=n)
//@ arg(x): objs(annotest_gsl_vector, size=n)
//@ require(annotest_gsl_diagonal_at_least(LU, 1e-3))
//@ ensure(ret == GSL_SUCCESS)
//@ check(annotest_check_LU_solve)
int gsl_linalg_LU_solve (const gsl_matrix * LU, const gsl_permutation * p, const gsl_vector * b, gsl_vector * x);

// Manual, LU Decomposition: the inverse from the LU decomposition; singular U is GSL_EDOM.
// Its columns solve A x = e_j: |U_ii| >= 1e-3 keeps them finite as for LU_solve.
//@ dim(n): ints(min=1, max=24)
//@ arg(LU): objs(annotest_gsl_matrix, size1=n, size2=n)
//@ arg(p): objs(annotest_gsl_permutation, size=n)
//@ arg(inverse): objs(annotest_gsl_matrix, size1=n, size2=n)
//@ require(annotest_gsl_diagonal_at_least(LU, 1e-3))
//@ ensure(ret == GSL_SUCCESS)
int gsl_linalg_LU_invert (const gsl_matrix * LU, const gsl_permutation * p, gsl_matrix * inverse);

// Manual, LU Decomposition: the determinant signum * prod(diag U); |elements| <= 100 and
// n <= 24 keep it below 100^24 (Hadamard: |det| <= (100 sqrt 24)^24 < 1e72): finite.
//@ dim(n): ints(min=1, max=24)
//@ arg(LU): objs(annotest_gsl_matrix, size1=n, size2=n)
//@ arg(signum): froms([-1, 1])
//@ ensure(isfinite(ret))
double gsl_linalg_LU_det (gsl_matrix * LU, int signum);

// Manual, QR Decomposition: A (M x N) = Q R with tau of size min(M, N).
//@ dim(m): ints(min=1, max=24)
//@ dim(n): ints(min=1, max=24)
//@ arg(A): objs(annotest_gsl_matrix, size1=m, size2=n)
//@ arg(tau): objs(annotest_gsl_vector, size=annotest_min(m, n))
// GSL 2.7.1's Householder reflector is not orthogonal for a column whose norm is subnormal
// (known finding householder-subnormal-column: hypot rounds to a subnormal, tau = 2 with
// ||v|| > 1): matrices with a subnormal element (below DBL_MIN = 0x1p-1022) are skipped.
//@ known(householder-subnormal-column, annotest_gsl_has_tiny(A, 0x1p-1022))
//@ ensure(ret == GSL_SUCCESS)
//@ check(annotest_check_QR_decomp)
int gsl_linalg_QR_decomp (gsl_matrix * A, gsl_vector * tau);

// Manual, Cholesky Decomposition: "A symmetric, positive-definite square matrix A";
// GSL_EDOM when it is not positive definite.
//@ arg(A): objs(annotest_gsl_spd_matrix)
//@ ensure(ret == GSL_SUCCESS)
//@ check(annotest_check_cholesky_decomp1)
int gsl_linalg_cholesky_decomp1 (gsl_matrix * A);

// Manual, Singular Value Decomposition: A (M x N) = U S V^T for M >= N (svd.c:
// GSL_EUNIMPL for M < N); V is N x N, S and work have N elements.
//@ dim(n): ints(min=1, max=16)
//@ dim(m): ints(min=n, max=24)
//@ arg(A): objs(annotest_gsl_matrix, size1=m, size2=n)
//@ arg(V): objs(annotest_gsl_matrix, size1=n, size2=n)
//@ arg(S): objs(annotest_gsl_vector, size=n)
//@ arg(work): objs(annotest_gsl_vector, size=n)
// GSL 2.7.1 mishandles elements whose products underflow (known finding svd-tiny-elements:
// subnormal ones give a wrong U or U = inf; DBL_MIN, and in the 30-minute false-alarm run
// elements from 1e-188 to 1e-244 beside ones of order 1, gave GSL_EMAXITER with negative singular
// values): matrices with a nonzero element below sqrt(DBL_MIN) = 0x1p-511 are skipped.
//@ known(svd-tiny-elements, annotest_gsl_has_tiny(A, 0x1p-511))
//@ ensure(ret == GSL_SUCCESS)
//@ check(annotest_check_SV_decomp)
int gsl_linalg_SV_decomp (gsl_matrix * A, gsl_matrix * V, gsl_vector * S, gsl_vector * work);

/* ==== sorting (manual, Sorting: "Sorting vectors"; NaN has no place in the order) ====== */

//@ arg(n): ints(min=0, max=300)
//@ arg(stride): ints(min=1, max=4)
//@ arg(data): arrays(dtype=double, shape=[n], stride=stride, elements=floats(min=-1e300, max=1e300, allow_inf=true))
//@ check(annotest_check_sort)
//@ cc_example(data=[3, 1, 2], stride=1, n=3)
void gsl_sort (double * data, const size_t stride, const size_t n);

//@ arg(n): ints(min=0, max=300)
//@ arg(stride): ints(min=1, max=4)
//@ arg(data): arrays(dtype=double, shape=[n], stride=stride, elements=floats(min=-1e300, max=1e300))
//@ arg(p): outs(count=n)
//@ check(annotest_check_sort_index)
void gsl_sort_index (size_t * p, const double * data, const size_t stride, const size_t n);

// Manual, Selecting the k smallest or largest elements: k <= n.
//@ arg(n): ints(min=0, max=300)
//@ arg(k): ints(min=0, max=n)
//@ arg(stride): ints(min=1, max=4)
//@ arg(src): arrays(dtype=double, shape=[n], stride=stride, elements=floats(min=-1e300, max=1e300))
//@ arg(dest): outs(count=k)
//@ ensure(ret == GSL_SUCCESS)
//@ check(annotest_check_sort_smallest)
int gsl_sort_smallest (double * dest, const size_t k, const double * src, const size_t stride, const size_t n);

//@ arg(n): ints(min=0, max=300)
//@ arg(k): ints(min=0, max=n)
//@ arg(stride): ints(min=1, max=4)
//@ arg(src): arrays(dtype=double, shape=[n], stride=stride, elements=floats(min=-1e300, max=1e300))
//@ arg(dest): outs(count=k)
//@ ensure(ret == GSL_SUCCESS)
//@ check(annotest_check_sort_largest)
int gsl_sort_largest (double * dest, const size_t k, const double * src, const size_t stride, const size_t n);

/* ==== interpolation (manual, Interpolation: xa strictly increasing, size = the object's,
 * size >= the type's minimum; evaluation inside [xa[0], xa[size-1]], else GSL_EDOM) ====== */

//@ dim(kind): ints(min=0, max=3)
//@ arg(size): ints(min=annotest_gsl_interp_min_size(kind), max=64)
//@ arg(obj): objs(annotest_gsl_interp, kind=kind, size=size)
//@ arg(xa): objs(annotest_gsl_knots, n=size)
//@ arg(ya): arrays(dtype=double, shape=[size], elements=floats(min=-1000000, max=1000000))
//@ known(akima-pointer-overflow, kind == 2)
//@ ensure(ret == GSL_SUCCESS)
//@ check(annotest_check_interp_init)
//@ cc_example(kind=1, size=3, xa=annotest_gsl_knots(x0=0, steps=[1, 1, 1]), ya=[0, 1, 0])
int gsl_interp_init (gsl_interp * obj, const double xa[], const double ya[], size_t size);

//@ dim(kind): ints(min=0, max=3)
//@ arg(size): ints(min=annotest_gsl_interp_min_size(kind), max=64)
//@ arg(spline): objs(annotest_gsl_spline, kind=kind, size=size)
//@ arg(xa): objs(annotest_gsl_knots, n=size)
//@ arg(ya): arrays(dtype=double, shape=[size], elements=floats(min=-1000000, max=1000000))
//@ known(akima-pointer-overflow, kind == 2)
//@ ensure(ret == GSL_SUCCESS)
//@ check(annotest_check_spline_init)
int gsl_spline_init (gsl_spline * spline, const double xa[], const double ya[], size_t size);

// x = xa[0] + t (xa[size-1] - xa[0]): inside the knots.
//@ arg(spline): objs(annotest_gsl_spline_ready)
//@ dim(t): floats(min=0, max=1)
//@ arg(x): annotest_gsl_spline_point(spline, t)
//@ arg(a): objs(annotest_gsl_interp_accel)
//@ arg(y): outs()
//@ ensure(ret == GSL_SUCCESS)
//@ check(annotest_check_spline_eval_e)
int gsl_spline_eval_e (const gsl_spline * spline, double x, gsl_interp_accel * a, double * y);

// Manual, Evaluation of Interpolating Functions: the integral over [a, b] inside the knots,
// a <= b (interp.c: GSL_EDOM for a > b or an end outside).
//@ arg(spline): objs(annotest_gsl_spline_ready)
//@ dim(t0): floats(min=0, max=1)
//@ dim(t1): floats(min=t0, max=1)
//@ arg(a): annotest_gsl_spline_point(spline, t0)
//@ arg(b): annotest_gsl_spline_point(spline, t1)
//@ arg(acc): objs(annotest_gsl_interp_accel)
//@ arg(y): outs()
//@ ensure(ret == GSL_SUCCESS)
int gsl_spline_eval_integ_e (const gsl_spline * spline, double a, double b, gsl_interp_accel * acc, double * y);

/* ==== special functions (manual, Special Functions; each _e form returns GSL_SUCCESS or an
 * error code: GSL_EDOM outside the domain, GSL_EOVRFLW / GSL_EUNDRFLW past the range of
 * double; the annotations keep the arguments where the result is a normal double) ======== */

// Manual, Regular Cylindrical Bessel Functions: J_n(x), any integer n and real x. Bounded
// where J_n(x) is not below DBL_MIN: |n| <= 50 and |x| >= 1 or n = 0.
//@ arg(n): ints(min=-50, max=50)
//@ arg(x): floats(min=-1000, max=1000)
//@ arg(result): outs()
//@ require(n == 0 || fabs(x) >= 1)
//@ ensure(ret == GSL_SUCCESS)
int gsl_sf_bessel_Jn_e(int n, double x, gsl_sf_result * result);

// Manual, Irregular Modified Cylindrical Bessel Functions: K_n(x) for x > 0 (GSL_EDOM
// otherwise). K_n overflows for small x and large n: n <= 20 and x >= 0.1 keep it below
// 1e40; x <= 500 keeps exp(-x) above DBL_MIN.
//@ arg(n): ints(min=0, max=20)
//@ arg(x): floats(min=0.1, max=500)
//@ arg(result): outs()
//@ ensure(ret == GSL_SUCCESS)
int gsl_sf_bessel_Kn_e(const int n, const double x, gsl_sf_result * result);

// Manual, Gamma Function: "The maximum value of x such that Gamma(x) is not considered an
// overflow is given by the macro GSL_SF_GAMMA_XMAX and is 171.0"; x must not be a negative
// integer or zero. Below -169 the result underflows (gamma.c). x is drawn half a unit
// shifted (x = s + 0.5): the raw values fuzzers favour, 0 (an absent field) and integers, then
// land on half-integers instead of the poles, so that @require, kept for the rest, rejected
// 95% of the calls before and rarely does now. The shift also keeps x >= 2^-54 above 0, where
// Gamma(x) ~ 1/x would overflow below 1 / DBL_MAX.
//@ dim(s): floats(min=-168.5, max=170.5)
//@ arg(x): s + 0.5
//@ arg(result): outs()
//@ require(x > 0 || x != floor(x))
//@ ensure(ret == GSL_SUCCESS)
int gsl_sf_gamma_e(const double x, gsl_sf_result * result);

// Manual, Gamma Function: log|Gamma(x)| for x not a negative integer or zero; drawn half a
// unit shifted as for gsl_sf_gamma_e.
//@ dim(s): floats(min=-1000000.5, max=1e300)
//@ arg(x): s + 0.5
//@ arg(result): outs()
//@ require(x > 0 || x != floor(x))
//@ ensure(ret == GSL_SUCCESS)
int gsl_sf_lngamma_e(double x, gsl_sf_result * result);

// Manual, Beta Function: B(a, b) "for a, b not negative integers"; arguments in
// [0.001, 100] keep B between 1e-61 and 2000 (bounds, not the @require a >= 1e-3 && b >= 1e-3
// of before, which rejected 95% of the calls: a raw 0 folds next to the excluded 0).
//@ arg(a): floats(min=0.001, max=100)
//@ arg(b): floats(min=0.001, max=100)
//@ arg(result): outs()
//@ ensure(ret == GSL_SUCCESS)
int gsl_sf_beta_e(const double a, const double b, gsl_sf_result * result);

// Manual, Error Function: erf(x) for every real x.
//@ arg(x): floats()
//@ arg(result): outs()
//@ ensure(ret == GSL_SUCCESS)
int gsl_sf_erf_e(double x, gsl_sf_result * result);

// Manual, Complementary Error Function: erfc(x); above x = 26 erfc(x) < 1e-295 nears the
// subnormal range, where GSL reports underflow.
//@ arg(x): floats(max=26)
//@ arg(result): outs()
//@ ensure(ret == GSL_SUCCESS)
int gsl_sf_erfc_e(double x, gsl_sf_result * result);

// Manual, Legendre Polynomials: P_l(x) for l >= 0 and -1 <= x <= 1.
//@ arg(l): ints(min=0, max=10000)
//@ arg(x): floats(min=-1, max=1)
//@ arg(result): outs()
//@ ensure(ret == GSL_SUCCESS)
int gsl_sf_legendre_Pl_e(const int l, const double x, gsl_sf_result * result);

// Manual, Hypergeometric Functions: 2F1(a, b; c; x) "for |x| < 1"; c not a negative integer
// or zero (the series has a pole). hyperg_2F1.c returns GSL_EDOM for c < 0 within
// locEPS = 1000 DBL_EPSILON of an integer (c_neg_integer), so that neighbourhood is excluded
// too (the first annotation admitted c = -DBL_MIN, which the fuzzer found: an annotation bug).
// The pole at c = 0 is excluded from both sides: hyperg_2F1_series returns GSL_EDOM for
// |c| < DBL_EPSILON, and c = 4.9e-324 (GSL_EDOM), 3.5e-211 (GSL_EMAXITER) and 2.2e-308
// (GSL_EOVRFLW) were admitted (annotation bugs the 300 s campaign found).
// hyperg_2F1.c implements |a| < 10 and |b| < 10 and gives up (GSL_EUNIMPL) beyond, so a and
// b are open at +-10 (a = 10 was admitted: an annotation bug). The manual: "If the arguments
// (a,b,c,x) are too close to a singularity then the function can return the error code
// GSL_EMAXITER when the series approximation converges too slowly. This occurs in the region
// of x=1, c - a - b = m for integer m"; and near x = 1 with c - a - b < 0 the value grows as
// (1 - x)^(c - a - b), past DBL_MAX (GSL_EOVRFLW). Both were admitted (x up to one ulp below
// 1: EMAXITER at a = 0, b = 4, c = 3 - 4.4e-16, x = 1 - 1.1e-16, recorded as a GSL bug
// before, is the manual's documented region: an annotation bug). x <= 1 - 1e-8 keeps
// (1 - x)^(c - a - b) <= 1e240, with the Gamma ratio (|c| near a pole at most 1 / locEPS,
// Gamma(30), 1 / Gamma at most 10!) below 1e297. x <= 1 - 1e-8 does not leave the manual's
// EMAXITER region, though: with c - a - b an integer GSL still fails from x = 1 - 1e-3 on (a = 0,
// b = 2, c = 1 + 2.2e-16, found by the 300 s campaign: an annotation bug). In hyperg_2F1.c that
// region is hyperg_2F1_reflect (x >= 0.5 with |a|, |b| < 10) with d = c - a - b within locEPS
// of an integer (d_integer), so that is excluded too.
//@ require(x < 0.5 || fabs((c - a - b) - nearbyint(c - a - b)) >= 1000 * GSL_DBL_EPSILON)
//@ arg(a): floats(min=-10, max=10, exclude_min=true, exclude_max=true)
//@ arg(b): floats(min=-10, max=10, exclude_min=true, exclude_max=true)
// c is drawn half a unit shifted (c = s + 0.5, as x of gsl_sf_gamma_e), away from the poles
// fuzzers' integers would hit.
//@ dim(s): floats(min=-10.5, max=9.5)
//@ arg(c): s + 0.5
//@ arg(x): floats(min=-1, max=1 - 1e-8, exclude_min=true)
//@ arg(result): outs()
//@ require(c > 0.5 || fabs(c - nearbyint(c)) >= 1000 * GSL_DBL_EPSILON)
//@ ensure(ret == GSL_SUCCESS)
int gsl_sf_hyperg_2F1_e(double a, double b, const double c, const double x, gsl_sf_result * result);

/* ==== root finding and minimisation (manual, One Dimensional Root-Finding and
 * One Dimensional Minimization) =========================================================== */

// Manual, Initializing the Solver: the bracketing solvers need x_lower < x_upper and "the
// function must change sign over the interval" (f(x_lower) f(x_upper) < 0, else GSL_EINVAL).
//@ arg(s): objs(annotest_gsl_root_fsolver)
//@ dim(root): floats(min=-100, max=100)
//@ dim(left): floats(min=0.001, max=50)
//@ dim(right): floats(min=0.001, max=50)
//@ arg(f): objs(annotest_gsl_bracketed_function, root=root)
//@ arg(x_lower): root - left
//@ arg(x_upper): root + right
//@ require(GSL_FN_EVAL(f, x_lower) * GSL_FN_EVAL(f, x_upper) < 0)
//@ ensure(ret == GSL_SUCCESS)
int gsl_root_fsolver_set (gsl_root_fsolver * s, gsl_function * f, double x_lower, double x_upper);

// Manual, Iteration: one iteration of a set solver; the bracket keeps the root.
//@ arg(s): objs(annotest_gsl_root_fsolver_ready)
//@ timeout(5)
//@ ensure(ret == GSL_SUCCESS)
//@ check(annotest_check_root_iterate)
int gsl_root_fsolver_iterate (gsl_root_fsolver * s);

// Manual, Initializing the Minimizer: x_lower < x_minimum < x_upper and f(x_minimum) below
// f at both ends (GSL_EINVAL "endpoints do not enclose a minimum").
//@ arg(s): objs(annotest_gsl_min_fminimizer)
//@ dim(minimum): floats(min=-100, max=100)
//@ dim(left): floats(min=0.01, max=50)
//@ dim(right): floats(min=0.01, max=50)
//@ dim(guess): floats(min=-0.5, max=0.5)
//@ arg(f): objs(annotest_gsl_valley_function, minimum=minimum)
//@ arg(x_minimum): minimum + guess * annotest_min(left, right)
//@ arg(x_lower): minimum - left
//@ arg(x_upper): minimum + right
//@ require(GSL_FN_EVAL(f, x_minimum) < GSL_FN_EVAL(f, x_lower) && GSL_FN_EVAL(f, x_minimum) < GSL_FN_EVAL(f, x_upper))
//@ ensure(ret == GSL_SUCCESS)
//@ check(annotest_check_min_set)
int gsl_min_fminimizer_set (gsl_min_fminimizer * s, gsl_function * f, double x_minimum, double x_lower, double x_upper);
#endif
