/* The oracles of the PNG_WRITE_READ template (png_judge.h). */
#include "png_judge.h"
#include <stdio.h>
#include <string.h>
#include "moco_png_spec.h"

/* Field by field: png_time has a padding byte that neither side sets. */
static int same_time(const png_time *a, const png_time *b) {
  return a->year == b->year && a->month == b->month && a->day == b->day && a->hour == b->hour &&
         a->minute == b->minute && a->second == b->second;
}

static int same_pcal(const png_expected *a, const png_expected *b) {
  if (strcmp(a->pcal_purpose, b->pcal_purpose) || strcmp(a->pcal_units, b->pcal_units) ||
      a->pcal_x0 != b->pcal_x0 || a->pcal_x1 != b->pcal_x1 || a->pcal_type != b->pcal_type ||
      a->pcal_nparams != b->pcal_nparams)
    return 0;
  for (int i = 0; i < a->pcal_nparams && i < 255; i++)
    if (strcmp(a->pcal_params[i], b->pcal_params[i])) return 0;
  return 1;
}

/* A text chunk of that key, text and compression (PNG_TEXT_COMPRESSION_NONE, _zTXt,
 * PNG_ITXT_COMPRESSION_NONE, _zTXt: the chunk type it is written as). */
static int text_found(const png_expected *r, const char *key, const char *text, int compression) {
  for (size_t i = 0; i < r->n_text; i++)
    if (strcmp(r->text[i].key, key) == 0 && strcmp(r->text[i].text, text) == 0 &&
        r->text[i].compression == compression)
      return 1;
  return 0;
}

/* tRNS as the colour type uses it: palette alphas, or the gray or RGB sample. */
static int same_trns(const png_expected *s, const png_expected *r) {
  if (s->color_type == PNG_COLOR_TYPE_PALETTE)
    return r->num_trans == s->num_trans && memcmp(r->trans_alpha, s->trans_alpha, (size_t)s->num_trans) == 0;
  if (s->color_type == PNG_COLOR_TYPE_GRAY) return r->trans_color.gray == s->trans_color.gray;
  return r->trans_color.red == s->trans_color.red && r->trans_color.green == s->trans_color.green &&
         r->trans_color.blue == s->trans_color.blue;
}

/* bKGD as the colour type uses it: a palette index, the gray or the RGB sample. */
static int same_bkgd(const png_expected *s, const png_expected *r) {
  if (s->color_type == PNG_COLOR_TYPE_PALETTE) return r->bkgd.index == s->bkgd.index;
  if (!(s->color_type & PNG_COLOR_MASK_COLOR)) return r->bkgd.gray == s->bkgd.gray;
  return r->bkgd.red == s->bkgd.red && r->bkgd.green == s->bkgd.green && r->bkgd.blue == s->bkgd.blue;
}

/* sBIT of the channels the colour type has. */
static int same_sbit(const png_expected *s, const png_expected *r) {
  int color = s->color_type & PNG_COLOR_MASK_COLOR, alpha = s->color_type & PNG_COLOR_MASK_ALPHA;
  if (color && (r->sbit.red != s->sbit.red || r->sbit.green != s->sbit.green || r->sbit.blue != s->sbit.blue)) return 0;
  if (!color && r->sbit.gray != s->sbit.gray) return 0;
  return !alpha || r->sbit.alpha == s->sbit.alpha;
}

/* hIST: the entries of the palette it was set for, as far as the palette written has them. */
static int same_hist(const png_expected *s, const png_expected *r) {
  int n = s->hist_entries < s->n_palette ? s->hist_entries : s->n_palette;
  return r->hist_entries && memcmp(r->hist, s->hist, (size_t)n * sizeof *s->hist) == 0;
}

/* Every chunk the blocks set, as the getters report it: on the write struct before the image
 * is written (kind "getter-mismatch") or on the reader of the file (kind "state-mismatch"). */
static void judge_chunks(const png_expected *s, const png_expected *r, const char *kind, mlf_run *run) {
#define MISMATCH(call, ...)                                                            \
  do {                                                                                 \
    char tag_[MLF_TAG_MAX];                                                            \
    snprintf(tag_, sizeof tag_, "mlf:moco_png:libpng:%s:%s", call, kind);              \
    mlf_finding(run, tag_, __VA_ARGS__);                                               \
  } while (0)
  if (s->width != r->width || s->height != r->height || s->bit_depth != r->bit_depth ||
      s->color_type != r->color_type || s->interlace != r->interlace)
    MISMATCH("png_set_IHDR", "set %ux%u depth %d colour %d interlace %d, read %ux%u depth %d colour %d interlace %d",
             s->width, s->height, s->bit_depth, s->color_type, s->interlace, r->width, r->height,
             r->bit_depth, r->color_type, r->interlace);
  if (s->has_gama && (!r->has_gama || r->gama != s->gama))
    MISMATCH("png_set_gAMA", "set gamma %d / 100000, read %s %d", s->gama, r->has_gama ? "" : "none", r->gama);
  if (s->has_phys && (!r->has_phys || r->res_x != s->res_x || r->res_y != s->res_y || r->phys_unit != s->phys_unit))
    MISMATCH("png_set_pHYs", "set %u x %u unit %d, read %s%u x %u unit %d", s->res_x, s->res_y,
             s->phys_unit, r->has_phys ? "" : "none ", r->res_x, r->res_y, r->phys_unit);
  if (s->has_offs && (!r->has_offs || r->x_offset != s->x_offset || r->y_offset != s->y_offset ||
                      r->offs_unit != s->offs_unit))
    MISMATCH("png_set_oFFs", "set %d, %d unit %d, read %s%d, %d unit %d", s->x_offset, s->y_offset,
             s->offs_unit, r->has_offs ? "" : "none ", r->x_offset, r->y_offset, r->offs_unit);
  if (s->has_time && (!r->has_time || !same_time(&s->time, &r->time)))
    MISMATCH("png_set_tIME", "set %u-%u-%u %u:%u:%u, read %s%u-%u-%u %u:%u:%u", s->time.year,
             s->time.month, s->time.day, s->time.hour, s->time.minute, s->time.second,
             r->has_time ? "" : "none ", r->time.year, r->time.month, r->time.day, r->time.hour,
             r->time.minute, r->time.second);
  for (size_t i = 0; i < s->n_text; i++)
    if (!text_found(r, s->text[i].key, s->text[i].text, s->text[i].compression))
      MISMATCH("png_set_text", "tEXt \"%s\" = \"%.40s\" not read back (%zu read)", s->text[i].key,
               s->text[i].text, r->n_text);
  if (s->n_palette && (r->n_palette != s->n_palette ||
                       memcmp(s->palette, r->palette, (size_t)s->n_palette * sizeof *s->palette) != 0))
    MISMATCH("png_set_PLTE", "set %d entries, read %d (or other colours)", s->n_palette, r->n_palette);
  if (s->has_trns && (!r->has_trns || !same_trns(s, r)))
    MISMATCH("png_set_tRNS", "set %d alphas / sample %u,%u,%u; read %s", s->num_trans, s->trans_color.red,
             s->trans_color.green, s->trans_color.blue, r->has_trns ? "other values" : "none");
  if (s->has_bkgd && (!r->has_bkgd || !same_bkgd(s, r)))
    MISMATCH("png_set_bKGD", "set index %u gray %u rgb %u,%u,%u; read %s%u gray %u rgb %u,%u,%u", s->bkgd.index,
             s->bkgd.gray, s->bkgd.red, s->bkgd.green, s->bkgd.blue, r->has_bkgd ? "" : "none ", r->bkgd.index,
             r->bkgd.gray, r->bkgd.red, r->bkgd.green, r->bkgd.blue);
  if (s->has_sbit && (!r->has_sbit || !same_sbit(s, r)))
    MISMATCH("png_set_sBIT", "set %u,%u,%u gray %u alpha %u; read %s%u,%u,%u gray %u alpha %u", s->sbit.red,
             s->sbit.green, s->sbit.blue, s->sbit.gray, s->sbit.alpha, r->has_sbit ? "" : "none ", r->sbit.red,
             r->sbit.green, r->sbit.blue, r->sbit.gray, r->sbit.alpha);
  if (s->has_scal && (!r->has_scal || r->scal_unit != s->scal_unit || strcmp(r->scal_width, s->scal_width) ||
                      strcmp(r->scal_height, s->scal_height)))
    MISMATCH("png_set_sCAL_s", "set unit %d %s x %s, read %s%d %s x %s", s->scal_unit, s->scal_width,
             s->scal_height, r->has_scal ? "" : "none ", r->scal_unit, r->scal_width, r->scal_height);
  if (s->hist_entries && !same_hist(s, r))
    MISMATCH("png_set_hIST", "set %d frequencies, read %s", s->hist_entries, r->hist_entries ? "other ones" : "none");
  if (s->exif_length && (r->exif_length != s->exif_length || memcmp(r->exif, s->exif, (size_t)s->exif_length)))
    MISMATCH("png_set_eXIf_1", "set %d bytes, read %d (or other bytes)", s->exif_length, r->exif_length);
  if (s->has_pcal && (!r->has_pcal || !same_pcal(s, r)))
    MISMATCH("png_set_pCAL", "set \"%s\" %d..%d type %d, %d parameters, units \"%.20s\"; %s",
             s->pcal_purpose, s->pcal_x0, s->pcal_x1, s->pcal_type, s->pcal_nparams, s->pcal_units,
             r->has_pcal ? "read other values" : "read none");
#undef MISMATCH
}

/* The rows read back are the rows written (the shared transforms undo themselves); with a
 * transform of the reader's own the rows differ by design and only their size is judged:
 * png_get_rowbytes must be what png_get_channels and png_get_bit_depth make of the width. */
/* 1 when program p has a block of API api. */
static int has_api(const Mlf__Moco__Program *p, int api) {
  for (size_t b = 0; b < p->n_blocks; b++)
    if (moco_api_index(&moco_png_spec, p->blocks[b]->api) == api) return 1;
  return 0;
}

/* The tag of the wrong rows read back: the known finding (png_do_write_interlace picks the
 * pixels of an Adam7 pass assuming PNG's bit order before png_do_packswap runs, so packswapped
 * rows of fewer than 8 bits per pixel are written wrong) or an unknown round-trip mismatch. */
static const char *mismatch_tag(const Mlf__Moco__Program *p, const png_outcome *o) {
  if (has_api(p, MOCO_PNG_PACKSWAP) && o->set.interlace && o->set.bit_depth < 8)
    return "mlf:moco_png:libpng:png_set_packswap:interlaced-write-wrong-pixels";
  return "mlf:moco_png:libpng:pixels:round-trip-mismatch";
}

/* The tag of a read that libpng stopped with "internal row size calculation error" (its row
 * transforms made other rows than png_read_update_info promised): the known findings
 * (png_read_transform_info adds the filler channel to gray rows of any depth, the filler
 * transform only to 8- and 16-bit ones; it applies gray-to-RGB before RGB-to-gray, the row
 * transforms the other way round), else NULL. */
static const char *row_size_tag(const Mlf__Moco__Program *p, const png_outcome *o) {
  if (strcmp(o->read_phase.reports.first_error, "internal row size calculation error") != 0) return NULL;
  if (has_api(p, MOCO_PNG_RGB_TO_GRAY) && has_api(p, MOCO_PNG_GRAY_TO_RGB))
    return "mlf:moco_png:libpng:png_read_update_info:gray-rgb-conversions-out-of-order";
  if ((has_api(p, MOCO_PNG_FILLER) || has_api(p, MOCO_PNG_ADD_ALPHA)) && o->set.color_type == PNG_COLOR_TYPE_GRAY &&
      o->set.bit_depth < 8)
    return "mlf:moco_png:libpng:png_read_update_info:filler-on-low-bit-gray";
  return NULL;
}

static void judge_pixels(const Mlf__Moco__Program *p, const png_outcome *o, mlf_run *run) {
  if (o->read_rowbytes != o->read_rowbytes_promised)
    mlf_finding(run, "mlf:moco_png:libpng:png_read_update_info:rowbytes-inconsistent",
                "png_get_rowbytes says %zu bytes per row, channels x bit depth (%d bits) make %zu of %u pixels",
                o->read_rowbytes, o->read_pixel_bits, o->read_rowbytes_promised, o->read.width);
  if (o->read_transformed) return;
  if (o->read_rowbytes != o->rowbytes) {
    mlf_finding(run, mismatch_tag(p, o), "rows of %zu bytes written, of %zu bytes read", o->rowbytes, o->read_rowbytes);
    return;
  }
  size_t n = (size_t)o->set.height * o->rowbytes;
  for (size_t i = 0; i < n; i++)
    if (o->pixels_written[i] != o->pixels_read[i]) {
      mlf_finding(run, mismatch_tag(p, o), "row %zu byte %zu: wrote 0x%02x, read 0x%02x", i / o->rowbytes, i % o->rowbytes,
                  o->pixels_written[i], o->pixels_read[i]);
      return;
    }
}

/* Known findings: png_set_pCAL and png_set_sCAL_s store a new value without freeing the one
 * before, so a second call leaks the first. A write-side leak with two such calls is that one
 * (pCAL's first when both were repeated). */
static void judge_leaks(const png_phase *ph, const char *phase, const png_expected *set, mlf_run *run) {
  if (ph->alloc.live == 0) return;
  const char *repeated = NULL;
  int calls = 0;
  if (set && set->pcal_calls >= 2) repeated = "png_set_pCAL", calls = set->pcal_calls;
  else if (set && set->scal_calls >= 2) repeated = "png_set_sCAL_s", calls = set->scal_calls;
  char tag[MLF_TAG_MAX];
  if (repeated) {
    snprintf(tag, sizeof tag, "mlf:moco_png:libpng:%s:leak-on-repeated-call", repeated);
    mlf_finding(run, tag, "%ld blocks still live after png_destroy_write_struct, with %d %s calls", ph->alloc.live,
                calls, repeated);
    return;
  }
  snprintf(tag, sizeof tag, "mlf:moco_png:libpng:%s:leak", phase);
  mlf_finding(run, tag, "%ld blocks allocated through the %s struct's allocator still live after png_destroy (%s)",
              ph->alloc.live, phase, ph->stopped_in ? ph->stopped_in : "completed");
}

void png_judge(const Mlf__Moco__Program *p, const png_outcome *o, mlf_run *run) {
  const char *negative = moco_negative_call(p);
  char tag[MLF_TAG_MAX];
  if (o->write.known_double_free) {
    snprintf(tag, sizeof tag, "mlf:moco_png:libpng:%s:double-free-on-allocation-failure", o->write.known_double_free);
    mlf_finding(run, tag, "allocation %lu failed inside %s after an earlier call: the png_struct copy is left freed "
                "and png_destroy_write_struct frees it again", o->write.alloc.fail_at, o->write.known_double_free);
    return; /* the structs were left allocated on purpose */
  }
  if (o->write.known_inconsistent) {
    snprintf(tag, sizeof tag, "mlf:moco_png:libpng:%s:inconsistent-after-allocation-failure", o->write.known_inconsistent);
    mlf_finding(run, tag, "allocation %lu failed inside %s: the info struct keeps a count or a valid flag "
                "its pointers no longer back", o->write.alloc.fail_at, o->write.known_inconsistent);
    return; /* the structs were left allocated on purpose */
  }
  if (o->set.itxt_without_language)
    mlf_finding(run, "mlf:moco_png:libpng:png_set_text:memcpy-from-null-language",
                "an iTXt without a language or translated keyword (NULL, as png.h allows): "
                "png_set_text_2 passes the NULL pointers to memcpy with length 0");
  judge_leaks(&o->write, "write", &o->set, run);
  judge_leaks(&o->read_phase, "read", NULL, run);
  if (p->fail_allocation) return; /* refused or survived, either is the library's right */
  if (negative) {
    /* A transform of the reader's own is refused while the file is read back. */
    const png_phase *refusing = moco_api_index(&moco_png_spec, negative) >= MOCO_PNG_FIRST_READ ? &o->read_phase : &o->write;
    if (refusing->reports.errors + refusing->reports.warnings == 0) {
      snprintf(tag, sizeof tag, "mlf:moco_png:libpng:%s:refused-value-accepted", negative);
      mlf_finding(run, tag, "the value past the documented boundary raised no error or warning");
    }
    return;
  }
  if (!o->write.completed) {
    snprintf(tag, sizeof tag, "mlf:moco_png:libpng:%s:error-on-valid", o->write.stopped_in);
    mlf_finding(run, tag, "%s", o->write.reports.first_error);
    return;
  }
  if (!o->read_phase.completed) {
    const char *known = row_size_tag(p, o);
    snprintf(tag, sizeof tag, "mlf:moco_png:libpng:%s:error-reading-own-output", o->read_phase.stopped_in);
    mlf_finding(run, known ? known : tag, "%s stopped: %s", o->read_phase.stopped_in, o->read_phase.reports.first_error);
    return;
  }
  judge_chunks(&o->set, &o->got, "getter-mismatch", run);
  judge_pixels(p, o, run);
  judge_chunks(&o->set, &o->read, "state-mismatch", run);
}
