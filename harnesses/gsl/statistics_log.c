/* The failure log of the gsl_statistics checks (statistics_relation_log in
 * statistics_relations.h), apart so that GSL-free unit tests can link it. */
#include <stdarg.h>
#include <stdio.h>
#include "statistics_relations.h"

void statistics_log_failure(statistics_relation_log *log, statistics_q q, const char *kind,
                            const char *fmt, ...) {
  if (log->failed & (1ull << q)) return;
  log->failed |= 1ull << q;
  snprintf(log->kind[q], sizeof log->kind[q], "%s", kind);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(log->reason[q], sizeof log->reason[q], fmt, ap);
  va_end(ap);
}
