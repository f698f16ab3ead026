/* The mutator's decode cache. Engines usually feed a mutation's output back as the next
 * input (libFuzzer stacks -mutate_depth mutations on one buffer), so the mutator keeps its
 * last output together with the message it encodes, and a matching input skips
 * protobuf_c_message_unpack. Ownership: the cache owns the message until mlf_cache_take
 * hands it over; the mutator mutates it in place and gives the result back with
 * mlf_cache_keep. The cached message is canonical: decoding its bytes gives a message the
 * mutator treats identically, so hits and misses produce the same mutations. */
#include <stdlib.h>
#include <string.h>
#include "mlf_mutator_internal.h"

ProtobufCMessage *mlf_cache_take(mlf_mutator *m, const uint8_t *data, size_t size) {
  ProtobufCMessage *msg = m->cached;
  if (!msg || size != m->cached_len || (size && memcmp(data, m->cached_bytes, size)))
    return NULL;
  m->cached = NULL;
  return msg;
}

void mlf_cache_keep(mlf_mutator *m, ProtobufCMessage *msg, const uint8_t *data, size_t size) {
  if (m->cached) protobuf_c_message_free_unpacked(m->cached, NULL);
  if (size > m->cached_cap) {
    m->cached_bytes = mlf_xrealloc(m->cached_bytes, size);
    m->cached_cap = size;
  }
  if (size) memcpy(m->cached_bytes, data, size);
  m->cached_len = size;
  m->cached = msg;
}

void mlf_cache_free(mlf_mutator *m) {
  if (m->cached) protobuf_c_message_free_unpacked(m->cached, NULL);
  free(m->cached_bytes);
  m->cached = NULL;
  m->cached_bytes = NULL;
  m->cached_len = m->cached_cap = 0;
}
