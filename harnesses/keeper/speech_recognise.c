/* One PocketSphinx decoder per process and the decoding of one utterance
 * (speech_recognise.h). */
#include <pocketsphinx.h>
#include <sphinxbase/err.h>
#include <sphinxbase/jsgf.h>
#include <stdio.h>
#include <string.h>
#include "mlf_capture.h"
#include "speech_grammar.h"
#include "speech_recognise.h"

#define MODEL_DIR "/usr/share/pocketsphinx/model/en-us"

static ps_decoder_t *decoder;
/* The name ps_init gives the -lm search (PS_DEFAULT_SEARCH in pocketsphinx.c). Not read with
 * ps_get_search: Debian's 0.8+5prealpha leaks a hash-table iterator on every call of it (a
 * known finding; reproducer harnesses/keeper/reproducers/ps_get_search_leak.c); ps_set_search
 * below confirms the name. */
static const char language_model_search[] = "_default";
static const char *init_failure;

/* Adds g as a search: what ps_set_jsgf_string does (parse the JSGF text, build the FSG of its
 * public rule with the decoder's -lw, ps_set_fsg), but freeing the parsed grammar, which
 * Debian's 0.8+5prealpha ps_set_jsgf_string leaks (a known finding, fixed upstream by
 * cmusphinx/pocketsphinx pull request 66; reproducer harnesses/keeper/reproducers/). */
static int add_grammar(const speech_grammar *g) {
  char text[1024];
  if (speech_grammar_jsgf(g, text, sizeof text) >= sizeof text) return -1;
  jsgf_t *jsgf = jsgf_parse_string(text, NULL);
  if (!jsgf) return -1;
  jsgf_rule_t *rule = jsgf_get_public_rule(jsgf);
  fsg_model_t *fsg = rule ? jsgf_build_fsg(jsgf, rule, ps_get_logmath(decoder),
                                           cmd_ln_float32_r(ps_get_config(decoder), "-lw")) : NULL;
  int rc = fsg ? ps_set_fsg(decoder, g->name, fsg) : -1;
  if (fsg) fsg_model_free(fsg);
  jsgf_grammar_free(jsgf);
  return rc < 0 ? -1 : 0;
}

static void create_decoder(void) {
  err_set_logfp(NULL);
  cmd_ln_t *config = cmd_ln_init(NULL, ps_args(), TRUE, "-hmm", MODEL_DIR "/en-us", "-lm", MODEL_DIR "/en-us.lm.bin",
                                 "-dict", MODEL_DIR "/cmudict-en-us.dict", "-logfn", "/dev/null",
                                 /* No state carries over between utterances: by default the cepstral
                                  * mean, the noise estimate (-remove_noise) and the voice activity
                                  * detector (-remove_silence) adapt across utterances, and the same
                                  * audio decoded twice in a row gave other frames, scores and words
                                  * (2 of 57 unchanged language-model follow-ups in the calibration). */
                                 "-cmn", "batch", "-remove_noise", "no", "-remove_silence", "no", NULL);
  if (!config) {
    init_failure = "cmd_ln_init refused the model paths";
    return;
  }
  mlf_capture_begin("pocketsphinx");
  decoder = ps_init(config);
  mlf_capture_end(NULL);
  cmd_ln_free_r(config);
  if (!decoder) {
    init_failure = "ps_init failed";
    return;
  }
  if (ps_set_search(decoder, language_model_search) < 0) {
    init_failure = "the language-model search is not named _default";
    return;
  }
  for (int g = 1; g <= SPEECH_N_GRAMMARS; g++)
    if (add_grammar(speech_grammar_get(g)) < 0) {
      init_failure = "a subject grammar did not parse or build";
      return;
    }
}

int speech_recogniser_ready(const char **why) {
  if (!decoder && !init_failure) create_decoder();
  if (init_failure) *why = init_failure;
  return init_failure ? -1 : 0;
}

int speech_is_filler(const char *word) {
  return word[0] == '<' || word[0] == '[' || word[0] == '+' || !strcmp(word, "NULL");
}

void speech_base_word(const char *word, char *buf, size_t len) {
  snprintf(buf, len, "%.*s", (int)strcspn(word, "("), word);
}

static void read_segments(speech_hearing *out) {
  for (ps_seg_t *seg = ps_seg_iter(decoder); seg; seg = ps_seg_next(seg)) {
    if (out->n_segs == SPEECH_MAX_SEGMENTS) {
      out->segs_truncated = 1;
      ps_seg_free(seg);
      return;
    }
    speech_segment *s = &out->segs[out->n_segs++];
    snprintf(s->word, sizeof s->word, "%s", ps_seg_word(seg));
    ps_seg_frames(seg, &s->sf, &s->ef);
    s->post = ps_seg_prob(seg, &s->ascr, &s->lscr, &s->lback);
  }
}

static int decode(const speech_pcm *pcm, speech_hearing *out) {
  if (ps_start_utt(decoder) < 0) return out->why = "ps_start_utt failed", 0;
  if (ps_process_raw(decoder, pcm->pcm, pcm->n, FALSE, TRUE) < 0) {
    ps_end_utt(decoder);
    return out->why = "ps_process_raw failed", 0;
  }
  if (ps_end_utt(decoder) < 0) return out->why = "ps_end_utt failed", 0;
  out->n_frames = ps_get_n_frames(decoder);
  const char *hyp = ps_get_hyp(decoder, &out->score);
  out->has_hyp = hyp != NULL;
  if (hyp) out->hyp_truncated = snprintf(out->hyp, sizeof out->hyp, "%s", hyp) >= (int)sizeof out->hyp;
  out->prob = ps_get_prob(decoder);
  read_segments(out);
  return 1;
}

void speech_recognise(int listening, const speech_pcm *pcm, speech_hearing *out) {
  memset(out, 0, sizeof *out);
  if (speech_recogniser_ready(&out->why) < 0) return;
  const speech_grammar *g = speech_grammar_get(listening);
  if (ps_set_search(decoder, g ? g->name : language_model_search) < 0) {
    out->why = "ps_set_search refused a search set at initialisation";
    return;
  }
  mlf_capture_begin("pocketsphinx");
  out->decoded = decode(pcm, out);
  mlf_capture_end(NULL);
}
