/* The transforms outside their valid domain: length 0, a length that is not a power of two
 * for the radix-2 functions, wavetables and workspaces made for another length, stride 0.
 * Correct is GSL's documented error (GSL_EDOM for n = 0, GSL_EINVAL otherwise) with the data
 * untouched, or for stride 0 (undocumented) any result that stays inside the one element the
 * call can address; a guard-page fault is a bug. */
#ifndef FFT_DOMAIN_H
#define FFT_DOMAIN_H
#include <stddef.h>
#include "fft_transforms.h"
#include "mlf_report.h"

/* Every transform and allocator with n = 0. */
void fft_domain_empty(mlf_guard_side side, mlf_run *run);

/* z (complex, n elements) and x (real): radix-2 functions when n is not a power of two,
 * tables of length other_n != n (0: skipped), and stride 0 when n >= 2. */
void fft_domain_arguments(const double *z, const double *x, size_t n, size_t other_n,
                          mlf_guard_side side, mlf_run *run);
#endif
