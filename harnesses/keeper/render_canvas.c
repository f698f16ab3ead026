/* The text-to-image pseudo-inverse's drawing step: pango lays the text out in the font
 * fontconfig picks for the family, cairo draws it rotated around its centre, in the foreground
 * gray, on the textured background (render_distort.h), inside the margins; then blur and
 * speckles. That scene is the layout's logical extents rotated plus margins; the translation
 * places it, pixel for pixel, at (extra_left, extra_top) on a canvas widened by as much in the
 * background gray, so a translated rendering is exactly the scene shifted; composited over
 * that opaque gray, every canvas pixel is opaque (the blur's scaled-back edge may not be), as
 * the straight-alpha PNG needs. The canvas must fit the pixel budget. */
#include <math.h>
#include <pango/pangocairo.h>
#include <stdio.h>
#include <string.h>
#include "keeper_image_bounds.h"
#include "mlf_guard.h"
#include "render_canvas.h"
#include "render_distort.h"

static const double pi = 3.14159265358979323846;

static int refuse(char *why, size_t len, const char *reason) {
  snprintf(why, len, "%s", reason);
  return -1;
}

static int in_range(const render_params *p) {
  return p->text && p->font && strlen(p->text) <= KEEPER_TEXT_MAX && p->size_px >= KEEPER_SIZE_MIN &&
         p->size_px <= KEEPER_SIZE_MAX && abs(p->rotation_deg) <= KEEPER_ROTATION_MAX &&
         p->margin_px <= KEEPER_MARGIN_MAX && p->extra_left <= KEEPER_SHIFT_MAX &&
         p->extra_top <= KEEPER_SHIFT_MAX && p->foreground_gray <= 255 && p->background_gray <= 255 &&
         p->noise_specks <= KEEPER_SPECKS_MAX + KEEPER_ADDED_SPECKS_MAX &&
         p->blur_level <= KEEPER_BLUR_MAX + KEEPER_ADDED_BLUR_MAX &&
         p->texture_strength <= KEEPER_TEXTURE_STRENGTH_MAX;
}

/* Gray antialiasing: a gray text on a gray background stays gray (no subpixel colour). */
static PangoLayout *new_layout(cairo_t *cr, const render_params *p) {
  cairo_font_options_t *options = cairo_font_options_create();
  cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
  cairo_set_font_options(cr, options);
  cairo_font_options_destroy(options);
  PangoLayout *layout = pango_cairo_create_layout(cr);
  PangoFontDescription *font = pango_font_description_new();
  pango_font_description_set_family(font, p->font);
  pango_font_description_set_absolute_size(font, p->size_px * PANGO_SCALE);
  pango_layout_set_font_description(layout, font);
  pango_font_description_free(font);
  pango_layout_set_text(layout, p->text, -1);
  return layout;
}

/* The layout's logical size in pixels (measured on a scratch 1 x 1 surface). */
static void measure(const render_params *p, int *w, int *h) {
  cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create(s);
  PangoLayout *layout = new_layout(cr, p);
  pango_layout_get_pixel_size(layout, w, h);
  g_object_unref(layout);
  cairo_destroy(cr);
  cairo_surface_destroy(s);
}

static void draw_text(cairo_t *cr, const render_params *p, double cx, double cy, int w, int h) {
  PangoLayout *layout = new_layout(cr, p);
  double g = p->foreground_gray / 255.0;
  cairo_save(cr);
  cairo_translate(cr, cx, cy);
  cairo_rotate(cr, -p->rotation_deg * pi / 180);
  cairo_move_to(cr, -w / 2.0, -h / 2.0);
  cairo_set_source_rgb(cr, g, g, g);
  pango_cairo_show_layout(cr, layout);
  cairo_restore(cr);
  g_object_unref(layout);
}

/* The scene itself, width x height: background, text, blur, speckles. */
static cairo_surface_t *draw_scene(const render_params *p, int width, int height, double rw, double rh, int w, int h) {
  cairo_surface_t *scene = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create(scene);
  render_paint_background(cr, p, width, height);
  draw_text(cr, p, p->margin_px + rw / 2, p->margin_px + rh / 2, w, h);
  render_blur(scene, p->blur_level);
  render_speckles(cr, p, width, height);
  cairo_destroy(cr);
  cairo_surface_flush(scene);
  return scene;
}

int render_canvas_draw(const render_params *p, render_canvas *out, char *why, size_t why_len) {
  memset(out, 0, sizeof *out);
  if (!in_range(p)) return refuse(why, why_len, "rendering parameters outside the pseudo-inverse's range");
  int w, h;
  measure(p, &w, &h);
  double a = p->rotation_deg * pi / 180, c = fabs(cos(a)), s = fabs(sin(a));
  double rw = w * c + h * s, rh = w * s + h * c;
  long scene_width = (long)ceil(rw) + 2 * (long)p->margin_px, scene_height = (long)ceil(rh) + 2 * (long)p->margin_px;
  if (scene_width < 1) scene_width = 1;
  if (scene_height < 1) scene_height = 1;
  long width = scene_width + p->extra_left, height = scene_height + p->extra_top;
  if (width > KEEPER_IMAGE_SIDE_MAX || height > KEEPER_IMAGE_SIDE_MAX ||
      (unsigned long)(width * height) > KEEPER_IMAGE_PIXELS_MAX)
    return refuse(why, why_len, "canvas past the pixel budget");
  cairo_surface_t *scene = draw_scene(p, (int)scene_width, (int)scene_height, rw, rh, w, h);
  out->width = (int)width, out->height = (int)height;
  out->stride = cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, out->width);
  out->pixels = mlf_guard_alloc((size_t)out->stride * out->height, 4, MLF_GUARD_TAIL, "cairo canvas");
  cairo_surface_t *canvas = cairo_image_surface_create_for_data(out->pixels, CAIRO_FORMAT_ARGB32,
                                                                out->width, out->height, out->stride);
  cairo_t *cr = cairo_create(canvas);
  double g = p->background_gray / 255.0;
  cairo_set_source_rgb(cr, g, g, g);
  cairo_paint(cr);
  cairo_set_source_surface(cr, scene, p->extra_left, p->extra_top);
  cairo_paint(cr);
  cairo_destroy(cr);
  cairo_surface_flush(canvas);
  cairo_surface_destroy(canvas);
  cairo_surface_destroy(scene);
  return 0;
}

void render_canvas_free(render_canvas *c) {
  mlf_guard_free(c->pixels);
  c->pixels = NULL;
}
