# Keeper speech targets: keeper_pocketsphinx (PocketSphinx 0.8+5prealpha with
# pocketsphinx-en-us, hearing what the pseudo-inverse speaks) and keeper_speak (the
# pseudo-inverse's synthesisers, espeak-ng 1.51 and flite 2.2, and resamplers, libsamplerate
# 0.2.2, soxr 0.1.3 and speexdsp 1.2.1, themselves). All are Debian's prebuilt libraries; each
# target links its own support files and libraries only (the OCR half of the family has its
# own), named here as link groups in the library-room variables the Makefile reads.
LIB_keeper_synthesisers_LDFLAGS := -lespeak-ng -lflite_cmu_us_kal -lflite_cmu_us_kal16 -lflite_cmu_us_slt \
  -lflite_cmu_us_rms -lflite_cmu_us_awb -lflite_usenglish -lflite_cmulex -lflite
LIB_keeper_resamplers_LDFLAGS := -lsamplerate -lsoxr -lspeexdsp
LIB_keeper_pocketsphinx_LDFLAGS := -lpocketsphinx -lsphinxbase

# The pseudo-inverse (text -> synthesiser -> resampler -> distortions) and what judges speech.
KEEPER_SPEECH_RENDER_SRC := $(addprefix harnesses/keeper/,speech_audio.c speech_synth.c speech_espeak.c \
  speech_flite.c speech_resample.c speech_distort.c speech_render.c)
KEEPER_SPEECH_HEAR_SRC := $(addprefix harnesses/keeper/,speech_recognise.c speech_contract.c speech_relations.c)

keeper_pocketsphinx_SUPPORT := $(KEEPER_SPEECH_RENDER_SRC) $(KEEPER_SPEECH_HEAR_SRC)
keeper_pocketsphinx_LIBRARIES := keeper_synthesisers keeper_resamplers keeper_pocketsphinx
keeper_speak_SUPPORT := $(KEEPER_SPEECH_RENDER_SRC) harnesses/keeper/speech_resampler_agreement.c
keeper_speak_LIBRARIES := keeper_synthesisers keeper_resamplers

# pocketsphinx.h includes its siblings without a directory (<pocketsphinx_export.h>); the
# object path is spelled out because obj is defined after the families are included.
KEEPER_SPHINX_CFLAGS := -I/usr/include/pocketsphinx
define keeper_sphinx_cflags
$(BUILD)/$(1)/harnesses/keeper/speech_recognise.o: $(1)_CFLAGS += $(KEEPER_SPHINX_CFLAGS)
endef
$(foreach v,$(VARIANTS),$(eval $(call keeper_sphinx_cflags,$(v))))
