/* The API contract of what PocketSphinx 5prealpha reports for one utterance (pocketsphinx.h):
 * every ps_* call of a valid utterance succeeds; segment frames are inclusive, inside the
 * utterance (0 <= sf <= ef < ps_get_n_frames) and in order without overlap; the hypothesis
 * is the segmentation's words without fillers and alternative-pronunciation marks (so it is
 * non-empty iff there is a word segment); log probabilities and scores are <= 0 (ps_get_prob,
 * ps_seg_prob: "log posterior probability"; acoustic and language scores are log-likelihoods
 * normalised to the best path), and the language-model backoff mode is 1..3 for the trigram
 * model; in grammar mode the transcript is empty or a sentence of the grammar. A segment for a
 * grammar's null transition ("(NULL)", frames -1..-1 or overlapping its neighbour) is left out
 * of the frame checks and named as its own (last) finding. */
#ifndef KEEPER_SPEECH_CONTRACT_H
#define KEEPER_SPEECH_CONTRACT_H
#include <stddef.h>
#include "speech_recognise.h"

/* The order of the en-us.lm.bin language model (a trigram model). */
#define SPEECH_LM_ORDER 3

/* A log posterior above 0 by at most this many log-base-1.0001 units (probability <= 1.002)
 * is told apart from a larger one: the lattice's forward-backward pass accumulates integer
 * log-additions (sphinxbase logmath rounds each to a whole unit), so a certain posterior can
 * come out a few units above 0; 20 units allow 40 roundings of half a unit. A larger excess is
 * a different finding. */
#define SPEECH_POSTERIOR_ROUNDING 20

/* Checks h (decoded in listening mode: 0 language model, else a grammar id); returns NULL
 * when it keeps the contract, else the first broken clause's finding-tag suffix (e.g.
 * "ps_seg_frames:outside-utterance") with what was seen in detail. */
const char *speech_contract_check(const speech_hearing *h, int listening, char *detail, size_t len);

/* The hypothesis the segmentation implies: its words, fillers and null transitions left out,
 * "(2)" marks removed. */
void speech_words_of_segments(const speech_hearing *h, char *buf, size_t len);
#endif
