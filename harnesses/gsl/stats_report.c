/* Finding tags and GSL error capture (see stats_report.h). */
#include "stats_report.h"
#include <gsl/gsl_errno.h>
#include <stdarg.h>
#include <stdio.h>

void stats_raise(mlf_run *run, const char *target, const char *function,
                   const char *relation, const char *kind, const char *fmt, ...) {
  char tag[MLF_TAG_MAX], detail[400];
  snprintf(tag, sizeof tag, "mlf:%s:%s:%s:%s", target, function, relation, kind);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(detail, sizeof detail, fmt, ap);
  va_end(ap);
  mlf_finding(run, tag, "%s", detail);
}

void stats_capture_gsl(void) {
  static int done;
  if (!done) gsl_set_error_handler(mlf_capture_gsl_handler), done = 1;
}

void stats_gsl_begin(void) { mlf_capture_begin("gsl"); }

size_t stats_gsl_end(mlf_error_record *first) { return mlf_capture_end(first); }
