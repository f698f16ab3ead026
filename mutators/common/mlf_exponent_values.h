/* Values near the exponent thresholds of float and double: overflow, the smallest normal,
 * the subnormal range, and the square-root thresholds that scaling loops test (Blue's
 * constants of LAPACK 3.11 la_constants.f90, the square roots of the overflow and
 * underflow limits). Drawn as +-2^e x (1 + small odd mantissa perturbation), singly or in
 * pairs whose product or quotient lands next to a threshold. */
#ifndef MLF_EXPONENT_VALUES_H
#define MLF_EXPONENT_VALUES_H
#include <stddef.h>
#include "mlf_rng.h"

/* A threshold 2^exponent; values whose binary exponent (ilogb) is within
 * MLF_THRESHOLD_REACH of it count as reaching it. */
typedef struct {
  const char *name;
  int exponent;
} mlf_threshold;
#define MLF_THRESHOLD_REACH 2

/* One binary format: the exponents (ilogb) of its smallest subnormal, smallest normal and
 * largest finite value, its stored mantissa bits, and its thresholds. */
typedef struct {
  const char *name;
  int emin_sub, emin, emax;
  unsigned mant_bits;
  const mlf_threshold *thresholds;
  size_t n_thresholds;
} mlf_real_limits;

extern const mlf_real_limits mlf_float_limits, mlf_double_limits;

/* A value near a threshold of `target` (or inside its subnormal range), stored in format
 * `storage` (so a double slot also takes float thresholds beyond float's range). */
double mlf_threshold_value(mlf_rng *rng, const mlf_real_limits *target,
                           const mlf_real_limits *storage);

/* Two values of `target`'s range whose product (or quotient a / b) has a binary exponent
 * within MLF_THRESHOLD_REACH of a threshold of `target` (exponents summing to the threshold
 * +-1, mantissa products in [1, 4)). Returns 0 when the split is impossible. */
int mlf_threshold_pair(mlf_rng *rng, const mlf_real_limits *target, double *a, double *b);
#endif
