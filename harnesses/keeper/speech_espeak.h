/* espeak-ng 1.51 as a synthesiser of the pseudo-inverse (speech_synth.h). */
#ifndef KEEPER_SPEECH_ESPEAK_H
#define KEEPER_SPEECH_ESPEAK_H
#include "speech_synth.h"

int speech_espeak_synthesise(const speech_voice_params *p, const char *text, speech_audio *out, const char **why);
#endif
