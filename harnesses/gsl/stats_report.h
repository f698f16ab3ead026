/* Findings of the GSL statistics-family targets in this directory (movstat/rstat, fit, fft),
 * tagged mlf:<target>:<function>:<relation>:<kind>, and the calls into GSL wrapped so that
 * errors reported through the GSL error handler are counted, not printed. */
#ifndef STATS_REPORT_H
#define STATS_REPORT_H
#include <stddef.h>
#include "mlf_capture.h"
#include "mlf_report.h"

void stats_raise(mlf_run *run, const char *target, const char *function,
                   const char *relation, const char *kind, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

/* Installs mlf_capture_gsl_handler as GSL's error handler (once). */
void stats_capture_gsl(void);

/* Brackets a GSL call: gsl_end returns how many errors GSL reported since gsl_begin and
 * stores the first one. */
void stats_gsl_begin(void);
size_t stats_gsl_end(mlf_error_record *first);
#endif
