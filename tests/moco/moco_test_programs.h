/* Shared parts of the MoCo unit tests (cmocka): a library's root message packed and unpacked,
 * one named operator applied until it fires, the loop that mutates bytes and checks each
 * program the post-processor makes, and the check that every handle argument references an
 * earlier block that makes its type and that no block between them frees. */
#ifndef MOCO_TEST_PROGRAMS_H
#define MOCO_TEST_PROGRAMS_H
#include <stddef.h>
#include <stdint.h>
#include "mlf_mutator.h"
#include "moco_spec.h"

/* An empty root message of type d holding a program of template t (freed with
 * protobuf_c_message_free_unpacked). */
ProtobufCMessage *moco_test_root(const ProtobufCMessageDescriptor *d, Mlf__Moco__Program__Template t);
/* Appends a block of API api (an index into p's specification) with no arguments: the
 * post-processor gives it its defaults. */
void moco_test_append(Mlf__Moco__Program *p, int api);

/* root packed into buf (cap bytes, which it must fit); its size. */
size_t moco_test_pack(const ProtobufCMessage *root, uint8_t *buf, size_t cap);
/* The root message of type d in data (it must unpack). */
ProtobufCMessage *moco_test_unpack(const ProtobufCMessageDescriptor *d, const uint8_t *data, size_t size);
/* Mutates data (size bytes of at most cap) until the operator named op fires: 1, or 0 after
 * 20000 tries. */
int moco_test_apply_until(mlf_mutator *m, uint8_t *data, size_t *size, size_t cap, const char *op);
/* 3000 mutations of a root message of type d from start (start_size bytes, may be 0): each
 * unpacks, its program passes check (library-specific assertions), and post-processing it
 * again changes no byte. */
void moco_test_mutated_programs_stay_valid(const ProtobufCMessageDescriptor *d, const uint8_t *start,
                                           size_t start_size, void (*check)(const Mlf__Moco__Program *p));
/* The last derivation step of p is BC, negative, and put its argument exactly one step past a
 * side the specification documents as refused, where legal() refuses it; its API's index. */
int moco_test_assert_last_step_is_bc(const Mlf__Moco__Program *p);
/* Every handle argument of p references an earlier block returning its type, and no block
 * between them frees that handle. */
void moco_test_assert_references_valid(const Mlf__Moco__Program *p);
#endif
