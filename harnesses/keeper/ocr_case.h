/* One OcrCase against one OCR engine (ocr_case.c): the scene rendered by the pseudo-inverse,
 * read by the engine, its reading checked against the API contract, then the case's relation
 * checked on a follow-up image. */
#ifndef KEEPER_OCR_CASE_H
#define KEEPER_OCR_CASE_H
#include "keeper.pb-c.h"
#include "mlf_report.h"
#include "ocr_reading.h"
#include "ocr_relation.h"
#include "scene_image.h"

typedef struct {
  const char *target;   /* the fuzz target, first part of its tags */
  const char *library;  /* the engine's library, second part */
  int (*read)(PIX *pix, ocr_reading *out, const char **failed_call);
  const ocr_relation_calibration *calibration; /* where and how its relations are judged */
} ocr_engine;

/* Reads the image (a rendering of p) under mlf_capture, logs the text, feeds back what it
 * read and checks the contract. 0, or -1 when the
 * engine refused the image (logged). */
int ocr_engine_run(const ocr_engine *e, const render_params *p, PIX *pix, ocr_reading *out, mlf_run *run);
/* The whole case; when base_out is given, the base image's reading is left there and the
 * function returns the base image (the caller destroys it), else NULL. */
PIX *ocr_case_run(const Mlf__Keeper__OcrCase *c, const ocr_engine *e, ocr_reading *base_out, mlf_run *run);
#endif
