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

/* What speech_resample returns instead of calling soxr when the output buffer holds fewer than
 * SPEECH_SOXR_MIN_OUTPUT samples: soxr 0.1.3 reads a pointer's worth (8 bytes) at the output
 * buffer whatever its length (soxr_output_no_callback evaluates ((soxr_bufs_t)out)[0] for
 * interleaved output too), past the end of a buffer of 0 or 1 float: a known finding
 * (reproducer harnesses/keeper/reproducers/soxr_output_overread.c). With MLF_REPORT_KNOWN=1
 * the call is made, and faults on the guard page. */
#define SPEECH_RESAMPLE_AVOIDED 1
#define SPEECH_SOXR_MIN_OUTPUT 2

/* Resamples in to SPEECH_RATE into out (opened here; close it either way). quality is
 * 0..SPEECH_QUALITY_STEPS-1 (libsamplerate SINC_FASTEST, SINC_MEDIUM_QUALITY,
 * SINC_BEST_QUALITY; soxr LQ, MQ, HQ; speexdsp 3, 6, 10). The output buffer holds exactly
 * round(in.n * 16000 / in.rate) samples before its guard page. Returns 0, -1 with a
 * message in *why when the library reported an error, or SPEECH_RESAMPLE_AVOIDED. */
int speech_resample(speech_resampler r, unsigned quality, const speech_audio *in, speech_audio *out, const char **why);
/* The same to another output rate. */
int speech_resample_to(speech_resampler r, unsigned quality, const speech_audio *in, int rate, speech_audio *out,
                       const char **why);
#endif
