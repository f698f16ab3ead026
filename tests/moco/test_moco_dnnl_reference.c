/* The weighted-primitive reference of the MoCo oneDNN target (dnnl_reference.h, dnnl_bound.h)
 * against Debian's oneDNN on hand-made cases with full-precision random data (unlike the
 * harness's small integers, whose sums are exact): a strided, padded, dilated, grouped 2-D
 * convolution on nchw; a depthwise 1-D convolution on nwc without bias; an inner product on
 * nChw8c; a matmul with batch broadcast, a bias row, an output scale and a relu post-op; the
 * convolution on u8 source and s8 weights (s32 accumulation), the matmul all in bf16 (f32
 * accumulation, a bf16 destination); each agrees. A planted wrong element (off by 0.01, or NaN) is caught at its index; a deviation
 * between the strict and the bf16 bound is caught under strict and accepted under
 * dnnl_fpmath_mode_bf16; what the bound cannot judge (a sum post-op, K u >= 1) is skipped. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "dnnl_data.h"
#include "dnnl_reference.h"
#include "libraries/onednn/mlf_onednn_session.h"
#include "mlf_rng.h"

/* A tensor oneDNN computes on: its descriptor, buffer (padding zero) and memory. */
typedef struct {
  dnnl_memory_desc_t md;
  float *buffer;
  dnnl_memory_t memory;
} tensor;

/* A weighted primitive run once: its arguments after the execution. */
typedef struct {
  tensor src, weights, bias, dst;
} weighted_run;

/* Stores v, exact in md's data type, as logical element e. */
static void put(const dnnl_memory_desc_t *md, void *buffer, size_t e, double v) {
  char *at = (char *)buffer + dnnl_data_offset(md, e);
  float f = (float)v;
  uint32_t bits;
  memcpy(&bits, &f, sizeof bits);
  uint16_t high = (uint16_t)(bits >> 16);
  switch (md->data_type) {
    case dnnl_f32: memcpy(at, &f, sizeof f); break;
    case dnnl_bf16: memcpy(at, &high, sizeof high); break;
    case dnnl_s8: *at = (char)(signed char)v; break;
    default: *(unsigned char *)at = (unsigned char)v; break; /* u8 */
  }
}

/* A tensor of md filled from seed (0: zeros): floats in [-1, 1) (bf16: their upper halves),
 * integers in [-4, 4] (s8) or [0, 8] (u8). */
static void make_tensor(tensor *t, const dnnl_memory_desc_t *md, uint64_t seed) {
  t->md = *md;
  size_t size = dnnl_memory_desc_get_size(md);
  t->buffer = calloc(1, size + 64);
  assert_non_null(t->buffer);
  mlf_rng rng;
  mlf_rng_seed(&rng, seed);
  int integer = md->data_type == dnnl_s8 || md->data_type == dnnl_u8;
  for (size_t e = 0, n = dnnl_data_elements(md); e < n && seed; e++)
    put(md, t->buffer, e, integer ? (double)mlf_rng_below(&rng, 9) - (md->data_type == dnnl_s8 ? 4 : 0)
                                  : 2 * mlf_rng_unit(&rng) - 1);
  assert_int_equal(dnnl_memory_create(&t->memory, md, mlf_onednn_engine, t->buffer), dnnl_success);
}

static void free_tensor(tensor *t) {
  if (!t->buffer) return;
  dnnl_memory_destroy(t->memory);
  free(t->buffer);
}

static void free_run(weighted_run *r) {
  free_tensor(&r->src), free_tensor(&r->weights), free_tensor(&r->bias), free_tensor(&r->dst);
}

static dnnl_tensor view(const tensor *t) { return (dnnl_tensor){&t->md, t->buffer}; }

static void any_md(dnnl_memory_desc_t *md, int ndims, const dnnl_dim_t *dims, dnnl_data_type_t dt) {
  assert_int_equal(dnnl_memory_desc_init_by_tag(md, ndims, dims, dt, dnnl_format_tag_any), dnnl_success);
}

/* Data types of source, weights and destination (the bias is f32). */
typedef struct {
  dnnl_data_type_t src, weights, dst;
} data_types;

static const data_types f32 = {dnnl_f32, dnnl_f32, dnnl_f32};

/* The operation descriptor of shape s on source src (weights, bias, destination: any layout). */
static void describe(const dnnl_weighted_shape *s, const dnnl_memory_desc_t *src, data_types dt, void *desc) {
  dnnl_memory_desc_t w, b, dst;
  any_md(&w, s->weights_ndims, s->weights, dt.weights);
  if (s->bias_ndims) any_md(&b, s->bias_ndims, s->bias, dnnl_f32);
  any_md(&dst, s->dst_ndims, s->dst, dt.dst);
  const dnnl_memory_desc_t *bias = s->bias_ndims ? &b : NULL;
  int st;
  if (s->kind == DNNL_WEIGHTED_CONVOLUTION) {
    dnnl_dims_t stride = {0}, dilation = {0}, pad_l = {0}, pad_r = {0};
    for (int d = 0; d < s->ndims - 2; d++) {
      dnnl_dim_t k = s->weights[s->weights_ndims - (s->ndims - 2) + d], span = (k - 1) * (s->dilation[d] + 1) + 1;
      stride[d] = s->stride[d], dilation[d] = s->dilation[d], pad_l[d] = s->pad_l[d];
      pad_r[d] = (s->dst[2 + d] - 1) * s->stride[d] + span - s->src[2 + d] - s->pad_l[d];
    }
    st = dnnl_dilated_convolution_forward_desc_init(desc, dnnl_forward_inference, dnnl_convolution_direct, src, &w, bias,
                                                    &dst, stride, dilation, pad_l, pad_r);
  } else if (s->kind == DNNL_WEIGHTED_INNER_PRODUCT) {
    st = dnnl_inner_product_forward_desc_init(desc, dnnl_forward_inference, src, &w, bias, &dst);
  } else {
    st = dnnl_matmul_desc_init(desc, src, &w, bias, &dst);
  }
  assert_int_equal(st, dnnl_success);
}

/* Runs shape s on a source of layout tag, data types dt, random data from seed, with attr (or
 * NULL). 0, or dnnl_unimplemented for bf16 on a CPU (or ISA cap) without it ("bf16: Intel DL
 * Boost with bfloat16 support" is its minimal ISA, oneDNN 2.6 data_types.md). */
static int run(weighted_run *r, const dnnl_weighted_shape *s, dnnl_format_tag_t tag, data_types dt,
               const_dnnl_primitive_attr_t attr, uint64_t seed) {
  char identity[128];
  assert_int_equal(mlf_onednn_open(identity, sizeof identity), 0);
  memset(r, 0, sizeof *r);
  dnnl_memory_desc_t src;
  assert_int_equal(dnnl_memory_desc_init_by_tag(&src, s->ndims, s->src, dt.src, tag), dnnl_success);
  union {
    dnnl_convolution_desc_t convolution;
    dnnl_inner_product_desc_t inner_product;
    dnnl_matmul_desc_t matmul;
  } desc;
  describe(s, &src, dt, &desc);
  dnnl_primitive_desc_t pd;
  dnnl_primitive_t prim;
  int st = dnnl_primitive_desc_create(&pd, &desc, attr, mlf_onednn_engine, NULL);
  if (st == dnnl_unimplemented && dt.src == dnnl_bf16) return st;
  assert_int_equal(st, dnnl_success);
  assert_int_equal(dnnl_primitive_create(&prim, pd), dnnl_success);
  make_tensor(&r->src, &src, seed);
  make_tensor(&r->weights, dnnl_primitive_desc_query_md(pd, dnnl_query_weights_md, 0), seed + 1);
  if (s->bias_ndims) make_tensor(&r->bias, dnnl_primitive_desc_query_md(pd, dnnl_query_weights_md, 1), seed + 2);
  make_tensor(&r->dst, dnnl_primitive_desc_query_md(pd, dnnl_query_dst_md, 0), 0);
  dnnl_exec_arg_t args[4] = {{DNNL_ARG_SRC, r->src.memory}, {DNNL_ARG_WEIGHTS, r->weights.memory},
                             {DNNL_ARG_DST, r->dst.memory}, {DNNL_ARG_BIAS, r->bias.memory}};
  assert_int_equal(dnnl_primitive_execute(prim, mlf_onednn_stream, s->bias_ndims ? 4 : 3, args), dnnl_success);
  assert_int_equal(dnnl_stream_wait(mlf_onednn_stream), dnnl_success);
  dnnl_primitive_destroy(prim);
  dnnl_primitive_desc_destroy(pd);
  return 0;
}

static int check(const weighted_run *r, const dnnl_weighted_shape *s, const dnnl_arithmetic *a, dnnl_reference_miss *miss) {
  const char *why = NULL;
  return dnnl_reference_check(s, a, view(&r->src), view(&r->weights), view(&r->bias), view(&r->dst), miss, &why);
}

static const dnnl_arithmetic strict = {.output_scale = 1, .fpmath = dnnl_fpmath_mode_strict};

/* 2x4x7x6 source, 6 output channels in 2 groups, kernel 3x2, stride (2, 1), padding (1, 0)
 * on the left, dilation (1, 0): destination 2x6x3x5. */
static const dnnl_weighted_shape grouped_convolution = {
    DNNL_WEIGHTED_CONVOLUTION, 4, 5, 1, 4, {2, 4, 7, 6}, {2, 3, 2, 3, 2}, {6}, {2, 6, 3, 5},
    {2, 1}, {1, 0}, {1, 0}, 2};
/* Depthwise: 1x8x9 source, 8 groups of one channel, kernel 3, padding 1, no bias. */
static const dnnl_weighted_shape depthwise_convolution = {
    DNNL_WEIGHTED_CONVOLUTION, 3, 4, 0, 3, {1, 8, 9}, {8, 1, 1, 3}, {0}, {1, 8, 9}, {1}, {1}, {0}, 8};
static const dnnl_weighted_shape inner_product = {
    DNNL_WEIGHTED_INNER_PRODUCT, 4, 4, 1, 2, {3, 5, 4, 4}, {7, 5, 4, 4}, {7}, {3, 7}, {0}, {0}, {0}, 1};
/* 2x3x5 by 1x5x4 (broadcast over the batch), bias 1x1x4. */
static const dnnl_weighted_shape batched_matmul = {
    DNNL_WEIGHTED_MATMUL, 3, 3, 3, 3, {2, 3, 5}, {1, 5, 4}, {1, 1, 4}, {2, 3, 4}, {0}, {0}, {0}, 1};

/* An attribute with output scale 0.375 and a relu post-op (alpha -0.5, scale 2), and its
 * record. */
static dnnl_primitive_attr_t scaled_relu(dnnl_arithmetic *a) {
  dnnl_primitive_attr_t attr;
  dnnl_post_ops_t ops;
  float scale = 0.375f;
  assert_int_equal(dnnl_primitive_attr_create(&attr), dnnl_success);
  assert_int_equal(dnnl_primitive_attr_set_output_scales(attr, 1, 0, &scale), dnnl_success);
  assert_int_equal(dnnl_post_ops_create(&ops), dnnl_success);
  assert_int_equal(dnnl_post_ops_append_eltwise(ops, 2, dnnl_eltwise_relu, -0.5f, 0), dnnl_success);
  assert_int_equal(dnnl_primitive_attr_set_post_ops(attr, ops), dnnl_success);
  dnnl_post_ops_destroy(ops);
  *a = (dnnl_arithmetic){scale, dnnl_fpmath_mode_strict, {{dnnl_eltwise, dnnl_eltwise_relu, 2, -0.5f, 0, 0}}, 1};
  return attr;
}

static void test_reference_agrees_with_onednn(void **state) {
  (void)state;
  dnnl_reference_miss miss;
  weighted_run r;
  const dnnl_weighted_shape *plain[] = {&grouped_convolution, &depthwise_convolution, &inner_product,
                                        &batched_matmul, &grouped_convolution, &batched_matmul};
  const dnnl_format_tag_t tags[] = {dnnl_nchw, dnnl_nwc, dnnl_nChw8c, dnnl_abc, dnnl_nhwc, dnnl_abc};
  const data_types types[] = {f32, f32, f32, f32, {dnnl_u8, dnnl_s8, dnnl_f32}, {dnnl_bf16, dnnl_bf16, dnnl_bf16}};
  for (int i = 0; i < 6; i++) {
    if (run(&r, plain[i], tags[i], types[i], NULL, 10 + (uint64_t)i) == dnnl_unimplemented) continue;
    assert_int_equal(check(&r, plain[i], &strict, &miss), DNNL_REFERENCE_AGREES);
    free_run(&r);
  }
  dnnl_arithmetic a;
  dnnl_primitive_attr_t attr = scaled_relu(&a);
  run(&r, &batched_matmul, dnnl_abc, f32, attr, 20);
  assert_int_equal(check(&r, &batched_matmul, &a, &miss), DNNL_REFERENCE_AGREES);
  free_run(&r);
  dnnl_primitive_attr_destroy(attr);
}

/* Adds delta to logical element e of an f32 tensor. */
static void plant(tensor *t, size_t e, float delta) {
  float v = dnnl_data_f32(&t->md, t->buffer, e) + delta;
  memcpy((char *)t->buffer + dnnl_data_offset(&t->md, e), &v, sizeof v);
}

static void test_reference_catches_planted_wrong_output(void **state) {
  (void)state;
  dnnl_reference_miss miss;
  weighted_run r;
  run(&r, &grouped_convolution, dnnl_nchw, f32, NULL, 30);
  plant(&r.dst, 97, 0.01f);
  assert_int_equal(check(&r, &grouped_convolution, &strict, &miss), DNNL_REFERENCE_DIFFERS);
  assert_int_equal(miss.element, 97);
  assert_int_equal(miss.terms, 12); /* 2 channels of the group x 3 x 2 taps */
  assert_true(fabs(miss.got - miss.want) > miss.bound);
  plant(&r.dst, 97, NAN);
  assert_int_equal(check(&r, &grouped_convolution, &strict, &miss), DNNL_REFERENCE_DIFFERS);
  free_run(&r);
  run(&r, &inner_product, dnnl_nChw8c, f32, NULL, 31);
  plant(&r.dst, 20, -0.01f);
  assert_int_equal(check(&r, &inner_product, &strict, &miss), DNNL_REFERENCE_DIFFERS);
  assert_int_equal(miss.element, 20);
  assert_int_equal(miss.terms, 80);
  free_run(&r);
  dnnl_arithmetic a;
  dnnl_primitive_attr_t attr = scaled_relu(&a);
  run(&r, &batched_matmul, dnnl_abc, f32, attr, 32);
  plant(&r.dst, 23, 0.01f);
  assert_int_equal(check(&r, &batched_matmul, &a, &miss), DNNL_REFERENCE_DIFFERS);
  assert_int_equal(miss.element, 23);
  free_run(&r);
  dnnl_primitive_attr_destroy(attr);
}

/* A deviation of half the bf16 bound of an element: outside the strict bound, inside bf16's. */
static void test_fpmath_mode_sets_the_unit_roundoff(void **state) {
  (void)state;
  dnnl_reference_miss miss;
  weighted_run r;
  dnnl_arithmetic bf16 = strict;
  bf16.fpmath = dnnl_fpmath_mode_bf16;
  run(&r, &grouped_convolution, dnnl_nchw, f32, NULL, 40);
  plant(&r.dst, 50, 1000);
  assert_int_equal(check(&r, &grouped_convolution, &bf16, &miss), DNNL_REFERENCE_DIFFERS);
  double half = miss.bound / 2;
  float want = (float)miss.want;
  memcpy((char *)r.dst.buffer + dnnl_data_offset(&r.dst.md, 50), &want, sizeof want);
  plant(&r.dst, 50, (float)half);
  assert_int_equal(check(&r, &grouped_convolution, &bf16, &miss), DNNL_REFERENCE_AGREES);
  assert_int_equal(check(&r, &grouped_convolution, &strict, &miss), DNNL_REFERENCE_DIFFERS);
  assert_int_equal(miss.element, 50);
  free_run(&r);
}

static void test_reference_skips_what_it_cannot_bound(void **state) {
  (void)state;
  dnnl_reference_miss miss;
  weighted_run r;
  /* K = 300: 300 u_bf16 >= 1, the bf16 bound says nothing; the strict one holds. */
  const dnnl_weighted_shape long_rows = {DNNL_WEIGHTED_INNER_PRODUCT, 2, 2, 0, 2, {2, 300}, {3, 300}, {0}, {2, 3},
                                         {0}, {0}, {0}, 1};
  dnnl_arithmetic a = strict;
  run(&r, &long_rows, dnnl_ab, f32, NULL, 50);
  assert_int_equal(check(&r, &long_rows, &a, &miss), DNNL_REFERENCE_AGREES);
  a.fpmath = dnnl_fpmath_mode_bf16;
  assert_int_equal(check(&r, &long_rows, &a, &miss), DNNL_REFERENCE_SKIPPED);
  /* A sum post-op has no model. */
  a = strict;
  a.post_op[0] = (dnnl_post_op){dnnl_sum, dnnl_alg_kind_undef, 1, 0, 0, 0};
  a.n_post_ops = 1;
  assert_int_equal(check(&r, &long_rows, &a, &miss), DNNL_REFERENCE_SKIPPED);
  free_run(&r);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_reference_agrees_with_onednn),
      cmocka_unit_test(test_reference_catches_planted_wrong_output),
      cmocka_unit_test(test_fpmath_mode_sets_the_unit_roundoff),
      cmocka_unit_test(test_reference_skips_what_it_cannot_bound),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
