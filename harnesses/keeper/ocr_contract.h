/* The API contract of an OCR engine's reading (ocr_contract.c): confidences in [0, 100], word
 * boxes inside the image and not inverted, a word list consistent with the text (empty text
 * with words, or text without words, violates it), as many confidences as words, and
 * character counts that add up. Each violation is a finding
 * mlf:<target>:<library>:<call>:<kind>. */
#ifndef KEEPER_OCR_CONTRACT_H
#define KEEPER_OCR_CONTRACT_H
#include "mlf_report.h"
#include "ocr_reading.h"

/* Checks the reading; returns the number of violations raised. */
int ocr_contract_check(const ocr_reading *r, const char *target, const char *library, mlf_run *run);
#endif
