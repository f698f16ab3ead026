/* SIGSEGV reporter for guard-page faults (see mlf_guard_install_reporter in mlf_guard.h):
 * names the buffer whose guard or slack was touched, then lets the previously installed
 * handler (ASan, libFuzzer) or the default action report the crash. */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE
#endif
#include "mlf_guard.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

static struct sigaction previous;
static int installed;
static void (*fault_context)(void);

void mlf_guard_set_fault_context(void (*print)(void)) { fault_context = print; }

/* snprintf inside mlf_guard_describe is not async-signal-safe; acceptable on a path that
 * ends the process anyway (the sanitizer's own report does far more). */
static void on_segv(int sig, siginfo_t *info, void *uctx) {
  char buf[256];
  const char *d = mlf_guard_describe(info->si_addr, buf, sizeof buf);
  if (d) {
    ssize_t ignored = write(2, "mlf: ", 5);
    ignored = write(2, d, strlen(d));
    ignored = write(2, "\n", 1);
    (void)ignored;
  }
  if (fault_context) fault_context();
  if ((previous.sa_flags & SA_SIGINFO) && previous.sa_sigaction) {
    previous.sa_sigaction(sig, info, uctx);
  } else if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
    previous.sa_handler(sig);
  } else {
    /* Returning re-executes the faulting access, which now takes the default action. */
    signal(sig, SIG_DFL);
  }
}

void mlf_guard_install_reporter(void) {
  if (installed) return;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_segv;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  if (sigaction(SIGSEGV, &sa, &previous) == 0) installed = 1;
}
