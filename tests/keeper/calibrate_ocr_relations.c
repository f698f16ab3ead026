/* Measures the OCR relations' tolerances and ranges (not a test: run by hand, numbers go into
 * harnesses/keeper/ocr_relation.c and mutators/keeper/keeper_image_bounds.h). Calibration
 * scenes: each of CAL_TEXTS texts in each of the 12 fonts, black on white, 28 px, margin 12,
 * no distortion. For each engine (Tesseract, ocrad):
 *   - size sweep: how many scenes read right at each size (the recogniser's range);
 *   - per relation and parameter level, over the scenes whose base reads right: how many
 *     follow-ups read right, and the edits-per-character of the others (the tolerance).
 * Output: one line per (engine, relation, level). Usage: calibrate_ocr_relations [texts] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "image_decode.h"
#include "keeper_image_bounds.h"
#include "ocr_relation.h"
#include "ocr_text.h"
#include "ocrad_engine.h"
#include "scene_image.h"
#include "tess_engine.h"

static const char *const texts[] = {"Keeper", "total 42", "Invoice 2019", "hello world", "STOP",
                                    "Open the door.", "Milk, eggs; bread", "A1B2C3", "call me now",
                                    "Yes or no?"};
#define CAL_TEXTS (sizeof texts / sizeof *texts)
static const char *const fonts[KEEPER_N_FONTS] = {KEEPER_FONTS};

typedef int (*engine_fn)(PIX *, ocr_reading *, const char **);
static ocr_reading reading;
static mlf_run run;

/* The engine's normalised reading of a rendering into out; 0 when nothing was read. */
static int read_scene(engine_fn engine, const render_params *p, char *out, size_t len) {
  mlf_run_reset(&run);
  PIX *pix = scene_image(p, "calibrate", &run);
  const char *failed = "";
  int ok = pix && !engine(pix, &reading, &failed);
  ocr_text_normalize(ok ? reading.text : "", out, len);
  pixDestroy(&pix);
  return ok;
}

static render_params scene(size_t t, size_t f) {
  render_params p = {.text = texts[t], .font = fonts[f], .size_px = 28, .margin_px = 12,
                     .foreground_gray = 0, .background_gray = 255};
  return p;
}

static void size_sweep(const char *name, engine_fn engine) {
  static const unsigned sizes[] = {10, 12, 14, 16, 20, 28, 40, 52, 64};
  for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
    unsigned right = 0, n = 0;
    char got[512];
    for (size_t t = 0; t < CAL_TEXTS; t++)
      for (size_t f = 0; f < KEEPER_N_FONTS; f++, n++) {
        render_params p = scene(t, f);
        p.size_px = sizes[s];
        read_scene(engine, &p, got, sizeof got);
        right += ocr_text_reads_right(got, texts[t]);
      }
    printf("%s size %u: %u/%u read right\n", name, sizes[s], right, n);
    fflush(stdout);
  }
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* One relation at one level over the scenes whose base reads right. */
static void relation_level(const char *name, engine_fn engine, const Mlf__Keeper__ImageRelation *rel,
                           const char *level) {
  unsigned judged = 0, right = 0;
  double worst = 0, sum = 0, rates[CAL_TEXTS * KEEPER_N_FONTS];
  char base[512], follow[512];
  for (size_t t = 0; t < CAL_TEXTS; t++)
    for (size_t f = 0; f < KEEPER_N_FONTS; f++) {
      render_params p = scene(t, f);
      if (!read_scene(engine, &p, base, sizeof base) || !ocr_text_reads_right(base, texts[t])) continue;
      render_params q = ocr_relation_follow_up(&p, rel);
      read_scene(engine, &q, follow, sizeof follow);
      double rate = (double)ocr_text_distance(follow, texts[t]) / (double)strlen(texts[t]);
      rates[judged++] = rate, right += rate == 0, sum += rate;
      if (rate > worst) worst = rate;
    }
  qsort(rates, judged, sizeof *rates, by_value);
  printf("%s %s %s: %u judged, %u follow-ups read right, mean %.3f p95 %.3f max %.3f edits/char\n", name,
         ocr_relation_name(rel->kind), level, judged, right, judged ? sum / judged : 0,
         judged ? rates[(judged * 95 + 99) / 100 - 1] : 0, worst);
  fflush(stdout);
}

static void relations(const char *name, engine_fn engine) {
  Mlf__Keeper__ImageRelation rel = MLF__KEEPER__IMAGE_RELATION__INIT;
  char level[64];
  rel.kind = MLF__KEEPER__IMAGE_RELATION__KIND__TRANSLATE;
  static const unsigned shifts[][2] = {{1, 0}, {0, 7}, {24, 10}, {64, 64}};
  for (size_t i = 0; i < 4; i++) {
    rel.dx = shifts[i][0], rel.dy = shifts[i][1];
    snprintf(level, sizeof level, "dx %u dy %u", rel.dx, rel.dy);
    relation_level(name, engine, &rel, level);
  }
  rel.kind = MLF__KEEPER__IMAGE_RELATION__KIND__SCALE;
  static const unsigned scales[] = {50, 75, 125, 150, 200};
  for (size_t i = 0; i < 5; i++) {
    rel.scale_percent = scales[i];
    snprintf(level, sizeof level, "%u%%", scales[i]);
    relation_level(name, engine, &rel, level);
  }
  rel.kind = MLF__KEEPER__IMAGE_RELATION__KIND__DISTORT;
  static const unsigned specks[] = {1, 2, 5, 10, 25, 100}, blurs[] = {1, 2, 4, 8};
  for (size_t i = 0; i < 6; i++) {
    rel.added_specks = specks[i], rel.added_blur = 0;
    snprintf(level, sizeof level, "specks %u", specks[i]);
    relation_level(name, engine, &rel, level);
  }
  for (size_t i = 0; i < 4; i++) {
    rel.added_specks = 0, rel.added_blur = blurs[i];
    snprintf(level, sizeof level, "blur %u", blurs[i]);
    relation_level(name, engine, &rel, level);
  }
}

int main(int argc, char **argv) {
  const char *which = argc > 1 ? argv[1] : "both";
  image_decode_init();
  if (strcmp(which, "ocrad")) {
    tess_engine_init();
    size_sweep("tesseract", tess_engine_read);
    relations("tesseract", tess_engine_read);
  }
  if (strcmp(which, "tesseract")) {
    size_sweep("ocrad", ocrad_engine_read);
    relations("ocrad", ocrad_engine_read);
  }
  return 0;
}
