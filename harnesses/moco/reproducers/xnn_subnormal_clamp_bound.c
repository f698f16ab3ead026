/* Standalone reproducer (calls only XNNPACK): an add operator whose lower clamp bound
 * (output_min) is a subnormal float returns -0 for sums below the bound instead of the bound
 * itself; the bound is a legal float and xnnpack.h documents the output as clamped to
 * [output_min, output_max]. Found by the moco_xnn target (false-alarm run, 2026-11-26);
 * Debian's libxnnpack0 0.0~git20220216.ae108ef-2 (harnesses/moco/known_findings.tsv).
 *   cc xnn_subnormal_clamp_bound.c -lXNNPACK -lpthreadpool -o repro && ./repro
 * Exits 0 only if every output is the bound or above it.
 * tags: mlf:moco_xnn:xnnpack:*:subnormal-output-flushed-to-zero
 * link: -lXNNPACK -lpthreadpool
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <xnnpack.h>

int main(void) {
  if (xnn_initialize(NULL) != xnn_status_success) return 2;
  const float lo = -1.5797700133687694e-43f, hi = lo + 2048;
  xnn_operator_t op = NULL;
  size_t shape[1] = {4};
  float a[4 + XNN_EXTRA_BYTES / sizeof(float)] = {-1, 2, -3, 0.5f}, b[4 + XNN_EXTRA_BYTES / sizeof(float)] = {-2, 1, 1, -1};
  float out[4 + XNN_EXTRA_BYTES / sizeof(float)];
  if (xnn_create_add_nd_f32(lo, hi, 0, &op) != xnn_status_success ||
      xnn_setup_add_nd_f32(op, 1, shape, 1, shape, a, b, out, NULL) != xnn_status_success ||
      xnn_run_operator(op, NULL) != xnn_status_success)
    return 2;
  int wrong = 0;
  for (int i = 0; i < 4; i++) {
    float expected = a[i] + b[i] < lo ? lo : a[i] + b[i];
    uint32_t got_bits, expected_bits;
    memcpy(&got_bits, &out[i], 4), memcpy(&expected_bits, &expected, 4);
    printf("%d: %g + %g -> 0x%08x (expected 0x%08x)\n", i, a[i], b[i], got_bits, expected_bits);
    wrong |= got_bits != expected_bits;
  }
  xnn_delete_operator(op);
  return wrong;
}
