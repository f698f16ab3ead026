/* The metamorphic relations between a scene's rendering and its follow-up (ImageRelation),
 * and their judge (ocr_relation.c). A relation is judged only where it is expected to hold
 * for the engine (its calibration: sizes in the recogniser's range, distortions below the
 * calibrated level) and only when the engine reads the base scene right (determinable); it
 * holds when the follow-up's reading is within the relation's measured tolerance of the text. */
#ifndef KEEPER_OCR_RELATION_H
#define KEEPER_OCR_RELATION_H
#include "keeper.pb-c.h"
#include "render_params.h"

typedef Mlf__Keeper__ImageRelation__Kind ocr_relation_kind;
typedef enum { RELATION_UNDETERMINED, RELATION_HOLDS, RELATION_VIOLATED } relation_verdict;

/* One engine's measured calibration (tests/keeper/calibrate_ocr_relations.c). */
typedef struct {
  unsigned min_size_px;      /* the recogniser's range starts here (up to KEEPER_SIZE_MAX) */
  unsigned max_added_specks; /* DISTORT is judged up to these added levels */
  unsigned max_added_blur;
  double tolerance[5];       /* per kind: edits per character of the text */
} ocr_relation_calibration;
extern const ocr_relation_calibration ocr_calibration_tesseract, ocr_calibration_ocrad;

/* The follow-up's rendering parameters for a relation that re-renders (TRANSLATE, SCALE,
 * DISTORT); PNG_ROUND_TRIP and NONE leave them as they are. */
render_params ocr_relation_follow_up(const render_params *base, const Mlf__Keeper__ImageRelation *rel);
/* 1 when the relation is inside the calibrated range for this base rendering (SCALE also
 * needs a scene without speckles: a scaled rendering re-draws them elsewhere). */
int ocr_relation_in_range(const ocr_relation_calibration *cal, const render_params *base,
                          const Mlf__Keeper__ImageRelation *rel);
relation_verdict ocr_relation_judge(const ocr_relation_calibration *cal, ocr_relation_kind kind, const char *truth,
                                    const char *base_reading, const char *follow_up_reading);
const char *ocr_relation_name(ocr_relation_kind kind);
#endif
