/* CONCAT on XNNPACK's operator API: this snapshot has no concatenate node, so each input is
 * copied into its columns of the output with copy_nc_x32 (rows of the input's width, the
 * output's width as the output stride): bit-exact, NaN payloads included. */
#include "lemon_xnnpack_internal.h"

int lx_concat(lx_ctx *c, const lemon_layer *l, float *dst) {
  const lemon_shape *o = &l->geo.out;
  size_t width = o->dim[o->rank - 1], rows = c->g->batch * lemon_shape_elements(o) / width;
  size_t offset = 0;
  for (uint32_t k = 0; k < l->geo.n_inputs; k++) {
    size_t w = l->in[k]->dim[l->in[k]->rank - 1];
    xnn_operator_t op = NULL;
    if (lx_check(c, xnn_create_copy_nc_x32(w, w, width, 0, &op), "xnn_create_copy_nc_x32") < 0)
      return -1;
    int rc = lx_check(
        c, xnn_setup_copy_nc_x32(op, rows, c->data[l->geo.inputs[k]], dst + offset, c->pool),
        "xnn_setup_copy_nc_x32");
    if (rc == 0) rc = lx_check(c, xnn_run_operator(op, c->pool), "xnn_run_operator (copy)");
    xnn_delete_operator(op);
    if (rc < 0) return -1;
    offset += w;
  }
  return 0;
}
