/* XNNPACK's threaded variant (lemon_xnnpack.c) on a pthreadpool whose workers sleep between
 * commands. pthreadpool's workers spin-wait about a million pause instructions for the next
 * command after each one, and its caller spins as long for them to check in; XNNPACK issues
 * one command per operator and asks for PTHREADPOOL_FLAG_YIELD_WORKERS (kernel wait) only
 * after a runtime's last operator, and only under XNN_FLAG_YIELD_WORKERS. On a fuzzing core
 * shared by both threads the two spins took three quarters of lemon_model's CPU time.
 * These definitions interpose the pthreadpool entry points XNNPACK 2022-02-16 imports
 * (`nm -D libXNNPACK.so.0 | grep pthreadpool`) and forward each call unchanged to Debian's
 * libpthreadpool0 with that flag added: the same tiles on the same two threads, the same
 * results; only how idle threads wait changes. */
#include <dlfcn.h>
#include <pthreadpool.h>
#include <stdio.h>
#include <stdlib.h>

/* The library's definition of name (the next one after this executable's). */
static void *next_definition(const char *name) {
  void *f = dlsym(RTLD_NEXT, name);
  if (!f) {
    fprintf(stderr, "lemon: %s not found in libpthreadpool: %s\n", name, dlerror());
    abort();
  }
  return f;
}

/* Defines fn(params) as the library's fn(args) with the workers told to yield. */
#define YIELDING(fn, params, args)                                       \
  void fn params {                                                       \
    static __typeof__(fn) *library;                                      \
    if (!library) library = (__typeof__(fn) *)next_definition(#fn);      \
    library args;                                                        \
  }
#define YIELD (flags | PTHREADPOOL_FLAG_YIELD_WORKERS)
#define POOL pthreadpool_t pool
#define CTX void *context

YIELDING(pthreadpool_parallelize_1d, (POOL, pthreadpool_task_1d_t f, CTX, size_t r, uint32_t flags),
         (pool, f, context, r, YIELD))
YIELDING(pthreadpool_parallelize_1d_tile_1d,
         (POOL, pthreadpool_task_1d_tile_1d_t f, CTX, size_t r, size_t t, uint32_t flags),
         (pool, f, context, r, t, YIELD))
YIELDING(pthreadpool_parallelize_2d,
         (POOL, pthreadpool_task_2d_t f, CTX, size_t ri, size_t rj, uint32_t flags),
         (pool, f, context, ri, rj, YIELD))
YIELDING(pthreadpool_parallelize_2d_tile_1d,
         (POOL, pthreadpool_task_2d_tile_1d_t f, CTX, size_t ri, size_t rj, size_t tj, uint32_t flags),
         (pool, f, context, ri, rj, tj, YIELD))
YIELDING(pthreadpool_parallelize_2d_tile_2d,
         (POOL, pthreadpool_task_2d_tile_2d_t f, CTX, size_t ri, size_t rj, size_t ti, size_t tj,
          uint32_t flags),
         (pool, f, context, ri, rj, ti, tj, YIELD))
YIELDING(pthreadpool_parallelize_3d,
         (POOL, pthreadpool_task_3d_t f, CTX, size_t ri, size_t rj, size_t rk, uint32_t flags),
         (pool, f, context, ri, rj, rk, YIELD))
YIELDING(pthreadpool_parallelize_3d_tile_2d,
         (POOL, pthreadpool_task_3d_tile_2d_t f, CTX, size_t ri, size_t rj, size_t rk, size_t tj,
          size_t tk, uint32_t flags),
         (pool, f, context, ri, rj, rk, tj, tk, YIELD))
YIELDING(pthreadpool_parallelize_4d,
         (POOL, pthreadpool_task_4d_t f, CTX, size_t ri, size_t rj, size_t rk, size_t rl,
          uint32_t flags),
         (pool, f, context, ri, rj, rk, rl, YIELD))
YIELDING(pthreadpool_parallelize_4d_tile_2d,
         (POOL, pthreadpool_task_4d_tile_2d_t f, CTX, size_t ri, size_t rj, size_t rk, size_t rl,
          size_t tk, size_t tl, uint32_t flags),
         (pool, f, context, ri, rj, rk, rl, tk, tl, YIELD))
YIELDING(pthreadpool_parallelize_5d,
         (POOL, pthreadpool_task_5d_t f, CTX, size_t ri, size_t rj, size_t rk, size_t rl,
          size_t rm, uint32_t flags),
         (pool, f, context, ri, rj, rk, rl, rm, YIELD))
YIELDING(pthreadpool_parallelize_5d_tile_2d,
         (POOL, pthreadpool_task_5d_tile_2d_t f, CTX, size_t ri, size_t rj, size_t rk, size_t rl,
          size_t rm, size_t tl, size_t tm, uint32_t flags),
         (pool, f, context, ri, rj, rk, rl, rm, tl, tm, YIELD))
YIELDING(pthreadpool_parallelize_6d_tile_2d,
         (POOL, pthreadpool_task_6d_tile_2d_t f, CTX, size_t ri, size_t rj, size_t rk, size_t rl,
          size_t rm, size_t rn, size_t tm, size_t tn, uint32_t flags),
         (pool, f, context, ri, rj, rk, rl, rm, rn, tm, tn, YIELD))
