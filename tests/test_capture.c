/* Unit tests of mlf_capture and the exported error handlers: xerbla_, cblas_xerbla and the
 * GSL handler record routine and info; exit() inside a captured call aborts a forked child
 * with SIGABRT and a message, exit() outside one exits normally. */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE
#endif
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mlf_capture.h"
#include "mlf_test_child.h"

/* The handlers as the libraries declare them (mlf_xerbla.c has no header of its own). */
void xerbla_(const char *srname, const int *info, size_t srname_len);
void cblas_xerbla(int info, const char *rout, const char *form, ...);

static void test_xerbla_records_routine_and_info(void **state) {
  (void)state;
  mlf_error_record rec;
  mlf_capture_begin("refblas");
  int info = 8;
  xerbla_("DGEMM ", &info, 6); /* Fortran: blank padded, not NUL-terminated */
  int info2 = 3;
  xerbla_("SGEMV", &info2, 5);
  assert_int_equal(mlf_capture_end(&rec), 2);
  assert_string_equal(rec.routine, "DGEMM"); /* the first one is kept */
  assert_int_equal(rec.info, 8);
}

static void test_xerbla_long_unterminated_name(void **state) {
  (void)state;
  char name[40];
  memset(name, 'X', sizeof name); /* no NUL anywhere */
  mlf_error_record rec;
  int info = 1;
  mlf_capture_begin("lapack");
  xerbla_(name, &info, sizeof name);
  assert_int_equal(mlf_capture_end(&rec), 1);
  assert_int_equal(strlen(rec.routine), sizeof rec.routine - 1);
}

static void test_cblas_xerbla(void **state) {
  (void)state;
  mlf_error_record rec;
  mlf_capture_begin("gslcblas");
  cblas_xerbla(4, "cblas_dgemm", "Illegal %s setting, %d\n", "TransA", 4);
  assert_int_equal(mlf_capture_end(&rec), 1);
  assert_string_equal(rec.routine, "cblas_dgemm");
  assert_int_equal(rec.info, 4);
}

static void test_gsl_handler(void **state) {
  (void)state;
  mlf_error_record rec;
  mlf_capture_begin("gsl");
  mlf_capture_gsl_handler("matrix sizes are different", "../../blas/blas.c", 1234, 19);
  assert_int_equal(mlf_capture_end(&rec), 1);
  assert_string_equal(rec.routine, "blas.c:1234");
  assert_int_equal(rec.info, 19);
}

static void test_no_error_and_reset(void **state) {
  (void)state;
  mlf_error_record rec = {"untouched", 77};
  mlf_capture_begin("openblas");
  mlf_capture_error("dgemm", 1);
  mlf_capture_end(NULL);
  mlf_capture_begin("openblas"); /* begin resets the count */
  assert_int_equal(mlf_capture_end(&rec), 0);
  assert_string_equal(rec.routine, "untouched");
  assert_int_equal(rec.info, 77);
}

/* fn must not return: it ends in exit() or an abort. */
static int run_child(void (*fn)(void), char *out, size_t len) { return mlf_run_child(fn, 1, out, len); }

static void exit_inside_call(void) {
  mlf_capture_install();
  mlf_capture_install(); /* idempotent */
  mlf_capture_begin("libsvm");
  int info = 2;
  xerbla_("DTRSV", &info, 5);
  exit(1);
}

static void exit_inside_call_without_error(void) {
  mlf_capture_install();
  mlf_capture_begin("fann");
  exit(0);
}

static void exit_after_call(void) {
  mlf_capture_install();
  mlf_capture_begin("libsvm");
  mlf_capture_end(NULL);
  exit(3);
}

static void test_exit_inside_capture_aborts(void **state) {
  (void)state;
  char out[1024];
  int status = run_child(exit_inside_call, out, sizeof out);
  assert_true(WIFSIGNALED(status));
  assert_int_equal(WTERMSIG(status), SIGABRT);
  assert_non_null(
      strstr(out, "mlf: libsvm called exit() inside a library call (routine DTRSV, info 2)\n"));
  status = run_child(exit_inside_call_without_error, out, sizeof out);
  assert_true(WIFSIGNALED(status));
  assert_int_equal(WTERMSIG(status), SIGABRT);
  assert_non_null(strstr(out, "mlf: fann called exit() inside a library call"));
}

static void test_exit_outside_capture_is_normal(void **state) {
  (void)state;
  char out[1024];
  int status = run_child(exit_after_call, out, sizeof out);
  assert_true(WIFEXITED(status));
  assert_int_equal(WEXITSTATUS(status), 3);
  assert_null(strstr(out, "mlf:"));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_xerbla_records_routine_and_info),
      cmocka_unit_test(test_xerbla_long_unterminated_name),
      cmocka_unit_test(test_cblas_xerbla),
      cmocka_unit_test(test_gsl_handler),
      cmocka_unit_test(test_no_error_and_reset),
      cmocka_unit_test(test_exit_inside_capture_aborts),
      cmocka_unit_test(test_exit_outside_capture_is_normal),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
