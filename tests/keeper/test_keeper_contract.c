/* The OCR contract oracles (harnesses/keeper/ocr_contract.h): real readings of a rendered
 * scene by Tesseract and ocrad pass them; each planted violation is caught with its tag: a
 * confidence outside [0, 100] (mean, per word from AllWordConfidences, per word from the
 * iterator), a word box outside the image or inverted, text without words and words without
 * text, a confidence count different from the word count, ocrad's character counts that do
 * not add up. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "image_decode.h"
#include "ocr_contract.h"
#include "ocrad_engine.h"
#include "scene_image.h"
#include "tess_engine.h"

static mlf_run run;
static ocr_reading tesseract_reading, ocrad_reading, planted;

/* The one finding the reading raises, or "" when none. */
static const char *verdict(const ocr_reading *r, const char *library) {
  mlf_run_reset(&run);
  ocr_contract_check(r, "keeper_test", library, &run);
  assert_true(run.n_findings <= 1);
  return run.n_findings ? run.findings[0].tag : "";
}

static void test_real_readings_pass(void **state) {
  (void)state;
  assert_string_equal(verdict(&tesseract_reading, "tesseract"), "");
  assert_true(tesseract_reading.n_words == 2 && tesseract_reading.n_all_confidences == 2);
  assert_string_equal(verdict(&ocrad_reading, "ocrad"), "");
  assert_true(ocrad_reading.chars_total > 0);
}

static void test_confidence_out_of_range(void **state) {
  (void)state;
  planted = tesseract_reading, planted.mean_confidence = 101;
  assert_string_equal(verdict(&planted, "tesseract"), "mlf:keeper_test:tesseract:TessBaseAPIMeanTextConf:confidence-out-of-range");
  planted = tesseract_reading, planted.all_confidences[1] = 250;
  assert_string_equal(verdict(&planted, "tesseract"), "mlf:keeper_test:tesseract:TessBaseAPIAllWordConfidences:confidence-out-of-range");
  planted = tesseract_reading, planted.words[0].confidence = -0.5f;
  assert_string_equal(verdict(&planted, "tesseract"), "mlf:keeper_test:tesseract:TessResultIteratorConfidence:confidence-out-of-range");
}

static void test_box_outside_image(void **state) {
  (void)state;
  planted = tesseract_reading, planted.words[1].right = planted.image_width + 1;
  assert_string_equal(verdict(&planted, "tesseract"), "mlf:keeper_test:tesseract:TessPageIteratorBoundingBox:box-outside-image");
  planted = tesseract_reading, planted.words[0].top = -1;
  assert_string_equal(verdict(&planted, "tesseract"), "mlf:keeper_test:tesseract:TessPageIteratorBoundingBox:box-outside-image");
  planted = tesseract_reading, planted.words[0].left = planted.words[0].right + 1;
  assert_string_equal(verdict(&planted, "tesseract"), "mlf:keeper_test:tesseract:TessPageIteratorBoundingBox:box-outside-image");
}

static void test_text_and_words_inconsistent(void **state) {
  (void)state;
  planted = tesseract_reading, planted.text[0] = 0;
  assert_string_equal(verdict(&planted, "tesseract"), "mlf:keeper_test:tesseract:TessBaseAPIGetUTF8Text:text-and-words-inconsistent");
  planted = tesseract_reading, planted.words[0].empty = planted.words[1].empty = 1;
  assert_string_equal(verdict(&planted, "tesseract"), "mlf:keeper_test:tesseract:TessBaseAPIGetUTF8Text:text-and-words-inconsistent");
  planted = tesseract_reading, planted.n_all_confidences = 1;
  assert_string_equal(verdict(&planted, "tesseract"), "mlf:keeper_test:tesseract:TessBaseAPIAllWordConfidences:count-differs-from-words");
}

static void test_ocrad_counts(void **state) {
  (void)state;
  planted = ocrad_reading, planted.chars_in_lines += 1;
  assert_string_equal(verdict(&planted, "ocrad"), "mlf:keeper_test:ocrad:OCRAD_result_chars_total:char-counts-differ");
  planted = ocrad_reading, planted.text[0] = 0;
  assert_string_equal(verdict(&planted, "ocrad"), "mlf:keeper_test:ocrad:OCRAD_result_line:text-and-chars-inconsistent");
}

/* Both engines read one rendering of "Keeper 42". */
static int setup(void **state) {
  (void)state;
  image_decode_init();
  tess_engine_init();
  render_params p = {.text = "Keeper 42", .font = "DejaVu Sans", .size_px = 32, .margin_px = 16,
                     .foreground_gray = 0, .background_gray = 255};
  PIX *pix = scene_image(&p, "test", &run);
  const char *failed = "";
  int ok = pix && !tess_engine_read(pix, &tesseract_reading, &failed) && !ocrad_engine_read(pix, &ocrad_reading, &failed);
  pixDestroy(&pix);
  return ok ? 0 : -1;
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_real_readings_pass),
      cmocka_unit_test(test_confidence_out_of_range),
      cmocka_unit_test(test_box_outside_image),
      cmocka_unit_test(test_text_and_words_inconsistent),
      cmocka_unit_test(test_ocrad_counts),
  };
  return cmocka_run_group_tests(tests, setup, NULL);
}
