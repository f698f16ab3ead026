/* Byte-level baseline of the Keeper bench, on the API output: libFuzzer feeds raw bytes
 * straight to one evaluation subject as the text its API returned, bypassing the
 * pseudo-inverse and the API (a yardstick, not a target: the subjects are code written here).
 * The first byte is the confidence (byte / 255), the rest the text (at most 511 bytes). Its
 * texts need not be anything the API can return, so it also reaches branches that are dead
 * for real inputs. Outcomes: subject_outcomes.h; the subject's crashes: libFuzzer's crash
 * artifacts. */
#include <stdint.h>
#include <string.h>
#include "subject_outcomes.h"

static const keeper_subject *subject;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  subject = subject_outcomes_init("keeper_subject_bytes");
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0) return 0;
  char text[512];
  size_t len = size - 1 < sizeof text - 1 ? size - 1 : sizeof text - 1;
  memcpy(text, data + 1, len), text[len] = 0;
  subject_outcomes_take(subject->run(text, data[0] / 255.0));
  return 0;
}
