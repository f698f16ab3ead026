/* The three subject grammars (speech_grammar.h): device commands, a two-to-four digit code,
 * and answers to a prompt. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "speech_grammar.h"

#define N(a) (sizeof a / sizeof *a)
static const char *const please[] = {"please"};
static const char *const the[] = {"the"};
static const char *const actions[] = {"turn on", "turn off", "open", "close", "stop", "start"};
static const char *const devices[] = {"light", "door", "music", "radio", "window", "fan"};
static const char *const digits[] = {"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"};
static const char *const answers[] = {"yes", "no", "cancel", "repeat", "help", "okay"};

static const speech_slot command_slots[] = {
    {1, please, N(please)}, {0, actions, N(actions)}, {1, the, N(the)}, {0, devices, N(devices)}};
static const speech_slot digit_slots[] = {
    {0, digits, N(digits)}, {0, digits, N(digits)}, {1, digits, N(digits)}, {1, digits, N(digits)}};
static const speech_slot answer_slots[] = {{1, please, N(please)}, {0, answers, N(answers)}};

static const speech_grammar grammars[SPEECH_N_GRAMMARS] = {
    {"commands", command_slots, N(command_slots)},
    {"digits", digit_slots, N(digit_slots)},
    {"answers", answer_slots, N(answer_slots)}};

const speech_grammar *speech_grammar_get(int listening) {
  return listening >= 1 && listening <= SPEECH_N_GRAMMARS ? &grammars[listening - 1] : NULL;
}

/* Whether words (the rest of a sentence, "" at its end) match slots k.. of g: each slot's
 * phrase must be followed by a space or the end; optional slots may be skipped. */
static int match_from(const speech_grammar *g, size_t k, const char *words) {
  if (k == g->n_slots) return *words == 0;
  const speech_slot *s = &g->slots[k];
  if (s->optional && match_from(g, k + 1, words)) return 1;
  for (size_t i = 0; i < s->n; i++) {
    size_t len = strlen(s->phrases[i]);
    if (strncmp(words, s->phrases[i], len)) continue;
    if (words[len] == 0 && match_from(g, k + 1, words + len)) return 1;
    if (words[len] == ' ' && words[len + 1] && match_from(g, k + 1, words + len + 1)) return 1;
  }
  return 0;
}

int speech_grammar_accepts(const speech_grammar *g, const char *sentence) {
  return *sentence && match_from(g, 0, sentence);
}

int speech_grammar_has_word(const speech_grammar *g, const char *word) {
  size_t wl = strlen(word);
  for (size_t k = 0; k < g->n_slots; k++)
    for (size_t i = 0; i < g->slots[k].n; i++)
      for (const char *p = g->slots[k].phrases[i]; *p;) {
        size_t len = strcspn(p, " ");
        if (len == wl && !strncmp(p, word, len)) return 1;
        p += len + (p[len] == ' ');
      }
  return 0;
}

/* snprintf at buf + *used that keeps counting past the end, as snprintf does. */
__attribute__((format(printf, 4, 5))) static void append(char *buf, size_t len, size_t *used, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int w = vsnprintf(buf + (*used < len ? *used : len), *used < len ? len - *used : 0, fmt, ap);
  va_end(ap);
  if (w > 0) *used += (size_t)w;
}

size_t speech_grammar_jsgf(const speech_grammar *g, char *buf, size_t len) {
  size_t used = 0;
  if (len) buf[0] = 0;
  append(buf, len, &used, "#JSGF V1.0;\ngrammar %s;\npublic <sentence> =", g->name);
  for (size_t k = 0; k < g->n_slots; k++) {
    const speech_slot *s = &g->slots[k];
    append(buf, len, &used, " %s", s->optional ? "[" : "(");
    for (size_t i = 0; i < s->n; i++) append(buf, len, &used, "%s%s", i ? " | " : "", s->phrases[i]);
    append(buf, len, &used, "%s", s->optional ? "]" : ")");
  }
  append(buf, len, &used, ";\n");
  return used;
}

void speech_grammar_sentence(const speech_grammar *g, mlf_rng *rng, char *buf, size_t len) {
  size_t used = 0;
  buf[0] = 0;
  for (size_t k = 0; k < g->n_slots; k++) {
    const speech_slot *s = &g->slots[k];
    if (s->optional && mlf_rng_chance(rng, 50)) continue;
    const char *phrase = s->phrases[mlf_rng_below(rng, s->n)];
    int w = snprintf(buf + used, len - used, "%s%s", used ? " " : "", phrase);
    if (w < 0 || (size_t)w >= len - used) return;
    used += (size_t)w;
  }
}
