/* What an OCR engine returned for one image, as the contract oracles see it (ocr_contract.h).
 * Engines fill what their API offers: Tesseract everything, ocrad text and lines only. */
#ifndef KEEPER_OCR_READING_H
#define KEEPER_OCR_READING_H
#include <stddef.h>

typedef struct {
  int left, top, right, bottom; /* the word's box in image pixels */
  float confidence;
  int empty;                    /* the iterator gave no text for the word */
} ocr_word;

#define OCR_MAX_WORDS 256
#define OCR_MAX_TEXT 2048

typedef struct {
  char text[OCR_MAX_TEXT];      /* the engine's whole text, truncated */
  int image_width, image_height;
  int has_confidences;          /* the engine reports confidences (Tesseract) */
  int mean_confidence;
  int all_confidences[OCR_MAX_WORDS];
  size_t n_all_confidences;     /* entries before the terminating -1 */
  int has_words;                /* the engine reports word boxes (Tesseract) */
  ocr_word words[OCR_MAX_WORDS];
  size_t n_words;               /* iterated at word level (more than OCR_MAX_WORDS: only counted) */
  long chars_total, chars_in_lines; /* ocrad: its character total and the sum over lines */
  int has_char_counts;
} ocr_reading;
#endif
