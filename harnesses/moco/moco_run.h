/* What every MoCo harness does with a program besides calling its library: resolves a block's
 * arguments (literals, or the results of earlier blocks it references), records what each
 * block returned, prints the program as a person reads it (template, blocks in order with
 * their results, the derivation step that made it) and feeds the equivalence classes of its
 * arguments back to the engine. */
#ifndef MOCO_RUN_H
#define MOCO_RUN_H
#include "mlf_report.h"
#include "moco_spec.h"

/* What one block returned. */
typedef struct {
  int reached;         /* the block ran (0: an earlier block stopped the program) */
  int has_number;      /* it returned a number later blocks may reference */
  double number;
  void *handle;        /* the handle it created, or NULL */
  char note[96];       /* its outcome as a person reads it: "ok", "FANN_E_CANT_OPEN_CONFIG_R"... */
} moco_result;

typedef struct {
  moco_result block[MOCO_MAX_BLOCKS];
} moco_results;

/* Argument i of block k as a number: the literal, or the number the block it references
 * returned (0 when that block returned none). */
double moco_arg_number(const Mlf__Moco__Block *k, unsigned i, const moco_results *r);
/* Argument i of block k as text ("" when it is not text). */
const char *moco_arg_text(const Mlf__Moco__Block *k, unsigned i);
/* The handle argument i of block k references (NULL when that block created none). */
void *moco_arg_handle(const Mlf__Moco__Block *k, unsigned i, const moco_results *r);
/* Records block b's outcome; note is a printf format. */
void moco_note(moco_results *r, size_t b, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* The call a program's last derivation step made negative (the block's api string), or NULL
 * for a positive program. */
const char *moco_negative_call(const Mlf__Moco__Program *p);

/* Logs the program: its template and data seed, one line per block with its arguments and
 * result (r may be NULL), and the last derivation step (the change a finding is localized to). */
void moco_log_program(mlf_run *run, const moco_spec *spec, const Mlf__Moco__Program *p,
                      const moco_results *r);

/* Semantic feedback: per block API, whether it is the negative call and the outcome (a small
 * number the harness chooses: 0 clean, 1 warned, 2 refused...); per API parameter, the
 * equivalence class of its argument (at the lower or upper boundary, inside, past one, a
 * reference) and the outcome; per allocation-failure schedule, the outcome. */
void moco_feedback(const moco_spec *spec, const Mlf__Moco__Program *p, uint32_t outcome);
#endif
