/* Measures the tolerances of the keeper speech oracles on a fixed set of utterances (not a
 * test; `make out/tools/keeper_speech_calibrate`, then run it: a few minutes). For every
 * calibration text, voice and listening mode whose plain utterance PocketSphinx hears right,
 * each relation's follow-up is decoded over a sweep of its parameter, and the word error
 * rates are tabulated per parameter value (determinable pairs, pairs heard exactly right, the
 * largest and mean word error rate). It also tabulates the libsamplerate-to-soxr signal
 * difference per quality step over every voice and a sweep of rates. speech_relations.c and
 * keeper_speak_fuzzer.c take their ranges and bounds from this output. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "speech_recognise.h"
#include "speech_relations.h"
#include "speech_resampler_agreement.h"
#include "speech_vocabulary.h"

typedef struct { const char *text; int grammar; } calibration_text;
static const calibration_text texts[] = {
    {"turn on the light", 1}, {"please open the door", 1}, {"stop the music", 1}, {"close window", 1},
    {"four two", 2}, {"seven one nine", 2}, {"three three eight five", 2}, {"zero six", 2},
    {"yes", 3}, {"please cancel", 3}, {"no", 3}, {"please repeat", 3},
    {"what time is it", 0}, {"call my mother", 0}, {"play some music", 0}, {"good morning", 0}};
static const struct { int flite; const char *voice; } voices[] = {
    {1, "kal16"}, {1, "slt"}, {1, "rms"}, {1, "awb"}, {1, "kal"}, {0, "en-us"}};
#define N(a) (sizeof a / sizeof *a)

typedef struct { int determinable, exact; double max_wer, sum_wer; } cell;

/* Decodes r's rendering of synth (resampled and distorted as r asks) into heard. */
static void hear(const speech_rendering *r, const speech_audio *synth, char *heard, size_t len) {
  static speech_hearing h;
  speech_utterance u;
  const char *why = NULL;
  int ok = speech_render_from_synthesis(r, synth, &u, &why) == 0;
  if (ok) speech_recognise(r->listening, &u.pcm, &h);
  speech_utterance_free(&u);
  snprintf(heard, len, "%s", ok && h.has_hyp ? h.hyp : "");
}

/* As the harness does: the follow-up reuses the base's synthesis unless its voice changed. */
static void hear_follow_up(const speech_rendering *base, const speech_audio *base_synth,
                           const speech_rendering *follow, const char *text, char *heard, size_t len) {
  speech_audio own;
  const char *why = NULL;
  if (speech_same_voice(base, follow)) {
    hear(follow, base_synth, heard, len);
    return;
  }
  if (speech_render_synthesis(follow, text, &own, &why) == 0) hear(follow, &own, heard, len);
  else snprintf(heard, len, "%s", "");
  speech_audio_close(&own);
}

static void add(cell *c, double wer) {
  c->determinable++, c->exact += wer == 0, c->sum_wer += wer;
  if (wer > c->max_wer) c->max_wer = wer;
}

/* One relation swept over values; set() makes the follow-up rendering for value v. */
typedef void (*apply_fn)(speech_rendering *follow, double v);
static void apply_rate(speech_rendering *f, double v) { f->voice.rate_wpm = (unsigned)v; }
static void apply_gain(speech_rendering *f, double v) { f->distortion.gain_db = v; }
static void apply_silence(speech_rendering *f, double v) { f->distortion.lead_ms = f->distortion.trail_ms = (unsigned)v; }
static void apply_noise(speech_rendering *f, double v) { f->distortion.noise_dbfs = v, f->distortion.noise_seed = 7; }
static void apply_swap(speech_rendering *f, double v) { f->resampler = SPEECH_SOXR, f->quality = (unsigned)v; }

#define MAX_STEPS 8
typedef struct {
  const char *name;
  apply_fn apply;
  double values[MAX_STEPS];
  int n;
} sweep;
static const sweep sweeps[] = {
    {"resampler-swap (libsamplerate -> soxr) at quality", apply_swap, {0, 1, 2}, 3},
    {"rate-change to wpm", apply_rate, {100, 120, 140, 160, 200, 240, 280}, 7},
    {"gain-change to dB", apply_gain, {-30, -24, -12, 0, 6, 12}, 6},
    {"added-silence ms", apply_silence, {0, 500, 1000}, 3},
    {"added-noise dBFS", apply_noise, {-70, -60, -55, -50, -45, -40, -35}, 7}};

static void calibrate_relations(void) {
  static cell cells[N(sweeps)][MAX_STEPS][2];
  int bases = 0, right = 0;
  for (size_t t = 0; t < N(texts); t++)
    for (size_t v = 0; v < N(voices); v++)
      for (int mode = 0; mode < 2; mode++) {
        if (mode && !texts[t].grammar) continue;
        Mlf__Keeper__SpeechRendering proto = MLF__KEEPER__SPEECH_RENDERING__INIT;
        speech_rendering base, follow;
        speech_rendering_from_proto(&proto, &base);
        base.voice.flite = voices[v].flite, base.voice.voice = voices[v].voice;
        base.listening = mode ? texts[t].grammar : 0;
        char heard[SPEECH_MAX_HYP];
        speech_audio synth;
        const char *why = NULL;
        bases++;
        if (speech_render_synthesis(&base, texts[t].text, &synth, &why) == 0) hear(&base, &synth, heard, sizeof heard);
        if (why || strcmp(heard, texts[t].text)) {
          printf("base not heard right: %s/%s %s: '%s' -> '%s'\n", voices[v].flite ? "flite" : "espeak-ng",
                 voices[v].voice, mode ? "grammar" : "lm", texts[t].text, why ? why : heard);
          speech_audio_close(&synth);
          continue;
        }
        right++;
        for (size_t s = 0; s < N(sweeps); s++)
          for (int k = 0; k < sweeps[s].n; k++) {
            follow = base;
            sweeps[s].apply(&follow, sweeps[s].values[k]);
            hear_follow_up(&base, &synth, &follow, texts[t].text, heard, sizeof heard);
            add(&cells[s][k][mode], speech_word_error_rate(texts[t].text, heard));
          }
        speech_audio_close(&synth);
      }
  printf("\n%d base utterances, %d heard right (the determinable ones)\n", bases, right);
  for (size_t s = 0; s < N(sweeps); s++) {
    printf("\n%s: value | lm: determinable exact max-wer mean-wer | grammar: determinable exact max-wer mean-wer\n",
           sweeps[s].name);
    for (int k = 0; k < sweeps[s].n; k++) {
      printf("%8.1f", sweeps[s].values[k]);
      for (int m = 0; m < 2; m++) {
        cell *c = &cells[s][k][m];
        printf(" | %3d %3d %.3f %.3f", c->determinable, c->exact, c->max_wer,
               c->determinable ? c->sum_wer / c->determinable : 0.0);
      }
      printf("\n");
    }
  }
}

/* libsamplerate vs soxr on the same synthesis, per quality step, over every voice, three texts
 * (empty, one word, eight words), three pitches and six rates 80..450 (324 syntheses per
 * step); stretches too short to compare or below SPEECH_AGREEMENT_MIN_DBFS are not judged. */
static void calibrate_resamplers(void) {
  static const char *const resampled_texts[] = {"", "yes", "please open the door seven one nine"};
  static const unsigned pitches[] = {0, 50, 100};
  printf("\nlibsamplerate vs soxr difference in the common band (dB re signal), per quality step\n");
  for (unsigned q = 0; q < SPEECH_QUALITY_STEPS; q++) {
    double worst = -INFINITY;
    long worst_gap = 0;
    int judged = 0, quiet = 0;
    char worst_case[160] = "";
    for (size_t v = 0; v < N(voices); v++)
      for (size_t t = 0; t < N(resampled_texts); t++)
        for (size_t p = 0; p < N(pitches); p++)
          for (unsigned rate = SPEECH_RATE_MIN; rate <= SPEECH_RATE_MAX; rate += 74) {
            Mlf__Keeper__SpeechRendering proto = MLF__KEEPER__SPEECH_RENDERING__INIT;
            speech_rendering r;
            speech_rendering_from_proto(&proto, &r);
            r.voice.flite = voices[v].flite, r.voice.voice = voices[v].voice;
            r.voice.rate_wpm = rate, r.voice.pitch = pitches[p];
            speech_audio synth, a, b;
            const char *why = NULL;
            speech_render_synthesis(&r, resampled_texts[t], &synth, &why);
            speech_resample(SPEECH_LIBSAMPLERATE, q, &synth, &a, &why);
            speech_resample(SPEECH_SOXR, q, &synth, &b, &why);
            speech_agreement ag = speech_resampler_agreement(&a, &b, synth.rate);
            if (labs(ag.length_gap) > labs(worst_gap)) worst_gap = ag.length_gap;
            if (ag.status != SPEECH_AGREEMENT_MEASURED || ag.signal_dbfs < SPEECH_AGREEMENT_MIN_DBFS) quiet++;
            else {
              judged++;
              if (ag.difference_db > worst) {
                worst = ag.difference_db;
                snprintf(worst_case, sizeof worst_case, "%s/%s '%s' %u wpm pitch %u, signal %.1f dBFS",
                         voices[v].flite ? "flite" : "espeak-ng", voices[v].voice, resampled_texts[t], rate,
                         pitches[p], ag.signal_dbfs);
              }
            }
            speech_audio_close(&synth), speech_audio_close(&a), speech_audio_close(&b);
          }
    printf("quality %u: %d judged, %d too short or below %.0f dBFS; worst %.1f dB (%s); largest length gap %ld\n", q, judged,
           quiet, SPEECH_AGREEMENT_MIN_DBFS, worst, worst_case, worst_gap);
  }
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  const char *why = NULL;
  if (speech_recogniser_ready(&why) < 0) return fprintf(stderr, "%s\n", why), 1;
  if (argc < 2 || strcmp(argv[1], "--resamplers-only")) calibrate_relations();
  calibrate_resamplers();
  return 0;
}
