/* Changing fields through descriptor offsets: storing, inserting and removing values for
 * every label (required, optional with or without a has_ flag, proto3 "none", oneof member,
 * repeated). Absent non-repeated slots always hold their default value, so freeing an absent
 * value is a no-op. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mlf_mutator_internal.h"

static void *checked(void *p) {
  if (!p) {
    fputs("mlf_mutator: out of memory\n", stderr);
    abort();
  }
  return p;
}

void *mlf_xmalloc(size_t n) { return checked(malloc(n ? n : 1)); }

void *mlf_xrealloc(void *p, size_t n) { return checked(realloc(p, n ? n : 1)); }

/* Writes the value an absent field holds: its default, or zero / NULL. */
static void reset_to_default(const ProtobufCFieldDescriptor *f, void *slot) {
  size_t n = mlf_elem_size(f);
  if (f->default_value && f->type == PROTOBUF_C_TYPE_STRING)
    *(const void **)slot = f->default_value;
  else if (f->default_value && f->type != PROTOBUF_C_TYPE_MESSAGE)
    memcpy(slot, f->default_value, n);
  else
    memset(slot, 0, n);
}

/* Frees the value currently stored for a non-repeated field; for a oneof member that is the
 * active member's value, which may be another field sharing the storage. */
static void release(ProtobufCMessage *msg, const ProtobufCFieldDescriptor *f) {
  if (!mlf_is_oneof(f)) {
    mlf_value_free(f, MLF_AT(msg, f->offset));
    return;
  }
  const ProtobufCMessageDescriptor *d = msg->descriptor;
  uint32_t active = *mlf_oneof_case(msg, f);
  for (unsigned i = 0; i < d->n_fields; i++) {
    const ProtobufCFieldDescriptor *g = &d->fields[i];
    if (mlf_is_oneof(g) && g->quantifier_offset == f->quantifier_offset && g->id == active) {
      mlf_value_free(g, MLF_AT(msg, g->offset));
      break;
    }
  }
  *mlf_oneof_case(msg, f) = 0;
}

void mlf_field_store(ProtobufCMessage *msg, const ProtobufCFieldDescriptor *f, size_t i,
                     const void *v) {
  void *slot = mlf_field_slot(msg, f, i);
  if (f->label == PROTOBUF_C_LABEL_REPEATED) {
    mlf_value_free(f, slot);
    memcpy(slot, v, mlf_elem_size(f));
    return;
  }
  release(msg, f);
  memcpy(slot, v, mlf_elem_size(f));
  if (mlf_is_oneof(f))
    *mlf_oneof_case(msg, f) = f->id;
  else if (mlf_has_flag(f))
    *(protobuf_c_boolean *)MLF_AT(msg, f->quantifier_offset) = 1;
}

void mlf_field_insert(ProtobufCMessage *msg, const ProtobufCFieldDescriptor *f, size_t pos,
                      const void *v) {
  size_t *n = mlf_repeated_count(msg, f), es = mlf_elem_size(f);
  char **arr = MLF_AT(msg, f->offset);
  char *a = mlf_xrealloc(*arr, (*n + 1) * es);
  memmove(a + (pos + 1) * es, a + pos * es, (*n - pos) * es);
  memcpy(a + pos * es, v, es);
  *arr = a;
  ++*n;
}

void mlf_field_remove(ProtobufCMessage *msg, const ProtobufCFieldDescriptor *f, size_t i) {
  void *slot = mlf_field_slot(msg, f, i);
  if (f->label == PROTOBUF_C_LABEL_REPEATED) {
    size_t *n = mlf_repeated_count(msg, f), es = mlf_elem_size(f);
    char **arr = MLF_AT(msg, f->offset);
    mlf_value_free(f, slot);
    memmove(slot, (char *)slot + es, (*n - i - 1) * es);
    if (--*n == 0) {
      free(*arr);
      *arr = NULL;
    }
    return;
  }
  if (mlf_is_oneof(f)) {
    if (*mlf_oneof_case(msg, f) != f->id) return;
    release(msg, f);
    memset(slot, 0, mlf_elem_size(f));
    return;
  }
  mlf_value_free(f, slot);
  reset_to_default(f, slot);
  if (mlf_has_flag(f)) *(protobuf_c_boolean *)MLF_AT(msg, f->quantifier_offset) = 0;
}
