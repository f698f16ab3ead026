/* espeak-ng synchronous synthesis: initialised once per process, the samples arrive through
 * the synth callback, which stops synthesis once the utterance is full. Voice, rate and pitch
 * are set before every utterance, so nothing carries over between inputs. */
#include <espeak-ng/speak_lib.h>
#include <string.h>
#include "mlf_guard.h"
#include "speech_espeak.h"

static int espeak_rate; /* the sample rate espeak_Initialize reports; 0 before, -1 on failure */

static int collect_samples(short *wav, int n, espeak_EVENT *events) {
  speech_audio *out = events->user_data;
  if (wav && n > 0) speech_audio_append_pcm16(out, wav, (size_t)n);
  return out->truncated; /* 1 aborts synthesis */
}

static int espeak_ready(void) {
  if (!espeak_rate) {
    espeak_rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, NULL, espeakINITIALIZE_DONT_EXIT);
    if (espeak_rate > 0) espeak_SetSynthCallback(collect_samples);
    else espeak_rate = -1;
  }
  return espeak_rate > 0;
}

int speech_espeak_synthesise(const speech_voice_params *p, const char *text, speech_audio *out, const char **why) {
  if (!espeak_ready()) return *why = "espeak_Initialize failed", -1;
  speech_audio_open(out, espeak_rate, 0, "espeak-ng samples");
  if (espeak_SetVoiceByName(p->voice) != EE_OK) return *why = "espeak_SetVoiceByName refused the voice", -1;
  if (espeak_SetParameter(espeakRATE, (int)p->rate_wpm, 0) != EE_OK ||
      espeak_SetParameter(espeakPITCH, (int)p->pitch, 0) != EE_OK)
    return *why = "espeak_SetParameter refused the rate or pitch", -1;
  size_t len = strlen(text) + 1;
  char *guarded = mlf_guard_alloc(len, 1, MLF_GUARD_TAIL, "espeak-ng text");
  memcpy(guarded, text, len);
  espeak_ERROR e = espeak_Synth(guarded, len, 0, POS_CHARACTER, 0, espeakCHARS_UTF8, NULL, out);
  mlf_guard_free(guarded);
  if (e != EE_OK) return *why = "espeak_Synth failed", out->n = 0, -1;
  return 0;
}
