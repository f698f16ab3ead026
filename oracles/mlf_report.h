/* One run of one input: what each backend returned (a log kept for the report) and the
 * findings the oracles raised. Known findings (each family's harnesses/<family>/known_findings.tsv) are marked as such,
 * where their row's needs hold in this process (the identities its backends noted);
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
  const char *known_explanation; /* NULL when the tag is not known here */
  const struct mlf_known_finding *unmet; /* not known: a registry row naming the tag whose needs
                                          * do not hold here (NULL: none), printed as the reason */
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

typedef struct mlf_known_finding {
  const char *tag;         /* a tag, or a shell pattern (fnmatch) covering several */
  const char *reproducer;  /* path in the source tree */
  const char *requires;    /* "-", or "<backend> <text>|<text>..." in its identity (or
                            * "<backend> !<text>|...": none of them) to reproduce for real
                            * (scripts/registry-needs.sh), and for a finding to be this row's
                            * (mlf_known_finding_unmet) */
  const char *status;      /* upstream status, or "implementation-defined" */
  const char *explanation;
} mlf_known_finding;
/* The registry row that makes tag known here: the first whose pattern matches it and whose
 * needs hold (mlf_known_finding_unmet), or NULL. */
const mlf_known_finding *mlf_known_finding_lookup(const char *tag);
/* The first row whose pattern matches tag but whose needs do not hold here, or NULL. */
const mlf_known_finding *mlf_known_finding_unmet_row(const char *tag);
/* 0 when rows name tag but none holds here: a harness's prediction of that tag (a known crash
 * it raises without calling the library) is for kernel sets this process does not run, so the
 * library is called; 1 otherwise (a row holds, or none names the tag). */
int mlf_known_finding_applies(const char *tag);
/* A backend the process loaded notes its identity once, as it proved it at load time (printed
 * as "mlf: backend NAME = IDENTITY" under MLF_VERBOSE, the line scripts/registry-needs.sh
 * reads); the same name again replaces it. Rows' needs are judged against these identities. */
void mlf_note_backend_identity(const char *name, const char *identity);
/* Whether row k's needs fail for a finding tagged tag in this process: 1 with the reason in
 * why (when why is not NULL), else 0. The needs as scripts/registry-needs.sh's needs_unmet reads
 * them (this mirrors it; change both alike): "-" holds; "<backend> <text>|<text>..." holds when
 * the identity contains one of the texts, "<backend> !<text>|..." when it contains none. The
 * identity judged: that of the backend the tag names (its third field) when this process noted
 * it, so a finding is judged by the kernel set its own library ran (openblas-pthread's core, the
 * instrumented HASWELL openblas's); else that of the backend the needs name; when neither was
 * loaded here there is nothing to judge and the row holds: a known bug is not called new
 * because the backend that shows it for the replay is absent (the replay scripts instead skip
 * such a row: they need that backend to reproduce it). */
int mlf_known_finding_unmet(const mlf_known_finding *k, const char *tag, char *why, size_t len);
extern const mlf_known_finding mlf_known_findings[];
extern const size_t mlf_known_findings_count;
#endif
