/* Evaluation subject for the Keeper loop, not a fuzz target (subject.h). A phone menu on the
 * full language model acts on an answer only when PocketSphinx is sure of it (its grammar
 * searches report a posterior of 1 for every utterance: a threshold there means nothing).
 * Intended: "act" on answers PocketSphinx hears right (clear speech), "ask again" on the ones
 * it gets wrong (speech buried in noise).
 * Defect (threshold): a posterior threshold of 0.999, above what PocketSphinx gives clear
 * answers, so they are asked again. */
#include "subject.h"

double asr_confidence_confirm_threshold = 0.999;

KEEPER_SUBJECT(asr_confidence_confirm) {
  (void)api_text;
  if (confidence >= asr_confidence_confirm_threshold) return "act";
  return "ask again";
}
