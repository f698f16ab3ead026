/* Child-process isolation of one call (see errors_isolation.h). */
#include "errors_isolation.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define ERRORS_CHILD_SECONDS 2 /* a call here takes microseconds */

void __sanitizer_set_death_callback(void (*callback)(void)) __attribute__((weak));

static void (*child_on_signal)(void *, void *);
static void *child_ctx, *child_result;

/* In the child only: save what the caller wants, then leave with the signal number. */
static void child_fault(int sig) {
  if (child_on_signal) child_on_signal(child_ctx, child_result);
  _exit(128 + sig);
}

int errors_isolated(void (*body)(void *ctx, void *result),
                    void (*on_signal)(void *ctx, void *result), void *ctx, void *result,
                    size_t result_size) {
  void *shared = mmap(NULL, result_size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (shared == MAP_FAILED) return -1;
  memcpy(shared, result, result_size);
  pid_t pid = fork();
  if (pid < 0) {
    munmap(shared, result_size);
    return -1;
  }
  if (pid == 0) {
    int null = open("/dev/null", O_WRONLY);
    if (null >= 0) dup2(null, STDERR_FILENO);
    child_on_signal = on_signal, child_ctx = ctx, child_result = shared;
    /* A sanitizer report here (UBSan, ASan) must not run the parent's death callback:
     * libFuzzer's saves the input as a crash artifact although the fuzzer goes on. */
    if (__sanitizer_set_death_callback) __sanitizer_set_death_callback(NULL);
    static const int fatal[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGALRM};
    for (size_t i = 0; i < sizeof fatal / sizeof *fatal; i++) {
      struct sigaction sa;
      memset(&sa, 0, sizeof sa);
      sa.sa_handler = child_fault;
      sigaction(fatal[i], &sa, NULL);
    }
    alarm(ERRORS_CHILD_SECONDS); /* a hang ends as SIGALRM */
    body(ctx, shared);
    _exit(0);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) break;
  memcpy(result, shared, result_size);
  munmap(shared, result_size);
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return 0;
  if (WIFEXITED(status) && WEXITSTATUS(status) > 128) return WEXITSTATUS(status) - 128;
  return WIFSIGNALED(status) ? WTERMSIG(status) : SIGABRT;
}
