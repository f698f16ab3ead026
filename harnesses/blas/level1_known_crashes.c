/* Preconditions of the known level-1 library defects (see level1_known_crashes.h). */
#include "level1_known_crashes.h"
#include <math.h>
#include <string.h>
#include "mlf_differential.h"
#include "mlf_report.h"

/* Debian's prebuilt OpenBLAS 0.3.21 (every kernel set: Haswell, SkylakeX, Sandybridge, Zen)
 * ?dotu and ?dotc read one stride past the last element of x and y whenever an increment is
 * not 1: gcc vectorized the strided loop of kernel/x86_64/zdot.c (and cdot.c) into loads of
 * two consecutive elements (vinsertf128 from the advanced pointer) of which it uses one. */
static int openblas_complex_dot_overread(const char *backend, const level1_problem *pr) {
  return strncmp(backend, "openblas-", 9) == 0 &&
         (pr->family == L1(DOTU) || pr->family == L1(DOTC)) && pr->n >= 1 &&
         (pr->incx != 1 || pr->incy != 1);
}

/* ATLAS 3.10.3 ?dot, ?dotu, ?dotc with incy = 0 and incx < -1 do not compute the dot: CBLAS
 * returns 0, the Fortran complex dots an uninitialized value (incx = -1, or x and y
 * exchanged, are right). */
static int atlas_dot_zero_incy(const char *backend, const level1_problem *pr) {
  return strcmp(backend, "atlas") == 0 && pr->n >= 1 && pr->incy == 0 && pr->incx < -1 &&
         (pr->family == L1(DOT) || pr->family == L1(DOTU) || pr->family == L1(DOTC));
}

/* ATLAS 3.10.3 cblas_sdsdot returns 0 for n <= 0 where the BLAS returns sb (its Fortran
 * sdsdot_ is right). */
static int atlas_sdsdot_empty(const char *backend, const level1_problem *pr) {
  return strcmp(backend, "atlas") == 0 && pr->family == L1(SDSDOT) && pr->n <= 0;
}

/* x rounded to the precision of pr: each operation below is computed in double and rounded
 * once more for single precision, which gives the float result (53 >= 2 * 24 + 2 bits). */
static double in_precision(const level1_problem *pr, double x) {
  return pr->p.is_double ? x : (double)(float)x;
}

int level1_rotmg_never_returns(const level1_problem *pr) {
  if (pr->family != L1(ROTMG)) return 0;
  double d1 = pr->in[0], d2 = pr->in[1], x1 = pr->in[2], y1 = pr->in[3];
  if (d1 < 0) return 0; /* ZERO-H-D-AND-DX1 */
  double p2 = in_precision(pr, d2 * y1);
  if (p2 == 0) return 0; /* flag -2 */
  double p1 = in_precision(pr, d1 * x1), q2 = in_precision(pr, p2 * y1);
  double q1 = in_precision(pr, p1 * x1);
  if (fabs(q1) > fabs(q2)) {
    double h21 = in_precision(pr, -y1 / x1), h12 = in_precision(pr, p2 / p1);
    double u = in_precision(pr, 1 - in_precision(pr, h12 * h21));
    if (!(u > 0)) return 0; /* the "path here for safety": zeroes */
    d1 = in_precision(pr, d1 / u), d2 = in_precision(pr, d2 / u);
  } else {
    if (q2 < 0) return 0; /* zeroes */
    double h11 = in_precision(pr, p1 / p2), h22 = in_precision(pr, x1 / y1);
    double u = in_precision(pr, 1 + in_precision(pr, h11 * h22));
    double swapped = in_precision(pr, d2 / u);
    d2 = in_precision(pr, d1 / u), d1 = swapped;
  }
  /* SCALE-CHECK: d1 <= rgamsq multiplies d1 by gam^2, d1 >= gamsq divides it, while d1 != 0;
   * |d2| likewise. A negative d1 only grows to -Inf, and an infinity stays one. */
  return (d1 != 0 && (d1 < 0 || isinf(d1))) || isinf(d2);
}

static const level1_known *defect(const char *backend, const level1_problem *pr) {
  static const level1_known overread = {"read-past-end", 1}, zero_incy = {"zero-incy-ignored", 0},
                            empty_sb = {"empty-drops-sb", 0}, hang = {"hang", 1};
  if (level1_rotmg_never_returns(pr)) return &hang;
  if (openblas_complex_dot_overread(backend, pr)) return &overread;
  if (atlas_dot_zero_incy(backend, pr)) return &zero_incy;
  if (atlas_sdsdot_empty(backend, pr)) return &empty_sb;
  return NULL;
}

/* A defect above counts where its registry rows hold here (mlf_known_finding_applies): the
 * prebuilt OpenBLAS's dot over-read not on the Prescott to Nehalem kernel sets. */
const level1_known *level1_known_defect(const char *backend, const level1_problem *pr) {
  const level1_known *known = defect(backend, pr);
  char tag[MLF_TAG_MAX];
  if (known) mlf_finding_tag(tag, sizeof tag, "blas_level1", backend, pr->name, known->kind);
  return known && mlf_known_finding_applies(tag) ? known : NULL;
}
