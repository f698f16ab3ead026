/* Leptonica's side of the pseudo-inverse: the PNG decoded as the OCR engine's image library
 * decodes it, and leptonica's own PNG round trip (image_decode.c). */
#ifndef KEEPER_IMAGE_DECODE_H
#define KEEPER_IMAGE_DECODE_H
#include <leptonica/allheaders.h>
#include <stddef.h>

/* Quiets leptonica's messages below errors (once per process). */
void image_decode_init(void);
/* pixReadMem of the bytes as leptonica decodes them (32 bits with alpha for the renderer's
 * BGRA PNG), or NULL. */
PIX *image_decode_png_as_is(const unsigned char *png, size_t size);
/* pixReadMem of the bytes, converted to 8-bit gray (pixConvertTo8); NULL when leptonica
 * refuses them. The caller destroys the PIX. */
PIX *image_decode_png(const unsigned char *png, size_t size);
/* The image written as PNG by leptonica (pixWriteMem) and read back (pixReadMem), or NULL. */
PIX *image_png_round_trip(PIX *pix);
#endif
