/* AFL++ builds only: the edges of the third-party libraries built from source, in AFL++'s map.
 * Those libraries are compiled once for both engines with libFuzzer's instrumentation
 * (-fsanitize=fuzzer-no-link: an 8-bit counter per edge, and comparison hooks AFL++'s runtime
 * also defines), so a cold build compiles each of them once, not once per engine. AFL++'s map
 * holds only what afl-clang-fast instrumented (the project's own code); this file reserves a
 * range of the map for the libraries' counters when the program starts, and after each input
 * adds every counter into its slot and clears it, so afl-fuzz sees each library edge and its
 * hit count as if AFL++ had instrumented the library itself.
 * Linked with -Wl,--wrap=LLVMFuzzerTestOneInput: AFL++'s driver calls the wrapper below. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* AFL++'s runtime (afl-compiler-rt): the map, and the number of slots handed out so far. */
extern uint8_t *__afl_area_ptr;
extern uint32_t __afl_final_loc;
extern uint32_t __afl_map_size;

static uint8_t *counters;
static size_t n_counters;
static uint32_t map_base;
static int folding; /* 1 once the map is known to hold the reserved range */

/* Called by the instrumented code's constructor with the program's counter section (one, as
 * the libraries are linked statically). Sanitizer-coverage constructors run at priority 2,
 * before AFL++'s runtime sizes its map from __afl_final_loc (priority 3), so the range taken
 * here is part of the map afl-fuzz is told about. Overrides the sanitizer runtime's no-op. */
void __sanitizer_cov_8bit_counters_init(char *start, char *end);
void __sanitizer_cov_8bit_counters_init(char *start, char *end) {
  if ((uint8_t *)start == counters || start == end) return;
  if (counters) {
    fprintf(stderr, "mlf: a second instrumented module (%p) is not folded into AFL++'s map\n",
            (void *)start);
    return;
  }
  counters = (uint8_t *)start;
  n_counters = (size_t)(end - start);
  map_base = __afl_final_loc + 1;
  __afl_final_loc += (uint32_t)n_counters;
  if (getenv("MLF_VERBOSE"))
    fprintf(stderr, "mlf: library coverage: %zu counters at AFL++ map slots %u to %zu\n", n_counters,
            map_base, map_base + n_counters - 1);
}

/* Adds each nonzero counter into its map slot (the slots are AFL++'s hit counts, wrapping as
 * its own do) and clears the counters for the next input. Most of the counters are zero: they
 * are skipped 64 at a time with plain loads (no sanitizer checks, which made this scan cost a
 * third of an execution). */
__attribute__((no_sanitize("address", "undefined"))) static void fold_counters(void) {
  uint8_t *slots = __afl_area_ptr + map_base;
  size_t i = 0;
  for (; i + 64 <= n_counters; i += 64) {
    uint64_t any = 0, word;
    for (size_t w = 0; w < 64; w += 8) memcpy(&word, counters + i + w, 8), any |= word;
    if (!any) continue;
    for (size_t j = i; j < i + 64; j++) slots[j] += counters[j];
    memset(counters + i, 0, 64);
  }
  for (; i < n_counters; i++) slots[i] += counters[i], counters[i] = 0;
}

int __real_LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int __wrap_LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int __wrap_LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static int checked;
  if (!checked) {
    checked = 1;
    /* What the libraries counted before the first input (the target's init) is not its own. */
    if (counters) memset(counters, 0, n_counters);
    folding = counters && map_base + n_counters <= __afl_map_size;
    if (counters && !folding)
      fprintf(stderr, "mlf: AFL++'s map (%u slots) lacks the libraries' range %u..%zu: their edges are not seen\n",
              __afl_map_size, map_base, map_base + n_counters - 1);
  }
  int result = __real_LLVMFuzzerTestOneInput(data, size);
  if (folding) fold_counters();
  return result;
}
