/* The relation and differential judges (harnesses/keeper/ocr_relation.h, ocr_differential.h)
 * on real pairs: for each relation, a scene and its follow-up rendered here and read by
 * Tesseract hold; the same base with a planted wrong follow-up reading is a violation; a
 * misread base leaves the relation undetermined; a relation outside the calibrated range is
 * not judged. The whole case flow (ocr_case.h) raises the relation's robustness tag when an
 * engine double (Tesseract whose second reading is replaced by a wrong text: a planted
 * violation) misreads the follow-up. The differential counts only determinable failures. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "image_decode.h"
#include "ocr_case.h"
#include "ocr_differential.h"
#include "ocr_relation.h"
#include "ocr_text.h"
#include "tess_engine.h"

#define TRUTH "Keeper 42"
static mlf_run run;
static const ocr_relation_calibration *cal = &ocr_calibration_tesseract;

static render_params base_params(void) {
  render_params p = {.text = TRUTH, .font = "DejaVu Sans", .size_px = 32, .margin_px = 16,
                     .foreground_gray = 0, .background_gray = 255};
  return p;
}

/* Tesseract's reading of an image into out (normalised). */
static void read_pix(PIX *pix, char *out, size_t len) {
  ocr_reading *r = malloc(sizeof *r);
  const char *failed = "";
  assert_non_null(pix);
  assert_int_equal(tess_engine_read(pix, r, &failed), 0);
  ocr_text_normalize(r->text, out, len);
  free(r);
}

static void read_rendering(const render_params *p, char *out, size_t len) {
  mlf_run_reset(&run);
  PIX *pix = scene_image(p, "test", &run);
  read_pix(pix, out, len);
  pixDestroy(&pix);
}

/* The relation's follow-up reading of the base rendering. */
static void follow_up_reading(const Mlf__Keeper__ImageRelation *rel, char *out, size_t len) {
  render_params p = base_params();
  if (rel->kind == MLF__KEEPER__IMAGE_RELATION__KIND__PNG_ROUND_TRIP) {
    mlf_run_reset(&run);
    PIX *pix = scene_image(&p, "test", &run), *back = image_png_round_trip(pix);
    read_pix(back, out, len);
    pixDestroy(&pix);
    pixDestroy(&back);
    return;
  }
  render_params q = ocr_relation_follow_up(&p, rel);
  read_rendering(&q, out, len);
}

static void check_relation(Mlf__Keeper__ImageRelation__Kind kind, unsigned dx, unsigned dy, unsigned scale,
                           unsigned specks, unsigned blur) {
  Mlf__Keeper__ImageRelation rel = MLF__KEEPER__IMAGE_RELATION__INIT;
  rel.kind = kind, rel.dx = dx, rel.dy = dy, rel.scale_percent = scale, rel.added_specks = specks, rel.added_blur = blur;
  render_params p = base_params();
  assert_true(ocr_relation_in_range(cal, &p, &rel));
  char base[256], follow[256];
  read_rendering(&p, base, sizeof base);
  follow_up_reading(&rel, follow, sizeof follow);
  assert_int_equal(ocr_relation_judge(cal, kind, TRUTH, base, follow), RELATION_HOLDS);
  assert_int_equal(ocr_relation_judge(cal, kind, TRUTH, base, "Keeper 4Z and more"), RELATION_VIOLATED);
  assert_int_equal(ocr_relation_judge(cal, kind, TRUTH, "Kceper 42", follow), RELATION_UNDETERMINED);
}

static void test_translate(void **state) {
  (void)state;
  check_relation(MLF__KEEPER__IMAGE_RELATION__KIND__TRANSLATE, 30, 12, 0, 0, 0);
}

static void test_scale(void **state) {
  (void)state;
  check_relation(MLF__KEEPER__IMAGE_RELATION__KIND__SCALE, 0, 0, 150, 0, 0);
}

static void test_png_round_trip(void **state) {
  (void)state;
  check_relation(MLF__KEEPER__IMAGE_RELATION__KIND__PNG_ROUND_TRIP, 0, 0, 0, 0, 0);
}

static void test_distort(void **state) {
  (void)state;
  check_relation(MLF__KEEPER__IMAGE_RELATION__KIND__DISTORT, 0, 0, 0, cal->max_added_specks, cal->max_added_blur);
}

static void test_outside_calibrated_range_not_judged(void **state) {
  (void)state;
  Mlf__Keeper__ImageRelation rel = MLF__KEEPER__IMAGE_RELATION__INIT;
  render_params p = base_params();
  rel.kind = MLF__KEEPER__IMAGE_RELATION__KIND__SCALE, rel.scale_percent = 100 * (cal->min_size_px - 1) / p.size_px;
  assert_false(ocr_relation_in_range(cal, &p, &rel));
  rel.kind = MLF__KEEPER__IMAGE_RELATION__KIND__DISTORT, rel.added_specks = cal->max_added_specks + 1;
  assert_false(ocr_relation_in_range(cal, &p, &rel));
  rel.kind = MLF__KEEPER__IMAGE_RELATION__KIND__SCALE, rel.scale_percent = 150, p.noise_specks = 1;
  assert_false(ocr_relation_in_range(cal, &p, &rel));
}

/* Tesseract, but every second reading is replaced by a wrong text (the planted violation). */
static int planted_reads;
static int tesseract_misreading_follow_ups(PIX *pix, ocr_reading *out, const char **failed_call) {
  int rc = tess_engine_read(pix, out, failed_call);
  if (planted_reads++ % 2) snprintf(out->text, sizeof out->text, "Kecper 4Z\n");
  return rc;
}

static void test_case_flow_raises_the_relation_tag(void **state) {
  (void)state;
  Mlf__Keeper__ImageRendering image = MLF__KEEPER__IMAGE_RENDERING__INIT;
  Mlf__Keeper__Scene scene = MLF__KEEPER__SCENE__INIT;
  Mlf__Keeper__ImageRelation rel = MLF__KEEPER__IMAGE_RELATION__INIT;
  Mlf__Keeper__OcrCase c = MLF__KEEPER__OCR_CASE__INIT;
  image.font = "DejaVu Sans", image.size_px = 32, image.margin_px = 16, image.background_gray = 255;
  scene.text = TRUTH, scene.medium_case = MLF__KEEPER__SCENE__MEDIUM_IMAGE, scene.image = &image;
  rel.kind = MLF__KEEPER__IMAGE_RELATION__KIND__TRANSLATE, rel.dx = 5;
  c.scene = &scene, c.relation = &rel;
  const ocr_engine honest = {"keeper_test", "tesseract", tess_engine_read, cal};
  const ocr_engine planted = {"keeper_test", "tesseract", tesseract_misreading_follow_ups, cal};
  mlf_run_reset(&run);
  ocr_case_run(&c, &honest, NULL, &run);
  assert_int_equal(run.n_findings, 0);
  assert_non_null(strstr(run.log, "relation translate: holds"));
  mlf_run_reset(&run);
  planted_reads = 0;
  ocr_case_run(&c, &planted, NULL, &run);
  assert_int_equal(run.n_findings, 1);
  assert_string_equal(run.findings[0].tag, "mlf:keeper_test:tesseract:relation-translate:robustness-failure");
}

static void test_differential_counts_only_determinable(void **state) {
  (void)state;
  int failing = -1;
  assert_int_equal(ocr_differential_judge(TRUTH, "Keeper 42\n", " Keeper  42", &failing), DIFFERENTIAL_AGREE);
  assert_int_equal(ocr_differential_judge(TRUTH, "Keeper 42", "Keeper 4Z", &failing), DIFFERENTIAL_FAILURE);
  assert_int_equal(failing, 1);
  assert_int_equal(ocr_differential_judge(TRUTH, "[eeper 42", "Keeper 42", &failing), DIFFERENTIAL_FAILURE);
  assert_int_equal(failing, 0);
  assert_int_equal(ocr_differential_judge(TRUTH, "Kceper", "Keeper 4", &failing), DIFFERENTIAL_UNDETERMINED);
}

static int setup(void **state) {
  (void)state;
  image_decode_init();
  tess_engine_init();
  return 0;
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_translate),
      cmocka_unit_test(test_scale),
      cmocka_unit_test(test_png_round_trip),
      cmocka_unit_test(test_distort),
      cmocka_unit_test(test_outside_calibrated_range_not_judged),
      cmocka_unit_test(test_case_flow_raises_the_relation_tag),
      cmocka_unit_test(test_differential_counts_only_determinable),
  };
  return cmocka_run_group_tests(tests, setup, NULL);
}
