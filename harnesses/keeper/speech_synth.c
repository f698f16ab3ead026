/* Dispatch to the synthesiser a scene names (speech_synth.h). */
#include <string.h>
#include "speech_espeak.h"
#include "speech_flite.h"
#include "speech_synth.h"

int speech_synthesise(const speech_voice_params *p, const char *text, speech_audio *out, const char **why) {
  out->samples = NULL, out->n = out->cap = 0;
  if (strlen(text) > SPEECH_MAX_TEXT) return *why = "text longer than SPEECH_MAX_TEXT", -1;
  return p->flite ? speech_flite_synthesise(p, text, out, why) : speech_espeak_synthesise(p, text, out, why);
}
