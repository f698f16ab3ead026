/* Tests of the exponent-targeted mutators (mutators/common/mlf_exponent_*.c): drawn values
 * reach every threshold window of float and double and the subnormal ranges, stay finite and
 * representable in their storage; pairs have a product or quotient next to a threshold, and
 * some pairs overflow or underflow double and float when multiplied; through the generic
 * mutator, both operations run at a modest share of the mutations of a GemmCase seed and
 * change exactly the scalars they claim. The window check is itself checked on a draw with
 * one threshold filtered out, so a threshold missing from the tables would fail. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "mlf_exponent_values.h"
#include "mlf_mutator_internal.h"
#include "mlf_scalar_slots.h"
#include "mlf_test_seeds.h"

#define DRAWS 20000
#define MAX_THRESHOLDS 16

/* Binary exponent of a * b (quotient: a / b) computed exactly from the operands, so that a
 * product beyond the double range still has one. */
static int combined_exponent(double a, double b, int quotient) {
  int ea, eb;
  double ma = frexp(a, &ea), mb = frexp(b, &eb); /* |m| in [0.5, 1) */
  int e;
  double m = quotient ? fabs(ma / mb) : fabs(ma * mb);
  frexp(m, &e);
  return (quotient ? ea - eb : ea + eb) + e - 1;
}

static int near(int e, int threshold) { return abs(e - threshold) <= MLF_THRESHOLD_REACH; }

/* Which thresholds of l the exponents in e[0..n) reach; returns the index of the first
 * threshold none reaches, or -1 when all are reached. */
static int first_missed(const mlf_real_limits *l, const int *e, size_t n) {
  for (size_t t = 0; t < l->n_thresholds; t++) {
    size_t k = 0;
    while (k < n && !near(e[k], l->thresholds[t].exponent)) k++;
    if (k == n) return (int)t;
  }
  return -1;
}

static int exps[DRAWS];

static void check_single(const mlf_real_limits *target, const mlf_real_limits *storage) {
  mlf_rng rng;
  mlf_rng_seed(&rng, 11);
  size_t subnormal = 0;
  for (size_t i = 0; i < DRAWS; i++) {
    double v = mlf_threshold_value(&rng, target, storage);
    assert_true(isfinite(v) && v != 0);
    if (storage == &mlf_float_limits) assert_true((double)(float)v == v);
    exps[i] = ilogb(v);
    if (exps[i] < target->emin) subnormal++;
  }
  int missed = first_missed(target, exps, DRAWS);
  if (missed >= 0)
    fail_msg("%s in %s: no value near %s (2^%d)", target->name, storage->name,
             target->thresholds[missed].name, target->thresholds[missed].exponent);
  assert_true(subnormal > DRAWS / 20);
}

static void test_single_values(void **state) {
  (void)state;
  check_single(&mlf_double_limits, &mlf_double_limits);
  check_single(&mlf_float_limits, &mlf_double_limits);
  check_single(&mlf_float_limits, &mlf_float_limits);
}

/* The window check fails when one threshold's values are filtered out of a draw. */
static void test_window_check_can_fail(void **state) {
  (void)state;
  mlf_rng rng;
  mlf_rng_seed(&rng, 12);
  const mlf_threshold *dropped = &mlf_double_limits.thresholds[2];
  size_t n = 0;
  for (size_t i = 0; i < DRAWS; i++) {
    int e = ilogb(mlf_threshold_value(&rng, &mlf_double_limits, &mlf_double_limits));
    if (!near(e, dropped->exponent)) exps[n++] = e;
  }
  assert_int_equal(first_missed(&mlf_double_limits, exps, n), 2);
}

static void check_pairs(const mlf_real_limits *l) {
  mlf_rng rng;
  mlf_rng_seed(&rng, 13);
  size_t n = 0, overflow = 0, underflow = 0;
  for (size_t i = 0; i < DRAWS; i++) {
    double a, b;
    if (!mlf_threshold_pair(&rng, l, &a, &b)) continue;
    assert_true(isfinite(a) && isfinite(b) && a != 0 && b != 0);
    if (l == &mlf_float_limits) assert_true((double)(float)a == a && (double)(float)b == b);
    int ep = combined_exponent(a, b, 0), eq = combined_exponent(a, b, 1);
    /* the one of product and quotient that was aimed is next to a threshold */
    size_t t = 0;
    while (t < l->n_thresholds && !near(ep, l->thresholds[t].exponent) &&
           !near(eq, l->thresholds[t].exponent))
      t++;
    if (t == l->n_thresholds) fail_msg("%s pair %a, %a near no threshold", l->name, a, b);
    exps[n++] = near(ep, l->thresholds[t].exponent) ? ep : eq;
    if (l == &mlf_double_limits) {
      overflow += isinf(a * b) || isinf(a / b);
      underflow += fabs(a * b) < DBL_MIN || fabs(a / b) < DBL_MIN;
    } else {
      float fa = (float)a, fb = (float)b;
      overflow += isinf(fa * fb) || isinf(fa / fb);
      underflow += fabsf(fa * fb) < FLT_MIN || fabsf(fa / fb) < FLT_MIN;
    }
  }
  assert_true(n > DRAWS / 2);
  int missed = first_missed(l, exps, n);
  if (missed >= 0) fail_msg("%s: no pair near %s", l->name, l->thresholds[missed].name);
  assert_true(overflow > n / 50);
  assert_true(underflow > n / 50);
}

static void test_pairs(void **state) {
  (void)state;
  check_pairs(&mlf_double_limits);
  check_pairs(&mlf_float_limits);
}

/* ---- through the generic mutator, on the realistic GemmCase seed ---- */
#define MUTATIONS 20000
#define MAX_SCALARS 64

typedef struct {
  size_t n;
  struct {
    char path[96];
    double value;
    int special;
  } s[MAX_SCALARS];
} scalar_list;

static void note_scalar(const mlf_scalar_slot *slot, void *ctx) {
  scalar_list *l = ctx;
  assert_true(l->n < MAX_SCALARS);
  snprintf(l->s[l->n].path, sizeof l->s[l->n].path, "%s", slot->path);
  l->s[l->n].value = mlf_scalar_get(slot, &l->s[l->n].special);
  l->n++;
}

/* The values of `after` that `before` does not hold (as a multiset), into changed[]. */
static size_t new_values(const scalar_list *before, const scalar_list *after, double *changed) {
  int used[MAX_SCALARS] = {0};
  size_t n = 0;
  for (size_t i = 0; i < after->n; i++) {
    size_t k = 0;
    while (k < before->n && (used[k] || strcmp(before->s[k].path, after->s[i].path) ||
                             before->s[k].special != after->s[i].special ||
                             memcmp(&before->s[k].value, &after->s[i].value, sizeof(double))))
      k++;
    if (k < before->n) used[k] = 1;
    else changed[n++] = after->s[i].value;
  }
  return n;
}

/* 1 when exponent e is next to a threshold of float or double, or inside a subnormal range. */
static int targeted(int e) {
  const mlf_real_limits *formats[] = {&mlf_float_limits, &mlf_double_limits};
  for (size_t f = 0; f < 2; f++) {
    if (e >= formats[f]->emin_sub && e < formats[f]->emin) return 1;
    for (size_t t = 0; t < formats[f]->n_thresholds; t++)
      if (near(e, formats[f]->thresholds[t].exponent)) return 1;
  }
  return 0;
}

static void test_through_mutator(void **state) {
  (void)state;
  uint8_t seed[4096];
  size_t seed_size = mlf_seed_gemm(seed);
  mlf_mutator *m = mlf_mutator_new(&mlf__blas__gemm_case__descriptor, 21, NULL);
  size_t singles = 0, pairs = 0;
  for (size_t i = 0; i < MUTATIONS; i++) {
    ProtobufCMessage *msg = mlf_parse(&mlf__blas__gemm_case__descriptor, seed, seed_size);
    static scalar_list before, after;
    before.n = after.n = 0;
    mlf_scalar_walk(msg, 0, 1, note_scalar, &before);
    mlf_mutate_message(m, msg, 2048);
    const char *op = mlf_mutator_last_op(m);
    int single = strcmp(op, "exponent:threshold") == 0, pair = strcmp(op, "exponent:pair") == 0;
    if (single || pair) {
      double changed[MAX_SCALARS];
      mlf_scalar_walk(msg, 0, 1, note_scalar, &after);
      size_t n = new_values(&before, &after, changed);
      if (single) {
        assert_int_equal(n, 1);
        if (!targeted(ilogb(changed[0]))) fail_msg("threshold value %a is off target", changed[0]);
        singles++;
      } else {
        assert_int_equal(n, 2);
        int ep = combined_exponent(changed[0], changed[1], 0);
        int eq = combined_exponent(changed[0], changed[1], 1);
        int eq2 = combined_exponent(changed[1], changed[0], 1);
        if (!targeted(ep) && !targeted(eq) && !targeted(eq2))
          fail_msg("pair %a, %a: product and quotients off target", changed[0], changed[1]);
        pairs++;
      }
    }
    protobuf_c_message_free_unpacked(msg, NULL);
  }
  mlf_mutator_free(m);
  print_message("exponent:threshold %.2f%%, exponent:pair %.2f%% of %d mutations\n",
                100.0 * (double)singles / MUTATIONS, 100.0 * (double)pairs / MUTATIONS, MUTATIONS);
  /* a modest share each: present, and not crowding out the other mutations */
  assert_true(singles > MUTATIONS / 200 && singles < MUTATIONS / 12);
  assert_true(pairs > MUTATIONS / 400 && pairs < MUTATIONS / 20);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_single_values),
      cmocka_unit_test(test_window_check_can_fail),
      cmocka_unit_test(test_pairs),
      cmocka_unit_test(test_through_mutator),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
