/* FFTs outside their domain (see fft_domain.h). */
#include "fft_domain.h"
#include <gsl/gsl_errno.h>
#include <string.h>
#include "guarded_series.h"
#include "stats_report.h"

#define TARGET "gsl_fft"

/* Calls op on a guard copy of in expecting GSL error want; the data must be unchanged. */
static void expect_error(fft_op op, const double *in, size_t n, const fft_tables *t,
                         mlf_guard_side side, int want, const char *what, mlf_run *run) {
  const fft_op_info *info = &fft_ops[op];
  size_t count = n * (size_t)info->in_width;
  double *data = guarded_copy(in, n, 1, (size_t)info->in_width, side, "data");
  double *dest = mlf_guard_alloc(n * 2 * sizeof(double), sizeof(double), side, "complex");
  mlf_error_record first;
  stats_gsl_begin();
  int status = fft_call(op, data, dest, 1, n, t);
  size_t errors = stats_gsl_end(&first);
  if (!errors || status != want || first.info != want)
    stats_raise(run, TARGET, info->function, "domain", "error-missing",
                  "%s (n = %zu): status %d, %zu errors (first %d), documented error %d", what, n,
                  status, errors, errors ? first.info : 0, want);
  if (n && memcmp(data, in, count * sizeof *data) != 0)
    stats_raise(run, TARGET, info->function, "domain", "write-on-error",
                  "%s (n = %zu): the data changed although GSL reported an error", what, n);
  if (!mlf_guard_canary_ok(dest))
    stats_raise(run, TARGET, info->function, "domain", "write-on-error",
                  "%s (n = %zu): wrote into the unpack destination", what, n);
  mlf_guard_free(data), mlf_guard_free(dest);
}

void fft_domain_empty(mlf_guard_side side, mlf_run *run) {
  fft_tables t;
  size_t errors = fft_tables_alloc(&t, 0);
  if (errors != 5 || t.cw || t.cs || t.rw || t.rs || t.hw)
    stats_raise(run, TARGET, "gsl_fft_complex_wavetable_alloc", "domain", "error-missing",
                  "n = 0: %zu of the 5 allocators reported an error", errors);
  fft_tables_free(&t);
  /* No table exists for n = 0; the transforms get real ones (of length 2) and must refuse
   * the length before they look at them. */
  fft_tables_alloc(&t, 2);
  for (int op = 0; op < FFT_OP_COUNT; op++)
    expect_error((fft_op)op, NULL, 0, &t, side, fft_ops[op].radix2 ? GSL_EINVAL : GSL_EDOM,
                 "length 0", run);
  fft_tables_free(&t);
}

/* Stride 0 addresses element 0 only: a buffer of one element against the guard page. */
static void stride_zero(fft_op op, const double *in, size_t n, const fft_tables *t,
                        mlf_guard_side side, mlf_run *run) {
  const fft_op_info *info = &fft_ops[op];
  double *data = guarded_copy(in, 1, 1, (size_t)info->in_width, side, "stride-0 data");
  double *dest = mlf_guard_alloc(2 * sizeof(double), sizeof(double), side, "stride-0 complex");
  stats_gsl_begin();
  fft_call(op, data, dest, 0, n, t);
  stats_gsl_end(NULL); /* nothing documented: an error, or any values in element 0 */
  mlf_guard_free(data), mlf_guard_free(dest);
  (void)run;
}

void fft_domain_arguments(const double *z, const double *x, size_t n, size_t other_n,
                          mlf_guard_side side, mlf_run *run) {
  fft_tables t, other;
  fft_tables_alloc(&t, n);
  for (int op = 0; op < FFT_OP_COUNT; op++) {
    const double *in = fft_ops[op].in_width == 2 ? z : x;
    if (fft_ops[op].radix2 && !fft_power_of_two(n))
      expect_error((fft_op)op, in, n, &t, side, GSL_EINVAL, "radix 2, n not a power of 2", run);
    if (n >= 2) stride_zero((fft_op)op, in, n, &t, side, run);
  }
  if (other_n && other_n != n && n >= 2) {
    fft_tables_alloc(&other, other_n);
    static const fft_op mixed[] = {FFT_COMPLEX_FORWARD, FFT_COMPLEX_INVERSE, FFT_REAL_FORWARD,
                                   FFT_HALFCOMPLEX_INVERSE};
    for (size_t i = 0; i < sizeof mixed / sizeof *mixed; i++)
      if (!other.real_stand_in || fft_ops[mixed[i]].in_width == 2)
        expect_error(mixed[i], fft_ops[mixed[i]].in_width == 2 ? z : x, n, &other, side,
                     GSL_EINVAL, "tables made for another length", run);
    fft_tables_free(&other);
  }
  fft_tables_free(&t);
}
