/* Level-1 inputs known to crash a library or to make it return garbage, each recorded in
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
  int crashes;      /* 1: the call faults */
} level1_known;

/* The known defect of backend on pr (through either interface), or NULL. */
const level1_known *level1_known_defect(const char *backend, const level1_problem *pr);
#endif
