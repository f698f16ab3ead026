/* soxr 0.1.3-4 (Debian 12, libsoxr0): soxr_oneshot (through soxr_process and soxr_output) reads
 * 8 bytes at the start of the output buffer whatever olen is. soxr_output_no_callback passes
 * ((soxr_bufs_t)out)[u] to soxr_output_1ch for every channel, reading the output buffer as an
 * array of channel pointers even for interleaved output, where the value is then unused. An
 * output buffer of 0 or 1 mono float (fewer than 8 bytes) is read past its end: soxr.h says
 * "no special meaning is associated with ilen or olen equal to zero". The same code is in the
 * upstream source today (soxr.c, soxr_output_no_callback; checked 2026-11-27).
 * Here the buffer of olen floats ends exactly at a PROT_NONE page.
 * tags: mlf:keeper_speak:soxr:soxr_oneshot:output-overread
 * tags: mlf:keeper_pocketsphinx:soxr:soxr_oneshot:output-overread
 * link: -g -lsoxr
 * args: 16000 16000 1 1
 * Build: clang -g soxr_output_overread.c -lsoxr -o overread
 * Run: ./overread 16000 16000 2 2   (2 floats = 8 bytes: "done 2", exit 0)
 *      ./overread 16000 16000 1 1   (1 float: SIGSEGV in soxr_output reading the guard page)
 *      ./overread 22050 16000 0 0   (empty: SIGSEGV likewise) */
#include <soxr.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc != 5) return fprintf(stderr, "usage: %s in_rate out_rate ilen olen\n", argv[0]), 2;
  double in_rate = atof(argv[1]), out_rate = atof(argv[2]);
  size_t ilen = (size_t)atoi(argv[3]), olen = (size_t)atoi(argv[4]);
  long page = sysconf(_SC_PAGESIZE);
  char *map = mmap(NULL, 2 * (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (map == MAP_FAILED || mprotect(map + page, (size_t)page, PROT_NONE)) return 2;
  float *out = (float *)(map + page) - olen, in[64] = {0.5f};
  if (ilen > 64) return 2;
  soxr_quality_spec_t quality = soxr_quality_spec(SOXR_LQ, 0);
  size_t done = 0;
  printf("%.0f -> %.0f Hz, %zu input sample(s), room for %zu output sample(s): ", in_rate, out_rate, ilen, olen);
  fflush(stdout);
  soxr_error_t e = soxr_oneshot(in_rate, out_rate, 1, in, ilen, NULL, out, olen, &done, NULL, &quality, NULL);
  printf("%s, done %zu\n", e ? e : "no error", done);
  return 0;
}
