/* MoCo over FANN 2.2 (float build, built here from its Debian source with the sanitizers and
 * coverage): programs of FANN calls in the FANN_NETWORK template (fann_template.h), derived by
 * the AR, RG, BC, insert and delete operators (mutators/moco/).
 * Oracle (fann_judge.h): a positive program raises no FANN error, every getter reports what its
 * setter set, a copy and a saved-and-loaded network give the same parameters and bit-identical
 * outputs (loaded parameters within the precision fann_save writes them with), saved-and-read
 * training data is bit-identical; a negative one (an argument past a boundary FANN documents
 * as refused) sets fann_errno and leaves FANN usable: a plain XOR network still trains. Leaks
 * are LeakSanitizer's. */
#include <math.h>
#include <stdlib.h>
#include <floatfann.h>
#include "fann_judge.h"
#include "fann_template.h"
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

static void fann_program_run(const ProtobufCMessage *msg, mlf_run *run) {
  const Mlf__Moco__Program *p = ((const Mlf__Moco__FannProgram *)msg)->program;
  fann_outcome *o = calloc(1, sizeof *o);
  if (!o) abort();
  mlf_capture_begin("FANN"); /* a crash inside names the library running */
  fann_template_run(p, o);
  mlf_capture_end(NULL);
  moco_log_program(run, &moco_fann_spec, p, &o->results);
  if (o->dropped_checks) mlf_log(run, "%zu checks past the first %d were not kept", o->dropped_checks, FANN_MAX_CHECKS);
  int refused = fann_judge(p, o, run);
  moco_feedback(&moco_fann_spec, p, refused ? 1 : 0);
  if (refused && !still_usable())
    mlf_finding(run, "mlf:moco_fann:fann:state:unusable-after-error",
                "after an error a plain XOR network no longer trains and runs");
  free(o);
}

MLF_TARGET(moco_fann, mlf__moco__fann_program__descriptor, NULL, fann_program_run)
