/* A time limit on library calls that may never return. A call made through MLF_WATCHED that
 * runs past mlf_watchdog_seconds() (MLF_HANG_SECONDS, default 10: below the 20 s per input of
 * scripts/campaign.sh, so the engine's own timeout never sees it) is abandoned: a per-thread
 * POSIX timer, ticking every tenth of the limit, jumps out of it (siglongjmp from its signal
 * handler). The input then counts as hung: every later watched call of it is skipped, and
 * mlf_entry_run replaces its findings by one, mlf:<target>:<what>:hang, which a registry row
 * can mark as known (the harness's judgement of an abandoned call's outputs means nothing).
 * Marking a call costs a sigsetjmp without the signal mask and a few thread-local stores, no
 * system call: the timer is created once per thread. Abandoning a call leaks what the library
 * allocated in it and leaves its state as it was; calls that hang in a loop of their own (the
 * known GSL and LAPACK hangs) have nothing to lose. */
#ifndef MLF_WATCHDOG_H
#define MLF_WATCHDOG_H
#include <setjmp.h>
#include "mlf_report.h"

/* Runs the statement call (a library call) under the watchdog; what names it in the finding
 * tag (the tag's middle, e.g. "Qn0_from_sorted_data"; copied in tag form, parts lowercased,
 * when the call hangs). Skipped when the input already hung. A variable the statement assigns
 * keeps its earlier value when the call is abandoned. */
#define MLF_WATCHED(what, call) MLF_WATCHED_IN(NULL, what, call)

/* MLF_WATCHED named "<prefix>:<what>" (e.g. "atlas" and "srotmg"): the parts are
 * joined only when the call hangs, so a harness watching every call formats nothing. The
 * strings must outlive the call. */
#define MLF_WATCHED_IN(prefix, what, call)                             \
  do {                                                                 \
    sigjmp_buf mlf_watched_env_;                                       \
    if (mlf_watchdog_hung() || sigsetjmp(mlf_watched_env_, 0)) break;  \
    mlf_watchdog_begin((prefix), (what), &mlf_watched_env_);           \
    call;                                                              \
    mlf_watchdog_end();                                                \
  } while (0)

/* The limit in seconds: MLF_HANG_SECONDS when it is a number above 0, else 10. */
double mlf_watchdog_seconds(void);
/* The what of the call abandoned in this input (since mlf_watchdog_reset), in tag form
 * (lowercased, as mlf_finding_tag writes a part), or NULL. */
const char *mlf_watchdog_hung(void);
/* Before each input: nothing hung yet. */
void mlf_watchdog_reset(void);
/* When the input hung: drops run's findings and raises mlf:<target>:<what>:hang in their
 * place (the log is kept); returns 1 then, else 0. */
int mlf_watchdog_report(mlf_run *run, const char *target);

/* MLF_WATCHED_IN's halves; prefix may be NULL. */
void mlf_watchdog_begin(const char *prefix, const char *what, sigjmp_buf *env);
void mlf_watchdog_end(void);
#endif
