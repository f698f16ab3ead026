/* The GSL transforms under test, each run on a guard-page copy of its input at a stride
 * (gaps holding NaN sentinels), with GSL's error handler captured. */
#ifndef FFT_TRANSFORMS_H
#define FFT_TRANSFORMS_H
#include <stddef.h>
#include <gsl/gsl_fft_complex.h>
#include <gsl/gsl_fft_halfcomplex.h>
#include <gsl/gsl_fft_real.h>
#include "fft_bound.h"
#include "mlf_capture.h"
#include "mlf_guard.h"

typedef enum {
  FFT_COMPLEX_FORWARD,        /* mixed radix, wavetable and workspace */
  FFT_COMPLEX_INVERSE,
  FFT_RADIX2_FORWARD,         /* decimation in time */
  FFT_RADIX2_INVERSE,
  FFT_RADIX2_DIF_FORWARD,     /* decimation in frequency */
  FFT_RADIX2_DIF_INVERSE,
  FFT_REAL_FORWARD,           /* real -> halfcomplex, mixed radix */
  FFT_HALFCOMPLEX_INVERSE,
  FFT_REAL_RADIX2_FORWARD,    /* real -> halfcomplex in radix-2 order */
  FFT_HALFCOMPLEX_RADIX2_INVERSE,
  FFT_HALFCOMPLEX_UNPACK,     /* halfcomplex -> complex */
  FFT_HALFCOMPLEX_RADIX2_UNPACK,
  FFT_REAL_UNPACK,            /* real -> complex with zero imaginary parts */
  FFT_OP_COUNT
} fft_op;

typedef struct {
  const char *function; /* GSL function, for finding tags */
  int in_width, out_width; /* doubles per element: 1 real or halfcomplex, 2 complex */
  int radix2;           /* needs n a power of two */
  fft_twiddles twiddles; /* how its twiddle factors are made: its error bound */
} fft_op_info;

extern const fft_op_info fft_ops[FFT_OP_COUNT];

/* Wavetables and workspaces of one length (NULL members when GSL refused the length). */
typedef struct {
  size_t n;
  gsl_fft_complex_wavetable *cw;
  gsl_fft_complex_workspace *cs;
  gsl_fft_real_wavetable *rw;
  gsl_fft_real_workspace *rs;
  gsl_fft_halfcomplex_wavetable *hw;
  int real_stand_in; /* rw was made for length 2: see fft_tables_alloc */
} fft_tables;

/* Allocates the tables for n, errors captured; returns the number of GSL errors.
 * gsl_fft_real_wavetable_alloc(1) does arithmetic on a null pointer (undefined behaviour,
 * a known finding): unless MLF_REPORT_KNOWN is set, n = 1 gets a real wavetable of length 2
 * instead (the transforms return before reading it for n = 1) and real_stand_in is set. */
size_t fft_tables_alloc(fft_tables *t, size_t n);
void fft_tables_free(fft_tables *t);

/* Calls op on data (already laid out at the stride) for n elements with tables t, under the
 * watchdog (mlf_watchdog.h): a call that hangs is abandoned (status -1) and the input's finding
 * is mlf:gsl_fft:<function>:hang. */
int fft_call(fft_op op, double *data, double *out, size_t stride, size_t n, const fft_tables *t);

typedef struct {
  int status;
  size_t errors;
  mlf_error_record first;
  int gaps_intact; /* no write between the strided elements */
} fft_outcome;

/* Runs op on a guard copy of in[0 .. n * in_width) at the stride and writes the packed result
 * (n * out_width doubles) to out. Unpack operations write into a second guard buffer. */
void fft_run(fft_op op, const double *in, size_t n, size_t stride, mlf_guard_side side,
             const fft_tables *t, double *out, fft_outcome *o);

/* 1 when n is a power of two (n >= 1). */
int fft_power_of_two(size_t n);
#endif
