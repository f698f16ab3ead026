/* Standalone reproducer (calls only XNNPACK): an unpooling op set up a second time with a new
 * input and new indices but the same output buffer, input size and batch (an application that
 * preallocates its output and unpools one frame after another) keeps reading the first
 * setup's input and indices: the second run's output holds the first input's values. The same
 * sequence with a new output buffer, or with argmax pooling or max pooling and the same input,
 * uses the new pointers. Found by the moco_xnn target (2026-11-27); Debian's libxnnpack0
 * 0.0~git20220216.ae108ef-2 (harnesses/moco/known_findings.tsv).
 *   cc xnn_unpooling_same_output_keeps_input.c -lXNNPACK -lpthreadpool -o repro && ./repro
 * Exits 0 only if the second run unpools the second input.
 * tags: mlf:moco_xnn:xnnpack:xnn_setup_unpooling2d_nhwc_x32:same-output-keeps-earlier-input
 * link: -lXNNPACK -lpthreadpool
 */
#include <stdio.h>
#include <xnnpack.h>

int main(void) {
  static uint32_t first[4], second[4], first_index[4], second_index[4] = {3, 2, 1, 0}, output[16];
  for (uint32_t i = 0; i < 4; i++) first[i] = 0x100 + i, second[i] = 0x200 + i;
  xnn_operator_t op = NULL;
  if (xnn_initialize(NULL) != xnn_status_success ||
      xnn_create_unpooling2d_nhwc_x32(0, 0, 0, 0, 2, 2, 1, 1, 1, 0, &op) != xnn_status_success)
    return 2;
  /* A 2 x 2 single-channel map under 2 x 2 windows: a 4 x 4 output. */
  if (xnn_setup_unpooling2d_nhwc_x32(op, 1, 2, 2, first, first_index, output, NULL) != xnn_status_success ||
      xnn_run_operator(op, NULL) != xnn_status_success)
    return 2;
  if (xnn_setup_unpooling2d_nhwc_x32(op, 1, 2, 2, second, second_index, output, NULL) != xnn_status_success ||
      xnn_run_operator(op, NULL) != xnn_status_success)
    return 2;
  /* Input pixel (y, x) with index i (py = i % 2, px = i / 2) lands on output (2y + py, 2x + px). */
  int wrong = 0;
  for (uint32_t p = 0; p < 4; p++) {
    uint32_t y = p / 2, x = p % 2, i = second_index[p];
    uint32_t got = output[(2 * y + i % 2) * 4 + 2 * x + i / 2];
    printf("input pixel %u: 0x%x expected at its index %u, found 0x%x\n", p, second[p], i, got);
    wrong |= got != second[p];
  }
  xnn_delete_operator(op);
  return wrong;
}
