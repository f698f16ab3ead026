/* The ocrad engine (ocrad_engine.h). A descriptor per image (OCRAD_open is cheap); the pixmap's
 * bytes are a guard buffer. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <ocradlib.h>
#include "mlf_guard.h"
#include "ocrad_engine.h"

/* The 8-bit leptonica image as one byte per pixel, row after row (0 = black, as both use). */
static unsigned char *greymap_of(PIX *pix) {
  int w = (int)pixGetWidth(pix), h = (int)pixGetHeight(pix), wpl = pixGetWpl(pix);
  unsigned char *bytes = mlf_guard_alloc((size_t)w * h, 1, MLF_GUARD_TAIL, "OCRAD_Pixmap data");
  const l_uint32 *data = pixGetData(pix);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) bytes[(size_t)y * w + x] = (unsigned char)GET_DATA_BYTE(data + y * wpl, x);
  return bytes;
}

static void read_lines(struct OCRAD_Descriptor *d, ocr_reading *out) {
  size_t len = 0;
  int blocks = OCRAD_result_blocks(d);
  for (int b = 0; b < blocks; b++)
    for (int l = 0, lines = OCRAD_result_lines(d, b); l < lines; l++) {
      const char *line = OCRAD_result_line(d, b, l);
      out->chars_in_lines += OCRAD_result_chars_line(d, b, l);
      if (line && len < sizeof out->text - 1)
        len += (size_t)snprintf(out->text + len, sizeof out->text - len, "%s%s", len ? "\n" : "", line);
      if (len > sizeof out->text - 1) len = sizeof out->text - 1;
    }
  out->chars_total = OCRAD_result_chars_total(d);
}

int ocrad_engine_read(PIX *pix, ocr_reading *out, const char **failed_call) {
  memset(out, 0, sizeof *out);
  out->image_width = (int)pixGetWidth(pix), out->image_height = (int)pixGetHeight(pix);
  out->has_char_counts = 1;
  struct OCRAD_Descriptor *d = OCRAD_open();
  if (!d || OCRAD_get_errno(d) != OCRAD_ok) {
    *failed_call = "OCRAD_open";
    if (d) OCRAD_close(d);
    return -1;
  }
  unsigned char *bytes = greymap_of(pix);
  struct OCRAD_Pixmap map = {bytes, out->image_height, out->image_width, OCRAD_greymap};
  int rc = 0;
  if (OCRAD_set_image(d, &map, false) < 0) *failed_call = "OCRAD_set_image", rc = -1;
  else if (OCRAD_set_utf8_format(d, true) < 0) *failed_call = "OCRAD_set_utf8_format", rc = -1;
  else if (OCRAD_recognize(d, false) < 0) *failed_call = "OCRAD_recognize", rc = -1;
  else read_lines(d, out);
  OCRAD_close(d);
  mlf_guard_free(bytes);
  return rc;
}
