/* The libpng calls of the MoCo blocks and the state they set (png_blocks.h). Arguments come
 * normalized by the post-processor (one per parameter, of the parameter's kind); a negative
 * argument is passed to libpng as it is. */
#include "png_blocks.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "mlf_rng.h"
#include "moco_png_spec.h"

static long long arg(const Mlf__Moco__Block *k, unsigned i) {
  return i < k->n_args ? (long long)moco_value_number(k->args[i]) : 0;
}

static const char *text_arg(const Mlf__Moco__Block *k, unsigned i) {
  return i < k->n_args && k->args[i]->kind_case == MLF__MOCO__VALUE__KIND_TEXT ? k->args[i]->text : "";
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
  png_set_pCAL(png, info, text_arg(k, 0), (png_int_32)arg(k, 1), (png_int_32)arg(k, 2), type, n,
               text_arg(k, 5), params);
  e->has_pcal = 1, e->pcal_type = type, e->pcal_nparams = n;
  e->pcal_x0 = (png_int_32)arg(k, 1), e->pcal_x1 = (png_int_32)arg(k, 2);
  snprintf(e->pcal_purpose, sizeof e->pcal_purpose, "%s", text_arg(k, 0));
  snprintf(e->pcal_units, sizeof e->pcal_units, "%s", text_arg(k, 5));
  for (int i = 0; i < n && i < 255; i++) memcpy(e->pcal_params[i], texts[i], sizeof texts[i]);
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
      png_text t = {.compression = PNG_TEXT_COMPRESSION_NONE, .key = (png_charp)text_arg(k, 0),
                    .text = (png_charp)text_arg(k, 1)};
      png_set_text(png, info, &t, 1);
      if (e->n_text < PNG_BLOCKS_MAX_TEXT) {
        snprintf(e->text[e->n_text].key, sizeof e->text[0].key, "%s", t.key);
        snprintf(e->text[e->n_text].text, sizeof e->text[0].text, "%s", t.text);
        e->n_text++;
      }
      break;
    }
    case MOCO_PNG_PLTE: set_palette(png, info, (int)arg(k, 0), seed, e); break;
    case MOCO_PNG_PCAL: set_pcal(png, info, k, seed, e); break;
    default: break;
  }
}
