/* Semantic feedback for binary-only libraries: the harness turns facts about an execution
 * (backend pair x layer kind x inconsistency bucket, relation x outcome, ...) into features,
 * and each new feature looks like new coverage to the engine.
 *   MLF_ENGINE_LIBFUZZER: libFuzzer extra counters (section __libfuzzer_extra_counters).
 *   MLF_ENGINE_AFL: one instrumented switch case per slot; mlf_feedback.c must then be compiled
 *     with the AFL++ compiler (afl-clang-fast / afl-clang-lto).
 *   neither (unit tests, replay): counters only. */
#ifndef MLF_FEEDBACK_H
#define MLF_FEEDBACK_H
#include <stddef.h>
#include <stdint.h>

#define MLF_FEEDBACK_SLOTS 4096

/* Stable hash of (kind, a, b): the same on every build, run and platform. */
uint32_t mlf_feature(const char *kind, uint32_t a, uint32_t b);

/* Counts feature into slot feature % MLF_FEEDBACK_SLOTS (saturating at 255) and, for AFL++,
 * executes that slot's distinct edge. */
void mlf_feedback_hit(uint32_t feature);

/* The counters (*n = MLF_FEEDBACK_SLOTS), for tests and reports. */
const uint8_t *mlf_feedback_counters(size_t *n);

/* Clears the counters (libFuzzer also clears its extra counters before every input). */
void mlf_feedback_reset(void);
#endif
