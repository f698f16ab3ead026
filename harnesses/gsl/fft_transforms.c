/* GSL transforms on guard buffers (see fft_transforms.h). */
#include "fft_transforms.h"
#include <gsl/gsl_fft_complex.h>
#include <string.h>
#include "guarded_series.h"
#include "mlf_report.h"
#include "mlf_watchdog.h"
#include "stats_report.h"

const fft_op_info fft_ops[FFT_OP_COUNT] = {
    {"gsl_fft_complex_forward", 2, 2, 0, FFT_TWIDDLES_TABLE},
    {"gsl_fft_complex_inverse", 2, 2, 0, FFT_TWIDDLES_TABLE},
    {"gsl_fft_complex_radix2_forward", 2, 2, 1, FFT_TWIDDLES_RADIX2},
    {"gsl_fft_complex_radix2_inverse", 2, 2, 1, FFT_TWIDDLES_RADIX2},
    {"gsl_fft_complex_radix2_dif_forward", 2, 2, 1, FFT_TWIDDLES_RADIX2},
    {"gsl_fft_complex_radix2_dif_inverse", 2, 2, 1, FFT_TWIDDLES_RADIX2},
    {"gsl_fft_real_transform", 1, 1, 0, FFT_TWIDDLES_RECURRENCE},
    {"gsl_fft_halfcomplex_inverse", 1, 1, 0, FFT_TWIDDLES_RECURRENCE},
    {"gsl_fft_real_radix2_transform", 1, 1, 1, FFT_TWIDDLES_RADIX2},
    {"gsl_fft_halfcomplex_radix2_inverse", 1, 1, 1, FFT_TWIDDLES_RADIX2},
    /* the unpack functions move data: exact */
    {"gsl_fft_halfcomplex_unpack", 1, 2, 0, FFT_TWIDDLES_TABLE},
    {"gsl_fft_halfcomplex_radix2_unpack", 1, 2, 0, FFT_TWIDDLES_TABLE}, /* any n: a layout */
    {"gsl_fft_real_unpack", 1, 2, 0, FFT_TWIDDLES_TABLE},
};

int fft_power_of_two(size_t n) { return n && !(n & (n - 1)); }

size_t fft_tables_alloc(fft_tables *t, size_t n) {
  memset(t, 0, sizeof *t);
  t->n = n;
  stats_gsl_begin();
  t->cw = gsl_fft_complex_wavetable_alloc(n);
  t->cs = gsl_fft_complex_workspace_alloc(n);
  t->real_stand_in = n == 1 && !mlf_report_known();
  t->rw = gsl_fft_real_wavetable_alloc(t->real_stand_in ? 2 : n);
  t->rs = gsl_fft_real_workspace_alloc(n);
  t->hw = gsl_fft_halfcomplex_wavetable_alloc(n);
  return stats_gsl_end(NULL);
}

void fft_tables_free(fft_tables *t) {
  if (t->cw) gsl_fft_complex_wavetable_free(t->cw);
  if (t->cs) gsl_fft_complex_workspace_free(t->cs);
  if (t->rw) gsl_fft_real_wavetable_free(t->rw);
  if (t->rs) gsl_fft_real_workspace_free(t->rs);
  if (t->hw) gsl_fft_halfcomplex_wavetable_free(t->hw);
  memset(t, 0, sizeof *t);
}

static int dispatch(fft_op op, double *data, double *out, size_t stride, size_t n, const fft_tables *t) {
  switch (op) {
    case FFT_COMPLEX_FORWARD: return gsl_fft_complex_forward(data, stride, n, t->cw, t->cs);
    case FFT_COMPLEX_INVERSE: return gsl_fft_complex_inverse(data, stride, n, t->cw, t->cs);
    case FFT_RADIX2_FORWARD: return gsl_fft_complex_radix2_forward(data, stride, n);
    case FFT_RADIX2_INVERSE: return gsl_fft_complex_radix2_inverse(data, stride, n);
    case FFT_RADIX2_DIF_FORWARD: return gsl_fft_complex_radix2_dif_forward(data, stride, n);
    case FFT_RADIX2_DIF_INVERSE: return gsl_fft_complex_radix2_dif_inverse(data, stride, n);
    case FFT_REAL_FORWARD: return gsl_fft_real_transform(data, stride, n, t->rw, t->rs);
    case FFT_HALFCOMPLEX_INVERSE: return gsl_fft_halfcomplex_inverse(data, stride, n, t->hw, t->rs);
    case FFT_REAL_RADIX2_FORWARD: return gsl_fft_real_radix2_transform(data, stride, n);
    case FFT_HALFCOMPLEX_RADIX2_INVERSE: return gsl_fft_halfcomplex_radix2_inverse(data, stride, n);
    case FFT_HALFCOMPLEX_UNPACK: return gsl_fft_halfcomplex_unpack(data, out, stride, n);
    case FFT_HALFCOMPLEX_RADIX2_UNPACK: return gsl_fft_halfcomplex_radix2_unpack(data, out, stride, n);
    case FFT_REAL_UNPACK: return gsl_fft_real_unpack(data, out, stride, n);
    default: return -1;
  }
}

int fft_call(fft_op op, double *data, double *out, size_t stride, size_t n, const fft_tables *t) {
  int status = -1; /* kept when the call hangs and is abandoned */
  if (op >= FFT_OP_COUNT) return status;
  MLF_WATCHED(fft_ops[op].function, status = dispatch(op, data, out, stride, n, t));
  return status;
}

static int unpacks(fft_op op) { return op >= FFT_HALFCOMPLEX_UNPACK; }

void fft_run(fft_op op, const double *in, size_t n, size_t stride, mlf_guard_side side,
             const fft_tables *t, double *out, fft_outcome *o) {
  const fft_op_info *info = &fft_ops[op];
  double *data = guarded_copy(in, n, stride, (size_t)info->in_width, side, "data");
  double *dest = unpacks(op) ? guarded_blank(n, stride, 2, side, "complex") : NULL;
  if (dest) mlf_guard_set_readonly(data, 1);
  stats_gsl_begin();
  o->status = fft_call(op, data, dest, stride, n, t);
  o->errors = stats_gsl_end(&o->first);
  double *result = dest ? dest : data;
  guarded_unstride(result, n, stride, (size_t)info->out_width, out);
  o->gaps_intact = guarded_gaps_intact(result, n, stride, (size_t)info->out_width);
  if (dest) {
    mlf_guard_set_readonly(data, 0);
    mlf_guard_free(dest);
  }
  mlf_guard_free(data);
}
