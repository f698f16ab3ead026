/* Unit tests of mlf_metamorphic on a toy system under test, the sum of a series (a
 * heap-owning input type): relations that hold, a violation caught with its numbers, "not
 * applicable", failed runs, and the table iteration. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlf_metamorphic.h"

typedef struct {
  size_t n;
  double *x;
} series;

typedef struct {
  double sum;
  double abs_sum; /* sum of |x_i|, for the rounding bound */
} sum_out;

typedef struct {
  int drop_last; /* injected bug: ignores the last element when n > 2 */
  int runs;
} sut;

static int run_sum(const void *input, void *output, void *ctx) {
  const series *s = input;
  sum_out *o = output;
  sut *c = ctx;
  c->runs++;
  if (s->n == 0) return 7; /* rejects empty series */
  size_t n = c->drop_last && s->n > 2 ? s->n - 1 : s->n;
  for (size_t i = 0; i < n; i++) {
    o->sum += s->x[i];
    o->abs_sum += fabs(s->x[i]);
  }
  return 0;
}

static void release_series(void *obj, void *ctx) {
  (void)ctx;
  free(((series *)obj)->x);
}

static int copy_series(const series *src, series *dst, size_t n) {
  dst->x = calloc(n ? n : 1, sizeof *dst->x);
  if (!dst->x) return 0;
  dst->n = n;
  memcpy(dst->x, src->x, (src->n < n ? src->n : n) * sizeof *dst->x);
  return 1;
}

/* reverse: x reversed; sum' == sum; |sum' - sum| <= 2 gamma_{n-1} sum|x| */
static int reverse(const void *source, void *followup, mlf_mr_params *params, mlf_rng *rng,
                   void *ctx) {
  (void)params, (void)rng, (void)ctx;
  const series *s = source;
  series *f = followup;
  if (s->n < 2 || !copy_series(s, f, s->n)) return 0;
  for (size_t i = 0; i < s->n; i++) f->x[i] = s->x[s->n - 1 - i];
  return 1;
}

static mlf_cmp_kind same_sum(const mlf_mr_pair *p, void *ctx, char *reason, size_t len) {
  (void)ctx;
  const sum_out *a = p->source_output, *b = p->followup_output;
  size_t n = ((const series *)p->source_input)->n;
  double bound = 2 * mlf_gamma((double)n, MLF_U_DOUBLE) * a->abs_sum;
  mlf_cmp_kind k = mlf_close(b->sum, a->sum, bound, 0.0);
  if (k != MLF_CMP_OK)
    snprintf(reason, len, "sum %.17g became %.17g, bound %.3g", a->sum, b->sum, bound);
  return k;
}

/* append-zero: append 0.0; sum' == sum; exact */
static int append_zero(const void *source, void *followup, mlf_mr_params *params, mlf_rng *rng,
                       void *ctx) {
  (void)params, (void)rng, (void)ctx;
  const series *s = source;
  return copy_series(s, followup, s->n + 1); /* the new element is 0.0 */
}

static mlf_cmp_kind exact_sum(const mlf_mr_pair *p, void *ctx, char *reason, size_t len) {
  (void)ctx;
  const sum_out *a = p->source_output, *b = p->followup_output;
  if (a->sum == b->sum) return MLF_CMP_OK;
  snprintf(reason, len, "sum %.17g became %.17g", a->sum, b->sum);
  return MLF_CMP_VALUE;
}

/* scale-pow2: x * 2^k for a random k in [-4, 4]; sum' == 2^k sum; exact (no overflow) */
static int scale_pow2(const void *source, void *followup, mlf_mr_params *params, mlf_rng *rng,
                      void *ctx) {
  (void)ctx;
  const series *s = source;
  series *f = followup;
  if (!copy_series(s, f, s->n)) return 0;
  int k = (int)mlf_rng_below(rng, 9) - 4;
  params->v[0] = k;
  for (size_t i = 0; i < s->n; i++) f->x[i] = ldexp(s->x[i], k);
  return 1;
}

static mlf_cmp_kind scaled_sum(const mlf_mr_pair *p, void *ctx, char *reason, size_t len) {
  (void)ctx;
  const sum_out *a = p->source_output, *b = p->followup_output;
  double want = ldexp(a->sum, (int)p->params->v[0]);
  if (b->sum == want) return MLF_CMP_OK;
  snprintf(reason, len, "scaled sum %.17g, want %.17g", b->sum, want);
  return MLF_CMP_VALUE;
}

/* truncate: drop all elements; run must fail (never reaches the check) */
static int truncate_all(const void *source, void *followup, mlf_mr_params *params, mlf_rng *rng,
                        void *ctx) {
  (void)source, (void)params, (void)rng, (void)ctx;
  ((series *)followup)->n = 0;
  return 1;
}

/* a check that reports a mismatch without a reason */
static mlf_cmp_kind silent_nan(const mlf_mr_pair *p, void *ctx, char *reason, size_t len) {
  (void)p, (void)ctx, (void)reason, (void)len;
  return MLF_CMP_NAN;
}

static const mlf_relation relations[] = {
    {"reverse", "x reversed; sum' == sum; |sum' - sum| <= 2 gamma_n sum|x|", reverse, same_sum},
    {"append-zero", "append 0.0; sum' == sum; exact", append_zero, exact_sum},
    {"scale-pow2", "x * 2^k, k in [-4,4]; sum' == 2^k sum; exact", scale_pow2, scaled_sum},
    {"truncate", "empty series; run fails; -", truncate_all, exact_sum},
};

static const mlf_mr_table table = {
    "toy_sum", {sizeof(series), release_series}, {sizeof(sum_out), NULL}, relations, 4};

static double xs[] = {1e16, 1.0, -1e16, 3.0, 0.5};
static const series five = {5, xs};

static void test_relations_hold(void **state) {
  (void)state;
  sut c = {0, 0};
  mlf_rng rng;
  mlf_rng_seed(&rng, 1);
  mlf_mr_result res[4];
  assert_int_equal(mlf_mr_apply_all(&table, &five, run_sum, &c, &rng, res), 0);
  assert_int_equal(c.runs, 5); /* the source once, then each follow-up */
  for (int i = 0; i < 3; i++) {
    assert_ptr_equal(res[i].relation, &relations[i]);
    assert_int_equal(res[i].verdict, MLF_MR_HOLDS);
    assert_int_equal(res[i].kind, MLF_CMP_OK);
    assert_string_equal(res[i].reason, "");
  }
  assert_int_equal(res[3].verdict, MLF_MR_RUN_FAILED);
  assert_int_equal(res[3].run_status, 7);
  assert_string_equal(res[3].reason, "follow-up run failed with status 7");
  assert_string_equal(mlf_mr_verdict_name(res[3].verdict), "run-failed");
}

static void test_violation_reports_numbers(void **state) {
  (void)state;
  sut c = {1, 0};
  mlf_rng rng;
  mlf_rng_seed(&rng, 2);
  mlf_mr_result r;
  mlf_mr_apply(&table, &relations[0], &five, run_sum, &c, &rng, &r);
  assert_int_equal(c.runs, 2);
  assert_int_equal(r.verdict, MLF_MR_VIOLATED);
  assert_int_equal(r.kind, MLF_CMP_VALUE);
  assert_string_equal(mlf_mr_verdict_name(r.verdict), "violated");
  /* drop_last loses 0.5 from the source and 1e16 from the reversed follow-up */
  assert_string_equal(r.reason, "sum 3 became -9999999999999996, bound 22.2");
}

static void test_not_applicable_and_source_failure(void **state) {
  (void)state;
  sut c = {0, 0};
  mlf_rng rng;
  mlf_rng_seed(&rng, 3);
  mlf_mr_result r;
  double one = 2.0;
  series single = {1, &one};
  mlf_mr_apply(&table, &relations[0], &single, run_sum, &c, &rng, &r);
  assert_int_equal(r.verdict, MLF_MR_NOT_APPLICABLE);
  assert_string_equal(mlf_mr_verdict_name(r.verdict), "not-applicable");
  assert_int_equal(c.runs, 1);
  series empty = {0, NULL};
  mlf_mr_result all[4];
  assert_int_equal(mlf_mr_apply_all(&table, &empty, run_sum, &c, &rng, all), 0);
  for (int i = 0; i < 4; i++) {
    assert_int_equal(all[i].verdict, MLF_MR_RUN_FAILED);
    assert_string_equal(all[i].reason, "source run failed with status 7");
  }
}

static void test_missing_reason_is_filled(void **state) {
  (void)state;
  static const mlf_relation silent = {"silent", "append 0.0; -; -", append_zero, silent_nan};
  sut c = {0, 0};
  mlf_rng rng;
  mlf_rng_seed(&rng, 4);
  mlf_mr_result r;
  mlf_mr_apply(&table, &silent, &five, run_sum, &c, &rng, &r);
  assert_int_equal(r.verdict, MLF_MR_VIOLATED);
  assert_int_equal(r.kind, MLF_CMP_NAN);
  assert_string_equal(r.reason, "nan-mismatch (no reason given)");
  assert_string_equal(mlf_mr_verdict_name(MLF_MR_HOLDS), "holds");
}

static void test_deterministic_with_seed(void **state) {
  (void)state;
  sut c = {0, 0};
  mlf_rng a, b;
  mlf_rng_seed(&a, 42);
  mlf_rng_seed(&b, 42);
  mlf_mr_result ra, rb;
  mlf_mr_apply(&table, &relations[2], &five, run_sum, &c, &a, &ra);
  mlf_mr_apply(&table, &relations[2], &five, run_sum, &c, &b, &rb);
  assert_int_equal(ra.verdict, MLF_MR_HOLDS);
  assert_memory_equal(&ra.params, &rb.params, sizeof ra.params); /* the same draws */
  assert_memory_equal(&a, &b, sizeof a);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_relations_hold),
      cmocka_unit_test(test_violation_reports_numbers),
      cmocka_unit_test(test_not_applicable_and_source_failure),
      cmocka_unit_test(test_missing_reason_is_filled),
      cmocka_unit_test(test_deterministic_with_seed),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
