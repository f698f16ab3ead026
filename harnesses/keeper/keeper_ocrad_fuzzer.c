/* Keeper over GNU Ocrad 0.28 (Debian's libocrad-dev, ocradlib.h): an OcrCase's scene rendered by
 * the text-to-image pseudo-inverse, read by ocrad from the leptonica image as a greymap.
 * Oracles: crashes, sanitizer reports and hangs; ocrad's contract (character counts add up,
 * text and characters agree: ocr_contract.h); the case's relation (ocr_relation.h); and the
 * differential with Tesseract on the base image, counted only when determinable (at least one
 * engine reads the scene right): the engine that misreads gets a robustness failure
 * mlf:keeper_ocrad:<engine>:differential:misread. */
#include <stdlib.h>
#include "image_decode.h"
#include "mlf_target.h"
#include "ocr_case.h"
#include "ocr_differential.h"
#include "ocr_feedback.h"
#include "ocrad_engine.h"
#include "tess_engine.h"

static const ocr_engine ocrad = {"keeper_ocrad", "ocrad", ocrad_engine_read, &ocr_calibration_ocrad};
static const ocr_engine tesseract = {"keeper_ocrad", "tesseract", tess_engine_read, &ocr_calibration_tesseract};

static void ocrad_init(void) {
  image_decode_init();
  tess_engine_init();
}

static void differential(const render_params *p, const ocr_reading *by_ocrad, PIX *pix, mlf_run *run) {
  ocr_reading *by_tesseract = malloc(sizeof *by_tesseract);
  if (!by_tesseract) abort();
  int failing;
  if (!ocr_engine_run(&tesseract, p, pix, by_tesseract, run)) {
    differential_verdict v = ocr_differential_judge(p->text, by_ocrad->text, by_tesseract->text, &failing);
    mlf_log(run, "differential: %s", v == DIFFERENTIAL_UNDETERMINED ? "undetermined (neither reads it right)"
                                     : v == DIFFERENTIAL_AGREE      ? "both read it right"
                                                                    : "one engine misreads");
    ocr_feedback_verdict("differential", (int)v * 2 + (v == DIFFERENTIAL_FAILURE ? failing : 0), p);
    if (v == DIFFERENTIAL_FAILURE)
      mlf_finding(run, failing ? "mlf:keeper_ocrad:tesseract:differential:misread" : "mlf:keeper_ocrad:ocrad:differential:misread",
                  "\"%s\": ocrad read \"%.120s\", tesseract \"%.120s\"", p->text, by_ocrad->text, by_tesseract->text);
  }
  free(by_tesseract);
}

static void ocrad_run(const ProtobufCMessage *msg, mlf_run *run) {
  const Mlf__Keeper__OcrCase *c = (const Mlf__Keeper__OcrCase *)msg;
  ocr_reading *reading = malloc(sizeof *reading);
  if (!reading) abort();
  reading->text[0] = 0;
  PIX *pix = ocr_case_run(c, &ocrad, reading, run);
  render_params p = render_params_from_scene(c->scene);
  if (pix) differential(&p, reading, pix, run);
  pixDestroy(&pix);
  free(reading);
}

MLF_TARGET(keeper_ocrad, mlf__keeper__ocr_case__descriptor, ocrad_init, ocrad_run)
