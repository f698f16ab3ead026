/* Ground truth for the level-1 routines: exact values in long double with the reference
 * BLAS's rules (quick returns, axpy's alpha = 0 return, scal multiplying by every alpha) and
 * rigorous bounds on the error of a correct implementation; i?amax's acceptable indices; the
 * defining relations of rotg and rotmg. Reference, not a target. */
#ifndef LEVEL1_REFERENCE_H
#define LEVEL1_REFERENCE_H
#include "level1_problem.h"
#include "mlf_numeric.h"

/* The exact semantics, an equally valid one, and deviant ones real libraries show, to name
 * how a result went wrong: zero-alpha-set writes zeros for scal by alpha = 0 (where netlib
 * multiplies, so NaN and Inf become NaN); nan-alpha-as-zero does the same for a NaN alpha
 * (a zero test that NaN passes: comiss then jne); zero-alpha-computed forms y + 0 x in axpy (where the
 * reference BLAS returns at once and does not read x); legacy-scaled is the nrm2 of the
 * reference BLAS before 3.10 (ssq := ssq + (|x_i| / scale)^2 with scale the largest |x_j| so
 * far), which gives NaN for two or more infinities, Inf / Inf (3.10 and later give Inf);
 * float-accumulation computes sdsdot and dsdot as sdot does, with float products or float
 * partial sums where the BLAS forms them in double (bounded as an sdot of the same terms).
 * complex-alternative is not a deviation but the other valid complex arithmetic (the BLAS
 * leaves complex arithmetic with Inf and NaN unspecified): complex products whose component
 * products with an exactly zero factor count as zero, and a real scalar s times a complex
 * number (csscal, zdscal, csrot, zdrot) formed as the textbook product with (s, 0), where a
 * NaN or Inf imaginary part meets 0 in the real part (gfortran does this for the reference
 * BLAS's C*CX(I)). */
typedef enum {
  L1_EXACT,
  L1_ZERO_ALPHA_SET,
  L1_NAN_ALPHA_AS_ZERO,
  L1_ZERO_ALPHA_COMPUTED,
  L1_LEGACY_SCALED,
  L1_FLOAT_ACCUMULATION,
  L1_COMPLEX_ALTERNATIVE,
  L1_SEMANTICS
} level1_semantics;
extern const char *const level1_semantics_names[L1_SEMANTICS];

/* The scalar result of a dot, nrm2 or asum: e[0] and, for complex dots, e[1]. O(n). */
void level1_expect_scalar(const level1_problem *pr, level1_semantics sem, mlf_expect e[2]);

/* Element i of the output x (which = 0) or y (1) of scal, axpy, rot, rotm: e[0], e[1]
 * (imaginary part, complex only). O(1), O(n) when a written vector has increment 0
 * (level1_sequential). For copy, swap and any routine with n <= 0 the output is a bit-exact
 * copy, see level1_copied_from. */
void level1_expect_element(const level1_problem *pr, level1_semantics sem, int which, int i,
                           mlf_expect e[2]);

/* For outputs that must be bit copies: the input vector (0 = x, 1 = y) whose element *from_i
 * element i of output `which` must hold, or -1 when the output is computed. *from_i is i but
 * where a zero increment of a written vector makes copy and swap shift elements. */
int level1_copied_from(const level1_problem *pr, int which, int i, int *from_i);

/* The sum of the k products f[2j] * f[2j + 1] in long double, with the bound of the file
 * comment of level1_reference.c for any evaluation order in the precision, and the
 * non-finite results an overflow allows (blas_allowed_sum_of_products: the terms' signs). A
 * complex part is such a sum: the textbook formula's products of two inputs. */
mlf_expect level1_sum_products(const double *f, int k, const blas_precision *p);

/* The largest magnitude a sum of k rounded terms may reach without any evaluation order
 * overflowing; the error of storing v (long double) as a double expectation. */
long double level1_overflow_limit(const blas_precision *p, long double k);
long double level1_storage_error(long double v);

/* rotm's H as drotm.f reads the flag: h11, h12, h21, h22 (flag -2 excluded: no H applies). */
void level1_rotm_matrix(const level1_problem *pr, double h[4]);

/* i?amax: the 0-based indices a correct implementation may return. exact and working are
 * the first index of the largest |re| + |im| computed exactly and in the working precision
 * (where two magnitudes can round to a tie); with a NaN in x the choice is
 * implementation-defined: first_nan, and reference_loop, the index the reference BLAS's loop
 * gives (it starts from element 1 and replaces only on a strictly larger magnitude, so a
 * NaN wins only at the first position). -1 for none (n <= 0). */
typedef struct {
  long exact, working, first_nan, reference_loop;
} level1_amax;
void level1_expect_amax(const level1_problem *pr, level1_amax *a);

/* rotg and rotmg: checks the outcome against the defining relations; returns NULL when they
 * hold, else the finding kind, with the numbers in reason. */
const char *level1_check_construct(const level1_problem *pr, const level1_outcome *o,
                                   char *reason, size_t len);
#endif
