/* Preconditions of the known level-1 library defects (see level1_known_crashes.h). */
#include "level1_known_crashes.h"
#include <string.h>

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

const level1_known *level1_known_defect(const char *backend, const level1_problem *pr) {
  static const level1_known overread = {"read-past-end", 1}, zero_incy = {"zero-incy-ignored", 0},
                            empty_sb = {"empty-drops-sb", 0};
  if (openblas_complex_dot_overread(backend, pr)) return &overread;
  if (atlas_dot_zero_incy(backend, pr)) return &zero_incy;
  if (atlas_sdsdot_empty(backend, pr)) return &empty_sb;
  return NULL;
}
