/* Drives the AFL++ custom mutator hooks the way afl-fuzz does (init, fuzz with and without
 * add_buf, fuzz_count, describe, post_process, the trim loop, deinit) and checks the buffer
 * ownership rules under ASan: inputs are neither modified nor retained (tests free them
 * right after the call), and each output stays valid and unchanged until its hook is
 * called again, whatever other hooks run in between. Also the hook counters deinit writes
 * to the file MLF_AFL_MUTATOR_STATS names. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "mlf_afl_mutator.h"
#include "mlf_check.h"
#include "mlf_mutator.h"
#include "mlf_test_seeds.h"

#define MAX_SIZE 1024

static const ProtobufCMessageDescriptor *root = &mlf__blas__gemm_case__descriptor;

const ProtobufCMessageDescriptor *mlf_root_descriptor(void) { return root; }

/* A heap copy of bytes, as AFL++ hands its own buffers to the hooks. */
static uint8_t *afl_copy(const uint8_t *data, size_t n) {
  uint8_t *p = malloc(n ? n : 1);
  assert_non_null(p);
  if (n) memcpy(p, data, n);
  return p;
}

static size_t seed_of(uint8_t *out) {
  return root == &mlf__blas__gemm_case__descriptor ? mlf_seed_gemm(out) : mlf_seed_alltypes(out);
}

static void expect_valid(const uint8_t *buf, size_t n, size_t max) {
  assert_true(n <= max);
  const char *err = mlf_check_encoding(root, buf, n, 8);
  if (err) fail_msg("%s", err);
}

static void test_fuzz_ownership(void **state) {
  (void)state;
  void *mut = afl_custom_init(NULL, 7);
  assert_non_null(mut);
  uint8_t seed[MAX_SIZE];
  size_t seed_n = seed_of(seed);
  for (int i = 0; i < 2000; i++) {
    uint8_t *in = afl_copy(seed, seed_n), *out = NULL;
    size_t n = afl_custom_fuzz(mut, in, seed_n, &out, NULL, 0, MAX_SIZE);
    assert_non_null(out);
    assert_memory_equal(in, seed, seed_n); /* input not modified */
    assert_true(out < in || out >= in + seed_n);
    free(in); /* AFL++ may free its buffer: the output must not depend on it */
    expect_valid(out, n, MAX_SIZE);
    /* other hooks do not disturb the fuzz output */
    uint8_t *keep = afl_copy(out, n), *post = NULL;
    const char *desc = afl_custom_describe(mut, 64);
    assert_true(strlen(desc) <= 64);
    size_t post_n = afl_custom_post_process(mut, out, n, &post);
    assert_true(post != out);
    assert_true(post_n > 0);
    assert_true(afl_custom_fuzz_count(mut, out, n) >= 64);
    assert_int_equal(afl_custom_init_trim(mut, out, n) >= 0, 1);
    assert_memory_equal(out, keep, n);
    free(keep);
  }
  afl_custom_deinit(mut);
}

static void test_fuzz_with_add_buf(void **state) {
  (void)state;
  root = &mlf__test__all_types__descriptor;
  void *mut = afl_custom_init(NULL, 8);
  uint8_t cur[MAX_SIZE], other[MAX_SIZE];
  size_t cur_n = seed_of(cur), other_n = 0;
  int crossovers = 0;
  for (int i = 0; i < 3000; i++) {
    uint8_t *in = afl_copy(cur, cur_n), *add = afl_copy(other, other_n), *out = NULL;
    size_t n = afl_custom_fuzz(mut, in, cur_n, &out, add, other_n, MAX_SIZE);
    assert_memory_equal(add, other, other_n);
    free(in);
    free(add);
    expect_valid(out, n, MAX_SIZE);
    crossovers += strncmp(afl_custom_describe(mut, 128), "crossover-", 10) == 0;
    if (i % 7 == 0) {
      memcpy(other, cur, cur_n);
      other_n = cur_n;
    }
    memcpy(cur, out, n);
    cur_n = n;
  }
  assert_true(crossovers > 100);
  afl_custom_deinit(mut);
  root = &mlf__blas__gemm_case__descriptor;
}

/* A small max_size bounds the output; the description fits any length AFL asks for. */
static void test_max_size_and_describe(void **state) {
  (void)state;
  void *mut = afl_custom_init(NULL, 9);
  uint8_t seed[MAX_SIZE];
  size_t seed_n = seed_of(seed);
  for (size_t max = 4; max < 64; max++) {
    uint8_t *in = afl_copy(seed, seed_n), *out = NULL;
    size_t n = afl_custom_fuzz(mut, in, seed_n, &out, NULL, 0, max);
    free(in);
    expect_valid(out, n, max);
    for (size_t len = 0; len < 40; len += 13) {
      const char *d = afl_custom_describe(mut, len);
      assert_true(strlen(d) <= len);
      for (const char *c = d; *c; c++) assert_true(strchr("/ ,\n", *c) == NULL);
    }
  }
  afl_custom_deinit(mut);
}

/* post_process gives a valid encoding for anything, an empty message as 4 padding bytes
 * that still decode to the default message, and leaves a valid message as it was. */
static void test_post_process(void **state) {
  (void)state;
  void *mut = afl_custom_init(NULL, 10);
  const uint8_t garbage[] = {0xff, 0xff, 0xff};
  uint8_t *in = afl_copy(garbage, sizeof garbage), *out = NULL;
  size_t n = afl_custom_post_process(mut, in, sizeof garbage, &out);
  free(in);
  assert_int_equal(n, 4);
  Mlf__Blas__GemmCase *g = mlf__blas__gemm_case__unpack(NULL, n, out);
  assert_non_null(g);
  assert_int_equal(g->base.n_unknown_fields, 1);
  assert_int_equal(g->base.unknown_fields[0].tag, 19000);
  assert_false(g->has_m || g->alpha || g->a);
  mlf__blas__gemm_case__free_unpacked(g, NULL);
  afl_custom_deinit(mut);
  root = &mlf__test__all_types__descriptor; /* no post-processors: a valid input stays */
  mut = afl_custom_init(NULL, 10);
  uint8_t seed[MAX_SIZE];
  size_t seed_n = seed_of(seed);
  in = afl_copy(seed, seed_n);
  n = afl_custom_post_process(mut, in, seed_n, &out);
  assert_int_equal(n, seed_n);
  assert_memory_equal(out, in, n);
  free(in);
  afl_custom_deinit(mut);
  root = &mlf__blas__gemm_case__descriptor;
}

/* The trim loop of afl-fuzz: keep a step when `keeps` says coverage held, else revert. */
static size_t trim_like_afl(void *mut, uint8_t *buf, size_t n,
                            int (*keeps)(const uint8_t *, size_t)) {
  uint8_t *in = afl_copy(buf, n);
  int32_t steps = afl_custom_init_trim(mut, in, n);
  free(in); /* not retained */
  int32_t cur = 0;
  int iterations = 0;
  while (cur < steps) {
    uint8_t *out = NULL;
    size_t len = afl_custom_trim(mut, &out);
    assert_non_null(out);
    assert_true(len <= n);
    expect_valid(out, len, n);
    int ok = len > 0 && keeps(out, len); /* AFL++ counts an empty result as a failure */
    if (ok) {
      memcpy(buf, out, len);
      n = len;
    }
    int32_t next = afl_custom_post_trim(mut, ok);
    assert_true(next > cur); /* every step makes progress */
    if (ok) assert_memory_equal(out, buf, len); /* still valid after post_trim */
    cur = next;
    assert_true(++iterations <= steps);
  }
  return n;
}

static int always(const uint8_t *buf, size_t n) {
  (void)buf;
  (void)n;
  return 1;
}

/* "Coverage" that needs GemmCase.a with at least two pokes. */
static int needs_two_pokes(const uint8_t *buf, size_t n) {
  Mlf__Blas__GemmCase *g = mlf__blas__gemm_case__unpack(NULL, n, buf);
  int ok = g && g->a && g->a->n_pokes >= 2;
  mlf__blas__gemm_case__free_unpacked(g, NULL);
  return ok;
}

static void test_trim(void **state) {
  (void)state;
  void *mut = afl_custom_init(NULL, 11);
  uint8_t buf[MAX_SIZE];
  size_t n = trim_like_afl(mut, buf, seed_of(buf), always);
  ProtobufCMessage *msg = protobuf_c_message_unpack(root, NULL, n, buf);
  assert_non_null(msg);
  assert_int_equal(mlf_count_removable(msg), 1); /* only the last element: an empty result fails */
  protobuf_c_message_free_unpacked(msg, NULL);
  n = trim_like_afl(mut, buf, seed_of(buf), needs_two_pokes);
  assert_true(needs_two_pokes(buf, n));
  /* minimal: removing any single element loses the property */
  msg = protobuf_c_message_unpack(root, NULL, n, buf);
  size_t removable = mlf_count_removable(msg);
  protobuf_c_message_free_unpacked(msg, NULL);
  for (size_t i = 0; i < removable; i++) {
    msg = protobuf_c_message_unpack(root, NULL, n, buf);
    assert_int_equal(mlf_remove_element(msg, i), 1);
    uint8_t smaller[MAX_SIZE];
    size_t len = protobuf_c_message_pack(msg, smaller);
    assert_false(needs_two_pokes(smaller, len));
    protobuf_c_message_free_unpacked(msg, NULL);
  }
  /* bytes that do not parse cannot be trimmed */
  const uint8_t garbage[] = {0xff, 0xff};
  uint8_t *in = afl_copy(garbage, sizeof garbage);
  assert_int_equal(afl_custom_init_trim(mut, in, sizeof garbage), 0);
  free(in);
  afl_custom_deinit(mut);
}

static void test_fuzz_count(void **state) {
  (void)state;
  void *mut = afl_custom_init(NULL, 12);
  uint8_t seed[MAX_SIZE];
  size_t seed_n = seed_of(seed);
  uint32_t small = afl_custom_fuzz_count(mut, NULL, 0);
  uint32_t big = afl_custom_fuzz_count(mut, seed, seed_n);
  assert_true(small >= 64 && small < big && big <= 1024);
  afl_custom_deinit(mut);
}

/* deinit writes each counter to MLF_AFL_MUTATOR_STATS, and nothing without it. */
static void test_stats_file(void **state) {
  (void)state;
  char path[] = "/tmp/mlf-afl-stats-XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  close(fd);
  assert_int_equal(setenv("MLF_AFL_MUTATOR_STATS", path, 1), 0);
  void *mut = afl_custom_init(NULL, 13);
  uint8_t seed[MAX_SIZE], *out = NULL;
  size_t seed_n = seed_of(seed);
  unsigned crossovers = 0, steps = 0, kept = 0;
  for (int i = 0; i < 200; i++) {
    afl_custom_fuzz(mut, seed, seed_n, &out, seed, seed_n, MAX_SIZE);
    crossovers += strncmp(afl_custom_describe(mut, 128), "crossover-", 10) == 0;
  }
  for (int i = 0; i < 3; i++) afl_custom_post_process(mut, seed, seed_n, &out);
  int32_t total = afl_custom_init_trim(mut, seed, seed_n);
  for (int32_t cur = 0; cur < total && steps < 6; steps++) {
    afl_custom_trim(mut, &out);
    kept += steps % 2;
    cur = afl_custom_post_trim(mut, steps % 2);
  }
  afl_custom_deinit(mut);
  assert_int_equal(unsetenv("MLF_AFL_MUTATOR_STATS"), 0);
  FILE *f = fopen(path, "r");
  assert_non_null(f);
  unsigned long long fuzz_calls, xovers, trim_steps, trim_kept, post_calls;
  assert_int_equal(fscanf(f, "fuzz_calls %llu\ncrossovers %llu\ntrim_steps %llu\n"
                             "trim_kept %llu\npost_process_calls %llu\n",
                          &fuzz_calls, &xovers, &trim_steps, &trim_kept, &post_calls), 5);
  assert_int_equal(fgetc(f), EOF);
  fclose(f);
  assert_int_equal(fuzz_calls, 200);
  assert_true(xovers >= crossovers && crossovers > 10 && xovers < 100); /* about 20% */
  assert_int_equal(trim_steps, steps);
  assert_int_equal(steps, 6);
  assert_int_equal(trim_kept, kept);
  assert_int_equal(kept, 3);
  assert_int_equal(post_calls, 3);
  /* without the variable, deinit leaves the file alone */
  assert_int_equal(truncate(path, 0), 0);
  afl_custom_deinit(afl_custom_init(NULL, 14));
  f = fopen(path, "r");
  assert_int_equal(fgetc(f), EOF);
  fclose(f);
  unlink(path);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_fuzz_ownership),
      cmocka_unit_test(test_fuzz_with_add_buf),
      cmocka_unit_test(test_max_size_and_describe),
      cmocka_unit_test(test_post_process),
      cmocka_unit_test(test_trim),
      cmocka_unit_test(test_fuzz_count),
      cmocka_unit_test(test_stats_file),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
