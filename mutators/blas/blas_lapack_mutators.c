/* LapackCase post-processor and domain mutators. The post-processor bounds the work of one
 * input (dimensions, condition number, rank) deterministically and leaves a bounded message
 * unchanged (Fill is bounded by its own post-processor in blas_gemm_mutators.c); the domain
 * mutators make in one step the changes LAPACK cares about: a singular or rank-deficient A, a
 * chosen condition number, a NaN in A, sizes around block sizes, an invalid argument. */
#include <stdlib.h>
#include "blas_lapack.pb-c.h"
#include "mlf_mutator.h"

/* Largest m, n: 64 keeps the long double residuals (O(n^3)) and five libraries fast;
 * MLF_LAPACK_MAX_DIM lowers it (a reproducer valid under a lower cap is valid under 64). */
#define LAPACK_MAX_DIM 64
#define LAPACK_MAX_NRHS 16
#define LAPACK_MAX_LOG10_COND 24 /* past 1 / eps of double: numerically singular */

static uint32_t max_dim(void) {
  static uint32_t cached;
  if (!cached) {
    const char *e = getenv("MLF_LAPACK_MAX_DIM");
    long v = e ? strtol(e, NULL, 10) : 0;
    cached = v > 0 && v < LAPACK_MAX_DIM ? (uint32_t)v : LAPACK_MAX_DIM;
  }
  return cached;
}

static void bound_case(Mlf__Lapack__LapackCase *c) {
  uint32_t cap = max_dim();
  if (c->m > cap) c->m %= cap + 1;
  if (c->n > cap) c->n %= cap + 1;
  if (c->nrhs > LAPACK_MAX_NRHS) c->nrhs %= LAPACK_MAX_NRHS + 1;
}

static void bound_construction(Mlf__Lapack__Construction *k) {
  if (k->log10_cond > LAPACK_MAX_LOG10_COND) k->log10_cond %= LAPACK_MAX_LOG10_COND + 1;
  if (k->rank > LAPACK_MAX_DIM) k->rank %= LAPACK_MAX_DIM + 1;
}

static void post_process_case(ProtobufCMessage *msg) { bound_case((Mlf__Lapack__LapackCase *)msg); }
static void post_process_construction(ProtobufCMessage *msg) {
  bound_construction((Mlf__Lapack__Construction *)msg);
}

static Mlf__Lapack__Construction *construction_of(Mlf__Lapack__LapackCase *c) {
  if (!c->construction) {
    c->construction = malloc(sizeof *c->construction);
    if (!c->construction) abort();
    mlf__lapack__construction__init(c->construction);
  }
  return c->construction;
}

/* A becomes rank deficient: rank below min(m, n) (a square A becomes singular). */
static int mutate_rank_deficient(ProtobufCMessage *msg, mlf_rng *rng) {
  Mlf__Lapack__LapackCase *c = (Mlf__Lapack__LapackCase *)msg;
  Mlf__Lapack__Construction *k = construction_of(c);
  uint32_t dim = c->m < c->n ? c->m : c->n;
  k->has_kind = 1, k->kind = MLF__LAPACK__CONSTRUCTION__KIND__RANK_DEFICIENT;
  k->has_rank = 1, k->rank = (uint32_t)mlf_rng_below(rng, dim ? dim : 1);
  return 1;
}

/* A gets a known spectrum with a chosen condition number: 10^0 .. 10^24, and for the
 * Hermitian routines positive definite or indefinite. */
static int mutate_conditioning(ProtobufCMessage *msg, mlf_rng *rng) {
  Mlf__Lapack__LapackCase *c = (Mlf__Lapack__LapackCase *)msg;
  Mlf__Lapack__Construction *k = construction_of(c);
  static const Mlf__Lapack__Construction__Kind kinds[] = {
      MLF__LAPACK__CONSTRUCTION__KIND__CONDITIONED, MLF__LAPACK__CONSTRUCTION__KIND__POSITIVE_DEFINITE,
      MLF__LAPACK__CONSTRUCTION__KIND__INDEFINITE};
  k->has_kind = 1, k->kind = kinds[mlf_rng_below(rng, 3)];
  k->has_log10_cond = 1, k->log10_cond = (uint32_t)mlf_rng_below(rng, LAPACK_MAX_LOG10_COND + 1);
  return 1;
}

/* One element of A becomes NaN (or another special value in a quarter of the cases). */
static int mutate_poke_a(ProtobufCMessage *msg, mlf_rng *rng) {
  Mlf__Lapack__LapackCase *c = (Mlf__Lapack__LapackCase *)msg;
  if (!c->a) {
    c->a = malloc(sizeof *c->a);
    if (!c->a) abort();
    mlf__blas__fill__init(c->a);
  }
  if (c->a->n_pokes >= 16) return 0;
  Mlf__Blas__Poke **pokes = realloc(c->a->pokes, (c->a->n_pokes + 1) * sizeof *pokes);
  Mlf__Blas__Poke *p = malloc(sizeof *p);
  Mlf__Number *v = malloc(sizeof *v);
  if (!pokes || !p || !v) abort();
  mlf__blas__poke__init(p);
  mlf__number__init(v);
  v->kind_case = MLF__NUMBER__KIND_SPECIAL;
  v->special = mlf_rng_chance(rng, 75) ? MLF__SPECIAL__QUIET_NAN
                                       : (Mlf__Special)mlf_rng_below(rng, MLF__SPECIAL__HALF + 1);
  p->has_index = 1, p->index = (uint32_t)mlf_rng_next(rng);
  p->value = v;
  pokes[c->a->n_pokes++] = p;
  c->a->pokes = pokes;
  return 1;
}

/* Sizes where LAPACK switches code paths: the unblocked/blocked crossover (NB = 32 or 64 in
 * ILAENV, OpenBLAS's GEMM_UNROLL multiples), gelsd's SMLSIZ = 25 and their neighbours. */
static const uint32_t block_sizes[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 24, 25, 26, 27,
                                       31, 32, 33, 47, 48, 49, 63, 64};

static int mutate_block_size(ProtobufCMessage *msg, mlf_rng *rng) {
  Mlf__Lapack__LapackCase *c = (Mlf__Lapack__LapackCase *)msg;
  uint32_t v = block_sizes[mlf_rng_below(rng, sizeof block_sizes / sizeof *block_sizes)];
  if (v > max_dim()) v = max_dim();
  if (mlf_rng_chance(rng, 50)) c->has_n = 1, c->n = v;
  else c->has_m = 1, c->m = v;
  return 1;
}

/* One argument becomes invalid (or the case becomes valid again). */
static int mutate_invalid(ProtobufCMessage *msg, mlf_rng *rng) {
  Mlf__Lapack__LapackCase *c = (Mlf__Lapack__LapackCase *)msg;
  c->has_invalid = 1;
  c->invalid = (Mlf__Lapack__InvalidArgument)mlf_rng_below(rng, MLF__LAPACK__INVALID_ARGUMENT__BAD_OPTION + 1);
  return 1;
}

/* Weights are in the generic mutator's unit (4 per field for a plain mutation); a LapackCase
 * has a few dozen fields, so these together make about a fifth of all mutations. */
__attribute__((constructor)) static void register_lapack_mutators(void) {
  const ProtobufCMessageDescriptor *d = &mlf__lapack__lapack_case__descriptor;
  mlf_register_post_processor(d, post_process_case);
  mlf_register_post_processor(&mlf__lapack__construction__descriptor, post_process_construction);
  mlf_register_domain_mutator(d, "lapack:rank-deficient", mutate_rank_deficient, 8);
  mlf_register_domain_mutator(d, "lapack:conditioning", mutate_conditioning, 10);
  mlf_register_domain_mutator(d, "lapack:poke-a", mutate_poke_a, 8);
  mlf_register_domain_mutator(d, "lapack:block-size", mutate_block_size, 12);
  mlf_register_domain_mutator(d, "lapack:invalid", mutate_invalid, 4);
}
