/* The glue's runtime: ranges, the per-input arena, the timed call and the findings (see
 * annotest_runtime.h; the folding of raw choices is annotest_fold.c). */
#include <float.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "annotest_runtime.h"
#include "mlf_capture.h"
#include "mlf_guard.h"

struct at_block {
  struct at_block *next;
  void (*free_fn)(void *); /* an owned object; NULL for plain storage (data follows) */
  void *object;
  max_align_t data[];
};

void at_ctx_init(at_ctx *ctx, mlf_run *run, const char *target, const char *library, at_blame_fn blame) {
  memset(ctx, 0, sizeof *ctx);
  ctx->run = run;
  ctx->target = target;
  ctx->library = library;
  ctx->blame = blame;
}

static struct at_block *new_block(at_ctx *ctx, size_t bytes) {
  struct at_block *b = calloc(1, sizeof *b + (bytes ? bytes : 1));
  if (!b) abort();
  b->next = ctx->blocks;
  ctx->blocks = b;
  return b;
}

static void guard_free(void *p) { mlf_guard_free(p); }

void *at_alloc(at_ctx *ctx, size_t count, size_t size) {
  if (size && count > SIZE_MAX / size / 2) abort(); /* the glue bounds every shape first */
  if (!ctx->guard_pages) return new_block(ctx, count * size)->data;
  size_t align = size && size <= 4096 && !(size & (size - 1)) ? size : 1;
  void *p = mlf_guard_alloc(count * size, align, MLF_GUARD_TAIL, ctx->stats ? ctx->stats->name : NULL);
  memset(p, 0, count * size);
  at_own(ctx, p, guard_free);
  return p;
}

at_slot *at_slots(at_ctx *ctx, size_t n) { return at_alloc(ctx, n, sizeof(at_slot)); }

void at_own(at_ctx *ctx, void *object, void (*free_fn)(void *)) {
  struct at_block *b = new_block(ctx, 0);
  b->object = object;
  b->free_fn = free_fn;
}

void at_release(at_ctx *ctx) {
  while (ctx->blocks) {
    struct at_block *next = ctx->blocks->next;
    if (ctx->blocks->free_fn) ctx->blocks->free_fn(ctx->blocks->object);
    free(ctx->blocks);
    ctx->blocks = next;
  }
}

/* ---- ranges ----------------------------------------------------------------------------- */

void at_finite_ends(double lo, double hi, unsigned flags, double *lo_e, double *hi_e) {
  *lo_e = lo < -DBL_MAX ? -DBL_MAX : lo;
  *hi_e = hi > DBL_MAX ? DBL_MAX : hi;
  if ((flags & AT_EXCLUDE_MIN) && lo >= -DBL_MAX) *lo_e = nextafter(*lo_e, INFINITY);
  if ((flags & AT_EXCLUDE_MAX) && hi <= DBL_MAX) *hi_e = nextafter(*hi_e, -INFINITY);
}

int at_real_range_ok(double lo, double hi, unsigned flags) {
  double lo_e, hi_e;
  if (isnan(lo) || isnan(hi)) return 0;
  at_finite_ends(lo, hi, flags, &lo_e, &hi_e);
  return lo_e <= hi_e;
}

/* ---- the call --------------------------------------------------------------------------- */

void at_reject(at_ctx *ctx, const char *reason) {
  if (ctx->stats) {
    ctx->stats->rejected++;
    ctx->stats->required += strncmp(reason, "@require(", 9) == 0;
  }
  ctx->reject_reason = reason;
  if (ctx->run) mlf_log(ctx->run, "%s: rejected: %s", ctx->stats ? ctx->stats->name : "?", reason);
}

/* The function a call timer runs for; NULL between calls, so that a signal the timer queued
 * just as the call ended (a loaded machine) does not abort a later input. */
static const char *volatile timed_function;
static double timed_seconds;
static timer_t call_timer;
static int timer_ready;

/* @timeout expired: a hang on a valid input; abort so the engine keeps the input. */
static void timeout_expired(int sig) {
  (void)sig;
  if (!timed_function) return;
  char msg[256];
  int n = snprintf(msg, sizeof msg, "\n==== annotest: %s ran past its @timeout(%g) on a valid input (hang) ====\n",
                   timed_function, timed_seconds);
  if (n > 0) (void)!write(2, msg, (size_t)n);
  abort();
}

void at_call_begin(at_ctx *ctx, double timeout_seconds) {
  const char *fn = ctx->stats ? ctx->stats->name : "?";
  mlf_capture_begin(fn);
  if (timeout_seconds <= 0) return;
  if (!timer_ready) {
    struct sigevent ev = {.sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGRTMIN + 1};
    signal(SIGRTMIN + 1, timeout_expired);
    if (timer_create(CLOCK_MONOTONIC, &ev, &call_timer) != 0) return;
    timer_ready = 1;
  }
  timed_function = fn;
  timed_seconds = timeout_seconds;
  struct itimerspec t = {.it_value = {(time_t)timeout_seconds, (long)(fmod(timeout_seconds, 1) * 1e9)}};
  timer_settime(call_timer, 0, &t, NULL);
}

void at_call_end(at_ctx *ctx) {
  (void)ctx;
  if (timer_ready) {
    struct itimerspec off = {0};
    timer_settime(call_timer, 0, &off, NULL);
  }
  timed_function = NULL;
  mlf_capture_end(NULL);
}

static void tag_of(const at_ctx *ctx, const char *kind, char *tag, size_t n) {
  snprintf(tag, n, "mlf:%s:%s:%s:%s", ctx->target, ctx->library, ctx->stats ? ctx->stats->name : "?", kind);
}

void at_ensure_failed(at_ctx *ctx, const char *condition, long long status) {
  char tag[MLF_TAG_MAX];
  tag_of(ctx, "documented-error", tag, sizeof tag);
  if (ctx->stats) ctx->stats->failed++;
  mlf_finding(ctx->run, tag, "@ensure(%s) failed (status %lld) on an input the annotations call valid: %s", condition,
              status, ctx->blame ? ctx->blame(status) : "a bug in the library or in the annotation");
}

void at_property_failed(at_ctx *ctx, const char *kind, const char *fmt, ...) {
  char tag[MLF_TAG_MAX], detail[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(detail, sizeof detail, fmt, ap);
  va_end(ap);
  tag_of(ctx, kind, tag, sizeof tag);
  if (ctx->stats) ctx->stats->failed++;
  mlf_finding(ctx->run, tag, "%s", detail);
}

int at_known(at_ctx *ctx, const char *kind, const char *condition) {
  char tag[MLF_TAG_MAX];
  tag_of(ctx, kind, tag, sizeof tag);
  mlf_finding(ctx->run, tag, "@known(%s, %s): a recorded library bug covers this input%s", kind, condition,
              mlf_report_known() ? "; calling anyway (MLF_REPORT_KNOWN=1)" : "; the call is skipped");
  return mlf_report_known();
}

void at_stats_print(const at_function_stats *stats, size_t n, FILE *out) {
  fprintf(out, "%-36s %10s %10s %10s %9s %8s\n", "function", "calls", "rejected", "@require", "@req.rate", "findings");
  for (size_t i = 0; i < n; i++)
    fprintf(out, "%-36s %10lu %10lu %10lu %8.2f%% %8lu\n", stats[i].name, stats[i].calls, stats[i].rejected,
            stats[i].required, stats[i].calls ? 100.0 * (double)stats[i].required / (double)stats[i].calls : 0.0,
            stats[i].failed);
}
