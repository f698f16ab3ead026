/* Collects one run's backend log and findings, and prints them for a person. */
#include "mlf_report.h"
#include <fnmatch.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void mlf_run_reset(mlf_run *run) {
  run->log_len = 0;
  run->log[0] = '\0';
  run->n_findings = 0;
  run->n_raised = 0;
  run->n_unknown_dropped = 0;
}

void mlf_log(mlf_run *run, const char *fmt, ...) {
  size_t room = sizeof run->log - run->log_len;
  if (room < 2) return;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(run->log + run->log_len, room - 1, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  run->log_len += (size_t)n < room - 1 ? (size_t)n : room - 2;
  run->log[run->log_len++] = '\n';
  run->log[run->log_len] = '\0';
}

void mlf_finding(mlf_run *run, const char *tag, const char *fmt, ...) {
  for (size_t i = 0; i < run->n_findings; i++)
    if (strcmp(run->findings[i].tag, tag) == 0) return;
  run->n_raised++;
  if (run->n_findings == MLF_MAX_FINDINGS) {
    if (!mlf_known_finding_lookup(tag)) run->n_unknown_dropped++;
    return;
  }
  mlf_finding_record *f = &run->findings[run->n_findings++];
  snprintf(f->tag, sizeof f->tag, "%s", tag);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(f->detail, sizeof f->detail, fmt, ap);
  va_end(ap);
  const mlf_known_finding *known = mlf_known_finding_lookup(tag);
  f->known_explanation = known ? known->explanation : NULL;
}

int mlf_report_known(void) {
  static int report_known = -1;
  if (report_known < 0) {
    const char *e = getenv("MLF_REPORT_KNOWN");
    report_known = e && *e && strcmp(e, "0") != 0;
  }
  return report_known;
}

int mlf_run_failed(const mlf_run *run) {
  for (size_t i = 0; i < run->n_findings; i++)
    if (!run->findings[i].known_explanation || mlf_report_known()) return 1;
  return run->n_unknown_dropped > 0;
}

void mlf_run_print(FILE *out, const mlf_run *run) {
  fputs("--- backends ---\n", out);
  fputs(run->log, out);
  fputs("--- findings ---\n", out);
  if (run->n_findings == 0) fputs("none\n", out);
  for (size_t i = 0; i < run->n_findings; i++) {
    const mlf_finding_record *f = &run->findings[i];
    fprintf(out, "finding %s\n  %s\n", f->tag, f->detail);
    if (f->known_explanation) fprintf(out, "  known: %s\n", f->known_explanation);
  }
  if (run->n_raised > run->n_findings)
    fprintf(out, "(%zu more findings not recorded)\n", run->n_raised - run->n_findings);
}

const char *mlf_run_verdict(const mlf_run *run) {
  return run->n_findings ? run->findings[0].tag : "ok";
}

const mlf_known_finding *mlf_known_finding_lookup(const char *tag) {
  for (size_t i = 0; i < mlf_known_findings_count; i++)
    if (fnmatch(mlf_known_findings[i].tag, tag, 0) == 0) return &mlf_known_findings[i];
  return NULL;
}

static const char *crash_note;
void mlf_set_crash_note(const char *note) { crash_note = note; }
const char *mlf_crash_note(void) { return crash_note; }
