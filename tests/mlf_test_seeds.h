/* Realistic seed messages of a few hundred bytes, shared by the mutator tests and the
 * mutator benchmark: a GemmCase with every field set and pokes in each operand, and an
 * AllTypes using every field kind (nested and recursive messages, every repeated kind, a
 * oneof, special floating-point values, non-ASCII bytes). Built on the stack and packed. */
#ifndef MLF_TEST_SEEDS_H
#define MLF_TEST_SEEDS_H
#include <math.h>
#include <float.h>
#include "alltypes.pb-c.h"
#include "blas.pb-c.h"

#define MLF_SEED_POKES 8

static inline void mlf_seed_fill(Mlf__Blas__Fill *f, Mlf__Blas__Poke *pokes,
                                 Mlf__Blas__Poke **ptrs, Mlf__Number *values,
                                 uint64_t seed) {
  mlf__blas__fill__init(f);
  f->has_distribution = 1;
  f->distribution = (Mlf__Blas__Fill__Distribution)(seed % 6);
  f->has_seed = 1;
  f->seed = seed * 0x9e3779b97f4a7c15ULL;
  f->has_scale_exponent = 1;
  f->scale_exponent = -(int32_t)(seed % 40);
  f->has_ld_padding = 1;
  f->ld_padding = (uint32_t)(seed % 5);
  for (int i = 0; i < MLF_SEED_POKES; i++) {
    mlf__number__init(&values[i]);
    if (i % 2) {
      values[i].kind_case = MLF__NUMBER__KIND_SPECIAL;
      values[i].special = (Mlf__Special)((seed + (uint64_t)i) % 16);
    } else {
      values[i].kind_case = MLF__NUMBER__KIND_VALUE;
      const double special[] = {(double)seed / 3, DBL_TRUE_MIN, -0.0, NAN};
      values[i].value = special[i / 2];
    }
    mlf__blas__poke__init(&pokes[i]);
    pokes[i].has_index = 1;
    pokes[i].index = (uint32_t)(seed * 1000 + (uint64_t)i * 37);
    pokes[i].value = &values[i];
    pokes[i].has_imaginary = i % 3 == 0;
    pokes[i].imaginary = i % 2;
    ptrs[i] = &pokes[i];
  }
  f->n_pokes = MLF_SEED_POKES;
  f->pokes = ptrs;
}

/* Packs the GemmCase seed into out (at least 1024 bytes); returns its size. */
static inline size_t mlf_seed_gemm(uint8_t *out) {
  Mlf__Blas__GemmCase g = MLF__BLAS__GEMM_CASE__INIT;
  Mlf__Blas__Scalar alpha = MLF__BLAS__SCALAR__INIT, beta = MLF__BLAS__SCALAR__INIT;
  Mlf__Number parts[4];
  Mlf__Blas__Fill fills[3];
  Mlf__Blas__Poke pokes[3][MLF_SEED_POKES], *ptrs[3][MLF_SEED_POKES];
  Mlf__Number values[3][MLF_SEED_POKES];
  for (int i = 0; i < 4; i++) {
    mlf__number__init(&parts[i]);
    parts[i].kind_case = MLF__NUMBER__KIND_VALUE;
    parts[i].value = 0.75 - i;
  }
  alpha.re = &parts[0];
  alpha.im = &parts[1];
  beta.re = &parts[2];
  beta.im = &parts[3];
  for (int i = 0; i < 3; i++)
    mlf_seed_fill(&fills[i], pokes[i], ptrs[i], values[i], 11 + (uint64_t)i);
  g.has_precision = g.has_layout = g.has_trans_a = g.has_trans_b = 1;
  g.precision = MLF__BLAS__PRECISION__DOUBLE_COMPLEX;
  g.layout = MLF__BLAS__LAYOUT__COL_MAJOR;
  g.trans_a = MLF__BLAS__TRANSPOSE__CONJ_TRANS;
  g.trans_b = MLF__BLAS__TRANSPOSE__TRANS;
  g.has_m = g.has_n = g.has_k = 1;
  g.m = 33;
  g.n = 17;
  g.k = 65;
  g.alpha = &alpha;
  g.beta = &beta;
  g.a = &fills[0];
  g.b = &fills[1];
  g.c = &fills[2];
  return mlf__blas__gemm_case__pack(&g, out);
}

/* Packs the AllTypes seed into out (at least 1024 bytes); returns its size. */
static inline size_t mlf_seed_alltypes(uint8_t *out) {
  Mlf__Test__AllTypes a = MLF__TEST__ALL_TYPES__INIT;
  Mlf__Test__Leaf leaves[5], *children[2] = {&leaves[1], &leaves[2]},
                             *r_messages[2] = {&leaves[3], &leaves[4]};
  static char s0[] = "alpha", s1[] = "beta\tgamma", s2[] = "\"quoted\"", text[] = "hello world",
              choice[] = "choice", leaf_s[] = "leaf";
  static uint8_t raw0[] = {0x00, 0x01, 0xff, 0x7f, 0x80}, raw1[] = {'b', 'y', 't', 'e', 's'};
  char *r_strings[3] = {s0, s1, s2};
  ProtobufCBinaryData r_bytes[2] = {{sizeof raw0, raw0}, {sizeof raw1, raw1}};
  int32_t r_ints[4] = {0, -1, INT32_MAX, 1 << 20};
  double r_doubles[4] = {INFINITY, -0.0, DBL_TRUE_MIN, 3.141592653589793};
  Mlf__Test__Color r_enums[3] = {MLF__TEST__COLOR__RED, MLF__TEST__COLOR__NEGATIVE,
                                 MLF__TEST__COLOR__BLUE};
  protobuf_c_boolean r_bools[3] = {1, 0, 1};
  float r_floats[3] = {FLT_MAX, -FLT_MIN, 0.1f};
  for (int i = 0; i < 5; i++) {
    mlf__test__leaf__init(&leaves[i]);
    leaves[i].has_i = 1;
    leaves[i].i = i * 100 - 7;
    leaves[i].s = leaf_s;
  }
  leaves[0].n_children = 2;
  leaves[0].children = children;
  a.has_f_int32 = a.has_f_sint32 = a.has_f_sfixed32 = a.has_f_int64 = a.has_f_sint64 = 1;
  a.has_f_sfixed64 = a.has_f_uint32 = a.has_f_fixed32 = a.has_f_uint64 = a.has_f_fixed64 = 1;
  a.has_f_float = a.has_f_double = a.has_f_bool = a.has_f_bytes = a.has_f_enum = 1;
  a.f_int32 = -42;
  a.f_sint32 = INT32_MIN;
  a.f_sfixed32 = 12345;
  a.f_int64 = INT64_MAX;
  a.f_sint64 = -1234567890123LL;
  a.f_sfixed64 = -1;
  a.f_uint32 = UINT32_MAX;
  a.f_fixed32 = 0x80000000u;
  a.f_uint64 = 1ULL << 63;
  a.f_fixed64 = 77;
  a.f_float = -1.5f;
  a.f_double = 1e-300;
  a.f_bool = 1;
  a.f_string = text;
  a.f_bytes = r_bytes[0];
  a.f_enum = MLF__TEST__COLOR__GREEN;
  a.f_message = &leaves[0];
  a.r_int32 = 7;
  a.n_r_ints = 4;
  a.r_ints = r_ints;
  a.n_r_doubles = 4;
  a.r_doubles = r_doubles;
  a.n_r_strings = 3;
  a.r_strings = r_strings;
  a.n_r_bytes = 2;
  a.r_bytes = r_bytes;
  a.n_r_enums = 3;
  a.r_enums = r_enums;
  a.n_r_messages = 2;
  a.r_messages = r_messages;
  a.n_r_bools = 3;
  a.r_bools = r_bools;
  a.n_r_floats = 3;
  a.r_floats = r_floats;
  a.choice_case = MLF__TEST__ALL_TYPES__CHOICE_O_STRING;
  a.o_string = choice;
  return mlf__test__all_types__pack(&a, out);
}
#endif
