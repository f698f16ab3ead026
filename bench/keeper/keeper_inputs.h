/* Per-input variation of the pseudo-inverses for the Keeper loop: the rendering or voice a
 * generated input uses, drawn from a seed inside the range the pseudo-inverse realises
 * (mutators/keeper/keeper_image_bounds.h, speech_vocabulary.h). A degraded input is made
 * deliberately hard to read or hear (the low-confidence clauses of the threshold subjects). */
#ifndef KEEPER_INPUTS_H
#define KEEPER_INPUTS_H
#include <stdint.h>
#include "render_params.h"
#include "speech_render.h"

/* Fonts (serif, sans, mono and handwriting-like), size, rotation, margins, contrast, speckles
 * and blur for text. */
render_params keeper_image_input(const char *text, uint64_t seed, int degraded);
/* A clean rendering (font, tilt, margins and contrast as above) with the size from size_min
 * to KEEPER_SIZE_MAX, at most specks_max speckles and blur_max blur: a reader's calibrated
 * range (ocr_relation_calibration). */
render_params keeper_image_input_within(const char *text, uint64_t seed, unsigned size_min, unsigned specks_max,
                                        unsigned blur_max);
/* Synthesiser (espeak-ng or flite) and voice, rate, pitch, resampler, noise and silences;
 * listening selects the language model (0) or a grammar. */
speech_rendering keeper_speech_input(int listening, uint64_t seed, int degraded);
#endif
