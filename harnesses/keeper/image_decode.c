/* Leptonica decoding (image_decode.h). Leptonica gets the PNG bytes in a guard buffer. */
#include <string.h>
#include "image_decode.h"
#include "mlf_guard.h"

void image_decode_init(void) { setMsgSeverity(L_SEVERITY_ERROR); }

PIX *image_decode_png_as_is(const unsigned char *png, size_t size) {
  unsigned char *copy = mlf_guard_alloc(size, 1, MLF_GUARD_TAIL, "PNG for pixReadMem");
  memcpy(copy, png, size);
  PIX *decoded = pixReadMem(copy, size);
  mlf_guard_free(copy);
  return decoded;
}

PIX *image_decode_png(const unsigned char *png, size_t size) {
  PIX *decoded = image_decode_png_as_is(png, size);
  if (!decoded) return NULL;
  PIX *gray = pixConvertTo8(decoded, 0);
  pixDestroy(&decoded);
  return gray;
}

PIX *image_png_round_trip(PIX *pix) {
  l_uint8 *bytes = NULL;
  size_t size = 0;
  if (pixWriteMem(&bytes, &size, pix, IFF_PNG) || !bytes) return NULL;
  PIX *back = image_decode_png(bytes, size);
  lept_free(bytes);
  return back;
}
