/* PocketSphinx 0.8+5prealpha (Debian 12: the old API with sphinxbase) with pocketsphinx-en-us:
 * one decoder per process (cmd_ln_init with -hmm, -lm, -dict; ps_init), with the full language
 * model as its default search and one JSGF search per subject grammar (the steps of
 * ps_set_jsgf_string), logging off, and no state carried between utterances (batch cepstral
 * mean, no adaptive noise removal or silence detection). An utterance is decoded with ps_start_utt, ps_process_raw, ps_end_utt; what
 * it heard is read with ps_get_hyp, ps_get_prob, ps_get_n_frames and the ps_seg_iter
 * segmentation with each segment's frames and scores. */
#ifndef KEEPER_SPEECH_RECOGNISE_H
#define KEEPER_SPEECH_RECOGNISE_H
#include <stdint.h>
#include "speech_distort.h"

#define SPEECH_MAX_SEGMENTS 96
#define SPEECH_MAX_HYP 512

typedef struct {
  char word[48];    /* ps_seg_word, truncated */
  int sf, ef;       /* ps_seg_frames, inclusive */
  int32_t post;     /* ps_seg_prob's log posterior */
  int32_t ascr, lscr, lback;
} speech_segment;

typedef struct {
  int decoded;                  /* 0 when a ps_* call of the utterance failed (why says which) */
  const char *why;
  int has_hyp;                  /* ps_get_hyp returned a string */
  char hyp[SPEECH_MAX_HYP];
  int hyp_truncated;
  int32_t score, prob;          /* ps_get_hyp's path score, ps_get_prob */
  int n_frames;                 /* ps_get_n_frames after ps_end_utt */
  speech_segment segs[SPEECH_MAX_SEGMENTS];
  size_t n_segs;
  int segs_truncated;
} speech_hearing;

/* 0 when the decoder and its searches are ready (created on first call), -1 with a message. */
int speech_recogniser_ready(const char **why);
/* Decodes pcm with the language model (listening 0) or the grammar of listening. */
void speech_recognise(int listening, const speech_pcm *pcm, speech_hearing *out);
/* 1 when a segment word is a filler or sentence marker (<s>, </s>, <sil>, [NOISE], ...),
 * which ps_get_hyp leaves out. */
int speech_is_filler(const char *word);
/* The dictionary word without its alternative-pronunciation suffix "(2)", into buf. */
void speech_base_word(const char *word, char *buf, size_t len);
#endif
