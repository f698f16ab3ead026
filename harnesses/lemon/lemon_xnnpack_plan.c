/* The XNNPACK backend's execution plan: layers in order, each run of layers other than CONCAT
 * lowered into one subgraph whose external values are the buffers of every value it reads
 * from outside and of every layer output (so all of them land in guarded buffers), run when a
 * CONCAT or the end comes. CONCAT runs as copy operators (operator API); its activation, if
 * any, opens the next subgraph reading the concatenation from a scratch buffer. */
#include "lemon_xnnpack_internal.h"

#define K(name) MLF__LEMON__LAYER_KIND__##name

static const lemon_shape *external_shape(const lemon_graph *g, uint32_t id) {
  if (id == 0) return &g->input;
  return &g->layers[id <= g->n_layers ? id - 1 : id - g->n_layers - 1].geo.out;
}

/* The value of external id in the current subgraph, defined on first use. */
static uint32_t external(lx_ctx *c, uint32_t id, int output) {
  if (c->value[id] != XNN_INVALID_VALUE_ID) return c->value[id];
  size_t dims[XNN_MAX_TENSOR_DIMS];
  size_t rank = lx_dims(external_shape(c->g, id), c->g->batch, dims);
  uint32_t flags = output ? XNN_VALUE_FLAG_EXTERNAL_OUTPUT : XNN_VALUE_FLAG_EXTERNAL_INPUT;
  if (lx_check(c,
               xnn_define_tensor_value(c->sg, xnn_datatype_fp32, rank, dims, NULL, id, flags,
                                       &c->value[id]),
               "xnn_define_tensor_value (external)") < 0)
    return XNN_INVALID_VALUE_ID;
  c->ext[c->n_ext++] = (struct xnn_external_value){id, c->data[id]};
  return c->value[id];
}

static int open_subgraph(lx_ctx *c) {
  if (c->sg) return 0;
  for (size_t i = 0; i < LX_MAX_EXTERNALS; i++) c->value[i] = XNN_INVALID_VALUE_ID;
  c->n_ext = 0;
  return lx_check(c, xnn_create_subgraph(LX_SCRATCH(c->g, c->g->n_layers), 0, &c->sg),
                  "xnn_create_subgraph");
}

/* Creates, sets up and invokes the runtime of the current subgraph, then deletes both. */
static int run_subgraph(lx_ctx *c) {
  if (!c->sg) return 0;
  xnn_runtime_t rt = NULL;
  int rc = lx_check(c, xnn_create_runtime_v2(c->sg, c->pool, 0, &rt), "xnn_create_runtime_v2");
  if (rc == 0) rc = lx_check(c, xnn_setup_runtime(rt, c->n_ext, c->ext), "xnn_setup_runtime");
  if (rc == 0) rc = lx_check(c, xnn_invoke_runtime(rt), "xnn_invoke_runtime");
  if (rt) xnn_delete_runtime(rt);
  xnn_delete_subgraph(c->sg);
  c->sg = NULL;
  return rc;
}

static int concat_layer(lx_ctx *c, const lemon_layer *l) {
  uint32_t out = (uint32_t)c->layer + 1, scratch = LX_SCRATCH(c->g, c->layer);
  int linear = l->act == MLF__LEMON__ACTIVATION__LINEAR;
  if (lx_activation_supported(c, l) < 0 || run_subgraph(c) < 0) return -1;
  if (linear) return lx_concat(c, l, c->data[out]);
  c->data[scratch] = lx_buffer(c, c->g->batch * lemon_shape_elements(&l->geo.out), "CONCAT");
  if (!c->data[scratch] || lx_concat(c, l, c->data[scratch]) < 0 || open_subgraph(c) < 0) return -1;
  size_t dims[XNN_MAX_TENSOR_DIMS];
  size_t rank = lx_dims(&l->geo.out, c->g->batch, dims);
  uint32_t in_id = external(c, scratch, 0), out_id = external(c, out, 1);
  if (in_id == XNN_INVALID_VALUE_ID || out_id == XNN_INVALID_VALUE_ID) return -1;
  return lx_activation_nodes(c, l, in_id, out_id, rank, dims);
}

int lx_execute(lx_ctx *c) {
  const lemon_graph *g = c->g;
  for (c->layer = 0; c->layer < g->n_layers; c->layer++) {
    const lemon_layer *l = &g->layers[c->layer];
    if (l->kind == K(CONCAT)) {
      if (concat_layer(c, l) < 0) return -1;
      continue;
    }
    uint32_t in[LEMON_MAX_LAYER_INPUTS], out;
    if (open_subgraph(c) < 0) return -1;
    for (uint32_t k = 0; k < l->geo.n_inputs; k++)
      if ((in[k] = external(c, l->geo.inputs[k], 0)) == XNN_INVALID_VALUE_ID) return -1;
    out = external(c, (uint32_t)c->layer + 1, 1);
    if (out == XNN_INVALID_VALUE_ID || lx_lower_layer(c, in, out) < 0) return -1;
  }
  c->layer = g->n_layers; /* what fails from here on is the whole runtime's */
  return run_subgraph(c);
}
