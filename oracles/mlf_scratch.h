/* Growable scratch buffers reused from one input to the next. Under ASan a malloc/free of a
 * large array per input walks fresh memory through the allocator's quarantine and page-faults
 * on every execution; a buffer that only grows costs nothing in the steady state. */
#ifndef MLF_SCRATCH_H
#define MLF_SCRATCH_H
#include <stddef.h>

typedef struct {
  void *data;
  size_t capacity;
} mlf_scratch;

/* At least bytes of storage (contents unspecified); aborts when memory runs out. */
void *mlf_scratch_get(mlf_scratch *s, size_t bytes);
#endif
