/* The Tesseract engine (tess_engine.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tesseract/capi.h>
#include "tess_engine.h"

static TessBaseAPI *api;

void tess_engine_init(void) {
  if (api) return;
  api = TessBaseAPICreate();
  if (TessBaseAPIInit3(api, NULL, "eng")) {
    fprintf(stderr, "keeper: TessBaseAPIInit3(eng) failed: is tesseract-ocr-eng installed?\n");
    abort();
  }
}

static void read_words(ocr_reading *out) {
  TessResultIterator *it = TessBaseAPIGetIterator(api);
  if (!it) return;
  TessPageIterator *page = TessResultIteratorGetPageIterator(it);
  do {
    ocr_word w = {0};
    if (!TessPageIteratorBoundingBox(page, RIL_WORD, &w.left, &w.top, &w.right, &w.bottom)) continue;
    char *text = TessResultIteratorGetUTF8Text(it, RIL_WORD);
    w.empty = !text || !*text;
    TessDeleteText(text);
    w.confidence = TessResultIteratorConfidence(it, RIL_WORD);
    if (out->n_words < OCR_MAX_WORDS) out->words[out->n_words] = w;
    out->n_words++;
  } while (TessResultIteratorNext(it, RIL_WORD));
  TessResultIteratorDelete(it);
}

int tess_engine_read(PIX *pix, ocr_reading *out, const char **failed_call) {
  memset(out, 0, sizeof *out);
  out->image_width = (int)pixGetWidth(pix), out->image_height = (int)pixGetHeight(pix);
  out->has_confidences = out->has_words = 1;
  TessBaseAPISetImage2(api, pix);
  if (TessBaseAPIRecognize(api, NULL)) {
    TessBaseAPIClear(api);
    *failed_call = "TessBaseAPIRecognize";
    return -1;
  }
  char *text = TessBaseAPIGetUTF8Text(api);
  snprintf(out->text, sizeof out->text, "%s", text ? text : "");
  TessDeleteText(text);
  out->mean_confidence = TessBaseAPIMeanTextConf(api);
  int *confidences = TessBaseAPIAllWordConfidences(api);
  for (size_t i = 0; confidences && confidences[i] >= 0; i++)
    if (out->n_all_confidences < OCR_MAX_WORDS) out->all_confidences[out->n_all_confidences++] = confidences[i];
  TessDeleteIntArray(confidences);
  read_words(out);
  TessBaseAPIClear(api);
  return 0;
}
