/* The oracles of the XNN_OPERATORS template: statuses against the program's expectation
 * (positive: every call succeeds; negative: the call the last step made negative returns
 * xnn_status_invalid_parameter, or unsupported_parameter for a padded tensor of too many
 * dimensions; an allocation-failure schedule: xnn_status_out_of_memory where the failure hit),
 * what each run found (reference values and indices, determinism, stride gaps, canaries), the
 * known crashes a block reaches, and leaks. Calls no XNNPACK function. */
#ifndef XNN_JUDGE_H
#define XNN_JUDGE_H
#include "mlf_report.h"
#include "xnn_template.h"

void xnn_judge(const Mlf__Moco__Program *p, const xnn_outcome *o, mlf_run *run);
#endif
