/* SpeechCase post-processor and domain mutators (keeper_pocketsphinx, keeper_speak). The
 * post-processor keeps every number inside the pseudo-inverse's range (rate 80..450 wpm,
 * pitch 0..100, quality step 0..2, gain -30..+12 dB, noise -90..-10 dBFS, silence and added
 * silence 0..1000 ms, rate change +-200 wpm, gain change +-30 dB), the voice one the chosen
 * synthesiser has, and the text within SPEECH_MAX_TEXT bytes (cut at a word boundary); it
 * leaves a valid message unchanged. Arbitrary text stays possible (the crash oracles speak any
 * text); the domain mutators keep it to the vocabulary (speech_vocabulary.h): a sentence of a
 * subject's grammar with its listening mode, a word replaced, inserted or deleted, another
 * voice, resampler, distortion or relation. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "keeper.pb-c.h"
#include "mlf_mutator.h"
#include "speech_grammar.h"
#include "speech_vocabulary.h"

/* The grammar ids are the Listening values: the first and the last agree, and none is missing. */
_Static_assert(SPEECH_GRAMMAR_COMMANDS == MLF__KEEPER__SPEECH_RENDERING__LISTENING__GRAMMAR_COMMANDS &&
                   SPEECH_GRAMMAR_ASR_ANSWER_OK == MLF__KEEPER__SPEECH_RENDERING__LISTENING__GRAMMAR_ASR_ANSWER_OK &&
                   SPEECH_GRAMMAR_ASR_SMART_LIGHT == MLF__KEEPER__SPEECH_RENDERING__LISTENING__GRAMMAR_ASR_SMART_LIGHT,
               "speech_grammar_ids.h and proto/keeper_speech.proto's Listening disagree");

#define MAX_RATE_DELTA 200
#define MAX_GAIN_DELTA 30.0f

typedef Mlf__Keeper__SpeechCase speech_case;
typedef Mlf__Keeper__SpeechRendering speech_rendering_msg;

static float clampf(float v, float lo, float hi) { return !(v >= lo) ? lo : v > hi ? hi : v; }

static void set_string(char **field, const char *value) {
  if (*field && *field != protobuf_c_empty_string) free(*field);
  *field = strdup(value);
  if (!*field) abort();
}

static Mlf__Keeper__Scene *scene_of(speech_case *c) {
  if (!c->scene) {
    c->scene = malloc(sizeof *c->scene);
    if (!c->scene) abort();
    mlf__keeper__scene__init(c->scene);
  }
  return c->scene;
}

/* The scene's speech rendering, created (and the image one dropped) when missing. */
static speech_rendering_msg *rendering_of(speech_case *c) {
  Mlf__Keeper__Scene *s = scene_of(c);
  if (s->medium_case != MLF__KEEPER__SCENE__MEDIUM_SPEECH) {
    if (s->medium_case == MLF__KEEPER__SCENE__MEDIUM_IMAGE) protobuf_c_message_free_unpacked(&s->image->base, NULL);
    s->speech = malloc(sizeof *s->speech);
    if (!s->speech) abort();
    mlf__keeper__speech_rendering__init(s->speech);
    s->medium_case = MLF__KEEPER__SCENE__MEDIUM_SPEECH;
  }
  return s->speech;
}

static Mlf__Keeper__SpeechRelation *relation_of(speech_case *c) {
  if (!c->relation) {
    c->relation = malloc(sizeof *c->relation);
    if (!c->relation) abort();
    mlf__keeper__speech_relation__init(c->relation);
  }
  return c->relation;
}

static void bound_rendering(speech_rendering_msg *r) {
  int flite = r->synthesiser == MLF__KEEPER__SPEECH_RENDERING__SYNTHESISER__FLITE;
  if ((unsigned)r->synthesiser > 1) r->synthesiser = MLF__KEEPER__SPEECH_RENDERING__SYNTHESISER__ESPEAK_NG, flite = 0;
  const char *const *voices = flite ? speech_flite_voices : speech_espeak_voices;
  size_t n = flite ? speech_n_flite_voices : speech_n_espeak_voices;
  if (r->voice && !speech_in_list(r->voice, voices, n)) set_string(&r->voice, voices[0]);
  if (r->has_rate_wpm && (r->rate_wpm < SPEECH_RATE_MIN || r->rate_wpm > SPEECH_RATE_MAX))
    r->rate_wpm = SPEECH_RATE_MIN + r->rate_wpm % (SPEECH_RATE_MAX - SPEECH_RATE_MIN + 1);
  if (r->pitch > SPEECH_PITCH_MAX) r->pitch %= SPEECH_PITCH_MAX + 1;
  if ((unsigned)r->resampler > 2) r->resampler = MLF__KEEPER__SPEECH_RENDERING__RESAMPLER__LIBSAMPLERATE;
  if (r->quality > 2) r->quality %= 3;
  if (r->has_noise_dbfs) r->noise_dbfs = clampf(r->noise_dbfs, SPEECH_NOISE_FLOOR_DBFS, SPEECH_NOISE_MAX_DBFS);
  if (r->has_gain_db) r->gain_db = clampf(r->gain_db, SPEECH_GAIN_MIN_DB, SPEECH_GAIN_MAX_DB);
  if (r->lead_silence_ms > SPEECH_MAX_SILENCE_MS) r->lead_silence_ms %= SPEECH_MAX_SILENCE_MS + 1;
  if (r->trail_silence_ms > SPEECH_MAX_SILENCE_MS) r->trail_silence_ms %= SPEECH_MAX_SILENCE_MS + 1;
  if ((unsigned)r->listening > SPEECH_N_GRAMMARS) r->listening = MLF__KEEPER__SPEECH_RENDERING__LISTENING__LANGUAGE_MODEL;
}

static void bound_relation(Mlf__Keeper__SpeechRelation *rel) {
  if ((unsigned)rel->kind > MLF__KEEPER__SPEECH_RELATION__KIND__ADDED_NOISE) rel->kind = MLF__KEEPER__SPEECH_RELATION__KIND__NONE;
  if (rel->rate_delta_wpm > MAX_RATE_DELTA || rel->rate_delta_wpm < -MAX_RATE_DELTA) rel->rate_delta_wpm %= MAX_RATE_DELTA + 1;
  if (rel->has_gain_delta_db) rel->gain_delta_db = clampf(rel->gain_delta_db, -MAX_GAIN_DELTA, MAX_GAIN_DELTA);
  if (rel->silence_ms > SPEECH_MAX_SILENCE_MS) rel->silence_ms %= SPEECH_MAX_SILENCE_MS + 1;
  if (rel->has_noise_dbfs) rel->noise_dbfs = clampf(rel->noise_dbfs, SPEECH_NOISE_FLOOR_DBFS, SPEECH_NOISE_MAX_DBFS);
}

/* Cuts text longer than SPEECH_MAX_TEXT at its last space before the bound. */
static void bound_text(Mlf__Keeper__Scene *s) {
  if (!s->text || strlen(s->text) <= SPEECH_MAX_TEXT) return;
  s->text[SPEECH_MAX_TEXT] = 0;
  char *space = strrchr(s->text, ' ');
  if (space && space != s->text) *space = 0;
}

static void post_process_speech_case(ProtobufCMessage *msg) {
  speech_case *c = (speech_case *)msg;
  if (c->scene) bound_text(c->scene);
  if (c->scene && c->scene->medium_case == MLF__KEEPER__SCENE__MEDIUM_SPEECH) bound_rendering(c->scene->speech);
  if (c->relation) bound_relation(c->relation);
}

/* The text as a sentence of a random subject grammar, listened to with that grammar or with
 * the full language model. */
static int mutate_grammar_sentence(ProtobufCMessage *msg, mlf_rng *rng) {
  speech_case *c = (speech_case *)msg;
  int g = 1 + (int)mlf_rng_below(rng, SPEECH_N_GRAMMARS);
  char sentence[128];
  speech_grammar_sentence(speech_grammar_get(g), rng, sentence, sizeof sentence);
  set_string(&scene_of(c)->text, sentence);
  speech_rendering_msg *r = rendering_of(c);
  r->has_listening = 1;
  r->listening = mlf_rng_chance(rng, 60) ? (Mlf__Keeper__SpeechRendering__Listening)g
                                         : MLF__KEEPER__SPEECH_RENDERING__LISTENING__LANGUAGE_MODEL;
  return 1;
}

/* One word of a vocabulary text replaced, inserted or deleted (a text outside the vocabulary
 * becomes one vocabulary word first). */
static int mutate_word(ProtobufCMessage *msg, mlf_rng *rng) {
  Mlf__Keeper__Scene *s = scene_of((speech_case *)msg);
  const char *words[SPEECH_MAX_WORDS + 1];
  char copy[SPEECH_MAX_TEXT + 1];
  size_t n = 0;
  if (s->text && speech_text_is_vocabulary(s->text, SPEECH_MAX_WORDS)) {
    snprintf(copy, sizeof copy, "%s", s->text);
    for (char *save = NULL, *w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save)) words[n++] = w;
  }
  const char *fresh = speech_words[mlf_rng_below(rng, speech_n_words)];
  size_t at = (size_t)mlf_rng_below(rng, n + 1), op = n == 0 ? 1 : (size_t)mlf_rng_below(rng, 3);
  if (op == 0 && at < n) words[at] = fresh;                            /* replace */
  else if (op == 1 && n < SPEECH_MAX_WORDS) {                                  /* insert */
    memmove(&words[at + 1], &words[at], (n - at) * sizeof *words);
    words[at] = fresh, n++;
  } else if (n > 1) {                                                   /* delete */
    at = at < n ? at : n - 1;
    memmove(&words[at], &words[at + 1], (n - at - 1) * sizeof *words);
    n--;
  }
  char text[SPEECH_MAX_TEXT + 1];
  size_t used = 0;
  text[0] = 0;
  for (size_t i = 0; i < n; i++) {
    size_t len = strlen(words[i]);
    if (used + len + (used > 0) > SPEECH_MAX_TEXT) break;
    used += (size_t)snprintf(text + used, sizeof text - used, "%s%s", used ? " " : "", words[i]);
  }
  if (!used) return 0;
  set_string(&s->text, text);
  return 1;
}

static int mutate_voice(ProtobufCMessage *msg, mlf_rng *rng) {
  speech_rendering_msg *r = rendering_of((speech_case *)msg);
  int flite = mlf_rng_chance(rng, 60);
  r->has_synthesiser = 1;
  r->synthesiser = flite ? MLF__KEEPER__SPEECH_RENDERING__SYNTHESISER__FLITE : MLF__KEEPER__SPEECH_RENDERING__SYNTHESISER__ESPEAK_NG;
  set_string(&r->voice, flite ? speech_flite_voices[mlf_rng_below(rng, speech_n_flite_voices)]
                              : speech_espeak_voices[mlf_rng_below(rng, speech_n_espeak_voices)]);
  static const unsigned rates[] = {SPEECH_RATE_MIN, 120, 150, SPEECH_RATE_NORMAL, 200, 250, 320, SPEECH_RATE_MAX};
  r->has_rate_wpm = 1, r->rate_wpm = rates[mlf_rng_below(rng, sizeof rates / sizeof *rates)];
  r->has_pitch = 1, r->pitch = (uint32_t)mlf_rng_below(rng, SPEECH_PITCH_MAX + 1);
  return 1;
}

static int mutate_resampler(ProtobufCMessage *msg, mlf_rng *rng) {
  speech_rendering_msg *r = rendering_of((speech_case *)msg);
  r->has_resampler = 1, r->resampler = (Mlf__Keeper__SpeechRendering__Resampler)mlf_rng_below(rng, 3);
  r->has_quality = 1, r->quality = (uint32_t)mlf_rng_below(rng, 3);
  return 1;
}

/* One distortion at a value from its range's edges and middle. */
static int mutate_distortion(ProtobufCMessage *msg, mlf_rng *rng) {
  speech_rendering_msg *r = rendering_of((speech_case *)msg);
  static const float gains[] = {-30, -12, -6, 0, 6, 12}, noises[] = {-90, -70, -55, -45, -30, -10};
  static const uint32_t silences[] = {0, 1, 100, 500, SPEECH_MAX_SILENCE_MS};
  switch (mlf_rng_below(rng, 4)) {
    case 0: r->has_gain_db = 1, r->gain_db = gains[mlf_rng_below(rng, 6)]; break;
    case 1:
      r->has_noise_dbfs = 1, r->noise_dbfs = noises[mlf_rng_below(rng, 6)];
      r->has_noise_seed = 1, r->noise_seed = mlf_rng_next(rng);
      break;
    case 2: r->has_lead_silence_ms = 1, r->lead_silence_ms = silences[mlf_rng_below(rng, 5)]; break;
    default: r->has_trail_silence_ms = 1, r->trail_silence_ms = silences[mlf_rng_below(rng, 5)]; break;
  }
  return 1;
}

static int mutate_relation(ProtobufCMessage *msg, mlf_rng *rng) {
  Mlf__Keeper__SpeechRelation *rel = relation_of((speech_case *)msg);
  rel->has_kind = 1;
  rel->kind = (Mlf__Keeper__SpeechRelation__Kind)(1 + mlf_rng_below(rng, MLF__KEEPER__SPEECH_RELATION__KIND__ADDED_NOISE));
  rel->has_rate_delta_wpm = 1, rel->rate_delta_wpm = (int32_t)mlf_rng_below(rng, 2 * MAX_RATE_DELTA + 1) - MAX_RATE_DELTA;
  rel->has_gain_delta_db = 1, rel->gain_delta_db = (float)(mlf_rng_unit(rng) * 2 * MAX_GAIN_DELTA - MAX_GAIN_DELTA);
  rel->has_silence_ms = 1, rel->silence_ms = (uint32_t)mlf_rng_below(rng, SPEECH_MAX_SILENCE_MS + 1);
  rel->has_noise_dbfs = 1, rel->noise_dbfs = (float)(-90.0 + mlf_rng_unit(rng) * 80.0);
  rel->has_noise_seed = 1, rel->noise_seed = mlf_rng_next(rng);
  return 1;
}

/* Weights in the generic mutator's unit (4 per field for a plain mutation). */
__attribute__((constructor)) static void register_speech_scene_mutators(void) {
  const ProtobufCMessageDescriptor *d = &mlf__keeper__speech_case__descriptor;
  mlf_register_post_processor(d, post_process_speech_case);
  mlf_register_domain_mutator(d, "speech:grammar-sentence", mutate_grammar_sentence, 10);
  mlf_register_domain_mutator(d, "speech:word", mutate_word, 10);
  mlf_register_domain_mutator(d, "speech:voice", mutate_voice, 8);
  mlf_register_domain_mutator(d, "speech:resampler", mutate_resampler, 4);
  mlf_register_domain_mutator(d, "speech:distortion", mutate_distortion, 6);
  mlf_register_domain_mutator(d, "speech:relation", mutate_relation, 8);
}
