/* Standalone reproducer (calls only XNNPACK): xnn_setup_max_pooling2d_nhwc_f32 on an input
 * smaller than the pooling window along one axis (2 x 2 window, stride 2, no padding, a 1 x 6
 * or 6 x 1 input) crashes with SIGSEGV inside the setup instead of refusing the size or making
 * an empty output; with a batch of 0, or with padding that makes the input as large as the
 * window, the same op sets up and runs. xnnpack.h states no minimum input size. Found while
 * triaging the moco_xnn target (2026-11-27); Debian's libxnnpack0 0.0~git20220216.ae108ef-2
 * (harnesses/moco/known_findings.tsv).
 *   cc xnn_max_pooling_input_smaller_than_window.c -lXNNPACK -lpthreadpool -o repro && ./repro
 * Each case runs in a child process. Exits 0 only if every case is refused by the setup or
 * runs to completion.
 * tags: mlf:moco_xnn:xnnpack:xnn_setup_max_pooling2d_nhwc_f32:input-smaller-than-window-crashes
 * link: -lXNNPACK -lpthreadpool
 */
#include <math.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>
#include <xnnpack.h>

/* 2 x 2 max pooling of one channel over a height x width input: 0 refused or ran, 1 not. */
static int setup_and_run(size_t height, size_t width) {
  static float input[64], output[64];
  xnn_operator_t op = NULL;
  if (xnn_initialize(NULL) != xnn_status_success ||
      xnn_create_max_pooling2d_nhwc_f32(0, 0, 0, 0, 2, 2, 2, 2, 1, 1, 1, 1, 1, -INFINITY, INFINITY, 0, &op) !=
          xnn_status_success)
    return 1;
  printf("%zu x %zu input, 2 x 2 window: setting up\n", height, width);
  fflush(stdout);
  enum xnn_status s = xnn_setup_max_pooling2d_nhwc_f32(op, 1, height, width, input, output, NULL);
  printf("%zu x %zu input: setup returns %d\n", height, width, (int)s);
  if (s != xnn_status_success) return 0;
  return xnn_run_operator(op, NULL) != xnn_status_success;
}

int main(void) {
  const size_t cases[][2] = {{1, 6}, {6, 1}};
  int failed = 0;
  for (int c = 0; c < 2; c++) {
    fflush(stdout); /* the child must not print the parent's buffered lines again */
    pid_t child = fork();
    if (child == 0) _exit(setup_and_run(cases[c][0], cases[c][1]));
    int status = 0;
    waitpid(child, &status, 0);
    if (WIFSIGNALED(status)) printf("%zu x %zu input: the process died of signal %d\n", cases[c][0], cases[c][1],
                                    WTERMSIG(status));
    failed |= !WIFEXITED(status) || WEXITSTATUS(status) != 0;
  }
  return failed;
}
