/* Checks of the pseudo-inverse (render_check.h): libpng encodes the cairo canvas, leptonica
 * decodes libpng's file into exactly the canvas's pixels (opaque BGRA, compared channel by
 * channel), and leptonica's own PNG write and read of the 8-bit gray image give it back. */
#include <string.h>
#include "image_decode.h"
#include "mlf_capture.h"
#include "render_check.h"
#include "scene_image.h"

/* The first pixel where the decoded image differs from the canvas, or -1. */
static long first_difference(const render_canvas *canvas, PIX *pix) {
  if ((int)pixGetWidth(pix) != canvas->width || (int)pixGetHeight(pix) != canvas->height || pixGetDepth(pix) != 32)
    return 0;
  for (int y = 0; y < canvas->height; y++)
    for (int x = 0; x < canvas->width; x++) {
      const unsigned char *bgra = canvas->pixels + (size_t)y * canvas->stride + 4 * (size_t)x;
      l_uint32 pixel = 0;
      l_int32 r, g, b, a;
      pixGetPixel(pix, x, y, &pixel);
      extractRGBAValues(pixel, &r, &g, &b, &a);
      if (r != bgra[2] || g != bgra[1] || b != bgra[0] || (pixGetSpp(pix) == 4 && a != bgra[3]))
        return (long)y * canvas->width + x;
    }
  return -1;
}

static void check_leptonica_round_trip(PIX *rgba, mlf_run *run) {
  PIX *gray = pixConvertTo8(rgba, 0);
  PIX *back = gray ? image_png_round_trip(gray) : NULL;
  l_int32 same = 0;
  if (back) pixEqual(gray, back, &same);
  if (!same)
    mlf_finding(run, "mlf:keeper_render:leptonica:pixWriteMem:png-round-trip-pixels-differ",
                "leptonica's PNG write and read of the 8-bit gray image did not give it back%s", back ? "" : " (failed)");
  pixDestroy(&gray);
  pixDestroy(&back);
}

void render_check(const render_params *p, mlf_run *run) {
  render_canvas canvas;
  png_file png;
  if (scene_png(p, "keeper_render", &canvas, &png, run)) return;
  mlf_capture_begin("leptonica (pixReadMem)");
  PIX *pix = image_decode_png_as_is(png.bytes, png.size);
  long diff = pix ? first_difference(&canvas, pix) : 0;
  if (pix && diff < 0) check_leptonica_round_trip(pix, run);
  mlf_capture_end(NULL);
  if (!pix)
    mlf_finding(run, "mlf:keeper_render:leptonica:pixReadMem:refused-valid-png", "leptonica did not decode libpng's PNG");
  else if (diff >= 0)
    mlf_finding(run, "mlf:keeper_render:libpng+leptonica:png-round-trip:pixels-differ",
                "decoded %u x %u x %d differs from the %d x %d canvas at pixel %ld", pixGetWidth(pix), pixGetHeight(pix),
                pixGetDepth(pix), canvas.width, canvas.height, diff);
  pixDestroy(&pix);
  png_file_free(&png);
  render_canvas_free(&canvas);
}
