/* False-alarm mode (MLF_NO_SPECIALS=1, set before anything reads it) and the exponent
 * mutators: neither applies, so no mutation is named exponent:*, and every explicit value
 * of a mutated GemmCase seed stays plain (zero or between 2^-20 and 2^20 in magnitude). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "mlf_mutator_internal.h"
#include "mlf_scalar_slots.h"
#include "mlf_test_seeds.h"

#define MUTATIONS 20000

static void expect_plain(const mlf_scalar_slot *slot, void *ctx) {
  (void)ctx;
  int special;
  double v = fabs(mlf_scalar_get(slot, &special));
  if (special < 0 && slot->kind == MLF_SCALAR_NUMBER && v != 0 && (v < 0x1p-20 || v > 0x1p20))
    fail_msg("%s = %a is not plain", slot->path, v);
}

static void test_exponent_mutators_stay_off(void **state) {
  (void)state;
  mlf_rng rng;
  mlf_rng_seed(&rng, 3);
  uint8_t seed[4096];
  size_t seed_size = mlf_seed_gemm(seed);
  for (size_t i = 0; i < mlf_domain_count(); i++) {
    const mlf_domain_entry *e = mlf_domain_get(i);
    if (strncmp(e->name, "exponent:", 9)) continue;
    ProtobufCMessage *msg = mlf_parse(&mlf__blas__gemm_case__descriptor, seed, seed_size);
    assert_int_equal(e->fn(msg, &rng), 0);
    protobuf_c_message_free_unpacked(msg, NULL);
  }
  mlf_mutator *m = mlf_mutator_new(&mlf__blas__gemm_case__descriptor, 4, NULL);
  ProtobufCMessage *msg = mlf_parse(&mlf__blas__gemm_case__descriptor, seed, seed_size);
  for (size_t i = 0; i < MUTATIONS; i++) {
    mlf_mutate_message(m, msg, 2048);
    assert_int_not_equal(strncmp(mlf_mutator_last_op(m), "exponent:", 9), 0);
    mlf_scalar_walk(msg, 0, 1, expect_plain, NULL);
  }
  protobuf_c_message_free_unpacked(msg, NULL);
  mlf_mutator_free(m);
}

int main(void) {
  setenv("MLF_NO_SPECIALS", "1", 1);
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_exponent_mutators_stay_off)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
