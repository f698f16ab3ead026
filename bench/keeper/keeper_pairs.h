/* Counting an engine pair's determinable failures (the "per engine pair, determinable
 * failures per hour"; bench/keeper/keeper_engine_pairs.c): both engines read the same scene;
 * a scene one reads right and the other does not is a determinable failure of the other (as
 * CrossASR counts); a scene neither reads right is not determinable and is counted apart, as
 * is a scene an engine gave no reading for (the pseudo-inverse refused, the API failed, or
 * the child crashed or hung: a crash or hang is also an engine finding). */
#ifndef KEEPER_PAIRS_H
#define KEEPER_PAIRS_H
#include <stddef.h>
#include "keeper_exec.h"
#include "ocr_differential.h"

/* Judges two readings of truth as ocr_differential_judge does (its signature). */
typedef differential_verdict (*keeper_pair_judge)(const char *truth, const char *first, const char *second,
                                                  int *failing_engine);

typedef enum { PAIR_NOT_READ, PAIR_NOT_DETERMINABLE, PAIR_BOTH_RIGHT, PAIR_FAILURE } keeper_pair_outcome;

typedef struct {
  size_t scenes;
  size_t both_right;
  size_t failures[2];        /* determinable failures of engine 0 and engine 1 */
  size_t not_determinable;   /* neither reading right */
  size_t not_read;           /* an engine gave no reading */
  size_t engine_findings[2]; /* crashes and hangs of each engine's child */
} keeper_pair_tally;

/* Counts one scene whose text is truth from the two engines' results; returns its outcome
 * (and, for PAIR_FAILURE, the failing engine in *failing_engine). */
keeper_pair_outcome keeper_pair_count(keeper_pair_tally *t, keeper_pair_judge judge, const char *truth,
                                      const keeper_result *first, const keeper_result *second, int *failing_engine);
/* The speech judge: a hypothesis is right when its words are the sentence's (word error rate 0). */
differential_verdict keeper_speech_differential_judge(const char *truth, const char *first, const char *second,
                                                      int *failing_engine);
/* count * 3600 / seconds (0 when no time passed). */
double keeper_per_hour(size_t count, double seconds);
#endif
