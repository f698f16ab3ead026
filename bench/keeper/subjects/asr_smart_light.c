/* Evaluation subject for the Keeper loop, not a fuzz target (subject.h). TRANSLATOR's smart
 * light (the Keeper paper's Table 1, text == "turn on the light"), with its own grammar.
 * Intended: "light on" for turn on the light (with or without please), "light off" for turn
 * off the light, "ignored" for other commands.
 * Defect (incomplete label): whole transcripts are compared with a set holding the bare
 * phrases only; the polite form the grammar allows is ignored. */
#include <string.h>
#include "subject.h"

keeper_labels asr_smart_light_labels = {{"turn on the light"}, 1};

KEEPER_SUBJECT(asr_smart_light) {
  (void)confidence;
  if (keeper_labels_has(&asr_smart_light_labels, api_text, 0)) return "light on";
  if (strcmp(api_text, "turn off the light") == 0) return "light off";
  return "ignored";
}
