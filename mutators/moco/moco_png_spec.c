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
    /* compression: PNG_TEXT_COMPRESSION_NONE (-1), _zTXt (0), PNG_ITXT_COMPRESSION_NONE (1),
     * _zTXt (2); png_set_text_2 refuses others ("text compression mode is out of range"). */
    {"png_set_text", "chunk", 3, {T("key", 1, 79), T("text", 0, 256), I("compression", -1, 2, -1)}, 0, NULL, 0},
    {"png_set_PLTE", "chunk", 1, {I("num_palette", 1, 256, 4)}, 0, NULL, 0},
    /* The parameters are decimal strings made from the block's seed (png_check_fp_string). */
    {"png_set_pCAL", "chunk", 6,
     {T("purpose", 1, 79), I("X0", -2147483647, 2147483647, 0), I("X1", -2147483647, 2147483647, 1),
      I("type", 0, 3, 0), I("nparams", 0, 255, 2), T("units", 0, 32)},
     1, NULL, 0},
    /* tRNS: palette alphas from the block's seed (num_trans of them, at most the palette's
     * size) or one gray or RGB sample value, below 2^bit_depth (png_write_tRNS warns and
     * skips the chunk otherwise; legalize keeps the pair). */
    {"png_set_tRNS", "chunk", 4,
     {I("num_trans", 1, 256, 1), I("gray_or_red", 0, 65535, 0), I("green", 0, 65535, 0), I("blue", 0, 65535, 0)},
     0, NULL, 0},
    /* bKGD: a palette index below the palette's size, or samples below 2^bit_depth (8-bit
     * RGB: below 256); png_write_bKGD warns and skips the chunk otherwise. */
    {"png_set_bKGD", "chunk", 4,
     {I("index", 0, 255, 0), I("gray_or_red", 0, 65535, 0), I("green", 0, 65535, 0), I("blue", 0, 65535, 0)},
     0, NULL, 0},
    /* sBIT: significant bits per channel, 1 to the sample depth (8 for palettes);
     * png_write_sBIT refuses 0 on the gray or red channel it always checks, when the image is
     * written: deferred (a later call replaces the value first). */
    {"png_set_sBIT", "chunk", 4,
     {I("gray_or_red", 1, 16, 8), I("green", 1, 16, 8), I("blue", 1, 16, 8), I("alpha", 1, 16, 8)}, 1, NULL, 0},
    /* sCAL as strings (png_set_sCAL_s): unit 1 (metre) or 2 (radian), png_error otherwise;
     * width and height positive decimal numbers made from the values. */
    {"png_set_sCAL_s", "chunk", 3,
     {I("unit", 1, 2, 1), I("width", 1, 1000000, 1000), I("height", 1, 1000000, 1000)}, 0, NULL, 0},
    /* hIST: one frequency per palette entry, from the block's seed scaled to max; needs the
     * palette set first (png_set_hIST skips it otherwise). */
    {"png_set_hIST", "chunk", 1, {I("max", 0, 65535, 1000)}, 0, NULL, 0},
    /* eXIf: n bytes from the block's seed behind the "MM" byte-order mark the PNG
     * specification (third edition, 11.3.6.1) requires and libpng's reader checks. */
    {"png_set_eXIf_1", "chunk", 1, {I("length", 2, 256, 16)}, 0, NULL, 0},
    /* The zlib settings of compressed text chunks: checked by deflateInit2 only when a zTXt or
     * compressed iTXt is written, so no side is counted as refused. */
    {"png_set_text_compression_level", "zlib-text", 1, {I("level", -1, 9, -1)}, 1, NULL, 0},
    {"png_set_text_compression_mem_level", "zlib-text", 1, {I("mem_level", 1, 9, 8)}, 1, NULL, 0},
    {"png_set_text_compression_strategy", "zlib-text", 1, {I("strategy", 0, 4, 0)}, 1, NULL, 0},
    {"png_set_text_compression_window_bits", "zlib-text", 1, {I("window_bits", 8, 15, 15)}, 1, NULL, 0},
    /* Transforms set on both the writer and the reader (the application hands rows in that
     * layout and asks for them back in it): each undoes itself, so the pixels read back are
     * the application's. libpng applies them only where the format has what they change. */
    {"png_set_bgr", "shared-transform", 0, {{0}}, 0, NULL, 0},
    {"png_set_swap", "shared-transform", 0, {{0}}, 0, NULL, 0},
    {"png_set_swap_alpha", "shared-transform", 0, {{0}}, 0, NULL, 0},
    {"png_set_invert_alpha", "shared-transform", 0, {{0}}, 0, NULL, 0},
    {"png_set_invert_mono", "shared-transform", 0, {{0}}, 0, NULL, 0},
    {"png_set_packswap", "shared-transform", 0, {{0}}, 0, NULL, 0},
    {"png_set_packing", "shared-transform", 0, {{0}}, 0, NULL, 0},
    /* Transforms of the reader only (the libpng manual, "Transformations"). */
    {"png_set_expand", "read-transform", 0, {{0}}, 0, NULL, 0},
    {"png_set_expand_gray_1_2_4_to_8", "read-transform", 0, {{0}}, 0, NULL, 0},
    {"png_set_palette_to_rgb", "read-transform", 0, {{0}}, 0, NULL, 0},
    {"png_set_tRNS_to_alpha", "read-transform", 0, {{0}}, 0, NULL, 0},
    {"png_set_expand_16", "read-transform", 0, {{0}}, 0, NULL, 0},
    {"png_set_strip_16", "read-transform", 0, {{0}}, 0, NULL, 0},
    {"png_set_scale_16", "read-transform", 0, {{0}}, 0, NULL, 0},
    {"png_set_strip_alpha", "read-transform", 0, {{0}}, 0, NULL, 0},
    {"png_set_gray_to_rgb", "read-transform", 0, {{0}}, 0, NULL, 0},
    /* error_action PNG_ERROR_ACTION_NONE (1) or _WARN (2); 0 is refused ("invalid error
     * action to rgb_to_gray"); _ERROR (3) is legal but makes any colour pixel an error, so the
     * range stops before it. Coefficients in 1/100000, red + green at most 100000 (legalize),
     * negative: libpng's defaults. */
    {"png_set_rgb_to_gray_fixed", "read-transform", 3,
     {I("error_action", 1, 2, 1), I("red", -1, 100000, -1), I("green", -1, 100000, -1)}, 0, NULL, 0},
    /* filler: the low byte is used for 8-bit rows; flags PNG_FILLER_BEFORE (0) or _AFTER (1). */
    {"png_set_add_alpha", "read-transform", 2, {I("filler", 0, 65535, 65535), I("flags", 0, 1, 1)}, 0, NULL, 0},
    {"png_set_filler", "read-transform", 2, {I("filler", 0, 65535, 65535), I("flags", 0, 1, 1)}, 0, NULL, 0},
    /* gamma code: PNG_BACKGROUND_GAMMA_SCREEN (1), _FILE (2), _UNIQUE (3); _UNKNOWN (0) is
     * refused ("Application must supply a known background gamma"). */
    {"png_set_background_fixed", "read-transform", 4,
     {I("gamma_code", 1, 3, 2), I("need_expand", 0, 1, 1), I("background_gamma", 1000, 1000000, 100000),
      I("gray", 0, 255, 0)},
     0, NULL, 0},
    /* Gammas in 1/100000; png_set_gamma_fixed raises png_error for a value <= 0. */
    {"png_set_gamma_fixed", "read-transform", 2,
     {I("screen_gamma", 1, 10000000, 220000), I("file_gamma", 1, 10000000, 45455)}, 0, NULL, 0},
    /* mode PNG_ALPHA_PNG (0) .. PNG_ALPHA_BROKEN (3), output gamma 1000..10000000
     * (png_error "invalid alpha mode", "output gamma out of expected range"). A mode that
     * composes (1..3) may come once and not beside png_set_background: png.h, "internal
     * checking in png_set_alpha will fire if more than one call to png_set_alpha_mode and
     * png_set_background is made in the same read operation, however multiple calls with
     * PNG_ALPHA_PNG are ignored"; legalize keeps mode 0 otherwise. */
    {"png_set_alpha_mode_fixed", "read-transform", 2,
     {I("mode", 0, 3, 0), I("output_gamma", 1000, 10000000, 220000)}, 0, NULL, 0},
    {"png_set_interlace_handling", "read-transform", 0, {{0}}, 0, NULL, 0},
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
    [MOCO_PNG_TEXT] = {3, 0, 3},  /* "tEXt: invalid keyword" (empty), "keyword truncated" (80
                                     bytes); "text compression mode is out of range" */
    [MOCO_PNG_PLTE] = {3},        /* "Invalid palette" (0), "Invalid palette length" */
    [MOCO_PNG_PCAL] = {3, 0, 0, 3, 3, 0}, /* "pCAL: invalid keyword", "Invalid pCAL equation
                                             type", "Invalid pCAL parameter count" */
    [MOCO_PNG_SBIT] = {1},                  /* "Invalid sBIT depth specified" */
    [MOCO_PNG_SCAL] = {3},                  /* "Invalid sCAL unit" */
    [MOCO_PNG_RGB_TO_GRAY] = {1},           /* "invalid error action to rgb_to_gray" */
    [MOCO_PNG_BACKGROUND] = {1},            /* "Application must supply a known background gamma" */
    [MOCO_PNG_GAMMA] = {1, 1},              /* "invalid screen gamma", "invalid file gamma" */
    [MOCO_PNG_ALPHA_MODE] = {3, 3},         /* "invalid alpha mode", "output gamma out of expected range" */
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

/* The index of the last block of API api before block `before`, or -1. */
static int last_block(const Mlf__Moco__Program *p, int api, size_t before) {
  int found = -1;
  for (size_t b = 0; b < before && b < p->n_blocks; b++)
    if (moco_api_index(&moco_png_spec, p->blocks[b]->api) == api) found = (int)b;
  return found;
}

/* The palette the image is written with: the last png_set_PLTE's, else the harness's default
 * (2^bit_depth entries) for palette images; 0 for others. */
static int final_palette(const Mlf__Moco__Program *p) {
  int b = last_block(p, MOCO_PNG_PLTE, p->n_blocks);
  if (ihdr_color_type(p) != 3) return 0;
  return b >= 0 ? (int)moco_value_number(p->blocks[b]->args[0]) : 1 << ihdr_bit_depth(p);
}

/* The largest sample the header's bit depth holds. */
static int max_sample(const Mlf__Moco__Program *p) { return (1 << ihdr_bit_depth(p)) - 1; }

/* The most significant bits sBIT may give a channel: the sample depth, 8 for palettes. */
static int max_sbit(const Mlf__Moco__Program *p) { return ihdr_color_type(p) == 3 ? 8 : ihdr_bit_depth(p); }

/* 1 when a call that composes precedes block b (an alpha mode other than PNG_ALPHA_PNG) or
 * any png_set_background_fixed block is in the program. */
static int earlier_composing(const Mlf__Moco__Program *p, size_t b) {
  if (last_block(p, MOCO_PNG_BACKGROUND, p->n_blocks) >= 0) return 1;
  for (size_t e = 0; e < b; e++)
    if (moco_api_index(&moco_png_spec, p->blocks[e]->api) == MOCO_PNG_ALPHA_MODE &&
        moco_value_number(p->blocks[e]->args[0]) != 0)
      return 1;
  return 0;
}

static int png_legal(const Mlf__Moco__Program *p, size_t b, unsigned param, double v) {
  int api = moco_api_index(&moco_png_spec, p->blocks[b]->api);
  if (api < 0 || param >= png_apis[api].n_params) return 0;
  const moco_param *q = &png_apis[api].params[param];
  if (q->kind != MOCO_TEXT && (v < q->lo || v > q->hi)) return 0;
  if (q->kind == MOCO_INT && v != floor(v)) return 0;
  switch (api) {
    case MOCO_PNG_IHDR:
      if (param == 3) return v != 1 && v != 5 && depth_allowed((int)v, ihdr_bit_depth(p));
      if (param == 2) return depth_allowed(ihdr_color_type(p), (int)v);
      return 1;
    case MOCO_PNG_FILTER: return param != 1 || filters_allowed((int)v);
    case MOCO_PNG_PLTE: return v <= (ihdr_color_type(p) == 3 ? 1 << ihdr_bit_depth(p) : 256);
    case MOCO_PNG_PCAL: return param != 4 || v == pcal_count(p->blocks[b]);
    case MOCO_PNG_TRNS: return param == 0 ? ihdr_color_type(p) != 3 || v <= final_palette(p) : v <= max_sample(p);
    case MOCO_PNG_BKGD: return param == 0 ? ihdr_color_type(p) != 3 || v < final_palette(p) : v <= max_sample(p);
    case MOCO_PNG_SBIT: return v <= max_sbit(p);
    case MOCO_PNG_RGB_TO_GRAY: {
      double red = param == 1 ? v : moco_value_number(p->blocks[b]->args[1]);
      double green = param == 2 ? v : moco_value_number(p->blocks[b]->args[2]);
      return red < 0 || green < 0 || red + green <= 100000;
    }
    case MOCO_PNG_ALPHA_MODE: return param != 0 || v == 0 || !earlier_composing(p, b);
    default: return 1;
  }
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

/* Clamps integer argument i of block k to at most hi. */
static void at_most(Mlf__Moco__Block *k, unsigned i, int64_t hi) {
  if (k->args[i]->integer > hi) set_integer(k->args[i], hi);
}

/* With the header first (the post-processor puts it there): the colour type and depth are a
 * pair PNG allows; a pCAL's parameter count is its equation type's; filters are a
 * value or a mask; palettes fit the header (none on gray images, where libpng ignores them);
 * keywords are plain; tRNS, bKGD and sBIT fit the header and the palette written (no tRNS
 * beside an alpha channel); hIST follows a palette; no second composing call (an alpha mode
 * other than PNG_ALPHA_PNG after another one, or beside a background). Arguments are already in range (the caller clamps them). */
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
  ct = (int)h[3]->integer;
  for (size_t b = 1; b < p->n_blocks;) {
    Mlf__Moco__Block *k = p->blocks[b];
    int api = moco_api_index(&moco_png_spec, k->api);
    if ((api == MOCO_PNG_PLTE && !(ct & 2)) || (api == MOCO_PNG_TRNS && (ct & 4)) ||
        (api == MOCO_PNG_HIST && (ct != 3 || last_block(p, MOCO_PNG_PLTE, b) < 0))) {
      moco_drop_block(p, b);
      continue;
    }
    if (api == MOCO_PNG_PLTE && !png_legal(p, b, 0, (double)k->args[0]->integer))
      set_integer(k->args[0], ct == 3 ? 1 << h[2]->integer : 256);
    if (api == MOCO_PNG_FILTER && !filters_allowed((int)k->args[1]->integer))
      set_integer(k->args[1], k->args[1]->integer & 0xf8 ? k->args[1]->integer & 0xf8 : 8);
    if (api == MOCO_PNG_TEXT || api == MOCO_PNG_PCAL) plain_keyword(k->args[0]);
    if (api == MOCO_PNG_PCAL && !png_legal(p, b, 4, (double)k->args[4]->integer))
      set_integer(k->args[4], pcal_count(k));
    if (api == MOCO_PNG_SBIT)
      for (unsigned i = 0; i < 4; i++) at_most(k, i, max_sbit(p));
    if (api == MOCO_PNG_RGB_TO_GRAY && !png_legal(p, b, 2, (double)k->args[2]->integer))
      set_integer(k->args[2], 100000 - k->args[1]->integer);
    if (api == MOCO_PNG_ALPHA_MODE && !png_legal(p, b, 0, (double)k->args[0]->integer)) set_integer(k->args[0], 0);
    b++;
  }
  /* After the palettes are final: what refers to their size. */
  for (size_t b = 1; b < p->n_blocks; b++) {
    Mlf__Moco__Block *k = p->blocks[b];
    int api = moco_api_index(&moco_png_spec, k->api);
    if (api != MOCO_PNG_TRNS && api != MOCO_PNG_BKGD) continue;
    if (ct == 3) at_most(k, 0, api == MOCO_PNG_TRNS ? final_palette(p) : final_palette(p) - 1);
    for (unsigned i = 1; i < 4; i++) at_most(k, i, max_sample(p));
  }
}

static int png_refused(unsigned api, unsigned param, int upper) {
  return api < sizeof refused / sizeof *refused && param < MOCO_MAX_PARAMS &&
         (refused[api][param] >> (upper ? 1 : 0)) & 1;
}

const moco_spec moco_png_spec = {"png", png_apis, sizeof png_apis / sizeof *png_apis, MOCO_PNG_IHDR,
                                 png_legalize, png_legal, png_refused, 1};
