/* Semantic feedback for the OCR targets (ocr_feedback.c): the libraries are uninstrumented
 * Debian binaries, so what an execution did becomes features (oracles/mlf_feedback.h): the
 * rendering's font, size, rotation and distortions; each engine's reading (read right or not,
 * edits, words, mean confidence) per font; each relation's and the differential's verdict. */
#ifndef KEEPER_OCR_FEEDBACK_H
#define KEEPER_OCR_FEEDBACK_H
#include "ocr_reading.h"
#include "render_params.h"

void ocr_feedback_rendering(const render_params *p, int width, int height);
void ocr_feedback_reading(const char *library, const render_params *p, const ocr_reading *r);
/* A verdict (relation or differential, by name) on a rendering. */
void ocr_feedback_verdict(const char *name, int verdict, const render_params *p);
#endif
