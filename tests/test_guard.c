/* Unit tests of mlf_guard: guard pages fault, read-only inputs fault on write, canaries catch
 * slack writes, alignment, size 0, mapping reuse, crash descriptions and the reporter.
 * Death tests run in a forked child that first restores the default SIGSEGV action: ASan
 * (and cmocka, while a test runs) install SIGSEGV handlers but let the program replace
 * them, so a guard hit must end the child with exactly SIGSEGV, not ASan's exit code 1. */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE
#endif
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "mlf_guard.h"
#include "mlf_test_child.h"

typedef void (*child_fn)(void);

static volatile unsigned char sink;

static int run_child(child_fn fn) { return mlf_run_child(fn, 0, NULL, 0); }

/* Runs fn in a child; returns its status and its stderr in out. */
static int run_capturing_stderr(child_fn fn, int keep_handlers, char *out, size_t len) {
  return mlf_run_child(fn, keep_handlers, out, len);
}

static void assert_segv(int status) {
  assert_true(WIFSIGNALED(status));
  assert_int_equal(WTERMSIG(status), SIGSEGV);
}

static void read_past_tail(void) {
  unsigned char *p = mlf_guard_alloc(100, 1, MLF_GUARD_TAIL, "tail");
  sink = p[99];
  sink = p[100];
}

static void read_before_head(void) {
  unsigned char *p = mlf_guard_alloc(100, 1, MLF_GUARD_HEAD, "head");
  sink = p[0];
  sink = *(volatile unsigned char *)(p - 1);
}

static void read_before_tail(void) { /* the leading guard of a TAIL buffer with 1 page */
  unsigned char *p = mlf_guard_alloc(4096, 1, MLF_GUARD_TAIL, "tail-full");
  sink = *(volatile unsigned char *)(p - 1);
}

static void write_readonly(void) {
  double *p = mlf_guard_alloc(8 * sizeof(double), 8, MLF_GUARD_TAIL, "A");
  p[3] = 1.0;
  if (mlf_guard_set_readonly(p, 1) != 0) _exit(3);
  sink = (unsigned char)p[3];
  p[3] = 2.0;
}

static void write_after_readonly_undone(void) {
  double *p = mlf_guard_alloc(8 * sizeof(double), 8, MLF_GUARD_TAIL, "A");
  if (mlf_guard_set_readonly(p, 1) != 0 || mlf_guard_set_readonly(p, 0) != 0) _exit(3);
  p[3] = 2.0;
}

static void read_size_zero(void) {
  unsigned char *p = mlf_guard_alloc(0, 1, MLF_GUARD_TAIL, "empty");
  sink = *(volatile unsigned char *)p;
}

static void free_twice(void) {
  void *p = mlf_guard_alloc(16, 8, MLF_GUARD_TAIL, "twice");
  mlf_guard_free(p);
  mlf_guard_free(p);
}

static void test_tail_guard_faults(void **state) {
  (void)state;
  assert_segv(run_child(read_past_tail));
  assert_segv(run_child(read_before_tail));
}

static void test_head_guard_faults(void **state) {
  (void)state;
  assert_segv(run_child(read_before_head));
}

static void test_readonly(void **state) {
  (void)state;
  assert_segv(run_child(write_readonly));
  int st = run_child(write_after_readonly_undone);
  assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
}

static void test_double_free_aborts(void **state) {
  (void)state;
  char out[512];
  int status = run_capturing_stderr(free_twice, 0, out, sizeof out);
  assert_true(WIFSIGNALED(status));
  assert_int_equal(WTERMSIG(status), SIGABRT);
  assert_non_null(strstr(out, "mlf: guard: mlf_guard_free: "));
  assert_non_null(strstr(out, " is not a live guard buffer\n"));
}

static void test_size_zero(void **state) {
  (void)state;
  void *a = mlf_guard_alloc(0, 0, MLF_GUARD_TAIL, "z1");
  void *b = mlf_guard_alloc(0, 64, MLF_GUARD_HEAD, "z2");
  assert_non_null(a);
  assert_non_null(b);
  assert_ptr_not_equal(a, b);
  assert_int_equal(mlf_guard_canary_ok(a), 1);
  assert_int_equal(mlf_guard_set_readonly(b, 1), 0);
  mlf_guard_free(a);
  mlf_guard_free(b);
  assert_segv(run_child(read_size_zero));
}

static void test_alignment_and_flush_end(void **state) {
  (void)state;
  long pg = sysconf(_SC_PAGESIZE);
  for (size_t size = 0; size < 300; size += 7)
    for (size_t align = 1; align <= 256; align *= 2) {
      unsigned char *t = mlf_guard_alloc(size, align, MLF_GUARD_TAIL, "t");
      unsigned char *h = mlf_guard_alloc(size, align, MLF_GUARD_HEAD, "h");
      assert_int_equal((uintptr_t)t % align, 0);
      assert_int_equal((uintptr_t)h % (uintptr_t)pg, 0);
      uintptr_t end = (uintptr_t)(t + size), gap = (align - size % align) % align;
      assert_int_equal((end + gap) % (uintptr_t)pg, 0); /* end + gap is the guard page */
      memset(t, 0x11, size);
      memset(h, 0x22, size);
      assert_int_equal(mlf_guard_canary_ok(t), 1);
      assert_int_equal(mlf_guard_canary_ok(h), 1);
      mlf_guard_free(t);
      mlf_guard_free(h);
    }
}

static void test_canary_detects_slack_write(void **state) {
  (void)state;
  unsigned char *t = mlf_guard_alloc(10, 8, MLF_GUARD_TAIL, "t"); /* 6-byte gap after end */
  unsigned char *h = mlf_guard_alloc(10, 8, MLF_GUARD_HEAD, "h");
  assert_int_equal(t[0], MLF_GUARD_CANARY); /* contents are deterministic */
  assert_int_equal(mlf_guard_canary_ok(t), 1);
  t[10] = 0;
  assert_int_equal(mlf_guard_canary_ok(t), 0);
  t[10] = MLF_GUARD_CANARY;
  t[-1] = 0; /* slack before the start */
  assert_int_equal(mlf_guard_canary_ok(t), 0);
  assert_int_equal(mlf_guard_canary_ok(h), 1);
  h[200] = 0;
  assert_int_equal(mlf_guard_canary_ok(h), 0);
  mlf_guard_free(t);
  mlf_guard_free(h);
}

static void test_mappings_are_reused(void **state) {
  (void)state;
  void *a = mlf_guard_alloc(1000, 8, MLF_GUARD_HEAD, "a");
  mlf_guard_free(a);
  void *b = mlf_guard_alloc(2000, 8, MLF_GUARD_HEAD, "b"); /* same page count */
  assert_ptr_equal(a, b);
  assert_int_equal(mlf_guard_set_readonly(b, 1), 0);
  mlf_guard_free(b); /* made writable again before reuse */
  unsigned char *c = mlf_guard_alloc(3000, 1, MLF_GUARD_HEAD, "c");
  assert_ptr_equal(c, b);
  c[0] = 1;
  mlf_guard_free(c);
}

static void test_describe(void **state) {
  (void)state;
  char buf[256];
  unsigned char *t = mlf_guard_alloc(800, 8, MLF_GUARD_TAIL, "C");
  unsigned char *h = mlf_guard_alloc(24, 8, MLF_GUARD_HEAD, "x vector");
  const char *d = mlf_guard_describe(t + 800, buf, sizeof buf);
  assert_non_null(d);
  assert_non_null(strstr(d, "'C'"));
  assert_non_null(strstr(d, "800 bytes, tail guard"));
  assert_non_null(strstr(d, "end+0, in the trailing guard page"));
  d = mlf_guard_describe(t - 3, buf, sizeof buf);
  assert_non_null(strstr(d, "start-3, in the canary slack"));
  d = mlf_guard_describe(h - 1, buf, sizeof buf);
  assert_string_equal(d, "guard buffer 'x vector' (24 bytes, head guard): address is at start-1, "
                         "in the leading guard page");
  d = mlf_guard_describe(h + 30, buf, sizeof buf);
  assert_non_null(strstr(d, "end+6, in the canary slack"));
  assert_null(mlf_guard_describe(t + 10, buf, sizeof buf)); /* inside the buffer */
  assert_null(mlf_guard_describe(buf, buf, sizeof buf));    /* not a guard buffer */
  mlf_guard_free(t);
  assert_null(mlf_guard_describe(t + 800, buf, sizeof buf)); /* no longer live */
  mlf_guard_free(h);
}

static void fault_with_reporter(void) {
  mlf_guard_install_reporter();
  unsigned char *p = mlf_guard_alloc(64, 8, MLF_GUARD_TAIL, "B matrix");
  sink = p[64];
}

/* Stands in for the sanitizer's handler that the reporter must hand the signal on to. */
static void earlier_handler(int sig, siginfo_t *info, void *uctx) {
  (void)sig, (void)info, (void)uctx;
  static const char msg[] = "earlier handler ran\n";
  ssize_t ignored = write(2, msg, sizeof msg - 1);
  (void)ignored;
  _exit(42);
}

static void fault_with_chained_reporter(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = earlier_handler;
  sa.sa_flags = SA_SIGINFO;
  sigaction(SIGSEGV, &sa, NULL);
  fault_with_reporter();
}

static void test_reporter_names_buffer_then_chains(void **state) {
  (void)state;
  static char out[16384];
  const char *want = "mlf: guard buffer 'B matrix' (64 bytes, tail guard): address is at end+0, "
                     "in the trailing guard page\n";
  assert_segv(run_capturing_stderr(fault_with_reporter, 0, out, sizeof out));
  assert_non_null(strstr(out, want));
  int status = run_capturing_stderr(fault_with_chained_reporter, 1, out, sizeof out);
  assert_true(WIFEXITED(status));
  assert_int_equal(WEXITSTATUS(status), 42);
  assert_non_null(strstr(out, want));
  assert_true(strstr(out, want) < strstr(out, "earlier handler ran"));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_tail_guard_faults),
      cmocka_unit_test(test_head_guard_faults),
      cmocka_unit_test(test_readonly),
      cmocka_unit_test(test_double_free_aborts),
      cmocka_unit_test(test_size_zero),
      cmocka_unit_test(test_alignment_and_flush_end),
      cmocka_unit_test(test_canary_detects_slack_write),
      cmocka_unit_test(test_mappings_are_reused),
      cmocka_unit_test(test_describe),
      cmocka_unit_test(test_reporter_names_buffer_then_chains),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
