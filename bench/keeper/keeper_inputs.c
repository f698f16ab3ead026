/* Drawing one input's rendering or voice from a seed (keeper_inputs.h). The clean ranges are
 * those a reader or listener would meet (legible sizes, mild tilt and noise, ordinary speaking
 * rates); the degraded ones lie at the far end of what the pseudo-inverse can do. */
#include "keeper_image_bounds.h"
#include "keeper_inputs.h"
#include "mlf_rng.h"
#include "speech_vocabulary.h"

static const char *const fonts[KEEPER_N_FONTS] = {KEEPER_FONTS};

static unsigned between(mlf_rng *rng, unsigned lo, unsigned hi) { return lo + (unsigned)mlf_rng_below(rng, hi - lo + 1); }

/* The clean ranges of size, speckles and blur: ordinary legible print, or a reader's calibrated
 * range (keeper_image_input_within). */
typedef struct {
  unsigned size_min, size_max, specks_max, blur_max;
} clean_bounds;

/* One rendering from seed: the draws are the same in number and order for every bounds, so a
 * seed picks the same font, tilt and margins whatever the bounds. */
static render_params draw_image(const char *text, uint64_t seed, int degraded, const clean_bounds *b) {
  mlf_rng rng;
  mlf_rng_seed(&rng, seed);
  render_params p = {.text = text, .font = fonts[mlf_rng_below(&rng, KEEPER_N_FONTS)], .noise_seed = seed};
  p.rotation_deg = (int)between(&rng, 0, 6) - 3;
  p.margin_px = between(&rng, 8, 32);
  if (degraded) {
    p.size_px = between(&rng, KEEPER_SIZE_MIN, 12);
    p.foreground_gray = between(&rng, 110, 130), p.background_gray = between(&rng, 150, 170);
    p.noise_specks = between(&rng, 300, 600), p.blur_level = between(&rng, 10, KEEPER_BLUR_MAX + KEEPER_ADDED_BLUR_MAX);
  } else {
    p.size_px = between(&rng, b->size_min, b->size_max);
    p.foreground_gray = between(&rng, 0, 60), p.background_gray = between(&rng, 200, 255);
    p.noise_specks = between(&rng, 0, b->specks_max), p.blur_level = between(&rng, 0, b->blur_max);
  }
  return p;
}

render_params keeper_image_input(const char *text, uint64_t seed, int degraded) {
  static const clean_bounds legible = {20, 48, 20, 2};
  return draw_image(text, seed, degraded, &legible);
}

render_params keeper_image_input_within(const char *text, uint64_t seed, unsigned size_min, unsigned specks_max,
                                        unsigned blur_max) {
  const clean_bounds within = {size_min, KEEPER_SIZE_MAX, specks_max, blur_max};
  return draw_image(text, seed, 0, &within);
}

speech_rendering keeper_speech_input(int listening, uint64_t seed, int degraded) {
  mlf_rng rng;
  mlf_rng_seed(&rng, seed);
  speech_rendering r = {.listening = listening};
  r.voice.flite = mlf_rng_chance(&rng, 50);
  r.voice.voice = r.voice.flite ? speech_flite_voices[mlf_rng_below(&rng, speech_n_flite_voices)]
                                : speech_espeak_voices[mlf_rng_below(&rng, speech_n_espeak_voices)];
  r.voice.rate_wpm = between(&rng, 130, 210);
  r.voice.pitch = between(&rng, 30, 70);
  r.resampler = (speech_resampler)mlf_rng_below(&rng, SPEECH_N_RESAMPLERS);
  r.quality = between(&rng, 1, SPEECH_QUALITY_STEPS - 1);
  r.distortion.noise_seed = seed;
  r.distortion.lead_ms = between(&rng, 100, 300), r.distortion.trail_ms = between(&rng, 100, 300);
  if (degraded) {
    r.distortion.gain_db = -20.0;
    r.distortion.noise_dbfs = SPEECH_NOISE_MAX_DBFS - mlf_rng_unit(&rng) * 4;
  } else {
    r.distortion.gain_db = 0;
    r.distortion.noise_dbfs = -90.0 + mlf_rng_unit(&rng) * 30; /* inaudible to faint */
  }
  return r;
}
