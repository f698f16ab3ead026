/* The text-to-image pseudo-inverse's input as plain numbers: a scene's rendering parameters
 * (render_params_from_scene), which the relations change for a follow-up rendering
 * (ocr_relation.c) before render_canvas draws it. */
#ifndef KEEPER_RENDER_PARAMS_H
#define KEEPER_RENDER_PARAMS_H
#include <stdint.h>
#include "keeper.pb-c.h"

typedef struct {
  const char *text;
  const char *font;     /* a fontconfig family */
  unsigned size_px;
  int rotation_deg;
  unsigned margin_px;
  unsigned extra_left, extra_top; /* translation: margin added on the left and the top */
  unsigned foreground_gray, background_gray;
  unsigned noise_specks;          /* per 10000 pixels */
  uint64_t noise_seed;
  unsigned blur_level;
  Mlf__Keeper__Texture texture;
  unsigned texture_strength;
} render_params;

/* The scene's parameters (a post-processed OcrCase's scene: text and image set). */
render_params render_params_from_scene(const Mlf__Keeper__Scene *scene);
#endif
