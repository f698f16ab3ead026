/* The XNN_OPERATORS template of the MoCo family: set-up (xnn_initialize with the harness's
 * counting, failing allocator), the program's blocks as its body (operators created, set up
 * on guard-paged tensors filled from data_seed, run, deleted), tear-down (every op left
 * deleted). Each successful run is checked on the spot (a second run must give the same
 * bits; exact operators must match the reference in xnn_reference.h; nothing may be written
 * outside the output elements) and what it found is recorded for the judge. A setup that
 * reaches a known crash of the library (xnn_operators.h) is not made, or not run, unless
 * MLF_REPORT_KNOWN=1. */
#ifndef XNN_TEMPLATE_H
#define XNN_TEMPLATE_H
#include <stddef.h>
#include <stdint.h>
#include "moco.pb-c.h"
#include "moco_run.h"

/* What went wrong in a block beside its status (the first thing found). */
typedef enum {
  XNN_PROBLEM_NONE,
  XNN_PROBLEM_REFERENCE,      /* an output element differs from the reference */
  XNN_PROBLEM_NONDETERMINISTIC, /* a second run of the same op gave other bits */
  XNN_PROBLEM_STRIDE_GAP,     /* an element between rows (stride padding) was written */
  XNN_PROBLEM_CANARY,         /* the slack next to a buffer's guard page was written */
} xnn_problem;

typedef struct {
  int called;                 /* the library function ran (0: skipped, no usable op) */
  int status;                 /* its enum xnn_status */
  xnn_problem problem;
  int output;                 /* the output the problem is in (1: argmax pooling's indices) */
  size_t index;               /* the output element the problem is at */
  uint32_t expected, got;     /* its bits (reference or first run, and this run) */
  /* A known finding the block reaches (xnn_op_known_failure): the failing call is not made
   * unless MLF_REPORT_KNOWN=1. */
  const char *known;
} xnn_block_outcome;

typedef struct {
  unsigned long allocations, fail_at; /* fail_at 0: never */
  int failed;                          /* the scheduled allocation failed */
  long live;                           /* blocks allocated and not freed */
} xnn_alloc;

typedef struct {
  int init_status;
  xnn_block_outcome block[MOCO_MAX_BLOCKS];
  moco_results results;
  xnn_alloc alloc;
  long live_after_teardown;   /* allocations still live after every op was deleted */
} xnn_outcome;

/* Runs p. o must be zeroed. */
void xnn_template_run(const Mlf__Moco__Program *p, xnn_outcome *o);
/* A plain clamp op on 4 channels created, set up, run and deleted with the default allocator:
 * 1 when every call succeeded. */
int xnn_template_still_usable(void);
#endif
