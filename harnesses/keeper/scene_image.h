/* The whole text-to-image pseudo-inverse: render (pango/cairo), encode (libpng), decode
 * (leptonica). Each step runs under mlf_capture so a crash names its library; a step that
 * fails on what the previous one made is a finding of that library (scene_image.c). */
#ifndef KEEPER_SCENE_IMAGE_H
#define KEEPER_SCENE_IMAGE_H
#include "image_decode.h"
#include "mlf_report.h"
#include "png_encode.h"
#include "render_params.h"

/* Its first two steps: the canvas drawn and encoded. 0 with both ready (the caller frees them);
 * -1 when the rendering is out of range (logged) or libpng refused the canvas (a finding of
 * target on run), with nothing left to free. */
int scene_png(const render_params *p, const char *target, render_canvas *canvas, png_file *png, mlf_run *run);

/* The 8-bit gray image the OCR engine sees, or NULL: out of the pseudo-inverse's range or past
 * the budget (logged), or a library failed (a finding of target on run). */
PIX *scene_image(const render_params *p, const char *target, mlf_run *run);
#endif
