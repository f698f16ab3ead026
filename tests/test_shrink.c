/* Tests of the minimisation steps (mlf_shrink_step) on AllTypes, which has every field kind
 * and no post-processor: every step leaves a valid encoding and the enumeration ends; greedy
 * minimisation (a step kept when it comes first in mlf_shrink_compare's order and a predicate
 * holds, as --minimize does) reaches the least message when the predicate always
 * holds, keeps one element of a repeated field, cuts a real to a short decimal, halves an
 * integer down to the bound a predicate sets, and cuts a string after what the predicate needs. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "mlf_check.h"
#include "mlf_mutator.h"
#include "mlf_test_seeds.h"

#define BUF_SIZE 4096
typedef int (*predicate)(const Mlf__Test__AllTypes *msg);

/* Greedy minimisation of data[0..*size) in place, as mlf_minimize.c drives the steps. */
static void minimise(uint8_t *data, size_t *size, predicate holds) {
  const ProtobufCMessageDescriptor *type = &mlf__test__all_types__descriptor;
  ProtobufCMessage *best = mlf_parse(type, data, *size);
  char *best_text = mlf_text_string(best);
  protobuf_c_message_free_unpacked(best, NULL);
  for (int progress = 1; progress;) {
    progress = 0;
    for (size_t idx = 0;;) {
      ProtobufCMessage *msg = mlf_parse(type, data, *size);
      assert_non_null(msg);
      if (!mlf_shrink_step(msg, idx)) {
        protobuf_c_message_free_unpacked(msg, NULL);
        break;
      }
      size_t n = protobuf_c_message_get_packed_size(msg);
      char *text = mlf_text_string(msg);
      assert_true(n <= BUF_SIZE);
      uint8_t packed[BUF_SIZE];
      protobuf_c_message_pack(msg, packed);
      const char *err = mlf_check_encoding(type, packed, n, 64);
      if (err) fail_msg("step %zu: %s", idx, err);
      if (mlf_shrink_compare(n, text, *size, best_text) < 0 && holds((const Mlf__Test__AllTypes *)msg)) {
        memcpy(data, packed, n);
        *size = n, progress = 1;
        free(best_text);
        best_text = text;
      } else {
        free(text);
        idx++;
      }
      protobuf_c_message_free_unpacked(msg, NULL);
    }
  }
  free(best_text);
}

static Mlf__Test__AllTypes *minimised(uint8_t *data, size_t *size, predicate holds) {
  *size = mlf_seed_alltypes(data);
  minimise(data, size, holds);
  return (Mlf__Test__AllTypes *)mlf_parse(&mlf__test__all_types__descriptor, data, *size);
}

static int always(const Mlf__Test__AllTypes *m) { return (void)m, 1; }

static void test_least_message(void **state) {
  (void)state;
  uint8_t data[BUF_SIZE];
  size_t size;
  Mlf__Test__AllTypes *m = minimised(data, &size, always);
  /* only the required field is left, at 0: a two-byte tag (field 18) and one value byte */
  assert_int_equal(size, 3);
  char *text = mlf_text_string(&m->base);
  assert_string_equal(text, "r_int32: 0\n");
  free(text);
  protobuf_c_message_free_unpacked(&m->base, NULL);
}

static int big_double(const Mlf__Test__AllTypes *m) {
  for (size_t i = 0; i < m->n_r_doubles; i++)
    if (m->r_doubles[i] > 100) return 1;
  return 0;
}

static void test_one_element_short_decimal(void **state) {
  (void)state;
  uint8_t data[BUF_SIZE];
  size_t size = mlf_seed_alltypes(data);
  Mlf__Test__AllTypes *seed = (Mlf__Test__AllTypes *)mlf_parse(&mlf__test__all_types__descriptor, data, size);
  seed->n_r_doubles = 3;
  seed->r_doubles[0] = 1.5, seed->r_doubles[1] = 12345.678, seed->r_doubles[2] = -7;
  size = protobuf_c_message_pack(&seed->base, data);
  protobuf_c_message_free_unpacked(&seed->base, NULL);
  minimise(data, &size, big_double);
  Mlf__Test__AllTypes *m = (Mlf__Test__AllTypes *)mlf_parse(&mlf__test__all_types__descriptor, data, size);
  assert_int_equal(m->n_r_doubles, 1);
  assert_true(m->r_doubles[0] == 10000); /* 12345.678, 12345, then one significant digit */
  protobuf_c_message_free_unpacked(&m->base, NULL);
}

static int int_at_least_1000(const Mlf__Test__AllTypes *m) { return m->has_f_int64 && m->f_int64 >= 1000; }

static void test_integer_to_bound(void **state) {
  (void)state;
  uint8_t data[BUF_SIZE];
  size_t size;
  Mlf__Test__AllTypes *m = minimised(data, &size, int_at_least_1000);
  assert_int_equal(m->f_int64, 1000); /* halving the distance, then single steps */
  protobuf_c_message_free_unpacked(&m->base, NULL);
}

static int has_e(const Mlf__Test__AllTypes *m) {
  return m->f_string && m->f_string != mlf__test__all_types__f_string__default_value &&
         strchr(m->f_string, 'e');
}

static void test_string_cut(void **state) {
  (void)state;
  uint8_t data[BUF_SIZE];
  size_t size = mlf_seed_alltypes(data);
  Mlf__Test__AllTypes *seed = (Mlf__Test__AllTypes *)mlf_parse(&mlf__test__all_types__descriptor, data, size);
  free(seed->f_string);
  seed->f_string = strdup("structure-aware");
  size = protobuf_c_message_pack(&seed->base, data);
  protobuf_c_message_free_unpacked(&seed->base, NULL);
  minimise(data, &size, has_e);
  Mlf__Test__AllTypes *m = (Mlf__Test__AllTypes *)mlf_parse(&mlf__test__all_types__descriptor, data, size);
  assert_string_equal(m->f_string, "structure"); /* the shortest prefix with an 'e' */
  protobuf_c_message_free_unpacked(&m->base, NULL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_least_message),
      cmocka_unit_test(test_one_element_short_decimal),
      cmocka_unit_test(test_integer_to_bound),
      cmocka_unit_test(test_string_cut),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
