/* aNNoTest over LAPACKE 3.11.0 (Debian lapack 3.11.0-2): one annotated call per input
 * (annotations/lapacke.h), its arguments built valid by construction by the generated glue in
 * either layout, with leading dimensions tied to it and matrices of the kind the routine
 * needs. The C wrappers are built here with ASan, UBSan and coverage; the Fortran routines
 * under them are Debian's binary netlib reference (libraries/lapacke), which ASan does not see
 * into: every buffer the glue, the generators and the oracles hand to LAPACKE ends at a guard
 * page (mlf_guard.h), so the Fortran code writing or reading past one faults. A crash, sanitizer
 * report, hang or leak on such an input is a bug; so is a failed @ensure (INFO != 0: an
 * argument rejected as illegal, a singular factor or no convergence on a matrix built to have
 * neither; LAPACK's XERBLA is the project's, oracles/mlf_xerbla.c, so a rejection by the
 * Fortran routine returns INFO < 0 instead of stopping the process) and a failed @check (a test ratio of LAPACK's own test suite over
 * its threshold, or the same call in the other layout giving other bits). Calls, @require
 * rejections and findings per function: at_stats_watch. */
#include "annotations/lapacke.h"
#include "annotest_lapacke_glue.h"
#include "libraries/lapacke/mlf_lapacke_session.h"
#include "mlf_guard.h"
#include "mlf_target.h"

static void annotest_lapacke_init(void) {
  char identity[256];
  size_t n;
  mlf_lapacke_open(identity, sizeof identity);
  mlf_guard_install_reporter();
  at_stats_watch(annotest_lapacke_stats(&n), n);
}

static void annotest_lapacke_fuzz_run(const ProtobufCMessage *msg, mlf_run *run) {
  at_ctx ctx;
  at_ctx_init(&ctx, run, "annotest_lapacke", "lapacke", annotest_lapacke_blame);
  ctx.guard_pages = 1;
  annotest_lapacke_run((const Mlf__Annotest__LapackeAnnotatedCall *)msg, &ctx);
  at_release(&ctx);
  at_stats_checkpoint(mlf_run_failed(run));
}

MLF_TARGET(annotest_lapacke, mlf__annotest__lapacke_annotated_call__descriptor, annotest_lapacke_init,
           annotest_lapacke_fuzz_run)
