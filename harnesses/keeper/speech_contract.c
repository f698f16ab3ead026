/* Contract checks on a PocketSphinx result (speech_contract.h). */
#include <stdio.h>
#include <string.h>
#include "speech_contract.h"
#include "speech_grammar.h"

/* The word fsg_model_word_str gives a null (epsilon) transition of a grammar. */
#define NULL_TRANSITION "(NULL)"

void speech_words_of_segments(const speech_hearing *h, char *buf, size_t len) {
  size_t used = 0;
  buf[0] = 0;
  for (size_t i = 0; i < h->n_segs; i++) {
    if (speech_is_filler(h->segs[i].word) || !strcmp(h->segs[i].word, NULL_TRANSITION)) continue;
    char base[48];
    speech_base_word(h->segs[i].word, base, sizeof base);
    int w = snprintf(buf + used, len - used, "%s%s", used ? " " : "", base);
    if (w < 0 || (size_t)w >= len - used) return;
    used += (size_t)w;
  }
}

#define BROKEN(tag, ...) return snprintf(detail, len, __VA_ARGS__), tag

static const char *check_frames(const speech_hearing *h, char *detail, size_t len) {
  int previous_end = -1;
  for (size_t i = 0; i < h->n_segs; i++) {
    const speech_segment *s = &h->segs[i];
    if (!strcmp(s->word, NULL_TRANSITION)) continue; /* named last, by check_null_transitions */
    if (s->sf < 0 || s->ef < s->sf || s->ef >= h->n_frames)
      BROKEN("ps_seg_frames:outside-utterance", "segment %zu '%s' spans frames %d..%d of an utterance of %d frames",
             i, s->word, s->sf, s->ef, h->n_frames);
    if (s->sf <= previous_end)
      BROKEN("ps_seg_frames:out-of-order", "segment %zu '%s' starts at frame %d, the previous one ends at %d", i,
             s->word, s->sf, previous_end);
    previous_end = s->ef;
  }
  return NULL;
}

static const char *check_null_transitions(const speech_hearing *h, char *detail, size_t len) {
  for (size_t i = 0; i < h->n_segs; i++)
    if (!strcmp(h->segs[i].word, NULL_TRANSITION))
      BROKEN("ps_seg_iter:null-transition-segment",
             "segment %zu is a grammar's null transition '%s' at frames %d..%d (utterance of %d frames), not a word",
             i, h->segs[i].word, h->segs[i].sf, h->segs[i].ef, h->n_frames);
  return NULL;
}

static const char *check_scores(const speech_hearing *h, int listening, char *detail, size_t len) {
  if (h->prob > 0)
    BROKEN(h->prob <= SPEECH_POSTERIOR_ROUNDING ? "ps_get_prob:above-one" : "ps_get_prob:far-above-one",
           "log posterior %d > 0 (in the decoder's log base 1.0001: a probability above 1)", h->prob);
  if (h->has_hyp && h->score > 0) BROKEN("ps_get_hyp:positive-score", "path score %d > 0", h->score);
  for (size_t i = 0; i < h->n_segs; i++) {
    const speech_segment *s = &h->segs[i];
    if (s->post > 0)
      BROKEN(s->post <= SPEECH_POSTERIOR_ROUNDING ? "ps_seg_prob:above-one" : "ps_seg_prob:far-above-one",
             "segment %zu '%s': log posterior %d > 0 (in the decoder's log base 1.0001: a probability above 1)", i,
             s->word, s->post);
    if (s->ascr > 0 || s->lscr > 0)
      BROKEN("ps_seg_prob:positive-score", "segment %zu '%s': acoustic %d, language %d", i, s->word, s->ascr, s->lscr);
    if (!listening && (s->lback < 1 || s->lback > SPEECH_LM_ORDER))
      BROKEN("ps_seg_prob:backoff-range", "segment %zu '%s': backoff mode %d outside 1..%d", i, s->word, s->lback,
             SPEECH_LM_ORDER);
  }
  return NULL;
}

const char *speech_contract_check(const speech_hearing *h, int listening, char *detail, size_t len) {
  if (!h->decoded) BROKEN("decode:api-error", "%s on a valid utterance", h->why ? h->why : "a ps_* call failed");
  const char *broken = check_frames(h, detail, len);
  if (!broken) broken = check_scores(h, listening, detail, len);
  if (broken) return broken;
  char words[SPEECH_MAX_HYP];
  speech_words_of_segments(h, words, sizeof words);
  if (!h->hyp_truncated && !h->segs_truncated && strcmp(words, h->has_hyp ? h->hyp : ""))
    BROKEN("ps_get_hyp:segments-disagree", "hypothesis '%s' but the segments' words are '%s'",
           h->has_hyp ? h->hyp : "(null)", words);
  const speech_grammar *g = speech_grammar_get(listening);
  if (g && h->has_hyp && h->hyp[0] && !speech_grammar_accepts(g, h->hyp))
    BROKEN("ps_get_hyp:not-in-grammar", "hypothesis '%s' is not a sentence of grammar %s", h->hyp, g->name);
  return check_null_transitions(h, detail, len);
}
