/* Text comparison for the OCR oracles (ocr_text.h). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "ocr_text.h"

#define OCR_TEXT_MAX 512 /* readings longer than this are compared on their first bytes */

void ocr_text_normalize(const char *text, char *out, size_t out_len) {
  size_t n = 0;
  int pending_space = 0;
  for (const char *c = text ? text : ""; *c && n + 2 < out_len; c++) {
    if (isspace((unsigned char)*c)) {
      pending_space = n > 0;
      continue;
    }
    if (pending_space) out[n++] = ' ', pending_space = 0;
    out[n++] = *c;
  }
  out[n] = 0;
}

size_t ocr_text_distance(const char *a, const char *b) {
  char na[OCR_TEXT_MAX], nb[OCR_TEXT_MAX];
  ocr_text_normalize(a, na, sizeof na);
  ocr_text_normalize(b, nb, sizeof nb);
  size_t la = strlen(na), lb = strlen(nb), row[OCR_TEXT_MAX];
  for (size_t j = 0; j <= lb; j++) row[j] = j;
  for (size_t i = 1; i <= la; i++) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= lb; j++) {
      size_t up = row[j], best = diag + (na[i - 1] != nb[j - 1]);
      if (up + 1 < best) best = up + 1;
      if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
      diag = up, row[j] = best;
    }
  }
  return row[lb];
}

int ocr_text_reads_right(const char *reading, const char *truth) {
  return ocr_text_distance(reading, truth) == 0;
}

size_t ocr_text_word_count(const char *text) {
  size_t n = 0;
  for (const char *c = text ? text : ""; *c; c++)
    if (!isspace((unsigned char)*c) && (c == text || isspace((unsigned char)c[-1]))) n++;
  return n;
}
