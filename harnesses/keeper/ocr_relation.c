/* Relations and their judge (ocr_relation.h).
 * Calibration, MEASURED with tests/keeper/calibrate_ocr_relations.c (2026-11-27, Tesseract
 * 5.3.0-2 with tesseract-ocr-eng 1:4.1.0-2, ocrad 0.28-3; its output is
 * tests/keeper/calibrate_ocr_relations.out): 120 scenes (10 texts x 12 fonts,
 * black on white, 28 px, margin 12). Rules (chosen after a first look at the numbers: a 95 %
 * rule would have left ocrad only 64 px, its 52 px reading 94 %):
 *   size range: from the smallest calibration size at which the engine reads at least 90 % as
 *     many scenes right as at its best size (Tesseract: best 107/120 at 40-64 px, 99 at 16 px,
 *     91 at 14 px: from 16 px; ocrad: best 84/120 at 64 px, 82 at 40, 79 at 52, 63 at 28:
 *     from 40 px); SCALE is judged when the follow-up's size is in the range;
 *   distortion level: the largest calibration level at which at least 90 % of the follow-ups
 *     of scenes read right still read right (Tesseract: speckles 1, 2, 5, 10 per 10000 pixels
 *     keep 104, 104, 96, 90 of 104: up to 5; blur quarters 1, 2, 4, 8 keep 101, 101, 100, 88 of
 *     104: up to 4. ocrad: speckles 1, 2 keep 60, 53 of 63: up to 1; blur 1 keeps 43 of 63: none);
 *   tolerance: the 95th percentile of the follow-ups' edits per character over the in-range
 *     levels. It is 0 for every relation and both engines: TRANSLATE (dx, dy up to 64) kept
 *     every reading (416 pairs for Tesseract, 252 for ocrad); SCALE in range misread 1 of 104
 *     per level for Tesseract at 125/150/200 % (2 of 104 at 75 %), 1 and 3 of 63 for ocrad at
 *     150/200 %; DISTORT in range misread 18 of 624 pooled for Tesseract (2.9 %), 3 of 63 for
 *     ocrad; PNG_ROUND_TRIP hands the engine the same pixels (checked with pixEqual). So any
 *     misread follow-up in range is a robustness failure, as rare as these rates say. */
#include <string.h>
#include "ocr_relation.h"
#include "ocr_text.h"

render_params ocr_relation_follow_up(const render_params *base, const Mlf__Keeper__ImageRelation *rel) {
  render_params p = *base;
  switch (rel->kind) {
  case MLF__KEEPER__IMAGE_RELATION__KIND__TRANSLATE: p.extra_left = rel->dx, p.extra_top = rel->dy; break;
  case MLF__KEEPER__IMAGE_RELATION__KIND__SCALE: p.size_px = (base->size_px * rel->scale_percent + 50) / 100; break;
  case MLF__KEEPER__IMAGE_RELATION__KIND__DISTORT:
    p.noise_specks += rel->added_specks, p.blur_level += rel->added_blur;
    break;
  default: break;
  }
  return p;
}

const ocr_relation_calibration ocr_calibration_tesseract = {.min_size_px = 16, .max_added_specks = 5, .max_added_blur = 4, .tolerance = {0, 0, 0, 0, 0}};
const ocr_relation_calibration ocr_calibration_ocrad = {.min_size_px = 40, .max_added_specks = 1, .max_added_blur = 0, .tolerance = {0, 0, 0, 0, 0}};

int ocr_relation_in_range(const ocr_relation_calibration *cal, const render_params *base,
                          const Mlf__Keeper__ImageRelation *rel) {
  render_params p = ocr_relation_follow_up(base, rel);
  switch (rel->kind) {
  /* Scaling re-draws seeded speckles at the new canvas's positions: only speckle-free scenes. */
  case MLF__KEEPER__IMAGE_RELATION__KIND__SCALE: return p.size_px >= cal->min_size_px && !base->noise_specks;
  case MLF__KEEPER__IMAGE_RELATION__KIND__DISTORT:
    return rel->added_specks <= cal->max_added_specks && rel->added_blur <= cal->max_added_blur;
  default: return 1;
  }
}

relation_verdict ocr_relation_judge(const ocr_relation_calibration *cal, ocr_relation_kind kind, const char *truth,
                                    const char *base_reading, const char *follow_up_reading) {
  if (!ocr_text_reads_right(base_reading, truth)) return RELATION_UNDETERMINED;
  double tolerance = (unsigned)kind < sizeof cal->tolerance / sizeof *cal->tolerance ? cal->tolerance[kind] : 0;
  size_t len = strlen(truth);
  double edits = (double)ocr_text_distance(follow_up_reading, truth);
  return edits <= tolerance * (double)(len ? len : 1) ? RELATION_HOLDS : RELATION_VIOLATED;
}

const char *ocr_relation_name(ocr_relation_kind kind) {
  switch (kind) {
  case MLF__KEEPER__IMAGE_RELATION__KIND__TRANSLATE: return "translate";
  case MLF__KEEPER__IMAGE_RELATION__KIND__SCALE: return "scale";
  case MLF__KEEPER__IMAGE_RELATION__KIND__PNG_ROUND_TRIP: return "png-round-trip";
  case MLF__KEEPER__IMAGE_RELATION__KIND__DISTORT: return "distort";
  default: return "none";
  }
}
