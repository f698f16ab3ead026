/* OCR semantic feedback (ocr_feedback.h). Numbers are bucketed so a feature means a kind of
 * behaviour, not a value. */
#include <string.h>
#include "keeper_image_bounds.h"
#include "mlf_feedback.h"
#include "ocr_feedback.h"
#include "ocr_text.h"

static const char *const fonts[KEEPER_N_FONTS] = {KEEPER_FONTS};

static uint32_t font_index(const char *font) {
  for (uint32_t i = 0; i < KEEPER_N_FONTS; i++)
    if (!strcmp(font, fonts[i])) return i;
  return KEEPER_N_FONTS;
}

/* 0, 1, 2-3, 4-7, ...: the bit length. */
static uint32_t log_bucket(unsigned long v) {
  uint32_t b = 0;
  while (v) b++, v >>= 1;
  return b;
}

void ocr_feedback_rendering(const render_params *p, int width, int height) {
  uint32_t font = font_index(p->font);
  mlf_feedback_hit(mlf_feature("keeper:font-size", font, p->size_px / 8));
  mlf_feedback_hit(mlf_feature("keeper:font-rotation", font, (uint32_t)(p->rotation_deg + KEEPER_ROTATION_MAX) / 5));
  mlf_feedback_hit(mlf_feature("keeper:texture", (uint32_t)p->texture * 16 + p->texture_strength / 16, p->blur_level));
  mlf_feedback_hit(mlf_feature("keeper:specks-contrast", log_bucket(p->noise_specks),
                               (uint32_t)(p->foreground_gray > p->background_gray ? p->foreground_gray - p->background_gray
                                                                                   : p->background_gray - p->foreground_gray) / 32));
  mlf_feedback_hit(mlf_feature("keeper:canvas", log_bucket((unsigned long)width), log_bucket((unsigned long)height)));
}

void ocr_feedback_reading(const char *library, const render_params *p, const ocr_reading *r) {
  uint32_t font = font_index(p->font), edits = (uint32_t)ocr_text_distance(r->text, p->text);
  mlf_feedback_hit(mlf_feature(library, font * 64 + log_bucket(edits), log_bucket(ocr_text_word_count(r->text))));
  if (r->has_confidences)
    mlf_feedback_hit(mlf_feature(library, 1000 + font, (uint32_t)(r->mean_confidence < 0 ? 0 : r->mean_confidence / 10 + 1)));
  if (r->has_words) mlf_feedback_hit(mlf_feature(library, 2000 + log_bucket(r->n_words), log_bucket(r->n_all_confidences)));
}

void ocr_feedback_verdict(const char *name, int verdict, const render_params *p) {
  mlf_feedback_hit(mlf_feature(name, font_index(p->font) * 8 + (uint32_t)verdict, p->size_px / 8));
}
