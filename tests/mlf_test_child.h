/* Test helper: runs a function in a forked child, for tests whose subject kills the process
 * (guard-page faults, exit() capture). No core files; SIGABRT, and SIGSEGV unless
 * keep_segv_handler, at their default action. Returns the wait status; the child's stderr
 * goes to out (NUL-terminated) when out is not NULL. A child whose fn returns exits 0. */
#ifndef MLF_TEST_CHILD_H
#define MLF_TEST_CHILD_H
#include <signal.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static inline int mlf_run_child(void (*fn)(void), int keep_segv_handler, char *out, size_t len) {
  FILE *err = out ? tmpfile() : NULL;
  assert_true(!out || err);
  fflush(NULL);
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    struct rlimit no_core = {0, 0};
    setrlimit(RLIMIT_CORE, &no_core);
    signal(SIGABRT, SIG_DFL);
    if (!keep_segv_handler) signal(SIGSEGV, SIG_DFL);
    if (err) dup2(fileno(err), 2);
    fn();
    _exit(0);
  }
  int status;
  assert_int_equal(waitpid(pid, &status, 0), pid);
  if (err) {
    rewind(err);
    out[fread(out, 1, len - 1, err)] = '\0';
    fclose(err);
  }
  return status;
}
#endif
