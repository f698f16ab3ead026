/* The engine-pair counter (keeper_pairs.h). */
#include "keeper_pairs.h"
#include "speech_relations.h"

static int gave_reading(const keeper_result *r) { return r->status == KEEPER_RAN; }
static int crashed_or_hung(const keeper_result *r) { return r->status == KEEPER_CRASHED || r->status == KEEPER_HUNG; }

keeper_pair_outcome keeper_pair_count(keeper_pair_tally *t, keeper_pair_judge judge, const char *truth,
                                      const keeper_result *first, const keeper_result *second, int *failing_engine) {
  t->scenes++;
  t->engine_findings[0] += (size_t)crashed_or_hung(first);
  t->engine_findings[1] += (size_t)crashed_or_hung(second);
  if (!gave_reading(first) || !gave_reading(second)) return t->not_read++, PAIR_NOT_READ;
  switch (judge(truth, first->api_text, second->api_text, failing_engine)) {
  case DIFFERENTIAL_UNDETERMINED: return t->not_determinable++, PAIR_NOT_DETERMINABLE;
  case DIFFERENTIAL_AGREE: return t->both_right++, PAIR_BOTH_RIGHT;
  default: return t->failures[*failing_engine]++, PAIR_FAILURE;
  }
}

differential_verdict keeper_speech_differential_judge(const char *truth, const char *first, const char *second,
                                                      int *failing_engine) {
  return differential_from_rights(speech_word_error_rate(truth, first) == 0, speech_word_error_rate(truth, second) == 0,
                                  failing_engine);
}

double keeper_per_hour(size_t count, double seconds) { return seconds > 0 ? (double)count * 3600.0 / seconds : 0; }
