/* Encodes a cairo canvas as PNG with Debian's libpng16 (its simplified write API). */
#ifndef KEEPER_PNG_ENCODE_H
#define KEEPER_PNG_ENCODE_H
#include <stddef.h>
#include "render_canvas.h"

typedef struct {
  unsigned char *bytes; /* a guard buffer */
  size_t size;
} png_file;

/* 0 and the file, or -1 with libpng's message in why. Free with png_file_free. */
int png_encode_canvas(const render_canvas *canvas, png_file *out, char *why, size_t why_len);
void png_file_free(png_file *f);
#endif
