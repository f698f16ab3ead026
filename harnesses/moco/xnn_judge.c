/* The oracles of the XNN_OPERATORS template (xnn_judge.h). Tags:
 * mlf:moco_xnn:xnnpack:<call>:<kind>. */
#include "xnn_judge.h"
#include <stdint.h>
#include <stdio.h>
#include <xnnpack.h>
#include "moco_xnn_spec.h"

static void finding(mlf_run *run, const char *call, const char *kind, const char *fmt, int a, int b) {
  char tag[MLF_TAG_MAX];
  snprintf(tag, sizeof tag, "mlf:moco_xnn:xnnpack:%s:%s", call, kind);
  mlf_finding(run, tag, fmt, a, b);
}

/* 1 when bits is a subnormal binary32 (exponent field 0, fraction not 0). */
static int subnormal_bits(uint32_t bits) { return (bits & 0x7f800000u) == 0 && (bits & 0x007fffffu) != 0; }

/* The kind of a block's problem. Known finding: an output value the reference makes subnormal
 * (a clamp bound that is one) comes out as a signed zero. */
static const char *problem_kind(const xnn_block_outcome *bo) {
  int values = bo->output == 0; /* not argmax pooling's indices */
  if (bo->problem == XNN_PROBLEM_REFERENCE && values && subnormal_bits(bo->expected) && (bo->got & 0x7fffffffu) == 0)
    return "subnormal-output-flushed-to-zero";
  switch (bo->problem) {
    case XNN_PROBLEM_REFERENCE: return values ? "reference-mismatch" : "index-mismatch";
    case XNN_PROBLEM_NONDETERMINISTIC: return "nondeterministic";
    case XNN_PROBLEM_STRIDE_GAP: return "wrote-stride-gap";
    default: return "canary-overwritten";
  }
}

/* The setup a run block ran on is named in the tag: the operator's, not xnn_run_operator's. */
static const char *run_call(const Mlf__Moco__Program *p, size_t b, const xnn_outcome *o) {
  const Mlf__Moco__Value *v = p->blocks[b]->args[0];
  (void)o;
  return v->kind_case == MLF__MOCO__VALUE__KIND_REF && v->ref < p->n_blocks ? p->blocks[v->ref]->api : p->blocks[b]->api;
}

/* The status a negative call must return: xnn_status_invalid_parameter, but for a constant
 * padding of more than XNN_MAX_TENSOR_DIMS dimensions xnn_status_unsupported_parameter
 * (measured against the installed library; xnnpack.h names the limit, not the status). */
static int refusal_status(const Mlf__Moco__Program *p) {
  const Mlf__Moco__Step *s = p->derivation[p->n_derivation - 1];
  int api = moco_api_index(&moco_xnn_spec, p->blocks[s->block]->api);
  return api == 2 * XNN_CONSTANT_PAD + 1 && s->param == 1 ? xnn_status_unsupported_parameter
                                                         : xnn_status_invalid_parameter;
}

void xnn_judge(const Mlf__Moco__Program *p, const xnn_outcome *o, mlf_run *run) {
  if (o->init_status != xnn_status_success) {
    finding(run, "xnn_initialize", "error", "xnn_initialize returned %d (allocation %d)", o->init_status,
            (int)o->alloc.fail_at);
    return;
  }
  if (o->live_after_teardown != 0)
    finding(run, "xnn_delete_operator", "leak", "%d block(s) allocated through the xnn_allocator still live "
            "after every op was deleted (allocation %d failed)", (int)o->live_after_teardown, (int)o->alloc.fail_at);
  for (size_t b = 0; b < p->n_blocks && b < MOCO_MAX_BLOCKS; b++)
    if (o->block[b].known) {
      char tag[MLF_TAG_MAX];
      snprintf(tag, sizeof tag, "mlf:moco_xnn:xnnpack:%s:%s", p->blocks[b]->api, o->block[b].known);
      mlf_finding(run, tag, "block %zu reaches a known crash of the library%s", b,
                  mlf_report_known() ? "" : " (avoided: MLF_REPORT_KNOWN=1 makes the failing call)");
    }
  for (size_t b = 0; b < p->n_blocks && b < MOCO_MAX_BLOCKS; b++)
    if (o->block[b].problem) {
      char tag[MLF_TAG_MAX];
      snprintf(tag, sizeof tag, "mlf:moco_xnn:xnnpack:%s:%s", run_call(p, b, o), problem_kind(&o->block[b]));
      mlf_finding(run, tag, "%s element %zu: expected bits 0x%08x, got 0x%08x", o->block[b].output ? "index" : "output",
                  o->block[b].index, (unsigned)o->block[b].expected, (unsigned)o->block[b].got);
    }
  const char *negative = moco_negative_call(p);
  size_t nb = negative ? p->derivation[p->n_derivation - 1]->block : SIZE_MAX;
  if (negative) {
    const xnn_block_outcome *bo = &o->block[nb];
    if (bo->called && bo->status == xnn_status_success)
      finding(run, negative, "refused-value-accepted", "the value past the documented boundary returned %d (%d: success)",
              bo->status, xnn_status_success);
    else if (bo->called && bo->status != refusal_status(p))
      finding(run, negative, "wrong-status", "returned %d where the refusal %d was due", bo->status, refusal_status(p));
    return;
  }
  int out_of_memory = 0;
  for (size_t b = 0; b < p->n_blocks && b < MOCO_MAX_BLOCKS; b++) {
    const xnn_block_outcome *bo = &o->block[b];
    if (!bo->called || bo->status == xnn_status_success) continue;
    if (o->alloc.failed && bo->status == xnn_status_out_of_memory && !out_of_memory) { out_of_memory = 1; continue; }
    finding(run, p->blocks[b]->api, o->alloc.failed ? "wrong-status-after-allocation-failure" : "error-on-valid",
            "returned xnn_status %d in block %d", bo->status, (int)b);
    return;
  }
}
