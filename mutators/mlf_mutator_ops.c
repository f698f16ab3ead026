/* Applying the operation chosen by sampling (add, mutate, delete, copy, clone, or a domain
 * mutator), recording it, and naming it on request, e.g.
 * "mutate:GemmCase.alpha.re.value:special" (formatting only when asked keeps it off the
 * mutation path). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "mlf_mutator_internal.h"

static const char *const op_names[] = {"add", "mutate", "delete", "copy", "clone"};

static void record(mlf_mutator *m, const mlf_target *t, size_t shown_index, const char *kind) {
  m->last.fixed = NULL;
  m->last.target = *t;
  m->last.shown_index = shown_index;
  m->last.kind = kind;
  m->last.suffix = "";
}

static size_t element_index(const mlf_target *t) {
  return t->field->label == PROTOBUF_C_LABEL_REPEATED ? t->index : SIZE_MAX;
}

/* Nesting levels a new sub-message of t->msg may have below itself. */
static unsigned levels_below(const mlf_mutator *m, const mlf_target *t) {
  return m->max_depth > t->depth + 1 ? m->max_depth - t->depth - 1 : 0;
}

/* Stores a new value v: a new element at a random position, or the unset field. */
static void put_new(mlf_mutator *m, const mlf_target *t, const void *v) {
  size_t index = SIZE_MAX;
  if (t->field->label == PROTOBUF_C_LABEL_REPEATED) {
    index = (size_t)mlf_rng_below(&m->rng, mlf_field_count(t->msg, t->field) + 1);
    mlf_field_insert(t->msg, t->field, index, v);
  } else {
    mlf_field_store(t->msg, t->field, 0, v);
  }
  record(m, t, index, NULL);
}

static int add_value(mlf_mutator *m, const mlf_target *t, size_t headroom) {
  mlf_value v;
  mlf_value_init(t->field, &v);
  /* without presence a default value is no value at all: give it a real one */
  if (t->field->label == PROTOBUF_C_LABEL_NONE && mlf_value_mutable(t->field))
    mlf_value_mutate(&m->rng, t->field, &v, headroom);
  put_new(m, t, &v);
  return 1;
}

/* Copy replaces the value at the target, clone adds one; both take it from src_tree. */
static int copy_value(mlf_mutator *m, const mlf_target *t, const ProtobufCMessage *src_tree,
                      size_t headroom) {
  const ProtobufCFieldDescriptor *sf;
  void *dst = t->op == MLF_OP_COPY ? mlf_field_slot(t->msg, t->field, t->index) : NULL;
  const void *src = mlf_sample_source(&m->rng, src_tree, t->field, dst, &sf);
  if (!src || mlf_value_size(sf, src) + MLF_HEADROOM_MIN > headroom) return 0;
  mlf_value v;
  mlf_value_copy(t->field, &v, src, levels_below(m, t));
  if (t->op == MLF_OP_CLONE) {
    put_new(m, t, &v);
  } else {
    mlf_field_store(t->msg, t->field, t->index, &v);
    record(m, t, element_index(t), NULL);
  }
  return 1;
}

int mlf_apply(mlf_mutator *m, const mlf_target *t, const ProtobufCMessage *src_tree,
              size_t headroom) {
  switch (t->op) {
  case MLF_OP_DOMAIN: {
    const mlf_domain_entry *e = mlf_domain_get(t->domain);
    if (!e->fn(t->msg, &m->rng)) return 0;
    mlf_record_fixed(m, e->name);
    return 1;
  }
  case MLF_OP_MUTATE: {
    void *slot = mlf_field_slot(t->msg, t->field, t->index);
    record(m, t, element_index(t), mlf_value_mutate(&m->rng, t->field, slot, headroom));
    return 1;
  }
  case MLF_OP_DELETE:
    record(m, t, element_index(t), NULL);
    mlf_field_remove(t->msg, t->field, t->index);
    return 1;
  case MLF_OP_ADD:
    return add_value(m, t, headroom);
  default:
    return copy_value(m, t, src_tree, headroom);
  }
}

void mlf_record_fixed(mlf_mutator *m, const char *name) {
  m->last.fixed = name;
  m->last.suffix = "";
}

/* snprintf appending to buf (MLF_OP_NAME_MAX bytes), silently truncating. */
static void append(char *buf, size_t *len, const char *fmt, ...) {
  if (*len >= MLF_OP_NAME_MAX) return;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf + *len, MLF_OP_NAME_MAX - *len, fmt, ap);
  va_end(ap);
  if (n > 0) *len += (size_t)n;
}

/* "<op>:<Root>.<field>[<i>]...<field>[<index>][:<kind>]<suffix>" or the fixed name. */
const char *mlf_mutator_last_op(const mlf_mutator *m) {
  const mlf_op_record *r = &m->last;
  const mlf_target *t = &r->target;
  size_t len = 0;
  if (r->fixed) {
    append(m->name, &len, "%s%s", r->fixed, r->suffix);
    return m->name;
  }
  unsigned stored = t->path_len < MLF_PATH_MAX ? t->path_len : MLF_PATH_MAX;
  append(m->name, &len, "%s%s:%s", t->mode == MLF_MODE_CROSSOVER ? "crossover-" : "",
         op_names[t->op], t->root_name);
  for (unsigned i = 0; i < stored; i++) {
    append(m->name, &len, ".%s", t->path[i].field->name);
    if (t->path[i].index != SIZE_MAX) append(m->name, &len, "[%zu]", t->path[i].index);
  }
  if (t->path_len > stored) append(m->name, &len, "...");
  append(m->name, &len, ".%s", t->field->name);
  if (r->shown_index != SIZE_MAX) append(m->name, &len, "[%zu]", r->shown_index);
  if (r->kind) append(m->name, &len, ":%s", r->kind);
  append(m->name, &len, "%s", r->suffix);
  return m->name;
}
