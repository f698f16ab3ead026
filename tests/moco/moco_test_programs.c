/* Shared parts of the MoCo unit tests (moco_test_programs.h). */
#include "moco_test_programs.h"
#include <setjmp.h>
#include <stdlib.h>
#include <stdarg.h>
#include <string.h>
#include <cmocka.h>

#define MOCO_TEST_MAX_BYTES 16384

ProtobufCMessage *moco_test_root(const ProtobufCMessageDescriptor *d, Mlf__Moco__Program__Template t) {
  ProtobufCMessage *root = calloc(1, d->sizeof_message);
  assert_non_null(root);
  d->message_init(root);
  Mlf__Moco__Program *p = moco_root_program(root);
  p->has_template_ = 1, p->template_ = t;
  return root;
}

void moco_test_append(Mlf__Moco__Program *p, int api) {
  const moco_spec *spec = moco_spec_of(p);
  assert_true(spec && api >= 0 && (size_t)api < spec->n_apis);
  Mlf__Moco__Block *k = calloc(1, sizeof *k);
  assert_non_null(k);
  mlf__moco__block__init(k);
  k->api = strdup(spec->apis[api].name);
  p->blocks = realloc(p->blocks, (p->n_blocks + 1) * sizeof *p->blocks);
  assert_non_null(p->blocks);
  p->blocks[p->n_blocks++] = k;
}

size_t moco_test_pack(const ProtobufCMessage *root, uint8_t *buf, size_t cap) {
  size_t n = protobuf_c_message_get_packed_size(root);
  assert_true(n <= cap);
  return protobuf_c_message_pack(root, buf);
}

ProtobufCMessage *moco_test_unpack(const ProtobufCMessageDescriptor *d, const uint8_t *data, size_t size) {
  ProtobufCMessage *root = protobuf_c_message_unpack(d, NULL, size, data);
  assert_non_null(root);
  return root;
}

int moco_test_apply_until(mlf_mutator *m, uint8_t *data, size_t *size, size_t cap, const char *op) {
  static uint8_t copy[MOCO_TEST_MAX_BYTES];
  assert_true(cap <= sizeof copy);
  for (int i = 0; i < 20000; i++) {
    memcpy(copy, data, *size);
    size_t n = mlf_mutate_bytes(m, copy, *size, cap);
    if (strcmp(mlf_mutator_last_op(m), op) == 0) {
      memcpy(data, copy, n);
      *size = n;
      return 1;
    }
  }
  return 0;
}

void moco_test_mutated_programs_stay_valid(const ProtobufCMessageDescriptor *d, const uint8_t *start,
                                           size_t start_size, void (*check)(const Mlf__Moco__Program *p)) {
  static uint8_t data[MOCO_TEST_MAX_BYTES], again[MOCO_TEST_MAX_BYTES];
  mlf_mutator *m = mlf_mutator_new(d, 7, NULL);
  size_t size = start_size;
  if (start_size) memcpy(data, start, start_size);
  for (int i = 0; i < 3000; i++) {
    size = mlf_mutate_bytes(m, data, size, sizeof data);
    ProtobufCMessage *root = moco_test_unpack(d, data, size);
    Mlf__Moco__Program *p = moco_root_program(root);
    check(p);
    mlf_post_process(root);
    assert_int_equal(moco_test_pack(root, again, sizeof again), size);
    assert_memory_equal(again, data, size);
    protobuf_c_message_free_unpacked(root, NULL);
  }
  mlf_mutator_free(m);
}

int moco_test_assert_last_step_is_bc(const Mlf__Moco__Program *p) {
  const moco_spec *spec = moco_spec_of(p);
  const Mlf__Moco__Step *s = p->derivation[p->n_derivation - 1];
  assert_int_equal(s->op, MLF__MOCO__OPERATOR__BC);
  assert_true(s->negative);
  int api = moco_api_index(spec, p->blocks[s->block]->api);
  const moco_param *q = &spec->apis[api].params[s->param];
  double v = moco_value_number(p->blocks[s->block]->args[s->param]);
  assert_false(spec->legal(p, s->block, s->param, v));
  int upper = v > q->hi;
  assert_true(spec->refused((unsigned)api, s->param, upper));
  assert_true(upper ? v == q->hi + q->resolution : v == q->lo - q->resolution);
  return api;
}

void moco_test_assert_references_valid(const Mlf__Moco__Program *p) {
  const moco_spec *spec = moco_spec_of(p);
  assert_non_null(spec);
  for (size_t b = 0; b < p->n_blocks; b++) {
    const moco_api *a = &spec->apis[moco_api_index(spec, p->blocks[b]->api)];
    for (unsigned i = 0; i < a->n_params; i++) {
      if (a->params[i].kind != MOCO_HANDLE) continue;
      const Mlf__Moco__Value *v = p->blocks[b]->args[i];
      assert_int_equal(v->kind_case, MLF__MOCO__VALUE__KIND_REF);
      assert_true(v->ref < b);
      const moco_api *creator = &spec->apis[moco_api_index(spec, p->blocks[v->ref]->api)];
      assert_non_null(creator->returns);
      assert_string_equal(creator->returns, a->params[i].type);
      for (size_t m = v->ref + 1; m < b; m++) {
        const moco_api *between = &spec->apis[moco_api_index(spec, p->blocks[m]->api)];
        if (between->frees) assert_false(p->blocks[m]->args[between->frees - 1]->ref == v->ref);
      }
    }
  }
}
