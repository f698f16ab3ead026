/* The semantic filter of the label repair: WordNet 3.0 through Debian's wordnet-dev C API
 * (wn.h: wninit, morphstr, findtheinfo_ds). Two words are related when they share a lemma
 * (equal after case folding or after morphstr's reduction to a base form) or a synset
 * (synonyms) in any part of speech; nothing looser (no hypernyms, no siblings). */
#ifndef KEEPER_WORDNET_H
#define KEEPER_WORDNET_H

/* 0 when the WordNet database opened (wninit), -1 otherwise. */
int keeper_wordnet_init(void);
/* 1 when candidate is a synonym or the same lemma as label. */
int keeper_wordnet_related(const char *label, const char *candidate);
#endif
