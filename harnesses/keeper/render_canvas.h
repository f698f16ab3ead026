/* Draws a scene's text with pango over cairo (a real font chosen by its fontconfig family)
 * on a gray canvas with its texture, blur and speckles (render_canvas.c). */
#ifndef KEEPER_RENDER_CANVAS_H
#define KEEPER_RENDER_CANVAS_H
#include <stddef.h>
#include "render_params.h"

/* Cairo's ARGB32 pixels (opaque: on little-endian machines bytes B, G, R, A) in a guard buffer. */
typedef struct {
  unsigned char *pixels;
  int width, height, stride;
} render_canvas;

/* 0 and a canvas, or -1 with why (the parameters are outside the pseudo-inverse's range or the
 * canvas is past the pixel budget: keeper_image_bounds.h). Free with render_canvas_free. */
int render_canvas_draw(const render_params *p, render_canvas *out, char *why, size_t why_len);
void render_canvas_free(render_canvas *c);
#endif
