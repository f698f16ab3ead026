/* Known crashes of GSL's correlation functions (see correlation_known_crashes.h). */
#include "correlation_known_crashes.h"
#include <string.h>

const char *correlation_known_crash(const char *fn, size_t n) {
  /* gsl_stats_correlation starts its running means at data[0] without looking at n */
  if (n == 0 && !strcmp(fn, "gsl_stats_correlation")) return "read-empty";
  /* gsl_stats_spearman's compute_rank loops while i < n - 1, which wraps around for n = 0 */
  if (n == 0 && !strcmp(fn, "gsl_stats_spearman")) return "read-empty";
  return NULL;
}
