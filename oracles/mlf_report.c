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
  f->unmet = known ? NULL : mlf_known_finding_unmet_row(tag);
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
    char why[600];
    if (f->unmet && mlf_known_finding_unmet(f->unmet, f->tag, why, sizeof why))
      fprintf(out, "  new here: registry row %s (%s) matches the tag, but its needs are not met: %s\n",
              f->unmet->tag, f->unmet->reproducer, why);
  }
  if (run->n_raised > run->n_findings)
    fprintf(out, "(%zu more findings not recorded)\n", run->n_raised - run->n_findings);
}

const char *mlf_run_verdict(const mlf_run *run) {
  return run->n_findings ? run->findings[0].tag : "ok";
}

/* The identities the process's backends noted (mlf_note_backend_identity). */
#define MLF_MAX_NOTED_BACKENDS 24
static struct {
  char name[48];
  char identity[640];
} noted[MLF_MAX_NOTED_BACKENDS];
static size_t n_noted;

void mlf_note_backend_identity(const char *name, const char *identity) {
  size_t i = 0;
  while (i < n_noted && strcmp(noted[i].name, name) != 0) i++;
  if (i == MLF_MAX_NOTED_BACKENDS) {
    fprintf(stderr, "mlf: more than %d backends noted (raise MLF_MAX_NOTED_BACKENDS)\n", MLF_MAX_NOTED_BACKENDS);
    abort();
  }
  if (i == n_noted) n_noted++;
  snprintf(noted[i].name, sizeof noted[i].name, "%s", name);
  snprintf(noted[i].identity, sizeof noted[i].identity, "%s", identity);
  if (getenv("MLF_VERBOSE")) fprintf(stderr, "mlf: backend %s = %s\n", name, identity);
}

/* The identity noted for the backend named by the len characters at name, or NULL. */
static const char *noted_identity(const char *name, size_t len) {
  for (size_t i = 0; i < n_noted; i++)
    if (strlen(noted[i].name) == len && strncmp(noted[i].name, name, len) == 0) return noted[i].identity;
  return NULL;
}

/* 1 when identity contains one of the '|'-separated texts (a substring each). */
static int contains_one_of(const char *identity, const char *texts) {
  for (const char *t = texts;; t++) {
    size_t n = strcspn(t, "|");
    if (memmem(identity, strlen(identity), t, n)) return 1;
    t += n;
    if (!*t) return 0;
  }
}

int mlf_known_finding_unmet(const mlf_known_finding *k, const char *tag, char *why, size_t len) {
  const char *needs = k->requires;
  if (!needs || strcmp(needs, "-") == 0) return 0;
  size_t needs_backend = strcspn(needs, " ");
  /* the tag's backend: mlf:<target>:<backend>:... */
  const char *name = strchr(tag, ':');
  name = name ? strchr(name + 1, ':') : NULL;
  size_t name_len = name ? strcspn(++name, ":") : 0;
  const char *identity = name ? noted_identity(name, name_len) : NULL;
  if (!identity) name = needs, name_len = needs_backend, identity = noted_identity(name, name_len);
  if (!identity) return 0;
  const char *texts = needs[needs_backend] ? needs + needs_backend + 1 : "";
  int negated = *texts == '!';
  if (contains_one_of(identity, texts + negated) != negated) return 0;
  if (why)
    snprintf(why, len, "%.*s here is '%s', %s ('%s')", (int)name_len, name, identity,
             negated ? "which the row excludes" : "not what the row needs", needs);
  return 1;
}

/* The first row whose pattern matches tag and whose needs hold here (unmet 0) or fail (1). */
static const mlf_known_finding *first_row(const char *tag, int unmet) {
  for (size_t i = 0; i < mlf_known_findings_count; i++) {
    const mlf_known_finding *k = &mlf_known_findings[i];
    if (fnmatch(k->tag, tag, 0) == 0 && mlf_known_finding_unmet(k, tag, NULL, 0) == unmet) return k;
  }
  return NULL;
}

const mlf_known_finding *mlf_known_finding_lookup(const char *tag) { return first_row(tag, 0); }
const mlf_known_finding *mlf_known_finding_unmet_row(const char *tag) { return first_row(tag, 1); }

int mlf_known_finding_applies(const char *tag) {
  return mlf_known_finding_lookup(tag) || !mlf_known_finding_unmet_row(tag);
}

static const char *crash_note;
void mlf_set_crash_note(const char *note) { crash_note = note; }
const char *mlf_crash_note(void) { return crash_note; }
