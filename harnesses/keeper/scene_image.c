/* Render, encode, decode (scene_image.h). A canvas cairo drew is a valid image: libpng must
 * encode it and leptonica must decode libpng's file. */
#include <stdio.h>
#include "mlf_capture.h"
#include "ocr_feedback.h"
#include "scene_image.h"

int scene_png(const render_params *p, const char *target, render_canvas *canvas, png_file *png, mlf_run *run) {
  char why[200], tag[MLF_TAG_MAX];
  mlf_capture_begin("pango/cairo/FreeType (the renderer)");
  int drawn = render_canvas_draw(p, canvas, why, sizeof why);
  mlf_capture_end(NULL);
  if (drawn) {
    mlf_log(run, "not rendered: %s", why);
    return -1;
  }
  mlf_capture_begin("libpng (png_image_write_to_memory)");
  int encoded = png_encode_canvas(canvas, png, why, sizeof why);
  mlf_capture_end(NULL);
  mlf_log(run, "rendered %d x %d, PNG %zu bytes", canvas->width, canvas->height, encoded ? 0 : png->size);
  ocr_feedback_rendering(p, canvas->width, canvas->height);
  if (encoded) {
    render_canvas_free(canvas);
    snprintf(tag, sizeof tag, "mlf:%s:libpng:png_image_write_to_memory:refused-valid-canvas", target);
    mlf_finding(run, tag, "%s", why);
    return -1;
  }
  return 0;
}

PIX *scene_image(const render_params *p, const char *target, mlf_run *run) {
  char tag[MLF_TAG_MAX];
  render_canvas canvas;
  png_file png;
  if (scene_png(p, target, &canvas, &png, run)) return NULL;
  render_canvas_free(&canvas);
  mlf_capture_begin("leptonica (pixReadMem)");
  PIX *pix = image_decode_png(png.bytes, png.size);
  mlf_capture_end(NULL);
  png_file_free(&png);
  if (!pix) {
    snprintf(tag, sizeof tag, "mlf:%s:leptonica:pixReadMem:refused-valid-png", target);
    mlf_finding(run, tag, "leptonica did not decode the PNG libpng wrote for a cairo canvas");
  }
  return pix;
}
