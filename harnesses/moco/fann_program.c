/* One FannProgram run (the run function of moco_fann, moco_fann_double and moco_fann_fixed):
 * the program through the FANN_NETWORK template (fann_template.c), its listing, the oracles
 * (fann_judge.h), the semantic feedback, and after an error the check that FANN is still
 * usable. Compiled as it is for FANN's float build and through fann_program_double.c for the
 * double build (fann_flavoured.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "fann_flavoured.h"
#include "fann_judge.h"
#include "mlf_capture.h"
#include "mlf_target.h"
#include "moco_fann_spec.h"

/* The plain use of FANN that must still work after an error: a 2-3-1 network trained on XOR
 * for 20 epochs runs without an error and gives a finite output. */
static int still_usable(void) {
  static const unsigned sizes[3] = {2, 3, 1};
  struct fann *ann = fann_create_standard_array(3, sizes);
  struct fann_train_data *d = fann_create_train(4, 2, 1);
  if (!ann || !d) { fann_destroy(ann); fann_destroy_train(d); return 0; }
  for (unsigned r = 0; r < 4; r++) {
    d->input[r][0] = (r & 1) ? 1 : -1, d->input[r][1] = (r & 2) ? 1 : -1;
    d->output[r][0] = ((r & 1) ^ (r >> 1)) ? 1 : -1;
  }
  fann_set_activation_function_hidden(ann, FANN_SIGMOID_SYMMETRIC);
  fann_set_activation_function_output(ann, FANN_SIGMOID_SYMMETRIC);
  fann_train_on_data(ann, d, 20, 0, 0.001f);
  fann_type input[2] = {1, -1};
  int ok = fann_get_errno((struct fann_error *)ann) == FANN_E_NO_ERROR && isfinite(fann_run(ann, input)[0]);
  fann_destroy(ann);
  fann_destroy_train(d);
  return ok;
}

static void run_program(const ProtobufCMessage *msg, mlf_run *run, int with_fixed) {
  const Mlf__Moco__Program *p = ((const Mlf__Moco__FannProgram *)msg)->program;
  fann_outcome *o = calloc(1, sizeof *o);
  if (!o) abort();
  o->target = mlf_this_target.name, o->with_fixed = with_fixed;
  mlf_capture_begin("FANN"); /* a crash inside names the library running */
  fann_template_run(p, o);
  mlf_capture_end(NULL);
  moco_log_program(run, &moco_fann_spec, p, &o->results);
  if (o->dropped_checks) mlf_log(run, "%zu checks past the first %d were not kept", o->dropped_checks, FANN_MAX_CHECKS);
  int refused = fann_judge(p, o, run);
  moco_feedback(&moco_fann_spec, p, refused ? 1 : 0);
  if (refused && !still_usable()) {
    char tag[MLF_TAG_MAX];
    snprintf(tag, sizeof tag, "mlf:%s:fann:state:unusable-after-error", o->target);
    mlf_finding(run, tag, "after an error a plain XOR network no longer trains and runs");
  }
  free(o);
}

void fann_program_run(const ProtobufCMessage *msg, mlf_run *run) { run_program(msg, run, 0); }
void fann_program_run_with_fixed(const ProtobufCMessage *msg, mlf_run *run) { run_program(msg, run, 1); }
