# Keeper speech tests. Each links the pseudo-inverse and judge files it drives and the Debian
# libraries behind them (harnesses/keeper/speech.mk names the link groups).
KEEPER_SPEECH_TEST_LIBS := $(LIB_keeper_synthesisers_LDFLAGS) $(LIB_keeper_resamplers_LDFLAGS) \
  $(LIB_keeper_pocketsphinx_LDFLAGS)
KEEPER_SPEECH_TEST_OBJS := $(call obj,unit,$(KEEPER_SPEECH_RENDER_SRC) $(KEEPER_SPEECH_HEAR_SRC) \
  harnesses/keeper/speech_resampler_agreement.c)

# The tolerance measurement (tests/keeper/speech_calibrate.c): a tool, not a test; optimised
# and unsanitised so it measures the libraries in minutes.
$(OUT)/tools/keeper_speech_calibrate: tests/keeper/speech_calibrate.c $(KEEPER_SPEECH_RENDER_SRC) \
  $(KEEPER_SPEECH_HEAR_SRC) harnesses/keeper/speech_resampler_agreement.c oracles/mlf_guard.c oracles/mlf_capture.c oracles/mlf_profile.c oracles/mlf_report.c \
  $(call family_registry,keeper) \
  mutators/keeper/speech_grammar.c mutators/keeper/speech_vocabulary.c $(BUILD)/gen/keeper/keeper_speech.pb-c.c $(ALL_GEN_H)
	@mkdir -p $(@D)
	$(CLANG) $(WARN) -O2 -g $(INCLUDES) $(call family_includes,keeper) $(KEEPER_SPHINX_CFLAGS) \
	  $(filter %.c,$^) $(KEEPER_SPEECH_TEST_LIBS) -lprotobuf-c -lm -o $@

# The judges, contract, grammars and scene mutators (no synthesis or decoding happens, but
# speech_relations.c links the rendering code).
$(OUT)/tests/test_keeper_speech_judges: $(KEEPER_SPEECH_TEST_OBJS)
$(OUT)/tests/test_keeper_speech_judges: TEST_LDLIBS := $(KEEPER_SPEECH_TEST_LIBS)
# The pipeline on the real libraries: synthesis, resampling, distortions, and PocketSphinx
# hearing plain seeds right (a few seconds).
$(OUT)/tests/test_keeper_speech_pipeline: $(KEEPER_SPEECH_TEST_OBJS)
$(OUT)/tests/test_keeper_speech_pipeline: TEST_LDLIBS := $(KEEPER_SPEECH_TEST_LIBS)
