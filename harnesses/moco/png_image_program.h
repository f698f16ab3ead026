/* The PNG_SIMPLIFIED template of moco_png: libpng's simplified API (png_image_*) driven by a
 * program's blocks, with its oracles. */
#ifndef PNG_IMAGE_PROGRAM_H
#define PNG_IMAGE_PROGRAM_H
#include "mlf_report.h"
#include "moco.pb-c.h"

/* Runs program p (template PNG_SIMPLIFIED), logs it and judges it: a positive program's calls
 * all succeed; an image written and read back in the same format has the rows written where
 * the format is lossless (no 8-bit conversion, no colour map, no linear alpha, which libpng
 * premultiplies); the negative call of a negative program fails. Findings are tagged
 * mlf:moco_png:libpng:<call>:<kind>. */
void png_image_program_run(const Mlf__Moco__Program *p, mlf_run *run);
#endif
