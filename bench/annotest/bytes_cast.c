/* The byte-level baselines' input: raw bytes cast to an annotated call message (bytes_cast.h). */
#include <stdlib.h>
#include "bytes_cast.h"
#include "bytes_fold.h"

typedef struct {
  const uint8_t *p;
  size_t n;
} byte_stream;

static uint64_t take(byte_stream *s, size_t k) {
  uint64_t v = 0;
  for (size_t i = 0; i < k; i++) v |= (uint64_t)(s->n ? (s->n--, *s->p++) : 0) << (8 * i);
  return v;
}

static ProtobufCMessage *cast_message(const ProtobufCMessageDescriptor *d, byte_stream *s);

/* Bytes a value of field f takes in its message: numbers are 8 bytes in these schemas but for
 * the 32-bit index gaps of sparse vectors. */
static size_t width(const ProtobufCFieldDescriptor *f) {
  return f->type == PROTOBUF_C_TYPE_MESSAGE ? sizeof(void *) : f->type == PROTOBUF_C_TYPE_UINT32 ? 4 : 8;
}

/* One value of field f from the stream into *slot. */
static void cast_value(const ProtobufCFieldDescriptor *f, void *slot, byte_stream *s) {
  if (f->type == PROTOBUF_C_TYPE_MESSAGE) *(ProtobufCMessage **)slot = cast_message(f->descriptor, s);
  else if (width(f) == 4) *(uint32_t *)slot = (uint32_t)take(s, 4);
  else *(uint64_t *)slot = take(s, 8);
}

static ProtobufCMessage *cast_message(const ProtobufCMessageDescriptor *d, byte_stream *s) {
  ProtobufCMessage *m = calloc(1, d->sizeof_message);
  if (!m) abort();
  d->message_init(m);
  for (unsigned i = 0; i < d->n_fields; i++) {
    const ProtobufCFieldDescriptor *f = &d->fields[i];
    char *base = (char *)m;
    if (f->label == PROTOBUF_C_LABEL_REPEATED) {
      size_t count = take(s, 1);
      char *values = calloc(count ? count : 1, width(f));
      if (!values) abort();
      for (size_t k = 0; k < count; k++) cast_value(f, values + k * width(f), s);
      *(size_t *)(base + f->quantifier_offset) = count;
      *(void **)(base + f->offset) = values;
    } else {
      cast_value(f, base + f->offset, s);
      if (f->type != PROTOBUF_C_TYPE_MESSAGE) *(protobuf_c_boolean *)(base + f->quantifier_offset) = 1;
    }
  }
  return m;
}

int bytes_test_one_input(const bytes_glue *glue, const uint8_t *data, size_t size) {
  byte_stream s = {data, size};
  const ProtobufCFieldDescriptor *member = &glue->root->fields[take(&s, 1) % glue->root->n_fields];
  ProtobufCMessage *call = calloc(1, glue->root->sizeof_message);
  if (!call) abort();
  glue->root->message_init(call);
  *(uint32_t *)((char *)call + member->quantifier_offset) = member->id; /* the oneof's case */
  *(ProtobufCMessage **)((char *)call + member->offset) = cast_message(member->descriptor, &s);
  mlf_run run;
  at_ctx ctx;
  const char *function;
  at_slot *slots;
  mlf_run_reset(&run);
  at_ctx_init(&ctx, &run, glue->target, glue->library, glue->blame);
  bytes_input_begin();
  int built = glue->build(call, &ctx, &function, &slots);
  at_function_stats *stats = ctx.stats;
  at_release(&ctx);
  if (built != 0 || !bytes_input_valid()) { /* refused: counted as the target counts a rejection */
    stats->calls++;
    if (built == 0) stats->rejected++;
  } else {
    at_ctx_init(&ctx, &run, glue->target, glue->library, glue->blame);
    glue->run(call, &ctx);
    at_release(&ctx);
  }
  protobuf_c_message_free_unpacked(call, NULL);
  at_stats_checkpoint(mlf_run_failed(&run));
  return 0;
}
