# The Keeper loop (scripts/bench-keeper.sh, run by make bench): bench/keeper/keeper_loop.c and
# its helpers, the evaluation subjects (bench/keeper/subjects/: code written here with planted
# defects, never fuzz targets), over the family's pseudo-inverses and engines
# (harnesses/keeper/: renderer, Tesseract, ocrad, synthesisers, resamplers, PocketSphinx) and
# two tools for the repairs: WordNet (wordnet-dev) and LIBLINEAR (liblinear-dev). A plain
# optimized build like the other benches; the subjects' crashes happen in forked children.
KEEPER_LOOP_HARNESS_SRC := $(KEEPER_RENDER_SRC) harnesses/keeper/tess_engine.c harnesses/keeper/ocrad_engine.c \
  $(KEEPER_SPEECH_RENDER_SRC) harnesses/keeper/speech_recognise.c
# The engine-pair bench's own files (below) stay out of the loop's link.
KEEPER_PAIRS_OWN_SRC := bench/keeper/keeper_engine_pairs.c bench/keeper/keeper_pairs.c
KEEPER_LOOP_SRC := $(filter-out bench/keeper/keeper_loop.c $(KEEPER_PAIRS_OWN_SRC),$(wildcard bench/keeper/*.c)) \
  $(wildcard bench/keeper/subjects/*.c)
KEEPER_LOOP_CFLAGS := -Ibench/keeper -Ibench/keeper/subjects $(KEEPER_OCR_CFLAGS) $(KEEPER_SPHINX_CFLAGS)
KEEPER_LOOP_LDFLAGS := $(KEEPER_OCR_LDFLAGS) $(LIB_keeper_synthesisers_LDFLAGS) $(LIB_keeper_resamplers_LDFLAGS) \
  $(LIB_keeper_pocketsphinx_LDFLAGS) -lwordnet -llinear
$(OUT)/bench/keeper_loop: bench/keeper/keeper_loop.c $(KEEPER_LOOP_SRC) $(KEEPER_LOOP_HARNESS_SRC) $(SHARED_SRC) \
  $(call family_mutators,keeper) $(call family_registry,keeper) $(ALL_GEN_H) \
  $(wildcard bench/keeper/*.h bench/keeper/subjects/*.h harnesses/keeper/*.h mutators/keeper/*.h oracles/*.h)
	@mkdir -p $(@D)
	$(CLANG) $(WARN) -O2 -g $(INCLUDES) $(call family_includes,keeper) $(KEEPER_LOOP_CFLAGS) $(filter %.c,$^) \
	  $(KEEPER_LOOP_LDFLAGS) $(LINK_LIBS) -o $@
bench: $(OUT)/bench/keeper_loop
# The engine pairs (keeper_engine_pairs.c: determinable failures per hour of Tesseract against
# ocrad, and of PocketSphinx's language model against its grammars), over the loop's input
# generation and forked execution, the OCR differential's judge and the engines' calibration.
KEEPER_PAIRS_SRC := $(KEEPER_PAIRS_OWN_SRC) $(addprefix bench/keeper/,keeper_exec.c keeper_inputs.c keeper_random.c) \
  $(KEEPER_LOOP_HARNESS_SRC) $(addprefix harnesses/keeper/,ocr_differential.c ocr_relation.c speech_relations.c)
$(OUT)/bench/keeper_engine_pairs: $(KEEPER_PAIRS_SRC) $(SHARED_SRC) $(call family_mutators,keeper) \
  $(call family_registry,keeper) $(ALL_GEN_H) $(wildcard bench/keeper/*.h harnesses/keeper/*.h mutators/keeper/*.h oracles/*.h)
	@mkdir -p $(@D)
	$(CLANG) $(WARN) -O2 -g $(INCLUDES) $(call family_includes,keeper) $(KEEPER_LOOP_CFLAGS) $(filter %.c,$^) \
	  $(KEEPER_OCR_LDFLAGS) $(LIB_keeper_synthesisers_LDFLAGS) $(LIB_keeper_resamplers_LDFLAGS) \
	  $(LIB_keeper_pocketsphinx_LDFLAGS) $(LINK_LIBS) -o $@
bench: $(OUT)/bench/keeper_engine_pairs
# The byte-level baselines (bench/keeper/bytes/, yardsticks, not targets), libFuzzer builds
# sanitized so a subject's crash is caught: raw bytes as the API's output given to the subject
# (keeper_subject_bytes), and raw bytes as the image or audio the subject's real API reads
# (keeper_media_bytes, over the same engines as the loop).
$(OUT)/bench/keeper_subject_bytes: bench/keeper/bytes/keeper_subject_bytes.c bench/keeper/bytes/subject_outcomes.c \
  $(wildcard bench/keeper/subjects/*.c bench/keeper/subjects/*.h bench/keeper/bytes/*.h) mutators/keeper/speech_grammar_ids.h
	@mkdir -p $(@D)
	$(CLANG) $(WARN) -O1 -g -Ibench/keeper/subjects -Imutators/keeper $(SAN) -fsanitize=fuzzer $(filter %.c,$^) -o $@
$(OUT)/bench/keeper_media_bytes: bench/keeper/bytes/keeper_media_bytes.c bench/keeper/bytes/subject_outcomes.c \
  $(wildcard bench/keeper/subjects/*.c) $(KEEPER_LOOP_HARNESS_SRC) $(SHARED_SRC) $(call family_mutators,keeper) \
  $(call family_registry,keeper) $(ALL_GEN_H) $(wildcard bench/keeper/subjects/*.h bench/keeper/bytes/*.h harnesses/keeper/*.h)
	@mkdir -p $(@D)
	$(CLANG) $(WARN) -O1 -g $(INCLUDES) $(call family_includes,keeper) $(KEEPER_LOOP_CFLAGS) $(SAN) -fsanitize=fuzzer \
	  $(filter %.c,$^) $(KEEPER_LOOP_LDFLAGS) $(LINK_LIBS) -o $@
bench: $(OUT)/bench/keeper_subject_bytes $(OUT)/bench/keeper_media_bytes
