/* Level23Case post-processor and domain mutators. The post-processor makes every message a
 * valid call: the routine exists in the precision (a Hermitian routine in a real precision
 * becomes its symmetric sibling and back), flags the routine accepts, nonzero increments,
 * the Fortran interface in column-major, and bounded work. A bounded message is unchanged. */
#include "blas_level23.pb-c.h"
#include "blas_value_mutations.h"
#include "mlf_mutator.h"

#define L23(name) MLF__BLAS__LEVEL23_CASE__ROUTINE__##name
#define REL(name) MLF__BLAS__LEVEL23_CASE__RELATION__##name
#define MAX_DIM_L2 256      /* level 2: n, m */
#define MAX_DIM_L3 96       /* level 3: m, n, k */
#define MAX_WORK_L3 (1u << 17)
#define MAX_BAND 24         /* k, kl, ku of band routines */
#define MAX_INC 4
#define MAX_POKES 16
/* Stores v in optional field f of c, marking it present when the value changes (protobuf-c
 * encodes a proto2 optional scalar only when its has_ flag is set). */
#define SET(c, f, v)                        \
  do {                                      \
    __typeof__((c)->f) v_ = (v);            \
    if ((c)->f != v_) (c)->has_##f = 1, (c)->f = v_; \
  } while (0)

/* The sibling of a routine that the precision lacks: level-2 symmetric routines are real only
 * and their Hermitian twins complex only; hemm, herk, her2k are complex only (symm, syrk,
 * syr2k exist in all four precisions). */
static Mlf__Blas__Level23Case__Routine sibling(Mlf__Blas__Level23Case__Routine r, int complex_) {
  static const Mlf__Blas__Level23Case__Routine pairs[][2] = {
      {L23(SYMV), L23(HEMV)}, {L23(SBMV), L23(HBMV)}, {L23(SPMV), L23(HPMV)},
      {L23(GER), L23(GERU)},  {L23(SYR), L23(HER)},   {L23(SYR2), L23(HER2)},
      {L23(SPR), L23(HPR)},   {L23(SPR2), L23(HPR2)}, {L23(GER), L23(GERC)},
      {L23(SYMM), L23(HEMM)}, {L23(SYRK), L23(HERK)}, {L23(SYR2K), L23(HER2K)}};
  size_t two_way = 8; /* the first eight pairs; the rest only lead to the real routine */
  for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++) {
    if (!complex_ && r == pairs[i][1]) return pairs[i][0];
    if (complex_ && i < two_way && r == pairs[i][0]) return pairs[i][1];
  }
  return r;
}

static uint32_t cap(uint32_t v, uint32_t max) { return v > max ? v % (max + 1) : v; }
static int32_t bound_inc(int32_t inc) {
  if (inc == 0) return 1;
  if (inc > MAX_INC || inc < -MAX_INC) inc %= MAX_INC + 1;
  return inc == 0 ? 1 : inc;
}

static void post_process_level23(ProtobufCMessage *msg) {
  Mlf__Blas__Level23Case *c = (Mlf__Blas__Level23Case *)msg;
  int complex_ = c->precision == MLF__BLAS__PRECISION__COMPLEX ||
                 c->precision == MLF__BLAS__PRECISION__DOUBLE_COMPLEX;
  SET(c, routine, sibling(c->routine, complex_));
  if (c->interface == MLF__BLAS__LEVEL23_CASE__INTERFACE__FORTRAN)
    SET(c, layout, MLF__BLAS__LAYOUT__COL_MAJOR);
  /* herk/her2k take N or C, complex syrk/syr2k N or T. */
  int hermitian_k = c->routine == L23(HERK) || c->routine == L23(HER2K);
  int complex_sym_k = complex_ && (c->routine == L23(SYRK) || c->routine == L23(SYR2K));
  if (hermitian_k && c->trans == MLF__BLAS__TRANSPOSE__TRANS) SET(c, trans, MLF__BLAS__TRANSPOSE__CONJ_TRANS);
  if (complex_sym_k && c->trans == MLF__BLAS__TRANSPOSE__CONJ_TRANS) SET(c, trans, MLF__BLAS__TRANSPOSE__TRANS);
  SET(c, incx, bound_inc(c->incx));
  SET(c, incy, bound_inc(c->incy));
  SET(c, k, c->routine >= L23(GEMM) ? c->k : cap(c->k, MAX_BAND));
  SET(c, kl, cap(c->kl, MAX_BAND));
  SET(c, ku, cap(c->ku, MAX_BAND));
  if (c->routine < L23(GEMM)) {
    SET(c, m, cap(c->m, MAX_DIM_L2));
    SET(c, n, cap(c->n, MAX_DIM_L2));
    return;
  }
  SET(c, m, cap(c->m, MAX_DIM_L3));
  SET(c, n, cap(c->n, MAX_DIM_L3));
  SET(c, k, cap(c->k, MAX_DIM_L3));
  while ((uint64_t)c->m * c->n * (c->k + 1) > MAX_WORK_L3) {
    if (c->m >= c->n && c->m >= c->k) SET(c, m, c->m / 2);
    else if (c->n >= c->k) SET(c, n, c->n / 2);
    else SET(c, k, c->k / 2);
  }
}

/* Moves to another routine of the same family: the cheapest way across the routine space. */
static int mutate_routine(ProtobufCMessage *msg, mlf_rng *rng) {
  Mlf__Blas__Level23Case *c = (Mlf__Blas__Level23Case *)msg;
  SET(c, routine, (Mlf__Blas__Level23Case__Routine)mlf_rng_below(rng, L23(TRSM) + 1));
  return 1;
}

/* alpha or beta (real or imaginary part) becomes a special value. */
static int mutate_special_scalar(ProtobufCMessage *msg, mlf_rng *rng) {
  Mlf__Blas__Level23Case *c = (Mlf__Blas__Level23Case *)msg;
  blas_special_scalar(mlf_rng_chance(rng, 50) ? &c->alpha : &c->beta, rng);
  return 1;
}

/* One more element of A, B (x) or C (y) becomes a special value. */
static int mutate_poke_special(ProtobufCMessage *msg, mlf_rng *rng) {
  Mlf__Blas__Level23Case *c = (Mlf__Blas__Level23Case *)msg;
  Mlf__Blas__Fill **f = mlf_rng_chance(rng, 34) ? &c->a : mlf_rng_chance(rng, 50) ? &c->b : &c->c;
  return blas_poke_special(f, MAX_POKES, rng);
}

/* r itself when it is one of the n routines in list, else one of them at random. */
static Mlf__Blas__Level23Case__Routine within(Mlf__Blas__Level23Case__Routine r,
                                              const Mlf__Blas__Level23Case__Routine *list,
                                              size_t n, mlf_rng *rng) {
  for (size_t i = 0; i < n; i++)
    if (list[i] == r) return r;
  return list[mlf_rng_below(rng, n)];
}

/* Another metamorphic relation with a fresh knob, and the case made one it applies to:
 * split-k and transpose-identity need gemm (split-k with k >= 2), increment-sign a level-2
 * routine (they all take vectors), linearity-beta a routine with beta, permutation one whose
 * structure a permutation keeps (no band, no triangle). */
static int mutate_relation(ProtobufCMessage *msg, mlf_rng *rng) {
  static const Mlf__Blas__Level23Case__Routine with_beta[] = {
      L23(GEMV), L23(GBMV), L23(SYMV), L23(HEMV), L23(SBMV), L23(HBMV), L23(SPMV), L23(HPMV),
      L23(GEMM), L23(SYMM), L23(HEMM), L23(SYRK), L23(HERK), L23(SYR2K), L23(HER2K)};
  static const Mlf__Blas__Level23Case__Routine permutable[] = {
      L23(GEMV), L23(SYMV), L23(HEMV), L23(SPMV), L23(HPMV), L23(GEMM),
      L23(SYMM), L23(HEMM), L23(SYRK), L23(HERK), L23(SYR2K), L23(HER2K)};
  Mlf__Blas__Level23Case *c = (Mlf__Blas__Level23Case *)msg;
  SET(c, relation, (Mlf__Blas__Level23Case__Relation)(1 + mlf_rng_below(rng, REL(PERMUTATION))));
  SET(c, relation_knob, (uint32_t)mlf_rng_below(rng, 1u << 16));
  if (c->relation == REL(SPLIT_K) || c->relation == REL(TRANSPOSE_IDENTITY)) {
    SET(c, routine, L23(GEMM));
    if (c->relation == REL(SPLIT_K) && c->k < 2) SET(c, k, 2 + (uint32_t)mlf_rng_below(rng, 64));
  }
  if (c->relation == REL(INCREMENT_SIGN) && c->routine >= L23(GEMM))
    SET(c, routine, (Mlf__Blas__Level23Case__Routine)mlf_rng_below(rng, L23(HPR2) + 1));
  if (c->relation == REL(LINEARITY_BETA))
    SET(c, routine, within(c->routine, with_beta, sizeof with_beta / sizeof *with_beta, rng));
  if (c->relation == REL(PERMUTATION))
    SET(c, routine, within(c->routine, permutable, sizeof permutable / sizeof *permutable, rng));
  return 1;
}

__attribute__((constructor)) static void register_level23_mutators(void) {
  mlf_register_post_processor(&mlf__blas__level23_case__descriptor, post_process_level23);
  mlf_register_domain_mutator(&mlf__blas__level23_case__descriptor, "level23:routine",
                              mutate_routine, 12);
  mlf_register_domain_mutator(&mlf__blas__level23_case__descriptor, "level23:special-scalar",
                              mutate_special_scalar, 12);
  mlf_register_domain_mutator(&mlf__blas__level23_case__descriptor, "level23:poke-special",
                              mutate_poke_special, 12);
  mlf_register_domain_mutator(&mlf__blas__level23_case__descriptor, "level23:relation",
                              mutate_relation, 12);
}
