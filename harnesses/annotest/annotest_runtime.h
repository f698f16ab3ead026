/* What the generated glue (annotest-gen) calls: folding of the fuzzer's raw choices into the
 * annotated ranges (valid by construction: any raw value maps to a valid one, and a valid one
 * maps to itself), the per-input arena, rejection counting, the timed library call and the
 * findings of a call. One at_slot per variable holds what was built, so the tests can check
 * it independently of the glue. */
#ifndef ANNOTEST_RUNTIME_H
#define ANNOTEST_RUNTIME_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "mlf_report.h"

/* Flags of at_fold_real. */
#define AT_EXCLUDE_MIN 1u
#define AT_EXCLUDE_MAX 2u
#define AT_ALLOW_NAN 4u
#define AT_ALLOW_INF 8u

typedef struct at_slot {
  int64_t i;          /* ints, bools, flags (mask), integer constants and alternatives */
  double d;           /* floats, real constants and alternatives */
  int real;           /* anys: 1 when the alternative built d */
  int64_t pick;       /* froms: index of the value; anys: alternative */
  void *p;            /* lists, tuples, arrays, sparse, outs, dicts: the buffer; objs: the object */
  size_t count;       /* elements in p (sparse: nodes before the -1 terminator) */
  size_t rank, dims[2], ld, stride; /* arrays */
  struct at_slot *sub; /* tuples items, dicts fields, objs: the generator's variables */
  size_t nsub;
} at_slot;

typedef struct {
  const char *name;
  unsigned long calls, rejected, failed; /* built, refused (any reason), raised */
  unsigned long required; /* of the refused: by a @require (the function's or a generator's) */
} at_function_stats;

/* Says whose bug a documented error code on an annotated-valid input probably is. */
typedef const char *(*at_blame_fn)(long long status);

typedef struct at_ctx {
  mlf_run *run;
  const char *target, *library;
  at_blame_fn blame;
  at_function_stats *stats; /* the function being run */
  const char *reject_reason;
  struct at_block *blocks;  /* freed by at_release */
  /* Set by a target whose library is (partly) uninstrumented: at_alloc's storage then ends
   * flush against a guard page (mlf_guard.h), so an out-of-bounds write there faults at once
   * instead of corrupting the heap unseen by ASan. */
  int guard_pages;
} at_ctx;

void at_ctx_init(at_ctx *ctx, mlf_run *run, const char *target, const char *library, at_blame_fn blame);
/* Frees everything the input allocated, objects first (newest first). */
void at_release(at_ctx *ctx);

/* The finite ends of a real range after exclusions (infinite ends become +-DBL_MAX). */
void at_finite_ends(double lo, double hi, unsigned flags, double *lo_e, double *hi_e);

/* annotest_fold.c. lo + (raw - lo) mod (hi - lo + 1); raw itself when lo <= raw <= hi.
 * Requires lo <= hi. */
int64_t at_fold_int(int64_t raw, int64_t lo, int64_t hi);
/* A real in [lo, hi] (ends excluded by flag); raw itself when it is in range; NaN and
 * infinities only where allowed. Requires a non-empty range. */
double at_fold_real(double raw, double lo, double hi, unsigned flags);
/* 1 when the range holds a value (lo <= hi; not both ends excluded at one point). */
int at_real_range_ok(double lo, double hi, unsigned flags);
/* Element k of a buffer: raw[k] folded when the message gives it, else drawn from seed. */
int64_t at_element_int(const int64_t *raw, size_t nraw, uint64_t seed, size_t k, int64_t lo, int64_t hi);
double at_element_real(const double *raw, size_t nraw, uint64_t seed, size_t k, double lo, double hi, unsigned flags);

/* Zeroed storage for count elements of size (at least one byte), freed by at_release; with
 * ctx->guard_pages it ends at a guard page (aligned to size). */
void *at_alloc(at_ctx *ctx, size_t count, size_t size);
at_slot *at_slots(at_ctx *ctx, size_t n);
/* Hands an object to the arena: free_fn(object) runs at at_release. */
void at_own(at_ctx *ctx, void *object, void (*free_fn)(void *));

/* Records a rejection of the current function (@require false, empty range, generator NULL). */
void at_reject(at_ctx *ctx, const char *reason);
/* Around the library call: mlf_capture_begin/end and the @timeout alarm (0 = none). */
void at_call_begin(at_ctx *ctx, double timeout_seconds);
void at_call_end(at_ctx *ctx);
/* An @ensure that failed after a call on an input valid by the annotations. */
void at_ensure_failed(at_ctx *ctx, const char *condition, long long status);
/* A finding of a @check oracle: tag mlf:<target>:<library>:<function>:<kind>. */
void at_property_failed(at_ctx *ctx, const char *kind, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* An input a @known library bug covers: raises the finding <kind> (registered in the family's
 * known findings) and returns whether to make the call anyway (MLF_REPORT_KNOWN=1). */
int at_known(at_ctx *ctx, const char *kind, const char *condition);
/* Prints calls and rejection rates per function to out. */
void at_stats_print(const at_function_stats *stats, size_t n, FILE *out);

/* annotest_stats.c: reporting a target's per-function counts (stats, n of them) while it runs.
 * MLF_ANNOTEST_STATS=1 prints them at exit; MLF_ANNOTEST_STATS_DIR=dir keeps
 * dir/annotest-stats.<pid>.tsv ("function calls rejected required findings" per line) current, rewritten
 * at most once a second by at_stats_checkpoint, after a finding and at exit, so a process that
 * dies (a crash, timeout(1)) loses at most its last second. scripts/annotest-stats.sh sums
 * the files of a run. */
void at_stats_watch(const at_function_stats *stats, size_t n);
/* After each input; force (e.g. after a finding, which ends the process) writes now. */
void at_stats_checkpoint(int force);
#endif
