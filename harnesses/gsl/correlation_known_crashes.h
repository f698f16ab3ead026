/* Inputs known to crash GSL's correlation functions, each recorded in
 * harnesses/gsl/known_findings.tsv. While known findings are suppressed the harness does not make
 * such a call, so a campaign goes on past the bug; MLF_REPORT_KNOWN=1 makes it anyway. The
 * harness raises the tag either way. */
#ifndef CORRELATION_KNOWN_CRASHES_H
#define CORRELATION_KNOWN_CRASHES_H
#include <stddef.h>

/* The finding kind when GSL's function fn ("correlation", "spearman", "covariance") is known
 * to crash on n observations, else NULL. */
const char *correlation_known_crash(const char *fn, size_t n);
#endif
