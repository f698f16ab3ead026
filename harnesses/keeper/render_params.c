/* A scene's rendering parameters as plain numbers (render_params.h). */
#include "render_params.h"

render_params render_params_from_scene(const Mlf__Keeper__Scene *scene) {
  const Mlf__Keeper__ImageRendering *r = scene->image;
  const Mlf__Keeper__Distortion *d = r->distortion;
  render_params p = {
      .text = scene->text, .font = r->font, .size_px = r->size_px, .rotation_deg = r->rotation_deg,
      .margin_px = r->margin_px, .foreground_gray = r->foreground_gray,
      .background_gray = r->background_gray};
  if (d) {
    p.noise_specks = d->noise_specks, p.noise_seed = d->noise_seed, p.blur_level = d->blur_level;
    p.texture = d->texture, p.texture_strength = d->texture_strength;
  }
  return p;
}
