/* The two text helpers the subjects share (subject.h): splitting into words, and looking a
 * word up in a label set. Neutral on purpose: case and white-space handling are each
 * subject's own (and some get them wrong, as planted). */
#include <ctype.h>
#include <string.h>
#include <strings.h>
#include "subject.h"

size_t keeper_split_words(const char *text, char words[][KEEPER_WORD_MAX], size_t max) {
  size_t n = 0;
  for (const char *p = text; *p && n < max;) {
    while (*p && isspace((unsigned char)*p)) p++;
    size_t len = 0;
    while (p[len] && !isspace((unsigned char)p[len])) len++;
    if (!len) break;
    size_t keep = len < KEEPER_WORD_MAX - 1 ? len : KEEPER_WORD_MAX - 1;
    memcpy(words[n], p, keep), words[n][keep] = 0;
    n++, p += len;
  }
  return n;
}

int keeper_labels_has(const keeper_labels *labels, const char *word, int fold_case) {
  for (size_t i = 0; i < labels->n; i++)
    if (fold_case ? !strcasecmp(labels->words[i], word) : !strcmp(labels->words[i], word)) return 1;
  return 0;
}
