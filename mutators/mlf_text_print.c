/* Protobuf text format as `protoc --decode` prints it (fields in number order, two-space
 * indentation, enum names), so reports are readable and `protoc --encode` re-encodes them:
 * reals as %.17g or inf / -inf / nan, strings and bytes C-escaped with octal escapes. */
#include <inttypes.h>
#include <math.h>
#include <string.h>
#include "mlf_mutator_internal.h"

static void print_quoted(FILE *out, const uint8_t *s, size_t n) {
  fputc('"', out);
  for (size_t i = 0; i < n; i++) {
    uint8_t c = s[i];
    switch (c) {
    case '\n': fputs("\\n", out); break;
    case '\r': fputs("\\r", out); break;
    case '\t': fputs("\\t", out); break;
    case '"': fputs("\\\"", out); break;
    case '\'': fputs("\\'", out); break;
    case '\\': fputs("\\\\", out); break;
    default:
      if (c >= 0x20 && c < 0x7f)
        fputc(c, out);
      else
        fprintf(out, "\\%03o", c);
    }
  }
  fputc('"', out);
}

static void print_real(FILE *out, double v) {
  if (isnan(v))
    fputs("nan", out);
  else if (isinf(v))
    fputs(v < 0 ? "-inf" : "inf", out);
  else
    fprintf(out, "%.17g", v);
}

static void print_scalar(FILE *out, const ProtobufCFieldDescriptor *f, const void *slot) {
  switch (f->type) {
  case PROTOBUF_C_TYPE_INT32: case PROTOBUF_C_TYPE_SINT32: case PROTOBUF_C_TYPE_SFIXED32:
    fprintf(out, "%" PRId32, *(const int32_t *)slot);
    break;
  case PROTOBUF_C_TYPE_UINT32: case PROTOBUF_C_TYPE_FIXED32:
    fprintf(out, "%" PRIu32, *(const uint32_t *)slot);
    break;
  case PROTOBUF_C_TYPE_INT64: case PROTOBUF_C_TYPE_SINT64: case PROTOBUF_C_TYPE_SFIXED64:
    fprintf(out, "%" PRId64, *(const int64_t *)slot);
    break;
  case PROTOBUF_C_TYPE_UINT64: case PROTOBUF_C_TYPE_FIXED64:
    fprintf(out, "%" PRIu64, *(const uint64_t *)slot);
    break;
  case PROTOBUF_C_TYPE_FLOAT:
    print_real(out, *(const float *)slot);
    break;
  case PROTOBUF_C_TYPE_DOUBLE:
    print_real(out, *(const double *)slot);
    break;
  case PROTOBUF_C_TYPE_BOOL:
    fputs(*(const protobuf_c_boolean *)slot ? "true" : "false", out);
    break;
  case PROTOBUF_C_TYPE_ENUM: {
    const ProtobufCEnumValue *v =
        protobuf_c_enum_descriptor_get_value(f->descriptor, *(const int *)slot);
    if (v)
      fputs(v->name, out);
    else
      fprintf(out, "%d", *(const int *)slot);
    break;
  }
  case PROTOBUF_C_TYPE_STRING: {
    const char *s = *(char *const *)slot;
    print_quoted(out, (const uint8_t *)(s ? s : ""), s ? strlen(s) : 0);
    break;
  }
  default: {
    const ProtobufCBinaryData *b = slot;
    print_quoted(out, b->data, b->len);
    break;
  }
  }
}

static void print_message(FILE *out, const ProtobufCMessage *msg, unsigned indent) {
  const ProtobufCMessageDescriptor *d = msg->descriptor;
  for (unsigned i = 0; i < d->n_fields; i++) {
    const ProtobufCFieldDescriptor *f = &d->fields[i];
    for (size_t k = 0, n = mlf_field_count(msg, f); k < n; k++) {
      const void *slot = mlf_field_slot(msg, f, k);
      fprintf(out, "%*s%s", (int)indent, "", f->name);
      if (f->type != PROTOBUF_C_TYPE_MESSAGE) {
        fputs(": ", out);
        print_scalar(out, f, slot);
        fputc('\n', out);
        continue;
      }
      fputs(" {\n", out);
      if (*(ProtobufCMessage *const *)slot)
        print_message(out, *(ProtobufCMessage *const *)slot, indent + 2);
      fprintf(out, "%*s}\n", (int)indent, "");
    }
  }
}

void mlf_print_text(FILE *out, const ProtobufCMessage *msg) { print_message(out, msg, 0); }

char *mlf_text_string(const ProtobufCMessage *msg) {
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  if (!f) return NULL;
  mlf_print_text(f, msg);
  fclose(f);
  return text;
}
