/* The watchdog of library calls that never return (mlf_watchdog.h). */
#include "mlf_watchdog.h"
#include "mlf_differential.h"
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#ifndef sigev_notify_thread_id /* glibc before 2.37 names only the union member */
#define sigev_notify_thread_id _sigev_un._tid
#endif

#define WATCHDOG_SIGNAL (SIGRTMIN + 2) /* annotest's @timeout uses SIGRTMIN + 1 */
#define TICKS 10                       /* per limit */

/* Per thread (the timer signals the thread that made it): the call being watched (NULL
 * between calls) and its name's prefix (or NULL), where to jump out of it, how many calls
 * began, and the tick count of the current one. */
static __thread const char *volatile watched;
static __thread const char *volatile watched_prefix;
static __thread sigjmp_buf *volatile watched_env;
static __thread volatile unsigned long calls_begun;
static __thread unsigned long ticked_call;
static __thread unsigned ticks;
static __thread char hung[MLF_TAG_MAX]; /* a copy of its what: "" until an input hangs */
static __thread int timer_made;

double mlf_watchdog_seconds(void) {
  static double seconds;
  if (seconds == 0) {
    const char *e = getenv("MLF_HANG_SECONDS");
    double v = e ? strtod(e, NULL) : 0;
    seconds = v > 0 && isfinite(v) ? v : 10;
  }
  return seconds;
}

/* Appends s to hung from position i in tag form (each part as mlf_finding_tag writes it);
 * returns the position after it. */
static size_t hung_append(size_t i, const char *s) {
  for (; *s && i + 1 < sizeof hung; s++, i++) hung[i] = *s == ':' ? ':' : mlf_tag_char(*s);
  return i;
}

/* The call seen at the tick before this one and still running, for TICKS - 1 ticks: it has run
 * between 9 and 10 tenths of the limit. Names it in hung ("<prefix>:<what>") and jumps out. */
static void on_tick(int sig) {
  (void)sig;
  const char *what = watched, *prefix = watched_prefix;
  if (!what) return;
  if (calls_begun != ticked_call) {
    ticked_call = calls_begun, ticks = 0;
    return;
  }
  if (++ticks < TICKS - 1) return;
  size_t i = prefix ? hung_append(hung_append(0, prefix), ":") : 0;
  hung[hung_append(i, what)] = '\0';
  watched = NULL;
  siglongjmp(*watched_env, 1);
}

/* A forked child has no timer of its parent's. */
static void forget_timer(void) { timer_made = 0; }

/* The handler, once per process; SA_NODEFER: the jump leaves no signal blocked, so sigsetjmp
 * need not save the mask. */
static void install_handler(void) {
  struct sigaction sa = {.sa_handler = on_tick, .sa_flags = SA_RESTART | SA_NODEFER};
  sigemptyset(&sa.sa_mask);
  if (sigaction(WATCHDOG_SIGNAL, &sa, NULL) != 0) perror("mlf: watchdog signal");
  pthread_atfork(NULL, NULL, forget_timer);
}

/* The periodic timer of this thread, a tenth of the limit apart. */
static void make_timer(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, install_handler);
  timer_made = 1;
  struct sigevent ev = {.sigev_notify = SIGEV_THREAD_ID, .sigev_signo = WATCHDOG_SIGNAL};
  ev.sigev_notify_thread_id = gettid();
  timer_t timer;
  if (timer_create(CLOCK_MONOTONIC, &ev, &timer) != 0) {
    perror("mlf: watchdog timer");
    return;
  }
  double period = mlf_watchdog_seconds() / TICKS;
  struct timespec p = {(time_t)period, (long)((period - floor(period)) * 1e9)};
  if (p.tv_sec == 0 && p.tv_nsec == 0) p.tv_nsec = 1000000;
  struct itimerspec every = {p, p};
  timer_settime(timer, 0, &every, NULL);
}

void mlf_watchdog_begin(const char *prefix, const char *what, sigjmp_buf *env) {
  if (!timer_made) make_timer();
  watched_env = env;
  watched_prefix = prefix;
  calls_begun++;
  watched = what;
}

void mlf_watchdog_end(void) { watched = NULL; }

const char *mlf_watchdog_hung(void) { return hung[0] ? hung : NULL; }

void mlf_watchdog_reset(void) { hung[0] = '\0'; }

int mlf_watchdog_report(mlf_run *run, const char *target) {
  if (!hung[0]) return 0;
  size_t dropped = run->n_raised;
  run->n_findings = run->n_raised = run->n_unknown_dropped = 0;
  char tag[MLF_TAG_MAX];
  snprintf(tag, sizeof tag, "mlf:%s:%s:hang", target, hung);
  mlf_log(run, "%s: still running after %g s (MLF_HANG_SECONDS), abandoned", hung, mlf_watchdog_seconds());
  mlf_finding(run, tag,
              "%s never returned: abandoned after %g s (MLF_HANG_SECONDS); the input's later "
              "watched calls were skipped and its other findings (%zu) dropped",
              hung, mlf_watchdog_seconds(), dropped);
  return 1;
}
