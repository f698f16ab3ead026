/* Guarded buffers of the XNNPACK backend: every tensor handed to XNNPACK ends
 * XNN_EXTRA_BYTES before a guard page (the over-read XNNPACK documents), and those bytes keep
 * their canary so a write past a tensor's end is seen. */
#include <string.h>
#include "lemon_xnnpack_internal.h"
#include "mlf_guard.h"

float *lx_buffer(lx_ctx *c, size_t n, const char *label) {
  if (c->n_buffers == LX_MAX_BUFFERS) {
    lx_failed(c, "harness: more than %d guarded buffers", LX_MAX_BUFFERS);
    return NULL;
  }
  float *p =
      mlf_guard_alloc(n * sizeof(float) + XNN_EXTRA_BYTES, sizeof(float), MLF_GUARD_TAIL, label);
  c->buffers[c->n_buffers++] = p;
  return p;
}

int lx_slack_intact(const float *buf, size_t n) {
  const unsigned char *slack = (const unsigned char *)(buf + n);
  for (size_t i = 0; i < XNN_EXTRA_BYTES; i++)
    if (slack[i] != MLF_GUARD_CANARY) return 0;
  return 1;
}

void lx_free_buffers(lx_ctx *c) {
  while (c->n_buffers) mlf_guard_free(c->buffers[--c->n_buffers]);
}
