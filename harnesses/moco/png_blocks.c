/* The libpng calls of the MoCo blocks and the state they set (png_blocks.h). Arguments come
 * normalized by the post-processor (one per parameter, of the parameter's kind); a negative
 * argument is passed to libpng as it is. */
#include "png_blocks.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "mlf_report.h"
#include "mlf_rng.h"
#include "moco_png_spec.h"
#include "moco_run.h"

static long long arg(const Mlf__Moco__Block *k, unsigned i) {
  return i < k->n_args ? (long long)moco_value_number(k->args[i]) : 0;
}

static void set_palette(png_structp png, png_infop info, int n, uint64_t seed, png_expected *e) {
  png_color colors[256] = {{0, 0, 0}};
  mlf_rng rng;
  mlf_rng_seed(&rng, seed ^ 0x504c5445u);
  for (int i = 0; i < n && i < 256; i++) {
    uint64_t r = mlf_rng_next(&rng);
    colors[i] = (png_color){(png_byte)r, (png_byte)(r >> 8), (png_byte)(r >> 16)};
  }
  png_set_PLTE(png, info, colors, n);
  e->n_palette = n;
  memcpy(e->palette, colors, sizeof colors);
}

/* png_set_pCAL with nparams decimal parameters made from seed ("-3.07", "12.50", ...). */
static void set_pcal(png_structp png, png_infop info, const Mlf__Moco__Block *k, uint64_t seed,
                     png_expected *e) {
  int n = (int)arg(k, 4), type = (int)arg(k, 3);
  char texts[255][16];
  png_charp params[255];
  mlf_rng rng;
  mlf_rng_seed(&rng, seed ^ 0x7043414cu);
  for (int i = 0; i < n && i < 255; i++) {
    snprintf(texts[i], sizeof texts[i], "%d.%02u", (int)mlf_rng_below(&rng, 2001) - 1000,
             (unsigned)mlf_rng_below(&rng, 100));
    params[i] = texts[i];
  }
  int counted = type >= 0 && type <= 3 && n >= 0 && n <= 255; /* past its checks */
  e->pcal_calls += counted;
  png_set_pCAL(png, info, moco_arg_text(k, 0), (png_int_32)arg(k, 1), (png_int_32)arg(k, 2), type, n,
               moco_arg_text(k, 5), params);
  e->has_pcal = 1, e->pcal_type = type, e->pcal_nparams = n;
  e->pcal_x0 = (png_int_32)arg(k, 1), e->pcal_x1 = (png_int_32)arg(k, 2);
  snprintf(e->pcal_purpose, sizeof e->pcal_purpose, "%s", moco_arg_text(k, 0));
  snprintf(e->pcal_units, sizeof e->pcal_units, "%s", moco_arg_text(k, 5));
  for (int i = 0; i < n && i < 255; i++) memcpy(e->pcal_params[i], texts[i], sizeof texts[i]);
}

/* tRNS: palette alphas from seed, or one gray or RGB sample value. */
static void set_trns(png_structp png, png_infop info, const Mlf__Moco__Block *k, uint64_t seed, png_expected *e) {
  mlf_rng rng;
  mlf_rng_seed(&rng, seed ^ 0x74524e53u);
  e->num_trans = (int)arg(k, 0);
  for (int i = 0; i < 256; i++) e->trans_alpha[i] = (png_byte)mlf_rng_next(&rng);
  e->trans_color = (png_color_16){0, (png_uint_16)arg(k, 1), (png_uint_16)arg(k, 2), (png_uint_16)arg(k, 3),
                                  (png_uint_16)arg(k, 1)};
  e->has_trns = 1;
  png_set_tRNS(png, info, e->trans_alpha, e->num_trans, &e->trans_color);
}

/* hIST: one frequency per entry of the palette set so far, from seed, at most max. */
static void set_hist(png_structp png, png_infop info, const Mlf__Moco__Block *k, uint64_t seed, png_expected *e) {
  mlf_rng rng;
  mlf_rng_seed(&rng, seed ^ 0x68495354u);
  for (int i = 0; i < 256; i++) e->hist[i] = (png_uint_16)mlf_rng_below(&rng, (uint64_t)arg(k, 0) + 1);
  e->hist_entries = e->n_palette;
  png_set_hIST(png, info, e->hist);
}

/* eXIf: "MM" and length - 2 bytes from seed. */
static void set_exif(png_structp png, png_infop info, const Mlf__Moco__Block *k, uint64_t seed, png_expected *e) {
  mlf_rng rng;
  mlf_rng_seed(&rng, seed ^ 0x65584966u);
  e->exif_length = (int)arg(k, 0);
  e->exif[0] = e->exif[1] = 'M';
  for (int i = 2; i < e->exif_length; i++) e->exif[i] = (png_byte)mlf_rng_next(&rng);
  png_set_eXIf_1(png, info, (png_uint_32)e->exif_length, e->exif);
}

void png_blocks_transform(png_structp png, int api, const Mlf__Moco__Block *k) {
  switch (api) {
    case MOCO_PNG_BGR: png_set_bgr(png); break;
    case MOCO_PNG_SWAP: png_set_swap(png); break;
    case MOCO_PNG_SWAP_ALPHA: png_set_swap_alpha(png); break;
    case MOCO_PNG_INVERT_ALPHA: png_set_invert_alpha(png); break;
    case MOCO_PNG_INVERT_MONO: png_set_invert_mono(png); break;
    case MOCO_PNG_PACKSWAP: png_set_packswap(png); break;
    case MOCO_PNG_PACKING: png_set_packing(png); break;
    case MOCO_PNG_EXPAND: png_set_expand(png); break;
    case MOCO_PNG_EXPAND_GRAY: png_set_expand_gray_1_2_4_to_8(png); break;
    case MOCO_PNG_PALETTE_TO_RGB: png_set_palette_to_rgb(png); break;
    case MOCO_PNG_TRNS_TO_ALPHA: png_set_tRNS_to_alpha(png); break;
    case MOCO_PNG_EXPAND_16: png_set_expand_16(png); break;
    case MOCO_PNG_STRIP_16: png_set_strip_16(png); break;
    case MOCO_PNG_SCALE_16: png_set_scale_16(png); break;
    case MOCO_PNG_STRIP_ALPHA: png_set_strip_alpha(png); break;
    case MOCO_PNG_GRAY_TO_RGB: png_set_gray_to_rgb(png); break;
    case MOCO_PNG_RGB_TO_GRAY:
      png_set_rgb_to_gray_fixed(png, (int)arg(k, 0), (png_fixed_point)arg(k, 1), (png_fixed_point)arg(k, 2));
      break;
    case MOCO_PNG_ADD_ALPHA: png_set_add_alpha(png, (png_uint_32)arg(k, 0), (int)arg(k, 1)); break;
    case MOCO_PNG_FILLER: png_set_filler(png, (png_uint_32)arg(k, 0), (int)arg(k, 1)); break;
    case MOCO_PNG_BACKGROUND: {
      png_uint_16 v = (png_uint_16)arg(k, 3);
      png_color_16 background = {0, v, v, v, v};
      png_set_background_fixed(png, &background, (int)arg(k, 0), (int)arg(k, 1), (png_fixed_point)arg(k, 2));
      break;
    }
    case MOCO_PNG_GAMMA: png_set_gamma_fixed(png, (png_fixed_point)arg(k, 0), (png_fixed_point)arg(k, 1)); break;
    case MOCO_PNG_ALPHA_MODE: png_set_alpha_mode_fixed(png, (int)arg(k, 0), (png_fixed_point)arg(k, 1)); break;
    case MOCO_PNG_INTERLACE_HANDLING: png_set_interlace_handling(png); break;
    default: break;
  }
}

void png_blocks_default_palette(png_structp png, png_infop info, uint64_t seed, png_expected *e) {
  set_palette(png, info, 1 << e->bit_depth, seed, e);
}

void png_blocks_apply(png_structp png, png_infop info, int api, const Mlf__Moco__Block *k,
                      uint64_t seed, png_expected *e) {
  switch (api) {
    case MOCO_PNG_IHDR:
      png_set_IHDR(png, info, (png_uint_32)arg(k, 0), (png_uint_32)arg(k, 1), (int)arg(k, 2),
                   (int)arg(k, 3), (int)arg(k, 4), (int)arg(k, 5), (int)arg(k, 6));
      e->width = (png_uint_32)arg(k, 0), e->height = (png_uint_32)arg(k, 1);
      e->bit_depth = (int)arg(k, 2), e->color_type = (int)arg(k, 3), e->interlace = (int)arg(k, 4);
      break;
    case MOCO_PNG_LEVEL: png_set_compression_level(png, (int)arg(k, 0)); break;
    case MOCO_PNG_MEM_LEVEL: png_set_compression_mem_level(png, (int)arg(k, 0)); break;
    case MOCO_PNG_STRATEGY: png_set_compression_strategy(png, (int)arg(k, 0)); break;
    case MOCO_PNG_WINDOW_BITS: png_set_compression_window_bits(png, (int)arg(k, 0)); break;
    case MOCO_PNG_FILTER: png_set_filter(png, (int)arg(k, 0), (int)arg(k, 1)); break;
    case MOCO_PNG_GAMA: {
      double g = moco_value_number(k->args[0]);
      png_set_gAMA(png, info, g);
      e->has_gama = 1, e->gama = (png_fixed_point)floor(100000 * g + .5); /* png_fixed */
      break;
    }
    case MOCO_PNG_PHYS:
      png_set_pHYs(png, info, (png_uint_32)arg(k, 0), (png_uint_32)arg(k, 1), (int)arg(k, 2));
      e->has_phys = 1, e->res_x = (png_uint_32)arg(k, 0), e->res_y = (png_uint_32)arg(k, 1);
      e->phys_unit = (int)arg(k, 2);
      break;
    case MOCO_PNG_OFFS:
      png_set_oFFs(png, info, (png_int_32)arg(k, 0), (png_int_32)arg(k, 1), (int)arg(k, 2));
      e->has_offs = 1, e->x_offset = (png_int_32)arg(k, 0), e->y_offset = (png_int_32)arg(k, 1);
      e->offs_unit = (int)arg(k, 2);
      break;
    case MOCO_PNG_TIME: {
      png_time t = {(png_uint_16)arg(k, 0), (png_byte)arg(k, 1), (png_byte)arg(k, 2),
                    (png_byte)arg(k, 3), (png_byte)arg(k, 4), (png_byte)arg(k, 5)};
      png_set_tIME(png, info, &t);
      e->has_time = 1, e->time = t;
      break;
    }
    case MOCO_PNG_TEXT: {
      png_text t = {.compression = (int)arg(k, 2), .key = (png_charp)moco_arg_text(k, 0),
                    .text = (png_charp)moco_arg_text(k, 1)};
      /* An iTXt's language and translated keyword may be NULL (png.h); libpng 1.6.39 passes
       * them to memcpy all the same (known finding): empty strings unless reporting it. */
      if (t.compression > 0 && !mlf_report_known()) t.lang = t.lang_key = (png_charp)"";
      e->itxt_without_language |= t.compression > 0;
      png_set_text(png, info, &t, 1);
      if (e->n_text < PNG_BLOCKS_MAX_TEXT) {
        snprintf(e->text[e->n_text].key, sizeof e->text[0].key, "%s", t.key);
        snprintf(e->text[e->n_text].text, sizeof e->text[0].text, "%s", t.text);
        /* An empty text is stored uncompressed, as iTXt or tEXt (png_set_text_2, pngset.c:916). */
        e->text[e->n_text].compression = t.text[0] ? t.compression : t.compression > 0 ? PNG_ITXT_COMPRESSION_NONE
                                                                                        : PNG_TEXT_COMPRESSION_NONE;
        e->n_text++;
      }
      break;
    }
    case MOCO_PNG_TRNS: set_trns(png, info, k, seed, e); break;
    case MOCO_PNG_BKGD: {
      png_color_16 b = {(png_byte)arg(k, 0), (png_uint_16)arg(k, 1), (png_uint_16)arg(k, 2),
                        (png_uint_16)arg(k, 3), (png_uint_16)arg(k, 1)};
      png_set_bKGD(png, info, &b);
      e->has_bkgd = 1, e->bkgd = b;
      break;
    }
    case MOCO_PNG_SBIT: {
      png_color_8 b = {(png_byte)arg(k, 0), (png_byte)arg(k, 1), (png_byte)arg(k, 2), (png_byte)arg(k, 0),
                       (png_byte)arg(k, 3)};
      png_set_sBIT(png, info, &b);
      e->has_sbit = 1, e->sbit = b;
      break;
    }
    case MOCO_PNG_SCAL:
      e->scal_unit = (int)arg(k, 0);
      snprintf(e->scal_width, sizeof e->scal_width, "%lld", arg(k, 1));
      snprintf(e->scal_height, sizeof e->scal_height, "%lld", arg(k, 2));
      e->scal_calls += e->scal_unit == 1 || e->scal_unit == 2; /* past its check */
      png_set_sCAL_s(png, info, e->scal_unit, e->scal_width, e->scal_height);
      e->has_scal = 1;
      break;
    case MOCO_PNG_HIST: set_hist(png, info, k, seed, e); break;
    case MOCO_PNG_EXIF: set_exif(png, info, k, seed, e); break;
    case MOCO_PNG_TEXT_LEVEL: png_set_text_compression_level(png, (int)arg(k, 0)); break;
    case MOCO_PNG_TEXT_MEM_LEVEL: png_set_text_compression_mem_level(png, (int)arg(k, 0)); break;
    case MOCO_PNG_TEXT_STRATEGY: png_set_text_compression_strategy(png, (int)arg(k, 0)); break;
    case MOCO_PNG_TEXT_WINDOW_BITS: png_set_text_compression_window_bits(png, (int)arg(k, 0)); break;
    case MOCO_PNG_PLTE: set_palette(png, info, (int)arg(k, 0), seed, e); break;
    case MOCO_PNG_PCAL: set_pcal(png, info, k, seed, e); break;
    default: break; /* transforms: the template sets them (png_blocks_transform) */
  }
}
