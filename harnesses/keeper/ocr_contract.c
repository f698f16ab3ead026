/* Contract checks on an OCR reading (ocr_contract.h). */
#include <stdarg.h>
#include <stdio.h>
#include "ocr_contract.h"
#include "ocr_text.h"

typedef struct {
  const char *target, *library;
  mlf_run *run;
  int raised;
} contract;

static void violation(contract *c, const char *call, const char *kind, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void violation(contract *c, const char *call, const char *kind, const char *fmt, ...) {
  char tag[MLF_TAG_MAX], detail[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(detail, sizeof detail, fmt, ap);
  va_end(ap);
  snprintf(tag, sizeof tag, "mlf:%s:%s:%s:%s", c->target, c->library, call, kind);
  mlf_finding(c->run, tag, "%s", detail);
  c->raised++;
}

static int confidence_ok(double v) { return v >= 0 && v <= 100; }

static void check_confidences(contract *c, const ocr_reading *r) {
  if (!confidence_ok(r->mean_confidence))
    violation(c, "TessBaseAPIMeanTextConf", "confidence-out-of-range", "mean confidence %d", r->mean_confidence);
  for (size_t i = 0; i < r->n_all_confidences; i++)
    if (!confidence_ok(r->all_confidences[i]))
      violation(c, "TessBaseAPIAllWordConfidences", "confidence-out-of-range", "word %zu: %d", i, r->all_confidences[i]);
  size_t kept = r->n_words < OCR_MAX_WORDS ? r->n_words : OCR_MAX_WORDS;
  for (size_t i = 0; i < kept; i++)
    if (!confidence_ok(r->words[i].confidence))
      violation(c, "TessResultIteratorConfidence", "confidence-out-of-range", "word %zu: %g", i, r->words[i].confidence);
  if (r->has_words && r->n_all_confidences != r->n_words)
    violation(c, "TessBaseAPIAllWordConfidences", "count-differs-from-words",
              "%zu confidences, %zu words from the iterator", r->n_all_confidences, r->n_words);
}

static void check_boxes(contract *c, const ocr_reading *r) {
  size_t kept = r->n_words < OCR_MAX_WORDS ? r->n_words : OCR_MAX_WORDS;
  for (size_t i = 0; i < kept; i++) {
    const ocr_word *w = &r->words[i];
    if (w->left < 0 || w->top < 0 || w->right > r->image_width || w->bottom > r->image_height ||
        w->left > w->right || w->top > w->bottom)
      violation(c, "TessPageIteratorBoundingBox", "box-outside-image",
                "word %zu box (%d, %d)-(%d, %d) in a %d x %d image", i, w->left, w->top, w->right,
                w->bottom, r->image_width, r->image_height);
  }
}

/* Text with no word, or words (with text) and no text. */
static void check_words_against_text(contract *c, const ocr_reading *r, const char *call) {
  size_t words_with_text = 0, kept = r->n_words < OCR_MAX_WORDS ? r->n_words : OCR_MAX_WORDS;
  for (size_t i = 0; i < kept; i++) words_with_text += !r->words[i].empty;
  size_t text_words = ocr_text_word_count(r->text);
  if ((text_words == 0) != (words_with_text == 0))
    violation(c, call, "text-and-words-inconsistent", "%zu word(s) in the text, %zu word(s) with text from the iterator",
              text_words, words_with_text);
}

int ocr_contract_check(const ocr_reading *r, const char *target, const char *library, mlf_run *run) {
  contract c = {target, library, run, 0};
  if (r->has_confidences) check_confidences(&c, r);
  if (r->has_words) {
    check_boxes(&c, r);
    check_words_against_text(&c, r, "TessBaseAPIGetUTF8Text");
  }
  if (r->has_char_counts) {
    if (r->chars_total != r->chars_in_lines)
      violation(&c, "OCRAD_result_chars_total", "char-counts-differ", "total %ld, sum over lines %ld",
                r->chars_total, r->chars_in_lines);
    if ((ocr_text_word_count(r->text) == 0) != (r->chars_total <= 0))
      violation(&c, "OCRAD_result_line", "text-and-chars-inconsistent", "%zu word(s) in the text, %ld character(s) counted",
                ocr_text_word_count(r->text), r->chars_total);
  }
  return c.raised;
}
