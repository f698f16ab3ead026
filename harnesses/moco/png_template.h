/* The PNG_WRITE_READ template of the MoCo family: set-up (the write struct with the harness's
 * allocator and error handlers), the program's blocks as its body, tear-down (the image written
 * to memory, the structs destroyed), then the file read back by libpng into the same kind of
 * record, so that the judge compares what was set with what was read. */
#ifndef PNG_TEMPLATE_H
#define PNG_TEMPLATE_H
#include <stddef.h>
#include "moco.pb-c.h"
#include "moco_run.h"
#include "png_alloc.h"
#include "png_blocks.h"

typedef struct {
  int errors, warnings;
  char first_error[160], first_warning[160];
} png_reports;

/* One phase (write or read) of one program. */
typedef struct {
  png_reports reports;
  png_alloc alloc;
  const char *stopped_in; /* the call that raised an error ("png_set_IHDR", "png_write_image"...) */
  int completed;          /* 1 when the phase ran to its end */
  /* The known libpng double free was armed (png_set_PLTE's or png_set_tRNS's allocation failed
   * after an earlier call): the call, and the harness skipped png_destroy_write_struct, leaving
   * the structs allocated, unless MLF_REPORT_KNOWN=1 (then libpng frees the pointer twice). */
  const char *known_double_free;
  /* The known state png_set_pCAL, png_set_sCAL_s or png_set_eXIf_1 leaves after a failed
   * allocation (a count or a valid flag its pointers do not back): the harness stopped the
   * program there and left the structs allocated, unless MLF_REPORT_KNOWN=1. NULL, or the
   * call's name. */
  const char *known_inconsistent;
} png_phase;

typedef struct {
  png_expected set, got, read;     /* what the blocks set; what the write struct's getters
                                      report before the image is written; what the reader found */
  unsigned char *pixels_written, *pixels_read; /* height rows of rowbytes (read_rowbytes) each */
  size_t rowbytes;
  /* The reader's rows after png_read_update_info: png_get_rowbytes, the bits per pixel of
   * png_get_channels x png_get_bit_depth and the row size those make of the width. */
  size_t read_rowbytes, read_rowbytes_promised;
  int read_pixel_bits;
  int read_transformed; /* the program set a transform of the reader's own: other rows */
  unsigned char *file;             /* the PNG written */
  size_t file_size, file_capacity, read_offset;
  png_phase write, read_phase;
  moco_results results;            /* what each block of the write phase did */
} png_outcome;

/* Runs the write phase of p (with its allocation-failure schedule) and, when it completed,
 * reads the file back with p's read transforms. o must be zeroed; free it with
 * png_template_free. */
void png_template_run(const Mlf__Moco__Program *p, png_outcome *o);
void png_template_free(png_outcome *o);
#endif
