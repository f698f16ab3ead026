/* The metamorphic relations of keeper_pocketsphinx (SpeechRelation): the follow-up rendering
 * each one derives from a scene's rendering, and its judge. A relation is judged only when the
 * base utterance was heard right (determinable, as CrossASR does); it then holds when the
 * follow-up's word error rate against the text is within the relation's measured tolerance.
 * The parameter ranges and tolerances were measured with tests/keeper/speech_calibrate.c
 * (numbers in speech_relations.c). Reference code written here: ground truth, not a target. */
#ifndef KEEPER_SPEECH_RELATIONS_H
#define KEEPER_SPEECH_RELATIONS_H
#include "keeper_speech.pb-c.h"
#include "speech_render.h"

typedef enum { SPEECH_NOT_DETERMINABLE, SPEECH_HOLDS, SPEECH_VIOLATED } speech_verdict;

typedef struct {
  Mlf__Keeper__SpeechRelation__Kind kind;
  const char *name;       /* for tags: "resampler-swap", ... */
  double wer_tolerance;   /* the follow-up's largest word error rate that still holds */
} speech_relation_spec;

/* The spec of kind, or NULL for NONE and unknown kinds. */
const speech_relation_spec *speech_relation_spec_of(Mlf__Keeper__SpeechRelation__Kind kind);

/* The follow-up rendering of base under rel, its change brought into the calibrated range;
 * returns 0, or -1 when the relation does not apply to base (RESAMPLER_SWAP of speexdsp). */
int speech_follow_up(const speech_rendering *base, const Mlf__Keeper__SpeechRelation *rel, speech_rendering *follow);

/* Word error rate of heard against truth: word-level Levenshtein distance / words of truth
 * (truth has at least one word). */
double speech_word_error_rate(const char *truth, const char *heard);

/* The verdict on a pair: not determinable unless base_heard is truth; then holds when the
 * follow-up's word error rate is within the spec's tolerance. *wer gets the follow-up's. */
speech_verdict speech_relation_judge(const speech_relation_spec *spec, const char *truth, const char *base_heard,
                                     const char *follow_heard, double *wer);
#endif
