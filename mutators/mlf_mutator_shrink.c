/* Simplification steps for minimisation (out/replay/<t> --minimize), by reflection over any
 * message: candidate idx of an enumeration that goes from big steps to small ones, each walk
 * depth-first with an element before its descendants:
 *   1. blocks of elements of a repeated field (halves, quarters, ... down to pairs), so whole
 *      blocks of a program, layers of a model or runs of a series go at once;
 *   2. each removable element alone (mlf_remove_element: a set optional or oneof field, or
 *      one element of a repeated field);
 *   3. each value made simpler: integers toward 0 (0, then halving the distance), reals to 0,
 *      to +-1 and to fewer significant digits, booleans to false, enums to their default,
 *      strings and bytes shortened (empty, then halving what is cut).
 * The caller applies one candidate to a fresh copy and keeps it when the verdict holds and
 * it comes first in mlf_shrink_compare's order (which ends every descent). */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "mlf_mutator_internal.h"

#define MAX_VARIANTS 72

/* Counts candidates until the wanted one. */
typedef struct {
  size_t want, seen;
} counter;

/* Index of the wanted candidate among the next n, or n when it is not among them. */
static size_t take(counter *c, size_t n) {
  size_t k = c->want - c->seen;
  c->seen += n;
  return k < n ? k : n;
}

/* Phase 1: removes a block of elements of a repeated field. */
static int remove_block(counter *c, ProtobufCMessage *msg) {
  const ProtobufCMessageDescriptor *d = msg->descriptor;
  for (unsigned i = 0; i < d->n_fields; i++) {
    const ProtobufCFieldDescriptor *f = &d->fields[i];
    size_t n = mlf_field_count(msg, f);
    if (f->label == PROTOBUF_C_LABEL_REPEATED) {
      for (size_t len = n / 2; len >= 2; len /= 2) {
        size_t starts = (n + len - 1) / len, k = take(c, starts);
        if (k == starts) continue;
        size_t start = k * len, end = start + len < n ? start + len : n;
        for (size_t j = start; j < end; j++) mlf_field_remove(msg, f, start);
        return 1;
      }
    }
    if (f->type != PROTOBUF_C_TYPE_MESSAGE) continue;
    for (size_t k = 0; k < n; k++) {
      ProtobufCMessage *sub = *(ProtobufCMessage **)mlf_field_slot(msg, f, k);
      if (sub && remove_block(c, sub)) return 1;
    }
  }
  return 0;
}

/* Integers toward 0: 0, then v minus half, a quarter, ... of its distance to 0, down to 1. */
static size_t integer_variants(uint64_t magnitude, int negative, int64_t *out) {
  size_t n = 0;
  out[n++] = 0;
  for (uint64_t step = magnitude / 2; step >= 1 && n < MAX_VARIANTS; step /= 2) {
    uint64_t m = magnitude - step;
    out[n++] = negative ? (int64_t)(0 - m) : (int64_t)m;
  }
  return n;
}

/* Reals: 0, +-1 when farther from 0, then 1, 2, ... significant digits; inf and nan stay. */
static size_t real_variants(double v, double *out) {
  size_t n = 0;
  if (!isfinite(v)) return 0;
  out[n++] = 0;
  if (fabs(v) > 1) out[n++] = copysign(1, v);
  if (v != trunc(v)) out[n++] = trunc(v);
  for (int digits = 1; digits <= 16; digits++) {
    char text[40];
    snprintf(text, sizeof text, "%.*g", digits, v);
    out[n++] = strtod(text, NULL);
  }
  return n;
}

/* Lengths shorter than len: 0, then len minus half, a quarter, ... of it, down to len - 1. */
static size_t length_variants(size_t len, int64_t *out) {
  return len ? integer_variants(len, 0, out) : 0;
}

static int is_signed(const ProtobufCFieldDescriptor *f) {
  switch (f->type) {
  case PROTOBUF_C_TYPE_INT32: case PROTOBUF_C_TYPE_SINT32: case PROTOBUF_C_TYPE_SFIXED32:
  case PROTOBUF_C_TYPE_INT64: case PROTOBUF_C_TYPE_SINT64: case PROTOBUF_C_TYPE_SFIXED64:
    return 1;
  default:
    return 0;
  }
}

/* Phase 3 on one value: stores its wanted simpler variant; 1 when it did. Variants equal to
 * the value are offered too (the caller sees an unchanged message and skips it cheaply). */
static int simplify_value(counter *c, const ProtobufCFieldDescriptor *f, void *slot) {
  int64_t ints[MAX_VARIANTS];
  double reals[MAX_VARIANTS];
  size_t n = 0, k;
  int wide = mlf_elem_size(f) == 8;
  switch (f->type) {
  case PROTOBUF_C_TYPE_FLOAT: case PROTOBUF_C_TYPE_DOUBLE: {
    double v = f->type == PROTOBUF_C_TYPE_FLOAT ? *(float *)slot : *(double *)slot;
    n = real_variants(v, reals);
    if ((k = take(c, n)) == n) return 0;
    if (f->type == PROTOBUF_C_TYPE_FLOAT)
      *(float *)slot = (float)reals[k];
    else
      *(double *)slot = reals[k];
    return 1;
  }
  case PROTOBUF_C_TYPE_BOOL:
    if (take(c, 1)) return 0;
    *(protobuf_c_boolean *)slot = 0;
    return 1;
  case PROTOBUF_C_TYPE_ENUM:
    if (take(c, 1)) return 0;
    *(int *)slot = mlf_enum_default(f->descriptor);
    return 1;
  case PROTOBUF_C_TYPE_STRING: {
    char *s = *(char **)slot; /* owned (unpacked), unless it is the field's default text */
    size_t len = s && s != (const char *)f->default_value ? strlen(s) : 0;
    n = length_variants(len, ints);
    if ((k = take(c, n)) == n) return 0;
    s[ints[k]] = '\0';
    return 1;
  }
  case PROTOBUF_C_TYPE_BYTES: {
    ProtobufCBinaryData *b = slot;
    n = length_variants(b->len, ints);
    if ((k = take(c, n)) == n) return 0;
    b->len = (size_t)ints[k];
    return 1;
  }
  default: {
    int64_t v = wide ? *(int64_t *)slot : is_signed(f) ? *(int32_t *)slot : *(uint32_t *)slot;
    int negative = is_signed(f) && v < 0;
    uint64_t magnitude = negative ? 0 - (uint64_t)v : (uint64_t)v;
    n = integer_variants(magnitude, negative, ints);
    if ((k = take(c, n)) == n) return 0;
    if (wide)
      *(int64_t *)slot = ints[k];
    else if (is_signed(f))
      *(int32_t *)slot = (int32_t)ints[k];
    else
      *(uint32_t *)slot = (uint32_t)ints[k];
    return 1;
  }
  }
}

/* Phase 3: simplifies one value somewhere in the tree. */
static int simplify_values(counter *c, ProtobufCMessage *msg) {
  const ProtobufCMessageDescriptor *d = msg->descriptor;
  for (unsigned i = 0; i < d->n_fields; i++) {
    const ProtobufCFieldDescriptor *f = &d->fields[i];
    for (size_t k = 0, n = mlf_field_count(msg, f); k < n; k++) {
      void *slot = mlf_field_slot(msg, f, k);
      if (f->type != PROTOBUF_C_TYPE_MESSAGE) {
        if (simplify_value(c, f, slot)) return 1;
      } else if (*(ProtobufCMessage **)slot && simplify_values(c, *(ProtobufCMessage **)slot)) {
        return 1;
      }
    }
  }
  return 0;
}

int mlf_shrink_step(ProtobufCMessage *msg, size_t idx) {
  counter c = {.want = idx};
  if (remove_block(&c, msg)) return 1;
  size_t removable = mlf_count_removable(msg), k = take(&c, removable);
  if (k < removable) return mlf_remove_element(msg, k);
  return simplify_values(&c, msg);
}

int mlf_shrink_compare(size_t a_size, const char *a_text, size_t b_size, const char *b_text) {
  if (a_size != b_size) return a_size < b_size ? -1 : 1;
  size_t a_len = strlen(a_text), b_len = strlen(b_text);
  if (a_len != b_len) return a_len < b_len ? -1 : 1;
  return strcmp(a_text, b_text);
}
