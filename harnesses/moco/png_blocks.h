/* The libpng calls of the MoCo blocks (mutators/moco/moco_png_spec.c names them): each block
 * decoded into its call on the write struct, and what a positive program has set, as the
 * state a reader of the written file must find again. */
#ifndef PNG_BLOCKS_H
#define PNG_BLOCKS_H
#include <png.h>
#include <stddef.h>
#include <stdint.h>
#include "moco.pb-c.h"

#define PNG_BLOCKS_MAX_TEXT 24

/* What the setters of a program set, last call winning (text chunks accumulate). */
typedef struct {
  png_uint_32 width, height;
  int bit_depth, color_type, interlace;
  int has_gama, has_phys, has_offs, has_time;
  png_fixed_point gama;
  png_uint_32 res_x, res_y;
  int phys_unit;
  png_int_32 x_offset, y_offset;
  int offs_unit;
  png_time time;
  size_t n_text;
  struct { char key[80]; char text[257]; int compression; } text[PNG_BLOCKS_MAX_TEXT];
  int n_palette; /* 0: none set */
  png_color palette[256];
  int has_pcal, pcal_type, pcal_nparams;
  png_int_32 pcal_x0, pcal_x1;
  char pcal_purpose[80], pcal_units[33];
  char pcal_params[255][16];
  int pcal_calls; /* png_set_pCAL calls that got past its checks (it never frees the last value) */
  int has_trns, num_trans;
  png_byte trans_alpha[256];
  png_color_16 trans_color;
  int has_bkgd;
  png_color_16 bkgd;
  int has_sbit;
  png_color_8 sbit;
  int has_scal, scal_unit;
  int scal_calls;   /* png_set_sCAL_s calls past its unit check (it never frees the last value) */
  char scal_width[16], scal_height[16];
  int hist_entries; /* 0: no hIST; else the palette size when it was set */
  png_uint_16 hist[256];
  int exif_length;  /* 0: no eXIf */
  png_byte exif[256];
  int packing;      /* png_set_packing was set on the writer: rows hold one pixel per byte */
  int packswap;     /* png_set_packswap was set on the writer: sub-byte pixels low bits first */
  int itxt_without_language; /* an iTXt was set with no language (the known memcpy of NULL) */
} png_expected;

/* Calls block k (API index api of moco_png_spec, not a transform: png_blocks_transform sets
 * those) on png/info and records what it set in e. Palette entries come from a generator
 * seeded by seed. May longjmp through libpng's error handler. */
void png_blocks_apply(png_structp png, png_infop info, int api, const Mlf__Moco__Block *k,
                      uint64_t seed, png_expected *e);

/* Sets transform block k (API index api, a shared or reader transform of moco_png_spec) on
 * png, a writer or a reader. */
void png_blocks_transform(png_structp png, int api, const Mlf__Moco__Block *k);

/* Sets the palette a palette image needs when the program set none (2^depth entries). */
void png_blocks_default_palette(png_structp png, png_infop info, uint64_t seed, png_expected *e);
#endif
