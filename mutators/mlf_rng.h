/* Deterministic per-instance PRNG (xoshiro256** seeded through splitmix64).
 * Every mutator and generator owns one; nothing in mlfuzz calls rand(). */
#ifndef MLF_RNG_H
#define MLF_RNG_H
#include <stdint.h>
#include <stddef.h>

typedef struct { uint64_t s[4]; } mlf_rng;

static inline uint64_t mlf_splitmix64(uint64_t *x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static inline void mlf_rng_seed(mlf_rng *r, uint64_t seed) {
  for (int i = 0; i < 4; i++) r->s[i] = mlf_splitmix64(&seed);
}

static inline uint64_t mlf_rng_next(mlf_rng *r) {
  uint64_t *s = r->s;
  uint64_t x = s[1] * 5, result = ((x << 7) | (x >> 57)) * 9, t = s[1] << 17;
  s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t;
  s[3] = (s[3] << 45) | (s[3] >> 19);
  return result;
}

/* Uniform integer in [0, n); n == 0 yields 0. */
static inline uint64_t mlf_rng_below(mlf_rng *r, uint64_t n) {
  return n ? (uint64_t)(((unsigned __int128)mlf_rng_next(r) * n) >> 64) : 0;
}

/* Uniform double in [0, 1). */
static inline double mlf_rng_unit(mlf_rng *r) {
  return (double)(mlf_rng_next(r) >> 11) * 0x1.0p-53;
}

static inline int mlf_rng_chance(mlf_rng *r, unsigned percent) {
  return mlf_rng_below(r, 100) < percent;
}
#endif
