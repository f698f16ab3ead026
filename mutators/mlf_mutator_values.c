/* Owned values and whole messages: freeing (respecting protobuf-c's static defaults, which
 * free_unpacked recognises by pointer), default values, deep copies with a depth limit,
 * type compatibility for copy/clone, and default messages with their required parts. */
#include <stdlib.h>
#include <string.h>
#include "mlf_mutator_internal.h"

/* Required sub-messages nest at most this deep in a default message (guards protos whose
 * required fields recurse, which no finite message can satisfy). */
#define MLF_REQUIRED_NESTING_MAX 32

static void *memdup_or_null(const void *p, size_t n) {
  if (!n) return NULL;
  void *q = mlf_xmalloc(n);
  memcpy(q, p, n);
  return q;
}

static char *text_dup(const char *s) {
  size_t n = s ? strlen(s) : 0;
  char *q = mlf_xmalloc(n + 1);
  if (n) memcpy(q, s, n);
  q[n] = 0;
  return q;
}

void mlf_value_free(const ProtobufCFieldDescriptor *f, void *slot) {
  switch (f->type) {
  case PROTOBUF_C_TYPE_STRING: {
    char *s = *(char **)slot;
    if (s && s != f->default_value) free(s);
    break;
  }
  case PROTOBUF_C_TYPE_BYTES: {
    const ProtobufCBinaryData *b = slot, *def = f->default_value;
    if (b->data && (!def || def->data != b->data)) free(b->data);
    break;
  }
  case PROTOBUF_C_TYPE_MESSAGE: {
    ProtobufCMessage *sub = *(ProtobufCMessage **)slot;
    if (sub) protobuf_c_message_free_unpacked(sub, NULL);
    break;
  }
  default:
    break;
  }
}

int mlf_enum_valid(const ProtobufCEnumDescriptor *e, int value) {
  return protobuf_c_enum_descriptor_get_value(e, value) != NULL;
}

/* Zero when the enum has it (proto3 always does), else its lowest value. */
int mlf_enum_default(const ProtobufCEnumDescriptor *e) {
  return mlf_enum_valid(e, 0) ? 0 : e->values[0].value;
}

void mlf_value_init(const ProtobufCFieldDescriptor *f, void *dst) {
  switch (f->type) {
  case PROTOBUF_C_TYPE_STRING:
    *(char **)dst = text_dup(f->default_value);
    break;
  case PROTOBUF_C_TYPE_BYTES: {
    const ProtobufCBinaryData *def = f->default_value;
    ProtobufCBinaryData *b = dst;
    b->len = def ? def->len : 0;
    b->data = def ? memdup_or_null(def->data, def->len) : NULL;
    break;
  }
  case PROTOBUF_C_TYPE_MESSAGE:
    *(ProtobufCMessage **)dst = mlf_message_new_default(f->descriptor);
    break;
  case PROTOBUF_C_TYPE_ENUM:
    *(int *)dst = f->default_value ? *(const int *)f->default_value
                                   : mlf_enum_default(f->descriptor);
    break;
  default:
    if (f->default_value)
      memcpy(dst, f->default_value, mlf_elem_size(f));
    else
      memset(dst, 0, mlf_elem_size(f));
    break;
  }
}

void mlf_value_copy(const ProtobufCFieldDescriptor *f, void *dst, const void *src,
                    unsigned levels) {
  switch (f->type) {
  case PROTOBUF_C_TYPE_STRING:
    *(char **)dst = text_dup(*(char *const *)src);
    break;
  case PROTOBUF_C_TYPE_BYTES: {
    const ProtobufCBinaryData *b = src;
    ProtobufCBinaryData *out = dst;
    out->len = b->len;
    out->data = memdup_or_null(b->data, b->len);
    break;
  }
  case PROTOBUF_C_TYPE_MESSAGE: {
    const ProtobufCMessage *sub = *(ProtobufCMessage *const *)src;
    *(ProtobufCMessage **)dst =
        sub ? mlf_message_copy(sub, levels) : mlf_message_new_default(f->descriptor);
    break;
  }
  default:
    memcpy(dst, src, mlf_elem_size(f));
    break;
  }
}

/* Types sharing a C representation form one class; copy/clone move values within a class. */
static int value_class(ProtobufCType t) {
  switch (t) {
  case PROTOBUF_C_TYPE_INT32: case PROTOBUF_C_TYPE_SINT32: case PROTOBUF_C_TYPE_SFIXED32:
    return 0;
  case PROTOBUF_C_TYPE_UINT32: case PROTOBUF_C_TYPE_FIXED32:
    return 1;
  case PROTOBUF_C_TYPE_INT64: case PROTOBUF_C_TYPE_SINT64: case PROTOBUF_C_TYPE_SFIXED64:
    return 2;
  case PROTOBUF_C_TYPE_UINT64: case PROTOBUF_C_TYPE_FIXED64:
    return 3;
  default:
    return 4 + (int)t;
  }
}

int mlf_value_compatible(const ProtobufCFieldDescriptor *a, const ProtobufCFieldDescriptor *b) {
  if (value_class(a->type) != value_class(b->type)) return 0;
  if (a->type == PROTOBUF_C_TYPE_ENUM || a->type == PROTOBUF_C_TYPE_MESSAGE)
    return a->descriptor == b->descriptor;
  return 1;
}

size_t mlf_value_size(const ProtobufCFieldDescriptor *f, const void *slot) {
  switch (f->type) {
  case PROTOBUF_C_TYPE_STRING: {
    const char *s = *(char *const *)slot;
    return (s ? strlen(s) : 0) + 5;
  }
  case PROTOBUF_C_TYPE_BYTES:
    return ((const ProtobufCBinaryData *)slot)->len + 5;
  case PROTOBUF_C_TYPE_MESSAGE: {
    const ProtobufCMessage *sub = *(ProtobufCMessage *const *)slot;
    return (sub ? protobuf_c_message_get_packed_size(sub) : 0) + 5;
  }
  default:
    return 10;
  }
}

ProtobufCMessage *mlf_message_alloc(const ProtobufCMessageDescriptor *d) {
  ProtobufCMessage *msg = mlf_xmalloc(d->sizeof_message);
  protobuf_c_message_init(d, msg);
  return msg;
}

/* Gives every required message field of a freshly initialised msg a default message. */
static void add_required(ProtobufCMessage *msg, unsigned nesting) {
  const ProtobufCMessageDescriptor *d = msg->descriptor;
  if (nesting >= MLF_REQUIRED_NESTING_MAX) return;
  for (unsigned i = 0; i < d->n_fields; i++) {
    const ProtobufCFieldDescriptor *f = &d->fields[i];
    if (f->label != PROTOBUF_C_LABEL_REQUIRED || f->type != PROTOBUF_C_TYPE_MESSAGE) continue;
    ProtobufCMessage *sub = mlf_message_alloc(f->descriptor);
    add_required(sub, nesting + 1);
    *(ProtobufCMessage **)MLF_AT(msg, f->offset) = sub;
  }
}

ProtobufCMessage *mlf_message_new_default(const ProtobufCMessageDescriptor *type) {
  ProtobufCMessage *msg = mlf_message_alloc(type);
  add_required(msg, 0);
  return msg;
}

ProtobufCMessage *mlf_message_copy(const ProtobufCMessage *msg, unsigned levels) {
  const ProtobufCMessageDescriptor *d = msg->descriptor;
  ProtobufCMessage *out = mlf_message_alloc(d);
  for (unsigned i = 0; i < d->n_fields; i++) {
    const ProtobufCFieldDescriptor *f = &d->fields[i];
    size_t n = mlf_field_count(msg, f);
    int nested = f->type == PROTOBUF_C_TYPE_MESSAGE;
    if (!n || (nested && !levels && f->label != PROTOBUF_C_LABEL_REQUIRED)) continue;
    unsigned below = levels ? levels - 1 : 0;
    if (f->label == PROTOBUF_C_LABEL_REPEATED) {
      size_t es = mlf_elem_size(f);
      char *arr = mlf_xmalloc(n * es);
      for (size_t k = 0; k < n; k++)
        mlf_value_copy(f, arr + k * es, mlf_field_slot(msg, f, k), below);
      *(char **)MLF_AT(out, f->offset) = arr;
      *(size_t *)MLF_AT(out, f->quantifier_offset) = n;
    } else {
      mlf_value v;
      mlf_value_copy(f, &v, mlf_field_slot(msg, f, 0), below);
      mlf_field_store(out, f, 0, &v);
    }
  }
  return out;
}

void mlf_message_reset(ProtobufCMessage *msg) {
  const ProtobufCMessageDescriptor *d = msg->descriptor;
  for (unsigned i = 0; i < d->n_fields; i++) {
    const ProtobufCFieldDescriptor *f = &d->fields[i];
    if (f->label == PROTOBUF_C_LABEL_REPEATED) {
      for (size_t k = mlf_field_count(msg, f); k > 0; k--) mlf_field_remove(msg, f, k - 1);
    } else if (f->label == PROTOBUF_C_LABEL_REQUIRED) {
      mlf_value_free(f, MLF_AT(msg, f->offset));
    } else {
      mlf_field_remove(msg, f, 0);
    }
  }
  for (unsigned i = 0; i < msg->n_unknown_fields; i++) free(msg->unknown_fields[i].data);
  free(msg->unknown_fields);
  protobuf_c_message_init(d, msg);
  add_required(msg, 0);
}
