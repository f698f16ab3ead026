/* GNU Ocrad 0.28 through ocradlib.h (libocrad-dev): the leptonica image as an OCRAD_greymap
 * pixmap, recognised with layout analysis off, read line by line (ocrad_engine.c). */
#ifndef KEEPER_OCRAD_ENGINE_H
#define KEEPER_OCRAD_ENGINE_H
#include <leptonica/allheaders.h>
#include "ocr_reading.h"

/* 0 and the reading (text: the lines joined by newlines; character counts), or -1 with the
 * failing call's name in *failed_call. */
int ocrad_engine_read(PIX *pix, ocr_reading *out, const char **failed_call);
#endif
