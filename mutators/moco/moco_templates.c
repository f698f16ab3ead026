/* Which specification serves each template of a MoCo program, and which library's root
 * message owns it: the post-processor keeps a root message's program inside its library's
 * templates, and everything else finds the specification here. */
#include <stdlib.h>
#include "mlf_mutator.h"
#include "moco_spec.h"
#include "moco_xnn_spec.h"

static const struct {
  Mlf__Moco__Program__Template template;
  const moco_spec *spec;
  const ProtobufCMessageDescriptor *root;
} templates[] = {
    {MLF__MOCO__PROGRAM__TEMPLATE__PNG_WRITE_READ, &moco_png_spec, &mlf__moco__png_program__descriptor},
    {MLF__MOCO__PROGRAM__TEMPLATE__PNG_SIMPLIFIED, &moco_png_image_spec, &mlf__moco__png_program__descriptor},
    {MLF__MOCO__PROGRAM__TEMPLATE__XNN_OPERATORS, &moco_xnn_spec, &mlf__moco__xnn_program__descriptor},
    {MLF__MOCO__PROGRAM__TEMPLATE__FANN_NETWORK, &moco_fann_spec, &mlf__moco__fann_program__descriptor},
    {MLF__MOCO__PROGRAM__TEMPLATE__DNNL_PRIMITIVES, &moco_dnnl_spec, &mlf__moco__dnnl_program__descriptor},
};

const moco_spec *moco_spec_of(const Mlf__Moco__Program *p) {
  for (size_t i = 0; i < sizeof templates / sizeof *templates; i++)
    if (templates[i].template == p->template_) return templates[i].spec;
  return NULL;
}

Mlf__Moco__Program *moco_root_program(ProtobufCMessage *msg) {
  const ProtobufCFieldDescriptor *f = protobuf_c_message_descriptor_get_field_by_name(msg->descriptor, "program");
  if (!f) abort(); /* every root message of moco.proto has it */
  Mlf__Moco__Program **slot = (Mlf__Moco__Program **)((char *)msg + f->offset);
  if (!*slot) {
    *slot = malloc(sizeof **slot);
    if (!*slot) abort();
    mlf__moco__program__init(*slot);
  }
  return *slot;
}

/* The program's template made one of its root's (the first one when it is not), then the
 * program itself made valid. */
static void post_process_root(ProtobufCMessage *msg) {
  Mlf__Moco__Program *p = moco_root_program(msg);
  size_t first = SIZE_MAX;
  for (size_t i = 0; i < sizeof templates / sizeof *templates; i++) {
    if (templates[i].root != msg->descriptor) continue;
    if (templates[i].template == p->template_) { first = i; break; }
    if (first == SIZE_MAX) first = i;
  }
  if (first == SIZE_MAX) abort(); /* a root message without a template: moco_templates.c lacks a row */
  p->has_template_ = 1;
  p->template_ = templates[first].template;
  moco_post_process_program(p);
}

__attribute__((constructor)) static void register_moco_roots(void) {
  for (size_t i = 0; i < sizeof templates / sizeof *templates; i++)
    mlf_register_post_processor(templates[i].root, post_process_root);
}
