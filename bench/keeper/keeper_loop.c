/* keeper_loop: the Keeper loop over the evaluation subjects (bench/keeper/subjects/), run by
 * scripts/bench-keeper.sh. Per subject it prints each branch clause's recall and failure, the
 * defect the subject table says the clause carries and whether the failure found it, the
 * branch coverage of Keeper's inputs against random real inputs, the repair suggestions and
 * whether they fix the defect, and the rate of API executions; then one machine-readable
 * "keeper-subject" line, and a "keeper-total" line at the end.
 * Usage: keeper_loop [--n N] [--alpha A] [--seed S] [--timeout SEC] [--random] [--repair]
 *                    [--list] [SUBJECT...]   (no SUBJECT: all of them) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "keeper_campaign.h"
#include "keeper_wordnet.h"
#include "speech_grammar.h"

static const char *const status_names[] = {"ran", "not generated", "API failed", "crashed", "hung"};
static const char *const stage_names[] = {"pseudo-inverse", "API", "subject", "done"};

/* The API text on one line, newlines shown as \n. */
static void print_escaped(const char *text) {
  putchar('"');
  for (const char *p = text; *p; p++) {
    if (*p == '\n') fputs("\\n", stdout);
    else if (*p == '\f') fputs("\\f", stdout);
    else putchar(*p);
  }
  putchar('"');
}

static void print_trial(const keeper_subject *s, const keeper_trial *t) {
  printf("      ");
  print_escaped(t->text);
  printf(" -> API ");
  print_escaped(t->r.api_text);
  printf(" conf %.2f -> ", t->r.confidence);
  if (t->r.status == KEEPER_RAN) printf("%s\n", t->r.outcome >= 0 ? s->outcomes[t->r.outcome] : t->r.outcome_text);
  else printf("%s in the %s stage (signal %d) %s\n", status_names[t->r.status], stage_names[t->r.stage], t->r.signal, t->r.why);
}

static void print_clauses(const keeper_campaign *c, int verbose) {
  const keeper_subject *s = c->subject;
  for (size_t k = 0; k < s->n_clauses; k++) {
    const keeper_clause *clause = &s->clauses[k];
    const keeper_clause_verdict *v = &c->verdict.clauses[k];
    printf("  clause %zu ", k);
    print_escaped(clause->texts[0]);
    printf("%s -> %s: recall %zu/%zu = %.2f", clause->texts[1] ? " ..." : "",
           clause->outcome >= 0 ? s->outcomes[clause->outcome] : "(any, no crash)", v->hits, v->judged, v->recall);
    if (v->not_judged) printf(" (%zu inputs not judged)", v->not_judged);
    printf(", failure %s; defect %s", v->judged ? keeper_failure_name(v->failure) : "unjudged", keeper_defect_name(clause->defect));
    if (clause->defect != KEEPER_DEFECT_NONE)
      printf(" (expects %s: %s)", keeper_failure_name(clause->expected),
             v->failure == clause->expected ? "found" : v->failure != KEEPER_FAIL_NONE ? "found as another failure" : "missed");
    else if (v->failure != KEEPER_FAIL_NONE)
      printf(" (unplanted: an API limitation or a pseudo-inverse miss)");
    putchar('\n');
    for (size_t i = 0; i < c->n_trials; i++)
      if (c->trials[i].clause == (int)k && (verbose || !keeper_trial_hit(s, &c->trials[i]))) print_trial(s, &c->trials[i]);
  }
}

/* How a suggestion fared on the fresh inputs. */
static void print_fresh(const keeper_campaign *c, int clause, int fixes) {
  printf("; on fresh inputs (seed %llu) the clause's recall %.2f -> %.2f: %s\n", (unsigned long long)c->fresh_seed,
         c->fresh_before.clauses[clause].recall, c->fresh_after.clauses[clause].recall, fixes ? "fixed" : "not fixed");
}

static void print_repairs(const keeper_campaign *c, size_t *suggested, size_t *fixing, size_t *fixing_fresh) {
  const keeper_subject *s = c->subject;
  for (size_t k = 0; k < s->n_clauses; k++) {
    const keeper_label_repair *r = &c->labels[k];
    if (!r->attempted) continue;
    printf("  repair labels, clause %zu: ", k);
    if (!r->n_added) {
      printf("no suggestion (%zu candidate words, %zu rejected by WordNet, none raised recall without lowering F1)\n",
             r->candidates, r->rejected_by_wordnet);
      continue;
    }
    (*suggested)++, *fixing += (size_t)r->fixes;
    printf("also check");
    for (size_t i = 0; i < r->n_added; i++) printf(" \"%s\"", r->added[i]);
    printf(" (%zu candidates, %zu rejected by WordNet): branch recall %.2f -> %.2f, F1 %.2f -> %.2f; %s", r->candidates,
           r->rejected_by_wordnet, r->recall_before, r->recall_after, r->f1_before, r->f1_after,
           r->fixes ? "fixes the clause" : "does not fix it");
    *fixing_fresh += (size_t)c->fresh_label_fixes[k];
    print_fresh(c, (int)k, c->fresh_label_fixes[k]);
  }
  const keeper_threshold_repair *t = &c->threshold;
  if (!t->attempted) return;
  printf("  repair threshold: ");
  if (!t->suggested) {
    printf("no suggestion (%zu pairs, %zu read right: %s)\n", t->pairs, t->correct, t->why_not);
    return;
  }
  (*suggested)++, *fixing += (size_t)t->fixes;
  printf("%.3f -> %.3f (logistic regression on %zu pairs, %zu read right); %s", t->before, t->after, t->pairs,
         t->correct, t->fixes ? "fixes the clause" : "does not fix it");
  *fixing_fresh += (size_t)c->fresh_threshold_fixes;
  print_fresh(c, t->clause, c->fresh_threshold_fixes);
}

int main(int argc, char **argv) {
  keeper_options o = keeper_default_options();
  int verbose = 0;
  const char *names[64];
  size_t n_names = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--n") && i + 1 < argc) o.n = strtoul(argv[++i], NULL, 10);
    else if (!strcmp(a, "--alpha") && i + 1 < argc) o.alpha = strtod(argv[++i], NULL);
    else if (!strcmp(a, "--seed") && i + 1 < argc) o.seed = strtoull(argv[++i], NULL, 10);
    else if (!strcmp(a, "--timeout") && i + 1 < argc) o.timeout_s = strtod(argv[++i], NULL);
    else if (!strcmp(a, "--random")) o.random_baseline = 1;
    else if (!strcmp(a, "--repair")) o.repair = 1;
    else if (!strcmp(a, "--verbose")) verbose = 1;
    else if (!strcmp(a, "--list")) {
      for (size_t k = 0; k < keeper_n_subjects; k++) printf("%s\n", keeper_subjects[k].name);
      return 0;
    } else if (a[0] != '-' && n_names < 64 && keeper_subject_find(a)) names[n_names++] = a;
    else {
      fprintf(stderr, "usage: keeper_loop [--n N] [--alpha A] [--seed S] [--timeout SEC] [--random] [--repair] "
                      "[--verbose] [--list] [SUBJECT...]\n(unknown argument or subject: %s)\n", a);
      return 2;
    }
  }
  if (o.n == 0 || o.n > KEEPER_N_MAX) return fprintf(stderr, "keeper_loop: --n must be 1..%d\n", KEEPER_N_MAX), 2;
  const char *why = NULL;
  if (keeper_exec_init(&why) < 0) return fprintf(stderr, "keeper_loop: %s\n", why), 1;
  if (o.repair && keeper_wordnet_init() < 0) return fprintf(stderr, "keeper_loop: WordNet did not open\n"), 1;
  keeper_campaign *c = malloc(sizeof *c);
  size_t total_defects = 0, total_found = 0, total_unplanted = 0, total_suggested = 0, total_fixing = 0, total_fresh = 0;
  size_t branches = 0, keeper_reached = 0, random_reached = 0, executions = 0;
  double seconds = 0;
  for (size_t k = 0; k < keeper_n_subjects; k++) {
    const keeper_subject *s = &keeper_subjects[k];
    int chosen = n_names == 0;
    for (size_t i = 0; i < n_names && !chosen; i++) chosen = !strcmp(names[i], s->name);
    if (!chosen) continue;
    keeper_campaign_run(s, &o, c);
    const keeper_verdict *v = &c->verdict;
    printf("== %s (%s, %s): %s\n", s->name, s->medium == KEEPER_OCR ? "OCR" : "speech",
           s->medium == KEEPER_OCR ? (s->engine == KEEPER_OCRAD ? "ocrad" : "Tesseract")
                                   : (s->engine == SPEECH_LANGUAGE_MODEL ? "PocketSphinx, language model"
                                                                         : speech_grammar_get(s->engine)->name),
           s->intended);
    print_clauses(c, verbose);
    size_t suggested = 0, fixing = 0, fixing_fresh = 0;
    print_repairs(c, &suggested, &fixing, &fixing_fresh);
    size_t kc = keeper_popcount(v->reached), rc = keeper_popcount(c->random_reached);
    double rate = c->exec_seconds > 0 ? (double)c->executions / c->exec_seconds : 0;
    printf("keeper-subject %s medium=%s branches=%zu keeper_coverage=%zu/%zu", s->name,
           s->medium == KEEPER_OCR ? "ocr" : "speech", s->n_outcomes, kc, s->n_outcomes);
    if (o.random_baseline) printf(" random_coverage=%zu/%zu", rc, s->n_outcomes);
    printf(" defects=%zu found=%zu found_as_other=%zu unplanted_failures=%zu api_findings=%zu", v->defects, v->found,
           v->found_as_other, v->unplanted, v->api_findings);
    if (o.repair)
      printf(" repairs_suggested=%zu repairs_fixing=%zu repairs_fixing_fresh=%zu", suggested, fixing, fixing_fresh);
    printf(" executions=%zu seconds=%.1f exec_per_s=%.2f\n", c->executions, c->exec_seconds, rate);
    fflush(stdout);
    total_defects += v->defects, total_found += v->found, total_unplanted += v->unplanted;
    total_suggested += suggested, total_fixing += fixing, total_fresh += fixing_fresh;
    branches += s->n_outcomes, keeper_reached += kc, random_reached += rc;
    executions += c->executions, seconds += c->exec_seconds;
  }
  printf("keeper-total branches=%zu keeper_coverage=%.1f%%", branches, branches ? 100.0 * keeper_reached / branches : 0);
  if (o.random_baseline) printf(" random_coverage=%.1f%%", branches ? 100.0 * random_reached / branches : 0);
  printf(" defects=%zu found=%zu unplanted_failures=%zu", total_defects, total_found, total_unplanted);
  if (o.repair)
    printf(" repairs_suggested=%zu repairs_fixing=%zu repairs_fixing_fresh=%zu", total_suggested, total_fixing, total_fresh);
  printf(" executions=%zu seconds=%.1f exec_per_s=%.2f (n=%zu per clause, alpha=%.2f, seed=%llu)\n", executions, seconds,
         seconds > 0 ? executions / seconds : 0, o.n, o.alpha, (unsigned long long)o.seed);
  free(c);
  return 0;
}
