/* Label expansion and threshold suggestion (keeper_repair.h). */
#include <linear.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "keeper_repair.h"
#include "keeper_wordnet.h"
#include "ocr_text.h"

#define MAX_TRIALS 512
#define MAX_CANDIDATES 64

void keeper_rerun(const keeper_subject *s, const keeper_trial *t, size_t n, double timeout_s, keeper_trial *out) {
  for (size_t i = 0; i < n; i++) {
    out[i] = t[i];
    int has_output = t[i].r.status == KEEPER_RAN || t[i].r.stage == KEEPER_STAGE_SUBJECT;
    if (has_output) keeper_exec_subject(s, t[i].r.api_text, t[i].r.confidence, timeout_s, &out[i].r);
  }
}

/* Recall and F1 of branch b: inputs made for b's clauses that take b, over those inputs and
 * over every input taking b. */
static void branch_scores(const keeper_subject *s, int b, const keeper_trial *t, size_t n, double *recall, double *f1) {
  size_t expected = 0, hits = 0, taken = 0;
  for (size_t i = 0; i < n; i++) {
    if (t[i].clause < 0) continue;
    int takes_b = t[i].r.status == KEEPER_RAN && t[i].r.outcome == b;
    taken += (size_t)takes_b;
    if (s->clauses[t[i].clause].outcome != b) continue;
    if (t[i].r.status != KEEPER_RAN && t[i].r.stage != KEEPER_STAGE_SUBJECT) continue;
    expected++, hits += (size_t)takes_b;
  }
  *recall = expected ? (double)hits / (double)expected : 0;
  double precision = taken ? (double)hits / (double)taken : 0;
  *f1 = *recall + precision > 0 ? 2 * precision * *recall / (precision + *recall) : 0;
}

int keeper_repair_fixed(const keeper_subject *s, int clause, const keeper_verdict *before, const keeper_verdict *after) {
  if (after->clauses[clause].failure != KEEPER_FAIL_NONE) return 0;
  for (size_t k = 0; k < s->n_clauses; k++)
    if (before->clauses[k].failure == KEEPER_FAIL_NONE && after->clauses[k].failure != KEEPER_FAIL_NONE) return 0;
  return 1;
}

static int in_list(const char *w, char list[][2 * KEEPER_WORD_MAX], size_t n) {
  for (size_t i = 0; i < n; i++)
    if (!strcmp(w, list[i])) return 1;
  return 0;
}

/* The words (and whole trimmed transcripts, for subjects comparing whole texts) the API
 * returned for the clause's failing inputs that WordNet relates to an original label. */
static size_t label_candidates(const keeper_subject *s, int clause, const keeper_trial *t, size_t n,
                               char out[][2 * KEEPER_WORD_MAX], keeper_label_repair *r) {
  const keeper_labels *labels = s->clauses[clause].labels;
  size_t count = 0;
  char seen[MAX_CANDIDATES][2 * KEEPER_WORD_MAX];
  size_t n_seen = 0;
  for (size_t i = 0; i < n; i++) {
    if (t[i].clause != clause || t[i].r.status != KEEPER_RAN || keeper_trial_hit(s, &t[i])) continue;
    char words[9][KEEPER_WORD_MAX] = {{0}};
    size_t nw = keeper_split_words(t[i].r.api_text, words, 8);
    char whole[2 * KEEPER_WORD_MAX] = "";
    for (size_t w = 0; w < nw; w++) {
      size_t len = strlen(whole);
      snprintf(whole + len, sizeof whole - len, "%s%s", w ? " " : "", words[w]);
    }
    if (nw > 1) memcpy(words[nw++], whole, KEEPER_WORD_MAX - 1), words[nw - 1][KEEPER_WORD_MAX - 1] = 0;
    for (size_t w = 0; w < nw; w++) {
      if (in_list(words[w], seen, n_seen) || n_seen == MAX_CANDIDATES) continue;
      snprintf(seen[n_seen++], sizeof seen[0], "%s", words[w]);
      r->candidates++;
      int related = 0;
      for (size_t l = 0; l < labels->n && !related; l++) related = keeper_wordnet_related(labels->words[l], words[w]);
      if (!related) {
        r->rejected_by_wordnet++;
        continue;
      }
      snprintf(out[count++], sizeof out[0], "%s", words[w]);
    }
  }
  return count;
}

void keeper_repair_labels(const keeper_subject *s, int clause, const keeper_trial *t, size_t n, double alpha,
                          double timeout_s, keeper_label_repair *out) {
  memset(out, 0, sizeof *out);
  keeper_labels *labels = s->clauses[clause].labels;
  keeper_verdict before, after;
  keeper_judge(s, t, n, alpha, &before);
  if (!labels || before.clauses[clause].failure == KEEPER_FAIL_NONE || n > MAX_TRIALS) return;
  out->attempted = 1;
  static char candidates[MAX_CANDIDATES][2 * KEEPER_WORD_MAX];
  size_t n_candidates = label_candidates(s, clause, t, n, candidates, out);
  int b = s->clauses[clause].outcome;
  static keeper_trial current[MAX_TRIALS], trial_run[MAX_TRIALS], best_run[MAX_TRIALS];
  memcpy(current, t, n * sizeof *t);
  branch_scores(s, b, current, n, &out->recall_before, &out->f1_before);
  size_t original_n = labels->n;
  int used[MAX_CANDIDATES] = {0};
  double recall = out->recall_before, f1 = out->f1_before;
  keeper_judge(s, current, n, alpha, &after);
  while (after.clauses[clause].recall < alpha && labels->n < KEEPER_MAX_LABELS) {
    int best = -1;
    double best_recall = recall, best_f1 = f1;
    for (size_t c = 0; c < n_candidates; c++) {
      if (used[c]) continue;
      labels->words[labels->n++] = candidates[c];
      keeper_rerun(s, t, n, timeout_s, trial_run);
      labels->n--;
      double r, f;
      branch_scores(s, b, trial_run, n, &r, &f);
      if (r > best_recall && f >= f1) {
        best = (int)c, best_recall = r, best_f1 = f;
        memcpy(best_run, trial_run, n * sizeof *trial_run);
      }
    }
    if (best < 0) break;
    used[best] = 1;
    labels->words[labels->n++] = candidates[best];
    snprintf(out->added[out->n_added++], sizeof out->added[0], "%s", candidates[best]);
    recall = best_recall, f1 = best_f1;
    memcpy(current, best_run, n * sizeof *best_run); /* the subject's runs with that label added */
    keeper_judge(s, current, n, alpha, &after);
  }
  out->recall_after = recall, out->f1_after = f1;
  out->fixes = out->n_added && keeper_repair_fixed(s, clause, &before, &after);
  labels->n = original_n; /* the suggestion is reported, the subject left as it was */
}

static void quiet(const char *msg) { (void)msg; }

int keeper_logistic_threshold(const double *confidence, const int *correct, size_t n, double *threshold, const char **why) {
  size_t positives = 0;
  for (size_t i = 0; i < n; i++) positives += (size_t)(correct[i] != 0);
  if (positives == 0 || positives == n) return *why = "the API read every input right, or none", -1;
  struct feature_node *nodes = calloc(n * 3, sizeof *nodes);
  struct feature_node **x = calloc(n, sizeof *x);
  double *y = calloc(n, sizeof *y);
  for (size_t i = 0; i < n; i++) {
    nodes[3 * i] = (struct feature_node){1, confidence[i]};
    nodes[3 * i + 1] = (struct feature_node){2, 1.0}; /* the intercept, as a feature */
    nodes[3 * i + 2] = (struct feature_node){-1, 0};
    x[i] = &nodes[3 * i], y[i] = correct[i] ? 1 : -1;
  }
  /* C = 100: confidences lie in [0, 1], so a weak penalty lets the slope grow to separate
   * clusters a tenth apart; the intercept is the second feature (bias -1) and is penalised
   * alike. */
  struct problem prob = {.l = (int)n, .n = 2, .y = y, .x = x, .bias = -1};
  struct parameter param = {.solver_type = L2R_LR, .eps = 0.001, .C = 100};
  set_print_string_function(quiet);
  int rc = -1;
  const char *bad = check_parameter(&prob, &param);
  if (bad) {
    *why = bad;
  } else {
    struct model *m = train(&prob, &param);
    int labels[2];
    get_labels(m, labels);
    /* LIBLINEAR's decision value is for labels[0]; turn it into the one for "correct". */
    double sign = labels[0] == 1 ? 1 : -1;
    double w = sign * get_decfun_coef(m, 1, 0), b = sign * get_decfun_coef(m, 2, 0);
    if (w <= 0) {
      *why = "P(correct) does not rise with confidence";
    } else {
      *threshold = -b / w, rc = 0;
    }
    free_and_destroy_model(&m);
  }
  free(nodes), free(x), free(y);
  return rc;
}

static int read_right(const keeper_subject *s, const keeper_trial *t) {
  return s->medium == KEEPER_OCR ? ocr_text_reads_right(t->r.api_text, t->text) : !strcmp(t->r.api_text, t->text);
}

void keeper_repair_threshold(const keeper_subject *s, const keeper_trial *t, size_t n, double alpha, double timeout_s,
                             keeper_threshold_repair *out) {
  memset(out, 0, sizeof *out);
  keeper_verdict before, after;
  keeper_judge(s, t, n, alpha, &before);
  int failing = -1;
  for (size_t k = 0; k < s->n_clauses; k++)
    if (before.clauses[k].failure != KEEPER_FAIL_NONE && failing < 0) failing = (int)k;
  if (!s->threshold || failing < 0 || n > MAX_TRIALS) return;
  out->attempted = 1, out->clause = failing, out->before = *s->threshold;
  static double confidence[MAX_TRIALS];
  static int correct[MAX_TRIALS];
  for (size_t i = 0; i < n; i++) {
    if (t[i].clause < 0 || t[i].r.status != KEEPER_RAN || t[i].r.confidence < 0) continue;
    confidence[out->pairs] = t[i].r.confidence;
    correct[out->pairs] = read_right(s, &t[i]);
    out->correct += (size_t)correct[out->pairs++];
  }
  double suggestion;
  if (keeper_logistic_threshold(confidence, correct, out->pairs, &suggestion, &out->why_not) < 0) return;
  out->suggested = 1, out->after = suggestion;
  static keeper_trial rerun[MAX_TRIALS];
  *s->threshold = suggestion;
  keeper_rerun(s, t, n, timeout_s, rerun);
  *s->threshold = out->before;
  keeper_judge(s, rerun, n, alpha, &after);
  out->fixes = keeper_repair_fixed(s, failing, &before, &after);
}
