/* Encoding messages to exactly the bytes protobuf_c_message_pack writes, in two passes:
 * mlf_wire_size measures the message and records the length of every sub-message and packed
 * array in pre-order; mlf_wire_write then puts each length before its contents without
 * measuring again (protobuf-c measures or moves a sub-message once per nesting level). */
#include <string.h>
#include "mlf_mutator_internal.h"

static size_t varint_size(uint64_t v) {
  size_t n = 1;
  while (v >= 0x80) v >>= 7, n++;
  return n;
}

static uint8_t *put_varint(uint8_t *p, uint64_t v) {
  while (v >= 0x80) {
    *p++ = (uint8_t)(v | 0x80);
    v >>= 7;
  }
  *p++ = (uint8_t)v;
  return p;
}

static uint64_t key(const ProtobufCFieldDescriptor *f, unsigned wire) {
  return (uint64_t)f->id << 3 | wire;
}

static int is_length_prefixed(ProtobufCType t) {
  return t == PROTOBUF_C_TYPE_STRING || t == PROTOBUF_C_TYPE_BYTES || t == PROTOBUF_C_TYPE_MESSAGE;
}

static unsigned wire_type(ProtobufCType t) {
  switch (t) {
  case PROTOBUF_C_TYPE_FLOAT: case PROTOBUF_C_TYPE_FIXED32: case PROTOBUF_C_TYPE_SFIXED32:
    return PROTOBUF_C_WIRE_TYPE_32BIT;
  case PROTOBUF_C_TYPE_DOUBLE: case PROTOBUF_C_TYPE_FIXED64: case PROTOBUF_C_TYPE_SFIXED64:
    return PROTOBUF_C_WIRE_TYPE_64BIT;
  default:
    return is_length_prefixed(t) ? PROTOBUF_C_WIRE_TYPE_LENGTH_PREFIXED
                                 : PROTOBUF_C_WIRE_TYPE_VARINT;
  }
}

/* Writes a scalar (not string, bytes or message) value of f; returns the end. */
static uint8_t *put_scalar(const ProtobufCFieldDescriptor *f, const void *slot, uint8_t *p) {
  switch (f->type) {
  case PROTOBUF_C_TYPE_FLOAT: case PROTOBUF_C_TYPE_FIXED32: case PROTOBUF_C_TYPE_SFIXED32:
    memcpy(p, slot, 4);
    return p + 4;
  case PROTOBUF_C_TYPE_DOUBLE: case PROTOBUF_C_TYPE_FIXED64: case PROTOBUF_C_TYPE_SFIXED64:
    memcpy(p, slot, 8);
    return p + 8;
  case PROTOBUF_C_TYPE_BOOL:
    *p = *(const protobuf_c_boolean *)slot ? 1 : 0;
    return p + 1;
  case PROTOBUF_C_TYPE_UINT32:
    return put_varint(p, *(const uint32_t *)slot);
  case PROTOBUF_C_TYPE_SINT32: {
    uint32_t v = *(const uint32_t *)slot;
    return put_varint(p, v << 1 ^ (0u - (v >> 31)));
  }
  case PROTOBUF_C_TYPE_SINT64: {
    uint64_t v = *(const uint64_t *)slot;
    return put_varint(p, v << 1 ^ (0 - (v >> 63)));
  }
  case PROTOBUF_C_TYPE_INT64: case PROTOBUF_C_TYPE_UINT64:
    return put_varint(p, *(const uint64_t *)slot);
  default: /* int32 and enum: negative values take 10 bytes */
    return put_varint(p, (uint64_t)(int64_t)*(const int32_t *)slot);
  }
}

static size_t scalar_size(const ProtobufCFieldDescriptor *f, const void *slot) {
  uint8_t scratch[10];
  return (size_t)(put_scalar(f, slot, scratch) - scratch);
}

/* Appends a length to be filled in; returns its index. */
static size_t reserve(mlf_wire_sizes *s) {
  if (s->n == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 64;
    s->v = mlf_xrealloc(s->v, s->cap * sizeof *s->v);
  }
  return s->n++;
}

static size_t text_length(const void *slot) {
  const char *str = *(char *const *)slot;
  return str ? strlen(str) : 0;
}

static size_t measure_message(mlf_wire_sizes *s, const ProtobufCMessage *msg);

/* Encoded size of one value after its key, recording sub-message lengths. */
static size_t measure_value(mlf_wire_sizes *s, const ProtobufCFieldDescriptor *f,
                            const void *slot) {
  size_t n;
  switch (f->type) {
  case PROTOBUF_C_TYPE_STRING:
    n = text_length(slot);
    break;
  case PROTOBUF_C_TYPE_BYTES:
    n = ((const ProtobufCBinaryData *)slot)->len;
    break;
  case PROTOBUF_C_TYPE_MESSAGE: {
    size_t at = reserve(s);
    const ProtobufCMessage *sub = *(ProtobufCMessage *const *)slot;
    n = sub ? measure_message(s, sub) : 0;
    s->v[at] = n;
    break;
  }
  default:
    return scalar_size(f, slot);
  }
  return varint_size(n) + n;
}

static size_t measure_field(mlf_wire_sizes *s, const ProtobufCMessage *msg,
                            const ProtobufCFieldDescriptor *f) {
  size_t n = mlf_field_count(msg, f), total = 0;
  if (!n) return 0;
  if (f->label == PROTOBUF_C_LABEL_REPEATED && (f->flags & PROTOBUF_C_FIELD_FLAG_PACKED)) {
    size_t at = reserve(s);
    for (size_t k = 0; k < n; k++) total += scalar_size(f, mlf_field_slot(msg, f, k));
    s->v[at] = total;
    return varint_size(key(f, PROTOBUF_C_WIRE_TYPE_LENGTH_PREFIXED)) + varint_size(total) + total;
  }
  size_t key_size = varint_size(key(f, wire_type(f->type)));
  for (size_t k = 0; k < n; k++) total += key_size + measure_value(s, f, mlf_field_slot(msg, f, k));
  return total;
}

static size_t measure_message(mlf_wire_sizes *s, const ProtobufCMessage *msg) {
  const ProtobufCMessageDescriptor *d = msg->descriptor;
  size_t total = 0;
  for (unsigned i = 0; i < d->n_fields; i++) total += measure_field(s, msg, &d->fields[i]);
  for (unsigned i = 0; i < msg->n_unknown_fields; i++) {
    const ProtobufCMessageUnknownField *u = &msg->unknown_fields[i];
    total += varint_size((uint64_t)u->tag << 3 | u->wire_type) + u->len;
  }
  return total;
}

size_t mlf_wire_size(mlf_wire_sizes *s, const ProtobufCMessage *msg) {
  s->n = 0;
  return measure_message(s, msg);
}

/* Write pass: `next` walks the recorded lengths in the order they were recorded. */
typedef struct {
  const size_t *next;
} writer;

static uint8_t *write_message(writer *w, const ProtobufCMessage *msg, uint8_t *p);

static uint8_t *write_value(writer *w, const ProtobufCFieldDescriptor *f, const void *slot,
                            uint8_t *p) {
  switch (f->type) {
  case PROTOBUF_C_TYPE_STRING: {
    size_t n = text_length(slot);
    p = put_varint(p, n);
    if (n) memcpy(p, *(char *const *)slot, n);
    return p + n;
  }
  case PROTOBUF_C_TYPE_BYTES: {
    const ProtobufCBinaryData *b = slot;
    p = put_varint(p, b->len);
    if (b->len) memcpy(p, b->data, b->len);
    return p + b->len;
  }
  case PROTOBUF_C_TYPE_MESSAGE: {
    const ProtobufCMessage *sub = *(ProtobufCMessage *const *)slot;
    p = put_varint(p, *w->next++);
    return sub ? write_message(w, sub, p) : p;
  }
  default:
    return put_scalar(f, slot, p);
  }
}

static uint8_t *write_field(writer *w, const ProtobufCMessage *msg,
                            const ProtobufCFieldDescriptor *f, uint8_t *p) {
  size_t n = mlf_field_count(msg, f);
  if (!n) return p;
  if (f->label == PROTOBUF_C_LABEL_REPEATED && (f->flags & PROTOBUF_C_FIELD_FLAG_PACKED)) {
    p = put_varint(p, key(f, PROTOBUF_C_WIRE_TYPE_LENGTH_PREFIXED));
    p = put_varint(p, *w->next++);
    for (size_t k = 0; k < n; k++) p = put_scalar(f, mlf_field_slot(msg, f, k), p);
    return p;
  }
  uint64_t k0 = key(f, wire_type(f->type));
  for (size_t k = 0; k < n; k++) {
    p = put_varint(p, k0);
    p = write_value(w, f, mlf_field_slot(msg, f, k), p);
  }
  return p;
}

static uint8_t *write_message(writer *w, const ProtobufCMessage *msg, uint8_t *p) {
  const ProtobufCMessageDescriptor *d = msg->descriptor;
  for (unsigned i = 0; i < d->n_fields; i++) p = write_field(w, msg, &d->fields[i], p);
  for (unsigned i = 0; i < msg->n_unknown_fields; i++) {
    const ProtobufCMessageUnknownField *u = &msg->unknown_fields[i];
    p = put_varint(p, (uint64_t)u->tag << 3 | u->wire_type);
    if (u->len) memcpy(p, u->data, u->len);
    p += u->len;
  }
  return p;
}

uint8_t *mlf_wire_write(const mlf_wire_sizes *s, const ProtobufCMessage *msg, uint8_t *out) {
  writer w = {s->v};
  return write_message(&w, msg, out);
}
