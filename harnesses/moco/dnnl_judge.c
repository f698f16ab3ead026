/* The oracles of the DNNL_PRIMITIVES template (dnnl_judge.h). */
#include "dnnl_judge.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "dnnl_data.h"

void dnnl_judge_mismatch(dnnl_outcome *o, size_t b, const char *kind, const char *fmt, ...) {
  if (o->n_mismatch >= DNNL_MAX_MISMATCHES) return;
  dnnl_mismatch *m = &o->mismatch[o->n_mismatch++];
  m->block = b, m->kind = kind;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(m->message, sizeof m->message, fmt, ap);
  va_end(ap);
}

void dnnl_judge_round_trip(dnnl_outcome *o, size_t b, const dnnl_memory_desc_t *md, const void *before,
                           const void *after) {
  size_t e = dnnl_data_first_difference(md, before, md, after);
  if (e == SIZE_MAX) return;
  size_t at = dnnl_data_offset(md, e);
  dnnl_judge_mismatch(o, b, "round-trip-mismatch",
                      "reordered there and back, logical element %zu (byte %zu) is 0x%02x, was 0x%02x", e, at,
                      ((const unsigned char *)after)[at], ((const unsigned char *)before)[at]);
}

const char *dnnl_judge_status_name(int status) {
  switch (status) {
    case dnnl_success: return "dnnl_success";
    case dnnl_out_of_memory: return "dnnl_out_of_memory";
    case dnnl_invalid_arguments: return "dnnl_invalid_arguments";
    case dnnl_unimplemented: return "dnnl_unimplemented";
    case dnnl_iterator_ends: return "dnnl_iterator_ends";
    case dnnl_runtime_error: return "dnnl_runtime_error";
    case dnnl_not_required: return "dnnl_not_required";
    case DNNL_CALL_SKIPPED: return "skipped";
    case DNNL_CALL_NO_STATUS: return "no status";
    default: return "unknown status";
  }
}

/* The C function a block calls: its API name up to a "+" (the "+attr" variants). */
static void call_name(char *out, size_t n, const char *api) {
  size_t len = strcspn(api, "+");
  snprintf(out, n, "%.*s", (int)len, api);
}

static void finding(mlf_run *run, const char *api, const char *kind, const char *isa, const char *fmt,
                    const char *detail) {
  char call[80], tag[MLF_TAG_MAX];
  call_name(call, sizeof call, api);
  snprintf(tag, sizeof tag, "mlf:moco_dnnl:onednn:%s:%s", call, kind);
  mlf_finding(run, tag, fmt, detail, isa ? isa : "?");
}

/* The status of block b against what it must return: dnnl_invalid_arguments for the negative
 * block, otherwise success (or unimplemented, or anything where failure is documented). */
static void judge_status(const Mlf__Moco__Program *p, const dnnl_outcome *o, size_t b, int negative,
                         mlf_run *run) {
  int st = o->status[b];
  const char *api = p->blocks[b]->api, *name = dnnl_judge_status_name(st);
  if (st == DNNL_CALL_SKIPPED || st == DNNL_CALL_NO_STATUS) return;
  if (negative) {
    if (st == dnnl_success) finding(run, api, "refused-value-accepted", o->isa, "returned %s past a documented boundary (isa %s)", name);
    else if (st != dnnl_invalid_arguments) finding(run, api, "wrong-status", o->isa, "returned %s where dnnl_invalid_arguments is documented (isa %s)", name);
    return;
  }
  if (st == dnnl_success || st == dnnl_unimplemented || o->may_fail[b]) return;
  finding(run, api, "error-on-valid", o->isa, "returned %s on legal arguments (isa %s)", name);
}

void dnnl_judge(const Mlf__Moco__Program *p, const dnnl_outcome *o, mlf_run *run) {
  const Mlf__Moco__Step *last = p->n_derivation ? p->derivation[p->n_derivation - 1] : NULL;
  size_t negative = moco_negative_call(p) ? last->block : SIZE_MAX;
  for (size_t b = 0; b < p->n_blocks && b < MOCO_MAX_BLOCKS; b++) judge_status(p, o, b, b == negative, run);
  if (o->canary_block < p->n_blocks)
    finding(run, p->blocks[o->canary_block]->api, "canary-overwritten", o->isa,
            "%s wrote into the slack between a buffer's end and its guard page (isa %s)", "the execution");
  for (size_t i = 0; i < o->n_mismatch; i++)
    if (o->mismatch[i].block < p->n_blocks)
      finding(run, p->blocks[o->mismatch[i].block]->api, o->mismatch[i].kind, o->isa, "%s (isa %s)", o->mismatch[i].message);
}
