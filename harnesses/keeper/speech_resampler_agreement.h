/* How far two resamplers' outputs for the same input lie apart, in the band and the stretch
 * every quality step treats alike: both outputs are taken by soxr at its high quality to a rate
 * of 80% of the lower of the source's and the output's rate (so they keep about 91% of that
 * rate's Nyquist band, inside the narrowest passband here: libsamplerate's SINC_FASTEST keeps
 * 80% of the lower Nyquist frequency); the first and last SPEECH_AGREEMENT_EDGE_MS are left
 * out (each library pads the ends of a one-shot resampling its own way); then the RMS of their
 * difference relative to the RMS of the first, in dB. Without the common band, the outputs
 * differ by whatever the source holds between the two filters' passband edges, a design choice
 * of each library, not an error (keeper_speak's relation). */
#ifndef KEEPER_SPEECH_RESAMPLER_AGREEMENT_H
#define KEEPER_SPEECH_RESAMPLER_AGREEMENT_H
#include "speech_audio.h"

#define SPEECH_AGREEMENT_EDGE_MS 10
/* Below this level (dB relative to full scale) the compared stretch is silence and dither, and
 * a relative difference says nothing: not judged. */
#define SPEECH_AGREEMENT_MIN_DBFS -60.0

typedef enum { SPEECH_AGREEMENT_MEASURED, SPEECH_AGREEMENT_TOO_SHORT, SPEECH_AGREEMENT_SOXR_ERROR } speech_agreement_status;

typedef struct {
  speech_agreement_status status; /* TOO_SHORT: under 2 samples in the band (see speech_resample.h) */
  double difference_db; /* -inf for identical signals; 0 when a is silent and b is not */
  double signal_dbfs;   /* RMS of a in the compared stretch, dB relative to full scale */
  long length_gap;      /* a's length minus b's, in samples at their rate */
} speech_agreement;

/* The rate of the common band of a resampling from source_rate to output_rate. */
int speech_common_band_rate(int source_rate, int output_rate);
/* Compares a and b, two resamplings of the same source at source_rate. */
speech_agreement speech_resampler_agreement(const speech_audio *a, const speech_audio *b, int source_rate);
#endif
