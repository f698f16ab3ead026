/* The metamorphic relations between a scene's rendering and its follow-up (ImageRelation),
 * and their judge (ocr_relation.c). A relation is judged only when the engine reads the base
 * scene right (determinable); it holds when the follow-up's reading is within the relation's
 * measured tolerance of the text. */
#ifndef KEEPER_OCR_RELATION_H
#define KEEPER_OCR_RELATION_H
#include "keeper.pb-c.h"
#include "render_params.h"

typedef Mlf__Keeper__ImageRelation__Kind ocr_relation_kind;
typedef enum { RELATION_UNDETERMINED, RELATION_HOLDS, RELATION_VIOLATED } relation_verdict;

/* The follow-up's rendering parameters for a relation that re-renders (TRANSLATE, SCALE,
 * DISTORT); PNG_ROUND_TRIP and NONE leave them as they are. */
render_params ocr_relation_follow_up(const render_params *base, const Mlf__Keeper__ImageRelation *rel);
/* Edits per character of the text the relation tolerates (measured: ocr_relation.c). */
double ocr_relation_tolerance(ocr_relation_kind kind);
relation_verdict ocr_relation_judge(ocr_relation_kind kind, const char *truth, const char *base_reading,
                                    const char *follow_up_reading);
const char *ocr_relation_name(ocr_relation_kind kind);
#endif
