/* The fixed text of the generated LAPACK reproducers (lapack_emit_runtime.h). */
#include "lapack_emit_runtime.h"

const char lapack_emit_includes[] =
    "#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */\n"
    "#include <math.h>\n"
    "#include <signal.h>\n"
    "#include <stdio.h>\n"
    "#include <stdlib.h>\n"
    "#include <string.h>\n"
    "#include <sys/mman.h>\n"
    "#include <unistd.h>\n"
    "\n";

const char lapack_emit_runtime[] =
    "/* bytes of zeroed memory ending where a PROT_NONE page begins: an access past the end\n"
    " * faults. */\n"
    "static void *guarded(size_t bytes) {\n"
    "  size_t page = (size_t)sysconf(_SC_PAGESIZE), pages = (bytes + page - 1) / page + 1;\n"
    "  char *base = mmap(NULL, pages * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);\n"
    "  if (base == MAP_FAILED || mprotect(base + (pages - 1) * page, page, PROT_NONE)) {\n"
    "    perror(\"mmap\");\n"
    "    exit(2);\n"
    "  }\n"
    "  return base + (pages - 1) * page - bytes;\n"
    "}\n"
    "static void *guarded_copy(const void *from, size_t bytes) { return memcpy(guarded(bytes), from, bytes); }\n"
    "\n"
    "/* The call being watched: a fault, a stop of the process or 10 s inside it is the bug. */\n"
    "static const char *volatile running;\n"
    "static void say(const char *a, const char *b) {\n"
    "  (void)!write(1, a, strlen(a));\n"
    "  (void)!write(1, b, strlen(b));\n"
    "}\n"
    "static void on_signal(int sig) {\n"
    "  say(running ? running : \"the program\",\n"
    "      sig == SIGALRM ? \": still running after 10 s (expected: it returns)\\n\"\n"
    "                     : \": touched memory outside its arrays (a guard page; expected: no access)\\n\");\n"
    "  _exit(1);\n"
    "}\n"
    "static void on_exit_inside(void) {\n"
    "  if (running) say(running, \": the library stopped the process inside the call (expected: it returns INFO)\\n\"), _exit(1);\n"
    "}\n"
    "static void watch(const char *call) {\n"
    "  fflush(stdout);\n"
    "  running = call;\n"
    "  signal(SIGSEGV, on_signal);\n"
    "  signal(SIGBUS, on_signal);\n"
    "  signal(SIGALRM, on_signal);\n"
    "  atexit(on_exit_inside);\n"
    "  alarm(10);\n"
    "}\n"
    "static void unwatch(void) {\n"
    "  alarm(0);\n"
    "  running = NULL;\n"
    "}\n"
    "\n";

const char lapack_emit_nonfinite[] =
    "static size_t nonfinite(const real *x, size_t count) {\n"
    "  size_t bad = 0;\n"
    "  for (size_t i = 0; i < count; i++) bad += !isfinite(x[i]);\n"
    "  return bad;\n"
    "}\n"
    "\n";

const char lapack_emit_nans[] =
    "static size_t nans(const real *x, size_t count) {\n"
    "  size_t found = 0;\n"
    "  for (size_t i = 0; i < count; i++) found += isnan(x[i]);\n"
    "  return found;\n"
    "}\n"
    "\n";

const char lapack_emit_xerbla[] =
    "/* LAPACK's error handler, replaced so that the library returns (as LAPACKE's callers\n"
    " * and the harness have it) instead of stopping the process. */\n"
    "static int xerbla_calls;\n"
    "void xerbla_(const char *name, const int *info, size_t name_len);\n"
    "void xerbla_(const char *name, const int *info, size_t name_len) {\n"
    "  printf(\"xerbla: %.*s parameter %d\\n\", (int)name_len, name, *info);\n"
    "  xerbla_calls++;\n"
    "}\n"
    "\n";
