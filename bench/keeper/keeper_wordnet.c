/* WordNet lookups for the label repair (keeper_wordnet.h). WordNet spells multi-word entries
 * with underscores and lower-case letters; words are brought to that form first. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <wn.h>
#include "keeper_wordnet.h"

#define FORM_MAX 64
#define FORMS_MAX 8

int keeper_wordnet_init(void) { return wninit() == 0 ? 0 : -1; }

static void wordnet_spelling(const char *word, char *out) {
  size_t i = 0;
  for (; word[i] && i < FORM_MAX - 1; i++) out[i] = word[i] == ' ' ? '_' : (char)tolower((unsigned char)word[i]);
  out[i] = 0;
}

/* The word itself and its base forms in part of speech pos (morphstr). */
static size_t lemmas(const char *word, int pos, char forms[FORMS_MAX][FORM_MAX]) {
  char query[FORM_MAX];
  size_t n = 0;
  snprintf(forms[n++], FORM_MAX, "%s", word);
  snprintf(query, sizeof query, "%s", word);
  for (char *base = morphstr(query, pos); base && n < FORMS_MAX; base = morphstr(NULL, pos))
    snprintf(forms[n++], FORM_MAX, "%s", base);
  return n;
}

static int in_forms(const char *w, char forms[FORMS_MAX][FORM_MAX], size_t n) {
  for (size_t i = 0; i < n; i++)
    if (!strcasecmp(w, forms[i])) return 1;
  return 0;
}

/* 1 when a synset of a form of a (in pos) holds a form of b. */
static int share_synset(char a_forms[FORMS_MAX][FORM_MAX], size_t na, char b_forms[FORMS_MAX][FORM_MAX], size_t nb, int pos) {
  int found = 0;
  for (size_t i = 0; i < na && !found; i++) {
    if (!is_defined(a_forms[i], pos)) continue;
    SynsetPtr head = findtheinfo_ds(a_forms[i], pos, SYNS, ALLSENSES);
    for (SynsetPtr ss = head; ss && !found; ss = ss->nextss)
      for (int w = 0; w < ss->wcount && !found; w++) found = in_forms(ss->words[w], b_forms, nb);
    if (head) free_syns(head);
  }
  return found;
}

int keeper_wordnet_related(const char *label, const char *candidate) {
  char a[FORM_MAX], b[FORM_MAX];
  wordnet_spelling(label, a), wordnet_spelling(candidate, b);
  if (!*a || !*b) return 0;
  if (!strcmp(a, b)) return 1;
  for (int pos = NOUN; pos <= ADV; pos++) {
    char a_forms[FORMS_MAX][FORM_MAX], b_forms[FORMS_MAX][FORM_MAX];
    size_t na = lemmas(a, pos, a_forms), nb = lemmas(b, pos, b_forms);
    for (size_t i = 1; i < na; i++)
      if (in_forms(a_forms[i], b_forms, nb)) return 1; /* a base form of one is a form of the other */
    for (size_t i = 1; i < nb; i++)
      if (in_forms(b_forms[i], a_forms, na)) return 1;
    if (share_synset(a_forms, na, b_forms, nb, pos)) return 1;
  }
  return 0;
}
