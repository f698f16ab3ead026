# Keeper OCR tests: each links the harness code it drives and the Debian libraries under it
# (harnesses/keeper/ocr.mk: KEEPER_RENDER_SRC, KEEPER_OCR_SRC, KEEPER_OCR_LDFLAGS).
KEEPER_OCR_TEST_SRC := $(KEEPER_OCR_SRC) harnesses/keeper/tess_engine.c harnesses/keeper/ocrad_engine.c \
  harnesses/keeper/ocr_differential.c harnesses/keeper/render_check.c
# The relation calibration (run by hand; not part of make check): tests/keeper/calibrate_ocr_relations.c.
$(OUT)/tools/calibrate_ocr_relations: $(BUILD)/tests/keeper/calibrate_ocr_relations.o \
  $(call obj,unit,$(KEEPER_OCR_TEST_SRC) $(SHARED_SRC) $(call family_mutators,keeper) $(call family_registry,keeper))
	@mkdir -p $(@D)
	$(CLANG) $(SAN) $^ $(KEEPER_OCR_LDFLAGS) -lprotobuf-c -lm -o $@
# The unit tests drive the harness code directly (renderer, engines, judges) over the Debian
# libraries.
KEEPER_OCR_TESTS := $(addprefix $(OUT)/tests/,test_keeper_render test_keeper_contract test_keeper_relations)
$(KEEPER_OCR_TESTS): $(call obj,unit,$(KEEPER_OCR_TEST_SRC))
$(KEEPER_OCR_TESTS): TEST_LDLIBS := $(KEEPER_OCR_LDFLAGS)
