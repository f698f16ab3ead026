/* Resampling to the recogniser's 16 kHz with real resamplers: libsamplerate 0.2.2
 * (src_simple), soxr 0.1.3 (soxr_oneshot) and speexdsp 1.2.1 (speex_resampler_*), each at one
 * of three band-limited quality steps. Their agreement is itself a relation (keeper_speak and
 * the RESAMPLER_SWAP relation of keeper_pocketsphinx). */
#ifndef KEEPER_SPEECH_RESAMPLE_H
#define KEEPER_SPEECH_RESAMPLE_H
#include "speech_audio.h"

typedef enum { SPEECH_LIBSAMPLERATE, SPEECH_SOXR, SPEECH_SPEEXDSP, SPEECH_N_RESAMPLERS } speech_resampler;
#define SPEECH_QUALITY_STEPS 3

const char *speech_resampler_name(speech_resampler r);

/* Resamples in to SPEECH_RATE into out (opened here; close it either way). quality is
 * 0..SPEECH_QUALITY_STEPS-1 (libsamplerate SINC_FASTEST, SINC_MEDIUM_QUALITY,
 * SINC_BEST_QUALITY; soxr LQ, MQ, HQ; speexdsp 3, 6, 10). The output buffer holds exactly
 * round(in.n * 16000 / in.rate) samples before its guard page. Returns 0, or -1 with a
 * message in *why when the library reported an error. */
int speech_resample(speech_resampler r, unsigned quality, const speech_audio *in, speech_audio *out, const char **why);
#endif
