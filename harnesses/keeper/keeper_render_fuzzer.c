/* Keeper's text-to-image pseudo-inverse under fuzz (keeper_render): pango over cairo and
 * FreeType with the Debian fonts (fontconfig), libpng16, leptonica, all Debian binaries, on
 * every rendering parameter in range (the scene mutator keeps them there). Oracles: crashes,
 * sanitizer reports, leaks and hangs in those libraries; the PNG gives back the canvas pixel
 * for pixel; leptonica's own PNG round trip is exact (render_check.h). Both the scene and its
 * relation's follow-up rendering are checked. */
#include "image_decode.h"
#include "mlf_target.h"
#include "ocr_relation.h"
#include "render_check.h"

static void render_run(const ProtobufCMessage *msg, mlf_run *run) {
  const Mlf__Keeper__OcrCase *c = (const Mlf__Keeper__OcrCase *)msg;
  render_params base = render_params_from_scene(c->scene);
  render_check(&base, run);
  if (c->relation && c->relation->kind != MLF__KEEPER__IMAGE_RELATION__KIND__NONE &&
      c->relation->kind != MLF__KEEPER__IMAGE_RELATION__KIND__PNG_ROUND_TRIP) {
    render_params follow_up = ocr_relation_follow_up(&base, c->relation);
    render_check(&follow_up, run);
  }
}

MLF_TARGET(keeper_render, mlf__keeper__ocr_case__descriptor, image_decode_init, render_run)
