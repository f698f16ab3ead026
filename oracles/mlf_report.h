/* One run of one input: what each backend returned (a log kept for the report) and the
 * findings the oracles raised. Known findings (each family's harnesses/<family>/known_findings.tsv) are marked as such;
 * a run fails when it has a finding that is not known, or any finding with MLF_REPORT_KNOWN=1. */
#ifndef MLF_REPORT_H
#define MLF_REPORT_H
#include <stddef.h>
#include <stdio.h>

#define MLF_MAX_FINDINGS 8
#define MLF_TAG_MAX 160

typedef struct {
  char tag[MLF_TAG_MAX];
  char detail[480];
  const char *known_explanation; /* NULL when the tag is not in the known-findings registry */
} mlf_finding_record;

typedef struct mlf_run {
  char log[6144];
  size_t log_len;
  mlf_finding_record findings[MLF_MAX_FINDINGS];
  size_t n_findings;   /* recorded (at most MLF_MAX_FINDINGS kept, the first ones) */
  size_t n_raised;     /* raised, including those past the cap */
  size_t n_unknown_dropped; /* raised past the cap and not in the known-findings registry */
} mlf_run;

void mlf_run_reset(mlf_run *run);
/* A line of what a backend returned; printed only in a report or a replay. */
void mlf_log(mlf_run *run, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Raises a finding; the same tag twice in one run is recorded once. */
void mlf_finding(mlf_run *run, const char *tag, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* 1 when MLF_REPORT_KNOWN is set: known findings stop the fuzzer like new ones. */
int mlf_report_known(void);
/* A line the harness's crash report prints after the input (NULL: none), for what the input
 * alone does not show, e.g. which mutant of a model file a loader was reading; the caller
 * keeps the text alive while it is set. */
void mlf_set_crash_note(const char *note);
const char *mlf_crash_note(void);
/* 1 when the run must stop the fuzzer: a finding that is new (recorded, or dropped past the
 * cap), or any recorded one with MLF_REPORT_KNOWN=1. */
int mlf_run_failed(const mlf_run *run);
/* Writes the findings and the log; the caller prints the message text before it. */
void mlf_run_print(FILE *out, const mlf_run *run);
/* The first finding's tag, or "ok": the verdict of a replay. */
const char *mlf_run_verdict(const mlf_run *run);

typedef struct {
  const char *tag;         /* a tag, or a shell pattern (fnmatch) covering several */
  const char *reproducer;  /* path in the source tree */
  const char *requires;    /* "-", or "<backend> <text>|<text>..." in its identity (or
                            * "<backend> !<text>|...": none of them) to reproduce for real
                            * (scripts/registry-needs.sh) */
  const char *status;      /* upstream status, or "implementation-defined" */
  const char *explanation;
} mlf_known_finding;
const mlf_known_finding *mlf_known_finding_lookup(const char *tag);
extern const mlf_known_finding mlf_known_findings[];
extern const size_t mlf_known_findings_count;
#endif
