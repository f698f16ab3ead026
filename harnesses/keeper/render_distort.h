/* The rendering's distortions, all drawn by cairo (render_distort.c). */
#ifndef KEEPER_RENDER_DISTORT_H
#define KEEPER_RENDER_DISTORT_H
#include <cairo.h>
#include "render_params.h"

/* Fills the canvas with the background gray and its texture. */
void render_paint_background(cairo_t *cr, const render_params *p, int width, int height);
/* Blurs the surface: drawn at 1 / (1 + level / 4) scale and scaled back with a bilinear filter. */
void render_blur(cairo_surface_t *surface, unsigned level);
/* Speckles of 1 or 2 pixels, in the foreground or background gray, at seeded positions. */
void render_speckles(cairo_t *cr, const render_params *p, int width, int height);
#endif
