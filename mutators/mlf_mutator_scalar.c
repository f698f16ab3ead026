/* In-place value mutation biased to boundary and special values: integers of each width
 * and signedness, floats and doubles (signed zeros, infinities, NaN, subnormals, ends of the
 * normal range, 1-ulp neighbours), bools, enums (only values the descriptor knows), and
 * strings / bytes (insert, erase, change a byte, empty, duplicate). */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "mlf_mutator_internal.h"

/* Integer of `bits` width held as a bit pattern: the same patterns serve signed and unsigned
 * fields (all ones is -1 or the unsigned maximum; the top bit alone is the signed minimum). */
static const char *mutate_int(mlf_rng *r, void *slot, unsigned bits) {
  const uint64_t mask = bits == 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
  const uint64_t top = UINT64_C(1) << (bits - 1);
  uint64_t cur, v;
  const char *kind;
  if (bits == 64) {
    memcpy(&cur, slot, 8);
  } else {
    uint32_t low;
    memcpy(&low, slot, 4);
    cur = low;
  }
  switch (mlf_rng_below(r, 4)) {
  case 0: {
    const uint64_t special[] = {0, 1, mask, top, top - 1, top + 1, mask - 1, 2};
    v = special[mlf_rng_below(r, 8)];
    kind = "special";
    break;
  }
  case 1: {
    uint64_t p = UINT64_C(1) << mlf_rng_below(r, bits);
    const uint64_t near[] = {p, p - 1, p + 1, 0 - p};
    v = near[mlf_rng_below(r, 4)];
    kind = "pow2";
    break;
  }
  case 2: {
    uint64_t d = 1 + mlf_rng_below(r, 16);
    v = mlf_rng_below(r, 2) ? cur + d : cur - d;
    kind = "delta";
    break;
  }
  default:
    v = mlf_rng_next(r);
    kind = "random";
    break;
  }
  v &= mask;
  if (bits == 64) {
    memcpy(slot, &v, 8);
  } else {
    uint32_t low = (uint32_t)v;
    memcpy(slot, &low, 4);
  }
  return kind;
}

/* Limits of one binary floating-point format. */
typedef struct {
  double true_min, norm_min, max;
  unsigned mant_bits;
} real_format;

static const real_format FLOAT_FORMAT = {FLT_TRUE_MIN, FLT_MIN, FLT_MAX, FLT_MANT_DIG - 1};
static const real_format DOUBLE_FORMAT = {DBL_TRUE_MIN, DBL_MIN, DBL_MAX, DBL_MANT_DIG - 1};

static double special_real(mlf_rng *r, const real_format *fmt) {
  /* subnormal min/max, normal min and max come with either sign (indices 7..10) */
  const double v[] = {0.0, -0.0, 1.0, -1.0, INFINITY, -INFINITY, NAN,
                      fmt->true_min, fmt->norm_min - fmt->true_min, fmt->norm_min, fmt->max,
                      2.0, 0.5};
  unsigned i = (unsigned)mlf_rng_below(r, sizeof v / sizeof v[0]);
  return (i >= 7 && i <= 10 && mlf_rng_below(r, 2)) ? -v[i] : v[i];
}

/* cur * (1 + e) with |e| < 2^-k, k random up to the mantissa width; from zero or a
 * non-finite value, a random number in (-1, 1). */
static double perturb_real(mlf_rng *r, double cur, const real_format *fmt) {
  double e = 2 * mlf_rng_unit(r) - 1;
  if (cur == 0 || !isfinite(cur)) return e;
  return cur + cur * ldexp(e, -(int)(1 + mlf_rng_below(r, fmt->mant_bits)));
}

static const char *mutate_real(mlf_rng *r, void *slot, int is_float) {
  const real_format *fmt = is_float ? &FLOAT_FORMAT : &DOUBLE_FORMAT;
  double cur = is_float ? (double)*(float *)slot : *(double *)slot, v;
  const char *kind;
  switch (mlf_rng_below(r, 5)) {
  case 0: case 1:
    v = special_real(r, fmt);
    kind = "special";
    break;
  case 2: {
    double dir = mlf_rng_below(r, 2) ? INFINITY : -INFINITY;
    v = is_float ? (double)nextafterf((float)cur, (float)dir) : nextafter(cur, dir);
    kind = "ulp";
    break;
  }
  case 3:
    v = perturb_real(r, cur, fmt);
    kind = "perturb";
    break;
  default: { /* any bit pattern: every exponent, NaN payloads */
    uint64_t bits = mlf_rng_next(r);
    memcpy(slot, &bits, is_float ? 4 : 8);
    return "random";
  }
  }
  if (is_float)
    *(float *)slot = (float)v;
  else
    *(double *)slot = v;
  return kind;
}

static const char *mutate_enum(mlf_rng *r, const ProtobufCFieldDescriptor *f, void *slot) {
  const ProtobufCEnumDescriptor *e = f->descriptor;
  unsigned i = (unsigned)mlf_rng_below(r, e->n_values);
  if (e->values[i].value == *(int *)slot) i = (i + 1) % e->n_values;
  *(int *)slot = e->values[i].value;
  return "enum";
}

static uint8_t random_byte(mlf_rng *r, int text) {
  if (!text) return (uint8_t)mlf_rng_below(r, 256);
  /* text: mostly printable ASCII, sometimes any byte but NUL (C strings end there) */
  return (uint8_t)(mlf_rng_chance(r, 90) ? 0x20 + mlf_rng_below(r, 95) : 1 + mlf_rng_below(r, 255));
}

static void copy_bytes(uint8_t *dst, const uint8_t *src, size_t n) {
  if (n) memcpy(dst, src, n);
}

/* Returns a new NUL-terminated buffer holding a changed copy of s[0..n) and its length. */
static uint8_t *mutate_buffer(mlf_rng *r, const uint8_t *s, size_t n, size_t headroom, int text,
                              size_t *out_n, const char **kind) {
  enum { INSERT, ERASE, CHANGE, EMPTY, DUPLICATE };
  static const char *const names[] = {"insert", "erase", "change", "empty", "duplicate"};
  int choices[5], k = 0;
  if (headroom >= 2 || !n) choices[k++] = INSERT;
  if (n) {
    choices[k++] = ERASE;
    choices[k++] = CHANGE;
    choices[k++] = EMPTY;
  }
  if (n && n + MLF_HEADROOM_MIN <= headroom) choices[k++] = DUPLICATE;
  int op = choices[mlf_rng_below(r, (uint64_t)k)];
  uint8_t *o = mlf_xmalloc(2 * n + 2);
  size_t m = n, pos = (size_t)mlf_rng_below(r, n + (op == INSERT));
  switch (op) {
  case INSERT:
    copy_bytes(o, s, pos);
    o[pos] = random_byte(r, text);
    copy_bytes(o + pos + 1, s + pos, n - pos);
    m = n + 1;
    break;
  case ERASE:
    copy_bytes(o, s, pos);
    copy_bytes(o + pos, s + pos + 1, n - pos - 1);
    m = n - 1;
    break;
  case CHANGE:
    copy_bytes(o, s, n);
    o[pos] = random_byte(r, text);
    break;
  case EMPTY:
    m = 0;
    break;
  default:
    copy_bytes(o, s, n);
    copy_bytes(o + n, s, n);
    m = 2 * n;
    break;
  }
  o[m] = 0;
  *out_n = m;
  *kind = names[op];
  return o;
}

static const char *mutate_string(mlf_rng *r, const ProtobufCFieldDescriptor *f, void *slot,
                                 size_t headroom) {
  const char *s = *(char **)slot, *kind;
  size_t n;
  uint8_t *o = mutate_buffer(r, (const uint8_t *)(s ? s : ""), s ? strlen(s) : 0, headroom, 1,
                             &n, &kind);
  mlf_value_free(f, slot);
  *(char **)slot = (char *)o;
  return kind;
}

static const char *mutate_bytes(mlf_rng *r, const ProtobufCFieldDescriptor *f, void *slot,
                                size_t headroom) {
  ProtobufCBinaryData *b = slot;
  const char *kind;
  size_t n;
  uint8_t *o = mutate_buffer(r, b->data ? b->data : (const uint8_t *)"", b->len, headroom, 0, &n,
                             &kind);
  mlf_value_free(f, slot);
  b->data = o;
  b->len = n;
  return kind;
}

const char *mlf_value_mutate(mlf_rng *rng, const ProtobufCFieldDescriptor *f, void *slot,
                             size_t headroom) {
  switch (f->type) {
  case PROTOBUF_C_TYPE_FLOAT:
    return mutate_real(rng, slot, 1);
  case PROTOBUF_C_TYPE_DOUBLE:
    return mutate_real(rng, slot, 0);
  case PROTOBUF_C_TYPE_BOOL:
    *(protobuf_c_boolean *)slot = !*(protobuf_c_boolean *)slot;
    return "flip";
  case PROTOBUF_C_TYPE_ENUM:
    return mutate_enum(rng, f, slot);
  case PROTOBUF_C_TYPE_STRING:
    return mutate_string(rng, f, slot, headroom);
  case PROTOBUF_C_TYPE_BYTES:
    return mutate_bytes(rng, f, slot, headroom);
  case PROTOBUF_C_TYPE_MESSAGE:
    return "none";
  default:
    return mutate_int(rng, slot, (unsigned)mlf_elem_size(f) * 8);
  }
}
