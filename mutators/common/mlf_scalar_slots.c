/* Reflective walk over the real-valued scalars of a message tree (mlf_scalar_slots.h). */
#include "mlf_scalar_slots.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "mlf_mutator_internal.h"

#define PATH_MAX_LEN 256

typedef struct {
  int with_absent;
  char *path; /* NULL when paths are not asked for */
  mlf_scalar_visit_fn visit;
  void *ctx;
} walk_state;

static int scalar_kind(const ProtobufCFieldDescriptor *f, mlf_scalar_kind *kind) {
  if (f->type == PROTOBUF_C_TYPE_MESSAGE && f->descriptor == &mlf__number__descriptor)
    *kind = MLF_SCALAR_NUMBER;
  else if (f->type == PROTOBUF_C_TYPE_DOUBLE)
    *kind = MLF_SCALAR_DOUBLE;
  else if (f->type == PROTOBUF_C_TYPE_FLOAT)
    *kind = MLF_SCALAR_FLOAT;
  else
    return 0;
  return 1;
}

/* Appends ".name" to the path (when kept) and returns the length to restore. */
static size_t path_push(walk_state *w, const char *name) {
  if (!w->path) return 0;
  size_t len = strlen(w->path);
  snprintf(w->path + len, PATH_MAX_LEN - len, ".%s", name);
  return len;
}

static void walk(walk_state *w, ProtobufCMessage *msg) {
  const ProtobufCMessageDescriptor *d = msg->descriptor;
  for (unsigned i = 0; i < d->n_fields; i++) {
    const ProtobufCFieldDescriptor *f = &d->fields[i];
    size_t n = mlf_field_count(msg, f);
    mlf_scalar_kind kind;
    int scalar = scalar_kind(f, &kind);
    if (!scalar && f->type != PROTOBUF_C_TYPE_MESSAGE) continue;
    size_t restore = path_push(w, f->name);
    mlf_scalar_slot s = {msg, f, 0, 1, kind, w->path};
    for (size_t k = 0; k < n; k++) {
      if (scalar) {
        s.index = k;
        w->visit(&s, w->ctx);
      } else {
        walk(w, *(ProtobufCMessage **)mlf_field_slot(msg, f, k));
      }
    }
    /* an unset optional field (a oneof member only when no member is set) */
    int absent_allowed = f->label == PROTOBUF_C_LABEL_OPTIONAL &&
                         (!mlf_is_oneof(f) || *mlf_oneof_case(msg, f) == 0);
    if (scalar && !n && w->with_absent && absent_allowed) {
      s.present = 0;
      w->visit(&s, w->ctx);
    }
    if (w->path) w->path[restore] = '\0';
  }
}

void mlf_scalar_walk(ProtobufCMessage *root, int with_absent, int with_path,
                     mlf_scalar_visit_fn visit, void *ctx) {
  char path[PATH_MAX_LEN];
  walk_state w = {with_absent, with_path ? path : NULL, visit, ctx};
  if (with_path) snprintf(path, sizeof path, "%s", root->descriptor->short_name);
  walk(&w, root);
}

double mlf_scalar_get(const mlf_scalar_slot *slot, int *special) {
  const void *p = mlf_field_slot(slot->owner, slot->field, slot->index);
  *special = -1;
  switch (slot->kind) {
  case MLF_SCALAR_FLOAT:
    return *(const float *)p;
  case MLF_SCALAR_DOUBLE:
    return *(const double *)p;
  default: {
    const Mlf__Number *n = *(Mlf__Number *const *)p;
    if (n->kind_case == MLF__NUMBER__KIND_VALUE) return n->value;
    if (n->kind_case == MLF__NUMBER__KIND_SPECIAL) *special = (int)n->special;
    else *special = MLF__SPECIAL__ZERO; /* an empty Number reads as zero */
    return NAN;
  }
  }
}

void mlf_scalar_set(const mlf_scalar_slot *slot, double v) {
  if (slot->kind == MLF_SCALAR_FLOAT) {
    float f = (float)v;
    mlf_field_store(slot->owner, slot->field, slot->index, &f);
  } else if (slot->kind == MLF_SCALAR_DOUBLE) {
    mlf_field_store(slot->owner, slot->field, slot->index, &v);
  } else {
    Mlf__Number *n;
    if (slot->present) {
      n = *(Mlf__Number **)mlf_field_slot(slot->owner, slot->field, slot->index);
    } else {
      n = mlf_xmalloc(sizeof *n);
      mlf__number__init(n);
      mlf_field_store(slot->owner, slot->field, slot->index, &n);
    }
    n->kind_case = MLF__NUMBER__KIND_VALUE;
    n->value = v;
  }
}
