/* Standalone reproducer (calls only XNNPACK): an unpooling whose padding takes up the whole
 * output along one axis (output height or width input x window - padding = 0) is set up with
 * xnn_status_success, and xnn_run_operator then writes elements of the output, which has none:
 * past the end of the caller's buffer. XNNPACK's own test reference sizes that output
 * max(input x window, padding) - padding (test/unpooling-operator-tester.h). Found by the
 * moco_xnn target (2026-11-27, a guard page after an empty output); Debian's libxnnpack0
 * 0.0~git20220216.ae108ef-2 (harnesses/moco/known_findings.tsv).
 *   cc xnn_unpooling_empty_output_written.c -lXNNPACK -lpthreadpool -o repro && ./repro
 * Exits 0 only if nothing is written past the output elements.
 * tags: mlf:moco_xnn:xnnpack:xnn_setup_unpooling2d_nhwc_x32:empty-output-written-past
 * link: -lXNNPACK -lpthreadpool
 */
#include <stdio.h>
#include <string.h>
#include <xnnpack.h>

int main(void) {
  /* batch, input height and width, window height and width, padding per side (height, width) */
  const size_t cases[][7] = {{1, 1, 1, 2, 2, 1, 1}, {1, 1, 2, 2, 2, 1, 0}, {2, 3, 1, 1, 4, 0, 2}};
  static uint32_t input[64], index[64], output[256];
  for (size_t i = 0; i < 64; i++) input[i] = 0x1000 + (uint32_t)i, index[i] = 0;
  if (xnn_initialize(NULL) != xnn_status_success) return 2;
  int wrong = 0;
  for (int c = 0; c < 3; c++) {
    const size_t *k = cases[c];
    size_t out_h = k[1] * k[3] > 2 * k[5] ? k[1] * k[3] - 2 * k[5] : 0, out_w = k[2] * k[4] > 2 * k[6] ? k[2] * k[4] - 2 * k[6] : 0;
    size_t elements = k[0] * out_h * out_w; /* one channel */
    xnn_operator_t op = NULL;
    memset(output, 0x55, sizeof output);
    if (xnn_create_unpooling2d_nhwc_x32((uint32_t)k[5], (uint32_t)k[6], (uint32_t)k[5], (uint32_t)k[6], (uint32_t)k[3],
                                        (uint32_t)k[4], 1, 1, 1, 0, &op) != xnn_status_success)
      return 2;
    enum xnn_status setup = xnn_setup_unpooling2d_nhwc_x32(op, k[0], k[1], k[2], input, index, output, NULL);
    enum xnn_status run = setup == xnn_status_success ? xnn_run_operator(op, NULL) : setup;
    size_t past = 0;
    for (size_t i = elements; i < sizeof output / sizeof *output; i++) past += output[i] != 0x55555555u;
    printf("batch %zu, %zu x %zu input, %zu x %zu window, padding %zu/%zu: setup %d, run %d, output %zu x %zu "
           "(%zu elements), %zu element(s) written past it (first: 0x%08x)\n",
           k[0], k[1], k[2], k[3], k[4], k[5], k[6], (int)setup, (int)run, out_h, out_w, elements, past,
           (unsigned)output[elements]);
    wrong |= past != 0;
    xnn_delete_operator(op);
  }
  return wrong;
}
