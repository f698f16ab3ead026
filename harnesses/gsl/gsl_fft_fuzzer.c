/* GSL 2.7.1 FFTs: gsl_fft_complex_{forward,inverse} (mixed radix, wavetable and workspace),
 * gsl_fft_complex_radix2_{forward,inverse} and the _dif_ variants, gsl_fft_real_transform,
 * gsl_fft_halfcomplex_inverse, gsl_fft_real_radix2_transform,
 * gsl_fft_halfcomplex_radix2_inverse, the unpack functions, and the table allocators.
 * Oracle: within the standard FFT error bound (O(u log n) ||x||, fft_bound.h) of a
 * long-double DFT for n <= 64; round trip, Parseval, linearity and the shift theorem within
 * bounds derived from it; radix 2 against mixed radix; real against complex transforms; every
 * transform at a stride bit for bit equal to the packed call with the gaps untouched; outside
 * the domain (n = 0, radix 2 with n not a power of two, tables of another length, stride 0,
 * NaN and Inf data) GSL's documented error with the data untouched, and no access outside
 * the buffers (guard pages). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "fft_domain.h"
#include "fft_relations.h"
#include "mlf_feedback.h"
#include "mlf_series.h"
#include "mlf_target.h"
#include "stats_report.h"
#include "mlf_common.pb-c.h"

#define FFT_MAX_N 1024 /* a prime length costs O(n^2) per transform in GSL's generic pass */

static void fft_init(void) { stats_capture_gsl(); }

/* The relation the message names, or NULL for all (also for names this target lacks). */
static const char *named_relation(const char *r) {
  if (!r) return NULL;
  for (size_t i = 0; i < fft_relation_count; i++)
    if (strcmp(r, fft_relation_names[i]) == 0) return r;
  return strcmp(r, "domain") == 0 ? r : NULL;
}

/* Feature of a length: power of two, 7-smooth (GSL's own radices), or with a generic prime. */
static uint32_t length_kind(size_t n) {
  size_t m = n;
  for (size_t p = 2; p <= 7; p++)
    while (m > 1 && m % p == 0) m /= p;
  uint32_t c = 0;
  for (size_t v = n; v; v >>= 1) c++;
  return c * 4 + (n && !(n & (n - 1)) ? 0 : m == 1 ? 1 : 2);
}

static void fft_fuzz_run(const ProtobufCMessage *msg, mlf_run *run) {
  const Mlf__SeriesCase *c = (const Mlf__SeriesCase *)msg;
  mlf_series s;
  if (mlf_series_make(c, &s) < 0) abort();
  size_t n = s.n < FFT_MAX_N ? s.n : FFT_MAX_N;
  mlf_guard_side side = (c->seed >> 8) & 1 ? MLF_GUARD_HEAD : MLF_GUARD_TAIL;
  const char *only = named_relation(c->relation);
  int domain = !only || strcmp(only, "domain") == 0;
  mlf_feedback_hit(mlf_feature("fft-length", length_kind(n), 0));
  if (n == 0) {
    if (domain) fft_domain_empty(side, run);
    mlf_series_free(&s);
    return;
  }
  double *z = malloc(2 * n * sizeof *z);
  if (!z) abort();
  for (size_t i = 0; i < n; i++) z[2 * i] = s.v[MLF_SERIES_X][i], z[2 * i + 1] = s.v[MLF_SERIES_Y][i];
  fft_tables t;
  if (fft_tables_alloc(&t, n))
    stats_raise(run, "gsl_fft", "gsl_fft_complex_wavetable_alloc", "error-handler",
                  "error-on-valid", "n = %zu: an allocator reported an error", n);
  if (t.real_stand_in)
    stats_raise(run, "gsl_fft", "gsl_fft_real_wavetable_alloc", "length-one",
                  "null-pointer-arithmetic", "n = 1: known undefined behaviour, not called "
                  "(MLF_REPORT_KNOWN=1 calls it); the transforms get a table of length 2");
  if (t.cw && t.cs && t.rw && t.rs && t.hw && (!only || strcmp(only, "domain") != 0)) {
    fft_case fc = {n, c->stride, side, &t, z, s.v[MLF_SERIES_X], c->scale, c->shift,
                   c->window, only, run};
    size_t before = run->n_raised;
    double worst = fft_check_relations(&fc);
    uint32_t closeness = worst > 0 ? (uint32_t)fmin(40, fmax(0, 20 + log2(worst))) : 0;
    mlf_feedback_hit(mlf_feature("fft-verdict", length_kind(n), closeness * 2 + (run->n_raised > before)));
    mlf_log(run, "n = %zu, stride %u: worst error / bound %.3g", n, c->stride, worst);
  }
  if (domain) fft_domain_arguments(z, s.v[MLF_SERIES_X], n, c->window <= FFT_MAX_N ? c->window : 0, side, run);
  fft_tables_free(&t);
  free(z);
  mlf_series_free(&s);
}

MLF_TARGET(gsl_fft, mlf__series_case__descriptor, fft_init, fft_fuzz_run)
