/* Keeper over Tesseract 5.3 (Debian's libtesseract5 with tesseract-ocr-eng, C API): an OcrCase's
 * scene rendered by the text-to-image pseudo-inverse (pango/cairo, libpng, leptonica: a crash
 * there is reported as that library's), read by Tesseract, initialised once per process.
 * Oracles: crashes, sanitizer reports and hangs; the API contract (ocr_contract.h); the case's
 * metamorphic relation on a follow-up image, judged only when the base scene reads right
 * (ocr_relation.h). */
#include "image_decode.h"
#include "mlf_target.h"
#include "ocr_case.h"
#include "tess_engine.h"

static const ocr_engine tesseract = {"keeper_tesseract", "tesseract", tess_engine_read, &ocr_calibration_tesseract};

static void tesseract_init(void) {
  image_decode_init();
  tess_engine_init();
}

static void tesseract_run(const ProtobufCMessage *msg, mlf_run *run) {
  ocr_case_run((const Mlf__Keeper__OcrCase *)msg, &tesseract, NULL, run);
}

MLF_TARGET(keeper_tesseract, mlf__keeper__ocr_case__descriptor, tesseract_init, tesseract_run)
