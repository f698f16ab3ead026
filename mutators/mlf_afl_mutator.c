/* AFL++ custom mutator library (AFL_CUSTOM_MUTATOR_LIBRARY) over the generic mutator for the
 * target's root type: fuzz (crossover with add_buf now and then), fuzz_count, describe,
 * post_process (every execution gets a valid, post-processed encoding) and message-level
 * trimming (one optional field or repeated element removed per step).
 * Ownership, as the AFL++ API requires: each hook's output buffer belongs to the instance
 * and stays valid until that hook is called again; inputs are never modified or retained.
 * MLF_MAX_LEN in the environment bounds encoded inputs like libFuzzer's -max_len.
 * MLF_AFL_MUTATOR_STATS naming a file makes deinit write the hook counters to it, one
 * `name N` line each. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mlf_afl_mutator.h"
#include "mlf_mutator.h"

#define MLF_AFL_DEFAULT_MAX_LEN 4096
#define MLF_AFL_CROSSOVER_PERCENT 20
/* fuzz_count: mutations per queue entry, more for messages with more elements */
#define MLF_AFL_COUNT_BASE 64
#define MLF_AFL_COUNT_PER_ELEMENT 8
#define MLF_AFL_COUNT_MAX 1024
#define MLF_AFL_DESCRIPTION_MAX 128

/* AFL++ skips inputs of length 0, but an empty encoding is a valid (all-default) message.
 * It is sent as varint field 19000 = 0 instead: numbers 19000-19999 are reserved by
 * protobuf, so no message type defines it and parsers treat it as an unknown field. */
static const uint8_t empty_message[] = {0xc0, 0xa3, 0x09, 0x00};

typedef struct {
  uint8_t *data;
  size_t cap;
} owned_buf;

typedef struct {
  mlf_mutator *m;
  mlf_rng rng; /* crossover decisions */
  size_t max_len;
  owned_buf fuzz_out, post_out, trim_out, trim_cur;
  char description[MLF_AFL_DESCRIPTION_MAX];
  /* trimming: trim_cur holds the last accepted encoding; trim_index counts removable
   * elements of it that were kept; trim_steps is what init_trim announced */
  size_t trim_len, trim_count, trim_index, trim_steps, trim_out_len, trim_out_count;
  struct {
    unsigned long long fuzz_calls, crossovers, trim_steps, trim_kept, post_process_calls;
  } stats;
} mlf_afl;

static uint8_t *reserve(owned_buf *b, size_t n) {
  if (n > b->cap || !b->data) {
    uint8_t *p = realloc(b->data, n ? n : 1);
    if (!p) abort();
    b->data = p;
    b->cap = n;
  }
  return b->data;
}

static ProtobufCMessage *parse(const uint8_t *buf, size_t size) {
  return mlf_parse_or_default(mlf_root_descriptor(), buf, size);
}

/* An empty encoding of n == 0 bytes at out becomes empty_message when room allows. */
static size_t pad_empty(uint8_t *out, size_t n, size_t room) {
  if (n || room < sizeof empty_message) return n;
  memcpy(out, empty_message, sizeof empty_message);
  return sizeof empty_message;
}

/* Packs msg into b, padding an empty encoding when pad is set; returns the size. */
static size_t pack_into(owned_buf *b, const ProtobufCMessage *msg, int pad) {
  size_t n = protobuf_c_message_get_packed_size(msg);
  uint8_t *out = reserve(b, n > sizeof empty_message ? n : sizeof empty_message);
  protobuf_c_message_pack(msg, out);
  return pad ? pad_empty(out, n, b->cap) : n;
}

void *afl_custom_init(void *afl, unsigned int seed) {
  (void)afl;
  mlf_afl *st = calloc(1, sizeof *st);
  if (!st) return NULL;
  const char *env = getenv("MLF_MAX_LEN");
  unsigned long max_len = env ? strtoul(env, NULL, 10) : 0;
  st->max_len = max_len ? max_len : MLF_AFL_DEFAULT_MAX_LEN;
  st->m = mlf_mutator_new(mlf_root_descriptor(), seed, NULL);
  mlf_rng_seed(&st->rng, ~(uint64_t)seed);
  strcpy(st->description, "none");
  return st;
}

uint32_t afl_custom_fuzz_count(void *data, const uint8_t *buf, size_t buf_size) {
  (void)data;
  ProtobufCMessage *msg = parse(buf, buf_size);
  size_t n = mlf_count_removable(msg);
  protobuf_c_message_free_unpacked(msg, NULL);
  size_t count = MLF_AFL_COUNT_BASE + MLF_AFL_COUNT_PER_ELEMENT * n;
  return (uint32_t)(count < MLF_AFL_COUNT_MAX ? count : MLF_AFL_COUNT_MAX);
}

size_t afl_custom_fuzz(void *data, uint8_t *buf, size_t buf_size, uint8_t **out_buf,
                       uint8_t *add_buf, size_t add_buf_size, size_t max_size) {
  mlf_afl *st = data;
  size_t limit = max_size < st->max_len ? max_size : st->max_len, n;
  uint8_t *out = reserve(&st->fuzz_out, buf_size > limit ? buf_size : limit);
  st->stats.fuzz_calls++;
  if (add_buf && add_buf_size && mlf_rng_chance(&st->rng, MLF_AFL_CROSSOVER_PERCENT)) {
    st->stats.crossovers++;
    n = mlf_crossover_bytes(st->m, buf, buf_size, add_buf, add_buf_size, out, limit);
  } else {
    if (buf_size) memcpy(out, buf, buf_size);
    n = mlf_mutate_bytes(st->m, out, buf_size, limit);
  }
  *out_buf = out;
  return pad_empty(out, n, limit);
}

/* The last operation's name, restricted to characters safe in AFL++'s file names. */
const char *afl_custom_describe(void *data, size_t max_description_len) {
  mlf_afl *st = data;
  const char *op = mlf_mutator_last_op(st->m);
  size_t cap = max_description_len < sizeof st->description ? max_description_len
                                                             : sizeof st->description - 1;
  size_t i = 0;
  for (; i < cap && op[i]; i++) {
    char c = op[i];
    int safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               (c && strchr("._:+-[]", c));
    st->description[i] = safe ? c : '_';
  }
  st->description[i] = 0;
  return st->description;
}

size_t afl_custom_post_process(void *data, uint8_t *buf, size_t buf_size, uint8_t **out_buf) {
  mlf_afl *st = data;
  st->stats.post_process_calls++;
  ProtobufCMessage *msg = parse(buf, buf_size);
  mlf_post_process(msg);
  size_t n = pack_into(&st->post_out, msg, 1);
  protobuf_c_message_free_unpacked(msg, NULL);
  *out_buf = st->post_out.data;
  return n;
}

int32_t afl_custom_init_trim(void *data, uint8_t *buf, size_t buf_size) {
  mlf_afl *st = data;
  ProtobufCMessage *msg = parse(buf, buf_size);
  st->trim_len = pack_into(&st->trim_cur, msg, 0);
  st->trim_index = 0;
  /* re-encoding may not grow the input: AFL++ expects trimmed inputs no longer than it */
  st->trim_count = st->trim_len <= buf_size ? mlf_count_removable(msg) : 0;
  st->trim_steps = st->trim_count < INT32_MAX ? st->trim_count : INT32_MAX;
  protobuf_c_message_free_unpacked(msg, NULL);
  return (int32_t)st->trim_steps;
}

/* The current encoding without its trim_index-th removable element. */
size_t afl_custom_trim(void *data, uint8_t **out_buf) {
  mlf_afl *st = data;
  st->stats.trim_steps++;
  ProtobufCMessage *msg = parse(st->trim_cur.data, st->trim_len);
  mlf_remove_element(msg, st->trim_index);
  st->trim_out_len = pack_into(&st->trim_out, msg, 0);
  st->trim_out_count = mlf_count_removable(msg);
  protobuf_c_message_free_unpacked(msg, NULL);
  *out_buf = st->trim_out.data;
  return st->trim_out_len;
}

/* Success keeps the candidate (the next element now has the same index); failure moves on.
 * Returns announced steps minus remaining ones, which reaches trim_steps when done. */
int32_t afl_custom_post_trim(void *data, unsigned char success) {
  mlf_afl *st = data;
  if (success) {
    st->stats.trim_kept++;
    owned_buf kept = st->trim_out;
    st->trim_out = st->trim_cur;
    st->trim_cur = kept;
    st->trim_len = st->trim_out_len;
    st->trim_count = st->trim_out_count;
  } else {
    st->trim_index++;
  }
  size_t remaining = st->trim_count > st->trim_index ? st->trim_count - st->trim_index : 0;
  return (int32_t)(remaining < st->trim_steps ? st->trim_steps - remaining : 0);
}

static void write_stats(const mlf_afl *st, const char *path) {
  FILE *f = fopen(path, "w");
  if (!f) return;
  fprintf(f, "fuzz_calls %llu\ncrossovers %llu\ntrim_steps %llu\ntrim_kept %llu\n"
             "post_process_calls %llu\n",
          st->stats.fuzz_calls, st->stats.crossovers, st->stats.trim_steps, st->stats.trim_kept,
          st->stats.post_process_calls);
  fclose(f);
}

void afl_custom_deinit(void *data) {
  mlf_afl *st = data;
  const char *stats_path = getenv("MLF_AFL_MUTATOR_STATS");
  if (stats_path && *stats_path) write_stats(st, stats_path);
  mlf_mutator_free(st->m);
  free(st->fuzz_out.data);
  free(st->post_out.data);
  free(st->trim_out.data);
  free(st->trim_cur.data);
  free(st);
}
