/* Bounded float utterances in guard-page buffers (speech_audio.h). */
#include "speech_audio.h"
#include "mlf_guard.h"

void speech_audio_open(speech_audio *a, int rate, size_t extra, const char *label) {
  a->cap = (size_t)rate * SPEECH_MAX_SECONDS + extra;
  a->samples = mlf_guard_alloc(a->cap * sizeof(float), sizeof(float), MLF_GUARD_TAIL, label);
  a->n = 0;
  a->rate = rate;
  a->truncated = 0;
}

void speech_audio_append_pcm16(speech_audio *a, const short *pcm, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (a->n == a->cap) {
      a->truncated = 1;
      return;
    }
    a->samples[a->n++] = pcm[i] / 32768.0f;
  }
}

void speech_audio_close(speech_audio *a) {
  mlf_guard_free(a->samples);
  a->samples = NULL;
  a->n = a->cap = 0;
}
