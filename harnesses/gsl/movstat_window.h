/* The documented window of a moving statistic (GSL manual, "Moving Window Statistics"):
 * W_i^{H,J} = {x_{i-H}, ..., x_{i+J}}, K = H + J + 1, near the ends either padded with zeros
 * (PADZERO), with x_0 / x_{n-1} (PADVALUE) or truncated (TRUNCATE). Written from the manual,
 * not from gsl_movstat_fill, so it can judge both. */
#ifndef MOVSTAT_WINDOW_H
#define MOVSTAT_WINDOW_H
#include <stddef.h>
#include <gsl/gsl_movstat.h>

typedef struct {
  const double *x; /* packed input */
  size_t n, H, J;
  gsl_movstat_end_t end;
  size_t first_nan, first_nonfinite; /* first such index of x, n when none: movstat_scan */
} movstat_layout;

/* Sets the first_* indices from x. */
void movstat_scan(movstat_layout *l);

/* Fills win (room for H + J + 1) with W_i and returns its size. */
size_t movstat_window(const movstat_layout *l, size_t i, double *win);

/* 1 when some value the accumulator took in before W_i's first element (a pad, or x_j with
 * j < i - H) matches the class: any non-finite value (nan_only = 0) or a NaN (nan_only = 1).
 * Such values have left the window; a correct statistic of W_i does not depend on them. */
int movstat_history_has(const movstat_layout *l, size_t i, int nan_only);

/* Flags of a window's values. */
enum { MOVSTAT_HAS_NAN = 1, MOVSTAT_HAS_INF = 2 };
unsigned movstat_value_flags(const double *v, size_t m);

/* Sorts v[0..m) ascending by value (NaN-free input); -0 and +0 compare equal. */
void movstat_sort(double *v, size_t m);

/* 1 when a and b are the same number: equal, or both NaN (the sign of a zero is not
 * specified for order statistics). */
int movstat_same(double a, double b);
#endif
