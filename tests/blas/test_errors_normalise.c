/* How errors_normalise reads a library's error report into a CBLAS position, on ssyr2 (uplo,
 * n, alpha, x, incx, y, incy, A, lda): a "cblas_" name carries the CBLAS position; a Fortran
 * name carries the Fortran routine's position, which in a CBLAS call is one less than the CBLAS
 * one, so that 0 there is the layout (OpenBLAS's CBLAS reports an invalid layout as SSYR2
 * parameter 0); in a Fortran call 0 names no argument; positions past the list name none. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>
#include "blas/errors_rules.h"

/* The arguments of an ssyr2 call through CBLAS (column-major) or Fortran. */
static errors_args ssyr2_call(int cblas) {
  errors_args a;
  memset(&a, 0, sizeof a);
  for (unsigned i = 0; i < ERRORS_ROUTINE_COUNT; i++)
    if (strcmp(errors_routines[i].name, "syr2") == 0) a.r = &errors_routines[i], a.routine = i;
  assert_non_null(a.r);
  a.letter = 's', a.cblas = cblas, a.order = cblas ? ERRORS_COL_MAJOR : 0;
  return a;
}

static int position_of(int cblas, const char *routine, int info) {
  errors_args a = ssyr2_call(cblas);
  errors_report rep;
  errors_normalise(&a, routine, info, &rep);
  return rep.position;
}

static void cblas_name_carries_cblas_positions(void **state) {
  (void)state;
  assert_int_equal(position_of(1, "cblas_ssyr2", 1), 1);
  assert_int_equal(position_of(1, "cblas_ssyr2", 3), 3);
}

static void fortran_name_in_cblas_call_counts_from_the_layout(void **state) {
  (void)state;
  assert_int_equal(position_of(1, "SSYR2 ", 0), 1); /* the layout */
  assert_int_equal(position_of(1, "SSYR2 ", 1), 2); /* uplo */
  assert_int_equal(position_of(1, "SSYR2 ", 2), 3); /* n */
  assert_int_equal(position_of(1, "SSYR2 ", -1), 0);
  assert_int_equal(position_of(1, "SSYR2 ", 99), 0);
}

static void fortran_call_has_no_layout(void **state) {
  (void)state;
  assert_int_equal(position_of(0, "SSYR2 ", 0), 0);
  assert_int_equal(position_of(0, "SSYR2 ", 1), 2);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(cblas_name_carries_cblas_positions),
      cmocka_unit_test(fortran_name_in_cblas_call_counts_from_the_layout),
      cmocka_unit_test(fortran_call_has_no_layout),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
