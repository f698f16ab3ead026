/* Tensor values and error reporting of the XNNPACK backend's lowering. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "lemon_xnnpack_internal.h"

static int record(lx_ctx *c, lemon_status st, const char *fmt, va_list ap) {
  if (c->status != LEMON_RAN) return -1; /* keep the first reason */
  c->status = st;
  int n = 0;
  if (c->layer < c->g->n_layers)
    n = snprintf(c->why, c->why_len, "layer %zu (%s): ", c->layer,
                 lemon_kind_name(c->g->layers[c->layer].kind));
  if (n >= 0 && (size_t)n < c->why_len) vsnprintf(c->why + n, c->why_len - (size_t)n, fmt, ap);
  return -1;
}

int lx_unsupported(lx_ctx *c, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  record(c, LEMON_UNSUPPORTED, fmt, ap);
  va_end(ap);
  return -1;
}

int lx_failed(lx_ctx *c, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  record(c, LEMON_FAILED, fmt, ap);
  va_end(ap);
  return -1;
}

const char *lx_status_name(enum xnn_status s) {
  switch (s) {
    case xnn_status_success: return "success";
    case xnn_status_uninitialized: return "uninitialized";
    case xnn_status_invalid_parameter: return "invalid_parameter";
    case xnn_status_invalid_state: return "invalid_state";
    case xnn_status_unsupported_parameter: return "unsupported_parameter";
    case xnn_status_unsupported_hardware: return "unsupported_hardware";
    case xnn_status_out_of_memory: return "out_of_memory";
  }
  return "unknown status";
}

int lx_check(lx_ctx *c, enum xnn_status s, const char *what) {
  if (s == xnn_status_success) return 0;
  if (s == xnn_status_unsupported_parameter || s == xnn_status_unsupported_hardware)
    return lx_unsupported(c, "%s: xnn_status_%s", what, lx_status_name(s));
  return lx_failed(c, "%s: xnn_status_%s", what, lx_status_name(s));
}

size_t lx_dims(const lemon_shape *s, uint32_t batch, size_t dims[XNN_MAX_TENSOR_DIMS]) {
  dims[0] = batch;
  for (uint32_t i = 0; i < s->rank; i++) dims[i + 1] = s->dim[i];
  return s->rank + 1;
}

uint32_t lx_internal(lx_ctx *c, size_t rank, const size_t *dims) {
  uint32_t id = XNN_INVALID_VALUE_ID;
  if (lx_check(c,
               xnn_define_tensor_value(c->sg, xnn_datatype_fp32, rank, dims, NULL,
                                       XNN_INVALID_VALUE_ID, 0, &id),
               "xnn_define_tensor_value") < 0)
    return XNN_INVALID_VALUE_ID;
  return id;
}

uint32_t lx_static(lx_ctx *c, const float *values, size_t rank, const size_t *dims,
                   const char *label) {
  size_t n = 1;
  for (size_t i = 0; i < rank; i++) n *= dims[i];
  float *buf = lx_buffer(c, n, label);
  if (!buf) return XNN_INVALID_VALUE_ID;
  memcpy(buf, values, n * sizeof(float));
  uint32_t id = XNN_INVALID_VALUE_ID;
  if (lx_check(c,
               xnn_define_tensor_value(c->sg, xnn_datatype_fp32, rank, dims, buf,
                                       XNN_INVALID_VALUE_ID, 0, &id),
               "xnn_define_tensor_value (static)") < 0)
    return XNN_INVALID_VALUE_ID;
  return id;
}

uint32_t lx_scalar(lx_ctx *c, float value, const char *label) {
  const size_t one = 1;
  return lx_static(c, &value, 1, &one, label);
}
