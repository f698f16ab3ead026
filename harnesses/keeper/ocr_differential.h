/* The differential between two OCR engines on the same image (ocr_differential.c), counted
 * only when determinable: at least one engine reads the scene right (as CrossASR does). */
#ifndef KEEPER_OCR_DIFFERENTIAL_H
#define KEEPER_OCR_DIFFERENTIAL_H
#include "mlf_report.h"

typedef enum { DIFFERENTIAL_UNDETERMINED, DIFFERENTIAL_AGREE, DIFFERENTIAL_FAILURE } differential_verdict;

/* The verdict from whether each of two recognisers read the scene right, for any pair (the
 * OCR judge below; the speech pair of bench/keeper/keeper_engine_pairs.c). */
differential_verdict differential_from_rights(int first_right, int second_right, int *failing_engine);
/* UNDETERMINED when neither reading is right; FAILURE when one is right and the other is not
 * (which one in *failing_engine: 0 the first, 1 the second); AGREE when both are right. */
differential_verdict ocr_differential_judge(const char *truth, const char *first, const char *second,
                                            int *failing_engine);
#endif
