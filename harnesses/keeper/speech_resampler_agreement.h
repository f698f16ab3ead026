/* How far two resamplers' outputs for the same input lie apart: the RMS of their difference
 * relative to the RMS of the first, in dB, over their common length (keeper_speak's relation:
 * band-limited resamplers to the same rate must produce nearly the same signal). */
#ifndef KEEPER_SPEECH_RESAMPLER_AGREEMENT_H
#define KEEPER_SPEECH_RESAMPLER_AGREEMENT_H
#include "speech_audio.h"

/* The difference in dB relative to a's RMS (-inf for identical signals; 0 when a is silent
 * and b is not, +inf never). Also the length difference in samples in *length_gap. */
double speech_resampler_difference_db(const speech_audio *a, const speech_audio *b, long *length_gap);
#endif
