/* GSL 2.7.1 statistics calls known to crash (each recorded in harnesses/gsl/known_findings.tsv under
 * mlf:gsl_statistics:<function>:domain:<kind>): while known findings are suppressed they are
 * not made, so a campaign goes on past the bug; MLF_REPORT_KNOWN=1 makes them. */
#ifndef STATISTICS_KNOWN_H
#define STATISTICS_KNOWN_H
#include "statistics_call.h"

/* The kind of the known crash of calling q with a, or NULL. */
const char *statistics_known_crash(statistics_q q, const statistics_args *a);
#endif
