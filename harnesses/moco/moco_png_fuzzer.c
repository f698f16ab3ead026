/* MoCo over libpng 1.6 (built here from its Debian source with the sanitizers and coverage):
 * programs of png_set_* blocks in the PNG_WRITE_READ template (png_template.h), derived by the
 * AR, RG, BC, insert, delete and allocation-failure operators (mutators/moco/).
 * Oracle: a positive program writes without error, and reading the file back gives the same
 * pixels and every chunk as set; a negative one (the last step put an argument past a boundary
 * libpng documents as refused) raises an error or a warning; nothing leaks; after an error or
 * a failed allocation libpng still writes and reads a plain image. */
#include <stdio.h>
#include <string.h>
#include "mlf_feedback.h"
#include "mlf_target.h"
#include "moco_spec.h"
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
  png_template_run(&plain, &o);
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

/* The equivalence class of an argument: at its lower or upper boundary, inside, or past one. */
static uint32_t value_class(const moco_param *q, const Mlf__Moco__Value *v) {
  double x = moco_value_number(v);
  return x == q->lo ? 0 : x == q->hi ? 1 : x > q->lo && x < q->hi ? 2 : 3;
}

/* Semantic feedback: per block API, whether the program is negative and how the write ended;
 * per API parameter, the equivalence class of its argument and how the write ended. */
static void feedback(const Mlf__Moco__Program *p, const png_outcome *o) {
  const char *negative = png_judge_negative_call(p); /* the negative block's own api string */
  uint32_t outcome = o->write.completed ? (o->write.reports.warnings ? 1 : 0) : 2;
  for (size_t b = 0; b < p->n_blocks; b++) {
    int api = moco_api_index(&moco_png_spec, p->blocks[b]->api);
    const moco_api *a = &moco_png_spec.apis[api];
    mlf_feedback_hit(mlf_feature("moco-png", (uint32_t)api * 2 + (negative == p->blocks[b]->api), outcome));
    for (unsigned i = 0; i < a->n_params && i < p->blocks[b]->n_args; i++)
      mlf_feedback_hit(mlf_feature("moco-png-param", (uint32_t)api * MOCO_MAX_PARAMS + i,
                                   value_class(&a->params[i], p->blocks[b]->args[i]) * 4 + outcome));
  }
  if (p->fail_allocation) mlf_feedback_hit(mlf_feature("moco-png-alloc", p->fail_allocation, outcome));
}

static void png_run(const ProtobufCMessage *msg, mlf_run *run) {
  const Mlf__Moco__Program *p = (const Mlf__Moco__Program *)msg;
  png_outcome o = {0};
  png_template_run(p, &o);
  log_phase(run, "write", &o.write);
  if (o.write.completed) {
    mlf_log(run, "file: %zu bytes", o.file_size);
    log_phase(run, "read", &o.read_phase);
  }
  png_judge(p, &o, run);
  feedback(p, &o);
  if (!o.write.completed && !still_usable())
    mlf_finding(run, "mlf:moco_png:libpng:state:unusable-after-error",
                "after %s stopped the program, a plain 8 x 8 gray image no longer writes and reads",
                o.write.stopped_in ? o.write.stopped_in : "an error");
  png_template_free(&o);
}

MLF_TARGET(moco_png, mlf__moco__program__descriptor, NULL, png_run)
