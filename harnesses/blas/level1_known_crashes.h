/* Level-1 inputs known to crash or hang a library or to make it return garbage, each recorded in
 * harnesses/blas/known_findings.tsv under the kind given here. A crash is not called while known
 * findings are suppressed (MLF_REPORT_KNOWN=1 calls it and the crash happens), so a
 * campaign goes on past the bug; a wrong result is computed and judged, and whatever the
 * judge finds wrong with that backend's outcome is reported under the known kind, so the
 * registry entry hides this precondition only. Relation follow-ups that meet one are not
 * run. */
#ifndef LEVEL1_KNOWN_CRASHES_H
#define LEVEL1_KNOWN_CRASHES_H
#include "level1_problem.h"

typedef struct {
  const char *kind; /* last part of the finding tag */
  int crashes;      /* 1: the call faults or never returns */
} level1_known;

/* 1 when rotmg on pr's d1, d2, x1, y1 never returns in the reference BLAS 3.11 (drotmg.f,
 * srotmg.f), computed as it computes: its update makes d1 negative or infinite, or d2
 * infinite (only for d2 < 0: d1 / u overflows as u = 1 - h12 h21 nears 0, or d2 y1^2
 * underflows and the flag-1 swap hands d2 to d1), and its rescaling loops then run forever.
 * OpenBLAS 0.3.21 (interface/rotmg.c), BLIS 0.9.0 and ATLAS 3.10.3 follow the same steps and
 * hang alike (known_findings.tsv, kind "hang"). */
int level1_rotmg_never_returns(const level1_problem *pr);

/* The known defect of backend on pr (through either interface), or NULL; NULL too where the
 * defect's registry rows do not hold here (their needs name other kernel sets). */
const level1_known *level1_known_defect(const char *backend, const level1_problem *pr);
#endif
