/* flite synthesis with the voices flite1-dev registers (cmu_us_kal at 8 kHz, kal16, and the
 * 16 kHz unit-selection voices slt, rms, awb): flite_init and each voice's registration run
 * once per process; rate (duration_stretch) and pitch (int_f0_target_mean) are set on the
 * voice before every utterance, so nothing carries over between inputs. */
#include <flite/flite.h>
#include <string.h>
#include "mlf_guard.h"
#include "speech_flite.h"

cst_voice *register_cmu_us_kal(const char *voxdir);
cst_voice *register_cmu_us_kal16(const char *voxdir);
cst_voice *register_cmu_us_slt(const char *voxdir);
cst_voice *register_cmu_us_rms(const char *voxdir);
cst_voice *register_cmu_us_awb(const char *voxdir);

static const struct {
  const char *name;
  cst_voice *(*reg)(const char *);
} flite_voices[] = {{"kal", register_cmu_us_kal}, {"kal16", register_cmu_us_kal16},
                    {"slt", register_cmu_us_slt}, {"rms", register_cmu_us_rms},
                    {"awb", register_cmu_us_awb}};
#define N_FLITE_VOICES (sizeof flite_voices / sizeof *flite_voices)
static cst_voice *registered[N_FLITE_VOICES];

static cst_voice *flite_voice(const char *name) {
  static int initialised;
  if (!initialised) flite_init(), initialised = 1;
  for (size_t i = 0; i < N_FLITE_VOICES; i++)
    if (!strcmp(name, flite_voices[i].name)) {
      if (!registered[i]) registered[i] = flite_voices[i].reg(NULL);
      return registered[i];
    }
  return NULL;
}

int speech_flite_synthesise(const speech_voice_params *p, const char *text, speech_audio *out, const char **why) {
  cst_voice *v = flite_voice(p->voice);
  if (!v) return *why = "not a registered flite voice", -1;
  /* espeak-ng's 175 wpm is flite's normal speed; pitch 0..100 spans 60..200 Hz. */
  feat_set_float(v->features, "duration_stretch", 175.0f / (float)p->rate_wpm);
  feat_set_float(v->features, "int_f0_target_mean", 60.0f + 1.4f * (float)p->pitch);
  size_t len = strlen(text) + 1;
  char *guarded = mlf_guard_alloc(len, 1, MLF_GUARD_TAIL, "flite text");
  memcpy(guarded, text, len);
  cst_wave *w = flite_text_to_wave(guarded, v);
  mlf_guard_free(guarded);
  if (!w) return *why = "flite_text_to_wave returned no wave", -1;
  speech_audio_open(out, cst_wave_sample_rate(w), 0, "flite samples");
  speech_audio_append_pcm16(out, cst_wave_samples(w), (size_t)cst_wave_num_samples(w));
  delete_wave(w);
  return 0;
}
