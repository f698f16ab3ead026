/* Decoding bytes into protobuf-c message structures, faster than protobuf_c_message_unpack
 * (which scans every message twice through a slab of members): one pass, repeated arrays
 * grown in powers of two. It accepts exactly the inputs protobuf-c 1.4.1 accepts (same tag,
 * varint, length-prefix, wire-type and required-field rules) and builds the same malloc'd
 * structures, freeable by protobuf_c_message_free_unpacked, except that unknown fields are
 * dropped, enum values the enum does not define become its default, and nesting deeper than
 * MLF_DECODE_NESTING_MAX is refused. A singular message field seen twice must be merged,
 * which protobuf-c does with rules of its own (and refusals, e.g. when both copies leave a
 * oneof unset): such rare inputs are validated here, then decoded by protobuf-c itself. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "mlf_mutator_internal.h"

/* One field occurrence as scanned: its wire type and bytes (for a length-prefixed value the
 * prefix too, as protobuf-c's bool parsing sees them), and the payload of a prefixed one. */
typedef struct {
  unsigned wire;
  const uint8_t *start, *end, *payload;
} scanned;

/* protobuf-c's tag rules: at most 5 bytes; field number 0 is refused in the first byte. */
static int get_tag(const uint8_t **at, const uint8_t *end, uint32_t *id, unsigned *wire) {
  const uint8_t *p = *at;
  size_t max = (size_t)(end - p) < 5 ? (size_t)(end - p) : 5, i = 0;
  if ((p[0] & 0xf8) == 0) return 0;
  *wire = p[0] & 7;
  uint32_t tag = (p[0] & 0x7f) >> 3;
  for (unsigned shift = 4; p[i] & 0x80; shift += 7) {
    if (++i == max) return 0;
    tag |= (uint32_t)(p[i] & 0x7f) << shift;
  }
  *at = p + i + 1;
  *id = tag;
  return 1;
}

/* Length of the varint at p (at most 10 bytes, ending before end), 0 when unterminated. */
static size_t varint_length(const uint8_t *p, const uint8_t *end) {
  size_t max = (size_t)(end - p) < 10 ? (size_t)(end - p) : 10;
  for (size_t i = 0; i < max; i++)
    if (!(p[i] & 0x80)) return i + 1;
  return 0;
}

static uint64_t varint_value(const uint8_t *p, size_t len) {
  uint64_t v = 0;
  for (size_t i = 0; i < len; i++) v |= (uint64_t)(p[i] & 0x7f) << (7 * i);
  return v;
}

/* Delimits the value after a tag by its wire type, as protobuf-c's scanner does. */
static int scan_value(const uint8_t **at, const uint8_t *end, scanned *s) {
  const uint8_t *p = *at;
  size_t rem = (size_t)(end - p), len;
  switch (s->wire) {
  case PROTOBUF_C_WIRE_TYPE_VARINT:
    len = varint_length(p, end);
    if (!len) return 0;
    break;
  case PROTOBUF_C_WIRE_TYPE_64BIT:
    len = 8;
    break;
  case PROTOBUF_C_WIRE_TYPE_32BIT:
    len = 4;
    break;
  case PROTOBUF_C_WIRE_TYPE_LENGTH_PREFIXED: {
    size_t prefix = varint_length(p, end);
    if (!prefix || prefix > 5) return 0;
    uint64_t n = varint_value(p, prefix);
    if (n > INT_MAX || n > rem - prefix) return 0;
    s->payload = p + prefix;
    len = prefix + (size_t)n;
    break;
  }
  default: /* groups and wire types 6, 7: protobuf-c supports none of them */
    return 0;
  }
  if (len > rem) return 0;
  s->start = p;
  s->end = *at = p + len;
  return 1;
}

/* Field with number id; fields are sorted by number and usually arrive in order. */
static const ProtobufCFieldDescriptor *find_field(const ProtobufCMessageDescriptor *d,
                                                  uint32_t id, unsigned *hint) {
  unsigned lo = 0, hi = d->n_fields;
  if (*hint < hi && d->fields[*hint].id == id) return &d->fields[*hint];
  if (*hint + 1 < hi && d->fields[*hint + 1].id == id) return &d->fields[++*hint];
  while (lo < hi) {
    unsigned mid = lo + (hi - lo) / 2;
    if (d->fields[mid].id == id) return &d->fields[*hint = mid];
    if (d->fields[mid].id < id)
      lo = mid + 1;
    else
      hi = mid;
  }
  return NULL;
}

static size_t pow2_at_least(size_t n) {
  size_t c = 1;
  while (c < n) c <<= 1;
  return c;
}

/* Room for k more elements after the n of a repeated field. Arrays this decoder builds have
 * a power-of-two capacity, so the capacity follows from the count and needs no storage. */
static char *grow(ProtobufCMessage *msg, const ProtobufCFieldDescriptor *f, size_t k) {
  size_t n = mlf_field_count(msg, f), es = mlf_elem_size(f);
  char **arr = MLF_AT(msg, f->offset);
  if (n + k > (n ? pow2_at_least(n) : 0)) *arr = mlf_xrealloc(*arr, pow2_at_least(n + k) * es);
  return *arr + n * es;
}

static void add_count(ProtobufCMessage *msg, const ProtobufCFieldDescriptor *f, size_t k) {
  *(size_t *)MLF_AT(msg, f->quantifier_offset) += k;
}

/* A varint-encoded value of f's type (the varint's bytes at p, len of them) into slot; a
 * bool is read from any span (protobuf-c takes one from every wire type). */
static void store_varint(const ProtobufCFieldDescriptor *f, const uint8_t *p, size_t len,
                         void *slot) {
  if (f->type == PROTOBUF_C_TYPE_BOOL) { /* any payload bit set, however long the span */
    protobuf_c_boolean b = 0;
    for (size_t i = 0; i < len; i++) b |= (p[i] & 0x7f) != 0;
    *(protobuf_c_boolean *)slot = b;
    return;
  }
  uint64_t v = varint_value(p, len);
  uint32_t low = (uint32_t)v;
  switch (f->type) {
  case PROTOBUF_C_TYPE_SINT32:
    low = (low >> 1) ^ (0u - (low & 1));
    memcpy(slot, &low, 4);
    break;
  case PROTOBUF_C_TYPE_SINT64:
    v = (v >> 1) ^ (0 - (v & 1));
    memcpy(slot, &v, 8);
    break;
  case PROTOBUF_C_TYPE_INT64: case PROTOBUF_C_TYPE_UINT64:
    memcpy(slot, &v, 8);
    break;
  case PROTOBUF_C_TYPE_ENUM:
    *(int *)slot = mlf_enum_valid(f->descriptor, (int32_t)low) ? (int32_t)low
                                                               : mlf_enum_default(f->descriptor);
    break;
  default: /* int32, uint32 */
    memcpy(slot, &low, 4);
    break;
  }
}

static int is_varint_type(ProtobufCType t) {
  return t != PROTOBUF_C_TYPE_FLOAT && t != PROTOBUF_C_TYPE_DOUBLE &&
         t != PROTOBUF_C_TYPE_FIXED32 && t != PROTOBUF_C_TYPE_SFIXED32 &&
         t != PROTOBUF_C_TYPE_FIXED64 && t != PROTOBUF_C_TYPE_SFIXED64 &&
         t != PROTOBUF_C_TYPE_STRING && t != PROTOBUF_C_TYPE_BYTES &&
         t != PROTOBUF_C_TYPE_MESSAGE;
}

/* A packed run of scalars appended to repeated field f. */
static int decode_packed(ProtobufCMessage *msg, const ProtobufCFieldDescriptor *f,
                         const scanned *s) {
  const uint8_t *p = s->payload;
  size_t len = (size_t)(s->end - p), es = mlf_elem_size(f), count = 0;
  if (!is_varint_type(f->type)) {
    if (len % es) return 0;
    if (len) memcpy(grow(msg, f, len / es), p, len);
    add_count(msg, f, len / es);
    return 1;
  }
  for (size_t i = 0; i < len; i++) count += !(p[i] & 0x80);
  char *out = count ? grow(msg, f, count) : NULL;
  for (size_t i = 0; i < count; i++) {
    size_t n = varint_length(p, s->end);
    if (!n) return 0;
    store_varint(f, p, n, out + i * es);
    p += n;
  }
  if (p != s->end) return 0; /* an unterminated varint at the end */
  add_count(msg, f, count);
  return 1;
}

/* One non-message value of f from s into *v, owned; 0 on a wire type f does not take. */
static int read_value(const ProtobufCFieldDescriptor *f, const scanned *s, mlf_value *v) {
  size_t len = (size_t)(s->end - s->start);
  switch (f->type) {
  case PROTOBUF_C_TYPE_BOOL: /* protobuf-c takes a bool from any wire type */
    store_varint(f, s->start, len, v);
    return 1;
  case PROTOBUF_C_TYPE_FLOAT: case PROTOBUF_C_TYPE_FIXED32: case PROTOBUF_C_TYPE_SFIXED32:
    if (s->wire != PROTOBUF_C_WIRE_TYPE_32BIT) return 0;
    memcpy(v, s->start, 4);
    return 1;
  case PROTOBUF_C_TYPE_DOUBLE: case PROTOBUF_C_TYPE_FIXED64: case PROTOBUF_C_TYPE_SFIXED64:
    if (s->wire != PROTOBUF_C_WIRE_TYPE_64BIT) return 0;
    memcpy(v, s->start, 8);
    return 1;
  case PROTOBUF_C_TYPE_STRING:
  case PROTOBUF_C_TYPE_BYTES: {
    if (s->wire != PROTOBUF_C_WIRE_TYPE_LENGTH_PREFIXED) return 0;
    size_t n = (size_t)(s->end - s->payload);
    uint8_t *data = NULL;
    if (n || f->type == PROTOBUF_C_TYPE_STRING) {
      data = mlf_xmalloc(n + 1);
      if (n) memcpy(data, s->payload, n);
      data[n] = 0;
    }
    if (f->type == PROTOBUF_C_TYPE_STRING) {
      v->s = (char *)data;
    } else {
      v->bytes.len = n;
      v->bytes.data = data;
    }
    return 1;
  }
  default:
    if (s->wire != PROTOBUF_C_WIRE_TYPE_VARINT) return 0;
    store_varint(f, s->start, len, v);
    return 1;
  }
}

/* Decoding state: nesting depth, and whether a singular message field was seen twice. */
typedef struct {
  unsigned nesting;
  int needs_merge;
} decoder;

static int decode_into(decoder *dc, ProtobufCMessage *msg, const uint8_t *p, const uint8_t *end);

/* A message value: a new element, a new active oneof member, or the singular field. A
 * second value of a singular field is validated but left for protobuf-c to merge. */
static int decode_message_field(decoder *dc, ProtobufCMessage *msg,
                                const ProtobufCFieldDescriptor *f, const scanned *s) {
  if (s->wire != PROTOBUF_C_WIRE_TYPE_LENGTH_PREFIXED) return 0;
  ProtobufCMessage *sub = mlf_message_alloc(f->descriptor);
  ProtobufCMessage **slot = MLF_AT(msg, f->offset);
  int dropped = 0;
  if (f->label == PROTOBUF_C_LABEL_REPEATED) {
    *(ProtobufCMessage **)grow(msg, f, 1) = sub;
    add_count(msg, f, 1);
  } else if (mlf_is_oneof(f)) {
    mlf_field_store(msg, f, 0, &sub);
  } else if (!*slot) {
    *slot = sub;
  } else {
    dc->needs_merge = dropped = 1;
  }
  dc->nesting++;
  int ok = decode_into(dc, sub, s->payload, s->end);
  dc->nesting--;
  if (dropped) protobuf_c_message_free_unpacked(sub, NULL);
  return ok;
}

/* memcpy of one element, with the common sizes inlined. */
static void copy_elem(void *dst, const void *src, size_t es) {
  if (es == 4)
    memcpy(dst, src, 4);
  else if (es == 8)
    memcpy(dst, src, 8);
  else
    memcpy(dst, src, es);
}

static int decode_field(decoder *dc, ProtobufCMessage *msg, const ProtobufCFieldDescriptor *f,
                        const scanned *s) {
  if (f->type == PROTOBUF_C_TYPE_MESSAGE) return decode_message_field(dc, msg, f, s);
  int repeated = f->label == PROTOBUF_C_LABEL_REPEATED;
  if (repeated && s->wire == PROTOBUF_C_WIRE_TYPE_LENGTH_PREFIXED &&
      f->type != PROTOBUF_C_TYPE_STRING && f->type != PROTOBUF_C_TYPE_BYTES)
    return decode_packed(msg, f, s);
  mlf_value v;
  if (!read_value(f, s, &v)) return 0;
  if (repeated) {
    copy_elem(grow(msg, f, 1), &v, mlf_elem_size(f));
    add_count(msg, f, 1);
  } else if (mlf_is_oneof(f) || f->type == PROTOBUF_C_TYPE_STRING ||
             f->type == PROTOBUF_C_TYPE_BYTES) {
    mlf_field_store(msg, f, 0, &v); /* frees what it replaces */
  } else {
    copy_elem(MLF_AT(msg, f->offset), &v, mlf_elem_size(f));
    if (mlf_has_flag(f)) *(protobuf_c_boolean *)MLF_AT(msg, f->quantifier_offset) = 1;
  }
  return 1;
}

/* Decodes one occurrence of a message into msg, checking that the occurrence holds every
 * required field (a bit per field index records what it held). */
static int decode_into(decoder *dc, ProtobufCMessage *msg, const uint8_t *p,
                       const uint8_t *end) {
  const ProtobufCMessageDescriptor *d = msg->descriptor;
  size_t words = (d->n_fields + 63) / 64;
  uint64_t local[8], *seen = words <= 8 ? local : mlf_xmalloc(words * sizeof *seen);
  unsigned hint = 0;
  int ok = dc->nesting <= MLF_DECODE_NESTING_MAX;
  for (size_t w = 0; w < words; w++) seen[w] = 0;
  while (ok && p < end) {
    uint32_t id;
    scanned s;
    ok = get_tag(&p, end, &id, &s.wire) && scan_value(&p, end, &s);
    const ProtobufCFieldDescriptor *f = ok ? find_field(d, id, &hint) : NULL;
    if (!f) continue; /* unknown fields are dropped */
    size_t i = (size_t)(f - d->fields);
    seen[i / 64] |= UINT64_C(1) << (i % 64);
    ok = decode_field(dc, msg, f, &s);
  }
  for (size_t i = 0; ok && i < d->n_fields; i++) {
    const ProtobufCFieldDescriptor *f = &d->fields[i];
    /* protobuf-c lets a required field with a default value be missing */
    if (f->label == PROTOBUF_C_LABEL_REQUIRED && !f->default_value &&
        !(seen[i / 64] >> (i % 64) & 1))
      ok = 0;
  }
  if (seen != local) free(seen);
  return ok;
}

/* What this decoder does beyond protobuf-c, applied to a message protobuf-c decoded. */
static void normalize(ProtobufCMessage *msg) {
  const ProtobufCMessageDescriptor *d = msg->descriptor;
  for (unsigned i = 0; i < msg->n_unknown_fields; i++) free(msg->unknown_fields[i].data);
  free(msg->unknown_fields);
  msg->unknown_fields = NULL;
  msg->n_unknown_fields = 0;
  for (unsigned i = 0; i < d->n_fields; i++) {
    const ProtobufCFieldDescriptor *f = &d->fields[i];
    if (f->type != PROTOBUF_C_TYPE_ENUM && f->type != PROTOBUF_C_TYPE_MESSAGE) continue;
    for (size_t k = 0, n = mlf_field_count(msg, f); k < n; k++) {
      void *slot = mlf_field_slot(msg, f, k);
      if (f->type == PROTOBUF_C_TYPE_MESSAGE) {
        if (*(ProtobufCMessage **)slot) normalize(*(ProtobufCMessage **)slot);
      } else if (!mlf_enum_valid(f->descriptor, *(int *)slot)) {
        *(int *)slot = mlf_enum_default(f->descriptor);
      }
    }
  }
}

ProtobufCMessage *mlf_wire_decode(const ProtobufCMessageDescriptor *type, const uint8_t *data,
                                  size_t size) {
  static const uint8_t none[1];
  decoder dc = {0, 0};
  ProtobufCMessage *msg = mlf_message_alloc(type);
  if (!data) data = none, size = 0;
  int ok = decode_into(&dc, msg, data, data + size);
  if (!ok || dc.needs_merge) {
    protobuf_c_message_free_unpacked(msg, NULL);
    msg = ok ? protobuf_c_message_unpack(type, NULL, size, data) : NULL;
    if (msg) normalize(msg);
  }
  return msg;
}

ProtobufCMessage *mlf_parse_or_default(const ProtobufCMessageDescriptor *type,
                                       const uint8_t *data, size_t size) {
  ProtobufCMessage *msg = mlf_wire_decode(type, data, size);
  return msg ? msg : mlf_message_new_default(type);
}
