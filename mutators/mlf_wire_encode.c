/* Encoding messages to exactly the bytes protobuf_c_message_pack writes, in one pass into a
 * growable buffer: each length prefix gets one byte first and the payload moves along when
 * the length needs more (protobuf-c instead measures every sub-message before packing it).
 * The same pass gives the size, so the mutator checks its budget on the real encoding. */
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

/* Room for `more` bytes after the current end (at least 16: a key plus a scalar). */
static uint8_t *room(mlf_wire_buf *b, size_t more) {
  if (more < 16) more = 16;
  if (b->len + more > b->cap) {
    size_t cap = b->cap ? 2 * b->cap : 256;
    while (cap < b->len + more) cap *= 2;
    b->data = mlf_xrealloc(b->data, cap);
    b->cap = cap;
  }
  return b->data + b->len;
}

static void append_varint(mlf_wire_buf *b, uint64_t v) {
  b->len = (size_t)(put_varint(room(b, 10), v) - b->data);
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

/* Writes a scalar (not string, bytes or message) value of f at p; returns the end. */
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

/* One byte is reserved at `at` for the length of what follows; writes the length there,
 * moving the payload when the length takes more bytes. */
static void set_length(mlf_wire_buf *b, size_t at) {
  size_t n = b->len - at - 1, extra = varint_size(n) - 1;
  if (extra) {
    room(b, extra);
    memmove(b->data + at + 1 + extra, b->data + at + 1, n);
    b->len += extra;
  }
  put_varint(b->data + at, n);
}

static size_t reserve_length(mlf_wire_buf *b) {
  room(b, 1);
  return b->len++;
}

static void encode_message(mlf_wire_buf *b, const ProtobufCMessage *msg);

static void encode_value(mlf_wire_buf *b, const ProtobufCFieldDescriptor *f, const void *slot) {
  const uint8_t *bytes;
  size_t n;
  switch (f->type) {
  case PROTOBUF_C_TYPE_STRING:
    bytes = *(const uint8_t *const *)slot;
    n = bytes ? strlen((const char *)bytes) : 0;
    break;
  case PROTOBUF_C_TYPE_BYTES:
    bytes = ((const ProtobufCBinaryData *)slot)->data;
    n = ((const ProtobufCBinaryData *)slot)->len;
    break;
  case PROTOBUF_C_TYPE_MESSAGE: {
    const ProtobufCMessage *sub = *(ProtobufCMessage *const *)slot;
    size_t at = reserve_length(b);
    if (sub) encode_message(b, sub);
    set_length(b, at);
    return;
  }
  default:
    b->len = (size_t)(put_scalar(f, slot, room(b, 10)) - b->data);
    return;
  }
  append_varint(b, n);
  if (n) memcpy(room(b, n), bytes, n);
  b->len += n;
}

static void encode_field(mlf_wire_buf *b, const ProtobufCMessage *msg,
                         const ProtobufCFieldDescriptor *f) {
  size_t n = mlf_field_count(msg, f);
  if (!n) return;
  if (f->label == PROTOBUF_C_LABEL_REPEATED && (f->flags & PROTOBUF_C_FIELD_FLAG_PACKED)) {
    append_varint(b, (uint64_t)f->id << 3 | PROTOBUF_C_WIRE_TYPE_LENGTH_PREFIXED);
    size_t at = reserve_length(b);
    for (size_t k = 0; k < n; k++)
      b->len = (size_t)(put_scalar(f, mlf_field_slot(msg, f, k), room(b, 10)) - b->data);
    set_length(b, at);
    return;
  }
  uint64_t key = (uint64_t)f->id << 3 | wire_type(f->type);
  for (size_t k = 0; k < n; k++) {
    append_varint(b, key);
    encode_value(b, f, mlf_field_slot(msg, f, k));
  }
}

static void encode_message(mlf_wire_buf *b, const ProtobufCMessage *msg) {
  const ProtobufCMessageDescriptor *d = msg->descriptor;
  for (unsigned i = 0; i < d->n_fields; i++) encode_field(b, msg, &d->fields[i]);
  for (unsigned i = 0; i < msg->n_unknown_fields; i++) {
    const ProtobufCMessageUnknownField *u = &msg->unknown_fields[i];
    append_varint(b, (uint64_t)u->tag << 3 | u->wire_type);
    if (u->len) memcpy(room(b, u->len), u->data, u->len);
    b->len += u->len;
  }
}

size_t mlf_wire_encode(mlf_wire_buf *b, const ProtobufCMessage *msg) {
  b->len = 0;
  encode_message(b, msg);
  return b->len;
}
