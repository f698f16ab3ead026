/* The PNG_WRITE_READ template (png_template.h). libpng reports errors through a handler that
 * must not return, so each phase runs under setjmp; everything it allocates itself goes
 * through the counting allocator, so a leak on any path shows in alloc.live. */
#include "png_template.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mlf_report.h"
#include "mlf_rng.h"
#include "moco_png_spec.h"

#define PNG_FILE_MAX (4u << 20) /* 64 x 64 x 8 bytes deflated badly stays far below */

static void on_error(png_structp png, png_const_charp message) {
  png_reports *r = png_get_error_ptr(png);
  if (r->errors++ == 0) snprintf(r->first_error, sizeof r->first_error, "%s", message);
  png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
  png_reports *r = png_get_error_ptr(png);
  if (r->warnings++ == 0) snprintf(r->first_warning, sizeof r->first_warning, "%s", message);
}

static void write_to_memory(png_structp png, png_bytep data, png_size_t n) {
  png_outcome *o = png_get_io_ptr(png);
  if (n > PNG_FILE_MAX - o->file_size) png_error(png, "mlfuzz: file larger than the harness allows");
  if (o->file_size + n > o->file_capacity) {
    size_t cap = o->file_capacity ? o->file_capacity : 4096;
    while (cap < o->file_size + n) cap *= 2;
    unsigned char *f = realloc(o->file, cap);
    if (!f) abort();
    o->file = f, o->file_capacity = cap;
  }
  memcpy(o->file + o->file_size, data, n);
  o->file_size += n;
}

static void no_flush(png_structp png) { (void)png; }

static void read_from_memory(png_structp png, png_bytep data, png_size_t n) {
  png_outcome *o = png_get_io_ptr(png);
  if (n > o->file_size - o->read_offset) png_error(png, "mlfuzz: read past the end of the file");
  memcpy(data, o->file + o->read_offset, n);
  o->read_offset += n;
}

static int channels(int color_type) {
  switch (color_type) {
    case PNG_COLOR_TYPE_RGB: return 3;
    case PNG_COLOR_TYPE_GRAY_ALPHA: return 2;
    case PNG_COLOR_TYPE_RGB_ALPHA: return 4;
    default: return 1;
  }
}

/* Rows of samples from the pixel seed, packed as PNG packs them (most significant bits first,
 * least significant first when png_set_packswap is set; 16-bit samples big-endian; one sample
 * per byte when png_set_packing is set), indices below the palette size, unused bits of a
 * row's last byte zero. */
static void make_pixels(const Mlf__Moco__Program *p, png_outcome *o) {
  const png_expected *e = &o->set;
  size_t samples = (size_t)e->width * channels(e->color_type);
  int unpacked = e->packing && e->bit_depth < 8;
  o->rowbytes = unpacked ? samples : (samples * e->bit_depth + 7) / 8;
  o->pixels_written = calloc(e->height ? e->height : 1, o->rowbytes ? o->rowbytes : 1);
  if (!o->pixels_written) abort();
  mlf_rng rng;
  mlf_rng_seed(&rng, p->data_seed);
  unsigned range = e->color_type == PNG_COLOR_TYPE_PALETTE ? (unsigned)e->n_palette : 1u << e->bit_depth;
  for (png_uint_32 y = 0; y < e->height; y++) {
    unsigned char *row = o->pixels_written + y * o->rowbytes;
    for (size_t s = 0; s < samples; s++) {
      unsigned v = (unsigned)mlf_rng_below(&rng, range ? range : 1);
      if (e->bit_depth == 16) row[2 * s] = (unsigned char)(v >> 8), row[2 * s + 1] = (unsigned char)v;
      else if (e->bit_depth == 8 || unpacked) row[s] = (unsigned char)v;
      else row[s * e->bit_depth / 8] |= (unsigned char)(v << (e->packswap ? (s * e->bit_depth) % 8
                                                                     : 8 - e->bit_depth - (s * e->bit_depth) % 8));
    }
  }
}

static png_bytep *row_pointers(unsigned char *pixels, png_uint_32 height, size_t rowbytes) {
  png_bytep *rows = calloc(height ? height : 1, sizeof *rows);
  if (!rows) abort();
  for (png_uint_32 y = 0; y < height; y++) rows[y] = pixels + y * rowbytes;
  return rows;
}

/* What the getters report of tRNS, bKGD, sBIT, sCAL, hIST and eXIf. */
static void read_more_chunks(png_structp png, png_infop info, png_expected *r) {
  png_bytep alpha;
  png_color_16p color, background;
  if ((r->has_trns = png_get_tRNS(png, info, &alpha, &r->num_trans, &color) != 0)) {
    if (alpha && r->num_trans > 0) memcpy(r->trans_alpha, alpha, (size_t)(r->num_trans < 256 ? r->num_trans : 256));
    if (color) r->trans_color = *color;
  }
  if ((r->has_bkgd = png_get_bKGD(png, info, &background) != 0)) r->bkgd = *background;
  png_color_8p sbit;
  if ((r->has_sbit = png_get_sBIT(png, info, &sbit) != 0)) r->sbit = *sbit;
  png_charp width, height;
  if ((r->has_scal = png_get_sCAL_s(png, info, &r->scal_unit, &width, &height) != 0)) {
    snprintf(r->scal_width, sizeof r->scal_width, "%s", width);
    snprintf(r->scal_height, sizeof r->scal_height, "%s", height);
  }
  png_uint_16p hist;
  r->hist_entries = png_get_hIST(png, info, &hist) ? 256 : 0;
  if (r->hist_entries) memcpy(r->hist, hist, sizeof r->hist);
  png_bytep exif;
  png_uint_32 exif_length = 0;
  if (!png_get_eXIf_1(png, info, &exif_length, &exif) || exif_length > sizeof r->exif) exif_length = 0;
  r->exif_length = (int)exif_length;
  if (exif_length) memcpy(r->exif, exif, exif_length);
}

/* What the getters of png/info report of the chunks the blocks can set. */
static void read_chunks(png_structp png, png_infop info, png_expected *r) {
  r->has_gama = png_get_gAMA_fixed(png, info, &r->gama) != 0;
  r->has_phys = png_get_pHYs(png, info, &r->res_x, &r->res_y, &r->phys_unit) != 0;
  r->has_offs = png_get_oFFs(png, info, &r->x_offset, &r->y_offset, &r->offs_unit) != 0;
  png_timep t;
  if ((r->has_time = png_get_tIME(png, info, &t) != 0)) r->time = *t;
  png_textp text;
  int n = 0;
  png_get_text(png, info, &text, &n);
  for (int i = 0; i < n && r->n_text < PNG_BLOCKS_MAX_TEXT; i++, r->n_text++) {
    snprintf(r->text[r->n_text].key, sizeof r->text[0].key, "%s", text[i].key);
    snprintf(r->text[r->n_text].text, sizeof r->text[0].text, "%s", text[i].text);
    r->text[r->n_text].compression = text[i].compression;
  }
  read_more_chunks(png, info, r);
  png_charp purpose, units;
  png_charpp params;
  if ((r->has_pcal = png_get_pCAL(png, info, &purpose, &r->pcal_x0, &r->pcal_x1, &r->pcal_type,
                                  &r->pcal_nparams, &units, &params) != 0)) {
    snprintf(r->pcal_purpose, sizeof r->pcal_purpose, "%s", purpose);
    snprintf(r->pcal_units, sizeof r->pcal_units, "%s", units);
    for (int i = 0; i < r->pcal_nparams && i < 255; i++)
      snprintf(r->pcal_params[i], sizeof r->pcal_params[i], "%s", params[i]);
  }
  png_colorp palette;
  if (!png_get_PLTE(png, info, &palette, &r->n_palette)) r->n_palette = 0;
  else memcpy(r->palette, palette, (size_t)r->n_palette * sizeof *palette);
}

/* The chunks that may follow the image data (text, tIME, eXIf), read again after png_read_end;
 * the others stay as png_read_info found them (png_read_update_info changes the header, tRNS,
 * bKGD and gamma of the info struct to the transformed rows' format). */
static void read_late_chunks(png_structp png, png_infop info, png_expected *r) {
  png_expected late = {0};
  read_chunks(png, info, &late);
  memcpy(r->text, late.text, sizeof late.text);
  r->n_text = late.n_text;
  r->has_time = late.has_time, r->time = late.time;
  r->exif_length = late.exif_length;
  memcpy(r->exif, late.exif, sizeof late.exif);
}

/* What the getters of png/info report: the header and the chunks the blocks can set. */
static void read_state(png_structp png, png_infop info, png_expected *r) {
  png_get_IHDR(png, info, &r->width, &r->height, &r->bit_depth, &r->color_type, &r->interlace,
               NULL, NULL);
  read_chunks(png, info, r);
}

/* Known findings (harnesses/moco/known_findings.tsv): libpng 1.6.39 (Debian's revisions with
 * the CVE-2026-33416 patches) frees png_ptr->palette in png_set_PLTE, and png_ptr->trans_alpha
 * in png_set_tRNS, and then allocates the replacement; when that allocation (PLTE's first,
 * tRNS's second, after the info struct's copy) fails, png_error leaves the freed pointer in
 * place and png_destroy_write_struct frees it again. Needs an earlier call of the same setter.
 * The call when this error is one of them, else NULL. */
static const char *armed_double_free(const png_phase *w, const char *call, unsigned long allocations_before,
                                     int had_earlier) {
  int nth = strcmp(call, "png_set_PLTE") == 0 ? 1 : strcmp(call, "png_set_tRNS") == 0 ? 2 : 0;
  return nth && had_earlier && w->alloc.failed && w->alloc.fail_at == allocations_before + nth ? call : NULL;
}

/* Known findings (harnesses/moco/known_findings.tsv): a setter left the info struct
 * inconsistent after one of its allocations failed (it only warns), which png_get_*,
 * png_write_info and png_destroy_write_struct then read.
 *  - png_set_pCAL stores the new parameter count before it allocates the units (the call's
 *    second allocation), the parameter array (third) and each parameter, and stores each
 *    result before checking it: NULL units beside the earlier call's shorter array, no array,
 *    or NULL parameters under the new count (a failed array allocation for no parameters
 *    leaves nothing to read);
 *  - png_set_sCAL_s stores each of its two strings' allocation before checking it and does not
 *    clear PNG_INFO_sCAL: after an earlier call, a failed one leaves a NULL width (or height)
 *    under the valid flag;
 *  - png_set_eXIf_1 frees the earlier call's data, stores the new length, and when the one
 *    allocation fails returns without clearing PNG_INFO_eXIf: a NULL buffer of that length
 *    under the valid flag (png_get_eXIf_1 returns it as valid).
 * 1 when the call just made (API api; had_earlier: an earlier call of it ran; count: pCAL's
 * parameter count) left that state. */
static int left_inconsistent(int api, const png_phase *w, unsigned long allocations_before, int had_earlier,
                             int count) {
  if (!w->alloc.failed || w->alloc.fail_at <= allocations_before || w->alloc.fail_at > w->alloc.allocations) return 0;
  if (api == MOCO_PNG_SCAL || api == MOCO_PNG_EXIF) return had_earlier;
  if (api != MOCO_PNG_PCAL || w->alloc.fail_at == allocations_before + 1) return 0;
  return w->alloc.fail_at - allocations_before != 3 || count > 0;
}

/* The write phase: blocks, then the default palette a palette image needs, the header and
 * chunks, the rows and the end. */
static void write_phase(const Mlf__Moco__Program *p, png_outcome *o) {
  png_phase *w = &o->write;
  w->alloc.fail_at = p->fail_allocation;
  png_structp png = png_create_write_struct_2(PNG_LIBPNG_VER_STRING, &w->reports, on_error,
                                              on_warning, &w->alloc, png_alloc_malloc, png_alloc_free);
  if (!png) { w->stopped_in = "png_create_write_struct_2"; return; }
  png_infop info = png_create_info_struct(png);
  png_bytep *volatile rows = NULL;
  const char *volatile call = "png_create_info_struct";
  volatile unsigned long allocations_before = 0;
  volatile int had_earlier = 0; /* the running block's setter ran before (PLTE, tRNS, sCAL, eXIf) */
  volatile size_t block = SIZE_MAX; /* the block running, SIZE_MAX after the body */
  if (!info) { w->stopped_in = call; png_destroy_write_struct(&png, NULL); return; }
  if (setjmp(png_jmpbuf(png))) {
    w->stopped_in = call;
    if (block != SIZE_MAX) moco_note(&o->results, block, "error: %s", w->reports.first_error);
    w->known_double_free = armed_double_free(w, call, allocations_before, had_earlier);
    if (!w->known_double_free || mlf_report_known()) png_destroy_write_struct(&png, &info);
    free(rows);
    return;
  }
  png_set_write_fn(png, o, write_to_memory, no_flush);
  const moco_spec *spec = &moco_png_spec;
  for (size_t b = 0; b < p->n_blocks; b++) {
    int api = moco_api_index(spec, p->blocks[b]->api);
    call = spec->apis[api].name;
    if (api >= MOCO_PNG_FIRST_SHARED) { /* transforms: set after png_write_info, and on the reader */
      o->set.packing |= api == MOCO_PNG_PACKING, o->set.packswap |= api == MOCO_PNG_PACKSWAP;
      moco_note(&o->results, b, api >= MOCO_PNG_FIRST_READ ? "set on the reader" : "set after png_write_info");
      continue;
    }
    allocations_before = w->alloc.allocations;
    had_earlier = api == MOCO_PNG_PLTE ? o->set.n_palette > 0
                  : api == MOCO_PNG_TRNS ? o->set.has_trns
                  : api == MOCO_PNG_SCAL ? o->set.has_scal : api == MOCO_PNG_EXIF && o->set.exif_length > 0;
    int warnings = w->reports.warnings;
    block = b;
    png_blocks_apply(png, info, api, p->blocks[b], p->data_seed + b, &o->set);
    if (w->reports.warnings > warnings) moco_note(&o->results, b, "warning (%d in all so far)", w->reports.warnings);
    else moco_note(&o->results, b, "ok");
    if (left_inconsistent(api, w, allocations_before, had_earlier, o->set.pcal_nparams)) {
      w->known_inconsistent = w->stopped_in = call;
      if (!mlf_report_known()) return; /* the structs are left allocated on purpose */
    }
  }
  block = SIZE_MAX;
  if (o->set.color_type == PNG_COLOR_TYPE_PALETTE && o->set.n_palette == 0) {
    call = "png_set_PLTE";
    allocations_before = w->alloc.allocations, had_earlier = 0;
    png_blocks_default_palette(png, info, p->data_seed, &o->set);
  }
  read_state(png, info, &o->got);
  call = "png_write_info";
  png_write_info(png, info);
  /* "After you've written the file information, you can set up the library to handle any
   * special transformations of the image data" (libpng-manual.txt, writing): png_set_swap,
   * for one, looks at the bit depth png_write_info sets on the struct. */
  for (size_t b = 0; b < p->n_blocks; b++) {
    int api = moco_api_index(&moco_png_spec, p->blocks[b]->api);
    if (api < MOCO_PNG_FIRST_SHARED || api >= MOCO_PNG_FIRST_READ) continue;
    call = p->blocks[b]->api;
    png_blocks_transform(png, api, p->blocks[b]);
  }
  make_pixels(p, o);
  rows = row_pointers(o->pixels_written, o->set.height, o->rowbytes);
  call = "png_write_image";
  png_write_image(png, rows);
  call = "png_write_end";
  png_write_end(png, info);
  w->completed = 1;
  png_destroy_write_struct(&png, &info);
  free(rows);
}

/* The transforms the program sets on the reader (the shared ones and the reader's own, in
 * program order); 1 when one of them is the reader's own (the rows then differ from the ones
 * written). */
static int set_read_transforms(png_structp png, const Mlf__Moco__Program *p) {
  int own = 0;
  for (size_t b = 0; b < p->n_blocks; b++) {
    int api = moco_api_index(&moco_png_spec, p->blocks[b]->api);
    if (api < MOCO_PNG_FIRST_SHARED) continue;
    own |= api >= MOCO_PNG_FIRST_READ;
    png_blocks_transform(png, api, p->blocks[b]);
  }
  return own;
}

/* Rows of exactly rowbytes each, allocated one by one so that a row written past its end is
 * a heap overflow the sanitizer reports; zeroed, as libpng leaves the padding bits of a row's
 * last byte alone (png_combine_row keeps the bits past the last pixel). */
static png_bytep *separate_rows(png_uint_32 height, size_t rowbytes) {
  png_bytep *rows = calloc(height ? height : 1, sizeof *rows);
  if (!rows) abort();
  for (png_uint_32 y = 0; y < height; y++)
    if (!(rows[y] = calloc(1, rowbytes ? rowbytes : 1))) abort();
  return rows;
}

static void free_rows(png_bytep *rows, png_uint_32 height) {
  for (png_uint_32 y = 0; rows && y < height; y++) free(rows[y]);
  free(rows);
}

/* The read phase: the header and chunks, the program's read transforms, the rows the
 * transformed format promises (png_read_update_info: png_get_rowbytes, which must be what
 * png_get_channels and png_get_bit_depth make of the width), the image, the end. */
static void read_phase(const Mlf__Moco__Program *p, png_outcome *o) {
  png_phase *rd = &o->read_phase;
  png_structp png = png_create_read_struct_2(PNG_LIBPNG_VER_STRING, &rd->reports, on_error,
                                             on_warning, &rd->alloc, png_alloc_malloc, png_alloc_free);
  if (!png) { rd->stopped_in = "png_create_read_struct_2"; return; }
  png_infop info = png_create_info_struct(png);
  png_bytep *volatile rows = NULL;
  const char *volatile call = "png_create_info_struct";
  if (!info) { rd->stopped_in = call; png_destroy_read_struct(&png, NULL, NULL); return; }
  if (setjmp(png_jmpbuf(png))) {
    rd->stopped_in = call;
    png_destroy_read_struct(&png, &info, NULL);
    free_rows(rows, o->read.height);
    return;
  }
  png_set_read_fn(png, o, read_from_memory);
  call = "png_read_info";
  png_read_info(png, info);
  read_state(png, info, &o->read);
  call = "the read transforms";
  o->read_transformed = set_read_transforms(png, p);
  /* "you must call png_set_interlace_handling() ... before png_read_update_info()" for an
   * interlaced image read with png_read_image (libpng-manual.txt, reading). */
  png_set_interlace_handling(png);
  call = "png_read_update_info";
  png_read_update_info(png, info);
  o->read_rowbytes = png_get_rowbytes(png, info);
  o->read_pixel_bits = png_get_channels(png, info) * png_get_bit_depth(png, info);
  o->read_rowbytes_promised = ((size_t)o->read.width * o->read_pixel_bits + 7) / 8;
  rows = separate_rows(o->read.height, o->read_rowbytes);
  call = "png_read_image";
  png_read_image(png, rows);
  call = "png_read_end";
  png_read_end(png, info);
  read_late_chunks(png, info, &o->read);
  o->pixels_read = malloc((size_t)o->read.height * o->read_rowbytes + 1);
  if (!o->pixels_read) abort();
  for (png_uint_32 y = 0; y < o->read.height; y++) memcpy(o->pixels_read + y * o->read_rowbytes, rows[y], o->read_rowbytes);
  rd->completed = 1;
  png_destroy_read_struct(&png, &info, NULL);
  free_rows(rows, o->read.height);
}

void png_template_run(const Mlf__Moco__Program *p, png_outcome *o) {
  write_phase(p, o);
  if (o->write.completed) read_phase(p, o);
}

void png_template_free(png_outcome *o) {
  /* What libpng leaked was counted by the judge; LeakSanitizer sees it only when asked to
   * report the known findings for real. */
  if (!mlf_report_known()) png_alloc_release(&o->write.alloc), png_alloc_release(&o->read_phase.alloc);
  free(o->pixels_written);
  free(o->pixels_read);
  free(o->file);
  memset(o, 0, sizeof *o);
}
