/* --exponents: per input, each real scalar's field path, class and binary exponent
 * (mlf_exponents.h), found by reflection (mlf_scalar_slots.h). */
#include "mlf_exponents.h"
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "mlf_exponent_values.h"
#include "mlf_mutator.h"
#include "mlf_scalar_slots.h"
#include "mlf_textproto.h"

/* The exponent windows that count as reaching each threshold of l, and its subnormal range. */
static void print_windows(const mlf_real_limits *l) {
  for (size_t i = 0; i < l->n_thresholds; i++) {
    int e = l->thresholds[i].exponent;
    printf("window\t%s\t%s\t%d\t%d\n", l->name, l->thresholds[i].name, e - MLF_THRESHOLD_REACH,
           e + MLF_THRESHOLD_REACH);
  }
  printf("window\t%s\tsubnormal-range\t%d\t%d\n", l->name, l->emin_sub, l->emin - 1);
}

static const char *value_class(double v, mlf_scalar_kind kind) {
  double min_normal = kind == MLF_SCALAR_FLOAT ? FLT_MIN : DBL_MIN;
  if (isnan(v)) return "nan";
  if (isinf(v)) return "inf";
  if (v == 0) return "zero";
  return fabs(v) < min_normal ? "subnormal" : "normal";
}

static void print_scalar(const mlf_scalar_slot *slot, void *ctx) {
  int special;
  double v = mlf_scalar_get(slot, &special);
  if (special >= 0) {
    const ProtobufCEnumValue *e = protobuf_c_enum_descriptor_get_value(&mlf__special__descriptor, special);
    printf("scalar\t%s\t%s\tspecial:%s\t-\n", (const char *)ctx, slot->path, e ? e->name : "?");
  } else if (isfinite(v) && v != 0) {
    printf("scalar\t%s\t%s\t%s\t%d\n", (const char *)ctx, slot->path, value_class(v, slot->kind),
           ilogb(v));
  } else {
    printf("scalar\t%s\t%s\t%s\t-\n", (const char *)ctx, slot->path, value_class(v, slot->kind));
  }
}

int mlf_exponents_main(const char *argv0, const ProtobufCMessageDescriptor *type, int n_files,
                       char **files) {
  int status = 0;
  print_windows(&mlf_float_limits);
  print_windows(&mlf_double_limits);
  for (int i = 0; i < n_files; i++) {
    size_t size;
    uint8_t *data = mlf_input_read(argv0, files[i], type, &size);
    ProtobufCMessage *msg = data ? mlf_parse(type, data, size) : NULL;
    free(data);
    if (!msg) {
      fprintf(stderr, "%s: %s is not an encoded %s\n", argv0, files[i], type->name);
      status = 2;
      continue;
    }
    mlf_post_process(msg);
    mlf_scalar_walk(msg, 0, 1, print_scalar, files[i]);
    protobuf_c_message_free_unpacked(msg, NULL);
  }
  return status;
}
