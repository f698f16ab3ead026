/* MoCo over the XNNPACK operator API (Debian libxnnpack0 0.0~git20220216.ae108ef-2, prebuilt):
 * programs of xnn_create_* / xnn_setup_* / xnn_run_operator / xnn_delete_operator blocks in
 * the XNN_OPERATORS template (xnn_template.h), derived by the AR, RG, BC, insert, delete and
 * allocation-failure operators (mutators/moco/). Oracle: a positive program's calls all
 * succeed, a run repeated gives the same bits, exact operators match the reference written
 * here, nothing is written outside the outputs, nothing leaks; a negative one's refused call
 * returns xnn_status_invalid_parameter (unsupported_parameter for a padded tensor of too many
 * dimensions); after a refusal or a failed allocation a plain clamp op still creates, sets up,
 * runs and deletes. A call known to crash the library (known_findings.tsv) is named, and made
 * only with MLF_REPORT_KNOWN=1. */
#include <string.h>
#include <xnnpack.h>
#include "mlf_guard.h"
#include "mlf_capture.h"
#include "mlf_target.h"
#include "moco_run.h"
#include "moco_xnn_spec.h"
#include "xnn_judge.h"
#include "xnn_template.h"

/* 0 all calls succeeded, 1 one was refused, 2 out of memory, 3 another status. */
static uint32_t outcome_class(const Mlf__Moco__Program *p, const xnn_outcome *o) {
  uint32_t c = 0;
  for (size_t b = 0; b < p->n_blocks && b < MOCO_MAX_BLOCKS; b++) {
    int s = o->block[b].status;
    if (!o->block[b].called || s == xnn_status_success) continue;
    c = s == xnn_status_invalid_parameter ? 1 : s == xnn_status_out_of_memory ? 2 : 3;
  }
  return c;
}

static void xnn_run(const ProtobufCMessage *msg, mlf_run *run) {
  static int reporter;
  if (!reporter) mlf_guard_install_reporter(), reporter = 1;
  const Mlf__Moco__Program *p = ((const Mlf__Moco__XnnProgram *)msg)->program;
  static xnn_outcome o;
  memset(&o, 0, sizeof o);
  mlf_capture_begin("XNNPACK"); /* a crash inside names the library running */
  xnn_template_run(p, &o);
  mlf_capture_end(NULL);
  moco_log_program(run, &moco_xnn_spec, p, &o.results);
  mlf_log(run, "%lu allocation(s)%s, %ld live after tear-down", o.alloc.allocations,
          o.alloc.failed ? " (the scheduled one failed)" : "", o.live_after_teardown);
  xnn_judge(p, &o, run);
  uint32_t outcome = outcome_class(p, &o);
  moco_feedback(&moco_xnn_spec, p, outcome);
  if (outcome && !xnn_template_still_usable())
    mlf_finding(run, "mlf:moco_xnn:xnnpack:state:unusable-after-error",
                "after a refused call or a failed allocation, a plain clamp op no longer creates, runs and deletes");
}

MLF_TARGET(moco_xnn, mlf__moco__xnn_program__descriptor, NULL, xnn_run)
