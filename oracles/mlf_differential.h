/* Differential executor: compares the results of one operation on N backends pairwise,
 * names the odd one out by majority vote, and builds stable finding tags. */
#ifndef MLF_DIFFERENTIAL_H
#define MLF_DIFFERENTIAL_H
#include <stddef.h>
#include "mlf_numeric.h"

#define MLF_MAX_BACKENDS 16

typedef enum { MLF_RESULT_OK, MLF_RESULT_UNSUPPORTED, MLF_RESULT_ERROR } mlf_result_status;

typedef struct {
  const char *backend;       /* short name, e.g. "openblas" */
  mlf_result_status status;  /* only OK results are compared */
  const void *data;          /* backend-specific result, handed to the agree function */
} mlf_result;

/* MLF_CMP_OK when the two results agree, else the kind of disagreement. */
typedef mlf_cmp_kind (*mlf_agree_fn)(const void *a, const void *b, void *ctx);

typedef struct {
  size_t n;
  int pair[MLF_MAX_BACKENDS][MLF_MAX_BACKENDS]; /* mlf_cmp_kind, -1 when not compared */
  int odd_one;   /* index named by majority vote, -1 when none or no majority */
  int all_agree; /* 1 when no compared pair disagrees (also when fewer than 2 were compared) */
} mlf_diff_outcome;

/* Compares every pair of OK results (n <= MLF_MAX_BACKENDS; UNSUPPORTED and ERROR results are
 * never compared). agree(r[i].data, r[j].data) is called once per pair with i < j and the
 * verdict is stored in both pair[i][j] and pair[j][i]; the diagonal stays -1.
 *
 * Majority vote: backend i is the odd one out when at least 3 results were compared, i
 * disagrees with every other compared backend, and all those others (at least 2) agree with
 * each other pairwise. Otherwise (2 backends, a 2-2 tie, several disagreeing, or a
 * non-transitive chain such as a~b, b~c, a!~c) no odd one is named and odd_one is -1. */
void mlf_diff_compare(const mlf_result *r, size_t n, mlf_agree_fn agree, void *ctx,
                      mlf_diff_outcome *out);

struct mlf_run;
/* Logs to run one line "disagree: A vs B (kind)" per compared pair of r that disagrees. */
void mlf_diff_log_disagreements(struct mlf_run *run, const mlf_result *r, size_t n,
                                const mlf_diff_outcome *d);

/* A character of a tag part: lowercased, '_' when outside [a-z0-9_.-]. */
char mlf_tag_char(char c);
/* Writes "mlf:<target>:<backend>:<op>:<kind>"; each part is lowercased and every character
 * outside [a-z0-9_.-] becomes '_' (a NULL part is empty). Truncates to fit, always
 * NUL-terminates when len > 0, and returns the number of characters written. */
size_t mlf_finding_tag(char *buf, size_t len, const char *target, const char *backend,
                       const char *op, const char *kind);
#endif
