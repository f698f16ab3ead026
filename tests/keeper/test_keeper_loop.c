/* The Keeper loop (bench/keeper/) on the real libraries: it finds the planted defect of one
 * OCR subject (an incomplete label: accuracy failure), one speech subject (a wrong-case label:
 * dead code) and one crashing subject (an empty result indexed), with two inputs per clause;
 * the subject table is consistent, and each speech subject has a grammar of its own that
 * holds every text its clauses speak; and the repairs behave on a synthetic subject: WordNet
 * admits a synonym and rejects an unrelated word, the label expansion adds the synonym only
 * and fixes the clause, the logistic threshold lands between two separable confidence
 * clusters and fixes a threshold set too high. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "keeper_campaign.h"
#include "keeper_wordnet.h"
#include "speech_grammar.h"

static keeper_campaign campaign;

static int setup(void **state) {
  (void)state;
  const char *why = NULL;
  if (keeper_exec_init(&why) < 0 || keeper_wordnet_init() < 0) return -1;
  return 0;
}

static void test_subject_table(void **state) {
  (void)state;
  size_t ocr = 0, defects = 0;
  assert_true(keeper_n_subjects >= 20);
  for (size_t i = 0; i < keeper_n_subjects; i++) {
    const keeper_subject *s = &keeper_subjects[i];
    ocr += s->medium == KEEPER_OCR;
    assert_true(s->n_outcomes >= 2 && s->n_outcomes <= KEEPER_MAX_OUTCOMES);
    assert_true(s->n_clauses >= 2 && s->n_clauses <= KEEPER_MAX_CLAUSES);
    for (size_t k = 0; k < s->n_clauses; k++) {
      const keeper_clause *c = &s->clauses[k];
      assert_non_null(c->texts[0]);
      assert_true(c->outcome == KEEPER_ANY_OUTCOME || (c->outcome >= 0 && (size_t)c->outcome < s->n_outcomes));
      assert_true((c->defect == KEEPER_DEFECT_NONE) == (c->expected == KEEPER_FAIL_NONE));
      defects += c->defect != KEEPER_DEFECT_NONE;
    }
  }
  assert_true(ocr * 2 >= keeper_n_subjects - 2 && ocr * 2 <= keeper_n_subjects + 2); /* about half each */
  assert_true(defects >= keeper_n_subjects - 2);
}

/* The grammar named after subject s (speech_grammar.c), or NULL. */
static const speech_grammar *grammar_of(const keeper_subject *s) {
  for (int g = SPEECH_N_SHARED_GRAMMARS + 1; g <= SPEECH_N_GRAMMARS; g++)
    if (!strcmp(speech_grammar_get(g)->name, s->name)) return speech_grammar_get(g);
  return NULL;
}

static void test_speech_subject_grammars(void **state) {
  (void)state;
  size_t speech = 0;
  for (size_t i = 0; i < keeper_n_subjects; i++) {
    const keeper_subject *s = &keeper_subjects[i];
    if (s->medium != KEEPER_SPEECH) continue;
    speech++;
    const speech_grammar *g = grammar_of(s);
    assert_non_null(g);
    assert_true(s->engine == SPEECH_LANGUAGE_MODEL || speech_grammar_get(s->engine) == g);
    for (size_t k = 0; k < s->n_clauses; k++)
      for (size_t t = 0; t < KEEPER_MAX_TEXTS && s->clauses[k].texts[t]; t++)
        if (s->clauses[k].texts[t][0] && !speech_grammar_accepts(g, s->clauses[k].texts[t]))
          fail_msg("%s: clause text '%s' is not a sentence of its grammar", s->name, s->clauses[k].texts[t]);
  }
  assert_int_equal(speech, SPEECH_N_GRAMMARS - SPEECH_N_SHARED_GRAMMARS); /* one grammar per subject, none spare */
}

static void run_subject(const char *name, size_t n) {
  keeper_options o = keeper_default_options();
  o.n = n;
  const keeper_subject *s = keeper_subject_find(name);
  assert_non_null(s);
  keeper_campaign_run(s, &o, &campaign);
}

static void test_ocr_incomplete_label(void **state) {
  (void)state;
  run_subject("ocr_hazard_sign", 2);
  assert_int_equal(campaign.verdict.clauses[0].failure, KEEPER_FAIL_NONE); /* FIRE reads and alarms */
  assert_int_equal(campaign.verdict.clauses[1].failure, KEEPER_FAIL_ACCURACY); /* FLAME is not a label */
  assert_int_equal(campaign.verdict.found, 1);
}

static void test_speech_wrong_case(void **state) {
  (void)state;
  run_subject("asr_yes_no", 2);
  assert_int_equal(campaign.verdict.clauses[0].failure, KEEPER_FAIL_DEAD_CODE);
  assert_int_equal(campaign.verdict.clauses[1].failure, KEEPER_FAIL_NONE);
  assert_int_equal(campaign.verdict.found, 1);
}

static void test_crash_on_blank_image(void **state) {
  (void)state;
  run_subject("ocr_killfeed", 1);
  assert_int_equal(campaign.verdict.clauses[2].failure, KEEPER_FAIL_CRASH);
  assert_int_equal(campaign.trials[2].r.stage, KEEPER_STAGE_SUBJECT);
  assert_int_equal(campaign.verdict.api_findings, 0);
}

static void test_wordnet_filter(void **state) {
  (void)state;
  assert_true(keeper_wordnet_related("fire", "FLAME"));  /* a shared synset, any case */
  assert_true(keeper_wordnet_related("stop", "halt"));
  assert_true(keeper_wordnet_related("Yes", "yes"));     /* the same lemma */
  assert_true(keeper_wordnet_related("vegetable", "vegetables"));
  assert_false(keeper_wordnet_related("fire", "open"));
  assert_false(keeper_wordnet_related("fire", "floor"));
  assert_false(keeper_wordnet_related("0PEN", "OPEN"));  /* not a word WordNet knows */
}

/* The synthetic subject: alarm when a word is in its label set or the confidence passes its
 * threshold is not needed; one label set and one threshold, each repaired separately. */
static keeper_labels synthetic_labels = {{"fire"}, 1};
static double synthetic_threshold = 0.97;
static const char *synthetic_alarm(const char *api_text, double confidence) {
  char words[8][KEEPER_WORD_MAX] = {{0}};
  size_t n = keeper_split_words(api_text, words, 8);
  (void)confidence;
  for (size_t i = 0; i < n; i++)
    if (keeper_labels_has(&synthetic_labels, words[i], 1)) return "alarm";
  return "ignore";
}
static const char *synthetic_gate(const char *api_text, double confidence) {
  (void)api_text;
  return confidence >= synthetic_threshold ? "accept" : "rescan";
}

/* Trials with the given API outputs for clauses, run through the subject. */
static void make_trials(const keeper_subject *s, const int *clause, const char *const *api, const double *conf,
                        const char *const *texts, size_t n, keeper_trial *t) {
  for (size_t i = 0; i < n; i++) {
    t[i] = (keeper_trial){.clause = clause[i], .text = texts[i]};
    keeper_exec_subject(s, api[i], conf[i], 5, &t[i].r);
    assert_int_equal(t[i].r.status, KEEPER_RAN);
  }
}

static void test_label_expansion(void **state) {
  (void)state;
  const keeper_subject s = {"synthetic_alarm", KEEPER_OCR, KEEPER_TESSERACT, synthetic_alarm, {"alarm", "ignore"}, 2,
                            {{{"FIRE"}, 0, KEEPER_DEFECT_NONE, KEEPER_FAIL_NONE, &synthetic_labels, 0},
                             {{"OPEN FLAME"}, 0, KEEPER_DEFECT_INCOMPLETE_LABEL, KEEPER_FAIL_ACCURACY, &synthetic_labels, 0},
                             {{"OPEN DOOR"}, 1, KEEPER_DEFECT_NONE, KEEPER_FAIL_NONE, NULL, 0}}, 3, NULL, "synthetic"};
  const int clause[] = {0, 0, 1, 1, 1, 2, 2};
  const char *const api[] = {"FIRE\n", "FIRE\n", "OPEN FLAME\n", "OPEN FLAME\n", "OPEN FIAME\n", "OPEN DOOR\n", "OPEN DOOR\n"};
  const char *const texts[] = {"FIRE", "FIRE", "OPEN FLAME", "OPEN FLAME", "OPEN FLAME", "OPEN DOOR", "OPEN DOOR"};
  const double conf[7] = {0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9};
  keeper_trial t[7];
  make_trials(&s, clause, api, conf, texts, 7, t);
  keeper_label_repair r;
  keeper_repair_labels(&s, 1, t, 7, 0.6, 5, &r);
  assert_true(r.attempted);
  assert_int_equal(r.n_added, 1);
  assert_string_equal(r.added[0], "FLAME"); /* "OPEN" and "FIAME" are rejected by WordNet */
  assert_true(r.rejected_by_wordnet >= 2);
  assert_true(r.recall_after > r.recall_before);
  assert_true(r.f1_after >= r.f1_before);
  assert_true(r.fixes); /* 2 of 3 flame inputs now alarm: recall 0.67 >= alpha 0.6, door still ignored */
  assert_int_equal(synthetic_labels.n, 1); /* the subject is left as it was */
}

static void test_logistic_threshold(void **state) {
  (void)state;
  const double conf[] = {0.20, 0.25, 0.30, 0.28, 0.22, 0.80, 0.85, 0.90, 0.88, 0.83};
  const int correct[] = {0, 0, 0, 0, 0, 1, 1, 1, 1, 1};
  double t = -1;
  const char *why = NULL;
  assert_int_equal(keeper_logistic_threshold(conf, correct, 10, &t, &why), 0);
  assert_true(t > 0.30 && t < 0.80);
  const int reversed[] = {1, 1, 1, 1, 1, 0, 0, 0, 0, 0};
  assert_int_equal(keeper_logistic_threshold(conf, reversed, 10, &t, &why), -1);
  const int all[] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
  assert_int_equal(keeper_logistic_threshold(conf, all, 10, &t, &why), -1);

  const keeper_subject s = {"synthetic_gate", KEEPER_OCR, KEEPER_TESSERACT, synthetic_gate, {"accept", "rescan"}, 2,
                            {{{"ACCOUNT 1"}, 0, KEEPER_DEFECT_THRESHOLD, KEEPER_FAIL_DEAD_CODE, NULL, 0},
                             {{"ACCOUNT 1"}, 1, KEEPER_DEFECT_NONE, KEEPER_FAIL_NONE, NULL, 1}}, 2,
                            &synthetic_threshold, "synthetic"};
  const int clause[] = {0, 0, 0, 0, 1, 1, 1, 1};
  const char *const api[] = {"ACCOUNT 1", "ACCOUNT 1", "ACCOUNT 1", "ACCOUNT 1", "AC", "", "ACC0UNT", "A"};
  const char *const texts[8] = {"ACCOUNT 1", "ACCOUNT 1", "ACCOUNT 1", "ACCOUNT 1", "ACCOUNT 1", "ACCOUNT 1", "ACCOUNT 1", "ACCOUNT 1"};
  const double c[] = {0.91, 0.88, 0.93, 0.86, 0.31, 0.20, 0.42, 0.25};
  keeper_trial trials[8];
  make_trials(&s, clause, api, c, texts, 8, trials);
  keeper_threshold_repair r;
  keeper_repair_threshold(&s, trials, 8, 0.75, 5, &r);
  assert_true(r.attempted && r.suggested);
  assert_true(r.after > 0.42 && r.after < 0.86);
  assert_true(r.fixes);
  assert_true(synthetic_threshold == 0.97); /* restored */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_subject_table),       cmocka_unit_test(test_speech_subject_grammars),
      cmocka_unit_test(test_wordnet_filter),
      cmocka_unit_test(test_logistic_threshold),  cmocka_unit_test(test_label_expansion),
      cmocka_unit_test(test_ocr_incomplete_label), cmocka_unit_test(test_speech_wrong_case),
      cmocka_unit_test(test_crash_on_blank_image),
  };
  return cmocka_run_group_tests(tests, setup, NULL);
}
