/* Level1Case post-processor and domain mutators. The post-processor makes every message a
 * routine the BLAS has (a precision the family lacks moves to one it has) and bounds the
 * work (see bound_inc for the increments); it leaves a valid
 * message unchanged. Fill messages are bounded by the gemm post-processor (pokes, scale).
 * The domain mutators make the changes vector kernels care about in one step: n around
 * unroll and blocking boundaries, an increment's sign flipped, a special scalar, a special
 * value poked into x or y. */
#include <math.h>
#include <stdlib.h>
#include "blas.pb-c.h"
#include "blas_level1.pb-c.h"
#include "blas_value_mutations.h"
#include "mlf_mutator.h"

#define R(name) MLF__BLAS__LEVEL1_CASE__ROUTINE__##name
#define L1_MAX_N 4096  /* a few thousand elements: every kernel path, microseconds per call */
#define L1_MIN_N -2    /* n <= 0 is a quick return; two negative values are enough */
#define L1_MAX_INC 8
#define L1_MAX_POKES 16

/* Precision a family supports nearest to p: real-only families take the real type of the
 * same width, complex-only ones the complex type, the mixed dots single precision. */
static Mlf__Blas__Precision supported_precision(Mlf__Blas__Level1Case__Routine r,
                                                Mlf__Blas__Precision p) {
  int is_double = p == MLF__BLAS__PRECISION__DOUBLE || p == MLF__BLAS__PRECISION__DOUBLE_COMPLEX;
  switch (r) {
    case R(DOT): case R(ROTM): case R(ROTMG):
      return is_double ? MLF__BLAS__PRECISION__DOUBLE : MLF__BLAS__PRECISION__SINGLE;
    case R(DOTU): case R(DOTC): case R(SCAL_REAL):
      return is_double ? MLF__BLAS__PRECISION__DOUBLE_COMPLEX : MLF__BLAS__PRECISION__COMPLEX;
    case R(SDSDOT): case R(DSDOT): return MLF__BLAS__PRECISION__SINGLE;
    default: return p;
  }
}

/* Every increment within +-L1_MAX_INC: the reference BLAS defines them all, zero included.
 * It reads a zero-increment vector's one element n times, writes a zero-increment output's
 * one element n times in order (daxpy.f, dcopy.f, dswap.f, drot.f, drotm.f: see
 * level1_sequence.h), and returns at once from asum, i?amax and scal for incx <= 0. */
static int bound_inc(int32_t inc) {
  if (inc > L1_MAX_INC || inc < -L1_MAX_INC) inc %= L1_MAX_INC + 1;
  return inc;
}

static void bound_level1(Mlf__Blas__Level1Case *c) {
  Mlf__Blas__Level1Case__Routine r = c->routine;
  Mlf__Blas__Precision p = supported_precision(r, c->precision);
  if (p != c->precision) c->has_precision = 1, c->precision = p;
  if (c->n > L1_MAX_N) c->has_n = 1, c->n %= L1_MAX_N + 1;
  if (c->n < L1_MIN_N) c->has_n = 1, c->n = -(int32_t)(-(int64_t)c->n % (1 - L1_MIN_N));
  int32_t incx = bound_inc(c->incx), incy = bound_inc(c->incy);
  if (incx != c->incx) c->has_incx = 1, c->incx = incx;
  if (incy != c->incy) c->has_incy = 1, c->incy = incy;
  /* rotm's flag: -2 returns at once, and the reference reads any other negative flag as -1
   * and any positive one as 1 (drotm.f:119-172), so -4..4 holds every case and a
   * non-canonical member of each */
  int32_t flag = c->flag > 4 || c->flag < -4 ? c->flag % 5 : c->flag;
  if (flag != c->flag) c->has_flag = 1, c->flag = flag;
  while (c->n_h > 4) protobuf_c_message_free_unpacked(&c->h[--c->n_h]->base, NULL);
}

static void post_process_level1(ProtobufCMessage *msg) {
  bound_level1((Mlf__Blas__Level1Case *)msg);
}

/* Lengths where vector kernels change path: unroll widths 1-32 and their neighbours, and
 * blocking or threading thresholds further up. */
static const int32_t unroll_sizes[] = {0,  1,  2,  3,  4,  5,  6,  7,  8,   9,   11,  12,  13,
                                       15, 16, 17, 23, 24, 25, 31, 32, 33,  47,  48,  63,  64,
                                       65, 127, 128, 129, 255, 256, 257, 1023, 1024, 1025, 4096};

static int mutate_unroll_n(ProtobufCMessage *msg, mlf_rng *rng) {
  Mlf__Blas__Level1Case *c = (Mlf__Blas__Level1Case *)msg;
  c->has_n = 1;
  c->n = unroll_sizes[mlf_rng_below(rng, sizeof unroll_sizes / sizeof *unroll_sizes)];
  return 1;
}

/* An increment changes sign, or becomes a small stride (zero included). */
static int mutate_increment(ProtobufCMessage *msg, mlf_rng *rng) {
  Mlf__Blas__Level1Case *c = (Mlf__Blas__Level1Case *)msg;
  bound_level1(c); /* |inc| <= 8, so negating cannot overflow */
  int32_t *inc = mlf_rng_chance(rng, 50) ? &c->incx : &c->incy;
  protobuf_c_boolean *has = inc == &c->incx ? &c->has_incx : &c->has_incy;
  *has = 1;
  if (mlf_rng_chance(rng, 60)) *inc = *inc ? -*inc : -1;
  else *inc = (int32_t)mlf_rng_below(rng, 2 * L1_MAX_INC + 1) - L1_MAX_INC;
  bound_level1(c);
  return 1;
}

/* One scalar the routine reads becomes a special value: alpha, c or s, rotg's a or b,
 * rotmg's d1, d2, x1, y1, or one of rotm's h. */
static int mutate_special_scalar(ProtobufCMessage *msg, mlf_rng *rng) {
  Mlf__Blas__Level1Case *c = (Mlf__Blas__Level1Case *)msg;
  switch (c->routine) {
    case R(ROT): mlf_set_special(mlf_rng_chance(rng, 50) ? &c->c : &c->s, rng); break;
    case R(ROTG): blas_special_scalar(mlf_rng_chance(rng, 50) ? &c->a : &c->b, rng); break;
    case R(ROTMG): {
      Mlf__Number **v[4] = {&c->d1, &c->d2, &c->x1, &c->y1};
      mlf_set_special(v[mlf_rng_below(rng, 4)], rng);
      break;
    }
    case R(ROTM): {
      if (c->n_h < 4) {
        Mlf__Number **h = realloc(c->h, (c->n_h + 1) * sizeof *h);
        if (!h) abort();
        c->h = h;
        c->h[c->n_h] = NULL;
        mlf_set_special(&c->h[c->n_h++], rng);
      } else {
        mlf_set_special(&c->h[mlf_rng_below(rng, 4)], rng);
      }
      break;
    }
    default: blas_special_scalar(&c->alpha, rng);
  }
  return 1;
}

/* One more element of x or y becomes a special value. */
static int mutate_poke_special(ProtobufCMessage *msg, mlf_rng *rng) {
  Mlf__Blas__Level1Case *c = (Mlf__Blas__Level1Case *)msg;
  return blas_poke_special(mlf_rng_chance(rng, 60) ? &c->x : &c->y, L1_MAX_POKES, rng);
}

/* Weights in the generic mutator's unit (4 per field for a plain mutation): with a Level1Case
 * of a few dozen fields these four make about a fifth of all mutations. */
__attribute__((constructor)) static void register_level1_mutators(void) {
  const ProtobufCMessageDescriptor *d = &mlf__blas__level1_case__descriptor;
  mlf_register_post_processor(d, post_process_level1);
  mlf_register_domain_mutator(d, "level1:unroll-n", mutate_unroll_n, 15);
  mlf_register_domain_mutator(d, "level1:increment", mutate_increment, 10);
  mlf_register_domain_mutator(d, "level1:special-scalar", mutate_special_scalar, 12);
  mlf_register_domain_mutator(d, "level1:poke-special", mutate_poke_special, 12);
}
