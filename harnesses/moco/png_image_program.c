/* The PNG_SIMPLIFIED template (png_image_program.h). Rows come from the program's data seed;
 * a write asks png_image_write_to_memory for the size first (memory NULL), then writes into
 * exactly that much; a read finishes into a buffer of PNG_IMAGE_SIZE. */
#include "png_image_program.h"
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mlf_capture.h"
#include "mlf_report.h"
#include "mlf_rng.h"
#include "moco_png_image_spec.h"
#include "moco_run.h"
#include "png_decoders.h"

typedef struct {
  png_image image;   /* as written: width, height, format, colour map entries */
  unsigned char *file, *rows;
  size_t file_size;
  int convert_to_8bit, bottom_up;
} written_image;

typedef struct {
  png_image image;
  const written_image *from;
} reading_image;

typedef struct {
  const Mlf__Moco__Program *p;
  moco_results results;
  written_image written[MOCO_MAX_BLOCKS];
  reading_image reading[MOCO_MAX_BLOCKS];
  const char *failed_call; /* the first call that failed, or NULL */
  char failure[160];
  char mismatch[160];      /* the first round trip that did not give the rows back */
  const char *mismatch_call;
  int bottom_up_read;      /* a read of bottom-up rows was asked for (the known pointer overflow) */
  int zero_width_write;    /* a write of width 0 was asked for (the known division by zero) */
} image_run;

static long long arg(const Mlf__Moco__Block *k, unsigned i, const moco_results *r) {
  return (long long)moco_arg_number(k, i, r);
}

static void fail(image_run *x, size_t b, const png_image *image, const char *call) {
  moco_note(&x->results, b, "failed: %s", image->message);
  if (!x->failed_call) {
    x->failed_call = call;
    snprintf(x->failure, sizeof x->failure, "%s", image->message);
  }
}

static void write_image(image_run *x, size_t b, const Mlf__Moco__Block *k) {
  written_image *w = &x->written[b];
  memset(&w->image, 0, sizeof w->image);
  w->image.version = PNG_IMAGE_VERSION;
  w->image.width = (png_uint_32)arg(k, 0, &x->results), w->image.height = (png_uint_32)arg(k, 1, &x->results);
  w->image.format = (png_uint_32)arg(k, 2, &x->results);
  w->image.colormap_entries = (png_uint_32)arg(k, 4, &x->results);
  w->convert_to_8bit = (int)arg(k, 3, &x->results), w->bottom_up = (int)arg(k, 5, &x->results);
  /* Known finding: png_image_write_main divides by the row size before it checks the width,
   * so a width of 0 is a division by zero (SIGFPE), not an error. Not called unless reporting it. */
  if (w->image.width == 0 && !mlf_report_known()) {
    x->zero_width_write = 1;
    moco_note(&x->results, b, "not called: width 0 divides by zero in libpng (known finding)");
    return;
  }
  size_t size = PNG_IMAGE_SIZE(w->image), map = PNG_IMAGE_COLORMAP_SIZE(w->image);
  w->rows = malloc(size + map + 1);
  if (!w->rows) abort();
  mlf_rng rng;
  mlf_rng_seed(&rng, x->p->data_seed + b);
  for (size_t i = 0; i < size + map; i++) w->rows[i] = (unsigned char)mlf_rng_next(&rng);
  if (w->image.format & PNG_FORMAT_FLAG_COLORMAP)
    for (size_t i = 0; i < size; i++) w->rows[i] %= w->image.colormap_entries;
  png_int_32 stride = (png_int_32)PNG_IMAGE_ROW_STRIDE(w->image) * (w->bottom_up ? -1 : 1);
  void *colormap = w->image.format & PNG_FORMAT_FLAG_COLORMAP ? w->rows + size : NULL;
  png_alloc_size_t needed = 0;
  if (!png_image_write_to_memory(&w->image, NULL, &needed, w->convert_to_8bit, w->rows, stride, colormap)) {
    fail(x, b, &w->image, "png_image_write_to_memory");
    return;
  }
  w->file = malloc(needed ? needed : 1);
  if (!w->file) abort();
  w->file_size = needed;
  if (!png_image_write_to_memory(&w->image, w->file, &w->file_size, w->convert_to_8bit, w->rows, stride, colormap)) {
    fail(x, b, &w->image, "png_image_write_to_memory");
    free(w->file), w->file = NULL;
    return;
  }
  x->results.block[b].handle = w;
  moco_note(&x->results, b, "ok, %zu bytes", w->file_size);
}

static void begin_read(image_run *x, size_t b, const Mlf__Moco__Block *k) {
  const written_image *w = moco_arg_handle(k, 0, &x->results);
  if (!w) { moco_note(&x->results, b, "skipped: the write it reads failed"); return; }
  reading_image *r = &x->reading[b];
  memset(&r->image, 0, sizeof r->image);
  r->image.version = PNG_IMAGE_VERSION;
  r->from = w;
  if (!png_image_begin_read_from_memory(&r->image, w->file, w->file_size)) {
    fail(x, b, &r->image, "png_image_begin_read_from_memory");
    return;
  }
  x->results.block[b].handle = r;
  moco_note(&x->results, b, "ok, %ux%u format 0x%x", r->image.width, r->image.height, r->image.format);
}

/* 1 when reading rows written in format f back in f gives them unchanged: no 8-bit
 * conversion, no colour map (libpng builds its own), no linear alpha (premultiplied). */
static int lossless(const written_image *w, png_uint_32 f) {
  return f == w->image.format && !w->convert_to_8bit && !(f & PNG_FORMAT_FLAG_COLORMAP) &&
         !((f & PNG_FORMAT_FLAG_LINEAR) && (f & PNG_FORMAT_FLAG_ALPHA));
}

static void finish_read(image_run *x, size_t b, const Mlf__Moco__Block *k) {
  reading_image *r = moco_arg_handle(k, 0, &x->results);
  if (!r) { moco_note(&x->results, b, "skipped: the read it finishes did not begin"); return; }
  r->image.format = (png_uint_32)arg(k, 1, &x->results);
  png_color background = {(png_byte)arg(k, 2, &x->results), (png_byte)arg(k, 2, &x->results),
                          (png_byte)arg(k, 2, &x->results)};
  size_t size = PNG_IMAGE_SIZE(r->image);
  unsigned char *rows = malloc(size + 1), *colormap = malloc(PNG_IMAGE_MAXIMUM_COLORMAP_COMPONENTS(r->image.format) * 2 + 1);
  if (!rows || !colormap) abort();
  /* Known finding: png_image_read_direct steps through bottom-up rows (a negative stride) by
   * adding the stride converted to png_alloc_size_t to the row pointer, a pointer overflow.
   * Unless reporting it, the rows are read top-down and turned over here. */
  size_t row_bytes = PNG_IMAGE_ROW_STRIDE(r->image) * PNG_IMAGE_SAMPLE_COMPONENT_SIZE(r->image.format);
  int flip = r->from->bottom_up && !mlf_report_known();
  x->bottom_up_read |= r->from->bottom_up;
  png_int_32 stride = (png_int_32)PNG_IMAGE_ROW_STRIDE(r->image) * (r->from->bottom_up && !flip ? -1 : 1);
  if (!png_image_finish_read(&r->image, &background, rows, stride, colormap)) {
    fail(x, b, &r->image, "png_image_finish_read");
  } else {
    moco_note(&x->results, b, "ok");
    for (png_uint_32 y = 0; flip && y < r->image.height / 2; y++)
      for (size_t i = 0; i < row_bytes; i++) {
        unsigned char *top = rows + y * row_bytes + i, *bottom = rows + (r->image.height - 1 - y) * row_bytes + i, t = *top;
        *top = *bottom, *bottom = t;
      }
    if (lossless(r->from, r->image.format) && memcmp(rows, r->from->rows, size) != 0 && !x->mismatch_call) {
      size_t i = 0;
      while (rows[i] == r->from->rows[i]) i++;
      x->mismatch_call = "png_image_finish_read";
      snprintf(x->mismatch, sizeof x->mismatch, "format 0x%x, byte %zu of %zu: wrote 0x%02x, read 0x%02x",
               r->image.format, i, size, r->from->rows[i], rows[i]);
    }
  }
  free(rows);
  free(colormap);
}

static void run_blocks(image_run *x) {
  for (size_t b = 0; b < x->p->n_blocks; b++) {
    const Mlf__Moco__Block *k = x->p->blocks[b];
    switch (moco_api_index(&moco_png_image_spec, k->api)) {
      case MOCO_PNG_IMAGE_WRITE: write_image(x, b, k); break;
      case MOCO_PNG_IMAGE_BEGIN_READ: begin_read(x, b, k); break;
      case MOCO_PNG_IMAGE_FINISH_READ: finish_read(x, b, k); break;
      case MOCO_PNG_IMAGE_FREE: {
        reading_image *r = moco_arg_handle(k, 0, &x->results);
        if (r) png_image_free(&r->image);
        moco_note(&x->results, b, r ? "ok" : "skipped");
        break;
      }
      default: break;
    }
  }
}

static void judge(const image_run *x, mlf_run *run) {
  const char *negative = moco_negative_call(x->p);
  char tag[MLF_TAG_MAX];
  if (x->zero_width_write) {
    mlf_finding(run, "mlf:moco_png:libpng:png_image_write_to_memory:division-by-zero-on-zero-width",
                "png_image_write_main computes 0xffffffffU / (width x channels) before any check of the width");
    return;
  }
  if (x->bottom_up_read)
    mlf_finding(run, "mlf:moco_png:libpng:png_image_finish_read:pointer-overflow-on-bottom-up-rows",
                "a read into bottom-up rows (negative row_stride): png_image_read_direct adds the stride "
                "as png_alloc_size_t to the row pointer");
  if (negative) {
    if (!x->failed_call || strcmp(x->failed_call, negative) != 0) {
      snprintf(tag, sizeof tag, "mlf:moco_png:libpng:%s:refused-value-accepted", negative);
      mlf_finding(run, tag, "the value past the documented boundary did not fail the call%s%s",
                  x->failed_call ? "; the first failure was in " : "", x->failed_call ? x->failed_call : "");
    }
    return;
  }
  if (x->failed_call) {
    snprintf(tag, sizeof tag, "mlf:moco_png:libpng:%s:error-on-valid", x->failed_call);
    mlf_finding(run, tag, "%s", x->failure);
  }
  if (x->mismatch_call)
    mlf_finding(run, "mlf:moco_png:libpng:png_image_finish_read:round-trip-mismatch", "%s", x->mismatch);
}

void png_image_program_run(const Mlf__Moco__Program *p, mlf_run *run) {
  image_run *x = calloc(1, sizeof *x);
  if (!x) abort();
  x->p = p;
  mlf_capture_begin("libpng"); /* a crash inside names the library running */
  run_blocks(x);
  mlf_capture_end(NULL);
  moco_log_program(run, &moco_png_image_spec, p, &x->results);
  judge(x, run);
  for (size_t b = 0; b < MOCO_MAX_BLOCKS; b++)
    if (x->written[b].file) {
      mlf_capture_begin("the PNG decoders (libpng, spng, lodepng, stb_image)");
      png_decoders_judge(x->written[b].file, x->written[b].file_size, p->data_seed + b, run);
      mlf_capture_end(NULL);
    }
  moco_feedback(&moco_png_image_spec, p, x->failed_call ? 2 : 0);
  for (size_t b = 0; b < MOCO_MAX_BLOCKS; b++) {
    png_image_free(&x->reading[b].image);
    free(x->written[b].file);
    free(x->written[b].rows);
  }
  free(x);
}
