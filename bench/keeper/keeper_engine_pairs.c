/* keeper_engine_pairs: determinable failures per hour per engine pair (issue 13's last bench
 * line), run by scripts/bench-keeper.sh. For a time budget per pair it generates random real
 * scenes and has both engines of a pair read each one (each read in a forked child with a
 * timeout, keeper_exec_read / keeper_exec_hear), then counts them (keeper_pairs.h):
 *  - OCR: Tesseract and ocrad on one to three random print words (the loop's random baseline,
 *    keeper_random_text), rendered in the loop's fonts, tilt, margins and contrast with size,
 *    speckles and blur inside both engines' calibrated ranges (ocr_relation.c), judged as the
 *    keeper_ocrad differential judges (ocr_differential_judge);
 *  - speech: PocketSphinx with its full language model and PocketSphinx with the JSGF grammar
 *    that covers the sentence, on random sentences of the shared grammars spoken by the loop's
 *    random voices (keeper_speech_input). Two decoders of one recogniser, not two engines:
 *    Debian 12 packages no second offline ASR.
 * Per pair it prints each determinable failure (and, with --verbose, every scene), then one
 * machine-readable "keeper-pair" line. The scenes are the same for a seed; how many fit in
 * the budget depends on the machine.
 * Usage: keeper_engine_pairs [--seconds S] [--seed N] [--timeout SEC] [--verbose] [ocr|speech...] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "keeper_image_bounds.h"
#include "keeper_inputs.h"
#include "keeper_pairs.h"
#include "keeper_random.h"
#include "mlf_rng.h"
#include "ocr_relation.h"
#include "speech_grammar.h"

typedef struct {
  double seconds, timeout_s;
  uint64_t seed;
  int verbose;
} pair_options;

/* One scene of a pair: its text and the two engines' results. */
typedef struct {
  char text[128];
  char rendering[128]; /* the rendering or voice, for the report */
  keeper_result r[2];
} pair_scene;

typedef void (*scene_maker)(mlf_rng *rng, const pair_options *o, pair_scene *scene);

typedef struct {
  const char *name;       /* "ocr", "speech" */
  const char *title;
  const char *engines[2]; /* short names, for the keeper-pair line */
  keeper_pair_judge judge;
  scene_maker make;
  void (*describe)(void); /* prints the scenes' ranges, or NULL */
} pair_spec;

static unsigned max_u(unsigned a, unsigned b) { return a > b ? a : b; }
static unsigned min_u(unsigned a, unsigned b) { return a < b ? a : b; }

/* The clean ranges both OCR engines are calibrated for (ocr_relation.c): the larger of their
 * smallest sizes, the smaller of their speckle and blur levels. */
typedef struct {
  unsigned size_min, specks_max, blur_max;
} ocr_joint_range;

static ocr_joint_range ocr_both_calibrated(void) {
  const ocr_relation_calibration *t = &ocr_calibration_tesseract, *c = &ocr_calibration_ocrad;
  return (ocr_joint_range){max_u(t->min_size_px, c->min_size_px), min_u(t->max_added_specks, c->max_added_specks),
                           min_u(t->max_added_blur, c->max_added_blur)};
}

static void describe_ocr(void) {
  ocr_joint_range j = ocr_both_calibrated();
  printf("  (sizes %u-%u px, at most %u speckles per 10000 pixels, blur at most %u; tilt, margins and contrast as "
         "the loop's clean inputs)\n", j.size_min, KEEPER_SIZE_MAX, j.specks_max, j.blur_max);
}

/* Random print words rendered inside both engines' calibrated ranges, read by each. */
static void make_ocr_scene(mlf_rng *rng, const pair_options *o, pair_scene *scene) {
  ocr_joint_range j = ocr_both_calibrated();
  uint64_t text_seed = mlf_rng_next(rng), render_seed = mlf_rng_next(rng);
  keeper_random_text(KEEPER_OCR, text_seed, scene->text, sizeof scene->text);
  render_params p = keeper_image_input_within(scene->text, render_seed, j.size_min, j.specks_max, j.blur_max);
  snprintf(scene->rendering, sizeof scene->rendering, "%s %u px, %+d deg, gray %u on %u, %u specks, blur %u", p.font,
           p.size_px, p.rotation_deg, p.foreground_gray, p.background_gray, p.noise_specks, p.blur_level);
  keeper_exec_read(KEEPER_TESSERACT, &p, o->timeout_s, &scene->r[0]);
  keeper_exec_read(KEEPER_OCRAD, &p, o->timeout_s, &scene->r[1]);
}

/* A random sentence of a random shared grammar in a random voice, heard with the language
 * model and with that grammar. */
static void make_speech_scene(mlf_rng *rng, const pair_options *o, pair_scene *scene) {
  int grammar = SPEECH_GRAMMAR_COMMANDS + (int)mlf_rng_below(rng, SPEECH_N_SHARED_GRAMMARS);
  speech_grammar_sentence(speech_grammar_get(grammar), rng, scene->text, sizeof scene->text);
  speech_rendering r = keeper_speech_input(SPEECH_LANGUAGE_MODEL, mlf_rng_next(rng), 0);
  snprintf(scene->rendering, sizeof scene->rendering, "%s %s, %u wpm, pitch %u, grammar %s",
           r.voice.flite ? "flite" : "espeak-ng", r.voice.voice, r.voice.rate_wpm, r.voice.pitch,
           speech_grammar_get(grammar)->name);
  keeper_exec_hear(&r, scene->text, o->timeout_s, &scene->r[0]);
  r.listening = grammar;
  keeper_exec_hear(&r, scene->text, o->timeout_s, &scene->r[1]);
}

/* One engine's result on one line: its text (newlines as \n) or why it gave none. */
static void print_result(const char *engine, const keeper_result *r) {
  static const char *const status_names[] = {"ran", "not generated", "API failed", "crashed", "hung"};
  printf(" %s ", engine);
  if (r->status != KEEPER_RAN) {
    printf("[%s%s%s]", status_names[r->status], *r->why ? ": " : "", r->why);
    return;
  }
  putchar('"');
  for (const char *p = r->api_text; *p; p++) {
    if (*p == '\n') fputs("\\n", stdout);
    else if (*p != '\f') putchar(*p);
  }
  putchar('"');
}

static void print_scene(const pair_spec *pair, size_t i, const pair_scene *scene, const char *verdict) {
  printf("  scene %zu %s: \"%s\" (%s):", i, verdict, scene->text, scene->rendering);
  print_result(pair->engines[0], &scene->r[0]);
  print_result(pair->engines[1], &scene->r[1]);
  putchar('\n');
}

static void run_pair(const pair_spec *pair, const pair_options *o) {
  printf("== %s\n", pair->title);
  if (pair->describe) pair->describe();
  fflush(stdout);
  mlf_rng rng;
  uint64_t pair_seed = o->seed;
  for (const char *p = pair->name; *p; p++) pair_seed = (pair_seed ^ (unsigned char)*p) * 0x100000001b3ULL;
  mlf_rng_seed(&rng, pair_seed);
  keeper_pair_tally t = {0};
  static pair_scene scene;
  double start = keeper_now(), elapsed = 0;
  while ((elapsed = keeper_now() - start) < o->seconds) {
    memset(&scene, 0, sizeof scene);
    pair->make(&rng, o, &scene);
    int failing = 0;
    keeper_pair_outcome v = keeper_pair_count(&t, pair->judge, scene.text, &scene.r[0], &scene.r[1], &failing);
    if (v == PAIR_FAILURE) {
      char failure[64];
      snprintf(failure, sizeof failure, "failure of %s", pair->engines[failing]);
      print_scene(pair, t.scenes - 1, &scene, failure);
    } else if (v == PAIR_NOT_READ) print_scene(pair, t.scenes - 1, &scene, "not read");
    else if (o->verbose) print_scene(pair, t.scenes - 1, &scene, v == PAIR_BOTH_RIGHT ? "both right" : "neither right");
    fflush(stdout);
  }
  elapsed = keeper_now() - start;
  size_t determinable = t.failures[0] + t.failures[1];
  printf("keeper-pair %s engines=%s,%s scenes=%zu seconds=%.1f both_right=%zu failures_%s=%zu failures_%s=%zu "
         "not_determinable=%zu not_read=%zu engine_findings=%zu,%zu determinable=%zu determinable_per_hour=%.0f "
         "per_hour_%s=%.0f per_hour_%s=%.0f exec_per_s=%.2f seed=%llu\n",
         pair->name, pair->engines[0], pair->engines[1], t.scenes, elapsed, t.both_right, pair->engines[0],
         t.failures[0], pair->engines[1], t.failures[1], t.not_determinable, t.not_read, t.engine_findings[0],
         t.engine_findings[1], determinable, keeper_per_hour(determinable, elapsed), pair->engines[0],
         keeper_per_hour(t.failures[0], elapsed), pair->engines[1], keeper_per_hour(t.failures[1], elapsed),
         elapsed > 0 ? 2.0 * (double)t.scenes / elapsed : 0, (unsigned long long)o->seed);
  fflush(stdout);
}

static const pair_spec pairs[] = {
    {"ocr", "OCR pair: Tesseract 5.3 (eng) against ocrad 0.28 on random print words, rendered inside both engines' "
            "calibrated ranges",
     {"tesseract", "ocrad"}, ocr_differential_judge, make_ocr_scene, describe_ocr},
    {"speech", "speech pair: PocketSphinx 0.8 with the full language model against PocketSphinx with the JSGF grammar "
               "covering the sentence (two decoders of one recogniser, not two engines: Debian 12 has no second "
               "offline ASR), on random sentences of the shared grammars in random voices",
     {"lm", "grammar"}, keeper_speech_differential_judge, make_speech_scene, NULL},
};
#define N_PAIRS (sizeof pairs / sizeof *pairs)

int main(int argc, char **argv) {
  pair_options o = {.seconds = 60, .timeout_s = 20, .seed = 1};
  int chosen[N_PAIRS] = {0}, any_chosen = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    size_t k = 0;
    while (k < N_PAIRS && strcmp(a, pairs[k].name)) k++;
    if (!strcmp(a, "--seconds") && i + 1 < argc) o.seconds = strtod(argv[++i], NULL);
    else if (!strcmp(a, "--seed") && i + 1 < argc) o.seed = strtoull(argv[++i], NULL, 10);
    else if (!strcmp(a, "--timeout") && i + 1 < argc) o.timeout_s = strtod(argv[++i], NULL);
    else if (!strcmp(a, "--verbose")) o.verbose = 1;
    else if (k < N_PAIRS) chosen[k] = any_chosen = 1;
    else {
      fprintf(stderr, "usage: keeper_engine_pairs [--seconds S] [--seed N] [--timeout SEC] [--verbose] [ocr|speech...]\n"
                      "(unknown argument: %s)\n", a);
      return 2;
    }
  }
  if (!(o.seconds > 0) || !(o.timeout_s > 0)) return fprintf(stderr, "keeper_engine_pairs: --seconds and --timeout must be positive\n"), 2;
  const char *why = NULL;
  if (keeper_exec_init(&why) < 0) return fprintf(stderr, "keeper_engine_pairs: %s\n", why), 1;
  for (size_t k = 0; k < N_PAIRS; k++)
    if (!any_chosen || chosen[k]) run_pair(&pairs[k], &o);
  return 0;
}
