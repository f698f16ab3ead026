/* A target's per-function counts (calls, @require and other rejections, findings) reported
 * while it runs: at exit on stderr, or as a file rewritten at most once a second that
 * survives the process (annotest_runtime.h, at_stats_watch). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include "annotest_runtime.h"

static const at_function_stats *watched;
static size_t nwatched;
static char checkpoint_path[4096];
static double last_write;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Writes the counts to a temporary file renamed over the checkpoint (readers never see half). */
static void write_checkpoint(void) {
  char tmp[4200];
  snprintf(tmp, sizeof tmp, "%s.tmp", checkpoint_path);
  FILE *f = fopen(tmp, "w");
  if (!f) return;
  for (size_t i = 0; i < nwatched; i++)
    fprintf(f, "%s\t%lu\t%lu\t%lu\t%lu\n", watched[i].name, watched[i].calls, watched[i].rejected, watched[i].required,
            watched[i].failed);
  if (fclose(f) == 0) rename(tmp, checkpoint_path);
  last_write = now();
}

static void print_at_exit(void) { at_stats_print(watched, nwatched, stderr); }

void at_stats_watch(const at_function_stats *stats, size_t n) {
  const char *dir = getenv("MLF_ANNOTEST_STATS_DIR"), *print = getenv("MLF_ANNOTEST_STATS");
  watched = stats;
  nwatched = n;
  if (print && *print && *print != '0') atexit(print_at_exit);
  if (dir && *dir) {
    snprintf(checkpoint_path, sizeof checkpoint_path, "%s/annotest-stats.%ld.tsv", dir, (long)getpid());
    atexit(write_checkpoint);
  }
}

void at_stats_checkpoint(int force) {
  if (checkpoint_path[0] && (force || now() - last_write >= 1)) write_checkpoint();
}
