/* Runs a function in a child process and hands its result back, for library calls that are
 * known to crash after reporting an error (a library that relies on its error handler never
 * returning goes on with the invalid arguments once ours returns): the crash is then an
 * outcome the harness records, not the end of the fuzzer. */
#ifndef ERRORS_ISOLATION_H
#define ERRORS_ISOLATION_H
#include <stddef.h>

/* Calls body(ctx, result) in a forked child with result in memory shared with this process
 * (result_size bytes, copied back). When the child dies of a signal, on_signal(ctx, result)
 * runs in the child's signal handler first, to save what it can. Returns 0 when body
 * returned, else the signal that ended the child (SIGALRM when it ran for more than two
 * seconds; SIGABRT when it exited with an error status, as after a sanitizer report; -1 when
 * fork failed). The child's stderr goes to /dev/null and it has no sanitizer death callback,
 * so libFuzzer's (which saves the input as a crash) never runs there. */
int errors_isolated(void (*body)(void *ctx, void *result),
                    void (*on_signal)(void *ctx, void *result), void *ctx, void *result,
                    size_t result_size);
#endif
