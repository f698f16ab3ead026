/* What the speech pseudo-inverse can realise and the recogniser can know: the voices of each
 * synthesiser, the words both synthesisers speak and pocketsphinx-en-us's dictionary
 * (cmudict-en-us.dict) holds, and the subjects' JSGF grammars (speech_grammar.h). Shared by
 * the scene mutator and the speech harnesses. */
#ifndef KEEPER_SPEECH_VOCABULARY_H
#define KEEPER_SPEECH_VOCABULARY_H
#include <stddef.h>

#define SPEECH_RATE_MIN 80  /* espeak-ng's espeakRATE_MINIMUM */
#define SPEECH_RATE_MAX 450 /* espeakRATE_MAXIMUM */
#define SPEECH_RATE_NORMAL 175
#define SPEECH_PITCH_MAX 100
/* The other ranges of the pseudo-inverse: text length in bytes and words, distortions. */
#define SPEECH_MAX_TEXT 96 /* a dozen short words */
#define SPEECH_MAX_WORDS 12
#define SPEECH_MAX_SILENCE_MS 1000
#define SPEECH_GAIN_MIN_DB -30.0
#define SPEECH_GAIN_MAX_DB 12.0
#define SPEECH_NOISE_FLOOR_DBFS -90.0 /* at or below: no noise */
#define SPEECH_NOISE_MAX_DBFS -10.0

extern const char *const speech_espeak_voices[];
extern const size_t speech_n_espeak_voices;
extern const char *const speech_flite_voices[];
extern const size_t speech_n_flite_voices;
extern const char *const speech_words[];
extern const size_t speech_n_words;

/* 1 when name is in the list. */
int speech_in_list(const char *name, const char *const *list, size_t n);
/* 1 when text is one or more words of speech_words (or of a grammar) separated by single
 * spaces, at most max_words of them. */
int speech_text_is_vocabulary(const char *text, size_t max_words);
#endif
