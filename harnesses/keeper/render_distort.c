/* Distortions of the text-to-image pseudo-inverse (render_distort.h), drawn with cairo: a
 * background texture (gradient, stripes or checker: cairo patterns), a blur (cairo's
 * down-scaling then bilinear up-scaling) and seeded speckles (cairo rectangles). */
#include "mlf_rng.h"
#include "render_distort.h"

static double gray_level(double v) { return (v < 0 ? 0 : v > 255 ? 255 : v) / 255.0; }

/* A repeating tile of two grays: vertical stripes (8 x 1) or a checker (16 x 16). */
static cairo_pattern_t *tile_pattern(int checker, double low, double high) {
  int side = checker ? 16 : 8, tall = checker ? 16 : 1;
  cairo_surface_t *tile = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, side, tall);
  cairo_t *cr = cairo_create(tile);
  cairo_set_source_rgb(cr, low, low, low);
  cairo_paint(cr);
  cairo_set_source_rgb(cr, high, high, high);
  cairo_rectangle(cr, 0, 0, side / 2, checker ? tall / 2 : tall);
  if (checker) cairo_rectangle(cr, side / 2, tall / 2, side / 2, tall / 2);
  cairo_fill(cr);
  cairo_destroy(cr);
  cairo_pattern_t *pattern = cairo_pattern_create_for_surface(tile);
  cairo_surface_destroy(tile);
  cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT);
  return pattern;
}

void render_paint_background(cairo_t *cr, const render_params *p, int width, int height) {
  double low = gray_level(p->background_gray - p->texture_strength / 2.0);
  double high = gray_level(p->background_gray + p->texture_strength / 2.0);
  double plain = gray_level(p->background_gray);
  cairo_pattern_t *pattern;
  switch (p->texture) {
  case MLF__KEEPER__TEXTURE__TEXTURE_GRADIENT:
    pattern = cairo_pattern_create_linear(0, 0, width, 0);
    cairo_pattern_add_color_stop_rgb(pattern, 0, low, low, low);
    cairo_pattern_add_color_stop_rgb(pattern, 1, high, high, high);
    break;
  case MLF__KEEPER__TEXTURE__TEXTURE_STRIPES: pattern = tile_pattern(0, low, high); break;
  case MLF__KEEPER__TEXTURE__TEXTURE_CHECKER: pattern = tile_pattern(1, low, high); break;
  default: pattern = cairo_pattern_create_rgb(plain, plain, plain);
  }
  cairo_set_source(cr, pattern);
  cairo_rectangle(cr, 0, 0, width, height);
  cairo_fill(cr);
  cairo_pattern_destroy(pattern);
}

void render_blur(cairo_surface_t *surface, unsigned level) {
  if (!level) return;
  cairo_surface_flush(surface);
  int width = cairo_image_surface_get_width(surface), height = cairo_image_surface_get_height(surface);
  double f = 1 + level / 4.0;
  int sw = (int)((width + f - 1) / f), sh = (int)((height + f - 1) / f);
  cairo_surface_t *small = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, sw, sh);
  cairo_t *down = cairo_create(small);
  cairo_scale(down, 1 / f, 1 / f);
  cairo_set_source_surface(down, surface, 0, 0);
  cairo_pattern_set_filter(cairo_get_source(down), CAIRO_FILTER_GOOD);
  cairo_paint(down);
  cairo_destroy(down);
  cairo_t *up = cairo_create(surface);
  cairo_scale(up, f, f);
  cairo_set_source_surface(up, small, 0, 0);
  cairo_pattern_set_filter(cairo_get_source(up), CAIRO_FILTER_BILINEAR);
  cairo_pattern_set_extend(cairo_get_source(up), CAIRO_EXTEND_PAD);
  cairo_set_operator(up, CAIRO_OPERATOR_SOURCE);
  cairo_paint(up);
  cairo_destroy(up);
  cairo_surface_destroy(small);
  cairo_surface_mark_dirty(surface);
}

void render_speckles(cairo_t *cr, const render_params *p, int width, int height) {
  unsigned long n = (unsigned long)p->noise_specks * (unsigned long)width * (unsigned long)height / 10000;
  mlf_rng rng;
  mlf_rng_seed(&rng, p->noise_seed);
  double fg = gray_level(p->foreground_gray), bg = gray_level(p->background_gray);
  for (unsigned long i = 0; i < n; i++) {
    double g = mlf_rng_chance(&rng, 50) ? fg : bg;
    int side = 1 + (int)mlf_rng_below(&rng, 2);
    cairo_rectangle(cr, (double)mlf_rng_below(&rng, (uint64_t)width), (double)mlf_rng_below(&rng, (uint64_t)height), side, side);
    cairo_set_source_rgb(cr, g, g, g);
    cairo_fill(cr);
  }
}
