/* Dispatch to the synthesiser a scene names (speech_synth.h). Both libraries draw from libc's
 * rand() (espeak-ng for its timing, flite's unit-selection voices for their signal), so the
 * generator is reseeded before every utterance: the same scene always sounds the same, and a
 * finding replays. */
#include <stdlib.h>
#include <string.h>
#include "speech_espeak.h"
#include "speech_flite.h"
#include "speech_synth.h"

int speech_synthesise(const speech_voice_params *p, const char *text, speech_audio *out, const char **why) {
  out->samples = NULL, out->n = out->cap = 0;
  if (strlen(text) > SPEECH_MAX_TEXT) return *why = "text longer than SPEECH_MAX_TEXT", -1;
  srand(1);
  return p->flite ? speech_flite_synthesise(p, text, out, why) : speech_espeak_synthesise(p, text, out, why);
}
