/* The shared LEMON guidance state (lemon_guidance.h). */
#include "lemon_guidance.h"
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define GUIDANCE_MAGIC 0x6c656d6f6e677331ULL /* "lemongs1" */

static lemon_guidance_state in_process;
static lemon_guidance_state *state;

int lemon_guidance_map(const char *path) {
  if (state && state != &in_process) munmap(state, sizeof *state);
  state = &in_process;
  if (!path) return 0;
  int fd = open(path, O_RDWR | O_CREAT, 0600);
  struct stat st;
  if (fd < 0) return -1;
  if (fstat(fd, &st) != 0 || ((size_t)st.st_size < sizeof *state && ftruncate(fd, sizeof *state) != 0)) {
    close(fd);
    return -1;
  }
  void *p = mmap(NULL, sizeof *state, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  close(fd);
  if (p == MAP_FAILED) return -1;
  state = p;
  if (state->magic != GUIDANCE_MAGIC) {
    memset(state, 0, sizeof *state);
    state->magic = GUIDANCE_MAGIC;
  }
  return 0;
}

lemon_guidance_state *lemon_guidance(void) {
  if (state) return state;
  const char *path = getenv("MLF_LEMON_GUIDANCE_FILE");
  if (lemon_guidance_map(path && *path ? path : NULL) != 0)
    fprintf(stderr, "lemon: cannot map MLF_LEMON_GUIDANCE_FILE=%s; guidance stays in this process\n", path);
  return state;
}
