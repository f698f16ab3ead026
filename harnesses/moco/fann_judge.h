/* The oracles of the FANN_NETWORK template, over the outcome the template recorded (no FANN
 * call here): a positive program leaves no fann_errno on any call (kind error-on-valid) and
 * every check holds bit for bit (getter-mismatch: a getter after its setter; state-mismatch:
 * a getter at the end against what the setters set, a subset or merge against its sources;
 * copy-mismatch: fann_copy and fann_duplicate_train_data against the original;
 * round-trip-mismatch: a loaded network or data set against what was saved); a negative
 * program's refused call sets fann_errno (kind refused-value-accepted). Findings are tagged
 * mlf:<target>:fann:<call>:<kind> (the outcome's target: moco_fann, moco_fann_double,
 * moco_fann_fixed). */
#ifndef FANN_JUDGE_H
#define FANN_JUDGE_H
#include "fann_template.h"
#include "mlf_report.h"

/* Judges the outcome of program p; 1 when a call raised an error (the caller then checks
 * that FANN is still usable). */
int fann_judge(const Mlf__Moco__Program *p, const fann_outcome *o, mlf_run *run);
#endif
