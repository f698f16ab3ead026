/* The AFL++ custom mutator hooks mlf_afl_mutator.c exports, with the signatures AFL++'s
 * custom mutator API documents (Debian ships no afl-fuzz.h to take them from). `afl` is
 * AFL++'s afl_state_t, unused here. */
#ifndef MLF_AFL_MUTATOR_H
#define MLF_AFL_MUTATOR_H
#include <stddef.h>
#include <stdint.h>

void *afl_custom_init(void *afl, unsigned int seed);
uint32_t afl_custom_fuzz_count(void *data, const uint8_t *buf, size_t buf_size);
size_t afl_custom_fuzz(void *data, uint8_t *buf, size_t buf_size, uint8_t **out_buf,
                       uint8_t *add_buf, size_t add_buf_size, size_t max_size);
const char *afl_custom_describe(void *data, size_t max_description_len);
size_t afl_custom_post_process(void *data, uint8_t *buf, size_t buf_size, uint8_t **out_buf);
int32_t afl_custom_init_trim(void *data, uint8_t *buf, size_t buf_size);
size_t afl_custom_trim(void *data, uint8_t **out_buf);
int32_t afl_custom_post_trim(void *data, unsigned char success);
void afl_custom_deinit(void *data);
#endif
