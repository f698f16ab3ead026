/* Byte-level baseline of annotest_gsl (make bench; a yardstick, not a target): libFuzzer's raw
 * bytes cast to the same functions' arguments with no folding. The first byte picks one of the
 * annotated functions; then each field of its call message, in schema order, takes the next
 * bytes as they are (8 per number, one count byte per repeated field, nested messages in
 * turn; missing bytes are zero). The generated glue builds the arguments through
 * bytes_fold.c, which checks every value against its annotation instead of folding it; an
 * input with any value outside is counted as refused, a valid one is run as annotest_gsl runs
 * it (@require checked, the function called, @ensure and @check judged). Counts per function
 * as the target's (MLF_ANNOTEST_STATS_DIR, scripts/annotest-stats.sh): calls = inputs,
 * rejected = out of the annotations or refused by @require. */
#include <gsl/gsl_errno.h>
#include <stdlib.h>
#include <string.h>
#include "annotest_gsl_glue.h"
#include "bytes_fold.h"
#include "gsl_oracles.h"

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

/* One value of field f from the stream into *slot (numbers are 8 bytes in this schema). */
static void cast_value(const ProtobufCFieldDescriptor *f, void *slot, byte_stream *s) {
  if (f->type == PROTOBUF_C_TYPE_MESSAGE) *(ProtobufCMessage **)slot = cast_message(f->descriptor, s);
  else *(uint64_t *)slot = take(s, 8);
}

static ProtobufCMessage *cast_message(const ProtobufCMessageDescriptor *d, byte_stream *s) {
  ProtobufCMessage *m = calloc(1, d->sizeof_message);
  if (!m) abort();
  d->message_init(m);
  for (unsigned i = 0; i < d->n_fields; i++) {
    const ProtobufCFieldDescriptor *f = &d->fields[i];
    char *base = (char *)m;
    size_t width = f->type == PROTOBUF_C_TYPE_MESSAGE ? sizeof(void *) : 8;
    if (f->label == PROTOBUF_C_LABEL_REPEATED) {
      size_t count = take(s, 1);
      char *values = calloc(count ? count : 1, width);
      if (!values) abort();
      for (size_t k = 0; k < count; k++) cast_value(f, values + k * width, s);
      *(size_t *)(base + f->quantifier_offset) = count;
      *(void **)(base + f->offset) = values;
    } else {
      cast_value(f, base + f->offset, s);
      if (f->type != PROTOBUF_C_TYPE_MESSAGE) *(protobuf_c_boolean *)(base + f->quantifier_offset) = 1;
    }
  }
  return m;
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  size_t n;
  gsl_set_error_handler_off();
  at_stats_watch(annotest_gsl_stats(&n), n);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const ProtobufCMessageDescriptor *root = &mlf__annotest__gsl_annotated_call__descriptor;
  byte_stream s = {data, size};
  const ProtobufCFieldDescriptor *member = &root->fields[take(&s, 1) % root->n_fields];
  Mlf__Annotest__GslAnnotatedCall call = MLF__ANNOTEST__GSL_ANNOTATED_CALL__INIT;
  call.call_case = member->id;
  *(ProtobufCMessage **)((char *)&call + member->offset) = cast_message(member->descriptor, &s);
  mlf_run run;
  at_ctx ctx;
  const char *function;
  at_slot *slots;
  mlf_run_reset(&run);
  at_ctx_init(&ctx, &run, "annotest_gsl_bytes", "gsl", annotest_gsl_blame);
  bytes_input_begin();
  int built = annotest_gsl_build(&call, &ctx, &function, &slots);
  at_function_stats *stats = ctx.stats;
  at_release(&ctx);
  if (built != 0 || !bytes_input_valid()) { /* refused: counted as the target counts a rejection */
    stats->calls++;
    if (built == 0) stats->rejected++;
  } else {
    at_ctx_init(&ctx, &run, "annotest_gsl_bytes", "gsl", annotest_gsl_blame);
    annotest_gsl_run(&call, &ctx);
    at_release(&ctx);
  }
  protobuf_c_message_free_unpacked(*(ProtobufCMessage **)((char *)&call + member->offset), NULL);
  at_stats_checkpoint(mlf_run_failed(&run));
  return 0;
}
