/* flite 2.2 as a synthesiser of the pseudo-inverse (speech_synth.h). */
#ifndef KEEPER_SPEECH_FLITE_H
#define KEEPER_SPEECH_FLITE_H
#include "speech_synth.h"

int speech_flite_synthesise(const speech_voice_params *p, const char *text, speech_audio *out, const char **why);
#endif
