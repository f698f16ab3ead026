/* Allocation for a parsed header: every block is chained to the header and freed with it. */
#ifndef AT_ALLOC_H
#define AT_ALLOC_H
#include "at_model.h"

void *at_new(at_header *h, size_t size);              /* zeroed; aborts when out of memory */
char *at_strndup(at_header *h, const char *s, size_t n);
/* Appends one element of size elem to the array *items of *n elements (reallocated in h). */
void at_push(at_header *h, void *items, size_t *n, const void *elem, size_t elem_size);
#endif
