/* The libpng 1.6 write pipeline as MoCo blocks (moco_spec.h): the image header, the zlib and
 * filter settings and the ancillary chunks a writer sets, with the ranges png.h and the libpng
 * manual document and the checks libpng 1.6.39 makes (png_check_IHDR, png_set_*, png_write_*,
 * deflateInit2). A boundary counts for the BC operator only where libpng refuses the value just
 * past it with png_error, png_app_error or png_warning (refused below); where it stores any
 * value silently (a pHYs resolution, a year) the range bounds the work and nothing more. The
 * zlib settings are checked by deflateInit2 and the pHYs and oFFs units and the pCAL purpose by
 * png_write_*, when the image is written: those APIs are deferred (a later call replaces a
 * refused value). */
#include <math.h>
#include "moco_png_spec.h"

#define I MOCO_I
#define R MOCO_R
#define T MOCO_T

/* Gamma: png_colorspace_set_gamma accepts 16 to 625000000 in units of 1/100000 (0.00016 to
 * 6250, narrower than the fixed-point type, "for safety"). Widths and heights are capped at 64 pixels to bound the work, not by libpng (its limit is
 * 2^31 - 1 and the user limit 10^6); only their lower boundary, 0, is refused. */
static const moco_api png_apis[] = {
    {"png_set_IHDR", "header", 7,
     {I("width", 1, 64, 8), I("height", 1, 64, 8), I("bit_depth", 1, 16, 8),
      I("color_type", 0, 6, 0), I("interlace_method", 0, 1, 0), I("compression_method", 0, 0, 0),
      I("filter_method", 0, 0, 0)}, 0, NULL, 0},
    {"png_set_compression_level", "zlib", 1, {I("level", -1, 9, -1)}, 1, NULL, 0},
    {"png_set_compression_mem_level", "zlib", 1, {I("mem_level", 1, 9, 8)}, 1, NULL, 0},
    {"png_set_compression_strategy", "zlib", 1, {I("strategy", 0, 4, 0)}, 1, NULL, 0},
    {"png_set_compression_window_bits", "zlib", 1, {I("window_bits", 8, 15, 15)}, 0, NULL, 0},
    {"png_set_filter", "filter", 2, {I("method", 0, 0, 0), I("filters", 0, 248, 248)}, 0, NULL, 0},
    {"png_set_gAMA", "chunk", 1, {R("file_gamma", 0.00016, 6250.0, 0.45455, 0.00001)}, 0, NULL, 0},
    {"png_set_pHYs", "chunk", 3,
     {I("res_x", 0, 2147483647, 2835), I("res_y", 0, 2147483647, 2835), I("unit_type", 0, 1, 1)},
     1, NULL, 0},
    {"png_set_oFFs", "chunk", 3,
     {I("x_offset", -2147483647, 2147483647, 0), I("y_offset", -2147483647, 2147483647, 0),
      I("unit_type", 0, 1, 0)},
     1, NULL, 0},
    {"png_set_tIME", "chunk", 6,
     {I("year", 0, 65535, 2026), I("month", 1, 12, 11), I("day", 1, 31, 26), I("hour", 0, 23, 12),
      I("minute", 0, 59, 0), I("second", 0, 60, 0)}, 0, NULL, 0},
    {"png_set_text", "chunk", 2, {T("key", 1, 79), T("text", 0, 256)}, 0, NULL, 0},
    {"png_set_PLTE", "chunk", 1, {I("num_palette", 1, 256, 4)}, 0, NULL, 0},
    /* The parameters are decimal strings made from the block's seed (png_check_fp_string). */
    {"png_set_pCAL", "chunk", 6,
     {T("purpose", 1, 79), I("X0", -2147483647, 2147483647, 0), I("X1", -2147483647, 2147483647, 1),
      I("type", 0, 3, 0), I("nparams", 0, 255, 2), T("units", 0, 32)},
     1, NULL, 0},
};
_Static_assert(sizeof png_apis / sizeof *png_apis == MOCO_PNG_APIS, "one row per API of moco_png_spec.h");

/* Which side's just-past value libpng refuses, per API and parameter: bit 0 the lower side,
 * bit 1 the upper side. */
static const unsigned char refused[][MOCO_MAX_PARAMS] = {
    [MOCO_PNG_IHDR] = {1, 0, 3, 3, 2, 3, 3},  /* width 0; depth 0/17; colour -1/7; interlace 2; methods */
    [MOCO_PNG_LEVEL] = {3}, [MOCO_PNG_MEM_LEVEL] = {3}, [MOCO_PNG_STRATEGY] = {3}, /* deflateInit2: Z_STREAM_ERROR */
    [MOCO_PNG_WINDOW_BITS] = {3},                                /* png_warning, clamped to 8..15 */
    [MOCO_PNG_FILTER] = {3, 0},                                  /* "Unknown custom filter method" */
    [MOCO_PNG_GAMA] = {3},        /* png_colorspace_set_gamma: "gamma value out of range" */
    [MOCO_PNG_PHYS] = {0, 0, 2}, [MOCO_PNG_OFFS] = {0, 0, 2},             /* "Unrecognized unit type" */
    [MOCO_PNG_TIME] = {0, 3, 3, 3, 3, 3},                        /* "Ignoring invalid time value" */
    [MOCO_PNG_TEXT] = {3, 0},     /* "tEXt: invalid keyword" (empty), "keyword truncated" (80 bytes) */
    [MOCO_PNG_PLTE] = {3},        /* "Invalid palette" (0), "Invalid palette length" */
    [MOCO_PNG_PCAL] = {3, 0, 0, 3, 3, 0}, /* "pCAL: invalid keyword", "Invalid pCAL equation
                                             type", "Invalid pCAL parameter count" */
};

static int ihdr_color_type(const Mlf__Moco__Program *p) {
  return p->n_blocks && p->blocks[0]->n_args > 3 ? (int)moco_value_number(p->blocks[0]->args[3]) : 0;
}

static int ihdr_bit_depth(const Mlf__Moco__Program *p) {
  return p->n_blocks && p->blocks[0]->n_args > 2 ? (int)moco_value_number(p->blocks[0]->args[2]) : 8;
}

/* The bit depths PNG allows for a colour type (PNG specification, table 11.1). */
static int depth_allowed(int color_type, int depth) {
  switch (color_type) {
    case 0: return depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16;
    case 3: return depth == 1 || depth == 2 || depth == 4 || depth == 8;
    case 2: case 4: case 6: return depth == 8 || depth == 16;
    default: return 0;
  }
}

/* The parameter count a pCAL equation type takes (PNG specification, 11.3.4.4: linear 2,
 * base-e exponential 3, arbitrary-base exponential 3, hyperbolic 4); libpng's reader ignores
 * a chunk with another count, its writer does not check. */
static int pcal_count(const Mlf__Moco__Block *k) {
  static const int counts[4] = {2, 3, 3, 4};
  int type = k->n_args > 3 ? (int)moco_value_number(k->args[3]) : 0;
  return counts[type < 0 || type > 3 ? 0 : type];
}

/* png_set_filter's filters: a PNG_FILTER_VALUE_* (0..4) or a mask of PNG_FILTER_NONE..PAETH. */
static int filters_allowed(int f) { return (f >= 0 && f <= 4) || (f >= 8 && f <= 248 && f % 8 == 0); }

static int png_legal(const Mlf__Moco__Program *p, size_t b, unsigned param, double v) {
  int api = moco_api_index(&moco_png_spec, p->blocks[b]->api);
  if (api < 0 || param >= png_apis[api].n_params) return 0;
  const moco_param *q = &png_apis[api].params[param];
  if (q->kind != MOCO_TEXT && (v < q->lo || v > q->hi)) return 0;
  if (q->kind == MOCO_INT && v != floor(v)) return 0;
  if (api == MOCO_PNG_IHDR && param == 3) return v != 1 && v != 5 && depth_allowed((int)v, ihdr_bit_depth(p));
  if (api == MOCO_PNG_IHDR && param == 2) return depth_allowed(ihdr_color_type(p), (int)v);
  if (api == MOCO_PNG_FILTER && param == 1) return filters_allowed((int)v);
  if (api == MOCO_PNG_PLTE) return v <= (ihdr_color_type(p) == 3 ? 1 << ihdr_bit_depth(p) : 256);
  if (api == MOCO_PNG_PCAL && param == 4) return v == pcal_count(p->blocks[b]);
  return 1;
}

static void set_integer(Mlf__Moco__Value *v, int64_t x) {
  v->kind_case = MLF__MOCO__VALUE__KIND_INTEGER;
  v->integer = x;
}

/* A keyword of Latin letters and digits (png_check_keyword's rules, narrowed so that no
 * character is ever replaced): others become 'K'. */
static void plain_keyword(Mlf__Moco__Value *v) {
  if (v->kind_case != MLF__MOCO__VALUE__KIND_TEXT) return;
  for (char *c = v->text; *c; c++)
    if (!((*c >= 'A' && *c <= 'Z') || (*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9'))) *c = 'K';
}

/* With the header first (the post-processor puts it there): the colour type and depth are a
 * pair PNG allows; a pCAL's parameter count is its equation type's; filters are a
 * value or a mask; palettes fit the header (none on gray images, where libpng ignores them);
 * keywords are plain. Arguments are already in range (the caller clamps them). */
static void png_legalize(Mlf__Moco__Program *p) {
  Mlf__Moco__Value **h = p->blocks[0]->args;
  int ct = (int)h[3]->integer;
  if (ct == 1 || ct == 5) set_integer(h[3], ct - 1);
  if (!depth_allowed((int)h[3]->integer, (int)h[2]->integer)) {
    int d = (int)h[2]->integer, ct2 = (int)h[3]->integer;
    set_integer(h[2], ct2 == 0 ? (d >= 16 ? 16 : d >= 8 ? 8 : d >= 4 ? 4 : d >= 2 ? 2 : 1)
                      : ct2 == 3 ? (d >= 8 ? 8 : d >= 4 ? 4 : d >= 2 ? 2 : 1)
                                 : (d >= 16 ? 16 : 8));
  }
  for (size_t b = 1; b < p->n_blocks;) {
    Mlf__Moco__Block *k = p->blocks[b];
    int api = moco_api_index(&moco_png_spec, k->api);
    if (api == MOCO_PNG_PLTE && !(ct & 2)) { moco_drop_block(p, b); continue; }
    if (api == MOCO_PNG_PLTE && !png_legal(p, b, 0, (double)k->args[0]->integer))
      set_integer(k->args[0], ct == 3 ? 1 << h[2]->integer : 256);
    if (api == MOCO_PNG_FILTER && !filters_allowed((int)k->args[1]->integer))
      set_integer(k->args[1], k->args[1]->integer & 0xf8 ? k->args[1]->integer & 0xf8 : 8);
    if (api == MOCO_PNG_TEXT || api == MOCO_PNG_PCAL) plain_keyword(k->args[0]);
    if (api == MOCO_PNG_PCAL && !png_legal(p, b, 4, (double)k->args[4]->integer))
      set_integer(k->args[4], pcal_count(k));
    b++;
  }
}

static int png_refused(unsigned api, unsigned param, int upper) {
  return api < sizeof refused / sizeof *refused && param < MOCO_MAX_PARAMS &&
         (refused[api][param] >> (upper ? 1 : 0)) & 1;
}

const moco_spec moco_png_spec = {"png", png_apis, sizeof png_apis / sizeof *png_apis, MOCO_PNG_IHDR,
                                 png_legalize, png_legal, png_refused, 1};
