/* Guard-page buffers for every buffer handed to a library under test: a PROT_NONE page sits
 * directly after the buffer's end (TAIL) or directly before its start (HEAD), so an
 * uninstrumented or assembly kernel that reads or writes out of bounds faults at once.
 * Not thread-safe: allocate and free from the harness thread only. */
#ifndef MLF_GUARD_H
#define MLF_GUARD_H
#include <stddef.h>

typedef enum { MLF_GUARD_TAIL, MLF_GUARD_HEAD } mlf_guard_side;

/* Byte that fills the buffer on allocation and every slack byte between the buffer and a
 * guard page (as float or double data it reads as a huge negative finite number). */
#define MLF_GUARD_CANARY 0xFE

/* Returns a buffer of size bytes (0 allowed; contents MLF_GUARD_CANARY bytes). align is a
 * power of two <= the page size (0 means 1). Both ends of the mapping always have a PROT_NONE
 * page. TAIL: the start is aligned to align and the end lies (-size mod align) bytes before
 * the trailing guard page, so it is flush when size is a multiple of align: pass the element
 * size as align. Bytes in the gap and between the leading guard and the start are canary.
 * HEAD: the start is flush after the leading guard page; canary up to the trailing guard.
 * label (copied, may be NULL) names the buffer in crash reports. Never returns NULL: aborts
 * with a message on bad arguments or mmap failure. Mappings are cached by page count and
 * reused, so the steady state makes no system call. */
void *mlf_guard_alloc(size_t size, size_t align, mlf_guard_side side, const char *label);

/* Releases a buffer from mlf_guard_alloc (NULL is ignored; an unknown pointer aborts). The
 * mapping goes back to the cache, so a use after free is not detected. */
void mlf_guard_free(void *p);

/* Makes the buffer's pages read-only (readonly != 0) or writable again, for inputs a routine
 * must not write. Returns 0, or -1 when mprotect failed. Unknown pointers abort. */
int mlf_guard_set_readonly(void *p, int readonly);

/* 1 when every slack byte still holds the canary, 0 when something wrote into the slack. */
int mlf_guard_canary_ok(const void *p);

/* When addr lies in a guard page or in the slack of a live buffer, writes e.g.
 * "guard buffer 'C' (800 bytes, tail guard): address is at end+0, in the trailing guard page"
 * into buf and returns buf; otherwise returns NULL. For crash reports. */
const char *mlf_guard_describe(const void *addr, char *buf, size_t len);

/* Installs (once) a SIGSEGV handler that prints "mlf: <description>" for a faulting address
 * in a guard page or slack, then hands the signal on to the handler that was installed before
 * (ASan's or libFuzzer's) or to the default action. Call after the sanitizer runtime set up
 * its handlers, e.g. from LLVMFuzzerInitialize. */
void mlf_guard_install_reporter(void);

/* A function the reporter calls after its description, on every SIGSEGV, to say what was
 * running (the harness entry prints the input and the library); NULL for none. */
void mlf_guard_set_fault_context(void (*print)(void));
#endif
