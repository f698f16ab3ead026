/* MoCo over libpng 1.6 (built here from its Debian source with the sanitizers and coverage):
 * programs of png_set_* and transform blocks in the PNG_WRITE_READ template (png_template.h),
 * or of png_image_* blocks in the PNG_SIMPLIFIED one (png_image_program.h), derived by the
 * AR, RG, BC, insert, delete and allocation-failure operators (mutators/moco/).
 * Oracle: a positive program writes without error, and reading the file back gives the same
 * pixels and every chunk as set; a negative one (the last step put an argument past a boundary
 * libpng documents as refused) raises an error or a warning; nothing leaks; after an error or
 * a failed allocation libpng still writes and reads a plain image; every file read back is
 * decoded by libspng, LodePNG and stb_image as well, with the same pixels (png_decoders.h). */
#include <stdio.h>
#include <string.h>
#include "mlf_capture.h"
#include "mlf_target.h"
#include "moco_run.h"
#include "png_decoders.h"
#include "png_image_program.h"
#include "png_judge.h"
#include "png_template.h"

/* The plain program every use of libpng must still run after an error: an 8 x 8 gray image. */
static int still_usable(void) {
  Mlf__Moco__Value w = MLF__MOCO__VALUE__INIT, h = MLF__MOCO__VALUE__INIT, d = MLF__MOCO__VALUE__INIT,
                   zero = MLF__MOCO__VALUE__INIT;
  w.kind_case = h.kind_case = d.kind_case = zero.kind_case = MLF__MOCO__VALUE__KIND_INTEGER;
  w.integer = h.integer = d.integer = 8;
  Mlf__Moco__Value *args[7] = {&w, &h, &d, &zero, &zero, &zero, &zero};
  Mlf__Moco__Block ihdr = MLF__MOCO__BLOCK__INIT, *blocks[1] = {&ihdr};
  ihdr.api = "png_set_IHDR", ihdr.n_args = 7, ihdr.args = args;
  Mlf__Moco__Program plain = MLF__MOCO__PROGRAM__INIT;
  plain.n_blocks = 1, plain.blocks = blocks;
  png_outcome o = {0};
  mlf_capture_begin("libpng");
  png_template_run(&plain, &o);
  mlf_capture_end(NULL);
  int ok = o.read_phase.completed && o.write.alloc.live == 0 && o.read_phase.alloc.live == 0;
  png_template_free(&o);
  return ok;
}

static void log_phase(mlf_run *run, const char *name, const png_phase *ph) {
  mlf_log(run, "%s: %s%s%s; %d warning(s)%s%s; %lu allocation(s)%s", name,
          ph->completed ? "completed" : "stopped in ", ph->completed ? "" : ph->stopped_in ? ph->stopped_in : "-",
          ph->reports.errors ? " with an error" : "", ph->reports.warnings,
          ph->reports.warnings ? ", first: " : "", ph->reports.first_warning, ph->alloc.allocations,
          ph->alloc.failed ? " (the scheduled one failed)" : "");
  if (ph->reports.errors) mlf_log(run, "%s error: %s", name, ph->reports.first_error);
}

static void png_run(const ProtobufCMessage *msg, mlf_run *run) {
  const Mlf__Moco__Program *p = ((const Mlf__Moco__PngProgram *)msg)->program;
  if (p->template_ == MLF__MOCO__PROGRAM__TEMPLATE__PNG_SIMPLIFIED) {
    png_image_program_run(p, run);
    return;
  }
  png_outcome o = {0};
  mlf_capture_begin("libpng"); /* a crash inside names the library running */
  png_template_run(p, &o);
  mlf_capture_end(NULL);
  moco_log_program(run, &moco_png_spec, p, &o.results);
  log_phase(run, "write", &o.write);
  if (o.write.completed) {
    mlf_log(run, "file: %zu bytes", o.file_size);
    log_phase(run, "read", &o.read_phase);
  }
  png_judge(p, &o, run);
  if (o.read_phase.completed) {
    mlf_capture_begin("the PNG decoders (libpng, spng, lodepng, stb_image)");
    png_decoders_judge(o.file, o.file_size, p->data_seed, run);
    mlf_capture_end(NULL);
  }
  moco_feedback(&moco_png_spec, p, o.write.completed ? (o.write.reports.warnings ? 1 : 0) : 2);
  if (!o.write.completed && !still_usable())
    mlf_finding(run, "mlf:moco_png:libpng:state:unusable-after-error",
                "after %s stopped the program, a plain 8 x 8 gray image no longer writes and reads",
                o.write.stopped_in ? o.write.stopped_in : "an error");
  png_template_free(&o);
}

MLF_TARGET(moco_png, mlf__moco__png_program__descriptor, NULL, png_run)
