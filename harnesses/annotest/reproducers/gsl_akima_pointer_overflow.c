/* Standalone reproducer for an undefined behaviour that only an instrumented GSL shows: GSL
 * 2.7.1 akima_calc (interpolation/akima.c:99) reads m[i - 1] and m[i - 2] with size_t i = 0,
 * where m points two elements into its array (state->_m + 2): i - 1 wraps to SIZE_MAX and the
 * pointer arithmetic m + SIZE_MAX overflows (C11 6.5.6: undefined), although the element it
 * means, m[-1], is inside the array. Every akima and akima_periodic initialisation does this,
 * on any valid input (here gsl_interp_init with the minimum 5 knots). On x86-64 the address
 * wraps to the intended element, so against Debian's libgsl27 2.7.1+dfsg-5+deb12u1 the
 * interpolant is right and this program exits 0: it does NOT fail there. Linked instead
 * against GSL 2.7.1 built from the Debian source with -fsanitize=pointer-overflow (mlfuzz:
 * build/libraries/gsl-libfuzzer/libgsl.a, with -fsanitize=address,undefined
 * -fno-sanitize-recover=undefined), UBSan aborts in akima.c. Writing m[(ptrdiff_t)i - 1], or
 * indexing from _m, would fix it. Exits 1 if the interpolant misses a knot.
 * tags: mlf:annotest_gsl:gsl:gsl_*:akima-pointer-overflow
 * link: build/libraries/gsl-libfuzzer/libgsl.a -fsanitize=address,undefined -fno-sanitize-recover=undefined -lm
 */
#include <gsl/gsl_interp.h>
#include <gsl/gsl_version.h> /* the GSL_VERSION macro: the instrumented archive has no gsl_version */
#include <stdio.h>

int main(void) {
  static const double x[5] = {0, 1, 2, 3, 4}, y[5] = {0, 1, 0, 1, 0};
  gsl_interp *interp = gsl_interp_alloc(gsl_interp_akima, 5);
  int status = gsl_interp_init(interp, x, y, 5), wrong = status != 0;
  printf("GSL %s: gsl_interp_init(akima, 5 knots) = %d\n", GSL_VERSION, status);
  for (int i = 0; i < 5; i++) {
    double v = gsl_interp_eval(interp, x, y, x[i], NULL);
    printf("interpolant at x = %g: %g (expected %g)\n", x[i], v, y[i]);
    wrong |= v != y[i];
  }
  gsl_interp_free(interp);
  return wrong;
}
