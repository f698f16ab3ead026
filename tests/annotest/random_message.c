/* Random protobuf-c messages by reflection (random_message.h). */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "random_message.h"

static void *zalloc(size_t n) {
  void *p = calloc(1, n ? n : 1);
  if (!p) abort();
  return p;
}

/* Integers: small ones (where annotated ranges live), powers of two and their neighbours,
 * the extremes of int32 and int64, or any 64 bits. */
static int64_t random_int(mlf_rng *rng) {
  switch (mlf_rng_below(rng, 6)) {
  case 0: return (int64_t)mlf_rng_below(rng, 70) - 5;
  case 1: return (int64_t)mlf_rng_below(rng, 2000) - 1000;
  case 2: return ((int64_t)1 << mlf_rng_below(rng, 63)) + (int64_t)mlf_rng_below(rng, 3) - 1;
  case 3: {
    static const int64_t extremes[] = {INT32_MIN, INT32_MAX, INT64_MIN, INT64_MAX, -1, 0, 1};
    return extremes[mlf_rng_below(rng, sizeof extremes / sizeof extremes[0])];
  }
  case 4: return -((int64_t)1 << mlf_rng_below(rng, 63));
  default: return (int64_t)mlf_rng_next(rng);
  }
}

/* Reals: NaN, infinities, signed zeros, subnormals, DBL_MAX, small and huge magnitudes, or
 * any 64-bit pattern. */
static double random_real(mlf_rng *rng) {
  switch (mlf_rng_below(rng, 8)) {
  case 0: {
    static const double specials[] = {NAN, -NAN, INFINITY, -INFINITY, 0.0, -0.0, DBL_MIN, -DBL_MIN,
                                      DBL_MAX, -DBL_MAX, 4.9406564584124654e-324, DBL_EPSILON, 1, -1};
    return specials[mlf_rng_below(rng, sizeof specials / sizeof specials[0])];
  }
  case 1: return (mlf_rng_unit(rng) - 0.5) * 4;
  case 2: return (mlf_rng_unit(rng) - 0.5) * 400;
  case 3: return (double)random_int(rng);
  case 4: return (mlf_rng_chance(rng, 50) ? -1 : 1) * pow(10, mlf_rng_unit(rng) * 616 - 308);
  case 5: return nextafter((double)((int64_t)mlf_rng_below(rng, 60) - 30), mlf_rng_chance(rng, 50) ? INFINITY : -INFINITY);
  default: {
    uint64_t bits = mlf_rng_next(rng);
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
  }
  }
}

/* Writes one random value of field f's type at p. */
static void random_value(const ProtobufCFieldDescriptor *f, void *p, mlf_rng *rng) {
  switch (f->type) {
  case PROTOBUF_C_TYPE_SINT64:
  case PROTOBUF_C_TYPE_INT64:
  case PROTOBUF_C_TYPE_SFIXED64:
    *(int64_t *)p = random_int(rng);
    break;
  case PROTOBUF_C_TYPE_UINT64:
  case PROTOBUF_C_TYPE_FIXED64:
    *(uint64_t *)p = mlf_rng_chance(rng, 50) ? (uint64_t)random_int(rng) : mlf_rng_next(rng);
    break;
  case PROTOBUF_C_TYPE_UINT32: /* sparse index gaps */
    *(uint32_t *)p = mlf_rng_chance(rng, 50) ? (uint32_t)mlf_rng_below(rng, 8) : (uint32_t)mlf_rng_next(rng);
    break;
  case PROTOBUF_C_TYPE_DOUBLE:
    *(double *)p = random_real(rng);
    break;
  case PROTOBUF_C_TYPE_MESSAGE:
    *(ProtobufCMessage **)p = random_message(f->descriptor, rng);
    break;
  default:
    fprintf(stderr, "random_message: field %s has a type this test does not fill (%d)\n", f->name, (int)f->type);
    abort();
  }
}

static size_t value_size(const ProtobufCFieldDescriptor *f) {
  return f->type == PROTOBUF_C_TYPE_MESSAGE ? sizeof(void *) : f->type == PROTOBUF_C_TYPE_UINT32 ? 4 : 8;
}

ProtobufCMessage *random_message(const ProtobufCMessageDescriptor *d, mlf_rng *rng) {
  ProtobufCMessage *m = zalloc(d->sizeof_message);
  d->message_init(m);
  for (unsigned i = 0; i < d->n_fields; i++) {
    const ProtobufCFieldDescriptor *f = &d->fields[i];
    char *base = (char *)m;
    if (f->flags & PROTOBUF_C_FIELD_FLAG_ONEOF) continue; /* members: random_message_with_member */
    if (mlf_rng_chance(rng, 10)) continue;                /* absent */
    if (f->label == PROTOBUF_C_LABEL_REPEATED) {
      size_t n = mlf_rng_chance(rng, 70) ? mlf_rng_below(rng, 12) : mlf_rng_below(rng, 700);
      char *values = zalloc(n * value_size(f));
      for (size_t k = 0; k < n; k++) random_value(f, values + k * value_size(f), rng);
      *(size_t *)(base + f->quantifier_offset) = n;
      *(void **)(base + f->offset) = values;
      continue;
    }
    random_value(f, base + f->offset, rng);
    if (f->type != PROTOBUF_C_TYPE_MESSAGE && f->label == PROTOBUF_C_LABEL_OPTIONAL)
      *(protobuf_c_boolean *)(base + f->quantifier_offset) = 1;
  }
  return m;
}

ProtobufCMessage *random_message_with_member(const ProtobufCMessageDescriptor *d, const char *field, mlf_rng *rng) {
  const ProtobufCFieldDescriptor *f = protobuf_c_message_descriptor_get_field_by_name(d, field);
  if (!f || !(f->flags & PROTOBUF_C_FIELD_FLAG_ONEOF) || f->type != PROTOBUF_C_TYPE_MESSAGE) {
    fprintf(stderr, "random_message: %s has no oneof message member %s\n", d->name, field);
    abort();
  }
  ProtobufCMessage *m = zalloc(d->sizeof_message);
  d->message_init(m);
  *(uint32_t *)((char *)m + f->quantifier_offset) = f->id;
  *(ProtobufCMessage **)((char *)m + f->offset) = random_message(f->descriptor, rng);
  return m;
}
