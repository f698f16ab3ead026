/* Tesseract 5.3 through its C API (tesseract/capi.h) with the installed English model:
 * one engine per process (tess_engine.c). */
#ifndef KEEPER_TESS_ENGINE_H
#define KEEPER_TESS_ENGINE_H
#include <leptonica/allheaders.h>
#include "ocr_reading.h"

/* TessBaseAPICreate and TessBaseAPIInit3(NULL: the installed tessdata, "eng"); aborts when the
 * model does not load (the target cannot run without it). Once per process. */
void tess_engine_init(void);
/* Recognises the image and fills the reading: UTF-8 text, mean and per-word confidences, the
 * word boxes and confidences from the result iterator. 0, or -1 when Recognize failed (its
 * name in *failed_call). */
int tess_engine_read(PIX *pix, ocr_reading *out, const char **failed_call);
#endif
