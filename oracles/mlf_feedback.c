/* Semantic feedback (see mlf_feedback.h).
 *
 * AFL++: each slot is a distinct case of a switch compiled with AFL++ instrumentation, so
 * every slot owns its own edge ID assigned by the instrumentation, which cannot collide with
 * the library's or the harness's edges and always fits the (dynamically sized) map. Writing
 * into __afl_area_ptr directly was rejected: we cannot know which indices the instrumented
 * code uses, nor the map size before the forkserver negotiates it, so collisions and
 * overflows could not be excluded. Each case executes an empty asm statement whose immediate
 * operand differs per case: it has side effects (no lookup table), and an immediate cannot
 * become a phi, so the optimizer can neither merge nor sink the cases. */
#include "mlf_feedback.h"

#include <string.h>

#ifdef MLF_ENGINE_LIBFUZZER
/* libFuzzer finds this array through __start/__stop symbols of the section. */
__attribute__((section("__libfuzzer_extra_counters"), used))
static uint8_t counters[MLF_FEEDBACK_SLOTS];
#else
static uint8_t counters[MLF_FEEDBACK_SLOTS];
#endif

uint32_t mlf_feature(const char *kind, uint32_t a, uint32_t b) {
  uint64_t h = 0xcbf29ce484222325ULL; /* FNV-1a over kind, then a and b mixed in */
  for (const unsigned char *s = (const unsigned char *)(kind ? kind : ""); *s; s++)
    h = (h ^ *s) * 0x100000001b3ULL;
  h ^= ((uint64_t)a << 32) | b;
  h ^= h >> 33; /* murmur3 finalizer */
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  h ^= h >> 33;
  return (uint32_t)h;
}

#ifdef MLF_ENGINE_AFL
#define MLF_CASE(n) case (n): __asm__ volatile("" : : "i"(n)); break;
#define MLF_CASE4(n) MLF_CASE(4 * (n)) MLF_CASE(4 * (n) + 1) MLF_CASE(4 * (n) + 2) \
  MLF_CASE(4 * (n) + 3)
#define MLF_CASE16(n) MLF_CASE4(4 * (n)) MLF_CASE4(4 * (n) + 1) MLF_CASE4(4 * (n) + 2) \
  MLF_CASE4(4 * (n) + 3)
#define MLF_CASE64(n) MLF_CASE16(4 * (n)) MLF_CASE16(4 * (n) + 1) MLF_CASE16(4 * (n) + 2) \
  MLF_CASE16(4 * (n) + 3)
#define MLF_CASE256(n) MLF_CASE64(4 * (n)) MLF_CASE64(4 * (n) + 1) MLF_CASE64(4 * (n) + 2) \
  MLF_CASE64(4 * (n) + 3)
#define MLF_CASE1024(n) MLF_CASE256(4 * (n)) MLF_CASE256(4 * (n) + 1) \
  MLF_CASE256(4 * (n) + 2) MLF_CASE256(4 * (n) + 3)
#define MLF_CASE4096 MLF_CASE1024(0) MLF_CASE1024(1) MLF_CASE1024(2) MLF_CASE1024(3)

_Static_assert(MLF_FEEDBACK_SLOTS == 4096, "the switch below has 4096 cases");

__attribute__((noinline)) static void afl_edge(uint32_t slot) {
  switch (slot) { MLF_CASE4096 }
}
#endif

void mlf_feedback_hit(uint32_t feature) {
  uint32_t slot = feature % MLF_FEEDBACK_SLOTS;
  if (counters[slot] != UINT8_MAX) counters[slot]++;
#ifdef MLF_ENGINE_AFL
  afl_edge(slot);
#endif
}

const uint8_t *mlf_feedback_counters(size_t *n) {
  *n = MLF_FEEDBACK_SLOTS;
  return counters;
}

void mlf_feedback_reset(void) { memset(counters, 0, sizeof counters); }
