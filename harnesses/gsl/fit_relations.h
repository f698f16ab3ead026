/* What the fits must satisfy on one data set, per fit kind: every output within the replay's
 * running error bound of the exact least-squares value; strided calls bit for bit equal to
 * packed ones; invariances (reversed order within both runs' bounds; x, y or weights scaled
 * by a power of two and zero-weight points removed bit for bit; translated x by the exact
 * effect of the translation; equal weights = unweighted fit; collinear data fitted exactly);
 * gsl_fit_linear_est / gsl_fit_mul_est as documented from the coefficients; degenerate data
 * (all x equal, n < 2, stride 0) give NaN coefficients (0/0 of the documented formulas) or a
 * GSL error, never a finite slope or a crash. */
#ifndef FIT_RELATIONS_H
#define FIT_RELATIONS_H
#include <stddef.h>
#include "fit_call.h"
#include "mlf_report.h"

typedef struct {
  fit_data d;            /* n >= 1 */
  size_t stride;         /* of the strided variant (1: none) */
  mlf_guard_side side;
  int scale_exponent;    /* power of two of the scaling relations (nonzero) */
  double shift;          /* translation of x */
  const char *only;      /* relation to run, NULL for all */
  mlf_run *run;
} fit_case;

/* Runs the relations of kind k; returns the worst error / bound ratio (feedback). */
double fit_check(fit_kind k, const fit_case *c);

/* Empty data (n = 0) and stride 0: no crash, no access outside the one addressed element,
 * NaN coefficients or an error. */
void fit_check_degenerate_calls(fit_kind k, const fit_case *c);

extern const char *const fit_relation_names[];
extern const size_t fit_relation_count;
#endif
