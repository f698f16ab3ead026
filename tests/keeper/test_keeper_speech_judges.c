/* The keeper speech oracles without the libraries: the word error rate; each relation's judge
 * accepts a true pair, rejects a planted wrong one and abstains when the base was heard wrong;
 * follow-ups stay in their calibrated ranges; the contract check passes a clean result and
 * catches every planted violation; the subject grammars (membership, JSGF text, generated
 * sentences); the SpeechCase post-processor and domain mutators keep scenes in range. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "keeper.pb-c.h"
#include "mlf_mutator.h"
#include "mlf_mutator_internal.h"
#include "speech_contract.h"
#include "speech_grammar.h"
#include "speech_relations.h"
#include "speech_vocabulary.h"

static void test_word_error_rate(void **state) {
  (void)state;
  assert_true(speech_word_error_rate("turn on the light", "turn on the light") == 0.0);
  assert_true(speech_word_error_rate("turn on the light", "turn on the like") == 0.25);
  assert_true(speech_word_error_rate("turn on the light", "turn the light") == 0.25);
  assert_true(speech_word_error_rate("turn on the light", "turn on on the light") == 0.25);
  assert_true(speech_word_error_rate("yes", "") == 1.0);
  assert_true(speech_word_error_rate("four two", "two four") == 1.0);
}

static void test_each_judge_accepts_true_and_rejects_planted_pairs(void **state) {
  (void)state;
  for (int k = MLF__KEEPER__SPEECH_RELATION__KIND__RESAMPLER_SWAP; k <= MLF__KEEPER__SPEECH_RELATION__KIND__ADDED_NOISE; k++) {
    const speech_relation_spec *spec = speech_relation_spec_of((Mlf__Keeper__SpeechRelation__Kind)k);
    assert_non_null(spec);
    double wer = -1;
    const char *truth = "three three eight five";
    assert_int_equal(speech_relation_judge(spec, truth, truth, truth, &wer), SPEECH_HOLDS);
    assert_true(wer == 0.0);
    /* Planted: every word of the follow-up wrong, far past any tolerance. */
    assert_int_equal(speech_relation_judge(spec, truth, truth, "no no no no", &wer), SPEECH_VIOLATED);
    assert_true(wer == 1.0);
    /* The base heard wrong: no verdict, whatever the follow-up heard. */
    assert_int_equal(speech_relation_judge(spec, truth, "three eight five", "no", &wer), SPEECH_NOT_DETERMINABLE);
    /* One word of four wrong: violated exactly when the tolerance is below a quarter. */
    speech_verdict one_off = speech_relation_judge(spec, truth, truth, "three three eight nine", &wer);
    assert_int_equal(one_off, spec->wer_tolerance < 0.25 ? SPEECH_VIOLATED : SPEECH_HOLDS);
  }
  assert_null(speech_relation_spec_of(MLF__KEEPER__SPEECH_RELATION__KIND__NONE));
}

static speech_rendering plain_rendering(void) {
  Mlf__Keeper__SpeechRendering proto = MLF__KEEPER__SPEECH_RENDERING__INIT;
  speech_rendering r;
  speech_rendering_from_proto(&proto, &r);
  return r;
}

static void test_follow_ups_change_one_thing_in_range(void **state) {
  (void)state;
  speech_rendering base = plain_rendering(), f;
  Mlf__Keeper__SpeechRelation rel = MLF__KEEPER__SPEECH_RELATION__INIT;
  rel.kind = MLF__KEEPER__SPEECH_RELATION__KIND__RESAMPLER_SWAP;
  assert_int_equal(speech_follow_up(&base, &rel, &f), 0);
  assert_int_equal(f.resampler, SPEECH_SOXR);
  assert_true(speech_same_voice(&base, &f));
  rel.kind = MLF__KEEPER__SPEECH_RELATION__KIND__RATE_CHANGE, rel.rate_delta_wpm = 1000;
  assert_int_equal(speech_follow_up(&base, &rel, &f), 0);
  assert_true(f.voice.rate_wpm > base.voice.rate_wpm && f.voice.rate_wpm <= SPEECH_RATE_MAX);
  assert_false(speech_same_voice(&base, &f));
  rel.kind = MLF__KEEPER__SPEECH_RELATION__KIND__ADDED_SILENCE, rel.silence_ms = 5000;
  assert_int_equal(speech_follow_up(&base, &rel, &f), 0);
  assert_int_equal(f.distortion.lead_ms, SPEECH_MAX_SILENCE_MS);
  rel.kind = MLF__KEEPER__SPEECH_RELATION__KIND__ADDED_NOISE, rel.noise_dbfs = 0;
  assert_int_equal(speech_follow_up(&base, &rel, &f), 0);
  assert_true(f.distortion.noise_dbfs < -10 && f.distortion.noise_dbfs > SPEECH_NOISE_FLOOR_DBFS);
  base.distortion.noise_dbfs = -40; /* already noisy: the relation does not apply */
  assert_int_equal(speech_follow_up(&base, &rel, &f), -1);
  rel.kind = MLF__KEEPER__SPEECH_RELATION__KIND__NONE;
  assert_int_equal(speech_follow_up(&base, &rel, &f), -1);
}

/* A clean result of "turn on the light" with the language model. */
static speech_hearing clean_hearing(void) {
  speech_hearing h;
  memset(&h, 0, sizeof h);
  static const char *words[] = {"<s>", "turn", "on", "the", "light(2)", "</s>"};
  h.decoded = 1, h.has_hyp = 1, h.n_frames = 100, h.score = -4000, h.prob = -2000;
  snprintf(h.hyp, sizeof h.hyp, "turn on the light");
  for (int i = 0; i < 6; i++) {
    speech_segment *s = &h.segs[h.n_segs++];
    snprintf(s->word, sizeof s->word, "%s", words[i]);
    s->sf = i * 15, s->ef = i * 15 + 14, s->post = -100, s->ascr = -5000, s->lscr = -300, s->lback = 1 + i % 3;
  }
  return h;
}

static const char *broken_clause(const speech_hearing *h, int listening) {
  char detail[400];
  return speech_contract_check(h, listening, detail, sizeof detail);
}

static void test_contract_catches_planted_violations(void **state) {
  (void)state;
  speech_hearing h = clean_hearing();
  assert_null(broken_clause(&h, 0));
  h = clean_hearing(), h.decoded = 0, h.why = "ps_end_utt failed";
  assert_string_equal(broken_clause(&h, 0), "decode:api-error");
  h = clean_hearing(), h.segs[5].ef = 100;
  assert_string_equal(broken_clause(&h, 0), "ps_seg_frames:outside-utterance");
  h = clean_hearing(), h.segs[2].sf = 20;
  assert_string_equal(broken_clause(&h, 0), "ps_seg_frames:out-of-order");
  h = clean_hearing(), h.segs[3].ef = h.segs[3].sf - 1;
  assert_string_equal(broken_clause(&h, 0), "ps_seg_frames:outside-utterance");
  h = clean_hearing(), h.prob = 5;
  assert_string_equal(broken_clause(&h, 0), "ps_get_prob:above-one");
  h = clean_hearing(), h.segs[1].post = SPEECH_POSTERIOR_ROUNDING + 1;
  assert_string_equal(broken_clause(&h, 0), "ps_seg_prob:far-above-one");
  h = clean_hearing(), h.score = 1;
  assert_string_equal(broken_clause(&h, 0), "ps_get_hyp:positive-score");
  h = clean_hearing(), h.segs[2].ascr = 3;
  assert_string_equal(broken_clause(&h, 0), "ps_seg_prob:positive-score");
  h = clean_hearing(), h.segs[2].lback = 4;
  assert_string_equal(broken_clause(&h, 0), "ps_seg_prob:backoff-range");
  h = clean_hearing(), snprintf(h.hyp, sizeof h.hyp, "turn on a light");
  assert_string_equal(broken_clause(&h, 0), "ps_get_hyp:segments-disagree");
  h = clean_hearing(), h.has_hyp = 0; /* word segments but no hypothesis */
  assert_string_equal(broken_clause(&h, 0), "ps_get_hyp:segments-disagree");
  h = clean_hearing(), h.n_segs = 2; /* "turn" only: the hypothesis has more */
  assert_string_equal(broken_clause(&h, 0), "ps_get_hyp:segments-disagree");
  /* Grammar mode: backoff is not judged, the transcript must be a sentence of the grammar. */
  h = clean_hearing(), h.segs[2].lback = 4;
  assert_null(broken_clause(&h, 1));
  assert_string_equal(broken_clause(&h, 2), "ps_get_hyp:not-in-grammar");
  h = clean_hearing(), snprintf(h.segs[0].word, sizeof h.segs[0].word, "(NULL)"), h.segs[0].sf = h.segs[0].ef = -1;
  assert_string_equal(broken_clause(&h, 1), "ps_seg_iter:null-transition-segment");
}

static void test_grammars(void **state) {
  (void)state;
  const speech_grammar *commands = speech_grammar_get(1), *digits = speech_grammar_get(2), *answers = speech_grammar_get(3);
  assert_null(speech_grammar_get(0));
  assert_true(speech_grammar_accepts(commands, "turn on the light"));
  assert_true(speech_grammar_accepts(commands, "please close window"));
  assert_false(speech_grammar_accepts(commands, "turn the light"));
  assert_false(speech_grammar_accepts(commands, "turn on the light "));
  assert_false(speech_grammar_accepts(commands, ""));
  assert_true(speech_grammar_accepts(digits, "zero six"));
  assert_true(speech_grammar_accepts(digits, "one two three four"));
  assert_false(speech_grammar_accepts(digits, "one"));
  assert_false(speech_grammar_accepts(digits, "one two three four five"));
  assert_true(speech_grammar_accepts(answers, "please cancel"));
  assert_false(speech_grammar_accepts(answers, "cancel please"));
  char jsgf[1024];
  assert_true(speech_grammar_jsgf(answers, jsgf, sizeof jsgf) < sizeof jsgf);
  assert_string_equal(jsgf, "#JSGF V1.0;\ngrammar answers;\npublic <sentence> = [please] (yes | no | cancel | repeat | help | okay);\n");
  const speech_grammar *player = speech_grammar_get(SPEECH_GRAMMAR_ASR_MUSIC_PLAYER);
  assert_string_equal(player->name, "asr_music_player");
  assert_true(speech_grammar_accepts(player, "halt the music"));
  assert_true(speech_grammar_accepts(player, "good morning"));
  assert_false(speech_grammar_accepts(player, "good music"));
  assert_true(speech_grammar_jsgf(player, jsgf, sizeof jsgf) < sizeof jsgf);
  assert_string_equal(jsgf, "#JSGF V1.0;\ngrammar asr_music_player;\npublic <sentence> = ( [please] (stop | halt | pause | "
                            "play) [the | some] (music) ) | ( (good) (morning | night) ) | ( (next song) );\n");
  char small[16];
  assert_true(speech_grammar_jsgf(commands, small, sizeof small) > sizeof small);
  mlf_rng rng;
  mlf_rng_seed(&rng, 11);
  for (int i = 0; i < 300; i++) {
    const speech_grammar *g = speech_grammar_get(1 + i % SPEECH_N_GRAMMARS);
    char sentence[96];
    speech_grammar_sentence(g, &rng, sentence, sizeof sentence);
    assert_true(speech_grammar_accepts(g, sentence));
    assert_true(speech_text_is_vocabulary(sentence, 12));
  }
  assert_false(speech_text_is_vocabulary("turn on the toaster", 12));
  assert_false(speech_text_is_vocabulary("turn  on", 12));
  assert_false(speech_text_is_vocabulary("", 12));
}

static size_t packed(const ProtobufCMessage *m, uint8_t *buf) { return protobuf_c_message_pack(m, buf); }

static void test_mutators_keep_scenes_in_range(void **state) {
  (void)state;
  const ProtobufCMessageDescriptor *d = &mlf__keeper__speech_case__descriptor;
  Mlf__Keeper__SpeechRendering r = MLF__KEEPER__SPEECH_RENDERING__INIT;
  Mlf__Keeper__Scene scene = MLF__KEEPER__SCENE__INIT;
  Mlf__Keeper__SpeechCase c = MLF__KEEPER__SPEECH_CASE__INIT;
  r.has_synthesiser = 1, r.synthesiser = MLF__KEEPER__SPEECH_RENDERING__SYNTHESISER__FLITE, r.voice = "slt";
  r.has_quality = 1;
  r.has_rate_wpm = 1, r.rate_wpm = 200, r.has_pitch = 1, r.pitch = 40;
  scene.text = "turn on the light", scene.medium_case = MLF__KEEPER__SCENE__MEDIUM_SPEECH, scene.speech = &r;
  c.scene = &scene;
  uint8_t before[512], after[512];
  size_t n = packed(&c.base, before);
  ProtobufCMessage *copy = protobuf_c_message_unpack(d, NULL, n, before);
  mlf_post_process(copy);
  assert_int_equal(packed(copy, after), n);
  assert_memory_equal(before, after, n); /* a valid scene is left unchanged */
  protobuf_c_message_free_unpacked(copy, NULL);
  /* Out of range: brought back in. */
  r.rate_wpm = 5000, r.pitch = 1000, r.voice = "en-us", r.quality = 9;
  n = packed(&c.base, before);
  Mlf__Keeper__SpeechCase *fixed = (Mlf__Keeper__SpeechCase *)protobuf_c_message_unpack(d, NULL, n, before);
  mlf_post_process(&fixed->base);
  Mlf__Keeper__SpeechRendering *fr = fixed->scene->speech;
  assert_true(fr->rate_wpm >= SPEECH_RATE_MIN && fr->rate_wpm <= SPEECH_RATE_MAX);
  assert_true(fr->pitch <= SPEECH_PITCH_MAX && fr->quality <= 2);
  assert_string_equal(fr->voice, "kal");
  protobuf_c_message_free_unpacked(&fixed->base, NULL);
  /* Every domain mutator keeps a vocabulary scene a vocabulary scene, in range. */
  mlf_rng rng;
  mlf_rng_seed(&rng, 5);
  for (size_t i = 0; i < mlf_domain_count(); i++) {
    const mlf_domain_entry *e = mlf_domain_get(i);
    if (e->type != d) continue;
    for (int k = 0; k < 50; k++) {
      r.rate_wpm = 200, r.pitch = 40, r.voice = "slt", r.quality = 0;
      n = packed(&c.base, before);
      Mlf__Keeper__SpeechCase *m = (Mlf__Keeper__SpeechCase *)protobuf_c_message_unpack(d, NULL, n, before);
      e->fn(&m->base, &rng);
      mlf_post_process(&m->base);
      assert_true(speech_text_is_vocabulary(m->scene->text, 12));
      assert_int_equal(m->scene->medium_case, MLF__KEEPER__SCENE__MEDIUM_SPEECH);
      const Mlf__Keeper__SpeechRendering *mr = m->scene->speech;
      assert_true(mr->rate_wpm >= SPEECH_RATE_MIN && mr->rate_wpm <= SPEECH_RATE_MAX && mr->pitch <= SPEECH_PITCH_MAX);
      /* A grammar sentence comes with its own grammar or the language model. */
      if (!strcmp(e->name, "speech:grammar-sentence") && mr->listening)
        assert_true(speech_grammar_accepts(speech_grammar_get(mr->listening), m->scene->text));
      protobuf_c_message_free_unpacked(&m->base, NULL);
    }
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_word_error_rate),
      cmocka_unit_test(test_each_judge_accepts_true_and_rejects_planted_pairs),
      cmocka_unit_test(test_follow_ups_change_one_thing_in_range),
      cmocka_unit_test(test_contract_catches_planted_violations),
      cmocka_unit_test(test_grammars),
      cmocka_unit_test(test_mutators_keep_scenes_in_range),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
