/* The speech grammars: each one or more sentence forms, a form a sequence of slots, a slot a
 * choice of phrases, maybe optional. The same table gives the JSGF text pocketsphinx decodes
 * with (ps_set_jsgf_string), the sentences the scene mutator speaks, and the membership test
 * the grammar-mode oracle applies to a transcript (reference code written here: ground truth, not a target). */
#ifndef KEEPER_SPEECH_GRAMMAR_H
#define KEEPER_SPEECH_GRAMMAR_H
#include <stddef.h>
#include "mlf_rng.h"
#include "speech_grammar_ids.h"

typedef struct {
  int optional;
  const char *const *phrases; /* one or more words each */
  size_t n;
} speech_slot;

typedef struct {
  const speech_slot *slots;
  size_t n_slots;
} speech_form;

typedef struct {
  const char *name; /* a JSGF grammar name and the pocketsphinx search name */
  const speech_form *forms;
  size_t n_forms;
} speech_grammar;

/* The grammar of a Listening value (enum speech_grammar_id), or NULL for the language model
 * and unknown values. */
const speech_grammar *speech_grammar_get(int listening);
/* 1 when sentence (words separated by single spaces) is a sentence of g. */
int speech_grammar_accepts(const speech_grammar *g, const char *sentence);
/* 1 when word occurs in one of g's phrases. */
int speech_grammar_has_word(const speech_grammar *g, const char *word);
/* The JSGF text of g into buf; returns the length it needs (as snprintf). */
size_t speech_grammar_jsgf(const speech_grammar *g, char *buf, size_t len);
/* A random sentence of g into buf (len >= 96 always suffices). */
void speech_grammar_sentence(const speech_grammar *g, mlf_rng *rng, char *buf, size_t len);
#endif
