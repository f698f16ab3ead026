/* Inputs known to crash a library, each recorded in harnesses/blas/known_findings.tsv. While known
 * findings are suppressed the harness does not call the library on such an input, so a
 * campaign goes on past the bug; MLF_REPORT_KNOWN=1 calls it anyway and the crash (or wrong
 * result) happens, except for a kind ending in "hang", which is never called (it would stop the
 * run for good). The harness raises the predicate's tag either way. */
#ifndef BLAS_KNOWN_CRASHES_H
#define BLAS_KNOWN_CRASHES_H
#include "blas_backend.h"
#include "blas_gemm_reference.h"
#include "level23_problem.h"

/* The finding kind (last part of the tag) when backend is known to crash on g, else NULL;
 * the caller drops a prediction whose registry rows do not hold here (mlf_known_finding_applies). */
const char *blas_gemm_known_crash(const char *backend, const blas_gemm_problem *g);
/* The same for the level-2/3 harness; some depend on the kernel set the backend's identity
 * names, and a prediction counts only where its registry rows hold here
 * (mlf_known_finding_applies): on other kernel sets the library is called. */
const char *blas_level23_known_crash(const blas_backend *b, const level23_problem *pb);
#endif
