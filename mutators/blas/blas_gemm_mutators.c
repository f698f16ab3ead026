/* GemmCase post-processor and domain mutators. The post-processor bounds the work of one
 * input (dimensions, padding, pokes, scale) deterministically and leaves a bounded message
 * unchanged; the domain mutators make the changes gemm kernels care about in one step:
 * dimensions around blocking thresholds, special alpha/beta, a special value poked in. */
#include <stdlib.h>
#include "blas.pb-c.h"
#include "blas_value_mutations.h"
#include "mlf_mutator.h"

/* Largest m, n, k; MLF_GEMM_MAX_DIM lowers it for campaigns that want small, fast inputs (an
 * input valid under a lower cap is valid under the default, so such reproducers replay as is). */
#define GEMM_MAX_DIM 320
#define GEMM_MAX_WORK (1u << 18) /* m * n * k: a few milliseconds per input at most */
#define GEMM_MAX_PADDING 16
#define GEMM_MAX_POKES 16
#define GEMM_MAX_SCALE 2200      /* |scale_exponent|: beyond it every value is 0 or Inf */

static uint32_t max_dim(void) {
  static uint32_t cached;
  if (!cached) {
    const char *e = getenv("MLF_GEMM_MAX_DIM");
    long v = e ? strtol(e, NULL, 10) : 0;
    cached = v > 0 && v < GEMM_MAX_DIM ? (uint32_t)v : GEMM_MAX_DIM;
  }
  return cached;
}

static void bound_fill(Mlf__Blas__Fill *f) {
  if (f->ld_padding > GEMM_MAX_PADDING) f->ld_padding %= GEMM_MAX_PADDING + 1;
  if (f->scale_exponent > GEMM_MAX_SCALE || f->scale_exponent < -GEMM_MAX_SCALE)
    f->scale_exponent %= GEMM_MAX_SCALE + 1;
  while (f->n_pokes > GEMM_MAX_POKES)
    protobuf_c_message_free_unpacked(&f->pokes[--f->n_pokes]->base, NULL);
}

static void bound_gemm(Mlf__Blas__GemmCase *g) {
  uint32_t cap = max_dim();
  uint32_t *dims[3] = {&g->m, &g->n, &g->k};
  for (int i = 0; i < 3; i++)
    if (*dims[i] > cap) *dims[i] %= cap + 1;
  while ((uint64_t)g->m * g->n * g->k > GEMM_MAX_WORK) {
    uint32_t *largest = dims[0];
    for (int i = 1; i < 3; i++)
      if (*dims[i] > *largest) largest = dims[i];
    *largest /= 2;
  }
}

static void post_process_gemm(ProtobufCMessage *msg) { bound_gemm((Mlf__Blas__GemmCase *)msg); }
static void post_process_fill(ProtobufCMessage *msg) { bound_fill((Mlf__Blas__Fill *)msg); }

/* Sizes where kernels switch between code paths: register blocks of 1-16 and their
 * neighbours, cache blocks of 32-256. */
static const uint32_t blocking_sizes[] = {0,  1,  2,  3,  4,  5,  7,  8,  9,  12, 15, 16, 17,
                                          23, 24, 25, 31, 32, 33, 47, 48, 63, 64, 65, 95, 96,
                                          97, 127, 128, 129, 191, 192, 255, 256, 257, 320};

static int mutate_blocking_dim(ProtobufCMessage *msg, mlf_rng *rng) {
  Mlf__Blas__GemmCase *g = (Mlf__Blas__GemmCase *)msg;
  uint32_t v = blocking_sizes[mlf_rng_below(rng, sizeof blocking_sizes / sizeof *blocking_sizes)];
  if (v > max_dim()) v = max_dim();
  switch (mlf_rng_below(rng, 3)) {
    case 0: g->has_m = 1, g->m = v; break;
    case 1: g->has_n = 1, g->n = v; break;
    default: g->has_k = 1, g->k = v;
  }
  bound_gemm(g);
  return 1;
}

/* alpha or beta (real or imaginary part) becomes a special value: 0, 1, -1, Inf, NaN, ... */
static int mutate_special_scalar(ProtobufCMessage *msg, mlf_rng *rng) {
  Mlf__Blas__GemmCase *g = (Mlf__Blas__GemmCase *)msg;
  blas_special_scalar(mlf_rng_chance(rng, 50) ? &g->alpha : &g->beta, rng);
  return 1;
}

/* One more element of A, B or C becomes a special value. */
static int mutate_poke_special(ProtobufCMessage *msg, mlf_rng *rng) {
  Mlf__Blas__GemmCase *g = (Mlf__Blas__GemmCase *)msg;
  Mlf__Blas__Fill **f = mlf_rng_chance(rng, 34) ? &g->a : mlf_rng_chance(rng, 50) ? &g->b : &g->c;
  return blas_poke_special(f, GEMM_MAX_POKES, rng);
}

/* Weights are in the generic mutator's unit (4 per field for a plain mutation): with a GemmCase
 * of a few dozen fields these three together make about a fifth of all mutations. */
__attribute__((constructor)) static void register_gemm_mutators(void) {
  mlf_register_post_processor(&mlf__blas__gemm_case__descriptor, post_process_gemm);
  mlf_register_post_processor(&mlf__blas__fill__descriptor, post_process_fill);
  mlf_register_domain_mutator(&mlf__blas__gemm_case__descriptor, "gemm:blocking-dim",
                              mutate_blocking_dim, 20);
  mlf_register_domain_mutator(&mlf__blas__gemm_case__descriptor, "gemm:special-scalar",
                              mutate_special_scalar, 15);
  mlf_register_domain_mutator(&mlf__blas__gemm_case__descriptor, "gemm:poke-special",
                              mutate_poke_special, 15);
}
