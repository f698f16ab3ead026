/* NaN-aware numeric comparison: ulp distance, Higham's gamma_k, and the verdicts
 * (ok / value / nan / inf mismatch) shared by every oracle. */
#ifndef MLF_NUMERIC_H
#define MLF_NUMERIC_H
#include <stdint.h>

/* Unit roundoff of IEEE binary32 / binary64 (round to nearest). */
#define MLF_U_FLOAT 0x1p-24
#define MLF_U_DOUBLE 0x1p-53

/* Distance in ulps over the ordered line of representable values: +0 and -0 are 0 apart,
 * values of opposite sign add their distances to zero, +-Inf are one step past the largest
 * finite value. Both NaN -> 0; exactly one NaN -> UINT64_MAX (UINT32_MAX for floats). */
uint64_t mlf_ulp_distance(double a, double b);
uint32_t mlf_ulp_distance_f(float a, float b);

/* Higham's gamma_k = k u / (1 - k u); +INFINITY when k u >= 1 (no bound exists). */
double mlf_gamma(double k, double u);

typedef enum { MLF_CMP_OK = 0, MLF_CMP_VALUE, MLF_CMP_NAN, MLF_CMP_INF } mlf_cmp_kind;

/* "ok", "value-mismatch", "nan-mismatch", "inf-mismatch": the last part of finding tags. */
const char *mlf_cmp_kind_name(mlf_cmp_kind kind);

/* One element's expectation from a reference: the value, an absolute error bound, and
 * which non-finite results a legitimate implementation may give besides the value itself
 * (overflow_possible): 0 none; MLF_NONFINITE_ANY any; or a set of MLF_MAY_* bits, the results
 * the specification allows (an oracle that derived the set states it). A finite result must
 * still lie within the bound. */
typedef struct {
  double value;
  double bound;
  int overflow_possible;
} mlf_expect;

enum { MLF_NONFINITE_ANY = 1, MLF_MAY_POS_INF = 2, MLF_MAY_NEG_INF = 4, MLF_MAY_NAN = 8 };
/* overflow_possible of an element whose set its reference has not derived yet (deriving it is
 * costly and seldom needed): the harness settles the element before a check needs the set,
 * which is only when a non-finite result differs from the value (mlf_same_nonfinite). A check
 * that meets it aborts: a harness bug, never a verdict. MLF_SET_PARTIAL beside MLF_MAY_* bits:
 * the set holds at least those results, derived until it held the ones the harness asked
 * about; a check of a result outside them aborts likewise. */
enum { MLF_SET_PENDING = 16, MLF_SET_PARTIAL = 32 };

/* The MLF_MAY_* bit of a non-finite result: NaN, +Inf or -Inf. */
static inline int mlf_nonfinite_bit(double got) {
  return got != got ? MLF_MAY_NAN : got > 0 ? MLF_MAY_POS_INF : MLF_MAY_NEG_INF;
}

/* The expectation of an exact value (a reference's long double, whose range is wider than a
 * double's) within bound: a finite value beyond the largest double by at most the bound
 * becomes that double, the bound less the excess, so that a finite result within bound of the
 * exact value holds (a kernel's other association may round to the largest double where the
 * exact value rounds to an infinity); farther beyond, no finite result does. The infinity the
 * value rounds to, the correctly rounded result, always stands.
 * Other non-finite results stand only where overflow_possible allows them. */
mlf_expect mlf_expect_exact(long double value, long double bound, int overflow_possible);

/* 1 when got is the non-finite value itself: both NaN, or the same infinity. */
static inline int mlf_same_nonfinite(double got, double value) {
  return (got != got && value != value) || (got == value && got - got != got - got);
}

/* 1 when a non-finite got is among the results overflow_possible allows (0 for a finite got). */
int mlf_nonfinite_allowed(int overflow_possible, double got);

/* The set of the negated value: +Inf and -Inf exchanged (0 and MLF_NONFINITE_ANY unchanged). */
int mlf_nonfinite_negated(int overflow_possible);

/* |got - want| <= tol, computed in long double so that the difference of two large finite
 * doubles of opposite sign cannot overflow; a NaN tolerance never holds. For finite got and
 * e->value this is mlf_check_expect(got, e) == MLF_CMP_OK with tol = e->bound (inline, for
 * the loops that check every element of every backend). */
static inline int mlf_within_bound(double got, double want, long double tol) {
  long double diff = (long double)got - (long double)want;
  return (diff < 0 ? -diff : diff) <= tol;
}

/* Raises *worst to err / bound (for a bound > 0) when that is larger: the "max error/bound" a
 * judge reports and feeds back. Divides only where the quotient may raise it: a normal
 * fl(err / bound) above w needs err > w bound (1 - 2^-53), and the long double holds w bound
 * within 2^-64 (no underflow), so skipping err <= w bound (1 - 2^-50) skips no raise; below
 * the smallest normal w every err is divided. */
static inline void mlf_raise_ratio(double *worst, double err, double bound) {
  if (!(bound > 0)) return;
  if (*worst >= 0x1p-1022 && !(err > (long double)*worst * bound * (1 - 0x1p-50L))) return;
  double ratio = err / bound;
  if (ratio > *worst) *worst = ratio;
}

/* Expected NaN: got must be NaN (or a non-finite result overflow_possible allows). Expected
 * +-Inf: got must be the same infinity (or one overflow_possible allows). Expected finite: NaN
 * -> NAN, +-Inf -> INF unless overflow_possible allows it, else |got - value| <= bound (in long
 * double) or VALUE. */
mlf_cmp_kind mlf_check_expect(double got, const mlf_expect *e);

/* Mixed tolerance |got - want| <= abs_tol + rel_tol * |want|; both NaN and the same
 * infinity are OK, other NaN / Inf differences give NAN / INF. */
mlf_cmp_kind mlf_close(double got, double want, double abs_tol, double rel_tol);

/* 1 when a and b are at most max_ulps apart (both NaN counts as 0 apart, one NaN never). */
int mlf_within_ulps(double a, double b, uint64_t max_ulps);
#endif
