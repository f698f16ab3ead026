/* Generated reproducers of the gsl_statistics target (gsl_emit.h): for a finding whose function
 * breaks the reference check on the message's data, a program that makes that one GSL call on
 * the same values (at stride 1, as the reference check does) and compares it with the
 * reference's expectation, computed here: the exact statistic of the manual's formula and the
 * error bound proven for GSL's algorithm (statistics_reference.h). Findings only a relation or
 * the domain fuzzing shows have hand-written programs (harnesses/gsl/reproducers/). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "gsl_emit.h"
#include "mlf_common.pb-c.h"
#include "statistics_order.h"
#include "statistics_problem.h"
#include "statistics_reference.h"

/* What a call needs declared before it. */
enum {
  USES_W = 1,        /* the weights w */
  USES_SORTED = 2,   /* the data sorted ascending, as "sorted" (instead of x) */
  WRITABLE_X = 4,    /* x without const (select and median reorder it) */
  USES_MU = 8,       /* the fixed mean mu */
  USES_F = 16,       /* the quantile fraction f */
  USES_TRIM = 32,    /* the trimming fraction trim */
  USES_K = 64,       /* the select rank k */
  USES_SN_WORK = 128, /* work[n] */
  USES_QN_WORK = 256  /* work[3n], iwork[5n] */
};

/* The call of each quantity as the harness makes it (statistics_call.c): the _m and _m_sd
 * forms at GSL's own mean and sd; before, a statement where the call is not one expression. */
static const struct {
  const char *before, *call;
  unsigned uses;
} calls[SQ_COUNT] = {
    [SQ_MEAN] = {NULL, "gsl_stats_mean(x, 1, n)", 0},
    [SQ_VARIANCE] = {NULL, "gsl_stats_variance(x, 1, n)", 0},
    [SQ_VARIANCE_M] = {NULL, "gsl_stats_variance_m(x, 1, n, gsl_stats_mean(x, 1, n))", 0},
    [SQ_SD] = {NULL, "gsl_stats_sd(x, 1, n)", 0},
    [SQ_SD_M] = {NULL, "gsl_stats_sd_m(x, 1, n, gsl_stats_mean(x, 1, n))", 0},
    [SQ_VARIANCE_FIXED] = {NULL, "gsl_stats_variance_with_fixed_mean(x, 1, n, mu)", USES_MU},
    [SQ_SD_FIXED] = {NULL, "gsl_stats_sd_with_fixed_mean(x, 1, n, mu)", USES_MU},
    [SQ_TSS] = {NULL, "gsl_stats_tss(x, 1, n)", 0},
    [SQ_TSS_M] = {NULL, "gsl_stats_tss_m(x, 1, n, gsl_stats_mean(x, 1, n))", 0},
    [SQ_ABSDEV] = {NULL, "gsl_stats_absdev(x, 1, n)", 0},
    [SQ_ABSDEV_M] = {NULL, "gsl_stats_absdev_m(x, 1, n, gsl_stats_mean(x, 1, n))", 0},
    [SQ_SKEW] = {NULL, "gsl_stats_skew(x, 1, n)", 0},
    [SQ_SKEW_M_SD] = {NULL, "gsl_stats_skew_m_sd(x, 1, n, gsl_stats_mean(x, 1, n), gsl_stats_sd(x, 1, n))", 0},
    [SQ_KURTOSIS] = {NULL, "gsl_stats_kurtosis(x, 1, n)", 0},
    [SQ_KURTOSIS_M_SD] = {NULL, "gsl_stats_kurtosis_m_sd(x, 1, n, gsl_stats_mean(x, 1, n), gsl_stats_sd(x, 1, n))", 0},
    [SQ_LAG1] = {NULL, "gsl_stats_lag1_autocorrelation(x, 1, n)", 0},
    [SQ_LAG1_M] = {NULL, "gsl_stats_lag1_autocorrelation_m(x, 1, n, gsl_stats_mean(x, 1, n))", 0},
    [SQ_WMEAN] = {NULL, "gsl_stats_wmean(w, 1, x, 1, n)", USES_W},
    [SQ_WVARIANCE] = {NULL, "gsl_stats_wvariance(w, 1, x, 1, n)", USES_W},
    [SQ_WVARIANCE_M] = {NULL, "gsl_stats_wvariance_m(w, 1, x, 1, n, gsl_stats_wmean(w, 1, x, 1, n))", USES_W},
    [SQ_WSD] = {NULL, "gsl_stats_wsd(w, 1, x, 1, n)", USES_W},
    [SQ_WSD_M] = {NULL, "gsl_stats_wsd_m(w, 1, x, 1, n, gsl_stats_wmean(w, 1, x, 1, n))", USES_W},
    [SQ_WVARIANCE_FIXED] = {NULL, "gsl_stats_wvariance_with_fixed_mean(w, 1, x, 1, n, mu)", USES_W | USES_MU},
    [SQ_WSD_FIXED] = {NULL, "gsl_stats_wsd_with_fixed_mean(w, 1, x, 1, n, mu)", USES_W | USES_MU},
    [SQ_WTSS] = {NULL, "gsl_stats_wtss(w, 1, x, 1, n)", USES_W},
    [SQ_WTSS_M] = {NULL, "gsl_stats_wtss_m(w, 1, x, 1, n, gsl_stats_wmean(w, 1, x, 1, n))", USES_W},
    [SQ_WABSDEV] = {NULL, "gsl_stats_wabsdev(w, 1, x, 1, n)", USES_W},
    [SQ_WABSDEV_M] = {NULL, "gsl_stats_wabsdev_m(w, 1, x, 1, n, gsl_stats_wmean(w, 1, x, 1, n))", USES_W},
    [SQ_WSKEW] = {NULL, "gsl_stats_wskew(w, 1, x, 1, n)", USES_W},
    [SQ_WSKEW_M_SD] = {NULL, "gsl_stats_wskew_m_sd(w, 1, x, 1, n, gsl_stats_wmean(w, 1, x, 1, n), gsl_stats_wsd(w, 1, x, 1, n))", USES_W},
    [SQ_WKURTOSIS] = {NULL, "gsl_stats_wkurtosis(w, 1, x, 1, n)", USES_W},
    [SQ_WKURTOSIS_M_SD] = {NULL, "gsl_stats_wkurtosis_m_sd(w, 1, x, 1, n, gsl_stats_wmean(w, 1, x, 1, n), gsl_stats_wsd(w, 1, x, 1, n))", USES_W},
    [SQ_MAX] = {NULL, "gsl_stats_max(x, 1, n)", 0},
    [SQ_MIN] = {NULL, "gsl_stats_min(x, 1, n)", 0},
    [SQ_MINMAX_MIN] = {"double lo, hi;\n  gsl_stats_minmax(&lo, &hi, x, 1, n);", "lo", 0},
    [SQ_MINMAX_MAX] = {"double lo, hi;\n  gsl_stats_minmax(&lo, &hi, x, 1, n);", "hi", 0},
    [SQ_MAX_INDEX] = {NULL, "(double)gsl_stats_max_index(x, 1, n)", 0},
    [SQ_MIN_INDEX] = {NULL, "(double)gsl_stats_min_index(x, 1, n)", 0},
    [SQ_MINMAX_INDEX_MIN] = {"size_t lo, hi;\n  gsl_stats_minmax_index(&lo, &hi, x, 1, n);", "(double)lo", 0},
    [SQ_MINMAX_INDEX_MAX] = {"size_t lo, hi;\n  gsl_stats_minmax_index(&lo, &hi, x, 1, n);", "(double)hi", 0},
    [SQ_MEDIAN_SORTED] = {NULL, "gsl_stats_median_from_sorted_data(sorted, 1, n)", USES_SORTED},
    [SQ_QUANTILE] = {NULL, "gsl_stats_quantile_from_sorted_data(sorted, 1, n, f)", USES_SORTED | USES_F},
    [SQ_MEDIAN] = {NULL, "gsl_stats_median(x, 1, n)", WRITABLE_X},
    [SQ_SELECT] = {NULL, "gsl_stats_select(x, 1, n, k)", WRITABLE_X | USES_K},
    [SQ_TRMEAN] = {NULL, "gsl_stats_trmean_from_sorted_data(trim, sorted, 1, n)", USES_SORTED | USES_TRIM},
    [SQ_GASTWIRTH] = {NULL, "gsl_stats_gastwirth_from_sorted_data(sorted, 1, n)", USES_SORTED},
    [SQ_SN0] = {NULL, "gsl_stats_Sn0_from_sorted_data(sorted, 1, n, work)", USES_SORTED | USES_SN_WORK},
    [SQ_SN] = {NULL, "gsl_stats_Sn_from_sorted_data(sorted, 1, n, work)", USES_SORTED | USES_SN_WORK},
    [SQ_QN0] = {NULL, "gsl_stats_Qn0_from_sorted_data(sorted, 1, n, work, iwork)", USES_SORTED | USES_QN_WORK},
    [SQ_QN] = {NULL, "gsl_stats_Qn_from_sorted_data(sorted, 1, n, work, iwork)", USES_SORTED | USES_QN_WORK},
};

/* The tag's function part (mlf:gsl_statistics:<function>:<relation>:<kind>) into name. */
static int tag_function(const char *tag, char *name, size_t len) {
  const char *start = tag + strlen("mlf:gsl_statistics:"), *end = strchr(start, ':');
  if (!end || (size_t)(end - start) >= len) return -1;
  memcpy(name, start, (size_t)(end - start));
  name[end - start] = '\0';
  return 0;
}

/* The data, parameters and workspaces the call of q uses, as declarations. */
static void emit_inputs(FILE *out, statistics_q q, const statistics_problem *p) {
  unsigned uses = calls[q].uses;
  if (uses & USES_SORTED) {
    double *sorted = malloc((p->n ? p->n : 1) * sizeof *sorted);
    if (!sorted) abort();
    memcpy(sorted, p->x, p->n * sizeof *sorted);
    statistics_sort(sorted, p->n);
    fputs("/* The data, sorted ascending. */\n", out);
    gsl_emit_doubles(out, "sorted", sorted, p->n, 0);
    free(sorted);
  } else {
    gsl_emit_doubles(out, "x", p->x, p->n, (uses & WRITABLE_X) != 0);
  }
  if (uses & USES_W) gsl_emit_doubles(out, "w", p->w, p->n, 0);
  if (uses & USES_SN_WORK) fprintf(out, "static double work[%zu];\n", p->n);
  if (uses & USES_QN_WORK) fprintf(out, "static double work[%zu];\nstatic int iwork[%zu];\n", 3 * p->n, 5 * p->n);
  fprintf(out, "\nint main(void) {\n  const size_t n = %zu;\n", p->n);
  if (uses & USES_MU) fprintf(out, "  const double mu = %a;\n", p->mu);
  if (uses & USES_F) fprintf(out, "  const double f = %a;\n", p->f);
  if (uses & USES_TRIM) fprintf(out, "  const double trim = %a;\n", p->trim);
  if (uses & USES_K) fprintf(out, "  const size_t k = %zu;\n", p->k);
}

/* The quantity named function (as in tags: any case) whose result on p breaks its expectation (SQ_COUNT: none);
 * its expectation in *e. */
static statistics_q failing_quantity(const char *function, const statistics_problem *p,
                                     mlf_expect *e) {
  static statistics_values v;
  static statistics_expected ex;
  statistics_evaluate(p, 1, STATISTICS_ALL, &v);
  statistics_expect(p, &v, &ex);
  for (statistics_q q = 0; q < SQ_COUNT; q++) {
    if (strcasecmp(statistics_q_name(q), function) != 0 || statistics_within(&ex, q, v.v[q])) continue;
    *e = ex.e[q];
    if (ex.by_value[q]) e->bound = 0, e->overflow_possible = 0;
    return q;
  }
  return SQ_COUNT;
}

int statistics_emit(const ProtobufCMessage *msg, const char *tag, FILE *out) {
  char function[64];
  statistics_problem p;
  if (tag_function(tag, function, sizeof function) != 0 ||
      statistics_problem_from_case((const Mlf__SeriesCase *)msg, &p) != 0)
    return -1;
  mlf_expect e;
  statistics_q q = p.n ? failing_quantity(function, &p, &e) : SQ_COUNT;
  if (q == SQ_COUNT) {
    statistics_problem_free(&p);
    return -1;
  }
  char what[256];
  snprintf(what, sizeof what,
           "gsl_stats_%s on the %zu value%s below against the exact statistic of the manual's\n"
           " * formula, within the error bound proven for GSL's algorithm (mlfuzz's reference).",
           statistics_q_name(q), p.n, p.n == 1 ? "" : "s");
  gsl_emit_head(out, tag, what, "gsl/gsl_statistics_double.h");
  emit_inputs(out, q, &p);
  fputs("  int wrong = 0;\n  printf(\"GSL %s\\n\", gsl_version);\n", out);
  if (calls[q].before) fprintf(out, "  %s\n", calls[q].before);
  gsl_emit_check(out, calls[q].call, calls[q].call, &e);
  fputs("  return wrong;\n}\n", out);
  statistics_problem_free(&p);
  return 0;
}
