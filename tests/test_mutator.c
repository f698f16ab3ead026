/* Tests of the generic protobuf-c mutator: invariants of 100,000 mutations and 10,000
 * crossovers per message type (GemmCase, AllTypes and their sub-messages) spread over budgets
 * of 64, 256 and 1024 bytes, determinism, special-value bias, the depth limit, default
 * messages for unparsable bytes, the decode cache (a cached input mutates exactly like the
 * same bytes decoded afresh), trimming, text output that `protoc --encode` turns back into the same bytes, and the
 * post-processor / domain-mutator registries (last: their registrations stay). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "mlf_check.h"
#include "mlf_mutator_internal.h"
#include "mlf_test_seeds.h"

#define MUTATIONS 100000
#define CROSSOVERS 10000
#define RESTART_EVERY 2000 /* mutation chains restart from the seed this often */
#define BUF_SIZE 4096
#define DEFAULT_DEPTH 8

static const size_t budgets[] = {64, 256, 1024};
#define N_BUDGETS (sizeof budgets / sizeof budgets[0])

typedef struct {
  uint8_t data[BUF_SIZE];
  size_t size;
} encoded;

static encoded gemm_seed, alltypes_seed;

static int load_seeds(void **state) {
  (void)state;
  gemm_seed.size = mlf_seed_gemm(gemm_seed.data);
  alltypes_seed.size = mlf_seed_alltypes(alltypes_seed.data);
  return 0;
}

static void expect_valid(const ProtobufCMessageDescriptor *type, const uint8_t *buf, size_t n,
                         size_t budget, unsigned max_depth, const mlf_mutator *m) {
  if (n > budget)
    fail_msg("%s: %zu bytes over the budget %zu after %s", type->name, n, budget,
             mlf_mutator_last_op(m));
  const char *err = mlf_check_encoding(type, buf, n, max_depth);
  if (err) fail_msg("%s: %s after %s", type->name, err, mlf_mutator_last_op(m));
}

/* The seed of a type: the realistic one for the two roots, the empty encoding otherwise. */
static const encoded *seed_of(const ProtobufCMessageDescriptor *type) {
  static const encoded empty;
  if (type == &mlf__blas__gemm_case__descriptor) return &gemm_seed;
  if (type == &mlf__test__all_types__descriptor) return &alltypes_seed;
  return &empty;
}

/* Oneof cases of AllTypes seen in outputs, to show every member gets set and unset. */
static unsigned oneof_cases_seen;

static void note_oneof_case(const ProtobufCMessageDescriptor *type, const uint8_t *buf, size_t n) {
  if (type != &mlf__test__all_types__descriptor) return;
  Mlf__Test__AllTypes *a = mlf__test__all_types__unpack(NULL, n, buf);
  oneof_cases_seen |= 1u << (a->choice_case ? a->choice_case - 26 : 0);
  mlf__test__all_types__free_unpacked(a, NULL);
}

/* Mutation chains at each budget, restarted from the seed now and then, with a crossover
 * against an older state of the chain every MUTATIONS / CROSSOVERS steps. */
static void exercise(const ProtobufCMessageDescriptor *type) {
  const encoded *seed = seed_of(type);
  mlf_mutator *m = mlf_mutator_new(type, 0x5eed, NULL);
  static encoded cur, old, out;
  for (size_t b = 0; b < N_BUDGETS; b++) {
    size_t budget = budgets[b];
    for (int i = 0; i < MUTATIONS / (int)N_BUDGETS; i++) {
      if (i % RESTART_EVERY == 0) {
        cur = *seed;
        old = *seed;
      }
      cur.size = mlf_mutate_bytes(m, cur.data, cur.size, budget);
      expect_valid(type, cur.data, cur.size, budget, DEFAULT_DEPTH, m);
      note_oneof_case(type, cur.data, cur.size);
      if (i % (MUTATIONS / CROSSOVERS) == 0) {
        out.size = mlf_crossover_bytes(m, cur.data, cur.size, old.data, old.size, out.data, budget);
        expect_valid(type, out.data, out.size, budget, DEFAULT_DEPTH, m);
        old = cur;
        cur = out;
      }
    }
  }
  mlf_mutator_free(m);
}

/* state: the message type; AllTypes must also show every oneof member set and unset. */
static void test_mutations(void **state) {
  const ProtobufCMessageDescriptor *type = *state;
  oneof_cases_seen = 0;
  exercise(type);
  if (type == &mlf__test__all_types__descriptor)
    assert_int_equal(oneof_cases_seen, 0x1f); /* not set, o_int, o_string, o_message, o_enum */
}

/* Same seed and input give the same bytes and the same operation name; reseeding replays. */
static void test_deterministic(void **state) {
  (void)state;
  const ProtobufCMessageDescriptor *types[] = {&mlf__blas__gemm_case__descriptor,
                                               &mlf__test__all_types__descriptor};
  for (int t = 0; t < 2; t++) {
    mlf_mutator *m1 = mlf_mutator_new(types[t], 77, NULL);
    mlf_mutator *m2 = mlf_mutator_new(types[t], 77, NULL);
    static encoded a, b, x1, x2;
    a = b = *seed_of(types[t]);
    for (int i = 0; i < 3000; i++) {
      a.size = mlf_mutate_bytes(m1, a.data, a.size, 512);
      b.size = mlf_mutate_bytes(m2, b.data, b.size, 512);
      assert_int_equal(a.size, b.size);
      assert_memory_equal(a.data, b.data, a.size);
      assert_string_equal(mlf_mutator_last_op(m1), mlf_mutator_last_op(m2));
      x1.size = mlf_crossover_bytes(m1, a.data, a.size, seed_of(types[t])->data,
                                    seed_of(types[t])->size, x1.data, 512);
      x2.size = mlf_crossover_bytes(m2, b.data, b.size, seed_of(types[t])->data,
                                    seed_of(types[t])->size, x2.data, 512);
      assert_int_equal(x1.size, x2.size);
      assert_memory_equal(x1.data, x2.data, x1.size);
    }
    for (uint64_t s = 0; s < 200; s++) { /* libFuzzer's replay: reseed, mutate the same input */
      x1 = x2 = *seed_of(types[t]);
      mlf_mutator_reseed(m1, s);
      x1.size = mlf_mutate_bytes(m1, x1.data, x1.size, 1024);
      mlf_mutator_reseed(m1, s);
      x2.size = mlf_mutate_bytes(m1, x2.data, x2.size, 1024);
      assert_int_equal(x1.size, x2.size);
      assert_memory_equal(x1.data, x2.data, x1.size);
    }
    mlf_mutator_free(m1);
    mlf_mutator_free(m2);
  }
}

/* Number.value gets the boundary values a kernel gets wrong, and mutations are named. */
static void test_special_values(void **state) {
  (void)state;
  const double wanted[] = {INFINITY, -INFINITY, -0.0, 0.0, 1.0, -1.0, DBL_TRUE_MIN,
                           DBL_MIN, DBL_MIN - DBL_TRUE_MIN, DBL_MAX, -DBL_MAX};
  int seen[sizeof wanted / sizeof *wanted] = {0}, nan_seen = 0, ulp_seen = 0;
  mlf_mutator *m = mlf_mutator_new(&mlf__number__descriptor, 3, NULL);
  encoded e = {.size = 0};
  for (int i = 0; i < 20000; i++) {
    e.size = mlf_mutate_bytes(m, e.data, e.size, 64);
    Mlf__Number *n = mlf__number__unpack(NULL, e.size, e.data);
    assert_non_null(n);
    const char *op = mlf_mutator_last_op(m);
    assert_true(strncmp(op, "add:Number.", 11) == 0 || strncmp(op, "mutate:Number.", 14) == 0 ||
                strncmp(op, "delete:Number.", 14) == 0 || strncmp(op, "copy:Number.", 12) == 0 ||
                strncmp(op, "clone:Number.", 13) == 0 || strcmp(op, "none") == 0 ||
                strncmp(op, "exponent:", 9) == 0); /* offered on every root (type NULL) */
    ulp_seen |= strcmp(op, "mutate:Number.value:ulp") == 0;
    if (n->kind_case == MLF__NUMBER__KIND_VALUE) {
      nan_seen |= isnan(n->value);
      for (size_t w = 0; w < sizeof wanted / sizeof *wanted; w++)
        seen[w] |= memcmp(&n->value, &wanted[w], sizeof(double)) == 0;
    }
    mlf__number__free_unpacked(n, NULL);
  }
  for (size_t w = 0; w < sizeof wanted / sizeof *wanted; w++)
    if (!seen[w]) fail_msg("special value %a never produced", wanted[w]);
  assert_true(nan_seen);
  assert_true(ulp_seen);
  mlf_mutator_free(m);
}

/* Recursive Leaf messages never nest deeper than max_depth. */
static void test_depth_limit(void **state) {
  (void)state;
  mlf_mutator_options opts = {.max_depth = 3, .size_budget = 0};
  mlf_mutator *m = mlf_mutator_new(&mlf__test__all_types__descriptor, 9, &opts);
  static encoded e;
  e.size = 0;
  for (int i = 0; i < 20000; i++) {
    e.size = mlf_mutate_bytes(m, e.data, e.size, 2048);
    expect_valid(&mlf__test__all_types__descriptor, e.data, e.size, 2048, 3, m);
  }
  mlf_mutator_free(m);
}

/* The options' budget applies when it is below the engine's max_size. */
static void test_option_budget(void **state) {
  (void)state;
  mlf_mutator_options opts = {.max_depth = 0, .size_budget = 100};
  mlf_mutator *m = mlf_mutator_new(&mlf__blas__gemm_case__descriptor, 4, &opts);
  static encoded e;
  e = gemm_seed;
  for (int i = 0; i < 5000; i++) {
    e.size = mlf_mutate_bytes(m, e.data, e.size, sizeof e.data);
    expect_valid(&mlf__blas__gemm_case__descriptor, e.data, e.size, 100, DEFAULT_DEPTH, m);
  }
  mlf_mutator_free(m);
}

/* Message-level entry points keep the message within the budget and report applying. */
static void test_message_level(void **state) {
  (void)state;
  const ProtobufCMessageDescriptor *type = &mlf__test__all_types__descriptor;
  mlf_mutator *m = mlf_mutator_new(type, 5, NULL);
  ProtobufCMessage *src = mlf_parse_or_default(type, alltypes_seed.data, alltypes_seed.size);
  ProtobufCMessage *msg = mlf_parse_or_default(type, NULL, 0);
  int applied = 0;
  for (int i = 0; i < 2000; i++) {
    applied += mlf_mutate_message(m, msg, 300);
    assert_true(protobuf_c_message_get_packed_size(msg) <= 300);
    applied += mlf_crossover_message(m, msg, src, 300);
    assert_true(protobuf_c_message_get_packed_size(msg) <= 300);
  }
  assert_true(applied > 3900);
  protobuf_c_message_free_unpacked(msg, NULL);
  protobuf_c_message_free_unpacked(src, NULL);
  mlf_mutator_free(m);
}

static const uint8_t garbage[][6] = {
    {0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, /* varint longer than 10 bytes */
    {0x0a, 0x7f, 0x01, 0x02, 0x03, 0x04}, /* length past the end */
    {0x07, 0x00, 0x00, 0x00, 0x00, 0x00}, /* wire type 7 */
    {0x12, 0x02, 0x08, 0x01, 0xa0, 0x01}, /* truncated varint at the end */
};

/* Bytes that do not parse become the default message; mutating them never fails. */
static void test_unparsable(void **state) {
  (void)state;
  const ProtobufCMessageDescriptor *types[] = {&mlf__blas__gemm_case__descriptor,
                                               &mlf__test__all_types__descriptor};
  for (int t = 0; t < 2; t++) {
    ProtobufCMessage *def = mlf_message_new_default(types[t]);
    uint8_t want[64], got[64];
    size_t want_n = protobuf_c_message_pack(def, want);
    for (size_t g = 0; g < sizeof garbage / sizeof garbage[0]; g++) {
      ProtobufCMessage *msg = mlf_parse_or_default(types[t], garbage[g], sizeof garbage[g]);
      assert_int_equal(protobuf_c_message_pack(msg, got), want_n);
      assert_memory_equal(got, want, want_n);
      protobuf_c_message_free_unpacked(msg, NULL);
      mlf_mutator *m = mlf_mutator_new(types[t], g, NULL);
      encoded e;
      memcpy(e.data, garbage[g], sizeof garbage[g]);
      e.size = mlf_mutate_bytes(m, e.data, sizeof garbage[g], 256);
      expect_valid(types[t], e.data, e.size, 256, DEFAULT_DEPTH, m);
      mlf_mutator_free(m);
    }
    protobuf_c_message_free_unpacked(def, NULL);
  }
}

/* Removing the first or last removable element until none is left: the count drops every
 * time, the message stays valid, and required fields stay. */
static void test_trim_until_nothing_removable(void **state) {
  (void)state;
  const encoded *seeds[] = {&gemm_seed, &alltypes_seed};
  const ProtobufCMessageDescriptor *types[] = {&mlf__blas__gemm_case__descriptor,
                                               &mlf__test__all_types__descriptor};
  for (int t = 0; t < 2; t++) {
    ProtobufCMessage *msg = mlf_parse_or_default(types[t], seeds[t]->data, seeds[t]->size);
    size_t n = mlf_count_removable(msg), steps = 0;
    assert_true(n > 20);
    for (size_t first = 0; n > 0; first ^= 1, steps++) {
      assert_int_equal(mlf_remove_element(msg, n), 0); /* past the last one */
      assert_int_equal(mlf_remove_element(msg, first ? 0 : n - 1), 1);
      size_t after = mlf_count_removable(msg);
      assert_true(after < n);
      n = after;
      static uint8_t buf[BUF_SIZE];
      size_t size = protobuf_c_message_pack(msg, buf);
      assert_null(mlf_check_encoding(types[t], buf, size, DEFAULT_DEPTH));
    }
    assert_true(steps > 1);
    assert_int_equal(mlf_count_removable(msg), 0);
    protobuf_c_message_free_unpacked(msg, NULL);
    /* every single removal from the seed leaves a valid, smaller message */
    msg = mlf_parse_or_default(types[t], seeds[t]->data, seeds[t]->size);
    size_t total = mlf_count_removable(msg);
    protobuf_c_message_free_unpacked(msg, NULL);
    for (size_t i = 0; i < total; i++) {
      msg = mlf_parse_or_default(types[t], seeds[t]->data, seeds[t]->size);
      assert_int_equal(mlf_remove_element(msg, i), 1);
      assert_true(mlf_count_removable(msg) < total);
      assert_true(protobuf_c_message_get_packed_size(msg) < seeds[t]->size);
      protobuf_c_message_free_unpacked(msg, NULL);
    }
  }
}

/* The decode cache changes nothing but speed: a chain of mutations and crossovers, each
 * fed the previous output (cache hits), gives the same bytes and operation names as a
 * fresh mutator with the same seed given the same input (a miss, as in a replay). */
static void test_cache_hits_match_misses(void **state) {
  (void)state;
  const ProtobufCMessageDescriptor *types[] = {&mlf__blas__gemm_case__descriptor,
                                               &mlf__test__all_types__descriptor};
  static encoded cur, hit, miss;
  for (int t = 0; t < 2; t++) {
    mlf_mutator *chained = mlf_mutator_new(types[t], 0, NULL);
    cur = *seed_of(types[t]);
    for (uint64_t s = 0; s < 3000; s++) {
      size_t budget = budgets[s % N_BUDGETS];
      mlf_mutator *fresh = mlf_mutator_new(types[t], s, NULL);
      mlf_mutator_reseed(chained, s);
      hit = miss = cur;
      if (s % 5 == 4) {
        const encoded *other = seed_of(types[t]);
        hit.size = mlf_crossover_bytes(chained, cur.data, cur.size, other->data, other->size,
                                       hit.data, budget);
        miss.size = mlf_crossover_bytes(fresh, cur.data, cur.size, other->data, other->size,
                                        miss.data, budget);
      } else {
        hit.size = mlf_mutate_bytes(chained, hit.data, hit.size, budget);
        miss.size = mlf_mutate_bytes(fresh, miss.data, miss.size, budget);
      }
      assert_string_equal(mlf_mutator_last_op(chained), mlf_mutator_last_op(fresh));
      assert_int_equal(hit.size, miss.size);
      assert_memory_equal(hit.data, miss.data, hit.size);
      expect_valid(types[t], hit.data, hit.size, budget, DEFAULT_DEPTH, chained);
      mlf_mutator_free(fresh);
      cur = hit;
    }
    mlf_mutator_free(chained);
  }
}

/* protoc --encode of the printed text; returns the encoded size, or -1 when protoc fails. */
static long protoc_encode(const char *full_name, const char *proto_dir, const char *proto_file,
                          const char *text_path, uint8_t *out, size_t cap) {
  char cmd[512];
  snprintf(cmd, sizeof cmd, "protoc --encode=%s -I%s %s < %s 2>/dev/null", full_name, proto_dir,
           proto_file, text_path);
  FILE *p = popen(cmd, "r");
  if (!p) return -1;
  size_t n = fread(out, 1, cap, p);
  return pclose(p) == 0 ? (long)n : -1;
}

/* Prints msg, re-encodes the text with protoc and compares with the original encoding. */
static void expect_text_round_trip(const ProtobufCMessageDescriptor *type, const char *proto_dir,
                                   const char *proto_file, const uint8_t *buf, size_t n) {
  char path[] = "/tmp/mlf-text-XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  FILE *f = fdopen(fd, "w");
  ProtobufCMessage *msg = mlf_parse_or_default(type, buf, n);
  mlf_print_text(f, msg);
  fclose(f);
  static uint8_t again[BUF_SIZE];
  long got = protoc_encode(type->name, proto_dir, proto_file, path, again, sizeof again);
  if (got != (long)n || memcmp(again, buf, n)) {
    mlf_print_text(stderr, msg);
    fail_msg("text of %s (%zu bytes) re-encodes to %ld different bytes", type->name, n, got);
  }
  protobuf_c_message_free_unpacked(msg, NULL);
  unlink(path);
}

/* NaN payloads and signs have no text form, so mutated messages holding NaN are skipped. */
static int holds_nan(const ProtobufCMessage *msg) {
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  mlf_print_text(f, msg);
  fclose(f);
  int nan = strstr(text, "nan") != NULL;
  free(text);
  return nan;
}

static void test_text_round_trip(void **state) {
  (void)state;
  if (system("command -v protoc >/dev/null 2>&1") != 0 || access("proto/blas.proto", R_OK) ||
      access("tests/proto/alltypes.proto", R_OK)) {
    skip(); /* needs protoc and the repository root as working directory */
  }
  const ProtobufCMessageDescriptor *types[] = {&mlf__blas__gemm_case__descriptor,
                                               &mlf__test__all_types__descriptor};
  const char *dirs[] = {"proto", "tests/proto"}, *files[] = {"proto/blas.proto",
                                                             "tests/proto/alltypes.proto"};
  for (int t = 0; t < 2; t++) {
    const encoded *seed = seed_of(types[t]);
    expect_text_round_trip(types[t], dirs[t], files[t], seed->data, seed->size);
    mlf_mutator *m = mlf_mutator_new(types[t], 21, NULL);
    static encoded e;
    e = *seed;
    for (int i = 0, checked = 0; checked < 8; i++) {
      e.size = mlf_mutate_bytes(m, e.data, e.size, 1024);
      if (i % 50) continue;
      ProtobufCMessage *msg = mlf_parse_or_default(types[t], e.data, e.size);
      int skip_it = holds_nan(msg);
      protobuf_c_message_free_unpacked(msg, NULL);
      if (skip_it) continue;
      expect_text_round_trip(types[t], dirs[t], files[t], e.data, e.size);
      checked++;
    }
    mlf_mutator_free(m);
  }
}

/* ---- registries: these registrations stay for the rest of the process, so they run last */

static char post_order[256];
static size_t post_calls;

static void record(char c) {
  if (post_calls < sizeof post_order - 1) post_order[post_calls] = c;
  post_calls++;
}

/* Leaf.i must lie in [-1000, 1000]. */
static void post_process_leaf(ProtobufCMessage *msg) {
  Mlf__Test__Leaf *l = (Mlf__Test__Leaf *)msg;
  record('L');
  if (l->has_i && (l->i > 1000 || l->i < -1000)) l->i %= 1001;
}

static void post_process_all_types(ProtobufCMessage *msg) {
  (void)msg;
  record('A');
}

static int leaf_set_42(ProtobufCMessage *msg, mlf_rng *rng) {
  (void)rng;
  Mlf__Test__Leaf *l = (Mlf__Test__Leaf *)msg;
  l->has_i = 1;
  l->i = 42;
  return 1;
}

static int never_applies(ProtobufCMessage *msg, mlf_rng *rng) {
  (void)msg;
  (void)rng;
  return 0;
}

static int leaves_in_bounds(const Mlf__Test__Leaf *l) {
  if (!l) return 1;
  if (l->has_i && (l->i > 1000 || l->i < -1000)) return 0;
  for (size_t i = 0; i < l->n_children; i++)
    if (!leaves_in_bounds(l->children[i])) return 0;
  return 1;
}

static void test_post_processors(void **state) {
  (void)state;
  mlf_register_post_processor(&mlf__test__leaf__descriptor, post_process_leaf);
  mlf_register_post_processor(&mlf__test__leaf__descriptor, post_process_leaf); /* no effect */
  mlf_register_post_processor(&mlf__test__all_types__descriptor, post_process_all_types);
  /* bottom-up: the seed has 5 leaves (one with 2 children); AllTypes comes last */
  ProtobufCMessage *msg = mlf_parse_or_default(&mlf__test__all_types__descriptor,
                                               alltypes_seed.data, alltypes_seed.size);
  post_calls = 0;
  mlf_post_process(msg);
  assert_int_equal(post_calls, 6);
  assert_memory_equal(post_order, "LLLLLA", 6);
  /* a valid message is left unchanged */
  static uint8_t again[BUF_SIZE];
  assert_int_equal(protobuf_c_message_pack(msg, again), alltypes_seed.size);
  assert_memory_equal(again, alltypes_seed.data, alltypes_seed.size);
  protobuf_c_message_free_unpacked(msg, NULL);
  /* every mutation output is post-processed */
  mlf_mutator *m = mlf_mutator_new(&mlf__test__all_types__descriptor, 8, NULL);
  static encoded e;
  e = alltypes_seed;
  post_calls = 0;
  for (int i = 0; i < 5000; i++) {
    e.size = mlf_mutate_bytes(m, e.data, e.size, 1024);
    Mlf__Test__AllTypes *a = mlf__test__all_types__unpack(NULL, e.size, e.data);
    assert_non_null(a);
    assert_true(leaves_in_bounds(a->f_message));
    for (size_t k = 0; k < a->n_r_messages; k++) assert_true(leaves_in_bounds(a->r_messages[k]));
    mlf__test__all_types__free_unpacked(a, NULL);
  }
  assert_true(post_calls >= 5000);
  mlf_mutator_free(m);
}

/* Domain mutators are chosen alongside generic operations and named as registered; one that
 * does not apply is never reported. */
static void test_domain_mutators(void **state) {
  (void)state;
  mlf_register_domain_mutator(&mlf__test__leaf__descriptor, "test:leaf-42", leaf_set_42, 40);
  mlf_register_domain_mutator(&mlf__test__leaf__descriptor, "test:never", never_applies, 40);
  mlf_mutator *m = mlf_mutator_new(&mlf__test__leaf__descriptor, 6, NULL);
  static encoded e;
  e.size = 0;
  int chosen = 0;
  for (int i = 0; i < 2000; i++) {
    e.size = mlf_mutate_bytes(m, e.data, e.size, 256);
    assert_string_not_equal(mlf_mutator_last_op(m), "test:never");
    if (strcmp(mlf_mutator_last_op(m), "test:leaf-42") == 0) {
      chosen++;
      Mlf__Test__Leaf *l = mlf__test__leaf__unpack(NULL, e.size, e.data);
      assert_non_null(l);
      mlf__test__leaf__free_unpacked(l, NULL);
    }
  }
  assert_true(chosen > 100);
  mlf_mutator_free(m);
}

#define MUTATIONS_OF(type) {"mutations of " #type, test_mutations, NULL, NULL, (void *)&type}

int main(void) {
  const struct CMUnitTest tests[] = {
      MUTATIONS_OF(mlf__blas__gemm_case__descriptor),
      MUTATIONS_OF(mlf__blas__scalar__descriptor),
      MUTATIONS_OF(mlf__number__descriptor),
      MUTATIONS_OF(mlf__blas__fill__descriptor),
      MUTATIONS_OF(mlf__blas__poke__descriptor),
      MUTATIONS_OF(mlf__test__all_types__descriptor),
      MUTATIONS_OF(mlf__test__leaf__descriptor),
      cmocka_unit_test(test_deterministic),
      cmocka_unit_test(test_special_values),
      cmocka_unit_test(test_depth_limit),
      cmocka_unit_test(test_option_budget),
      cmocka_unit_test(test_message_level),
      cmocka_unit_test(test_unparsable),
      cmocka_unit_test(test_cache_hits_match_misses),
      cmocka_unit_test(test_trim_until_nothing_removable),
      cmocka_unit_test(test_text_round_trip),
      cmocka_unit_test(test_post_processors),
      cmocka_unit_test(test_domain_mutators),
  };
  return cmocka_run_group_tests(tests, load_seeds, NULL);
}
