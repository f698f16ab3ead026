/* The oracles of the DNNL_PRIMITIVES template. A positive program: every call returns
 * dnnl_success (dnnl_unimplemented, a legal combination this build lacks, is recorded and not a
 * finding; so is the failure of a call oneDNN documents as possibly failing on legal input),
 * no execution writes past its buffers (canaries; the guard pages and the sanitizers catch the
 * rest), the library's state agrees with what the blocks built, plain reorders round-trip bit
 * for bit, exact eltwise results equal the reference, and f32 convolution, inner product and
 * matmul results lie within the reference's error bound (dnnl_reference.h). A negative program: the call the last
 * step made negative returns dnnl_invalid_arguments, as documented (the fuzzer then checks that
 * the library still works). Findings are tagged mlf:moco_dnnl:onednn:<call>:<kind>. */
#ifndef DNNL_JUDGE_H
#define DNNL_JUDGE_H
#include "dnnl_template.h"
#include "mlf_report.h"

/* Records a disagreement found while block b ran; fmt is a printf format. */
void dnnl_judge_mismatch(dnnl_outcome *o, size_t b, const char *kind, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Records a round-trip mismatch when the logical elements of after (laid out by md, as
 * before) differ from before's. */
void dnnl_judge_round_trip(dnnl_outcome *o, size_t b, const dnnl_memory_desc_t *md, const void *before,
                           const void *after);
/* The name of a status, as dnnl_types.h spells it ("dnnl_invalid_arguments"), or "skipped". */
const char *dnnl_judge_status_name(int status);
/* Judges the outcome of program p. */
void dnnl_judge(const Mlf__Moco__Program *p, const dnnl_outcome *o, mlf_run *run);
#endif
