/* The text-to-image pseudo-inverse (harnesses/keeper/scene_image.h, render_check.h) and the
 * scene mutator (mutators/keeper/): a plain scene renders into an image Tesseract reads right;
 * renderings across fonts, rotations, textures, blur and speckles draw, encode and decode with
 * the PNG giving back the canvas exactly (no finding); a translated rendering is the scene
 * shifted pixel for pixel; parameters outside the range are
 * refused, not drawn; the post-processor brings any case into range and leaves a valid one
 * unchanged; every mutated case stays in range. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "image_decode.h"
#include "keeper.pb-c.h"
#include "keeper_image_bounds.h"
#include "mlf_mutator.h"
#include "ocr_text.h"
#include "render_canvas.h"
#include "render_check.h"
#include "scene_image.h"
#include "tess_engine.h"

static mlf_run run;
static const char *const fonts[KEEPER_N_FONTS] = {KEEPER_FONTS};

static render_params plain(const char *text, const char *font) {
  render_params p = {.text = text, .font = font, .size_px = 32, .margin_px = 16, .foreground_gray = 0,
                     .background_gray = 255};
  return p;
}

static void test_plain_scene_reads_right(void **state) {
  (void)state;
  render_params p = plain("Keeper 42", "DejaVu Sans");
  mlf_run_reset(&run);
  PIX *pix = scene_image(&p, "test", &run);
  assert_non_null(pix);
  assert_int_equal(pixGetDepth(pix), 8);
  ocr_reading *r = malloc(sizeof *r);
  const char *failed = "";
  assert_int_equal(tess_engine_read(pix, r, &failed), 0);
  assert_true(ocr_text_reads_right(r->text, "Keeper 42"));
  assert_int_equal(run.n_findings, 0);
  free(r);
  pixDestroy(&pix);
}

/* Every canvas pixel is opaque (the PNG is written as straight BGRA: a translucent pixel,
 * premultiplied by cairo, would change colour). */
static void assert_opaque(const render_params *p) {
  render_canvas canvas;
  char why[200];
  assert_int_equal(render_canvas_draw(p, &canvas, why, sizeof why), 0);
  for (int y = 0; y < canvas.height; y++)
    for (int x = 0; x < canvas.width; x++) assert_int_equal(canvas.pixels[(size_t)y * canvas.stride + 4 * (size_t)x + 3], 255);
  render_canvas_free(&canvas);
}

static void test_every_font_and_distortion_round_trips(void **state) {
  (void)state;
  for (int f = 0; f < KEEPER_N_FONTS; f++) {
    render_params p = plain("Milk, eggs; bread (2)", fonts[f]);
    p.rotation_deg = f % 2 ? KEEPER_ROTATION_MAX : -7;
    p.texture = (Mlf__Keeper__Texture)(f % 4), p.texture_strength = 90;
    p.blur_level = (unsigned)f % (KEEPER_BLUR_MAX + 1);
    p.noise_specks = 40, p.noise_seed = (uint64_t)f;
    p.foreground_gray = 40, p.background_gray = 210;
    mlf_run_reset(&run);
    render_check(&p, &run);
    assert_int_equal(run.n_findings, 0);
    assert_non_null(strstr(run.log, "rendered"));
    assert_opaque(&p);
  }
}

/* The TRANSLATE relation's follow-up is the base image shifted, pixel for pixel, with the
 * speckles, blur and texture of the base. */
static void test_translation_is_exact(void **state) {
  (void)state;
  render_params p = plain("Dancing Script", "Dancing Script");
  p.noise_specks = 60, p.noise_seed = 3, p.blur_level = 5, p.texture = MLF__KEEPER__TEXTURE__TEXTURE_CHECKER;
  p.texture_strength = 60, p.background_gray = 230;
  render_params q = p;
  q.extra_left = 24, q.extra_top = 10;
  mlf_run_reset(&run);
  PIX *base = scene_image(&p, "test", &run), *moved = scene_image(&q, "test", &run);
  assert_true(base && moved);
  assert_int_equal(pixGetWidth(moved), pixGetWidth(base) + 24);
  assert_int_equal(pixGetHeight(moved), pixGetHeight(base) + 10);
  BOX *where = boxCreate(24, 10, (l_int32)pixGetWidth(base), (l_int32)pixGetHeight(base));
  PIX *inner = pixClipRectangle(moved, where, NULL);
  l_int32 same = 0;
  pixEqual(base, inner, &same);
  assert_true(same);
  boxDestroy(&where);
  pixDestroy(&inner);
  pixDestroy(&base);
  pixDestroy(&moved);
}

static void test_out_of_range_is_refused(void **state) {
  (void)state;
  render_params p = plain("x", "DejaVu Sans");
  p.size_px = KEEPER_SIZE_MAX + 1;
  mlf_run_reset(&run);
  assert_null(scene_image(&p, "test", &run));
  assert_non_null(strstr(run.log, "not rendered"));
  assert_int_equal(run.n_findings, 0);
}

static Mlf__Keeper__OcrCase *parse_case(const char *text, const char *font, uint32_t size) {
  Mlf__Keeper__ImageRendering image = MLF__KEEPER__IMAGE_RENDERING__INIT;
  Mlf__Keeper__Scene scene = MLF__KEEPER__SCENE__INIT;
  Mlf__Keeper__OcrCase c = MLF__KEEPER__OCR_CASE__INIT;
  image.font = (char *)font, image.has_size_px = 1, image.size_px = size;
  scene.text = (char *)text, scene.medium_case = MLF__KEEPER__SCENE__MEDIUM_IMAGE, scene.image = &image;
  c.scene = &scene;
  uint8_t buf[512];
  size_t n = protobuf_c_message_pack(&c.base, buf);
  return (Mlf__Keeper__OcrCase *)mlf_parse(&mlf__keeper__ocr_case__descriptor, buf, n);
}

static void assert_case_in_range(const Mlf__Keeper__OcrCase *c) {
  const Mlf__Keeper__ImageRendering *r = c->scene->image;
  assert_non_null(r);
  assert_true(strlen(c->scene->text) <= KEEPER_TEXT_MAX);
  assert_int_equal(strspn(c->scene->text, KEEPER_TEXT_ALPHABET), strlen(c->scene->text));
  assert_true(r->size_px >= KEEPER_SIZE_MIN && r->size_px <= KEEPER_SIZE_MAX);
  assert_true(r->rotation_deg >= -KEEPER_ROTATION_MAX && r->rotation_deg <= KEEPER_ROTATION_MAX);
  assert_true(r->margin_px <= KEEPER_MARGIN_MAX && r->foreground_gray <= 255 && r->background_gray <= 255);
  int known = 0;
  for (int f = 0; f < KEEPER_N_FONTS; f++) known |= !strcmp(r->font, fonts[f]);
  assert_true(known);
  if (c->relation && c->relation->kind == MLF__KEEPER__IMAGE_RELATION__KIND__SCALE) {
    uint32_t scaled = (r->size_px * c->relation->scale_percent + 50) / 100;
    assert_true(scaled >= KEEPER_SIZE_MIN && scaled <= KEEPER_SIZE_MAX);
  }
}

static void test_post_processor_bounds_and_keeps_valid(void **state) {
  (void)state;
  Mlf__Keeper__OcrCase *c = parse_case("caf\xc3\xa9 \x01 ok \xe2\x82\xac and a very long tail past forty characters", "Nonexistent", 500);
  mlf_post_process(&c->base);
  assert_case_in_range(c);
  assert_string_equal(c->scene->text, "caf  ok  and a very long tail past forty");
  protobuf_c_message_free_unpacked(&c->base, NULL);
  c = parse_case("Keeper", "Humor Sans", 30);
  uint8_t before[512], after[512];
  size_t n = protobuf_c_message_pack(&c->base, before);
  mlf_post_process(&c->base);
  assert_int_equal(protobuf_c_message_pack(&c->base, after), n);
  assert_memory_equal(before, after, n);
  protobuf_c_message_free_unpacked(&c->base, NULL);
}

static void test_mutations_stay_in_range(void **state) {
  (void)state;
  mlf_mutator *m = mlf_mutator_new(&mlf__keeper__ocr_case__descriptor, 5, NULL);
  uint8_t buf[4096];
  size_t n = 0;
  for (int i = 0; i < 2000; i++) {
    n = mlf_mutate_bytes(m, buf, n, sizeof buf);
    Mlf__Keeper__OcrCase *c = (Mlf__Keeper__OcrCase *)mlf_parse(&mlf__keeper__ocr_case__descriptor, buf, n);
    assert_non_null(c);
    mlf_post_process(&c->base);
    assert_case_in_range(c);
    protobuf_c_message_free_unpacked(&c->base, NULL);
  }
  mlf_mutator_free(m);
}

static int setup(void **state) {
  (void)state;
  image_decode_init();
  tess_engine_init();
  return 0;
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_plain_scene_reads_right),
      cmocka_unit_test(test_every_font_and_distortion_round_trips),
      cmocka_unit_test(test_translation_is_exact),
      cmocka_unit_test(test_out_of_range_is_refused),
      cmocka_unit_test(test_post_processor_bounds_and_keeps_valid),
      cmocka_unit_test(test_mutations_stay_in_range),
  };
  return cmocka_run_group_tests(tests, setup, NULL);
}
