/* Keeper over PocketSphinx 0.8+5prealpha (Debian 12, pocketsphinx-en-us): a scene's text is
 * spoken by the pseudo-inverse (espeak-ng or flite, resampled to 16 kHz by libsamplerate,
 * soxr or speexdsp, distorted) and decoded with the full language model or a subject's JSGF
 * grammar. Oracles: no crash, sanitizer report, hang or leak on any spoken input (a
 * synthesiser's or resampler's crash names that library); the API contract of the result
 * (speech_contract.h); the scene's metamorphic relation (speech_relations.h), judged only
 * when the base utterance was heard right; a violation is a robustness failure of the model. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "keeper.pb-c.h"
#include "mlf_feedback.h"
#include "mlf_target.h"
#include "speech_contract.h"
#include "speech_recognise.h"
#include "speech_relations.h"
#include "speech_vocabulary.h"

#define TAG "mlf:keeper_pocketsphinx:pocketsphinx:"

static void pocketsphinx_init(void) {
  const char *why = NULL;
  if (speech_recogniser_ready(&why) < 0) fprintf(stderr, "keeper_pocketsphinx: %s\n", why), abort();
}

/* Resamples and distorts a synthesis as r asks, decodes it and checks the contract; returns 1
 * when there is a result in h. */
static int hear(const speech_rendering *r, const speech_audio *synth, const char *which, speech_hearing *h,
                mlf_run *run) {
  speech_utterance u;
  const char *why = NULL;
  int rc = speech_render_from_synthesis(r, synth, &u, &why);
  if (rc == SPEECH_RESAMPLE_AVOIDED)
    mlf_finding(run, "mlf:keeper_pocketsphinx:soxr:soxr_oneshot:output-overread",
                "%s: an output of under 2 samples reaches soxr's known 8-byte over-read (avoided: MLF_REPORT_KNOWN=1 "
                "makes the call)", which);
  if (rc) {
    mlf_log(run, "%s: the resampler did not run: %s", which, why);
    speech_utterance_free(&u);
    return 0;
  }
  speech_recognise(r->listening, &u.pcm, h);
  mlf_log(run, "%s: %s '%s' %u wpm pitch %u, %s q%u, gain %.1f dB noise %.1f dBFS, silence %u+%u ms: %zu samples "
          "at 16 kHz, %d frames; heard '%s' (score %d, log posterior %d, %zu segments)",
          which, r->voice.flite ? "flite" : "espeak-ng", r->voice.voice, r->voice.rate_wpm, r->voice.pitch,
          speech_resampler_name(r->resampler), r->quality, r->distortion.gain_db, r->distortion.noise_dbfs,
          r->distortion.lead_ms, r->distortion.trail_ms, u.pcm.n, h->n_frames, h->has_hyp ? h->hyp : "(null)",
          h->score, h->prob, h->n_segs);
  speech_utterance_free(&u);
  char detail[400];
  const char *broken = speech_contract_check(h, r->listening, detail, sizeof detail);
  if (broken) {
    char tag[MLF_TAG_MAX];
    snprintf(tag, sizeof tag, TAG "%s", broken);
    mlf_finding(run, tag, "%s: %s", which, detail);
  }
  return 1;
}

static void judge_relation(const Mlf__Keeper__SpeechRelation *rel, const speech_rendering *base,
                           const speech_audio *base_synth, const char *text, const speech_hearing *heard, mlf_run *run) {
  const speech_relation_spec *spec = rel ? speech_relation_spec_of(rel->kind) : NULL;
  speech_rendering follow;
  if (!spec || speech_follow_up(base, rel, &follow) < 0) return;
  speech_audio own_synth = {0};
  const speech_audio *synth = base_synth;
  const char *why = NULL;
  if (!speech_same_voice(base, &follow)) {
    synth = &own_synth;
    if (speech_render_synthesis(&follow, text, &own_synth, &why) < 0) mlf_log(run, "follow-up: the synthesiser refused: %s", why);
  }
  speech_hearing *again = malloc(sizeof *again);
  if (!again) abort();
  if (!why && hear(&follow, synth, "follow-up", again, run)) {
    double wer = 0;
    speech_verdict v = speech_relation_judge(spec, text, heard->hyp, again->hyp, &wer);
    mlf_feedback_hit(mlf_feature("keeper-speech-relation", (uint32_t)rel->kind, (uint32_t)v));
    if (v == SPEECH_NOT_DETERMINABLE) mlf_log(run, "%s: not determinable (the base was heard wrong)", spec->name);
    else mlf_log(run, "%s: follow-up word error rate %.3f (tolerance %.3f)", spec->name, wer, spec->wer_tolerance);
    char tag[MLF_TAG_MAX];
    snprintf(tag, sizeof tag, TAG "relation-%s:robustness", spec->name);
    if (v == SPEECH_VIOLATED)
      mlf_finding(run, tag, "'%s' heard right, but after %s heard '%s' (word error rate %.3f > tolerance %.3f)", text,
                  spec->name, again->hyp, wer, spec->wer_tolerance);
  }
  free(again);
  speech_audio_close(&own_synth);
}

static void pocketsphinx_run(const ProtobufCMessage *msg, mlf_run *run) {
  const Mlf__Keeper__SpeechCase *c = (const Mlf__Keeper__SpeechCase *)msg;
  speech_rendering r;
  const char *text = speech_case_from_proto(c, &r);
  speech_audio synth;
  const char *why = NULL;
  speech_hearing *heard = malloc(sizeof *heard);
  if (!heard) abort();
  if (speech_render_synthesis(&r, text, &synth, &why) < 0) mlf_log(run, "the synthesiser refused: %s", why);
  else if (hear(&r, &synth, "base", heard, run)) {
    int right = !strcmp(text, heard->hyp);
    mlf_feedback_hit(mlf_feature("keeper-speech-heard", (uint32_t)r.listening * 2 + (uint32_t)right,
                                 (uint32_t)(heard->n_segs < 15 ? heard->n_segs : 15)));
    if (speech_text_is_vocabulary(text, SPEECH_MAX_WORDS)) judge_relation(c->relation, &r, &synth, text, heard, run);
  }
  free(heard);
  speech_audio_close(&synth);
}

MLF_TARGET(keeper_pocketsphinx, mlf__keeper__speech_case__descriptor, pocketsphinx_init, pocketsphinx_run)
