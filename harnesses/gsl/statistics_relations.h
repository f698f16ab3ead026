/* Metamorphic relations of the gsl_statistics target, run by oracles/mlf_metamorphic: each
 * transforms the problem, evaluates every GSL statistics function on the follow-up and says,
 * quantity by quantity, what the follow-up must return given the source's results: the same
 * bits (stride; scaling by a power of two; the calls a parameter does not reach), the same
 * value (negation, permutation of order statistics, documented identities such as
 * quantile(0) = min), or a value within the sum of both sides' proven bounds
 * (statistics_reference.h) plus the transformation's exactly accounted rounding. */
#ifndef STATISTICS_RELATIONS_H
#define STATISTICS_RELATIONS_H
#include <stdint.h>
#include "mlf_metamorphic.h"
#include "statistics_call.h"
#include "statistics_reference.h"

/* A relation input: the problem, the stride of its calls, and the message's parameters. */
typedef struct {
  statistics_problem p;
  size_t stride;       /* of this evaluation's calls (1: packed) */
  size_t test_stride;  /* the stride the stride relation uses (2 to 4) */
  double scale, shift; /* the message's relation parameters */
  int expect;          /* 1: the run also computes the expectations (bounding relations) */
  uint64_t mask;       /* the quantities to evaluate (STATISTICS_ALL for a source) */
  int is_source;       /* 1: the run keeps its outcome in the context (statistics_relation_ctx) */
} statistics_case;

typedef struct {
  statistics_values v;
  statistics_expected ex; /* computed when the case's expect is set */
} statistics_outcome;

/* What broke, per quantity, in one relation (or in the consistency identities). */
typedef struct {
  uint64_t failed; /* bit q: quantity q broke it */
  char kind[SQ_COUNT][40];
  char reason[SQ_COUNT][240];
} statistics_relation_log;

/* The kind to log for a failure of q on the data of p: for Sn and Qn on data holding an
 * infinity, kind with "-infinite-sample" appended (GSL's Qn counts with x - x = NaN there);
 * kind itself otherwise. Returns buf or kind. */
const char *statistics_kind_on(statistics_q q, const char *kind, const statistics_problem *p,
                               char *buf, size_t len);

/* Records a failure of quantity q (the first reason per quantity is kept). */
void statistics_log_failure(statistics_relation_log *log, statistics_q q, const char *kind,
                            const char *fmt, ...) __attribute__((format(printf, 4, 5)));

enum {
  STATISTICS_RELATION_STRIDE,
  STATISTICS_RELATION_SCALE,
  STATISTICS_RELATION_SCALE_WEIGHTS,
  STATISTICS_RELATION_NEGATE,
  STATISTICS_RELATION_PERMUTE,
  STATISTICS_RELATION_SHIFT,
  STATISTICS_RELATION_DUPLICATE,
  STATISTICS_RELATION_EQUAL_WEIGHTS,
  STATISTICS_RELATION_DROP_ZERO_WEIGHTS,
  STATISTICS_RELATION_FRACTION_ZERO,
  STATISTICS_RELATION_FRACTION_HALF,
  STATISTICS_RELATION_FRACTION_ONE,
  STATISTICS_RELATION_COUNT
};

/* The context every relation of the table runs with: one log per relation, and the source's
 * outcome (the runner evaluates the source once; the reference checks read it here). */
typedef struct {
  statistics_relation_log log[STATISTICS_RELATION_COUNT];
  statistics_outcome source;
} statistics_relation_ctx;

/* Input statistics_case, output statistics_outcome; relations in the order of the enum. */
extern const mlf_mr_table statistics_relation_table;

/* The run function for the table: evaluates the case (and its expectations if asked). */
int statistics_relation_run(const void *input, void *output, void *ctx);

/* --- for the relation files --- */
typedef enum { WANT_SKIP, WANT_BITS, WANT_VALUE, WANT_BOUND } statistics_want_mode;
typedef struct {
  statistics_want_mode mode;
  double value, bound;
  int overflow_possible;
} statistics_want;

typedef struct {
  const statistics_case *src_in, *fup_in;
  const statistics_outcome *src, *fup;
  const mlf_mr_params *params;
} statistics_view;

/* What the follow-up's quantity q must be. */
typedef statistics_want (*statistics_want_fn)(statistics_q q, const statistics_view *v);

/* Compares every quantity of the follow-up with want, logs failures into log; the follow-up
 * must also report no GSL error (its data are valid) and, for select and median, keep the
 * gaps between elements and permute the data. Returns the first failure's kind. */
mlf_cmp_kind statistics_check_relation(const mlf_mr_pair *pair, statistics_want_fn want,
                                       statistics_relation_log *log, char *reason, size_t len);

statistics_want statistics_want_bits(double v);
statistics_want statistics_want_value(double v);
/* Within the sum of the two bounds of q (the source's scaled by |factor|), around want; skip
 * when either side has no expectation or the source already misses its own (that is the
 * reference's finding, not the relation's). */
statistics_want statistics_want_bounded(statistics_q q, const statistics_view *v, double want,
                                        long double factor, long double extra);
/* 0 for a result outside 2^-1000..2^1000 (it may have under- or overflowed on one side of
 * an exact scaling: the scaling relations compare source, want and follow-up only inside);
 * 1 for zero, non-finite and other values. */
int statistics_normal_result(double v);
/* 1 when tss, a (w)tss of p about mean, is infinite or 0 from a finite nonzero long-double sum,
 * its rounding to double over- or underflowing (statistics_problem_wtss_terms): the sum scaled
 * by a relation may be representable, so a scaled result is no scaling of that inf or 0. */
int statistics_tss_rounded_out(double tss, const statistics_problem *p, double mean);
/* statistics_tss_rounded_out for the source's wtss (wtss_m); 0 for other quantities. */
int statistics_wtss_rounded_out(const statistics_view *v, statistics_q q);
/* A deep copy of a case into zeroed follow-up storage. */
void statistics_case_copy(const statistics_case *src, statistics_case *dst);

/* Each relation's transformation and wants (statistics_relations_data.c: data transformed;
 * statistics_relations_calls.c: stride, weights and parameters changed). */
#define STATISTICS_RELATION_FUNCTIONS(name)                                                  \
  int statistics_transform_##name(const void *source, void *followup, mlf_mr_params *params, \
                                  mlf_rng *rng, void *ctx);                                  \
  statistics_want statistics_want_##name(statistics_q q, const statistics_view *v);
STATISTICS_RELATION_FUNCTIONS(stride)
STATISTICS_RELATION_FUNCTIONS(scale)
STATISTICS_RELATION_FUNCTIONS(scale_weights)
STATISTICS_RELATION_FUNCTIONS(negate)
STATISTICS_RELATION_FUNCTIONS(permute)
STATISTICS_RELATION_FUNCTIONS(shift)
STATISTICS_RELATION_FUNCTIONS(duplicate)
STATISTICS_RELATION_FUNCTIONS(equal_weights)
STATISTICS_RELATION_FUNCTIONS(drop_zero_weights)
STATISTICS_RELATION_FUNCTIONS(fraction_zero)
STATISTICS_RELATION_FUNCTIONS(fraction_half)
STATISTICS_RELATION_FUNCTIONS(fraction_one)
#undef STATISTICS_RELATION_FUNCTIONS
#endif
