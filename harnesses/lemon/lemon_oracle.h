/* LEMON's oracles on one layer output of one backend against the reference G:
 *  - the paper's distances: delta(O, G) = mean |o_i - g_i| and
 *    D_MAD = |delta_j - delta_k| / (delta_j + delta_k), summed into ACC;
 *  - wrong results: an element farther from G than G's rounding bound (a rigorous bound, so
 *    rounding alone never gets there; D_MAD alone reaches 1 on rounding noise);
 *  - NaN bugs: a non-finite element where G is finite and far inside float's range;
 *  - lost NaNs: a number where G is NaN although the layer got the NaNs G's layer got.
 * Otherwise elements where G is not finite or the bound is infinite are not judged. */
#ifndef LEMON_ORACLE_H
#define LEMON_ORACLE_H
#include <stddef.h>

/* Absolute slack on top of the bound for an implementation that flushes subnormal results
 * to zero: at most 2^-126 per flushed operation, far below this after any propagation
 * through the bounded sizes (LEMON_MAX_MACS operations). */
#define LEMON_SUBNORMAL_SLACK 0x1p-100

typedef enum { LEMON_OK, LEMON_BEYOND_BOUND, LEMON_NAN } lemon_verdict;

typedef struct {
  lemon_verdict verdict;  /* the worst seen: NAN over BEYOND_BOUND over OK */
  size_t element;         /* first offending element (when not OK) */
  double value, reference, bound;  /* at that element */
  double worst_ratio;     /* max |o - g| / (bound + slack) over judged elements */
  size_t judged;          /* elements with finite G and finite bound */
} lemon_judgement;

/* Judges n elements of a backend's output o against G's values g and bounds b. */
void lemon_judge(const float *o, const double *g, const double *b, size_t n, lemon_judgement *j);

/* 1 when o is NaN exactly where g is and infinite exactly where g is, with its sign (a layer
 * input as the backend and G saw it): only then must the layer give NaN where G does, since
 * a layer makes NaN from infinities too (inf - inf, 0 * inf), and a float input can
 * legitimately be infinite where G's is finite (overflow near FLT_MAX). */
int lemon_same_non_finite(const float *o, const double *g, size_t n);
/* The first element where g is NaN and o is not, or n when there is none. */
size_t lemon_nan_lost(const float *o, const double *g, size_t n);

/* delta(O, G) over the elements where G is finite; +inf when O is not finite there. */
double lemon_delta(const float *o, const double *g, size_t n);
/* D_MAD of two deltas; 0 when both are 0; 1 when exactly one is infinite. */
double lemon_dmad(double delta_j, double delta_k);
/* 1 when G is close enough to float's overflow threshold anywhere that a float
 * implementation may overflow legitimately (|g| + bound >= FLT_MAX / 2). */
int lemon_near_overflow(const double *g, const double *b, size_t n);
#endif
