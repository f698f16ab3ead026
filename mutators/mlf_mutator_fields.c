/* Field access through descriptor offsets: presence, slots, storing, inserting and removing
 * values for every label (required, optional with or without a has_ flag, proto3 "none",
 * oneof members, repeated). Absent non-repeated slots always hold their default value, so
 * freeing an absent value is a no-op. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mlf_mutator_internal.h"

void *mlf_xrealloc(void *p, size_t n) {
  void *q = realloc(p, n ? n : 1);
  if (!q) {
    fputs("mlf_mutator: out of memory\n", stderr);
    abort();
  }
  return q;
}

size_t mlf_elem_size(const ProtobufCFieldDescriptor *f) {
  switch (f->type) {
  case PROTOBUF_C_TYPE_INT64: case PROTOBUF_C_TYPE_SINT64: case PROTOBUF_C_TYPE_SFIXED64:
  case PROTOBUF_C_TYPE_UINT64: case PROTOBUF_C_TYPE_FIXED64: case PROTOBUF_C_TYPE_DOUBLE:
    return 8;
  case PROTOBUF_C_TYPE_STRING:
    return sizeof(char *);
  case PROTOBUF_C_TYPE_BYTES:
    return sizeof(ProtobufCBinaryData);
  case PROTOBUF_C_TYPE_MESSAGE:
    return sizeof(ProtobufCMessage *);
  default: /* 32-bit integers, float, bool and enum are all 4 bytes in protobuf-c */
    return 4;
  }
}

static int is_oneof(const ProtobufCFieldDescriptor *f) {
  return (f->flags & PROTOBUF_C_FIELD_FLAG_ONEOF) != 0;
}

/* protobuf-c gives optional fields a has_ flag, except strings and messages (pointers). */
static int has_flag(const ProtobufCFieldDescriptor *f) {
  return f->label == PROTOBUF_C_LABEL_OPTIONAL && !is_oneof(f) &&
         f->type != PROTOBUF_C_TYPE_STRING && f->type != PROTOBUF_C_TYPE_MESSAGE;
}

static uint32_t *oneof_case(const ProtobufCMessage *msg, const ProtobufCFieldDescriptor *f) {
  return MLF_AT(msg, f->quantifier_offset);
}

static size_t *repeated_count(const ProtobufCMessage *msg, const ProtobufCFieldDescriptor *f) {
  return MLF_AT(msg, f->quantifier_offset);
}

/* Proto3 fields without presence are encoded when not zero (protobuf-c's rule). */
static int is_zero(const ProtobufCFieldDescriptor *f, const void *slot) {
  switch (f->type) {
  case PROTOBUF_C_TYPE_STRING: {
    const char *s = *(char *const *)slot;
    return !s || !*s;
  }
  case PROTOBUF_C_TYPE_BYTES:
    return ((const ProtobufCBinaryData *)slot)->len == 0;
  case PROTOBUF_C_TYPE_MESSAGE:
    return *(void *const *)slot == NULL;
  case PROTOBUF_C_TYPE_FLOAT:
    return *(const float *)slot == 0;
  case PROTOBUF_C_TYPE_DOUBLE:
    return *(const double *)slot == 0;
  default:
    return mlf_elem_size(f) == 8 ? *(const uint64_t *)slot == 0 : *(const uint32_t *)slot == 0;
  }
}

size_t mlf_field_count(const ProtobufCMessage *msg, const ProtobufCFieldDescriptor *f) {
  const void *slot = MLF_AT(msg, f->offset);
  if (f->label == PROTOBUF_C_LABEL_REPEATED) return *repeated_count(msg, f);
  if (is_oneof(f)) return *oneof_case(msg, f) == f->id;
  if (f->label == PROTOBUF_C_LABEL_REQUIRED) return 1;
  if (f->label == PROTOBUF_C_LABEL_NONE) return !is_zero(f, slot);
  if (has_flag(f)) return *(const protobuf_c_boolean *)MLF_AT(msg, f->quantifier_offset) != 0;
  const void *p = *(void *const *)slot;
  return p != NULL && p != f->default_value;
}

void *mlf_field_slot(const ProtobufCMessage *msg, const ProtobufCFieldDescriptor *f, size_t i) {
  if (f->label != PROTOBUF_C_LABEL_REPEATED) return MLF_AT(msg, f->offset);
  return *(char **)MLF_AT(msg, f->offset) + i * mlf_elem_size(f);
}

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
  if (!is_oneof(f)) {
    mlf_value_free(f, MLF_AT(msg, f->offset));
    return;
  }
  const ProtobufCMessageDescriptor *d = msg->descriptor;
  uint32_t active = *oneof_case(msg, f);
  for (unsigned i = 0; i < d->n_fields; i++) {
    const ProtobufCFieldDescriptor *g = &d->fields[i];
    if (is_oneof(g) && g->quantifier_offset == f->quantifier_offset && g->id == active) {
      mlf_value_free(g, MLF_AT(msg, g->offset));
      break;
    }
  }
  *oneof_case(msg, f) = 0;
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
  if (is_oneof(f))
    *oneof_case(msg, f) = f->id;
  else if (has_flag(f))
    *(protobuf_c_boolean *)MLF_AT(msg, f->quantifier_offset) = 1;
}

void mlf_field_insert(ProtobufCMessage *msg, const ProtobufCFieldDescriptor *f, size_t pos,
                      const void *v) {
  size_t *n = repeated_count(msg, f), es = mlf_elem_size(f);
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
    size_t *n = repeated_count(msg, f), es = mlf_elem_size(f);
    char **arr = MLF_AT(msg, f->offset);
    mlf_value_free(f, slot);
    memmove(slot, (char *)slot + es, (*n - i - 1) * es);
    if (--*n == 0) {
      free(*arr);
      *arr = NULL;
    }
    return;
  }
  if (is_oneof(f)) {
    if (*oneof_case(msg, f) != f->id) return;
    release(msg, f);
    memset(slot, 0, mlf_elem_size(f));
    return;
  }
  mlf_value_free(f, slot);
  reset_to_default(f, slot);
  if (has_flag(f)) *(protobuf_c_boolean *)MLF_AT(msg, f->quantifier_offset) = 0;
}
