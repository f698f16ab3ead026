/* What the byte-level baselines of the Keeper bench share: the subject named by KEEPER_SUBJECT
 * and the record of the outcomes it took, a bit mask in the file KEEPER_OUTCOMES_FILE that
 * libFuzzer's fork-mode children add to (the branch coverage compared with Keeper's). */
#ifndef KEEPER_SUBJECT_OUTCOMES_H
#define KEEPER_SUBJECT_OUTCOMES_H
#include "subject.h"

/* The subject from the environment; exits with a message when either variable is unset. */
const keeper_subject *subject_outcomes_init(const char *tool);
/* Records outcome (a string run returned) when it is one of the subject's and new. */
void subject_outcomes_take(const char *outcome);
#endif
