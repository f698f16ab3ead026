# The Keeper loop's test (tests/keeper/test_keeper_loop.c): the loop's code and the evaluation
# subjects (bench/keeper/, bench/keeper/subjects/) over the family's pseudo-inverses and
# engines, WordNet and LIBLINEAR (the link line of bench/keeper/bench.mk, sanitized).
# (Not the other benches' mains nor the engine-pair counter: bench/keeper/bench.mk.)
KEEPER_LOOP_TEST_SRC := $(filter-out $(addprefix bench/keeper/,keeper_loop.c keeper_engine_pairs.c keeper_pairs.c), \
  $(wildcard bench/keeper/*.c)) \
  $(wildcard bench/keeper/subjects/*.c) $(KEEPER_RENDER_SRC) harnesses/keeper/tess_engine.c \
  harnesses/keeper/ocrad_engine.c $(KEEPER_SPEECH_RENDER_SRC) harnesses/keeper/speech_recognise.c
$(BUILD)/unit/bench/keeper/%.o: unit_CFLAGS += -Ibench/keeper -Ibench/keeper/subjects $(KEEPER_OCR_CFLAGS) $(KEEPER_SPHINX_CFLAGS)
$(BUILD)/tests/keeper/test_keeper_loop.o: unit_CFLAGS += -Ibench/keeper -Ibench/keeper/subjects $(KEEPER_OCR_CFLAGS) $(KEEPER_SPHINX_CFLAGS)
$(OUT)/tests/test_keeper_loop: $(call obj,unit,$(KEEPER_LOOP_TEST_SRC))
$(OUT)/tests/test_keeper_loop: TEST_LDLIBS := $(KEEPER_OCR_LDFLAGS) $(LIB_keeper_synthesisers_LDFLAGS) \
  $(LIB_keeper_resamplers_LDFLAGS) $(LIB_keeper_pocketsphinx_LDFLAGS) -lwordnet -llinear
# The engine-pair counter's test (tests/keeper/test_keeper_pairs.c): planted readings, no engine.
$(BUILD)/tests/keeper/test_keeper_pairs.o: unit_CFLAGS += -Ibench/keeper -Ibench/keeper/subjects
$(OUT)/tests/test_keeper_pairs: $(call obj,unit,bench/keeper/keeper_pairs.c $(addprefix harnesses/keeper/,ocr_differential.c \
  ocr_text.c speech_relations.c))
