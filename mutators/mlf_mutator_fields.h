/* Inline field access through descriptor offsets, used on every field of every walk:
 * element sizes, presence by label (required, optional with or without a has_ flag, proto3
 * "none", oneof member, repeated) exactly as protobuf-c decides what it encodes, slots, and
 * what kind of change a field's values allow. */
#ifndef MLF_MUTATOR_FIELDS_H
#define MLF_MUTATOR_FIELDS_H
#include <protobuf-c/protobuf-c.h>

#define MLF_AT(msg, off) ((void *)((char *)(msg) + (off)))

static inline size_t mlf_elem_size(const ProtobufCFieldDescriptor *f) {
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

static inline int mlf_is_oneof(const ProtobufCFieldDescriptor *f) {
  return (f->flags & PROTOBUF_C_FIELD_FLAG_ONEOF) != 0;
}

/* protobuf-c gives optional fields a has_ flag, except strings and messages (pointers). */
static inline int mlf_has_flag(const ProtobufCFieldDescriptor *f) {
  return f->label == PROTOBUF_C_LABEL_OPTIONAL && !mlf_is_oneof(f) &&
         f->type != PROTOBUF_C_TYPE_STRING && f->type != PROTOBUF_C_TYPE_MESSAGE;
}

static inline uint32_t *mlf_oneof_case(const ProtobufCMessage *msg,
                                       const ProtobufCFieldDescriptor *f) {
  return MLF_AT(msg, f->quantifier_offset);
}

static inline size_t *mlf_repeated_count(const ProtobufCMessage *msg,
                                         const ProtobufCFieldDescriptor *f) {
  return MLF_AT(msg, f->quantifier_offset);
}

/* Proto3 fields without presence are encoded when not zero (protobuf-c's rule). */
static inline int mlf_is_zero(const ProtobufCFieldDescriptor *f, const void *slot) {
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

/* Repeated: number of elements. Otherwise 1 when the field is set, else 0. */
static inline size_t mlf_field_count(const ProtobufCMessage *msg,
                                     const ProtobufCFieldDescriptor *f) {
  const void *slot = MLF_AT(msg, f->offset);
  if (f->label == PROTOBUF_C_LABEL_REPEATED) return *mlf_repeated_count(msg, f);
  if (f->label == PROTOBUF_C_LABEL_REQUIRED) return 1;
  if (mlf_is_oneof(f) && *mlf_oneof_case(msg, f) != f->id) return 0;
  if (f->label == PROTOBUF_C_LABEL_NONE && !mlf_is_oneof(f)) return !mlf_is_zero(f, slot);
  if (mlf_has_flag(f)) return *(protobuf_c_boolean *)MLF_AT(msg, f->quantifier_offset) != 0;
  if (f->type != PROTOBUF_C_TYPE_STRING && f->type != PROTOBUF_C_TYPE_MESSAGE) return 1;
  /* a pointer member is set (and encoded) when it is neither NULL nor the default */
  const void *p = *(void *const *)slot;
  return p != NULL && p != f->default_value;
}

/* Slot of element i (repeated) or of the member itself (i ignored). */
static inline void *mlf_field_slot(const ProtobufCMessage *msg,
                                   const ProtobufCFieldDescriptor *f, size_t i) {
  if (f->label != PROTOBUF_C_LABEL_REPEATED) return MLF_AT(msg, f->offset);
  return *(char **)MLF_AT(msg, f->offset) + i * mlf_elem_size(f);
}

/* 1 when a value of f can be changed in place (not a message; an enum with 2+ values). */
static inline int mlf_value_mutable(const ProtobufCFieldDescriptor *f) {
  if (f->type == PROTOBUF_C_TYPE_MESSAGE) return 0;
  if (f->type == PROTOBUF_C_TYPE_ENUM)
    return ((const ProtobufCEnumDescriptor *)f->descriptor)->n_values >= 2;
  return 1;
}

/* 1 when every value of f encodes to the same number of bytes. */
static inline int mlf_value_fixed_size(const ProtobufCFieldDescriptor *f) {
  switch (f->type) {
  case PROTOBUF_C_TYPE_FLOAT: case PROTOBUF_C_TYPE_DOUBLE: case PROTOBUF_C_TYPE_BOOL:
  case PROTOBUF_C_TYPE_FIXED32: case PROTOBUF_C_TYPE_SFIXED32:
  case PROTOBUF_C_TYPE_FIXED64: case PROTOBUF_C_TYPE_SFIXED64:
    return 1;
  default:
    return 0;
  }
}
#endif
