/* Standalone reproducer (calls only XNNPACK): an argmax pooling whose input is smaller than its
 * window along one axis has no output pixel; xnn_setup_argmax_pooling2d_nhwc_f32 returns
 * xnn_status_success for it, and xnn_run_operator then aborts the process on an assertion
 * ("op->compute.range[1] != 0" in src/operator-run.c for no output row, "output_pixels != 0"
 * in the argmaxpool micro-kernel for no output column). Found by the moco_xnn target
 * (2026-11-27); Debian's libxnnpack0 0.0~git20220216.ae108ef-2, which keeps assertions
 * (harnesses/moco/known_findings.tsv).
 *   cc xnn_argmax_pooling_no_output_pixel.c -lXNNPACK -lpthreadpool -o repro && ./repro
 * Each case runs in a child process. Exits 0 only if every case is refused by the setup or
 * runs to completion.
 * tags: mlf:moco_xnn:xnnpack:xnn_setup_argmax_pooling2d_nhwc_f32:no-output-pixel-run-aborts
 * link: -lXNNPACK -lpthreadpool
 */
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>
#include <xnnpack.h>

/* 2 x 2 argmax pooling of one channel over a height x width input: 0 refused or ran, 1 not. */
static int setup_and_run(size_t height, size_t width) {
  static float input[64], output[64];
  static uint32_t index[64];
  xnn_operator_t op = NULL;
  if (xnn_initialize(NULL) != xnn_status_success ||
      xnn_create_argmax_pooling2d_nhwc_f32(0, 0, 0, 0, 2, 2, 1, 1, 1, 0, &op) != xnn_status_success)
    return 1;
  enum xnn_status s = xnn_setup_argmax_pooling2d_nhwc_f32(op, 1, height, width, input, output, index, NULL);
  printf("%zu x %zu input, 2 x 2 window: setup returns %d\n", height, width, (int)s);
  fflush(stdout);
  if (s != xnn_status_success) return 0;
  s = xnn_run_operator(op, NULL);
  printf("%zu x %zu input: run returns %d\n", height, width, (int)s);
  return s != xnn_status_success;
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
