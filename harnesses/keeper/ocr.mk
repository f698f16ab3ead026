# Keeper OCR targets: the text-to-image pseudo-inverse (pango over cairo and FreeType, fonts
# by fontconfig family, libpng16 to encode, leptonica to decode: Debian's binaries) under
# keeper_render, Tesseract 5.3 under keeper_tesseract, ocrad (with the Tesseract differential)
# under keeper_ocrad. Each target links only what it runs.
KEEPER_OCR_PKGS := pangocairo libpng16 lept
KEEPER_OCR_CFLAGS := $(shell pkg-config --cflags $(KEEPER_OCR_PKGS) tesseract)
KEEPER_RENDER_SRC := $(addprefix harnesses/keeper/,render_params.c render_canvas.c render_distort.c png_encode.c \
  image_decode.c scene_image.c lsan_fontconfig.c ocr_feedback.c ocr_text.c)
KEEPER_OCR_SRC := $(KEEPER_RENDER_SRC) $(addprefix harnesses/keeper/,ocr_contract.c ocr_relation.c ocr_case.c)
keeper_render_SUPPORT := $(KEEPER_RENDER_SRC) $(addprefix harnesses/keeper/,render_check.c ocr_relation.c)
keeper_tesseract_SUPPORT := $(KEEPER_OCR_SRC) harnesses/keeper/tess_engine.c
keeper_ocrad_SUPPORT := $(KEEPER_OCR_SRC) harnesses/keeper/tess_engine.c harnesses/keeper/ocrad_engine.c \
  harnesses/keeper/ocr_differential.c
# The Debian libraries, as two link sets named here (no room under harnesses/libraries/: only
# these targets use them, and the speech targets link neither): the renderer's, and the OCR
# engines'.
LIB_keeper_renderer_LDFLAGS := $(shell pkg-config --libs $(KEEPER_OCR_PKGS))
LIB_keeper_ocr_engines_LDFLAGS := $(shell pkg-config --libs tesseract) -locrad -lstdc++
KEEPER_OCR_LDFLAGS := $(LIB_keeper_renderer_LDFLAGS) $(LIB_keeper_ocr_engines_LDFLAGS)
keeper_render_LIBRARIES := keeper_renderer
keeper_tesseract_LIBRARIES := keeper_renderer keeper_ocr_engines
keeper_ocrad_LIBRARIES := keeper_renderer keeper_ocr_engines
# The renderer's and engines' headers, for every build of the family's code and its tests.
$(foreach v,$(VARIANTS),$(eval $(BUILD)/$(v)/harnesses/keeper/%.o: $(v)_CFLAGS += $(KEEPER_OCR_CFLAGS)))
$(BUILD)/tests/keeper/%.o: unit_CFLAGS += $(KEEPER_OCR_CFLAGS)
