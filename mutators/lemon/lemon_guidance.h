/* The guidance state LEMON's mutator and harness share: the rule statistics, the mutant the
 * mutator noted last, and the ACC cache. In-process fuzzing (libFuzzer) keeps it in static
 * memory. With MLF_LEMON_GUIDANCE_FILE set it is a MAP_SHARED mapping of that file, so that
 * AFL++'s custom mutator (in afl-fuzz's process) and the target's children (forked by the
 * fork server) read and write one state: MH rule selection then works under AFL++ too.
 * afl-fuzz runs the mutator and the target one after the other, so no locking is needed. */
#ifndef LEMON_GUIDANCE_H
#define LEMON_GUIDANCE_H
#include <stdint.h>
#include "lemon_selection.h"

#define LEMON_ACC_SLOTS 4096 /* a power of two */

typedef struct {
  uint64_t magic;  /* set once the state is initialised */
  lemon_rule_stats stats;
  struct {
    int active;
    uint64_t key;
    lemon_rule rule;
    double parent_acc;
  } pending;       /* the mutant the mutator made last, until the harness scores it */
  struct {
    uint64_t key;
    double acc;
    int used;
  } acc[LEMON_ACC_SLOTS];
} lemon_guidance_state;

/* The state: on first use, the file MLF_LEMON_GUIDANCE_FILE names (created and sized as
 * needed; a file that cannot be mapped is reported once on stderr and static memory is used
 * instead), else static memory. */
lemon_guidance_state *lemon_guidance(void);
/* Maps path (NULL: back to static memory) as the state from now on; 0, or -1 with errno. */
int lemon_guidance_map(const char *path);
#endif
