/* MoCo over the oneDNN 2.6 C API (Debian's prebuilt libdnnl 2.6.3): programs of primitive
 * lifecycle blocks (descriptors, memories, attributes, post-ops, primitive descriptors,
 * primitives, executions) in the DNNL_PRIMITIVES template (dnnl_template.h), derived by the
 * AR, RG, BC, insert and delete operators (mutators/moco/). Oracles (dnnl_judge.h): a positive
 * program runs every call to dnnl_success (dnnl_unimplemented recorded, not a finding) with
 * consistent state, identity round trips, exact eltwise results and convolution, inner product
 * and matmul results within the reference's error bound; a negative one gets
 * dnnl_invalid_arguments where oneDNN documents it, and a plain reorder still works after. */
#include <stdlib.h>
#include "dnnl_judge.h"
#include "dnnl_template.h"
#include "mlf_capture.h"
#include "mlf_target.h"
#include "moco_dnnl_spec.h"

static char identity[256];

/* oneDNN's verbose mode off (it would print every primitive) before the session opens. */
static void dnnl_init(void) {
  setenv("DNNL_VERBOSE", "0", 1);
  dnnl_set_verbose(0);
}

static void dnnl_run(const ProtobufCMessage *msg, mlf_run *run) {
  const Mlf__Moco__Program *p = ((const Mlf__Moco__DnnlProgram *)msg)->program;
  static dnnl_outcome o;
  mlf_capture_begin("oneDNN"); /* a crash inside names the library running */
  int failed = dnnl_template_run(p, &o, identity, sizeof identity);
  mlf_capture_end(NULL);
  if (failed != 0) {
    mlf_log(run, "%s", identity);
    return;
  }
  mlf_log(run, "%s", identity);
  moco_log_program(run, &moco_dnnl_spec, p, &o.results);
  mlf_log(run, "handles: %u made, %u released by the program, %u by the harness's tear-down", o.created,
          o.destroyed, o.released);
  dnnl_judge(p, &o, run);
  int refused = 0, unimplemented = 0;
  for (size_t b = 0; b < p->n_blocks && b < MOCO_MAX_BLOCKS; b++) {
    refused |= o.status[b] == dnnl_invalid_arguments;
    unimplemented |= o.status[b] == dnnl_unimplemented;
  }
  moco_feedback(&moco_dnnl_spec, p, refused ? 2 : unimplemented ? 1 : 0);
  if (refused && !dnnl_template_still_usable())
    mlf_finding(run, "mlf:moco_dnnl:onednn:state:unusable-after-error",
                "after a call returned dnnl_invalid_arguments, a plain nchw to nhwc reorder and back no longer works (%s)",
                identity);
}

MLF_TARGET(moco_dnnl, mlf__moco__dnnl_program__descriptor, dnnl_init, dnnl_run)
