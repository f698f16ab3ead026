/* libpng 1.6's simplified API as MoCo blocks (moco_spec.h), from png.h's "SIMPLIFIED API"
 * section: png_image_write_to_memory makes a PNG in memory from rows of a format (a handle
 * "png_memory"), png_image_begin_read_from_memory begins reading one (a handle "png_image"),
 * png_image_finish_read reads its rows in a format, png_image_free frees it. A format is a
 * set of PNG_FORMAT_FLAG_* bits; BGR means something only with COLOR and AFIRST only with
 * ALPHA, and a colour-mapped image has 8-bit entries here (legalize keeps that). Refused
 * boundaries: a width or height of 0 (png_set_IHDR's "Image width is zero in IHDR" through
 * png_image_error); a colour map of 0 or more than 256 entries ("png_image_write: invalid
 * colormap"... only with the COLORMAP flag, so not counted). */
#include "moco_png_image_spec.h"

#define I MOCO_I
#define H MOCO_H

static const moco_api image_apis[] = {
    {"png_image_write_to_memory", "write", 6,
     {I("width", 1, 64, 8), I("height", 1, 64, 8), I("format", 0, MOCO_PNG_IMAGE_FORMATS, 2),
      I("convert_to_8bit", 0, 1, 0), I("colormap_entries", 1, 256, 16), I("bottom_up", 0, 1, 0)},
     0, "png_memory", 0},
    {"png_image_begin_read_from_memory", "read", 1, {H("memory", "png_memory")}, 0, "png_image", 0},
    {"png_image_finish_read", "read", 3,
     {H("image", "png_image"), I("format", 0, MOCO_PNG_IMAGE_FORMATS, 2), I("background", 0, 255, 255)}, 0, NULL, 1},
    {"png_image_free", "read", 1, {H("image", "png_image")}, 0, NULL, 1},
};
_Static_assert(sizeof image_apis / sizeof *image_apis == MOCO_PNG_IMAGE_APIS, "one row per API of moco_png_image_spec.h");

/* A format whose flags mean what they say: BGR (0x10) with COLOR (0x02), AFIRST (0x20) with
 * ALPHA (0x01), no LINEAR (0x04) colour map (0x08). The mutators do not see png.h. */
static int plain_format(int f) {
  if (!(f & 0x02)) f &= ~0x10;
  if (!(f & 0x01)) f &= ~0x20;
  if (f & 0x08) f &= ~0x04;
  return f;
}

static unsigned format_param(int api) { return api == MOCO_PNG_IMAGE_WRITE ? 2 : 1; }

static int image_legal(const Mlf__Moco__Program *p, size_t b, unsigned param, double v) {
  int api = moco_api_index(&moco_png_image_spec, p->blocks[b]->api);
  if (api < 0 || param >= image_apis[api].n_params) return 0;
  const moco_param *q = &image_apis[api].params[param];
  if (q->kind == MOCO_HANDLE) return 1;
  if (v < q->lo || v > q->hi || v != (double)(long long)v) return 0;
  return (api != MOCO_PNG_IMAGE_WRITE && api != MOCO_PNG_IMAGE_FINISH_READ) || param != format_param(api) ||
         plain_format((int)v) == (int)v;
}

static void image_legalize(Mlf__Moco__Program *p) {
  for (size_t b = 0; b < p->n_blocks; b++) {
    int api = moco_api_index(&moco_png_image_spec, p->blocks[b]->api);
    if (api != MOCO_PNG_IMAGE_WRITE && api != MOCO_PNG_IMAGE_FINISH_READ) continue;
    Mlf__Moco__Value *v = p->blocks[b]->args[format_param(api)];
    v->integer = plain_format((int)v->integer);
  }
}

static int image_refused(unsigned api, unsigned param, int upper) {
  return api == MOCO_PNG_IMAGE_WRITE && param < 2 && !upper;
}

const moco_spec moco_png_image_spec = {"png-image", image_apis, MOCO_PNG_IMAGE_APIS, -1,
                                       image_legalize, image_legal, image_refused, 0};
